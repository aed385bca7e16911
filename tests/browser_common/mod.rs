//! Whether a real browser can be driven here, for the tests that need one
//! (`tests/web.rs`, `tests/web_app.rs`): Chromium and chromedriver (at
//! `$SCRIBE_CHROMIUM` and `$SCRIBE_CHROMEDRIVER`, else in `/usr/bin`) and
//! Python's selenium. Without them those tests say so and pass.

use std::path::Path;
use std::process::Command;

/// Whether `program args` runs and succeeds.
fn have(program: &str, args: &[&str]) -> bool {
    Command::new(program)
        .args(args)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Whether chromium, chromedriver and selenium are all here.
pub fn browser_here() -> bool {
    let chromium = std::env::var("SCRIBE_CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    let driver =
        std::env::var("SCRIBE_CHROMEDRIVER").unwrap_or_else(|_| "/usr/bin/chromedriver".into());
    Path::new(&chromium).exists()
        && Path::new(&driver).exists()
        && have("python3", &["-c", "import selenium"])
}
