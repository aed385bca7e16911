//! Players and one-value-per-player storage.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Index, IndexMut};

/// One of the two players. X (drawn "+" on Steere's sheet) moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[repr(u8)]
pub enum Player {
    /// The first player ("+" on Steere's sheet).
    X = 0,
    /// The second player.
    O = 1,
}

impl Player {
    /// Both players, X first.
    pub const ALL: [Player; 2] = [Player::X, Player::O];

    /// The other player.
    #[must_use]
    pub const fn other(self) -> Player {
        match self {
            Player::X => Player::O,
            Player::O => Player::X,
        }
    }

    /// `'X'` or `'O'`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Player::X => 'X',
            Player::O => 'O',
        }
    }

    /// 0 for X, 1 for O.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// One value for each player, indexable by [`Player`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct ByPlayer<T> {
    /// X's value.
    pub x: T,
    /// O's value.
    pub o: T,
}

impl<T> ByPlayer<T> {
    /// Builds a pair from a function of the player.
    pub fn new_with(mut f: impl FnMut(Player) -> T) -> Self {
        ByPlayer {
            x: f(Player::X),
            o: f(Player::O),
        }
    }

    /// Applies `f` to both values.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByPlayer<U> {
        ByPlayer {
            x: f(self.x),
            o: f(self.o),
        }
    }

    /// Borrows both values.
    pub const fn as_ref(&self) -> ByPlayer<&T> {
        ByPlayer {
            x: &self.x,
            o: &self.o,
        }
    }
}

impl<T> Index<Player> for ByPlayer<T> {
    type Output = T;
    fn index(&self, p: Player) -> &T {
        match p {
            Player::X => &self.x,
            Player::O => &self.o,
        }
    }
}

impl<T> IndexMut<Player> for ByPlayer<T> {
    fn index_mut(&mut self, p: Player) -> &mut T {
        match p {
            Player::X => &mut self.x,
            Player::O => &mut self.o,
        }
    }
}
