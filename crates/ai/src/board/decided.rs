//! Mini grids, and games, whose winner is already fixed before the last
//! square is filled.
//!
//! A mini grid is decided when every way of filling its empty cells gives
//! the same winner; the game is decided when the decided grids settle it
//! however the open ones go (five grids to one player in Majority; in Super
//! Glyph, every way of giving the open grids away scores the same winner on
//! the 3x3 board). The exact solver stops there instead of searching on to
//! the full board.

use super::{Board, FULL, Move, X_WINS};
use scribe_rules::{Player, Variant};
use std::sync::LazyLock;

/// Not decided.
const OPEN: u8 = 0;
/// X wins however the empty cells are filled.
const X_WON: u8 = 1;
/// O wins however the empty cells are filled.
const O_WON: u8 = 2;

/// The player a table entry names, if any.
fn settled_for(entry: u8) -> Option<Player> {
    match entry {
        X_WON => Some(Player::X),
        O_WON => Some(Player::O),
        _ => None,
    }
}

/// `DECIDED[occ << 9 | x]` for a 3x3 board whose occupied cells are `occ`,
/// X's among them `x`: [`X_WON`], [`O_WON`] or [`OPEN`]. The same table
/// serves a mini grid and the Super Glyph board of won grids, which is
/// scored like one. Entries with `x` outside `occ` are never read.
static DECIDED: LazyLock<Vec<u8>> = LazyLock::new(|| {
    let mut table = vec![OPEN; 1 << 18];
    for occ in 0..=FULL {
        let empty = !occ & FULL;
        // every X part of the occupied cells
        let mut x = occ;
        loop {
            // every way of giving the empty cells to X (the rest to O)
            let (mut some_x, mut some_o) = (false, false);
            let mut s = empty;
            loop {
                if X_WINS[usize::from(x | s)] {
                    some_x = true;
                } else {
                    some_o = true;
                }
                if s == 0 {
                    break;
                }
                s = (s - 1) & empty;
            }
            table[usize::from(occ) << 9 | usize::from(x)] = match (some_x, some_o) {
                (true, false) => X_WON,
                (false, true) => O_WON,
                _ => OPEN,
            };
            if x == 0 {
                break;
            }
            x = (x - 1) & occ;
        }
    }
    table
});

impl Board {
    /// The mini grids whose winner is already fixed: (won by X, won by O),
    /// bit `g` for grid index `g`. Full grids are among them.
    #[must_use]
    pub fn decided_grids(&self) -> (u16, u16) {
        let (mut x_won, mut o_won) = (0u16, 0u16);
        for g in 0..9 {
            let occ = self.occ[g] & FULL;
            match DECIDED[usize::from(occ) << 9 | usize::from(self.cells[0][g] & occ)] {
                X_WON => x_won |= 1 << g,
                O_WON => o_won |= 1 << g,
                _ => {}
            }
        }
        (x_won, o_won)
    }

    /// Whose mini grid `m`'s grid is after `m` is played, if that is
    /// settled: whoever gets it however its empty cells are filled (a move
    /// that fills a grid settles it).
    #[must_use]
    pub fn grid_settled_by(&self, m: Move) -> Option<Player> {
        let (g, bit) = (usize::from(m.index() / 9), 1u16 << (m.index() % 9));
        let occ = (self.occ[g] | bit) & FULL;
        let x = self.cells[0][g] | if self.to_move == 0 { bit } else { 0 };
        settled_for(DECIDED[usize::from(occ) << 9 | usize::from(x & occ)])
    }

    /// The winner of the game under `variant` if it is already fixed,
    /// however the empty squares are filled; on a full board, the winner.
    #[must_use]
    pub fn decided_winner(&self, variant: Variant) -> Option<Player> {
        let (x_won, o_won) = self.decided_grids();
        match variant {
            Variant::Majority if x_won.count_ones() >= 5 => Some(Player::X),
            Variant::Majority if o_won.count_ones() >= 5 => Some(Player::O),
            Variant::Majority => None,
            Variant::SuperGlyph => {
                settled_for(DECIDED[usize::from(x_won | o_won) << 9 | usize::from(x_won)])
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use scribe_rng::Rng;

    /// A full grid is decided for its winner; an empty one is open.
    #[test]
    fn full_grids_are_decided_for_their_winner_and_empty_ones_are_open() {
        for x in 0..=FULL {
            let expected = if X_WINS[usize::from(x)] { X_WON } else { O_WON };
            assert_eq!(DECIDED[usize::from(FULL) << 9 | usize::from(x)], expected);
        }
        assert_eq!(DECIDED[0], OPEN);
    }

    /// Exhaustive over all 3^9 part-filled grids: decided means every
    /// filling of the empty cells, counted again here one by one, has the
    /// one winner, and open means two fillings differ.
    #[test]
    fn a_decided_grid_has_one_winner_over_every_filling() {
        let mut decided = 0;
        for occ in 0..=FULL {
            for x in (0..=FULL).filter(|x| x & !occ == 0) {
                let winners: std::collections::BTreeSet<bool> = (0..=FULL)
                    .filter(|fill| fill & occ == 0)
                    .map(|fill| X_WINS[usize::from(x | fill)])
                    .collect();
                let got = DECIDED[usize::from(occ) << 9 | usize::from(x)];
                match got {
                    X_WON => assert_eq!(winners, [true].into()),
                    O_WON => assert_eq!(winners, [false].into()),
                    _ => assert_eq!(winners.len(), 2, "occ {occ:09b} x {x:09b}"),
                }
                decided += usize::from(got != OPEN && occ != FULL);
            }
        }
        // some grids are settled before they are full (a 9-Block needs only
        // so many cells), or the table would be no use
        assert!(decided > 1000, "{decided}");
    }

    /// Random games: once the game is decided, every random finish from
    /// there has that winner, and at the end it is the game's winner.
    #[test]
    fn a_decided_game_ends_with_that_winner() {
        let mut rng = Rng::new(11);
        let mut early = [0u32; 2];
        for game in 0..400 {
            let variant = if game % 2 == 0 {
                Variant::Majority
            } else {
                Variant::SuperGlyph
            };
            let mut b = Board::new();
            let mut seen = None;
            while !b.is_over() {
                if let Some(w) = b.decided_winner(variant) {
                    seen.get_or_insert((w, b.empties()));
                    for _ in 0..4 {
                        assert_eq!(b.playout(&mut rng).winner(variant), w, "{b:?}");
                    }
                }
                b.random_moves(&mut rng, 1);
            }
            let end = b.outcome().winner(variant);
            assert_eq!(
                b.decided_winner(variant),
                Some(end),
                "a full board is decided"
            );
            let (w, empties) = seen.unwrap_or((end, 0));
            assert_eq!(w, end);
            if empties >= 6 {
                early[game % 2] += 1;
            }
        }
        // many random games are settled well before the last square (about
        // 90 of 200 in each variant with this seed)
        assert!(early.iter().all(|&n| n > 50), "{early:?}");
    }
}
