//! The app's state: the game at the back (the play mode), the mode in
//! front of it (if any), the open windows, the jobs under way and the
//! settings. Views read
//! it (`&ScribeApp`) and emit [`super::action::Action`]s; only the reducer
//! (`reduce/`) changes it.

use super::action::BlankBoards;
use super::action::{NewGameForm, PathPrompt};
use super::computer::MoveProvider;
use super::dev::Screenshot;
use super::jobs::Jobs;
use super::modes::play::PlayMode;
use super::modes::play::session::GameSession;
use super::modes::{History, Mode, ModeKind, Status};
use super::signals::Quit;
use super::store::{Saver, Settings};
use scribe_record::GameRecord;
use scribe_rules::Glyph;
use std::sync::Arc;
use std::time::Duration;

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

/// The Scribe Desk window.
pub struct ScribeApp {
    /// The play mode: the game being played, always at the back, with the
    /// computer, the demo, the review and a game waiting to replace it.
    pub(crate) play: PlayMode,
    /// The mode in front of the game, if any (see [`super::modes`]); read
    /// the mode in front, this one or the game, with [`ScribeApp::front`].
    pub(crate) ahead: Option<Box<dyn Mode>>,
    /// Modes kept aside to come back to ([`Mode::kept`]: a companion game
    /// under way), at most one of each name.
    pub(crate) kept: Vec<Box<dyn Mode>>,
    pub(crate) status: Status,
    /// The Square field's text.
    pub(crate) entry: String,
    pub(crate) windows: Windows,
    /// The last choices made in Print blank boards.
    pub(crate) print_opts: BlankBoards,
    pub(crate) jobs: Jobs,
    /// Scribbage's rolls follow from this seed (`SCRIBE_SEED`, tests); `None`:
    /// from the clock.
    pub(crate) roll_seed: Option<u64>,
    /// The data folder's writer (writes nothing when there is no folder).
    pub(crate) saver: Saver,
    /// The library's writer (`library/` in the data folder): finished games,
    /// and games saved in progress (see `ScribeApp::shelve`).
    pub(crate) shelf: Saver,
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
    pub(crate) timing: Option<web_time::Instant>,
    /// The window title last sent.
    pub(crate) title: String,
    /// The window was fitted to the monitor.
    pub(crate) fitted: bool,
    /// The window was maximized when last closed and is not yet seen
    /// maximized again: until then (or until [`crate::app::RESTORE_SECONDS`]
    /// pass) it is asked to maximize and "not maximized" is not kept.
    pub(crate) restoring_maximized: bool,
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
            play: PlayMode::new(ctx.clone(), super::computer::engine()),
            ahead: None,
            kept: Vec::new(),
            status: Status::default(),
            entry: String::new(),
            windows: Windows::default(),
            print_opts: BlankBoards::default(),
            jobs: Jobs::new(ctx),
            roll_seed: None,
            shelf: Saver::new(saver.dir().map(|d| d.join("library")), None),
            saver,
            store_warned: false,
            settings: Settings::default(),
            quit: Quit::default(),
            screenshot: None,
            frames: 0,
            timing: None,
            title: "Scribe Desk".to_string(),
            fitted: false,
            restoring_maximized: false,
            native_dialogs: true,
            learn_offer: false,
            online_server: None,
        }
    }

    /// Replaces the computer opponent (tests use a simple one).
    #[must_use]
    pub fn with_move_provider(mut self, provider: Option<Arc<dyn MoveProvider>>) -> ScribeApp {
        self.play.provider = provider;
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

    /// Reviews with the engine's quick settings (tests: a review in a
    /// debug build takes seconds, not minutes).
    #[must_use]
    pub fn with_quick_review(mut self) -> ScribeApp {
        self.play.review_config = scribe_ai::review::ReviewConfig::quick();
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
        self.play.confirm.is_some()
    }

    /// Whether the board scores a paper board (Game → Score a paper board…).
    #[must_use]
    pub fn scoring_paper(&self) -> bool {
        self.front_kind() == ModeKind::Referee
    }

    /// The course's step, when it is in front (Help → Learn to play).
    #[must_use]
    pub fn course_step(&self) -> Option<usize> {
        self.front().course_step()
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
        let fresh = self.play.game.record().game.moves().is_empty();
        // not over a mode opened at the start (SCRIBE_OPEN=online): next time
        self.learn_offer = self.saver.dir().is_some()
            && !self.settings.learn.offered
            && fresh
            && !file_given
            && self.playing();
    }

    /// The name of the mode in front of the game, if any ("Puzzles").
    #[must_use]
    pub fn front_name(&self) -> Option<&'static str> {
        self.ahead.as_ref().map(|m| m.name())
    }

    /// The mode in front: the one that came before the game, else the
    /// game itself (the play mode). Views read it; the reducer changes it
    /// with [`ScribeApp::with_front`].
    pub(crate) fn front(&self) -> &dyn Mode {
        match &self.ahead {
            Some(mode) => mode.as_ref(),
            None => &self.play,
        }
    }

    /// The kind of the mode in front ([`ModeKind::Play`]: the game).
    pub(crate) fn front_kind(&self) -> ModeKind {
        self.front().kind()
    }

    /// Whether the game itself is in front (its own menu items — Save,
    /// Result, Review, Export, Hint — work only then).
    pub(crate) fn playing(&self) -> bool {
        self.ahead.is_none()
    }

    /// Whether Hint can be asked now: the game in front (no other mode)
    /// and the play mode's own rule ([`crate::modes::play::PlayMode::can_hint`]).
    pub(crate) fn can_hint(&self) -> bool {
        self.playing() && self.play.can_hint()
    }

    /// The window title last sent ("Scribbage - Scribe Desk").
    #[must_use]
    pub fn window_title(&self) -> &str {
        &self.title
    }

    /// Whether a review of the game is under way.
    #[must_use]
    pub fn reviewing(&self) -> bool {
        self.play.review_task.is_some()
    }

    /// The game being played (behind any other mode).
    #[must_use]
    pub fn record(&self) -> &GameRecord {
        self.play.game.record()
    }

    /// The game session.
    #[must_use]
    pub fn session(&self) -> &GameSession {
        &self.play.game
    }

    /// The status line's text.
    #[must_use]
    pub fn status(&self) -> &str {
        &self.status.text
    }

    /// The legend glyph under the pointer, whose occurrences the board washes green.
    #[must_use]
    pub fn highlighted_glyph(&self) -> Option<Glyph> {
        self.play.glyph
    }

    /// Whether a file dialog, a file operation, the computer or a review is still at work.
    #[must_use]
    pub fn busy(&self) -> bool {
        self.jobs.busy() || self.play.review_task.is_some()
    }

    /// Waits (at most `limit`) until the game in progress (and the games
    /// kept in the library) are on disk; true if they are.
    pub fn flush(&self, limit: Duration) -> bool {
        self.saver.flush(limit) && self.shelf.flush(limit)
    }

    /// Undo and redo of the mode in front (`None`: that mode has none,
    /// and none is shown).
    pub(crate) fn history(&self) -> Option<History> {
        self.front().history()
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
}
