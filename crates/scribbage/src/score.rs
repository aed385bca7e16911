//! Scoring a crossword as the seed does: across words, down words (a letter
//! in both counts twice), jokers nothing, the cubes left over subtracted; and
//! saying exactly what is wrong when the crossword breaks a rule.

use super::crossword::{Crossword, Tile};
use super::cubes::{Face, Roll, counts};
use super::words::WordList;
use std::fmt;

/// One word of a crossword.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WordScore {
    /// The word in capitals.
    pub word: String,
    /// Across (left to right) or down.
    pub across: bool,
    /// Its first square's row, from 0.
    pub row: usize,
    /// Its first square's column, from 0.
    pub col: usize,
    /// The sum of its letters' values (jokers 0).
    pub value: u32,
}

/// A legal crossword's score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scoring {
    /// The across words, row by row.
    pub across: Vec<WordScore>,
    /// The down words, column by column.
    pub down: Vec<WordScore>,
    /// The faces not used.
    pub left_over: Vec<Face>,
}

impl Scoring {
    /// The across words' total ("Horizontal Words").
    #[must_use]
    pub fn across_total(&self) -> u32 {
        self.across.iter().map(|w| w.value).sum()
    }

    /// The down words' total ("Vertical Words").
    #[must_use]
    pub fn down_total(&self) -> u32 {
        self.down.iter().map(|w| w.value).sum()
    }

    /// The cubes left over, subtracted.
    #[must_use]
    pub fn left_over_total(&self) -> u32 {
        self.left_over.iter().map(|f| f.value()).sum()
    }

    /// Across plus down, less the cubes left over.
    #[must_use]
    pub fn total(&self) -> i64 {
        i64::from(self.across_total() + self.down_total()) - i64::from(self.left_over_total())
    }

    /// The scoring lines in the seed's layout, ending with `TOTAL SCORE N points`.
    #[must_use]
    pub fn lines(&self) -> Vec<String> {
        let list = |ws: &[WordScore]| {
            if ws.is_empty() {
                "none".to_string()
            } else {
                ws.iter()
                    .map(|w| format!("{} {}", w.word, w.value))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        };
        let left: String = if self.left_over.is_empty() {
            "none".to_string()
        } else {
            self.left_over
                .iter()
                .map(|f| f.char().to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let sum = self.across_total() + self.down_total();
        let row = |label: &str, n: String, unit: &str| format!("{label:<22}{n:>5}{unit}");
        vec![
            format!("Across: {}", list(&self.across)),
            format!("Down: {}", list(&self.down)),
            format!("Left over: {left}"),
            String::new(),
            row(
                "Horizontal Words",
                self.across_total().to_string(),
                " points",
            ),
            row("Vertical Words", self.down_total().to_string(), ""),
            row("", "-----".to_string(), ""),
            row("", sum.to_string(), ""),
            row(
                "less cubes left over",
                self.left_over_total().to_string(),
                "",
            ),
            row("", "-----".to_string(), ""),
            row("TOTAL SCORE", self.total().to_string(), " points"),
        ]
    }
}

/// "row 2, column 3" (from 1).
fn at(row: usize, col: usize) -> String {
    format!("row {}, column {}", row + 1, col + 1)
}

/// Something that makes a crossword illegal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// A run of two or more letters that is not in the word list.
    NotAWord {
        /// The run in capitals.
        word: String,
        /// Across or down.
        across: bool,
        /// Its first square's row, from 0.
        row: usize,
        /// Its first square's column, from 0.
        col: usize,
    },
    /// Cubes not joined to the largest part of the crossword.
    NotConnected {
        /// The loose cubes: row, column, tile.
        cubes: Vec<(usize, usize, Tile)>,
    },
    /// The only cube placed: one letter is not a word.
    LoneCube {
        /// Row, from 0.
        row: usize,
        /// Column, from 0.
        col: usize,
        /// The cube.
        tile: Tile,
    },
    /// More of a face than the roll shows.
    NotRolled {
        /// The face.
        face: Face,
        /// How many the crossword uses.
        used: usize,
        /// How many the roll shows.
        rolled: usize,
    },
    /// Without a roll: faces that no roll of the 13 cubes shows together.
    NotOnCubes(String),
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::NotAWord {
                word,
                across,
                row,
                col,
            } => write!(
                f,
                "{} word {word} at {} is not in the word list",
                if *across { "across" } else { "down" },
                at(*row, *col)
            ),
            Problem::NotConnected { cubes } => {
                let list: Vec<String> = cubes
                    .iter()
                    .map(|(r, c, t)| format!("{} at {}", t.text(), at(*r, *c)))
                    .collect();
                write!(
                    f,
                    "not connected to the crossword: {} (all cubes used must form one crossword)",
                    list.join(", ")
                )
            }
            Problem::LoneCube { row, col, tile } => write!(
                f,
                "{} at {} is a single letter, not a word",
                tile.text(),
                at(*row, *col)
            ),
            Problem::NotRolled { face, used, rolled } => {
                let name = match face {
                    Face::Joker => "joker".to_string(),
                    Face::Letter(l) => format!("{l}"),
                };
                let s = |n: &usize| if *n == 1 { "" } else { "s" };
                write!(
                    f,
                    "the crossword uses {used} {name}{} but the roll shows {rolled}",
                    s(used)
                )
            }
            Problem::NotOnCubes(why) => write!(f, "{why}"),
        }
    }
}

/// Every problem of an illegal crossword, in the order found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
pub struct Problems(pub Vec<Problem>);

/// The runs of two or more squares: (across, row, col, tiles).
pub(crate) fn runs(cw: &Crossword) -> Vec<(bool, usize, usize, Vec<Tile>)> {
    let mut out = Vec::new();
    for across in [true, false] {
        let (outer, inner) = if across {
            (cw.height(), cw.width())
        } else {
            (cw.width(), cw.height())
        };
        for a in 0..outer {
            let mut run: Vec<Tile> = Vec::new();
            for b in 0..=inner {
                let (r, c) = if across { (a, b) } else { (b, a) };
                match (b < inner).then(|| cw.get(r, c)).flatten() {
                    Some(t) => run.push(t),
                    None => {
                        if run.len() >= 2 {
                            let start = b - run.len();
                            let (r0, c0) = if across { (a, start) } else { (start, a) };
                            out.push((across, r0, c0, std::mem::take(&mut run)));
                        }
                        run.clear();
                    }
                }
            }
        }
    }
    out
}

/// Every problem of the crossword (empty if it is legal).
#[must_use]
pub fn check(cw: &Crossword, roll: Option<&Roll>, words: &WordList) -> Vec<Problem> {
    let mut problems = Vec::new();
    let faces = cw.faces();
    match roll {
        Some(roll) => {
            let (have, have_j) = roll.counts();
            let (used, used_j) = counts(&faces);
            for i in 0..26 {
                if used[i] > have[i] {
                    problems.push(Problem::NotRolled {
                        face: Face::Letter(super::Letter::from_index(i)),
                        used: usize::from(used[i]),
                        rolled: usize::from(have[i]),
                    });
                }
            }
            if used_j > have_j {
                problems.push(Problem::NotRolled {
                    face: Face::Joker,
                    used: usize::from(used_j),
                    rolled: usize::from(have_j),
                });
            }
        }
        None if !faces.is_empty() => {
            if let Err(e) = Roll::from_faces(faces.clone()) {
                problems.push(Problem::NotOnCubes(e.to_string()));
            }
        }
        None => {}
    }
    let tiles: Vec<_> = cw.tiles().collect();
    if let [(row, col, tile)] = tiles[..] {
        problems.push(Problem::LoneCube { row, col, tile });
    }
    let loose = loose_cubes(cw);
    if !loose.is_empty() {
        problems.push(Problem::NotConnected { cubes: loose });
    }
    for (across, row, col, run) in runs(cw) {
        let word: String = run.iter().map(|t| t.letter.upper()).collect();
        if !words.contains(&word) {
            problems.push(Problem::NotAWord {
                word,
                across,
                row,
                col,
            });
        }
    }
    problems
}

/// The cubes outside the largest connected part (the first in reading
/// order among equals).
fn loose_cubes(cw: &Crossword) -> Vec<(usize, usize, Tile)> {
    let (h, w) = (cw.height(), cw.width());
    let mut part = vec![usize::MAX; h * w];
    let mut sizes = Vec::new();
    for (r, c, _) in cw.tiles() {
        if part[r * w + c] != usize::MAX {
            continue;
        }
        let id = sizes.len();
        let mut stack = vec![(r, c)];
        part[r * w + c] = id;
        let mut size = 0;
        while let Some((r, c)) = stack.pop() {
            size += 1;
            let mut near = Vec::with_capacity(4);
            if r > 0 {
                near.push((r - 1, c));
            }
            if c > 0 {
                near.push((r, c - 1));
            }
            near.push((r + 1, c));
            near.push((r, c + 1));
            for (nr, nc) in near {
                if nr < h && nc < w && cw.get(nr, nc).is_some() && part[nr * w + nc] == usize::MAX {
                    part[nr * w + nc] = id;
                    stack.push((nr, nc));
                }
            }
        }
        sizes.push(size);
    }
    let Some(biggest) = (0..sizes.len()).max_by_key(|&i| (sizes[i], std::cmp::Reverse(i))) else {
        return Vec::new();
    };
    cw.tiles()
        .filter(|&(r, c, _)| part[r * w + c] != biggest)
        .collect()
}

/// Scores a crossword made from `roll` (without one, no cube is left over).
///
/// ```
/// use scribe_scribbage::{Roll, WordList, parse_file, score};
/// let (_, cw) = parse_file("CAT\nA..\nB..\n").unwrap();
/// let roll = Roll::parse("CATABQ").unwrap();
/// let s = score(&cw, Some(&roll), WordList::builtin()).unwrap();
/// // CAT 5 across, CAB 7 down (C counted in both), Q 10 left over
/// assert_eq!((s.across_total(), s.down_total(), s.left_over_total(), s.total()), (5, 7, 10, 2));
/// ```
///
/// # Errors
/// Every problem found ([`check`]): cubes the roll does not show, loose
/// cubes, runs that are not words.
pub fn score(cw: &Crossword, roll: Option<&Roll>, words: &WordList) -> Result<Scoring, Problems> {
    let problems = check(cw, roll, words);
    if !problems.is_empty() {
        return Err(Problems(problems));
    }
    Ok(score_unchecked(cw, roll))
}

/// The score of a crossword known to be legal.
pub(crate) fn score_unchecked(cw: &Crossword, roll: Option<&Roll>) -> Scoring {
    let mut across = Vec::new();
    let mut down = Vec::new();
    for (is_across, row, col, run) in runs(cw) {
        let ws = WordScore {
            word: run.iter().map(|t| t.letter.upper()).collect(),
            across: is_across,
            row,
            col,
            value: run.iter().map(|t| t.value()).sum(),
        };
        if is_across {
            across.push(ws);
        } else {
            down.push(ws);
        }
    }
    let mut left_over = roll.map(|r| r.faces().to_vec()).unwrap_or_default();
    for f in cw.faces() {
        if let Some(i) = left_over.iter().position(|&g| g == f) {
            left_over.remove(i);
        }
    }
    Scoring {
        across,
        down,
        left_over,
    }
}
