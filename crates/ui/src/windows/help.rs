//! Help → Keyboard shortcuts and Help → About.

use crate::widgets::ink;
use egui::{Context, RichText};

/// The keyboard shortcuts window, from the same table the menus use.
pub(super) fn shortcuts(ctx: &Context, open: &mut bool, escape: bool) {
    if escape {
        *open = false;
        return;
    }
    egui::Window::new("Keyboard shortcuts")
        .open(open)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            egui::Grid::new("shortcuts-grid")
                .spacing([24.0, 4.0])
                .show(ui, |ui| {
                    for (action, what, _) in crate::panels::SHORTCUTS {
                        ui.label(*what);
                        ui.label(
                            RichText::new(crate::panels::keys_of(ctx, action).unwrap_or_default())
                                .strong(),
                        );
                        ui.end_row();
                    }
                    for (what, keys) in [
                        ("Move the cursor on the board", "Arrow keys"),
                        ("Play the square under the cursor", "Enter or Space"),
                        ("Next / previous control", "Tab / Shift+Tab"),
                        ("Step back / forward through the moves", "Left / Right"),
                        ("The empty board / back to the game", "Home / End"),
                        (
                            "The board larger / smaller / fitted",
                            "Ctrl+Plus / Ctrl+Minus / Ctrl+0",
                        ),
                        (
                            "Everything larger / smaller / as it was",
                            "Ctrl+Alt+Plus / Ctrl+Alt+Minus / Ctrl+Alt+0",
                        ),
                        ("Close a window", "Escape"),
                    ] {
                        ui.label(what);
                        ui.label(RichText::new(keys).strong());
                        ui.end_row();
                    }
                });
        });
}

/// The About window: version, credits, licences.
pub(super) fn about(ctx: &Context, open: &mut bool, escape: bool) {
    if escape {
        *open = false;
        return;
    }
    egui::Window::new("About Scribe Desk")
        .open(open)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.label(RichText::new("Scribe Desk").size(24.0));
            ui.label(format!("Version {}", env!("CARGO_PKG_VERSION")));
            ui.add_space(6.0);
            ui.label("Scribe © Mark Steere, 2006. The game and its rules are his.");
            ui.label("Scribe Desk: MIT or Apache-2.0, the Scribe Desk developers.");
            ui.label(crate::FONT_CREDIT);
            ui.add_space(6.0);
            ui.label(
                RichText::new(
                    "The game in progress is kept in the data folder and written after every move.",
                )
                .color(ink::FAINT),
            );
            if let Some(dir) = crate::store::data_dir() {
                ui.label(RichText::new(dir.display().to_string()).color(ink::FAINT));
            }
        });
}
