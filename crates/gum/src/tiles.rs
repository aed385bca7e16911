//! The eight movement tiles and the mother moth's deal.

use scribe_rng::Rng;
use std::fmt;

/// A direction on the tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dir {
    /// Towards the left edge.
    Left,
    /// Towards the right edge.
    Right,
    /// Towards the top.
    Up,
    /// Towards the bottom.
    Down,
}

impl Dir {
    /// All four.
    pub const ALL: [Dir; 4] = [Dir::Left, Dir::Right, Dir::Up, Dir::Down];

    /// (column, row) step.
    #[must_use]
    pub fn step(self) -> (i32, i32) {
        match self {
            Dir::Left => (-1, 0),
            Dir::Right => (1, 0),
            Dir::Up => (0, -1),
            Dir::Down => (0, 1),
        }
    }
}

/// A movement tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Movement {
    /// Draw a line to the left.
    Left,
    /// Draw a line to the right.
    Right,
    /// Draw a line upwards.
    Up,
    /// Draw a line downwards.
    Down,
    /// Left or right, the player's choice.
    LeftRight,
    /// Up or down, the player's choice.
    UpDown,
    /// Along a dotted line.
    Dotted,
}

/// The eight tiles: the seven kinds the seed lists, and a second DOTTED
/// LINE tile as the eighth (so that every way of moving is on exactly two
/// tiles: each direction on its own tile and on a pair tile, dotted on two).
pub const TILES: [Movement; 8] = [
    Movement::Left,
    Movement::Right,
    Movement::Up,
    Movement::Down,
    Movement::LeftRight,
    Movement::UpDown,
    Movement::Dotted,
    Movement::Dotted,
];

impl Movement {
    /// The tile's words, as printed on it: `LEFT`, `UP/DOWN`, `DOTTED LINE`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Movement::Left => "LEFT",
            Movement::Right => "RIGHT",
            Movement::Up => "UP",
            Movement::Down => "DOWN",
            Movement::LeftRight => "LEFT/RIGHT",
            Movement::UpDown => "UP/DOWN",
            Movement::Dotted => "DOTTED LINE",
        }
    }

    /// The solid-line directions it allows (none for the dotted tile).
    #[must_use]
    pub fn dirs(self) -> &'static [Dir] {
        match self {
            Movement::Left => &[Dir::Left],
            Movement::Right => &[Dir::Right],
            Movement::Up => &[Dir::Up],
            Movement::Down => &[Dir::Down],
            Movement::LeftRight => &[Dir::Left, Dir::Right],
            Movement::UpDown => &[Dir::Up, Dir::Down],
            Movement::Dotted => &[],
        }
    }

    /// An arrow picture for a screen: `←`, `↕`, `⋯`.
    #[must_use]
    pub fn arrows(self) -> &'static str {
        match self {
            Movement::Left => "←",
            Movement::Right => "→",
            Movement::Up => "↑",
            Movement::Down => "↓",
            Movement::LeftRight => "↔",
            Movement::UpDown => "↕",
            Movement::Dotted => "⋯",
        }
    }
}

impl fmt::Display for Movement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One round's tiles: one set aside unseen, seven revealed in this order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoundDeal {
    /// The tile put back in the box unseen.
    pub set_aside: Movement,
    /// The seven tiles turned over, in order.
    pub revealed: [Movement; 7],
}

/// Shuffles the eight tiles (Fisher–Yates) and deals a round.
#[must_use]
pub fn deal_round(rng: &mut Rng) -> RoundDeal {
    let mut t = TILES;
    for i in (1..t.len()).rev() {
        let j = rng.below(i as u32 + 1) as usize;
        t.swap(i, j);
    }
    let mut revealed = [Movement::Left; 7];
    revealed.copy_from_slice(&t[1..]);
    RoundDeal {
        set_aside: t[0],
        revealed,
    }
}

/// The three rounds of a game dealt from `seed` (the same on every machine).
#[must_use]
pub fn deal_game(seed: u64) -> [RoundDeal; 3] {
    let mut rng = Rng::new(seed);
    [
        deal_round(&mut rng),
        deal_round(&mut rng),
        deal_round(&mut rng),
    ]
}

/// The mother moth: reveals the tiles of three rounds one at a time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MotherMoth {
    rounds: [RoundDeal; 3],
    /// Tiles revealed so far in all (0–21).
    shown: usize,
}

impl MotherMoth {
    /// Rounds per game.
    pub const ROUNDS: usize = 3;
    /// Turns per round.
    pub const TURNS: usize = 7;

    /// A new game dealt from `seed`.
    #[must_use]
    pub fn new(seed: u64) -> MotherMoth {
        MotherMoth {
            rounds: deal_game(seed),
            shown: 0,
        }
    }

    /// Turns over the next tile; `None` after the 21st.
    pub fn reveal(&mut self) -> Option<Movement> {
        if self.is_over() {
            return None;
        }
        let t = self.rounds[self.shown / 7].revealed[self.shown % 7];
        self.shown += 1;
        Some(t)
    }

    /// The round of the last tile revealed (1–3; 1 before the first).
    #[must_use]
    pub fn round(&self) -> usize {
        (self.shown.max(1) - 1) / 7 + 1
    }

    /// The turn of the last tile revealed within its round (0 before the first, then 1–7).
    #[must_use]
    pub fn turn(&self) -> usize {
        if self.shown == 0 {
            0
        } else {
            (self.shown - 1) % 7 + 1
        }
    }

    /// The tiles revealed in the current round, in order (kept visible on the table).
    #[must_use]
    pub fn revealed_this_round(&self) -> &[Movement] {
        if self.shown == 0 {
            return &[];
        }
        &self.rounds[self.round() - 1].revealed[..self.turn()]
    }

    /// The tile face up now, if any (the last one turned this round).
    #[must_use]
    pub fn current(&self) -> Option<Movement> {
        self.revealed_this_round().last().copied()
    }

    /// The round (1–3) and turn (0 before the round's first tile, then 1–7).
    #[must_use]
    pub fn round_turn(&self) -> (usize, usize) {
        (self.round(), self.turn())
    }

    /// Whether the round of the last tile is complete (time to score meals).
    #[must_use]
    pub fn round_over(&self) -> bool {
        self.shown > 0 && self.shown.is_multiple_of(7)
    }

    /// Whether all 21 tiles have been revealed.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.shown >= 21
    }

    /// The three rounds' deals.
    #[must_use]
    pub fn rounds(&self) -> &[RoundDeal; 3] {
        &self.rounds
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_round_uses_seven_of_the_eight_tiles() {
        for seed in 0..100 {
            for deal in deal_game(seed) {
                let mut all: Vec<Movement> = deal.revealed.to_vec();
                all.push(deal.set_aside);
                let count = |m| all.iter().filter(|&&x| x == m).count();
                for m in TILES {
                    assert_eq!(count(m), TILES.iter().filter(|&&x| x == m).count());
                }
            }
        }
        assert_eq!(deal_game(5), deal_game(5));
        assert_ne!(deal_game(5), deal_game(6));
    }

    #[test]
    fn the_mother_moth_counts_rounds_and_turns() {
        let mut m = MotherMoth::new(1);
        assert_eq!((m.round(), m.turn()), (1, 0));
        let first = m.reveal().unwrap();
        assert_eq!(m.revealed_this_round(), &[first]);
        for _ in 1..7 {
            m.reveal();
        }
        assert!(m.round_over());
        assert_eq!(
            (m.round(), m.turn(), m.revealed_this_round().len()),
            (1, 7, 7)
        );
        m.reveal();
        assert_eq!(
            (m.round(), m.turn(), m.revealed_this_round().len()),
            (2, 1, 1)
        );
        while m.reveal().is_some() {}
        assert!(m.is_over());
        assert_eq!(m.round(), 3);
    }
}
