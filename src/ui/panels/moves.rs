//! The move list on the right: the moves in pairs, click one to see the board
//! as it was; "Back to the game" is always there (greyed while the game is
//! shown), so the list never shifts.

use crate::rules::Player;
use crate::ui::actions::Action;
use crate::ui::app::ScribeApp;
use crate::ui::ink;
use egui::{RichText, Ui};

pub(crate) fn move_list(app: &ScribeApp, ui: &mut Ui, actions: &mut Vec<Action>) {
    ui.label(RichText::new("Moves").size(20.0));
    let moves = app.record.game.moves();
    ui.horizontal(|ui| {
        if ui
            .add_enabled(app.view.is_some(), egui::Button::new("Back to the game"))
            .on_hover_text("End")
            .clicked()
        {
            actions.push(Action::View(None));
        }
        if ui
            .add_enabled(
                app.view != Some(0) && !moves.is_empty(),
                egui::Button::new("Empty board"),
            )
            .on_hover_text("The empty board (Home)")
            .clicked()
        {
            actions.push(Action::View(Some(0)));
        }
    });
    ui.add_space(4.0);
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .stick_to_bottom(true)
        .show(ui, |ui| {
            if moves.is_empty() {
                ui.label(RichText::new("No moves yet.").color(ink::FAINT));
            }
            egui::Grid::new("moves-grid")
                .spacing([10.0, 2.0])
                .show(ui, |ui| {
                    for (pair, chunk) in moves.chunks(2).enumerate() {
                        ui.label(RichText::new(format!("{}.", pair + 1)).color(ink::FAINT));
                        for (k, sq) in chunk.iter().enumerate() {
                            let n = pair * 2 + k + 1;
                            let p = if k == 0 { Player::X } else { Player::O };
                            let shown = app.view.unwrap_or(moves.len()) == n;
                            let text = RichText::new(format!("{} {sq}", app.style.symbol(p)))
                                .color(ink::ink(p));
                            let resp = ui
                                .selectable_label(shown, text)
                                .on_hover_text(format!("Show the board after move {n}"));
                            if resp.gained_focus() {
                                resp.scroll_to_me(None);
                            }
                            if resp.clicked() {
                                actions.push(Action::View((n < moves.len()).then_some(n)));
                            }
                        }
                        ui.end_row();
                    }
                });
        });
}
