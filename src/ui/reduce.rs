//! The reducer: every change to the app's state, from what the player asks
//! for ([`Action`]) and from what the jobs bring back ([`Done`]). Actions go
//! to the mode in front: the game (the play mode, at the back) or the mode
//! before it ([`super::modes`]). After each change to the game, the game in
//! progress is written to the data folder.

use super::action::{Action, Choice, Purpose, Window};
use super::export;
use super::forms::{NewGameForm, PathPrompt};
use super::ink::MarkStyle;
use super::jobs::{self, Done, ReviewTask};
use super::modes::{Mode, PuzzleMode, RefereeMode, Reply};
use super::session::Refused;
use super::state::{Replacement, ScribeApp};
use super::store;
use crate::record::{GameRecord, PlayerInfo, PlayerKind};
use crate::rules::{ByPlayer, IllegalReason, Square, Variant};
use chrono::Utc;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

impl ScribeApp {
    /// Applies one action.
    pub(crate) fn apply(&mut self, action: Action, ctx: &egui::Context) {
        match action {
            Action::NewGame => {
                self.windows.form = Some(NewGameForm::from_record(self.game.record(), self.style));
            }
            Action::Open => self.ask_for_path(Purpose::Open),
            Action::Save => match self.game.path().cloned() {
                Some(path) => self.save_to(path),
                None => self.ask_for_path(Purpose::Save),
            },
            Action::SaveAs => self.ask_for_path(Purpose::Save),
            Action::Undo => match &mut self.front {
                Some(mode) => {
                    let reply = mode.undo(self.style);
                    self.reply(reply);
                }
                None => self.undo(),
            },
            Action::Redo => match &mut self.front {
                Some(mode) => {
                    let reply = mode.redo(self.style);
                    self.reply(reply);
                }
                None => self.redo(),
            },
            Action::Rules => self.windows.rules = true,
            Action::Shortcuts => self.windows.shortcuts = true,
            Action::About => self.windows.about = true,
            Action::Hint => self.start_hint(),
            Action::Result => {
                self.game.set_view(None);
                self.summary_open = true;
            }
            Action::BlankBoards => self.windows.printing = Some(self.print_opts),
            Action::Printing(opts) => {
                if self.windows.printing.is_some() {
                    self.windows.printing = Some(opts);
                }
            }
            Action::PrintChosen => {
                if let Some(opts) = self.windows.printing.take() {
                    self.print_opts = opts;
                    self.ask_for_path(Purpose::BlankBoards);
                }
            }
            Action::GamePdf => self.ask_for_path(Purpose::GamePdf),
            Action::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
            Action::Zoom { board: true, step } => {
                let z = self.settings.board_zoom() + 0.25 * f32::from(step);
                self.settings.board_zoom = if step == 0 {
                    1.0
                } else {
                    z.clamp(1.0, store::MAX_BOARD_ZOOM)
                };
            }
            Action::Zoom { board: false, step } => {
                let z = ctx.zoom_factor() + 0.1 * f32::from(step);
                ctx.set_zoom_factor(if step == 0 { 1.0 } else { z.clamp(0.5, 3.0) });
            }
            Action::Play(sq) => match &mut self.front {
                Some(mode) => {
                    let reply = mode.choose(sq, self.style);
                    self.reply(reply);
                }
                None => self.try_play(sq),
            },
            Action::Entry(text) => self.entry = text,
            Action::EnterSquare => self.enter_square(ctx),
            Action::View(n) => self.game.set_view(n),
            Action::Glyph(g) => self.glyph = g,
            Action::Form(form) => {
                if self.windows.form.is_some() {
                    self.windows.form = Some(form);
                }
            }
            Action::StartGame => {
                if let Some(form) = self.windows.form.take() {
                    let players = form.players();
                    self.replace_game(new_game(form.variant, players, Some(form.style)));
                }
            }
            Action::Confirm(choice) => self.confirmed(choice),
            Action::Prompt(prompt) => {
                if self.windows.prompt.is_some() {
                    self.windows.prompt = Some(prompt);
                }
            }
            Action::PathChosen(purpose, path) => {
                self.windows.prompt = None;
                self.picked(purpose, path);
            }
            Action::Close(window) => {
                let w = &mut self.windows;
                match window {
                    Window::NewGame => w.form = None,
                    Window::Print => w.printing = None,
                    Window::Prompt => {
                        w.prompt = None;
                        self.save_then_replace = false;
                    }
                    Window::Rules => w.rules = false,
                    Window::Shortcuts => w.shortcuts = false,
                    Window::About => w.about = false,
                }
            }
            Action::PlayAgain { swap } => {
                let mut players = self.game.record().players.clone();
                if swap {
                    std::mem::swap(&mut players.x, &mut players.o);
                }
                let variant = self.game.record().variant;
                self.replace_game(new_game(variant, players, None));
            }
            Action::CloseSummary => self.summary_open = false,
            Action::DemoPause(paused) => self.demo.paused = paused,
            Action::DemoStep => self.demo.step = true,
            Action::DemoDelay(ms) => self.demo.delay = ms.min(5000) as f32 / 1000.0,
            Action::Review => self.start_review(ctx),
            Action::CancelReview => {
                if let Some(task) = self.review_task.take() {
                    task.cancel();
                    self.set_info("The review was cancelled.".to_string());
                }
            }
            Action::Referee => {
                self.enter(Box::new(RefereeMode::new()));
                self.set_info(
                    "Copy the paper board: click a square to cycle empty, first player, second player."
                        .to_string(),
                );
            }
            Action::Puzzles => {
                let (mode, reply) =
                    PuzzleMode::new(self.game.record().variant, crate::ai::Difficulty::Medium);
                self.enter(Box::new(mode));
                self.reply(reply);
            }
            Action::Mode(action) => {
                if let Some(mode) = &mut self.front {
                    let reply = mode.act(action, self.style);
                    self.reply(reply);
                }
            }
            Action::BackToPlay => {
                self.front = None;
                self.set_info("Back to the game.".to_string());
            }
        }
    }

    /// Puts `mode` in front of the game.
    pub(crate) fn enter(&mut self, mode: Box<dyn Mode>) {
        self.game.set_view(None);
        self.entry.clear();
        self.front = Some(mode);
    }

    /// Carries out what the mode in front asked for.
    fn reply(&mut self, reply: Reply) {
        if let Some(status) = reply.status {
            self.status = status;
        }
        if let Some(job) = reply.job
            && let Err(e) = self.jobs.spawn_mode(job)
        {
            self.set_error(format!("Cannot start the work: {e}"));
        }
        if let Some(purpose) = reply.ask {
            self.ask_for_path(purpose);
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
        self.install(new_game(variant, players, Some(style)));
    }

    /// Reads the game in `path` as a job; when it arrives it replaces the
    /// current game (asking first if that one is unfinished), or, if the file
    /// is bad, the status line says why and the current game is kept. The
    /// Open dialog and `scribe FILE` end here.
    pub fn open_path(&mut self, path: PathBuf) {
        if let Err(e) = self.jobs.spawn("scribe-open", jobs::open(path)) {
            self.set_error(format!("Cannot open: {e}"));
        }
    }

    /// Writes the game to `path` (atomically, as a job). The Save dialog ends here.
    pub fn save_to(&mut self, path: PathBuf) {
        let text = self.game.record().to_ron();
        let job = jobs::write_with(path, move || Ok(text.into_bytes()));
        if let Err(e) = self.jobs.spawn("scribe-save", job) {
            self.set_error(format!("Cannot save: {e}"));
        }
    }

    /// Puts `r` on the board, or asks first when the game would be lost.
    fn replace_game(&mut self, r: Replacement) {
        // the new game comes to the front
        self.front = None;
        if self.game.needs_asking() {
            self.confirm = Some(r);
        } else {
            self.install(r);
        }
    }

    fn install(&mut self, r: Replacement) {
        self.game.replace(r.record, r.path);
        if let Some(style) = r.style {
            self.style = style;
        }
        self.front = None;
        self.confirm = None;
        self.save_then_replace = false;
        self.entry.clear();
        self.demo = super::state::Demo {
            delay: self.demo.delay,
            ..super::state::Demo::default()
        };
        self.after_change();
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
                match self.game.path().cloned() {
                    Some(path) => self.save_to(path),
                    None => self.ask_for_path(Purpose::Save),
                }
            }
        }
    }

    /// After every change to the game: drop what belonged to the old
    /// position and write the game in progress to the data folder.
    pub(crate) fn after_change(&mut self) {
        // a review belongs to the moves it was made for
        if let Some(task) = self.review_task.take() {
            task.cancel();
        }
        self.last_move_at = self.jobs.now();
        self.turn_began = Some(std::time::Instant::now());
        if self.thinking {
            self.stop.store(true, Ordering::Relaxed);
            self.thinking = false;
        }
        self.summary_open = self.game.record().game.position().is_over();
        self.saver.save(store::CURRENT, self.game.record().to_ron());
    }

    /// Plays `sq` for the player to move, or says in the status line why not.
    fn try_play(&mut self, sq: Square) {
        let pos = *self.game.record().game.position();
        if self.game.view().is_none() && !pos.is_over() && self.is_computer(pos.to_move()) {
            self.set_error("Wait: it is the computer's turn.".to_string());
            return;
        }
        match self.game.play(sq, Utc::now()) {
            Ok(mover) => {
                let who = self.who(mover);
                self.after_change();
                self.entry.clear();
                self.set_info(format!("{who} played {sq}."));
            }
            Err(Refused::Looking(n)) => self.set_error(format!(
                "You are looking at the board after move {n}: press \"Back to the game\" to play."
            )),
            Err(Refused::Illegal(e)) => {
                // a move refused for its mini grid: that mini grid flashes
                if let IllegalReason::WrongGrid { required, .. } = e.reason {
                    super::board::flash_grid(&self.jobs.ctx(), required);
                }
                self.set_error(format!(
                    "{sq} is not allowed: {}.",
                    refusal(e.reason, self.style)
                ));
            }
        }
    }

    fn undo(&mut self) {
        let computer: [bool; 2] = [
            self.is_computer(crate::rules::Player::X),
            self.is_computer(crate::rules::Player::O),
        ];
        let taken = self.game.undo(|p| computer[p.index()]);
        if taken.is_empty() {
            self.set_error("Nothing to undo.".to_string());
            return;
        }
        self.after_change();
        let text = match taken.as_slice() {
            [theirs, mine] => format!("Took back your {mine} and the computer's reply {theirs}."),
            _ => format!("Took back {}.", taken[0]),
        };
        self.set_info(text);
    }

    fn redo(&mut self) {
        let Some(sq) = self.game.redo(Utc::now()) else {
            self.set_error("Nothing to redo.".to_string());
            return;
        };
        self.after_change();
        self.set_info(format!("Played {sq} again."));
    }

    /// The Square field: the typed square goes where a click would (the
    /// game, or the mode in front).
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
        let suggested = suggested_name(purpose, self.game.record());
        let job = jobs::file_dialog(purpose, suggested, self.native_dialogs);
        if let Err(e) = self.jobs.spawn("scribe-file-dialog", job) {
            self.set_error(format!("Cannot show the file dialog: {e}"));
        }
    }

    /// A path was chosen, in the native dialog or the built-in prompt.
    fn picked(&mut self, purpose: Purpose, path: PathBuf) {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            self.settings.folder = Some(dir.to_path_buf());
        }
        match purpose {
            Purpose::Open => self.open_path(path),
            Purpose::Save => self.save_to(path),
            _ => self.write_pdf(purpose, path),
        }
    }

    fn write_pdf(&mut self, purpose: Purpose, path: PathBuf) {
        let make: Box<dyn FnOnce() -> anyhow::Result<Vec<u8>> + Send> = match purpose {
            Purpose::BlankBoards => {
                let boards = self.print_opts;
                Box::new(move || export::blank_boards_pdf(boards))
            }
            Purpose::GamePdf => {
                let (record, style) = (self.game.record().clone(), self.style);
                Box::new(move || export::game_pdf(&record, style))
            }
            _ => match self
                .front
                .as_ref()
                .and_then(|m| m.export(purpose, self.style))
            {
                Some(make) => make,
                None => return,
            },
        };
        if let Err(e) = self.jobs.spawn("scribe-pdf", jobs::write_with(path, make)) {
            self.set_error(format!("Cannot write the PDF: {e}"));
        }
    }

    /// Takes the finished jobs.
    pub(crate) fn poll(&mut self) {
        while let Some(done) = self.jobs.try_recv() {
            match done {
                Done::Picked(_, Ok(None)) => self.save_then_replace = false,
                Done::Picked(purpose, Ok(Some(path))) => self.picked(purpose, path),
                Done::Picked(purpose, Err(no_dialog)) => {
                    self.set_error(format!(
                        "{}: type the file's path instead.",
                        capitalized(&no_dialog.to_string())
                    ));
                    let start = self.start_folder();
                    let name = suggested_name(purpose, self.game.record());
                    self.windows.prompt = Some(PathPrompt::new(purpose, start.join(name)));
                }
                Done::Loaded(path, Ok(record)) => {
                    let name = path.file_name().unwrap_or_default().to_string_lossy();
                    let (next, message) = (
                        format!("open {name}"),
                        format!("Opened {}.", path.display()),
                    );
                    self.replace_game(Replacement {
                        record,
                        // Save writes RON: never over a move-list file.
                        path: is_ron(&path).then_some(path),
                        style: None,
                        next,
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
                        self.game.saved(Some(path));
                        if self.save_then_replace {
                            self.confirmed(Choice::Discard);
                        }
                    }
                }
                Done::Written(_, Err(e)) => {
                    self.save_then_replace = false;
                    self.set_error(format!("Could not save: {e}"));
                }
                Done::Mode(result) => {
                    if let Some(mode) = &mut self.front {
                        let reply = mode.job_done(result, self.style);
                        self.reply(reply);
                    }
                }
                Done::Hint(generation, sq) => {
                    self.hinting = false;
                    if self.game.set_hint(generation, sq)
                        && let Some(sq) = sq
                    {
                        self.set_info(format!(
                            "Hint: {} could play {sq}.",
                            self.who(self.game.record().game.position().to_move())
                        ));
                    }
                }
                Done::ComputerMove(generation, sq, searched) => {
                    self.computer_moved(generation, sq, searched);
                }
            }
        }
    }

    fn computer_moved(
        &mut self,
        generation: u64,
        sq: Option<Square>,
        searched: std::time::Duration,
    ) {
        if generation != self.game.generation() {
            return; // the game changed meanwhile
        }
        self.thinking = false;
        let pos = *self.game.record().game.position();
        if let (Some(_), Some((started, frame))) = (self.timing, self.think_started.take()) {
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
        let Some(sq) = sq else { return };
        // the computer plays on the game itself, even while an earlier
        // position is being looked at
        self.game.set_view(None);
        match self.game.play(sq, Utc::now()) {
            Ok(mover) => {
                let who = self.who(mover);
                self.after_change();
                self.set_info(format!("{who} played {sq}."));
            }
            Err(e) => {
                self.set_error(format!("The computer tried an illegal move: {e:?}"));
            }
        }
    }

    /// Where the built-in prompt starts: the folder last used, the folder of
    /// the game's file, or the home folder.
    fn start_folder(&self) -> PathBuf {
        self.settings
            .folder
            .clone()
            .filter(|d| d.is_dir())
            .or_else(|| self.game.path().and_then(|p| p.parent().map(PathBuf::from)))
            .or_else(dirs::home_dir)
            .unwrap_or_default()
    }

    /// Starts reviewing the game as a job (the default setting: a few
    /// seconds for a whole game).
    fn start_review(&mut self, ctx: &egui::Context) {
        let record = self.game.record();
        if self.review_task.is_some() || record.game.moves().is_empty() || self.front.is_some() {
            return;
        }
        let config = crate::ai::review::ReviewConfig::default();
        match ReviewTask::spawn(
            ctx,
            self.game.generation(),
            record,
            record.variant,
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
    pub(crate) fn poll_review(&mut self) {
        let Some(result) = self.review_task.as_ref().and_then(ReviewTask::poll) else {
            return;
        };
        let generation = self.review_task.take().map_or(0, |t| t.generation);
        match result {
            Ok(review) => {
                if !self.game.attach_review(generation, review) {
                    return;
                }
                self.saver.save(store::CURRENT, self.game.record().to_ron());
                let marked = self.game.reviewed().map_or(0, |r| {
                    (1..=r.moves.len())
                        .filter(|&n| !super::review::annotation(r, n).is_empty())
                        .count()
                });
                self.set_info(format!(
                    "Review done: {marked} moves marked ?!, ? or ??. Click a move or the graph to see the better move in pencil."
                ));
            }
            Err(e) => {
                if generation == self.game.generation() {
                    self.set_error(format!("No review: {e}."));
                }
            }
        }
    }

    /// Asks the computer, as a job, which move it would play for the human to move.
    fn start_hint(&mut self) {
        let pos = *self.game.record().game.position();
        if self.hinting || pos.is_over() || self.game.view().is_some() || self.front.is_some() {
            return;
        }
        let Some(provider) = self.provider.clone() else {
            return;
        };
        let record = self.game.record();
        let job = jobs::hint(
            provider,
            record.game.clone(),
            record.variant,
            Arc::clone(&self.stop),
            self.game.generation(),
        );
        match self.jobs.spawn("scribe-hint", job) {
            Ok(()) => self.hinting = true,
            Err(e) => self.set_error(format!("The computer cannot start: {e}")),
        }
    }

    /// Asks the computer for a move when it is its turn; in a demo, only
    /// `demo.delay` seconds after the last move, and while not paused (or
    /// one move at a time with Step). The game plays on behind another mode.
    pub(crate) fn maybe_start_computer(&mut self, ctx: &egui::Context) {
        if self.front.is_some() {
            return;
        }
        if self.is_demo() {
            if self.demo.paused && !self.demo.step {
                return;
            }
            let wait = self.last_move_at + f64::from(self.demo.delay) - ctx.input(|i| i.time);
            if wait > 0.0 && !self.demo.step {
                ctx.request_repaint_after(std::time::Duration::from_secs_f64(wait));
                return;
            }
        }
        let pos = *self.game.record().game.position();
        if self.thinking
            || self.game.view().is_some()
            || pos.is_over()
            || self.windows.form.is_some()
            || self.confirm.is_some()
        {
            return;
        }
        let record = self.game.record();
        let PlayerKind::Computer(level) = record.players[pos.to_move()].kind else {
            return;
        };
        let Some(provider) = self.provider.clone() else {
            return;
        };
        self.stop = Arc::new(AtomicBool::new(false));
        let job = jobs::computer_move(
            provider,
            record.game.clone(),
            record.variant,
            level,
            Arc::clone(&self.stop),
            self.game.generation(),
        );
        match self.jobs.spawn("scribe-computer", job) {
            Ok(()) => {
                self.thinking = true;
                self.demo.step = false;
                // timed from the move before, so the frames drawn since count too
                let began = self.turn_began.unwrap_or_else(std::time::Instant::now);
                self.think_started = Some((began, self.frames));
            }
            Err(e) => self.set_error(format!("The computer cannot start: {e}")),
        }
    }
}

/// A new game of `variant` between `players`. Players with no name of
/// their own are named by the marks of the side they now play.
fn new_game(
    variant: Variant,
    mut players: ByPlayer<PlayerInfo>,
    style: Option<MarkStyle>,
) -> Replacement {
    for p in crate::rules::Player::ALL {
        if crate::record::is_default_name(&players[p].name) {
            players[p].name = p.letter().to_string();
        }
    }
    Replacement {
        record: GameRecord::new(variant, players),
        path: None,
        style,
        next: format!("a new {} game", variant.name()),
        message: format!("New {} game.", variant.name()),
    }
}

/// Why a move is refused, in the marks the player chose and naming the mini
/// grid as the heading does.
pub(crate) fn refusal(reason: IllegalReason, style: MarkStyle) -> String {
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

pub(crate) fn is_ron(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("ron"))
}

/// A file name for `purpose`: for the game, made from the players and the
/// date ("ann-vs-computer-2026-11-23.ron").
pub(crate) fn suggested_name(purpose: Purpose, record: &GameRecord) -> String {
    let stem = || {
        let part = |p: crate::rules::Player| {
            let name = record.players[p].name.trim();
            let name = if crate::record::is_default_name(name) {
                match p {
                    crate::rules::Player::X => "first",
                    crate::rules::Player::O => "second",
                }
            } else {
                name
            };
            let slug: String = name
                .chars()
                .map(|c| {
                    if c.is_alphanumeric() {
                        c.to_ascii_lowercase()
                    } else {
                        '-'
                    }
                })
                .collect();
            let slug = slug
                .split('-')
                .filter(|s| !s.is_empty())
                .collect::<Vec<_>>();
            let slug = slug.join("-");
            slug.chars().take(24).collect::<String>()
        };
        let date = record
            .started
            .unwrap_or_else(Utc::now)
            .format("%Y-%m-%d")
            .to_string();
        format!(
            "scribe-{}-vs-{}-{date}",
            part(crate::rules::Player::X),
            part(crate::rules::Player::O)
        )
    };
    match purpose {
        Purpose::Open => String::new(),
        Purpose::Save => format!("{}.ron", stem()),
        Purpose::GamePdf => format!("{}.pdf", stem()),
        Purpose::BlankBoards => "scribe-blank-boards.pdf".to_string(),
        Purpose::PuzzleBook => "scribe-puzzles.pdf".to_string(),
    }
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggested_names_come_from_the_players_and_the_date() {
        let mut record = GameRecord::new(
            Variant::Majority,
            ByPlayer {
                x: PlayerInfo::human("Ann Lee"),
                o: PlayerInfo::human("O"),
            },
        );
        record.started = chrono::DateTime::parse_from_rfc3339("2026-11-23T10:00:00Z")
            .ok()
            .map(|d| d.with_timezone(&Utc));
        assert_eq!(
            suggested_name(Purpose::Save, &record),
            "scribe-ann-lee-vs-second-2026-11-23.ron"
        );
        assert_eq!(
            suggested_name(Purpose::GamePdf, &record),
            "scribe-ann-lee-vs-second-2026-11-23.pdf"
        );
    }
}
