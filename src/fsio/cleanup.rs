//! The registry of temporary files in flight, and the signal handling that
//! removes them.

use anyhow::Context;
use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard, PoisonError};

/// The temporary files being written now, removed by [`remove_temporary_files`].
static IN_FLIGHT: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

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

/// For commands that write files: on SIGINT, SIGTERM or SIGHUP, remove the
/// temporary files in flight and exit with status 128 + the signal number.
/// The removal runs on a named thread fed by `signal-hook`, not in the signal
/// handler. Calling it again does nothing more. (On systems without these
/// signals it installs nothing.)
///
/// # Errors
/// The handler or its thread cannot be set up.
pub fn install_cli_signal_cleanup() -> anyhow::Result<()> {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        static INSTALLED: Mutex<bool> = Mutex::new(false);
        let mut installed = INSTALLED.lock().unwrap_or_else(PoisonError::into_inner);
        if *installed {
            return Ok(());
        }
        let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])
            .context("cannot install the signal handler")?;
        std::thread::Builder::new()
            .name("signal-cleanup".into())
            .spawn(move || {
                if let Some(sig) = signals.forever().next() {
                    remove_temporary_files_and_exit(128 + sig);
                }
            })
            .context("cannot start the signal-handling thread")?;
        *installed = true;
    }
    Ok(())
}
