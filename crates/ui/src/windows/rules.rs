//! The Rules window: the rules as a document for players, with headings,
//! the glyph table, a routing map and worked examples drawn by the pen in
//! the mark style chosen (+ or X). The formats for developers are in
//! docs/FORMATS.md, never here.

use crate::widgets::diagram::{glyph_figure, routing_map};
use crate::widgets::ink::{self, MarkStyle};
use egui::{Context, RichText, Ui};
use scribe_rules::{GLYPHS, GridIndex, Player};

pub(crate) use crate::widgets::diagram::example_grid;

/// The worked examples of a full mini grid: rows, then what each player scores.
const EXAMPLES: [[&str; 3]; 4] = [
    [
        "xox/oxo/oox",
        "4: four Singles",
        "2: two Singles; the L of three scores 0",
    ],
    ["xxo/oxo/oxo", "4: a Pipe", "5: a Line and a Double"],
    ["xxo/xxx/xxo", "7: a House", "2: two Singles"],
    ["ooo/xxo/xxx", "0: no glyph has that shape", "4: a Pipe"],
];

fn heading(ui: &mut Ui, text: &str) {
    ui.add_space(10.0);
    ui.label(RichText::new(text).size(22.0).strong());
}

fn para(ui: &mut Ui, text: &str) {
    ui.label(text);
    ui.add_space(2.0);
}

/// Shows the Rules window; Escape closes it.
pub fn rules(ctx: &Context, open: &mut bool, style: MarkStyle, escape: bool) {
    if escape {
        *open = false;
        return;
    }
    let me = style.symbol(Player::X);
    egui::Window::new("Rules of Scribe")
        .open(open)
        .default_pos([250.0, 70.0])
        .default_width(760.0)
        .default_height(740.0)
        .vscroll(true)
        .show(ctx, |ui| {
            ui.label(
                RichText::new("Scribe is a pen-and-paper game for two by Mark Steere (2006).")
                    .italics()
                    .color(ink::FAINT),
            );
            para(
                ui,
                "New to the game? Help → Learn to play teaches it in ten short steps on the board.",
            );

            heading(ui, "The board");
            para(
                ui,
                "Nine small 3×3 grids, the mini grids, make one big grid of 81 squares. A square \
                 is named by its column, A to I from the left, and its row, 1 to 9 from the top: \
                 A1 is the top-left square, I9 the bottom-right.",
            );

            heading(ui, "Taking turns");
            para(
                ui,
                &format!(
                    "The first player ({me}) and O take turns, one mark on one empty square \
                     each, until all 81 squares are filled: {me} makes 41 marks and O 40. \
                     There is no passing, no capture and no draw."
                ),
            );

            heading(ui, "Where you play next");
            para(
                ui,
                "Your first mark may go anywhere. After that, where your own last mark sits \
                 inside its mini grid names the mini grid you must play in next: a mark in the \
                 upper-right corner of a mini grid sends you to the upper-right mini grid, a \
                 mark in the centre to the centre mini grid, and so on. Only your own marks \
                 send you; your opponent's marks send them.",
            );
            ui.horizontal(|ui| {
                routing_map(
                    ui,
                    GridIndex::ALL[4],
                    GridIndex::ALL[6],
                    Player::X,
                    style,
                    150.0,
                );
                ui.add_space(10.0);
                ui.vertical(|ui| {
                    ui.set_max_width(420.0);
                    ui.label(RichText::new("Example").italics());
                    para(
                        ui,
                        &format!(
                            "{me}'s last mark was D6, the lower-left corner of the centre mini \
                             grid, so {me} must play in the lower-left mini grid (A7 to C9) and \
                             chooses C8. O's last mark was H4, the upper-middle square of the \
                             middle-right mini grid, so O must play in the upper-middle mini \
                             grid (D1 to F3) and chooses E2."
                        ),
                    );
                    para(
                        ui,
                        "If the mini grid you are sent to is full, you may play on any empty \
                         square.",
                    );
                });
            });

            heading(ui, "Slashes");
            para(
                ui,
                "Each time you mark a square, you slash your previous mark. Only each player's \
                 newest mark stands unslashed, so anyone can see where each player must play \
                 next.",
            );

            heading(ui, "Glyphs");
            para(
                ui,
                "Your marks in one mini grid that touch side by side (not corner to corner) form \
                 a group. A group scores one point per mark if its whole shape is one of the 19 \
                 glyphs below, turned or flipped any way. A group of any other shape scores \
                 nothing, and a glyph that is only part of a bigger group does not count: an L \
                 of three marks holds a Double, yet scores 0.",
            );
            glyph_table(ui, style);

            heading(ui, "Winning a mini grid");
            para(
                ui,
                "When a mini grid is full, each player adds up the points of their groups in it; \
                 the higher total wins the mini grid, and the winner's mark is drawn beside it. A \
                 full mini grid can never be a tie. More marks do not always win.",
            );
            ui.label(RichText::new("Examples").italics());
            egui::Grid::new("rules-examples")
                .striped(true)
                .spacing([18.0, 6.0])
                .show(ui, |ui| {
                    ui.label("");
                    ui.label(RichText::new(format!("{me} scores")).strong());
                    ui.label(RichText::new("O scores").strong());
                    ui.end_row();
                    for row in EXAMPLES {
                        example_grid(ui, row[0], style);
                        ui.label(row[1]);
                        ui.label(row[2]);
                        ui.end_row();
                    }
                });

            heading(ui, "Winning the game");
            para(
                ui,
                "Majority, the standard version: whoever wins more of the nine mini grids wins \
                 the game.",
            );
            ui.horizontal(|ui| {
                example_grid(ui, "xxx/xoo/xoo", style);
                ui.add_space(10.0);
                ui.vertical(|ui| {
                    ui.set_max_width(520.0);
                    para(
                        ui,
                        &format!(
                            "Super Glyph, the advanced version: each won mini grid counts as \
                             one mark of its winner on a small 3×3 board, scored like a mini \
                             grid; the higher score wins. Here {me} has won five mini grids, in \
                             a shape that is no glyph (0 points), and O four, in a 4-Block (4 \
                             points): {me} wins under Majority, 5 to 4, but O wins under Super \
                             Glyph, 4 to 0."
                        ),
                    );
                });
            });
            para(
                ui,
                "Neither version can end in a draw. New game lets you choose the version.",
            );

            heading(ui, "Playing in Scribe Desk");
            para(
                ui,
                "Click a square, or type it (C8) in the Square field and press Enter; with the \
                 keyboard, Tab to the board, move with the arrow keys and press Enter. The \
                 highlighter shows where the player to move must play. Hover a glyph in the \
                 legend to find it on the board; click a move in the move list to see the board \
                 as it was then. Undo: Ctrl+Z. Redo: Ctrl+Shift+Z or Ctrl+Y.",
            );
            ui.add_space(6.0);
            ui.label(
                RichText::new(format!("{}, 2006.", scribe_rules::CREDIT))
                    .small()
                    .color(ink::FAINT),
            );
        });
}

/// The 19 glyphs, drawn with the pen in the learner's mark, with their
/// names and points: five to a row.
fn glyph_table(ui: &mut Ui, style: MarkStyle) {
    egui::Grid::new("rules-glyphs")
        .spacing([22.0, 10.0])
        .show(ui, |ui| {
            for (i, glyph) in GLYPHS.into_iter().enumerate() {
                ui.vertical(|ui| {
                    ui.set_min_width(96.0);
                    glyph_figure(ui, glyph, style, 14.0);
                    ui.add(
                        egui::Label::new(format!("{} · {}", glyph.name(), glyph.points()))
                            .wrap_mode(egui::TextWrapMode::Extend),
                    );
                });
                if i % 5 == 4 {
                    ui.end_row();
                }
            }
        });
}
