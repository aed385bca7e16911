//! The jobs: starting them and taking what they bring back.

use crate::action::ModeKind;
use crate::action::PathPrompt;
use crate::action::{Choice, Purpose};
use crate::export;
use crate::jobs::{self, Done};
use crate::modes::Mode;
use crate::modes::play::Replacement;
use crate::state::ScribeApp;
use chrono::Utc;
use scribe_record::GameRecord;
use std::path::{Path, PathBuf};

impl ScribeApp {
    pub(super) fn ask_for_path(&mut self, purpose: Purpose) {
        // the browser opens a file by an upload, not a path
        #[cfg(target_arch = "wasm32")]
        if purpose == Purpose::Open {
            self.jobs.upload();
            return;
        }
        // a photo to scan: uploaded, its bytes come back as Done::Photo
        #[cfg(target_arch = "wasm32")]
        if purpose == Purpose::ScanPhoto {
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

    /// Reads a photo the browser handed over, as [`ScribeApp::scan_photo`]
    /// reads a file: on a worker, in the paper board's editor.
    pub(crate) fn scan_upload(&mut self, photo: jobs::Uploaded) {
        self.front_referee();
        self.with_front(|mode, style| mode.job_done(Box::new(photo), style));
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

    /// A file dropped on the window: a saved game or a move list opens as
    /// Open opens it; anything else is taken for a photo of a paper board
    /// and scanned as Game → Scan a paper board… scans it (the reader says
    /// so when it is not an image). Only the first file is read; the
    /// library, in front, imports what is dropped on it itself.
    pub(crate) fn open_dropped(&mut self, ctx: &egui::Context) {
        if self.front_kind() == ModeKind::Library {
            return;
        }
        let Some(file) = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .find(|f| !f.path().as_os_str().is_empty())
                .cloned()
        }) else {
            return;
        };
        let name = file.path().to_string_lossy().to_ascii_lowercase();
        let game = name.ends_with(".ron") || name.ends_with(".txt");
        // the browser hands over the bytes, later, and its path is only the
        // file's name; the desktop hands over a path
        #[cfg(target_arch = "wasm32")]
        if game {
            self.jobs.read_dropped(file);
        } else {
            self.jobs.read_dropped_photo(file);
        }
        #[cfg(not(target_arch = "wasm32"))]
        if game {
            self.open_path(file.path().to_path_buf());
        } else {
            self.picked(Purpose::ScanPhoto, file.path().to_path_buf());
        }
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
                Done::Photo(photo) => self.scan_upload(photo),
                Done::Mode(done) => {
                    // to the mode that started it, never to another (the
                    // game's, behind another mode too); a stopped job's
                    // answer is dropped
                    if done.stopped() {
                        continue;
                    }
                    // the browser's worker failed: said, and nothing waits
                    if let Some(failed) = done.result.downcast_ref::<jobs::run::TaskFailed>() {
                        let why = format!("The work could not be done: {}.", failed.0);
                        self.with_mode(done.kind, |mode| mode.job_failed());
                        self.set_error(why);
                        continue;
                    }
                    // the game's jobs come back to it behind any mode
                    if done.kind == ModeKind::Play {
                        self.with_game(|play, style| play.job_done(done.result, style));
                    } else if self.front_kind() == done.kind {
                        self.with_front(|mode, style| mode.job_done(done.result, style));
                    }
                }
            }
        }
    }

    /// Runs `f` on the mode of kind `kind`: the game (always there), or
    /// the mode in front if it is of that kind.
    pub(super) fn with_mode(&mut self, kind: ModeKind, f: impl FnOnce(&mut dyn Mode)) {
        if kind == ModeKind::Play {
            f(&mut self.play);
        } else if let Some(mode) = self.ahead.as_mut().filter(|m| m.kind() == kind) {
            f(mode.as_mut());
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

    /// The computer's turn: its move is asked for as a job of the game's
    /// ([`crate::modes::play::PlayMode::computer_turn`]), with the game in front and no New
    /// game dialog open.
    pub(crate) fn maybe_start_computer(&mut self) {
        if !self.playing() || self.windows.form.is_some() {
            return;
        }
        self.with_game(|play, _| play.computer_turn());
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
