//! The move list on the right: two moves a row, each with its own number —
//! the numbering of the heading, the review and the tooltips: move 1 is the
//! first player's first mark. Click one to see the board after it; "Back to
//! the game" is always there (greyed while the game is shown), so the list
//! never shifts. The move shown is scrolled into view.

use super::PlayMode;
use crate::action::{Action, PlayAction};
use crate::widgets::ink::{self, MarkStyle};
use egui::{RichText, Ui};
use scribe_rules::Player;

/// Width of one move ("81. + C8??").
const MOVE_WIDTH: f32 = 94.0;

pub(super) fn move_list(m: &PlayMode, ui: &mut Ui, style: MarkStyle, actions: &mut Vec<Action>) {
    ui.label(RichText::new("Moves").size(20.0));
    let moves = m.game.record().game.moves();
    let view = m.game.view();
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(view.is_some(), egui::Button::new("Back to the game"))
            .on_hover_text("End")
            .clicked()
        {
            actions.push(Action::Game(PlayAction::View(None)));
        }
        if ui
            .add_enabled(
                view != Some(0) && !moves.is_empty(),
                egui::Button::new("Empty board"),
            )
            .on_hover_text("The empty board (Home)")
            .clicked()
        {
            actions.push(Action::Game(PlayAction::View(Some(0))));
        }
    });
    if let Some(task) = &m.review_task
        && task.show_progress(ui)
    {
        actions.push(Action::Game(PlayAction::CancelReview));
    }
    if let Some(review) = m.game.reviewed() {
        let graph = crate::widgets::review::WinGraph {
            review,
            selected: Some(m.game.shown()),
            style,
            height: 110.0,
        }
        .show(ui);
        if let Some(n) = graph.clicked {
            actions.push(Action::Game(PlayAction::View(
                (n < moves.len()).then_some(n),
            )));
        }
    }
    ui.add_space(4.0);
    // the move shown changed: bring it into view
    let memory = egui::Id::unique("move-list-shown");
    let shown = m.game.shown();
    let moved = ui.data(|d| d.get_temp::<usize>(memory)) != Some(shown);
    ui.data_mut(|d| d.insert_temp(memory, shown));
    egui::ScrollArea::vertical()
        .id_salt("move-list")
        .auto_shrink([false, false])
        .stick_to_bottom(view.is_none())
        .show(ui, |ui| {
            if moves.is_empty() {
                ui.label(RichText::new("No moves yet.").color(ink::FAINT));
            }
            // Rows of fixed widths rather than an egui Grid: a Grid measures
            // its new row and asks for one more frame after every move, which
            // a software renderer pays for while the computer thinks.
            ui.spacing_mut().item_spacing.y = 2.0;
            for (pair, chunk) in moves.chunks(2).enumerate() {
                ui.horizontal(|ui| move_row(m, ui, style, pair, chunk, moved, actions));
            }
        });
}

/// Row `pair` of the list: the moves of + and O, each with its number.
fn move_row(
    m: &PlayMode,
    ui: &mut Ui,
    style: MarkStyle,
    pair: usize,
    chunk: &[scribe_rules::Square],
    moved: bool,
    actions: &mut Vec<Action>,
) {
    let total = m.game.record().game.moves().len();
    let reviewed = m.game.reviewed();
    for (k, sq) in chunk.iter().enumerate() {
        let n = pair * 2 + k + 1;
        let p = if k == 0 { Player::X } else { Player::O };
        let shown = m.game.shown() == n;
        let mark = reviewed.map_or("", |r| crate::widgets::review::annotation(r, n));
        let text = RichText::new(format!("{n}. {} {sq}{mark}", style.symbol(p))).color(ink::ink(p));
        // a reviewed move with a better one shows the position it was played in
        let before = reviewed.and_then(|r| crate::widgets::review::better_move(r, n));
        let tip = match before {
            Some(b) => format!("Move {n}: the board before it, with the better move {b} in pencil"),
            None => format!("Move {n}: the board after it"),
        };
        let resp = move_entry(ui, shown, text).on_hover_text(tip);
        if resp.gained_focus() || (shown && moved) {
            resp.scroll_to_me(None);
        }
        if resp.clicked() {
            actions.push(Action::Game(PlayAction::View((n < total).then_some(n))));
        }
    }
}

/// One move of the list: a selectable entry of fixed width, painted here
/// rather than an egui `Button`, which asks for two more frames the first
/// time it is drawn (after every move, while the computer starts thinking).
/// Read by a screen reader as a button, selected when its position is shown.
fn move_entry(ui: &mut Ui, selected: bool, text: RichText) -> egui::Response {
    let padding = ui.spacing().button_padding;
    let galley = egui::WidgetText::from(text).into_galley(
        ui,
        Some(egui::TextWrapMode::Extend),
        f32::INFINITY,
        egui::TextStyle::Button,
    );
    let size = egui::vec2(
        MOVE_WIDTH.max(galley.size().x + 2.0 * padding.x),
        ui.spacing()
            .interact_size
            .y
            .max(galley.size().y + 2.0 * padding.y),
    );
    let (rect, resp) = ui.allocate_exact_size(size, egui::Sense::click());
    resp.widget_info(|| {
        egui::WidgetInfo::selected(
            egui::accesskit::Role::Button,
            ui.is_enabled(),
            selected,
            galley.text(),
        )
    });
    if ui.is_rect_visible(rect) {
        let visuals = ui.style().interact_selectable(&resp, selected);
        if selected || resp.hovered() || resp.has_focus() || resp.is_pointer_button_down_on() {
            ui.painter().rect(
                rect.expand(visuals.expansion),
                visuals.corner_radius,
                visuals.weak_bg_fill,
                visuals.bg_stroke,
                egui::StrokeKind::Inside,
            );
        }
        let at = egui::pos2(
            rect.left() + padding.x,
            rect.center().y - galley.size().y / 2.0,
        );
        ui.painter().galley(at, galley, visuals.text_color());
    }
    resp
}
