//! The play mode: the game being played, always at the back of the window
//! — its session ([`session::GameSession`], egui-free and unit-tested), the
//! computer that plays a side and answers Hint, a computer-against-computer
//! demo, the review under way, and a game waiting to replace it. It is a
//! [`Mode`] like the others: when no other mode is in front of it, it is
//! the mode in front, and the board's squares, Undo and Redo, the panels
//! and the keys are its own. Its own actions ([`PlayAction`], carried by
//! `Action::Game`) are taken by [`PlayMode::act_game`]. Its jobs — the
//! computer's move, Hint, the review ([`PlayDone`]) — are started here,
//! tagged [`ModeKind::Play`], stopped when the game changes or is
//! replaced, and their answers come back to [`Mode::job_done`]. A move is
//! played by one path, [`PlayMode::play`], whoever plays it: a person on
//! the board, or the computer's answer. The app keeps the window, the
//! files and the settings: it writes the game when a [`Reply`] says it
//! changed. Its views: `view.rs` (the headings, the
//! panel, the demo's tools, the keys), `moves.rs` (the move list) and
//! `summary.rs` (the end-of-game summary).

mod moves;
pub mod session;
mod summary;
mod view;

use super::{History, Middle, Mode, ModeKind, Reply, Shown, Status};
use crate::action::{Action, ModeAction, PlayAction};
use crate::computer::{MoveProvider, MoveTask};
use crate::jobs::{Job, ReviewTask};
use crate::words::refusal;
use chrono::Utc;
use scribe_ai::Level;
use scribe_record::{GameRecord, MarkStyle, PlayerKind};
use scribe_rules::{Glyph, IllegalReason, Player, Square};
use session::{GameSession, Refused};
use std::path::PathBuf;
use std::sync::Arc;

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
    /// How thoroughly the engine reviews (quicker in tests).
    pub(crate) review_config: scribe_ai::review::ReviewConfig,
    /// The library's file the game on the board was opened from: its
    /// review and its continuation are kept in that file, so the library
    /// holds one copy, reviewed once.
    pub(crate) library_file: Option<String>,
    pub(crate) demo: Demo,
    /// When the last move was played (egui time), to space out the demo.
    pub(crate) last_move_at: f64,
    /// The computer opponent (`None`: none built in).
    pub(crate) provider: Option<Arc<dyn MoveProvider>>,
    /// The computer is thinking (a job of this mode: [`PlayMode::computer_job`]).
    pub(crate) thinking: bool,
    /// A Hint search is under way (a job of this mode: [`PlayMode::hint_job`]).
    pub(crate) hinting: bool,
    /// When the computer's turn began and the frame count then, while it
    /// thinks: for `SCRIBE_TIMING`.
    pub(crate) think_started: Option<(web_time::Instant, u64)>,
    /// `SCRIBE_TIMING`: each computer move's time is printed on stderr.
    pub(crate) timing: bool,
    /// When the last move was played, undone or redone.
    pub(crate) turn_began: Option<web_time::Instant>,
    /// The legend's glyph under the pointer, whose occurrences the board
    /// washes green.
    pub(crate) glyph: Option<Glyph>,
    /// The window's context: its clock, the board's flash.
    ctx: egui::Context,
}

impl PlayMode {
    /// A new game against `provider` (if any), in the window of `ctx`.
    pub(crate) fn new(ctx: egui::Context, provider: Option<Arc<dyn MoveProvider>>) -> PlayMode {
        PlayMode {
            game: GameSession::default(),
            summary_open: false,
            confirm: None,
            review_config: scribe_ai::review::ReviewConfig::default(),
            library_file: None,
            save_then_replace: false,
            review_at_start: false,
            review_task: None,
            demo: Demo::default(),
            last_move_at: 0.0,
            provider,
            thinking: false,
            hinting: false,
            think_started: None,
            timing: false,
            turn_began: None,
            glyph: None,
            ctx,
        }
    }

    /// A player of the game, as text (see [`scribe_record::who`]).
    pub(crate) fn who(&self, p: Player, style: MarkStyle) -> String {
        scribe_record::who(self.game.record(), style, p)
    }

    /// Whether the computer plays `p`. Without a computer opponent built
    /// in, a side saved as a computer player is played by hand.
    pub(crate) fn is_computer(&self, p: Player) -> bool {
        self.provider.is_some()
            && matches!(self.game.record().players[p].kind, PlayerKind::Computer(_))
    }

    /// Whether both sides are played by the computer (a demo).
    pub(crate) fn is_demo(&self) -> bool {
        self.is_computer(Player::X) && self.is_computer(Player::O)
    }

    /// After every change to the game: drops what belonged to the old
    /// position (the review, the computer's search, Hint). The app then
    /// stops this mode's jobs and keeps the game in the data folder
    /// ([`Reply::changed`]).
    pub(crate) fn changed(&mut self) {
        // a review belongs to the moves it was made for
        if let Some(task) = self.review_task.take() {
            task.cancel();
        }
        self.last_move_at = self.ctx.input(|i| i.time);
        self.turn_began = Some(web_time::Instant::now());
        self.thinking = false;
        self.hinting = false;
        self.summary_open = self.game.record().is_over();
    }

    /// Another mode comes in front: the game waits as it stands (not at an
    /// earlier position, no glyph washed).
    pub(crate) fn step_aside(&mut self) {
        self.game.set_view(None);
        self.glyph = None;
    }

    /// Hint as a job: the square the computer suggests to the player to
    /// move, for the game as it stands ([`PlayDone::Hint`]).
    pub(crate) fn hint_job(&self) -> Option<Job> {
        let provider = self.provider.clone()?;
        let record = self.game.record();
        let (game, variant) = (record.game.clone(), record.variant);
        let generation = self.game.generation();
        if let Some(engine) = provider.as_engine() {
            let task = MoveTask::new(engine, &game, variant, Level::Medium, true);
            return Some(Job::task(task, move |out| {
                PlayDone::Hint(generation, MoveTask::square(&out))
            }));
        }
        Some(Job::new("scribe-hint", move |stop| {
            PlayDone::Hint(generation, provider.hint(&game, variant, stop))
        }))
    }

    /// The computer's move at strength `level` as a job
    /// ([`PlayDone::Computer`]).
    pub(crate) fn computer_job(&self, level: Level) -> Option<Job> {
        let provider = self.provider.clone()?;
        let record = self.game.record();
        let (game, variant) = (record.game.clone(), record.variant);
        let generation = self.game.generation();
        if let Some(engine) = provider.as_engine() {
            let task = MoveTask::new(engine, &game, variant, level, false);
            return Some(Job::task(task, move |out| {
                let took = std::time::Duration::from_millis(out.1);
                PlayDone::Computer(generation, MoveTask::square(&out), took)
            }));
        }
        Some(Job::new("scribe-computer", move |stop| {
            let started = web_time::Instant::now();
            let sq = provider.choose_move(&game, variant, level, stop);
            PlayDone::Computer(generation, sq, started.elapsed())
        }))
    }

    /// The game changed: the reply saying so, with its status line.
    fn change(&mut self, status: Status) -> Reply {
        self.changed();
        Reply {
            status: Some(status),
            changed: true,
            ..Reply::default()
        }
    }

    /// Plays `sq` for the player to move — the one path of every move:
    /// a person's (`by` [`Mover::Person`]: refused on the computer's turn or
    /// while an earlier position is looked at) or the computer's answer
    /// (played on the game itself, even while an earlier position is being
    /// looked at). Refused: the status line says why.
    pub(crate) fn play(&mut self, sq: Square, by: Mover, style: MarkStyle) -> Reply {
        let pos = *self.game.record().game.position();
        let over = self.game.record().is_over();
        if by == Mover::Computer {
            self.game.set_view(None);
        } else if self.game.view().is_none() && !over && self.is_computer(pos.to_move()) {
            return Reply::status(Status::error("Wait: it is the computer's turn."));
        }
        let refused = match self.game.play(sq, Utc::now()) {
            Ok(mover) => {
                let who = self.who(mover, style);
                let mut reply = self.change(Status::info(format!("{who} played {sq}.")));
                // a person's move starts the Square field afresh; the
                // computer's leaves what is being typed
                reply.played = by == Mover::Person;
                return reply;
            }
            Err(e) if by == Mover::Computer => {
                format!("The computer tried an illegal move: {e:?}")
            }
            Err(Refused::Looking(n)) => format!(
                "You are looking at the board after move {n}: press \"Back to the game\" to play."
            ),
            Err(Refused::Ended(end)) => {
                let loser = self.who(end.loser(), style);
                format!(
                    "The game is over: {}. Undo (Ctrl+Z) takes that back, or start a new game.",
                    end.describe(&loser)
                )
            }
            Err(Refused::Illegal(e)) => {
                // a move refused for its mini grid: that mini grid flashes
                if let IllegalReason::WrongGrid { required, .. } = e.reason {
                    crate::widgets::board::flash_grid(&self.ctx, required);
                }
                format!("{sq} is not allowed: {}.", refusal(e.reason, style))
            }
        };
        Reply::status(Status::error(refused))
    }

    /// Whether Hint can be asked of the game on the board — the one rule
    /// of the toolbar's button, the Edit menu's item and Ctrl+H (with the
    /// game in front): a computer built in, the game not over and shown as
    /// it stands (not an earlier position), a person to move (never during
    /// the computer's turn), and no Hint already on its way.
    pub(crate) fn can_hint(&self) -> bool {
        let record = self.game.record();
        self.provider.is_some()
            && !record.is_over()
            && self.game.view().is_none()
            && !self.is_computer(record.game.position().to_move())
            && !self.hinting
    }

    /// One of the game's own actions (the app refuses all but
    /// [`PlayAction::MoveNow`] while another mode is in front).
    pub(crate) fn act_game(&mut self, action: PlayAction) -> Reply {
        match action {
            PlayAction::Hint => {
                if !self.can_hint() {
                    return Reply::default();
                }
                let Some(job) = self.hint_job() else {
                    return Reply::default();
                };
                self.hinting = true;
                Reply {
                    job: Some(job),
                    ..Reply::default()
                }
            }
            PlayAction::MoveNow => Reply {
                hurry: self.thinking,
                ..Reply::default()
            },
            PlayAction::Result => {
                self.game.set_view(None);
                self.summary_open = true;
                Reply::default()
            }
            PlayAction::View(n) => {
                self.game.set_view(n);
                Reply::default()
            }
            PlayAction::Glyph(g) => {
                self.glyph = g;
                Reply::default()
            }
            PlayAction::PlayAgain { swap } => {
                let mut players = self.game.record().players.clone();
                if swap {
                    std::mem::swap(&mut players.x, &mut players.o);
                }
                let variant = self.game.record().variant;
                Reply {
                    replace: Some(Replacement::new_game(variant, players, None)),
                    ..Reply::default()
                }
            }
            PlayAction::CloseSummary => {
                self.summary_open = false;
                Reply::default()
            }
            PlayAction::DemoPause(paused) => {
                self.demo.paused = paused;
                Reply::default()
            }
            PlayAction::DemoStep => {
                self.demo.step = true;
                Reply::default()
            }
            PlayAction::DemoDelay(ms) => {
                self.demo.delay = ms.min(5000) as f32 / 1000.0;
                Reply::default()
            }
            PlayAction::Review => self.start_review(),
            PlayAction::CancelReview => match self.review_task.take() {
                Some(task) => {
                    task.cancel();
                    Reply::status(Status::info("The review was cancelled."))
                }
                None => Reply::default(),
            },
        }
    }

    /// Reviews the game as a job (the default setting: a few seconds for
    /// a whole game); its progress bar is in the move list.
    pub(crate) fn start_review(&mut self) -> Reply {
        let record = self.game.record();
        if self.review_task.is_some() || record.game.moves().is_empty() {
            return Reply::default();
        }
        let (task, job) = ReviewTask::new(
            self.game.generation(),
            record,
            record.variant,
            self.review_config,
            1,
            PlayDone::Review,
        );
        self.review_task = Some(task);
        Reply {
            job: Some(job),
            ..Reply::status(Status::info("Reviewing the game…"))
        }
    }

    /// The computer's move when it is its turn, as a job; in a demo, only
    /// `demo.delay` seconds after the last move, and while not paused (or
    /// one move at a time with Step). Nothing while a replacement waits for
    /// its answer, or while an earlier position is looked at.
    pub(crate) fn computer_turn(&mut self) -> Reply {
        if self.is_demo() {
            if self.demo.paused && !self.demo.step {
                return Reply::default();
            }
            let wait = self.last_move_at + f64::from(self.demo.delay) - self.ctx.input(|i| i.time);
            if wait > 0.0 && !self.demo.step {
                self.ctx
                    .request_repaint_after(std::time::Duration::from_secs_f64(wait));
                return Reply::default();
            }
        }
        let record = self.game.record();
        if self.thinking || self.game.view().is_some() || record.is_over() || self.confirm.is_some()
        {
            return Reply::default();
        }
        let PlayerKind::Computer(level) = record.players[record.game.position().to_move()].kind
        else {
            return Reply::default();
        };
        let Some(job) = self.computer_job(level) else {
            return Reply::default();
        };
        self.thinking = true;
        self.demo.step = false;
        // timed from the move before, so the frames drawn since count too
        let began = self.turn_began.unwrap_or_else(web_time::Instant::now);
        self.think_started = Some((began, self.ctx.cumulative_frame_nr()));
        Reply {
            job: Some(job),
            ..Reply::default()
        }
    }

    /// The computer chose `sq` for the game in state `generation`: played
    /// as any move is.
    fn computer_moved(
        &mut self,
        generation: u64,
        sq: Option<Square>,
        searched: std::time::Duration,
        style: MarkStyle,
    ) -> Reply {
        if generation != self.game.generation() {
            return Reply::default(); // the game changed meanwhile
        }
        self.thinking = false;
        if let (true, Some((started, frame))) = (self.timing, self.think_started.take()) {
            let frames = self.ctx.cumulative_frame_nr();
            eprintln!(
                "computer move {} ({}): {} ms (search {} ms, {} frames; frame {frames})",
                self.game.record().game.position().moves_played() + 1,
                sq.map_or_else(|| "none".to_string(), |s| s.to_string()),
                started.elapsed().as_millis(),
                searched.as_millis(),
                frames - frame,
            );
        }
        match sq {
            Some(sq) => self.play(sq, Mover::Computer, style),
            None => Reply::default(),
        }
    }

    /// Takes a finished review: kept with the game, and so written again
    /// with it ([`Reply::rewrite`]).
    fn review_done(&mut self, generation: u64, result: crate::jobs::ReviewResult) -> Reply {
        self.review_task = None;
        match result {
            Ok(review) => {
                if !self.game.attach_review(generation, review) {
                    return Reply::default();
                }
                let marked = self.game.reviewed().map_or(0, |r| {
                    (1..=r.moves.len())
                        .filter(|&n| !crate::widgets::review::annotation(r, n).is_empty())
                        .count()
                });
                Reply {
                    rewrite: true,
                    ..Reply::status(Status::info(format!(
                        "Review done: {} marked ?!, ? or ??. Click a move or the graph to see the better move in pencil.",
                        scribe_record::counted(marked as u64, "move", "moves")
                    )))
                }
            }
            Err(e) if generation == self.game.generation() => {
                Reply::status(Status::error(format!("No review: {e}.")))
            }
            Err(_) => Reply::default(),
        }
    }

    /// Puts `r` on the board (the app has asked first if it had to, and
    /// writes it to the data folder; not to the library: a game opened is
    /// already kept where it came from, and a new one has no move yet). A
    /// finished game from the library is reviewed.
    pub(crate) fn install(&mut self, r: Replacement) -> Reply {
        self.game.replace(r.record, r.path);
        self.library_file = r.library_file;
        self.confirm = None;
        self.save_then_replace = false;
        self.demo = Demo {
            delay: self.demo.delay,
            ..Demo::default()
        };
        self.changed();
        let mut reply = Reply::status(Status::info(r.message));
        reply.played = true;
        // a finished game from the library opens in the engine's review,
        // whether or not the player was asked first
        if r.review {
            let review = self.start_review();
            reply.job = review.job;
        }
        reply
    }
}

/// Who plays a move ([`PlayMode::play`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mover {
    /// A person: a click, the keyboard, the Square field.
    Person,
    /// The computer's answer to its turn.
    Computer,
}

impl Mode for PlayMode {
    fn kind(&self) -> ModeKind {
        ModeKind::Play
    }

    fn title(&self) -> String {
        match self.game.path() {
            Some(p) => format!(
                "{} - Scribe Desk",
                p.file_name().unwrap_or_default().to_string_lossy()
            ),
            None => "Scribe Desk".to_string(),
        }
    }

    fn middle(&self, style: MarkStyle) -> Middle {
        let (heading, heading_ink) = view::turn_line(self, style);
        let game = &self.game;
        let view = game.view();
        // A reviewed move with a better one: the position it was played in,
        // with the better move in pencil; otherwise the board after the move.
        let better = view.and_then(|n| {
            game.reviewed()
                .and_then(|r| crate::widgets::review::better_move(r, n))
        });
        let shown = match (view, better) {
            (Some(n), Some(_)) => n - 1,
            _ => game.shown(),
        };
        let record = game.record();
        let pos = *record.game.position();
        Middle::Board(Shown {
            heading,
            detail: view::score_line(self, style),
            position: record.game.position_at(shown),
            // the live Hint, or the review's better move
            hint: if view.is_none() { game.hint() } else { better },
            live: view.is_none() && (record.is_over() || !self.is_computer(pos.to_move())),
            scores: true,
            // an earlier position, looked at, shows where its mover had to play
            guidance: view.is_some() || !record.is_over(),
            heading_ink,
            glyph: self.glyph,
            // beside the better move, the move that was played
            played: better.and(view).map(|n| record.game.moves()[n - 1]),
            busy: self.thinking,
            outline: None,
            check: Vec::new(),
        })
    }

    fn choose(&mut self, sq: Square, style: MarkStyle) -> Reply {
        self.play(sq, Mover::Person, style)
    }

    fn history(&self) -> Option<History> {
        Some(History {
            undo: self.game.can_undo(),
            redo: self.game.can_redo(),
        })
    }

    fn undo(&mut self, _style: MarkStyle) -> Reply {
        let computer = [self.is_computer(Player::X), self.is_computer(Player::O)];
        let taken = self.game.undo(|p| computer[p.index()]);
        let text = match taken.as_slice() {
            [] => return Reply::status(Status::error("Nothing to undo.")),
            [theirs, mine] => format!("Took back your {mine} and the computer's reply {theirs}."),
            _ => format!("Took back {}.", taken[0]),
        };
        self.change(Status::info(text))
    }

    fn redo(&mut self, _style: MarkStyle) -> Reply {
        let Some(sq) = self.game.redo(Utc::now()) else {
            return Reply::status(Status::error("Nothing to redo."));
        };
        self.change(Status::info(format!("Played {sq} again.")))
    }

    fn panel(&self, ui: &mut egui::Ui, style: MarkStyle, out: &mut Vec<Action>) {
        view::panel(self, ui, style, out);
    }

    fn contents(&self, ui: &mut egui::Ui, style: MarkStyle, out: &mut Vec<Action>) -> bool {
        moves::move_list(self, ui, style, out);
        true
    }

    fn tools(&self, ui: &mut egui::Ui, out: &mut Vec<Action>) {
        if self.is_demo() && !self.game.record().is_over() {
            view::demo_controls(self, ui, out);
        }
    }

    fn keys(&self, ui: &egui::Ui, out: &mut Vec<Action>) {
        view::keys(self, ui, out);
    }

    fn act(&mut self, action: ModeAction, _style: MarkStyle) -> Reply {
        // the game's actions are plain values (the shortcut table names
        // them) and come as `Action::Game`; one wrapped as a mode's is the same
        match action.take::<PlayAction>() {
            Some(action) => self.act_game(action),
            None => Reply::default(),
        }
    }

    fn job_done(&mut self, result: Box<dyn std::any::Any + Send>, style: MarkStyle) -> Reply {
        let Ok(answer) = result.downcast::<PlayDone>() else {
            return Reply::default();
        };
        match *answer {
            PlayDone::Hint(generation, sq) => {
                self.hinting = false;
                match sq {
                    _ if !self.game.set_hint(generation, sq) => Reply::default(),
                    Some(sq) => {
                        let mover = self.game.record().game.position().to_move();
                        let who = self.who(mover, style);
                        Reply::status(Status::info(format!("Hint: {who} could play {sq}.")))
                    }
                    None => Reply::default(),
                }
            }
            PlayDone::Computer(generation, sq, searched) => {
                self.computer_moved(generation, sq, searched, style)
            }
            PlayDone::Review(generation, result) => self.review_done(generation, result),
        }
    }

    fn job_failed(&mut self) {
        self.thinking = false;
        self.hinting = false;
        self.review_task = None;
    }
}

/// What the game's jobs bring back, tagged [`ModeKind::Play`]: stopped
/// when the game changes or is replaced (their answers are dropped).
pub(crate) enum PlayDone {
    /// The computer chose a move for the game in state `generation` (and
    /// how long the search itself took).
    Computer(u64, Option<Square>, std::time::Duration),
    /// Hint: the computer suggests a move for the game in state `generation`.
    Hint(u64, Option<Square>),
    /// The review of the game in state `generation`.
    Review(u64, crate::jobs::ReviewResult),
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
    /// The engine's review starts once it is on the board (a finished game
    /// opened from the library), after the question too.
    pub(crate) review: bool,
    /// The library's file it came from (see [`PlayMode::library_file`]).
    pub(crate) library_file: Option<String>,
}

impl Replacement {
    /// A new game of `variant` between `players`. People with no name of
    /// their own are named by the marks of the side they now play; the
    /// computer is "Computer" (the library and the PDF add its level).
    pub(crate) fn new_game(
        variant: scribe_rules::Variant,
        mut players: scribe_rules::ByPlayer<scribe_record::PlayerInfo>,
        style: Option<MarkStyle>,
    ) -> Replacement {
        for p in Player::ALL {
            if scribe_record::is_default_name(&players[p].name) {
                players[p].name = match players[p].kind {
                    PlayerKind::Computer(_) => "Computer".to_string(),
                    PlayerKind::Human => p.letter().to_string(),
                };
            }
        }
        Replacement {
            record: GameRecord::new(variant, players),
            path: None,
            style,
            next: format!("a new {} game", variant.name()),
            message: format!("New {} game.", variant.name()),
            review: false,
            library_file: None,
        }
    }
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

#[cfg(test)]
mod tests;
