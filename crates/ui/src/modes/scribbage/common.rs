//! What the table's views share: a table action as the app's action, the
//! UI clock, the timer's name.

use super::session::ScribbageAction;
use crate::action::{Action, ModeAction, ModeKind};

/// A table action as the app's action.
pub(super) fn act(a: ScribbageAction) -> Action {
    Action::Mode(ModeAction::new(ModeKind::Scribbage, a))
}

/// The UI clock in milliseconds.
pub(super) fn now_ms(ui: &egui::Ui) -> u64 {
    (ui.input(|i| i.time).max(0.0) * 1000.0) as u64
}

/// "3 min", "untimed".
pub(super) fn timer_name(t: Option<u32>) -> String {
    match t {
        Some(s) if s % 60 == 0 => format!("{} min", s / 60),
        Some(s) => format!("{s} s"),
        None => "untimed".to_string(),
    }
}
