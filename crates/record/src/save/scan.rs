//! Where things are in a game text, found without parsing it: whether it
//! is a save file or a move list (and its `#` comment lines), and where a
//! save file's review lies (to cut out a review that is not even RON).

/// What the start of a game text says it is.
pub(super) struct Start {
    /// A save file (`Some(true)`), a move list (`Some(false)`) or nothing but
    /// white space and comments (`None`).
    pub save: Option<bool>,
    /// The byte ranges of `#` comment lines before a save file's `(`: not
    /// RON, so blanked before the RON parser reads the file.
    pub hash_comments: Vec<std::ops::Range<usize>>,
}

/// Whether a text is a save file, a move list or nothing but white space
/// and comments, told by its first character that is not white space or a
/// comment (`//`, `/* */`, `#`): a save file starts with `(`, a RON
/// attribute `#![`, or a name and `(` (`SaveFile(`).
pub(super) fn scan_start(text: &str) -> Start {
    let mut hash_comments = Vec::new();
    let mut rest = text.strip_prefix('\u{feff}').unwrap_or(text);
    let at = |rest: &str| text.len() - rest.len();
    let save = loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            break None;
        }
        if rest.starts_with("#![") || rest.starts_with('(') || starts_with_struct_name(rest) {
            break Some(true);
        }
        if rest.starts_with("//") || rest.starts_with('#') {
            let end = rest.find('\n').unwrap_or(rest.len());
            if rest.starts_with('#') {
                hash_comments.push(at(rest)..at(rest) + end);
            }
            rest = &rest[end..];
        } else if rest.starts_with("/*") {
            // RON block comments nest.
            let mut depth = 0usize;
            let mut end = None;
            let bytes = rest.as_bytes();
            let mut i = 0;
            while i + 1 < bytes.len() {
                match (bytes[i], bytes[i + 1]) {
                    (b'/', b'*') => {
                        depth += 1;
                        i += 2;
                    }
                    (b'*', b'/') => {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            end = Some(i);
                            break;
                        }
                    }
                    _ => i += 1,
                }
            }
            match end {
                Some(i) => rest = &rest[i..],
                // An unclosed comment: let the RON parser say so.
                None => break Some(true),
            }
        } else {
            break Some(false);
        }
    };
    Start {
        save,
        hash_comments,
    }
}

/// Whether `text` starts with a name and `(` (`SaveFile(`, as RON allows a
/// struct's name before it): never a move list, where `(` has no place.
fn starts_with_struct_name(text: &str) -> bool {
    let name_len = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    name_len > 0
        && text.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && text[name_len..].trim_start().starts_with('(')
}

/// The text with the value of `review` replaced by `None`, when the parse
/// error `e` lies inside it.
pub(super) fn cut_review(text: &str, e: &ron::error::SpannedError) -> Option<String> {
    let r = review_span(text)?;
    r.contains(&byte_at(text, e.span.start))
        .then(|| format!("{}None{}", &text[..r.start], &text[r.end..]))
}

/// The byte offset of a one-based line and column (in characters).
fn byte_at(text: &str, at: ron::error::Position) -> usize {
    let line_start: usize = text
        .split_inclusive('\n')
        .take(at.line.saturating_sub(1))
        .map(str::len)
        .sum();
    let line = &text[line_start.min(text.len())..];
    line_start
        + line
            .char_indices()
            .nth(at.col.saturating_sub(1))
            .map_or(line.len(), |(i, _)| i)
}

/// Where the value of the top-level key `review` is in a save file's text
/// (from after `review:` to the `,` or `)` that ends it), found by counting
/// brackets outside strings and comments; `None` if there is no such key.
fn review_span(text: &str) -> Option<std::ops::Range<usize>> {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    let mut value_start = None;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i = text[i + 2..]
                    .find("*/")
                    .map_or(bytes.len(), |e| i + 2 + e + 1);
            }
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                if depth == 1 && value_start.is_some() {
                    return value_start.map(|s| s..i);
                }
                depth = depth.saturating_sub(1);
            }
            b',' if depth == 1 && value_start.is_some() => return value_start.map(|s| s..i),
            b'r' if depth == 1
                && value_start.is_none()
                && text[i..].starts_with("review")
                && !text[..i].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_') =>
            {
                let after = text[i + "review".len()..].trim_start();
                if let Some(rest) = after.strip_prefix(':') {
                    value_start = Some(text.len() - rest.len());
                    i = value_start.unwrap_or(i);
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}
