//! A tree diagram: circles of food on a grid, the lines between them, the
//! moth with its four starting circles, and the meal tracker.
//!
//! Trees are written as text art, three characters a column:
//!
//! ```text
//! N1-L2~B3 W?      circles: L N B (leaf, nut, blossom) with 1-3, W? wild,
//! |  :  \          () a starting circle, MM the moth, .. no circle
//! ()-MM ..         between circles in a row: - a line, ~ a dotted line
//! ```
//!
//! Between two rows, under each circle: `|` a line, `:` a dotted line; in the
//! gap between two columns: `\` or `/` a dotted diagonal line, `X` both.

use super::tiles::Dir;
use std::fmt;

/// A kind of food.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Food {
    /// A nut (the tracker's first column).
    Nut,
    /// A leaf (the second column).
    Leaf,
    /// A blossom (the third column).
    Blossom,
}

impl Food {
    /// In the tracker's order.
    pub const ALL: [Food; 3] = [Food::Nut, Food::Leaf, Food::Blossom];

    /// The tracker column (0–2).
    #[must_use]
    pub fn column(self) -> usize {
        match self {
            Food::Nut => 0,
            Food::Leaf => 1,
            Food::Blossom => 2,
        }
    }

    /// "nut", "leaf", "blossom".
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Food::Nut => "nut",
            Food::Leaf => "leaf",
            Food::Blossom => "blossom",
        }
    }
}

/// What a circle holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Circle {
    /// One of the four circles around the moth: filled from the start, no food.
    Start,
    /// 1 to 3 of one food.
    Food(Food, u8),
    /// One nut, leaf or blossom: the player's choice.
    Wild,
}

/// A circle on the tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Node {
    /// Column from the left, from 0.
    pub col: u8,
    /// Row from the top, from 0.
    pub row: u8,
    /// What it holds.
    pub circle: Circle,
}

/// A printed line between two circles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line {
    /// One end (a node index).
    pub a: usize,
    /// The other end.
    pub b: usize,
    /// Drawn only with the DOTTED LINE tile.
    pub dotted: bool,
}

impl Line {
    /// The other end from `n`.
    #[must_use]
    pub fn other(&self, n: usize) -> Option<usize> {
        if self.a == n {
            Some(self.b)
        } else if self.b == n {
            Some(self.a)
        } else {
            None
        }
    }
}

/// The meal tracker: three columns (nut, leaf, blossom) of 15 circles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tracker {
    /// Which circles have four arrows round them (an extra move), per column, top first.
    pub arrows: [[bool; 15]; 3],
    /// The number printed next to each row: meals collected when it is the
    /// lowest complete row.
    pub meals: [u32; 15],
    /// Points for a full column of 15.
    pub column_bonus: u32,
}

/// A tree diagram.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tree {
    /// Its name, e.g. "Ironbark".
    pub name: String,
    /// Columns of the grid.
    pub cols: u8,
    /// Rows of the grid.
    pub rows: u8,
    /// The moth's square (column, row).
    pub moth: (u8, u8),
    /// The circles.
    pub nodes: Vec<Node>,
    /// The lines.
    pub lines: Vec<Line>,
    /// The meal tracker.
    pub tracker: Tracker,
}

/// Why tree art cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeError(pub String);

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TreeError {}

impl Tree {
    /// Reads tree art (see the module doc).
    ///
    /// # Errors
    /// An unknown circle, a line with no circle at an end, no moth or a moth
    /// without exactly four starting circles around it.
    pub fn parse(name: &str, art: &str, tracker: Tracker) -> Result<Tree, TreeError> {
        // blank lines around the art are dropped; inside it a blank line is a
        // row of no links
        let all: Vec<&str> = art.lines().collect();
        let first = all.iter().position(|l| !l.trim().is_empty()).unwrap_or(0);
        let last = all
            .iter()
            .rposition(|l| !l.trim().is_empty())
            .map_or(0, |i| i + 1);
        let lines: Vec<&str> = all.get(first..last).unwrap_or(&[]).to_vec();
        let err = |m: String| Err(TreeError(format!("tree {name}: {m}")));
        if lines.len().is_multiple_of(2) {
            return err("the art must have circle rows with link rows between".into());
        }
        let rows = lines.len().div_ceil(2);
        let cell_rows: Vec<Vec<char>> = lines
            .iter()
            .step_by(2)
            .map(|l| l.chars().collect())
            .collect();
        let cols = cell_rows
            .iter()
            .map(|r| r.len().div_ceil(3))
            .max()
            .unwrap_or(0);
        let mut grid: Vec<Vec<Option<usize>>> = vec![vec![None; cols]; rows];
        let mut nodes = Vec::new();
        let mut moth = None;
        for (r, chars) in cell_rows.iter().enumerate() {
            #[allow(clippy::needless_range_loop)] // c is also the column number
            for c in 0..cols {
                let tok: String = chars.iter().skip(3 * c).take(2).collect();
                let circle = match tok.as_str() {
                    "" | ".." | "  " => continue,
                    "MM" => {
                        moth = Some((c as u8, r as u8));
                        continue;
                    }
                    "()" => Circle::Start,
                    "W?" => Circle::Wild,
                    t => {
                        let mut it = t.chars();
                        let food = match it.next() {
                            Some('N') => Food::Nut,
                            Some('L') => Food::Leaf,
                            Some('B') => Food::Blossom,
                            _ => return err(format!("row {r}, column {c}: unknown circle {t:?}")),
                        };
                        match it.next().and_then(|d| d.to_digit(10)) {
                            Some(n @ 1..=3) => Circle::Food(food, n as u8),
                            _ => return err(format!("row {r}, column {c}: unknown circle {t:?}")),
                        }
                    }
                };
                grid[r][c] = Some(nodes.len());
                nodes.push(Node {
                    col: c as u8,
                    row: r as u8,
                    circle,
                });
            }
        }
        let Some(moth) = moth else {
            return err("no moth (MM)".into());
        };
        let at = |c: usize, r: usize| grid.get(r).and_then(|row| row.get(c)).copied().flatten();
        let mut out = Vec::new();
        let mut link = |a: (usize, usize), b: (usize, usize), dotted: bool, what: char| match (
            at(a.0, a.1),
            at(b.0, b.1),
        ) {
            (Some(x), Some(y)) => {
                out.push(Line { a: x, b: y, dotted });
                Ok(())
            }
            _ => Err(TreeError(format!(
                "tree {name}: {what:?} between ({}, {}) and ({}, {}) has no circle at an end",
                a.0, a.1, b.0, b.1
            ))),
        };
        for (i, line) in lines.iter().enumerate() {
            let chars: Vec<char> = line.chars().collect();
            let r = i / 2;
            for (x, &ch) in chars.iter().enumerate() {
                let c = x / 3;
                if i % 2 == 0 {
                    if x % 3 != 2 {
                        continue;
                    }
                    match ch {
                        '-' => link((c, r), (c + 1, r), false, ch)?,
                        '~' => link((c, r), (c + 1, r), true, ch)?,
                        ' ' => {}
                        _ => return err(format!("row {r}: unknown link {ch:?}")),
                    }
                } else {
                    match (x % 3, ch) {
                        (_, ' ') => {}
                        (0, '|') => link((c, r), (c, r + 1), false, ch)?,
                        (0, ':') => link((c, r), (c, r + 1), true, ch)?,
                        (2, '\\') => link((c, r), (c + 1, r + 1), true, ch)?,
                        (2, '/') => link((c + 1, r), (c, r + 1), true, ch)?,
                        (2, 'X') => {
                            link((c, r), (c + 1, r + 1), true, ch)?;
                            link((c + 1, r), (c, r + 1), true, ch)?;
                        }
                        _ => return err(format!("below row {r}: unknown link {ch:?} at {x}")),
                    }
                }
            }
        }
        let tree = Tree {
            name: name.to_string(),
            cols: cols as u8,
            rows: rows as u8,
            moth,
            nodes,
            lines: out,
            tracker,
        };
        let (mc, mr) = (i32::from(moth.0), i32::from(moth.1));
        for d in Dir::ALL {
            let (dc, dr) = d.step();
            let n = tree.node_at(mc + dc, mr + dr);
            if !n.is_some_and(|n| tree.nodes[n].circle == Circle::Start) {
                return err(format!("no starting circle {d:?} of the moth"));
            }
        }
        if tree
            .nodes
            .iter()
            .filter(|n| n.circle == Circle::Start)
            .count()
            != 4
        {
            return err("there must be exactly four starting circles".into());
        }
        Ok(tree)
    }

    /// The circle at (column, row), if any.
    #[must_use]
    pub fn node_at(&self, col: i32, row: i32) -> Option<usize> {
        self.nodes
            .iter()
            .position(|n| i32::from(n.col) == col && i32::from(n.row) == row)
    }

    /// The solid line leaving circle `n` in direction `d`, and the circle it reaches.
    #[must_use]
    pub fn line_towards(&self, n: usize, d: Dir) -> Option<(usize, usize)> {
        let (dc, dr) = d.step();
        let from = self.nodes[n];
        let target = self.node_at(i32::from(from.col) + dc, i32::from(from.row) + dr)?;
        self.lines
            .iter()
            .position(|l| !l.dotted && l.other(n) == Some(target))
            .map(|i| (i, target))
    }

    /// The dotted lines at circle `n`, and the circles they reach.
    pub fn dotted_from(&self, n: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.lines
            .iter()
            .enumerate()
            .filter(|(_, l)| l.dotted)
            .filter_map(move |(i, l)| l.other(n).map(|m| (i, m)))
    }

    /// The circles on the top row of the tree.
    #[must_use]
    pub fn top_row(&self) -> Vec<usize> {
        let top = self.nodes.iter().map(|n| n.row).min().unwrap_or(0);
        (0..self.nodes.len())
            .filter(|&i| self.nodes[i].row == top)
            .collect()
    }

    /// The circles on the bottom row of the tree.
    #[must_use]
    pub fn bottom_row(&self) -> Vec<usize> {
        let bottom = self.nodes.iter().map(|n| n.row).max().unwrap_or(0);
        (0..self.nodes.len())
            .filter(|&i| self.nodes[i].row == bottom)
            .collect()
    }

    /// How much of each food the tree holds (wild circles not counted) and how many wild circles.
    #[must_use]
    pub fn food_totals(&self) -> ([u32; 3], u32) {
        let mut t = [0; 3];
        let mut wild = 0;
        for n in &self.nodes {
            match n.circle {
                Circle::Food(f, k) => t[f.column()] += u32::from(k),
                Circle::Wild => wild += 1,
                Circle::Start => {}
            }
        }
        (t, wild)
    }
}
