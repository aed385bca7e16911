//! The registry of temporary files in flight, the signal handling that
//! removes them, and the sweep of stale ones a killed writer left.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// The temporary files being written now, removed by [`remove_temporary_files`].
static IN_FLIGHT: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Set by [`app_handles_signals`]: the program has its own handler for the
/// terminating signals, which ends with [`remove_temporary_files_and_exit`].
static APP_HANDLES_SIGNALS: AtomicBool = AtomicBool::new(false);

pub(super) fn in_flight() -> MutexGuard<'static, Vec<PathBuf>> {
    IN_FLIGHT.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Removes every temporary file that [`super::write_atomic`] is writing now (the
/// targets are untouched). For a signal handler's thread, just before the
/// process exits; see [`remove_temporary_files_and_exit`] to do both with no
/// gap in which a new temporary file could appear.
pub fn remove_temporary_files() {
    for p in in_flight().drain(..) {
        let _ = std::fs::remove_file(p);
    }
}

/// Removes every temporary file in flight and exits with `code`, holding the
/// registry's lock so that no new temporary file can be created in between.
/// A write that is renaming its file finishes first (the target is then
/// complete).
pub fn remove_temporary_files_and_exit(code: i32) -> ! {
    let mut list = in_flight();
    for p in list.drain(..) {
        let _ = std::fs::remove_file(p);
    }
    std::process::exit(code)
}

/// Tells [`super::write_atomic`] that this program (the desktop app) handles
/// SIGINT, SIGTERM and SIGHUP itself, waiting for its writes and ending with
/// [`remove_temporary_files_and_exit`]: the writer's own handler then leaves
/// those signals to it. Call it before the first write.
pub fn app_handles_signals() {
    APP_HANDLES_SIGNALS.store(true, Ordering::SeqCst);
}

/// What every [`super::write_atomic`] makes sure of first, so that no writer
/// can forget it: on SIGINT, SIGTERM or SIGHUP the temporary files in flight
/// are removed and the process exits with 128 + the signal (unless
/// [`app_handles_signals`] was called), and SIGXFSZ (a file over `ulimit -f`)
/// no longer kills the process: the write fails with "larger than the system
/// allows" and its temporary file is removed like on any error.
pub(super) fn ensure_signal_cleanup() -> anyhow::Result<()> {
    install_cli_signal_cleanup()
}

/// For commands that write files: on SIGINT, SIGTERM or SIGHUP, remove the
/// temporary files in flight and exit with status 128 + the signal number;
/// SIGXFSZ makes the write fail instead of killing the process. The removal
/// runs on a named thread fed by `signal-hook`, not in the signal handler.
/// Calling it again does nothing more; [`super::write_atomic`] calls it
/// itself. After [`app_handles_signals`] the thread leaves the terminating
/// signals to the app's handler. (On systems without these signals it
/// installs nothing: on Windows Ctrl+C ends a console program at once, and
/// the temporary file it may leave is swept as stale by the next start,
/// see [`super::sweep_stale_temporary_files`]; the target is never half
/// written either way.)
///
/// # Errors
/// The handler or its thread cannot be set up.
pub fn install_cli_signal_cleanup() -> anyhow::Result<()> {
    #[cfg(unix)]
    {
        use anyhow::Context;
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        static INSTALLED: Mutex<bool> = Mutex::new(false);
        let mut installed = INSTALLED.lock().unwrap_or_else(PoisonError::into_inner);
        if *installed {
            return Ok(());
        }
        // A handled SIGXFSZ turns "killed, temporary file left" into EFBIG.
        signal_hook::flag::register(libc::SIGXFSZ, std::sync::Arc::new(AtomicBool::new(false)))
            .context("cannot install the signal handler")?;
        let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])
            .context("cannot install the signal handler")?;
        std::thread::Builder::new()
            .name("signal-cleanup".into())
            .spawn(move || {
                for sig in signals.forever() {
                    if !APP_HANDLES_SIGNALS.load(Ordering::SeqCst) {
                        remove_temporary_files_and_exit(128 + sig);
                    }
                }
            })
            .context("cannot start the signal-handling thread")?;
        *installed = true;
    }
    Ok(())
}

/// A temporary file of ours no running writer holds is stale from this age
/// on (a writer holds a lock on its file from the moment it creates it).
pub const STALE_AFTER: Duration = Duration::from_secs(60);

/// Where locks cannot be taken (some network file systems), the age from
/// which a temporary file counts as stale all the same.
const STALE_AFTER_UNLOCKED: Duration = Duration::from_secs(3600);

/// Whether `name` is one of [`super::write_atomic`]'s temporary files.
pub(super) fn is_temporary_name(name: &str) -> bool {
    name.starts_with(".scribe-") && name.ends_with(".tmp")
}

/// Removes the stale temporary files (`.scribe-*.tmp`) that a killed writer
/// left in `dir`: regular files at least [`STALE_AFTER`] old that no running
/// writer holds (every writer keeps a lock on its temporary file). Nothing
/// else is touched. Returns how many were removed; a folder that cannot be
/// read is not an error (there is nothing to sweep).
pub fn sweep_stale_temporary_files(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        if !name.to_str().is_some_and(is_temporary_name) {
            continue;
        }
        let path = entry.path();
        let Ok(meta) = std::fs::symlink_metadata(&path) else {
            continue;
        };
        let age = meta
            .modified()
            .ok()
            .and_then(|m| m.elapsed().ok())
            .unwrap_or_default();
        if !meta.is_file() || age < STALE_AFTER {
            continue;
        }
        let Ok(file) = std::fs::File::open(&path) else {
            continue;
        };
        let free = match file.try_lock() {
            Ok(()) => true,
            Err(std::fs::TryLockError::WouldBlock) => false,
            Err(std::fs::TryLockError::Error(_)) => age >= STALE_AFTER_UNLOCKED,
        };
        // Removed while holding the lock: a writer cannot be holding it.
        if free && std::fs::remove_file(&path).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// [`sweep_stale_temporary_files`] once per folder and process (for every write).
pub(super) fn sweep_once(dir: &Path) {
    static SWEPT: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
    let key = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    {
        let mut swept = SWEPT.lock().unwrap_or_else(PoisonError::into_inner);
        if swept.contains(&key) {
            return;
        }
        swept.push(key);
    }
    sweep_stale_temporary_files(dir);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn aged(path: &Path, secs: u64) {
        let f = std::fs::File::options().write(true).open(path).unwrap();
        f.set_modified(std::time::SystemTime::now() - Duration::from_secs(secs))
            .unwrap();
    }

    #[test]
    fn the_sweep_removes_only_stale_unheld_temporary_files() {
        let dir = tempfile::tempdir().unwrap();
        let p = |n: &str| dir.path().join(n);
        for n in [
            ".scribe-old.tmp",
            ".scribe-new.tmp",
            ".scribe-held.tmp",
            "keep.tmp",
        ] {
            std::fs::write(p(n), b"x").unwrap();
        }
        for n in [".scribe-old.tmp", ".scribe-held.tmp", "keep.tmp"] {
            aged(&p(n), 7200);
        }
        std::fs::create_dir(p(".scribe-dir.tmp")).unwrap();
        let held = std::fs::File::open(p(".scribe-held.tmp")).unwrap();
        held.lock().unwrap();
        assert_eq!(sweep_stale_temporary_files(dir.path()), 1);
        assert!(!p(".scribe-old.tmp").exists());
        for n in [
            ".scribe-new.tmp",
            ".scribe-held.tmp",
            "keep.tmp",
            ".scribe-dir.tmp",
        ] {
            assert!(p(n).exists(), "{n}");
        }
        drop(held);
        assert_eq!(sweep_stale_temporary_files(dir.path()), 1);
        assert_eq!(sweep_stale_temporary_files(&p("no-such-folder")), 0);
    }
}
