//! The blank printable board: legends, grid, lines for names and results.

use super::board::{self, BoardGeom, draw_grid, draw_legend, rule};
use super::canvas::{Align, BLUE, Canvas, FAINT};
use super::pt_mm;
use super::template::{BoardSlot, CutLine, Rect};
use scribe_record::MarkStyle;
use scribe_rules::{CREDIT, GridIndex, Player};

/// Blank boards are Steere's sheet: the first player's mark is "+".
const MARKS: MarkStyle = MarkStyle::PlusO;

/// A faint dashed line to cut along.
pub(super) fn draw_cut_line(cv: &mut Canvas<'_>, l: &CutLine, index: u64) {
    let (a, b) = ([l.x1, l.y1], [l.x2, l.y2]);
    board::dashed(cv, a, b, 0.2, FAINT, board::seed(&[0xC07, index]));
}

/// One blank board: both legends, the grid, the header and the footer.
pub(super) fn draw_board(cv: &mut Canvas<'_>, slot: &BoardSlot, index: u64) {
    let salt = 0xB0A2D + index;
    let tp = slot.text_pt;
    draw_legend(cv, slot.left_legend, slot.legend_columns, tp, salt);
    draw_legend(cv, slot.right_legend, slot.legend_columns, tp, salt + 100);
    let geom = BoardGeom::fit(slot.grid);
    draw_grid(cv, &geom, tp, salt);
    draw_tally_slots(cv, &geom, salt);
    if slot.markers {
        super::markers::draw_markers(cv, &geom);
    }
    draw_header(cv, slot.header, tp, salt);
    draw_footer(cv, slot.footer, tp, salt);
}

/// Under each mini grid, a mark and a line for each player's tally.
fn draw_tally_slots(cv: &mut Canvas<'_>, geom: &BoardGeom, salt: u64) {
    for g in GridIndex::ALL {
        for (p, center, [x0, x1, y]) in geom.tally_slots(g) {
            let k = [salt, 24, g.index() as u64, p.index() as u64];
            let mark = geom.cell * board::TALLY_MARK;
            board::draw_mark(cv, p, MARKS, center, mark, FAINT, board::seed(&k));
            rule(
                cv,
                x0,
                x1,
                y,
                board::seed(&[salt, 25, g.index() as u64, p.index() as u64]),
            );
        }
    }
}

/// Lines for the players' names and the date, the version played, a reminder.
fn draw_header(cv: &mut Canvas<'_>, r: Rect, tp: f32, salt: u64) {
    let rh = r.h / 3.0;
    let lw = cv.font().width_mm("Player ", tp);
    let mark = pt_mm(tp) * 0.75;
    let split = r.x + r.w * 0.62;
    for (row, player) in Player::ALL.into_iter().enumerate() {
        let y = r.y + rh * (row as f32 + 0.8);
        cv.text(r.x, y, tp, "Player", Align::Left, BLUE);
        let center = [r.x + lw + mark * 0.6, y - mark * 0.5];
        let s = board::seed(&[salt, 22, row as u64]);
        board::draw_mark(cv, player, MARKS, center, mark, BLUE, s);
        let x = r.x + lw + mark * 1.2 + 2.0;
        rule(
            cv,
            x,
            split - 2.0,
            y + 0.6,
            board::seed(&[salt, 20, row as u64]),
        );
    }
    let dw = cv.font().width_mm("Date ", tp) + 1.0;
    cv.text(split, r.y + rh * 0.8, tp, "Date", Align::Left, BLUE);
    rule(
        cv,
        split + dw,
        r.x + r.w,
        r.y + rh * 0.8 + 0.6,
        board::seed(&[salt, 21]),
    );
    cv.text_fit(
        [split, r.y + rh * 1.8],
        tp * 0.8,
        r.x + r.w - split,
        "Majority / Super Glyph",
        Align::Left,
        FAINT,
    );
    cv.text_fit(
        [r.x, r.y + rh * 2.7],
        tp * 0.75,
        r.w,
        "Slash your previous move. Your last square points to the mini grid of your next move.",
        Align::Left,
        FAINT,
    );
}

/// Lines for the result in both variants, with a 3x3 board for the super glyphs.
fn draw_footer(cv: &mut Canvas<'_>, f: Rect, tp: f32, salt: u64) {
    let rh = (pt_mm(tp) * 2.6).min(f.h / 4.0);
    cv.text(f.x, f.y + rh * 0.8, tp * 1.1, "Result", Align::Left, BLUE);
    let side = (rh * 3.0).min(f.w * 0.3);
    let sx = f.x + f.w - side;
    let sy = f.y + rh * 0.35;
    board::draw_small_grid(cv, [sx, sy], side, board::seed(&[salt, 30]));
    let caption_y = sy + side + pt_mm(tp * 0.75) * 1.3;
    cv.text_fit(
        [sx + side / 2.0, caption_y],
        tp * 0.75,
        side * 1.4,
        "super glyph board",
        Align::Center,
        FAINT,
    );
    // the credit, small in the footer's lower-right corner (below the caption
    // if the footer is short)
    let credit_pt = tp * 0.7;
    let credit_y = (f.y + f.h - 0.5).max(caption_y + pt_mm(credit_pt) * 1.6);
    cv.text(f.x + f.w, credit_y, credit_pt, CREDIT, Align::Right, FAINT);
    let right = sx - 4.0;
    let lines = ["Mini grids won", "Super Glyph points", "Winner"];
    let lw = lines
        .iter()
        .map(|l| cv.font().width_mm(l, tp))
        .fold(0.0, f32::max)
        + 3.0;
    for (row, label) in lines.into_iter().enumerate() {
        let y = f.y + rh * (row as f32 + 1.8);
        cv.text(f.x, y, tp, label, Align::Left, BLUE);
        if row < 2 {
            let mid = f.x + lw + (right - f.x - lw) / 2.0;
            let m = pt_mm(tp) * 0.75;
            for (k, (player, x0, x1)) in [(Player::X, f.x + lw, mid - 3.0), (Player::O, mid, right)]
                .into_iter()
                .enumerate()
            {
                let s = board::seed(&[salt, 43, row as u64, k as u64]);
                board::draw_mark(cv, player, MARKS, [x0 + m * 0.6, y - m * 0.5], m, BLUE, s);
                let s = board::seed(&[salt, 40, row as u64, k as u64]);
                rule(cv, x0 + m * 1.2 + 1.5, x1, y + 0.6, s);
            }
        } else {
            rule(cv, f.x + lw, right, y + 0.6, board::seed(&[salt, 42]));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Paper, Template};

    #[test]
    fn every_built_in_sheet_has_room_to_write_the_tallies() {
        for (paper, n) in [(Paper::A4, 1), (Paper::Letter, 1), (Paper::A4, 2)] {
            let t = Template::builtin(paper, n).expect("a built-in template");
            for slot in &t.boards {
                let geom = BoardGeom::fit(slot.grid);
                // a strip under each mini grid tall enough for handwritten
                // digits (the car sheet had 8 mm, its winner's box filling it)
                assert!(
                    geom.strip_height() >= 9.0,
                    "{}: {:.1} mm under each mini grid",
                    t.name,
                    geom.strip_height()
                );
                for g in GridIndex::ALL {
                    let (winner, side) = geom.winner_box(g);
                    let slots = geom.tally_slots(g);
                    for (p, _, [x0, x1, y]) in slots {
                        // a line long enough for two digits, left of the box,
                        // inside the strip
                        assert!(x1 - x0 >= 5.0, "{}: {p} line {:.1} mm", t.name, x1 - x0);
                        assert!(x1 < winner[0] - side / 2.0, "{}", t.name);
                        let top = geom.grid_origin(g)[1] + 3.0 * geom.cell;
                        assert!(y > top + 4.0 && y < top + geom.strip_height(), "{}", t.name);
                    }
                    assert!(
                        slots[0].2[1] < slots[1].2[0],
                        "{}: the two lines overlap",
                        t.name
                    );
                }
            }
        }
    }
}
