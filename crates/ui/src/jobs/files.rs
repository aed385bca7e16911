//! Files: the native dialogs, reading a game, writing atomically.

use super::{Done, Purpose};
use scribe_record::GameRecord;
use std::path::{Path, PathBuf};

/// No native file dialog could be shown on this desktop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NoDialog;

impl std::fmt::Display for NoDialog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(
            "no file dialog could be shown on this desktop \
             (it needs xdg-desktop-portal or zenity)",
        )
    }
}

/// Whether a native dialog can be expected: on Linux and the BSDs rfd asks
/// the XDG desktop portal over D-Bus and falls back to `zenity`; with no
/// session bus and no zenity nothing can appear. Elsewhere the system's own
/// dialogs are always there.
#[must_use]
pub fn native_dialog_expected() -> bool {
    // the browser: no dialog, a download (see pick_native)
    if !cfg!(all(unix, not(target_os = "macos"))) {
        return true;
    }
    let on_path = |name: &str| {
        std::env::var_os("PATH")
            .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join(name).is_file()))
    };
    on_path("zenity") || std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some()
}

/// Shows the native file dialog for `purpose` (blocking: call it on a
/// worker). A dialog that closes with no answer faster than a person could
/// cancel it was never shown: that, and no backend at all, is [`NoDialog`].
///
/// # Errors
/// [`NoDialog`], as above.
pub(crate) fn pick(purpose: Purpose, suggested: &str) -> Result<Option<PathBuf>, NoDialog> {
    if !native_dialog_expected() {
        return Err(NoDialog);
    }
    let started = web_time::Instant::now();
    let picked = pick_native(purpose, suggested);
    if cfg!(target_arch = "wasm32") {
        return Ok(picked);
    }
    if picked.is_none() && started.elapsed() < std::time::Duration::from_millis(250) {
        return Err(NoDialog);
    }
    Ok(picked)
}

/// In the browser there is no folder to choose: a file is downloaded
/// under the name suggested (the browser asks where, if it is set to),
/// and Open is an upload ([`super::Jobs::upload`]).
#[cfg(target_arch = "wasm32")]
fn pick_native(_purpose: Purpose, suggested: &str) -> Option<PathBuf> {
    Some(PathBuf::from(suggested))
}

#[cfg(not(target_arch = "wasm32"))]
fn pick_native(purpose: Purpose, suggested: &str) -> Option<PathBuf> {
    let d = rfd::FileDialog::new();
    match purpose {
        Purpose::Open => d
            .set_title("Open a Scribe game")
            .add_filter("Scribe game", &["ron"])
            .add_filter("Move list", &["txt"])
            .add_filter("All files", &["*"])
            .pick_file(),
        Purpose::Save => d
            .set_title("Save the game")
            .add_filter("Scribe game", &["ron"])
            .set_file_name(suggested)
            .save_file(),
        Purpose::ImportFile => d
            .set_title("Import games into the library")
            .add_filter("Scribe game", &["ron"])
            .add_filter("Move list", &["txt"])
            .add_filter("All files", &["*"])
            .pick_file(),
        Purpose::ImportFolder => d
            .set_title("Import a folder of games into the library")
            .pick_folder(),
        Purpose::ScanPhoto => d
            .set_title("Scan a paper board: choose its photo")
            .add_filter("Photo", &["jpg", "jpeg", "png", "JPG", "JPEG", "PNG"])
            .add_filter("All files", &["*"])
            .pick_file(),
        Purpose::LibraryMoves => d
            .set_title("Save the move lists")
            .add_filter("Text", &["txt"])
            .set_file_name(suggested)
            .save_file(),
        Purpose::BlankBoards
        | Purpose::GamePdf
        | Purpose::PuzzleBook
        | Purpose::LibraryBook
        | Purpose::GumSheet => d
            .set_title("Save the PDF")
            .add_filter("PDF", &["pdf"])
            .set_file_name(suggested)
            .save_file(),
    }
}

/// Reads a save file (RON) or a move list, replaying every move through the
/// rules. The message of an error names the file and what is wrong where.
///
/// # Errors
/// An unreadable file, a malformed save file, a bad square or an illegal move.
pub fn read_game(path: &Path) -> Result<GameRecord, String> {
    let text = scribe_fsio::read_text(path).map_err(|e| format!("{e:#}"))?;
    GameRecord::from_text(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Reads a game from the bytes of a file called `name` (an upload, a
/// file dropped on the window), as [`read_game`] reads a file.
///
/// # Errors
/// Not text, a malformed save file, a bad square or an illegal move.
pub fn read_bytes(name: &Path, bytes: &[u8]) -> Result<GameRecord, String> {
    let text =
        std::str::from_utf8(bytes).map_err(|_| format!("{}: not a text file", name.display()))?;
    GameRecord::from_text(text).map_err(|e| format!("{}: {e}", name.display()))
}

/// Writes `bytes` to `path` atomically.
///
/// # Errors
/// As [`scribe_fsio::write_atomic`], as one line.
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    #[cfg(target_arch = "wasm32")]
    return download(path, bytes);
    #[cfg(not(target_arch = "wasm32"))]
    write_file(path, bytes)
}

/// The browser's Save: the bytes as a download named as `path`'s file.
#[cfg(target_arch = "wasm32")]
fn download(path: &Path, bytes: &[u8]) -> Result<(), String> {
    use wasm_bindgen::JsCast;
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let fail = |what: &str| format!("cannot download {name}: {what}");
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes).into());
    let blob = web_sys::Blob::new_with_u8_array_sequence(&parts).map_err(|_| fail("no blob"))?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(|_| fail("no address"))?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| fail("no page"))?;
    let a = document
        .create_element("a")
        .map_err(|_| fail("no link"))?
        .dyn_into::<web_sys::HtmlAnchorElement>()
        .map_err(|_| fail("no link"))?;
    a.set_href(&url);
    a.set_download(&name);
    a.click();
    // the browser has taken the bytes once the click is handled
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

#[cfg(not(target_arch = "wasm32"))]
fn write_file(path: &Path, bytes: &[u8]) -> Result<(), String> {
    // said in the player's words, before a temporary file is ever named
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        if !dir.exists() {
            return Err(format!(
                "the folder {} does not exist; choose another",
                dir.display()
            ));
        }
        if !dir.is_dir() {
            return Err(format!("{} is not a folder", dir.display()));
        }
    }
    scribe_fsio::write_atomic(path, bytes).map_err(|e| format!("{e:#}"))
}

/// Shows the native file dialog, or says there is none (`native` false:
/// never try, as in tests).
pub fn file_dialog(
    purpose: Purpose,
    suggested: String,
    native: bool,
) -> impl FnOnce() -> Done + Send + 'static {
    move || {
        let picked = if native {
            pick(purpose, &suggested)
        } else {
            Err(NoDialog)
        };
        Done::Picked(purpose, picked)
    }
}

/// Reads a game file.
pub fn open(path: PathBuf) -> impl FnOnce() -> Done + Send + 'static {
    move || {
        let result = read_game(&path);
        Done::Loaded(path, result)
    }
}

/// Writes bytes made by `make` (a save file's text, a PDF) to `path`, atomically.
pub fn write_with<B: Into<Made>>(
    path: PathBuf,
    make: impl FnOnce() -> anyhow::Result<B> + Send + 'static,
) -> impl FnOnce() -> Done + Send + 'static {
    move || {
        let result = make().map_err(|e| format!("{e:#}")).and_then(|b| {
            let made = b.into();
            write(&path, &made.bytes).map(|()| made.note)
        });
        Done::Written(path, result)
    }
}

/// A file's bytes made on a worker, and what the player should know of
/// them ("1 damaged game left out").
#[derive(Debug)]
pub struct Made {
    /// What is written.
    pub bytes: Vec<u8>,
    /// Said after "Saved …".
    pub note: Option<String>,
}

impl From<Vec<u8>> for Made {
    fn from(bytes: Vec<u8>) -> Made {
        Made { bytes, note: None }
    }
}

/// Makes a file's bytes on a worker (a mode's export).
pub type Make = Box<dyn FnOnce() -> anyhow::Result<Made> + Send>;
