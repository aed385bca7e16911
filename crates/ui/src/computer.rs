//! The computer opponent in the app.
//!
//! When it is a computer player's turn, the app hands a copy of the game to a
//! [`MoveProvider`] on a named worker thread (`scribe-computer`) and plays the
//! square it sends back. [`engine`] is the real one, [`scribe_ai`]; tests can
//! plug in [`FirstLegal`].

use crate::jobs::{Ctl, Task};
use scribe_ai::{Level, Searcher};
use scribe_rules::{Game, Square, Variant};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// Something that can choose a move for the player to move.
pub trait MoveProvider: Send + Sync {
    /// A legal move for the player to move in `game`, playing to win
    /// `variant` at strength `level`; `None` if there is none (the game is
    /// over). May take seconds: it runs on a worker thread, never on the UI
    /// thread. When `stop` becomes true (the game was undone, replaced or the
    /// app is closing) the answer is no longer wanted: return soon, with anything.
    fn choose_move(
        &self,
        game: &Game,
        variant: Variant,
        level: Level,
        stop: &AtomicBool,
    ) -> Option<Square>;

    /// A quick suggestion for the player to move (the Hint button).
    fn hint(&self, game: &Game, variant: Variant, stop: &AtomicBool) -> Option<Square> {
        self.choose_move(game, variant, Level::Medium, stop)
    }

    /// The built-in engine, when this is it: its work can then run as a
    /// [`MoveTask`] (in the browser, in a Web Worker).
    fn as_engine(&self) -> Option<&Engine> {
        None
    }
}

/// The engine's move (or Hint) as a [`Task`]: the game as a move list,
/// the variant, the level and the seed. Its output: the square (by name,
/// `None` when the game is over) and the milliseconds it took.
#[derive(Debug, Serialize, Deserialize)]
pub struct MoveTask {
    moves: String,
    variant: Variant,
    level: Level,
    seed: Option<u64>,
    hint: bool,
}

impl MoveTask {
    /// The engine `engine`'s move in `game` at `level` (Hint's when `hint`).
    #[must_use]
    pub fn new(
        engine: &Engine,
        game: &Game,
        variant: Variant,
        level: Level,
        hint: bool,
    ) -> MoveTask {
        MoveTask {
            moves: scribe_record::format_move_list(game.moves()),
            variant,
            level,
            seed: engine.seed,
            hint,
        }
    }

    /// The square of an output.
    #[must_use]
    pub fn square(output: &(Option<String>, u64)) -> Option<Square> {
        output.0.as_deref().and_then(|s| s.parse().ok())
    }
}

impl Task for MoveTask {
    const NAME: &'static str = "scribe-computer";
    type Output = (Option<String>, u64);

    fn run(self, ctl: &Ctl<'_>) -> (Option<String>, u64) {
        let started = web_time::Instant::now();
        let Ok(game) = scribe_record::replay(&self.moves) else {
            return (None, 0);
        };
        let engine = Engine { seed: self.seed };
        let sq = if self.hint {
            engine.hint(&game, self.variant, ctl.stop)
        } else {
            engine.choose_move(&game, self.variant, self.level, ctl.stop)
        };
        let millis = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
        (sq.map(|s| s.to_string()), millis)
    }
}

/// The computer opponent built into this program.
#[must_use]
pub fn engine() -> Option<Arc<dyn MoveProvider>> {
    Some(Arc::new(Engine::default()))
}

/// [`scribe_ai`] behind the [`MoveProvider`] seam: a fresh [`Searcher`] for
/// every move, the same search as `scribe move` at that level.
///
/// Keeping a searcher per side would let it reuse its tree, but the kept
/// tree makes each playout dearer (`cargo bench --bench ai -- reuse`), and
/// an Expert searcher holds up to 160 MB between moves while the player
/// thinks. A fresh search frees its trees as soon as it has answered.
#[derive(Debug, Default)]
pub struct Engine {
    /// Search with this seed every move (`SCRIBE_SEED`, for timing against
    /// `scribe move --seed`); otherwise with the clock.
    pub seed: Option<u64>,
}

impl MoveProvider for Engine {
    fn choose_move(
        &self,
        game: &Game,
        variant: Variant,
        level: Level,
        stop: &AtomicBool,
    ) -> Option<Square> {
        // a different game every time, like a person
        let seed = self.seed.unwrap_or_else(|| {
            web_time::SystemTime::now()
                .duration_since(web_time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64)
        });
        Searcher::new(variant, level, seed).best_move(game.moves(), stop)
    }

    fn hint(&self, game: &Game, variant: Variant, stop: &AtomicBool) -> Option<Square> {
        scribe_ai::hint(game.position(), variant, stop)
    }

    fn as_engine(&self) -> Option<&Engine> {
        Some(self)
    }
}

/// A provider that plays the first legal square in board order. For tests.
#[derive(Debug, Clone, Copy, Default)]
pub struct FirstLegal;

impl MoveProvider for FirstLegal {
    fn choose_move(
        &self,
        game: &Game,
        _variant: Variant,
        _level: Level,
        _stop: &AtomicBool,
    ) -> Option<Square> {
        game.position().legal_moves().iter().next()
    }
}
