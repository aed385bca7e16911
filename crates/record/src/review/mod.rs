//! A game's review as a save file keeps it, and as `scribe analyze --json`
//! prints it: the stored form and its checks here, the contradictions a
//! hand-edited file may hold in `consistency.rs`, the words in `text.rs`,
//! the JSON in `json.rs`.
//!
//! The engine's [`GameReview`] is turned into a [`Review`]: plain data with
//! its own format version ([`REVIEW_VERSION`]), win chances kept to a tenth
//! of a percent, squares as text. In a save file it is the optional field
//! `review` (`review: Some((version: 1, variant: Majority, ...))`); files
//! without it load as before.
//!
//! A review belongs to the moves it was made for. [`GameRecord::review_of_game`]
//! checks that the stored one still fits the game (the same moves, a known
//! version) before anyone shows it; one that does not is reported, never
//! shown against the wrong moves.

mod consistency;
mod json;
mod text;

pub use json::{ReviewJson, review_json};
pub use text::{chance_text, percent};

use super::GameRecord;
use scribe_ai::review::{GameReview, MoveClass, MoveReview, ReviewConfig};
use scribe_rules::{Game, Player, Square, Variant};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// The review format version this program writes and reads.
pub const REVIEW_VERSION: u32 = 1;

/// A win chance in 0..1, kept in thousandths so that a saved review reads
/// back exactly. Written as a decimal (`0.734`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Chance(u16);

impl Chance {
    /// The nearest thousandth to `p` (clamped to 0..1; NaN counts as 0.5).
    #[must_use]
    pub fn new(p: f64) -> Chance {
        let p = if p.is_nan() { 0.5 } else { p.clamp(0.0, 1.0) };
        Chance((p * 1000.0).round() as u16)
    }

    /// The chance as a number in 0..1.
    #[must_use]
    pub fn get(self) -> f64 {
        f64::from(self.0) / 1000.0
    }

    /// The chance in whole percent, for text.
    #[must_use]
    pub fn percent(self) -> u16 {
        (self.0 + 5) / 10
    }
}

impl Serialize for Chance {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.get())
    }
}

impl<'de> Deserialize<'de> for Chance {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Chance, D::Error> {
        let p = f64::deserialize(d)?;
        if (0.0..=1.0).contains(&p) {
            Ok(Chance::new(p))
        } else {
            Err(serde::de::Error::custom(format!(
                "a win chance must be from 0 to 1, not {p}"
            )))
        }
    }
}

/// Squares written as text ("E5") in a review.
mod square_text {
    use scribe_rules::Square;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(sq: &Square, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(sq)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let text = String::deserialize(d)?;
        text.trim()
            .parse()
            .map_err(|_| serde::de::Error::custom(format!("'{text}' is not a square (A1-I9)")))
    }
}

/// One reviewed move as stored. Unknown keys are refused, like the rest of
/// a save file: a misspelt key is never silently dropped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReviewedMove {
    /// The square played.
    #[serde(with = "square_text")]
    pub square: Square,
    /// The engine's best move in the position before.
    #[serde(with = "square_text")]
    pub best: Square,
    /// The mover's chance to win before the move (with the best move).
    pub win_before: Chance,
    /// The mover's chance to win after the move played.
    pub win_after: Chance,
    /// Proved result before the move, for the mover (`None`: an estimate).
    #[serde(default)]
    pub proven_before: Option<bool>,
    /// Proved result after the move, for the mover.
    #[serde(default)]
    pub proven_after: Option<bool>,
    /// The only legal move.
    #[serde(default)]
    pub forced: bool,
    /// The verdict.
    pub class: MoveClass,
}

/// A game's review: what a save file keeps (unknown keys refused).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Review {
    /// [`REVIEW_VERSION`] when written by this program.
    pub version: u32,
    /// The variant the engine played for.
    pub variant: Variant,
    /// The seed of the search.
    pub seed: u64,
    /// Search iterations per position.
    pub iterations: u64,
    /// Thinking time per position in milliseconds, when a time limit was used.
    #[serde(default)]
    pub think_ms: Option<u64>,
    /// One entry per move of the game.
    pub moves: Vec<ReviewedMove>,
}

/// Why a stored review cannot be used for a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReviewMismatch {
    /// Written by a program with another review format.
    #[error("the review has format version {0}; this program reads version {REVIEW_VERSION}")]
    Version(u32),
    /// Not as many reviewed moves as moves.
    #[error("the review covers {review} move{} but the game has {game}", if *.review == 1 { "" } else { "s" })]
    Length {
        /// Moves in the review.
        review: usize,
        /// Moves in the game.
        game: usize,
    },
    /// A reviewed move is not the game's move.
    #[error("move {number} is {review} in the review but {game} in the game")]
    Square {
        /// One-based move number.
        number: usize,
        /// The square in the review.
        review: Square,
        /// The square in the game.
        game: Square,
    },
    /// A best move that is not legal where it is suggested.
    #[error("move {number}: the suggested {best} is not a legal move there")]
    IllegalBest {
        /// One-based move number.
        number: usize,
        /// The suggested square.
        best: Square,
    },
}

impl Review {
    /// The stored form of an engine review made with `config` and `seed`.
    #[must_use]
    pub fn from_engine(review: &GameReview, config: &ReviewConfig, seed: u64) -> Review {
        Review {
            version: REVIEW_VERSION,
            variant: review.variant,
            seed,
            iterations: config.iterations,
            think_ms: config.time_limit.map(|d| d.as_millis() as u64),
            moves: review
                .moves
                .iter()
                .map(|m| ReviewedMove {
                    square: m.played,
                    best: m.best,
                    win_before: Chance::new(m.win_before),
                    win_after: Chance::new(m.win_after),
                    proven_before: m.proven_before,
                    proven_after: m.proven_after,
                    forced: m.forced,
                    class: m.class,
                })
                .collect(),
        }
    }

    /// Checks that this review was made for `game`'s moves.
    ///
    /// # Errors
    /// An unknown version, another number of moves, another square, or an
    /// illegal best move, each naming the move.
    pub fn check(&self, game: &Game) -> Result<(), ReviewMismatch> {
        if self.version != REVIEW_VERSION {
            return Err(ReviewMismatch::Version(self.version));
        }
        if self.moves.len() != game.moves().len() {
            return Err(ReviewMismatch::Length {
                review: self.moves.len(),
                game: game.moves().len(),
            });
        }
        for (k, (m, &sq)) in self.moves.iter().zip(game.moves()).enumerate() {
            if m.square != sq {
                return Err(ReviewMismatch::Square {
                    number: k + 1,
                    review: m.square,
                    game: sq,
                });
            }
            if game.position_at(k).check(m.best).is_err() {
                return Err(ReviewMismatch::IllegalBest {
                    number: k + 1,
                    best: m.best,
                });
            }
        }
        Ok(())
    }

    /// The review with its summary and turning point, for `game` (which it
    /// must fit: see [`Review::check`]).
    ///
    /// # Errors
    /// As [`Review::check`].
    pub fn for_game(&self, game: &Game) -> Result<GameReview, ReviewMismatch> {
        self.check(game)?;
        let moves = self
            .moves
            .iter()
            .enumerate()
            .map(|(k, m)| MoveReview {
                number: k + 1,
                player: if k % 2 == 0 { Player::X } else { Player::O },
                played: m.square,
                best: m.best,
                win_before: m.win_before.get(),
                win_after: m.win_after.get(),
                proven_before: m.proven_before,
                proven_after: m.proven_after,
                forced: m.forced,
                class: m.class,
            })
            .collect();
        let pos = game.position();
        let winner = pos
            .is_over()
            .then(|| pos.result().winner(self.variant))
            .flatten();
        Ok(GameReview::from_moves(self.variant, moves, winner))
    }
}

impl GameRecord {
    /// The stored review with its summary, if there is one and it fits the
    /// game's moves (it may be for the other variant: see [`Review::variant`]).
    ///
    /// # Errors
    /// A stored review that does not fit: see [`Review::check`].
    pub fn review_of_game(&self) -> Result<Option<GameReview>, ReviewMismatch> {
        self.review
            .as_ref()
            .map(|r| r.for_game(&self.game))
            .transpose()
    }
}

impl fmt::Display for Chance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}%", self.percent())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chances_keep_thousandths() {
        assert_eq!(Chance::new(0.7344).get(), 0.734);
        assert_eq!(Chance::new(2.0).get(), 1.0);
        assert_eq!(Chance::new(f64::NAN).get(), 0.5);
        assert_eq!(Chance::new(0.735).to_string(), "74%");
    }
}
