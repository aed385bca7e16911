//! The desktop app: a Scribe board on paper, drawn with the pen (eframe/egui).
//!
//! This layer reads the crates below it: [`scribe_rules`], [`scribe_ai`]
//! (the computer, review, puzzles), [`scribe_record`], [`scribe_pen`],
//! [`scribe_fsio`], [`scribe_export`] (the PDFs), [`scribe_library`],
//! [`scribe_api`] and [`scribe_online`] (a server's client), [`scribe_scan`]
//! (photos of played paper boards), and the companions [`scribe_scribbage`]
//! and [`scribe_gum`]; none of them calls egui. Slow work (file dialogs, files, PDFs, the computer's move, the
//! review, puzzles, the library) runs as [`jobs`] on named threads; the
//! window repaints only on input or when a job is done.
//!
//! The game in progress and the settings live in the data folder
//! ([`store`]), written after every change; signals close the window
//! cleanly ([`signals`]).
//!
//! The shape: one session per mode. [`session::GameSession`] is the game
//! (egui-free, unit-tested) in the play mode (`modes/play/`), which owns
//! the game's actions, its jobs (the computer, Hint, the review) and the
//! one path every move takes; `modes/` holds the modes that come in front
//! of it, one folder each (see its doc for adding one). Views — `panels/`
//! (menus, toolbar, headings and the middle, side panels, status line),
//! `windows/` and the shared `widgets/` (the board among them) — read the
//! state (`state.rs`) and emit the one action type (`action.rs`, a leaf);
//! `reduce/` hands each action and each job's answer to its mode and keeps
//! what is the window's (its windows, the files, the settings); `app.rs`
//! starts the app and orders a frame.
//!
//! For screenshots, [`run`] reads a few environment variables into
//! [`DevOptions`]: `SCRIBE_MOVES="D6 H4 C8"` (or `random:72`) starts with that
//! game and persists nothing, `SCRIBE_SCREENSHOT=shot.ppm` saves a
//! screenshot after a few frames and closes the window, `SCRIBE_POINTER=x,y`
//! puts the pointer there, `SCRIBE_OPEN=rules` (`new-game`, `shortcuts`,
//! `about`) opens that window, `SCRIBE_STYLE=xo` draws X and O, and
//! `SCRIBE_TIMING=1` prints how long the first frame took to appear.

mod action;
mod app;
pub mod computer;
mod dev;
pub mod export;
pub mod jobs;
// the modes, each in its folder: its egui-free session, its view, its glue
pub mod modes;
pub mod notify;
mod panels;
pub mod platform;
mod reduce;
pub mod signals;
mod state;
pub mod store;
// the widgets shared by the views (the board, ink, the legend, diagrams, the win graph)
pub mod widgets;
mod windows;
mod words;

pub use app::{DEFAULT_WINDOW, MIN_WINDOW, StartOptions};
pub use computer::MoveProvider;
pub use dev::DevOptions;
pub use ink::MarkStyle;
pub use modes::play::session;
pub use state::ScribeApp;
pub use widgets::{board, ink, review};

/// The application id: desktop file, icon name, AppStream id, Wayland app id.
pub const APP_ID: &str = "io.github.scribedesk.scribedesk";

/// The window icon: the packaged icon at 256 px.
#[cfg(not(target_arch = "wasm32"))]
const ICON_PNG: &[u8] = include_bytes!(
    "../../../packaging/icons/hicolor/256x256/apps/io.github.scribedesk.scribedesk.png"
);

/// The hand's name and licence, for About.
pub const FONT_CREDIT: &str =
    "The hand: Scribe Hand, from Patrick Hand by Patrick Wagesreiter, SIL Open Font License 1.1.";

/// Opens the window and runs until it is closed; `file` is a game to open.
/// (The browser's page starts the app with eframe's web runner instead:
/// crates/web.)
///
/// # Errors
/// The window could not be created (no display, no OpenGL).
#[cfg(not(target_arch = "wasm32"))]
pub fn run(file: Option<std::path::PathBuf>) -> anyhow::Result<()> {
    let dev = DevOptions::from_env();
    let data_dir = store::data_dir();
    let settings = data_dir
        .as_deref()
        .filter(|_| !dev.ephemeral())
        .and_then(store::peek_settings)
        .unwrap_or_default();
    let size = settings.sane_window(MIN_WINDOW).unwrap_or(DEFAULT_WINDOW);
    let mut viewport = egui::ViewportBuilder::default();
    // A broken icon is no reason not to open the window.
    if let Ok(icon) = eframe::icon_data::from_png_bytes(ICON_PNG) {
        viewport = viewport.with_icon(std::sync::Arc::new(icon));
    }
    let options = eframe::NativeOptions {
        renderer: eframe::Renderer::Glow,
        viewport: viewport
            .with_title("Scribe Desk")
            .with_app_id(APP_ID)
            .with_inner_size(size)
            .with_maximized(settings.maximized)
            .with_min_inner_size(MIN_WINDOW),
        ..Default::default()
    };
    let start = StartOptions {
        data_dir,
        file,
        dev,
    };
    eframe::run_native(
        "Scribe Desk",
        options,
        Box::new(|cc| Ok(Box::new(ScribeApp::start(cc, start)))),
    )
    .map_err(|e| anyhow::anyhow!("cannot open the window: {e}"))
}

/// Installs the hand-drawn font and the paper-and-ink look.
pub fn install_look(ctx: &egui::Context) {
    let mut fonts = egui::FontDefinitions::default();
    fonts.font_data.insert(
        "scribe-hand".to_string(),
        std::sync::Arc::new(egui::FontData::from_static(scribe_pen::HAND_FONT)),
    );
    // first in both families: every piece of text is in the hand; the
    // default fonts stay behind it for the few characters it lacks
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        fonts
            .families
            .entry(family)
            .or_default()
            .insert(0, "scribe-hand".to_string());
    }
    ctx.set_fonts(fonts);
    ctx.options_mut(|o| o.theme_preference = egui::ThemePreference::Light);
    let mut visuals = egui::Visuals::light();
    visuals.panel_fill = ink::PAPER;
    visuals.window_fill = ink::PAPER;
    visuals.extreme_bg_color = ink::FIELD;
    visuals.override_text_color = Some(ink::PENCIL);
    // placeholders and other weak text: faint pencil, never a washed-out grey
    visuals.weak_text_color = Some(ink::FAINT);
    ctx.set_visuals_of(egui::Theme::Light, visuals);
    ctx.all_styles_mut(|style| {
        use egui::{FontFamily::Proportional, FontId, TextStyle};
        style.text_styles = [
            (TextStyle::Heading, FontId::new(24.0, Proportional)),
            (TextStyle::Body, FontId::new(16.0, Proportional)),
            (TextStyle::Button, FontId::new(16.0, Proportional)),
            (TextStyle::Small, FontId::new(12.0, Proportional)),
            (TextStyle::Monospace, FontId::monospace(15.0)),
        ]
        .into();
    });
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    #[test]
    fn the_window_icon_decodes() {
        let icon = eframe::icon_data::from_png_bytes(super::ICON_PNG).unwrap();
        assert_eq!((icon.width, icon.height), (256, 256));
    }
}
