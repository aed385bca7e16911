//! "The game on the board is unfinished: replace it?" — asked before New
//! game or Open would discard an unsaved, unfinished game.

use crate::action::Choice;
use egui::{Context, Key, RichText};

/// Shows the question; the answer, once given. Enter saves first, Escape
/// cancels. `saved_once`: the game has a file, changed since it was saved;
/// `next` is what would replace it ("a new Majority game", "open game.ron").
pub(super) fn show(
    ctx: &Context,
    moves: usize,
    saved_once: bool,
    next: &str,
    escape: bool,
) -> Option<Choice> {
    let mut choice = escape.then_some(Choice::Cancel);
    egui::Window::new("Replace the unfinished game?")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            let moves = scribe_record::counted(moves as u64, "move", "moves");
            ui.label(if saved_once {
                format!(
                    "The game on the board is not finished ({moves}) and has changed since it was saved."
                )
            } else {
                format!(
                    "The game on the board is not finished ({moves}) and has not been saved."
                )
            });
            ui.label(
                RichText::new(format!("Instead: {next}.")).color(crate::widgets::ink::FAINT),
            );
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                let save = ui.button("Save it first…");
                crate::widgets::focus::focus_first(ui, &save);
                if save.clicked() || (save.has_focus() && ui.input(|i| i.key_pressed(Key::Enter))) {
                    choice = Some(Choice::SaveFirst);
                }
                if ui.button("Discard it").clicked() {
                    choice = Some(Choice::Discard);
                }
                if ui.button("Cancel").clicked() {
                    choice = Some(Choice::Cancel);
                }
                if choice.is_some() {
                    crate::widgets::focus::forget_focus(ctx, save.id);
                }
            });
        });
    choice
}
