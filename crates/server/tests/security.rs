//! The server under attack: no token, a forged token, another player's
//! token, an oversized body, names full of control characters or SQL, a
//! thousand wrong passwords, too many connections, a proxy's clients, a
//! ring of accounts farming a rating. (A kill -9 while moves are in flight,
//! a damaged database, and the timeouts that debug builds shorten through
//! environment variables are in the root package's `tests/serve_security.rs`:
//! they need the `scribe serve` process.)

mod common;

use common::{
    Http, Server, Stream, closed_after, establish, page_rating, parse_answer, post_from,
    random_moves, raw_from, standing,
};
use serde_json::{Value, json};

#[test]
fn no_token_a_forged_token_and_another_players_token_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::sqlite(dir.path());
    let http = Http::new(&server);
    let ann = http.account("ann");
    let bob = http.account("bob");
    let eve = http.account("eve");
    let id = http.game(&ann, &bob, "bob", "majority");

    // No token.
    for (s, v) in [
        http.get("/games", None),
        http.get("/events", None),
        http.post(&format!("/games/{id}/moves"), None, json!({"square": "E5"})),
        http.post("/challenges", None, json!({"opponent": "bob"})),
    ] {
        assert_eq!(s, 401, "{v}");
        assert_eq!(v["error"], json!("not_signed_in"));
    }
    // Forged tokens: well-formed, malformed, another's id with a wrong secret.
    let ann_id = ann.split('.').next().unwrap();
    for forged in [
        format!("0123456789abcdef.{}", "0".repeat(64)),
        "garbage".to_string(),
        format!("{ann_id}.{}", "f".repeat(64)),
        format!("{ann_id}.' OR '1'='1"),
        String::new(),
    ] {
        let (s, v) = http.post(
            &format!("/games/{id}/moves"),
            Some(&forged),
            json!({"square": "E5", "number": 1}),
        );
        assert_eq!(s, 401, "{forged}: {v}");
    }
    // Another player's token: eve is signed in, but it is not her game.
    for path in ["moves", "resign", "undo", "chat"] {
        let (s, v) = http.post(
            &format!("/games/{id}/{path}"),
            Some(&eve),
            json!({"square": "E5", "number": 1, "text": "hi"}),
        );
        assert_eq!(s, 403, "{path}: {v}");
        assert_eq!(v["error"], json!("not_your_game"));
    }
    let (s, _) = http.get(&format!("/games/{id}/chat"), Some(&eve));
    assert_eq!(s, 403);
    // Only the challenged accepts or declines; only the challenger cancels.
    let (_, c) = http.post("/challenges", Some(&ann), json!({"opponent": "bob"}));
    let cid = c["id"].as_str().unwrap();
    for (who, what) in [
        (&eve, "accept"),
        (&ann, "accept"),
        (&eve, "decline"),
        (&bob, "cancel"),
    ] {
        let (s, v) = http.post(&format!("/games/{cid}/{what}"), Some(who), json!({}));
        assert_eq!(s, 403, "{what}: {v}");
    }
    // Nothing changed.
    let (_, g) = http.get(&format!("/games/{id}"), None);
    assert_eq!(g["moves"], json!(0));
    assert_eq!(g["status"], json!("active"));

    // A revoked token no longer works; a new sign-in does.
    let (s, _) = http.delete("/session", Some(&ann));
    assert_eq!(s, 200);
    let (s, _) = http.get("/games", Some(&ann));
    assert_eq!(s, 401);
    let ann2 = http.signin("ann", "ann-password");
    let (s, _) = http.get("/games", Some(&ann2));
    assert_eq!(s, 200);
    // Changing the password revokes the other tokens, keeps this one.
    let ann3 = http.signin("ann", "ann-password");
    let (s, v) = http.post(
        "/me/password",
        Some(&ann2),
        json!({"old": "ann-password", "new": "a-new-password"}),
    );
    assert_eq!(s, 200, "{v}");
    assert_eq!(http.get("/me", Some(&ann3)).0, 401);
    assert_eq!(http.get("/me", Some(&ann2)).0, 200);
    let (s, _) = http.post(
        "/session",
        None,
        json!({"name": "ann", "password": "ann-password"}),
    );
    assert_eq!(s, 401);
    http.signin("ann", "a-new-password");
}

#[test]
fn bad_names_oversized_bodies_and_sql_are_refused_or_kept_as_text() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::sqlite(dir.path());
    let http = Http::new(&server);
    for name in [
        "ann\u{1b}[2J",
        "bob\nmallory",
        "robert'); DROP TABLE users;--",
        "x",
        "<script>alert(1)</script>",
        "\u{202e}nimda",
        &"a".repeat(1000),
    ] {
        let (s, v) = http.post(
            "/accounts",
            None,
            json!({"name": name, "password": "long-enough-1"}),
        );
        assert_eq!(s, 400, "{name:?}: {v}");
        assert_eq!(v["error"], json!("bad_name"));
    }
    // An oversized body.
    let big = json!({"name": "big", "password": "p".repeat(20_000)}).to_string();
    let (s, v) = http.post_raw("/accounts", None, &big);
    assert_eq!(s, 413, "{v}");
    assert_eq!(v["error"], json!("too_large"));
    // Not JSON at all.
    let (s, v) = http.post_raw("/accounts", None, "{name: ");
    assert_eq!(s, 400, "{v}");

    // SQL in the places a player may type text is kept as text.
    let ann = http.account("ann");
    let bob = http.account("bob");
    let id = http.game(&ann, &bob, "bob", "majority");
    let sql = "'); DROP TABLE games; --";
    let (s, _) = http.post(
        &format!("/games/{id}/chat"),
        Some(&ann),
        json!({"text": sql}),
    );
    assert_eq!(s, 200);
    let (_, c) = http.get(&format!("/games/{id}/chat"), Some(&bob));
    assert_eq!(c["chat"][0]["text"], json!(sql));
    let (s, _) = http.get(&format!("/games/{id}"), None);
    assert_eq!(s, 200, "the games table is still there");
    let (s, v) = http.post(
        "/challenges",
        Some(&ann),
        json!({"opponent": "bob' OR '1'='1"}),
    );
    assert_eq!(s, 404, "{v}");
    let (s, _) = http.get("/games/abc'--", None);
    assert_eq!(s, 404);
    // Chat lines: bounded, no control characters.
    let (s, _) = http.post(
        &format!("/games/{id}/chat"),
        Some(&ann),
        json!({"text": "x".repeat(301)}),
    );
    assert_eq!(s, 400);
    let (s, _) = http.post(
        &format!("/games/{id}/chat"),
        Some(&ann),
        json!({"text": "hi\u{1b}[2J"}),
    );
    assert_eq!(s, 400);
}

#[test]
fn a_thousand_wrong_passwords_are_rate_limited_and_unknown_names_look_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::sqlite(dir.path());
    let http = Http::new(&server);
    http.account("ann");
    let (s1, v1) = http.post(
        "/session",
        None,
        json!({"name": "ann", "password": "wrong-one"}),
    );
    let (s2, v2) = http.post(
        "/session",
        None,
        json!({"name": "nobody", "password": "wrong-one"}),
    );
    assert_eq!((s1, &v1), (s2, &v2), "same answer for an unknown name");
    let mut statuses = std::collections::BTreeMap::new();
    for i in 0..1000 {
        let (s, _) = http.post(
            "/session",
            None,
            json!({"name": "ann", "password": format!("guess-{i}")}),
        );
        *statuses.entry(s).or_insert(0) += 1;
    }
    assert!(
        statuses.get(&429).copied().unwrap_or(0) >= 950,
        "{statuses:?}"
    );
    assert_eq!(statuses.get(&200), None);
    // Sign-ups from the same address are limited too.
    let (s, v) = http.post(
        "/accounts",
        None,
        json!({"name": "zed", "password": "long-enough"}),
    );
    assert_eq!(s, 429, "{v}");
}

#[test]
fn a_live_stream_ends_when_its_token_is_revoked() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::sqlite(dir.path());
    let http = Http::new(&server);
    let ann = http.account("ann");
    let bob = http.account("bob");
    let id = http.game(&ann, &bob, "bob", "majority");
    let mv = |token: &str, sq: &str, n: u64| {
        let (s, v) = http.post(
            &format!("/games/{id}/moves"),
            Some(token),
            json!({"square": sq, "number": n}),
        );
        assert_eq!(s, 200, "{v}");
    };
    // Sign-out ends the stream of that token only.
    let ann2 = http.signin("ann", "ann-password");
    let s1 = Stream::open(&server.url, &ann);
    let s2 = Stream::open(&server.url, &ann2);
    assert_eq!(http.delete("/session", Some(&ann)).0, 200);
    mv(&ann2, "E5", 1);
    s1.ends();
    assert_eq!(s2.next_of("move")["number"], json!(1));
    // A password change ends the streams of the other tokens.
    let ann3 = http.signin("ann", "ann-password");
    let s3 = Stream::open(&server.url, &ann3);
    let (s, v) = http.post(
        "/me/password",
        Some(&ann2),
        json!({"old": "ann-password", "new": "a-new-password"}),
    );
    assert_eq!(s, 200, "{v}");
    mv(&bob, "A1", 2);
    s3.ends();
    assert_eq!(s2.next_of("move")["number"], json!(2));
    // Sign-out everywhere ends them all.
    let ann4 = http.signin("ann", "a-new-password");
    let s4 = Stream::open(&server.url, &ann4);
    assert_eq!(http.delete("/sessions", Some(&ann2)).0, 200);
    let (s, v) = http.post(
        &format!("/games/{id}/chat"),
        Some(&bob),
        json!({"text": "hi"}),
    );
    assert_eq!(s, 200, "{v}");
    s2.ends();
    s4.ends();
    // A revoked token cannot open a new stream.
    assert_eq!(http.get("/events", Some(&ann4)).0, 401);
}

#[test]
fn the_owner_signs_in_while_others_guess_her_password() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::sqlite(dir.path());
    let http = Http::new(&server);
    // Ann signs up and in from 127.0.0.1.
    http.account("ann");
    // Two other addresses guess her password, many times.
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
    // Ann, from her own address, gets in with the right password; a wrong
    // one is still refused as wrong.
    let (s, v) = http.post(
        "/session",
        None,
        json!({"name": "ann", "password": "ann-password"}),
    );
    assert_eq!(s, 200, "{v}");
    let (s, _) = http.post(
        "/session",
        None,
        json!({"name": "ann", "password": "nope-nope"}),
    );
    assert_eq!(s, 401);
    // While the guessing goes on, an address that never signed in as ann
    // has a few tries of its own: the guessers' do not count against it.
    let (s, v) = post_from(
        "127.0.0.4",
        server.port,
        "/session",
        &json!({"name": "ann", "password": "ann-password"}),
    );
    assert_eq!(s, 200, "{v}");
}

#[test]
fn every_refusal_has_the_error_shape_and_the_api_says_nosniff() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::sqlite(dir.path());
    let http = Http::new(&server);
    let ann = http.account("ann");
    let bob = http.account("bob");
    let eve = http.account("eve");
    let port = server.port;
    let ask = |head: &[u8]| {
        let mut request = head.to_vec();
        request.extend_from_slice(
            format!("\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n").as_bytes(),
        );
        parse_answer(&raw_from("127.0.0.1", port, &request))
    };
    let bearer = format!("GET /api/v1/games?next=maybe HTTP/1.1\r\nAuthorization: Bearer {ann}");
    let cases: Vec<(Vec<u8>, u16)> = vec![
        (b"PUT /api/v1/games HTTP/1.1".to_vec(), 405),
        (b"DELETE /api/v1/me HTTP/1.1".to_vec(), 405),
        (
            b"POST /api/v1/standings HTTP/1.1\r\nContent-Length: 0".to_vec(),
            405,
        ),
        (bearer.into_bytes(), 400),
        (
            b"GET /api/v1/standings?variant=a&variant=b HTTP/1.1".to_vec(),
            400,
        ),
        (b"GET /api/v1/nothing/here HTTP/1.1".to_vec(), 404),
        (b"GET /api/v2/ HTTP/1.1".to_vec(), 404),
        (b"GET /nothing HTTP/1.1".to_vec(), 404),
        (b"GET /api/v1/games/%FF%FE HTTP/1.1".to_vec(), 404),
        (
            b"GET /api/v1/me HTTP/1.1\r\nAuthorization: Bearer \xc3\xa9\xff".to_vec(),
            401,
        ),
    ];
    for (head, status) in cases {
        let shown = String::from_utf8_lossy(&head).into_owned();
        let (s, headers, body) = ask(&head);
        assert_eq!(s, status, "{shown}: {body}");
        assert!(
            body["error"].is_string() && body["message"].is_string(),
            "{shown}: {body}"
        );
        assert!(
            headers.contains("content-type: application/json"),
            "{shown}: {headers}"
        );
        assert!(
            headers.contains("x-content-type-options: nosniff"),
            "{shown}: {headers}"
        );
        assert!(
            !body["message"]
                .as_str()
                .unwrap()
                .contains("no token was sent")
                || status != 401,
            "{shown}: {body}"
        );
    }
    // The API's root, with or without its slash.
    for path in ["/api/v1", "/api/v1/"] {
        let (s, headers, body) = ask(format!("GET {path} HTTP/1.1").as_bytes());
        assert_eq!(s, 200, "{path}: {body}");
        assert_eq!(body["server"], json!("scribe"));
        assert!(headers.contains("x-content-type-options: nosniff"));
    }
    // Moving in a challenge not accepted yet: not started, for its two
    // players; not your game for anyone else.
    let (_, c) = http.post(
        "/challenges",
        Some(&ann),
        json!({"opponent": "bob", "side": "x"}),
    );
    let cid = c["id"].as_str().unwrap();
    for (who, code) in [
        (&ann, "not_started"),
        (&bob, "not_started"),
        (&eve, "not_your_game"),
    ] {
        let (_, v) = http.post(
            &format!("/games/{cid}/moves"),
            Some(who),
            json!({"square": "E5", "number": 1}),
        );
        assert_eq!(v["error"], json!(code), "{v}");
    }
    // Chat: no bidi controls or invisible characters.
    let id = http.game(&ann, &bob, "bob", "majority");
    for text in [
        "abc\u{202e}def",
        "a\u{200b}b",
        "\u{2066}x",
        "\u{feff}hi",
        "x\u{00ad}y",
    ] {
        let (s, v) = http.post(
            &format!("/games/{id}/chat"),
            Some(&ann),
            json!({"text": text}),
        );
        assert_eq!(s, 400, "{text:?}: {v}");
        assert_eq!(v["error"], json!("bad_chat"));
    }
    let (s, _) = http.post(
        &format!("/games/{id}/chat"),
        Some(&ann),
        json!({"text": "gg, merci ✓"}),
    );
    assert_eq!(s, 200);
    // Reserved names cannot be signed up.
    for name in [
        "admin",
        "Root",
        "SYSTEM",
        "computer",
        "Computer-2",
        "deleted_1",
        "scribe",
        "ScribeBot",
    ] {
        let (s, v) = http.post(
            "/accounts",
            None,
            json!({"name": name, "password": "long-enough-1"}),
        );
        assert_eq!(s, 400, "{name}: {v}");
        assert_eq!(v["error"], json!("bad_name"), "{name}");
    }
}

#[test]
fn challenges_are_capped_and_never_hide_a_real_game() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::sqlite(dir.path());
    let http = Http::new(&server);
    let ann = http.account("ann");
    let bob = http.account("bob");
    let cid = http.account("cid");
    let dan = http.account("dan");
    // Bob plays X against Cid: his move.
    let game = http.game(&bob, &cid, "cid", "majority");
    // Challenges pour in for Bob: at most 3 pending from one player.
    for (who, n) in [(&ann, 3), (&dan, 3)] {
        for _ in 0..n {
            let (s, v) = http.post("/challenges", Some(who), json!({"opponent": "bob"}));
            assert_eq!(s, 201, "{v}");
        }
    }
    let (s, v) = http.post("/challenges", Some(&ann), json!({"opponent": "bob"}));
    assert_eq!(s, 409, "{v}");
    assert_eq!(v["error"], json!("too_many_challenges"));
    // At most 20 open challenges from one player.
    for i in 3..20 {
        let (s, v) = http.post("/challenges", Some(&ann), json!({}));
        assert_eq!(s, 201, "challenge {i}: {v}");
    }
    let (s, v) = http.post("/challenges", Some(&ann), json!({}));
    assert_eq!(s, 409, "{v}");
    assert_eq!(v["error"], json!("too_many_challenges"));
    // Cancelling one makes room.
    let (_, list) = http.get("/challenges", Some(&ann));
    let mine = list["challenges"][0]["id"].as_str().unwrap().to_string();
    assert_eq!(
        http.post(&format!("/games/{mine}/cancel"), Some(&ann), json!({}))
            .0,
        200
    );
    assert_eq!(http.post("/challenges", Some(&ann), json!({})).0, 201);
    // Bob's game in progress comes first in his lists, before challenges.
    for path in ["/games", "/games?next=true"] {
        let (s, v) = http.get(path, Some(&bob));
        assert_eq!(s, 200, "{v}");
        assert_eq!(v["games"][0]["id"], json!(game), "{path}: {v}");
        assert_eq!(v["games"].as_array().unwrap().len(), 7, "{path}: {v}");
    }
    // Challenges to Bob come first in his list of challenges, before the
    // open ones.
    let (_, v) = http.get("/challenges", Some(&bob));
    for c in &v["challenges"].as_array().unwrap()[..6] {
        assert_eq!(c["challenged"], json!("bob"), "{v}");
    }
}

#[test]
fn chat_is_only_between_the_two_players_of_an_accepted_game() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::sqlite(dir.path());
    let http = Http::new(&server);
    let ann = http.account("ann");
    let bob = http.account("bob");
    let say = |token: &str, id: &str| {
        http.post(
            &format!("/games/{id}/chat"),
            Some(token),
            json!({"text": "buy my stuff"}),
        )
    };
    // A challenge not accepted: no chat, not even from its challenger.
    let (_, c) = http.post("/challenges", Some(&ann), json!({"opponent": "bob"}));
    let cid = c["id"].as_str().unwrap().to_string();
    let (s, v) = say(&ann, &cid);
    assert_eq!((s, v["error"].clone()), (409, json!("not_started")), "{v}");
    // Declined: none either.
    assert_eq!(
        http.post(&format!("/games/{cid}/decline"), Some(&bob), json!({}))
            .0,
        200
    );
    let (s, v) = say(&ann, &cid);
    assert_eq!((s, v["error"].clone()), (409, json!("not_a_game")), "{v}");
    let (_, chat) = http.get(&format!("/games/{cid}/chat"), Some(&bob));
    assert_eq!(chat["chat"], json!([]), "{chat}");
    // An open challenge: nobody chats in it.
    let (_, c) = http.post("/challenges", Some(&ann), json!({}));
    let open = c["id"].as_str().unwrap().to_string();
    assert_eq!(say(&ann, &open).0, 409);
    assert_eq!(say(&bob, &open).0, 403);
    // Accepted, and after its end: both players chat.
    let id = http.game(&ann, &bob, "bob", "majority");
    assert_eq!(say(&ann, &id).0, 200);
    assert_eq!(
        http.post(&format!("/games/{id}/resign"), Some(&bob), json!({}))
            .0,
        200
    );
    assert_eq!(say(&bob, &id).0, 200);
}

#[test]
fn a_game_counts_for_rating_only_after_both_players_moved_twice_and_a_pair_only_so_often() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::sqlite(dir.path());
    let http = Http::new(&server);
    let ann = http.account("ann");
    let bob = http.account("bob");
    // A game between two new players is not rated at all: ann is made
    // established first (five rated games against the computer).
    establish(&http, &ann, "ann", "majority");
    let played = |moves: usize| {
        let id = http.game(&ann, &bob, "bob", "majority");
        for (k, sq) in random_moves(moves as u64, moves).iter().enumerate() {
            let who = if k % 2 == 0 { &ann } else { &bob };
            let (s, v) = http.post(
                &format!("/games/{id}/moves"),
                Some(who),
                json!({"square": sq.to_string(), "number": k + 1}),
            );
            assert_eq!(s, 200, "{v}");
        }
        let (s, v) = http.post(&format!("/games/{id}/resign"), Some(&bob), json!({}));
        assert_eq!(s, 200, "{v}");
    };
    let games_of = |name: &str| {
        page_rating(&http, name, "majority").map_or(0, |e| e["games"].as_i64().unwrap())
    };
    // Resigned before both players moved twice: not rated.
    for moves in [0, 1, 3] {
        played(moves);
    }
    assert_eq!((games_of("ann"), games_of("bob")), (5, 0));
    // Four moves: rated; but no more than five games a day for one pair.
    for _ in 0..7 {
        played(4);
    }
    assert_eq!((games_of("ann"), games_of("bob")), (10, 5));
}

#[test]
fn one_address_cannot_hold_more_than_its_share_of_connections() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite:{}", dir.path().join("server.sqlite3").display());
    let server = Server::with(&db, |c| c.max_connections_per_address = 5);
    let port = server.port;
    let addr: std::net::SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let from = "127.0.0.7";
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let connect = || {
        rt.block_on(async {
            let socket = tokio::net::TcpSocket::new_v4().unwrap();
            socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
            socket.connect(addr).await.unwrap()
        })
    };
    // Five idle connections are held open…
    let held: Vec<_> = (0..5).map(|_| connect()).collect();
    // …the sixth is closed at once, without an answer.
    let hello = b"GET /api/v1/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    let sixth = closed_after(from, port, hello).expect("the sixth connection is closed");
    assert!(sixth.is_empty(), "{sixth}");
    // Other addresses are served meanwhile.
    let (s, _) = Http::new(&server).get("/", None);
    assert_eq!(s, 200);
    let (s, _, v) = parse_answer(&raw_from("127.0.0.8", port, hello));
    assert_eq!(s, 200, "{v}");
    // Once they close, the address is served again.
    drop(held);
    let mut served = false;
    for _ in 0..100 {
        let (s, _, _) = parse_answer(&raw_from(from, port, hello));
        if s == 200 {
            served = true;
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(served, "the address was not served again");
}

#[test]
fn the_database_is_private_to_its_owner_and_the_server_says_it_is_alive_and_ready() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::sqlite(dir.path());
    let http = Http::new(&server);
    http.account("ann");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        for name in ["server.sqlite3", "server.sqlite3-wal", "server.sqlite3-shm"] {
            let path = dir.path().join(name);
            if let Ok(meta) = std::fs::metadata(&path) {
                assert_eq!(meta.permissions().mode() & 0o777, 0o600, "{name}");
            } else {
                assert_ne!(name, "server.sqlite3", "no database file");
            }
        }
    }
    let agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .new_agent();
    for (path, status) in [("/healthz", "alive"), ("/readyz", "ready")] {
        let resp = agent.get(format!("{}{path}", server.url)).call().unwrap();
        assert_eq!(resp.status().as_u16(), 200, "{path}");
        let v: Value = serde_json::from_str(&resp.into_body().read_to_string().unwrap()).unwrap();
        assert_eq!(v["status"], json!(status), "{path}: {v}");
    }
}

#[test]
fn the_api_root_tells_no_version_and_chat_refuses_line_separators() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::sqlite(dir.path());
    let http = Http::new(&server);
    let (s, hello) = http.get("/", None);
    assert_eq!(s, 200, "{hello}");
    assert_eq!(hello["server"], json!("scribe"));
    assert_eq!(hello["api"], json!(1));
    assert!(hello.get("version").is_none(), "{hello}");
    let ann = http.account("ann");
    let bob = http.account("bob");
    let id = http.game(&ann, &bob, "bob", "majority");
    // Line and paragraph separators would start a new line in a reader's
    // view (and end a line of JavaScript source in old engines).
    for text in ["a\u{2028}b", "a\u{2029}b", "a\u{85}b", "a\u{b}b"] {
        let (s, v) = http.post(
            &format!("/games/{id}/chat"),
            Some(&ann),
            json!({"text": text}),
        );
        assert_eq!(
            (s, v["error"].clone()),
            (400, json!("bad_chat")),
            "{text:?}: {v}"
        );
    }
    let (_, chat) = http.get(&format!("/games/{id}/chat"), Some(&bob));
    assert_eq!(chat["chat"], json!([]), "{chat}");
}

/// POSTs JSON to `/api/v1{path}` from the source address `from` with an
/// `X-Forwarded-For` header, as a proxy on this machine sends it.
fn post_forwarded(
    from: &str,
    port: u16,
    forwarded: &str,
    path: &str,
    body: &Value,
) -> (u16, Value) {
    let body = body.to_string();
    let request = format!(
        "POST /api/v1{path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Forwarded-For: {forwarded}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let (status, _, body) = parse_answer(&raw_from(from, port, request.as_bytes()));
    (status, body)
}

#[test]
fn behind_a_trusted_proxy_each_client_has_its_own_allowance() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite:{}", dir.path().join("s.sqlite3").display());
    // The proxy (Caddy, nginx) runs on this machine: 127.0.0.1. Two tries a
    // minute (one more every 30 s), so that a slow run on a loaded machine
    // cannot earn a client enough new tries to blur the counts below (with
    // the default 30, one comes every 2 s, and a slow run of 40 sign-ins
    // got 11 of them).
    let server = Server::with(&db, |c| {
        c.trusted_proxies = vec![[127, 0, 0, 1].into()];
        c.auth_per_minute = 2;
    });
    let port = server.port;
    let owner = json!({"name": "ann", "password": "ann-password"});
    let (s, v) = post_forwarded("127.0.0.1", port, "198.51.100.7", "/accounts", &owner);
    assert_eq!(s, 201, "{v}");
    let wrong = |i: usize| json!({"name": format!("nobody{i}"), "password": "wrong-password"});
    // 40 wrong sign-ins with made-up names from one client behind the proxy.
    let mut limited = 0;
    for i in 0..40 {
        let (s, v) = post_forwarded("127.0.0.1", port, "203.0.113.9", "/session", &wrong(i));
        match s {
            401 => {}
            429 => limited += 1,
            _ => panic!("{s} {v}"),
        }
    }
    println!("40 wrong sign-ins from one client behind the proxy: {limited} refused with 429");
    // 2 let through, and one more for each 30 s the run takes: 30 refused
    // leaves four minutes.
    assert!(limited >= 30, "{limited}");
    // That client alone is limited, even when it writes an address of its
    // own choosing before the one the proxy adds.
    let (s, v) = post_forwarded(
        "127.0.0.1",
        port,
        "198.51.100.7, 203.0.113.9",
        "/session",
        &wrong(99),
    );
    assert_eq!(s, 429, "{v}");
    // The owner and a newcomer, through the same proxy, are not.
    let (s, v) = post_forwarded("127.0.0.1", port, "198.51.100.7", "/session", &owner);
    assert_eq!(s, 200, "{v}");
    let newcomer = json!({"name": "newcomer", "password": "newcomer-password"});
    let (s, v) = post_forwarded("127.0.0.1", port, "198.51.100.8", "/accounts", &newcomer);
    assert_eq!(s, 201, "{v}");
    // A client that is not a trusted proxy cannot choose its address: its
    // header is ignored, and a new address in it each time does not help.
    let mut limited = 0;
    for i in 0..40 {
        let (s, _) = post_forwarded(
            "127.0.0.2",
            port,
            &format!("192.0.2.{i}"),
            "/session",
            &wrong(i),
        );
        if s == 429 {
            limited += 1;
        }
    }
    assert!(limited >= 30, "{limited}");
}

#[test]
fn one_address_makes_at_most_ten_accounts_a_day() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::sqlite(dir.path());
    let mut made = 0;
    let mut refused = 0;
    for i in 0..14 {
        let (s, v) = post_from(
            "127.0.0.2",
            server.port,
            "/accounts",
            &json!({"name": format!("puppet{i}"), "password": "puppet-password"}),
        );
        match s {
            201 => made += 1,
            429 => {
                assert_eq!(v["error"], json!("rate_limited"), "{v}");
                refused += 1;
            }
            _ => panic!("{s} {v}"),
        }
    }
    println!("14 sign-ups from one address: {made} made, {refused} refused");
    assert_eq!((made, refused), (10, 4));
    // Another address still signs up.
    let (s, v) = post_from(
        "127.0.0.3",
        server.port,
        "/accounts",
        &json!({"name": "newcomer", "password": "newcomer-password"}),
    );
    assert_eq!(s, 201, "{v}");
}

/// Plays `games` games of four moves (two each) between `winner` and
/// `loser` (tokens; `loser_name` is challenged), each resigned by the loser:
/// every one long enough to count for rating.
fn lost_games(http: &Http, winner: &str, loser: &str, loser_name: &str, games: usize) {
    for g in 0..games {
        let id = http.game(winner, loser, loser_name, "majority");
        for (k, sq) in random_moves(g as u64 + 7, 4).iter().enumerate() {
            let who = if k % 2 == 0 { winner } else { loser };
            let (s, v) = http.post(
                &format!("/games/{id}/moves"),
                Some(who),
                json!({"square": sq.to_string(), "number": k + 1}),
            );
            assert_eq!(s, 200, "{v}");
        }
        let (s, v) = http.post(&format!("/games/{id}/resign"), Some(loser), json!({}));
        assert_eq!(s, 200, "{v}");
    }
}

#[test]
fn a_ring_of_new_accounts_cannot_farm_a_rating() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::sqlite(dir.path());
    let http = Http::new(&server);
    let farmer = http.account("farmer");
    // 8 new accounts x 5 games of 4 moves, each resigned to the farmer.
    for i in 0..8 {
        let name = format!("puppet{i}");
        let puppet = http.account(&name);
        lost_games(&http, &farmer, &puppet, &name, 5);
    }
    let (_, st) = http.get("/standings", None);
    println!("after 40 games lost to the farmer: {st}");
    let listed = standing(&http, "farmer", "majority");
    let rating = page_rating(&http, "farmer", "majority");
    println!("farmer: standings {listed:?}, page {rating:?}");
    // Games between two new (provisional) accounts are not rated: the
    // farmer gains nothing and is not in the standings.
    assert_eq!(listed, None, "{st}");
    assert_eq!(rating, None, "the farmer's rating moved");
    assert!(
        st["standings"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["computer"] == json!(true)),
        "{st}"
    );
}

#[test]
fn a_player_is_established_by_games_against_established_players() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::sqlite(dir.path());
    let http = Http::new(&server);
    let ann = http.account("ann");
    establish(&http, &ann, "ann", "majority");
    let listed = standing(&http, "ann", "majority").expect("ann is established");
    assert_eq!(listed["games"], json!(5), "{listed}");
    // A new player's game against her moves his rating, not hers.
    let bob = http.account("bob");
    lost_games(&http, &ann, &bob, "bob", 1);
    let after = standing(&http, "ann", "majority").unwrap();
    assert_eq!(
        (after["rating"].clone(), after["games"].clone()),
        (listed["rating"].clone(), json!(6)),
        "{after}"
    );
    let b = page_rating(&http, "bob", "majority").expect("bob is rated");
    assert!(b["rating"].as_f64().unwrap() < 1500.0, "{b}");
    assert_eq!(standing(&http, "bob", "majority"), None);
}
