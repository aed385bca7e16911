//! Markers a camera can find: five small square targets around each blank
//! board (three on the row of column letters, two under the last tally
//! strip), and where every square is printed (`scribe boards --layout`).
//!
//! A marker is a black square ring with a black square in its middle, six
//! modules across (ring 1, gap 1, centre 2), [`MARKER_SIDE`] squares wide.
//! The positions are fixed relative to the board, in squares from the
//! top-left corner of A1 ([`MARKER_CENTERS`]), so a reader needs no template:
//! `scribe-scan` holds the same numbers, and a test checks they agree.

use super::board::{BoardGeom, col_row};
use super::canvas::{BLACK, Canvas};
use super::template::{Template, mm_to_pt};
use scribe_rules::Square;
use serde::Serialize;

/// The side of a marker, in squares.
pub const MARKER_SIDE: f32 = 0.65;

/// The centres of a board's five markers, in squares from the top-left
/// corner of A1 (x right, y down): top-left, top-middle (between columns C
/// and D), top-right (between F and G), bottom-left and bottom-right (under
/// the last tally strip).
pub const MARKER_CENTERS: [[f32; 2]; 5] = [
    [-0.4, -0.4],
    [3.375, -0.4],
    [7.125, -0.4],
    [-0.4, 12.95],
    [10.225, 12.95],
];

/// Draws a board's five markers.
pub(super) fn draw_markers(cv: &mut Canvas<'_>, geom: &BoardGeom) {
    let side = MARKER_SIDE * geom.cell;
    let m = side / 6.0;
    for [cx, cy] in MARKER_CENTERS {
        let x = geom.x0 + cx * geom.cell - side / 2.0;
        let y = geom.y0 + cy * geom.cell - side / 2.0;
        let rect = |cv: &mut Canvas<'_>, x0: f32, y0: f32, w: f32, h: f32| {
            cv.fill(
                &[[x0, y0], [x0 + w, y0], [x0 + w, y0 + h], [x0, y0 + h]],
                BLACK,
            );
        };
        rect(cv, x, y, side, m);
        rect(cv, x, y + side - m, side, m);
        rect(cv, x, y + m, m, side - 2.0 * m);
        rect(cv, x + side - m, y + m, m, side - 2.0 * m);
        rect(cv, x + 2.0 * m, y + 2.0 * m, 2.0 * m, 2.0 * m);
    }
}

/// Where every square of every board is printed: what `scribe boards
/// --layout FILE.json` writes. PDF points, origin at the page's top-left,
/// y downwards.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Layout {
    /// One entry per page.
    pub pages: Vec<PageLayout>,
}

/// One page of a [`Layout`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PageLayout {
    /// Page width in points.
    pub width: f32,
    /// Page height in points.
    pub height: f32,
    /// The boards in the template's order.
    pub boards: Vec<BoardLayout>,
}

/// One board of a [`PageLayout`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BoardLayout {
    /// `[x0, y0, x1, y1]` of each square in the order A1, B1, … I1, A2, … I9.
    pub squares: Vec<[f32; 4]>,
    /// The centres of the board's markers `[x, y]` in the order of
    /// [`MARKER_CENTERS`] (empty when the template turns them off). Not
    /// written to the JSON file.
    #[serde(skip)]
    pub markers: Vec<[f32; 2]>,
    /// The side of a marker in points (0 without markers). Not written.
    #[serde(skip)]
    pub marker_side: f32,
}

/// Where the squares (and markers) of `pages` pages of [`crate::blank_boards`]
/// are printed.
#[must_use]
pub fn blank_layout(template: &Template, pages: usize) -> Layout {
    let (width, height) = template.page_pt();
    let boards: Vec<BoardLayout> = template
        .boards
        .iter()
        .map(|slot| {
            let g = BoardGeom::fit(slot.grid);
            let squares = Square::ALL
                .iter()
                .map(|&sq| {
                    let (c, r) = col_row(sq);
                    let (x, y) = (g.col_x(c), g.row_y(r));
                    [x, y, x + g.cell, y + g.cell].map(mm_to_pt)
                })
                .collect();
            let (markers, marker_side) = if slot.markers {
                let m = MARKER_CENTERS
                    .iter()
                    .map(|[cx, cy]| [mm_to_pt(g.x0 + cx * g.cell), mm_to_pt(g.y0 + cy * g.cell)])
                    .collect();
                (m, mm_to_pt(MARKER_SIDE * g.cell))
            } else {
                (Vec::new(), 0.0)
            };
            BoardLayout {
                squares,
                markers,
                marker_side,
            }
        })
        .collect();
    Layout {
        pages: (0..pages)
            .map(|_| PageLayout {
                width,
                height,
                boards: boards.clone(),
            })
            .collect(),
    }
}
