//! The toolbar: New game, Undo, Redo (when the mode in front has them), the
//! Square field, Hint, the thinking sign, Rules, and at the end the controls
//! of a computer-against-computer game. Every piece has a fixed width and
//! what comes and goes is at the end, so nothing moves when the computer
//! starts or stops thinking or a demo is paused. A button that cannot act
//! now stays a keyboard stop (greyed, and read as unavailable), so the
//! number of Tab presses to the board never changes.

use crate::action::{Action, PlayAction};
use crate::modes::Middle;
use crate::state::ScribeApp;
use crate::widgets::ink;
use egui::{Key, RichText, Ui};
use std::time::Duration;

/// How often the thinking sign changes (the only repaint while the computer thinks).
const THINKING_TICK: Duration = Duration::from_millis(400);

/// A toolbar button that is always a keyboard stop: when it cannot act it
/// is drawn greyed, says so to a screen reader, and ignores clicks.
fn tool_button(ui: &mut Ui, text: &str, enabled: bool, tip: &str) -> bool {
    let label = if enabled {
        RichText::new(text)
    } else {
        RichText::new(text).color(ink::FAINT)
    };
    let resp = ui.add(egui::Button::new(label)).on_hover_text(if enabled {
        tip.to_string()
    } else {
        format!("{tip} (not available now)")
    });
    if !enabled {
        ui.ctx()
            .accesskit_node_builder(resp.id, egui::accesskit::Node::set_disabled);
    }
    enabled && resp.clicked()
}

/// The toolbar's row height: its tallest control (a button, a field, the
/// demo's speed) with room to spare, so the board never moves when the
/// demo's controls come or go (they made the row 2 px taller).
pub(crate) fn row_height(ui: &Ui) -> f32 {
    let s = ui.spacing();
    let button = ui.text_style_height(&egui::TextStyle::Button) + 2.0 * s.button_padding.y;
    let field = ui.text_style_height(&egui::TextStyle::Body) + 2.0 * s.button_padding.y;
    s.interact_size.y.max(button).max(field) + 4.0
}

pub(crate) fn toolbar(app: &ScribeApp, ui: &mut Ui, actions: &mut Vec<Action>) {
    let height = row_height(ui);
    let size = egui::vec2(ui.available_width(), height);
    let layout = egui::Layout::left_to_right(egui::Align::Center);
    ui.allocate_ui_with_layout(size, layout, |ui| {
        ui.set_min_height(height);
        if ui.button("New game…").clicked() {
            actions.push(Action::NewGame);
        }
        ui.separator();
        if let Some(h) = app.history() {
            if tool_button(ui, "Undo", h.undo, "Ctrl+Z") {
                actions.push(Action::Undo);
            }
            if tool_button(ui, "Redo", h.redo, "Ctrl+Shift+Z or Ctrl+Y") {
                actions.push(Action::Redo);
            }
            ui.separator();
        }
        // A companion game (Scribbage, Scribbly Gum) draws its own sheet:
        // the Scribe board's Square field and Hint have nothing to act on.
        let canvas = matches!(
            app.front().middle(app.settings.style),
            Middle::Canvas { .. }
        );
        if !canvas {
            board_tools(app, ui, actions);
        }
        if ui.button("Rules").on_hover_text("F1").clicked() {
            actions.push(Action::Rules);
        }
        // the mode's own tools (a demo's Pause, Step and speed)
        app.front().tools(ui, actions);
    });
}

/// The Square field, Play, Hint and the thinking sign: the Scribe board's.
fn board_tools(app: &ScribeApp, ui: &mut Ui, actions: &mut Vec<Action>) {
    let label = ui.label("Square:");
    let mut entry = app.entry.clone();
    let field = ui.add(
        egui::TextEdit::singleline(&mut entry)
            .desired_width(84.0)
            .char_limit(8)
            .hint_text(RichText::new("e.g. C8").italics().color(ink::FAINT)),
    );
    if entry != app.entry {
        actions.push(Action::Entry(entry));
    }
    let field = field.labelled_by(label.id);
    let entered = field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
    if ui.button("Play").clicked() || entered {
        actions.push(Action::EnterSquare);
        if entered {
            field.request_focus();
        }
    }
    ui.separator();
    if tool_button(
        ui,
        "Hint",
        app.can_hint(),
        "Ask the computer which square it would play (Ctrl+H)",
    ) {
        actions.push(Action::Game(PlayAction::Hint));
    }
    thinking_sign(app, ui, actions);
    ui.separator();
}

/// "Thinking…" in a slot of fixed width, its dots stepping a few times a
/// second: cheap enough that the computer's threads keep the cores. A think
/// longer than a second shows its seconds and offers Move now (the best
/// move found so far), in the same slot: nothing beside it moves.
fn thinking_sign(app: &ScribeApp, ui: &mut Ui, actions: &mut Vec<Action>) {
    let text = if app.play.thinking {
        "Thinking"
    } else if app.play.hinting {
        "Finding a hint"
    } else {
        ""
    };
    let (rect, sign) = ui.allocate_exact_size(egui::vec2(236.0, 22.0), egui::Sense::hover());
    if text.is_empty() {
        return;
    }
    let ticks = (ui.input(|i| i.time) / THINKING_TICK.as_secs_f64()) as usize;
    let dots = ".".repeat(ticks % 4);
    let long = app
        .play
        .turn_began
        .map(|t| t.elapsed())
        .filter(|e| app.play.thinking && e.as_secs_f32() >= 1.0);
    let words = match long {
        Some(e) => format!("{text} {} s{dots}", e.as_secs()),
        None => format!("{text}{dots}"),
    };
    let said = words.trim_end_matches('.').to_string();
    sign.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &said));
    ui.painter().text(
        rect.left_center(),
        egui::Align2::LEFT_CENTER,
        words,
        egui::TextStyle::Body.resolve(ui.style()),
        ink::PENCIL,
    );
    // a search in the browser's worker cannot be hurried (jobs/run.rs)
    if long.is_some() && crate::jobs::Jobs::can_hurry() {
        let button = egui::Rect::from_min_max(
            egui::pos2(rect.right() - 86.0, rect.top()),
            rect.right_bottom(),
        );
        if ui
            .put(button, egui::Button::new("Move now").small())
            .on_hover_text("The computer plays the best move it has found so far")
            .clicked()
        {
            actions.push(Action::Game(PlayAction::MoveNow));
        }
    }
    ui.ctx().request_repaint_after(THINKING_TICK);
}
