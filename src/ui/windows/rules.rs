//! The Rules window, with worked examples drawn by the pen.

use crate::pen;
use crate::rules::Player;
use crate::ui::ink::{self, MarkStrokes, MarkStyle};
use egui::{Context, RichText, Ui};

/// A small mini grid drawn with the pen from rows like `xox/oxo/oox`.
pub(crate) fn example_grid(ui: &mut Ui, rows: &str, style: MarkStyle) {
    let unit = 17.0;
    let (rect, _) =
        ui.allocate_exact_size(egui::Vec2::splat(unit * 3.0 + 6.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let sheet = ink::Sheet {
        painter: &painter,
        origin: rect.min + egui::Vec2::splat(3.0),
        unit,
    };
    let seed = |parts: &[u64]| pen::Jitter::seed_of(parts);
    let mut lines = Vec::new();
    for i in 1..=2u8 {
        let d = f32::from(i);
        lines.push(pen::line(
            [d, 0.05],
            [d, 2.95],
            0.03,
            seed(&[40, u64::from(i)]),
        ));
        lines.push(pen::line(
            [0.05, d],
            [2.95, d],
            0.03,
            seed(&[41, u64::from(i)]),
        ));
    }
    sheet.draw(&lines, 0.05, ink::PENCIL);
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

/// Shows the Rules window.
/// The rules as a document, shipped with the program.
const RULES_MD: &str = include_str!("../../../docs/RULES.md");

/// Escape closes it.
pub fn rules(ctx: &Context, open: &mut bool, style: MarkStyle, escape: bool) {
    if escape {
        *open = false;
        return;
    }
    egui::Window::new("Rules of Scribe")
        .open(open)
        .default_pos([250.0, 70.0])
        .default_width(760.0)
        .default_height(740.0)
        .vscroll(true)
        .show(ctx, |ui| {
            let h = |ui: &mut Ui, t: &str| {
                ui.add_space(8.0);
                ui.label(RichText::new(t).size(20.0).strong());
            };
            ui.label(
                "Scribe is a pen-and-paper game for two by Mark Steere (2006). \
                 The board is a big 3x3 grid of nine 3x3 mini grids: 81 squares. \
                 Squares are named by column A-I and row 1-9, A1 top left.",
            );
            h(ui, "Taking turns");
            ui.label(
                "The first player (+ or X) and O take turns marking one empty square \
                 until all 81 are filled. Your first move may go anywhere. After that, \
                 where YOUR OWN last mark sits inside its mini grid says which mini \
                 grid you must play in next: a mark in the top-right corner sends you \
                 to the top-right mini grid, and so on. Your opponent's moves do not \
                 route you. If that mini grid is full, you may play anywhere.",
            );
            ui.label(
                "When you move, you slash your previous mark, so only each player's \
                 newest mark stands unslashed: it shows where they must go next.",
            );
            ui.label(RichText::new("Example").italics());
            ui.label(
                "X's last mark was D6, the lower-left corner of the centre grid, so X \
                 must play in the lower-left grid (A7-C9) and chooses C8. O's last mark \
                 was H4, the top-middle square of the middle-right grid, so O must play \
                 in the top-middle grid (D1-F3) and chooses E2.",
            );
            h(ui, "Glyphs");
            ui.label(
                "Your marks in one mini grid that touch side by side (not corner to \
                 corner) form a group. A group scores one point per square if its \
                 shape, turned or flipped any way, is exactly one of the 19 glyphs in \
                 the legend; any other shape scores nothing. A glyph hidden inside a \
                 bigger group does not count.",
            );
            h(ui, "Winning a mini grid");
            ui.label(
                "When a mini grid fills up, each player adds up their glyphs there; \
                 the higher total wins it, and the winner's mark is drawn beside it. \
                 A full mini grid can never tie.",
            );
            ui.label(RichText::new("Examples").italics());
            egui::Grid::new("rules-examples")
                .striped(true)
                .spacing([18.0, 6.0])
                .show(ui, |ui| {
                    ui.label("");
                    ui.label(format!("{} scores", style.symbol(Player::X)));
                    ui.label("O scores");
                    ui.end_row();
                    for row in [
                        [
                            "xox/oxo/oox",
                            "4: four Singles",
                            "2: two Singles; the L of 3 scores 0",
                        ],
                        ["xxo/oxo/oxo", "4: a Pipe", "5: a Line and a Double"],
                        ["xxo/xxx/xxo", "7: a House", "2: two Singles"],
                        ["ooo/xxo/xxx", "0: no glyph has that shape", "4: a Pipe"],
                    ] {
                        example_grid(ui, row[0], style);
                        ui.label(row[1]);
                        ui.label(row[2]);
                        ui.end_row();
                    }
                });
            h(ui, "Winning the game");
            ui.label(
                "Majority: whoever wins more of the nine mini grids wins the game.\n\
                 Super Glyph: treat each won mini grid as a mark of its winner on a \
                 3x3 board and score that board like a mini grid; the higher score \
                 wins. Neither version can end in a draw.",
            );
            ui.add_space(8.0);
            egui::CollapsingHeader::new("The rules document (docs/RULES.md)").show(ui, |ui| {
                ui.label(RichText::new(RULES_MD).monospace().size(13.0));
            });
            h(ui, "Using Scribe Desk");
            ui.label(
                "Click a square, or type it (e.g. C8) in the Square field and press \
                 Enter. The yellow highlight shows where the player to move must play. \
                 Hover a glyph in the legend to see where it occurs on the board. \
                 Click a move in the move list to look at the board as it was then. \
                 Undo: Ctrl+Z. Redo: Ctrl+Shift+Z or Ctrl+Y.",
            );
        });
}
