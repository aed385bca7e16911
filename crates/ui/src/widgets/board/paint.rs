//! Painting the board: paper, highlighter, grids, marks (drawn by the pen
//! when new), tallies and winners, and the marks of interaction — the Hint,
//! the pointer's preview, the keyboard cursor and a refused move's flash.

use super::motion::{self, Drawing};
use super::{BOTTOM, BoardView, Frame, GAP, HEIGHT, LEFT, RIGHT, TOP, WIDTH};
use super::{cell_center, cell_origin, grid_origin};
use crate::widgets::ink::{self, MarkStrokes, Sheet};
use egui::{Align2, FontId, Rect, Shape, Vec2};
use scribe_pen::{self as pen, Jitter, Point, Stroke};
use scribe_rules::{GridIndex, Player, Square, Target};

// Seeds of the different kinds of stroke.
const SEED_LINE: u64 = 1;
const SEED_BORDER: u64 = 2;
const SEED_MARK: u64 = 3;
const SEED_SLASH: u64 = 4;
const SEED_OUTLINE: u64 = 5;
const SEED_WINNER: u64 = 6;
const SEED_HIGHLIGHT: u64 = 7;
const SEED_TALLY: u64 = 8;
const SEED_CURSOR: u64 = 9;
const SEED_HINT: u64 = 10;
const SEED_FLASH: u64 = 11;
const SEED_PLAYED: u64 = 12;

/// The smallest tally font size, in points: the hand's digits are 0.66 em
/// tall, so they stay 12 px tall at 100% zoom in the smallest window (where
/// the board's own scale, 0.36 of a square, would give about 8).
const TALLY_MIN_SIZE: f32 = 18.0;

impl BoardView<'_> {
    pub(super) fn paint(&self, sheet: &Sheet<'_>, board: Rect, frame: &Frame) {
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
        self.paint_glyph_wash(sheet, frame);
        paint_grids(sheet);
        paint_coordinates(sheet);
        if let Some((g, t)) = frame.flash {
            paint_flash(sheet, g, motion::flash_strength(t, self.reduce_motion));
        }

        // each player's last move, the only mark of theirs not slashed, on
        // a wash of their ink until their next move
        for p in Player::ALL {
            if let Some(sq) = last_move(pos, p) {
                let o = cell_origin(sq);
                let r = Rect::from_min_max(
                    sheet.pos([o[0] + 0.06, o[1] + 0.06]),
                    sheet.pos([o[0] + 0.94, o[1] + 0.94]),
                );
                sheet.painter.add(Shape::rect_filled(
                    r,
                    sheet.unit * 0.12,
                    ink::last_move_wash(p),
                ));
            }
        }

        // marks and slashes, the newest drawn by the pen: a slashed mark is
        // paler than a live one, and its slash is steeper than any stroke
        // of an X or a + (pen::slash)
        let drawn = |sq: Square, slash: bool| -> f32 {
            frame
                .drawing
                .iter()
                .find(|d: &&Drawing| d.square == sq && d.slash == slash)
                .map_or(1.0, |d| motion::progress(d.start, frame.now))
        };
        for sq in Square::ALL {
            let Some(p) = pos.at(sq) else { continue };
            let seed = Jitter::seed_of(&[SEED_MARK, sq.index() as u64]);
            let strokes = self.style.strokes(p, cell_center(sq), 0.58, seed);
            let slashed = pos.is_slashed(sq);
            sheet.draw(
                &motion::partial(&strokes, drawn(sq, false)),
                0.055,
                if slashed {
                    ink::slashed(p)
                } else {
                    ink::ink(p)
                },
            );
            if slashed {
                let seed = Jitter::seed_of(&[SEED_SLASH, sq.index() as u64]);
                let s = pen::slash(cell_center(sq), 0.8, 0.025, seed);
                sheet.draw(&motion::partial(&[s], drawn(sq, true)), 0.045, ink::ink(p));
            }
        }

        // a reviewed move: the move that was played, on the position it was
        // played in, in the mover's ink with a ring, beside the better move
        if let Some(sq) = self.played
            && pos.check(sq).is_ok()
        {
            let p = pos.to_move();
            let c = cell_center(sq);
            let seed = Jitter::seed_of(&[SEED_MARK, sq.index() as u64]);
            let strokes = self.style.strokes(p, c, 0.5, seed);
            sheet.draw(&strokes, 0.05, ink::played_move(p));
            let seed = Jitter::seed_of(&[SEED_PLAYED, sq.index() as u64]);
            let ring = pen::ellipse(c, 0.4, 0.4, 0.015, seed);
            sheet.draw(&[ring], 0.04, ink::played_move(p));
        }

        if self.scores {
            for g in GridIndex::ALL {
                self.paint_grid_score(sheet, g, frame);
            }
        }
        if let Some((g, p)) = self.outline {
            self.paint_groups(sheet, g, p);
        }

        // the squares to check: a ring in the flash's red round each
        for &sq in self.check {
            let seed = Jitter::seed_of(&[SEED_HINT, 1000 + sq.index() as u64]);
            let ring = pen::ellipse(cell_center(sq), 0.46, 0.46, 0.012, seed);
            sheet.draw(&[ring], 0.055, ink::FLASH);
        }

        // the suggested square: a dashed pencil ring inside it and a faint mark
        if let Some(sq) = self.hint
            && pos.check(sq).is_ok()
        {
            let p = pos.to_move();
            let c = cell_center(sq);
            let seed = Jitter::seed_of(&[SEED_HINT, sq.index() as u64]);
            let ring = pen::ellipse(c, 0.38, 0.38, 0.015, seed);
            sheet.draw(&dashes(&ring, 4, 2), 0.05, ink::PENCIL);
            let seed = Jitter::seed_of(&[SEED_MARK, sq.index() as u64]);
            let strokes = self.style.strokes(p, c, 0.5, seed);
            sheet.draw(&strokes, 0.05, ink::ink(p).gamma_multiply(0.45));
        }

        // preview of the mark under the pointer, and under the cursor
        for sq in [frame.hovered, frame.cursor].into_iter().flatten() {
            if self.live && pos.check(sq).is_ok() && self.hint != Some(sq) {
                let p = pos.to_move();
                let seed = Jitter::seed_of(&[SEED_MARK, sq.index() as u64]);
                let strokes = self.style.strokes(p, cell_center(sq), 0.58, seed);
                sheet.draw(&strokes, 0.05, ink::ink(p).gamma_multiply(0.4));
            }
        }

        // the keyboard cursor: a bold hand-drawn box just inside the square
        if let Some(sq) = frame.cursor {
            let seed = Jitter::seed_of(&[SEED_CURSOR, sq.index() as u64]);
            let o = cell_origin(sq);
            let b = rounded_box([o[0] + 0.5, o[1] + 0.5], 0.43, 0.14, 0.012, seed);
            sheet.draw(&[b], 0.075, ink::CURSOR);
        }
    }

    /// The highlighter over where the player to move must play.
    fn paint_guidance(&self, sheet: &Sheet<'_>) {
        let pos = self.position;
        if pos.is_over() || !self.guidance {
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
    fn paint_glyph_wash(&self, sheet: &Sheet<'_>, frame: &Frame) {
        let Some(glyph) = self.glyph else { return };
        for g in GridIndex::ALL {
            let score = &frame.scores[g.index()];
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

    /// Every group of `p` in mini grid `g`, outlined in pencil whether or
    /// not it is a glyph and whether or not the mini grid is full.
    fn paint_groups(&self, sheet: &Sheet<'_>, g: GridIndex, p: Player) {
        let o = grid_origin(g);
        let cells = self.position.grid_cells(g)[p];
        for (i, group) in scribe_rules::grid_groups(cells).iter().enumerate() {
            for (j, l) in pen::outline_loops(group.cells, 0.08).iter().enumerate() {
                let corners: Vec<Point> = l.iter().map(|c| [o[0] + c[0], o[1] + c[1]]).collect();
                let seed =
                    Jitter::seed_of(&[SEED_OUTLINE, g.index() as u64, 9, i as u64, j as u64]);
                sheet.draw(&pen::closed_path(&corners, 0.015, seed), 0.03, ink::PENCIL);
            }
        }
    }

    /// Tallies under a mini grid; once it is full, its scoring groups
    /// outlined and the winner's mark beside it.
    fn paint_grid_score(&self, sheet: &Sheet<'_>, g: GridIndex, frame: &Frame) {
        let score = &frame.scores[g.index()];
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

/// `p`'s last move while it is on the board: the square of their only mark
/// not slashed (none on a board without move order, e.g. a paper board).
pub(super) fn last_move(pos: &scribe_rules::Position, p: Player) -> Option<Square> {
    pos.last_move(p).filter(|&sq| pos.at(sq) == Some(p))
}

/// A refused move's flash: a bold outline round the mini grid that must be
/// used, at `strength` (0 to 1).
fn paint_flash(sheet: &Sheet<'_>, g: GridIndex, strength: f32) {
    if strength <= 0.01 {
        return;
    }
    let seed = Jitter::seed_of(&[SEED_FLASH, g.index() as u64]);
    let color = ink::FLASH.gamma_multiply(strength.clamp(0.0, 1.0));
    sheet.draw(
        &box_path(grid_origin(g), 3.0, 3.0, 0.26, seed),
        0.07 + 0.07 * strength,
        color,
    );
}

/// A hand-drawn box around the rectangle at `o` of `w` x `h`, `pad` outside it.
fn box_path(o: Point, w: f32, h: f32, pad: f32, seed: u64) -> Vec<Stroke> {
    let corners = [
        [o[0] - pad, o[1] - pad],
        [o[0] + w + pad, o[1] - pad],
        [o[0] + w + pad, o[1] + h + pad],
        [o[0] - pad, o[1] + h + pad],
    ];
    pen::closed_path(&corners, 0.03, seed)
}

/// One quick pen loop round a square with rounded corners: `half` is half
/// its side, `radius` the corners' radius; it starts at a seeded place and
/// overlaps its start a little, like a box drawn without lifting the pen.
fn rounded_box(center: Point, half: f32, radius: f32, wobble: f32, seed: u64) -> Stroke {
    use std::f32::consts::{FRAC_PI_2, TAU};
    let mut j = Jitter::new(seed);
    let straight = 2.0 * (half - radius);
    let arc = FRAC_PI_2 * radius;
    let perimeter = 4.0 * (straight + arc);
    let start = (j.signed() * 0.5 + 0.5) * perimeter;
    let sweep = perimeter * (1.06 + 0.03 * j.signed());
    let (phase, ripple) = (j.signed() * TAU, wobble * (0.6 + 0.4 * j.signed()));
    // a point at distance `s` along the outline, clockwise from the top-left
    // corner's end, with its outward normal
    let at = |s: f32| -> (Point, Point) {
        let s = s.rem_euclid(perimeter);
        let side = ((s / (straight + arc)) as usize).min(3);
        let d = s - side as f32 * (straight + arc);
        // corner centres clockwise from the top-right, y down
        let k = half - radius;
        let corners = [[k, -k], [k, k], [-k, k], [-k, -k]];
        let dirs = [[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0], [0.0, -1.0]];
        let normals = [[0.0, -1.0], [1.0, 0.0], [0.0, 1.0], [-1.0, 0.0]];
        let prev = corners[(side + 3) % 4];
        if d < straight {
            let n = normals[side];
            let p = [
                prev[0] + n[0] * radius + dirs[side][0] * d,
                prev[1] + n[1] * radius + dirs[side][1] * d,
            ];
            (p, n)
        } else {
            let a0 = (normals[side][1]).atan2(normals[side][0]);
            let a = a0 + (d - straight) / radius.max(1e-6);
            let n = [a.cos(), a.sin()];
            let c = corners[side];
            ([c[0] + n[0] * radius, c[1] + n[1] * radius], n)
        }
    };
    let steps = 64;
    (0..=steps)
        .map(|i| {
            let t = i as f32 / steps as f32;
            let (p, n) = at(start + sweep * t);
            // spiral out a touch so the overlap does not sit on the start
            let off = ripple * (2.0 * TAU * t + phase).sin() + wobble * (t - 0.5);
            [center[0] + p[0] + n[0] * off, center[1] + p[1] + n[1] * off]
        })
        .collect()
}

/// A stroke cut into dashes: `on` segments drawn, `off` skipped.
fn dashes(stroke: &Stroke, on: usize, off: usize) -> Vec<Stroke> {
    stroke
        .chunks(on + off)
        .map(|c| c[..c.len().min(on + 1)].to_vec())
        .filter(|c| c.len() > 1)
        .collect()
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
    fn the_cursor_box_stays_inside_its_square() {
        for seed in 0..200 {
            let b = rounded_box([0.5, 0.5], 0.43, 0.14, 0.012, seed);
            assert!(b.len() > 32);
            for p in &b {
                // the pen's width (0.075) is drawn half outside the path
                assert!(p[0] > 0.04 && p[0] < 0.96, "{p:?} (seed {seed})");
                assert!(p[1] > 0.04 && p[1] < 0.96, "{p:?} (seed {seed})");
            }
            // it goes all the way round: points on all four sides
            assert!(b.iter().any(|p| p[0] < 0.1) && b.iter().any(|p| p[0] > 0.9));
            assert!(b.iter().any(|p| p[1] < 0.1) && b.iter().any(|p| p[1] > 0.9));
        }
    }

    #[test]
    fn the_hint_ring_stays_inside_its_square() {
        for seed in 0..200 {
            let ring = pen::ellipse([0.5, 0.5], 0.38, 0.38, 0.015, seed);
            let parts = dashes(&ring, 4, 2);
            assert!(parts.len() >= 6, "dashed");
            for p in parts.iter().flatten() {
                let r = ((p[0] - 0.5).powi(2) + (p[1] - 0.5).powi(2)).sqrt();
                // radius plus the pen's half width (0.025) stays inside
                assert!(r + 0.025 < 0.5, "{r} (seed {seed})");
            }
        }
    }
}
