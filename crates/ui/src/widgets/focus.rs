//! The keyboard's first stop in a window or a panel that opens.

use egui::Context;

/// Gives the keyboard to `response` the first frame its window is shown.
pub(crate) fn focus_first(ui: &egui::Ui, response: &egui::Response) {
    let id = response.id.with("first-focus");
    let done = ui.ctx().data(|d| d.get_temp::<bool>(id).unwrap_or(false));
    if !done {
        response.request_focus();
        ui.ctx().data_mut(|d| d.insert_temp(id, true));
    }
}

/// Forgets [`focus_first`] for a window that closed, so it focuses again next time.
pub(crate) fn forget_focus(ctx: &Context, response_id: egui::Id) {
    ctx.data_mut(|d| d.remove::<bool>(response_id.with("first-focus")));
}
