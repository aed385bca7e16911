//! What the player can ask for: the one [`Action`] type that every view
//! (menus, toolbar, board, move list, windows, a mode's panel) emits and
//! that the reducer alone applies to the state, with the plain values the
//! windows' fields hold ([`NewGameForm`], [`PathPrompt`], [`BlankBoards`]).
//! A leaf: it imports nothing else of the app, so views, modes and the app
//! all depend on it and it on none of them. A mode's own actions are the
//! mode's own type, carried as a [`ModeAction`] tagged with the mode's
//! [`ModeKind`].

use scribe_export::Paper;
use scribe_record::{GameRecord, MarkStyle, PlayerInfo, PlayerKind};
use scribe_rules::{ByPlayer, Glyph, Player, Square, Variant};
use std::any::Any;
use std::fmt::Debug;
use std::path::PathBuf;

/// The kinds of mode (see `modes/`): the game itself, always at the back,
/// and those that come in front of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ModeKind {
    /// The game being played (Back to my game).
    Play,
    /// Game → Score a paper board…
    Referee,
    /// Game → Puzzles.
    Puzzles,
    /// Help → Learn to play.
    Learn,
    /// Game → Play online…
    Online,
    /// More games → Scribbage…
    Scribbage,
    /// More games → Scribbly Gum…
    Gum,
    /// Game → Library…
    Library,
}

impl ModeKind {
    /// Its name, as the side panel's title and the window title say it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            ModeKind::Play => "Scribe",
            ModeKind::Referee => "Paper board",
            ModeKind::Puzzles => "Puzzles",
            ModeKind::Learn => "Learn to play",
            ModeKind::Online => "Play online",
            ModeKind::Scribbage => "Scribbage",
            ModeKind::Gum => "Scribbly Gum",
            ModeKind::Library => "Library",
        }
    }
}

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
    /// Print the puzzles as a book (a PDF).
    PuzzleBook,
    /// Print a Scribbly Gum tree sheet (a PDF, as `scribe gum sheet`).
    GumSheet,
    /// The library's chosen games as one PDF game book.
    LibraryBook,
    /// The library's chosen games as move lists (a text file).
    LibraryMoves,
    /// A game file to import into the library.
    ImportFile,
    /// A folder of games to import into the library.
    ImportFolder,
    /// A photo of a played paper board to read (Game → Scan a paper board…).
    ScanPhoto,
}

/// The windows that open over the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Window {
    NewGame,
    Print,
    Prompt,
    Rules,
    Shortcuts,
    About,
}

/// Something the player asked for from a menu, a button, a key or a window.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    NewGame,
    Open,
    Save,
    SaveAs,
    /// Takes back a move in the mode in front.
    Undo,
    /// Plays it again, in the mode in front.
    Redo,
    Rules,
    Shortcuts,
    About,
    BlankBoards,
    GamePdf,
    /// Game → Scan a paper board…: a photo is asked for.
    ScanPhoto,
    /// More games → Print a Scribbly Gum tree sheet…: the file is asked for.
    GumSheet,
    Quit,
    /// Zoom the board (`board`) or everything: one step in (1), out (-1),
    /// or back to the start (0).
    Zoom {
        board: bool,
        step: i8,
    },
    /// A square chosen on the board (a click, the keyboard cursor).
    Play(Square),
    /// The Square field's text changed.
    Entry(String),
    /// Play the square typed in the Square field.
    EnterSquare,
    /// The New game form was edited.
    Form(NewGameForm),
    /// The New game dialog's Start.
    StartGame,
    /// The answer to "replace the unfinished game?".
    Confirm(Choice),
    /// The Print blank boards window's choices were edited.
    Printing(BlankBoards),
    /// The Print blank boards window's choices are made: ask for the file.
    PrintChosen,
    /// The built-in path prompt was edited.
    Prompt(PathPrompt),
    /// A path typed in the built-in prompt.
    PathChosen(Purpose, PathBuf),
    /// A window was closed (Escape, its close button, Cancel).
    Close(Window),
    /// An action of the game's own (the play mode's: [`PlayAction`]),
    /// from its panel, the menus, the toolbar or a key.
    Game(PlayAction),
    /// A mode's menu item: that mode in front (a companion game kept aside
    /// comes back as it was left).
    Enter(ModeKind),
    /// The first start's offer of the course was answered (true: learn now).
    CourseOffer(bool),
    /// An action of the mode in front, from its panel.
    Mode(ModeAction),
    /// Back from the mode in front to the game.
    BackToPlay,
}

/// What the game itself is asked for: the play mode's own actions
/// (`modes/play`), carried by [`Action::Game`]. Plain values, so that the
/// shortcut table can name them. Only [`PlayAction::MoveNow`] reaches the
/// game while another mode is in front; the others are for the game on
/// the board and are refused there.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PlayAction {
    /// Ask the computer which square it would play.
    Hint,
    /// The computer plays the best move it has found so far.
    MoveNow,
    /// The end-of-game summary.
    Result,
    /// Show the board after this many moves (`None`: the game itself).
    View(Option<usize>),
    /// The legend glyph under the pointer (washed green on the board).
    Glyph(Option<Glyph>),
    /// A new game with the same players, or with their sides swapped.
    PlayAgain {
        /// The sides swapped.
        swap: bool,
    },
    /// Close the end-of-game summary.
    CloseSummary,
    /// Pause (or resume) a computer-against-computer game.
    DemoPause(bool),
    /// One move of the paused computer-against-computer game.
    DemoStep,
    /// Milliseconds between the computers' moves.
    DemoDelay(u32),
    /// Review the game with the engine (a job).
    Review,
    /// Stop the review under way.
    CancelReview,
}

/// What a mode's own panel asks for: a value of the mode's own action type
/// (`PuzzleAction`, `GumAction`, …), tagged with the mode's kind. The
/// reducer gives it to that mode only, which reads it back with
/// [`ModeAction::take`].
pub struct ModeAction {
    kind: ModeKind,
    what: Box<dyn ModeMsg>,
}

impl ModeAction {
    /// `what`, for the mode of kind `kind`.
    pub fn new<T: ModeMsg>(kind: ModeKind, what: T) -> ModeAction {
        ModeAction {
            kind,
            what: Box::new(what),
        }
    }

    /// The mode it is for.
    #[must_use]
    pub fn kind(&self) -> ModeKind {
        self.kind
    }

    /// The mode's own action, if it is of type `T`.
    #[must_use]
    pub fn take<T: ModeMsg>(self) -> Option<T> {
        self.what.into_any().downcast::<T>().ok().map(|b| *b)
    }
}

impl Clone for ModeAction {
    fn clone(&self) -> Self {
        ModeAction {
            kind: self.kind,
            what: self.what.clone_msg(),
        }
    }
}

impl PartialEq for ModeAction {
    fn eq(&self, other: &Self) -> bool {
        self.kind == other.kind && self.what.eq_msg(other.what.as_ref())
    }
}

impl Debug for ModeAction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}({:?})", self.kind, self.what)
    }
}

/// What a mode's action type is: plain data that can be copied and compared
/// (implemented for every such type).
pub trait ModeMsg: Any + Send + Debug {
    /// A copy, boxed.
    fn clone_msg(&self) -> Box<dyn ModeMsg>;
    /// Whether `other` is the same action.
    fn eq_msg(&self, other: &dyn ModeMsg) -> bool;
    /// For comparing.
    fn as_any(&self) -> &dyn Any;
    /// For [`ModeAction::take`].
    fn into_any(self: Box<Self>) -> Box<dyn Any>;
}

impl<T: Any + Send + Debug + Clone + PartialEq> ModeMsg for T {
    fn clone_msg(&self) -> Box<dyn ModeMsg> {
        Box::new(self.clone())
    }

    fn eq_msg(&self, other: &dyn ModeMsg) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }
}

/// The answers to "replace the unfinished game?".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    SaveFirst,
    Discard,
    Cancel,
}

/// The New game dialog's fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewGameForm {
    /// How the winner is decided.
    pub variant: Variant,
    /// The players' names.
    pub names: ByPlayer<String>,
    /// Human or computer (with a level).
    pub kinds: ByPlayer<PlayerKind>,
    /// How marks are drawn.
    pub style: MarkStyle,
}

impl NewGameForm {
    /// A form filled in from the current game.
    #[must_use]
    pub fn from_record(record: &GameRecord, style: MarkStyle) -> NewGameForm {
        NewGameForm {
            variant: record.variant,
            // a player named only by a mark is unnamed: the field stays empty
            names: ByPlayer::new_with(|p| {
                let name = record.players[p].name.trim();
                if scribe_record::is_default_name(name) {
                    String::new()
                } else {
                    name.to_string()
                }
            }),
            kinds: ByPlayer::new_with(|p| record.players[p].kind),
            style,
        }
    }

    /// Makes `p` a person or the computer. A name belongs to who had it: a
    /// person's name does not go over to the computer (that made "Ann (O,
    /// Medium) wins!"), nor "Computer" to a person; the field is emptied.
    pub fn set_kind(&mut self, p: Player, kind: PlayerKind) {
        let was_computer = matches!(self.kinds[p], PlayerKind::Computer(_));
        let is_computer = matches!(kind, PlayerKind::Computer(_));
        if was_computer != is_computer {
            self.names[p].clear();
        }
        self.kinds[p] = kind;
    }

    /// The players the form describes; blank names become the marks' symbols.
    #[must_use]
    pub fn players(&self) -> ByPlayer<PlayerInfo> {
        ByPlayer::new_with(|p| {
            let name = self.names[p].trim();
            PlayerInfo {
                name: if name.is_empty() {
                    self.style.symbol(p).to_string()
                } else {
                    name.to_string()
                },
                kind: self.kinds[p],
            }
        })
    }
}

/// The built-in path prompt's state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PathPrompt {
    /// What the path is for.
    pub purpose: Purpose,
    /// The path typed so far.
    pub text: String,
}

impl PathPrompt {
    /// A prompt for `purpose` starting at `suggested`.
    #[must_use]
    pub fn new(purpose: Purpose, suggested: PathBuf) -> PathPrompt {
        PathPrompt {
            purpose,
            text: suggested.display().to_string(),
        }
    }
}

/// What "Print blank boards…" asks for: paper, boards per page, pages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BlankBoards {
    /// A4 or US Letter.
    pub paper: Paper,
    /// One board a page, or two (the car-trip sheet).
    pub per_page: usize,
    /// How many sheets.
    pub pages: usize,
}

impl Default for BlankBoards {
    fn default() -> Self {
        BlankBoards {
            paper: Paper::A4,
            per_page: 1,
            pages: 4,
        }
    }
}
