//! The game library: every game kept, as an ordinary save file in one
//! folder (the app's data folder's `library/`), listed quickly through an
//! index that is rebuilt when it is missing or out of date.
//!
//! - [`Library::open`] lists the folder: each `.ron` file is read through
//!   the index (`index.json`) when its size and time are those indexed,
//!   else read and replayed again; the index is rewritten when anything
//!   changed. A file that cannot be read is listed as damaged with the
//!   reason ([`Entry::game`]), never hiding the others.
//! - [`Library::add`], [`Library::import`] keep games (the same game twice
//!   is recognised by its [`game_key`]), [`Library::add_online`] a game of
//!   a server, keyed by server and game id so that it is fetched once.
//! - [`Library::delete`] moves files to the desktop's trash
//!   ([`Library::with_system_trash`]) or the library's own (`.trash/`),
//!   and [`Library::undo_delete`] brings them back.
//! - [`filter`]: the table's filters and sorting; [`stats`]: the record of
//!   every player against each opponent, results over time, the
//!   suggestion of a stronger level; [`generate`]: random games for tests
//!   and the benchmark.
//!
//! Every write is atomic (`scribe_fsio::write_atomic`, or a rename), so a
//! `kill -9` during an import or a delete loses nothing and leaves no
//! half-written file: at worst the index is out of date, and the next open
//! rebuilds what changed (a delete to the desktop's trash killed midway can
//! leave an empty placeholder there, cleared by [`Library::with_system_trash`];
//! `tests/kill_during_delete.rs` kills deletes at random moments). No egui here: the app and `scribe library` share it.

mod entry;
pub mod filter;
pub mod generate;
mod index;
pub mod stats;
#[cfg(test)]
mod tests;

pub use entry::{Entry, LevelKey, Opponent, State, Summary, game_key};
pub use filter::{Column, Filter, ResultFilter};
pub use stats::{PlayerStats, Record, Stats};

use entry::Fnv;
use scribe_record::GameRecord;
use std::path::{Path, PathBuf};

/// The index's file name in the library folder.
pub const INDEX_FILE: &str = "index.json";
/// The library's own trash folder (deleted games, until Undo or emptied).
pub const TRASH_DIR: &str = ".trash";

/// The library folder inside the app's data folder: `<data>/library`.
#[must_use]
pub fn default_dir() -> Option<PathBuf> {
    scribe_fsio::data_dir().map(|d| d.join("library"))
}

/// An error of the library, with the path and the reason.
#[derive(Debug, thiserror::Error)]
pub enum LibraryError {
    /// The folder cannot be made or read.
    #[error("library folder {path}: {reason}")]
    Folder {
        /// The folder.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// A file cannot be written, moved or read.
    #[error("{path}: {reason}")]
    File {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
}

/// What happened to one file given to [`Library::import`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Imported {
    /// Added under this file name.
    Added(String),
    /// The same game is already in the library, in this file.
    Duplicate(String),
    /// Not a game: the reason.
    Refused(String),
}

/// Where [`Library::slot`] puts a game.
enum Slot {
    /// This file holds the game, or more of it.
    Same(String),
    /// This file holds the start of the game (kept in progress).
    Longer(String),
    /// No file holds it: a free name.
    Free(String),
}

/// What [`Library::open`] found.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OpenReport {
    /// Files read from the index.
    pub from_index: usize,
    /// Files read and replayed again (new, changed, or no index).
    pub reread: usize,
    /// Whether the index was rewritten.
    pub index_written: bool,
}

/// The games of one library folder.
#[derive(Debug, Clone)]
pub struct Library {
    dir: PathBuf,
    entries: Vec<Entry>,
    report: OpenReport,
    system_trash: bool,
}

/// Files moved to the trash by one [`Library::delete`], for
/// [`Library::undo_delete`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trashed {
    /// The files' names (in the library and in its trash).
    pub files: Vec<String>,
    /// Whether they went to the desktop's trash (else the library's own).
    pub system: bool,
}

impl Library {
    /// Opens the library in `dir` (made if missing): every game file listed,
    /// through the index where it is up to date. Stale temporary files a
    /// killed write left are swept.
    ///
    /// # Errors
    /// The folder cannot be made or read.
    pub fn open(dir: &Path) -> Result<Library, LibraryError> {
        std::fs::create_dir_all(dir).map_err(|e| LibraryError::Folder {
            path: dir.to_path_buf(),
            reason: e.to_string(),
        })?;
        scribe_fsio::sweep_stale_temporary_files(dir);
        let (entries, report) = index::load(dir)?;
        Ok(Library {
            dir: dir.to_path_buf(),
            entries,
            report,
            system_trash: false,
        })
    }

    /// Deletes go to the desktop's trash (the freedesktop.org trash on
    /// Linux), falling back to the library's own (`.trash/`) where there is
    /// none; else (the default) always to the library's own.
    ///
    /// With the desktop's trash on, what a delete killed midway left there
    /// is cleared: the `trash` crate writes an item's description and an
    /// empty placeholder before it moves the file in, so a kill at that
    /// moment leaves an empty "game" in the trash beside the whole one still
    /// in the library. Such items (empty or missing, of a file the library
    /// still holds) are removed for good; a trashed game is never touched.
    #[must_use]
    pub fn with_system_trash(mut self, on: bool) -> Library {
        // Windows and macOS keep the library's own trash: Undo must bring a
        // game back, and the Recycle Bin's restore goes through the shell's
        // COM interfaces, which Wine (where our Windows build is tested)
        // does not have; the app says where the trash is either way.
        self.system_trash = on && cfg!(all(unix, not(target_os = "macos")));
        if self.system_trash {
            self.sweep_system_trash();
        }
        self
    }

    /// The folder.
    #[must_use]
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Every file, sorted by name.
    #[must_use]
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// What the last open or reload found.
    #[must_use]
    pub fn report(&self) -> OpenReport {
        self.report
    }

    /// Reads the folder again (another program may have added files).
    ///
    /// # Errors
    /// As [`Library::open`].
    pub fn reload(&mut self) -> Result<(), LibraryError> {
        let (entries, report) = index::load(&self.dir)?;
        self.entries = entries;
        self.report = report;
        Ok(())
    }

    /// The file holding the game of this key, if one does.
    #[must_use]
    pub fn find(&self, key: u64) -> Option<&Entry> {
        self.entries.iter().find(|e| e.key == key && key != 0)
    }

    /// The full path of a file of the library.
    #[must_use]
    pub fn path_of(&self, file: &str) -> PathBuf {
        self.dir.join(file)
    }

    /// Reads a game of the library in full (to review or continue it).
    ///
    /// # Errors
    /// The file cannot be read or is not a game.
    pub fn load(&self, file: &str) -> Result<GameRecord, LibraryError> {
        let path = self.path_of(file);
        let text = scribe_fsio::read_text(&path).map_err(|e| LibraryError::File {
            path: path.clone(),
            reason: e.reason,
        })?;
        GameRecord::from_text(&text).map_err(|e| LibraryError::File {
            path,
            reason: e.to_string(),
        })
    }

    /// Keeps a game played here (the app calls it when a game ends, or is
    /// saved unfinished), under its [`file_name`]: a game kept in progress
    /// and kept again later (finished) is the same file. Returns the file's
    /// name.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn add(&mut self, record: &GameRecord) -> Result<String, LibraryError> {
        let file = match self.slot(record) {
            Slot::Same(f) | Slot::Longer(f) | Slot::Free(f) => f,
        };
        self.write(&file, record, false, true)?;
        Ok(file)
    }

    /// Where a game goes: the file of [`file_name`] unless that holds
    /// another game (other moves than this game's, or than a part of it),
    /// then the same name with `-2`, `-3`, …: different moves are different
    /// games, however alike their players and start.
    fn slot(&self, record: &GameRecord) -> Slot {
        let base = file_name(record);
        let stem = base.trim_end_matches(".ron");
        let moves = record.game.moves();
        for n in 1..=9999 {
            let file = if n == 1 {
                base.clone()
            } else {
                format!("{stem}-{n}.ron")
            };
            if !self.entries.iter().any(|e| e.file == file) {
                return Slot::Free(file);
            }
            // a damaged file, or another game: the next name
            let Ok(kept) = self.load(&file) else { continue };
            let kept = kept.game.moves();
            if kept.len() >= moves.len() && kept[..moves.len()] == *moves {
                return Slot::Same(file);
            }
            if kept.len() < moves.len() && moves[..kept.len()] == *kept {
                return Slot::Longer(file);
            }
        }
        Slot::Free(format!("{stem}-{:016x}.ron", game_key(record)))
    }

    /// Keeps a game of a server, under a file named by the server and the
    /// game's id, so that it is kept once however often it is fetched.
    /// Returns `None` when it was already kept.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn add_online(
        &mut self,
        server: &str,
        id: &str,
        record: &GameRecord,
    ) -> Result<Option<String>, LibraryError> {
        let file = online_file_name(server, id);
        if self.entries.iter().any(|e| e.file == file) {
            return Ok(None);
        }
        self.write(&file, record, true, true)?;
        Ok(Some(file))
    }

    /// Whether the game of a server is already kept.
    #[must_use]
    pub fn has_online(&self, server: &str, id: &str) -> bool {
        let file = online_file_name(server, id);
        self.entries.iter().any(|e| e.file == file)
    }

    /// Writes a game file and lists it; the index too when `index` (an
    /// import writes it once at the end).
    fn write(
        &mut self,
        file: &str,
        record: &GameRecord,
        online: bool,
        index: bool,
    ) -> Result<(), LibraryError> {
        let path = self.path_of(file);
        scribe_fsio::write_atomic(&path, record.to_ron().as_bytes()).map_err(|e| {
            LibraryError::File {
                path: path.clone(),
                reason: format!("{e:#}"),
            }
        })?;
        let meta = std::fs::metadata(&path).ok();
        let entry = Entry {
            file: file.to_string(),
            key: game_key(record),
            game: Ok(Summary::of(record, online)),
            size: meta.as_ref().map_or(0, std::fs::Metadata::len),
            mtime: meta.as_ref().map_or(0, index::mtime),
        };
        match self.entries.binary_search_by(|e| e.file.as_str().cmp(file)) {
            Ok(i) => self.entries[i] = entry,
            Err(i) => self.entries.insert(i, entry),
        }
        if index {
            index::save(&self.dir, &self.entries);
        }
        Ok(())
    }

    /// Imports files or folders (a folder's `.ron` and `.txt` files, and its
    /// folders', in name order). Each game is written as a save file; the
    /// same game twice is recognised and kept once. Returns what happened to
    /// each file, with its path.
    pub fn import(&mut self, paths: &[PathBuf]) -> Vec<(PathBuf, Imported)> {
        let mut files = Vec::new();
        for p in paths {
            collect(p, &mut files, 0);
        }
        let mut out = Vec::new();
        for path in files {
            let what = self.import_file(&path);
            out.push((path, what));
        }
        if out.iter().any(|(_, w)| matches!(w, Imported::Added(_))) {
            index::save(&self.dir, &self.entries);
        }
        out
    }

    fn import_file(&mut self, path: &Path) -> Imported {
        let text = match scribe_fsio::read_text(path) {
            Ok(t) => t,
            Err(e) => return Imported::Refused(e.reason),
        };
        let record = match GameRecord::from_text(&text) {
            Ok(r) => r,
            Err(e) => return Imported::Refused(e.to_string()),
        };
        let key = game_key(&record);
        if let Some(e) = self.find(key) {
            return Imported::Duplicate(e.file.clone());
        }
        // the same game in another state: only a longer one replaces one in
        // progress; a game of other moves is another game, in a file of its own
        let file = match self.slot(&record) {
            Slot::Same(f) => return Imported::Duplicate(f),
            Slot::Longer(f) => {
                let in_progress = self
                    .entries
                    .iter()
                    .find(|e| e.file == f)
                    .and_then(Entry::summary)
                    .is_some_and(|s| s.state == State::InProgress);
                if !in_progress {
                    return Imported::Duplicate(f);
                }
                f
            }
            Slot::Free(f) => f,
        };
        match self.write(&file, &record, false, false) {
            Ok(()) => Imported::Added(file),
            Err(e) => Imported::Refused(e.to_string()),
        }
    }

    /// Moves files to the library's trash (a rename: nothing is lost if the
    /// program is killed midway). Files already gone are skipped.
    ///
    /// # Errors
    /// The trash folder cannot be made or a file cannot be moved; those
    /// moved before stay in the trash and are listed in the error's
    /// [`Trashed`] for Undo.
    pub fn delete(&mut self, files: &[String]) -> Result<Trashed, (Trashed, LibraryError)> {
        // The desktop's trash: freedesktop only (see `with_system_trash`).
        #[cfg(all(unix, not(target_os = "macos")))]
        if self.system_trash {
            let paths: Vec<PathBuf> = files
                .iter()
                .map(|f| self.path_of(f))
                .filter(|p| p.exists())
                .collect();
            if trash::delete_all(&paths).is_ok() {
                let done = Trashed {
                    files: files
                        .iter()
                        .filter(|f| !self.path_of(f).exists())
                        .cloned()
                        .collect(),
                    system: true,
                };
                self.entries.retain(|e| !done.files.contains(&e.file));
                index::save(&self.dir, &self.entries);
                return Ok(done);
            }
            // no desktop trash here: the library's own
        }
        let trash = self.dir.join(TRASH_DIR);
        let mut done = Trashed {
            files: Vec::new(),
            system: false,
        };
        if let Err(e) = std::fs::create_dir_all(&trash) {
            return Err((
                done,
                LibraryError::Folder {
                    path: trash,
                    reason: e.to_string(),
                },
            ));
        }
        let mut failure = None;
        for f in files {
            let from = self.path_of(f);
            if !from.exists() {
                continue;
            }
            match std::fs::rename(&from, trash.join(f)) {
                Ok(()) => done.files.push(f.clone()),
                Err(e) => {
                    failure = Some(LibraryError::File {
                        path: from,
                        reason: e.to_string(),
                    });
                    break;
                }
            }
        }
        self.entries.retain(|e| !done.files.contains(&e.file));
        index::save(&self.dir, &self.entries);
        match failure {
            None => Ok(done),
            Some(e) => Err((done, e)),
        }
    }

    /// Brings back the files a [`Library::delete`] moved to the trash.
    ///
    /// # Errors
    /// A file cannot be moved back (the others are).
    pub fn undo_delete(&mut self, trashed: &Trashed) -> Result<(), LibraryError> {
        if trashed.system {
            let result = self.restore_from_system_trash(trashed);
            self.reload()?;
            return result;
        }
        let trash = self.dir.join(TRASH_DIR);
        let mut failure = None;
        for f in &trashed.files {
            if let Err(e) = std::fs::rename(trash.join(f), self.path_of(f)) {
                failure.get_or_insert(LibraryError::File {
                    path: trash.join(f),
                    reason: e.to_string(),
                });
            }
        }
        self.reload()?;
        failure.map_or(Ok(()), Err)
    }
}

impl Library {
    /// Whether a desktop-trash item is one of this library's files.
    #[cfg(all(unix, not(target_os = "macos")))]
    fn is_ours(&self, item: &trash::TrashItem) -> bool {
        let dir = std::fs::canonicalize(&self.dir).unwrap_or_else(|_| self.dir.clone());
        item.original_parent == dir || item.original_parent == self.dir
    }

    /// Whether a desktop-trash item holds a file (not the empty placeholder
    /// of a move that did not happen).
    #[cfg(all(unix, not(target_os = "macos")))]
    fn holds_a_file(item: &trash::TrashItem) -> bool {
        trash::os_limited::metadata(item)
            .is_ok_and(|m| !matches!(m.size, trash::TrashItemSize::Bytes(0)))
    }

    /// Removes from the desktop's trash the placeholders a killed delete
    /// left (see [`Library::with_system_trash`]). Best effort: a trash that
    /// cannot be read is left as it is.
    fn sweep_system_trash(&self) {
        #[cfg(all(unix, not(target_os = "macos")))]
        {
            let Ok(items) = trash::os_limited::list() else {
                return;
            };
            let debris: Vec<trash::TrashItem> = items
                .into_iter()
                .filter(|i| {
                    self.is_ours(i)
                        && i.name
                            .to_str()
                            .is_some_and(|n| is_game_file(n) && self.path_of(n).is_file())
                        && !Self::holds_a_file(i)
                })
                .collect();
            if !debris.is_empty() {
                let _ = trash::os_limited::purge_all(debris);
            }
        }
    }

    /// Brings back from the desktop's trash the newest item of each file
    /// (never an empty placeholder).
    fn restore_from_system_trash(&self, trashed: &Trashed) -> Result<(), LibraryError> {
        let fail = |reason: String| LibraryError::Folder {
            path: self.dir.clone(),
            reason,
        };
        #[cfg(all(unix, not(target_os = "macos")))]
        {
            let items = trash::os_limited::list().map_err(|e| fail(e.to_string()))?;
            let mut chosen: Vec<trash::TrashItem> = Vec::new();
            for f in &trashed.files {
                let newest = items
                    .iter()
                    .filter(|i| {
                        i.name.to_str() == Some(f.as_str())
                            && self.is_ours(i)
                            && Self::holds_a_file(i)
                    })
                    .max_by_key(|i| i.time_deleted);
                if let Some(i) = newest {
                    chosen.push(i.clone());
                }
            }
            trash::os_limited::restore_all(chosen).map_err(|e| fail(e.to_string()))
        }
        #[cfg(not(all(unix, not(target_os = "macos"))))]
        {
            let _ = trashed;
            Err(fail("the desktop's trash cannot be read here".to_string()))
        }
    }
}

/// The file name under which a game is kept: its start and a hash of its
/// variant, players and start, `2026-11-22-0731-<hash>.ron`, so that the
/// game kept in progress and kept again finished is one file; a game with
/// no start (a move list) is named by its [`game_key`], `undated-<key>.ron`.
#[must_use]
pub fn file_name(record: &GameRecord) -> String {
    match record.started {
        Some(d) => {
            let mut h = Fnv::default();
            h.write(record.variant.name().as_bytes());
            for p in scribe_rules::Player::ALL {
                h.write(b"\0");
                h.write(record.players[p].name.trim().as_bytes());
                h.write(format!("{:?}", record.players[p].kind).as_bytes());
            }
            h.write(d.to_rfc3339().as_bytes());
            format!("{}-{:016x}.ron", d.format("%Y-%m-%d-%H%M"), h.0)
        }
        None => format!("undated-{:016x}.ron", game_key(record)),
    }
}

/// The file name of a server's game: `online-<hash of server and id>.ron`
/// (the app keeps a finished online game under it, so that
/// [`Library::add_online`] never keeps it twice).
#[must_use]
pub fn online_file_name(server: &str, id: &str) -> String {
    let mut h = Fnv::default();
    h.write(server.trim_end_matches('/').as_bytes());
    h.write(b"\0");
    h.write(id.as_bytes());
    format!("online-{:016x}.ron", h.0)
}

/// Whether a file of the library folder is a game file.
pub(crate) fn is_game_file(name: &str) -> bool {
    !name.starts_with('.') && name.ends_with(".ron")
}

/// The files under `path` an import reads (folders to a depth of 8).
fn collect(path: &Path, out: &mut Vec<PathBuf>, depth: usize) {
    if path.is_dir() {
        if depth > 8 {
            return;
        }
        let Ok(rd) = std::fs::read_dir(path) else {
            out.push(path.to_path_buf());
            return;
        };
        let mut children: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
        children.sort();
        for c in children {
            let name = c.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if name.starts_with('.') {
                continue;
            }
            if c.is_dir() {
                collect(&c, out, depth + 1);
            } else if name.ends_with(".ron") || name.ends_with(".txt") {
                out.push(c);
            }
        }
    } else {
        out.push(path.to_path_buf());
    }
}

/// A game as a move list to keep or mail: comment lines naming the
/// players, date, variant and result, then the moves (a file `scribe`
/// reads back when it holds one game).
#[must_use]
pub fn move_list(record: &GameRecord) -> String {
    let s = Summary::of(record, false);
    let date = s.date().map_or_else(
        || "undated".to_string(),
        |d| d.format("%Y-%m-%d %H:%M").to_string(),
    );
    let moves: Vec<String> = record
        .game
        .moves()
        .iter()
        .map(ToString::to_string)
        .collect();
    let mut out = format!(
        "# {} (X) vs {} (O), {date}, {}: {}\n",
        s.players.x.name,
        s.players.o.name,
        s.variant.name(),
        s.result_text()
    );
    for line in moves.chunks(12) {
        out.push_str(&line.join(" "));
        out.push('\n');
    }
    out
}
