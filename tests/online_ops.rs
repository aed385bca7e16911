//! Running a club server (issue 31, parts 4 and 5): the access log, the
//! config file, and a SIGTERM with many live streams open, all through a
//! real `scribe serve` on loopback. (The Prometheus metrics run in
//! process: `cargo test -p scribe-server --test metrics`.)

mod online_common;

use online_common::{Http, free_port, open_stream, random_moves, raw_get, raw_request};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// A `scribe serve` whose standard output and error the test reads.
struct Logged {
    child: Child,
    url: String,
    out: mpsc::Receiver<String>,
    err: Option<std::thread::JoinHandle<String>>,
    _home: tempfile::TempDir,
}

impl Logged {
    /// `scribe serve ARGS…` (no --listen is added: give it in `args`); waits
    /// for the line saying where it listens, which must name `port`.
    fn start(args: &[&str], port: u16) -> Logged {
        let home = tempfile::tempdir().unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_scribe"))
            .arg("serve")
            .args(args)
            .env("XDG_DATA_HOME", home.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("scribe serve starts");
        let (tx, out) = mpsc::channel();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        std::thread::spawn(move || {
            for line in stdout.lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        let mut stderr = child.stderr.take().unwrap();
        let err = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stderr.read_to_string(&mut text);
            text
        });
        let first = out
            .recv_timeout(Duration::from_secs(60))
            .expect("scribe serve says where it listens");
        assert!(
            first.contains("listening on") && first.contains(&format!(":{port}/")),
            "scribe serve said: {first}"
        );
        Logged {
            child,
            url: format!("http://127.0.0.1:{port}"),
            out,
            err: Some(err),
            _home: home,
        }
    }

    /// Sends SIGTERM and waits (at most a minute: a hang guard, not a
    /// timing) for the server to end: its exit success, the rest of its
    /// standard output and all of its standard error.
    fn terminate(self) -> (bool, Vec<String>, String) {
        self.signal("-TERM")
    }

    /// As [`Logged::terminate`] with another signal (`-INT`: Ctrl-C).
    fn signal(mut self, signal: &str) -> (bool, Vec<String>, String) {
        let _ = Command::new("kill")
            .args([signal, &self.child.id().to_string()])
            .status();
        let mut waited = 0;
        let status = loop {
            if let Some(s) = self.child.try_wait().unwrap() {
                break s;
            }
            assert!(waited < 600, "scribe serve did not end after SIGTERM");
            std::thread::sleep(Duration::from_millis(100));
            waited += 1;
        };
        let mut lines = Vec::new();
        while let Ok(l) = self.out.recv_timeout(Duration::from_secs(5)) {
            lines.push(l);
        }
        let err = self.err.take().unwrap().join().unwrap();
        (status.success(), lines, err)
    }
}

impl Drop for Logged {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The access log's JSON lines among a server's output.
fn access_lines(lines: &[String]) -> Vec<Value> {
    lines
        .iter()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v["target"] == "access")
        .collect()
}

#[test]
fn the_access_log_has_each_request_and_never_a_secret() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let db = format!("sqlite:{}", dir.path().join("s.sqlite3").display());
    let listen = format!("127.0.0.1:{port}");
    let server = Logged::start(
        &[
            "--listen",
            &listen,
            "--database",
            &db,
            "--log-format",
            "json",
        ],
        port,
    );
    let http = Http::at(&server.url);
    let ann = http.account("ann");
    let bob = http.account("bob");
    let id = http.game(&ann, &bob, "bob", "majority");
    let (s, v) = http.post(
        &format!("/games/{id}/moves"),
        Some(&ann),
        json!({"square": "E5", "number": 1}),
    );
    assert_eq!(s, 200, "{v}");
    // A token in a query string (as an EventSource would send one) and a
    // live stream.
    let answer = raw_get(port, &format!("/api/v1/me?access_token={ann}&x=1"), "");
    assert!(answer.starts_with("HTTP/1.1 401"), "{answer}");
    let stream = open_stream(port, &bob);
    let (s, _) = http.get("/nowhere/at/all", Some(&ann));
    assert_eq!(s, 404);
    drop(stream);
    let (ok, lines, err) = server.terminate();
    assert!(ok, "{err}");
    let all = format!("{}\n{err}", lines.join("\n"));
    for secret in [&ann, &bob] {
        let (_, hidden) = secret.split_once('.').unwrap();
        assert!(!all.contains(hidden), "a token in the log:\n{all}");
    }
    assert!(
        !all.contains("ann-password"),
        "a password in the log:\n{all}"
    );
    assert!(!all.contains("access_token"), "a query in the log:\n{all}");
    let log = access_lines(&lines);
    for entry in &log {
        for field in [
            "timestamp",
            "method",
            "path",
            "route",
            "status",
            "ms",
            "client",
        ] {
            assert!(!entry[field].is_null(), "no {field} in {entry}");
        }
        assert!(entry["client"].as_str().unwrap().starts_with("127.0.0.1:"));
    }
    let find = |method: &str, route: &str| {
        log.iter()
            .find(|e| e["method"] == method && e["route"] == route)
            .unwrap_or_else(|| panic!("no {method} {route} in {log:#?}"))
    };
    let signup = find("POST", "/api/v1/accounts");
    assert_eq!(signup["status"], 201);
    assert_eq!(signup["path"], "/api/v1/accounts");
    let moved = find("POST", "/api/v1/games/{id}/moves");
    assert_eq!(moved["path"], format!("/api/v1/games/{id}/moves"));
    assert_eq!(moved["status"], 200);
    assert!(moved["ms"].as_f64().unwrap() >= 0.0);
    let me = find("GET", "/api/v1/me");
    assert_eq!(me["path"], "/api/v1/me");
    assert_eq!(me["status"], 401);
    assert_eq!(find("GET", "/api/v1/events")["status"], 200);
    let lost = find("GET", "unmatched");
    assert_eq!(lost["path"], "/api/v1/nowhere/at/all");
    assert_eq!(lost["status"], 404);
}

#[test]
fn the_access_log_shows_the_route_not_the_secret_of_a_mail_link() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let db = format!("sqlite:{}", dir.path().join("s.sqlite3").display());
    let listen = format!("127.0.0.1:{port}");
    let server = Logged::start(
        &[
            "--listen",
            &listen,
            "--database",
            &db,
            "--log-format",
            "json",
        ],
        port,
    );
    // Secrets of the shape the server makes (hex), none of them valid:
    // whether a link works or not, its secret stays out of the log.
    let secret = "5ec7e7e5".repeat(8);
    let asked = [
        ("GET", format!("/reset/{secret}"), "/reset/{secret}"),
        ("POST", format!("/reset/{secret}"), "/reset/{secret}"),
        (
            "HEAD",
            format!("/mail/verify/{secret}"),
            "/mail/verify/{secret}",
        ),
        (
            "GET",
            format!("/mail/verify/{secret}"),
            "/mail/verify/{secret}",
        ),
        (
            "POST",
            format!("/mail/unsubscribe/{secret}"),
            "/mail/unsubscribe/{key}",
        ),
        (
            "GET",
            format!("/mail/unsubscribe/{secret}"),
            "/mail/unsubscribe/{key}",
        ),
        ("PUT", format!("/reset/{secret}"), "/reset/{secret}"),
    ];
    for (method, path, _) in &asked {
        let answer = raw_request(port, method, path, "password=a-password&again=a-password");
        assert!(answer.starts_with("HTTP/1.1 "), "{answer}");
    }
    let (ok, lines, err) = server.terminate();
    assert!(ok, "{err}");
    let all = format!("{}\n{err}", lines.join("\n"));
    assert!(!all.contains(&secret), "a link's secret in the log:\n{all}");
    let log = access_lines(&lines);
    for (method, _, shown) in &asked {
        let entry = log
            .iter()
            .find(|e| e["method"] == *method && e["path"] == *shown)
            .unwrap_or_else(|| panic!("no {method} {shown} in {log:#?}"));
        assert!(entry["status"].as_u64().unwrap() >= 200, "{entry}");
    }
}

#[test]
fn the_text_log_is_one_line_of_fields_a_request() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let db = format!("sqlite:{}", dir.path().join("s.sqlite3").display());
    let listen = format!("127.0.0.1:{port}");
    let server = Logged::start(&["--listen", &listen, "--database", &db], port);
    let answer = raw_get(port, "/healthz?probe=1", "");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    let (ok, lines, err) = server.terminate();
    assert!(ok, "{err}");
    let line = lines
        .iter()
        .find(|l| l.contains("path=/healthz"))
        .unwrap_or_else(|| panic!("no access line in {lines:#?}"));
    for field in [
        "INFO",
        "method=GET",
        "route=/healthz",
        "status=200",
        "ms=",
        "client=127.0.0.1:",
    ] {
        assert!(line.contains(field), "no {field} in {line}");
    }
    assert!(!line.contains("probe"), "{line}");
    assert!(
        lines.iter().any(|l| l == "scribe serve: stopped"),
        "{lines:#?}"
    );
}

#[test]
fn sigterm_with_streams_open_ends_them_and_keeps_every_acknowledged_move() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let db = format!("sqlite:{}", dir.path().join("s.sqlite3").display());
    let listen = format!("127.0.0.1:{port}");
    let server = Logged::start(&["--listen", &listen, "--database", &db], port);
    let http = Http::at(&server.url);
    let ann = http.account("ann");
    let bob = http.account("bob");
    let id = http.game(&ann, &bob, "bob", "majority");
    let streams: Vec<TcpStream> = (0..60)
        .map(|i| open_stream(port, if i % 2 == 0 { &ann } else { &bob }))
        .collect();
    // Moves keep coming while the server is told to stop: the ones answered
    // 200 must all be there after a restart.
    let moves = random_moves(31, 81);
    let mover = {
        let (url, id, ann, bob, moves) = (
            server.url.clone(),
            id.clone(),
            ann.clone(),
            bob.clone(),
            moves.clone(),
        );
        std::thread::spawn(move || {
            let http = Http::at(&url);
            let mut acked = 0;
            for (n, sq) in moves.iter().enumerate() {
                let who = if n % 2 == 0 { &ann } else { &bob };
                let body = json!({"square": sq.to_string(), "number": n + 1}).to_string();
                match http.try_post_raw(&format!("/games/{id}/moves"), Some(who), &body) {
                    Some((200, _)) => acked = n + 1,
                    _ => break,
                }
            }
            acked
        })
    };
    std::thread::sleep(Duration::from_millis(300));
    let (ok, lines, err) = server.terminate();
    let acked = mover.join().unwrap();
    assert!(ok, "scribe serve failed: {err}");
    assert!(!err.contains("cut short"), "{err}");
    assert!(
        lines.iter().any(|l| l == "scribe serve: stopped"),
        "{lines:#?}"
    );
    // Every stream was ended by the server, properly (the chunked body's
    // last chunk), not cut.
    for mut s in streams {
        let mut rest = Vec::new();
        s.read_to_end(&mut rest).expect("the stream ends cleanly");
        let rest = String::from_utf8_lossy(&rest);
        assert!(rest.ends_with("0\r\n\r\n"), "a stream was cut: {rest:?}");
    }
    let again = Logged::start(&["--listen", &listen, "--database", &db], port);
    let http = Http::at(&again.url);
    let (s, v) = http.get(&format!("/games/{id}"), Some(&ann));
    assert_eq!(s, 200, "{v}");
    let history: Vec<String> = v["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    assert!(
        history.len() >= acked,
        "{acked} moves acknowledged, {} kept",
        history.len()
    );
    let expected: Vec<String> = moves[..acked].iter().map(ToString::to_string).collect();
    assert_eq!(history[..acked], expected[..]);
    drop(again);
}

#[test]
fn a_config_file_sets_the_server_and_flags_win() {
    let dir = tempfile::tempdir().unwrap();
    let (file_port, flag_port) = (free_port(), free_port());
    let db = dir.path().join("from-file.sqlite3");
    let config = dir.path().join("serve.toml");
    std::fs::write(
        &config,
        format!(
            "listen = \"127.0.0.1:{file_port}\"\ndatabase = \"sqlite:{}\"\nlog-format = \"json\"\n",
            db.display()
        ),
    )
    .unwrap();
    let config = config.to_str().unwrap();
    // The file alone.
    let server = Logged::start(&["--config", config], file_port);
    let _ = raw_get(file_port, "/healthz", "");
    let (ok, lines, err) = server.terminate();
    assert!(ok, "{err}");
    assert!(!access_lines(&lines).is_empty(), "no JSON log: {lines:#?}");
    assert!(db.exists());
    // A flag wins over the file.
    let listen = format!("127.0.0.1:{flag_port}");
    let server = Logged::start(
        &[
            "--config",
            config,
            "--listen",
            &listen,
            "--log-format",
            "text",
        ],
        flag_port,
    );
    let _ = raw_get(flag_port, "/healthz", "");
    let (ok, lines, err) = server.terminate();
    assert!(ok, "{err}");
    assert!(access_lines(&lines).is_empty());
    assert!(
        lines.iter().any(|l| l.contains("path=/healthz")),
        "{lines:#?}"
    );
}

#[test]
fn the_packaged_config_file_is_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let db = format!("sqlite:{}", dir.path().join("s.sqlite3").display());
    let listen = format!("127.0.0.1:{port}");
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("packaging/linux/serve.toml");
    let server = Logged::start(
        &[
            "--config",
            shipped.to_str().unwrap(),
            "--listen",
            &listen,
            "--database",
            &db,
        ],
        port,
    );
    let (ok, _, err) = server.terminate();
    assert!(ok, "{err}");
}

#[test]
fn an_unknown_key_in_the_config_file_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("serve.toml");
    std::fs::write(&config, "listen = \"127.0.0.1:7607\"\nlisten_port = 80\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_scribe"))
        .args(["serve", "--config", config.to_str().unwrap()])
        .env("XDG_DATA_HOME", dir.path())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "not one line: {err}");
    assert!(err.contains("listen_port"), "{err}");
    assert!(err.contains(config.to_str().unwrap()), "{err}");
    assert!(err.contains("line 2"), "{err}");
    let out = Command::new(env!("CARGO_BIN_EXE_scribe"))
        .args(["serve", "--config", "/nonexistent/serve.toml"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "not one line: {err}");
    assert!(err.contains("/nonexistent/serve.toml"), "{err}");
}

#[test]
fn a_closed_log_reader_neither_stops_the_server_nor_fills_standard_error() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let db = format!("sqlite:{}", dir.path().join("s.sqlite3").display());
    let listen = format!("127.0.0.1:{port}");
    let mut child = Command::new(env!("CARGO_BIN_EXE_scribe"))
        .args(["serve", "--listen", &listen, "--database", &db])
        .env("XDG_DATA_HOME", dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        assert!(line.contains("listening on"), "{line}");
    } // the reader of standard output goes away
    for _ in 0..50 {
        let answer = raw_get(port, "/healthz", "");
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    }
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.trim().is_empty(), "{err}");
}

#[test]
fn ctrl_c_ends_the_streams_too() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let db = format!("sqlite:{}", dir.path().join("s.sqlite3").display());
    let listen = format!("127.0.0.1:{port}");
    let server = Logged::start(&["--listen", &listen, "--database", &db], port);
    let token = Http::at(&server.url).account("ann");
    let streams: Vec<TcpStream> = (0..10).map(|_| open_stream(port, &token)).collect();
    let (ok, lines, err) = server.signal("-INT");
    assert!(ok, "{err}");
    assert!(!err.contains("cut short"), "{err}");
    assert!(
        lines.iter().any(|l| l == "scribe serve: stopped"),
        "{lines:#?}"
    );
    for mut s in streams {
        let mut rest = Vec::new();
        s.read_to_end(&mut rest).expect("the stream ends cleanly");
        assert!(String::from_utf8_lossy(&rest).ends_with("0\r\n\r\n"));
    }
}

/// One figure (in kB) of `/proc/PID/smaps_rollup` or `/proc/PID/status`.
#[cfg(target_os = "linux")]
fn proc_field(pid: u32, file: &str, name: &str) -> Option<u64> {
    std::fs::read_to_string(format!("/proc/{pid}/{file}"))
        .ok()?
        .lines()
        .find(|l| l.starts_with(name))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

/// Issue 31, part 6: with transparent huge pages, the allocator's regions
/// were backed by 2 MiB pages whose unused parts counted as resident (10 MB
/// of an idle server's 25 MB; 434–438 MB with 16,000 live streams). The
/// server turns them off for its process, whatever the system's setting.
#[cfg(target_os = "linux")]
#[test]
fn the_server_runs_without_transparent_huge_pages() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let db = format!("sqlite:{}", dir.path().join("s.sqlite3").display());
    let listen = format!("127.0.0.1:{port}");
    let server = Logged::start(&["--listen", &listen, "--database", &db], port);
    let token = Http::at(&server.url).account("ann");
    let streams: Vec<TcpStream> = (0..50).map(|_| open_stream(port, &token)).collect();
    let pid = server.child.id();
    // Kernels since 5.0 say whether THP may be used for the process.
    if let Some(enabled) = proc_field(pid, "status", "THP_enabled:") {
        assert_eq!(enabled, 0, "THP_enabled in /proc/{pid}/status");
    }
    if let Some(huge) = proc_field(pid, "smaps_rollup", "AnonHugePages:") {
        assert_eq!(huge, 0, "AnonHugePages (kB) in /proc/{pid}/smaps_rollup");
    }
    drop(streams);
    let (ok, _, err) = server.terminate();
    assert!(ok, "{err}");
}

/// POSTs JSON to `/api/v1{path}` from the source address `from` with the
/// header lines `headers` (each ending in `\r\n`): the status and the body.
fn post_with(from: &str, port: u16, headers: &str, path: &str, body: &Value) -> (u16, Value) {
    let body = body.to_string();
    let request = format!(
        "POST /api/v1{path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{headers}\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let (status, _, body) =
        online_common::parse_answer(&online_common::raw_from(from, port, request.as_bytes()));
    (status, body)
}

/// Behind a proxy that writes RFC 7239's `Forwarded` (`--proxy-header
/// forwarded`), each client has its own allowance as behind one writing
/// `X-Forwarded-For`; the header is believed only from the trusted proxy,
/// and only the one the proxies write (the other is the client's own say);
/// the access log names the client, not the proxy.
#[test]
fn the_forwarded_header_is_believed_only_from_a_trusted_proxy_and_the_log_names_the_client() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let db = format!("sqlite:{}", dir.path().join("s.sqlite3").display());
    let listen = format!("127.0.0.1:{port}");
    let server = Logged::start(
        &[
            "--listen",
            &listen,
            "--database",
            &db,
            "--log-format",
            "json",
            "--trusted-proxy",
            "127.0.0.1",
            "--proxy-header",
            "forwarded",
            // Two tries a minute (one more every 30 s): a slow run on a
            // loaded machine cannot earn a client enough new tries to blur
            // the counts below (the default 30 gives one every 2 s).
            "--auth-per-minute",
            "2",
        ],
        port,
    );
    let owner = json!({"name": "ann", "password": "ann-password"});
    let via = |client: &str| format!("Forwarded: for={client};proto=https\r\n");
    let (s, v) = post_with("127.0.0.1", port, &via("198.51.100.7"), "/accounts", &owner);
    assert_eq!(s, 201, "{v}");
    let wrong = |i: usize| json!({"name": format!("nobody{i}"), "password": "wrong-password"});
    // 60 wrong sign-ins from one client behind the proxy, each with an
    // X-Forwarded-For of its own making (which the proxy passes on).
    let mut limited = 0;
    for i in 0..60 {
        let headers = format!(
            "X-Forwarded-For: 192.0.2.{i}\r\nForwarded: for=\"203.0.113.9:{}\"\r\n",
            4000 + i
        );
        let (s, v) = post_with("127.0.0.1", port, &headers, "/session", &wrong(i));
        match s {
            401 => {}
            429 => limited += 1,
            _ => panic!("{s} {v}"),
        }
    }
    println!("60 wrong sign-ins from one client behind a Forwarded proxy: {limited} refused");
    // 2 let through, and one more for each 30 s the run takes.
    assert!(limited >= 50, "{limited}");
    // That client alone, even when it writes an element of its own first.
    let (s, v) = post_with(
        "127.0.0.1",
        port,
        "Forwarded: for=198.51.100.7, for=203.0.113.9\r\n",
        "/session",
        &wrong(99),
    );
    assert_eq!(s, 429, "{v}");
    // The owner and a newcomer through the same proxy are not limited.
    let (s, v) = post_with("127.0.0.1", port, &via("198.51.100.7"), "/session", &owner);
    assert_eq!(s, 200, "{v}");
    let newcomer = json!({"name": "newcomer", "password": "newcomer-password"});
    let (s, v) = post_with(
        "127.0.0.1",
        port,
        &via("\"[2001:db8::8]:4711\""),
        "/accounts",
        &newcomer,
    );
    assert_eq!(s, 201, "{v}");
    // Not a trusted proxy: its Forwarded is ignored, a new address in it
    // each time does not help.
    let mut limited = 0;
    for i in 0..60 {
        let (s, _) = post_with(
            "127.0.0.2",
            port,
            &via(&format!("192.0.2.{i}")),
            "/session",
            &wrong(i),
        );
        if s == 429 {
            limited += 1;
        }
    }
    assert!(limited >= 50, "{limited}");
    let (ok, lines, err) = server.terminate();
    assert!(ok, "{err}");
    let log = access_lines(&lines);
    let clients = |status: u64| -> Vec<(String, String)> {
        log.iter()
            .filter(|e| e["status"] == status)
            .map(|e| {
                (
                    e["client"].as_str().unwrap_or("").to_string(),
                    e["proxy"].as_str().unwrap_or("").to_string(),
                )
            })
            .collect()
    };
    // The sign-ups: the clients the proxy named, the proxy beside them.
    let made = clients(201);
    assert_eq!(made.len(), 2, "{log:#?}");
    assert_eq!(made[0].0, "198.51.100.7", "{made:?}");
    assert_eq!(made[1].0, "2001:db8::8", "{made:?}");
    assert!(
        made.iter().all(|(_, p)| p.starts_with("127.0.0.1:")),
        "{made:?}"
    );
    // The refusals: the guessing client behind the proxy, and the other
    // address as itself (no proxy field).
    let refused = clients(429);
    assert!(
        refused
            .iter()
            .any(|(c, p)| c == "203.0.113.9" && p.starts_with("127.0.0.1:")),
        "{refused:?}"
    );
    assert!(
        refused
            .iter()
            .any(|(c, p)| c.starts_with("127.0.0.2:") && p.is_empty()),
        "{refused:?}"
    );
    assert!(
        !log.iter()
            .any(|e| e["client"].as_str().unwrap_or("").starts_with("192.0.2.")),
        "a client's own header believed: {log:#?}"
    );
}

/// Behind a proxy writing `X-Forwarded-For` (the default), the access log
/// names the client too; a `Forwarded` the client wrote is not believed.
#[test]
fn behind_an_x_forwarded_for_proxy_the_log_names_the_client() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let db = format!("sqlite:{}", dir.path().join("s.sqlite3").display());
    let listen = format!("127.0.0.1:{port}");
    let server = Logged::start(
        &[
            "--listen",
            &listen,
            "--database",
            &db,
            "--log-format",
            "json",
            "--trusted-proxy",
            "127.0.0.1",
        ],
        port,
    );
    let owner = json!({"name": "ann", "password": "ann-password"});
    let (s, v) = post_with(
        "127.0.0.1",
        port,
        "Forwarded: for=192.0.2.1\r\nX-Forwarded-For: 198.51.100.7\r\n",
        "/accounts",
        &owner,
    );
    assert_eq!(s, 201, "{v}");
    let (ok, lines, err) = server.terminate();
    assert!(ok, "{err}");
    let log = access_lines(&lines);
    let made = log
        .iter()
        .find(|e| e["status"] == 201)
        .expect("the sign-up");
    assert_eq!(made["client"], json!("198.51.100.7"), "{made}");
    assert!(
        made["proxy"].as_str().unwrap().starts_with("127.0.0.1:"),
        "{made}"
    );
}
