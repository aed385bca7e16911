//! The word list: SCOWL size 50 (the size of Debian's `wamerican`), its
//! American and English word lists only, so without proper names,
//! abbreviations and contractions; words of 2 to 13 letters a–z.

use std::sync::OnceLock;

/// The shipped list, one word a line, sorted (byte order).
const WORDS: &str = include_str!("../../../data/scowl/words-50.txt");

/// SCOWL's copyright and licence, shipped with the list.
pub const WORDS_LICENCE: &str = include_str!("../../../data/scowl/COPYRIGHT");

/// Where the words come from, for rules pages and paper.
pub const WORDS_SOURCE: &str = "SCOWL size 50 (Kevin Atkinson; as in Debian's wamerican), words only: no proper names, abbreviations or contractions";

/// Plurals of letters that SCOWL lists as words ("two cs"): not words a
/// player would accept on the grid, so the list leaves them out (the real
/// two-letter words ending in s, "as", "is", "us", "es", stay).
const LETTER_PLURALS: [&str; 7] = ["cs", "gs", "ks", "ls", "ms", "rs", "ts"];

/// The words a crossword may use.
#[derive(Debug)]
pub struct WordList {
    words: Vec<&'static str>,
}

impl WordList {
    /// The shipped list (read once, then shared).
    #[must_use]
    pub fn builtin() -> &'static WordList {
        static LIST: OnceLock<WordList> = OnceLock::new();
        LIST.get_or_init(|| WordList {
            words: WORDS
                .lines()
                .filter(|w| !w.is_empty() && !LETTER_PLURALS.contains(w))
                .collect(),
        })
    }

    /// Whether `word` (either case) is in the list.
    #[must_use]
    pub fn contains(&self, word: &str) -> bool {
        let lower = word.to_ascii_lowercase();
        self.words.binary_search(&lower.as_str()).is_ok()
    }

    /// Every word, small letters, sorted.
    #[must_use]
    pub fn words(&self) -> &[&'static str] {
        &self.words
    }

    /// How many words.
    #[must_use]
    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// Whether the list is empty (never, for the shipped one).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::WordList;

    #[test]
    fn the_list_is_sorted_small_words_without_names_or_abbreviations() {
        let list = WordList::builtin();
        assert!(list.len() > 50_000, "{}", list.len());
        assert!(list.words().windows(2).all(|w| w[0] < w[1]));
        assert!(
            list.words()
                .iter()
                .all(|w| (2..=13).contains(&w.len()) && w.bytes().all(|b| b.is_ascii_lowercase()))
        );
        for w in ["cat", "CAT", "quiz", "jinx", "zebra", "ox"] {
            assert!(list.contains(w), "{w}");
        }
        // proper nouns, abbreviations, contractions, slang, single letters
        for w in ["paris", "kg", "abc", "dont", "a", "xyzzy"] {
            assert!(!list.contains(w), "{w}");
        }
    }

    #[test]
    fn plurals_of_letters_are_not_words() {
        let list = WordList::builtin();
        for w in ["cs", "CS", "gs", "ks", "ls", "ms", "rs", "ts"] {
            assert!(!list.contains(w), "{w}");
        }
        for w in ["as", "is", "us"] {
            assert!(list.contains(w), "{w}");
        }
    }
}
