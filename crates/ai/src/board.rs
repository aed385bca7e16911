//! The search board: nine-bit masks per mini grid, a compact move type, and
//! the random playout at the heart of the search.
//!
//! [`Board`] holds the same information as [`Position`] but is laid out for
//! speed: one `u16` per player per mini grid, an occupancy mask per grid, and
//! each player's last cell (which names the grid they are routed to). A
//! sentinel tenth "grid" that is always full stands for "no last move yet",
//! so the first move and a move routed to a full grid take the same path.

use scribe_rules::{GRID_POINTS, GridIndex, Player, Position, Square, Variant};
use std::fmt;

mod decided;
mod playout;

const FULL: u16 = 0x1FF;
/// The sentinel "last cell" of a player who has not moved yet.
const NONE: u8 = 9;

/// For each filling of a mini grid by X (O holds the rest): does X win it?
/// Built at compile time from [`GRID_POINTS`]. The same table decides the
/// Super Glyph game, whose 3x3 board is scored like a mini grid.
const X_WINS: [bool; 512] = {
    let mut t = [false; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = GRID_POINTS[m] > GRID_POINTS[!m & 0x1FF];
        m += 1;
    }
    t
};

/// A move on the search board: mini grid and cell packed as `grid * 9 + cell`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u8);

impl Move {
    /// The move marking `cell` of mini grid `grid`.
    #[must_use]
    pub const fn new(grid: GridIndex, cell: GridIndex) -> Move {
        Move((grid.index() * 9 + cell.index()) as u8)
    }

    /// The move marking a square.
    #[must_use]
    pub const fn from_square(sq: Square) -> Move {
        Move::new(sq.grid(), sq.cell())
    }

    /// The square this move marks.
    #[must_use]
    pub fn square(self) -> Square {
        Square::from_grid_cell(self.grid(), self.cell())
    }

    /// The mini grid.
    #[must_use]
    pub fn grid(self) -> GridIndex {
        GridIndex::ALL[usize::from(self.0 / 9)]
    }

    /// The cell inside the mini grid.
    #[must_use]
    pub fn cell(self) -> GridIndex {
        GridIndex::ALL[usize::from(self.0 % 9)]
    }

    /// The packed index 0–80 (`grid * 9 + cell`).
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// From a packed index; `None` if it is not below 81.
    #[must_use]
    pub const fn from_index(index: u8) -> Option<Move> {
        if index < 81 { Some(Move(index)) } else { None }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.square(), f)
    }
}

/// The legal moves of a board, without allocating.
#[derive(Clone, Copy)]
pub struct MoveList {
    moves: [Move; 81],
    len: u8,
}

impl MoveList {
    const fn new() -> MoveList {
        MoveList {
            moves: [Move(0); 81],
            len: 0,
        }
    }

    fn push(&mut self, m: Move) {
        self.moves[usize::from(self.len)] = m;
        self.len += 1;
    }

    /// Removes the `k`-th move and returns it; the last move takes its
    /// place (`k` must be below [`MoveList::len`]).
    pub fn swap_remove(&mut self, k: usize) -> Move {
        let last = usize::from(self.len) - 1;
        self.moves.swap(k, last);
        self.len -= 1;
        self.moves[last]
    }

    /// The moves as a slice.
    #[must_use]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..usize::from(self.len)]
    }

    /// The moves as a mutable slice (for shuffling or ordering).
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..usize::from(self.len)]
    }

    /// How many moves.
    #[must_use]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether there is no legal move (the board is full).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// The mini grids each player won on a full board, and from them the winner
/// of either variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    x_grids: u16,
}

impl Outcome {
    /// The outcome in which X won the mini grids of `x_grids` (bit `g` for
    /// grid index `g`).
    pub(crate) const fn from_x_grids(x_grids: u16) -> Outcome {
        Outcome { x_grids }
    }

    /// The mini grids X won (bit `g` for grid index `g`); O won the rest.
    #[must_use]
    pub const fn x_grids(self) -> u16 {
        self.x_grids
    }

    /// The winner under `variant`: more mini grids (Majority), or the higher
    /// glyph score of the 3x3 board of won grids (Super Glyph). Never a tie.
    #[must_use]
    pub fn winner(self, variant: Variant) -> Player {
        let x = match variant {
            Variant::Majority => self.x_grids.count_ones() >= 5,
            Variant::SuperGlyph => X_WINS[usize::from(self.x_grids)],
        };
        if x { Player::X } else { Player::O }
    }
}

/// The position as the search sees it. Small and `Copy`.
///
/// ```
/// use scribe_ai::{Board, Rng};
/// use scribe_rules::Variant;
/// let board = Board::new();
/// assert_eq!(board.legal_moves().len(), 81);
/// let outcome = board.playout(&mut Rng::new(7)); // fills all 81 squares
/// let _winner = outcome.winner(Variant::SuperGlyph);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    /// Cells held per player (X = 0, O = 1) per mini grid.
    cells: [[u16; 9]; 2],
    /// Occupied cells per mini grid; entry 9 is the always-full sentinel.
    occ: [u16; 10],
    /// Each player's last cell (0–8), or [`NONE`].
    last: [u8; 2],
    /// 0 for X, 1 for O.
    to_move: u8,
    /// Empty squares left.
    empties: u8,
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..9u8 {
            let line: String = (0..9u8)
                .map(|col| {
                    Square::new(col, row).map_or('?', |sq| {
                        let (g, c) = (sq.grid().index(), sq.cell().index());
                        if self.cells[0][g] & (1 << c) != 0 {
                            'x'
                        } else if self.cells[1][g] & (1 << c) != 0 {
                            'o'
                        } else {
                            '.'
                        }
                    })
                })
                .collect();
            writeln!(f, "{line}")?;
        }
        write!(
            f,
            "to move {}, last {:?}",
            self.to_move().letter(),
            self.last
        )
    }
}

impl Board {
    /// The empty board, X to move.
    #[must_use]
    pub const fn new() -> Board {
        let mut occ = [0u16; 10];
        occ[9] = FULL;
        Board {
            cells: [[0; 9]; 2],
            occ,
            last: [NONE; 2],
            to_move: 0,
            empties: 81,
        }
    }

    /// The same position as a rules [`Position`].
    #[must_use]
    pub fn from_position(position: &Position) -> Board {
        let mut b = Board::new();
        for p in Player::ALL {
            let cells = position.player_cells(p);
            for (g, mask) in cells.iter().enumerate() {
                b.cells[p.index()][g] = mask.0 & FULL;
                b.occ[g] |= mask.0 & FULL;
            }
            b.last[p.index()] = position
                .last_move(p)
                .map_or(NONE, |sq| sq.cell().index() as u8);
        }
        b.to_move = position.to_move().index() as u8;
        b.empties = (81 - position.moves_played()) as u8;
        b
    }

    /// The player to move.
    #[must_use]
    pub const fn to_move(&self) -> Player {
        if self.to_move == 0 {
            Player::X
        } else {
            Player::O
        }
    }

    /// Empty squares left (0 when the game is over).
    #[must_use]
    pub const fn empties(&self) -> u32 {
        self.empties as u32
    }

    /// Whether all 81 squares are filled.
    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.empties == 0
    }

    /// The cells `player` holds in mini grid `grid` (bit `i` = cell index `i`).
    #[must_use]
    pub const fn grid_cells(&self, player: Player, grid: GridIndex) -> u16 {
        self.cells[player.index()][grid.index()]
    }

    /// The grid the player to move is routed to, if it has an empty square.
    #[inline]
    fn routed_empty(&self) -> (usize, u16) {
        let t = usize::from(self.last[usize::from(self.to_move)]);
        (t, !self.occ[t] & FULL)
    }

    /// The legal moves of the player to move (none once the board is full).
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        let (t, empty) = self.routed_empty();
        if empty != 0 {
            let mut e = empty;
            while e != 0 {
                list.push(Move((t * 9) as u8 + e.trailing_zeros() as u8));
                e &= e - 1;
            }
        } else {
            for g in 0..9 {
                let mut e = !self.occ[g] & FULL;
                while e != 0 {
                    list.push(Move((g * 9) as u8 + e.trailing_zeros() as u8));
                    e &= e - 1;
                }
            }
        }
        list
    }

    /// Whether the player to move may play `m`.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        let (g, c) = (usize::from(m.0 / 9), m.0 % 9);
        if self.occ[g] & (1 << c) != 0 {
            return false;
        }
        let (t, empty) = self.routed_empty();
        empty == 0 || t == g
    }

    /// Plays a move for the player to move. The move must be legal (see
    /// [`Board::legal_moves`]); an illegal one leaves a meaningless board but
    /// never panics.
    #[inline]
    pub fn play(&mut self, m: Move) {
        let (g, c) = (usize::from(m.0 / 9), m.0 % 9);
        self.place(g, c);
    }

    #[inline]
    fn place(&mut self, g: usize, c: u8) {
        let p = usize::from(self.to_move & 1);
        let bit = 1u16 << (c & 15);
        self.cells[p][g] |= bit;
        self.occ[g] |= bit;
        self.last[p] = c;
        self.to_move ^= 1;
        self.empties = self.empties.saturating_sub(1);
    }

    /// The mini grids won so far; on a full board, the game's outcome.
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        let mut x_grids = 0u16;
        for g in 0..9 {
            if self.occ[g] == FULL && X_WINS[usize::from(self.cells[0][g])] {
                x_grids |= 1 << g;
            }
        }
        Outcome { x_grids }
    }

    /// The winner under `variant`, once the board is full.
    #[must_use]
    pub fn winner(&self, variant: Variant) -> Option<Player> {
        self.is_over().then(|| self.outcome().winner(variant))
    }

    /// A key naming the position exactly: X's cells in bits 0–80 of the first
    /// word, O's in bits 0–80 of the second with both last cells above them.
    /// (Whose turn it is follows from the number of empty squares.)
    #[must_use]
    pub fn key(&self) -> (u128, u128) {
        let mut x = 0u128;
        let mut o = 0u128;
        for g in 0..9 {
            x |= u128::from(self.cells[0][g]) << (9 * g);
            o |= u128::from(self.cells[1][g]) << (9 * g);
        }
        o |= u128::from(self.last[0]) << 81 | u128::from(self.last[1]) << 85;
        (x, o)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentinel_routes_anywhere() {
        let b = Board::new();
        assert_eq!(b.legal_moves().len(), 81);
        let mut b2 = b;
        b2.play(Move(4 * 9 + 6));
        // O has not moved yet: anywhere but the taken square.
        assert_eq!(b2.legal_moves().len(), 80);
        b2.play(Move(5 * 9 + 1));
        // X routed to grid 6 (index 6).
        let l = b2.legal_moves();
        assert_eq!(l.len(), 9);
        assert!(l.as_slice().iter().all(|m| m.0 / 9 == 6));
    }

    #[test]
    fn move_square_round_trip() {
        for sq in Square::ALL {
            assert_eq!(Move::from_square(sq).square(), sq);
        }
    }
}
