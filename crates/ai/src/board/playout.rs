//! The random playout: uniformly random legal moves to the last square.
//!
//! This loop is most of the search's time, so it is written for speed
//! (`cargo bench --bench ai -- playout` measures it against
//! [`PlainBitboard`](crate::PlainBitboard), a plain bitboard of the same
//! rules):
//! - the moves go in pairs, X then O, so whose turn it is never has to be
//!   looked up, and one 64-bit draw of the [`Rng`] gives both moves of a pair
//!   their 32 random bits (the high half to the first, the low half to the
//!   second);
//! - the state stays in the board, indexed by constants where it can be,
//!   and array indices are left to bounds checks (predicted branches) rather
//!   than masks, which would lengthen the chain from one move to the next;
//! - the count of empty squares of a mini grid and its `k`-th empty cell come
//!   from tables indexed by the grid's occupancy, so no bit count is needed
//!   (the default x86-64 target has no `popcnt` instruction);
//! - the winners are read from X's cells once, at the end: every grid is full.
//!
//! Each move is still uniformly random among the legal moves (`k` is
//! `r * n >> 32` for 32 random bits `r` and `n` legal moves, a bias below
//! `n / 2^32`), and the same seed gives the same playout on every platform.

use super::{Board, FULL, Outcome, X_WINS};
use scribe_rng::Rng;

/// `EMPTY_COUNT[occ]`: how many cells of a mini grid with occupancy `occ`
/// are empty.
const EMPTY_COUNT: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = 9 - (m as u16).count_ones() as u8;
        m += 1;
    }
    t
};

/// `NTH_EMPTY[occ][k]`: the `k`-th empty cell (counting from cell 0) of a
/// mini grid with occupancy `occ`.
const NTH_EMPTY: [[u8; 9]; 512] = {
    let mut t = [[0u8; 9]; 512];
    let mut m = 0;
    while m < 512 {
        let mut k = 0;
        let mut bit = 0;
        while bit < 9 {
            if m & (1 << bit) == 0 {
                t[m][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        m += 1;
    }
    t
};

/// `r * n >> 32`: a number below `n` from 32 random bits.
#[inline(always)]
fn scale(r: u32, n: u32) -> u32 {
    ((u64::from(r) * u64::from(n)) >> 32) as u32
}

impl Board {
    /// Plays uniformly random legal moves until all 81 squares are filled and
    /// returns the outcome. Each move is chosen uniformly among the legal
    /// moves of the player to move.
    #[must_use]
    pub fn playout(mut self, rng: &mut Rng) -> Outcome {
        self.random_moves(rng, 81);
        let mut x_grids = 0u16;
        for g in 0..9 {
            x_grids |= u16::from(X_WINS[usize::from(self.cells[0][g] & FULL)]) << g;
        }
        Outcome::from_x_grids(x_grids)
    }

    /// Plays `steps` uniformly random legal moves (fewer if the board fills
    /// first), as [`Board::playout`] does.
    pub(crate) fn random_moves(&mut self, rng: &mut Rng, steps: u32) {
        let start = u32::from(self.empties);
        let mut left = start;
        let stop = left.saturating_sub(steps);
        // the last cells in locals (registers), not in the board: each is
        // read by the move after next
        let [mut x, mut o] = self.last;
        if left > stop && self.to_move == 1 {
            o = self.random_move::<1>(o, (rng.next_u64() >> 32) as u32, left);
            left -= 1;
        }
        while left >= stop + 2 {
            let r = rng.next_u64();
            x = self.random_move::<0>(x, (r >> 32) as u32, left);
            o = self.random_move::<1>(o, r as u32, left - 1);
            left -= 2;
        }
        if left > stop {
            x = self.random_move::<0>(x, (rng.next_u64() >> 32) as u32, left);
            left -= 1;
        }
        self.last = [x, o];
        self.empties = left as u8;
        self.to_move ^= ((start - left) & 1) as u8;
    }

    /// Plays a random legal move for player `P` (0 for X, 1 for O), whose
    /// last cell is `last`, from 32 random bits `r`; `left` squares are empty
    /// (at least 1). Returns the cell played, `P`'s new last cell; leaves
    /// `last`, `to_move` and `empties` to the caller.
    #[inline(always)]
    fn random_move<const P: usize>(&mut self, last: u8, r: u32, left: u32) -> u8 {
        let t = usize::from(last);
        let occ = self.occ[t];
        let n = EMPTY_COUNT[usize::from(occ)];
        let (g, c) = if n != 0 {
            (
                t,
                NTH_EMPTY[usize::from(occ)][scale(r, u32::from(n)) as usize],
            )
        } else {
            self.free_move(scale(r, left))
        };
        let bit = 1u16 << c;
        self.occ[g] |= bit;
        self.cells[P][g] |= bit;
        c
    }

    /// The `k`-th empty square of the board (counting grid by grid), as (mini
    /// grid, cell): the move of a player routed to a full mini grid.
    #[inline(never)]
    fn free_move(&self, mut k: u32) -> (usize, u8) {
        for g in 0..9 {
            let occ = usize::from(self.occ[g] & FULL);
            let n = u32::from(EMPTY_COUNT[occ]);
            if k < n {
                return (g, NTH_EMPTY[occ][k as usize]);
            }
            k -= n;
        }
        // unreachable while a square is empty; any square keeps it total
        (0, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::super::Move;
    use super::*;

    /// The squares `after` holds that `before` does not, as moves.
    fn new_moves(before: &Board, after: &Board) -> Vec<Move> {
        (0..81u8)
            .filter_map(Move::from_index)
            .filter(|m| {
                let (g, bit) = (usize::from(m.index() / 9), 1u16 << (m.index() % 9));
                before.occ[g] & bit == 0 && after.occ[g] & bit != 0
            })
            .collect()
    }

    /// Chi-squared of `counts` against equal chances for each of `k`
    /// outcomes, checked against a bound chance never reaches: `k - 1`
    /// degrees of freedom have mean `k - 1` and spread `sqrt(2(k - 1))`, and
    /// six spreads above the mean does not happen by chance.
    fn assert_uniform(counts: &[u32], k: usize, what: &str) {
        assert_eq!(counts.len(), k, "{what}: {counts:?}");
        let n: u32 = counts.iter().sum();
        let expected = f64::from(n) / k as f64;
        let chi2: f64 = counts
            .iter()
            .map(|&c| (f64::from(c) - expected).powi(2) / expected)
            .sum();
        let df = (k - 1) as f64;
        assert!(
            chi2 < df + 6.0 * (2.0 * df).sqrt(),
            "{what}: chi-squared {chi2:.1} for {k} moves: {counts:?}"
        );
    }

    /// The first move of the playout from `board`, drawn `per_move` times
    /// per legal move with a fixed seed: each legal move, nothing else,
    /// about equally often.
    fn assert_first_move_uniform(board: &Board, per_move: u32, seed: u64, what: &str) {
        let legal = board.legal_moves();
        let mut counts = std::collections::BTreeMap::new();
        let mut rng = Rng::new(seed);
        for _ in 0..per_move * legal.len() as u32 {
            let mut b = *board;
            b.random_moves(&mut rng, 1);
            let played = new_moves(board, &b);
            assert_eq!(played.len(), 1, "{what}");
            assert!(
                board.is_legal(played[0]),
                "{what}: {:?} at\n{board:?}",
                played[0]
            );
            *counts.entry(played[0]).or_insert(0u32) += 1;
        }
        let counts: Vec<u32> = counts.into_values().collect();
        assert_uniform(&counts, legal.len(), what);
    }

    /// A board after `moves` (packed indices) played in order.
    fn board_after(moves: &[u8]) -> Board {
        let mut b = Board::new();
        for &m in moves {
            b.play(Move::from_index(m).unwrap_or_else(|| unreachable!()));
        }
        b
    }

    /// A position reached by random moves whose player to move is routed
    /// to a full mini grid, with at least 20 moves over mini grids of
    /// different sizes (picking a grid first, then a square, would favour
    /// the squares of the emptier grids).
    fn free_move_position(seed: u64, x_to_move: bool) -> Board {
        let mut rng = Rng::new(seed);
        loop {
            let mut b = Board::new();
            while !b.is_over() {
                let n = b.legal_moves().len();
                if n >= 20 && b.empties() < 60 && (b.to_move == 0) == x_to_move {
                    return b;
                }
                b.random_moves(&mut rng, 1);
            }
        }
    }

    #[test]
    fn first_moves_are_uniform_over_the_legal_moves() {
        // X anywhere on the empty board: 81 squares
        assert_first_move_uniform(&Board::new(), 300, 1, "empty board");
        // O's first move: anywhere but X's square
        assert_first_move_uniform(&board_after(&[4 * 9 + 6]), 300, 2, "O's first move");
        // O routed to a partly filled mini grid (E4 at X's first move)
        let b = board_after(&[4 * 9 + 1, 5 * 9 + 4, 9 + 4]);
        assert!(b.to_move == 1 && b.legal_moves().len() == 8);
        assert_first_move_uniform(&b, 2000, 3, "O routed");
        // X routed to the same grid, one more square taken
        let b = board_after(&[4 * 9 + 1, 5 * 9 + 4, 9 + 4, 4 * 9 + 4]);
        assert!(b.to_move == 0 && b.legal_moves().len() == 7);
        assert_first_move_uniform(&b, 2000, 4, "X routed");
        // routed to a full mini grid: anywhere
        for (seed, x) in [(5, true), (6, false)] {
            let b = free_move_position(seed, x);
            assert_first_move_uniform(&b, 400, seed, "free move");
        }
    }

    #[test]
    fn both_moves_of_a_pair_are_uniform_and_independent() {
        // X routed to grid 6, O to grid 1, nine empty cells each whatever X
        // plays: the 81 pairs come up equally often, so the low
        // half of a draw is as good as the high half and independent of it
        let b = board_after(&[4 * 9 + 6, 5 * 9 + 1]);
        assert!(b.to_move == 0);
        let mut counts = std::collections::BTreeMap::new();
        let mut rng = Rng::new(7);
        for _ in 0..81 * 400 {
            let mut after = b;
            after.random_moves(&mut rng, 2);
            assert_eq!(after.to_move, 0);
            let played = new_moves(&b, &after);
            assert_eq!(played.len(), 2);
            let (x, o) = if after.cells[0][6] & !b.cells[0][6] != 0 {
                (played[1], played[0])
            } else {
                (played[0], played[1])
            };
            assert_eq!((x.index() / 9, o.index() / 9), (6, 1), "{after:?}");
            *counts.entry((x, o)).or_insert(0u32) += 1;
        }
        let counts: Vec<u32> = counts.into_values().collect();
        assert_uniform(&counts, 81, "pairs");
    }

    #[test]
    fn random_moves_are_legal_and_keep_the_board_consistent() {
        let mut rng = Rng::new(9);
        for _ in 0..300 {
            let mut b = Board::new();
            while !b.is_over() {
                let before = b;
                b.random_moves(&mut rng, 1);
                let played = new_moves(&before, &b);
                assert_eq!(played.len(), 1);
                assert!(before.is_legal(played[0]), "{:?} at\n{before:?}", played[0]);
                let mut expected = before;
                expected.play(played[0]);
                assert_eq!(b, expected);
            }
        }
    }

    #[test]
    fn playout_is_the_outcome_of_the_filled_board_and_fixed_by_the_seed() {
        let start = board_after(&[4 * 9 + 6, 5 * 9 + 1, 6 * 9]);
        for seed in 0..200 {
            let mut b = start;
            b.random_moves(&mut Rng::new(seed), 81);
            assert!(b.is_over());
            assert_eq!(b.outcome(), start.playout(&mut Rng::new(seed)));
            let mut b = start;
            let mut rng = Rng::new(seed);
            b.random_moves(&mut rng, 5);
            b.random_moves(&mut rng, 81);
            assert!(b.is_over());
        }
        // the same on every platform: pinned
        let grids: Vec<u16> = (0..4)
            .map(|seed| Board::new().playout(&mut Rng::new(seed)).x_grids())
            .collect();
        assert_eq!(grids, [169, 466, 229, 147]);
    }
}
