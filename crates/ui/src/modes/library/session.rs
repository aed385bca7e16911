//! The library's session, egui-free: the games as listed (filtered and
//! sorted), the selection, the page shown (games or statistics), and the
//! last delete for Undo. The library itself is read and imported into on
//! worker threads (`mod.rs`); this holds what they bring back.

use scribe_library::filter::{OpponentFilter, Prepared, sort};
use scribe_library::stats::{likely_owner, suggestion};
use scribe_library::{Column, Entry, Filter, Library, ResultFilter, Stats, Trashed};
use scribe_rules::Variant;
use std::collections::BTreeSet;

/// Which page the library shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Page {
    /// The table of games.
    Games,
    /// The statistics.
    Stats,
}

/// The library as the window shows it.
#[derive(Debug)]
pub(crate) struct LibrarySession {
    lib: Library,
    prepared: Prepared,
    /// The filters (`me` is "you").
    pub(crate) filter: Filter,
    /// The date filters as typed (YYYY-MM-DD); a bad one is ignored and said.
    pub(crate) from_text: String,
    /// As `from_text`, the last day.
    pub(crate) to_text: String,
    /// Indices into the entries: the rows shown, in order.
    rows: Vec<usize>,
    /// The column sorted by, and whether ascending.
    pub(crate) sort: (Column, bool),
    /// The files selected.
    pub(crate) selected: BTreeSet<String>,
    /// The page shown.
    pub(crate) page: Page,
    /// The last delete, for Undo.
    pub(crate) trashed: Option<Trashed>,
    stats: Stats,
}

impl LibrarySession {
    /// A session on an opened library: every game, newest first; "you" is
    /// the person with the most games.
    pub(crate) fn new(lib: Library) -> LibrarySession {
        let mut s = LibrarySession {
            prepared: Prepared::default(),
            lib,
            filter: Filter::default(),
            from_text: String::new(),
            to_text: String::new(),
            rows: Vec::new(),
            sort: (Column::Date, false),
            selected: BTreeSet::new(),
            page: Page::Games,
            trashed: None,
            stats: Stats::default(),
        };
        s.refresh();
        s.filter.me = likely_owner(&s.stats);
        s.refilter();
        s
    }

    /// The library (for a worker to import into a copy).
    pub(crate) fn library(&self) -> &Library {
        &self.lib
    }

    /// The library changed (an import, a delete): everything derived again.
    pub(crate) fn replace(&mut self, lib: Library) {
        self.lib = lib;
        self.refresh();
    }

    fn refresh(&mut self) {
        self.prepared = Prepared::new(self.lib.entries());
        self.stats = Stats::of(self.lib.entries());
        let files: BTreeSet<&str> = self.lib.entries().iter().map(|e| e.file.as_str()).collect();
        self.selected.retain(|f| files.contains(f.as_str()));
        self.refilter();
    }

    /// Filters and sorts again (after a keystroke or a choice).
    pub(crate) fn refilter(&mut self) {
        self.filter.from = parse_day(&self.from_text);
        self.filter.to = parse_day(&self.to_text);
        self.rows = self.filter.apply(self.lib.entries(), &self.prepared);
        sort(self.lib.entries(), &mut self.rows, self.sort.0, self.sort.1);
    }

    /// The rows shown.
    pub(crate) fn rows(&self) -> impl ExactSizeIterator<Item = &Entry> + '_ {
        self.rows.iter().map(|&i| &self.lib.entries()[i])
    }

    /// The row at `i` of those shown.
    pub(crate) fn row(&self, i: usize) -> Option<&Entry> {
        self.rows.get(i).map(|&i| &self.lib.entries()[i])
    }

    /// How many rows are shown.
    pub(crate) fn shown(&self) -> usize {
        self.rows.len()
    }

    /// How many files the library has.
    pub(crate) fn total(&self) -> usize {
        self.lib.entries().len()
    }

    /// Sorts by `column`: again on the same column turns the order round.
    pub(crate) fn sort_by(&mut self, column: Column) {
        self.sort = if self.sort.0 == column {
            (column, !self.sort.1)
        } else {
            (column, column != Column::Date)
        };
        self.refilter();
    }

    /// The selected entries, in the table's order.
    pub(crate) fn chosen(&self) -> Vec<&Entry> {
        self.rows()
            .filter(|e| self.selected.contains(&e.file))
            .collect()
    }

    /// Selects a row: alone, or added to (or taken from) the selection.
    pub(crate) fn select(&mut self, file: &str, add: bool) {
        if !add {
            self.selected.clear();
            self.selected.insert(file.to_string());
        } else if !self.selected.remove(file) {
            self.selected.insert(file.to_string());
        }
    }

    /// Moves the selection one row up or down (the keyboard).
    pub(crate) fn step(&mut self, down: bool) {
        let at = self.rows().position(|e| self.selected.contains(&e.file));
        let next = match at {
            None => 0,
            Some(i) if down => (i + 1).min(self.shown().saturating_sub(1)),
            Some(i) => i.saturating_sub(1),
        };
        if let Some(file) = self.row(next).map(|e| e.file.clone()) {
            self.select(&file, false);
        }
    }

    /// The statistics of the whole library.
    pub(crate) fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The names of the people in the library, most games first.
    pub(crate) fn people(&self) -> Vec<String> {
        self.stats.players.iter().map(|p| p.name.clone()).collect()
    }

    /// The suggestion of a stronger level for "you", if any.
    pub(crate) fn suggestion(&self) -> Option<String> {
        self.filter
            .me
            .as_deref()
            .and_then(|me| suggestion(self.lib.entries(), me))
    }

    /// Moves the selected files to the trash; Undo brings them back.
    ///
    /// # Errors
    /// A file could not be moved (those moved before can be brought back).
    pub(crate) fn delete_selected(&mut self) -> Result<usize, String> {
        let files: Vec<String> = self.chosen().iter().map(|e| e.file.clone()).collect();
        if files.is_empty() {
            return Err("choose the games to delete first".to_string());
        }
        // the row after the deleted ones is chosen next (as in a file list)
        let first = self
            .rows()
            .position(|e| files.contains(&e.file))
            .unwrap_or(0);
        let mut lib = self.lib.clone();
        let result = lib.delete(&files);
        let (trashed, error) = match result {
            Ok(t) => (t, None),
            Err((t, e)) => (t, Some(e.to_string())),
        };
        let n = trashed.files.len();
        self.trashed = (n > 0).then_some(trashed);
        self.replace(lib);
        self.selected.clear();
        if let Some(next) = self.row(first.min(self.shown().saturating_sub(1))) {
            self.selected.insert(next.file.clone());
        }
        error.map_or(Ok(n), Err)
    }

    /// Brings back the files of the last delete.
    ///
    /// # Errors
    /// A file could not be moved back.
    pub(crate) fn undo_delete(&mut self) -> Result<usize, String> {
        let Some(t) = self.trashed.take() else {
            return Ok(0);
        };
        let mut lib = self.lib.clone();
        let result = lib.undo_delete(&t).map_err(|e| e.to_string());
        self.replace(lib);
        self.selected = t.files.iter().cloned().collect();
        result.map(|()| t.files.len())
    }

    /// Sets a filter from the panel.
    pub(crate) fn set_variant(&mut self, v: Option<Variant>) {
        self.filter.variant = v;
        self.refilter();
    }

    /// Sets the result filter.
    pub(crate) fn set_result(&mut self, r: Option<ResultFilter>) {
        self.filter.result = r;
        self.refilter();
    }

    /// Sets the opponent filter.
    pub(crate) fn set_opponent(&mut self, o: Option<OpponentFilter>) {
        self.filter.opponent = o;
        self.refilter();
    }
}

/// A day typed as YYYY-MM-DD (`None` for anything else).
pub(crate) fn parse_day(text: &str) -> Option<chrono::NaiveDate> {
    chrono::NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(n: usize) -> (tempfile::TempDir, LibrarySession) {
        let dir = tempfile::tempdir().unwrap();
        scribe_library::generate::write_games(dir.path(), n, 3).unwrap();
        let lib = Library::open(dir.path()).unwrap();
        (dir, LibrarySession::new(lib))
    }

    #[test]
    fn newest_first_and_sorting_turns_round() {
        let (_d, mut s) = session(30);
        assert_eq!(s.shown(), 30);
        let dates: Vec<_> = s.rows().map(|e| e.summary().unwrap().date()).collect();
        assert!(dates.windows(2).all(|w| w[0] >= w[1]));
        s.sort_by(Column::Date);
        let dates: Vec<_> = s.rows().map(|e| e.summary().unwrap().date()).collect();
        assert!(dates.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(s.filter.me.as_deref(), Some("Ann"));
    }

    #[test]
    fn typing_a_name_filters_and_a_bad_date_is_ignored() {
        let (_d, mut s) = session(60);
        s.filter.text = "emeka".into();
        s.refilter();
        assert!(s.shown() > 0 && s.shown() < 60);
        assert!(s.rows().all(|e| {
            let p = &e.summary().unwrap().players;
            p.x.name == "Emeka" || p.o.name == "Emeka"
        }));
        s.filter.text.clear();
        s.from_text = "2026-13-45".into();
        s.refilter();
        assert_eq!(s.shown(), 60);
    }

    #[test]
    fn delete_and_undo_keep_the_selection() {
        let (_d, mut s) = session(5);
        let file = s.row(0).unwrap().file.clone();
        s.select(&file, false);
        s.step(true);
        s.step(false);
        assert_eq!(s.delete_selected(), Ok(1));
        assert_eq!(s.total(), 4);
        assert_eq!(s.undo_delete(), Ok(1));
        assert_eq!(s.total(), 5);
        assert!(s.selected.contains(&file));
    }
}
