//! The computer opponent in the app.
//!
//! When it is a computer player's turn, the app hands a copy of the game to a
//! [`MoveProvider`] on a named worker thread (`scribe-computer`) and plays the
//! square it sends back. [`engine`] is the real one, [`crate::ai`]; tests can
//! plug in [`FirstLegal`].

use crate::ai::{Level, Searcher};
use crate::rules::{Game, Player, Square, Variant};
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, PoisonError};

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
}

/// The computer opponent built into this program.
#[must_use]
pub fn engine() -> Option<Arc<dyn MoveProvider>> {
    Some(Arc::new(Engine::default()))
}

/// [`crate::ai`] behind the [`MoveProvider`] seam: one [`Searcher`] per side,
/// variant and level, kept between moves so each reuses its tree.
#[derive(Debug, Default)]
pub struct Engine {
    searchers: Mutex<HashMap<(Player, Variant, Level), Searcher>>,
}

impl MoveProvider for Engine {
    fn choose_move(
        &self,
        game: &Game,
        variant: Variant,
        level: Level,
        stop: &AtomicBool,
    ) -> Option<Square> {
        let side = game.position().to_move();
        // A panic in an earlier search leaves only a stale tree behind: carry on.
        let mut searchers = self
            .searchers
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let searcher = searchers.entry((side, variant, level)).or_insert_with(|| {
            // a different game every time the app starts, still reproducible within one
            let seed = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
            Searcher::new(variant, level, seed)
        });
        searcher.best_move(game.moves(), stop)
    }

    fn hint(&self, game: &Game, variant: Variant, stop: &AtomicBool) -> Option<Square> {
        crate::ai::hint(game.position(), variant, stop)
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
