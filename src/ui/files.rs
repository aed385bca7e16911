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
    /// A file dialog closed: the chosen path, or `None` if cancelled.
    Picked(Purpose, Option<PathBuf>),
    /// A game file was read.
    Loaded(PathBuf, Result<GameRecord, String>),
    /// A file was written.
    Written(PathBuf, Result<(), String>),
    /// The computer chose a move for the game in state `generation`.
    ComputerMove(u64, Option<Square>),
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
                ctx.request_repaint();
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

    /// Whether any job is still running.
    #[must_use]
    pub fn busy(&self) -> bool {
        self.pending > 0
    }
}

/// Shows the native file dialog for `purpose` (blocking: call it on a worker).
#[must_use]
pub fn pick(purpose: Purpose, suggested: &str) -> Option<PathBuf> {
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
