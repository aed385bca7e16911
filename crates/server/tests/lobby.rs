//! Finding a game and watching one (issue 29, items 3 to 5), through real
//! sockets on loopback: an open challenge reaches every open stream and
//! leaves them when taken; who is online; a spectator's stream of one game
//! (no sign-in, no chat); the games being played; a rematch; a finished
//! game's summary (date, how it ended, both results); a player's page with
//! their rating over time. The same on PostgreSQL with two servers, when
//! `SCRIBE_TEST_POSTGRES` names one. (`scribe online rematch` and a game's
//! PDF, drawn by `crates/export`, are in the root package's
//! `tests/online_lobby.rs`.)

mod common;

use common::{Http, Server, Stream, establish, fresh, random_moves};
use serde_json::{Value, json};

/// The lobby and spectators, with requests through `a` and streams on `b`
/// (the same server on SQLite, two servers on one PostgreSQL).
fn lobby_and_spectators(a: &Server, b: &Server) {
    let (ha, hb) = (Http::new(a), Http::new(b));
    let (an, bn, cn) = (fresh("ann"), fresh("bob"), fresh("cid"));
    let ann = ha.account(&an);
    let bob = ha.account(&bn);
    let cid = ha.account(&cn);
    // A game between two new players is not rated (issue 44, D): cid is
    // established first, so ann's rating moves when she beats him.
    establish(&ha, &cid, &cn, "super-glyph");

    // Who is online: the players with a stream open (on this server).
    let bob_live = Stream::open(&b.url, &bob);
    let cid_live = Stream::open(&b.url, &cid);
    let (s, online) = hb.get("/players/online", Some(&cid));
    assert_eq!(s, 200, "{online}");
    let names: Vec<&str> = online["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    assert!(
        names.contains(&bn.as_str()) && names.contains(&cn.as_str()),
        "{online}"
    );
    assert!(
        !names.contains(&an.as_str()),
        "ann has no stream open: {online}"
    );
    assert_eq!(online["count"].as_u64().unwrap() as usize, names.len());
    let (s, _) = hb.get("/players/online", None);
    assert_eq!(s, 401, "the list of who is online is for players");

    // An open challenge reaches every open stream at once (it was polled).
    let (s, c) = ha.post(
        "/challenges",
        Some(&ann),
        json!({"variant": "super-glyph", "side": "x", "days": 3}),
    );
    assert_eq!(s, 201, "{c}");
    let id = c["id"].as_str().unwrap().to_string();
    for stream in [&bob_live, &cid_live] {
        let e = stream.next_of("challenge");
        assert_eq!(e["id"], json!(id), "{e}");
        assert_eq!(e["challenger"], json!(an));
        assert_eq!(e["challenged"], Value::Null);
        assert_eq!(e["status"], json!("challenge"));
    }
    // Taken by cid: bob's lobby is told it is gone.
    let (s, g) = ha.post(&format!("/games/{id}/accept"), Some(&cid), json!({}));
    assert_eq!(s, 200, "{g}");
    let e = bob_live.next_of("challenge");
    assert_eq!(
        (e["id"].as_str(), e["status"].as_str()),
        (Some(id.as_str()), Some("active"))
    );

    // The games being played: anyone may list them and watch one.
    let (s, playing) = hb.get("/playing", None);
    assert_eq!(s, 200, "{playing}");
    assert!(
        playing["games"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == json!(id)),
        "{playing}"
    );
    let watcher = Stream::open_at(&b.url, &format!("/games/{id}/events"), None);
    let (s, _) = hb.get("/games/nosuchgame/events", None);
    assert_eq!(s, 404);
    let moves = random_moves(29, 8);
    for (i, sq) in moves.iter().enumerate() {
        let (n, who) = (i + 1, if i % 2 == 0 { &ann } else { &cid });
        if n == 3 {
            // The chat stays between the players.
            let (s, v) = ha.post(
                &format!("/games/{id}/chat"),
                Some(&ann),
                json!({"text": "hi"}),
            );
            assert_eq!(s, 200, "{v}");
        }
        let (s, v) = ha.post(
            &format!("/games/{id}/moves"),
            Some(who),
            json!({"square": sq.to_string(), "number": n}),
        );
        assert_eq!(s, 200, "move {n}: {v}");
        let (kind, e) = watcher.next();
        assert_eq!(kind, "move", "the spectator's next event: {kind} {e}");
        assert_eq!(
            (e["number"].as_u64(), e["square"].as_str()),
            (Some(n as u64), Some(sq.to_string().as_str()))
        );
    }
    // A rematch comes after the game.
    let (s, v) = ha.post(&format!("/games/{id}/rematch"), Some(&cid), json!({}));
    assert_eq!((s, v["error"].as_str()), (409, Some("not_over")), "{v}");
    let (s, v) = ha.post(&format!("/games/{id}/resign"), Some(&cid), json!({}));
    assert_eq!(s, 200, "{v}");
    let end = watcher.next_of("end");
    assert_eq!(end["reason"], json!("resigned"));

    // The finished game's summary: when and how it ended, both results.
    let (_, mine) = ha.get("/games", Some(&ann));
    let done = mine["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == json!(id))
        .unwrap()
        .clone();
    assert_eq!(done["end"], json!("resigned"), "{done}");
    assert!(done["finished"].as_str().unwrap().ends_with('Z'), "{done}");
    assert!(done["majority"]["x"].is_u64(), "{done}");
    assert_eq!(done["super_glyph"], Value::Null, "no full board: {done}");
    assert_eq!(done["winner"], json!("X"));

    // Rematch: only the players; same variant and time, the sides swapped.
    let (s, v) = ha.post(&format!("/games/{id}/rematch"), Some(&bob), json!({}));
    assert_eq!(
        (s, v["error"].as_str()),
        (403, Some("not_your_game")),
        "{v}"
    );
    let (s, r) = ha.post(&format!("/games/{id}/rematch"), Some(&cid), json!({}));
    assert_eq!(s, 201, "{r}");
    assert_eq!(r["status"], json!("challenge"));
    assert_eq!(r["challenger"], json!(cn));
    assert_eq!(r["challenged"], json!(an));
    assert_eq!(r["variant"], json!("super-glyph"));
    assert_eq!(r["days_per_move"], json!(3));
    let rid = r["id"].as_str().unwrap();
    let (s, g) = ha.post(&format!("/games/{rid}/accept"), Some(&ann), json!({}));
    assert_eq!(s, 200, "{g}");
    assert_eq!(
        (g["players"]["x"].as_str(), g["players"]["o"].as_str()),
        (Some(cn.as_str()), Some(an.as_str())),
        "{g}"
    );
    let (s, v) = ha.post("/games/nosuchgame/rematch", Some(&cid), json!({}));
    assert_eq!(s, 404, "{v}");

    // A player's page: ratings, the rating after each rated game, games.
    let (s, page) = hb.get(&format!("/players/{}", an.to_uppercase()), None);
    assert_eq!(s, 200, "{page}");
    assert_eq!(page["name"], json!(an));
    assert_eq!(page["online"], json!(false));
    let rating = &page["ratings"][0];
    assert_eq!(
        (rating["variant"].as_str(), rating["games"].as_i64()),
        (Some("super-glyph"), Some(1)),
        "{page}"
    );
    assert_eq!(
        rating["rating"].as_f64().unwrap().fract(),
        0.0,
        "rounded: {page}"
    );
    let history = page["history"].as_array().unwrap();
    assert_eq!(history.len(), 1, "{page}");
    assert_eq!(history[0]["game"], json!(id));
    assert_eq!(history[0]["rating"], rating["rating"]);
    assert!(
        page["games"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == json!(id) && g["end"] == json!("resigned"))
    );
    let (_, page) = hb.get(&format!("/players/{cn}"), None);
    assert_eq!(page["online"], json!(true), "cid has a stream open: {page}");
    let (s, v) = hb.get("/players/nobody-here", None);
    assert_eq!(s, 404, "{v}");
    let (s, _) = hb.get("/players/%3Cb%3E", None);
    assert_eq!(s, 404);
    drop((bob_live, cid_live));
}

#[test]
fn the_lobby_lives_on_the_stream_and_anyone_may_watch_a_game() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::sqlite(dir.path());
    lobby_and_spectators(&server, &server);
}

#[test]
fn the_lobby_and_spectators_across_two_servers_on_postgres() {
    let Some(url) = common::postgres() else {
        return;
    };
    let a = Server::start(&url);
    let b = Server::start(&url);
    lobby_and_spectators(&a, &b);
}
