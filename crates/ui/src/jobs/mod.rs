//! Jobs: the work that must not block the window — file dialogs, reading
//! and writing files and PDFs ([`Done`]), and a mode's own work
//! ([`Done::Mode`]): the game's computer move, Hint and review (with its
//! progress bar, [`ReviewTask`]), making puzzles, refuting a wrong answer.
//! A job's result comes back over a channel with a repaint; the reducer
//! takes it in the next frame.
//!
//! Where a job runs is the platform's business, in one place ([`run`]):
//! on the desktop each job has a named thread; in the browser, which has
//! no threads, a [`Task`] (the engine's work: a move, Hint, the review) is
//! sent to a Web Worker running the same code, and the small jobs run on
//! the page between two frames. A mode writes its job once, for both.
//!
//! A mode's job is tagged with its mode's kind and has a stop flag of its
//! own: leaving the mode stops its jobs ([`Jobs::stop_mode`]; the game's
//! are stopped when the game changes or is replaced), and the answer of a
//! stopped job is dropped, so a mode never sees the stale answer of a
//! visit before, nor the game that of an earlier position. Its answer
//! goes to the mode of its kind (the game's, even behind another mode).

mod files;
mod review;
pub mod run;
pub mod task;

use super::action::ModeKind;
pub use super::action::Purpose;
pub use files::{
    Made, Make, NoDialog, file_dialog, native_dialog_expected, open, read_bytes, read_game, write,
    write_with,
};
pub use review::{ReviewResult, ReviewTask};
use std::any::Any;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
pub use task::{Ctl, Progress, Task};

/// A finished job.
#[derive(Debug)]
pub enum Done {
    /// A file dialog closed: the chosen path, `None` if cancelled, or an
    /// error when no native dialog could be shown.
    Picked(Purpose, Result<Option<PathBuf>, NoDialog>),
    /// A game file was read.
    Loaded(PathBuf, Result<scribe_record::GameRecord, String>),
    /// A file was written: with a note for the player (what was left
    /// out), or why it was not.
    Written(PathBuf, Result<Option<String>, String>),
    /// A job of a mode finished (see [`super::modes::Mode::job_done`]).
    Mode(ModeDone),
    /// The browser handed over a photo to scan (Game → Scan a paper
    /// board…): for the paper board's editor, which reads it on a worker.
    Photo(Uploaded),
}

/// A file the browser handed over (an upload).
pub struct Uploaded {
    /// Its file name.
    pub name: String,
    /// Its bytes, or why they were not read (too big, unreadable).
    pub bytes: Result<Vec<u8>, String>,
}

impl std::fmt::Debug for Uploaded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.bytes {
            Ok(bytes) => write!(f, "Uploaded({}, {} bytes)", self.name, bytes.len()),
            Err(e) => write!(f, "Uploaded({}, {e})", self.name),
        }
    }
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

/// A mode's job: a name (its thread's) and the work.
pub struct Job {
    /// The name: the thread's, the worker's task.
    pub name: &'static str,
    /// The work.
    pub(crate) run: run::Work,
    /// Where it reports how far it got, if it does.
    pub(crate) progress: Option<Arc<Progress>>,
    /// Its stop flag, if the mode keeps one to stop this job alone (the
    /// review's Cancel); else [`Jobs::spawn_mode`] makes one.
    pub(crate) stop: Option<Arc<AtomicBool>>,
}

/// An answer of any type, for the mode that asked.
pub type Answer = Box<dyn Any + Send>;

impl Job {
    /// A job called `name` doing `work` where it is asked (on the desktop,
    /// a thread; in the browser, the page between two frames: keep it
    /// short there, or make it a [`Task`]). The work watches the stop flag
    /// it is given.
    pub fn new<T: Any + Send>(
        name: &'static str,
        work: impl FnOnce(&AtomicBool) -> T + Send + 'static,
    ) -> Job {
        Job {
            name,
            run: run::Work::Here(Box::new(move |ctl: &Ctl<'_>| {
                Box::new(work(ctl.stop)) as Answer
            })),
            progress: None,
            stop: None,
        }
    }

    /// A job doing `task` wherever the platform runs tasks (a thread, a
    /// Web Worker), its output handed to `answer` for the mode.
    pub fn task<T: Task, R: Any + Send>(
        task: T,
        answer: impl FnOnce(T::Output) -> R + Send + 'static,
    ) -> Job {
        Job {
            name: T::NAME,
            run: run::Work::task(task, answer),
            progress: None,
            stop: None,
        }
    }

    /// Does the work here and now, on the calling thread (tests; a
    /// browser's task cannot run this way and answers [`run::TaskFailed`]).
    #[must_use]
    pub fn run_now(self, stop: &AtomicBool) -> Answer {
        match self.run {
            run::Work::Here(work) => work(&Ctl {
                stop,
                progress: &|_, _| {},
            }),
            #[cfg(target_arch = "wasm32")]
            run::Work::Remote { .. } => Box::new(run::TaskFailed("not here".into())),
        }
    }

    /// The same job, reporting its progress to `progress`.
    #[must_use]
    pub fn with_progress(mut self, progress: Arc<Progress>) -> Job {
        self.progress = Some(progress);
        self
    }

    /// The same job, stopped by `stop` as well as when its mode's jobs are.
    #[must_use]
    pub fn with_stop(mut self, stop: Arc<AtomicBool>) -> Job {
        self.stop = Some(stop);
        self
    }
}

impl std::fmt::Debug for Job {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Job({})", self.name)
    }
}

/// The jobs' mailbox.
pub struct Jobs {
    tx: Sender<Done>,
    rx: Receiver<Done>,
    ctx: egui::Context,
    pending: usize,
    /// The stop flags of the modes' jobs still running.
    mode_jobs: Vec<(ModeKind, Arc<AtomicBool>, Arc<AtomicBool>)>,
    /// Where the jobs run.
    runner: run::Runner,
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
            runner: run::Runner::new(),
        }
    }

    /// Runs `job` (a thread called `name` on the desktop).
    ///
    /// # Errors
    /// The thread could not be started.
    pub fn spawn(
        &mut self,
        name: &str,
        job: impl FnOnce() -> Done + Send + 'static,
    ) -> std::io::Result<()> {
        let deliver = self.deliver();
        self.runner
            .here(name, &self.ctx, Box::new(move || deliver(job())))?;
        self.pending += 1;
        Ok(())
    }

    /// Sends a finished job's result and wakes the window.
    fn deliver(&self) -> impl Fn(Done) + Send + Clone + 'static {
        let tx = self.tx.clone();
        let ctx = self.ctx.clone();
        move |done| {
            // The app may have gone away; then nobody needs the result.
            let _ = tx.send(done);
            // One frame takes the result. (A zero delay would draw two:
            // egui repaints twice for it, and on a software renderer each
            // frame costs the next search of the computer ~20 ms of CPU.)
            ctx.request_repaint_after(std::time::Duration::from_millis(1));
        }
    }

    /// Runs a job of the mode of kind `kind`; its result comes back as
    /// [`Done::Mode`], tagged with that kind. Returns its stop flag.
    ///
    /// # Errors
    /// The thread could not be started.
    pub fn spawn_mode(&mut self, kind: ModeKind, job: Job) -> std::io::Result<Arc<AtomicBool>> {
        let stop = job.stop.unwrap_or_default();
        let hurried = Arc::new(AtomicBool::new(false));
        let (flag, hurry) = (Arc::clone(&stop), Arc::clone(&hurried));
        let deliver = self.deliver();
        let finish = move |result: Answer| {
            deliver(Done::Mode(ModeDone {
                kind,
                stop: flag,
                hurried: hurry,
                result,
            }));
        };
        let progress = job.progress.map(|p| (p, self.ctx.clone()));
        self.runner.mode(
            job.name,
            job.run,
            Arc::clone(&stop),
            progress,
            &self.ctx,
            finish,
        )?;
        self.pending += 1;
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

    /// Whether a running job can be hurried here (on the desktop; a Web
    /// Worker cannot be told anything while it computes).
    #[must_use]
    pub fn can_hurry() -> bool {
        run::CAN_HURRY
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
        self.runner.stopped();
    }

    /// A finished job, if any.
    pub fn try_recv(&mut self) -> Option<Done> {
        self.runner.between_frames(&self.ctx);
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

    /// The browser's Open: the page's file chooser; the chosen file comes
    /// back as [`Done::Loaded`] (named by its file name), a cancel as
    /// [`Done::Picked`] with nothing.
    #[cfg(target_arch = "wasm32")]
    pub fn upload(&mut self) {
        let deliver = self.deliver();
        self.pending += 1;
        wasm_bindgen_futures::spawn_local(async move {
            let picked = rfd::AsyncFileDialog::new()
                .set_title("Open a Scribe game")
                .add_filter("Scribe game or move list", &["ron", "txt"])
                .pick_file()
                .await;
            let Some(file) = picked else {
                deliver(Done::Picked(Purpose::Open, Ok(None)));
                return;
            };
            let name = PathBuf::from(file.file_name());
            let bytes = file.read().await;
            deliver(Done::Loaded(name.clone(), files::read_bytes(&name, &bytes)));
        });
    }

    /// The browser's drop: a game file dropped on the page, read as
    /// [`Jobs::upload`] reads a chosen one.
    #[cfg(target_arch = "wasm32")]
    pub fn read_dropped(&mut self, file: std::sync::Arc<dyn egui::DroppedFile + Send + Sync>) {
        let deliver = self.deliver();
        self.pending += 1;
        wasm_bindgen_futures::spawn_local(async move {
            let name = file.path().to_path_buf();
            let read = match file.bytes_async().await {
                Ok(bytes) => files::read_bytes(&name, &bytes),
                Err(e) => Err(format!("{}: {e}", name.display())),
            };
            deliver(Done::Loaded(name, read));
        });
    }

    /// A photo dropped on the page, to scan: its bytes come back as
    /// [`Done::Photo`], as the file chooser's do, and a photo too big for
    /// the page is refused before it is read.
    #[cfg(target_arch = "wasm32")]
    pub fn read_dropped_photo(&mut self, file: egui::DroppedFileHandle) {
        let deliver = self.deliver();
        self.pending += 1;
        wasm_bindgen_futures::spawn_local(async move {
            let name = file.path().to_string_lossy().into_owned();
            let refused = file
                .web_file()
                .and_then(|f| crate::modes::referee::upload_refused(f.size()));
            let bytes = match refused {
                Some(why) => Err(why),
                None => file.bytes_async().await,
            };
            deliver(Done::Photo(Uploaded { name, bytes }));
        });
    }

    /// The browser's Scan a paper board: the page's file chooser; the
    /// chosen photo's bytes come back as [`Done::Photo`] (a photo too big
    /// for the page is refused before it is read), a cancel as
    /// [`Done::Picked`] with nothing.
    #[cfg(target_arch = "wasm32")]
    pub fn upload_photo(&mut self) {
        let deliver = self.deliver();
        self.pending += 1;
        wasm_bindgen_futures::spawn_local(async move {
            let picked = rfd::AsyncFileDialog::new()
                .set_title("Scan a paper board: choose its photo")
                .add_filter("Photo (JPEG or PNG)", &["jpg", "jpeg", "png"])
                .pick_file()
                .await;
            let Some(file) = picked else {
                deliver(Done::Picked(Purpose::ScanPhoto, Ok(None)));
                return;
            };
            let name = file.file_name();
            // the size first: a huge file is never read into the page
            let size = file.inner().size();
            let bytes = match crate::modes::referee::upload_refused(size) {
                Some(why) => Err(why),
                None => Ok(file.read().await),
            };
            deliver(Done::Photo(Uploaded { name, bytes }));
        });
    }

    /// Whether any job is still running.
    #[must_use]
    pub fn busy(&self) -> bool {
        self.pending > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use web_time::Instant;

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

    #[test]
    fn a_task_answers_the_same_through_json_as_on_a_thread() {
        use crate::computer::{Engine, MoveTask};
        use scribe_ai::Level;
        use scribe_rules::{Game, Square, Variant};
        let game = scribe_record::replay("E5 E4 D6").unwrap();
        let task = |g: &Game| {
            MoveTask::new(
                &Engine { seed: Some(7) },
                g,
                Variant::SuperGlyph,
                Level::Easy,
                false,
            )
        };
        // the browser's way: the task as JSON to a worker, the output back
        let payload = serde_json::to_string(&task(&game)).unwrap();
        let out = task::run_named(MoveTask::NAME, &payload, &|_, _| {}).unwrap();
        let (name, _): (Option<String>, u64) = serde_json::from_str(&out).unwrap();
        let by_json: Square = name.expect("a move").parse().unwrap();
        // the desktop's: the same task as a job
        let job = Job::task(task(&game), |out| MoveTask::square(&out));
        let answer = job.run_now(&AtomicBool::new(false));
        let on_thread = *answer.downcast::<Option<Square>>().unwrap();
        assert_eq!(on_thread, Some(by_json));
        assert!(game.position().check(by_json).is_ok(), "{by_json} is legal");
        let e = task::run_named("scribe-nothing", "{}", &|_, _| {}).unwrap_err();
        assert!(e.contains("no task is called scribe-nothing"), "{e}");
        let e = task::run_named(MoveTask::NAME, "{", &|_, _| {}).unwrap_err();
        assert!(e.starts_with("scribe-computer:"), "{e}");
    }
}
