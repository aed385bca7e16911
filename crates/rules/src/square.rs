//! Squares `A1`–`I9` and mini grid indices.

use std::fmt;
use std::str::FromStr;

/// A square of the 9x9 super grid. Column `A`–`I` left to right, row `1`–`9`
/// top to bottom: `A1` is the top-left square, `I9` the bottom-right.
///
/// Always in range once constructed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// A mini grid (1–9 in reading order), or equally a position inside a mini
/// grid: the position of a move inside its mini grid names the mini grid its
/// player must use next. Stored zero-based.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GridIndex(u8);

impl GridIndex {
    /// All nine, in reading order.
    pub const ALL: [GridIndex; 9] = {
        let mut a = [GridIndex(0); 9];
        let mut i = 0;
        while i < 9 {
            a[i] = GridIndex(i as u8);
            i += 1;
        }
        a
    };

    /// From a zero-based index 0–8.
    #[must_use]
    pub const fn new(index: u8) -> Option<GridIndex> {
        if index < 9 {
            Some(GridIndex(index))
        } else {
            None
        }
    }

    /// From the one-based number 1–9 used in notation.
    #[must_use]
    pub const fn from_number(number: u8) -> Option<GridIndex> {
        if number >= 1 && number <= 9 {
            Some(GridIndex(number - 1))
        } else {
            None
        }
    }

    /// Zero-based index 0–8.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// One-based number 1–9.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// Row 0–2 of this grid (or cell) in its 3x3 arrangement.
    #[must_use]
    pub const fn row(self) -> u8 {
        self.0 / 3
    }

    /// Column 0–2.
    #[must_use]
    pub const fn col(self) -> u8 {
        self.0 % 3
    }

    /// The nine squares of this mini grid in reading order.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        GridIndex::ALL
            .into_iter()
            .map(move |cell| Square::from_grid_cell(self, cell))
    }

    /// The span of the mini grid in notation, e.g. `D4-F6` for grid 5.
    #[must_use]
    pub fn span(self) -> String {
        let first = Square::from_grid_cell(self, GridIndex(0));
        let last = Square::from_grid_cell(self, GridIndex(8));
        format!("{first}-{last}")
    }

    /// A name for the position, as in "upper-left".
    #[must_use]
    pub const fn position_name(self) -> &'static str {
        [
            "upper-left",
            "upper-middle",
            "upper-right",
            "middle-left",
            "centre",
            "middle-right",
            "lower-left",
            "lower-middle",
            "lower-right",
        ][self.0 as usize]
    }
}

impl fmt::Debug for GridIndex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid{}", self.number())
    }
}

impl fmt::Display for GridIndex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

impl Square {
    /// All 81 squares, row by row from `A1`.
    pub const ALL: [Square; 81] = {
        let mut a = [Square(0); 81];
        let mut i = 0;
        while i < 81 {
            a[i] = Square(i as u8);
            i += 1;
        }
        a
    };

    /// From a column 0–8 (`A`–`I`) and row 0–8 (`1`–`9`).
    #[must_use]
    pub const fn new(col: u8, row: u8) -> Option<Square> {
        if col < 9 && row < 9 {
            Some(Square(row * 9 + col))
        } else {
            None
        }
    }

    /// From a row-major index 0–80 (`A1` = 0, `B1` = 1, …, `I9` = 80).
    #[must_use]
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 81 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square at position `cell` inside mini grid `grid`.
    #[must_use]
    pub const fn from_grid_cell(grid: GridIndex, cell: GridIndex) -> Square {
        Square((grid.row() * 3 + cell.row()) * 9 + grid.col() * 3 + cell.col())
    }

    /// Row-major index 0–80.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Column 0–8.
    #[must_use]
    pub const fn col(self) -> u8 {
        self.0 % 9
    }

    /// Row 0–8 (row `1` is 0).
    #[must_use]
    pub const fn row(self) -> u8 {
        self.0 / 9
    }

    /// The mini grid this square belongs to.
    #[must_use]
    pub const fn grid(self) -> GridIndex {
        GridIndex((self.row() / 3) * 3 + self.col() / 3)
    }

    /// The position of this square inside its mini grid — which is also the
    /// mini grid its player must play in next.
    #[must_use]
    pub const fn cell(self) -> GridIndex {
        GridIndex((self.row() % 3) * 3 + self.col() % 3)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.col()) as char, self.row() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A square is written as its name (`"E5"`), as in the move lists.
impl serde::Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A mini grid is written as its index, 0–8 in reading order.
impl serde::Serialize for GridIndex {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.0)
    }
}

impl<'de> serde::Deserialize<'de> for GridIndex {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<GridIndex, D::Error> {
        let i = u8::deserialize(d)?;
        GridIndex::new(i).ok_or_else(|| serde::de::Error::custom(format!("no mini grid {i}")))
    }
}

/// Why a piece of text is not a square.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{} is not a square: {reason}", super::quote(text))]
pub struct ParseSquareError {
    /// The text that was given.
    pub text: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses `A1`–`I9`, case-insensitive.
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let err = |reason| ParseSquareError {
            text: s.to_string(),
            reason,
        };
        let mut chars = s.chars();
        let (Some(c), Some(r), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(err("a square is a column letter A-I then a row digit 1-9"));
        };
        let col = match c.to_ascii_uppercase() {
            l @ 'A'..='I' => l as u8 - b'A',
            _ => return Err(err("the column must be a letter A-I")),
        };
        let row = match r {
            d @ '1'..='9' => d as u8 - b'1',
            _ => return Err(err("the row must be a digit 1-9")),
        };
        Ok(Square(row * 9 + col))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_and_grids() {
        let a1: Square = "a1".parse().unwrap();
        assert_eq!(a1.index(), 0);
        assert_eq!(a1.to_string(), "A1");
        let i9: Square = "I9".parse().unwrap();
        assert_eq!(i9.grid().number(), 9);
        assert_eq!(i9.cell().number(), 9);
        let d6: Square = "D6".parse().unwrap();
        assert_eq!(d6.grid().number(), 5);
        assert_eq!(
            d6.cell().number(),
            7,
            "D6 is the lower-left corner of the centre grid"
        );
        assert_eq!(GridIndex::from_number(5).unwrap().span(), "D4-F6");
    }

    #[test]
    fn grid_cell_round_trip_is_a_bijection() {
        let mut seen = [false; 81];
        for g in GridIndex::ALL {
            for c in GridIndex::ALL {
                let sq = Square::from_grid_cell(g, c);
                assert_eq!((sq.grid(), sq.cell()), (g, c));
                assert!(!seen[sq.index()]);
                seen[sq.index()] = true;
            }
        }
    }

    #[test]
    fn bad_squares_are_refused() {
        for bad in ["", "A", "J1", "A0", "A10", "11", "AA", "é1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }
}
