//! Game → Library… (Ctrl+L): every game kept, in a table sortable by each
//! column and filtered by a name typed, the variant, the result, the kind of
//! opponent and the dates; the statistics page (your record against each
//! person and level, results over time, the suggestion of a stronger
//! level). Open a game in review or continue one in progress (it replaces
//! the game at the back, asking first), export the chosen games as one PDF
//! game book or as move lists, delete them (to the library's trash, with
//! Undo: Ctrl+Z), import files or a folder (also by dropping them on the
//! window). The library is read and imported into on worker threads.

pub mod session;
mod view;

use super::play::Replacement;
use super::{History, Middle, Mode, ModeKind, Reply, Status};
use crate::action::{Action, ModeAction, Purpose};
use crate::jobs::{Job, Made};
use crate::widgets::ink::MarkStyle;
use scribe_library::filter::OpponentFilter;
use scribe_library::{Column, Imported, Library, ResultFilter};
use scribe_rules::Variant;
use session::{LibrarySession, Page};
use std::path::PathBuf;

/// What the library's panel and table ask for.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum LibraryAction {
    /// The name filter's text.
    Text(String),
    /// The variant filter.
    Variant(Option<Variant>),
    /// The result filter.
    Result(Option<ResultFilter>),
    /// The opponent filter.
    Opponent(Option<OpponentFilter>),
    /// The date filters as typed: from, to.
    Dates(String, String),
    /// Whose results the filters and statistics mean.
    Me(String),
    /// Sort by a column (again: the other way round).
    Sort(Column),
    /// A row clicked: alone, or added to the selection (Ctrl+click).
    Select(String, bool),
    /// The selection one row down (true) or up.
    Step(bool),
    /// Open the selected game (review a finished one, continue one in progress).
    Open,
    /// Export the selected games (or all shown): a PDF game book, or move lists.
    Export(bool),
    /// Delete the selected games (to the trash).
    Delete,
    /// Import: ask for a file (false) or a folder (true).
    AskImport(bool),
    /// Import these files or folders (dropped on the window).
    Import(Vec<PathBuf>),
    /// Show the games or the statistics.
    Page(Page),
}

/// A library action as the app's action.
pub(crate) fn act(a: LibraryAction) -> Action {
    Action::Mode(ModeAction::new(ModeKind::Library, a))
}

/// The library, or the wait for it.
#[derive(Debug)]
pub(crate) struct LibraryMode {
    session: Option<LibrarySession>,
    /// Why the library cannot be read.
    problem: Option<String>,
    /// An import is under way.
    importing: bool,
    /// The page asked for before the library was read.
    page: Option<Page>,
    /// The library's folder (read again when the mode comes back).
    dir: Option<PathBuf>,
}

/// The answer of the job reading the library.
struct Opened(Result<Library, String>);

/// The job reading the library in `dir`.
fn read(dir: PathBuf) -> Reply {
    // the library of the standard data folder deletes to the desktop's
    // trash; another (a test's, a folder given) to its own
    let system = scribe_library::default_dir().is_some_and(|d| d == dir);
    Reply {
        status: Some(Status::info("Reading the library…")),
        job: Some(Job::new("scribe-library", move |_stop| {
            Opened(
                Library::open(&dir)
                    .map(|l| l.with_system_trash(system))
                    .map_err(|e| e.to_string()),
            )
        })),
        ..Reply::default()
    }
}

/// The answer of an import: the library with the files added, and what
/// happened to each file.
struct ImportDone(Library, Vec<(PathBuf, Imported)>);

impl LibraryMode {
    /// The library in `dir` (`None`: no data folder): the mode, and the job
    /// reading it.
    pub(crate) fn new(dir: Option<PathBuf>) -> (LibraryMode, Reply) {
        let mut mode = LibraryMode {
            session: None,
            problem: None,
            importing: false,
            page: None,
            dir: dir.clone(),
        };
        let Some(dir) = dir else {
            mode.problem = Some("There is no data folder, so no library.".to_string());
            return (mode, Reply::default());
        };
        (mode, read(dir))
    }

    /// The session, once read (tests and views).
    pub(crate) fn session(&self) -> Option<&LibrarySession> {
        self.session.as_ref()
    }

    fn import(&mut self, paths: Vec<PathBuf>) -> Reply {
        let Some(s) = &self.session else {
            return Reply::status(Status::error("The library is still being read."));
        };
        if paths.is_empty() {
            return Reply::default();
        }
        self.importing = true;
        let lib = s.library().clone();
        Reply {
            status: Some(Status::info("Importing…")),
            job: Some(Job::new("scribe-library-import", move |_stop| {
                let mut lib = lib;
                let out = lib.import(&paths);
                ImportDone(lib, out)
            })),
            ..Reply::default()
        }
    }

    fn open_selected(&self) -> Reply {
        let Some(s) = &self.session else {
            return Reply::default();
        };
        let chosen = s.chosen();
        let Some(e) = chosen.first() else {
            return Reply::status(Status::error("Choose a game to open first."));
        };
        match s.library().load(&e.file) {
            Ok(record) => Reply {
                replace: Some(Replacement::from_library(record, e.file.clone())),
                ..Reply::default()
            },
            Err(e) => Reply::status(Status::error(format!("Cannot open it: {e}"))),
        }
    }

    fn act_on(&mut self, a: LibraryAction) -> Reply {
        match a {
            LibraryAction::Import(paths) => return self.import(paths),
            LibraryAction::Open => return self.open_selected(),
            LibraryAction::Page(p) if self.session.is_none() => {
                self.page = Some(p);
                return Reply::default();
            }
            LibraryAction::AskImport(folder) => {
                return Reply {
                    ask: Some(if folder {
                        Purpose::ImportFolder
                    } else {
                        Purpose::ImportFile
                    }),
                    ..Reply::default()
                };
            }
            _ => {}
        }
        let Some(s) = &mut self.session else {
            return Reply::default();
        };
        match a {
            LibraryAction::Text(t) => {
                s.filter.text = t;
                s.refilter();
            }
            LibraryAction::Variant(v) => s.set_variant(v),
            LibraryAction::Result(r) => s.set_result(r),
            LibraryAction::Opponent(o) => s.set_opponent(o),
            LibraryAction::Dates(from, to) => {
                s.from_text = from;
                s.to_text = to;
                s.refilter();
            }
            LibraryAction::Me(me) => {
                s.filter.me = Some(me);
                s.refilter();
            }
            LibraryAction::Sort(c) => s.sort_by(c),
            LibraryAction::Select(f, add) => s.select(&f, add),
            LibraryAction::Step(down) => s.step(down),
            LibraryAction::Page(p) => s.page = p,
            LibraryAction::Export(pdf) => {
                if s.shown() == 0 {
                    return Reply::status(Status::error("No games to export."));
                }
                return Reply {
                    ask: Some(if pdf {
                        Purpose::LibraryBook
                    } else {
                        Purpose::LibraryMoves
                    }),
                    ..Reply::default()
                };
            }
            LibraryAction::Delete => {
                return Reply::status(match s.delete_selected() {
                    Ok(n) => Status::info(format!(
                        "Moved {n} game{} to {}: Undo (Ctrl+Z) brings {} back.",
                        plural(n),
                        if s.trashed.as_ref().is_some_and(|t| t.system) {
                            "the trash"
                        } else {
                            "the library's trash"
                        },
                        if n == 1 { "it" } else { "them" }
                    )),
                    Err(e) => Status::error(format!("Cannot delete: {e}.")),
                });
            }
            LibraryAction::Import(_) | LibraryAction::Open | LibraryAction::AskImport(_) => {}
        }
        Reply::default()
    }

    /// The games an export writes: the selected ones, else all shown.
    fn export_files(&self) -> Vec<String> {
        let Some(s) = &self.session else {
            return Vec::new();
        };
        let chosen = s.chosen();
        if chosen.is_empty() {
            s.rows().map(|e| e.file.clone()).collect()
        } else {
            chosen.iter().map(|e| e.file.clone()).collect()
        }
    }
}

/// The games of `files` that can be read, and a note naming those that
/// cannot (left out, as `scribe library export` leaves them out); an error
/// only when none can.
fn readable(
    lib: &Library,
    files: &[String],
) -> anyhow::Result<(Vec<scribe_record::GameRecord>, Option<String>)> {
    let mut records = Vec::new();
    let mut damaged = Vec::new();
    for f in files {
        match lib.load(f) {
            Ok(r) => records.push(r),
            Err(_) => damaged.push(f.as_str()),
        }
    }
    let note = match damaged.as_slice() {
        [] => None,
        [one] => Some(format!("the damaged file {one} is left out")),
        [first, rest @ ..] => Some(format!(
            "{} damaged files are left out ({first} and {} more)",
            damaged.len(),
            rest.len()
        )),
    };
    if records.is_empty() {
        anyhow::bail!(
            "no game to export: {}",
            note.unwrap_or_else(|| "no game is listed".into())
        );
    }
    Ok((records, note))
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

impl Mode for LibraryMode {
    fn kind(&self) -> ModeKind {
        ModeKind::Library
    }

    fn middle(&self, _style: MarkStyle) -> Middle {
        let (heading, detail) = match (&self.session, &self.problem) {
            (_, Some(p)) => ("Library".to_string(), p.clone()),
            (None, None) => ("Library".to_string(), "Reading the library…".to_string()),
            (Some(s), None) => {
                let heading = match s.page {
                    Page::Games => format!("Library: {} game{}", s.total(), plural(s.total())),
                    Page::Stats => "Library: statistics".to_string(),
                };
                let detail = if self.importing {
                    "Importing…".to_string()
                } else if s.page == Page::Stats {
                    "Your record against each person and computer level, finished games only (\"You are\" chooses whose)."
                        .to_string()
                } else if s.filter.is_empty() {
                    format!(
                        "Showing all {}. Type a name to filter; drop files or folders here to import them.",
                        s.shown()
                    )
                } else {
                    format!("Showing {} of {} games.", s.shown(), s.total())
                };
                (heading, detail)
            }
        };
        Middle::Canvas { heading, detail }
    }

    fn history(&self) -> Option<History> {
        Some(History {
            undo: self.session.as_ref().is_some_and(|s| s.trashed.is_some()),
            redo: false,
        })
    }

    fn undo(&mut self, _style: MarkStyle) -> Reply {
        let Some(s) = &mut self.session else {
            return Reply::default();
        };
        if s.trashed.is_none() {
            return Reply::status(Status::error("Nothing to undo in the library."));
        }
        Reply::status(match s.undo_delete() {
            Ok(n) => Status::info(format!("Brought back {n} game{}.", plural(n))),
            Err(e) => Status::error(format!("Cannot bring it back: {e}.")),
        })
    }

    fn panel(&self, ui: &mut egui::Ui, _style: MarkStyle, out: &mut Vec<Action>) {
        view::panel(self, ui, out);
    }

    /// Kept aside when left: the filters, the order and the choice are as
    /// the player left them when the library comes back.
    fn kept(&self) -> bool {
        true
    }

    /// Back in front: the games read again (one may have been finished or
    /// kept meanwhile).
    fn resume(&mut self, _style: MarkStyle) -> Reply {
        match &self.dir {
            Some(dir) if self.problem.is_none() => read(dir.clone()),
            _ => Reply::default(),
        }
    }

    fn panel_width(&self) -> f32 {
        250.0
    }

    /// The table and the statistics take the whole middle of a small
    /// window: the note on the game behind is not worth starving them.
    fn list_width(&self, middle: f32) -> f32 {
        if middle < 900.0 {
            0.0
        } else {
            super::LIST_WIDTH
        }
    }

    fn canvas(&self, ui: &mut egui::Ui, style: MarkStyle, out: &mut Vec<Action>) {
        // files dropped on the window are imported
        let dropped: Vec<PathBuf> = ui.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .collect()
        });
        if !dropped.is_empty() {
            out.push(act(LibraryAction::Import(dropped)));
        }
        if let Some(s) = &self.session {
            match s.page {
                Page::Games => view::table(s, ui, out),
                Page::Stats => view::stats(s, ui, style),
            }
        }
    }

    fn keys(&self, ui: &egui::Ui, out: &mut Vec<Action>) {
        ui.input(|i| {
            if i.key_pressed(egui::Key::ArrowDown) {
                out.push(act(LibraryAction::Step(true)));
            }
            if i.key_pressed(egui::Key::ArrowUp) {
                out.push(act(LibraryAction::Step(false)));
            }
            if i.key_pressed(egui::Key::Enter) {
                out.push(act(LibraryAction::Open));
            }
            if i.key_pressed(egui::Key::Delete) {
                out.push(act(LibraryAction::Delete));
            }
        });
    }

    fn act(&mut self, action: ModeAction, _style: MarkStyle) -> Reply {
        match action.take::<LibraryAction>() {
            Some(a) => self.act_on(a),
            None => Reply::default(),
        }
    }

    fn job_done(&mut self, result: Box<dyn std::any::Any + Send>, _style: MarkStyle) -> Reply {
        let result = match result.downcast::<Opened>() {
            Ok(opened) => {
                return match opened.0 {
                    Ok(lib) => {
                        let damaged = lib
                            .entries()
                            .iter()
                            .filter(|e| e.summary().is_none())
                            .count();
                        // back again: the games read anew, the filters,
                        // the order and the choice as they were left
                        if let Some(s) = &mut self.session {
                            s.replace(lib);
                        } else {
                            let mut session = LibrarySession::new(lib);
                            if let Some(p) = self.page.take() {
                                session.page = p;
                            }
                            self.session = Some(session);
                        }
                        Reply::status(if damaged > 0 {
                            Status::error(format!(
                                "{damaged} file{} of the library cannot be read: listed as damaged, with the reason.",
                                plural(damaged)
                            ))
                        } else {
                            Status::info(
                                "The library: click a game, then Open in review (or Continue the game); Ctrl+Z undoes a delete.",
                            )
                        })
                    }
                    Err(e) => {
                        self.problem = Some(format!("The library cannot be read: {e}"));
                        Reply::default()
                    }
                };
            }
            Err(other) => other,
        };
        if let Ok(done) = result.downcast::<ImportDone>() {
            self.importing = false;
            let ImportDone(lib, out) = *done;
            let added = out
                .iter()
                .filter(|(_, w)| matches!(w, Imported::Added(_)))
                .count();
            let dups = out
                .iter()
                .filter(|(_, w)| matches!(w, Imported::Duplicate(_)))
                .count();
            let refused: Vec<String> = out
                .iter()
                .filter_map(|(p, w)| match w {
                    Imported::Refused(r) => Some(format!(
                        "{}: {r}",
                        p.file_name().unwrap_or_default().to_string_lossy()
                    )),
                    _ => None,
                })
                .collect();
            if let Some(s) = &mut self.session {
                s.replace(lib);
            }
            let mut text = format!(
                "Imported {added} game{}; {dups} already in the library.",
                plural(added)
            );
            if let Some(first) = refused.first() {
                text.push_str(&format!(" {} not a game ({first}).", refused.len()));
            }
            return Reply::status(if refused.is_empty() {
                Status::info(text)
            } else {
                Status::error(text)
            });
        }
        Reply::default()
    }

    fn picked(&mut self, purpose: Purpose, path: PathBuf, _style: MarkStyle) -> Reply {
        match purpose {
            Purpose::ImportFile | Purpose::ImportFolder => self.import(vec![path]),
            _ => Reply::default(),
        }
    }

    fn export(&self, purpose: Purpose, style: MarkStyle) -> Option<crate::jobs::Make> {
        let lib = self.session.as_ref()?.library().clone();
        let files = self.export_files();
        match purpose {
            Purpose::LibraryBook => Some(Box::new(move || {
                let (records, note) = readable(&lib, &files)?;
                let opts = scribe_export::GameExport {
                    marks: style,
                    ..scribe_export::GameExport::default()
                };
                let bytes = scribe_export::game_book_pdf(&records, &opts)?;
                Ok(Made { bytes, note })
            })),
            Purpose::LibraryMoves => Some(Box::new(move || {
                let (records, note) = readable(&lib, &files)?;
                let mut text = String::new();
                for r in &records {
                    text.push_str(&scribe_library::move_list(r));
                    text.push('\n');
                }
                let bytes = scribe_fsio::native_line_endings(&text)
                    .into_owned()
                    .into_bytes();
                Ok(Made { bytes, note })
            })),
            _ => None,
        }
    }
}

impl LibraryMode {
    /// Why the library cannot be shown, if it cannot.
    pub(crate) fn problem(&self) -> Option<&str> {
        self.problem.as_deref()
    }
}
