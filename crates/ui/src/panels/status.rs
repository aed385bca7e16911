//! The status line at the bottom: the last thing that happened, or why a
//! move was refused; one line of fixed height, the whole text on hover.

use crate::state::ScribeApp;
use crate::widgets::ink;
use egui::{RichText, Ui};

pub(crate) fn status_line(app: &ScribeApp, ui: &mut Ui) {
    ui.add_space(2.0);
    let text = if app.status.text.is_empty() {
        RichText::new("Click a square or type one, e.g. C8.").color(ink::FAINT)
    } else if app.status.error {
        RichText::new(&app.status.text).color(ink::INK_O)
    } else {
        RichText::new(&app.status.text).color(ink::PENCIL)
    };
    super::fixed_line(ui, text, 22.0);
    ui.add_space(2.0);
}
