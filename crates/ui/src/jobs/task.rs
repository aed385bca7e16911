//! Tasks: a job described as data, so that it can run anywhere — on a
//! thread on the desktop, in a Web Worker in the browser, where the page
//! sends the task as JSON and the worker (the same program, see
//! [`run_named`]) sends the output back. The engine's work is a task: the
//! computer's move and Hint ([`crate::computer::MoveTask`]), the review
//! ([`super::review::ReviewRun`]), making puzzles and refuting a wrong try
//! ([`MakePuzzles`], [`Refute`]); reading a photo ([`ScanTask`]).

use crate::modes::puzzles::{MakePuzzles, Refute};
use crate::modes::referee::ScanTask;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Work described as data.
pub trait Task: Serialize + DeserializeOwned + Send + 'static {
    /// Its name: the thread's on the desktop, the worker's message.
    const NAME: &'static str;
    /// What it answers.
    type Output: Serialize + DeserializeOwned + Send + 'static;
    /// Does the work, watching `ctl`'s stop flag and telling it how far it got.
    fn run(self, ctl: &Ctl<'_>) -> Self::Output;
}

/// What a running job is given: its stop flag, and where it says how far
/// it got.
pub struct Ctl<'a> {
    /// Set when the answer is no longer wanted (or wanted now, hurried).
    pub stop: &'a AtomicBool,
    /// Called with (done, all) as the work goes on.
    pub progress: &'a dyn Fn(usize, usize),
}

/// How far a job got: shown by its mode (the review's bar).
#[derive(Debug, Default)]
pub struct Progress {
    done: AtomicUsize,
    all: AtomicUsize,
}

impl Progress {
    /// Starts at 0 of `all`.
    #[must_use]
    pub fn new(all: usize) -> Progress {
        Progress {
            done: AtomicUsize::new(0),
            all: AtomicUsize::new(all.max(1)),
        }
    }

    /// Records `done` of `all`.
    pub fn set(&self, done: usize, all: usize) {
        self.done.store(done, Ordering::Relaxed);
        self.all.store(all.max(1), Ordering::Relaxed);
    }

    /// (done, all).
    #[must_use]
    pub fn get(&self) -> (usize, usize) {
        (
            self.done.load(Ordering::Relaxed),
            self.all.load(Ordering::Relaxed),
        )
    }
}

/// Runs `payload` (a task as JSON) for the task called `name`: the Web
/// Worker's side, and a test's. Every task is listed here, once.
///
/// # Errors
/// An unknown name, or a payload that is not that task (said in one line).
pub fn run_named(
    name: &str,
    payload: &str,
    progress: &dyn Fn(usize, usize),
) -> Result<String, String> {
    let stop = AtomicBool::new(false);
    let ctl = Ctl {
        stop: &stop,
        progress,
    };
    match name {
        crate::computer::MoveTask::NAME => run_json::<crate::computer::MoveTask>(payload, &ctl),
        super::review::ReviewRun::NAME => run_json::<super::review::ReviewRun>(payload, &ctl),
        MakePuzzles::NAME => run_json::<MakePuzzles>(payload, &ctl),
        Refute::NAME => run_json::<Refute>(payload, &ctl),
        ScanTask::NAME => run_json::<ScanTask>(payload, &ctl),
        other => Err(format!("no task is called {other}")),
    }
}

fn run_json<T: Task>(payload: &str, ctl: &Ctl<'_>) -> Result<String, String> {
    let task: T = serde_json::from_str(payload).map_err(|e| format!("{}: {e}", T::NAME))?;
    serde_json::to_string(&task.run(ctl)).map_err(|e| format!("{}: {e}", T::NAME))
}
