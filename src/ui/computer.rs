//! The seam for the computer opponent.
//!
//! When it is a computer player's turn, the app hands a copy of the game to a
//! [`MoveProvider`] on a named worker thread (`scribe-computer`) and plays the
//! square it sends back. The engine itself lives in [`crate::ai`]; to plug it
//! in, implement [`MoveProvider`] for it and return it from [`engine`]. Until
//! then [`engine`] returns `None` and the New game dialog keeps the Computer
//! option visible but disabled.

use crate::ai::Level;
use crate::rules::{Game, Square};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// Something that can choose a move for the player to move.
pub trait MoveProvider: Send + Sync {
    /// A legal move for the player to move in `game`, at strength `level`;
    /// `None` if there is none (the game is over). May take seconds: it runs
    /// on a worker thread, never on the UI thread. When `stop` becomes true
    /// (the game was undone, replaced or the app is closing) the answer is no
    /// longer wanted: return soon, with anything.
    fn choose_move(&self, game: &Game, level: Level, stop: &AtomicBool) -> Option<Square>;
}

/// The computer opponent built into this program, if any.
///
/// Lead engineer: return `Some(Arc::new(..))` wrapping `crate::ai` here.
#[must_use]
pub fn engine() -> Option<Arc<dyn MoveProvider>> {
    None
}

/// A provider that plays the first legal square in board order. For tests.
#[derive(Debug, Clone, Copy, Default)]
pub struct FirstLegal;

impl MoveProvider for FirstLegal {
    fn choose_move(&self, game: &Game, _level: Level, _stop: &AtomicBool) -> Option<Square> {
        game.position().legal_moves().iter().next()
    }
}
