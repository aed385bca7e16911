//! The exact endgame solver: a win/loss negamax with alpha-beta cut-offs
//! (a boolean search stops at the first winning reply) and a transposition
//! table keyed by the exact position. A line stops as soon as its winner is
//! settled ([`Board::decided_winner`]: five mini grids in Majority, say),
//! however many squares are still empty.

use super::board::{Board, Move, MoveList};
use scribe_rules::Variant;
use std::sync::atomic::{AtomicBool, Ordering};
use web_time::Instant;

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
        // settled before the board is full: no need to search on
        if let Some(w) = board.decided_winner(self.variant) {
            return Some(w == board.to_move());
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

    /// The legal moves, those that settle their mini grid for the mover
    /// first ([`Board::grid_settled_by`]); in Majority, those that settle it
    /// for the other player last (in Super Glyph that made the search
    /// longer: `scribe bench --solver`).
    fn ordered(&self, board: &Board) -> MoveList {
        let mut moves = board.legal_moves();
        let mover = board.to_move();
        let slice = moves.as_mut_slice();
        let (mut front, mut back) = (0, slice.len());
        let mut i = 0;
        while i < back {
            match board.grid_settled_by(slice[i]) {
                Some(p) if p == mover => {
                    slice.swap(front, i);
                    front += 1;
                    i += 1;
                }
                Some(_) if self.variant == Variant::Majority => {
                    back -= 1;
                    slice.swap(i, back);
                }
                _ => i += 1,
            }
        }
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use scribe_rng::Rng;

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

    /// Whether the player to move wins, by looking at every line to the
    /// full board: no cut-offs, no table, no early stop.
    fn brute_force(board: &Board, variant: Variant) -> bool {
        if board.is_over() {
            return board.outcome().winner(variant) == board.to_move();
        }
        board.legal_moves().as_slice().iter().any(|&m| {
            let mut child = *board;
            child.play(m);
            !brute_force(&child, variant)
        })
    }

    /// The solver (settled lines cut short, moves ordered, the table kept
    /// from one position to the next) agrees with the plain search over
    /// every line, on positions from random games with 9 and 10 squares
    /// left, in both variants, and its move wins when it says so.
    #[test]
    fn the_solver_agrees_with_a_search_of_every_line() {
        let stop = AtomicBool::new(false);
        let mut rng = Rng::new(21);
        for variant in [Variant::Majority, Variant::SuperGlyph] {
            let mut solver = Solver::new(variant);
            let mut wins = 0;
            for i in 0..120 {
                let mut b = Board::new();
                while b.empties() > 9 + i % 2 {
                    b.random_moves(&mut rng, 1);
                }
                let proof = solver
                    .solve(&b, u64::MAX, &stop)
                    .unwrap_or_else(|| unreachable!("no budget to run out"));
                assert_eq!(proof.wins, brute_force(&b, variant), "{variant}\n{b:?}");
                if proof.wins {
                    wins += 1;
                    let mut after = b;
                    after.play(proof.best.unwrap_or_else(|| unreachable!()));
                    assert!(!brute_force(&after, variant), "{variant}\n{b:?}");
                }
            }
            // both answers come up
            assert!((20..100).contains(&wins), "{variant}: {wins} wins of 120");
        }
    }
}
