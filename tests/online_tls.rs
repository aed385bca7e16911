//! https from every client: `scribe serve --tls-cert --tls-key` on loopback
//! with a certificate signed by a certificate authority made here (rcgen),
//! the command-line client trusting it through `SSL_CERT_FILE`, the app's
//! client (its live stream included) through its "Certificate authority"
//! setting, and a clear line when the authority is not trusted. Nothing
//! leaves the machine.

mod online_common;

use online_common::{Server, free_port, make_pki};
use scribe::api;
use scribe::online::Client;
use scribe::online::stream::{self, Heard};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc;
use std::time::Duration;

/// A TLS server on a fresh SQLite file; its https address.
pub fn tls_server(dir: &Path, cert: &Path, key: &Path) -> (Server, String) {
    let db = format!("sqlite:{}", dir.join("server.sqlite3").display());
    let port = free_port();
    let server = Server::start(
        &db,
        port,
        &[
            "--tls-cert",
            cert.to_str().unwrap(),
            "--tls-key",
            key.to_str().unwrap(),
        ],
    );
    (server, format!("https://localhost:{port}"))
}

/// `scribe online --server URL ARGS…` from `home`, with `SSL_CERT_FILE`
/// set to `ca` (or unset), `input` on standard input.
fn online(home: &Path, url: &str, ca: Option<&Path>, args: &[&str], input: &str) -> Output {
    use std::io::Write as _;
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_scribe"));
    cmd.arg("online")
        .args(["--server", url])
        .args(args)
        .env("XDG_DATA_HOME", home)
        .env_remove("SSL_CERT_FILE")
        .env_remove("SSL_CERT_DIR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(ca) = ca {
        cmd.env("SSL_CERT_FILE", ca);
    }
    let mut child = cmd.spawn().unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn ok(out: &Output, what: &str) -> String {
    assert!(
        out.status.success(),
        "{what} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

#[test]
fn the_command_line_plays_over_https_trusting_ssl_cert_file() {
    let dir = tempfile::tempdir().unwrap();
    let (ca, cert, key) = make_pki(dir.path(), "club");
    let (_server, url) = tls_server(dir.path(), &cert, &key);
    let ann = tempfile::tempdir().unwrap();
    let bob = tempfile::tempdir().unwrap();
    for (home, name) in [(&ann, "ann"), (&bob, "bob")] {
        let out = online(
            home.path(),
            &url,
            Some(&ca),
            &["signup", name, "--password-stdin"],
            &format!("{name}-password\n"),
        );
        ok(&out, &format!("signup {name} over https"));
    }
    let out = online(
        ann.path(),
        &url,
        Some(&ca),
        &["challenge", "bob", "--side", "x"],
        "",
    );
    let said = ok(&out, "challenge over https");
    let id = said.split_whitespace().last().unwrap().to_string();
    ok(
        &online(bob.path(), &url, Some(&ca), &["accept", &id], ""),
        "accept",
    );
    ok(
        &online(ann.path(), &url, Some(&ca), &["move", &id, "E5"], ""),
        "move",
    );
    let shown = ok(
        &online(bob.path(), &url, Some(&ca), &["show", &id, "--json"], ""),
        "show",
    );
    let game: serde_json::Value = serde_json::from_str(&shown).unwrap();
    assert_eq!(game["history"], serde_json::json!(["E5"]), "{shown}");
}

#[test]
fn an_untrusted_authority_is_one_clear_line_and_plain_http_is_turned_away() {
    let dir = tempfile::tempdir().unwrap();
    let (_ca, cert, key) = make_pki(dir.path(), "club");
    let (other_ca, _, _) = make_pki(dir.path(), "stranger");
    let (server, url) = tls_server(dir.path(), &cert, &key);
    let home = tempfile::tempdir().unwrap();
    for ca in [None, Some(other_ca.as_path())] {
        let out = online(
            home.path(),
            &url,
            ca,
            &["signup", "ann", "--password-stdin"],
            "ann-password\n",
        );
        assert!(
            !out.status.success(),
            "signed up without trusting the server"
        );
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "not one line: {err}");
        assert!(
            err.contains("certificate is not trusted") && err.contains("SSL_CERT_FILE"),
            "{err}"
        );
    }
    // Plain HTTP to the TLS port: refused, and the server carries on.
    let plain = format!("http://127.0.0.1:{}", server.port);
    let out = online(
        home.path(),
        &plain,
        None,
        &["signup", "ann", "--password-stdin"],
        "ann-password\n",
    );
    assert!(!out.status.success());
    let ca = dir.path().join("club-ca.pem");
    ok(
        &online(
            home.path(),
            &url,
            Some(&ca),
            &["signup", "ann", "--password-stdin"],
            "ann-password\n",
        ),
        "signup after a plain-HTTP attempt",
    );
}

#[test]
fn a_key_that_does_not_fit_is_told_before_the_server_starts() {
    let dir = tempfile::tempdir().unwrap();
    let (_ca, cert, _key) = make_pki(dir.path(), "club");
    let (_, _, other_key) = make_pki(dir.path(), "other");
    let out = Command::new(env!("CARGO_BIN_EXE_scribe"))
        .args(["serve", "--listen", &format!("127.0.0.1:{}", free_port())])
        .args(["--database", "sqlite::memory:"])
        .args(["--tls-cert", cert.to_str().unwrap()])
        .args(["--tls-key", other_key.to_str().unwrap()])
        .env("XDG_DATA_HOME", dir.path())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("does not fit"), "{err}");
    let out = Command::new(env!("CARGO_BIN_EXE_scribe"))
        .args(["serve", "--listen", &format!("127.0.0.1:{}", free_port())])
        .args(["--tls-cert", "/nonexistent/cert.pem"])
        .args(["--tls-key", other_key.to_str().unwrap()])
        .env("XDG_DATA_HOME", dir.path())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("/nonexistent/cert.pem"), "{err}");
}

/// The app's client (the library the online panel uses): the authority
/// named by the app's setting, requests and the live stream over https.
#[test]
fn the_apps_client_and_live_stream_work_over_https_with_the_setting() {
    let dir = tempfile::tempdir().unwrap();
    let (ca, cert, key) = make_pki(dir.path(), "club");
    let (_server, url) = tls_server(dir.path(), &cert, &key);
    scribe::online::tls::set_extra_ca_file(Some(&ca)).unwrap();

    let session = |name: &str| -> Client {
        let client = Client::new(url.clone(), None);
        let who = api::Credentials {
            name: name.into(),
            password: format!("{name}-password"),
        };
        let _: api::SignedUp = client.post("/accounts", &who).unwrap();
        let token: api::Token = client.post("/session", &who).unwrap();
        Client::new(url.clone(), Some(token.token))
    };
    let ann = session("ann");
    let bob = session("bob");

    let (tx, rx) = mpsc::channel();
    let stop = Arc::new(AtomicBool::new(false));
    stream::spawn(
        url.clone(),
        bob.token().unwrap().to_string(),
        stop.clone(),
        move |h| {
            let _ = tx.send(h);
        },
    )
    .unwrap();
    let first = rx.recv_timeout(Duration::from_secs(20)).unwrap();
    assert_eq!(first, Heard::Connected);

    let challenge = api::NewChallenge {
        opponent: Some("bob".into()),
        side: Some("x".into()),
        ..Default::default()
    };
    let game: api::Game = ann.post("/challenges", &challenge).unwrap();
    let _: api::Game = bob
        .post_empty(&format!("/games/{}/accept", game.id))
        .unwrap();
    let mv = api::NewMove {
        square: "E5".into(),
        number: None,
    };
    let _: serde_json::Value = ann.post(&format!("/games/{}/moves", game.id), &mv).unwrap();
    let mut saw_move = false;
    while let Ok(h) = rx.recv_timeout(Duration::from_secs(20)) {
        if let Heard::Event(e) = h
            && e.kind == "move"
        {
            saw_move = true;
            break;
        }
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    assert!(saw_move, "the move never arrived on the https stream");
}
