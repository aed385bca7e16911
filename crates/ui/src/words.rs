//! The words of the status line that the egui-free sessions and the
//! reducer share: why a move is refused, where a cell sits in its mini
//! grid. A leaf: no egui, nothing else of the app.

use scribe_record::MarkStyle;
use scribe_rules::{GridIndex, IllegalReason};

/// Why a move is refused, in the marks the player chose and naming the mini
/// grid as the heading does.
pub(crate) fn refusal(reason: IllegalReason, style: MarkStyle) -> String {
    match reason {
        IllegalReason::WrongGrid { player, required } => format!(
            "{} must play in the {} mini grid ({})",
            style.symbol(player),
            required.position_name(),
            required.span()
        ),
        IllegalReason::Occupied(p) => {
            format!("the square is already taken by {}", style.symbol(p))
        }
        IllegalReason::GameOver => reason.to_string(),
    }
}

/// Where a cell sits in its mini grid: "upper-right corner", "centre",
/// "upper-middle square".
#[must_use]
pub(crate) fn cell_phrase(cell: GridIndex) -> String {
    match cell.index() {
        4 => "centre".to_string(),
        0 | 2 | 6 | 8 => format!("{} corner", cell.position_name()),
        _ => format!("{} square", cell.position_name()),
    }
}
