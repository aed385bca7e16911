//! The `scribe serve` process on a real PostgreSQL, when
//! `SCRIBE_TEST_POSTGRES` names one (`.ci/run` starts a throw-away
//! cluster): a whole game is played across two servers with a kill -9 of
//! one in the middle, and the computer players on two servers, one killed
//! while it thinks. Without the variable the tests say they were skipped.
//! (The rest runs in process: `cargo test -p scribe-server --test
//! postgres`.)

mod online_common;

use online_common::{
    Http, Server, Stream, establish, free_port, fresh, page_rating, postgres, random_moves,
};
use serde_json::json;

#[test]
fn two_servers_on_one_postgres_pass_a_live_move_and_finish_a_game() {
    let Some(url) = postgres() else { return };
    let mut a = Server::start(&url, free_port(), &[]);
    let b = Server::start(&url, free_port(), &[]);
    let (ha, hb) = (Http::new(&a), Http::new(&b));
    let (an, bn) = (fresh("a"), fresh("b"));
    // Accounts and tokens live in the database: made on one, good on both.
    let ann = ha.account(&an);
    let bob = hb.account(&bn);
    // A game between two new players is not rated (issue 44, D): ann is
    // established first, against the computer.
    establish(&ha, &ann, &an, "majority");
    let bob_on_b = Stream::open(&b.url, &bob);
    let ann_on_b = Stream::open(&b.url, &ann);

    let id = ha.game(&ann, &bob, &bn, "majority");
    let moves = random_moves(5, 81);
    for (i, sq) in moves.iter().enumerate() {
        let n = i + 1;
        if n == 41 {
            a.kill9();
            a.restart();
        }
        // X (ann) plays through server A, O (bob) through server B.
        let (http, me, watcher) = if n % 2 == 1 {
            (Http::new(&a), &ann, &bob_on_b)
        } else {
            (Http::new(&b), &bob, &ann_on_b)
        };
        let (s, g) = http.post(
            &format!("/games/{id}/moves"),
            Some(me),
            json!({"square": sq.to_string(), "number": n}),
        );
        assert_eq!(s, 200, "move {n}: {g}");
        // The move reaches the opponent's stream on server B, whichever
        // server took it.
        // (Each stream also carries its owner's own moves: skip those.)
        let e = loop {
            let e = watcher.next_of("move");
            if e["number"] == json!(n) {
                break e;
            }
        };
        assert_eq!(e["game"], json!(id));
    }
    let (_, mut g) = hb.get(&format!("/games/{id}"), None);
    // Each grid's glyphs with their squares are the server's own (for
    // drawing); the rest is `scribe score`'s.
    for grid in g["grids"].as_array_mut().unwrap() {
        grid.as_object_mut().unwrap().remove("found");
    }
    let list: Vec<String> = moves.iter().map(ToString::to_string).collect();
    assert_eq!(g["history"], json!(list));
    assert_eq!(g["status"], json!("finished"));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_scribe"))
        .args(["score", "--json", "--moves", &list.join(" ")])
        .output()
        .unwrap();
    let score: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for k in ["grids", "majority", "super_glyph", "finished"] {
        assert_eq!(g[k], score[k], "{k}");
    }
    // Both are rated: ann (established) is listed, bob (provisional) has
    // his rating on his page.
    let (_, st) = ha.get("/standings", None);
    let names: Vec<String> = st["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_string())
        .collect();
    assert!(names.contains(&an), "{st}");
    let bobs = page_rating(&hb, &bn, "majority").expect("bob is rated");
    assert_eq!(bobs["games"], json!(1), "{bobs}");
}

/// The computer players on two servers sharing one database: a move being
/// thought on one is not thought on the other (the advisory lock), the
/// other takes over after a kill -9, and computer games played through
/// both servers end with every move made once.
#[test]
fn two_servers_play_each_computer_game_one_at_a_time() {
    let Some(url) = postgres() else { return };
    // A thinks Champion at full budget (minutes in a debug build); B would
    // play the same move in a moment, and looks every 300 ms.
    let mut a = Server::start(&url, free_port(), &[]);
    let ha = Http::new(&a);
    let an = fresh("c");
    let ann = ha.account(&an);
    let (s, g) = ha.post(
        "/challenges",
        Some(&ann),
        json!({"opponent": "computer-champion", "side": "o"}),
    );
    assert_eq!(s, 201, "{g}");
    let id = g["id"].as_str().unwrap().to_string();
    std::thread::sleep(std::time::Duration::from_millis(500));
    let fast = [
        ("SCRIBE_COMPUTER_SCALE", "0.0001"),
        ("SCRIBE_COMPUTER_SWEEP_MS", "300"),
    ];
    let b = Server::start_with(&url, free_port(), &[], &fast);
    let hb = Http::new(&b);
    std::thread::sleep(std::time::Duration::from_secs(3));
    let (_, g) = hb.get(&format!("/games/{id}"), None);
    assert_eq!(
        g["history"].as_array().unwrap().len(),
        0,
        "B played a move A was thinking: {g}"
    );
    // A dies: its session's lock goes with it, and B plays the move.
    a.kill9();
    let end = std::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        let (_, g) = hb.get(&format!("/games/{id}"), None);
        if g["history"].as_array().unwrap().len() == 1 {
            break;
        }
        assert!(std::time::Instant::now() < end, "the game stalled: {g}");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    // A again, fast too; four games against Beginner, each move sent to A
    // or B in turn: every game ends with 81 legal moves.
    let a = Server::start_with(&url, free_port(), &[], &fast);
    let servers = [Http::new(&a), Http::new(&b)];
    // Each game its own player: a player has at most 2 computer games going.
    let mut ids = Vec::new();
    for k in 0..4 {
        let side = if k % 2 == 0 { "x" } else { "o" };
        let name = fresh(&format!("c{k}"));
        let token = servers[k % 2].account(&name);
        let (s, g) = servers[k % 2].post(
            "/challenges",
            Some(&token),
            json!({"opponent": "computer-beginner", "side": side}),
        );
        assert_eq!(s, 201, "{g}");
        ids.push((g["id"].as_str().unwrap().to_string(), name, token));
    }
    let mut turn = 0;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(300);
    loop {
        let mut live = 0;
        for (id, name, token) in &ids {
            let http = &servers[turn % 2];
            turn += 1;
            let (_, g) = http.get(&format!("/games/{id}"), None);
            if g["status"] == "finished" {
                continue;
            }
            live += 1;
            if g["turn"] != json!(name) {
                continue;
            }
            let moves: Vec<scribe::rules::Square> = g["history"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_str().unwrap().parse().unwrap())
                .collect();
            let game = scribe::rules::Game::from_moves(moves.iter().copied()).unwrap();
            let sq = game.position().legal_moves().iter().next().unwrap();
            let (s, v) = http.post(
                &format!("/games/{id}/moves"),
                Some(token),
                json!({"square": sq.to_string(), "number": moves.len() + 1}),
            );
            assert_eq!(s, 200, "{v}");
        }
        if live == 0 {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "the games stalled");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    for (id, _, _) in &ids {
        let (_, g) = servers[0].get(&format!("/games/{id}"), None);
        let moves: Vec<scribe::rules::Square> = g["history"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().parse().unwrap())
            .collect();
        assert_eq!(moves.len(), 81, "{g}");
        scribe::rules::Game::from_moves(moves).unwrap();
    }
}
