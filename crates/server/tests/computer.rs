//! The computer players, through real sockets on loopback: the computer
//! never moves out of turn or twice, over many games at once; one account
//! holds at most two computer games; a rematch is accepted at once. (Those
//! that drive `scribe online` or kill -9 `scribe serve` are in the root
//! package's `tests/online_computer.rs`; PostgreSQL with two servers in
//! `postgres.rs` and the root's `online_postgres.rs`.)

mod common;

use common::{Http, Server, history, play_to_the_end, wait_for};
use scribe_rules::Game;
use serde_json::json;

#[test]
fn the_computer_never_moves_out_of_turn_or_twice_over_many_games_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::with(
        &format!("sqlite:{}", dir.path().join("s.sqlite3").display()),
        |c| c.computer_threads = Some(2),
    );
    let http = Http::new(&server);
    let players: Vec<(String, String)> = (0..4)
        .map(|i| {
            let name = format!("p{i}");
            let token = http.account(&name);
            (name, token)
        })
        .collect();
    // 12 games, three a player, on four threads: either side, two levels.
    let handles: Vec<_> = players
        .into_iter()
        .enumerate()
        .map(|(i, (name, token))| {
            let url = server.url.clone();
            std::thread::spawn(move || {
                let http = Http::at(&url);
                let mut results = Vec::new();
                for j in 0..3 {
                    let side = if (i + j) % 2 == 0 { "x" } else { "o" };
                    let level = if j == 2 { "easy" } else { "beginner" };
                    let (s, g) = http.post(
                        "/challenges",
                        Some(&token),
                        json!({"opponent": format!("computer-{level}"), "side": side}),
                    );
                    assert_eq!(s, 201, "{g}");
                    assert_eq!(g["status"], "active", "{g}");
                    let id = g["id"].as_str().unwrap().to_string();
                    let mine = play_to_the_end(&http, &id, &token, &name, (i * 10 + j) as u64);
                    results.push((id, side, mine));
                }
                results
            })
        })
        .collect();
    let http = Http::new(&server);
    let mut games = 0;
    for h in handles {
        for (id, side, mine) in h.join().unwrap() {
            let (_, g) = http.get(&format!("/games/{id}"), None);
            let moves = history(&g);
            // 81 legal moves, alternating (the rules replay them).
            assert_eq!(moves.len(), 81, "{g}");
            Game::from_moves(moves.iter().copied()).unwrap();
            // The person's moves are exactly theirs, at their numbers: so
            // the computer made every other one, once, never in the
            // person's turn.
            let parity = usize::from(side == "o");
            let expected: Vec<usize> = (1..=81).filter(|n| (n + 1) % 2 == parity).collect();
            let numbers: Vec<usize> = mine.iter().map(|(n, _)| *n).collect();
            assert_eq!(numbers, expected, "game {id} as {side}");
            for (n, sq) in &mine {
                assert_eq!(moves[n - 1], *sq, "game {id}, move {n}");
            }
            games += 1;
        }
    }
    assert_eq!(games, 12);
}

#[test]
fn one_account_holds_at_most_two_computer_games_and_others_still_get_theirs() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::sqlite(dir.path());
    let http = Http::new(&server);
    let ann = http.account("ann");
    // ann moves first in each: the computer thinks nothing yet.
    let mut started = Vec::new();
    let mut refused = 0;
    for _ in 0..6 {
        let (s, g) = http.post(
            "/challenges",
            Some(&ann),
            json!({"opponent": "computer-champion", "side": "x"}),
        );
        match s {
            201 => started.push(g["id"].as_str().unwrap().to_string()),
            409 => {
                assert_eq!(g["error"], json!("too_many_challenges"), "{g}");
                refused += 1;
            }
            _ => panic!("{s} {g}"),
        }
    }
    println!(
        "one account, 6 challenges to computer-champion: {} games, {refused} refused",
        started.len()
    );
    assert_eq!((started.len(), refused), (2, 4));
    // Another player still gets a game of his own, and the computer's move.
    let bob = http.account("bob");
    let (s, g) = http.post(
        "/challenges",
        Some(&bob),
        json!({"opponent": "computer-beginner", "side": "o"}),
    );
    assert_eq!(s, 201, "{g}");
    let id = g["id"].as_str().unwrap().to_string();
    let g = wait_for(&http, &id, 60, |g| g["moves"] == json!(1));
    assert_eq!(g["turn"], json!("bob"), "{g}");
    // A game over frees ann's place.
    let (s, v) = http.post(
        &format!("/games/{}/resign", started[0]),
        Some(&ann),
        json!({}),
    );
    assert_eq!(s, 200, "{v}");
    let (s, g) = http.post(
        "/challenges",
        Some(&ann),
        json!({"opponent": "computer-champion", "side": "x"}),
    );
    assert_eq!(s, 201, "{g}");
}

/// Issue 43 (Broken 3): Rematch after a game against a computer player
/// sent a challenge that was never accepted (still pending minutes later),
/// while a new challenge to the same computer started at once. A rematch is
/// a challenge like any other: the computer accepts it at once, takes the
/// other side, and moves first when it is X.
#[test]
fn a_rematch_against_the_computer_is_accepted_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::sqlite(dir.path());
    let http = Http::new(&server);
    let ann = http.account("ann");
    let (s, g) = http.post(
        "/challenges",
        Some(&ann),
        json!({"opponent": "computer-beginner", "side": "x"}),
    );
    assert_eq!(s, 201, "{g}");
    assert_eq!(g["status"], json!("active"), "{g}");
    let id = g["id"].as_str().unwrap().to_string();
    let (s, v) = http.post(&format!("/games/{id}/resign"), Some(&ann), json!({}));
    assert_eq!(s, 200, "{v}");
    let (s, r) = http.post(&format!("/games/{id}/rematch"), Some(&ann), json!({}));
    assert_eq!(s, 201, "{r}");
    assert_eq!(
        r["status"],
        json!("active"),
        "the rematch was left waiting: {r}"
    );
    // the sides swapped: the computer is X now and plays its first move
    let rid = r["id"].as_str().unwrap().to_string();
    let g = wait_for(&http, &rid, 60, |g| g["moves"] == json!(1));
    assert_eq!(g["turn"], json!("ann"), "{g}");
}
