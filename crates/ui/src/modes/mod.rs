//! Modes: what the board is for. The game being played is always there, at
//! the back: the play mode ([`play::PlayMode`]: [`play::session::GameSession`]
//! with the computer, Hint, the demo and the review), a [`Mode`] like the
//! others. Another mode can come in front of it — scoring a paper board,
//! puzzles, the course (Help → Learn to play), Play online (its link to the
//! server is polled each frame: [`Mode::poll`]), the game library (Game →
//! Library…), or a companion game. The
//! game waits behind, untouched. The mode in front — that one, else the
//! game — is read with `ScribeApp::front` and changed with
//! `ScribeApp::with_front`: every menu item, the toolbar's Undo and Redo,
//! the board's clicks, the panels and the keys are its own. A mode sets its
//! left panel ([`Mode::panel`]) and its width ([`Mode::panel_width`]), the
//! right side ([`Mode::contents`]: the game's move list, a mode's own; else
//! a word that the game waits), the toolbar's tools of its own
//! ([`Mode::tools`]), keys ([`Mode::keys`]), the window title
//! ([`Mode::title`]), hides the tallies ([`Shown::scores`]) and may draw
//! something else than the Scribe board in the middle ([`Middle::Canvas`]:
//! the companion games). Only the game's own menu items (Save, Result,
//! Review, Export, Hint) ask whether the game is in front.
//!
//! Each mode is one folder here, laid out alike: its egui-free session with
//! its unit tests (`session.rs`; the online mode's game is `game.rs`), its
//! views, and its glue — the type implementing [`Mode`] (`mod.rs`, or
//! `mode.rs` where `mod.rs` is the session's front: `learn/`, `gum/`). A
//! mode is known by its [`ModeKind`], never by its display name.
//!
//! # Adding a mode
//! 1. Add its kind to [`ModeKind`] (in `action.rs`, with its name).
//! 2. Make a folder `modes/<name>/` with an egui-free session of its own and
//!    its unit tests (like [`puzzles::session::PuzzleSession`] or
//!    [`referee::session::Referee`]; a [`play::session::GameSession`] for a
//!    mode that plays a whole game).
//! 3. Wrap it in a type implementing [`Mode`] in that folder: its kind
//!    ([`Mode::kind`]), what is in the middle ([`Mode::middle`]: the board
//!    as [`Middle::Board`], its squares coming back to [`Mode::choose`]; or
//!    a sheet of its own, [`Middle::Canvas`], drawn by [`Mode::canvas`]),
//!    its side panel ([`Mode::panel`]), and, only if it has them, undo and
//!    redo ([`Mode::history`]; without, the toolbar and the Edit menu show
//!    none).
//! 4. Its panel's buttons emit [`Action::Mode`]: a [`ModeAction`] made of
//!    its kind and a value of its own action type (an enum in its folder),
//!    read back with [`ModeAction::take`] in [`Mode::act`]. Slow work is a
//!    [`Job`] in a [`Reply`], given a stop flag to watch: it is tagged with
//!    the mode's kind, its result comes back to [`Mode::job_done`] of that
//!    mode only, and leaving the mode stops it (its answer is dropped).
//! 5. Add its menu item emitting `Action::Enter(ModeKind::…)` and the arm
//!    making the mode in `ScribeApp::open_mode` (`reduce/mod.rs`). Never
//!    ask which mode is in front: give the mode a method of the trait
//!    (the play mode implements it for the game; the default is for the
//!    modes in front of it).
//! 6. A game that lasts (a companion game's table) asks to be kept aside
//!    ([`Mode::kept`]) when the player goes back to the game; its menu item
//!    then brings it back as it was (More games → Scribbage…), and
//!    [`Mode::resume`] starts again the work that was stopped.

pub mod gum;
pub mod learn;
pub mod library;
pub mod online;
pub mod play;
pub mod puzzles;
pub mod referee;
pub mod scribbage;

pub(crate) use gum::GumMode;
pub(crate) use learn::LearnMode;
pub(crate) use library::LibraryMode;
pub(crate) use online::OnlineMode;
pub(crate) use puzzles::PuzzleMode;
pub(crate) use referee::RefereeMode;
pub(crate) use scribbage::ScribbageMode;

pub(crate) use super::action::ModeKind;
use super::action::{Action, ModeAction, Purpose};
use super::jobs::Job;
use scribe_record::MarkStyle;
use scribe_rules::{Glyph, Position, Square};
use std::any::Any;

/// The status line: the last thing that happened, or why a move was refused.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Status {
    pub(crate) text: String,
    pub(crate) error: bool,
}

impl Status {
    pub(crate) fn info(text: impl Into<String>) -> Status {
        Status {
            text: text.into(),
            error: false,
        }
    }

    pub(crate) fn error(text: impl Into<String>) -> Status {
        Status {
            text: text.into(),
            error: true,
        }
    }
}

/// The middle of the window, under its two heading lines: the Scribe board,
/// or a sheet the mode draws itself.
#[derive(Debug, Clone)]
pub(crate) enum Middle {
    /// The Scribe board, as [`Shown`] says; its squares come back to
    /// [`Mode::choose`].
    Board(Shown),
    /// The mode's own sheet (a companion game's grid or tree), drawn by
    /// [`Mode::canvas`]; the toolbar then leaves out the board's tools.
    Canvas {
        /// The line above it.
        heading: String,
        /// The line under that.
        detail: String,
    },
}

/// What a mode's board and headings show.
#[derive(Debug, Clone)]
pub(crate) struct Shown {
    /// The line above the board.
    pub(crate) heading: String,
    /// The line under it.
    pub(crate) detail: String,
    /// The position to draw.
    pub(crate) position: Position,
    /// A square circled in pencil.
    pub(crate) hint: Option<Square>,
    /// Whether clicks are moves.
    pub(crate) live: bool,
    /// Whether each mini grid's tallies are drawn beside it.
    pub(crate) scores: bool,
    /// Whether the mini grid to play is highlighted (not in a game that
    /// ended early or has not begun).
    pub(crate) guidance: bool,
    /// The heading's ink (the player to move's, in the game; else pencil).
    pub(crate) heading_ink: egui::Color32,
    /// The glyph washed green (the legend's, under the pointer).
    pub(crate) glyph: Option<Glyph>,
    /// Beside a better move in pencil, the move that was played.
    pub(crate) played: Option<Square>,
    /// The computer is thinking (the board's pencil waits).
    pub(crate) busy: bool,
    /// Every group of a player in a mini grid outlined, glyph or not, full
    /// or not (the course, once a question about them is answered).
    pub(crate) outline: Option<(scribe_rules::GridIndex, scribe_rules::Player)>,
    /// Squares circled for the player to check (a scan's unsure squares).
    pub(crate) check: Vec<Square>,
}

/// Whether the mode in front can undo and redo now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct History {
    pub(crate) undo: bool,
    pub(crate) redo: bool,
}

/// What a mode asks of the app after an action.
#[derive(Debug, Default)]
pub(crate) struct Reply {
    /// A new status line.
    pub(crate) status: Option<Status>,
    /// Work to run on a thread.
    pub(crate) job: Option<Job>,
    /// A file to ask for (then [`Mode::export`] makes its bytes).
    pub(crate) ask: Option<Purpose>,
    /// A game for the app's own session (an online game to review): it
    /// replaces the game at the back, asking first, and the mode leaves.
    pub(crate) game: Option<scribe_record::GameRecord>,
    /// The game in `game` is a server's: its address and the game's id (a
    /// finished one is kept in the library, once).
    pub(crate) online: Option<(String, String)>,
    /// The game in `game` is this file of the library: its review, and
    /// the game continued, are kept there.
    pub(crate) library_file: Option<String>,
    /// Games to keep in the library, each as its file's name and its save
    /// file's text (finished online games, a paper board scored): the app
    /// writes them off the window's thread; the game at the back is not
    /// touched.
    pub(crate) keep: Vec<(String, String)>,
    /// The game at the back changed (a move, an undo): the app stops the
    /// game's jobs for the old position and keeps it in the data folder
    /// (before it starts this reply's job).
    pub(crate) changed: bool,
    /// The game at the back gained what no move changes (its review): the
    /// app writes it again, to the data folder and to the library's file
    /// it came from; its jobs go on.
    pub(crate) rewrite: bool,
    /// The jobs of this mode should answer now with what they have (the
    /// computer's Move now).
    pub(crate) hurry: bool,
    /// A game made by the play mode to replace the one on the board (Play
    /// again): the app asks first when the game would be lost.
    pub(crate) replace: Option<play::Replacement>,
    /// A move was played: the Square field starts afresh.
    pub(crate) played: bool,
}

impl Reply {
    pub(crate) fn status(status: Status) -> Reply {
        Reply {
            status: Some(status),
            ..Reply::default()
        }
    }
}

/// The right column's width: the move list, a game's chat.
pub(crate) const LIST_WIDTH: f32 = 210.0;

/// A mode: the game (the play mode, at the back) or one in front of it.
pub(crate) trait Mode {
    /// Which mode it is: its menu item, the jobs it starts and the actions
    /// of its panel are tagged with it.
    fn kind(&self) -> ModeKind;

    /// Its name, as the side panel's title and the window title say it.
    fn name(&self) -> &'static str {
        self.kind().name()
    }

    /// The window's title while it is in front ("Scribbage - Scribe Desk";
    /// the game's: its file's name).
    fn title(&self) -> String {
        format!("{} - Scribe Desk", self.name())
    }

    /// Rules (F1) in front of this mode: its own rules page, if it has one
    /// (a companion game); `None`: the Scribe rules window opens.
    fn own_rules(&mut self, _style: MarkStyle) -> Option<Reply> {
        None
    }

    /// New game (the toolbar, the Game menu, Ctrl+N) in front of this mode:
    /// its own new game, if it has one (Scribbage's set-up); `None`: the
    /// Scribe New game dialog opens.
    fn own_new_game(&mut self, _style: MarkStyle) -> Option<Reply> {
        None
    }

    /// The middle of the window and the two lines above it: a board or a
    /// canvas.
    fn middle(&self, style: MarkStyle) -> Middle;

    /// A square was chosen on the board (a click, the keyboard, the Square
    /// field); a mode on a canvas has none to choose.
    fn choose(&mut self, _sq: Square, _style: MarkStyle) -> Reply {
        Reply::default()
    }

    /// Undo and redo, if the mode has them (`None`: it shows none).
    fn history(&self) -> Option<History> {
        None
    }

    /// Takes back the last step.
    fn undo(&mut self, _style: MarkStyle) -> Reply {
        Reply::default()
    }

    /// Does the last step taken back again.
    fn redo(&mut self, _style: MarkStyle) -> Reply {
        Reply::default()
    }

    /// The left panel: the mode's own controls, which emit [`Action::Mode`].
    fn panel(&self, ui: &mut egui::Ui, style: MarkStyle, out: &mut Vec<Action>);

    /// The left panel's width.
    fn panel_width(&self) -> f32 {
        236.0
    }

    /// The right column's width when the middle is `middle` wide; 0 gives
    /// the whole middle to the mode (a table that needs it more than a
    /// note on the game waiting behind).
    fn list_width(&self, _middle: f32) -> f32 {
        LIST_WIDTH
    }

    /// The right side: the game's move list, or the mode's own (a game's
    /// chat, the course's contents); `false`: nothing of its own, and the
    /// right side says that the game waits behind.
    fn contents(&self, _ui: &mut egui::Ui, _style: MarkStyle, _out: &mut Vec<Action>) -> bool {
        false
    }

    /// Tools of its own at the end of the toolbar (the demo's Pause, Step
    /// and speed).
    fn tools(&self, _ui: &mut egui::Ui, _out: &mut Vec<Action>) {}

    /// Keys of its own, read when nothing has the keyboard (the game's
    /// arrows, Home and End step through its moves).
    fn keys(&self, _ui: &egui::Ui, _out: &mut Vec<Action>) {}

    /// The mode's own sheet, for [`Middle::Canvas`] (a companion game's
    /// grid or tree sheet).
    fn canvas(&self, _ui: &mut egui::Ui, _style: MarkStyle, _out: &mut Vec<Action>) {}

    /// The board was drawn (what is under the pointer or the cursor).
    fn board_seen(&self, _ui: &egui::Ui, _board: &crate::widgets::board::BoardResponse) {}

    /// Whether the mode is kept aside when another takes its place or the
    /// player goes back to the game, so that its menu item brings it back
    /// as it was (a companion game under way); else it is dropped.
    fn kept(&self) -> bool {
        false
    }

    /// Back in front after being kept aside: what to start again (a job
    /// whose answer came while it was away went nowhere).
    fn resume(&mut self, _style: MarkStyle) -> Reply {
        Reply::default()
    }

    /// The course's step, kept in the settings (only the course has one).
    fn course_step(&self) -> Option<usize> {
        None
    }

    /// One of the mode's own actions.
    fn act(&mut self, action: ModeAction, style: MarkStyle) -> Reply;

    /// Called every frame before drawing: what came from outside (the
    /// online mode's server).
    fn poll(&mut self, _style: MarkStyle) -> Reply {
        Reply::default()
    }

    /// A job this mode started finished (never one stopped when the mode
    /// was left).
    fn job_done(&mut self, _result: Box<dyn Any + Send>, _style: MarkStyle) -> Reply {
        Reply::default()
    }

    /// A job this mode started could not be done (the browser's worker
    /// failed): nothing should wait for it any more. The app says why.
    fn job_failed(&mut self) {}

    /// A path chosen for a purpose of the mode's own that is not a file to
    /// write (the library's import).
    fn picked(&mut self, _purpose: Purpose, _path: std::path::PathBuf, _style: MarkStyle) -> Reply {
        Reply::default()
    }

    /// The bytes of the file asked for with [`Reply::ask`], made on a worker.
    fn export(&self, _purpose: Purpose, _style: MarkStyle) -> Option<crate::jobs::Make> {
        None
    }
}
