//! What this platform cannot do, with the reason said to the player: the
//! menus grey such an item with the reason as its tip, and a shortcut
//! that asks for it gets the reason in the status line — never a silent
//! no-op. On the desktop everything is there; in the browser (wasm32) a
//! few things need what a web page does not have.

use crate::action::{Action, ModeKind, Purpose};

/// Why `action` is not available here, or `None` when it is.
#[must_use]
pub fn unavailable(action: &Action) -> Option<&'static str> {
    if !cfg!(target_arch = "wasm32") {
        return None;
    }
    match action {
        Action::Enter(ModeKind::Online) => Some(
            "In the browser, play online on the server's own web page (the address of a Scribe server).",
        ),
        Action::Enter(ModeKind::Library) => Some(
            "The library keeps its games in a folder: it is in the desktop app. Here, save a game to download it.",
        ),
        Action::Quit => Some("Close the browser tab to leave: the game in progress is kept."),
        // a photo is uploaded (Game → Scan a paper board…), never a path
        Action::PathChosen(Purpose::ScanPhoto, _) => {
            Some("In the browser, choose the photo with Game → Scan a paper board….")
        }
        _ => None,
    }
}

/// Whether this is the browser.
#[must_use]
pub const fn in_browser() -> bool {
    cfg!(target_arch = "wasm32")
}
