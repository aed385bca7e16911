//! Bit sets: the cells of one mini grid, and squares of the whole board.

use super::square::{GridIndex, Square};

/// A set of cells of one mini grid: bit `i` is the cell with zero-based
/// index `i` in reading order (bit 0 upper-left, bit 8 lower-right).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct GridMask(pub u16);

impl GridMask {
    /// No cells.
    pub const EMPTY: GridMask = GridMask(0);
    /// All nine cells.
    pub const FULL: GridMask = GridMask(0x1FF);

    /// The set holding one cell.
    #[must_use]
    pub const fn single(cell: GridIndex) -> GridMask {
        GridMask(1 << cell.index())
    }

    /// Whether `cell` is in the set.
    #[must_use]
    pub const fn contains(self, cell: GridIndex) -> bool {
        self.0 & (1 << cell.index()) != 0
    }

    /// Number of cells.
    #[must_use]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether all nine cells are present.
    #[must_use]
    pub const fn is_full(self) -> bool {
        self.0 & 0x1FF == 0x1FF
    }

    /// The cells not in the set.
    #[must_use]
    pub const fn complement(self) -> GridMask {
        GridMask(!self.0 & 0x1FF)
    }

    /// Union.
    #[must_use]
    pub const fn union(self, other: GridMask) -> GridMask {
        GridMask(self.0 | other.0)
    }

    /// The cells, in reading order.
    pub fn iter(self) -> impl Iterator<Item = GridIndex> {
        GridIndex::ALL
            .into_iter()
            .filter(move |&c| self.contains(c))
    }
}

/// A set of squares of the super grid: bit `i` is [`Square::index`] `i`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SquareSet(pub u128);

impl SquareSet {
    /// No squares.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// Whether `sq` is in the set.
    #[must_use]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.index()) != 0
    }

    /// Adds a square.
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1 << sq.index();
    }

    /// Number of squares.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The squares in index order.
    pub fn iter(self) -> impl Iterator<Item = Square> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Square::from_index(i)
        })
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        let mut s = SquareSet::EMPTY;
        for sq in iter {
            s.insert(sq);
        }
        s
    }
}
