//! Helpers shared by the integration tests. Each test binary uses a part of
//! them, so the rest is dead code there.
#![allow(dead_code)]

use std::process::{Command, Output};

// The games the tests share (brute force, random games), kept once with the
// engine's own tests.
#[path = "../../crates/ai/tests/common/mod.rs"]
mod games;
#[allow(unused_imports)] // each test binary uses a part
pub use games::*;

// The app through egui_kittest (app, press, next_frame), kept once with the
// app's own tests.
#[path = "../../crates/ui/tests/common/mod.rs"]
mod kittest;
#[allow(unused_imports)] // each test binary uses a part
pub use kittest::*;

/// Runs the `scribe` binary with `args` (no input) and waits for it.
pub fn scribe(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_scribe"))
        .args(args)
        .output()
        .expect("the scribe binary runs")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Bad input, as every command must report it: a non-zero exit, nothing on
/// stdout, and exactly one line on stderr, `error: ...`, holding `expected`
/// once. (The one check for every test binary: the copies differed.)
pub fn assert_clear_error(o: &Output, expected: &str) {
    assert!(!o.status.success(), "exit status {:?}", o.status);
    assert_eq!(stdout(o), "", "nothing on stdout");
    let err = stderr(o);
    assert_eq!(err.lines().count(), 1, "one line on stderr: {err:?}");
    assert!(
        err.starts_with("error: "),
        "{err:?} should start with \"error: \""
    );
    assert_eq!(
        err.matches(expected).count(),
        1,
        "{err:?} should contain {expected:?} once"
    );
}

/// The hidden temporary files `write_atomic` leaves if it is interrupted.
pub fn temp_files(dir: &std::path::Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".scribe-") && n.ends_with(".tmp"))
        .collect()
}
