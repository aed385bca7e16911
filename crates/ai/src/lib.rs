//! The computer opponent. Depends on [`scribe_rules`] only: no files, no
//! windows, no printing.
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
mod rng;
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
pub use rng::Rng;
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
