//! The app's state: the game session at the back, the mode in front (if
//! any), the open windows, the jobs under way and the settings. Views read
//! it (`&ScribeApp`) and emit [`super::action::Action`]s; only the reducer
//! (`reduce.rs`) changes it.

use super::action::BlankBoards;
use super::action::{NewGameForm, PathPrompt};
use super::computer::MoveProvider;
use super::dev::Screenshot;
use super::jobs::{Jobs, ReviewTask};
use super::modes::{History, Mode, ModeKind, Status};
use super::session::GameSession;
use super::signals::Quit;
use super::store::{Saver, Settings};
use super::widgets::ink::MarkStyle;
use crate::record::{GameRecord, PlayerKind};
use crate::rules::{Glyph, Player};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

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

/// The windows over the board and their fields.
#[derive(Debug, Default)]
pub(crate) struct Windows {
    pub(crate) form: Option<NewGameForm>,
    pub(crate) printing: Option<BlankBoards>,
    pub(crate) prompt: Option<PathPrompt>,
    pub(crate) rules: bool,
    pub(crate) shortcuts: bool,
    pub(crate) about: bool,
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

/// The Scribe Desk window.
pub struct ScribeApp {
    /// The game being played: the play mode's session, always at the back.
    pub(crate) game: GameSession,
    /// The mode in front of the game, if any (see [`super::modes`]).
    pub(crate) front: Option<Box<dyn Mode>>,
    /// Modes kept aside to come back to ([`Mode::kept`]: a companion game
    /// under way), at most one of each name.
    pub(crate) kept: Vec<Box<dyn Mode>>,
    pub(crate) status: Status,
    /// The Square field's text.
    pub(crate) entry: String,
    pub(crate) glyph: Option<Glyph>,
    pub(crate) windows: Windows,
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
    /// The last choices made in Print blank boards.
    pub(crate) print_opts: BlankBoards,
    pub(crate) jobs: Jobs,
    pub(crate) provider: Option<Arc<dyn MoveProvider>>,
    /// Scribbage's rolls follow from this seed (`SCRIBE_SEED`, tests); `None`:
    /// from the clock.
    pub(crate) roll_seed: Option<u64>,
    pub(crate) thinking: bool,
    /// A Hint search is under way.
    pub(crate) hinting: bool,
    /// Tells the computer's thread its answer is no longer wanted.
    pub(crate) stop: Arc<AtomicBool>,
    /// The data folder's writer (writes nothing when there is no folder).
    pub(crate) saver: Saver,
    /// A write to the data folder failed and the player was told.
    pub(crate) store_warned: bool,
    /// Settings kept between runs (the mark style among them). Read them
    /// here; change them only with [`ScribeApp::change_settings`].
    pub(crate) settings: Settings,
    /// A terminating signal arrived.
    pub(crate) quit: Quit,
    pub(crate) screenshot: Option<Screenshot>,
    pub(crate) frames: u64,
    /// See [`super::DevOptions::timing`].
    pub(crate) timing: Option<std::time::Instant>,
    /// When the computer's turn began and the frame count then, while it
    /// thinks: for `SCRIBE_TIMING`.
    pub(crate) think_started: Option<(std::time::Instant, u64)>,
    /// When the last move was played, undone or redone.
    pub(crate) turn_began: Option<std::time::Instant>,
    /// The window title last sent.
    pub(crate) title: String,
    /// The window was fitted to the monitor.
    pub(crate) fitted: bool,
    /// Native file dialogs may be tried (tests turn them off).
    pub(crate) native_dialogs: bool,
    /// The first start's offer of the course is showing.
    pub(crate) learn_offer: bool,
    /// The server Play online offers first (else the one remembered).
    pub(crate) online_server: Option<String>,
}

impl ScribeApp {
    pub(crate) fn blank(ctx: egui::Context, saver: Saver) -> ScribeApp {
        ScribeApp {
            game: GameSession::default(),
            front: None,
            kept: Vec::new(),
            status: Status::default(),
            entry: String::new(),
            glyph: None,
            windows: Windows::default(),
            summary_open: false,
            confirm: None,
            save_then_replace: false,
            review_at_start: false,
            review_task: None,
            demo: Demo::default(),
            last_move_at: 0.0,
            print_opts: BlankBoards::default(),
            jobs: Jobs::new(ctx),
            provider: super::computer::engine(),
            roll_seed: None,
            thinking: false,
            hinting: false,
            stop: Arc::new(AtomicBool::new(false)),
            saver,
            store_warned: false,
            settings: Settings::default(),
            quit: Quit::default(),
            screenshot: None,
            frames: 0,
            timing: None,
            think_started: None,
            turn_began: None,
            title: "Scribe Desk".to_string(),
            fitted: false,
            native_dialogs: true,
            learn_offer: false,
            online_server: None,
        }
    }

    /// Replaces the computer opponent (tests use a simple one).
    #[must_use]
    pub fn with_move_provider(mut self, provider: Option<Arc<dyn MoveProvider>>) -> ScribeApp {
        self.provider = provider;
        self
    }

    /// Scribbage's rolls follow from `seed` (tests; `SCRIBE_SEED` too), so
    /// every run rolls the same cubes.
    #[must_use]
    pub fn with_roll_seed(mut self, seed: u64) -> ScribeApp {
        self.roll_seed = Some(seed);
        self
    }

    /// Never tries a native file dialog: the built-in path prompt is used,
    /// as on a desktop with none (tests).
    #[must_use]
    pub fn without_native_dialogs(mut self) -> ScribeApp {
        self.native_dialogs = false;
        self
    }

    /// Play online offers `server` first (tests, `SCRIBE_SERVER`).
    #[must_use]
    pub fn with_online_server(mut self, server: &str) -> ScribeApp {
        self.online_server = Some(server.to_string());
        self
    }

    /// Whether a window asks to replace the unfinished game on the board.
    #[must_use]
    pub fn asking_to_replace(&self) -> bool {
        self.confirm.is_some()
    }

    /// Whether the board scores a paper board (Game → Score a paper board…).
    #[must_use]
    pub fn scoring_paper(&self) -> bool {
        self.front_kind() == Some(ModeKind::Referee)
    }

    /// The course's step, when it is in front (Help → Learn to play).
    #[must_use]
    pub fn course_step(&self) -> Option<usize> {
        self.front.as_ref().and_then(|m| m.course_step())
    }

    /// Whether the first start's offer of the course is showing.
    #[must_use]
    pub fn offering_course(&self) -> bool {
        self.learn_offer
    }

    /// At the start: offer the course to a newcomer (a data folder, no game
    /// in progress, never offered before). Answered either way, it is not
    /// offered again.
    pub(crate) fn offer_course_at_start(&mut self, file_given: bool) {
        let fresh = self.game.record().game.moves().is_empty();
        // not over a mode opened at the start (SCRIBE_OPEN=online): next time
        self.learn_offer = self.saver.dir().is_some()
            && !self.settings.learn.offered
            && fresh
            && !file_given
            && self.front.is_none();
    }

    /// The name of the mode in front of the game, if any ("Puzzles").
    #[must_use]
    pub fn front_name(&self) -> Option<&'static str> {
        self.front_kind().map(ModeKind::name)
    }

    /// The kind of the mode in front of the game, if any.
    pub(crate) fn front_kind(&self) -> Option<ModeKind> {
        self.front.as_ref().map(|m| m.kind())
    }

    /// Whether Hint can be asked now — the one rule of the toolbar's
    /// button, the Edit menu's item and Ctrl+H: the game in front (no
    /// other mode), a computer built in, the game not over and shown as
    /// it stands (not an earlier position), a person to move (never during
    /// the computer's turn), and no Hint already on its way.
    pub(crate) fn can_hint(&self) -> bool {
        let record = self.game.record();
        self.front.is_none()
            && self.provider.is_some()
            && !record.is_over()
            && self.game.view().is_none()
            && !self.is_computer(record.game.position().to_move())
            && !self.hinting
    }

    /// The window title last sent ("Scribbage - Scribe Desk").
    #[must_use]
    pub fn window_title(&self) -> &str {
        &self.title
    }

    /// Whether a review of the game is under way.
    #[must_use]
    pub fn reviewing(&self) -> bool {
        self.review_task.is_some()
    }

    /// The game being played (behind any other mode).
    #[must_use]
    pub fn record(&self) -> &GameRecord {
        self.game.record()
    }

    /// The game session.
    #[must_use]
    pub fn session(&self) -> &GameSession {
        &self.game
    }

    /// The status line's text.
    #[must_use]
    pub fn status(&self) -> &str {
        &self.status.text
    }

    /// The legend glyph under the pointer, whose occurrences the board washes green.
    #[must_use]
    pub fn highlighted_glyph(&self) -> Option<Glyph> {
        self.glyph
    }

    /// Whether a file dialog, a file operation, the computer or a review is still at work.
    #[must_use]
    pub fn busy(&self) -> bool {
        self.jobs.busy() || self.review_task.is_some()
    }

    /// Waits (at most `limit`) until the game in progress is on disk; true if it is.
    pub fn flush(&self, limit: Duration) -> bool {
        self.saver.flush(limit)
    }

    /// Undo and redo of the mode in front: the game's, or the front mode's
    /// (`None`: that mode has none, and none is shown).
    pub(crate) fn history(&self) -> Option<History> {
        match &self.front {
            Some(mode) => mode.history(),
            None => Some(History {
                undo: self.game.can_undo(),
                redo: self.game.can_redo(),
            }),
        }
    }

    /// The one way to change the settings: `f` changes them, and the
    /// settings file is written when, and only when, something changed.
    pub(crate) fn change_settings(&mut self, f: impl FnOnce(&mut Settings)) {
        let before = self.settings.clone();
        f(&mut self.settings);
        if self.settings != before {
            self.saver
                .save(super::store::SETTINGS, self.settings.to_ron());
        }
    }

    pub(crate) fn set_error(&mut self, text: String) {
        self.status = Status::error(text);
    }

    pub(crate) fn set_info(&mut self, text: String) {
        self.status = Status::info(text);
    }

    /// A player of the game, as text (see [`crate::record::who`]).
    pub(crate) fn who(&self, p: Player) -> String {
        crate::record::who(self.game.record(), self.settings.style, p)
    }

    /// Whether both sides are played by the computer (a demo).
    pub(crate) fn is_demo(&self) -> bool {
        self.is_computer(Player::X) && self.is_computer(Player::O)
    }

    /// Whether the computer plays `p`. Without a computer opponent built in,
    /// a side saved as a computer player is played by hand.
    pub(crate) fn is_computer(&self, p: Player) -> bool {
        self.provider.is_some()
            && matches!(self.game.record().players[p].kind, PlayerKind::Computer(_))
    }
}
