//! Jobs: the work that must not block the window, each on a named thread —
//! file dialogs, reading and writing files and PDFs ([`Done`]), and a
//! mode's own work ([`Done::Mode`]): the game's computer move, Hint and
//! review (with its progress bar, [`ReviewTask`]), making puzzles,
//! refuting a wrong answer. A job sends its result back over a channel
//! and asks egui for a repaint; the reducer takes it in the next frame.
//!
//! A mode's job is tagged with its mode's kind and has a stop flag of its
//! own: leaving the mode stops its jobs ([`Jobs::stop_mode`]; the game's
//! are stopped when the game changes or is replaced), and the answer of a
//! stopped job is dropped, so a mode never sees the stale answer of a
//! visit before, nor the game that of an earlier position. Its answer
//! goes to the mode of its kind (the game's, even behind another mode).

use super::action::ModeKind;
pub use super::action::Purpose;
use egui::Ui;
use scribe_ai::review::{ReviewConfig, review_game};
use scribe_record::{GameRecord, Review};
use scribe_rules::Variant;
use std::any::Any;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};

/// A finished job.
#[derive(Debug)]
pub enum Done {
    /// A file dialog closed: the chosen path, `None` if cancelled, or an
    /// error when no native dialog could be shown.
    Picked(Purpose, Result<Option<PathBuf>, NoDialog>),
    /// A game file was read.
    Loaded(PathBuf, Result<GameRecord, String>),
    /// A file was written: with a note for the player (what was left
    /// out), or why it was not.
    Written(PathBuf, Result<Option<String>, String>),
    /// A job of a mode finished (see [`super::modes::Mode::job_done`]).
    Mode(ModeDone),
}

/// What a mode's job brought back.
pub struct ModeDone {
    /// The mode that started it.
    pub kind: ModeKind,
    /// Its stop flag: set, the answer is no longer wanted.
    stop: Arc<AtomicBool>,
    /// Set with `stop` by [`Jobs::hurry_mode`]: the job is to end now and
    /// its answer is wanted all the same (the computer's Move now).
    hurried: Arc<AtomicBool>,
    /// The answer, for the mode to read back.
    pub result: Box<dyn Any + Send>,
}

impl ModeDone {
    /// Whether the job was stopped (its mode was left): nobody wants it.
    #[must_use]
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed) && !self.hurried.load(Ordering::Relaxed)
    }
}

impl std::fmt::Debug for ModeDone {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ModeDone({:?}, stopped: {})", self.kind, self.stopped())
    }
}

/// A mode's job: a name for its thread and the work.
pub struct Job {
    /// The thread's name.
    pub name: &'static str,
    /// The work, given its stop flag (set when its mode is left: the work
    /// should end soon); its result goes back to the mode that started it.
    pub run: Work,
}

/// A mode's work on its thread: given its stop flag, it answers any value.
pub type Work = Box<dyn FnOnce(&AtomicBool) -> Box<dyn Any + Send> + Send>;

impl Job {
    /// A job called `name` doing `work`, which watches the stop flag it is given.
    pub fn new<T: Any + Send>(
        name: &'static str,
        work: impl FnOnce(&AtomicBool) -> T + Send + 'static,
    ) -> Job {
        Job {
            name,
            run: Box::new(move |stop| Box::new(work(stop)) as Box<dyn Any + Send>),
        }
    }
}

impl std::fmt::Debug for Job {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Job({})", self.name)
    }
}

/// The worker threads' mailbox.
pub struct Jobs {
    tx: Sender<Done>,
    rx: Receiver<Done>,
    ctx: egui::Context,
    pending: usize,
    /// The stop flags of the modes' jobs still running.
    mode_jobs: Vec<(ModeKind, Arc<AtomicBool>, Arc<AtomicBool>)>,
}

impl Jobs {
    /// A mailbox that wakes `ctx` when a job is done.
    #[must_use]
    pub fn new(ctx: egui::Context) -> Jobs {
        let (tx, rx) = channel();
        Jobs {
            tx,
            rx,
            ctx,
            pending: 0,
            mode_jobs: Vec::new(),
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

    /// Runs a job of the mode of kind `kind`; its result comes back as
    /// [`Done::Mode`], tagged with that kind. Returns its stop flag.
    ///
    /// # Errors
    /// The thread could not be started.
    pub fn spawn_mode(&mut self, kind: ModeKind, job: Job) -> std::io::Result<Arc<AtomicBool>> {
        let run = job.run;
        let stop = Arc::new(AtomicBool::new(false));
        let hurried = Arc::new(AtomicBool::new(false));
        let (flag, hurry) = (Arc::clone(&stop), Arc::clone(&hurried));
        self.spawn(job.name, move || {
            let result = run(&flag);
            Done::Mode(ModeDone {
                kind,
                stop: flag,
                hurried: hurry,
                result,
            })
        })?;
        self.mode_jobs.push((kind, Arc::clone(&stop), hurried));
        Ok(stop)
    }

    /// Asks the jobs of the mode of kind `kind` to end now with what they
    /// have (a search answers with its best move so far); their answers
    /// are kept, unlike [`Jobs::stop_mode`]'s.
    pub fn hurry_mode(&mut self, kind: ModeKind) {
        for (k, stop, hurried) in &self.mode_jobs {
            if *k == kind {
                hurried.store(true, Ordering::Relaxed);
                stop.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Stops the jobs of the mode of kind `kind` (it was left): their
    /// answers, if they still come, are marked stopped.
    pub fn stop_mode(&mut self, kind: ModeKind) {
        for (k, stop, hurried) in &self.mode_jobs {
            if *k == kind {
                hurried.store(false, Ordering::Relaxed);
                stop.store(true, Ordering::Relaxed);
            }
        }
        self.mode_jobs.retain(|(k, _, _)| *k != kind);
    }

    /// A finished job, if any.
    pub fn try_recv(&mut self) -> Option<Done> {
        let done = self.rx.try_recv().ok()?;
        self.pending = self.pending.saturating_sub(1);
        if let Done::Mode(m) = &done {
            self.mode_jobs.retain(|(_, s, _)| !Arc::ptr_eq(s, &m.stop));
        }
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
pub(crate) fn pick(purpose: Purpose, suggested: &str) -> Result<Option<PathBuf>, NoDialog> {
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
        Purpose::ImportFile => d
            .set_title("Import games into the library")
            .add_filter("Scribe game", &["ron"])
            .add_filter("Move list", &["txt"])
            .add_filter("All files", &["*"])
            .pick_file(),
        Purpose::ImportFolder => d
            .set_title("Import a folder of games into the library")
            .pick_folder(),
        Purpose::ScanPhoto => d
            .set_title("Scan a paper board: choose its photo")
            .add_filter("Photo", &["jpg", "jpeg", "png", "JPG", "JPEG", "PNG"])
            .add_filter("All files", &["*"])
            .pick_file(),
        Purpose::LibraryMoves => d
            .set_title("Save the move lists")
            .add_filter("Text", &["txt"])
            .set_file_name(suggested)
            .save_file(),
        Purpose::BlankBoards
        | Purpose::GamePdf
        | Purpose::PuzzleBook
        | Purpose::LibraryBook
        | Purpose::GumSheet => d
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
    let text = scribe_fsio::read_text(path).map_err(|e| format!("{e:#}"))?;
    GameRecord::from_text(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Writes `bytes` to `path` atomically.
///
/// # Errors
/// As [`scribe_fsio::write_atomic`], as one line.
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    // said in the player's words, before a temporary file is ever named
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        if !dir.exists() {
            return Err(format!(
                "the folder {} does not exist; choose another",
                dir.display()
            ));
        }
        if !dir.is_dir() {
            return Err(format!("{} is not a folder", dir.display()));
        }
    }
    scribe_fsio::write_atomic(path, bytes).map_err(|e| format!("{e:#}"))
}

/// Shows the native file dialog, or says there is none (`native` false:
/// never try, as in tests).
pub fn file_dialog(
    purpose: Purpose,
    suggested: String,
    native: bool,
) -> impl FnOnce() -> Done + Send + 'static {
    move || {
        let picked = if native {
            pick(purpose, &suggested)
        } else {
            Err(NoDialog)
        };
        Done::Picked(purpose, picked)
    }
}

/// Reads a game file.
pub fn open(path: PathBuf) -> impl FnOnce() -> Done + Send + 'static {
    move || {
        let result = read_game(&path);
        Done::Loaded(path, result)
    }
}

/// Writes bytes made by `make` (a save file's text, a PDF) to `path`, atomically.
pub fn write_with<B: Into<Made>>(
    path: PathBuf,
    make: impl FnOnce() -> anyhow::Result<B> + Send + 'static,
) -> impl FnOnce() -> Done + Send + 'static {
    move || {
        let result = make().map_err(|e| format!("{e:#}")).and_then(|b| {
            let made = b.into();
            write(&path, &made.bytes).map(|()| made.note)
        });
        Done::Written(path, result)
    }
}

/// A file's bytes made on a worker, and what the player should know of
/// them ("1 damaged game left out").
#[derive(Debug)]
pub struct Made {
    /// What is written.
    pub bytes: Vec<u8>,
    /// Said after "Saved …".
    pub note: Option<String>,
}

impl From<Vec<u8>> for Made {
    fn from(bytes: Vec<u8>) -> Made {
        Made { bytes, note: None }
    }
}

/// Makes a file's bytes on a worker (a mode's export).
pub type Make = Box<dyn FnOnce() -> anyhow::Result<Made> + Send>;

/// What a finished review thread hands back: the review to keep with the
/// game, or why there is none ("the review was cancelled").
pub type ReviewResult = Result<Review, String>;

/// A review running on a worker thread.
#[derive(Debug)]
pub struct ReviewTask {
    /// The job's stop flag (see [`Jobs::spawn_mode`]).
    stop: Arc<AtomicBool>,
    done: Arc<AtomicUsize>,
    total: Arc<AtomicUsize>,
    /// The game state (the app's generation counter) the review is for.
    pub generation: u64,
}

impl ReviewTask {
    /// Starts reviewing `record`'s game for `variant` as a job of the mode
    /// of kind `kind` (the game's), on a thread named `scribe-review`;
    /// progress repaints the window. Its answer, `answer(generation,
    /// result)`, comes back as [`Done::Mode`], dropped once the job is
    /// stopped ([`ReviewTask::cancel`], or its mode's jobs stopped).
    ///
    /// # Errors
    /// The thread could not be started.
    #[allow(clippy::too_many_arguments)]
    pub fn spawn<T: Any + Send>(
        jobs: &mut Jobs,
        kind: ModeKind,
        generation: u64,
        record: &GameRecord,
        variant: Variant,
        config: ReviewConfig,
        seed: u64,
        answer: fn(u64, ReviewResult) -> T,
    ) -> std::io::Result<ReviewTask> {
        let done = Arc::new(AtomicUsize::new(0));
        let total = Arc::new(AtomicUsize::new(record.game.moves().len().max(1)));
        let (d, t) = (Arc::clone(&done), Arc::clone(&total));
        let moves = record.game.moves().to_vec();
        let ctx = jobs.ctx();
        let job = Job::new("scribe-review", move |stop: &AtomicBool| {
            let mut progress = |n: usize, all: usize| {
                d.store(n, Ordering::Relaxed);
                t.store(all.max(1), Ordering::Relaxed);
                ctx.request_repaint();
            };
            // a review that dies says so, rather than never ending
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                review_game(&moves, variant, &config, seed, &mut progress, stop)
                    .map(|r| Review::from_engine(&r, &config, seed))
                    .map_err(|e| e.to_string())
            }))
            .unwrap_or_else(|_| Err("the review stopped unexpectedly".to_string()));
            answer(generation, result)
        });
        let stop = jobs.spawn_mode(kind, job)?;
        Ok(ReviewTask {
            stop,
            done,
            total,
            generation,
        })
    }

    /// Asks the review to stop: its answer, if it still comes, is dropped.
    pub fn cancel(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether [`ReviewTask::cancel`] was called.
    #[must_use]
    pub fn is_cancelled(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Positions evaluated so far and in all.
    #[must_use]
    pub fn progress(&self) -> (usize, usize) {
        (
            self.done.load(Ordering::Relaxed),
            self.total.load(Ordering::Relaxed),
        )
    }

    /// A progress bar and a Cancel button; returns true when Cancel was
    /// clicked (the task is then already told to stop).
    pub fn show_progress(&self, ui: &mut Ui) -> bool {
        let (done, total) = self.progress();
        let mut cancel = false;
        ui.vertical(|ui| {
            let bar = egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                .desired_width(ui.available_width())
                .text(format!("Reviewing: {done} of {total}"));
            ui.add(bar);
            if ui.button("Cancel review").clicked() {
                self.cancel();
                cancel = true;
            }
        });
        cancel
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    /// Waits (at most a few seconds) for the next finished job.
    fn next(jobs: &mut Jobs) -> Option<Done> {
        for _ in 0..1000 {
            if let Some(done) = jobs.try_recv() {
                return Some(done);
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        None
    }

    #[test]
    fn leaving_a_mode_stops_its_jobs_and_marks_their_answers() {
        let mut jobs = Jobs::new(egui::Context::default());
        // a job that works until it is told to stop (or gives up after 20 s)
        let job = Job::new("test-endless", |stop: &AtomicBool| {
            let started = Instant::now();
            while !stop.load(Ordering::Relaxed) {
                if started.elapsed().as_secs() > 20 {
                    return "never stopped";
                }
                std::thread::sleep(std::time::Duration::from_millis(2));
            }
            "stopped"
        });
        jobs.spawn_mode(ModeKind::Puzzles, job).unwrap();
        let quick = Job::new("test-quick", |_: &AtomicBool| 7_u32);
        jobs.spawn_mode(ModeKind::Scribbage, quick).unwrap();
        // the other mode's job is not stopped: its answer is wanted
        let Some(Done::Mode(done)) = next(&mut jobs) else {
            panic!("the quick job answers");
        };
        assert_eq!(done.kind, ModeKind::Scribbage);
        assert!(!done.stopped());
        assert_eq!(done.result.downcast_ref::<u32>(), Some(&7));
        jobs.stop_mode(ModeKind::Puzzles);
        let Some(Done::Mode(done)) = next(&mut jobs) else {
            panic!("the stopped job ends soon");
        };
        assert_eq!(done.kind, ModeKind::Puzzles);
        assert!(done.stopped(), "its answer is marked stopped");
        assert_eq!(done.result.downcast_ref::<&str>(), Some(&"stopped"));
        assert!(!jobs.busy());
    }
}
