//! The menu bar and the keyboard shortcuts, from one table so the menus show
//! exactly the keys that work.

use crate::ui::actions::Action;
use crate::ui::app::ScribeApp;
use egui::{Key, KeyboardShortcut, Modifiers, Ui};

const fn sc(modifiers: Modifiers, key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(modifiers, key)
}

const CMD: Modifiers = Modifiers::COMMAND;
const CMD_SHIFT: Modifiers = Modifiers {
    alt: false,
    ctrl: false,
    shift: true,
    mac_cmd: false,
    command: true,
};

/// Every shortcut: what it does, its keys (the first is shown in menus).
pub(crate) const SHORTCUTS: &[(Action, &str, &[KeyboardShortcut])] = &[
    (Action::NewGame, "New game", &[sc(CMD, Key::N)]),
    (Action::Open, "Open a game", &[sc(CMD, Key::O)]),
    (Action::Save, "Save", &[sc(CMD, Key::S)]),
    (Action::SaveAs, "Save as", &[sc(CMD_SHIFT, Key::S)]),
    (
        Action::Redo,
        "Redo",
        &[sc(CMD_SHIFT, Key::Z), sc(CMD, Key::Y)],
    ),
    (Action::Undo, "Undo", &[sc(CMD, Key::Z)]),
    (Action::Hint, "Hint", &[sc(CMD, Key::H)]),
    (Action::Rules, "Rules", &[sc(Modifiers::NONE, Key::F1)]),
    (Action::Quit, "Quit", &[sc(CMD, Key::Q)]),
];

/// The keys of `action` as the menus show them, e.g. "Ctrl+Z".
pub(crate) fn keys_of(ctx: &egui::Context, action: &Action) -> Option<String> {
    SHORTCUTS
        .iter()
        .find(|(a, _, _)| a == action)
        .map(|(_, _, keys)| {
            keys.iter()
                .map(|k| ctx.format_shortcut(k))
                .collect::<Vec<_>>()
                .join(" or ")
        })
}

/// Turns pressed shortcuts into actions; Left and Right step through the move
/// list, Home shows the empty board, End returns to the game (only while no
/// widget has the keyboard).
pub(crate) fn shortcuts(app: &ScribeApp, ui: &Ui, actions: &mut Vec<Action>) {
    ui.input_mut(|i| {
        for (action, _, keys) in SHORTCUTS {
            if keys.iter().any(|k| i.consume_shortcut(k)) {
                actions.push(action.clone());
            }
        }
    });
    if ui.memory(|m| m.focused().is_none()) {
        let played = app.record.game.moves().len();
        let shown = app.view.unwrap_or(played);
        let step = ui.input_mut(|i| {
            if i.consume_key(Modifiers::NONE, Key::ArrowLeft) {
                Some(shown.saturating_sub(1))
            } else if i.consume_key(Modifiers::NONE, Key::ArrowRight) {
                Some((shown + 1).min(played))
            } else if i.consume_key(Modifiers::NONE, Key::Home) {
                Some(0)
            } else if i.consume_key(Modifiers::NONE, Key::End) {
                Some(played)
            } else {
                None
            }
        });
        if let Some(n) = step {
            actions.push(Action::View((n < played).then_some(n)));
        }
    }
}

/// The menu bar: Game, Edit, Help.
pub(crate) fn menu_bar(app: &ScribeApp, ui: &mut Ui, actions: &mut Vec<Action>) {
    let ctx = ui.ctx().clone();
    let mut item = |ui: &mut Ui, text: &str, enabled: bool, action: Action| {
        let mut button = egui::Button::new(text);
        if let Some(keys) = keys_of(&ctx, &action) {
            button = button.shortcut_text(keys);
        }
        if ui
            .add_enabled(enabled, button)
            .on_disabled_hover_text("Not available now")
            .clicked()
        {
            actions.push(action);
            ui.close();
        }
    };
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("Game", |ui| {
            item(ui, "New game…", true, Action::NewGame);
            item(ui, "Open…", true, Action::Open);
            item(ui, "Save", true, Action::Save);
            item(ui, "Save as…", true, Action::SaveAs);
            let over = app.record.game.position().is_over();
            item(ui, "Result…", over, Action::Result);
            let can_review = !app.record.game.moves().is_empty() && app.review_task.is_none();
            item(ui, "Review the game", can_review, Action::Review);
            ui.separator();
            item(ui, "Score a paper board…", true, Action::Referee);
            item(ui, "Puzzles", true, Action::Puzzles);
            ui.separator();
            item(ui, "Print blank boards…", true, Action::BlankBoards);
            item(ui, "Export game as PDF…", true, Action::GamePdf);
            ui.separator();
            item(ui, "Quit", true, Action::Quit);
        });
        ui.menu_button("Edit", |ui| {
            let game = &app.record.game;
            // learn: the course has no Undo
            let game_in_front = !app.learning();
            item(
                ui,
                "Undo",
                game_in_front && !game.moves().is_empty(),
                Action::Undo,
            );
            item(
                ui,
                "Redo",
                game_in_front && !game.undone().is_empty(),
                Action::Redo,
            );
            item(ui, "Hint", game_in_front, Action::Hint);
        });
        ui.menu_button("Help", |ui| {
            // learn: the course
            let learn = Action::Learn(crate::ui::learn::LearnAction::Open);
            item(ui, "Learn to play", true, learn);
            item(ui, "Rules", true, Action::Rules);
            item(ui, "Keyboard shortcuts", true, Action::Shortcuts);
            item(ui, "About Scribe Desk", true, Action::About);
        });
    });
}
