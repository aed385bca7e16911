//! A character from a user's file described so that a look-alike can be
//! told from what it imitates: `'О' (U+041E, Cyrillic capital O)`.

use scribe_rules::quote;

/// `c` quoted, and for anything but plain ASCII its code point and what it
/// is: `'О' (U+041E, Cyrillic capital O)`, `'×' (U+00D7, multiplication
/// sign)`, `'ｘ' (U+FF58, fullwidth small x)`.
///
/// ```
/// use scribe_record::describe_char;
/// assert_eq!(describe_char('z'), "'z'");
/// assert_eq!(describe_char('\u{41e}'), "'\u{41e}' (U+041E, Cyrillic capital O)");
/// ```
#[must_use]
pub fn describe_char(c: char) -> String {
    let q = quote(&c.to_string());
    if c.is_ascii() {
        return q;
    }
    format!("{q} (U+{:04X}, {})", u32::from(c), what(c))
}

/// Describes each character of `text` that is not ASCII, for a message about
/// a token that looks right but is not (`'О' (U+041E, Cyrillic capital O)`),
/// joined by `, `; `None` when all of it is ASCII.
#[must_use]
pub fn describe_non_ascii(text: &str) -> Option<String> {
    let mut seen = Vec::new();
    for c in text.chars().filter(|c| !c.is_ascii()) {
        if !seen.contains(&c) {
            seen.push(c);
        }
    }
    (!seen.is_empty()).then(|| {
        seen.iter()
            .take(4)
            .map(|&c| describe_char(c))
            .collect::<Vec<_>>()
            .join(", ")
    })
}

/// Symbols a player may type for a mark, a dash or a dot.
const SYMBOLS: &[(char, &str)] = &[
    ('\u{a0}', "no-break space"),
    ('\u{b0}', "degree sign"),
    ('\u{b7}', "middle dot"),
    ('\u{ba}', "masculine ordinal indicator"),
    ('\u{d7}', "multiplication sign"),
    ('\u{2010}', "hyphen"),
    ('\u{2011}', "non-breaking hyphen"),
    ('\u{2012}', "figure dash"),
    ('\u{2013}', "en dash"),
    ('\u{2014}', "em dash"),
    ('\u{2015}', "horizontal bar"),
    ('\u{2022}', "bullet"),
    ('\u{2024}', "one dot leader"),
    ('\u{2026}', "ellipsis"),
    ('\u{2070}', "superscript zero"),
    ('\u{2212}', "minus sign"),
    ('\u{2218}', "ring operator"),
    ('\u{2219}', "bullet operator"),
    ('\u{22c5}', "dot operator"),
    ('\u{2573}', "box drawing diagonal cross"),
    ('\u{25cb}', "white circle"),
    ('\u{25cf}', "black circle"),
    ('\u{25ef}', "large circle"),
    ('\u{2715}', "multiplication x"),
    ('\u{2716}', "heavy multiplication x"),
    ('\u{2717}', "ballot x"),
    ('\u{2718}', "heavy ballot x"),
    ('\u{2795}', "heavy plus sign"),
    ('\u{3007}', "ideographic number zero"),
    ('\u{30fb}', "katakana middle dot"),
];

/// Cyrillic and Greek letters that look like Latin ones.
const LOOK_ALIKES: &[(char, char)] = &[
    ('\u{410}', 'A'),
    ('\u{412}', 'B'),
    ('\u{421}', 'C'),
    ('\u{415}', 'E'),
    ('\u{41d}', 'H'),
    ('\u{406}', 'I'),
    ('\u{408}', 'J'),
    ('\u{41a}', 'K'),
    ('\u{41c}', 'M'),
    ('\u{41e}', 'O'),
    ('\u{420}', 'P'),
    ('\u{405}', 'S'),
    ('\u{422}', 'T'),
    ('\u{425}', 'X'),
    ('\u{423}', 'Y'),
    ('\u{430}', 'a'),
    ('\u{441}', 'c'),
    ('\u{435}', 'e'),
    ('\u{456}', 'i'),
    ('\u{43e}', 'o'),
    ('\u{440}', 'p'),
    ('\u{445}', 'x'),
    ('\u{443}', 'y'),
    ('\u{391}', 'A'),
    ('\u{392}', 'B'),
    ('\u{395}', 'E'),
    ('\u{397}', 'H'),
    ('\u{399}', 'I'),
    ('\u{39a}', 'K'),
    ('\u{39c}', 'M'),
    ('\u{39d}', 'N'),
    ('\u{39f}', 'O'),
    ('\u{3a1}', 'P'),
    ('\u{3a4}', 'T'),
    ('\u{3a7}', 'X'),
    ('\u{3a5}', 'Y'),
    ('\u{396}', 'Z'),
    ('\u{3bf}', 'o'),
    ('\u{3c7}', 'x'),
];

/// Scripts by block, for letters not in [`LOOK_ALIKES`].
const SCRIPTS: &[(u32, u32, &str)] = &[
    (0x80, 0x24f, "Latin"),
    (0x250, 0x2af, "phonetic"),
    (0x370, 0x3ff, "Greek"),
    (0x400, 0x52f, "Cyrillic"),
    (0x530, 0x58f, "Armenian"),
    (0x590, 0x5ff, "Hebrew"),
    (0x600, 0x6ff, "Arabic"),
    (0x900, 0x97f, "Devanagari"),
    (0xe00, 0xe7f, "Thai"),
    (0x10a0, 0x10ff, "Georgian"),
    (0x13a0, 0x13ff, "Cherokee"),
    (0x1d00, 0x1dbf, "phonetic"),
    (0x1e00, 0x1eff, "Latin"),
    (0x2c00, 0x2c5f, "Glagolitic"),
    (0x3040, 0x30ff, "Japanese"),
    (0x3130, 0x318f, "Korean"),
    (0x4e00, 0x9fff, "Chinese"),
    (0xa640, 0xa69f, "Cyrillic"),
    (0xac00, 0xd7af, "Korean"),
    (0x1d400, 0x1d7ff, "mathematical"),
];

fn case_word(c: char) -> &'static str {
    if c.is_uppercase() {
        "capital"
    } else if c.is_lowercase() {
        "small"
    } else {
        ""
    }
}

/// What a character that is not ASCII is, in words.
fn what(c: char) -> String {
    if let Some((_, name)) = SYMBOLS.iter().find(|(s, _)| *s == c) {
        return (*name).to_string();
    }
    let code = u32::from(c);
    // Fullwidth forms of ASCII: U+FF01..U+FF5E.
    if (0xff01..=0xff5e).contains(&code)
        && let Some(ascii) = char::from_u32(code - 0xfee0)
    {
        return match case_word(ascii) {
            "" => format!("fullwidth {ascii}"),
            case => format!("fullwidth {case} {ascii}"),
        };
    }
    let script = SCRIPTS
        .iter()
        .find(|(lo, hi, _)| (*lo..=*hi).contains(&code))
        .map(|(_, _, s)| *s);
    if let Some((_, latin)) = LOOK_ALIKES.iter().find(|(l, _)| *l == c) {
        let script = script.unwrap_or("non-Latin");
        return format!("{script} {} {latin}", case_word(c));
    }
    if quote(&c.to_string()).contains("\\u{") {
        return "an invisible or control character".to_string();
    }
    let kind = if c.is_alphabetic() {
        "letter"
    } else if c.is_numeric() {
        "digit"
    } else if c.is_whitespace() {
        "space"
    } else {
        "symbol"
    };
    let case = case_word(c);
    match (script, case) {
        (Some(s), "") => format!("{s} {kind}"),
        (Some(s), case) => format!("{s} {case} {kind}"),
        (None, _) => format!("a {kind} that is not ASCII"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn look_alikes_say_what_they_are() {
        assert_eq!(
            describe_char('\u{41e}'),
            "'\u{41e}' (U+041E, Cyrillic capital O)"
        );
        assert_eq!(
            describe_char('\u{3bf}'),
            "'\u{3bf}' (U+03BF, Greek small o)"
        );
        assert_eq!(
            describe_char('\u{d7}'),
            "'\u{d7}' (U+00D7, multiplication sign)"
        );
        assert_eq!(
            describe_char('\u{ff38}'),
            "'\u{ff38}' (U+FF38, fullwidth capital X)"
        );
        assert_eq!(
            describe_char('\u{ff0b}'),
            "'\u{ff0b}' (U+FF0B, fullwidth +)"
        );
        assert_eq!(
            describe_char('\u{416}'),
            "'\u{416}' (U+0416, Cyrillic capital letter)"
        );
        assert_eq!(
            describe_char('\u{e9}'),
            "'\u{e9}' (U+00E9, Latin small letter)"
        );
        assert_eq!(
            describe_char('\u{200b}'),
            r"'\u{200b}' (U+200B, an invisible or control character)"
        );
        assert_eq!(describe_non_ascii("D6"), None);
        assert_eq!(
            describe_non_ascii("\u{421}8\u{421}").unwrap(),
            "'\u{421}' (U+0421, Cyrillic capital C)"
        );
    }
}
