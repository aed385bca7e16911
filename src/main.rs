//! The `scribe` binary: the desktop app, or a command-line tool.

// Windows: a program of the windows subsystem, so that the app started from
// the Start menu or by a double click opens no console window beside it;
// text commands typed in a terminal print there through
// `scribe_winconsole::attach_to_terminal` (the first thing `main` does).
#![cfg_attr(windows, windows_subsystem = "windows")]

use std::process::ExitCode;

/// mimalloc returns freed memory to the system; glibc's allocator kept each
/// password hash's 19 MiB (`scribe serve`: 290 MB after a dozen sign-ins,
/// 25 MB with mimalloc).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    // before parsing: `--help`, `--version` and a mistyped option print too
    scribe_winconsole::attach_to_terminal();
    let cli = scribe::cli::parse();
    if cli.prints_text() {
        // A text command whose reader went away (`scribe move … | head -1`)
        // ends there, as `cat` would, instead of panicking on the write.
        // Not the app, and not the server, which serve on.
        sigpipe::reset();
    }
    match scribe::cli::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
