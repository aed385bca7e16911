//! RON parser errors reworded for players: no library-internal advice, no
//! internal type names, and text from the file quoted safely.

use scribe_rules::quote;

/// The longest message passed on from the RON parser as it is (in characters).
const MAX_MESSAGE_CHARS: usize = 160;

/// A message for a RON parse error, fit for one line on a terminal.
///
/// Unknown, missing and repeated keys name the key (and the keys allowed);
/// too deep a nesting says so without the parser's advice to its programmers
/// (`ron::Options::recursion_limit`, `serde_stacker`); other messages are
/// passed on with control characters escaped and cut to a sane length.
///
/// ```
/// let e = ron::from_str::<ron::Value>(&"[".repeat(200)).unwrap_err();
/// assert_eq!(scribe_record::ron_message(&e.code), "nested too deeply");
/// ```
#[must_use]
pub fn ron_message(code: &ron::Error) -> String {
    use ron::Error as E;
    match code {
        E::ExceededRecursionLimit => "nested too deeply".to_string(),
        E::NoSuchStructField {
            expected, found, ..
        } => format!(
            "unknown key {} (expected {})",
            quote(found),
            one_of(expected)
        ),
        E::MissingStructField { field, .. } => format!("the key `{field}` is missing"),
        E::DuplicateStructField { field, .. } => format!("the key `{field}` is given twice"),
        E::NoSuchEnumVariant {
            expected, found, ..
        } => format!(
            "unknown value {} (expected {})",
            quote(found),
            one_of(expected)
        ),
        E::UnexpectedChar(c) => format!("unexpected character {}", super::describe_char(*c)),
        E::InvalidValueForType { expected, found } => {
            format!(
                "expected {}, found {}",
                plain_type(expected),
                scribe_rules::escape_shown(found, 60)
            )
        }
        // Type names and the parser's advice to programmers stay inside.
        E::ExpectedDifferentStructName { .. }
        | E::ExpectedStructLike
        | E::ExpectedNamedStructLike(_)
        | E::ExpectedStructName(_) => "expected `(` opening a group of keys".to_string(),
        E::SuggestRawIdentifier(name) | E::InvalidIdentifier(name) => format!(
            "{} is not a key (a key is a name such as `moves`)",
            quote(name)
        ),
        E::ExpectedIdentifier => "expected a key (a name such as `moves`)".to_string(),
        E::ExpectedDifferentLength { found, .. } => {
            format!("wrong number of entries ({found})")
        }
        E::UnclosedLineComment => "a comment is not closed".to_string(),
        E::ExpectedRawValue => "unexpected value".to_string(),
        E::NoSuchExtension(name) => format!("unknown RON extension {}", quote(name)),
        E::TrailingCharacters => "unexpected text after the end".to_string(),
        E::Eof => "the file ends too early".to_string(),
        other => {
            // The parser's sentences start with a capital ("Expected comma").
            let text = other.to_string();
            let mut chars = text.chars();
            let lowered: String = chars
                .next()
                .map(|c| c.to_lowercase().chain(chars).collect())
                .unwrap_or_default();
            scribe_rules::escape_shown(&lowered, MAX_MESSAGE_CHARS)
        }
    }
}

/// serde's name of an expected type in plain words ("struct ReviewedMove"
/// is a group of keys).
fn plain_type(expected: &str) -> String {
    let e = expected.trim_start_matches("a ").trim_start_matches("an ");
    if e.starts_with("struct ") || e.starts_with("tuple struct ") {
        "a group of keys in `( )`".to_string()
    } else if e.starts_with("enum ") || e.starts_with("variant ") {
        "one of the allowed values".to_string()
    } else {
        scribe_rules::escape_shown(expected, 60)
    }
}

fn one_of(names: &[&str]) -> String {
    match names {
        [] => "nothing here".to_string(),
        [one] => format!("`{one}`"),
        _ => format!(
            "one of {}",
            names
                .iter()
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}
