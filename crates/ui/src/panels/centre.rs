//! The middle of the window: the turn line, the score line and the board.
//! The two lines have fixed heights (long text is shortened, the whole of it
//! shown on hover), so the board never moves when their text changes.

use crate::action::Action;
use crate::modes::Middle;
use crate::state::ScribeApp;
use crate::widgets::board::BoardView;
use crate::widgets::ink;
use egui::{RichText, Ui};

/// One line of text in a slot of fixed height, shortened with "…" when too long.
pub(crate) fn fixed_line(ui: &mut Ui, text: RichText, height: f32) {
    let width = ui.available_width();
    ui.allocate_ui_with_layout(
        egui::vec2(width, height),
        egui::Layout::left_to_right(egui::Align::Center),
        |ui| {
            ui.set_min_size(egui::vec2(width, height));
            ui.add(egui::Label::new(text).truncate());
        },
    );
}

/// The two lines and the middle of the mode in front: the board (its
/// squares come back as [`Action::Play`]) or the mode's own canvas.
pub(crate) fn board(app: &ScribeApp, ui: &mut Ui, actions: &mut Vec<Action>) {
    let mode = app.front();
    let shown = match mode.middle(app.settings.style) {
        Middle::Board(shown) => shown,
        Middle::Canvas { heading, detail } => {
            headings(ui, heading, ink::PENCIL, detail);
            mode.canvas(ui, app.settings.style, actions);
            return;
        }
    };
    headings(ui, shown.heading, shown.heading_ink, shown.detail);
    let board = zoomed(app, ui, |ui| {
        BoardView {
            position: &shown.position,
            style: app.settings.style,
            live: shown.live,
            glyph: shown.glyph,
            hint: shown.hint,
            played: shown.played,
            reduce_motion: app.settings.reduce_motion,
            busy: shown.busy,
            outline: shown.outline,
            check: &shown.check,
            scores: shown.scores,
            guidance: shown.guidance,
        }
        .show(ui)
    });
    mode.board_seen(ui, &board);
    if let Some(sq) = board.clicked {
        actions.push(Action::Play(sq));
    }
}

/// The board in the space left, or, zoomed in (Ctrl+Plus), larger than it
/// in a scrolled area.
fn zoomed(
    app: &ScribeApp,
    ui: &mut Ui,
    show: impl FnOnce(&mut Ui) -> crate::widgets::board::BoardResponse,
) -> crate::widgets::board::BoardResponse {
    let zoom = app.settings.board_zoom();
    if zoom <= 1.0 {
        return show(ui);
    }
    // the board's own size, zoomed: the space's proportions zoomed left a
    // margin of hundreds of points at one end while the far columns were
    // cut off at the other; a side still shorter than the space is centred
    let avail = ui.available_size();
    let (w, h) = (crate::widgets::board::WIDTH, crate::widgets::board::HEIGHT);
    let unit = (avail.x / w).min(avail.y / h);
    let size = (egui::vec2(w, h) * unit * zoom).max(avail);
    // the mini grid that must be played in comes into view when the zoom
    // or the grid changes (Ctrl+Plus left it off screen)
    let seen = egui::Id::unique("board-zoom-target");
    egui::ScrollArea::both()
        .id_salt("board-zoom")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let shown =
                ui.allocate_ui_with_layout(size, egui::Layout::top_down(egui::Align::Min), |ui| {
                    ui.set_min_size(size);
                    show(ui)
                });
            let (r, content) = (shown.inner, shown.response.rect);
            // the grid's place in the board, not on the screen (which moves
            // as the player scrolls: that must not scroll it back)
            let key = (
                zoom.to_bits(),
                r.target.map(|t| {
                    let at = (t.min - content.min).round();
                    (at.x.to_bits(), at.y.to_bits())
                }),
            );
            let changed = ui.data(|d| d.get_temp::<(u32, Option<(u32, u32)>)>(seen)) != Some(key);
            if changed {
                ui.data_mut(|d| d.insert_temp(seen, key));
                if let Some(t) = r.target {
                    ui.scroll_to_rect_animation(
                        t,
                        Some(egui::Align::Center),
                        egui::style::ScrollAnimation::none(),
                    );
                }
            }
            r
        })
        .inner
}

/// The two lines above the board or the canvas.
fn headings(ui: &mut Ui, heading: String, heading_ink: egui::Color32, detail: String) {
    fixed_line(
        ui,
        RichText::new(heading).size(22.0).color(heading_ink),
        30.0,
    );
    fixed_line(ui, RichText::new(detail).color(ink::PENCIL), 22.0);
}
