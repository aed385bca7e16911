//! The play mode: the game being played, always at the back of the window
//! — its session ([`session::GameSession`], egui-free and unit-tested), the
//! computer that plays a side and answers Hint, a computer-against-computer
//! demo, the review under way, and a game waiting to replace it. The
//! reducer (`reduce/`) drives it; the panels draw it.

pub mod session;

use crate::computer::MoveProvider;
use crate::jobs::ReviewTask;
use scribe_record::{GameRecord, MarkStyle};
use session::GameSession;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// The game at the back and what plays it.
pub(crate) struct PlayMode {
    /// The game being played.
    pub(crate) game: GameSession,
    /// The end-of-game summary is showing.
    pub(crate) summary_open: bool,
    /// A game waiting to replace an unfinished one: the player is asked first.
    pub(crate) confirm: Option<Replacement>,
    /// "Save it first" was chosen: the replacement follows a successful save.
    pub(crate) save_then_replace: bool,
    /// `SCRIBE_OPEN=review`: review the game once the window is up.
    pub(crate) review_at_start: bool,
    /// A review running as a job.
    pub(crate) review_task: Option<ReviewTask>,
    pub(crate) demo: Demo,
    /// When the last move was played (egui time), to space out the demo.
    pub(crate) last_move_at: f64,
    /// The computer opponent (`None`: none built in).
    pub(crate) provider: Option<Arc<dyn MoveProvider>>,
    /// The computer is thinking.
    pub(crate) thinking: bool,
    /// A Hint search is under way.
    pub(crate) hinting: bool,
    /// Tells the computer's thread its answer is no longer wanted.
    pub(crate) stop: Arc<AtomicBool>,
    /// When the computer's turn began and the frame count then, while it
    /// thinks: for `SCRIBE_TIMING`.
    pub(crate) think_started: Option<(std::time::Instant, u64)>,
    /// When the last move was played, undone or redone.
    pub(crate) turn_began: Option<std::time::Instant>,
}

impl PlayMode {
    /// A new game against `provider` (if any).
    pub(crate) fn new(provider: Option<Arc<dyn MoveProvider>>) -> PlayMode {
        PlayMode {
            game: GameSession::default(),
            summary_open: false,
            confirm: None,
            save_then_replace: false,
            review_at_start: false,
            review_task: None,
            demo: Demo::default(),
            last_move_at: 0.0,
            provider,
            thinking: false,
            hinting: false,
            stop: Arc::new(AtomicBool::new(false)),
            think_started: None,
            turn_began: None,
        }
    }
}

/// A game waiting to replace the one on the board.
#[derive(Debug, Clone)]
pub(crate) struct Replacement {
    pub(crate) record: GameRecord,
    /// The file it came from (RON only: Save never writes over a move list).
    pub(crate) path: Option<PathBuf>,
    pub(crate) style: Option<MarkStyle>,
    /// What it is, for "Next: …" in the question ("a new Majority game").
    pub(crate) next: String,
    /// What the status line says once it is on the board.
    pub(crate) message: String,
}

/// A computer-against-computer game's controls.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Demo {
    pub(crate) paused: bool,
    /// One move of the paused game was asked for.
    pub(crate) step: bool,
    /// Seconds between the moves.
    pub(crate) delay: f32,
}

impl Default for Demo {
    fn default() -> Self {
        Demo {
            paused: false,
            step: false,
            delay: 0.6,
        }
    }
}
