//! Where the app keeps things between runs, in its data folder (on Linux
//! `$XDG_DATA_HOME/scribe-desk/`, by default `~/.local/share/scribe-desk/`):
//!
//! - `current.ron`: the game in progress, an ordinary save file (`scribe show`
//!   reads it), written atomically after every change: a move, an undo, a
//!   redo, a new game, an opened game.
//! - `settings.ron`: the mark style, the last file, the window size, the
//!   reduce-motion switch, the course's step (and whether it was offered).
//!
//! Writing happens on a named thread (`scribe-store`), so the window never
//! waits for the disk; [`Saver::flush`] waits for it before the app closes.
//! A file that cannot be read is moved aside (`current.ron.damaged-<time>`)
//! and never overwritten; if it cannot even be moved, the app stops writing
//! that file for the rest of the run. A folder that cannot be written is
//! reported once, and the game goes on.
//!
//! In the browser the same files are kept in the page's local storage
//! (`store/web.rs`, built for the browser only); the data folder is then only a name ([`BROWSER_DIR`]).

use super::widgets::ink::MarkStyle;
use scribe_record::GameRecord;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Duration;

/// The game in progress.
pub const CURRENT: &str = "current.ron";
/// The settings.
pub const SETTINGS: &str = "settings.ron";

#[cfg(target_arch = "wasm32")]
mod web;

/// The data folder's name in the browser, where the files are kept in
/// the page's storage instead.
pub const BROWSER_DIR: &str = "browser storage";

/// The data folder: on the desktop the platform's (see
/// [`scribe_fsio::data_dir`]); in the browser, the page's storage.
#[must_use]
pub fn data_dir() -> Option<PathBuf> {
    if cfg!(target_arch = "wasm32") {
        Some(PathBuf::from(BROWSER_DIR))
    } else {
        scribe_fsio::data_dir()
    }
}

/// The largest board zoom (Ctrl+Plus).
pub const MAX_BOARD_ZOOM: f32 = 2.0;

/// Settings kept between runs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// How marks are drawn.
    pub style: MarkStyle,
    /// Where the game was last saved or opened.
    pub path: Option<PathBuf>,
    /// The window's inner size in points, when it was last closed.
    pub window: Option<[f32; 2]>,
    /// No stroke animations.
    pub reduce_motion: bool,
    /// The zoom factor of everything (Ctrl+Alt+Plus, Ctrl+Alt+Minus).
    pub zoom: f32,
    /// The board's own zoom (Ctrl+Plus, Ctrl+Minus): 1 fits its space;
    /// more makes it larger, in a scrolled area.
    pub board_zoom: f32,
    /// The window was maximized when it was last closed.
    pub maximized: bool,
    /// The folder of the file last opened or saved (the built-in prompt starts there).
    pub folder: Option<PathBuf>,
    /// The course (Help → Learn to play): offered yet, and the step left at.
    pub learn: super::modes::learn::Progress,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            style: MarkStyle::default(),
            path: None,
            window: None,
            reduce_motion: false,
            zoom: 1.0,
            board_zoom: 1.0,
            maximized: false,
            folder: None,
            learn: super::modes::learn::Progress::default(),
        }
    }
}

impl Settings {
    /// The settings file's text.
    #[must_use]
    pub fn to_ron(&self) -> String {
        let body = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::new())
            .unwrap_or_else(|e| format!("// could not write: {e}"));
        format!("// Scribe Desk settings\n{body}\n")
    }

    /// Reads a settings file.
    ///
    /// # Errors
    /// Not RON, or a key this program does not know: line, column and what.
    pub fn from_ron(text: &str) -> Result<Settings, String> {
        ron::from_str(text.trim_start_matches('\u{feff}')).map_err(|e| {
            format!(
                "line {}, column {}: {}",
                e.span.start.line,
                e.span.start.col,
                scribe_record::ron_message(&e.code)
            )
        })
    }

    /// The stored zoom factor, if it is a sane one.
    #[must_use]
    pub fn sane_zoom(&self) -> Option<f32> {
        (self.zoom.is_finite() && (0.5..=3.0).contains(&self.zoom)).then_some(self.zoom)
    }

    /// The board's zoom, within what the app offers.
    #[must_use]
    pub fn board_zoom(&self) -> f32 {
        if self.board_zoom.is_finite() {
            self.board_zoom.clamp(1.0, MAX_BOARD_ZOOM)
        } else {
            1.0
        }
    }

    /// The stored window size, if it is one a window can have.
    #[must_use]
    pub fn sane_window(&self, min: [f32; 2]) -> Option<[f32; 2]> {
        let [w, h] = self.window?;
        let ok = |v: f32, lo: f32| v.is_finite() && v >= lo && v <= 16_384.0;
        (ok(w, min[0]) && ok(h, min[1])).then_some([w, h])
    }
}

/// What was found at start in one file of the data folder.
#[derive(Debug)]
pub enum Found<T> {
    /// No such file (the first run).
    Missing,
    /// Read.
    Read(T),
    /// The file could not be read. It was moved to `moved_to`, or, when
    /// even that failed (`None`), it is left as it is and never written.
    Damaged {
        /// Why it could not be read.
        error: String,
        /// Where it is now.
        moved_to: Option<PathBuf>,
    },
}

impl<T> Found<T> {
    /// A sentence for the status line about a damaged file, naming where it is.
    #[must_use]
    pub fn complaint(&self, what: &str, path: &Path) -> Option<String> {
        match self {
            Found::Damaged {
                error,
                moved_to: Some(to),
            } => Some(format!(
                "The {what} could not be read ({error}); it was kept as {}.",
                to.display()
            )),
            Found::Damaged {
                error,
                moved_to: None,
            } => Some(format!(
                "The {what} could not be read ({error}) nor moved aside; {} is left as it is and not written.",
                path.display()
            )),
            _ => None,
        }
    }
}

/// Reads `name` from `dir` with `parse`. A file that cannot be read or parsed
/// is renamed `<name>.damaged-<time>`; see [`Found`].
pub fn load<T>(dir: &Path, name: &str, parse: impl FnOnce(&str) -> Result<T, String>) -> Found<T> {
    #[cfg(target_arch = "wasm32")]
    return {
        let _ = dir;
        web::load(name, parse)
    };
    #[cfg(not(target_arch = "wasm32"))]
    load_file(dir, name, parse)
}

#[cfg(not(target_arch = "wasm32"))]
fn load_file<T>(dir: &Path, name: &str, parse: impl FnOnce(&str) -> Result<T, String>) -> Found<T> {
    let path = dir.join(name);
    // no such file, or no such folder (a file stands where the folder
    // should be): nothing to read, and writing will say what is wrong
    match std::fs::symlink_metadata(&path) {
        Err(e)
            if matches!(
                e.kind(),
                std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
            ) =>
        {
            return Found::Missing;
        }
        _ => {}
    }
    let error = match scribe_fsio::read_text(&path) {
        Ok(text) => match parse(&text) {
            Ok(value) => return Found::Read(value),
            Err(e) => e,
        },
        Err(e) => format!("{e:#}"),
    };
    let stamp = chrono::Local::now().format("%Y%m%d-%H%M%S");
    let mut to = dir.join(format!("{name}.damaged-{stamp}"));
    let mut n = 1;
    while std::fs::symlink_metadata(&to).is_ok() {
        n += 1;
        to = dir.join(format!("{name}.damaged-{stamp}-{n}"));
    }
    let moved_to = std::fs::rename(&path, &to).ok().map(|()| to);
    Found::Damaged { error, moved_to }
}

/// The game in progress as found at start. The stale temporary files a
/// killed save left in the folder are swept first
/// ([`scribe_fsio::sweep_stale_temporary_files`]: only those no running
/// writer holds).
#[must_use]
pub fn load_game(dir: &Path) -> Found<GameRecord> {
    scribe_fsio::sweep_stale_temporary_files(dir);
    load(dir, CURRENT, |text| {
        GameRecord::from_text(text).map_err(|e| e.to_string())
    })
}

/// The settings, if they can be read, touching nothing (for the window size,
/// before the window opens; [`load_settings`] deals with damage after).
#[must_use]
pub fn peek_settings(dir: &Path) -> Option<Settings> {
    #[cfg(target_arch = "wasm32")]
    let text = {
        let _ = dir;
        web::read(SETTINGS)?
    };
    #[cfg(not(target_arch = "wasm32"))]
    let text = scribe_fsio::read_text(&dir.join(SETTINGS)).ok()?;
    Settings::from_ron(&text).ok()
}

/// The settings as found at start.
#[must_use]
pub fn load_settings(dir: &Path) -> Found<Settings> {
    load(dir, SETTINGS, Settings::from_ron)
}

#[derive(Debug, Default)]
struct Queue {
    /// The newest text waiting for each file.
    pending: BTreeMap<String, String>,
    /// The thread is writing.
    busy: bool,
    /// Errors not yet shown.
    errors: Vec<String>,
    /// Files never to write (damaged and left in place).
    blocked: Vec<String>,
}

/// Writes files of the data folder on a worker thread, newest text wins.
#[derive(Debug, Clone)]
pub struct Saver {
    dir: Option<PathBuf>,
    shared: Arc<(Mutex<Queue>, Condvar)>,
}

impl Saver {
    /// A saver writing into `dir` (nothing is written when `None`), with a
    /// thread that wakes `ctx` when something goes wrong.
    #[must_use]
    pub fn new(dir: Option<PathBuf>, ctx: Option<egui::Context>) -> Saver {
        let saver = Saver {
            dir,
            shared: Arc::new((Mutex::new(Queue::default()), Condvar::new())),
        };
        // in the browser each save is written at once (store/web.rs)
        #[cfg(target_arch = "wasm32")]
        let _ = ctx;
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(dir) = saver.dir.clone() {
            let shared = Arc::clone(&saver.shared);
            let spawned = std::thread::Builder::new()
                .name("scribe-store".to_string())
                .spawn(move || write_loop(&dir, &shared, ctx.as_ref()));
            if let Err(e) = spawned {
                saver
                    .lock()
                    .errors
                    .push(format!("cannot start the saver: {e}"));
            }
        }
        saver
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Queue> {
        self.shared.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The folder written to.
    #[must_use]
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// Never write `name` in this run (it is damaged and left in place).
    pub fn block(&self, name: &str) {
        self.lock().blocked.push(name.to_string());
    }

    /// Queues `text` to be written to `name` (replacing older queued text).
    pub fn save(&self, name: &str, text: String) {
        if self.dir.is_none() {
            return;
        }
        let mut q = self.lock();
        if q.blocked.iter().any(|b| b == name) {
            return;
        }
        #[cfg(target_arch = "wasm32")]
        if let Err(e) = web::write(name, &text) {
            q.errors.push(e);
        }
        #[cfg(not(target_arch = "wasm32"))]
        q.pending.insert(name.to_string(), text);
        drop(q);
        self.shared.1.notify_all();
    }

    /// Errors since the last call, oldest first.
    #[must_use]
    pub fn take_errors(&self) -> Vec<String> {
        std::mem::take(&mut self.lock().errors)
    }

    /// Waits until everything queued is on disk, at most `limit`; true if it is.
    pub fn flush(&self, limit: Duration) -> bool {
        let deadline = web_time::Instant::now() + limit;
        let mut q = self.lock();
        while !q.pending.is_empty() || q.busy {
            let left = deadline.saturating_duration_since(web_time::Instant::now());
            if left.is_zero() {
                return false;
            }
            q = self
                .shared
                .1
                .wait_timeout(q, left)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
        true
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn write_loop(dir: &Path, shared: &(Mutex<Queue>, Condvar), ctx: Option<&egui::Context>) {
    let (lock, cv) = shared;
    loop {
        let job = {
            let mut q = lock.lock().unwrap_or_else(PoisonError::into_inner);
            while q.pending.is_empty() {
                q = cv.wait(q).unwrap_or_else(PoisonError::into_inner);
            }
            q.busy = true;
            q.pending.pop_first()
        };
        let error = job.and_then(|(name, text)| {
            let result = std::fs::create_dir_all(dir)
                .map_err(|e| anyhow::anyhow!("cannot create the folder {}: {e}", dir.display()))
                .and_then(|()| scribe_fsio::write_atomic(&dir.join(&name), text.as_bytes()));
            result.err().map(|e| format!("{e:#}"))
        });
        let mut q = lock.lock().unwrap_or_else(PoisonError::into_inner);
        q.busy = false;
        if let Some(e) = error {
            q.errors.push(e);
            if let Some(ctx) = ctx {
                ctx.request_repaint();
            }
        }
        drop(q);
        cv.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_damaged_game_is_moved_aside_never_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(CURRENT), "(format_version: 1, varia").unwrap();
        let Found::Damaged {
            moved_to: Some(to),
            error,
        } = load_game(dir.path())
        else {
            panic!("a damaged file is reported as such")
        };
        assert!(error.contains("line 1"), "{error}");
        assert_eq!(
            std::fs::read_to_string(&to).unwrap(),
            "(format_version: 1, varia"
        );
        assert!(!dir.path().join(CURRENT).exists());
        assert!(matches!(load_game(dir.path()), Found::Missing));
    }

    #[test]
    fn settings_round_trip_and_unknown_keys_are_refused() {
        let s = Settings {
            style: MarkStyle::XO,
            path: Some(PathBuf::from("game.ron")),
            window: Some([1000.0, 700.0]),
            reduce_motion: true,
            zoom: 1.25,
            board_zoom: 1.5,
            maximized: true,
            folder: Some(PathBuf::from("/home/ann/games")),
            learn: crate::modes::learn::Progress {
                offered: true,
                step: 4,
            },
        };
        assert_eq!(Settings::from_ron(&s.to_ron()).unwrap(), s);
        let e = Settings::from_ron("(stile: XO)").unwrap_err();
        assert!(e.contains("stile"), "{e}");
    }

    #[test]
    fn absurd_window_sizes_are_ignored() {
        let min = [900.0, 640.0];
        for bad in [
            [f32::NAN, 700.0],
            [64.0, 700.0],
            [1000.0, f32::INFINITY],
            [1e9, 700.0],
        ] {
            let s = Settings {
                window: Some(bad),
                ..Settings::default()
            };
            assert_eq!(s.sane_window(min), None, "{bad:?}");
        }
        let s = Settings {
            window: Some([1000.0, 700.0]),
            ..Settings::default()
        };
        assert_eq!(s.sane_window(min), Some([1000.0, 700.0]));
    }

    #[test]
    fn the_saver_writes_the_newest_text_and_reports_a_bad_folder() {
        let dir = tempfile::tempdir().unwrap();
        let saver = Saver::new(Some(dir.path().to_path_buf()), None);
        for n in 0..20 {
            saver.save(CURRENT, format!("text {n}"));
        }
        assert!(saver.flush(Duration::from_secs(10)));
        assert_eq!(
            std::fs::read_to_string(dir.path().join(CURRENT)).unwrap(),
            "text 19"
        );
        assert!(saver.take_errors().is_empty());

        // the data folder is a file
        let file = dir.path().join("a-file");
        std::fs::write(&file, "x").unwrap();
        let saver = Saver::new(Some(file.join("scribe-desk")), None);
        saver.save(CURRENT, "text".to_string());
        assert!(saver.flush(Duration::from_secs(10)));
        let errors = saver.take_errors();
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].contains("cannot create the folder"), "{errors:?}");
    }

    #[test]
    fn stale_temporary_files_are_swept_at_start() {
        let dir = tempfile::tempdir().unwrap();
        let stale = dir.path().join(".scribe-K1ll3d.tmp");
        let young = dir.path().join(".scribe-Wr1t1n.tmp");
        std::fs::write(&stale, "(format_version: 1").unwrap();
        std::fs::write(&young, "(format_version: 1").unwrap();
        let old = web_time::SystemTime::now() - Duration::from_secs(24 * 3600);
        std::fs::File::options()
            .write(true)
            .open(&stale)
            .unwrap()
            .set_modified(old)
            .unwrap();
        assert!(matches!(load_game(dir.path()), Found::Missing));
        assert!(!stale.exists(), "a stale temporary file is swept");
        assert!(young.exists(), "a young one may be a running writer's");
    }

    #[test]
    fn settings_errors_speak_plainly() {
        let e = Settings::from_ron("(style: Plu)").unwrap_err();
        assert!(e.contains("unknown value 'Plu'"), "{e}");
        assert!(!e.contains("enum") && !e.contains("MarkStyle"), "{e}");
    }

    #[test]
    fn a_game_with_an_unreadable_review_is_kept() {
        let dir = tempfile::tempdir().unwrap();
        let mut r = GameRecord::from_game(scribe_record::replay("D6 H4").unwrap());
        let review = scribe_ai::review::review_game(
            r.game.moves(),
            scribe_rules::Variant::Majority,
            &scribe_ai::review::ReviewConfig::quick(),
            1,
            &mut |_, _| {},
            &std::sync::atomic::AtomicBool::new(false),
        )
        .unwrap();
        r.review = Some(Box::new(scribe_record::Review::from_engine(
            &review,
            &scribe_ai::review::ReviewConfig::quick(),
            1,
        )));
        let text = r.to_ron().replacen("forced:", "forcd:", 1);
        std::fs::write(dir.path().join(CURRENT), text).unwrap();
        let Found::Read(read) = load_game(dir.path()) else {
            panic!("the game is kept")
        };
        assert_eq!(read.game.moves().len(), 2);
        assert!(read.review.is_none());
        let note = read.review_note.unwrap();
        assert!(note.contains("unknown key 'forcd'"), "{note}");
    }

    #[test]
    fn a_blocked_file_is_never_written() {
        let dir = tempfile::tempdir().unwrap();
        let saver = Saver::new(Some(dir.path().to_path_buf()), None);
        saver.block(CURRENT);
        saver.save(CURRENT, "text".to_string());
        assert!(saver.flush(Duration::from_secs(10)));
        assert!(!dir.path().join(CURRENT).exists());
    }
}
