//! The HTTP API under load on SQLite, through real sockets on loopback:
//! moves of many games at once are each kept once. (Whole games through
//! the API and through `scribe online`, checked against `scribe score`,
//! are in the root package's `tests/online.rs`.)

mod common;

use common::{Http, Server, random_moves};
use serde_json::{Value, json};

/// On SQLite the moves of games played at once are committed together
/// (the store's group commit, one fsync for all): every acknowledged move
/// is kept, in order and once, and of one move sent three times at once
/// exactly one applies (each write has a savepoint of its own, and one
/// that lost its compare-and-set is rolled back alone).
#[test]
fn moves_of_many_games_at_once_are_each_kept_once_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite:{}", dir.path().join("s.sqlite3").display());
    let server = Server::with(&db, |c| c.auth_per_minute = 1000);
    let http = Http::new(&server);
    let games: Vec<(String, String, String)> = (0..8)
        .map(|g| {
            let (xn, on) = (format!("x{g}"), format!("o{g}"));
            let x = http.account(&xn);
            let o = http.account(&on);
            let id = http.game(&x, &o, &on, "majority");
            (id, x, o)
        })
        .collect();
    let plies = 12;
    std::thread::scope(|s| {
        for (g, (id, x, o)) in games.iter().enumerate() {
            let url = server.url.clone();
            s.spawn(move || {
                for (i, sq) in random_moves(100 + g as u64, plies).iter().enumerate() {
                    let n = i + 1;
                    let token = if i % 2 == 0 { x } else { o };
                    let body = json!({"square": sq.to_string(), "number": n});
                    let path = format!("/games/{id}/moves");
                    let answers: Vec<(u16, Value)> = std::thread::scope(|s2| {
                        let sent: Vec<_> = (0..3)
                            .map(|_| {
                                let (url, path, body) = (&url, &path, body.clone());
                                s2.spawn(move || Http::at(url).post(path, Some(token), body))
                            })
                            .collect();
                        sent.into_iter().map(|t| t.join().unwrap()).collect()
                    });
                    for (st, v) in &answers {
                        assert_eq!(*st, 200, "game {g} move {n}: {v}");
                        assert_eq!(v["number"], json!(n), "game {g} move {n}: {v}");
                    }
                }
            });
        }
    });
    for (g, (id, _, _)) in games.iter().enumerate() {
        let (s, v) = http.get(&format!("/games/{id}"), None);
        assert_eq!(s, 200, "{v}");
        let want: Vec<String> = random_moves(100 + g as u64, plies)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(v["history"], json!(want), "game {g}");
    }
}
