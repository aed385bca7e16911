//! The application: state, panels, actions.

use super::board::BoardView;
use super::computer::MoveProvider;
use super::dialogs::{self, FormOutcome, NewGameForm};
use super::export;
use super::files::{self, Done, Purpose, Workers};
use super::ink::{self, MarkStyle};
use super::legend;
use crate::record::{GameRecord, PlayerInfo, PlayerKind};
use crate::rules::{ByPlayer, Glyph, Player, Square, Target, Variant};
use chrono::Utc;
use egui::{Key, KeyboardShortcut, Modifiers, RichText, Ui};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};

/// What is kept between runs (eframe persistence).
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(default)]
struct Kept {
    /// The game in progress as a save file.
    game: String,
    /// The mark style.
    style: MarkStyle,
    /// Where the game was last saved or opened.
    path: Option<PathBuf>,
}

/// Something the user asked for from a menu, a button or a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Action {
    NewGame,
    Open,
    Save,
    SaveAs,
    Undo,
    Redo,
    Rules,
    Hint,
    Result,
    BlankBoards,
    GamePdf,
    Quit,
}

/// The status line: the last thing that happened, or why a move was refused.
#[derive(Debug, Clone, Default)]
struct Status {
    text: String,
    error: bool,
}

/// A screenshot to take once the window has drawn a few frames (see [`super::run`]).
struct Screenshot {
    path: PathBuf,
    /// Where to put the pointer first (`SCRIBE_POINTER=x,y`), to show hovering.
    pointer: Option<egui::Pos2>,
    requested: bool,
    image: Receiver<Arc<egui::ColorImage>>,
    sender: std::sync::mpsc::Sender<Arc<egui::ColorImage>>,
}

/// Development switches, for screenshots and demonstrations. [`super::run`]
/// reads them from the environment; tests and a normal start use none.
#[derive(Debug, Clone, Default)]
pub struct DevOptions {
    /// `SCRIBE_MOVES`: start with this game (a move list, or `random:N` for N
    /// seeded random legal moves) and persist nothing.
    pub moves: Option<String>,
    /// `SCRIBE_STYLE=xo` (or `plus`): the mark style.
    pub style: Option<MarkStyle>,
    /// `SCRIBE_SCREENSHOT`: save a screenshot here (binary PPM) after a few
    /// frames, then close the window.
    pub screenshot: Option<PathBuf>,
    /// `SCRIBE_POINTER=x,y`: where the pointer is during a screenshot.
    pub pointer: Option<egui::Pos2>,
    /// `SCRIBE_OPEN=rules` or `new-game`: open that window at the start.
    pub open: Option<String>,
    /// `SCRIBE_TIMING=1`: when the app started, to print on stderr how long
    /// the first frame took to appear.
    pub timing: Option<std::time::Instant>,
}

impl DevOptions {
    /// Reads the `SCRIBE_*` variables.
    #[must_use]
    pub fn from_env() -> DevOptions {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
        DevOptions {
            moves: var("SCRIBE_MOVES"),
            style: var("SCRIBE_STYLE").and_then(|s| match s.to_ascii_lowercase().as_str() {
                "xo" => Some(MarkStyle::XO),
                "plus" | "+o" => Some(MarkStyle::PlusO),
                _ => None,
            }),
            screenshot: std::env::var_os("SCRIBE_SCREENSHOT").map(PathBuf::from),
            pointer: var("SCRIBE_POINTER").and_then(|p| {
                let (x, y) = p.split_once(',')?;
                Some(egui::pos2(x.trim().parse().ok()?, y.trim().parse().ok()?))
            }),
            open: var("SCRIBE_OPEN"),
            timing: var("SCRIBE_TIMING").map(|_| std::time::Instant::now()),
        }
    }
}

/// The Scribe Desk window.
pub struct ScribeApp {
    record: GameRecord,
    style: MarkStyle,
    /// `Some(n)`: showing the board after the first `n` moves, read-only.
    view: Option<usize>,
    status: Status,
    entry: String,
    glyph: Option<Glyph>,
    form: Option<NewGameForm>,
    rules_open: bool,
    summary_open: bool,
    path: Option<PathBuf>,
    workers: Workers,
    provider: Option<Arc<dyn MoveProvider>>,
    /// Bumped on every change to the game, so a stale computer move is dropped.
    generation: u64,
    thinking: bool,
    /// A Hint search is under way.
    hinting: bool,
    /// The square the last Hint suggested, until the game changes.
    hint: Option<Square>,
    /// Tells the computer's thread its answer is no longer wanted.
    stop: Arc<AtomicBool>,
    /// A demo or screenshot run: nothing is persisted.
    ephemeral: bool,
    screenshot: Option<Screenshot>,
    frames: u64,
    /// See [`DevOptions::timing`].
    timing: Option<std::time::Instant>,
    /// The window title last sent.
    title: String,
}

impl ScribeApp {
    /// Creates the app: installs the look, then restores the game in progress.
    #[must_use]
    pub fn new(cc: &eframe::CreationContext<'_>) -> ScribeApp {
        ScribeApp::with_dev_options(cc, DevOptions::default())
    }

    /// Creates the app with development switches (see [`DevOptions`]).
    #[must_use]
    pub fn with_dev_options(cc: &eframe::CreationContext<'_>, dev: DevOptions) -> ScribeApp {
        super::install_look(&cc.egui_ctx);
        let kept: Kept = cc
            .storage
            .and_then(|s| eframe::get_value(s, eframe::APP_KEY))
            .unwrap_or_default();
        let mut app = ScribeApp::blank(cc.egui_ctx.clone());
        app.style = kept.style;
        app.path = kept.path;
        if !kept.game.is_empty() {
            match GameRecord::from_ron(&kept.game) {
                Ok(record) => app.record = record,
                Err(e) => app.set_error(format!("The last game could not be restored: {e}")),
            }
        }
        if let Some(moves) = &dev.moves {
            app.ephemeral = true;
            app.path = None;
            match demo_game(moves) {
                Ok(game) => app.record = GameRecord::from_game(game),
                Err(e) => app.set_error(format!("SCRIBE_MOVES: {e}")),
            }
        }
        app.timing = dev.timing;
        if let Some(style) = dev.style {
            app.style = style;
        }
        if let Some(path) = dev.screenshot {
            app.ephemeral = true;
            let (sender, image) = channel();
            app.screenshot = Some(Screenshot {
                path,
                pointer: dev.pointer,
                requested: false,
                image,
                sender,
            });
        }
        match dev.open.as_deref() {
            Some("rules") => app.rules_open = true,
            Some("new-game") => app.form = Some(NewGameForm::from_record(&app.record, app.style)),
            _ => {}
        }
        app.summary_open = app.record.game.position().is_over();
        app
    }

    fn blank(ctx: egui::Context) -> ScribeApp {
        ScribeApp {
            record: GameRecord::default(),
            style: MarkStyle::default(),
            view: None,
            status: Status::default(),
            entry: String::new(),
            glyph: None,
            form: None,
            rules_open: false,
            summary_open: false,
            path: None,
            workers: Workers::new(ctx),
            provider: super::computer::engine(),
            generation: 0,
            thinking: false,
            hinting: false,
            hint: None,
            stop: Arc::new(AtomicBool::new(false)),
            ephemeral: false,
            screenshot: None,
            frames: 0,
            timing: None,
            title: "Scribe Desk".to_string(),
        }
    }

    /// Replaces the computer opponent (tests use a simple one).
    #[must_use]
    pub fn with_move_provider(mut self, provider: Option<Arc<dyn MoveProvider>>) -> ScribeApp {
        self.provider = provider;
        self
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

    /// Whether a file dialog, a file operation or the computer is still at work.
    #[must_use]
    pub fn busy(&self) -> bool {
        self.workers.busy()
    }

    /// Starts a new game (what the New game dialog's Start button does).
    pub fn start_game(
        &mut self,
        variant: Variant,
        players: ByPlayer<PlayerInfo>,
        style: MarkStyle,
    ) {
        self.record = GameRecord::new(variant, players);
        self.style = style;
        self.path = None;
        self.after_change();
        self.set_info(format!("New {} game.", variant.name()));
    }

    /// Reads the game in `path` on a worker thread; when it arrives it
    /// replaces the current game, or, if the file is bad, the status line
    /// says why and the current game is kept. The Open dialog ends here.
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

    fn set_error(&mut self, text: String) {
        self.status = Status { text, error: true };
    }

    fn set_info(&mut self, text: String) {
        self.status = Status { text, error: false };
    }

    fn who(&self, p: Player) -> String {
        who(&self.record, self.style, p)
    }

    fn after_change(&mut self) {
        self.generation += 1;
        self.view = None;
        self.hint = None;
        if self.thinking {
            self.stop.store(true, Ordering::Relaxed);
            self.thinking = false;
        }
        self.summary_open = self.record.game.position().is_over();
    }

    /// Whether the computer plays `p`. Without a computer opponent built in,
    /// a side saved as a computer player is played by hand.
    fn is_computer(&self, p: Player) -> bool {
        self.provider.is_some() && matches!(self.record.players[p].kind, PlayerKind::Computer(_))
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
                self.set_info(format!("{who} played {sq}."));
            }
            Err(e) => self.set_error(format!("{sq} is not allowed: {}.", e.reason)),
        }
    }

    fn undo(&mut self) {
        let Some(sq) = self.record.game.undo() else {
            self.set_error("Nothing to undo.".to_string());
            return;
        };
        // Against the computer, take back its reply too.
        let pos = *self.record.game.position();
        if self.is_computer(pos.to_move()) && !self.is_computer(pos.to_move().other()) {
            self.record.game.undo();
        }
        self.record.finished = None;
        self.after_change();
        self.set_info(format!("Took back {sq}."));
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

    fn enter_square(&mut self) {
        let text = self.entry.trim().to_string();
        if text.is_empty() {
            return;
        }
        match text.parse::<Square>() {
            Ok(sq) => {
                self.try_play(sq);
                if !self.status.error {
                    self.entry.clear();
                }
            }
            Err(e) => self.set_error(format!("{e}.")),
        }
    }

    fn ask_for_path(&mut self, purpose: Purpose) {
        let suggested = match purpose {
            Purpose::Open | Purpose::Save => "scribe-game.ron",
            Purpose::BlankBoards => "scribe-blank-boards.pdf",
            Purpose::GamePdf => "scribe-game.pdf",
        };
        let spawned = self.workers.spawn("scribe-file-dialog", move || {
            Done::Picked(purpose, files::pick(purpose, suggested))
        });
        if let Err(e) = spawned {
            self.set_error(format!("Cannot show the file dialog: {e}"));
        }
    }

    fn write_pdf(&mut self, purpose: Purpose, path: PathBuf) {
        let record = self.record.clone();
        let style = self.style;
        let spawned = self.workers.spawn("scribe-pdf", move || {
            let bytes = match purpose {
                Purpose::BlankBoards => export::blank_boards_pdf(),
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
    fn poll(&mut self) {
        while let Some(done) = self.workers.try_recv() {
            match done {
                Done::Picked(_, None) => {}
                Done::Picked(Purpose::Open, Some(path)) => self.open_path(path),
                Done::Picked(Purpose::Save, Some(path)) => self.save_to(path),
                Done::Picked(purpose, Some(path)) => self.write_pdf(purpose, path),
                Done::Loaded(path, Ok(record)) => {
                    self.record = record;
                    self.after_change();
                    self.set_info(format!("Opened {}.", path.display()));
                    // Save writes RON: never over a move-list file.
                    self.path = is_ron(&path).then_some(path);
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
                    }
                }
                Done::Written(_, Err(e)) => self.set_error(format!("Could not save: {e}")),
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
                Done::ComputerMove(generation, sq) => {
                    if generation != self.generation {
                        continue; // the game changed meanwhile
                    }
                    self.thinking = false;
                    let pos = *self.record.game.position();
                    let Some(sq) = sq else { continue };
                    match self.record.play(sq, Utc::now()) {
                        Ok(()) => {
                            let who = self.who(pos.to_move());
                            self.after_change();
                            self.set_info(format!("{who} played {sq}."));
                        }
                        Err(e) => {
                            self.set_error(format!("The computer tried an illegal move: {e}"))
                        }
                    }
                }
            }
        }
    }

    /// Asks the computer, on a worker thread, which move it would play for
    /// the human to move.
    fn start_hint(&mut self) {
        let pos = *self.record.game.position();
        if self.hinting || pos.is_over() || self.view.is_some() {
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

    /// Asks the computer for a move when it is its turn.
    fn maybe_start_computer(&mut self) {
        let pos = *self.record.game.position();
        if self.thinking || self.view.is_some() || pos.is_over() || self.form.is_some() {
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
            Done::ComputerMove(
                generation,
                provider.choose_move(&game, variant, level, &stop),
            )
        });
        match spawned {
            Ok(()) => self.thinking = true,
            Err(e) => self.set_error(format!("The computer cannot start: {e}")),
        }
    }

    fn shortcuts(&mut self, ui: &Ui, actions: &mut Vec<Action>) {
        let redo_z = KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
        let redo_y = KeyboardShortcut::new(Modifiers::COMMAND, Key::Y);
        let undo = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
        let save = KeyboardShortcut::new(Modifiers::COMMAND, Key::S);
        let open = KeyboardShortcut::new(Modifiers::COMMAND, Key::O);
        let new = KeyboardShortcut::new(Modifiers::COMMAND, Key::N);
        ui.input_mut(|i| {
            if i.consume_shortcut(&redo_z) || i.consume_shortcut(&redo_y) {
                actions.push(Action::Redo);
            }
            if i.consume_shortcut(&undo) {
                actions.push(Action::Undo);
            }
            if i.consume_shortcut(&save) {
                actions.push(Action::Save);
            }
            if i.consume_shortcut(&open) {
                actions.push(Action::Open);
            }
            if i.consume_shortcut(&new) {
                actions.push(Action::NewGame);
            }
        });
        // Left and Right step through the move list, End returns to the game
        // (only while no text field has the keyboard).
        if ui.memory(|m| m.focused().is_none()) {
            let played = self.record.game.moves().len();
            let shown = self.view.unwrap_or(played);
            let step = ui.input_mut(|i| {
                if i.consume_key(Modifiers::NONE, Key::ArrowLeft) {
                    Some(shown.saturating_sub(1))
                } else if i.consume_key(Modifiers::NONE, Key::ArrowRight) {
                    Some((shown + 1).min(played))
                } else if i.consume_key(Modifiers::NONE, Key::End) {
                    Some(played)
                } else {
                    None
                }
            });
            if let Some(n) = step {
                self.view = (n < played).then_some(n);
            }
        }
    }

    fn menu_bar(&self, ui: &mut Ui, actions: &mut Vec<Action>) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("Game", |ui| {
                let mut item = |ui: &mut Ui, text: &str, enabled: bool, action: Action| {
                    if ui
                        .add_enabled(enabled, egui::Button::new(text))
                        .on_disabled_hover_text("Not available now")
                        .clicked()
                    {
                        actions.push(action);
                        ui.close();
                    }
                };
                item(ui, "New game…", true, Action::NewGame);
                item(ui, "Open…", true, Action::Open);
                item(ui, "Save", true, Action::Save);
                item(ui, "Save as…", true, Action::SaveAs);
                let over = self.record.game.position().is_over();
                item(ui, "Result…", over, Action::Result);
                ui.separator();
                item(ui, "Print blank boards…", true, Action::BlankBoards);
                item(ui, "Export game as PDF…", true, Action::GamePdf);
                ui.separator();
                item(ui, "Quit", true, Action::Quit);
            });
            ui.menu_button("Edit", |ui| {
                if ui.button("Undo").clicked() {
                    actions.push(Action::Undo);
                    ui.close();
                }
                if ui.button("Redo").clicked() {
                    actions.push(Action::Redo);
                    ui.close();
                }
            });
            ui.menu_button("Help", |ui| {
                if ui.button("Rules").clicked() {
                    actions.push(Action::Rules);
                    ui.close();
                }
            });
        });
    }

    fn toolbar(&mut self, ui: &mut Ui, actions: &mut Vec<Action>) {
        ui.horizontal(|ui| {
            if ui.button("New game…").clicked() {
                actions.push(Action::NewGame);
            }
            ui.separator();
            let game = &self.record.game;
            if ui
                .add_enabled(!game.moves().is_empty(), egui::Button::new("Undo"))
                .on_hover_text("Ctrl+Z")
                .clicked()
            {
                actions.push(Action::Undo);
            }
            if ui
                .add_enabled(!game.undone().is_empty(), egui::Button::new("Redo"))
                .on_hover_text("Ctrl+Shift+Z or Ctrl+Y")
                .clicked()
            {
                actions.push(Action::Redo);
            }
            ui.separator();
            let label = ui.label("Square:");
            let field = ui.add(
                egui::TextEdit::singleline(&mut self.entry)
                    .desired_width(48.0)
                    .hint_text("C8"),
            );
            let field = field.labelled_by(label.id);
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
            if ui.button("Play").clicked() || entered {
                self.enter_square();
                if entered {
                    field.request_focus();
                }
            }
            ui.separator();
            let pos = self.record.game.position();
            let can_hint = self.provider.is_some()
                && !pos.is_over()
                && !self.is_computer(pos.to_move())
                && !self.hinting;
            if ui
                .add_enabled(can_hint, egui::Button::new("Hint"))
                .on_hover_text("Ask the computer which square it would play")
                .clicked()
            {
                actions.push(Action::Hint);
            }
            if self.thinking || self.hinting {
                ui.add(egui::Spinner::new());
                ui.label(if self.thinking {
                    "Thinking…"
                } else {
                    "Finding a hint…"
                });
            }
            ui.separator();
            if ui.button("Rules").clicked() {
                actions.push(Action::Rules);
            }
        });
    }

    fn turn_line(&self) -> (String, egui::Color32) {
        let game = &self.record.game;
        if let Some(n) = self.view {
            return (
                format!(
                    "Looking at the board after move {n} of {} (read-only)",
                    game.moves().len()
                ),
                ink::FAINT,
            );
        }
        let pos = game.position();
        let result = pos.result();
        if pos.is_over() {
            return match result.winner(self.record.variant) {
                Some(w) => (
                    format!(
                        "Game over: {} wins ({}).",
                        self.who(w),
                        self.record.variant.name()
                    ),
                    ink::ink(w),
                ),
                None => ("Game over.".to_string(), ink::PENCIL),
            };
        }
        let p = pos.to_move();
        let thinking = if self.thinking { " (thinking…)" } else { "" };
        let whereto = match pos.target() {
            Target::Anywhere => "may play anywhere".to_string(),
            Target::Grid(g) => format!(
                "must play in the {} mini grid ({})",
                g.position_name(),
                g.span()
            ),
        };
        (
            format!("{} to move{thinking}: {whereto}", self.who(p)),
            ink::ink(p),
        )
    }

    fn score_line(&self) -> String {
        let result = self.record.game.position().result();
        let won = result.majority.score;
        let mut line = format!(
            "Mini grids won: {} {} · {} {}",
            self.who(Player::X),
            won.x,
            self.who(Player::O),
            won.o
        );
        if self.record.variant == Variant::SuperGlyph {
            let points = result.won.map(crate::rules::grid_points);
            line.push_str(&format!(
                "   Super Glyph points: {} {} · {} {}",
                self.style.symbol(Player::X),
                points.x,
                self.style.symbol(Player::O),
                points.o
            ));
        }
        line
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

    fn move_list(&mut self, ui: &mut Ui) {
        ui.label(RichText::new("Moves").size(20.0));
        let moves = self.record.game.moves().to_vec();
        if self.view.is_some() && ui.button("Back to the game").clicked() {
            self.view = None;
        }
        ui.add_space(4.0);
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .stick_to_bottom(true)
            .show(ui, |ui| {
                if moves.is_empty() {
                    ui.label(RichText::new("No moves yet.").color(ink::FAINT));
                }
                egui::Grid::new("moves-grid")
                    .spacing([10.0, 2.0])
                    .show(ui, |ui| {
                        for (pair, chunk) in moves.chunks(2).enumerate() {
                            ui.label(RichText::new(format!("{}.", pair + 1)).color(ink::FAINT));
                            for (k, sq) in chunk.iter().enumerate() {
                                let n = pair * 2 + k + 1;
                                let p = if k == 0 { Player::X } else { Player::O };
                                let shown = self.view.unwrap_or(moves.len()) == n;
                                let text = RichText::new(format!("{} {sq}", self.style.symbol(p)))
                                    .color(ink::ink(p));
                                let resp = ui
                                    .selectable_label(shown, text)
                                    .on_hover_text(format!("Show the board after move {n}"));
                                if resp.clicked() {
                                    self.view = (n < moves.len()).then_some(n);
                                }
                            }
                            ui.end_row();
                        }
                    });
            });
    }

    fn apply(&mut self, action: Action, ctx: &egui::Context) {
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
            Action::Hint => self.start_hint(),
            Action::Result => {
                self.view = None;
                self.summary_open = true;
            }
            Action::BlankBoards => self.ask_for_path(Purpose::BlankBoards),
            Action::GamePdf => self.ask_for_path(Purpose::GamePdf),
            Action::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
        }
    }

    fn windows(&mut self, ctx: &egui::Context, actions: &mut Vec<Action>) {
        if let Some(form) = &mut self.form {
            match dialogs::new_game(ctx, form, self.provider.is_some()) {
                FormOutcome::Open => {}
                FormOutcome::Cancel => self.form = None,
                FormOutcome::Start => {
                    let (variant, players, style) = (form.variant, form.players(), form.style);
                    self.form = None;
                    self.start_game(variant, players, style);
                }
            }
        }
        dialogs::rules(ctx, &mut self.rules_open, self.style);
        if self.summary_open
            && self.view.is_none()
            && dialogs::summary(ctx, &self.record, self.style, &mut self.summary_open)
        {
            actions.push(Action::NewGame);
        }
    }

    fn screenshot(&mut self, ctx: &egui::Context) {
        let Some(shot) = &mut self.screenshot else {
            return;
        };
        ctx.request_repaint();
        if !shot.requested && self.frames >= 6 {
            shot.requested = true;
            let sender = shot.sender.clone();
            ctx.request_screenshot(move |image| {
                let _ = sender.send(image);
            });
        }
        if let Ok(image) = shot.image.try_recv() {
            let [w, h] = image.size;
            let mut ppm = format!("P6\n{w} {h}\n255\n").into_bytes();
            for px in &image.pixels {
                ppm.extend_from_slice(&[px.r(), px.g(), px.b()]);
            }
            if let Err(e) = crate::fsio::write_atomic(&shot.path, &ppm) {
                eprintln!("screenshot: {e:#}");
            }
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }
}

impl eframe::App for ScribeApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.frames += 1;
        if self.frames == 2
            && let Some(started) = self.timing
        {
            // the first frame has been painted and presented by now
            eprintln!("first frame after {} ms", started.elapsed().as_millis());
        } else if self.frames == 1 && self.timing.is_some() {
            ui.ctx().request_repaint();
        }
        self.poll();
        let mut actions = Vec::new();
        self.shortcuts(ui, &mut actions);

        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui, &mut actions));
        egui::Panel::top("toolbar").show(ui, |ui| {
            ui.add_space(4.0);
            self.toolbar(ui, &mut actions);
            ui.add_space(2.0);
        });
        egui::Panel::bottom("status").show(ui, |ui| {
            ui.add_space(2.0);
            let text = if self.status.text.is_empty() {
                RichText::new("Click a square or type one, e.g. C8.").color(ink::FAINT)
            } else if self.status.error {
                RichText::new(&self.status.text).color(ink::INK_O)
            } else {
                RichText::new(&self.status.text).color(ink::PENCIL)
            };
            ui.label(text);
            ui.add_space(2.0);
        });
        egui::Panel::left("legend")
            .resizable(false)
            .exact_size(236.0)
            .show(ui, |ui| {
                ui.label(RichText::new("Glyphs").size(20.0));
                ui.label(RichText::new("hover one to find it on the board").color(ink::FAINT));
                self.glyph = legend::show(ui);
            });
        egui::Panel::right("moves")
            .resizable(false)
            .exact_size(210.0)
            .show(ui, |ui| self.move_list(ui));
        let frame = egui::Frame::new().fill(ink::MARGIN).inner_margin(8.0);
        egui::CentralPanel::default().frame(frame).show(ui, |ui| {
            let (turn, color) = self.turn_line();
            ui.label(RichText::new(turn).size(22.0).color(color));
            ui.label(RichText::new(self.score_line()).color(ink::PENCIL));
            let shown = self.view.unwrap_or(self.record.game.moves().len());
            let position = self.record.game.position_at(shown);
            let pos = *self.record.game.position();
            let live = self.view.is_none() && (pos.is_over() || !self.is_computer(pos.to_move()));
            let board = BoardView {
                position: &position,
                style: self.style,
                live,
                glyph: self.glyph,
                hint: self.hint.filter(|_| self.view.is_none()),
                // TODO: the "reduce motion" setting (issue 12)
                reduce_motion: false,
            }
            .show(ui);
            if let Some(sq) = board.clicked {
                // a move refused for its mini grid: that mini grid flashes
                if live
                    && let Err(crate::rules::IllegalReason::WrongGrid { required, .. }) =
                        position.check(sq)
                {
                    super::board::flash_grid(ui.ctx(), required);
                }
                self.try_play(sq);
            }
        });

        let ctx = ui.ctx().clone();
        self.windows(&ctx, &mut actions);
        for action in actions {
            self.apply(action, &ctx);
        }
        self.maybe_start_computer();
        self.update_title(&ctx);
        self.screenshot(&ctx);
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        self.stop.store(true, Ordering::Relaxed);
    }

    fn raw_input_hook(&mut self, _ctx: &egui::Context, raw_input: &mut egui::RawInput) {
        if let Some(pos) = self.screenshot.as_ref().and_then(|s| s.pointer) {
            raw_input.events.push(egui::Event::PointerMoved(pos));
        }
    }

    fn persist_egui_memory(&self) -> bool {
        !self.ephemeral
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        if self.ephemeral {
            return;
        }
        let kept = Kept {
            game: self.record.to_ron(),
            style: self.style,
            path: self.path.clone(),
        };
        eframe::set_value(storage, eframe::APP_KEY, &kept);
    }
}

/// A demo game: a move list, or `random:N` for N seeded random legal moves.
fn demo_game(text: &str) -> anyhow::Result<crate::rules::Game> {
    if let Some(n) = text.trim().strip_prefix("random:") {
        let n: usize = n.trim().parse()?;
        let mut game = crate::rules::Game::new();
        let mut jitter = crate::pen::Jitter::new(2006);
        for _ in 0..n.min(81) {
            let legal: Vec<Square> = game.position().legal_moves().iter().collect();
            let pick = (jitter.next_u64() % legal.len().max(1) as u64) as usize;
            let Some(&sq) = legal.get(pick) else { break };
            game.play(sq)?;
        }
        return Ok(game);
    }
    Ok(crate::record::replay(text)?)
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

fn is_ron(path: &std::path::Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("ron"))
}
