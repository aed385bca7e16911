//! The jobs: starting them and taking what they bring back.

use crate::action::ModeKind;
use crate::action::PathPrompt;
use crate::action::{Choice, Purpose};
use crate::export;
use crate::jobs::{self, Done, ReviewResult, ReviewTask};
use crate::modes::play::{PlayDone, Replacement};
use crate::state::ScribeApp;
use crate::store;
use chrono::Utc;
use scribe_record::{GameRecord, PlayerKind};
use scribe_rules::Square;
use std::path::{Path, PathBuf};

impl ScribeApp {
    pub(super) fn ask_for_path(&mut self, purpose: Purpose) {
        // the browser opens a file by an upload, not a path
        #[cfg(target_arch = "wasm32")]
        if purpose == Purpose::Open {
            self.jobs.upload();
            return;
        }
        // a photo to scan: its bytes go to the paper board's editor
        #[cfg(target_arch = "wasm32")]
        if purpose == Purpose::ScanPhoto {
            self.front_referee();
            self.jobs.upload_photo();
            return;
        }
        let suggested = suggested_name(purpose, self.play.game.record());
        let job = jobs::file_dialog(purpose, suggested, self.native_dialogs);
        if let Err(e) = self.jobs.spawn("scribe-file-dialog", job) {
            self.set_error(format!("Cannot show the file dialog: {e}"));
        }
    }

    /// A path was chosen, in the native dialog or the built-in prompt.
    pub(super) fn picked(&mut self, purpose: Purpose, path: PathBuf) {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            let dir = dir.to_path_buf();
            self.change_settings(|s| s.folder = Some(dir));
        }
        match purpose {
            Purpose::Open => self.open_path(path),
            Purpose::Save => self.save_to(path),
            Purpose::ImportFile | Purpose::ImportFolder => {
                self.with_front(|mode, style| mode.picked(purpose, path, style));
            }
            Purpose::ScanPhoto => self.scan_photo(path),
            _ => self.write_pdf(purpose, path),
        }
    }

    /// Reads a photo of a paper board on a worker, in the paper board's
    /// editor (opened if it is not in front).
    pub(super) fn scan_photo(&mut self, path: PathBuf) {
        self.front_referee();
        self.with_front(|mode, style| mode.picked(Purpose::ScanPhoto, path, style));
    }

    /// Opens the paper board's editor if it is not in front.
    fn front_referee(&mut self) {
        if self.front_kind() != ModeKind::Referee {
            let variant = self.play.game.record().variant;
            self.enter(Box::new(crate::modes::referee::RefereeMode::new(variant)));
        }
    }

    fn write_pdf(&mut self, purpose: Purpose, path: PathBuf) {
        let make: jobs::Make = match purpose {
            Purpose::BlankBoards => {
                let boards = self.print_opts;
                Box::new(move || export::blank_boards_pdf(boards).map(Into::into))
            }
            Purpose::GamePdf => {
                let (record, style) = (self.play.game.record().clone(), self.settings.style);
                Box::new(move || export::game_pdf(&record, style).map(Into::into))
            }
            _ => match self.front().export(purpose, self.settings.style) {
                Some(make) => make,
                // the tree sheet from any mode: the first tree, on the
                // blank boards' paper (Scribbly Gum in front gives its tree)
                None if purpose == Purpose::GumSheet => {
                    let paper = self.print_opts.paper;
                    Box::new(move || {
                        export::gum_sheet_pdf(scribe_gum::TREE_NAMES[0], paper).map(Into::into)
                    })
                }
                None => return,
            },
        };
        if let Err(e) = self.jobs.spawn("scribe-pdf", jobs::write_with(path, make)) {
            self.set_error(format!("Cannot write the PDF: {e}"));
        }
    }

    /// A saved game or a move list dropped on the window opens as Open
    /// opens it (in the browser the page hands over its bytes; the
    /// library, in front, imports what is dropped on it itself).
    pub(crate) fn open_dropped(&mut self, ctx: &egui::Context) {
        if self.front_kind() == ModeKind::Library {
            return;
        }
        let dropped = ctx.input(|i| i.raw.dropped_files.clone());
        let game = |name: &str| {
            let name = name.to_ascii_lowercase();
            name.ends_with(".ron") || name.ends_with(".txt")
        };
        let Some(file) = dropped
            .into_iter()
            .find(|f| game(&f.path().to_string_lossy()))
        else {
            return;
        };
        // the browser hands over the bytes, later; the desktop a path
        #[cfg(target_arch = "wasm32")]
        self.jobs.read_dropped(file);
        #[cfg(not(target_arch = "wasm32"))]
        self.open_path(file.path().to_path_buf());
    }

    /// Takes the finished jobs.
    pub(crate) fn poll(&mut self) {
        self.with_front(|mode, style| mode.poll(style));
        while let Some(done) = self.jobs.try_recv() {
            match done {
                Done::Picked(_, Ok(None)) => self.play.save_then_replace = false,
                Done::Picked(purpose, Ok(Some(path))) => self.picked(purpose, path),
                Done::Picked(purpose, Err(no_dialog)) => {
                    self.set_error(no_dialog_message(no_dialog));
                    let start = self.start_folder();
                    let name = suggested_name(purpose, self.play.game.record());
                    self.windows.prompt = Some(PathPrompt::new(purpose, start.join(name)));
                }
                Done::Loaded(path, Ok(record)) => {
                    let name = path.file_name().unwrap_or_default().to_string_lossy();
                    let mut message = format!("Opened {}.", path.display());
                    if let Some(note) = &record.review_note {
                        message = format!("{message} Note: {note}.");
                    }
                    let next = format!("open {name}");
                    self.replace_game(Replacement {
                        record,
                        // Save writes RON: never over a move-list file.
                        path: is_ron(&path).then_some(path),
                        style: None,
                        next,
                        message,
                        review: false,
                        library_file: None,
                    });
                }
                Done::Loaded(_, Err(e)) => {
                    self.set_error(format!(
                        "Could not open the game (the current game is kept): {e}"
                    ));
                }
                Done::Written(path, Ok(note)) => {
                    self.set_info(match note {
                        Some(note) => format!("Saved {}: {note}.", path.display()),
                        None => format!("Saved {}.", path.display()),
                    });
                    if is_ron(&path) {
                        self.play.game.saved(Some(path));
                        if self.play.save_then_replace {
                            self.confirmed(Choice::Discard);
                        }
                    }
                }
                Done::Written(_, Err(e)) => {
                    self.play.save_then_replace = false;
                    self.set_error(format!("Could not save: {e}"));
                }
                Done::Mode(done) => {
                    // to the mode that started it, never to another (the
                    // game's, behind another mode too); a stopped job's
                    // answer is dropped
                    if done.stopped() {
                        continue;
                    }
                    // the browser's worker failed: said, and nothing waits
                    if let Some(failed) = done.result.downcast_ref::<jobs::run::TaskFailed>() {
                        if done.kind == ModeKind::Play {
                            self.play.thinking = false;
                            self.play.hinting = false;
                            self.play.review_task = None;
                        }
                        self.set_error(format!("The work could not be done: {}.", failed.0));
                        continue;
                    }
                    if done.kind == ModeKind::Play {
                        if let Ok(answer) = done.result.downcast::<PlayDone>() {
                            self.game_job_done(*answer);
                        }
                    } else if self.front_kind() == done.kind {
                        self.with_front(|mode, style| mode.job_done(done.result, style));
                    }
                }
            }
        }
    }

    /// A job of the game finished: the computer's move, Hint, the review.
    fn game_job_done(&mut self, answer: PlayDone) {
        match answer {
            PlayDone::Hint(generation, sq) => {
                self.play.hinting = false;
                if self.play.game.set_hint(generation, sq)
                    && let Some(sq) = sq
                {
                    self.set_info(format!(
                        "Hint: {} could play {sq}.",
                        self.who(self.play.game.record().game.position().to_move())
                    ));
                }
            }
            PlayDone::Computer(generation, sq, searched) => {
                self.computer_moved(generation, sq, searched);
            }
            PlayDone::Review(generation, result) => self.review_done(generation, result),
        }
    }

    fn computer_moved(
        &mut self,
        generation: u64,
        sq: Option<Square>,
        searched: std::time::Duration,
    ) {
        if generation != self.play.game.generation() {
            return; // the game changed meanwhile
        }
        self.play.thinking = false;
        let pos = *self.play.game.record().game.position();
        if let (Some(_), Some((started, frame))) = (self.timing, self.play.think_started.take()) {
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
        self.play.game.set_view(None);
        match self.play.game.play(sq, Utc::now()) {
            Ok(mover) => {
                let who = self.who(mover);
                self.after_change();
                if self.play.game.record().is_over() {
                    self.shelve();
                }
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
            .or_else(|| {
                self.play
                    .game
                    .path()
                    .and_then(|p| p.parent().map(PathBuf::from))
            })
            .or_else(dirs::home_dir)
            .unwrap_or_default()
    }

    /// Starts reviewing the game as a job (the default setting: a few
    /// seconds for a whole game).
    pub(super) fn start_review(&mut self) {
        let record = self.play.game.record();
        if self.play.review_task.is_some() || record.game.moves().is_empty() || !self.playing() {
            return;
        }
        let config = self.play.review_config;
        let (generation, variant) = (self.play.game.generation(), record.variant);
        match ReviewTask::spawn(
            &mut self.jobs,
            ModeKind::Play,
            generation,
            record,
            variant,
            config,
            1,
            PlayDone::Review,
        ) {
            Ok(task) => {
                self.play.review_task = Some(task);
                self.set_info("Reviewing the game…".to_string());
            }
            Err(e) => self.set_error(format!("The review cannot start: {e}")),
        }
    }

    /// Takes a finished review: kept with the game (and so in its save file).
    fn review_done(&mut self, generation: u64, result: ReviewResult) {
        self.play.review_task = None;
        match result {
            Ok(review) => {
                if !self.play.game.attach_review(generation, review) {
                    return;
                }
                self.saver
                    .save(store::CURRENT, self.play.game.record().to_ron());
                // kept with the library's copy: Open in review shows it at once
                if let Some(file) = &self.play.library_file {
                    self.shelf.save(file, self.play.game.record().to_ron());
                }
                let marked = self.play.game.reviewed().map_or(0, |r| {
                    (1..=r.moves.len())
                        .filter(|&n| !crate::widgets::review::annotation(r, n).is_empty())
                        .count()
                });
                self.set_info(format!(
                    "Review done: {} marked ?!, ? or ??. Click a move or the graph to see the better move in pencil.",
                    scribe_record::counted(marked as u64, "move", "moves")
                ));
            }
            Err(e) => {
                if generation == self.play.game.generation() {
                    self.set_error(format!("No review: {e}."));
                }
            }
        }
    }

    /// Asks the computer, as a job, which move it would play for the human to move.
    pub(super) fn start_hint(&mut self) {
        // the same rule as the toolbar's button and the Edit menu's item
        if !self.can_hint() {
            return;
        }
        let Some(job) = self.play.hint_job() else {
            return;
        };
        match self.jobs.spawn_mode(ModeKind::Play, job) {
            Ok(_) => self.play.hinting = true,
            Err(e) => self.set_error(format!("The computer cannot start: {e}")),
        }
    }

    /// Asks the computer for a move when it is its turn; in a demo, only
    /// `demo.delay` seconds after the last move, and while not paused (or
    /// one move at a time with Step). The game plays on behind another mode.
    pub(crate) fn maybe_start_computer(&mut self, ctx: &egui::Context) {
        if !self.playing() {
            return;
        }
        if self.play.is_demo() {
            if self.play.demo.paused && !self.play.demo.step {
                return;
            }
            let wait =
                self.play.last_move_at + f64::from(self.play.demo.delay) - ctx.input(|i| i.time);
            if wait > 0.0 && !self.play.demo.step {
                ctx.request_repaint_after(std::time::Duration::from_secs_f64(wait));
                return;
            }
        }
        let pos = *self.play.game.record().game.position();
        if self.play.thinking
            || self.play.game.view().is_some()
            || self.play.game.record().is_over()
            || self.windows.form.is_some()
            || self.play.confirm.is_some()
        {
            return;
        }
        let record = self.play.game.record();
        let PlayerKind::Computer(level) = record.players[pos.to_move()].kind else {
            return;
        };
        let Some(job) = self.play.computer_job(level) else {
            return;
        };
        match self.jobs.spawn_mode(ModeKind::Play, job) {
            Ok(_) => {
                self.play.thinking = true;
                self.play.demo.step = false;
                // timed from the move before, so the frames drawn since count too
                let began = self.play.turn_began.unwrap_or_else(web_time::Instant::now);
                self.play.think_started = Some((began, self.frames));
            }
            Err(e) => self.set_error(format!("The computer cannot start: {e}")),
        }
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
        let part = |p: scribe_rules::Player| {
            let info = &record.players[p];
            let name = info.name.trim();
            let name = match info.kind {
                // the computer unnamed (or named "Computer") goes by its level
                scribe_record::PlayerKind::Computer(level)
                    if scribe_record::is_default_name(name)
                        || name.eq_ignore_ascii_case("computer") =>
                {
                    format!("computer {}", level.name())
                }
                _ if scribe_record::is_default_name(name) => match p {
                    scribe_rules::Player::X => "first".to_string(),
                    scribe_rules::Player::O => "second".to_string(),
                },
                _ => name.to_string(),
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
            part(scribe_rules::Player::X),
            part(scribe_rules::Player::O)
        )
    };
    match purpose {
        Purpose::Open | Purpose::ImportFile | Purpose::ImportFolder | Purpose::ScanPhoto => {
            String::new()
        }
        Purpose::LibraryBook => "scribe-game-book.pdf".to_string(),
        Purpose::LibraryMoves => "scribe-games.txt".to_string(),
        Purpose::Save => format!("{}.ron", stem()),
        Purpose::GamePdf => format!("{}.pdf", stem()),
        Purpose::BlankBoards => "scribe-blank-boards.pdf".to_string(),
        Purpose::PuzzleBook => "scribe-puzzles.pdf".to_string(),
        Purpose::GumSheet => "scribbly-gum-tree-sheet.pdf".to_string(),
    }
}

/// The status line's words while the built-in path prompt stands in for
/// the file dialog (cleared when the prompt is closed).
pub(crate) fn no_dialog_message(no_dialog: jobs::NoDialog) -> String {
    format!(
        "{}: type the file's path instead.",
        capitalized(&no_dialog.to_string())
    )
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
    use scribe_record::PlayerInfo;
    use scribe_rules::{ByPlayer, Variant};

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
        // the computer, unnamed or named "Computer", goes by its level
        for name in ["", "Computer"] {
            record.players.x = PlayerInfo {
                name: name.into(),
                kind: scribe_record::PlayerKind::Computer(scribe_ai::Level::Hard),
            };
            record.players.o = PlayerInfo::human("Ann");
            assert_eq!(
                suggested_name(Purpose::GamePdf, &record),
                "scribe-computer-hard-vs-ann-2026-11-23.pdf"
            );
        }
    }
}
