//! `scribe.com`: Scribe Desk's command line for Windows terminals.
//!
//! `scribe.exe` is a windowed program, and terminals do not wait for those:
//! `cmd` and PowerShell give their prompt back at once and the output of
//! `scribe.exe score game.ron` comes after it. This small console program is
//! installed beside it as `scribe.com`; typing `scribe …` in the install
//! folder (or with it on `PATH`) finds `scribe.com` first (`PATHEXT` lists
//! `.COM` before `.EXE`), which runs `scribe.exe` with the same arguments and
//! the terminal's own input and output, waits for it, and ends with its
//! exit code. The app opened through it (`scribe` with no command) works too.
//!
//! Built for every target with the workspace, it means something only on
//! Windows; elsewhere it says so.

use std::process::ExitCode;

fn main() -> ExitCode {
    if !cfg!(windows) {
        eprintln!(
            "scribe-console is the Windows terminal's launcher of scribe.exe; run scribe here"
        );
        return ExitCode::FAILURE;
    }
    let exe = match std::env::current_exe() {
        Ok(me) => me.with_file_name("scribe.exe"),
        Err(e) => {
            eprintln!("error: cannot find scribe.exe beside this program: {e}");
            return ExitCode::FAILURE;
        }
    };
    // the terminal's handles are passed on: scribe.exe writes to them directly
    match std::process::Command::new(&exe)
        .args(std::env::args_os().skip(1))
        .status()
    {
        Ok(status) => status
            .code()
            .and_then(|c| u8::try_from(c).ok())
            .map_or(ExitCode::FAILURE, ExitCode::from),
        Err(e) => {
            eprintln!("error: cannot run {}: {e}", exe.display());
            ExitCode::FAILURE
        }
    }
}
