//! The exact endgame solver: a win/loss negamax with alpha-beta cut-offs
//! (a boolean search stops at the first winning reply) and a transposition
//! table keyed by the exact position.

use super::board::{Board, Move, MoveList};
use scribe_rules::Variant;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

const TT_BITS: u32 = 19;
const STOP_CHECK: u64 = 4096;

#[derive(Clone, Copy, Default)]
struct Entry {
    x: u128,
    /// O's cells and last cells as in [`Board::key`]; bit 127 set = occupied,
    /// bit 126 = the side to move wins.
    o: u128,
}

const USED: u128 = 1 << 127;
const WINS: u128 = 1 << 126;

/// What the solver proved about a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Proof {
    /// Whether the player to move wins with best play.
    pub wins: bool,
    /// A winning move if `wins`, otherwise some legal move (all lose).
    pub best: Option<Move>,
}

/// An exact solver for one variant. Its table persists between calls: a
/// proved position stays proved.
pub struct Solver {
    variant: Variant,
    table: Vec<Entry>,
    nodes: u64,
    budget: u64,
    deadline: Option<Instant>,
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("variant", &self.variant)
            .field("nodes", &self.nodes)
            .finish_non_exhaustive()
    }
}

impl Solver {
    /// A solver for `variant` with a 16 MiB table.
    #[must_use]
    pub fn new(variant: Variant) -> Solver {
        Solver {
            variant,
            table: vec![Entry::default(); 1 << TT_BITS],
            nodes: 0,
            budget: 0,
            deadline: None,
        }
    }

    /// The variant it plays for.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// Nodes searched by the last call.
    #[must_use]
    pub const fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Solves `board` exactly, searching at most `budget` nodes. Returns
    /// `None` if the budget runs out, `stop` is set, or the board is full.
    pub fn solve(&mut self, board: &Board, budget: u64, stop: &AtomicBool) -> Option<Proof> {
        self.solve_until(board, budget, None, stop)
    }

    /// As [`Solver::solve`], also giving up at `deadline`.
    pub fn solve_until(
        &mut self,
        board: &Board,
        budget: u64,
        deadline: Option<Instant>,
        stop: &AtomicBool,
    ) -> Option<Proof> {
        self.nodes = 0;
        self.budget = budget;
        self.deadline = deadline;
        if board.is_over() {
            return None;
        }
        let moves = self.ordered(board);
        let mut first = None;
        for &m in moves.as_slice() {
            first.get_or_insert(m);
            let mut child = *board;
            child.play(m);
            if !self.wins(&child, stop)? {
                return Some(Proof {
                    wins: true,
                    best: Some(m),
                });
            }
        }
        Some(Proof {
            wins: false,
            best: first,
        })
    }

    /// Whether the player to move on `board` wins; `None` when aborted.
    fn wins(&mut self, board: &Board, stop: &AtomicBool) -> Option<bool> {
        if board.is_over() {
            return Some(board.outcome().winner(self.variant) == board.to_move());
        }
        if board.empties() == 1 {
            let mut b = *board;
            if let Some(&m) = board.legal_moves().as_slice().first() {
                b.play(m);
            }
            return Some(b.outcome().winner(self.variant) == board.to_move());
        }
        self.nodes += 1;
        if self.nodes > self.budget
            || (self.nodes.is_multiple_of(STOP_CHECK)
                && (stop.load(Ordering::Relaxed)
                    || self.deadline.is_some_and(|d| Instant::now() >= d)))
        {
            return None;
        }
        let (kx, ko) = board.key();
        let slot = Self::slot(kx, ko);
        let e = self.table[slot];
        if e.o & USED != 0 && e.x == kx && e.o & !(USED | WINS) == ko {
            return Some(e.o & WINS != 0);
        }
        let moves = self.ordered(board);
        let mut result = false;
        for &m in moves.as_slice() {
            let mut child = *board;
            child.play(m);
            if !self.wins(&child, stop)? {
                result = true;
                break;
            }
        }
        self.table[slot] = Entry {
            x: kx,
            o: ko | USED | if result { WINS } else { 0 },
        };
        Some(result)
    }

    fn slot(x: u128, o: u128) -> usize {
        let h = (x as u64 ^ (x >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ (o as u64 ^ (o >> 64) as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        (h.rotate_left(29).wrapping_mul(0x1656_67B1_9E37_79F9) >> (64 - TT_BITS)) as usize
    }

    /// Moves that fill a mini grid and win it for the mover first.
    fn ordered(&self, board: &Board) -> MoveList {
        let mut moves = board.legal_moves();
        let slice = moves.as_mut_slice();
        let mut front = 0;
        for i in 0..slice.len() {
            if board.wins_grid(slice[i]) {
                slice.swap(front, i);
                front += 1;
            }
        }
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn last_move_is_solved_by_looking() {
        let mut rng = Rng::new(1);
        let mut b = Board::new();
        while b.empties() > 3 {
            let l = b.legal_moves();
            b.play(l.as_slice()[rng.below(l.len() as u32) as usize]);
        }
        let stop = AtomicBool::new(false);
        let mut s = Solver::new(Variant::Majority);
        assert!(s.solve(&b, 1000, &stop).is_some());
    }
}
