//! A crossword of placed cubes and its text format.
//!
//! The format (`scribe scribbage score FILE`, and what `scribe scribbage best`
//! prints):
//!
//! ```text
//! # a comment
//! roll: CATSDOG?EIRNL
//! CATS
//! .?E.
//! DOG.
//!
//! anything after the first blank line below the rows is not read
//! ```
//!
//! - `roll:` (optional) gives the faces on top, `?` for a joker; cubes not in
//!   the crossword are left over and subtracted. Without it no cube is left over.
//! - Each row is a row of the grid: a letter is a cube, `.` an empty square,
//!   `?` followed by a letter a joker standing for that letter. Spaces between
//!   squares are allowed; short rows are padded with empty squares.
//! - The rows end at the first blank line; the scoring lines that `best`
//!   prints after one are not read, so its output can be scored again.

use super::cubes::{Face, Letter, Roll, RollError};
use std::fmt;

/// A placed cube: its letter, and whether it is a joker standing for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Tile {
    /// The letter shown (for a joker, the letter it stands for).
    pub letter: Letter,
    /// A joker: scores nothing.
    pub joker: bool,
}

impl Tile {
    /// A letter cube.
    #[must_use]
    pub fn letter(l: Letter) -> Tile {
        Tile {
            letter: l,
            joker: false,
        }
    }

    /// A joker standing for `l`.
    #[must_use]
    pub fn joker(l: Letter) -> Tile {
        Tile {
            letter: l,
            joker: true,
        }
    }

    /// What the tile scores in each word it is in.
    #[must_use]
    pub fn value(self) -> u32 {
        if self.joker { 0 } else { self.letter.value() }
    }

    /// The cube face this tile uses.
    #[must_use]
    pub fn face(self) -> Face {
        if self.joker {
            Face::Joker
        } else {
            Face::Letter(self.letter)
        }
    }

    /// How the tile is written: `A`, or `?a` for a joker standing for A.
    #[must_use]
    pub fn text(self) -> String {
        if self.joker {
            format!("?{}", self.letter.upper())
        } else {
            self.letter.upper().to_string()
        }
    }
}

/// A grid of placed cubes (rows of squares, each empty or holding a tile).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Crossword {
    rows: Vec<Vec<Option<Tile>>>,
    width: usize,
}

impl Crossword {
    /// An empty grid of `height` × `width` squares.
    #[must_use]
    pub fn empty(height: usize, width: usize) -> Crossword {
        Crossword {
            rows: vec![vec![None; width]; height],
            width,
        }
    }

    /// Rows of squares (short rows padded with empty squares).
    #[must_use]
    pub fn from_rows(rows: Vec<Vec<Option<Tile>>>) -> Crossword {
        let width = rows.iter().map(Vec::len).max().unwrap_or(0);
        let rows = rows
            .into_iter()
            .map(|mut r| {
                r.resize(width, None);
                r
            })
            .collect();
        Crossword { rows, width }
    }

    /// Number of rows.
    #[must_use]
    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// Number of columns.
    #[must_use]
    pub fn width(&self) -> usize {
        self.width
    }

    /// The tile at (`row`, `col`), counted from 0; `None` if empty or outside.
    #[must_use]
    pub fn get(&self, row: usize, col: usize) -> Option<Tile> {
        self.rows
            .get(row)
            .and_then(|r| r.get(col))
            .copied()
            .flatten()
    }

    /// Puts (or removes) a tile, growing the grid if needed.
    pub fn set(&mut self, row: usize, col: usize, tile: Option<Tile>) {
        if row >= self.rows.len() {
            self.rows.resize(row + 1, vec![None; self.width]);
        }
        if col >= self.width {
            self.width = col + 1;
            for r in &mut self.rows {
                r.resize(self.width, None);
            }
        }
        self.rows[row][col] = tile;
    }

    /// Every tile with its row and column, row by row.
    pub fn tiles(&self) -> impl Iterator<Item = (usize, usize, Tile)> + '_ {
        self.rows.iter().enumerate().flat_map(|(r, row)| {
            row.iter()
                .enumerate()
                .filter_map(move |(c, t)| t.map(|t| (r, c, t)))
        })
    }

    /// Number of tiles.
    #[must_use]
    pub fn count(&self) -> usize {
        self.tiles().count()
    }

    /// The same crossword with empty rows and columns around it removed.
    #[must_use]
    pub fn trimmed(&self) -> Crossword {
        let cells: Vec<_> = self.tiles().collect();
        if cells.is_empty() {
            return Crossword::default();
        }
        let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let r1 = cells.iter().map(|c| c.0).max().unwrap_or(0);
        let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
        let c1 = cells.iter().map(|c| c.1).max().unwrap_or(0);
        let mut out = Crossword::empty(r1 - r0 + 1, c1 - c0 + 1);
        for (r, c, t) in cells {
            out.rows[r - r0][c - c0] = Some(t);
        }
        out
    }

    /// The faces the crossword uses.
    #[must_use]
    pub fn faces(&self) -> Vec<Face> {
        self.tiles().map(|(_, _, t)| t.face()).collect()
    }

    /// The rows in the file format (no `roll:` line).
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for row in &self.rows {
            for t in row {
                match t {
                    Some(t) => out.push_str(&t.text()),
                    None => out.push('.'),
                }
            }
            out.push('\n');
        }
        out
    }
}

impl fmt::Display for Crossword {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

/// Why a crossword file cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FileError {
    /// A character that is not a letter, `.` or `?`.
    #[error("line {line}: {found} is not a letter, . (empty) or ? (a joker)")]
    BadChar {
        /// Line number (from 1).
        line: usize,
        /// The character, quoted.
        found: String,
    },
    /// A `?` not followed by a letter.
    #[error("line {line}: a ? (joker) must be followed by the letter it stands for, e.g. ?E")]
    BareJoker {
        /// Line number (from 1).
        line: usize,
    },
    /// The `roll:` line is wrong.
    #[error("line {line}: roll: {why}")]
    Roll {
        /// Line number (from 1).
        line: usize,
        /// What is wrong with it.
        why: RollError,
    },
    /// More than 13 rows or columns: no crossword of 13 cubes is that big.
    #[error("the grid is {height} rows by {width} columns: 13 cubes fit in 13 by 13")]
    TooBig {
        /// Rows.
        height: usize,
        /// Columns.
        width: usize,
    },
}

/// Reads a crossword file: the roll, if given, and the crossword.
///
/// # Errors
/// A character that is not a letter, `.` or `?`, a bare `?`, a bad roll line,
/// a grid over 13 × 13 (after trimming empty rows and columns).
pub fn parse_file(text: &str) -> Result<(Option<Roll>, Crossword), FileError> {
    let mut roll = None;
    let mut rows: Vec<Vec<Option<Tile>>> = Vec::new();
    let mut started = false;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let content = raw.trim();
        if content.starts_with('#') {
            continue;
        }
        if content.is_empty() {
            if started {
                break;
            }
            continue;
        }
        let lower = content.to_ascii_lowercase();
        if let Some(rest) = lower.strip_prefix("roll:") {
            let r = Roll::parse(rest).map_err(|why| FileError::Roll { line, why })?;
            roll = Some(r);
            continue;
        }
        started = true;
        rows.push(parse_row(content, line)?);
    }
    let cw = Crossword::from_rows(rows).trimmed();
    if cw.height() > 13 || cw.width() > 13 {
        return Err(FileError::TooBig {
            height: cw.height(),
            width: cw.width(),
        });
    }
    Ok((roll, cw))
}

fn parse_row(content: &str, line: usize) -> Result<Vec<Option<Tile>>, FileError> {
    let mut row = Vec::new();
    let mut chars = content.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' => {}
            '.' => row.push(None),
            '?' => {
                let l = chars
                    .next()
                    .and_then(Letter::from_char)
                    .ok_or(FileError::BareJoker { line })?;
                row.push(Some(Tile::joker(l)));
            }
            c => match Letter::from_char(c) {
                Some(l) => row.push(Some(Tile::letter(l))),
                None => {
                    return Err(FileError::BadChar {
                        line,
                        found: scribe_rules::quote(&c.to_string()),
                    });
                }
            },
        }
    }
    Ok(row)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_format_round_trips_and_ignores_what_follows_the_rows() {
        let text =
            "# mine\nroll: CATSDOG?EIRNL\n\n c a t s\n.?e..\nDOG\n\nHorizontal Words  11 points\n";
        let (roll, cw) = parse_file(text).unwrap();
        assert_eq!(roll.unwrap().to_string(), "CATSDOG?EIRNL");
        assert_eq!(cw.to_text(), "CATS\n.?E..\nDOG.\n");
        assert_eq!(
            cw.get(1, 1),
            Some(Tile::joker(Letter::from_char('e').unwrap()))
        );
        assert_eq!(parse_file(&cw.to_text()).unwrap().1, cw);
    }

    #[test]
    fn bad_files_name_the_line() {
        assert_eq!(
            parse_file("CAT\nD0G\n").unwrap_err().to_string(),
            "line 2: '0' is not a letter, . (empty) or ? (a joker)"
        );
        assert!(
            parse_file("CA?\n")
                .unwrap_err()
                .to_string()
                .starts_with("line 1: a ?")
        );
        let e = parse_file("roll: QQ\nCAT\n").unwrap_err().to_string();
        assert!(e.starts_with("line 1: roll: no roll"), "{e}");
        assert!(matches!(
            parse_file(&"A.".repeat(8)),
            Err(FileError::TooBig { width: 15, .. })
        ));
    }
}
