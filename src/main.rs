//! The `scribe` binary: the desktop app, or a command-line tool.

use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = scribe::cli::parse();
    match scribe::cli::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
