//! The menu bar and the keyboard shortcuts, from one table so the menus show
//! exactly the keys that work.

use crate::action::{Action, ModeKind, PlayAction};
use crate::state::ScribeApp;
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
    // the longer chord first: Ctrl+S would also take Ctrl+Shift+S
    (Action::SaveAs, "Save as", &[sc(CMD_SHIFT, Key::S)]),
    (Action::Save, "Save", &[sc(CMD, Key::S)]),
    (
        Action::Redo,
        "Redo",
        &[sc(CMD_SHIFT, Key::Z), sc(CMD, Key::Y)],
    ),
    (Action::Undo, "Undo", &[sc(CMD, Key::Z)]),
    (Action::Game(PlayAction::Hint), "Hint", &[sc(CMD, Key::H)]),
    (
        Action::Enter(ModeKind::Library),
        "Library",
        &[sc(CMD, Key::L)],
    ),
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

/// The zoom keys: Ctrl+Plus (or Ctrl+=), Ctrl+Minus, Ctrl+0 zoom the board;
/// with Alt as well, everything (the text too). Taken before egui's own
/// zoom, which would grow the panels and shrink the board.
fn zoom_keys(i: &mut egui::InputState) -> Option<Action> {
    let alt = Modifiers::COMMAND | Modifiers::ALT;
    for (mods, board) in [(alt, false), (CMD, true)] {
        for (key, step) in [
            (Key::Plus, 1),
            (Key::Equals, 1),
            (Key::Minus, -1),
            (Key::Num0, 0),
        ] {
            if i.consume_key(mods, key) {
                return Some(Action::Zoom { board, step });
            }
        }
    }
    None
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
        actions.extend(zoom_keys(i));
    });
    // the mode in front's own keys (the game's arrows), when nothing has the keyboard
    if ui.memory(|m| m.focused().is_none()) {
        app.front().keys(ui, actions);
    }
}

/// The menus, their Alt+letter keys, and F10 (which opens the first).
const MENUS: [(&str, Key); 4] = [
    ("Game", Key::G),
    ("More games", Key::M),
    ("Edit", Key::E),
    ("Help", Key::H),
];

/// The menu the keyboard asked to open this frame (F10: the first; Alt+G,
/// Alt+M, Alt+E, Alt+H), taken out of the input.
fn menu_key(ui: &Ui) -> Option<usize> {
    ui.input_mut(|i| {
        if i.consume_key(Modifiers::NONE, Key::F10) {
            return Some(0);
        }
        MENUS
            .iter()
            .position(|(_, key)| i.consume_key(Modifiers::ALT, *key))
    })
}

/// The menu bar: Game, More games (the companion games), Edit, Help. Items act on the mode in front: with
/// another mode in front of the game, the game's own items are greyed, and
/// Undo and Redo are there only when that mode has them.
pub(crate) fn menu_bar(app: &ScribeApp, ui: &mut Ui, actions: &mut Vec<Action>) {
    let ctx = ui.ctx().clone();
    let opened = menu_key(ui);
    // a menu opened by the keyboard gives its first item the focus, so
    // Enter acts at once (the items appear a frame after the key)
    let focus_first = egui::Id::unique("menu-focus-first-item");
    let mut item = |ui: &mut Ui, text: &str, enabled: bool, action: Action| {
        // greyed, with the reason, where this platform cannot do it
        let why = crate::platform::unavailable(&action);
        let enabled = enabled && why.is_none();
        let mut button = egui::Button::new(text);
        if let Some(keys) = keys_of(&ctx, &action) {
            button = button.shortcut_text(keys);
        }
        let r = ui
            .add_enabled(enabled, button)
            .on_disabled_hover_text(why.unwrap_or("Not available now"));
        if enabled
            && ctx
                .data_mut(|d| d.remove_temp::<bool>(focus_first))
                .is_some()
        {
            r.request_focus();
        }
        if r.clicked() {
            actions.push(action);
            ui.close();
        }
    };
    let playing = app.playing();
    let game = &app.play.game.record().game;
    egui::MenuBar::new().ui(ui, |ui| {
        let mut menus = Vec::new();
        menus.push(
            egui::containers::menu::MenuButton::new(MENUS[0].0)
                .ui(ui, |ui| {
                    item(ui, "New game…", true, Action::NewGame);
                    item(ui, "Open…", true, Action::Open);
                    item(ui, "Save", playing, Action::Save);
                    item(ui, "Save as…", playing, Action::SaveAs);
                    let over = game.position().is_over();
                    item(
                        ui,
                        "Result…",
                        playing && over,
                        Action::Game(PlayAction::Result),
                    );
                    let can_review =
                        playing && !game.moves().is_empty() && app.play.review_task.is_none();
                    item(
                        ui,
                        "Review the game",
                        can_review,
                        Action::Game(PlayAction::Review),
                    );
                    ui.separator();
                    item(
                        ui,
                        "Score a paper board…",
                        true,
                        Action::Enter(ModeKind::Referee),
                    );
                    item(ui, "Scan a paper board…", true, Action::ScanPhoto);
                    item(ui, "Puzzles", true, Action::Enter(ModeKind::Puzzles));
                    item(ui, "Play online…", true, Action::Enter(ModeKind::Online));
                    item(ui, "Library…", true, Action::Enter(ModeKind::Library));
                    ui.separator();
                    item(ui, "Print blank boards…", true, Action::BlankBoards);
                    item(ui, "Export game as PDF…", playing, Action::GamePdf);
                    ui.separator();
                    item(ui, "Quit", true, Action::Quit);
                })
                .0,
        );
        menus.push(
            egui::containers::menu::MenuButton::new(MENUS[1].0)
                .ui(ui, |ui| {
                    item(ui, "Scribbage…", true, Action::Enter(ModeKind::Scribbage));
                    item(ui, "Scribbly Gum…", true, Action::Enter(ModeKind::Gum));
                    item(
                        ui,
                        "Print a Scribbly Gum tree sheet…",
                        true,
                        Action::GumSheet,
                    );
                })
                .0,
        );
        menus.push(
            egui::containers::menu::MenuButton::new(MENUS[2].0)
                .ui(ui, |ui| {
                    if let Some(h) = app.history() {
                        item(ui, "Undo", h.undo, Action::Undo);
                        item(ui, "Redo", h.redo, Action::Redo);
                    }
                    item(ui, "Hint", app.can_hint(), Action::Game(PlayAction::Hint));
                })
                .0,
        );
        menus.push(
            egui::containers::menu::MenuButton::new(MENUS[3].0)
                .ui(ui, |ui| {
                    item(ui, "Learn to play", true, Action::Enter(ModeKind::Learn));
                    item(ui, "Rules", true, Action::Rules);
                    item(ui, "Keyboard shortcuts", true, Action::Shortcuts);
                    item(ui, "About Scribe Desk", true, Action::About);
                })
                .0,
        );
        if let Some(k) = opened
            && let Some(button) = menus.get(k)
        {
            egui::Popup::open_id(ui.ctx(), egui::Popup::default_response_id(button));
            ui.ctx().data_mut(|d| d.insert_temp(focus_first, true));
            ui.ctx().request_repaint();
        }
    });
}
