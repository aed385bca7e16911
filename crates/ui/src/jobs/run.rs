//! Where jobs run: the one place that knows the platform.
//!
//! - On the desktop every job has a named thread; a running search can be
//!   hurried (Move now) through its stop flag.
//! - In the browser (wasm32) there are no threads. A [`Task`] goes to a
//!   Web Worker (`worker.js`, beside the page) that runs the same program
//!   ([`super::task::run_named`]) and answers in JSON; a stopped task's
//!   worker is ended at once. Other jobs — short ones: a PDF, a save file's
//!   text — run on the page between two frames, after the frame that says
//!   they started.

use super::Answer;
use super::task::{Ctl, Progress, Task};
use std::sync::Arc;

/// Work that runs where it is handed over (a thread, or the page).
pub(crate) type HereWork = Box<dyn FnOnce(&Ctl<'_>) -> Answer + Send>;

/// A mode's work.
pub(crate) enum Work {
    /// Run by this program where it runs jobs.
    Here(HereWork),
    /// A task sent elsewhere as JSON (the browser's worker); `finish`
    /// reads its answer back.
    #[cfg(target_arch = "wasm32")]
    Remote {
        payload: Result<String, String>,
        finish: Box<dyn FnOnce(Result<String, String>) -> Answer + Send>,
    },
}

/// A task that could not run or answer (the browser's worker failed):
/// what the mode gets instead of its answer.
#[derive(Debug, Clone)]
pub struct TaskFailed(pub String);

impl Work {
    /// `task`, its output handed to `answer`.
    pub(crate) fn task<T: Task, R: std::any::Any + Send>(
        task: T,
        answer: impl FnOnce(T::Output) -> R + Send + 'static,
    ) -> Work {
        #[cfg(not(target_arch = "wasm32"))]
        {
            Work::Here(Box::new(move |ctl: &Ctl<'_>| {
                Box::new(answer(task.run(ctl))) as Answer
            }))
        }
        #[cfg(target_arch = "wasm32")]
        {
            Work::Remote {
                payload: serde_json::to_string(&task).map_err(|e| e.to_string()),
                finish: Box::new(move |out: Result<String, String>| {
                    match out.and_then(|text| {
                        serde_json::from_str::<T::Output>(&text).map_err(|e| e.to_string())
                    }) {
                        Ok(output) => Box::new(answer(output)) as Answer,
                        Err(e) => Box::new(TaskFailed(e)) as Answer,
                    }
                }),
            }
        }
    }
}

/// A job's progress, with the window to repaint when it moves.
pub(crate) type Report = Option<(Arc<Progress>, egui::Context)>;

/// `work` made ready to run anywhere: given its stop flag and its
/// progress, its answer handed to `finish`.
fn bound(
    work: HereWork,
    stop: Arc<std::sync::atomic::AtomicBool>,
    progress: Report,
    finish: impl FnOnce(Answer) + Send + 'static,
) -> Box<dyn FnOnce() + Send> {
    Box::new(move || {
        let tell = |done, all| report(&progress, done, all);
        finish(work(&Ctl {
            stop: &stop,
            progress: &tell,
        }));
    })
}

fn report(progress: &Report, done: usize, all: usize) {
    if let Some((p, ctx)) = progress {
        p.set(done, all);
        ctx.request_repaint();
    }
}

#[cfg(not(target_arch = "wasm32"))]
pub use desktop::{CAN_HURRY, Runner};
#[cfg(target_arch = "wasm32")]
pub use web::{CAN_HURRY, Runner};

#[cfg(not(target_arch = "wasm32"))]
mod desktop {
    use super::{Answer, Report, Work, bound};
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    /// A search on a thread reads its stop flag as it goes.
    pub const CAN_HURRY: bool = true;

    /// Threads, one per job.
    #[derive(Debug, Default)]
    pub struct Runner;

    impl Runner {
        /// Threads, as they are asked for.
        pub(crate) fn new() -> Runner {
            Runner
        }

        /// Runs `f` on a thread called `name`.
        pub(crate) fn here(
            &mut self,
            name: &str,
            _ctx: &egui::Context,
            f: Box<dyn FnOnce() + Send>,
        ) -> std::io::Result<()> {
            std::thread::Builder::new()
                .name(name.to_string())
                .spawn(f)
                .map(drop)
        }

        /// Runs a mode's `work` on a thread called `name`.
        pub(crate) fn mode(
            &mut self,
            name: &str,
            work: Work,
            stop: Arc<AtomicBool>,
            progress: Report,
            ctx: &egui::Context,
            finish: impl FnOnce(Answer) + Send + 'static,
        ) -> std::io::Result<()> {
            let Work::Here(work) = work;
            self.here(name, ctx, bound(work, stop, progress, finish))
        }

        /// Threads see their stop flags themselves.
        pub(crate) fn stopped(&mut self) {}

        /// Threads need no frame.
        pub(crate) fn between_frames(&mut self, _ctx: &egui::Context) {}
    }
}

#[cfg(target_arch = "wasm32")]
mod web {
    use super::{Answer, Report, Work, bound, report};
    use std::cell::RefCell;
    use std::collections::VecDeque;
    use std::rc::Rc;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::Closure;

    /// A worker cannot be told anything while it computes.
    pub const CAN_HURRY: bool = false;

    /// The worker script, beside the page (packaging/web).
    const WORKER: &str = "./worker.js";

    /// A task in a worker.
    struct InFlight {
        stop: Arc<AtomicBool>,
        progress: Report,
        finish: Box<dyn FnOnce(Result<String, String>)>,
    }

    /// A worker and what it is doing.
    struct Slot {
        worker: web_sys::Worker,
        job: Option<InFlight>,
        _listen: Closure<dyn FnMut(web_sys::MessageEvent)>,
    }

    type Slots = Rc<RefCell<Vec<Option<Slot>>>>;

    /// The page's queue of small jobs and its workers.
    #[derive(Default)]
    pub struct Runner {
        queue: VecDeque<(u64, Box<dyn FnOnce()>)>,
        slots: Slots,
    }

    impl Runner {
        /// No workers yet: each starts with its first task.
        pub(crate) fn new() -> Runner {
            Runner::default()
        }

        /// Runs `f` on the page, after the next frame is drawn.
        pub(crate) fn here(
            &mut self,
            _name: &str,
            ctx: &egui::Context,
            f: Box<dyn FnOnce() + Send>,
        ) -> std::io::Result<()> {
            self.queue.push_back((ctx.cumulative_pass_nr(), f));
            ctx.request_repaint();
            Ok(())
        }

        /// Runs a mode's `work`: a task in a worker, other work on the page.
        pub(crate) fn mode(
            &mut self,
            name: &str,
            work: Work,
            stop: Arc<AtomicBool>,
            progress: Report,
            ctx: &egui::Context,
            finish: impl FnOnce(Answer) + Send + 'static,
        ) -> std::io::Result<()> {
            match work {
                Work::Here(work) => self.here(name, ctx, bound(work, stop, progress, finish)),
                Work::Remote {
                    payload,
                    finish: read,
                } => {
                    let payload = match payload {
                        Ok(p) => p,
                        Err(e) => {
                            finish(read(Err(e)));
                            return Ok(());
                        }
                    };
                    let index = self.free_slot()?;
                    let mut slots = self.slots.borrow_mut();
                    let Some(slot) = slots[index].as_mut() else {
                        return Err(std::io::Error::other("the worker went away"));
                    };
                    let message = js_sys::Array::of2(&name.into(), &payload.into());
                    slot.worker
                        .post_message(&message)
                        .map_err(|e| std::io::Error::other(format!("{e:?}")))?;
                    slot.job = Some(InFlight {
                        stop,
                        progress,
                        finish: Box::new(move |out| finish(read(out))),
                    });
                    Ok(())
                }
            }
        }

        /// An idle worker's index, starting one if none is idle.
        fn free_slot(&mut self) -> std::io::Result<usize> {
            let mut slots = self.slots.borrow_mut();
            if let Some(i) = slots
                .iter()
                .position(|s| s.as_ref().is_some_and(|s| s.job.is_none()))
            {
                return Ok(i);
            }
            let index = slots
                .iter()
                .position(Option::is_none)
                .unwrap_or(slots.len());
            let options = web_sys::WorkerOptions::new();
            options.set_type(web_sys::WorkerType::Module);
            let worker = web_sys::Worker::new_with_options(WORKER, &options).map_err(|e| {
                std::io::Error::other(format!("cannot start a worker for the computer ({e:?})"))
            })?;
            let weak = Rc::downgrade(&self.slots);
            let listen = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(
                move |event: web_sys::MessageEvent| {
                    if let Some(slots) = weak.upgrade() {
                        heard(&slots, index, &event.data());
                    }
                },
            );
            worker.set_onmessage(Some(listen.as_ref().unchecked_ref()));
            let slot = Slot {
                worker,
                job: None,
                _listen: listen,
            };
            if index == slots.len() {
                slots.push(Some(slot));
            } else {
                slots[index] = Some(slot);
            }
            Ok(index)
        }

        /// Ends the workers whose tasks were stopped; their answers come
        /// back as stopped (empty) ones, so nothing waits for them.
        pub(crate) fn stopped(&mut self) {
            let mut ended = Vec::new();
            for slot in self.slots.borrow_mut().iter_mut() {
                let stopped = slot.as_ref().is_some_and(|s| {
                    s.job
                        .as_ref()
                        .is_some_and(|j| j.stop.load(Ordering::Relaxed))
                });
                if stopped && let Some(s) = slot.take() {
                    s.worker.terminate();
                    if let Some(job) = s.job {
                        ended.push(job.finish);
                    }
                }
            }
            for finish in ended {
                finish(Err("stopped".into()));
            }
        }

        /// Runs one small job queued before this frame.
        pub(crate) fn between_frames(&mut self, ctx: &egui::Context) {
            let now = ctx.cumulative_pass_nr();
            if self.queue.front().is_some_and(|(pass, _)| *pass < now)
                && let Some((_, job)) = self.queue.pop_front()
            {
                job();
                if !self.queue.is_empty() {
                    ctx.request_repaint();
                }
            }
        }
    }

    /// A worker's message: `["progress", done, all]`, `["done", json]` or
    /// `["error", text]`.
    fn heard(slots: &Slots, index: usize, data: &wasm_bindgen::JsValue) {
        let parts = js_sys::Array::from(data);
        let kind = parts.get(0).as_string().unwrap_or_default();
        let finish = {
            let mut slots = slots.borrow_mut();
            let Some(Some(slot)) = slots.get_mut(index) else {
                return;
            };
            if kind == "progress" {
                if let Some(job) = &slot.job {
                    let n = |i| parts.get(i).as_f64().unwrap_or(0.0) as usize;
                    report(&job.progress, n(1), n(2));
                }
                return;
            }
            let Some(job) = slot.job.take() else {
                return;
            };
            job.finish
        };
        let text = parts.get(1).as_string().unwrap_or_default();
        finish(if kind == "done" { Ok(text) } else { Err(text) });
    }
}
