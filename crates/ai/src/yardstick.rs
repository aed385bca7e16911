//! The yardstick of [`Board::playout`](super::Board::playout)'s speed: a
//! plain bitboard of the same rules, written the straightforward way.
//!
//! Each player's marks are nine-bit masks, one per mini grid. Each turn the
//! legal moves are collected into a list from the routed mini grid's empty
//! squares (or from every empty square when that grid is full or the player
//! has not moved yet), one of them is picked with [`Rng::below`], and the
//! full board is scored at the end with [`GRID_POINTS`]. Nothing in it is
//! deliberately slow and nothing is tuned: it is what a competent first
//! version looks like, and `cargo bench --bench ai -- playout` and `scribe
//! bench` measure the engine's board against it in the same run.

use super::board::Outcome;
use scribe_rng::Rng;
use scribe_rules::GRID_POINTS;

/// A plain bitboard position: both players' marks, their last cells, whose
/// turn it is.
///
/// ```
/// use scribe_ai::{PlainBitboard, Rng};
/// let outcome = PlainBitboard::new().playout(&mut Rng::new(7));
/// assert!(outcome.x_grids() < 512);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PlainBitboard {
    /// X's marks (index 0) and O's marks (index 1) per mini grid, bit `cell`.
    marks: [[u16; 9]; 2],
    /// Each player's last cell (0-8), `None` before their first move.
    last: [Option<u8>; 2],
    /// 0 for X, 1 for O.
    to_move: usize,
    /// Moves played.
    played: u8,
}

impl PlainBitboard {
    /// The empty board, X to move.
    #[must_use]
    pub const fn new() -> PlainBitboard {
        PlainBitboard {
            marks: [[0; 9]; 2],
            last: [None; 2],
            to_move: 0,
            played: 0,
        }
    }

    /// Whether all 81 squares are filled.
    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.played == 81
    }

    /// The empty squares of mini grid `g`.
    fn empty(&self, g: usize) -> u16 {
        !(self.marks[0][g] | self.marks[1][g]) & 0x1FF
    }

    /// The legal moves of the player to move as square indices
    /// `grid * 9 + cell`, in increasing order: `moves[..n]`.
    #[must_use]
    pub fn legal_moves(&self) -> ([u8; 81], usize) {
        let mut moves = [0u8; 81];
        let n = self.collect_moves(&mut moves);
        (moves, n)
    }

    /// Writes the legal moves into `moves` (in increasing order) and returns
    /// how many there are.
    fn collect_moves(&self, moves: &mut [u8; 81]) -> usize {
        let mut n = 0;
        let mut push = |g: usize, mut set: u16| {
            while set != 0 {
                moves[n] = (g * 9) as u8 + set.trailing_zeros() as u8;
                n += 1;
                set &= set - 1;
            }
        };
        match self.last[self.to_move] {
            Some(cell) if self.empty(usize::from(cell)) != 0 => {
                let g = usize::from(cell);
                push(g, self.empty(g));
            }
            _ => {
                for g in 0..9 {
                    push(g, self.empty(g));
                }
            }
        }
        n
    }

    /// Marks square `index` (`grid * 9 + cell`, below 81) for the player to
    /// move. The move must be legal.
    pub fn play(&mut self, index: u8) {
        let (g, cell) = (usize::from(index / 9), index % 9);
        self.marks[self.to_move][g] |= 1 << cell;
        self.last[self.to_move] = Some(cell);
        self.to_move ^= 1;
        self.played += 1;
    }

    /// The mini grids X won so far (a grid counts once it is full).
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        let mut x_grids = 0u16;
        for g in 0..9 {
            let (x, o) = (self.marks[0][g], self.marks[1][g]);
            if x | o == 0x1FF && GRID_POINTS[usize::from(x)] > GRID_POINTS[usize::from(o)] {
                x_grids |= 1 << g;
            }
        }
        Outcome::from_x_grids(x_grids)
    }

    /// Plays uniformly random legal moves to the last square and returns
    /// the outcome.
    #[must_use]
    pub fn playout(mut self, rng: &mut Rng) -> Outcome {
        let mut moves = [0u8; 81];
        while !self.is_over() {
            let n = self.collect_moves(&mut moves);
            let k = rng.below(n as u32) as usize;
            self.play(moves[k]);
        }
        self.outcome()
    }
}
