//! The left panel: the panel of the mode in front of the game, else the
//! end-of-game summary, else the glyph legend.

use crate::action::Action;
use crate::state::ScribeApp;
use crate::widgets::ink;
use crate::windows::{self, SummaryChoice};
use egui::{RichText, Ui};

pub(crate) fn side_panel(app: &ScribeApp, ui: &mut Ui, actions: &mut Vec<Action>) {
    let mut glyph = None;
    if let Some(mode) = &app.front {
        // a mode's panel can outgrow a laptop's 768 pixels (Scribbly Gum's
        // flip, wild-food and tile controls at once): it scrolls, and
        // nothing hides below the window's edge
        egui::ScrollArea::vertical()
            .id_salt("mode-panel")
            .auto_shrink([false, true])
            .show(ui, |ui| {
                mode.panel(ui, app.settings.style, actions);
                ui.add_space(8.0);
                if ui.button("Back to my game").clicked() {
                    actions.push(Action::BackToPlay);
                }
            });
    } else if app.play.summary_open && app.play.game.view().is_none() {
        let choice = windows::summary_panel(ui, app.play.game.record(), app.settings.style);
        actions.extend(choice.map(|c| match c {
            SummaryChoice::PlayAgain => Action::PlayAgain { swap: false },
            SummaryChoice::SwapSides => Action::PlayAgain { swap: true },
            SummaryChoice::Export => Action::GamePdf,
            SummaryChoice::Review => Action::Review,
            SummaryChoice::Close => Action::CloseSummary,
        }));
    } else {
        ui.label(RichText::new("Glyphs").size(20.0));
        ui.label(RichText::new("hover one to find it on the board").color(ink::FAINT));
        glyph = crate::widgets::legend::show(ui);
    }
    if glyph != app.glyph {
        actions.push(Action::Glyph(glyph));
    }
}
