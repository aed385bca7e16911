//! A game: a position with its move history and undo/redo.

use super::player::Player;
use super::position::{IllegalMove, Position};
use super::square::{GridIndex, Square};

/// A game of Scribe from the empty board, with undo and redo.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Game {
    position: Position,
    moves: Vec<Square>,
    undone: Vec<Square>,
}

impl Game {
    /// A new game on the empty board.
    #[must_use]
    pub fn new() -> Game {
        Game::default()
    }

    /// Replays a list of moves from the empty board.
    ///
    /// # Errors
    /// The first illegal move, with its number, square and reason.
    pub fn from_moves(moves: impl IntoIterator<Item = Square>) -> Result<Game, IllegalMove> {
        let mut game = Game::new();
        for sq in moves {
            game.play(sq)?;
        }
        Ok(game)
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played so far, X's first.
    #[must_use]
    pub fn moves(&self) -> &[Square] {
        &self.moves
    }

    /// Moves that were undone and can be redone, the next one last.
    #[must_use]
    pub fn undone(&self) -> &[Square] {
        &self.undone
    }

    /// Plays a move. An illegal move is refused and the game is unchanged.
    /// A legal move clears the redo list unless it is the move redo would play.
    ///
    /// # Errors
    /// See [`Position::play`].
    pub fn play(&mut self, sq: Square) -> Result<(), IllegalMove> {
        self.position.play(sq)?;
        self.moves.push(sq);
        if self.undone.last() == Some(&sq) {
            self.undone.pop();
        } else {
            self.undone.clear();
        }
        Ok(())
    }

    /// Takes back the last move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Square> {
        let sq = self.moves.pop()?;
        self.undone.push(sq);
        self.position = Self::replay(&self.moves);
        Some(sq)
    }

    /// Plays again the last undone move; returns it, or `None` if there is none.
    pub fn redo(&mut self) -> Option<Square> {
        let sq = *self.undone.last()?;
        // An undone move was legal in this very position.
        self.play(sq).ok()?;
        Some(sq)
    }

    /// The position after the first `n` moves (clamped to the moves played).
    #[must_use]
    pub fn position_at(&self, n: usize) -> Position {
        Self::replay(&self.moves[..n.min(self.moves.len())])
    }

    /// The player who made the last move in a mini grid — who draws the
    /// winner's mark beside it once it is full.
    #[must_use]
    pub fn last_mover_in(&self, grid: GridIndex) -> Option<Player> {
        self.moves
            .iter()
            .enumerate()
            .rev()
            .find(|(_, sq)| sq.grid() == grid)
            .map(|(i, _)| if i % 2 == 0 { Player::X } else { Player::O })
    }

    fn replay(moves: &[Square]) -> Position {
        let mut p = Position::new();
        for &sq in moves {
            p.play_unchecked(sq);
        }
        p
    }
}
