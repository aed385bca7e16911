//! The index (`index.json`): each game file's summary with the size and
//! time it had when read, so that opening a library of thousands of games
//! reads one file. A file whose size or time differs from the index's, or
//! that the index does not name, is read and replayed again; an index that
//! is missing, damaged or of another version is rebuilt. The index is
//! derived data: losing it loses nothing.

use super::{Entry, LibraryError, Summary, game_key, is_game_file};
use scribe_record::GameRecord;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fs::Metadata;
use std::path::Path;

/// The index format's version: another is rebuilt (2: the computer
/// listed by its level, not as "O").
const VERSION: u32 = 2;

#[derive(Serialize, Deserialize)]
struct IndexFile {
    version: u32,
    entries: Vec<Entry>,
}

/// A file's modification time in nanoseconds since 1970 (0 if unknown).
pub(crate) fn mtime(meta: &Metadata) -> u128 {
    meta.modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos())
}

/// Every game file of `dir`, sorted by name, through the index where it is
/// up to date; the index rewritten when anything changed.
pub(crate) fn load(dir: &Path) -> Result<(Vec<Entry>, super::OpenReport), LibraryError> {
    let rd = std::fs::read_dir(dir).map_err(|e| LibraryError::Folder {
        path: dir.to_path_buf(),
        reason: e.to_string(),
    })?;
    let mut old: HashMap<String, Entry> = read_index(dir)
        .map(|i| i.entries.into_iter().map(|e| (e.file.clone(), e)).collect())
        .unwrap_or_default();
    let old_count = old.len();
    let mut report = super::OpenReport::default();
    let mut entries = Vec::new();
    for de in rd.flatten() {
        let Some(name) = de.file_name().to_str().map(str::to_string) else {
            continue;
        };
        if !is_game_file(&name) {
            continue;
        }
        let Ok(meta) = de.metadata() else { continue };
        if !meta.is_file() {
            continue;
        }
        let (size, time) = (meta.len(), mtime(&meta));
        match old.remove(&name) {
            Some(e) if e.size == size && e.mtime == time => {
                report.from_index += 1;
                entries.push(e);
            }
            _ => {
                report.reread += 1;
                entries.push(read_entry(dir, name, size, time));
            }
        }
    }
    entries.sort_by(|a, b| a.file.cmp(&b.file));
    // files gone since, or new ones read: the index is out of date
    if report.reread > 0 || old_count != report.from_index {
        save(dir, &entries);
        report.index_written = true;
    }
    Ok((entries, report))
}

/// Reads one game file into an entry (a damaged one with the reason).
pub(crate) fn read_entry(dir: &Path, file: String, size: u64, mtime: u128) -> Entry {
    let online = file.starts_with("online-");
    let read = scribe_fsio::read_text(&dir.join(&file))
        .map_err(|e| e.reason)
        .and_then(|t| GameRecord::from_text(&t).map_err(|e| e.to_string()));
    let (key, game) = match read {
        Ok(r) => (game_key(&r), Ok(Summary::of(&r, online))),
        Err(reason) => (0, Err(reason)),
    };
    Entry {
        file,
        key,
        game,
        size,
        mtime,
    }
}

fn read_index(dir: &Path) -> Option<IndexFile> {
    let bytes = std::fs::read(dir.join(super::INDEX_FILE)).ok()?;
    let index: IndexFile = serde_json::from_slice(&bytes).ok()?;
    (index.version == VERSION).then_some(index)
}

/// Writes the index atomically. A failure is not an error: the index is
/// rebuilt at the next open.
pub(crate) fn save(dir: &Path, entries: &[Entry]) {
    #[derive(Serialize)]
    struct Out<'a> {
        version: u32,
        entries: &'a [Entry],
    }
    if let Ok(bytes) = serde_json::to_vec(&Out {
        version: VERSION,
        entries,
    }) {
        let _ = scribe_fsio::write_atomic(&dir.join(super::INDEX_FILE), &bytes);
    }
}
