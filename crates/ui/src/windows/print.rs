//! "Print blank boards…": paper, boards per page and pages, then the file.
//! Enter in the Pages field only ends the typing there; elsewhere it
//! confirms the window.

use crate::export::{BlankBoards, MAX_BLANK_PAGES};
use egui::{Context, Key};
use scribe_export::Paper;

/// What the window asks for this frame.
pub(crate) enum Outcome {
    Open,
    Cancel,
    Choose,
}

pub(crate) fn show(ctx: &Context, opts: &mut BlankBoards, escape: bool) -> Outcome {
    let mut outcome = if escape {
        Outcome::Cancel
    } else {
        Outcome::Open
    };
    let mut first = None;
    let mut in_field = false;
    egui::Window::new("Print blank boards")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            egui::Grid::new("print-grid")
                .num_columns(2)
                .spacing([12.0, 10.0])
                .show(ui, |ui| {
                    ui.label("Paper");
                    ui.horizontal(|ui| {
                        let a4 = ui.radio_value(&mut opts.paper, Paper::A4, "A4");
                        crate::widgets::focus::focus_first(ui, &a4);
                        first = Some(a4.id);
                        ui.radio_value(&mut opts.paper, Paper::Letter, "US Letter");
                    });
                    ui.end_row();
                    ui.label("Boards per page");
                    ui.horizontal(|ui| {
                        ui.radio_value(&mut opts.per_page, 1, "one");
                        ui.add_enabled_ui(opts.paper == Paper::A4, |ui| {
                            ui.radio_value(&mut opts.per_page, 2, "two (A5, for the car)")
                                .on_disabled_hover_text("Two boards a page are laid out for A4");
                        });
                    });
                    ui.end_row();
                    let label = ui.label("Pages");
                    let pages = ui
                        .add(egui::DragValue::new(&mut opts.pages).range(1..=MAX_BLANK_PAGES))
                        .labelled_by(label.id);
                    in_field = pages.has_focus() || pages.lost_focus();
                    ui.end_row();
                });
            if opts.paper == Paper::Letter {
                opts.per_page = 1;
            }
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                let enter = !in_field && ui.input(|i| i.key_pressed(Key::Enter));
                // the browser downloads the PDF; the desktop asks where
                let make = if crate::platform::in_browser() {
                    "Download the PDF"
                } else {
                    "Choose the file…"
                };
                if ui.button(make).clicked() || enter {
                    outcome = Outcome::Choose;
                }
                if ui.button("Cancel").clicked() {
                    outcome = Outcome::Cancel;
                }
            });
        });
    if !matches!(outcome, Outcome::Open)
        && let Some(id) = first
    {
        crate::widgets::focus::forget_focus(ctx, id);
    }
    outcome
}
