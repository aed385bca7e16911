//! SIGTERM, SIGINT and SIGHUP close the window cleanly: the game in progress
//! is already on disk after every move, and the app's exit waits for the
//! last write. A thread (`scribe-signals`) waits for the signal, then asks
//! the window to close; should the window not close within a few seconds
//! (hidden, or stuck), it waits for the saver itself and exits.

use super::store::Saver;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set when a terminating signal arrived.
#[derive(Debug, Clone, Default)]
pub struct Quit(Arc<AtomicBool>);

impl Quit {
    /// Whether a signal asked the app to quit.
    #[must_use]
    pub fn requested(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Starts listening for the signals. Errors (no thread, no handler) are
/// returned as a sentence for the status line; the app runs on without.
///
/// # Errors
/// The handler or its thread could not be set up.
#[cfg(unix)]
pub fn listen(ctx: egui::Context, saver: Saver) -> Result<Quit, String> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use std::time::Duration;
    // The writer's own handler leaves these signals to this one.
    scribe_fsio::app_handles_signals();
    let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGINT, SIGHUP])
        .map_err(|e| format!("cannot listen for signals: {e}"))?;
    let quit = Quit::default();
    let flag = Arc::clone(&quit.0);
    std::thread::Builder::new()
        .name("scribe-signals".to_string())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                flag.store(true, Ordering::Relaxed);
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                ctx.request_repaint();
                std::thread::sleep(Duration::from_secs(3));
                // the window did not close: save and go anyway
                saver.flush(Duration::from_secs(5));
                scribe_fsio::remove_temporary_files_and_exit(128 + signal);
            }
        })
        .map_err(|e| format!("cannot listen for signals: {e}"))?;
    Ok(quit)
}

/// Elsewhere the platform's own close request does the job: on Windows a
/// program with a window gets no signals; closing it, signing out and
/// shutting down reach it as window messages (a close request), and the
/// game is on disk after every move anyway.
///
/// # Errors
/// Never.
#[cfg(not(unix))]
pub fn listen(_ctx: egui::Context, _saver: Saver) -> Result<Quit, String> {
    Ok(Quit::default())
}
