//! Every change to the app's state: what the player asks for ([`Action`]),
//! and what the worker threads bring back ([`Done`]). After each change to
//! the game the game in progress is written to the data folder.

use super::app::{Mode, ScribeApp, is_ron, suggested_name};
use super::export;
use super::files::{self, Done, Purpose};
use super::ink::MarkStyle;
use super::puzzle::{PuzzleSession, Verdict};
use super::referee::Referee;
use super::store;
use super::windows::{NewGameForm, PathPrompt};
use crate::record::{GameRecord, PlayerInfo, PlayerKind};
use crate::rules::{ByPlayer, IllegalReason, Square, Variant};
use chrono::Utc;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Something the player asked for from a menu, a button, a key or a window.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Action {
    NewGame,
    Open,
    Save,
    SaveAs,
    Undo,
    Redo,
    Rules,
    Shortcuts,
    About,
    Hint,
    Result,
    BlankBoards,
    GamePdf,
    Quit,
    /// Play a square (a click on the board).
    Play(Square),
    /// Play the square typed in the Square field.
    EnterSquare,
    /// Show the board after this many moves (`None`: the game itself).
    View(Option<usize>),
    /// The New game dialog's Start.
    StartGame,
    /// The answer to "replace the unfinished game?".
    Confirm(Choice),
    /// A path typed in the built-in prompt.
    PathChosen(Purpose, PathBuf),
    /// A new game with the same players, or with their sides swapped.
    PlayAgain {
        swap: bool,
    },
    /// Close the end-of-game summary.
    CloseSummary,
    /// The Print blank boards window's choices are made: ask for the file.
    PrintChosen,
    /// Game → Score a paper board…
    Referee,
    /// Empty the paper board.
    RefereeClear,
    /// Game → Puzzles (made on a worker thread).
    Puzzles,
    /// The next, or previous, puzzle.
    PuzzleStep(bool),
    /// Show the puzzle's answer.
    PuzzleAnswer,
    /// Back from a paper board or the puzzles to the game.
    BackToPlay,
    /// Review the game with the engine (on a worker thread).
    Review,
    /// Stop the review under way.
    CancelReview,
    /// learn: the course (Help → Learn to play) and what is asked in it.
    Learn(super::learn::LearnAction),
}

/// The answers to "replace the unfinished game?".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Choice {
    SaveFirst,
    Discard,
    Cancel,
}

/// A game waiting to replace the one on the board.
#[derive(Debug, Clone)]
pub(super) struct Replacement {
    pub(super) record: GameRecord,
    /// The file it came from (RON only: Save never writes over a move list).
    pub(super) path: Option<PathBuf>,
    pub(super) style: Option<MarkStyle>,
    /// What the status line says once it is on the board.
    pub(super) message: String,
}

impl ScribeApp {
    pub(super) fn apply(&mut self, action: Action, ctx: &egui::Context) {
        // learn: the course has no Undo, Redo, Hint or review of the game behind it
        if self.learning()
            && matches!(
                action,
                Action::Undo | Action::Redo | Action::Hint | Action::View(_) | Action::Review
            )
        {
            self.set_info("Not in the course: Back to my game first.".to_string());
            return;
        }
        match action {
            Action::NewGame => {
                self.form = Some(NewGameForm::from_record(&self.record, self.style));
            }
            Action::Open => self.ask_for_path(Purpose::Open),
            Action::Save => match self.path.clone() {
                Some(path) => self.save_to(path),
                None => self.ask_for_path(Purpose::Save),
            },
            Action::SaveAs => self.ask_for_path(Purpose::Save),
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::Rules => self.rules_open = true,
            Action::Shortcuts => self.shortcuts_open = true,
            Action::About => self.about_open = true,
            Action::Hint => self.start_hint(),
            Action::Result => {
                self.view = None;
                self.summary_open = true;
            }
            Action::BlankBoards => self.printing = Some(self.print_opts),
            Action::PrintChosen => {
                if let Some(opts) = self.printing.take() {
                    self.print_opts = opts;
                    self.ask_for_path(Purpose::BlankBoards);
                }
            }
            Action::GamePdf => self.ask_for_path(Purpose::GamePdf),
            Action::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
            Action::Play(sq) => match &mut self.mode {
                Mode::Play => self.try_play(sq),
                Mode::Learn(_) => self.apply_learn(super::learn::LearnAction::Square(sq)),
                Mode::Referee(r) => {
                    r.cycle(sq);
                }
                Mode::PuzzlesComing => {}
                Mode::Puzzles(s) => {
                    let text = match s.check(sq) {
                        Verdict::Right => (
                            format!("{sq} is right: it is the only move that wins."),
                            false,
                        ),
                        Verdict::Wrong {
                            refutation: Some(r),
                        } => (
                            format!("{sq} does not win: the reply {r} beats it. Try again."),
                            true,
                        ),
                        Verdict::Wrong { refutation: None } => {
                            (format!("{sq} does not reach the goal. Try again."), true)
                        }
                        Verdict::Illegal(reason) => (
                            format!("{sq} is not allowed: {}.", refusal(reason, self.style)),
                            true,
                        ),
                    };
                    self.status = super::app::Status {
                        text: text.0,
                        error: text.1,
                    };
                }
            },
            Action::EnterSquare => self.enter_square(ctx),
            Action::View(n) => self.view = n,
            Action::StartGame => {
                if let Some(form) = self.form.take() {
                    let players = form.players();
                    self.replace_game(Replacement {
                        record: GameRecord::new(form.variant, players),
                        path: None,
                        style: Some(form.style),
                        message: format!("New {} game.", form.variant.name()),
                    });
                }
            }
            Action::Confirm(choice) => self.confirmed(choice),
            Action::PlayAgain { swap } => {
                let mut players = self.record.players.clone();
                if swap {
                    std::mem::swap(&mut players.x, &mut players.o);
                }
                let variant = self.record.variant;
                self.replace_game(Replacement {
                    record: GameRecord::new(variant, players),
                    path: None,
                    style: None,
                    message: format!("New {} game.", variant.name()),
                });
            }
            Action::CloseSummary => self.summary_open = false,
            Action::Review => self.start_review(ctx),
            Action::Referee => {
                self.view = None;
                self.mode = Mode::Referee(Referee::new());
                self.set_info(
                    "Copy the paper board: click a square to cycle empty, first player, second player."
                        .to_string(),
                );
            }
            Action::RefereeClear => {
                if let Mode::Referee(r) = &mut self.mode {
                    r.clear();
                }
            }
            Action::Puzzles => self.start_puzzles(),
            Action::PuzzleStep(forward) => {
                if let Mode::Puzzles(s) = &mut self.mode {
                    let moved = if forward {
                        s.next_puzzle()
                    } else {
                        s.previous_puzzle()
                    };
                    if moved {
                        self.status = super::app::Status::default();
                    }
                }
            }
            Action::PuzzleAnswer => {
                if let Mode::Puzzles(s) = &mut self.mode
                    && let Some((answer, line)) = s.show_answer()
                {
                    let line: Vec<String> = line.iter().map(ToString::to_string).collect();
                    self.set_info(format!(
                        "The answer: {answer}, drawn in pencil. The main line: {}.",
                        line.join(" ")
                    ));
                }
            }
            Action::BackToPlay => {
                self.mode = Mode::Play;
                self.set_info("Back to the game.".to_string());
            }
            Action::CancelReview => {
                if let Some(task) = self.review_task.take() {
                    task.cancel();
                    self.set_info("The review was cancelled.".to_string());
                }
            }
            Action::Learn(a) => self.apply_learn(a),
            Action::PathChosen(purpose, path) => {
                self.prompt = None;
                self.picked(purpose, path);
            }
        }
    }

    /// Starts a new game at once, without asking (tests; the New game
    /// dialog asks first when the game on the board is unfinished).
    pub fn start_game(
        &mut self,
        variant: Variant,
        players: ByPlayer<PlayerInfo>,
        style: MarkStyle,
    ) {
        self.install(Replacement {
            record: GameRecord::new(variant, players),
            path: None,
            style: Some(style),
            message: format!("New {} game.", variant.name()),
        });
    }

    /// Reads the game in `path` on a worker thread; when it arrives it
    /// replaces the current game (asking first if that one is unfinished),
    /// or, if the file is bad, the status line says why and the current game
    /// is kept. The Open dialog and `scribe FILE` end here.
    pub fn open_path(&mut self, path: PathBuf) {
        let spawned = self.workers.spawn("scribe-open", move || {
            let result = files::read_game(&path);
            Done::Loaded(path, result)
        });
        if let Err(e) = spawned {
            self.set_error(format!("Cannot open: {e}"));
        }
    }

    /// Writes the game to `path` (atomically, on a worker thread). The Save
    /// dialog ends here.
    pub fn save_to(&mut self, path: PathBuf) {
        let text = self.record.to_ron();
        let spawned = self.workers.spawn("scribe-save", move || {
            let result = files::write(&path, text.as_bytes());
            Done::Written(path, result)
        });
        if let Err(e) = spawned {
            self.set_error(format!("Cannot save: {e}"));
        }
    }

    /// Whether replacing the game on the board would lose something: it is
    /// under way, unfinished, and not saved since its last change.
    fn needs_asking(&self) -> bool {
        let pos = self.record.game.position();
        self.dirty && pos.moves_played() > 0 && !pos.is_over()
    }

    /// Puts `r` on the board, or asks first (see [`Self::needs_asking`]).
    fn replace_game(&mut self, r: Replacement) {
        if self.needs_asking() {
            self.confirm = Some(r);
        } else {
            self.install(r);
        }
    }

    fn install(&mut self, r: Replacement) {
        self.record = r.record;
        if let Some(style) = r.style {
            self.style = style;
        }
        self.path = r.path;
        self.confirm = None;
        self.save_then_replace = false;
        self.entry.clear();
        self.after_change();
        self.dirty = false;
        self.set_info(r.message);
    }

    fn confirmed(&mut self, choice: Choice) {
        match choice {
            Choice::Cancel => {
                self.confirm = None;
                self.save_then_replace = false;
            }
            Choice::Discard => {
                if let Some(r) = self.confirm.take() {
                    self.install(r);
                }
            }
            Choice::SaveFirst => {
                self.save_then_replace = true;
                match self.path.clone() {
                    Some(path) => self.save_to(path),
                    None => self.ask_for_path(Purpose::Save),
                }
            }
        }
    }

    /// After every change to the game: drop what belonged to the old
    /// position and write the game in progress to the data folder.
    pub(super) fn after_change(&mut self) {
        self.generation += 1;
        // a review belongs to the moves it was made for
        if let Some(task) = self.review_task.take() {
            task.cancel();
        }
        self.reviewed = self.record.review_of_game().ok().flatten();
        if self.reviewed.is_none() {
            self.record.review = None;
        }
        self.last_move_at = self.workers.now();
        self.turn_began = Some(std::time::Instant::now());
        self.view = None;
        self.hint = None;
        self.dirty = true;
        if self.thinking {
            self.stop.store(true, Ordering::Relaxed);
            self.thinking = false;
        }
        self.summary_open = self.record.game.position().is_over();
        self.saver.save(store::CURRENT, self.record.to_ron());
    }

    /// Plays `sq` for the player to move, or says in the status line why not.
    fn try_play(&mut self, sq: Square) {
        if let Some(n) = self.view {
            self.set_error(format!(
                "You are looking at the board after move {n}: press \"Back to the game\" to play."
            ));
            return;
        }
        let pos = *self.record.game.position();
        if !pos.is_over() && self.is_computer(pos.to_move()) {
            self.set_error("Wait: it is the computer's turn.".to_string());
            return;
        }
        match self.record.play(sq, Utc::now()) {
            Ok(()) => {
                let who = self.who(pos.to_move());
                self.after_change();
                self.entry.clear();
                self.set_info(format!("{who} played {sq}."));
            }
            Err(e) => {
                // a move refused for its mini grid: that mini grid flashes
                if let IllegalReason::WrongGrid { required, .. } = e.reason {
                    super::board::flash_grid(&self.workers.ctx(), required);
                }
                self.set_error(format!(
                    "{sq} is not allowed: {}.",
                    refusal(e.reason, self.style)
                ));
            }
        }
    }

    fn undo(&mut self) {
        let Some(sq) = self.record.game.undo() else {
            self.set_error("Nothing to undo.".to_string());
            return;
        };
        let mut taken = vec![sq];
        // Against the computer, take back its reply too.
        let pos = *self.record.game.position();
        if self.is_computer(pos.to_move())
            && !self.is_computer(pos.to_move().other())
            && let Some(mine) = self.record.game.undo()
        {
            taken.push(mine);
        }
        self.record.finished = None;
        self.after_change();
        let text = match taken.as_slice() {
            [theirs, mine] => format!("Took back your {mine} and the computer's reply {theirs}."),
            _ => format!("Took back {sq}."),
        };
        self.set_info(text);
    }

    fn redo(&mut self) {
        let Some(sq) = self.record.game.redo() else {
            self.set_error("Nothing to redo.".to_string());
            return;
        };
        if self.record.game.position().is_over() {
            self.record.finished = Some(Utc::now());
        }
        self.after_change();
        self.set_info(format!("Played {sq} again."));
    }

    /// The Square field: the typed square goes where a click would (the
    /// game, the paper board or the puzzle).
    fn enter_square(&mut self, ctx: &egui::Context) {
        let text = self.entry.trim().to_string();
        if text.is_empty() {
            return;
        }
        match text.parse::<Square>() {
            Ok(sq) => self.apply(Action::Play(sq), ctx),
            Err(e) => self.set_error(format!("{e}.")),
        }
        // typing starts afresh after a move or a refusal
        self.entry.clear();
    }

    fn ask_for_path(&mut self, purpose: Purpose) {
        let suggested = suggested_name(purpose);
        let native = self.native_dialogs;
        let spawned = self.workers.spawn("scribe-file-dialog", move || {
            let picked = if native {
                files::pick(purpose, suggested)
            } else {
                Err(files::NoDialog)
            };
            Done::Picked(purpose, picked)
        });
        if let Err(e) = spawned {
            self.set_error(format!("Cannot show the file dialog: {e}"));
        }
    }

    /// A path was chosen, in the native dialog or the built-in prompt.
    fn picked(&mut self, purpose: Purpose, path: PathBuf) {
        match purpose {
            Purpose::Open => self.open_path(path),
            Purpose::Save => self.save_to(path),
            _ => self.write_pdf(purpose, path),
        }
    }

    fn write_pdf(&mut self, purpose: Purpose, path: PathBuf) {
        let record = self.record.clone();
        let style = self.style;
        let boards = self.print_opts;
        let spawned = self.workers.spawn("scribe-pdf", move || {
            let bytes = match purpose {
                Purpose::BlankBoards => export::blank_boards_pdf(boards),
                _ => export::game_pdf(&record, style),
            };
            let result = bytes
                .map_err(|e| format!("{e:#}"))
                .and_then(|b| files::write(&path, &b));
            Done::Written(path, result)
        });
        if let Err(e) = spawned {
            self.set_error(format!("Cannot write the PDF: {e}"));
        }
    }

    /// Handles finished jobs.
    pub(super) fn poll(&mut self) {
        while let Some(done) = self.workers.try_recv() {
            match done {
                Done::Picked(_, Ok(None)) => self.save_then_replace = false,
                Done::Picked(purpose, Ok(Some(path))) => self.picked(purpose, path),
                Done::Picked(purpose, Err(no_dialog)) => {
                    self.set_error(format!(
                        "{}: type the file's path instead.",
                        capitalized(&no_dialog.to_string())
                    ));
                    let start = self
                        .path
                        .as_ref()
                        .and_then(|p| p.parent().map(PathBuf::from))
                        .or_else(dirs::home_dir)
                        .unwrap_or_default();
                    self.prompt = Some(PathPrompt::new(
                        purpose,
                        start.join(suggested_name(purpose)),
                    ));
                }
                Done::Loaded(path, Ok(record)) => {
                    let message = format!("Opened {}.", path.display());
                    self.replace_game(Replacement {
                        record,
                        // Save writes RON: never over a move-list file.
                        path: is_ron(&path).then_some(path),
                        style: None,
                        message,
                    });
                }
                Done::Loaded(_, Err(e)) => {
                    self.set_error(format!(
                        "Could not open the game (the current game is kept): {e}"
                    ));
                }
                Done::Written(path, Ok(())) => {
                    self.set_info(format!("Saved {}.", path.display()));
                    if is_ron(&path) {
                        self.path = Some(path);
                        self.dirty = false;
                        if self.save_then_replace {
                            self.confirmed(super::actions::Choice::Discard);
                        }
                    }
                }
                Done::Written(_, Err(e)) => {
                    self.save_then_replace = false;
                    self.set_error(format!("Could not save: {e}"));
                }
                Done::Puzzles(Ok(puzzles)) => {
                    if matches!(self.mode, Mode::PuzzlesComing) {
                        self.mode = Mode::Puzzles(PuzzleSession::new(puzzles));
                        self.set_info(
                            "Find the only move that reaches the goal; click it on the board."
                                .to_string(),
                        );
                    }
                }
                Done::Puzzles(Err(e)) => {
                    if matches!(self.mode, Mode::PuzzlesComing) {
                        self.mode = Mode::Play;
                    }
                    self.set_error(format!("No puzzles: {e}."));
                }
                Done::Hint(generation, sq) => {
                    self.hinting = false;
                    if generation != self.generation {
                        continue;
                    }
                    self.hint = sq;
                    if let Some(sq) = sq {
                        self.set_info(format!(
                            "Hint: {} could play {sq}.",
                            self.who(self.record.game.position().to_move())
                        ));
                    }
                }
                Done::ComputerMove(generation, sq, searched) => {
                    if generation != self.generation {
                        continue; // the game changed meanwhile
                    }
                    self.thinking = false;
                    let pos = *self.record.game.position();
                    if let (Some(_), Some((started, frame))) =
                        (self.timing, self.think_started.take())
                    {
                        eprintln!(
                            "computer move {} ({}): {} ms (search {} ms, {} frames; frame {})",
                            pos.moves_played() + 1,
                            sq.map_or_else(|| "none".to_string(), |s| s.to_string()),
                            started.elapsed().as_millis(),
                            searched.as_millis(),
                            self.frames - frame,
                            self.frames
                        );
                    }
                    let Some(sq) = sq else { continue };
                    match self.record.play(sq, Utc::now()) {
                        Ok(()) => {
                            let who = self.who(pos.to_move());
                            self.after_change();
                            self.set_info(format!("{who} played {sq}."));
                        }
                        Err(e) => {
                            self.set_error(format!("The computer tried an illegal move: {e}"));
                        }
                    }
                }
            }
        }
    }

    /// Makes six puzzles of medium difficulty on a worker thread, seeded by
    /// the clock so each visit brings new ones.
    fn start_puzzles(&mut self) {
        self.view = None;
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_secs());
        let variant = self.record.variant;
        let spawned = self.workers.spawn("scribe-puzzles", move || {
            let config =
                crate::ai::PuzzleConfig::new(6, seed, variant, crate::ai::Difficulty::Medium);
            let stop = AtomicBool::new(false);
            Done::Puzzles(
                crate::ai::generate_puzzles(&config, &stop, |_| {}).map_err(|e| e.to_string()),
            )
        });
        match spawned {
            Ok(()) => {
                self.mode = Mode::PuzzlesComing;
                self.set_info("Making puzzles: a few seconds…".to_string());
            }
            Err(e) => self.set_error(format!("Cannot make puzzles: {e}")),
        }
    }

    /// Starts reviewing the game on a worker thread (the default setting:
    /// a few seconds for a whole game).
    fn start_review(&mut self, ctx: &egui::Context) {
        if self.review_task.is_some() || self.record.game.moves().is_empty() {
            return;
        }
        let config = crate::ai::review::ReviewConfig::default();
        match super::review::ReviewTask::spawn(
            ctx,
            self.generation,
            &self.record,
            self.record.variant,
            config,
            1,
        ) {
            Ok(task) => {
                self.review_task = Some(task);
                self.set_info("Reviewing the game…".to_string());
            }
            Err(e) => self.set_error(format!("The review cannot start: {e}")),
        }
    }

    /// Takes a finished review: kept with the game (and so in its save file).
    pub(super) fn poll_review(&mut self) {
        let Some(result) = self.review_task.as_ref().and_then(|t| t.poll()) else {
            return;
        };
        let generation = self.review_task.take().map_or(0, |t| t.generation);
        if generation != self.generation {
            return;
        }
        match result {
            Ok(review) => {
                self.record.review = Some(Box::new(review));
                self.reviewed = self.record.review_of_game().ok().flatten();
                self.saver.save(store::CURRENT, self.record.to_ron());
                self.dirty = true;
                let marked = self.reviewed.as_ref().map_or(0, |r| {
                    (1..=r.moves.len())
                        .filter(|&n| !super::review::annotation(r, n).is_empty())
                        .count()
                });
                self.set_info(format!(
                    "Review done: {marked} moves marked ?!, ? or ??. Click a move or the graph to see the better move in pencil."
                ));
            }
            Err(e) => self.set_error(format!("No review: {e}.")),
        }
    }

    /// Asks the computer, on a worker thread, which move it would play for
    /// the human to move.
    fn start_hint(&mut self) {
        let pos = *self.record.game.position();
        if self.hinting || pos.is_over() || self.view.is_some() || !matches!(self.mode, Mode::Play)
        {
            return;
        }
        let Some(provider) = self.provider.clone() else {
            return;
        };
        let (game, variant, generation) = (
            self.record.game.clone(),
            self.record.variant,
            self.generation,
        );
        let stop = Arc::clone(&self.stop);
        let spawned = self.workers.spawn("scribe-hint", move || {
            Done::Hint(generation, provider.hint(&game, variant, &stop))
        });
        match spawned {
            Ok(()) => self.hinting = true,
            Err(e) => self.set_error(format!("The computer cannot start: {e}")),
        }
    }

    /// Asks the computer for a move when it is its turn; in a demo, only
    /// `demo_delay` seconds after the last move, and while not paused (or
    /// one move at a time with Step).
    pub(super) fn maybe_start_computer(&mut self, ctx: &egui::Context) {
        if !matches!(self.mode, Mode::Play) {
            return;
        }
        if self.is_demo() {
            if self.demo_paused && !self.demo_step {
                return;
            }
            let wait = self.last_move_at + f64::from(self.demo_delay) - ctx.input(|i| i.time);
            if wait > 0.0 && !self.demo_step {
                ctx.request_repaint_after(std::time::Duration::from_secs_f64(wait));
                return;
            }
        }
        let pos = *self.record.game.position();
        if self.thinking
            || self.view.is_some()
            || pos.is_over()
            || self.form.is_some()
            || self.confirm.is_some()
        {
            return;
        }
        let PlayerKind::Computer(level) = self.record.players[pos.to_move()].kind else {
            return;
        };
        let Some(provider) = self.provider.clone() else {
            return;
        };
        let game = self.record.game.clone();
        let variant = self.record.variant;
        let generation = self.generation;
        self.stop = Arc::new(AtomicBool::new(false));
        let stop = Arc::clone(&self.stop);
        let spawned = self.workers.spawn("scribe-computer", move || {
            let started = std::time::Instant::now();
            let sq = provider.choose_move(&game, variant, level, &stop);
            Done::ComputerMove(generation, sq, started.elapsed())
        });
        match spawned {
            Ok(()) => {
                self.thinking = true;
                self.demo_step = false;
                // timed from the move before, so the frames drawn since count too
                let began = self.turn_began.unwrap_or_else(std::time::Instant::now);
                self.think_started = Some((began, self.frames));
            }
            Err(e) => self.set_error(format!("The computer cannot start: {e}")),
        }
    }
}

/// Why a move is refused, in the marks the player chose and naming the mini
/// grid as the heading does.
pub(super) fn refusal(reason: IllegalReason, style: MarkStyle) -> String {
    match reason {
        IllegalReason::WrongGrid { player, required } => format!(
            "{} must play in the {} mini grid ({})",
            style.symbol(player),
            required.position_name(),
            required.span()
        ),
        IllegalReason::Occupied(p) => {
            format!("the square is already taken by {}", style.symbol(p))
        }
        IllegalReason::GameOver => reason.to_string(),
    }
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
