//! The review as a job, with its progress bar.

use super::{Ctl, Job, Progress, Task};
use egui::Ui;
use scribe_ai::review::{ReviewConfig, review_game};
use scribe_record::{GameRecord, Review};
use scribe_rules::Variant;
use serde::{Deserialize, Serialize};
use std::any::Any;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// What a finished review thread hands back: the review to keep with the
/// game, or why there is none ("the review was cancelled").
pub type ReviewResult = Result<Review, String>;

/// The review of a game as a [`Task`]: its moves (as a move list), the
/// variant, how hard to think and the seed.
#[derive(Debug, Serialize, Deserialize)]
pub struct ReviewRun {
    moves: String,
    variant: Variant,
    config: ReviewConfig,
    seed: u64,
}

impl Task for ReviewRun {
    const NAME: &'static str = "scribe-review";
    type Output = ReviewResult;

    fn run(self, ctl: &Ctl<'_>) -> ReviewResult {
        let moves = scribe_record::parse_move_list(&self.moves).map_err(|e| e.to_string())?;
        let mut progress = |n: usize, all: usize| (ctl.progress)(n, all);
        // a review that dies says so, rather than never ending
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            review_game(
                &moves,
                self.variant,
                &self.config,
                self.seed,
                &mut progress,
                ctl.stop,
            )
            .map(|r| Review::from_engine(&r, &self.config, self.seed))
            .map_err(|e| e.to_string())
        }))
        .unwrap_or_else(|_| Err("the review stopped unexpectedly".to_string()))
    }
}

/// A review running as a job.
#[derive(Debug)]
pub struct ReviewTask {
    /// The job's stop flag (see [`super::Jobs::spawn_mode`]).
    stop: Arc<AtomicBool>,
    progress: Arc<Progress>,
    /// When it started: the bar says how long is left, measured here.
    started: web_time::Instant,
    /// The game state (the app's generation counter) the review is for.
    pub generation: u64,
}

impl ReviewTask {
    /// The review of `record`'s game for `variant` as a job for the mode
    /// of kind `kind` (the game's): the task to keep, with its progress bar,
    /// and the job to start. Its answer, `answer(generation, result)`,
    /// comes back as [`super::Done::Mode`], dropped once the job is stopped
    /// ([`ReviewTask::cancel`], or its mode's jobs stopped).
    pub fn new<T: Any + Send>(
        generation: u64,
        record: &GameRecord,
        variant: Variant,
        config: ReviewConfig,
        seed: u64,
        answer: fn(u64, ReviewResult) -> T,
    ) -> (ReviewTask, Job) {
        // as many as the review will count (review_game: the position
        // after the last move too, unless the game is over), so the bar's
        // total never changes under the player's eyes
        let moves = record.game.moves().len();
        let positions = if record.game.position().is_over() {
            moves
        } else {
            moves + 1
        };
        let progress = Arc::new(Progress::new(positions));
        let stop = Arc::new(AtomicBool::new(false));
        let run = ReviewRun {
            moves: scribe_record::format_move_list(record.game.moves()),
            variant,
            config,
            seed,
        };
        let job = Job::task(run, move |result| answer(generation, result))
            .with_progress(Arc::clone(&progress))
            .with_stop(Arc::clone(&stop));
        let task = ReviewTask {
            stop,
            progress,
            started: web_time::Instant::now(),
            generation,
        };
        (task, job)
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
        self.progress.get()
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
            // the time left beside Cancel: one row, so nothing below moves
            ui.horizontal(|ui| {
                if ui.button("Cancel review").clicked() {
                    self.cancel();
                    cancel = true;
                }
                if let Some(left) = time_left(done, total, self.started.elapsed()) {
                    ui.label(egui::RichText::new(left).small());
                }
            });
        });
        cancel
    }
}

/// Beside the review's bar, once that can be told: about how long is left
/// on this computer, measured from the positions done so far (a review's
/// time differs tenfold between machines and loads, so no time is quoted
/// before it starts).
fn time_left(done: usize, total: usize, elapsed: std::time::Duration) -> Option<String> {
    let secs = elapsed.as_secs_f64();
    // too early to tell: a few positions and half a second at least
    if done < 3 || secs < 0.5 || done >= total {
        return None;
    }
    let left = secs / done as f64 * (total - done) as f64;
    Some(match left.round() as u64 {
        0 | 1 => "a second left".to_string(),
        n if n < 60 => format!("about {n} s left"),
        n => format!("about {} min left", n.div_ceil(60)),
    })
}

#[cfg(test)]
mod tests {
    use super::time_left;
    use std::time::Duration;

    #[test]
    fn the_bar_says_how_long_is_left_once_it_can_tell() {
        let s = Duration::from_secs_f64;
        // nothing quoted before a few positions and half a second
        assert_eq!(time_left(0, 81, s(0.0)), None);
        assert_eq!(time_left(2, 81, s(3.0)), None);
        assert_eq!(time_left(40, 81, s(0.2)), None);
        // 20 positions in 5 s: 61 left at 0.25 s each
        let left = |d, t, e| time_left(d, t, s(e)).unwrap();
        assert_eq!(left(20, 81, 5.0), "about 15 s left");
        assert_eq!(left(80, 81, 20.0), "a second left");
        assert_eq!(left(10, 81, 20.0), "about 3 min left");
        assert_eq!(time_left(81, 81, s(20.0)), None);
    }
}
