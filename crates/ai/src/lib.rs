//! The computer opponent. Depends on [`scribe_rules`] and the random
//! numbers of [`scribe_rng`] only: no files, no windows, no printing.
//!
//! # Parts
//! - [`Board`]: the position as nine-bit masks per mini grid, with
//!   [`Board::playout`], a uniformly random game to the last square
//!   (1.1-2.1 million a second on one core of a busy machine in a release
//!   build, over four times [`PlainBitboard`]: `cargo bench --bench ai --
//!   playout`).
//! - Monte Carlo tree search (UCT) over a node pool with a cap
//!   ([`SearchConfig::max_nodes`]), reusing its tree between moves. A
//!   playout is worth its win, and with a grid weight
//!   ([`SearchConfig::grid_weight`], Champion's in Majority) partly its
//!   share of the mini grids.
//! - [`Solver`]: an exact win/loss search with a transposition table, used
//!   once few squares are empty ([`SearchConfig::solver_empties`]); a line
//!   ends as soon as its winner is settled ([`Board::decided_winner`]),
//!   which `scribe bench --solver` measures.
//! - [`Level`]s map to [`SearchConfig`]s, tuned with `scribe match` so that
//!   each level wins 70-90 % of its games against the one below: Beginner
//!   (3 playouts a move, about as strong as the 2010 Android app's computer,
//!   [`android_move`]), Easy (16), Medium (40, and the exact solver from 14
//!   empty squares), Hard (100, solver from 22), Expert (two threads of 150,
//!   solver from 26), Master (two threads of 600), Grandmaster (two threads
//!   of 25,000, solver from 28) and Champion, the full engine at about 1 s a
//!   move (two threads of 1,200,000, a quarter of each Majority playout's
//!   value from its mini grids). The solver, not the playouts, makes
//!   most of the difference between Medium and Expert; [`hint`] searches
//!   harder than Medium ([`SearchConfig::HINT`]). Each level's measured
//!   rating ([`Level::rating`], the Android app's player at 1000) and time
//!   a move ([`Level::think`]) are in `ratings.rs`.
//! - [`PlainUct`]: a textbook plain UCT (random playouts, UCB1 with c = 1,
//!   no solver, a fresh tree every move), the test opponent of `scribe
//!   match --b plain-uct:N`.
//!
//! - [`PlainBitboard`]: the same rules as a plain bitboard, written the
//!   straightforward way: the yardstick of the playouts' speed (`cargo
//!   bench --bench ai -- playout`, `scribe bench`).
//!
//! - [`review`]: game review, every move of a game annotated with win
//!   chances before and after, the best move and a class (`?!`, `?`, `??`).
//!
//! Each search plays to win the [`Variant`](scribe_rules::Variant) in force: Majority and
//! Super Glyph score the same playouts differently.
//!
//! # Using it from the app
//! Give a [`Searcher`] the whole game on a named worker thread. A searcher
//! kept from move to move keeps the part of its tree that is still useful
//! (`scribe match` does this); the app makes a fresh one for every move, the
//! same search as `scribe move`, and so frees the trees while the player
//! thinks (a kept tree also makes each playout dearer: `cargo bench --bench
//! ai -- reuse`):
//!
//! ```
//! use scribe_ai::{Level, Searcher};
//! use scribe_rules::{Square, Variant};
//! use std::sync::atomic::AtomicBool;
//!
//! let stop = AtomicBool::new(false); // set it to end the search at once
//! let mut ai = Searcher::new(Variant::Majority, Level::Easy, 42);
//! let moves: Vec<Square> = vec!["E5".parse().unwrap()];
//! let reply = ai.best_move(&moves, &stop).unwrap();
//! assert!(scribe_rules::Game::from_moves(moves.iter().copied().chain([reply])).is_ok());
//! ```
//!
//! Setting the stop flag makes a search return within about a millisecond
//! with the best move so far (new game, quit, undo). [`hint`] is a quick
//! Medium-strength suggestion for a Hint button; [`choose_move`] is a
//! one-shot search from a [`Position`](scribe_rules::Position) with a fresh tree.
//!
//! The same seed and the same calls give the same moves: budgets count
//! playouts, not time (a [`SearchConfig::time_limit`] or the stop flag can
//! cut a search short, and then the result depends on the clock).

mod board;
mod greedy;
mod mcts;
mod plain;
mod puzzles;
mod ratings;
pub mod review;
mod search;
mod solver;
mod yardstick;

pub use board::{Board, Move, MoveList, Outcome};
pub use greedy::android_move;
pub use mcts::{MAX_GRID_WEIGHT, MoveStats, NODE_BYTES, Tree};
pub use plain::{PLAIN_EXPLORATION, PlainStats, PlainUct};
pub use puzzles::{
    Difficulty, Goal, Puzzle, PuzzleConfig, PuzzleError, generate as generate_puzzles,
};
pub use scribe_rng::Rng;
pub use search::{
    CHAMPION_GRID_WEIGHT, CHAMPION_PLAYOUTS, Candidate, EXPLORATION, GRANDMASTER_PLAYOUTS,
    MASTER_PLAYOUTS, SearchConfig, SearchError, Searcher, Thought, choose_move, hint,
};
pub use solver::{Proof, Solver};
pub use yardstick::PlainBitboard;

use serde::{Deserialize, Serialize};
use std::fmt;

/// How strongly the computer plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Level {
    /// Plays like a person who has just learned the rules.
    Beginner,
    /// A step above Beginner.
    Easy,
    /// A fair game for a casual player.
    #[default]
    Medium,
    /// Strong in the endgame (the exact solver from 22 empty squares).
    Hard,
    /// Both cores, the solver from 26 empty squares; a few milliseconds a
    /// move.
    Expert,
    /// Both cores with four times Expert's playouts, the solver from 26.
    Master,
    /// Both cores, 25,000 playouts each, the solver from 28; a few
    /// hundredths of a second a move.
    Grandmaster,
    /// The full engine: both cores, about 1 s a move (2 s in the opening),
    /// the solver from 28.
    Champion,
}

impl Level {
    /// All levels, weakest first.
    pub const ALL: [Level; 8] = [
        Level::Beginner,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Master,
        Level::Grandmaster,
        Level::Champion,
    ];

    /// The name in lower case, as the command line spells it (`--level
    /// grandmaster`) and a server's computer player is named after it
    /// ([`computer_name`]).
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Master => "master",
            Level::Grandmaster => "grandmaster",
            Level::Champion => "champion",
        }
    }

    /// What the level is, in a few words: the command line's help for
    /// `--level`.
    #[must_use]
    pub const fn summary(self) -> &'static str {
        match self {
            Level::Beginner => "Plays like a person who has just learned the rules",
            Level::Easy => "A step above Beginner",
            Level::Medium => "A fair game for a casual player",
            Level::Hard => "Strong in the endgame",
            Level::Expert => "Both cores, a few milliseconds a move",
            Level::Master => "Both cores, four times Expert's playouts",
            Level::Grandmaster => "Both cores, a few hundredths of a second a move",
            Level::Champion => "The full engine: both cores, about 1 s a move",
        }
    }

    /// Human-readable name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Level::Beginner => "Beginner",
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Expert => "Expert",
            Level::Master => "Master",
            Level::Grandmaster => "Grandmaster",
            Level::Champion => "Champion",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Level {
    type Err = String;

    /// `beginner`, `easy`, `medium`, `hard`, `expert`, `master`,
    /// `grandmaster` or `champion`, any case.
    fn from_str(s: &str) -> Result<Level, String> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| {
                format!(
                    "'{s}' is not a level: use beginner, easy, medium, hard, expert, \
                     master, grandmaster or champion"
                )
            })
    }
}

/// Every computer player of a server (`scribe serve`) has an account named
/// this and its level's [`key`](Level::key): `computer-beginner` …
/// `computer-champion`.
pub const COMPUTER_PREFIX: &str = "computer-";

/// The account name of `level`'s computer player on a server:
/// `computer-hard`.
#[must_use]
pub fn computer_name(level: Level) -> String {
    format!("{COMPUTER_PREFIX}{}", level.key())
}

/// The level of a server's computer player from its account name
/// (`computer-hard` → Hard); `None` for anybody else, and for a name that
/// is not spelt exactly so (`computer-Hard`, `computer-`).
#[must_use]
pub fn computer_level(name: &str) -> Option<Level> {
    let key = name.strip_prefix(COMPUTER_PREFIX)?;
    Level::ALL.into_iter().find(|l| l.key() == key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_the_name_in_lower_case_and_parses_back() {
        for level in Level::ALL {
            assert_eq!(level.key(), level.name().to_ascii_lowercase());
            assert_eq!(level.key().parse::<Level>(), Ok(level));
        }
    }

    #[test]
    fn computer_names_round_trip_and_nothing_else_is_a_computer() {
        for level in Level::ALL {
            let name = computer_name(level);
            assert!(name.starts_with(COMPUTER_PREFIX), "{name}");
            assert_eq!(computer_level(&name), Some(level), "{name}");
        }
        assert_eq!(computer_name(Level::Grandmaster), "computer-grandmaster");
        for other in [
            "computer-Hard",
            "computer-",
            "hard",
            "computer-hard ",
            "ann",
        ] {
            assert_eq!(computer_level(other), None, "{other}");
        }
    }
}
