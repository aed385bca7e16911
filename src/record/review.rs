//! A game's review as a save file keeps it, and as `scribe analyze --json`
//! prints it.
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

use super::GameRecord;
use crate::ai::review::{GameReview, MoveClass, MoveReview, ReviewConfig};
use crate::rules::{Game, Player, Square, Variant};
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
    use crate::rules::Square;
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

    /// Checks that the review's figures agree with each other, move by move:
    /// a proved result with its chance (won is 1, lost is 0), a forced move
    /// with its better move (itself), and the class with the drop in win
    /// chance (as the engine classes moves, to the thousandth the file keeps).
    ///
    /// # Errors
    /// The first contradiction, naming the move and the keys.
    pub fn consistency(&self) -> Result<(), String> {
        for (k, m) in self.moves.iter().enumerate() {
            let n = k + 1;
            for (key, proven, chance_key, chance) in [
                ("proven_before", m.proven_before, "win_before", m.win_before),
                ("proven_after", m.proven_after, "win_after", m.win_after),
            ] {
                let want = match proven {
                    Some(true) => 1.0,
                    Some(false) => 0.0,
                    None => continue,
                };
                if chance.get() != want {
                    let said = if want == 1.0 { "won" } else { "lost" };
                    return Err(format!(
                        "move {n}: `{key}` says {said} but `{chance_key}` is {}",
                        chance.get()
                    ));
                }
            }
            if m.forced && m.best != m.square {
                return Err(format!(
                    "move {n}: `forced` is set but `best` ({}) is not the move played ({})",
                    m.best, m.square
                ));
            }
            let figures = |win_after: f64| MoveReview {
                number: n,
                player: if k % 2 == 0 { Player::X } else { Player::O },
                played: m.square,
                best: m.best,
                win_before: m.win_before.get(),
                win_after,
                proven_before: m.proven_before,
                proven_after: m.proven_after,
                forced: m.forced,
                class: m.class,
            };
            // The file keeps thousandths: allow the rounding of both chances.
            let after = m.win_after.get();
            let lo = figures((after + 0.0015).min(1.0)).classify();
            let hi = figures((after - 0.0015).max(0.0)).classify();
            if m.class < lo.min(hi) || m.class > lo.max(hi) {
                let expected = figures(after).classify();
                let drop = (m.win_before.get() - after).max(0.0);
                return Err(format!(
                    "move {n}: `class` is {} but the figures make it {} (`win_before` {}, `win_after` {}, a drop of {:.3})",
                    m.class.name(),
                    expected.name(),
                    m.win_before.get(),
                    after,
                    drop
                ));
            }
        }
        Ok(())
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

    /// How the review was made, in a player's words, e.g. "for the Majority
    /// version, playing out 100,000 random games from each position" (no
    /// seeds, no engine terms: those are in [`Review::settings_line`]).
    #[must_use]
    pub fn effort_words(&self) -> String {
        let effort = match self.think_ms {
            Some(ms) if ms % 1000 == 0 => format!(
                "thinking {} second{} on each position",
                ms / 1000,
                if ms == 1000 { "" } else { "s" }
            ),
            Some(ms) => format!(
                "thinking {:.1} seconds on each position",
                ms as f64 / 1000.0
            ),
            None => format!(
                "playing out {} random game{} from each position",
                thousands(self.iterations),
                if self.iterations == 1 { "" } else { "s" }
            ),
        };
        format!("for the {} version, {effort}", self.variant)
    }

    /// A line describing how the review was made, e.g.
    /// "Majority, 100000 playouts a position, seed 1".
    #[must_use]
    pub fn settings_line(&self) -> String {
        let effort = match self.think_ms {
            Some(ms) => format!("{ms} ms a position"),
            None => format!("{} playouts a position", self.iterations),
        };
        format!("{}, {effort}, seed {}", self.variant, self.seed)
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

/// A count with thousands separated by commas: "100,000".
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A percentage for text: "73%".
#[must_use]
pub fn percent(p: f64) -> String {
    format!("{}%", Chance::new(p).percent())
}

/// A win chance for text: "61%", or "won"/"lost" when proved.
#[must_use]
pub fn chance_text(p: f64, proven: Option<bool>) -> String {
    match proven {
        Some(true) => "won".to_string(),
        Some(false) => "lost".to_string(),
        None => percent(p),
    }
}

impl fmt::Display for Chance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}%", self.percent())
    }
}

/// The object `scribe analyze --json` prints (field order as printed).
#[derive(Debug, Serialize)]
pub struct ReviewJson {
    variant: &'static str,
    seed: u64,
    iterations: u64,
    think_ms: Option<u64>,
    winner: Option<&'static str>,
    turning_point: Option<usize>,
    moves: Vec<MoveJson>,
    players: PlayersJson,
}

#[derive(Debug, Serialize)]
struct MoveJson {
    number: usize,
    player: &'static str,
    square: String,
    best: String,
    win_before: f64,
    win_after: f64,
    class: &'static str,
    proven_before: Option<bool>,
    proven_after: Option<bool>,
    forced: bool,
}

#[derive(Debug, Serialize)]
struct PlayersJson {
    #[serde(rename = "X")]
    x: PlayerJson,
    #[serde(rename = "O")]
    o: PlayerJson,
}

#[derive(Debug, Serialize)]
struct PlayerJson {
    name: String,
    moves: u32,
    accuracy: Option<f64>,
    best: u32,
    good: u32,
    inaccuracies: u32,
    mistakes: u32,
    blunders: u32,
}

fn letter(p: Player) -> &'static str {
    match p {
        Player::X => "X",
        Player::O => "O",
    }
}

/// The JSON of a review of `record`'s game (`review` as from
/// [`Review::for_game`]; `stored` for the settings). Serialise it with
/// `serde_json::to_string` for one line.
#[must_use]
pub fn review_json(record: &GameRecord, stored: &Review, review: &GameReview) -> ReviewJson {
    let player = |p: Player| {
        let s = &review.players[p];
        PlayerJson {
            name: record.name(p).to_string(),
            moves: s.moves,
            accuracy: s.accuracy.map(|a| (a * 10.0).round() / 10.0),
            best: s.count(MoveClass::Best),
            good: s.count(MoveClass::Good),
            inaccuracies: s.count(MoveClass::Inaccuracy),
            mistakes: s.count(MoveClass::Mistake),
            blunders: s.count(MoveClass::Blunder),
        }
    };
    let pos = record.game.position();
    ReviewJson {
        variant: review.variant.name(),
        seed: stored.seed,
        iterations: stored.iterations,
        think_ms: stored.think_ms,
        winner: pos
            .is_over()
            .then(|| pos.result().winner(review.variant))
            .flatten()
            .map(letter),
        turning_point: review.turning_point,
        moves: review
            .moves
            .iter()
            .map(|m| MoveJson {
                number: m.number,
                player: letter(m.player),
                square: m.played.to_string(),
                best: m.best.to_string(),
                win_before: Chance::new(m.win_before).get(),
                win_after: Chance::new(m.win_after).get(),
                class: m.class.name(),
                proven_before: m.proven_before,
                proven_after: m.proven_after,
                forced: m.forced,
            })
            .collect(),
        players: PlayersJson {
            x: player(Player::X),
            o: player(Player::O),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_reviews_are_consistent_and_contradictions_found() {
        use crate::ai::review::review_game;
        let stop = std::sync::atomic::AtomicBool::new(false);
        let config = ReviewConfig::quick();
        for seed in 0..6u64 {
            let mut game = Game::new();
            let mut rng = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
            while !game.position().is_over() && game.moves().len() < 81 {
                let legal = game.position().legal_moves();
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                let sq = legal
                    .iter()
                    .nth((rng % legal.len() as u64) as usize)
                    .unwrap();
                game.play(sq).unwrap();
            }
            let r = review_game(
                game.moves(),
                Variant::Majority,
                &config,
                seed,
                &mut |_, _| {},
                &stop,
            )
            .unwrap();
            let stored = Review::from_engine(&r, &config, seed);
            assert_eq!(stored.consistency(), Ok(()), "seed {seed}");
        }
        let m = ReviewedMove {
            square: "E5".parse().unwrap(),
            best: "D6".parse().unwrap(),
            win_before: Chance::new(0.6),
            win_after: Chance::new(0.59),
            proven_before: None,
            proven_after: None,
            forced: false,
            class: MoveClass::Good,
        };
        let review = |m: ReviewedMove| Review {
            version: REVIEW_VERSION,
            variant: Variant::Majority,
            seed: 1,
            iterations: 100,
            think_ms: None,
            moves: vec![m],
        };
        assert_eq!(review(m).consistency(), Ok(()));
        let e = review(ReviewedMove {
            class: MoveClass::Blunder,
            ..m
        })
        .consistency()
        .unwrap_err();
        assert!(
            e.contains("`class` is blunder but the figures make it good"),
            "{e}"
        );
        let e = review(ReviewedMove {
            proven_before: Some(true),
            ..m
        })
        .consistency()
        .unwrap_err();
        assert_eq!(
            e,
            "move 1: `proven_before` says won but `win_before` is 0.6"
        );
        let e = review(ReviewedMove {
            proven_after: Some(true),
            win_after: Chance::new(0.0),
            ..m
        })
        .consistency()
        .unwrap_err();
        assert!(
            e.contains("`proven_after` says won but `win_after` is 0"),
            "{e}"
        );
        let e = review(ReviewedMove { forced: true, ..m })
            .consistency()
            .unwrap_err();
        assert!(e.contains("`forced` is set"), "{e}");
    }

    #[test]
    fn chances_keep_thousandths() {
        assert_eq!(Chance::new(0.7344).get(), 0.734);
        assert_eq!(Chance::new(2.0).get(), 1.0);
        assert_eq!(Chance::new(f64::NAN).get(), 0.5);
        assert_eq!(Chance::new(0.735).to_string(), "74%");
    }

    #[test]
    fn counts_are_written_with_commas() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(100_000), "100,000");
        assert_eq!(thousands(2_000_000), "2,000,000");
    }
}
