//! The application: its state and the order of one frame. Panels and windows
//! draw from the state and return [`Action`]s; every change to the state goes
//! through [`ScribeApp::apply`] and the job results in `actions.rs`.

use super::actions::{Action, Replacement};
use super::computer::MoveProvider;
use super::dev::{DevOptions, Screenshot};
use super::files::{Purpose, Workers};
use super::ink::MarkStyle;
use super::signals::Quit;
use super::store::{self, Found, Saver, Settings};
use super::windows::{NewGameForm, PathPrompt};
use super::{panels, windows};
use crate::record::{GameRecord, PlayerKind};
use crate::rules::{Glyph, Player, Square};
use egui::Ui;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How the app starts: where it keeps the game in progress, a file to open.
#[derive(Debug, Clone, Default)]
pub struct StartOptions {
    /// The data folder (see [`super::store`]); `None` keeps nothing between
    /// runs (tests, demonstrations).
    pub data_dir: Option<PathBuf>,
    /// A game to open at the start (`scribe FILE`).
    pub file: Option<PathBuf>,
    /// Development switches.
    pub dev: DevOptions,
}

/// What the board is for: the game, copying a paper board to score it, or
/// puzzles. The game in progress stays as it is in the other modes.
#[derive(Debug, Default)]
pub(super) enum Mode {
    /// Playing the game.
    #[default]
    Play,
    /// Game → Score a paper board…: clicks cycle empty → first → second.
    Referee(super::referee::Referee),
    /// Game → Puzzles: being made on a worker.
    PuzzlesComing,
    /// Game → Puzzles: one at a time.
    Puzzles(super::puzzle::PuzzleSession),
    /// learn: Help → Learn to play, the course (no Undo: the game waits).
    Learn(super::learn::LearnSession),
}

/// The status line: the last thing that happened, or why a move was refused.
#[derive(Debug, Clone, Default)]
pub(super) struct Status {
    pub(super) text: String,
    pub(super) error: bool,
}

/// The Scribe Desk window.
pub struct ScribeApp {
    pub(super) record: GameRecord,
    pub(super) style: MarkStyle,
    /// `Some(n)`: showing the board after the first `n` moves, read-only.
    pub(super) view: Option<usize>,
    pub(super) status: Status,
    /// The Square field's text.
    pub(super) entry: String,
    pub(super) glyph: Option<Glyph>,
    pub(super) form: Option<NewGameForm>,
    pub(super) rules_open: bool,
    pub(super) shortcuts_open: bool,
    pub(super) about_open: bool,
    pub(super) summary_open: bool,
    /// The file the game was last saved to or opened from (RON only).
    pub(super) path: Option<PathBuf>,
    /// The game changed since it was last saved to or opened from a file.
    pub(super) dirty: bool,
    /// A game waiting to replace an unfinished one: the player is asked first.
    pub(super) confirm: Option<Replacement>,
    /// "Save it first" was chosen: the replacement follows a successful save.
    pub(super) save_then_replace: bool,
    /// What the board is for.
    pub(super) mode: Mode,
    /// `SCRIBE_OPEN=review`: review the game once the window is up.
    review_at_start: bool,
    /// A review running on a worker thread.
    pub(super) review_task: Option<super::review::ReviewTask>,
    /// The stored review, unpacked for the graph and the move list (kept in
    /// step with the record by [`ScribeApp::after_change`]).
    pub(super) reviewed: Option<crate::ai::review::GameReview>,
    /// A computer-against-computer demo is paused.
    pub(super) demo_paused: bool,
    /// One move of the paused demo was asked for.
    pub(super) demo_step: bool,
    /// Seconds between the demo's moves.
    pub(super) demo_delay: f32,
    /// When the last move was played (egui time), to space out the demo.
    pub(super) last_move_at: f64,
    /// The Print blank boards window is open with these choices.
    pub(super) printing: Option<super::export::BlankBoards>,
    /// The last choices made there.
    pub(super) print_opts: super::export::BlankBoards,
    /// The built-in path prompt, when no native file dialog can be shown.
    pub(super) prompt: Option<PathPrompt>,
    pub(super) workers: Workers,
    pub(super) provider: Option<Arc<dyn MoveProvider>>,
    /// Bumped on every change to the game, so a stale computer move is dropped.
    pub(super) generation: u64,
    pub(super) thinking: bool,
    /// A Hint search is under way.
    pub(super) hinting: bool,
    /// The square the last Hint suggested, until the game changes.
    pub(super) hint: Option<Square>,
    /// Tells the computer's thread its answer is no longer wanted.
    pub(super) stop: Arc<AtomicBool>,
    /// The data folder's writer (writes nothing when there is no folder).
    pub(super) saver: Saver,
    /// A write to the data folder failed and the player was told.
    pub(super) store_warned: bool,
    /// Settings kept between runs.
    pub(super) settings: Settings,
    /// A terminating signal arrived.
    quit: Quit,
    screenshot: Option<Screenshot>,
    pub(super) frames: u64,
    /// See [`DevOptions::timing`].
    pub(super) timing: Option<std::time::Instant>,
    /// When the computer's turn began (see `turn_began`) and the frame
    /// count then, while it thinks: for `SCRIBE_TIMING`.
    pub(super) think_started: Option<(std::time::Instant, u64)>,
    /// When the last move was played, undone or redone.
    pub(super) turn_began: Option<std::time::Instant>,
    /// The window title last sent.
    title: String,
    /// The window was fitted to the monitor.
    fitted: bool,
    /// Native file dialogs may be tried (tests turn them off).
    pub(super) native_dialogs: bool,
    /// learn: the first start's offer of the course is showing.
    pub(super) learn_offer: bool,
}

/// The smallest window the layout is made for.
pub const MIN_WINDOW: [f32; 2] = [900.0, 600.0];
/// The window's size on a first start, if the monitor has room for it.
pub const DEFAULT_WINDOW: [f32; 2] = [1280.0, 860.0];

impl ScribeApp {
    /// Creates the app with nothing kept between runs (as in tests).
    #[must_use]
    pub fn new(cc: &eframe::CreationContext<'_>) -> ScribeApp {
        ScribeApp::start(cc, StartOptions::default())
    }

    /// Creates the app keeping the game in progress and the settings in `dir`.
    #[must_use]
    pub fn with_data_dir(cc: &eframe::CreationContext<'_>, dir: PathBuf) -> ScribeApp {
        ScribeApp::start(
            cc,
            StartOptions {
                data_dir: Some(dir),
                ..StartOptions::default()
            },
        )
    }

    /// Creates the app: installs the look, restores the game in progress and
    /// the settings from the data folder, then opens `opts.file`, if any.
    #[must_use]
    pub fn start(cc: &eframe::CreationContext<'_>, opts: StartOptions) -> ScribeApp {
        super::install_look(&cc.egui_ctx);
        let ctx = cc.egui_ctx.clone();
        let dev = opts.dev;
        let data_dir = opts.data_dir.filter(|_| !dev.ephemeral());
        let saver = Saver::new(data_dir.clone(), Some(ctx.clone()));
        let mut app = ScribeApp::blank(ctx.clone(), saver.clone());
        let mut complaints = Vec::new();
        if let Some(dir) = &data_dir {
            match store::load_settings(dir) {
                Found::Read(s) => app.settings = s,
                found => {
                    if matches!(found, Found::Damaged { moved_to: None, .. }) {
                        saver.block(store::SETTINGS);
                    }
                    complaints.extend(found.complaint("settings file", &dir.join(store::SETTINGS)));
                }
            }
            match store::load_game(dir) {
                Found::Read(record) => {
                    // not known to be saved anywhere: ask before replacing it
                    app.dirty = record.game.position().moves_played() > 0;
                    app.record = record;
                }
                found => {
                    if matches!(found, Found::Damaged { moved_to: None, .. }) {
                        saver.block(store::CURRENT);
                    }
                    complaints
                        .extend(found.complaint("game in progress", &dir.join(store::CURRENT)));
                }
            }
            match signals_listen(&ctx, &saver) {
                Ok(quit) => app.quit = quit,
                Err(e) => complaints.push(e),
            }
        }
        app.style = app.settings.style;
        if let Some(zoom) = app.settings.sane_zoom() {
            ctx.set_zoom_factor(zoom);
        }
        app.path = app.settings.path.clone();
        if let Some(moves) = &dev.moves {
            app.path = None;
            match super::dev::demo_game(moves) {
                Ok(game) => app.record = GameRecord::from_game(game),
                Err(e) => complaints.push(format!("SCRIBE_MOVES: {e}")),
            }
        }
        app.timing = dev.timing;
        if let Some(seed) = dev.seed {
            app.provider = Some(Arc::new(super::computer::Engine { seed: Some(seed) }));
        }
        if let Some(level) = dev.demo {
            let computer = |name: &str| crate::record::PlayerInfo {
                name: name.to_string(),
                kind: PlayerKind::Computer(level),
            };
            app.record.players = crate::rules::ByPlayer {
                x: computer("Computer one"),
                o: computer("Computer two"),
            };
            app.demo_delay = 0.0;
        }
        if let Some(style) = dev.style {
            app.style = style;
        }
        if let Some(path) = dev.screenshot {
            app.screenshot = Some(Screenshot::new(path, dev.pointer));
        }
        match dev.open.as_deref() {
            Some("rules") => app.rules_open = true,
            Some("new-game") => app.form = Some(NewGameForm::from_record(&app.record, app.style)),
            Some("shortcuts") => app.shortcuts_open = true,
            Some("about") => app.about_open = true,
            Some("review") => app.review_at_start = true,
            Some("referee") => {
                app.mode = Mode::Referee(super::referee::Referee::from_position(
                    app.record.game.position(),
                ));
            }
            _ => {}
        }
        // learn: offered once, to a newcomer
        app.offer_course_at_start(opts.file.is_some());
        if let Some(step) = dev.open.as_deref().and_then(|o| o.strip_prefix("learn")) {
            app.settings.learn.step = step.trim_start_matches(':').parse().unwrap_or(1).max(1) - 1;
            app.apply_learn(super::learn::LearnAction::Open);
        }
        app.summary_open = app.record.game.position().is_over();
        app.reviewed = app.record.review_of_game().ok().flatten();
        if !complaints.is_empty() {
            app.set_error(complaints.join(" "));
        }
        if let Some(file) = opts.file {
            app.open_path(file);
        }
        app
    }

    fn blank(ctx: egui::Context, saver: Saver) -> ScribeApp {
        ScribeApp {
            record: GameRecord::default(),
            style: MarkStyle::default(),
            view: None,
            status: Status::default(),
            entry: String::new(),
            glyph: None,
            form: None,
            rules_open: false,
            shortcuts_open: false,
            about_open: false,
            summary_open: false,
            path: None,
            dirty: false,
            confirm: None,
            save_then_replace: false,
            mode: Mode::Play,
            review_at_start: false,
            review_task: None,
            reviewed: None,
            demo_paused: false,
            demo_step: false,
            demo_delay: 0.6,
            last_move_at: 0.0,
            printing: None,
            print_opts: super::export::BlankBoards::default(),
            prompt: None,
            workers: Workers::new(ctx),
            provider: super::computer::engine(),
            generation: 0,
            thinking: false,
            hinting: false,
            hint: None,
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
        }
    }

    /// Replaces the computer opponent (tests use a simple one).
    #[must_use]
    pub fn with_move_provider(mut self, provider: Option<Arc<dyn MoveProvider>>) -> ScribeApp {
        self.provider = provider;
        self
    }

    /// Never tries a native file dialog: the built-in path prompt is used,
    /// as on a desktop with none (tests).
    #[must_use]
    pub fn without_native_dialogs(mut self) -> ScribeApp {
        self.native_dialogs = false;
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
        matches!(self.mode, Mode::Referee(_))
    }

    /// Whether a review of the game is under way.
    #[must_use]
    pub fn reviewing(&self) -> bool {
        self.review_task.is_some()
    }

    /// The game on the board.
    #[must_use]
    pub fn record(&self) -> &GameRecord {
        &self.record
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
        self.workers.busy() || self.review_task.is_some()
    }

    /// Waits (at most `limit`) until the game in progress is on disk; true if it is.
    pub fn flush(&self, limit: Duration) -> bool {
        self.saver.flush(limit)
    }

    pub(super) fn set_error(&mut self, text: String) {
        self.status = Status { text, error: true };
    }

    pub(super) fn set_info(&mut self, text: String) {
        self.status = Status { text, error: false };
    }

    pub(super) fn who(&self, p: Player) -> String {
        who(&self.record, self.style, p)
    }

    /// Whether both sides are played by the computer (a demo).
    pub(super) fn is_demo(&self) -> bool {
        self.is_computer(Player::X) && self.is_computer(Player::O)
    }

    /// Whether the computer plays `p`. Without a computer opponent built in,
    /// a side saved as a computer player is played by hand.
    pub(super) fn is_computer(&self, p: Player) -> bool {
        self.provider.is_some() && matches!(self.record.players[p].kind, PlayerKind::Computer(_))
    }

    /// Keeps the window title naming the open file.
    fn update_title(&mut self, ctx: &egui::Context) {
        let title = match &self.path {
            Some(p) => format!(
                "{} - Scribe Desk",
                p.file_name().unwrap_or_default().to_string_lossy()
            ),
            None => "Scribe Desk".to_string(),
        };
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }

    /// On the first frames: a window larger than its monitor (a first start
    /// on a small laptop, or a size stored on a larger screen) is maximized,
    /// which a window manager fits to the work area, panels excluded.
    fn fit_to_monitor(&mut self, ctx: &egui::Context) {
        if self.fitted || self.screenshot.is_some() {
            return;
        }
        let (monitor, inner) = ctx.input(|i| (i.viewport().monitor_size, i.viewport().inner_rect));
        let (Some(monitor), Some(inner)) = (monitor, inner) else {
            if self.frames > 10 {
                self.fitted = true;
            }
            return;
        };
        self.fitted = true;
        // room for a title bar and a panel
        if inner.width() > monitor.x - 16.0 || inner.height() > monitor.y - 64.0 {
            ctx.send_viewport_cmd(egui::ViewportCommand::Maximized(true));
        }
    }

    /// Shows the data folder's write errors once, until a write succeeds.
    fn report_store_errors(&mut self) {
        let errors = self.saver.take_errors();
        if let Some(e) = errors.last()
            && !self.store_warned
        {
            self.store_warned = true;
            self.set_error(format!(
                "The game in progress cannot be kept between runs: {e}. Play on, and use Save as to keep it."
            ));
        }
    }

    /// Remembers the window size and the look for the next start.
    fn keep_settings(&mut self, ctx: &egui::Context) {
        let size = ctx.input(|i| {
            let v = i.viewport();
            if v.maximized == Some(true) || v.fullscreen == Some(true) {
                None
            } else {
                v.inner_rect.map(|r| [r.width(), r.height()])
            }
        });
        let mut next = self.settings.clone();
        next.style = self.style;
        next.path.clone_from(&self.path);
        next.zoom = ctx.zoom_factor();
        if size.is_some() {
            next.window = size;
        }
        if next != self.settings {
            self.settings = next;
            self.saver.save(store::SETTINGS, self.settings.to_ron());
        }
    }
}

fn signals_listen(ctx: &egui::Context, saver: &Saver) -> Result<Quit, String> {
    super::signals::listen(ctx.clone(), saver.clone())
}

impl eframe::App for ScribeApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        self.frames += 1;
        if self.frames == 2
            && let Some(started) = self.timing
        {
            // the first frame has been painted and presented by now
            eprintln!("first frame after {} ms", started.elapsed().as_millis());
        } else if self.frames == 1 && self.timing.is_some() {
            ctx.request_repaint();
        }
        if self.quit.requested() {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
        self.fit_to_monitor(&ctx);
        self.poll();
        // a reply that has just arrived may make it the other computer's turn:
        // start it before drawing, so that the board knows a search is on
        self.maybe_start_computer(&ctx);
        self.poll_review();
        self.report_store_errors();
        let mut actions = Vec::new();
        if std::mem::take(&mut self.review_at_start) {
            actions.push(Action::Review);
        }
        panels::shortcuts(self, ui, &mut actions);

        egui::Panel::top("menu").show(ui, |ui| panels::menu_bar(self, ui, &mut actions));
        egui::Panel::top("toolbar").show(ui, |ui| {
            ui.add_space(4.0);
            panels::toolbar(self, ui, &mut actions);
            ui.add_space(2.0);
        });
        egui::Panel::bottom("status").show(ui, |ui| panels::status_line(self, ui));
        // learn: the course's text needs a wider panel
        let left = if self.learning() { 340.0 } else { 236.0 };
        egui::Panel::left("legend")
            .resizable(false)
            .exact_size(left)
            .show(ui, |ui| {
                if self.learning() {
                    self.glyph = None;
                    super::learn::panel(self, ui, &mut actions);
                } else if !matches!(self.mode, Mode::Play) {
                    self.glyph = None;
                    windows::mode_panel(self, ui, &mut actions);
                } else if self.summary_open && self.view.is_none() {
                    self.glyph = None;
                    let choice = windows::summary_panel(ui, &self.record, self.style);
                    actions.extend(choice.map(|c| match c {
                        windows::SummaryChoice::PlayAgain => Action::PlayAgain { swap: false },
                        windows::SummaryChoice::SwapSides => Action::PlayAgain { swap: true },
                        windows::SummaryChoice::Export => Action::GamePdf,
                        windows::SummaryChoice::Review => Action::Review,
                        windows::SummaryChoice::Close => Action::CloseSummary,
                    }));
                } else {
                    ui.label(egui::RichText::new("Glyphs").size(20.0));
                    ui.label(
                        egui::RichText::new("hover one to find it on the board")
                            .color(super::ink::FAINT),
                    );
                    self.glyph = super::legend::show(ui);
                }
            });
        // The board and the move list share the middle, the board first so
        // that Tab reaches it before the move list.
        egui::CentralPanel::default()
            .frame(egui::Frame::new())
            .show(ui, |ui| {
                let all = ui.max_rect();
                let list_width = 210.0;
                let (board_rect, list_rect) = all.split_left_right_at_x(all.right() - list_width);
                ui.painter()
                    .rect_filled(list_rect, 0.0, ui.visuals().panel_fill);
                ui.painter().vline(
                    list_rect.left(),
                    list_rect.y_range(),
                    ui.visuals().widgets.noninteractive.bg_stroke,
                );
                ui.scope_builder(
                    egui::UiBuilder::new().max_rect(board_rect.shrink(8.0)),
                    |ui| panels::board(self, ui, &mut actions),
                );
                ui.scope_builder(
                    egui::UiBuilder::new().max_rect(list_rect.shrink2(egui::vec2(8.0, 6.0))),
                    |ui| {
                        if self.learning() {
                            super::learn::contents(self, ui, &mut actions);
                        } else {
                            panels::move_list(self, ui, &mut actions);
                        }
                    },
                );
            });

        windows::show(self, &ctx, &mut actions);
        super::learn::offer(self, &ctx, &mut actions);
        for action in actions {
            self.apply(action, &ctx);
        }
        self.maybe_start_computer(&ctx);
        self.update_title(&ctx);
        self.keep_settings(&ctx);
        if let Some(shot) = &mut self.screenshot {
            shot.step(&ctx, self.frames);
        }
    }

    fn clear_color(&self, _visuals: &egui::Visuals) -> [f32; 4] {
        super::ink::MARGIN.to_normalized_gamma_f32()
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        self.stop.store(true, Ordering::Relaxed);
        self.saver.flush(Duration::from_secs(5));
    }

    fn raw_input_hook(&mut self, _ctx: &egui::Context, raw_input: &mut egui::RawInput) {
        if let Some(pos) = self.screenshot.as_ref().and_then(|s| s.pointer) {
            raw_input.events.push(egui::Event::PointerMoved(pos));
        }
    }

    fn persist_egui_memory(&self) -> bool {
        false
    }
}

/// A player as shown in text: "Ann (+)", or "Player +" for an unnamed player.
pub(super) fn who(record: &GameRecord, style: MarkStyle, p: Player) -> String {
    let name = record.name(p).trim();
    let symbol = style.symbol(p);
    if name.is_empty() || name == p.letter().to_string() || name == symbol {
        format!("Player {symbol}")
    } else {
        format!("{name} ({symbol})")
    }
}

pub(super) fn is_ron(path: &std::path::Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("ron"))
}

/// The purpose's suggested file name.
pub(super) fn suggested_name(purpose: Purpose) -> &'static str {
    match purpose {
        Purpose::Open | Purpose::Save => "scribe-game.ron",
        Purpose::BlankBoards => "scribe-blank-boards.pdf",
        Purpose::GamePdf => "scribe-game.pdf",
    }
}
