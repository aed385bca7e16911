//! The rules of Scribe: board, moves, routing, glyphs and scoring.
//!
//! This layer knows nothing of files, threads, windows or paper. Everything
//! else in the crate stands on it.
//!
//! ```
//! use scribe_rules::{Game, Player, Square};
//! let mut game = Game::new();
//! game.play("D6".parse::<Square>().unwrap()).unwrap();
//! assert_eq!(game.position().to_move(), Player::O);
//! ```

mod game;
mod glyph;
mod mask;
mod player;
mod position;
mod quote;
mod score;
mod square;

pub use game::Game;
pub use glyph::{GLYPHS, Glyph};
pub use mask::{GridMask, SquareSet};
pub use player::{ByPlayer, Player};
pub use position::{IllegalMove, IllegalReason, MarksError, Position, Target};
pub use quote::{QUOTE_MAX_CHARS, escape_path_shown, escape_shown, quote};
pub use score::{
    GRID_POINTS, GameResult, GridScore, Group, Variant, VariantResult, grid_groups, grid_points,
};
pub use square::{GridIndex, ParseSquareError, Square};

/// The game's credit, as Mark Steere asks of anyone publishing his game:
/// printed small on every blank board and exported game.
pub const CREDIT: &str = "Scribe © Mark Steere";
