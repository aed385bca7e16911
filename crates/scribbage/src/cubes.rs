//! Letters, their values, the 13 cubes and a roll of them.

use scribe_rng::Rng;
use std::fmt;

/// A letter A–Z.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Letter(u8);

/// The letter values: the common crossword-game values (the standard English
/// Scrabble tile values, Alfred Butts, 1938), A to Z.
pub const LETTER_VALUES: [u32; 26] = [
    1, 3, 3, 2, 1, 4, 2, 4, 1, 8, 5, 1, 3, 1, 1, 3, 10, 1, 1, 1, 1, 4, 4, 8, 4, 10,
];

/// Where the letter values come from, for rules pages and paper.
pub const LETTER_VALUES_SOURCE: &str =
    "the common crossword-game letter values (standard English Scrabble tiles)";

impl Letter {
    /// The letter for `c` (either case), if it is A–Z.
    #[must_use]
    pub fn from_char(c: char) -> Option<Letter> {
        c.is_ascii_alphabetic()
            .then(|| Letter(c.to_ascii_uppercase() as u8 - b'A'))
    }

    /// The letter numbered `i` (0 = A … 25 = Z).
    ///
    /// # Panics
    /// If `i` is 26 or more.
    #[must_use]
    pub fn from_index(i: usize) -> Letter {
        assert!(i < 26, "letter index {i}");
        Letter(i as u8)
    }

    /// 0 for A … 25 for Z.
    #[must_use]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The capital letter.
    #[must_use]
    pub fn upper(self) -> char {
        char::from(b'A' + self.0)
    }

    /// The small letter.
    #[must_use]
    pub fn lower(self) -> char {
        char::from(b'a' + self.0)
    }

    /// The letter's value ([`LETTER_VALUES`]).
    #[must_use]
    pub fn value(self) -> u32 {
        LETTER_VALUES[self.index()]
    }
}

impl fmt::Display for Letter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.upper())
    }
}

/// The face on top of a cube: a letter or a joker (written `?`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Face {
    /// A letter, worth its value.
    Letter(Letter),
    /// A joker: stands for any letter and scores nothing.
    Joker,
}

impl Face {
    /// The face for `c`: a letter, or `?` for a joker.
    #[must_use]
    pub fn from_char(c: char) -> Option<Face> {
        if c == '?' {
            Some(Face::Joker)
        } else {
            Letter::from_char(c).map(Face::Letter)
        }
    }

    /// The capital letter, or `?`.
    #[must_use]
    pub fn char(self) -> char {
        match self {
            Face::Letter(l) => l.upper(),
            Face::Joker => '?',
        }
    }

    /// What the face scores (a joker nothing).
    #[must_use]
    pub fn value(self) -> u32 {
        match self {
            Face::Letter(l) => l.value(),
            Face::Joker => 0,
        }
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// The 13 cubes, six faces each (`?` is a joker): 76 letters in roughly
/// English proportions (30 vowels, at least two on every cube), the rare
/// letters J Q V X Z K W F Y each on a different cube, and the two jokers on
/// two cubes of common letters. See docs/COMPANIONS.md for how they were checked.
pub const CUBES: [&str; 13] = [
    "AEINSJ", "AEORTV", "EIOTQP", "AEILNC", "EOUTMH", "AERLGB", "IOTNZW", "AOSDYR", "EURTKS",
    "AINRFC", "EOLMPX", "AIUD?H", "?GDSBL",
];

/// The faces of cube `i` (0–12).
#[must_use]
pub fn cube_faces(i: usize) -> [Face; 6] {
    let mut out = [Face::Joker; 6];
    for (slot, c) in out.iter_mut().zip(CUBES[i].chars()) {
        *slot = Face::from_char(c).unwrap_or(Face::Joker);
    }
    out
}

/// Why some letters cannot be a roll.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RollError {
    /// No faces, or more than 13.
    #[error("{0} cubes: a roll has 1 to 13 (letters A-Z, ? for a joker)")]
    Count(usize),
    /// A character that is not a letter or `?`.
    #[error("{0} is not a letter or ? (a joker)")]
    BadChar(String),
    /// The faces cannot all be on top of different cubes at once.
    #[error("no roll of the 13 cubes shows {shown}: {why}")]
    Impossible {
        /// The faces asked for.
        shown: String,
        /// Which face is one too many, e.g. "only 1 cube has a Q".
        why: String,
    },
}

/// The faces on top after a roll: 1 to 13 faces, each on a different cube
/// (a full roll has 13; the solver also takes fewer).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Roll {
    faces: Vec<Face>,
}

impl Roll {
    /// Rolls all 13 cubes.
    #[must_use]
    pub fn random(rng: &mut Rng) -> Roll {
        let faces = (0..13)
            .map(|i| cube_faces(i)[rng.below(6) as usize])
            .collect();
        Roll { faces }
    }

    /// The roll made by `seed` (the same on every machine).
    #[must_use]
    pub fn seeded(seed: u64) -> Roll {
        Roll::random(&mut Rng::new(seed))
    }

    /// Faces given as letters (`?` a joker; spaces and commas ignored),
    /// checked to be on top of different cubes at once.
    ///
    /// # Errors
    /// A bad character, a count outside 1–13, or faces no roll shows.
    pub fn parse(text: &str) -> Result<Roll, RollError> {
        let mut faces = Vec::new();
        for c in text.chars() {
            if c.is_whitespace() || c == ',' {
                continue;
            }
            faces.push(
                Face::from_char(c)
                    .ok_or_else(|| RollError::BadChar(scribe_rules::quote(&c.to_string())))?,
            );
        }
        Roll::from_faces(faces)
    }

    /// The faces, checked as [`Roll::parse`] does.
    ///
    /// # Errors
    /// As [`Roll::parse`].
    pub fn from_faces(faces: Vec<Face>) -> Result<Roll, RollError> {
        if faces.is_empty() || faces.len() > 13 {
            return Err(RollError::Count(faces.len()));
        }
        if let Some(why) = unmatched(&faces) {
            let shown = faces.iter().map(|f| f.char()).collect();
            return Err(RollError::Impossible { shown, why });
        }
        Ok(Roll { faces })
    }

    /// The faces in cube order.
    #[must_use]
    pub fn faces(&self) -> &[Face] {
        &self.faces
    }

    /// How many of each letter, and how many jokers.
    #[must_use]
    pub fn counts(&self) -> ([u8; 26], u8) {
        counts(&self.faces)
    }

    /// The sum of the faces' values.
    #[must_use]
    pub fn value(&self) -> u32 {
        self.faces.iter().map(|f| f.value()).sum()
    }
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for face in &self.faces {
            write!(f, "{face}")?;
        }
        Ok(())
    }
}

/// How many of each letter and how many jokers.
pub(crate) fn counts(faces: &[Face]) -> ([u8; 26], u8) {
    let mut c = [0u8; 26];
    let mut j = 0;
    for f in faces {
        match f {
            Face::Letter(l) => c[l.index()] += 1,
            Face::Joker => j += 1,
        }
    }
    (c, j)
}

/// `None` if each face can be on a different cube; else why not.
fn unmatched(faces: &[Face]) -> Option<String> {
    // bipartite matching, faces to cubes (Kuhn's augmenting paths; 13 × 13)
    let cubes: Vec<[Face; 6]> = (0..13).map(cube_faces).collect();
    let mut owner: [Option<usize>; 13] = [None; 13];
    fn augment(
        f: usize,
        faces: &[Face],
        cubes: &[[Face; 6]],
        owner: &mut [Option<usize>; 13],
        seen: &mut [bool; 13],
    ) -> bool {
        for c in 0..13 {
            if seen[c] || !cubes[c].contains(&faces[f]) {
                continue;
            }
            seen[c] = true;
            if owner[c].is_none_or(|g| augment(g, faces, cubes, owner, seen)) {
                owner[c] = Some(f);
                return true;
            }
        }
        false
    }
    for f in 0..faces.len() {
        let mut seen = [false; 13];
        if !augment(f, faces, &cubes, &mut owner, &mut seen) {
            let face = faces[f];
            let asked = faces.iter().filter(|&&g| g == face).count();
            let have = cubes.iter().filter(|c| c.contains(&face)).count();
            let name = match face {
                Face::Joker => "a joker".to_string(),
                Face::Letter(l) => format!("a {l}"),
            };
            return Some(if asked > have {
                format!(
                    "{asked} times {face}, but only {have} cube{} {} {name}",
                    if have == 1 { "" } else { "s" },
                    if have == 1 { "has" } else { "have" }
                )
            } else {
                format!(
                    "{face} cannot be on top together with the other letters (they share cubes)"
                )
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cubes_have_78_faces_two_jokers_and_no_repeats() {
        let all: String = CUBES.concat();
        assert_eq!(all.len(), 78);
        assert_eq!(all.matches('?').count(), 2);
        for c in CUBES {
            let mut v: Vec<char> = c.chars().collect();
            v.sort_unstable();
            v.dedup();
            assert_eq!(v.len(), 6, "{c} repeats a letter");
        }
        for rare in ['J', 'Q', 'X', 'Z', 'K', 'V'] {
            assert_eq!(all.matches(rare).count(), 1, "{rare}");
        }
    }

    #[test]
    fn values_are_the_crossword_game_values() {
        let v = |c| Letter::from_char(c).unwrap().value();
        assert_eq!(
            (v('a'), v('Q'), v('Z'), v('K'), v('D'), v('X')),
            (1, 10, 10, 5, 2, 8)
        );
        assert_eq!(LETTER_VALUES.iter().sum::<u32>(), 87);
    }

    #[test]
    fn rolls_come_from_the_cubes() {
        for seed in 0..200 {
            let r = Roll::seeded(seed);
            assert_eq!(r.faces().len(), 13);
            assert_eq!(Roll::parse(&r.to_string()).unwrap(), r);
        }
        assert_eq!(Roll::seeded(7), Roll::seeded(7));
    }

    #[test]
    fn impossible_rolls_say_why() {
        let e = Roll::parse("QQ").unwrap_err().to_string();
        assert!(e.contains("only 1 cube has a Q"), "{e}");
        let e = Roll::parse("???").unwrap_err().to_string();
        assert!(e.contains("only 2 cubes have a joker"), "{e}");
        assert!(Roll::parse("A1").unwrap_err().to_string().contains("'1'"));
        assert!(matches!(Roll::parse(""), Err(RollError::Count(0))));
        assert!(matches!(
            Roll::parse(&"E".repeat(14)),
            Err(RollError::Count(14))
        ));
        // E is on 8 cubes, but J and Q take two of them
        assert!(Roll::parse("EEEEEEEE").is_ok());
        assert!(Roll::parse("EEEEEEEEJQ").is_err());
    }
}
