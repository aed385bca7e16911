//! The whole app in a browser (issue 45): the static files that
//! `packaging/web/build.sh` writes into `target/web/`, loaded in headless
//! Chromium by `tests/web/app.py` (selenium): the page starts with no
//! console error and draws, a whole game against Beginner is clicked to the
//! end and scores as `scribe score` does, Save downloads a file `scribe
//! show` reads, a reload keeps the game, Game → Scan a paper board… reads
//! a photo (`tests/data/scan-full-a4.jpg`) in the worker as `scribe scan`
//! does, a phone's size starts too.
//!
//! Skipped, saying so, without the build (`bash packaging/web/build.sh`;
//! `.ci/run` makes it) or without chromium, chromedriver and selenium.

mod browser_common;

use std::path::Path;
use std::process::Command;

#[test]
fn the_app_plays_a_whole_game_in_a_real_browser() {
    let site = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/web");
    if !site.join("index.html").exists() || !site.join("scribe_web_bg.wasm").exists() {
        println!("skipped: the browser app (build it first: bash packaging/web/build.sh)");
        eprintln!("skipped: the browser app (build it first: bash packaging/web/build.sh)");
        return;
    }
    if !browser_common::browser_here() {
        println!("skipped: the browser app (needs chromium, chromium-driver, python3 selenium)");
        eprintln!("skipped: the browser app (needs chromium, chromium-driver, python3 selenium)");
        return;
    }
    let mut cmd = Command::new("python3");
    cmd.arg("tests/web/app.py")
        .arg("--site")
        .arg(&site)
        .args(["--scribe", env!("CARGO_BIN_EXE_scribe")]);
    if let Ok(shots) = std::env::var("SCRIBE_WEB_SHOTS") {
        cmd.args(["--shots", &shots]);
    }
    let out = cmd.output().expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{stdout}");
    assert!(
        out.status.success(),
        "the browser app test failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("FIGURES "), "no figures: {stdout}");
}
