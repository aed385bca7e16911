//! The web client that `scribe serve` serves at `/`: the page and its files,
//! with their content types and caching, straight from the binary (always);
//! and a real browser playing through it — headless Chromium driven by
//! `tests/web/browser.py` (selenium) — when chromium, chromedriver and
//! Python's selenium are installed (`.ci/run` installs them).

mod browser_common;
mod online_common;

use online_common::Server;
use std::collections::HashMap;
use std::process::Command;
use std::time::Duration;

struct Answer {
    status: u16,
    headers: HashMap<String, String>,
    body: Vec<u8>,
}

impl Answer {
    fn header(&self, name: &str) -> &str {
        self.headers.get(name).map_or("", String::as_str)
    }

    fn text(&self) -> String {
        String::from_utf8(self.body.clone()).expect("text")
    }
}

fn fetch(url: &str) -> Answer {
    let agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(30)))
        .build()
        .new_agent();
    let resp = agent.get(url).call().expect("the server answers");
    let status = resp.status().as_u16();
    let headers = resp
        .headers()
        .iter()
        .map(|(k, v)| (k.as_str().to_string(), v.to_str().unwrap_or("").to_string()))
        .collect();
    let body = resp
        .into_body()
        .with_config()
        .limit(10 << 20)
        .read_to_vec()
        .unwrap();
    Answer {
        status,
        headers,
        body,
    }
}

/// The quoted names that follow `marker` in `text`.
fn quoted_after<'a>(text: &'a str, marker: &str) -> Vec<&'a str> {
    text.split(marker)
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .collect()
}

#[test]
fn the_page_and_its_files_come_from_the_binary() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::sqlite(dir.path());
    let page = fetch(&format!("{}/", server.url));
    assert_eq!(page.status, 200);
    assert_eq!(page.header("content-type"), "text/html; charset=utf-8");
    assert_eq!(page.header("cache-control"), "no-cache");
    assert!(
        page.header("content-security-policy")
            .contains("default-src 'none'")
    );
    assert_eq!(page.header("x-content-type-options"), "nosniff");
    let html = page.text();
    assert!(html.contains(r#"<label for="signin-name">Name</label>"#));
    assert!(html.contains(r#"<label for="signin-password">Password</label>"#));
    assert!(html.contains(">Sign in</button>") && html.contains(">Sign up</button>"));
    assert!(html.contains(r#"id="turn" class="turn" role="status" aria-live="polite""#));
    // Nothing from outside the server.
    assert!(!html.contains("http://") && !html.contains("https://") && !html.contains("//cdn"));

    let prefix = html
        .split("href=\"")
        .filter_map(|r| r.split('"').next())
        .find(|h| h.starts_with("/assets/") && h.ends_with("/style.css"))
        .expect("the style sheet's address")
        .trim_end_matches("style.css")
        .to_string();
    let mut names: Vec<String> = quoted_after(&html, &prefix)
        .into_iter()
        .map(str::to_string)
        .collect();
    let mut seen = Vec::new();
    while let Some(name) = names.pop() {
        if seen.contains(&name) {
            continue;
        }
        let file = fetch(&format!("{}{prefix}{name}", server.url));
        assert_eq!(file.status, 200, "{name}");
        assert_eq!(
            file.header("cache-control"),
            "public, max-age=31536000, immutable",
            "{name}"
        );
        let want = match name.rsplit('.').next().unwrap() {
            "js" => "text/javascript; charset=utf-8",
            "css" => "text/css; charset=utf-8",
            "svg" => "image/svg+xml",
            "ttf" => "font/ttf",
            other => panic!("unexpected file type {other} ({name})"),
        };
        assert_eq!(file.header("content-type"), want, "{name}");
        if name.ends_with(".js") {
            // its modules, resolved beside it
            names.extend(
                quoted_after(&file.text(), " from \"./")
                    .into_iter()
                    .map(str::to_string),
            );
            // the SVG namespace is a name, not an address
            let code = file.text().replace("http://www.w3.org/2000/svg", "");
            assert!(!code.contains("://"), "{name} reaches outside");
        }
        if name.ends_with(".css") {
            names.extend(
                file.text()
                    .split("url(\"")
                    .skip(1)
                    .filter_map(|r| r.split('"').next())
                    .map(str::to_string),
            );
        }
        if name.ends_with(".ttf") {
            assert_eq!(
                file.body,
                std::fs::read("fonts/ScribeHand-Regular.ttf").unwrap()
            );
        }
        seen.push(name);
    }
    for want in [
        "app.js",
        "api.js",
        "board.js",
        "pen.js",
        "squares.js",
        "notify.js",
        "pages.js",
        "style.css",
        "ScribeHand-Regular.ttf",
    ] {
        assert!(seen.iter().any(|s| s == want), "{want} is never loaded");
    }
    // An old page's address still gets the file, but not for keeps; a
    // file that does not exist is a 404; the API is untouched.
    let old = fetch(&format!("{}/assets/0000/app.js", server.url));
    assert_eq!((old.status, old.header("cache-control")), (200, "no-cache"));
    let none = fetch(&format!("{}{prefix}nothing.js", server.url));
    assert_eq!(none.status, 404);
    let api = fetch(&format!("{}/api/v1/nothing", server.url));
    assert_eq!(api.status, 404);
    assert!(api.header("content-type").starts_with("application/json"));
}

#[test]
fn a_real_browser_plays_whole_games_through_the_page() {
    if !browser_common::browser_here() {
        println!("skipped: browser tests (need chromium, chromium-driver, python3 selenium)");
        eprintln!("skipped: browser tests (need chromium, chromium-driver, python3 selenium)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // A "day" of a few seconds, for the game with a time limit (a switch of
    // debug builds only; a release build skips that game).
    let server = Server::sqlite_with_day(dir.path(), 6000);
    let games = if cfg!(debug_assertions) {
        "1,2,3,4,6,7,9,10,11,12,5"
    } else {
        println!("skipped: the time-limit game (SCRIBE_SERVE_DAY_MS exists in debug builds only)");
        "1,2,3,6,7,9,10,11,12,5"
    };
    let mut cmd = Command::new("python3");
    cmd.args(["tests/web/browser.py", "--server", &server.url])
        .args(["--scribe", env!("CARGO_BIN_EXE_scribe")])
        .args(["--games", games]);
    if let Ok(shots) = std::env::var("SCRIBE_WEB_SHOTS") {
        cmd.args(["--shots", &shots]);
    }
    let out = cmd.output().expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{stdout}");
    assert!(
        out.status.success(),
        "the browser test failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("FIGURES "), "no figures: {stdout}");
}
