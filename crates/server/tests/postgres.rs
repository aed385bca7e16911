//! The server on a real PostgreSQL, when `SCRIBE_TEST_POSTGRES` names one
//! (`.ci/run` starts a throw-away cluster): two servers on one database
//! apply concurrent moves once, keep two chat lines sent at the same
//! moment, and rate a new player's games that end at once. Without the
//! variable the tests say they were skipped. (The kill -9 of one of two
//! servers, with or without the computer thinking, is in the root
//! package's `tests/online_postgres.rs`: it needs the `scribe serve`
//! process.)

mod common;

use common::{Http, Server, establish, fresh, postgres, random_moves};
use serde_json::json;

#[test]
fn concurrent_moves_on_two_servers_are_applied_once() {
    let Some(url) = postgres() else { return };
    let a = Server::start(&url);
    let b = Server::start(&url);
    let (ha, hb) = (Http::new(&a), Http::new(&b));
    let (an, bn) = (fresh("c"), fresh("d"));
    let ann = ha.account(&an);
    let bob = hb.account(&bn);
    let id = ha.game(&ann, &bob, &bn, "majority");
    // The same first move sent through both servers at once: one applies
    // it, the other answers that it was already made.
    let t = {
        let (base, ann, id) = (b.url.clone(), ann.clone(), id.clone());
        std::thread::spawn(move || {
            Http::at(&base).post(
                &format!("/games/{id}/moves"),
                Some(&ann),
                json!({"square": "E5", "number": 1}),
            )
        })
    };
    let r1 = ha.post(
        &format!("/games/{id}/moves"),
        Some(&ann),
        json!({"square": "E5", "number": 1}),
    );
    let r2 = t.join().unwrap();
    assert_eq!((r1.0, r2.0), (200, 200), "{r1:?} {r2:?}");
    let (_, g) = ha.get(&format!("/games/{id}"), None);
    assert_eq!(g["history"], json!(["E5"]));
}

#[test]
fn two_chat_lines_at_the_same_moment_are_both_kept_and_numbered() {
    let Some(url) = postgres() else { return };
    let a = Server::start(&url);
    let b = Server::start(&url);
    let ha = Http::new(&a);
    let (an, bn) = (fresh("e"), fresh("f"));
    let ann = ha.account(&an);
    let bob = ha.account(&bn);
    let id = ha.game(&ann, &bob, &bn, "majority");
    let rounds = 30;
    let barrier = std::sync::Arc::new(std::sync::Barrier::new(2));
    let talkers: Vec<_> = [(a.url.clone(), ann), (b.url.clone(), bob)]
        .into_iter()
        .map(|(base, token)| {
            let (barrier, id) = (barrier.clone(), id.clone());
            std::thread::spawn(move || {
                let http = Http::at(&base);
                // Every answer is kept and judged after both threads end
                // (a thread that stopped at a failure would leave the
                // other waiting at the barrier).
                (0..rounds)
                    .map(|i| {
                        barrier.wait();
                        http.post(
                            &format!("/games/{id}/chat"),
                            Some(&token),
                            json!({"text": format!("gg {i}")}),
                        )
                    })
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    for t in talkers {
        for (i, (s, v)) in t.join().unwrap().into_iter().enumerate() {
            assert_eq!(s, 200, "line {i}: {v}");
        }
    }
    let (s, c) = ha.get(&format!("/games/{id}/chat"), Some(&ann2_or(&ha, &an)));
    assert_eq!(s, 200, "{c}");
    let numbers: Vec<u64> = c["chat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["n"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, (1..=2 * rounds).collect::<Vec<u64>>());
}

/// A fresh token of `name` (whose password is `NAME-password`).
fn ann2_or(http: &Http, name: &str) -> String {
    http.signin(name, &format!("{name}-password"))
}

#[test]
fn a_new_player_s_first_games_ending_at_once_are_all_rated() {
    let Some(url) = postgres() else { return };
    let a = Server::start(&url);
    let b = Server::start(&url);
    let ha = Http::new(&a);
    let pn = fresh("p");
    let p = ha.account(&pn);
    // Established first (five games lost to the computer), so that the
    // games against new opponents count (issue 44, D).
    establish(&ha, &p, &pn, "majority");
    let n = 6;
    // Six games of four moves each (both players moved twice), then every
    // opponent resigns at the same moment.
    let mut games = Vec::new();
    for i in 0..n {
        let on = format!("{}o{i}", fresh("q"));
        let o = ha.account(&on);
        let id = ha.game(&p, &o, &on, "majority");
        for (k, sq) in random_moves(i as u64, 4).iter().enumerate() {
            let who = if k % 2 == 0 { &p } else { &o };
            let (s, v) = ha.post(
                &format!("/games/{id}/moves"),
                Some(who),
                json!({"square": sq.to_string(), "number": k + 1}),
            );
            assert_eq!(s, 200, "{v}");
        }
        games.push((id, o));
    }
    let barrier = std::sync::Arc::new(std::sync::Barrier::new(n));
    let resigns: Vec<_> = games
        .into_iter()
        .enumerate()
        .map(|(i, (id, o))| {
            let base = if i % 2 == 0 {
                a.url.clone()
            } else {
                b.url.clone()
            };
            let barrier = barrier.clone();
            std::thread::spawn(move || {
                barrier.wait();
                Http::at(&base).post(&format!("/games/{id}/resign"), Some(&o), json!({}))
            })
        })
        .collect();
    for r in resigns {
        let (s, v) = r.join().unwrap();
        assert_eq!(s, 200, "{v}");
    }
    let (_, st) = ha.get("/standings", None);
    let me = st["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == json!(pn))
        .cloned()
        .expect("rated");
    assert_eq!(
        (me["games"].clone(), me["wins"].clone()),
        (json!(5 + n), json!(n)),
        "{me}"
    );
}
