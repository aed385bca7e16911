//! Quoting text from a user's file in a message: short, on one line, and
//! with nothing invisible or able to drive a terminal.

use std::fmt::Write as _;

/// The most characters of a piece of text a message quotes.
pub const QUOTE_MAX_CHARS: usize = 40;

/// `text` in single quotes, fit for a one-line message: control characters,
/// line breaks and invisible characters (a byte-order mark, zero-width spaces,
/// bidirectional controls) are written as `\u{feff}` escapes, a backslash or
/// single quote is escaped, and only the first [`QUOTE_MAX_CHARS`] characters
/// are kept, followed by `...` and the full length.
///
/// ```
/// use scribe_rules::quote;
/// assert_eq!(quote("D6"), "'D6'");
/// assert_eq!(quote("\u{feff}D6"), r"'\u{feff}D6'");
/// assert_eq!(quote(&"x".repeat(100)), format!("'{}...' (100 characters)", "x".repeat(40)));
/// ```
#[must_use]
pub fn quote(text: &str) -> String {
    let mut out = String::from("'");
    for (count, c) in text.chars().enumerate() {
        if count == QUOTE_MAX_CHARS {
            let total = text.chars().count();
            let _ = write!(out, "...' ({total} characters)");
            return out;
        }
        push_escaped(&mut out, c);
    }
    out.push('\'');
    out
}

/// `text` with every control or invisible character escaped (as [`quote`]
/// does) and cut to `max_chars` characters (then ending in `...`), without
/// quotes: for names shown on a terminal.
///
/// ```
/// use scribe_rules::escape_shown;
/// assert_eq!(escape_shown("Ann\u{1b}[2J", 40), r"Ann\u{1b}[2J");
/// assert_eq!(escape_shown("abcdef", 3), "abc...");
/// ```
#[must_use]
pub fn escape_shown(text: &str, max_chars: usize) -> String {
    escape_shown_keeping(text, max_chars, '\'')
}

/// A path as a message shows it: as [`escape_shown`], but the platform's
/// path separator stays as it is. On Windows that is the backslash, which
/// [`escape_shown`] would double (`tests\\data\\game.ron`); elsewhere a
/// backslash is an ordinary character of a name and is escaped as before.
///
/// ```
/// use scribe_rules::escape_path_shown;
/// let sep = std::path::MAIN_SEPARATOR;
/// assert_eq!(escape_path_shown(&format!("games{sep}a.ron"), 40), format!("games{sep}a.ron"));
/// assert_eq!(escape_path_shown("x\n.ron", 40), r"x\n.ron");
/// ```
#[must_use]
pub fn escape_path_shown(text: &str, max_chars: usize) -> String {
    escape_shown_keeping(text, max_chars, std::path::MAIN_SEPARATOR)
}

/// [`escape_shown`] with `kept` (a quote, or a path separator) shown as it is.
fn escape_shown_keeping(text: &str, max_chars: usize, kept: char) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == max_chars {
            out.push_str("...");
            break;
        }
        if c == '\'' || c == kept {
            out.push(c);
        } else {
            push_escaped(&mut out, c);
        }
    }
    out
}

fn push_escaped(out: &mut String, c: char) {
    match c {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        '\\' => out.push_str("\\\\"),
        '\'' => out.push_str("\\'"),
        c if is_invisible(c) => {
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        }
        c => out.push(c),
    }
}

/// Control characters, and characters that show nothing or reorder text.
fn is_invisible(c: char) -> bool {
    c.is_control()
        || (c.is_whitespace() && c != ' ')
        || matches!(
            c,
            '\u{ad}'
                | '\u{34f}'
                | '\u{61c}'
                | '\u{115f}'
                | '\u{1160}'
                | '\u{17b4}'
                | '\u{17b5}'
                | '\u{180b}'..='\u{180f}'
                | '\u{200b}'..='\u{200f}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2060}'..='\u{206f}'
                | '\u{3164}'
                | '\u{fe00}'..='\u{fe0f}'
                | '\u{feff}'
                | '\u{ffa0}'
                | '\u{fff0}'..='\u{fffb}'
                | '\u{e0000}'..='\u{e0fff}'
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_what_a_terminal_would_act_on_or_hide() {
        assert_eq!(quote("a\u{1b}[2Jb"), r"'a\u{1b}[2Jb'");
        assert_eq!(quote("a\nb\tc"), r"'a\nb\tc'");
        assert_eq!(quote("\u{200b}\u{202e}"), r"'\u{200b}\u{202e}'");
        assert_eq!(quote("it's"), r"'it\'s'");
        assert_eq!(quote("é ü"), "'é ü'");
    }

    #[test]
    fn long_text_is_cut() {
        let q = quote(&"z".repeat(50_000_000));
        assert!(q.len() < 80, "{q}");
        assert!(q.ends_with("...' (50000000 characters)"), "{q}");
        assert_eq!(quote(&"z".repeat(40)), format!("'{}'", "z".repeat(40)));
    }
}
