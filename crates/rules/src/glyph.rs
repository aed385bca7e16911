//! The 19 glyphs of Scribe and the tables that recognise them.
//!
//! A group is a player's squares in one mini grid connected orthogonally.
//! It scores its size if its shape, under any rotation or mirror image, is
//! exactly one of the glyphs; otherwise nothing. All tables here are built at
//! compile time: a mini grid has only 512 possible sets of cells.

use super::mask::GridMask;
use std::fmt;

/// One of the 19 glyphs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Glyph {
    /// `#` — 1 point.
    Single,
    /// `##` — 2 points.
    Double,
    /// `###` — 3 points.
    Line,
    /// `..#/###` — 4 points.
    Pipe,
    /// `###/.#.` — 4 points.
    SquatT,
    /// `##/##` — 4 points.
    FourBlock,
    /// `###/.#./.#.` — 5 points.
    T,
    /// `.#./###/.#.` — 5 points.
    Cross,
    /// `###/###` — 6 points.
    SixBlock,
    /// `###/.##/..#` — 6 points.
    Bomber,
    /// `..#/###/#.#` — 6 points (also called the Llama).
    Chair,
    /// `..#/#.#/###` — 6 points.
    J,
    /// `.##/#.#/###` — 7 points.
    Earring,
    /// `.#./###/###` — 7 points.
    House,
    /// `#.#/###/#.#` — 7 points.
    H,
    /// `#.#/#.#/###` — 7 points.
    U,
    /// `###/###/#.#` — 8 points.
    Ottoman,
    /// `###/#.#/###` — 8 points.
    O,
    /// `###/###/###` — 9 points.
    NineBlock,
}

/// All 19 glyphs, by points then in the order of the rules' table.
pub const GLYPHS: [Glyph; 19] = [
    Glyph::Single,
    Glyph::Double,
    Glyph::Line,
    Glyph::Pipe,
    Glyph::SquatT,
    Glyph::FourBlock,
    Glyph::T,
    Glyph::Cross,
    Glyph::SixBlock,
    Glyph::Bomber,
    Glyph::Chair,
    Glyph::J,
    Glyph::Earring,
    Glyph::House,
    Glyph::H,
    Glyph::U,
    Glyph::Ottoman,
    Glyph::O,
    Glyph::NineBlock,
];

/// The drawing of each glyph as in the rules: rows top to bottom, `#` marked.
const PATTERNS: [&str; 19] = [
    "#",
    "##",
    "###",
    "..#/###",
    "###/.#.",
    "##/##",
    "###/.#./.#.",
    ".#./###/.#.",
    "###/###",
    "###/.##/..#",
    "..#/###/#.#",
    "..#/#.#/###",
    ".##/#.#/###",
    ".#./###/###",
    "#.#/###/#.#",
    "#.#/#.#/###",
    "###/###/#.#",
    "###/#.#/###",
    "###/###/###",
];

const NAMES: [&str; 19] = [
    "Single", "Double", "Line", "Pipe", "Squat-T", "4-Block", "T", "Cross", "6-Block", "Bomber",
    "Chair", "J", "Earring", "House", "H", "U", "Ottoman", "O", "9-Block",
];

impl Glyph {
    /// The glyph's name exactly as in the rules' table (`"Squat-T"`, `"4-Block"`, …).
    #[must_use]
    pub const fn name(self) -> &'static str {
        NAMES[self as usize]
    }

    /// Points: the number of squares in the glyph.
    #[must_use]
    pub const fn points(self) -> u8 {
        GLYPH_MASKS[self as usize].count_ones() as u8
    }

    /// The glyph as drawn in the rules, as a set of cells of a 3x3 box
    /// anchored at the upper-left.
    #[must_use]
    pub const fn mask(self) -> GridMask {
        GridMask(GLYPH_MASKS[self as usize])
    }

    /// Rows of the drawing, top to bottom, `#` marked and `.` blank.
    pub fn rows(self) -> impl Iterator<Item = &'static str> {
        PATTERNS[self as usize].split('/')
    }

    /// Width and height of the drawing in cells.
    #[must_use]
    pub fn size(self) -> (usize, usize) {
        let rows: Vec<&str> = self.rows().collect();
        (rows[0].len(), rows.len())
    }

    /// The glyph whose shape is exactly this connected group of cells, in any
    /// rotation or mirror image and any place in the 3x3 grid; `None` if the
    /// group is not a glyph (or is empty or not connected).
    #[must_use]
    pub const fn of_group(group: GridMask) -> Option<Glyph> {
        let id = GROUP_GLYPH[(group.0 & 0x1FF) as usize];
        if id == 0 {
            None
        } else {
            Some(GLYPHS[id as usize - 1])
        }
    }

    /// Looks a glyph up by its name as in the rules.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Glyph> {
        GLYPHS.into_iter().find(|g| g.name() == name)
    }
}

impl fmt::Display for Glyph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

const fn parse_pattern(p: &str) -> u16 {
    let b = p.as_bytes();
    let (mut i, mut row, mut col, mut m) = (0, 0, 0, 0u16);
    while i < b.len() {
        match b[i] {
            b'/' => {
                row += 1;
                col = 0;
            }
            b'#' => {
                m |= 1 << (row * 3 + col);
                col += 1;
            }
            _ => col += 1,
        }
        i += 1;
    }
    m
}

const GLYPH_MASKS: [u16; 19] = {
    let mut a = [0u16; 19];
    let mut i = 0;
    while i < 19 {
        a[i] = parse_pattern(PATTERNS[i]);
        i += 1;
    }
    a
};

const COL0: u16 = 0b001_001_001;
const COL2: u16 = 0b100_100_100;

/// Cells orthogonally next to any cell of `m`.
pub(crate) const fn neighbours(m: u16) -> u16 {
    ((m << 3) | (m >> 3) | ((m << 1) & !COL0) | ((m >> 1) & !COL2)) & 0x1FF
}

/// The connected component of `mask` containing its lowest cell.
pub(crate) const fn component(mask: u16) -> u16 {
    if mask == 0 {
        return 0;
    }
    let mut grow = mask & mask.wrapping_neg();
    loop {
        let next = (grow | neighbours(grow)) & mask;
        if next == grow {
            return grow;
        }
        grow = next;
    }
}

/// Moves a shape up and left until it touches the top row and left column.
const fn normalise(mut m: u16) -> u16 {
    if m == 0 {
        return 0;
    }
    while m & 0b111 == 0 {
        m >>= 3;
    }
    while m & COL0 == 0 {
        m >>= 1;
    }
    m
}

/// Rotates a 3x3 shape a quarter turn clockwise: (r, c) -> (c, 2 - r).
const fn rotate(m: u16) -> u16 {
    let mut out = 0;
    let mut i = 0;
    while i < 9 {
        if m & (1 << i) != 0 {
            let (r, c) = (i / 3, i % 3);
            out |= 1 << (c * 3 + (2 - r));
        }
        i += 1;
    }
    out
}

/// Mirrors a 3x3 shape left to right.
const fn mirror(m: u16) -> u16 {
    let mut out = 0;
    let mut i = 0;
    while i < 9 {
        if m & (1 << i) != 0 {
            let (r, c) = (i / 3, i % 3);
            out |= 1 << (r * 3 + (2 - c));
        }
        i += 1;
    }
    out
}

/// The smallest normalised form of a shape over its 8 symmetries.
const fn canonical(m: u16) -> u16 {
    let mut best = u16::MAX;
    let mut s = m;
    let mut k = 0;
    while k < 8 {
        if k == 4 {
            s = mirror(s);
        }
        let n = normalise(s);
        if n < best {
            best = n;
        }
        s = rotate(s);
        k += 1;
    }
    best
}

/// For each set of cells: 0 if it is not a connected glyph, else glyph index + 1.
const GROUP_GLYPH: [u8; 512] = {
    let mut canon = [0u16; 19];
    let mut g = 0;
    while g < 19 {
        canon[g] = canonical(GLYPH_MASKS[g]);
        g += 1;
    }
    let mut table = [0u8; 512];
    let mut m = 1;
    while m < 512 {
        if component(m as u16) == m as u16 {
            let c = canonical(m as u16);
            let mut g = 0;
            while g < 19 {
                if canon[g] == c {
                    table[m] = g as u8 + 1;
                }
                g += 1;
            }
        }
        m += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_match_the_rules_table() {
        let expected = [1, 2, 3, 4, 4, 4, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 9];
        for (g, p) in GLYPHS.iter().zip(expected) {
            assert_eq!(g.points(), p, "{g}");
        }
    }

    #[test]
    fn glyphs_are_distinct_connected_shapes() {
        for (i, a) in GLYPHS.iter().enumerate() {
            assert_eq!(component(a.mask().0), a.mask().0, "{a} is connected");
            assert_eq!(Glyph::of_group(a.mask()), Some(*a));
            for b in &GLYPHS[i + 1..] {
                assert_ne!(canonical(a.mask().0), canonical(b.mask().0), "{a} vs {b}");
            }
        }
    }

    #[test]
    fn every_placement_of_every_symmetry_is_recognised() {
        for g in GLYPHS {
            let mut s = g.mask().0;
            for k in 0..8 {
                if k == 4 {
                    s = mirror(s);
                }
                let n = normalise(s);
                // every translation that stays inside the 3x3 grid
                for dr in 0..3 {
                    for dc in 0..3 {
                        let mut moved = 0u16;
                        let mut fits = true;
                        for i in 0..9 {
                            if n & (1 << i) != 0 {
                                let (r, c) = (i / 3 + dr, i % 3 + dc);
                                if r > 2 || c > 2 {
                                    fits = false;
                                } else {
                                    moved |= 1 << (r * 3 + c);
                                }
                            }
                        }
                        if fits {
                            assert_eq!(Glyph::of_group(GridMask(moved)), Some(g));
                        }
                    }
                }
                s = rotate(s);
            }
        }
    }

    #[test]
    fn non_glyph_shapes_score_nothing() {
        // L-tromino, S-tetromino, P-pentomino, the L of seed 003, a small U, a long S
        for p in [
            "#./##",
            ".##/##.",
            "##/##/#.",
            "#../#../###",
            "#.#/###",
            "##./.#./.##",
        ] {
            let m = parse_pattern(p);
            assert_eq!(Glyph::of_group(GridMask(m)), None, "{p}");
        }
    }

    #[test]
    fn the_pipe_is_the_l_tetromino_and_not_a_subset() {
        // "..#/###" is the Pipe; the same cells plus one more are a new shape.
        assert_eq!(
            Glyph::of_group(GridMask(parse_pattern("#../###"))),
            Some(Glyph::Pipe)
        );
        assert_eq!(
            Glyph::of_group(GridMask(parse_pattern("#../#../###"))),
            None
        );
    }
}
