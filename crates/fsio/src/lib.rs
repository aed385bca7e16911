//! Reading a user's files with bounds, and writing files without ever leaving
//! a truncated one (or a stray temporary file) behind.
//!
//! - [`read_text`] reads a game or template: a regular file of at most
//!   [`MAX_INPUT_BYTES`], UTF-8, a leading byte-order mark skipped. Folders,
//!   FIFOs and devices are refused at once, never read (so never waited on).
//! - [`write_atomic`] writes through a temporary file in the target's folder,
//!   then renames it over the target. Every temporary file in flight is listed
//!   in a process-wide registry, so that a signal handler can remove them;
//!   the writer installs that handler itself ([`install_cli_signal_cleanup`])
//!   unless the program has its own ([`app_handles_signals`], then
//!   [`remove_temporary_files_and_exit`]). Stale temporary files a killed
//!   writer left are swept ([`sweep_stale_temporary_files`]).
//! - [`check_output`] checks an output path before the work that fills it.

mod cleanup;
mod read;
mod write;

/// Makes a named pipe at `path` (tests of what must not be read or written).
#[cfg(all(test, unix))]
fn make_fifo(path: &std::path::Path) {
    let made = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success(), "mkfifo {}", path.display());
}

pub use cleanup::{
    STALE_AFTER, app_handles_signals, install_cli_signal_cleanup, remove_temporary_files,
    remove_temporary_files_and_exit, sweep_stale_temporary_files,
};
pub use read::{ReadError, read_text};
pub use write::{OutputCheck, check_output, write_atomic};

use std::fs::Metadata;
use std::path::Path;

/// The data folder of Scribe Desk (the app's saved game and settings, the
/// online client's tokens, the server's default database):
/// `$XDG_DATA_HOME/scribe-desk` (or the platform's equivalent), `None` when
/// the platform names none (no home folder).
#[must_use]
pub fn data_dir() -> Option<std::path::PathBuf> {
    dirs::data_dir().map(|d| d.join("scribe-desk"))
}

/// Text written for people to open in an editor (move lists saved as
/// `.txt`) with the platform's line endings: CRLF on Windows, where Notepad
/// before Windows 10's October 2018 update shows a file of bare LFs as one
/// line; elsewhere as it is. Save files (`.ron`) keep LF everywhere: every
/// reader of ours takes either.
#[must_use]
pub fn native_line_endings(text: &str) -> std::borrow::Cow<'_, str> {
    line_endings(text, cfg!(windows))
}

/// `text` with CRLF line endings (`crlf`), or as it is.
fn line_endings(text: &str, crlf: bool) -> std::borrow::Cow<'_, str> {
    if crlf {
        std::borrow::Cow::Owned(text.replace("\r\n", "\n").replace('\n', "\r\n"))
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// The largest game or template file read: 1 MiB. A finished game's save file
/// is under 2 KB and a template under 4 KB.
pub const MAX_INPUT_BYTES: u64 = 1 << 20;

/// How many symbolic links [`write_atomic`] follows before giving up (as Linux does).
pub(crate) const MAX_SYMLINKS: usize = 40;

/// A path as a message shows it: control characters escaped, at most 200 characters.
pub(crate) fn shown(path: &Path) -> String {
    scribe_rules::escape_path_shown(&path.display().to_string(), 200)
}

/// What a file that is not a regular file is, for a message ("a folder").
pub(crate) fn kind_of(meta: &Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    "not a regular file"
}

#[cfg(test)]
mod tests {
    use super::line_endings;

    #[test]
    fn windows_text_has_crlf_once_and_the_rest_is_kept() {
        let text = "1. E5\n2. D6\r\n\nlast";
        assert_eq!(line_endings(text, true), "1. E5\r\n2. D6\r\n\r\nlast");
        // already CRLF: unchanged, never CR CR LF
        assert_eq!(
            line_endings(&line_endings(text, true), true),
            "1. E5\r\n2. D6\r\n\r\nlast"
        );
        assert_eq!(line_endings(text, false), text);
        assert_eq!(
            super::native_line_endings(text),
            line_endings(text, cfg!(windows))
        );
    }
}
