//! The `scribe serve` process under attack: a kill -9 while moves are in
//! flight, a damaged database, a lockout across a restart, and the
//! timeouts a debug build shortens through environment variables. (The
//! rest of the server's security suite runs in process: `cargo test -p
//! scribe-server --test security`.)

mod online_common;

use online_common::{Http, Server, Stream, closed_after, parse_answer, post_from, random_moves};
use serde_json::{Value, json};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

#[test]
fn kill_9_while_moves_are_in_flight_loses_and_doubles_no_acknowledged_move() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = Server::sqlite(dir.path());
    let http = Http::new(&server);
    let ann = http.account("ann");
    let bob = http.account("bob");
    let id = http.game(&ann, &bob, "bob", "majority");
    let moves = random_moves(23, 81);
    let acknowledged = Arc::new(AtomicUsize::new(0));
    let base = server.url.clone();
    let log = Arc::new(Mutex::new(Vec::<String>::new()));
    let player = {
        let (ack, moves, log, id) = (acknowledged.clone(), moves.clone(), log.clone(), id.clone());
        std::thread::spawn(move || {
            let http = Http::at(&base);
            for (i, sq) in moves.iter().enumerate() {
                let n = i + 1;
                let token = if n % 2 == 1 { &ann } else { &bob };
                // Retry the same move with the same number until the server
                // answers: whether or not the lost attempt was committed, it
                // is applied exactly once.
                loop {
                    let body = json!({"square": sq.to_string(), "number": n}).to_string();
                    let attempt =
                        http.try_post_raw(&format!("/games/{id}/moves"), Some(token), &body);
                    match attempt {
                        Some((200, g)) => {
                            assert_eq!(g["number"], json!(n), "{g}");
                            if g["repeated"] == json!(true) {
                                log.lock().unwrap().push(format!("{n} repeated"));
                            }
                            ack.store(n, Ordering::SeqCst);
                            break;
                        }
                        Some((s, g)) => panic!("move {n}: {s} {g}"),
                        None => std::thread::sleep(std::time::Duration::from_millis(50)),
                    }
                }
            }
        })
    };
    while acknowledged.load(Ordering::SeqCst) < 30 {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    server.kill9();
    let at_kill = acknowledged.load(Ordering::SeqCst);
    std::thread::sleep(std::time::Duration::from_millis(200));
    server.restart();
    player.join().unwrap();
    let (_, g) = Http::new(&server).get(&format!("/games/{id}"), None);
    let list: Vec<String> = moves.iter().map(ToString::to_string).collect();
    assert_eq!(g["history"], json!(list), "log: {:?}", log.lock().unwrap());
    assert_eq!(g["status"], json!("finished"));
    assert!(at_kill >= 30);
    let _: Value = g;
}

#[test]
fn a_damaged_database_stops_the_server_and_is_left_as_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("damaged.sqlite3");
    let junk = b"this is not a database, and it must survive the attempt".repeat(100);
    std::fs::write(&path, &junk).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_scribe"))
        .args(["serve", "--listen", "127.0.0.1:0", "--database"])
        .arg(format!("sqlite:{}", path.display()))
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("damaged.sqlite3"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), junk);

    // A SQLite database of something else is refused too.
    let other = dir.path().join("other.sqlite3");
    std::process::Command::new("sqlite3")
        .arg(&other)
        .arg("CREATE TABLE notes (t TEXT);")
        .status()
        .ok();
    if other.exists() {
        let before = std::fs::read(&other).unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_scribe"))
            .args(["serve", "--listen", "127.0.0.1:0", "--database"])
            .arg(format!("sqlite:{}", other.display()))
            .output()
            .unwrap();
        assert!(!out.status.success());
        assert!(String::from_utf8_lossy(&out.stderr).contains("not a Scribe server"));
        assert_eq!(std::fs::read(&other).unwrap(), before);
    }

    // Beyond loopback without --public: refused.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_scribe"))
        .args(["serve", "--listen", "0.0.0.0:0", "--database"])
        .arg(format!("sqlite:{}", dir.path().join("x.sqlite3").display()))
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--public"));
}

#[test]
fn a_lockout_cannot_be_aimed_at_the_owner_even_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = Server::sqlite(dir.path());
    let http = Http::new(&server);
    // Ann signs up and in from 127.0.0.1; then the server restarts.
    http.account("ann");
    server.kill9();
    server.restart();
    let right = json!({"name": "ann", "password": "ann-password"});
    // Two addresses guess her password, 40 times each.
    for from in ["127.0.0.2", "127.0.0.3"] {
        for i in 0..40 {
            let (s, v) = post_from(
                from,
                server.port,
                "/session",
                &json!({"name": "ann", "password": format!("guess-{i}")}),
            );
            assert!(s == 401 || s == 429, "{s} {v}");
        }
    }
    // Her address from before the restart is still hers.
    let (s, v) = http.post("/session", None, right.clone());
    assert_eq!(s, 200, "{v}");
    // A new address of hers gets in too: its tries are its own.
    let (s, v) = post_from("127.0.0.4", server.port, "/session", &right);
    assert_eq!(s, 200, "{v}");
    // A new guesser, while the name is guarded: a few tries a minute.
    let mut tried = 0;
    for i in 0..10 {
        let (s, v) = post_from(
            "127.0.0.5",
            server.port,
            "/session",
            &json!({"name": "ann", "password": format!("more-{i}")}),
        );
        match s {
            401 => tried += 1,
            429 => {}
            _ => panic!("{s} {v}"),
        }
    }
    println!("a new guesser while ann is guarded: {tried} of 10 guesses tried");
    assert!((1..=3).contains(&tried), "{tried}");
}

#[test]
fn idle_slow_and_stalled_connections_are_closed_but_a_live_stream_is_not() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite:{}", dir.path().join("server.sqlite3").display());
    // A debug build's timeouts last SCRIBE_SERVE_TIMEOUT_MS (30 s otherwise).
    let server = Server::start_with(
        &db,
        online_common::free_port(),
        &[],
        &[("SCRIBE_SERVE_TIMEOUT_MS", "500")],
    );
    let http = Http::new(&server);
    let ann = http.account("ann");
    let bob = http.account("bob");
    let id = http.game(&ann, &bob, "bob", "majority");
    let stream = Stream::open(&server.url, &bob);
    let port = server.port;
    // Idle: connected, nothing sent.
    assert!(closed_after("127.0.0.1", port, b"").is_some(), "idle");
    // Slow headers: never finished.
    let slow = b"GET /api/v1/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ";
    assert!(
        closed_after("127.0.0.1", port, slow).is_some(),
        "slow headers"
    );
    // A stalled body: 10 bytes of the 100 promised.
    let stalled = b"POST /api/v1/session HTTP/1.1\r\nHost: 127.0.0.1\r\n\
        Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"name\": ";
    let answer = closed_after("127.0.0.1", port, stalled).expect("stalled body");
    assert!(
        answer.contains("408") && answer.contains("request_timeout"),
        "{answer}"
    );
    // The live stream opened before all this still carries a move.
    let (s, v) = http.post(
        &format!("/games/{id}/moves"),
        Some(&ann),
        json!({"square": "E5"}),
    );
    assert_eq!(s, 200, "{v}");
    assert_eq!(stream.next_of("move")["number"], json!(1));
}

/// Opens a game's spectator stream from the source address `from` (any of
/// 127.0.0.0/8): the status, and the open connection once `ready` came.
fn spectate_from(from: &str, port: u16, id: &str) -> (u16, Option<std::net::TcpStream>) {
    use std::io::{Read, Write};
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let conn = rt.block_on(async {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
        socket
            .connect(format!("127.0.0.1:{port}").parse().unwrap())
            .await
            .unwrap()
    });
    let mut conn = conn.into_std().unwrap();
    conn.set_nonblocking(false).unwrap();
    conn.set_read_timeout(Some(std::time::Duration::from_secs(30)))
        .unwrap();
    write!(
        conn,
        "GET /api/v1/games/{id}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\
         Accept: text/event-stream\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut seen = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        let n = conn.read(&mut buf).unwrap_or(0);
        if n == 0 {
            break;
        }
        seen.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&seen);
        if text.contains("event: ready")
            || (text.contains("\r\n\r\n") && !text.starts_with("HTTP/1.1 200"))
        {
            break;
        }
    }
    let (status, _, _) = parse_answer(&String::from_utf8_lossy(&seen));
    (status, (status == 200).then_some(conn))
}

#[test]
fn spectator_streams_are_capped_per_address_and_end_when_idle() {
    use std::io::Read;
    let dir = tempfile::tempdir().unwrap();
    let port = online_common::free_port();
    let db = format!("sqlite:{}", dir.path().join("s.sqlite3").display());
    let server = Server::start_with(
        &db,
        port,
        &[],
        &[("SCRIBE_SERVE_SPECTATOR_IDLE_MS", "1500")],
    );
    let http = Http::new(&server);
    let ann = http.account("ann");
    let bob = http.account("bob");
    let id = http.game(&ann, &bob, "bob", "majority");
    // One address opens spectator streams until it is refused.
    let mut held = Vec::new();
    let mut refused = None;
    for _ in 0..50 {
        match spectate_from("127.0.0.2", port, &id) {
            (200, Some(conn)) => held.push(conn),
            (status, _) => {
                refused = Some(status);
                break;
            }
        }
    }
    println!(
        "one address, 50 spectator streams asked: {} open, then {refused:?}",
        held.len()
    );
    assert_eq!((held.len(), refused), (32, Some(429)));
    // Another address still watches; the players' own streams open.
    let (s, other) = spectate_from("127.0.0.3", port, &id);
    assert_eq!(s, 200);
    let ann_stream = Stream::open(&server.url, &ann);
    // A move reaches the players' stream.
    let (s, v) = http.post(
        &format!("/games/{id}/moves"),
        Some(&ann),
        json!({"square": "E5", "number": 1}),
    );
    assert_eq!(s, 200, "{v}");
    assert_eq!(ann_stream.next_of("move")["game"], json!(id));
    // A spectator stream with no event of its game for the idle time ends
    // by itself (the server closes the connection).
    let mut other = other.unwrap();
    let mut rest = Vec::new();
    let ended = other.read_to_end(&mut rest);
    assert!(
        ended.is_ok(),
        "the idle spectator stream did not end: {ended:?}"
    );
    // The first address's streams end the same way, and give their places
    // back (looked for up to 30 s: a hang guard, not a timing).
    drop(held);
    let again = (0..300).find_map(|_| match spectate_from("127.0.0.2", port, &id) {
        (200, Some(conn)) => Some(conn),
        _ => {
            std::thread::sleep(std::time::Duration::from_millis(100));
            None
        }
    });
    assert!(
        again.is_some(),
        "no place for 127.0.0.2 after its streams ended"
    );
}
