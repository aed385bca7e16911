//! The side panels: on the left, the panel of the mode in front (the
//! game's: the end-of-game summary or the glyph legend), with "Back to my
//! game" under any other mode's; on the right, when the mode in front has
//! nothing of its own there, a word that the game waits behind.

use crate::action::Action;
use crate::state::ScribeApp;
use crate::widgets::ink;
use egui::{RichText, Ui};

pub(crate) fn side_panel(app: &ScribeApp, ui: &mut Ui, actions: &mut Vec<Action>) {
    let mode = app.front();
    if app.playing() {
        mode.panel(ui, app.settings.style, actions);
        return;
    }
    // a mode's panel can outgrow a laptop's 768 pixels (Scribbly Gum's
    // flip, wild-food and tile controls at once): it scrolls, and
    // nothing hides below the window's edge. Back to my game keeps one
    // place, at the foot of the column, whatever the page above holds.
    let all = ui.available_rect_before_wrap();
    let foot = ui.spacing().interact_size.y + 14.0;
    let (top, bottom) = all.split_top_bottom_at_y(all.bottom() - foot);
    ui.scope_builder(egui::UiBuilder::new().max_rect(top), |ui| {
        egui::ScrollArea::vertical()
            .id_salt("mode-panel")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                mode.panel(ui, app.settings.style, actions);
            });
    });
    ui.scope_builder(
        egui::UiBuilder::new().max_rect(bottom.shrink2(egui::vec2(0.0, 4.0))),
        |ui| {
            ui.separator();
            if ui.button("Back to my game").clicked() {
                actions.push(Action::BackToPlay);
            }
        },
    );
}

/// The right side under a mode with nothing of its own there: the game's
/// move list gives way to a word that the game waits, untouched.
pub(crate) fn game_waits(app: &ScribeApp, ui: &mut Ui) {
    ui.label(RichText::new("Moves").size(20.0));
    ui.label(
        RichText::new(format!(
            "{}: your game waits behind, {} moves played, untouched.",
            app.front().name(),
            app.play.game.record().game.moves().len()
        ))
        .color(ink::FAINT),
    );
}
