//! The `scribe` binary: the desktop app, or a command-line tool.

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = scribe::cli::Cli::parse();
    match scribe::cli::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
