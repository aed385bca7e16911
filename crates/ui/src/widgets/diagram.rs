//! Small figures drawn with the pen for the Rules window, the course and the
//! summary: a mini grid of marks, a glyph, the routing map. Each takes the
//! space it needs in the `Ui` and names itself for screen readers.

use super::ink::{self, MarkStrokes, MarkStyle};
use crate::words::cell_phrase;
use egui::{Rect, Role, Sense, Ui, Vec2, WidgetInfo};
use scribe_pen as pen;
use scribe_rules::{Glyph, GridIndex, Player};

fn seed(parts: &[u64]) -> u64 {
    pen::Jitter::seed_of(parts)
}

/// Allocates a figure of `size`, names it for screen readers, and returns a
/// sheet whose unit is `unit` pixels with its origin `pad` pixels inside.
fn figure<'a>(
    ui: &mut Ui,
    painter: &'a mut Option<egui::Painter>,
    size: Vec2,
    unit: f32,
    pad: f32,
    name: &str,
) -> (Rect, ink::Sheet<'a>) {
    let (rect, response) = ui.allocate_exact_size(size, Sense::hover());
    let name = name.to_string();
    response.widget_info(|| WidgetInfo::labeled(Role::Image, true, name.clone()));
    let p = painter.insert(ui.painter_at(rect));
    (
        rect,
        ink::Sheet {
            painter: p,
            origin: rect.min + Vec2::splat(pad),
            unit,
        },
    )
}

/// The inner lines of a 3x3 grid at `o` (in units), pencil.
fn grid_lines(sheet: &ink::Sheet<'_>, o: pen::Point, kind: u64) {
    let mut lines = Vec::new();
    for i in 1..=2u8 {
        let d = f32::from(i);
        lines.push(pen::line(
            [o[0] + d, o[1] + 0.05],
            [o[0] + d, o[1] + 2.95],
            0.03,
            seed(&[kind, 1, u64::from(i)]),
        ));
        lines.push(pen::line(
            [o[0] + 0.05, o[1] + d],
            [o[0] + 2.95, o[1] + d],
            0.03,
            seed(&[kind, 2, u64::from(i)]),
        ));
    }
    sheet.draw(&lines, 0.05, ink::PENCIL);
}

/// A small mini grid drawn with the pen from rows like `xox/oxo/oox`
/// (`x` the first player, `o` the second, anything else empty).
pub(crate) fn example_grid(ui: &mut Ui, rows: &str, style: MarkStyle) {
    mini_grid(ui, rows, style, 17.0);
}

/// [`example_grid`] at `unit` pixels a square.
pub(crate) fn mini_grid(ui: &mut Ui, rows: &str, style: MarkStyle, unit: f32) {
    let mut painter = None;
    let name = format!("Mini grid {}", spoken_rows(rows, style));
    let (_, sheet) = figure(
        ui,
        &mut painter,
        Vec2::splat(unit * 3.0 + 6.0),
        unit,
        3.0,
        &name,
    );
    grid_lines(&sheet, [0.0, 0.0], 40);
    for (r, row) in rows.split('/').enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let player = match ch {
                'x' => Player::X,
                'o' => Player::O,
                _ => continue,
            };
            let center = [c as f32 + 0.5, r as f32 + 0.5];
            let strokes = style.strokes(player, center, 0.6, seed(&[42, r as u64, c as u64]));
            sheet.draw(&strokes, 0.08, ink::ink(player));
        }
    }
}

/// Rows like `xox/oxo/oox` read aloud: "+ O +, O + O, O O +" ("empty" for a blank).
fn spoken_rows(rows: &str, style: MarkStyle) -> String {
    rows.split('/')
        .map(|row| {
            row.chars()
                .map(|ch| match ch {
                    'x' => style.symbol(Player::X),
                    'o' => style.symbol(Player::O),
                    _ => "empty",
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A glyph as the first player's marks in a pen-drawn 3x3 grid, `unit`
/// pixels a square.
pub(crate) fn glyph_figure(ui: &mut Ui, glyph: Glyph, style: MarkStyle, unit: f32) {
    let mut painter = None;
    let name = format!("{}, {} points", glyph.name(), glyph.points());
    let (_, sheet) = figure(
        ui,
        &mut painter,
        Vec2::splat(unit * 3.0 + 6.0),
        unit,
        3.0,
        &name,
    );
    grid_lines(&sheet, [0.0, 0.0], 43 + glyph as u64);
    for (c, r) in pen::glyph_dots(glyph) {
        let center = [c as f32 + 0.5, r as f32 + 0.5];
        let s = seed(&[44, glyph as u64, c as u64, r as u64]);
        sheet.draw(
            &style.strokes(Player::X, center, 0.6, s),
            0.08,
            ink::ink(Player::X),
        );
    }
}

/// The routing map: the nine mini grids as boxes, a mark of `player` in
/// the `cell` of the mini grid `from`, and an arrow from it to the mini grid
/// it sends its player to next, washed with the highlighter. `side` is the
/// map's width in pixels.
pub(crate) fn routing_map(
    ui: &mut Ui,
    from: GridIndex,
    cell: GridIndex,
    player: Player,
    style: MarkStyle,
    side: f32,
) {
    // a mini grid is 3 units with 1 unit between them
    let unit = (side - 8.0) / 11.0;
    let mut painter = None;
    let name = format!(
        "Map: a mark in the {} of the {} mini grid sends {} to the {} mini grid",
        cell_phrase(cell),
        from.position_name(),
        style.symbol(player),
        cell.position_name()
    );
    let (_, sheet) = figure(ui, &mut painter, Vec2::splat(side), unit, 4.0, &name);
    let origin = |g: GridIndex| [f32::from(g.col()) * 4.0, f32::from(g.row()) * 4.0];
    // the target, in highlighter
    let t = origin(cell);
    sheet.painter.rect_filled(
        Rect::from_min_max(
            sheet.pos([t[0] - 0.2, t[1] - 0.2]),
            sheet.pos([t[0] + 3.2, t[1] + 3.2]),
        ),
        unit * 0.3,
        ink::HIGHLIGHT,
    );
    for g in GridIndex::ALL {
        let o = origin(g);
        let corners = [
            o,
            [o[0] + 3.0, o[1]],
            [o[0] + 3.0, o[1] + 3.0],
            [o[0], o[1] + 3.0],
        ];
        let edge = if g == cell {
            ink::HIGHLIGHT_EDGE
        } else {
            ink::PENCIL
        };
        sheet.draw(
            &pen::closed_path(&corners, 0.05, seed(&[45, g.index() as u64])),
            0.09,
            edge,
        );
        if g == from {
            grid_lines(&sheet, o, 46);
        }
    }
    let o = origin(from);
    let mark = [
        o[0] + f32::from(cell.col()) + 0.5,
        o[1] + f32::from(cell.row()) + 0.5,
    ];
    sheet.draw(
        &style.strokes(player, mark, 0.7, seed(&[47])),
        0.12,
        ink::ink(player),
    );
    let target = [t[0] + 1.5, t[1] + 1.5];
    if from != cell {
        // from the edge of the mark to near the target's centre
        let (dx, dy) = (target[0] - mark[0], target[1] - mark[1]);
        let len = (dx * dx + dy * dy).sqrt().max(1e-3);
        let start = [mark[0] + dx / len * 0.55, mark[1] + dy / len * 0.55];
        let end = [target[0] - dx / len * 0.6, target[1] - dy / len * 0.6];
        sheet.draw(
            &pen::arrow(start, end, 0.7, 0.08, seed(&[48])),
            0.1,
            ink::PENCIL,
        );
    } else {
        // the centre of the centre sends you back where you are: a loop
        let ring = pen::ellipse(mark, 0.75, 0.75, 0.05, seed(&[49]));
        sheet.draw(&[ring], 0.08, ink::PENCIL);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_named_as_a_player_says_them() {
        let g = |n| GridIndex::from_number(n).unwrap();
        assert_eq!(cell_phrase(g(3)), "upper-right corner");
        assert_eq!(cell_phrase(g(5)), "centre");
        assert_eq!(cell_phrase(g(8)), "lower-middle square");
        assert_eq!(
            spoken_rows("xo./...", MarkStyle::PlusO),
            "+ O empty, empty empty empty"
        );
    }
}
