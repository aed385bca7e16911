//! The parts of a paper board: the super grid with its coordinates and the
//! room for each mini grid's tally and winner's mark, and the glyph legend.

use super::canvas::{Align, BLACK, BLUE, Canvas, FAINT, Ink};
use super::template::Rect;
use scribe_pen::{self as pen, Jitter, Point};
use scribe_record::MarkStyle;
use scribe_rules::{GLYPHS, GridIndex, Player, Square};

/// Column gap between mini grids, in cells.
const GAP_X: f32 = 0.75;
/// Row gap between mini grids (it holds the tally and the winner's mark), in cells.
pub(crate) const GAP_Y: f32 = 1.25;
/// The side of the mark before each tally line of a blank board, in cells.
pub(crate) const TALLY_MARK: f32 = 0.25;
/// Room for the coordinates, in cells.
const LABEL: f32 = 0.8;

/// Where the super grid lies on the page.
#[derive(Debug, Clone, Copy)]
pub(crate) struct BoardGeom {
    /// Left edge of column A.
    pub x0: f32,
    /// Top edge of row 1.
    pub y0: f32,
    /// Side of one square, mm.
    pub cell: f32,
}

impl BoardGeom {
    /// The largest board that fits `r`, centred horizontally, at its top.
    pub fn fit(r: Rect) -> BoardGeom {
        let units_w = LABEL + 9.0 + 2.0 * GAP_X;
        let units_h = LABEL + 9.0 + 3.0 * GAP_Y;
        let cell = (r.w / units_w).min(r.h / units_h);
        let used_w = cell * units_w;
        BoardGeom {
            x0: r.x + (r.w - used_w) / 2.0 + LABEL * cell,
            y0: r.y + LABEL * cell,
            cell,
        }
    }

    /// Total height including the coordinates and the last tally strip.
    pub fn height(&self) -> f32 {
        self.cell * (LABEL + 9.0 + 3.0 * GAP_Y)
    }

    /// Left edge of column `c` (0–8).
    pub fn col_x(&self, c: usize) -> f32 {
        self.x0 + self.cell * (c as f32 + (c / 3) as f32 * GAP_X)
    }

    /// Top edge of row `r` (0–8).
    pub fn row_y(&self, r: usize) -> f32 {
        self.y0 + self.cell * (r as f32 + (r / 3) as f32 * GAP_Y)
    }

    /// Top-left corner of a mini grid.
    pub fn grid_origin(&self, g: GridIndex) -> Point {
        [
            self.col_x(usize::from(g.col()) * 3),
            self.row_y(usize::from(g.row()) * 3),
        ]
    }

    /// Centre of a square.
    pub fn center(&self, sq: Square) -> Point {
        let (c, r) = col_row(sq);
        [
            self.col_x(c) + self.cell / 2.0,
            self.row_y(r) + self.cell / 2.0,
        ]
    }

    /// The winner's-mark box below a mini grid: (centre, side).
    pub fn winner_box(&self, g: GridIndex) -> (Point, f32) {
        let [x, y] = self.grid_origin(g);
        let side = self.cell * 0.6;
        (
            [
                x + 3.0 * self.cell - side / 2.0,
                y + 3.0 * self.cell + self.cell * GAP_Y * 0.5,
            ],
            side,
        )
    }
}

impl BoardGeom {
    /// The strip under a mini grid, between it and the next row of mini
    /// grids, in mm: the room for the tally and the winner's mark.
    pub fn strip_height(&self) -> f32 {
        self.cell * GAP_Y
    }

    /// Where each player writes a mini grid's tally on a blank board: the
    /// centre of their mark, and the write-in line from `x0` to `x1` on the
    /// baseline `y`, left of the winner's box.
    pub fn tally_slots(&self, g: GridIndex) -> [(Player, Point, [f32; 3]); 2] {
        let [x, y] = self.grid_origin(g);
        let (_, side) = self.winner_box(g);
        let c = self.cell;
        let baseline = y + 3.0 * c + self.strip_height() * 0.62;
        let room = 3.0 * c - side - 0.15 * c;
        let half = room / 2.0;
        let mark = TALLY_MARK * c;
        [Player::X, Player::O].map(|p| {
            let left = x + half * p.index() as f32;
            let center = [left + mark * 0.55, baseline - mark * 0.45];
            (
                p,
                center,
                [left + mark * 1.2, left + half - 0.1 * c, baseline],
            )
        })
    }
}

/// Column and row (0–8) of a square.
pub(crate) fn col_row(sq: Square) -> (usize, usize) {
    let i = sq.index();
    (i % 9, i / 9)
}

/// A seed for one stroke of one page element.
pub(crate) fn seed(parts: &[u64]) -> u64 {
    Jitter::seed_of(parts)
}

/// Draws the empty super grid, its coordinates and the winner's-mark boxes.
pub(crate) fn draw_grid(cv: &mut Canvas<'_>, g: &BoardGeom, text_pt: f32, salt: u64) {
    let c = g.cell;
    let strong = (c * 0.055).clamp(0.35, 0.8);
    let thin = strong * 0.45;
    for grid in GridIndex::ALL {
        let [x, y] = g.grid_origin(grid);
        let k = grid.index() as u64;
        let s = 3.0 * c;
        let corners = [[x, y], [x + s, y], [x + s, y + s], [x, y + s]];
        let border = pen::closed_path(&corners, strong * 0.9, seed(&[salt, 1, k]));
        cv.strokes(&border, strong, BLUE);
        for i in 1..3 {
            let d = i as f32 * c;
            cv.line(
                [x + d, y],
                [x + d, y + s],
                thin,
                BLUE,
                seed(&[salt, 2, k, i]),
            );
            cv.line(
                [x, y + d],
                [x + s, y + d],
                thin,
                BLUE,
                seed(&[salt, 3, k, i]),
            );
        }
        let ([bx, by], side) = g.winner_box(grid);
        let h = side / 2.0;
        let boxc = [
            [bx - h, by - h],
            [bx + h, by - h],
            [bx + h, by + h],
            [bx - h, by + h],
        ];
        cv.strokes(
            &pen::closed_path(&boxc, thin * 0.8, seed(&[salt, 4, k])),
            thin,
            FAINT,
        );
    }
    let size = text_pt * 0.95;
    for i in 0..9 {
        let letter = char::from(b'A' + i as u8).to_string();
        cv.text(
            g.col_x(i) + c / 2.0,
            g.y0 - c * 0.22,
            size,
            &letter,
            Align::Center,
            BLUE,
        );
        cv.text(
            g.x0 - c * 0.25,
            g.row_y(i) + c / 2.0 + size * 0.12,
            size,
            &(i + 1).to_string(),
            Align::Right,
            BLUE,
        );
    }
}

/// Draws a player's mark in a square of side `size` centred at `center`.
pub(crate) fn draw_mark(
    cv: &mut Canvas<'_>,
    player: Player,
    marks: MarkStyle,
    center: Point,
    size: f32,
    ink: Ink,
    seed: u64,
) {
    let width = (size * 0.07).clamp(0.3, 0.9);
    let wobble = size * 0.04;
    let strokes = match (player, marks) {
        (Player::X, MarkStyle::PlusO) => pen::mark_plus(center, size, wobble, seed),
        (Player::X, MarkStyle::XO) => pen::mark_x(center, size, wobble, seed),
        (Player::O, _) => pen::mark_o(center, size, wobble, seed),
    };
    cv.strokes(&strokes, width, ink);
}

/// A slashed mark's grey: lighter than a live mark's near black, so each
/// player's last move (the one mark not slashed) stands out.
pub(crate) const SLASHED: Ink = Ink(0.58, 0.58, 0.62);

/// A square's mark as the paper shows it: a live mark (its player's last
/// move) in near black; a slashed one in grey with a black slash through it,
/// steeper than any stroke of an X or a + ([`pen::slash`]). `size` is the
/// mark's box; the slash is taller and sticks out above and below.
pub(crate) fn draw_square_mark(
    cv: &mut Canvas<'_>,
    player: Player,
    marks: MarkStyle,
    center: Point,
    size: f32,
    slashed: bool,
    seeds: [u64; 2],
) {
    let ink = if slashed { SLASHED } else { BLACK };
    draw_mark(cv, player, marks, center, size, ink, seeds[0]);
    if slashed {
        let s = pen::slash(center, size * 1.3, size * 0.04, seeds[1]);
        cv.stroke(&s, (size * 0.09).clamp(0.3, 0.9), BLACK);
    }
}

/// Draws the 19 glyphs as dot diagrams with their names and points, in
/// `columns` columns filling `r`.
pub(crate) fn draw_legend(cv: &mut Canvas<'_>, r: Rect, columns: u8, text_pt: f32, salt: u64) {
    let legend = pen::legend();
    let cols = usize::from(columns.max(1));
    let rows = GLYPHS.len().div_ceil(cols);
    let col_w = r.w / cols as f32;
    let entry_h = r.h / rows as f32;
    // dot pitch: three dots tall within 80% of an entry, and at most 40% of the width
    let pitch = (entry_h * 0.8 / 3.0).min(col_w * 0.4 / 3.0);
    let radius = pitch * 0.3;
    for (i, (glyph, caption)) in legend.iter().enumerate() {
        let (col, row) = (i / rows, i % rows);
        let x = r.x + col as f32 * col_w;
        let y = r.y + row as f32 * entry_h;
        let (gw, gh) = glyph.size();
        // centre the drawing in a 3x3 box, the box centred in the entry's height
        let box_top = y + (entry_h - 3.0 * pitch) / 2.0;
        let ox = x + (3 - gw) as f32 * pitch / 2.0;
        let oy = box_top + (3 - gh) as f32 * pitch / 2.0;
        for (k, (dc, dr)) in pen::glyph_dots(*glyph).into_iter().enumerate() {
            let center = [
                ox + (dc as f32 + 0.5) * pitch,
                oy + (dr as f32 + 0.5) * pitch,
            ];
            cv.dot(center, radius, BLACK, seed(&[salt, 10, i as u64, k as u64]));
        }
        let tx = x + 3.0 * pitch + pitch * 0.45;
        let max_w = (x + col_w - tx - 0.8).max(1.0);
        let size = text_pt.min(entry_h * 0.5 * 72.0 / 25.4);
        cv.text_fit(
            [tx, y + entry_h / 2.0 + size * 0.12],
            size,
            max_w,
            caption,
            Align::Left,
            BLACK,
        );
    }
}

/// A small empty 3x3 grid (the super glyph board) with its top-left corner at `origin`.
pub(crate) fn draw_small_grid(cv: &mut Canvas<'_>, origin: Point, side: f32, salt: u64) {
    let [x, y] = origin;
    let corners = [[x, y], [x + side, y], [x + side, y + side], [x, y + side]];
    cv.strokes(
        &pen::closed_path(&corners, 0.3, seed(&[salt, 1])),
        0.45,
        BLUE,
    );
    for i in 1..3u64 {
        let d = i as f32 * side / 3.0;
        cv.line(
            [x + d, y],
            [x + d, y + side],
            0.2,
            BLUE,
            seed(&[salt, 2, i]),
        );
        cv.line(
            [x, y + d],
            [x + side, y + d],
            0.2,
            BLUE,
            seed(&[salt, 3, i]),
        );
    }
}

/// A dashed line from `a` to `b`, each dash a short pen stroke.
pub(crate) fn dashed(cv: &mut Canvas<'_>, a: Point, b: Point, width: f32, ink: Ink, salt: u64) {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let len = (dx * dx + dy * dy).sqrt().max(1e-3);
    let (dash, period) = (2.5, 5.0);
    let mut k = 0u64;
    let mut at = 0.0;
    while at < len {
        let (t0, t1) = (at / len, ((at + dash) / len).min(1.0));
        let p0 = [a[0] + dx * t0, a[1] + dy * t0];
        let p1 = [a[0] + dx * t1, a[1] + dy * t1];
        cv.line(p0, p1, width, ink, seed(&[salt, k]));
        at += period;
        k += 1;
    }
}

/// A hand-drawn horizontal rule for writing on, from `x0` to `x1` at `y`.
pub(crate) fn rule(cv: &mut Canvas<'_>, x0: f32, x1: f32, y: f32, seed: u64) {
    cv.line([x0, y], [x1, y], 0.22, FAINT, seed);
}
