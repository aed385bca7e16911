//! The computer players of `scribe serve` with the command-line client and
//! the process: a challenge to one from `scribe online` is accepted at once
//! and the game is played to the end; a kill -9 while it thinks, and the
//! move is thought again after the restart; every level's name reads in
//! `scribe online challenge`; `--no-computer`. (The rest runs in process:
//! `cargo test -p scribe-server --test computer`; PostgreSQL with two
//! servers is in `online_postgres.rs`.)

mod online_common;

use online_common::{Http, Player, Server, Stream, free_port, history, play_to_the_end, wait_for};
use scribe::ai::Level;
use scribe::rules::Game;
use serde_json::{Value, json};
use std::time::Duration;

const LEVELS: [&str; 8] = [
    "beginner",
    "easy",
    "medium",
    "hard",
    "expert",
    "master",
    "grandmaster",
    "champion",
];

#[test]
fn a_challenge_to_computer_beginner_is_accepted_at_once_and_played_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::sqlite(dir.path());
    let http = Http::new(&server);
    // The computers are listed (the standings list them once they play).
    let (s, list) = http.get("/computers", None);
    assert_eq!(s, 200);
    let names: Vec<&str> = list["computers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    let want: Vec<String> = LEVELS.iter().map(|l| format!("computer-{l}")).collect();
    assert_eq!(names, want);
    // each with its level's measured rating and time a move
    for (c, level) in list["computers"].as_array().unwrap().iter().zip(Level::ALL) {
        assert_eq!(c["level_rating"], json!(level.rating()), "{c}");
        assert_eq!(
            c["think_seconds"],
            json!(level.think().as_secs_f64()),
            "{c}"
        );
    }
    let (_, st) = http.get("/standings", None);
    let marked = st["standings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["computer"] == json!(true))
        .map(|p| p["name"].as_str().unwrap())
        .collect::<Vec<_>>();
    // the standings list players with a rated game: none yet
    assert!(marked.is_empty(), "{st}");

    let ann = Player::new("ann", &server);
    ann.signup();
    let token = http.signin("ann", "ann-password");
    let stream = Stream::open(&server.url, &token);
    // `scribe online challenge computer-beginner`: accepted at once.
    let out = ann.ok(&["challenge", "computer-beginner", "--side", "o"]);
    assert!(out.contains("accepted"), "{out}");
    let id = out.lines().last().unwrap().trim().to_string();
    // The computer is X: it moves first, by itself.
    let g = wait_for(&http, &id, 60, |g| {
        g["history"].as_array().unwrap().len() == 1
    });
    assert_eq!(g["status"], "active");
    assert_eq!(g["players"]["x"], "computer-beginner");
    // ann asks back her own move while the computer is to move (the one
    // undo rule): the computer declines at once; if it has already
    // answered with a move, the move is no longer ann's last, and the
    // server says so.
    let game = Game::from_moves(history(&g)).unwrap();
    let sq = game.position().legal_moves().iter().next().unwrap();
    let (s, v) = http.post(
        &format!("/games/{id}/moves"),
        Some(&token),
        json!({"square": sq.to_string(), "number": 2}),
    );
    assert_eq!(s, 200, "{v}");
    let (s, v) = http.post(&format!("/games/{id}/undo"), Some(&token), json!({}));
    match s {
        200 => assert_eq!(v["undo_offer"], Value::Null, "{v}"),
        409 => assert_eq!(v["error"], "not_your_last_move", "{v}"),
        _ => panic!("the undo asked: {s} {v}"),
    }
    let (_, g) = http.get(&format!("/games/{id}"), None);
    assert_eq!(
        g["undo_offer"],
        Value::Null,
        "the computer left an undo open: {g}"
    );
    play_to_the_end(&http, &id, &token, "ann", 7);
    let (_, g) = http.get(&format!("/games/{id}"), None);
    assert_eq!(g["status"], "finished");
    assert_eq!(history(&g).len(), 81);
    // Every move came on the live stream, each number once.
    let mut seen = Vec::new();
    while seen.len() < 81 {
        let e = stream.next_of("move");
        if e["game"] == json!(id) {
            seen.push(e["number"].as_u64().unwrap());
        }
    }
    assert_eq!(seen, (1..=81).collect::<Vec<u64>>());
    // The game is rated: the computer's row counts it.
    let (_, st) = http.get("/standings", None);
    let cb = st["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "computer-beginner")
        .cloned()
        .unwrap();
    assert_eq!(cb["games"], 1, "{st}");
    assert_eq!(cb["computer"], true);
}

#[test]
fn a_kill_9_while_the_computer_thinks_and_it_moves_after_the_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite:{}", dir.path().join("s.sqlite3").display());
    let port = free_port();
    // Champion at its full budget: minutes a move in a debug build.
    let mut server = Server::start(&db, port, &[]);
    let http = Http::new(&server);
    let token = http.account("ann");
    let (s, g) = http.post(
        "/challenges",
        Some(&token),
        json!({"opponent": "computer-champion", "side": "o"}),
    );
    assert_eq!(s, 201, "{g}");
    assert_eq!(g["status"], "active");
    let id = g["id"].as_str().unwrap().to_string();
    std::thread::sleep(Duration::from_millis(800));
    let (_, g) = http.get(&format!("/games/{id}"), None);
    assert_eq!(history(&g).len(), 0, "the champion moved already: {g}");
    server.kill9();
    // Started again (with a small budget, so the test is quick): the move
    // being thought is thought again, and played.
    let again = Server::start_with(&db, port, &[], &[("SCRIBE_COMPUTER_SCALE", "0.0001")]);
    let g = wait_for(&http, &id, 120, |g| {
        g["history"].as_array().unwrap().len() == 1
    });
    assert_eq!(g["turn"], "ann");
    // And the game goes on.
    let game = Game::from_moves(history(&g)).unwrap();
    let sq = game.position().legal_moves().iter().next().unwrap();
    let (s, v) = http.post(
        &format!("/games/{id}/moves"),
        Some(&token),
        json!({"square": sq.to_string(), "number": 2}),
    );
    assert_eq!(s, 200, "{v}");
    wait_for(&http, &id, 120, |g| {
        g["history"].as_array().unwrap().len() == 3
    });
    drop(again);
}

#[test]
fn every_levels_name_reads_in_scribe_online_challenge_and_nobody_signs_up_as_one() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::sqlite(dir.path());
    let ann = Player::new("ann", &server);
    ann.signup();
    for level in LEVELS {
        // Any case: names are keys in lower case.
        let name = if level == "hard" {
            "Computer-Hard".to_string()
        } else {
            format!("computer-{level}")
        };
        // As X, so that the computer does not think: the test only reads.
        let out = ann.ok(&["challenge", &name, "--side", "x"]);
        assert!(out.contains("accepted"), "{name}: {out}");
        let id = out.lines().last().unwrap().trim();
        let shown = ann.ok(&["show", id, "--json"]);
        let g: Value = serde_json::from_str(shown.trim()).unwrap();
        assert_eq!(g["status"], "active", "{name}: {g}");
        assert_eq!(g["players"]["o"], format!("computer-{level}"));
        // Resigned before a move (unrated): a player has at most 2 games
        // against the computer going.
        ann.ok(&["resign", id]);
    }
    // all eight are listed with their ratings; the standings name only
    // players with a rated game, and none has finished one here
    let (_, list) = Http::new(&server).get("/computers", None);
    assert_eq!(list["computers"].as_array().unwrap().len(), 8, "{list}");
    let standings = ann.ok(&["standings"]);
    assert_eq!(standings.matches("(computer)").count(), 0, "{standings}");
    for name in ["computer-hard", "Computer-x", "computerfan"] {
        let bob = Player::new(name, &server);
        let out = bob.online_in(&["signup", name, "--password-stdin"], "a long password\n");
        assert!(!out.status.success(), "{name} signed up");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("reserved"), "{name}: {err}");
    }
}

#[test]
fn no_computer_runs_without_them() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(
        &format!("sqlite:{}", dir.path().join("s.sqlite3").display()),
        free_port(),
        &["--no-computer"],
    );
    let http = Http::new(&server);
    let (s, list) = http.get("/computers", None);
    assert_eq!(s, 200);
    assert_eq!(list["computers"], json!([]));
    let (_, st) = http.get("/standings", None);
    assert_eq!(st["standings"], json!([]), "{st}");
    let ann = Player::new("ann", &server);
    ann.signup();
    let err = ann.refused(&["challenge", "computer-hard"]);
    assert!(err.contains("--no-computer"), "{err}");
}
