//! Scribbage (E. S. Lowe, 1963): 13 letter cubes are rolled and the player
//! builds one connected crossword from the letters on top. Across and down
//! words score their letters' values (a letter in both counts twice), jokers
//! score nothing, and the cubes left over are subtracted.
//!
//! This crate is the game without a screen or paper: the cubes and letter
//! values ([`CUBES`], [`LETTER_VALUES`]), the word list ([`WordList`]), the
//! crossword and its text format ([`Crossword`], [`parse_file`]), the scorer
//! ([`score()`], [`check`]), the solver ([`solve`], [`exhaustive`]) and the
//! score sheet of a game ([`ScoreSheet`]). Of Scribe Desk's crates it uses
//! only [`scribe_rules::quote`] and the random numbers of [`scribe_rng`].
//!
//! ```
//! use scribe_scribbage::{Roll, SolverConfig, WordList, score, solve};
//! let roll = Roll::seeded(1);
//! let found = solve(&roll, WordList::builtin(), &SolverConfig::default());
//! let again = score(&found.crossword, Some(&roll), WordList::builtin()).unwrap();
//! assert_eq!(again.total(), found.scoring.total());
//! ```

mod crossword;
mod cubes;
mod score;
mod sheet;
mod solver;
mod words;

pub use crossword::{Crossword, FileError, Tile, parse_file};
pub use cubes::{
    CUBES, Face, LETTER_VALUES, LETTER_VALUES_SOURCE, Letter, Roll, RollError, cube_faces,
};
pub use score::{Problem, Problems, Scoring, WordScore, check, score};
pub use sheet::{End, ScoreSheet, SheetError};
pub use solver::{Solution, SolverConfig, exhaustive, solve};
pub use words::{WORDS_LICENCE, WORDS_SOURCE, WordList};

/// The credit printed on paper and shown on screen.
pub const CREDIT: &str = "Scribbage © E. S. Lowe 1963";
