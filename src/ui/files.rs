//! Work that must not block the window: file dialogs, reading and writing
//! files, the computer's move. Each job runs on a named thread and sends its
//! result back over a channel, then asks egui for a repaint.

use crate::record::GameRecord;
use crate::rules::Square;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender, channel};

/// What a file dialog was opened for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// Open a game.
    Open,
    /// Save the game.
    Save,
    /// Print blank boards (a PDF).
    BlankBoards,
    /// Export the game as a PDF.
    GamePdf,
}

/// A finished job.
#[derive(Debug)]
pub enum Done {
    /// A file dialog closed: the chosen path, `None` if cancelled, or an
    /// error when no native dialog could be shown.
    Picked(Purpose, Result<Option<PathBuf>, NoDialog>),
    /// A game file was read.
    Loaded(PathBuf, Result<GameRecord, String>),
    /// A file was written.
    Written(PathBuf, Result<(), String>),
    /// The computer chose a move for the game in state `generation`.
    /// (The third field is how long the search itself took.)
    ComputerMove(u64, Option<Square>, std::time::Duration),
    /// Puzzles were made for Game → Puzzles.
    Puzzles(Result<Vec<crate::ai::Puzzle>, String>),
    /// The computer suggests a move (Hint) for the game in state `generation`.
    Hint(u64, Option<Square>),
}

/// The worker threads' mailbox.
pub struct Workers {
    tx: Sender<Done>,
    rx: Receiver<Done>,
    ctx: egui::Context,
    pending: usize,
}

impl Workers {
    /// A mailbox that wakes `ctx` when a job is done.
    #[must_use]
    pub fn new(ctx: egui::Context) -> Workers {
        let (tx, rx) = channel();
        Workers {
            tx,
            rx,
            ctx,
            pending: 0,
        }
    }

    /// Runs `job` on a thread called `name`.
    ///
    /// # Errors
    /// The thread could not be started.
    pub fn spawn(
        &mut self,
        name: &str,
        job: impl FnOnce() -> Done + Send + 'static,
    ) -> std::io::Result<()> {
        let tx = self.tx.clone();
        let ctx = self.ctx.clone();
        std::thread::Builder::new()
            .name(name.to_string())
            .spawn(move || {
                // The app may have gone away; then nobody needs the result.
                let _ = tx.send(job());
                // One frame takes the result. (A zero delay would draw two:
                // egui repaints twice for it, and on a software renderer each
                // frame costs the next search of the computer ~20 ms of CPU.)
                ctx.request_repaint_after(std::time::Duration::from_millis(1));
            })?;
        self.pending += 1;
        Ok(())
    }

    /// A finished job, if any.
    pub fn try_recv(&mut self) -> Option<Done> {
        let done = self.rx.try_recv().ok()?;
        self.pending = self.pending.saturating_sub(1);
        Some(done)
    }

    /// The window's context.
    #[must_use]
    pub fn ctx(&self) -> egui::Context {
        self.ctx.clone()
    }

    /// The window's clock (egui time, seconds).
    #[must_use]
    pub fn now(&self) -> f64 {
        self.ctx.input(|i| i.time)
    }

    /// Whether any job is still running.
    #[must_use]
    pub fn busy(&self) -> bool {
        self.pending > 0
    }
}

/// No native file dialog could be shown on this desktop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NoDialog;

impl std::fmt::Display for NoDialog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(
            "no file dialog could be shown on this desktop \
             (it needs xdg-desktop-portal or zenity)",
        )
    }
}

/// Whether a native dialog can be expected: on Linux and the BSDs rfd asks
/// the XDG desktop portal over D-Bus and falls back to `zenity`; with no
/// session bus and no zenity nothing can appear. Elsewhere the system's own
/// dialogs are always there.
#[must_use]
pub fn native_dialog_expected() -> bool {
    if !cfg!(all(unix, not(target_os = "macos"))) {
        return true;
    }
    let on_path = |name: &str| {
        std::env::var_os("PATH")
            .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join(name).is_file()))
    };
    on_path("zenity") || std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some()
}

/// Shows the native file dialog for `purpose` (blocking: call it on a
/// worker). A dialog that closes with no answer faster than a person could
/// cancel it was never shown: that, and no backend at all, is [`NoDialog`].
///
/// # Errors
/// [`NoDialog`], as above.
pub fn pick(purpose: Purpose, suggested: &str) -> Result<Option<PathBuf>, NoDialog> {
    if !native_dialog_expected() {
        return Err(NoDialog);
    }
    let started = std::time::Instant::now();
    let picked = pick_native(purpose, suggested);
    if picked.is_none() && started.elapsed() < std::time::Duration::from_millis(250) {
        return Err(NoDialog);
    }
    Ok(picked)
}

fn pick_native(purpose: Purpose, suggested: &str) -> Option<PathBuf> {
    let d = rfd::FileDialog::new();
    match purpose {
        Purpose::Open => d
            .set_title("Open a Scribe game")
            .add_filter("Scribe game", &["ron"])
            .add_filter("Move list", &["txt"])
            .add_filter("All files", &["*"])
            .pick_file(),
        Purpose::Save => d
            .set_title("Save the game")
            .add_filter("Scribe game", &["ron"])
            .set_file_name(suggested)
            .save_file(),
        Purpose::BlankBoards | Purpose::GamePdf => d
            .set_title("Save the PDF")
            .add_filter("PDF", &["pdf"])
            .set_file_name(suggested)
            .save_file(),
    }
}

/// Reads a save file (RON) or a move list, replaying every move through the
/// rules. The message of an error names the file and what is wrong where.
///
/// # Errors
/// An unreadable file, a malformed save file, a bad square or an illegal move.
pub fn read_game(path: &Path) -> Result<GameRecord, String> {
    let text = crate::fsio::read_text(path).map_err(|e| format!("{e:#}"))?;
    GameRecord::from_text(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Writes `bytes` to `path` atomically.
///
/// # Errors
/// As [`crate::fsio::write_atomic`], as one line.
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    crate::fsio::write_atomic(path, bytes).map_err(|e| format!("{e:#}"))
}
