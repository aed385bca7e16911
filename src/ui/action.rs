//! What the player can ask for: the one [`Action`] type that every view
//! (menus, toolbar, board, move list, windows, a mode's panel) emits and
//! that [`super::reduce`] alone applies to the state. A leaf: it names no
//! view and no part of the app, so views and the app both depend on it and
//! it on neither.

use super::export::BlankBoards;
use super::forms::{NewGameForm, PathPrompt};
use crate::ai::Difficulty;
use crate::rules::{Glyph, Square};
use std::path::PathBuf;

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
    Hint,
    Result,
    BlankBoards,
    GamePdf,
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
    /// Show the board after this many moves (`None`: the game itself).
    View(Option<usize>),
    /// The legend glyph under the pointer (washed green on the board).
    Glyph(Option<Glyph>),
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
    /// A new game with the same players, or with their sides swapped.
    PlayAgain {
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
    /// Game → Score a paper board…
    Referee,
    /// Game → Puzzles.
    Puzzles,
    /// More games → Scribbage…
    Scribbage,
    /// Help → Learn to play: the course, where it was left.
    Learn,
    /// Game → Play online…
    Online,
    /// More games → Scribbly Gum…
    Gum,
    /// The first start's offer of the course was answered (true: learn now).
    CourseOffer(bool),
    /// An action of the mode in front, from its panel.
    Mode(ModeAction),
    /// Back from the mode in front to the game.
    BackToPlay,
}

/// What a mode's own panel asks for (see [`super::modes`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ModeAction {
    /// Empty the paper board.
    RefereeClear,
    /// The next, or previous, puzzle.
    PuzzleStep(bool),
    /// Show the puzzle's answer.
    PuzzleAnswer,
    /// Step through the answer's main line: forward or back.
    PuzzleLine(bool),
    /// New puzzles of this difficulty.
    PuzzleDifficulty(Difficulty),
    /// Print these puzzles as a book (a PDF).
    PuzzleBook,
    /// What is asked in the course (Help → Learn to play).
    Learn(crate::ui::modes::learn::LearnAction),
    /// What the online panel asks for (Game → Play online…).
    Online(crate::ui::modes::online::game::OnlineAction),
    /// What is asked at the Scribbage table (More games → Scribbage…).
    Scribbage(crate::ui::modes::scribbage::session::ScribbageAction),
    /// What is asked in Scribbly Gum (More games → Scribbly Gum…).
    Gum(crate::ui::modes::gum::GumAction),
}

/// The answers to "replace the unfinished game?".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    SaveFirst,
    Discard,
    Cancel,
}
