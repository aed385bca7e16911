//! The board widget: nine mini grids drawn with the pen on a sheet of paper.
//!
//! Written in the four steps of an egui widget: size (the board keeps its
//! proportions and fills the space it is given), allocate, interact (every
//! square is its own clickable area named "Square C8"), paint. Everything is
//! laid out in *board units* — one unit is the side of a square — and the
//! pen strokes are computed in those units with fixed seeds, so the drawing
//! scales with the window and never moves between frames.

use super::ink::{self, MarkStyle, Sheet};
use crate::pen::{self, Jitter, Point};
use crate::rules::{Glyph, GridIndex, Player, Position, Square, Target};
use egui::{Align2, FontId, Rect, Role, Sense, Shape, Ui, Vec2, WidgetInfo};

/// Room for the column letters above the board.
const TOP: f32 = 0.75;
/// Room for the row numbers left of the board.
const LEFT: f32 = 0.75;
/// The gap between mini grids; the gap under each mini grid holds its tallies
/// and, once it is full, its winner's mark.
const GAP: f32 = 0.85;
/// Room for the row numbers right of the board.
const RIGHT: f32 = 0.7;
/// Room for the column letters under the last tallies.
const BOTTOM: f32 = 0.55;
/// The board's width in board units.
pub const WIDTH: f32 = LEFT + 9.0 + 2.0 * GAP + RIGHT;
/// The board's height in board units.
pub const HEIGHT: f32 = TOP + 9.0 + 3.0 * GAP + BOTTOM;

// Seeds of the different kinds of stroke.
const SEED_LINE: u64 = 1;
const SEED_BORDER: u64 = 2;
const SEED_MARK: u64 = 3;
const SEED_SLASH: u64 = 4;
const SEED_OUTLINE: u64 = 5;
const SEED_WINNER: u64 = 6;
const SEED_HIGHLIGHT: u64 = 7;
const SEED_TALLY: u64 = 8;

/// The smallest tally font size, in points: the hand's digits are 0.66 em
/// tall, so they stay 12 px tall at 100% zoom in the smallest window (where
/// the board's own scale, 0.36 of a square, would give about 8).
const TALLY_MIN_SIZE: f32 = 18.0;

/// The top-left corner of a square, in board units.
#[must_use]
pub fn cell_origin(sq: Square) -> Point {
    let (c, r) = (sq.col(), sq.row());
    [
        LEFT + f32::from(c) + f32::from(c / 3) * GAP,
        TOP + f32::from(r) + f32::from(r / 3) * GAP,
    ]
}

fn cell_center(sq: Square) -> Point {
    let o = cell_origin(sq);
    [o[0] + 0.5, o[1] + 0.5]
}

/// The top-left corner of a mini grid, in board units.
#[must_use]
pub fn grid_origin(g: GridIndex) -> Point {
    cell_origin(Square::from_grid_cell(g, GridIndex::ALL[0]))
}

/// What the board shows and allows.
pub struct BoardView<'a> {
    /// The position to draw.
    pub position: &'a Position,
    /// How marks look.
    pub style: MarkStyle,
    /// Whether clicks play moves (false when looking at an earlier position
    /// or while the computer thinks). Clicks are still reported.
    pub live: bool,
    /// A legend glyph under the pointer: its occurrences are washed in green.
    pub glyph: Option<Glyph>,
    /// A square the computer suggests (Hint): circled in pencil.
    pub hint: Option<Square>,
}

/// What happened on the board this frame.
#[derive(Debug, Clone, Copy, Default)]
pub struct BoardResponse {
    /// A square that was clicked.
    pub clicked: Option<Square>,
    /// The square under the pointer.
    pub hovered: Option<Square>,
}

impl BoardView<'_> {
    /// Lays out, handles and paints the board in the space `ui` has left.
    pub fn show(self, ui: &mut Ui) -> BoardResponse {
        // 1. size: as large as fits, keeping the proportions
        let avail = ui.available_size();
        let unit = (avail.x / WIDTH).min(avail.y / HEIGHT).max(10.0);
        // 2. allocate the whole area, centre the board in it
        let (area, response) = ui.allocate_exact_size(avail, Sense::hover());
        response.widget_info(|| WidgetInfo::labeled(Role::Canvas, true, "Board"));
        let board = Rect::from_center_size(area.center(), Vec2::new(WIDTH, HEIGHT) * unit);
        let painter = ui.painter_at(area);
        let sheet = Sheet {
            painter: &painter,
            origin: board.min,
            unit,
        };

        // 3. interact: one clickable area per square
        let mut out = BoardResponse::default();
        let base = ui.make_persistent_id("board-squares");
        for sq in Square::ALL {
            let r = Rect::from_min_size(sheet.pos(cell_origin(sq)), Vec2::splat(unit));
            let resp = ui.interact(r, base.with(sq.index()), Sense::click());
            let live = self.live;
            resp.widget_info(|| WidgetInfo::labeled(Role::Button, live, format!("Square {sq}")));
            if resp.hovered() {
                out.hovered = Some(sq);
                let legal = self.live && self.position.check(sq).is_ok();
                ui.ctx().set_cursor_icon(if legal {
                    egui::CursorIcon::PointingHand
                } else {
                    egui::CursorIcon::NotAllowed
                });
            }
            if resp.clicked() {
                out.clicked = Some(sq);
            }
        }

        // 4. paint
        self.paint(&sheet, board, out.hovered);
        out
    }

    fn paint(&self, sheet: &Sheet<'_>, board: Rect, hovered: Option<Square>) {
        let pos = self.position;
        let unit = sheet.unit;
        // the sheet, with a soft shadow
        let paper = board.expand(unit * 0.15);
        sheet.painter.add(Shape::rect_filled(
            paper.translate(Vec2::splat(unit * 0.06)),
            unit * 0.08,
            egui::Color32::from_black_alpha(28),
        ));
        sheet
            .painter
            .add(Shape::rect_filled(paper, unit * 0.08, ink::PAPER));

        self.paint_guidance(sheet);
        self.paint_glyph_wash(sheet);
        paint_grids(sheet);
        paint_coordinates(sheet);

        // marks and slashes
        for sq in Square::ALL {
            let Some(p) = pos.at(sq) else { continue };
            let seed = Jitter::seed_of(&[SEED_MARK, sq.index() as u64]);
            let strokes = self.style.strokes(p, cell_center(sq), 0.58, seed);
            sheet.draw(&strokes, 0.055, ink::ink(p));
            if pos.is_slashed(sq) {
                let seed = Jitter::seed_of(&[SEED_SLASH, sq.index() as u64]);
                let s = pen::slash(cell_center(sq), 0.74, 0.03, seed);
                sheet.draw(&[s], 0.032, ink::ink(p).gamma_multiply(0.75));
            }
        }

        for g in GridIndex::ALL {
            self.paint_grid_score(sheet, g);
        }

        // the suggested square: a dark ring inside the square and a faint mark
        if let Some(sq) = self.hint
            && pos.check(sq).is_ok()
        {
            sheet.draw(&[hint_ring(sq)], HINT_WIDTH, ink::HINT);
            let p = pos.to_move();
            let seed = Jitter::seed_of(&[SEED_MARK, sq.index() as u64]);
            let strokes = self.style.strokes(p, cell_center(sq), 0.5, seed);
            sheet.draw(&strokes, 0.05, ink::ink(p).gamma_multiply(0.45));
        }

        // preview of the mark under the pointer
        if let Some(sq) = hovered
            && self.live
            && pos.check(sq).is_ok()
        {
            let p = pos.to_move();
            let seed = Jitter::seed_of(&[SEED_MARK, sq.index() as u64]);
            let strokes = self.style.strokes(p, cell_center(sq), 0.58, seed);
            sheet.draw(&strokes, 0.05, ink::ink(p).gamma_multiply(0.4));
        }
    }

    /// The highlighter over where the player to move must play.
    fn paint_guidance(&self, sheet: &Sheet<'_>) {
        let pos = self.position;
        if pos.is_over() {
            return;
        }
        let (grids, anywhere): (Vec<GridIndex>, bool) = match pos.target() {
            Target::Grid(g) => (vec![g], false),
            Target::Anywhere => (
                GridIndex::ALL
                    .into_iter()
                    .filter(|&g| !pos.is_grid_full(g))
                    .collect(),
                true,
            ),
        };
        let pad = 0.14;
        let wash = if anywhere {
            ink::HIGHLIGHT.gamma_multiply(0.55)
        } else {
            ink::HIGHLIGHT
        };
        for &g in &grids {
            let o = grid_origin(g);
            let min = sheet.pos([o[0] - pad, o[1] - pad]);
            let max = sheet.pos([o[0] + 3.0 + pad, o[1] + 3.0 + pad]);
            sheet.painter.add(Shape::rect_filled(
                Rect::from_min_max(min, max),
                sheet.unit * 0.1,
                wash,
            ));
            if !anywhere {
                let seed = Jitter::seed_of(&[SEED_HIGHLIGHT, g.index() as u64]);
                sheet.draw(&box_path(o, 3.0, 3.0, pad, seed), 0.09, ink::HIGHLIGHT_EDGE);
            }
        }
        if anywhere {
            // one highlighter loop around the whole super grid
            let o = [LEFT, TOP];
            let side = 9.0 + 2.0 * GAP;
            let seed = Jitter::seed_of(&[SEED_HIGHLIGHT, 99]);
            sheet.draw(
                &box_path(o, side, side, 0.2, seed),
                0.09,
                ink::HIGHLIGHT_EDGE,
            );
        }
    }

    /// A green wash over every group shaped like the legend glyph under the pointer.
    fn paint_glyph_wash(&self, sheet: &Sheet<'_>) {
        let Some(glyph) = self.glyph else { return };
        for g in GridIndex::ALL {
            let score = self.position.grid_score(g);
            for p in Player::ALL {
                for group in &score.groups[p] {
                    if group.glyph != Some(glyph) {
                        continue;
                    }
                    for cell in group.cells.iter() {
                        let o = cell_origin(Square::from_grid_cell(g, cell));
                        let r = Rect::from_min_max(
                            sheet.pos([o[0] + 0.04, o[1] + 0.04]),
                            sheet.pos([o[0] + 0.96, o[1] + 0.96]),
                        );
                        sheet.painter.add(Shape::rect_filled(
                            r,
                            sheet.unit * 0.08,
                            ink::GLYPH_WASH,
                        ));
                    }
                }
            }
        }
    }

    /// Tallies under a mini grid; once it is full, its scoring groups
    /// outlined and the winner's mark beside it.
    fn paint_grid_score(&self, sheet: &Sheet<'_>, g: GridIndex) {
        let score = self.position.grid_score(g);
        let o = grid_origin(g);
        let full = self.position.is_grid_full(g);
        if full {
            for p in Player::ALL {
                for (i, group) in score.groups[p].iter().enumerate() {
                    if group.glyph.is_none() {
                        continue;
                    }
                    for (j, l) in pen::outline_loops(group.cells, 0.08).iter().enumerate() {
                        let corners: Vec<Point> =
                            l.iter().map(|c| [o[0] + c[0], o[1] + c[1]]).collect();
                        let seed = Jitter::seed_of(&[
                            SEED_OUTLINE,
                            g.index() as u64,
                            p.index() as u64,
                            i as u64,
                            j as u64,
                        ]);
                        sheet.draw(
                            &pen::closed_path(&corners, 0.015, seed),
                            0.03,
                            ink::ink(p).gamma_multiply(0.8),
                        );
                    }
                }
            }
        }
        // tallies, left under the grid: a small pen mark, then the points
        let y = o[1] + 3.0 + GAP * 0.45;
        let size = (0.36 * sheet.unit).max(TALLY_MIN_SIZE);
        let mut x = o[0] + 0.05;
        for p in Player::ALL {
            let color = if full || score.points[p] > 0 {
                ink::ink(p)
            } else {
                ink::FAINT
            };
            let seed = Jitter::seed_of(&[SEED_TALLY, g.index() as u64, p.index() as u64]);
            let strokes = self.style.strokes(p, [x + 0.13, y], 0.24, seed);
            sheet.draw(&strokes, 0.03, ink::ink(p));
            let r = sheet.painter.text(
                sheet.pos([x + 0.32, y]),
                Align2::LEFT_CENTER,
                score.points[p].to_string(),
                FontId::proportional(size),
                color,
            );
            x = (r.max.x - sheet.origin.x) / sheet.unit + 0.3;
        }
        if let Some(w) = score.winner {
            let seed = Jitter::seed_of(&[SEED_WINNER, g.index() as u64]);
            let center = [o[0] + 2.55, y];
            let strokes = self.style.strokes(w, center, 0.55, seed);
            sheet.draw(&strokes, 0.07, ink::ink(w));
        }
    }
}

/// The Hint ring's pen width, in board units.
const HINT_WIDTH: f32 = 0.05;

/// The ring circling a suggested square: wobbly, but inside the square
/// (ink included), so it never reads as circling a neighbour.
fn hint_ring(sq: Square) -> pen::Stroke {
    let seed = Jitter::seed_of(&[SEED_HIGHLIGHT, 200 + sq.index() as u64]);
    pen::ellipse(cell_center(sq), 0.39, 0.39, 0.015, seed)
}

/// A hand-drawn box around the rectangle at `o` of `w` x `h`, `pad` outside it.
fn box_path(o: Point, w: f32, h: f32, pad: f32, seed: u64) -> Vec<pen::Stroke> {
    let corners = [
        [o[0] - pad, o[1] - pad],
        [o[0] + w + pad, o[1] - pad],
        [o[0] + w + pad, o[1] + h + pad],
        [o[0] - pad, o[1] + h + pad],
    ];
    pen::closed_path(&corners, 0.03, seed)
}

/// Thin inner lines and a strong border for each mini grid.
fn paint_grids(sheet: &Sheet<'_>) {
    for g in GridIndex::ALL {
        let o = grid_origin(g);
        let gi = g.index() as u64;
        let mut lines = Vec::with_capacity(4);
        for i in 1..=2u8 {
            let d = f32::from(i);
            let s = Jitter::seed_of(&[SEED_LINE, gi, u64::from(i)]);
            lines.push(pen::line(
                [o[0] + d, o[1] + 0.06],
                [o[0] + d, o[1] + 2.94],
                0.025,
                s,
            ));
            lines.push(pen::line(
                [o[0] + 0.06, o[1] + d],
                [o[0] + 2.94, o[1] + d],
                0.025,
                s ^ 0xFF,
            ));
        }
        sheet.draw(&lines, 0.026, ink::PENCIL.gamma_multiply(0.8));
        let corners = [
            o,
            [o[0] + 3.0, o[1]],
            [o[0] + 3.0, o[1] + 3.0],
            [o[0], o[1] + 3.0],
        ];
        let s = Jitter::seed_of(&[SEED_BORDER, gi]);
        sheet.draw(&pen::closed_path(&corners, 0.035, s), 0.07, ink::PENCIL);
    }
}

/// Column letters A–I above and below, row numbers 1–9 left and right.
fn paint_coordinates(sheet: &Sheet<'_>) {
    let font = FontId::proportional(0.42 * sheet.unit);
    let right = WIDTH - RIGHT * 0.55;
    let bottom = HEIGHT - BOTTOM * 0.45;
    for i in 0..9u8 {
        let Some(sq) = Square::new(i, i) else {
            continue;
        };
        let o = cell_origin(sq);
        let letter = char::from(b'A' + i).to_string();
        let number = (i + 1).to_string();
        for (at, text) in [
            ([o[0] + 0.5, TOP * 0.4], &letter),
            ([o[0] + 0.5, bottom], &letter),
            ([LEFT * 0.4, o[1] + 0.5], &number),
            ([right, o[1] + 0.5], &number),
        ] {
            sheet.painter.text(
                sheet.pos(at),
                Align2::CENTER_CENTER,
                text,
                font.clone(),
                ink::PENCIL,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_fit_the_board_and_never_overlap() {
        for a in Square::ALL {
            let o = cell_origin(a);
            assert!(o[0] >= LEFT && o[0] + 1.0 <= WIDTH - RIGHT, "{a}");
            assert!(o[1] >= TOP && o[1] + 1.0 <= HEIGHT - GAP - BOTTOM, "{a}");
            for b in Square::ALL {
                let p = cell_origin(b);
                let apart = (o[0] - p[0]).abs() >= 1.0 || (o[1] - p[1]).abs() >= 1.0;
                assert!(a == b || apart, "{a} and {b} overlap");
            }
        }
        // a mini grid starts at its first square, and mini grids are GAP apart
        let g = GridIndex::from_number(5).expect("grid 5");
        assert_eq!(grid_origin(g), cell_origin("D4".parse().expect("D4")));
        let right = cell_origin("D1".parse().expect("D1"))[0];
        let left_end = cell_origin("C1".parse().expect("C1"))[0] + 1.0;
        assert!((right - left_end - GAP).abs() < 1e-6);
    }

    #[test]
    fn the_hint_ring_stays_inside_its_square() {
        for sq in Square::ALL {
            let o = cell_origin(sq);
            // clear of the grid lines (0.026 wide) too
            let ink = HINT_WIDTH / 2.0 + 0.013;
            for [x, y] in hint_ring(sq) {
                assert!(x - ink > o[0] && x + ink < o[0] + 1.0, "{sq}: x {x}");
                assert!(y - ink > o[1] && y + ink < o[1] + 1.0, "{sq}: y {y}");
            }
        }
    }
}
