//! The application: how it starts and the order of one frame. Views draw
//! from the state ([`super::state`]) and return [`Action`]s; the reducer
//! (`reduce/`) applies them after the views, then the jobs' results.

use super::action::NewGameForm;
use super::action::{Action, ModeKind, PlayAction};
use super::dev::{DevOptions, Screenshot};
use super::modes::play::session::GameSession;
use super::signals::Quit;
use super::state::ScribeApp;
use super::store::{self, Found, Saver};
use super::{panels, windows};
use egui::Ui;
use scribe_record::{GameRecord, PlayerKind};
use std::path::PathBuf;
use std::sync::Arc;
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

/// Below this width (points) the layout is a phone's: the board above,
/// the side panel under it, no move list (the browser app on a phone).
const NARROW: f32 = 700.0;

/// The smallest window the layout is made for: a little under a 900x600
/// screen, so that a window manager can fit the window, its title bar and
/// borders there (with 900x600 inside, the bottom 20 points, the status
/// line, fell off such a screen).
pub const MIN_WINDOW: [f32; 2] = [860.0, 560.0];
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
                    if let Some(note) = &record.review_note {
                        complaints.push(format!("The game in progress was kept; {note}."));
                    }
                    // saved in its file as it is: nothing to lose; otherwise
                    // ask before replacing it
                    let path = app.settings.path.clone();
                    let same = path.as_deref().is_some_and(|p| {
                        super::jobs::read_game(p).is_ok_and(|saved| {
                            saved.game.moves() == record.game.moves()
                                && saved.players == record.players
                                && saved.variant == record.variant
                        })
                    });
                    app.play.game = if same {
                        GameSession::new(record, path)
                    } else {
                        GameSession::unsaved(record, path)
                    };
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
        app.restoring_maximized = app.settings.maximized;
        if let Some(zoom) = app.settings.sane_zoom() {
            ctx.set_zoom_factor(zoom);
        }
        if let Some(moves) = &dev.moves {
            match super::dev::demo_game(moves) {
                Ok(game) => app.play.game = GameSession::new(GameRecord::from_game(game), None),
                Err(e) => complaints.push(format!("SCRIBE_MOVES: {e}")),
            }
        }
        app.timing = dev.timing;
        app.play.timing = dev.timing.is_some();
        app.online_server.clone_from(&dev.server);
        app.roll_seed = dev.seed;
        if let Some(seed) = dev.seed {
            app.play.provider = Some(Arc::new(super::computer::Engine { seed: Some(seed) }));
        }
        if let Some(level) = dev.demo {
            let computer = |name: &str| scribe_record::PlayerInfo {
                name: name.to_string(),
                kind: PlayerKind::Computer(level),
            };
            let mut record = app.play.game.record().clone();
            record.players = scribe_rules::ByPlayer {
                x: computer("Computer one"),
                o: computer("Computer two"),
            };
            app.play.game = GameSession::new(record, None);
            app.play.demo.delay = 0.0;
        }
        if let Some(style) = dev.style {
            app.settings.style = style;
        }
        if let Some(path) = dev.screenshot {
            app.screenshot = Some(Screenshot::new(path, dev.pointer));
        }
        match dev.open.as_deref() {
            Some("rules") => app.windows.rules = true,
            Some("new-game") => {
                app.windows.form = Some(NewGameForm::from_record(
                    app.play.game.record(),
                    app.settings.style,
                ));
            }
            Some("shortcuts") => app.windows.shortcuts = true,
            Some("scribbage") => app.apply(Action::Enter(ModeKind::Scribbage), &ctx),
            Some("library") => app.apply(Action::Enter(ModeKind::Library), &ctx),
            Some("library-stats") => {
                app.apply(Action::Enter(ModeKind::Library), &ctx);
                app.apply(
                    crate::modes::library::act(crate::modes::library::LibraryAction::Page(
                        crate::modes::library::session::Page::Stats,
                    )),
                    &ctx,
                );
            }
            Some("about") => app.windows.about = true,
            Some("review") => app.play.review_at_start = true,
            Some(o) if o == "online" || o.starts_with("online:") => {
                let game = o.strip_prefix("online:").map(str::to_string);
                app.play_online(&ctx, game);
            }
            Some("referee") => {
                let record = app.play.game.record();
                let (position, variant) = (*record.game.position(), record.variant);
                app.enter(Box::new(super::modes::RefereeMode::from_position(
                    &position, variant,
                )));
            }
            _ => {}
        }
        // offered once, to a newcomer
        app.offer_course_at_start(opts.file.is_some());
        if let Some(step) = dev.open.as_deref().and_then(|o| o.strip_prefix("learn")) {
            app.settings.learn.step = step.trim_start_matches(':').parse().unwrap_or(1).max(1) - 1;
            app.apply(Action::Enter(ModeKind::Learn), &ctx);
        }
        app.play.summary_open = app.play.game.record().is_over();
        if !complaints.is_empty() {
            app.set_error(complaints.join(" "));
        }
        if let Some(file) = opts.file {
            app.open_path(file);
        }
        app
    }

    /// Keeps the window title naming the mode in front (Scribbage, Play
    /// online…; the game: its file).
    fn update_title(&mut self, ctx: &egui::Context) {
        let title = self.front().title();
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

    /// A window kept maximized is maximized again: the builder's hint is
    /// not enough for every window manager (openbox maps the window at its
    /// stored size and reports it not maximized), so the window is asked
    /// again on the first frames, until it says it is maximized.
    fn restore_maximized(&mut self, ctx: &egui::Context) {
        if !self.restoring_maximized {
            return;
        }
        let (maximized, time) = ctx.input(|i| (i.viewport().maximized, i.time));
        if maximized == Some(true) || time > RESTORE_SECONDS {
            self.restoring_maximized = false;
        } else if maximized == Some(false) {
            ctx.send_viewport_cmd(egui::ViewportCommand::Maximized(true));
            // the answer comes as an event, but a window manager may drop it
            ctx.request_repaint_after(Duration::from_millis(100));
        }
    }

    /// Remembers what the window manager and the game decide — the window's
    /// size, whether it is maximized, the zoom, the game's file — for the
    /// next start. The settings change (and their file is written, by
    /// [`ScribeApp::change_settings`]) only when one of them did.
    fn keep_settings(&mut self, ctx: &egui::Context) {
        let (size, maximized) = ctx.input(|i| {
            let v = i.viewport();
            let maximized = v.maximized;
            let size = if maximized == Some(true) || v.fullscreen == Some(true) {
                None
            } else {
                v.inner_rect.map(|r| [r.width(), r.height()])
            };
            (size, maximized)
        });
        let zoom = ctx.zoom_factor();
        let path = self.play.game.path();
        let now = &self.settings;
        // only what the window manager told (a test harness tells nothing)
        let changed = now.path.as_ref() != path
            || now.zoom.to_bits() != zoom.to_bits()
            || size.is_some_and(|w| now.window != Some(w))
            || maximized.is_some_and(|m| now.maximized != m && !self.restoring_maximized);
        if changed {
            let path = path.cloned();
            let restoring = self.restoring_maximized;
            self.change_settings(|s| {
                s.path = path;
                s.zoom = zoom;
                if size.is_some() {
                    s.window = size;
                }
                if let Some(m) = maximized
                    && !restoring
                {
                    s.maximized = m;
                }
            });
        }
    }
}

/// How long (seconds of the UI clock) a window kept maximized is asked to
/// maximize again before its state is believed.
pub(crate) const RESTORE_SECONDS: f64 = 3.0;

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
        self.restore_maximized(&ctx);
        self.open_dropped(&ctx);
        self.poll();
        // a reply that has just arrived may make it the other computer's turn:
        // start it before drawing, so that the board knows a search is on
        self.maybe_start_computer();
        self.report_store_errors();
        let mut actions = Vec::new();
        if std::mem::take(&mut self.play.review_at_start) {
            actions.push(Action::Game(PlayAction::Review));
        }
        panels::shortcuts(self, ui, &mut actions);

        egui::Panel::top("menu").show(ui, |ui| panels::menu_bar(self, ui, &mut actions));
        // a fixed height (the row, the spaces round it, the frame): the
        // board never moves when tools come and go
        let toolbar = panels::toolbar_row_height(ui) + 10.0;
        egui::Panel::top("toolbar")
            .exact_size(toolbar)
            .show(ui, |ui| {
                ui.add_space(4.0);
                panels::toolbar(self, ui, &mut actions);
                ui.add_space(2.0);
            });
        egui::Panel::bottom("status").show(ui, |ui| panels::status_line(self, ui));
        // the course's text needs a wider panel
        let left = self.front().panel_width();
        // A phone's screen (the browser app; the desktop window is never
        // this narrow): the board takes the width, the side panel goes
        // under it and scrolls, and the move list is left out.
        let narrow = ctx.content_rect().width() < NARROW;
        if !narrow {
            egui::Panel::left("legend")
                .resizable(false)
                .exact_size(left)
                .show(ui, |ui| panels::side_panel(self, ui, &mut actions));
        }
        // The board and the move list share the middle, the board first so
        // that Tab reaches it before the move list.
        egui::CentralPanel::default()
            .frame(egui::Frame::new())
            .show(ui, |ui| {
                let mut all = ui.max_rect();
                if narrow {
                    // the board and its two lines as wide as the screen,
                    // the side panel's contents under them, scrolling
                    let board = (all.width() + 110.0).min(all.height() - 120.0);
                    let (top, under) = all.split_top_bottom_at_y(all.top() + board);
                    all = top;
                    ui.painter().hline(
                        under.x_range(),
                        under.top(),
                        ui.visuals().widgets.noninteractive.bg_stroke,
                    );
                    ui.scope_builder(
                        egui::UiBuilder::new().max_rect(under.shrink2(egui::vec2(8.0, 4.0))),
                        |ui| {
                            egui::ScrollArea::vertical()
                                .auto_shrink([false, false])
                                .show(ui, |ui| panels::side_panel(self, ui, &mut actions));
                        },
                    );
                }
                let list_width = if narrow {
                    0.0
                } else {
                    self.front().list_width(all.width())
                };
                let (board_rect, list_rect) = all.split_left_right_at_x(all.right() - list_width);
                ui.scope_builder(
                    egui::UiBuilder::new().max_rect(board_rect.shrink(8.0)),
                    |ui| panels::board(self, ui, &mut actions),
                );
                if list_width > 0.0 {
                    ui.painter()
                        .rect_filled(list_rect, 0.0, ui.visuals().panel_fill);
                    ui.painter().vline(
                        list_rect.left(),
                        list_rect.y_range(),
                        ui.visuals().widgets.noninteractive.bg_stroke,
                    );
                    ui.scope_builder(
                        egui::UiBuilder::new().max_rect(list_rect.shrink2(egui::vec2(8.0, 6.0))),
                        |ui| {
                            let style = self.settings.style;
                            if !self.front().contents(ui, style, &mut actions) {
                                panels::game_waits(self, ui);
                            }
                        },
                    );
                }
            });

        windows::show(self, &ctx, &mut actions);
        super::modes::learn::offer(self.learn_offer, &ctx, &mut actions);
        for action in actions {
            self.apply(action, &ctx);
        }
        self.maybe_start_computer();
        self.update_title(&ctx);
        self.keep_settings(&ctx);
        if let Some(shot) = &mut self.screenshot {
            shot.step(&ctx, self.frames);
        }
    }

    fn clear_color(&self, _visuals: &egui::Visuals) -> [f32; 4] {
        super::widgets::ink::MARGIN.to_normalized_gamma_f32()
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        // the game's computer and Hint: their answers are no longer wanted
        self.jobs.stop_mode(ModeKind::Play);
        self.saver.flush(Duration::from_secs(5));
        self.shelf.flush(Duration::from_secs(5));
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
