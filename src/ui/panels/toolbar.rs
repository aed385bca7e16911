//! The toolbar: New game, Undo, Redo, the Square field, Hint, the thinking
//! sign, Rules. Every piece has a fixed width, so nothing moves when the
//! computer starts or stops thinking.

use crate::ui::actions::Action;
use crate::ui::app::ScribeApp;
use crate::ui::ink;
use egui::{Key, RichText, Ui};
use std::time::Duration;

/// How often the thinking sign changes (the only repaint while the computer thinks).
const THINKING_TICK: Duration = Duration::from_millis(400);

pub(crate) fn toolbar(app: &mut ScribeApp, ui: &mut Ui, actions: &mut Vec<Action>) {
    ui.horizontal(|ui| {
        if ui.button("New game…").clicked() {
            actions.push(Action::NewGame);
        }
        ui.separator();
        let game = &app.record.game;
        // learn: the course has no Undo
        let game_in_front = !app.learning();
        if ui
            .add_enabled(
                game_in_front && !game.moves().is_empty(),
                egui::Button::new("Undo"),
            )
            .on_hover_text("Ctrl+Z")
            .clicked()
        {
            actions.push(Action::Undo);
        }
        if ui
            .add_enabled(
                game_in_front && !game.undone().is_empty(),
                egui::Button::new("Redo"),
            )
            .on_hover_text("Ctrl+Shift+Z or Ctrl+Y")
            .clicked()
        {
            actions.push(Action::Redo);
        }
        ui.separator();
        let label = ui.label("Square:");
        let field = ui.add(
            egui::TextEdit::singleline(&mut app.entry)
                .desired_width(84.0)
                .char_limit(8)
                .hint_text(RichText::new("e.g. C8").italics().color(ink::FAINT)),
        );
        let field = field.labelled_by(label.id);
        let entered = field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
        if ui.button("Play").clicked() || entered {
            actions.push(Action::EnterSquare);
            if entered {
                field.request_focus();
            }
        }
        ui.separator();
        let pos = app.record.game.position();
        let can_hint = matches!(app.mode, crate::ui::app::Mode::Play)
            && app.provider.is_some()
            && !pos.is_over()
            && !app.is_computer(pos.to_move())
            && !app.hinting;
        if ui
            .add_enabled(can_hint, egui::Button::new("Hint"))
            .on_hover_text("Ask the computer which square it would play (Ctrl+H)")
            .clicked()
        {
            actions.push(Action::Hint);
        }
        if app.is_demo() {
            demo_controls(app, ui);
        }
        thinking_sign(app, ui);
        ui.separator();
        if ui.button("Rules").on_hover_text("F1").clicked() {
            actions.push(Action::Rules);
        }
    });
}

/// Pause, Step and speed for a computer-against-computer demo.
fn demo_controls(app: &mut ScribeApp, ui: &mut Ui) {
    let pause = if app.demo_paused { "Resume" } else { "Pause" };
    if ui.button(pause).clicked() {
        app.demo_paused = !app.demo_paused;
    }
    if ui
        .add_enabled(app.demo_paused, egui::Button::new("Step"))
        .on_hover_text("Play one move")
        .clicked()
    {
        app.demo_step = true;
    }
    let label = ui.label("Pause between moves:");
    ui.add(
        egui::DragValue::new(&mut app.demo_delay)
            .range(0.0..=5.0)
            .speed(0.05)
            .suffix(" s"),
    )
    .labelled_by(label.id);
}

/// "Thinking…" in a slot of fixed width, its dots stepping a few times a
/// second: cheap enough that the computer's threads keep the cores.
fn thinking_sign(app: &ScribeApp, ui: &mut Ui) {
    let text = if app.thinking {
        "Thinking"
    } else if app.hinting {
        "Finding a hint"
    } else {
        ""
    };
    let (rect, _) = ui.allocate_exact_size(egui::vec2(150.0, 20.0), egui::Sense::hover());
    if text.is_empty() {
        return;
    }
    let ticks = (ui.input(|i| i.time) / THINKING_TICK.as_secs_f64()) as usize;
    let dots = ".".repeat(ticks % 4);
    ui.painter().text(
        rect.left_center(),
        egui::Align2::LEFT_CENTER,
        format!("{text}{dots}"),
        egui::TextStyle::Body.resolve(ui.style()),
        ink::PENCIL,
    );
    ui.ctx().request_repaint_after(THINKING_TICK);
}
