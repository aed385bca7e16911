//! The reducer: every change to the app's state, from what the player asks
//! for ([`Action`]) and from what the jobs bring back ([`Done`]). Actions go
//! to the mode in front ([`ScribeApp::with_front`]): the game (the play
//! mode, at the back) or the mode before it ([`super::modes`]). The game's
//! own actions ([`Action::Game`]) and its jobs' answers go to the play mode
//! ([`ScribeApp::with_game`]), which plays every move by one path. What is
//! left here is the window's: its windows, the files (open, save, ask
//! before replacing an unfinished game, the library's copy), the settings,
//! and carrying out a mode's [`Reply`]: after each change to the game, the
//! game in progress is written to the data folder.
//!
//! `done.rs`: the files' jobs (file dialogs, PDFs, open and save) and
//! handing every mode's job answer to its mode.

mod done;

use crate::action::NewGameForm;
use crate::action::{Action, Choice, ModeKind, PlayAction, Purpose, Window};
use crate::jobs;
use crate::modes::play::{PlayMode, Replacement};
use crate::modes::{
    GumMode, LearnMode, LibraryMode, Mode, OnlineMode, PuzzleMode, RefereeMode, Reply,
    ScribbageMode,
};
use crate::state::ScribeApp;
use crate::store;
use crate::widgets::ink::MarkStyle;
use scribe_record::PlayerInfo;
use scribe_rules::{ByPlayer, Square, Variant};
use std::path::{Path, PathBuf};

impl ScribeApp {
    /// Applies one action.
    pub(crate) fn apply(&mut self, action: Action, ctx: &egui::Context) {
        if let Some(why) = crate::platform::unavailable(&action) {
            self.set_info(why.to_string());
            return;
        }
        // the game's own items (their menu entries are greyed, but a
        // shortcut can still ask) never reach past the mode in front; the
        // computer's Move now does (the game plays on behind)
        let games_own = match &action {
            Action::Save | Action::SaveAs | Action::GamePdf => true,
            Action::Game(a) => *a != PlayAction::MoveNow,
            _ => false,
        };
        if games_own && !self.playing() {
            let name = self.front().name();
            self.set_error(format!(
                "{name}: that is for your game; press \"Back to my game\" first."
            ));
            return;
        }
        match action {
            Action::NewGame => {
                // a companion's own new game (Scribbage's set-up), else Scribe's
                let (kind, style) = (self.front_kind(), self.settings.style);
                match self.front_mut().own_new_game(style) {
                    Some(reply) => self.reply(kind, reply),
                    None => {
                        self.windows.form = Some(NewGameForm::from_record(
                            self.play.game.record(),
                            self.settings.style,
                        ));
                    }
                }
            }
            Action::Open => self.ask_for_path(Purpose::Open),
            Action::Save => match self.play.game.path().cloned() {
                Some(path) => self.save_to(path),
                None => self.ask_for_path(Purpose::Save),
            },
            Action::SaveAs => self.ask_for_path(Purpose::Save),
            Action::Undo => self.with_front(|mode, style| mode.undo(style)),
            Action::Redo => self.with_front(|mode, style| mode.redo(style)),
            Action::Rules => {
                // a companion's own rules page, else the Scribe rules
                let (kind, style) = (self.front_kind(), self.settings.style);
                match self.front_mut().own_rules(style) {
                    Some(reply) => self.reply(kind, reply),
                    None => self.windows.rules = true,
                }
            }
            Action::Shortcuts => self.windows.shortcuts = true,
            Action::About => self.windows.about = true,
            Action::Game(action) => self.with_game(|play, _| play.act_game(action)),
            Action::BlankBoards => self.windows.printing = Some(self.print_opts),
            Action::GumSheet => self.ask_for_path(Purpose::GumSheet),
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
            Action::ScanPhoto => self.ask_for_path(Purpose::ScanPhoto),
            Action::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
            Action::Zoom { board: true, step } => {
                let z = self.settings.board_zoom() + 0.25 * f32::from(step);
                let zoom = if step == 0 {
                    1.0
                } else {
                    z.clamp(1.0, store::MAX_BOARD_ZOOM)
                };
                self.change_settings(|s| s.board_zoom = zoom);
            }
            Action::Zoom { board: false, step } => {
                let z = ctx.zoom_factor() + 0.1 * f32::from(step);
                ctx.set_zoom_factor(if step == 0 { 1.0 } else { z.clamp(0.5, 3.0) });
            }
            Action::Play(sq) => self.with_front(|mode, style| mode.choose(sq, style)),
            Action::Entry(text) => self.entry = text,
            Action::EnterSquare => self.enter_square(ctx),
            Action::Form(form) => {
                if self.windows.form.is_some() {
                    self.windows.form = Some(form);
                }
            }
            Action::StartGame => {
                if let Some(form) = self.windows.form.take() {
                    let players = form.players();
                    self.replace_game(Replacement::new_game(
                        form.variant,
                        players,
                        Some(form.style),
                    ));
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
                        self.play.save_then_replace = false;
                        // the prompt's reason goes with it (it stayed, red)
                        if self.status.text == done::no_dialog_message(jobs::NoDialog) {
                            self.set_info(String::new());
                        }
                    }
                    Window::Rules => w.rules = false,
                    Window::Shortcuts => w.shortcuts = false,
                    Window::About => w.about = false,
                }
            }
            Action::Enter(kind) => self.open_mode(kind, ctx),
            Action::CourseOffer(learn) => {
                self.course_answered();
                if learn {
                    self.open_course();
                } else {
                    self.set_info("Help → Learn to play opens the course at any time.".to_string());
                }
            }
            Action::Mode(action) => {
                // only to the mode it is for
                if self.front_kind() == action.kind() {
                    self.with_front(|mode, style| mode.act(action, style));
                }
                self.keep_course_step();
            }
            Action::BackToPlay => {
                let course = self.course_step().is_some();
                let kept = self.front().kept().then(|| self.front().name());
                self.leave_front();
                self.set_info(match (course, kept) {
                    (true, _) => {
                        "Back to the game. Help → Learn to play resumes the course.".to_string()
                    }
                    (false, Some(name)) => {
                        format!(
                            "Back to the game. More games → {name}… returns to it as you left it."
                        )
                    }
                    _ => "Back to the game.".to_string(),
                });
            }
        }
    }

    /// A mode's menu item: that mode in front. A companion game kept aside
    /// comes back as it was left, and its menu item never replaces it.
    fn open_mode(&mut self, kind: ModeKind, ctx: &egui::Context) {
        if self.front_kind() == kind && self.front().kept() {
            return;
        }
        if self.kept.iter().any(|m| m.kind() == kind) {
            self.bring_back(kind);
            return;
        }
        match kind {
            // the game is always there, behind
            ModeKind::Play => self.leave_front(),
            ModeKind::Referee => {
                let variant = self.play.game.record().variant;
                self.enter(Box::new(RefereeMode::new(variant)));
                self.set_info(
                    "Copy the paper board: click a square to cycle empty, first player, second player."
                        .to_string(),
                );
            }
            ModeKind::Puzzles => {
                let (mode, reply) = PuzzleMode::new(
                    self.play.game.record().variant,
                    scribe_ai::Difficulty::Medium,
                );
                self.enter(Box::new(mode));
                self.reply(kind, reply);
            }
            ModeKind::Scribbage => {
                // SCRIBE_SEED (and tests) fix the rolls; else each visit differs
                let seed = self.roll_seed.unwrap_or_else(|| {
                    web_time::SystemTime::now()
                        .duration_since(web_time::UNIX_EPOCH)
                        .map_or(1, |d| d.as_secs())
                });
                self.enter(Box::new(ScribbageMode::new(seed)));
                self.set_info(
                    "Scribbage: choose the players, the timer and the end, then Start. Your game waits."
                        .to_string(),
                );
            }
            ModeKind::Learn => self.open_course(),
            ModeKind::Library => {
                let dir = self.saver.dir().map(|d| d.join("library"));
                let (mode, reply) = LibraryMode::new(dir);
                self.enter(Box::new(mode));
                self.reply(kind, reply);
            }
            ModeKind::Online => self.play_online(ctx, None),
            ModeKind::Gum => {
                let seed = web_time::SystemTime::now()
                    .duration_since(web_time::UNIX_EPOCH)
                    .map_or(1, |d| d.as_nanos() as u64);
                self.enter(Box::new(GumMode::new(seed)));
                self.set_info(
                    "Scribbly Gum: the mother moth for players on paper, a score helper, or solo on screen. Your game waits."
                        .to_string(),
                );
            }
        }
    }

    /// The one way to change the mode in front (another mode, or the
    /// game): runs `f` on it and carries out its reply (its jobs tagged
    /// with its kind).
    pub(crate) fn with_front(&mut self, f: impl FnOnce(&mut dyn Mode, MarkStyle) -> Reply) {
        let style = self.settings.style;
        let mode = self.front_mut();
        let kind = mode.kind();
        let reply = f(mode, style);
        self.reply(kind, reply);
    }

    /// The one way to change the game at the back, in front or not: runs
    /// `f` on the play mode and carries out its reply (its jobs tagged
    /// [`ModeKind::Play`]).
    pub(crate) fn with_game(&mut self, f: impl FnOnce(&mut PlayMode, MarkStyle) -> Reply) {
        let style = self.settings.style;
        let reply = f(&mut self.play, style);
        self.reply(ModeKind::Play, reply);
    }

    /// The mode in front, to change (see [`ScribeApp::front`]).
    fn front_mut(&mut self) -> &mut dyn Mode {
        match &mut self.ahead {
            Some(mode) => mode.as_mut(),
            None => &mut self.play,
        }
    }

    /// Game → Play online…: the online mode in front (opening the game
    /// `game`, from `SCRIBE_OPEN=online:ID`).
    pub(crate) fn play_online(&mut self, ctx: &egui::Context, game: Option<String>) {
        let tokens = self.saver.dir().map(|d| d.join(scribe_online::TOKENS_FILE));
        let library = self.shelf.dir().map(Path::to_path_buf);
        let (mut mode, reply) = OnlineMode::new(ctx, tokens, library, self.online_server.clone());
        if let Some(id) = game {
            mode.open(id);
        }
        self.enter(Box::new(mode));
        self.reply(ModeKind::Online, reply);
    }

    /// Help → Learn to play: the course in front, at the step it was left.
    fn open_course(&mut self) {
        self.course_answered();
        let mode = LearnMode::resume(self.settings.learn);
        let n = mode.course_step().unwrap_or(0) + 1;
        self.enter(Box::new(mode));
        self.set_info(format!(
            "Learn to play: step {n} of {}. Your game waits; Back to my game returns to it.",
            crate::modes::learn::LearnSession::len()
        ));
    }

    /// The offer was answered, or the course opened: never offer it again.
    fn course_answered(&mut self) {
        self.learn_offer = false;
        self.change_settings(|s| s.learn.offered = true);
    }

    /// Keeps the course's step in the settings file, to resume it there.
    fn keep_course_step(&mut self) {
        if let Some(step) = self.course_step() {
            self.change_settings(|s| s.learn.step = step);
        }
    }

    /// Puts `mode` in front of the game (the one there is kept, if it asks
    /// to be: [`Mode::kept`]).
    pub(crate) fn enter(&mut self, mode: Box<dyn Mode>) {
        self.play.step_aside();
        self.entry.clear();
        self.leave_front();
        self.ahead = Some(mode);
    }

    /// The mode in front leaves: its jobs are stopped (their answers are
    /// no longer wanted); it is kept aside if it asks to be (a companion
    /// game under way: [`Mode::resume`] starts again what it needs),
    /// dropped otherwise.
    fn leave_front(&mut self) {
        if let Some(mode) = self.ahead.take() {
            self.jobs.stop_mode(mode.kind());
            if mode.kept() {
                self.kept.retain(|m| m.kind() != mode.kind());
                self.kept.push(mode);
            }
        }
    }

    /// A kept mode back in front, as it was left.
    fn bring_back(&mut self, kind: ModeKind) {
        let Some(i) = self.kept.iter().position(|m| m.kind() == kind) else {
            return;
        };
        let mut mode = self.kept.remove(i);
        let reply = mode.resume(self.settings.style);
        self.enter(mode);
        self.set_info(format!(
            "Back to {}, as you left it. Your game waits.",
            kind.name()
        ));
        self.reply(kind, reply);
    }

    /// Carries out what the mode of kind `from` asked for.
    fn reply(&mut self, from: ModeKind, reply: Reply) {
        if let Some(status) = reply.status {
            self.status = status;
        }
        // the game's jobs for the old position stop before a new one starts
        if reply.changed {
            self.keep_game();
            if self.play.game.record().is_over() {
                self.shelve();
            }
        }
        if reply.rewrite {
            let text = self.play.game.record().to_ron();
            // kept with the library's copy: Open in review shows it at once
            if let Some(file) = &self.play.library_file {
                self.shelf.save(file, text.clone());
            }
            self.saver.save(store::CURRENT, text);
        }
        if let Some(job) = reply.job
            && let Err(e) = self.jobs.spawn_mode(from, job)
        {
            self.set_error(format!("Cannot start the work: {e}"));
            self.with_mode(from, |mode| mode.job_failed());
        }
        if reply.hurry {
            self.jobs.hurry_mode(from);
        }
        if let Some(r) = reply.replace {
            self.replace_game(r);
        }
        if reply.played {
            self.entry.clear();
        }
        if let Some(purpose) = reply.ask {
            self.ask_for_path(purpose);
        }
        for (file, text) in reply.keep {
            self.shelf.save(&file, text);
        }
        if let Some(record) = reply.game {
            // a finished online game joins the library, keyed by server and id
            if let Some((server, id)) = &reply.online
                && record.is_over()
            {
                self.shelf.save(
                    &scribe_library::online_file_name(server, id),
                    record.to_ron(),
                );
            }
            let (x, o) = (
                record.name(scribe_rules::Player::X),
                record.name(scribe_rules::Player::O),
            );
            let message = match (from, record.is_over()) {
                (ModeKind::Library, true) => format!(
                    "{x} against {o}, from the library, is on the board; the engine reviews it."
                ),
                (ModeKind::Library, false) => {
                    format!("{x} against {o}, from the library: the game goes on.")
                }
                _ => format!(
                    "The online game {x} against {o} is on the board: Review and Export as PDF work as for any game."
                ),
            };
            let review = from == ModeKind::Library && record.is_over() && record.review.is_none();
            self.replace_game(Replacement {
                record,
                path: None,
                style: None,
                next: if from == ModeKind::Library {
                    "open the game from the library".to_string()
                } else {
                    "open the online game".to_string()
                },
                message,
                review,
                library_file: reply.library_file.clone(),
            });
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
        self.install(Replacement::new_game(variant, players, Some(style)));
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
        // a game saved in progress is in the library too, as "in progress"
        self.shelve();
        let text = self.play.game.record().to_ron();
        let job = jobs::write_with(path, move || Ok(text.into_bytes()));
        if let Err(e) = self.jobs.spawn("scribe-save", job) {
            self.set_error(format!("Cannot save: {e}"));
        }
    }

    /// Puts `r` on the board, or asks first when the game would be lost.
    fn replace_game(&mut self, r: Replacement) {
        // the new game comes to the front
        self.leave_front();
        if self.play.game.needs_asking() {
            self.play.confirm = Some(r);
        } else {
            self.install(r);
        }
    }

    fn install(&mut self, r: Replacement) {
        if let Some(style) = r.style {
            self.change_settings(|s| s.style = style);
        }
        self.leave_front();
        let reply = self.play.install(r);
        // written before the reply's review starts (writing stops the
        // game's jobs for the old game)
        self.keep_game();
        self.reply(ModeKind::Play, reply);
    }

    fn confirmed(&mut self, choice: Choice) {
        match choice {
            Choice::Cancel => {
                self.play.confirm = None;
                self.play.save_then_replace = false;
            }
            Choice::Discard => {
                if let Some(r) = self.play.confirm.take() {
                    self.install(r);
                }
            }
            Choice::SaveFirst => {
                self.play.save_then_replace = true;
                match self.play.game.path().cloned() {
                    Some(path) => self.save_to(path),
                    None => self.ask_for_path(Purpose::Save),
                }
            }
        }
    }

    /// The game changed: its jobs for the old position (the computer's
    /// search, Hint) are stopped, and it is written to the data folder.
    /// Keeps the game in the library (`library/` in the data folder), an
    /// ordinary save file named by its start and players, so the same game
    /// kept again (in progress, then finished) is one file. The index sees
    /// the new file at the library's next open.
    pub(crate) fn shelve(&mut self) {
        let record = self.play.game.record();
        if record.game.moves().is_empty() {
            return;
        }
        let name =
            (self.play.library_file.clone()).unwrap_or_else(|| scribe_library::file_name(record));
        self.shelf.save(&name, record.to_ron());
    }

    fn keep_game(&mut self) {
        self.jobs.stop_mode(ModeKind::Play);
        self.saver
            .save(store::CURRENT, self.play.game.record().to_ron());
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
}
