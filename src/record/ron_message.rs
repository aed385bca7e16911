//! RON parser errors reworded for players: no library-internal advice, no
//! internal type names, and text from the file quoted safely.

use crate::rules::quote;

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
/// assert_eq!(scribe::record::ron_message(&e.code), "nested too deeply");
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
        E::UnexpectedChar(c) => format!("unexpected character {}", quote(&c.to_string())),
        E::InvalidValueForType { expected, found } => {
            format!(
                "expected {expected}, found {}",
                crate::rules::escape_shown(found, 60)
            )
        }
        other => crate::rules::escape_shown(&other.to_string(), MAX_MESSAGE_CHARS),
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
