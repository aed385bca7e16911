//! The console of a Windows program that is also a window.
//!
//! `scribe.exe` is built for the Windows *windows* subsystem (see
//! `src/main.rs`), so that starting the app from the Start menu or by a
//! double click opens no console window. Such a program has no console of
//! its own: `scribe.exe score game.ron` typed in a terminal would print
//! nothing. [`attach_to_terminal`] joins the console of the terminal that
//! started the program, if there is one, so that text commands print there.
//!
//! Elsewhere (Linux, macOS, the browser) every program already has its
//! terminal, and [`attach_to_terminal`] does nothing.

/// Joins the console of the process that started this one (a terminal:
/// `cmd`, PowerShell, Windows Terminal), so that standard output and error
/// reach it. Standard handles that were already given (output redirected to
/// a file or a pipe) are kept: only missing ones are taken from the console.
/// Started from the Start menu, Explorer or a shortcut there is no such
/// console, and nothing changes. Call it first thing in `main`.
///
/// The terminal does not wait for a windows-subsystem program: in `cmd` the
/// prompt comes back at once and the output follows it. `scribe.com` (this
/// crate's `scribe-console`, installed beside `scribe.exe`) waits: typing
/// `scribe …` finds it first.
pub fn attach_to_terminal() {
    #[cfg(windows)]
    attach_windows();
}

#[cfg(windows)]
#[allow(unsafe_code)]
fn attach_windows() {
    use windows_sys::Win32::Foundation::{HANDLE, INVALID_HANDLE_VALUE};
    use windows_sys::Win32::System::Console::{
        ATTACH_PARENT_PROCESS, AttachConsole, GetStdHandle, STD_ERROR_HANDLE, STD_HANDLE,
        STD_INPUT_HANDLE, STD_OUTPUT_HANDLE, SetStdHandle,
    };
    const STREAMS: [STD_HANDLE; 3] = [STD_INPUT_HANDLE, STD_OUTPUT_HANDLE, STD_ERROR_HANDLE];
    let missing = |h: &HANDLE| h.is_null() || *h == INVALID_HANDLE_VALUE;
    // SAFETY: GetStdHandle, AttachConsole and SetStdHandle take plain
    // values, touch no memory of ours, and are safe to call at any time;
    // a failure is reported by their return values, handled here. The
    // handles set back are the process's own standard handles, read just
    // before. Rust's standard library asks for the standard handle at each
    // write, so what is set here is what `println!` uses.
    unsafe {
        let given = STREAMS.map(|s| GetStdHandle(s));
        if !given.iter().any(missing) {
            // every stream redirected already (a pipe, a file): keep them
            return;
        }
        if AttachConsole(ATTACH_PARENT_PROCESS) == 0 {
            // no terminal started us (Start menu, Explorer): no console
            return;
        }
        // AttachConsole points all three at the console: give back the
        // streams that were redirected
        for (stream, handle) in STREAMS.into_iter().zip(given) {
            if !missing(&handle) {
                SetStdHandle(stream, handle);
            }
        }
    }
}
