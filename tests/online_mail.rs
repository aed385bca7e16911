//! Mail from `scribe serve --smtp`, end to end through real sockets: an
//! SMTP sink started on loopback inside the test (`online_common::smtp`),
//! a real server pointed at it, players through the API and `scribe
//! online`. The verification link opens a page whose button verifies
//! (fetching a link changes nothing); the opponent's move brings a "your move" mail with the game's
//! id and a working link, once per quiet period; unsubscribe works in one
//! click; a reminder comes before a time limit runs out; a password is
//! reset by mail; an unverified address gets nothing; a dead SMTP server
//! slows no move, and a mail it could not take for now is tried again and
//! arrives once (then given up after four attempts); without `--smtp` the
//! calls say there is no mail.
//! PostgreSQL too when `SCRIBE_TEST_POSTGRES` names one.

mod online_common;

use online_common::smtp::{Mail, Refusal, Sink, black_hole};
use online_common::{Http, Player, Server, free_port, post_from};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

const FROM: &str = "Scribe <scribe@example.org>";

/// A server on `database` at a fresh port mailing through `smtp`.
fn mailing(database: &str, smtp: &str, env: &[(&str, &str)]) -> Server {
    let port = free_port();
    let public = format!("http://127.0.0.1:{port}");
    Server::start_with(
        database,
        port,
        &["--smtp", smtp, "--mail-from", FROM, "--public-url", &public],
        env,
    )
}

fn sqlite(dir: &tempfile::TempDir) -> String {
    format!("sqlite:{}", dir.path().join("server.sqlite3").display())
}

/// A page of the server (not the API): status and text.
fn page(url: &str) -> (u16, String) {
    let agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(30)))
        .build()
        .new_agent();
    let resp = agent.get(url).call().unwrap();
    let status = resp.status().as_u16();
    (
        status,
        resp.into_body().read_to_string().unwrap_or_default(),
    )
}

/// POSTs a form to a page of the server: status and text.
fn post_form(url: &str, form: &str) -> (u16, String) {
    let agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(30)))
        .build()
        .new_agent();
    let resp = agent
        .post(url)
        .header("Content-Type", "application/x-www-form-urlencoded")
        .send(form)
        .unwrap();
    let status = resp.status().as_u16();
    (
        status,
        resp.into_body().read_to_string().unwrap_or_default(),
    )
}

/// Gives `token`'s player the address `email` and opens the link mailed to
/// it: the verification mail.
fn verify(h: &Http, sink: &Sink, token: &str, email: &str) -> Mail {
    let (s, v) = h.post("/me/email", Some(token), json!({ "email": email }));
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["email"]["verified"], json!(false));
    let mail = sink.next();
    assert_eq!(mail.to, vec![email.to_string()]);
    assert!(
        mail.subject().contains("verify your address"),
        "{}",
        mail.subject()
    );
    assert!(mail.header("list-unsubscribe").is_none());
    // The link opens a page; its button verifies.
    let link = mail.link_with("/mail/verify/");
    let (s, text) = page(&link);
    assert_eq!(s, 200, "{text}");
    assert!(text.contains("Verify this address"), "{text}");
    let (s, text) = post_form(&link, "");
    assert_eq!(s, 200, "{text}");
    assert!(
        text.contains("Address verified") && text.contains(email),
        "{text}"
    );
    let (_, me) = h.get("/me", Some(token));
    assert_eq!(me["email"]["verified"], json!(true), "{me}");
    assert_eq!(me["mail"], json!(true));
    mail
}

/// Plays `square` as move `n` of `id` with `token`; when the answer came.
fn play(h: &Http, token: &str, id: &str, square: &str, n: u64) -> Instant {
    let (s, v) = h.post(
        &format!("/games/{id}/moves"),
        Some(token),
        json!({"square": square, "number": n}),
    );
    assert_eq!(s, 200, "move {n} {square}: {v}");
    Instant::now()
}

/// The first moves of a legal game (checked by the server as they go).
fn squares(n: usize) -> Vec<String> {
    online_common::random_moves(29, n)
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn a_verified_player_is_mailed_their_move_once_per_quiet_period_and_can_unsubscribe() {
    let sink = Sink::start();
    let dir = tempfile::tempdir().unwrap();
    let server = mailing(
        &sqlite(&dir),
        &sink.url(),
        &[("SCRIBE_SERVE_MAIL_QUIET_MS", "4000")],
    );
    let h = Http::new(&server);
    // ann gives her address with `scribe online email`.
    let ann_cli = Player::new("ann", &server);
    ann_cli.signup();
    let said = ann_cli.ok(&["email", "ann@example.org"]);
    assert!(
        said.contains("a link to verify ann@example.org was mailed"),
        "{said}"
    );
    let ann = h.signin("ann", "ann-password");
    let mail = sink.next();
    let (s, text) = post_form(&mail.link_with("/mail/verify/"), "");
    assert_eq!(s, 200, "{text}");
    // The link works once.
    let (s, text) = post_form(&mail.link_with("/mail/verify/"), "");
    assert_eq!(s, 404, "{text}");
    let (s, text) = page(&mail.link_with("/mail/verify/"));
    assert_eq!(s, 404, "{text}");
    let shown = ann_cli.ok(&["email"]);
    assert!(
        shown.contains("ann@example.org (verified)") && shown.contains("on"),
        "{shown}"
    );

    // bob (X) challenges ann; her accepting mails nobody (bob has no address).
    let bob = h.account("bob");
    let id = h.game(&bob, &ann, "ann", "majority");
    let moves = squares(12);
    let moved = play(&h, &bob, &id, &moves[0], 1);
    let mail = sink.next();
    println!(
        "mail latency: bob's move answered -> \"your move\" mail in the sink: {} ms",
        mail.at.saturating_duration_since(moved).as_millis()
    );
    assert_eq!(mail.to, vec!["ann@example.org".to_string()]);
    assert_eq!(
        mail.subject(),
        format!("Scribe: your move against bob in game {id}")
    );
    let link = mail.link_with("/#/game/");
    assert_eq!(link, format!("{}/#/game/{id}", server.url));
    // The link opens the web client, which opens the game of its fragment.
    let (s, text) = page(&link);
    assert_eq!(s, 200);
    assert!(text.contains("<html"), "{text}");
    let (s, g) = h.get(&format!("/games/{id}"), None);
    assert_eq!((s, g["turn"].clone()), (200, json!("ann")));
    let unsubscribe = mail
        .header("list-unsubscribe")
        .expect("List-Unsubscribe")
        .to_string();
    assert!(
        unsubscribe.starts_with(&format!("<{}/mail/unsubscribe/", server.url)),
        "{unsubscribe}"
    );
    assert_eq!(
        mail.header("list-unsubscribe-post"),
        Some("List-Unsubscribe=One-Click")
    );
    assert!(mail.body.contains(unsubscribe.trim_matches(['<', '>'])));

    // More moves within the quiet period: no more mail.
    play(&h, &ann, &id, &moves[1], 2);
    play(&h, &bob, &id, &moves[2], 3);
    play(&h, &ann, &id, &moves[3], 4);
    play(&h, &bob, &id, &moves[4], 5);
    sink.quiet_for(2);
    // After it, the next move mails again.
    std::thread::sleep(Duration::from_millis(2500));
    play(&h, &ann, &id, &moves[5], 6);
    let moved = play(&h, &bob, &id, &moves[6], 7);
    let mail = sink.next();
    println!(
        "mail latency (second mail): move -> sink {} ms",
        mail.at.saturating_duration_since(moved).as_millis()
    );
    assert!(mail.subject().contains(&id));

    // One click unsubscribes; no mail after that, quiet period or not.
    let (s, text) = post_form(
        unsubscribe.trim_matches(['<', '>']),
        "List-Unsubscribe=One-Click",
    );
    assert_eq!(s, 200, "{text}");
    assert!(text.contains("No more mails"), "{text}");
    let (_, me) = h.get("/me", Some(&ann));
    assert_eq!(me["email"]["notify"], json!(false), "{me}");
    std::thread::sleep(Duration::from_millis(4500));
    play(&h, &ann, &id, &moves[7], 8);
    play(&h, &bob, &id, &moves[8], 9);
    sink.quiet_for(3);
    // Turned on again, from the command line.
    let said = ann_cli.ok(&["email", "--notify", "on"]);
    assert!(said.contains("is on"), "{said}");
    play(&h, &ann, &id, &moves[9], 10);
    play(&h, &bob, &id, &moves[10], 11);
    assert!(sink.next().subject().contains("your move"));
}

#[test]
fn an_unverified_address_gets_no_move_mail_and_link_mails_are_limited() {
    let sink = Sink::start();
    let dir = tempfile::tempdir().unwrap();
    let server = mailing(&sqlite(&dir), &sink.url(), &[]);
    let h = Http::new(&server);
    let ann = h.account("ann");
    let bob = h.account("bob");
    let (s, v) = h.post("/me/email", Some(&ann), json!({"email": "ann@example.org"}));
    assert_eq!(s, 200, "{v}");
    assert!(sink.next().subject().contains("verify"));
    let id = h.game(&bob, &ann, "ann", "majority");
    play(&h, &bob, &id, &squares(1)[0], 1);
    sink.quiet_for(3);
    // Not an address: refused, saying why.
    let (s, v) = h.post("/me/email", Some(&ann), json!({"email": "ann at example"}));
    assert_eq!((s, v["error"].clone()), (400, json!("bad_email")), "{v}");
    // Verification mails: at most 3 an hour per account (one went already).
    for _ in 0..2 {
        let (s, v) = h.post("/me/email", Some(&ann), json!({"email": "ann@example.org"}));
        assert_eq!(s, 200, "{v}");
        sink.next();
    }
    let (s, v) = h.post("/me/email", Some(&ann), json!({"email": "ann@example.org"}));
    assert_eq!((s, v["error"].clone()), (429, json!("rate_limited")), "{v}");
    // ... and per address, whoever asks.
    let carl = h.account("carl");
    for _ in 0..3 {
        let (s, _) = h.post(
            "/me/email",
            Some(&carl),
            json!({"email": "shared@example.org"}),
        );
        assert_eq!(s, 200);
        sink.next();
    }
    let dan = h.account("dan");
    let (s, v) = h.post(
        "/me/email",
        Some(&dan),
        json!({"email": "Shared@example.org"}),
    );
    assert_eq!(s, 429, "{v}");
    // Removing the address.
    let (s, v) = h.post("/me/email", Some(&ann), json!({"email": null}));
    assert_eq!((s, v["email"].clone()), (200, Value::Null), "{v}");
}

#[test]
fn a_password_is_reset_by_mail_with_a_one_time_link() {
    let sink = Sink::start();
    let dir = tempfile::tempdir().unwrap();
    let server = mailing(&sqlite(&dir), &sink.url(), &[]);
    let h = Http::new(&server);
    let ann = h.account("ann");
    verify(&h, &sink, &ann, "ann@example.org");
    let nobody = h.post("/password-reset", None, json!({"account": "nobody"}));
    let unverified = h.post(
        "/password-reset",
        None,
        json!({"account": "zed@example.org"}),
    );
    let by_name = h.post("/password-reset", None, json!({"account": "ann"}));
    // The same answer whether the account exists or not.
    assert_eq!(by_name.0, 202, "{}", by_name.1);
    assert_eq!(nobody, by_name);
    assert_eq!(unverified, by_name);
    let mail = sink.next();
    assert_eq!(mail.to, vec!["ann@example.org".to_string()]);
    assert!(
        mail.subject().contains("a new password for ann"),
        "{}",
        mail.subject()
    );
    // Asked by address, with `scribe online forgot-password`.
    let cli = Player::new("ann", &server);
    let said = cli.ok(&["forgot-password", "ANN@example.org"]);
    assert!(
        said.contains("if this account has a verified address"),
        "{said}"
    );
    let second = sink.next();
    sink.quiet_for(1);

    let link = mail.link_with("/reset/");
    let (s, form) = page(&link);
    assert_eq!(s, 200, "{form}");
    assert!(form.contains("<form") && form.contains("ann"), "{form}");
    let (s, text) = post_form(&link, "password=new-secret-1&again=new-secret-2");
    assert_eq!(s, 400);
    assert!(text.contains("the two passwords differ"), "{text}");
    let (s, text) = post_form(&link, "password=new-secret-1&again=new-secret-1");
    assert_eq!(s, 200, "{text}");
    assert!(text.contains("Password changed"), "{text}");
    // Every sign-in ended; the old password is gone, the new one works.
    let (s, _) = h.get("/me", Some(&ann));
    assert_eq!(s, 401);
    let (s, _) = h.post(
        "/session",
        None,
        json!({"name": "ann", "password": "ann-password"}),
    );
    assert_eq!(s, 401);
    h.signin("ann", "new-secret-1");
    // Single use: this link, and the other one mailed before, are spent.
    let (s, _) = page(&link);
    assert_eq!(s, 404);
    let (s, v) = h.post(
        "/password-reset/confirm",
        None,
        json!({"token": second.link_with("/reset/").rsplit('/').next().unwrap(), "password": "third-secret"}),
    );
    assert_eq!((s, v["error"].clone()), (403, json!("bad_link")), "{v}");
    let (s, v) = h.post(
        "/password-reset/confirm",
        None,
        json!({"token": "00", "password": "x-long-enough"}),
    );
    assert_eq!(s, 403, "{v}");
}

/// A HEAD of a page of the server (as a link scanner sends): the status.
fn head(url: &str) -> u16 {
    let agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(30)))
        .build()
        .new_agent();
    agent.head(url).call().unwrap().status().as_u16()
}

/// Every mail that comes until none has for `secs` seconds.
fn drain(sink: &Sink, secs: u64) -> Vec<Mail> {
    std::iter::from_fn(|| sink.next_within(secs)).collect()
}

/// ann asks for a password reset by her name: the request is taken (202)
/// and her reset mail comes (`when`: what came before, for the message).
fn ann_asks_and_her_reset_is_mailed(h: &Http, sink: &Sink, when: &str) {
    let (s, v) = h.post("/password-reset", None, json!({"account": "ann"}));
    assert_eq!(s, 202, "{v}");
    let mail = sink
        .next_within(15)
        .unwrap_or_else(|| panic!("ann's own reset mail, {when}"));
    assert!(
        mail.subject().contains("a new password for ann"),
        "{}",
        mail.subject()
    );
}

#[test]
fn spellings_of_one_mailbox_share_one_allowance() {
    let sink = Sink::start();
    let dir = tempfile::tempdir().unwrap();
    let server = mailing(&sqlite(&dir), &sink.url(), &[]);
    let h = Http::new(&server);
    // One mailbox, six spellings: quoted, escaped, the domain's case.
    let spellings = [
        "target@example.org",
        "\"target\"@example.org",
        "\"\\target\"@example.org",
        "target@EXAMPLE.ORG",
        "\"ta\\rget\"@Example.org",
        "target@example.org.",
    ];
    let mut accepted = Vec::new();
    for (i, email) in spellings.iter().enumerate() {
        let token = h.account(&format!("speller{i}"));
        let (s, v) = h.post("/me/email", Some(&token), json!({ "email": email }));
        match s {
            200 => accepted.push(*email),
            429 => assert_eq!(v["error"], json!("rate_limited"), "{v}"),
            400 => assert_eq!(v["error"], json!("bad_email"), "{v}"),
            _ => panic!("{email}: {s} {v}"),
        }
    }
    let mails = drain(&sink, 3);
    println!(
        "one mailbox, {} spellings: {} verification mails ({accepted:?})",
        spellings.len(),
        mails.len()
    );
    assert_eq!(accepted.len(), 3, "accepted: {accepted:?}");
    assert_eq!(mails.len(), 3);
}

#[test]
fn strangers_cannot_spend_a_players_reset_allowance() {
    let sink = Sink::start();
    let dir = tempfile::tempdir().unwrap();
    let server = mailing(&sqlite(&dir), &sink.url(), &[]);
    let h = Http::new(&server);
    let ann = h.account("ann");
    verify(&h, &sink, &ann, "ann@example.org");
    // A stranger, from another address, asks for ann's reset again and again.
    for _ in 0..6 {
        let (s, v) = post_from(
            "127.0.0.2",
            server.port,
            "/password-reset",
            &json!({"account": "ann"}),
        );
        assert!(s == 202 || s == 429, "{s} {v}");
    }
    let to_stranger = drain(&sink, 3).len();
    println!("a stranger's 6 requests for ann's reset: {to_stranger} mails");
    assert!((1..=3).contains(&to_stranger), "{to_stranger} mails");
    // ann asks herself, from where she signed in: her mail comes.
    ann_asks_and_her_reset_is_mailed(&h, &sink, "after the stranger's requests");
    // And from an address of her own the server has not seen yet.
    let (s, v) = post_from(
        "127.0.0.3",
        server.port,
        "/password-reset",
        &json!({"account": "ann@example.org"}),
    );
    assert_eq!(s, 202, "{v}");
    assert!(
        sink.next_within(15).is_some(),
        "no mail for ann's second address"
    );
}

#[test]
fn after_a_restart_the_owners_reset_is_mailed_however_many_strangers_asked() {
    let sink = Sink::start();
    let dir = tempfile::tempdir().unwrap();
    let db = sqlite(&dir);
    {
        // ann signs up and in from 127.0.0.1; then this server stops.
        let server = mailing(&db, &sink.url(), &[]);
        let h = Http::new(&server);
        let ann = h.account("ann");
        verify(&h, &sink, &ann, "ann@example.org");
    }
    let server = mailing(&db, &sink.url(), &[]);
    // Four strangers ask for her reset, three times each: they share 10 mails.
    for from in ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"] {
        for _ in 0..3 {
            let (s, v) = post_from(
                from,
                server.port,
                "/password-reset",
                &json!({"account": "ann"}),
            );
            assert_eq!(s, 202, "{v}");
        }
    }
    assert_eq!(drain(&sink, 3).len(), 10);
    // ann asks from the address she signed in from before the restart: the
    // database knows it, so her request is mailed.
    let h = Http::new(&server);
    ann_asks_and_her_reset_is_mailed(&h, &sink, "after the strangers' requests");
}

#[test]
fn fetching_a_mail_link_never_acts_and_one_click_unsubscribes() {
    let sink = Sink::start();
    let dir = tempfile::tempdir().unwrap();
    let server = mailing(&sqlite(&dir), &sink.url(), &[]);
    let h = Http::new(&server);
    let ann = h.account("ann");
    let (s, v) = h.post("/me/email", Some(&ann), json!({"email": "ann@example.org"}));
    assert_eq!(s, 200, "{v}");
    let link = sink.next().link_with("/mail/verify/");
    // A scanner fetches the link: a page with a button, nothing verified.
    assert_eq!(head(&link), 200);
    let (s, text) = page(&link);
    assert_eq!(s, 200, "{text}");
    assert!(text.contains("<form method=\"post\""), "{text}");
    let (_, me) = h.get("/me", Some(&ann));
    assert_eq!(me["email"]["verified"], json!(false), "{me}");
    // The button verifies.
    let (s, text) = post_form(&link, "");
    assert_eq!(s, 200, "{text}");
    assert!(text.contains("Address verified"), "{text}");
    let (_, me) = h.get("/me", Some(&ann));
    assert_eq!(me["email"]["verified"], json!(true), "{me}");

    // A "your move" mail, and its unsubscribe link.
    let bob = h.account("bob");
    let id = h.game(&bob, &ann, "ann", "majority");
    play(&h, &bob, &id, &squares(1)[0], 1);
    let mail = sink.next();
    let unsubscribe = mail.header("list-unsubscribe").unwrap();
    let unsubscribe = unsubscribe.trim_matches(['<', '>']).to_string();
    assert_eq!(
        mail.header("list-unsubscribe-post"),
        Some("List-Unsubscribe=One-Click")
    );
    assert_eq!(head(&unsubscribe), 200);
    let (s, text) = page(&unsubscribe);
    assert_eq!(s, 200, "{text}");
    assert!(text.contains("<form method=\"post\""), "{text}");
    let (_, me) = h.get("/me", Some(&ann));
    assert_eq!(me["email"]["notify"], json!(true), "{me}");
    // The mail program's one-click POST (RFC 8058) turns the mail off.
    let (s, text) = post_form(&unsubscribe, "List-Unsubscribe=One-Click");
    assert_eq!(s, 200, "{text}");
    let (_, me) = h.get("/me", Some(&ann));
    assert_eq!(me["email"]["notify"], json!(false), "{me}");
}

#[test]
fn a_reminder_comes_before_a_time_limit_runs_out() {
    let sink = Sink::start();
    let dir = tempfile::tempdir().unwrap();
    // A "day" of 3 s: with two days a move, the reminder is due after 3 s.
    let server = mailing(
        &sqlite(&dir),
        &sink.url(),
        &[
            ("SCRIBE_SERVE_DAY_MS", "3000"),
            ("SCRIBE_SERVE_MAIL_SCAN_MS", "200"),
        ],
    );
    let h = Http::new(&server);
    let ann = h.account("ann");
    let bob = h.account("bob");
    verify(&h, &sink, &ann, "ann@example.org");
    let (s, v) = h.post(
        "/challenges",
        Some(&bob),
        json!({"opponent": "ann", "variant": "majority", "side": "o", "days": 2}),
    );
    assert_eq!(s, 201, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let started = Instant::now();
    let (s, v) = h.post(&format!("/games/{id}/accept"), Some(&ann), json!({}));
    assert_eq!(s, 200, "{v}");
    // ann (X) moves first; she accepted, so no "your move" mail: a reminder.
    let mail = sink.next();
    assert!(
        mail.subject().contains("runs out soon"),
        "{}",
        mail.subject()
    );
    assert!(mail.subject().contains(&id));
    assert!(mail.body.contains("due by"), "{}", mail.body);
    assert!(mail.header("list-unsubscribe").is_some());
    println!(
        "reminder after {} ms of a 6,000 ms turn (due at 3,000 ms)",
        mail.at.duration_since(started).as_millis()
    );
    // Once a turn.
    sink.quiet_for(2);
}

#[test]
fn a_dead_smtp_server_never_slows_or_fails_a_move() {
    let sink = Sink::start();
    let dir = tempfile::tempdir().unwrap();
    let db = sqlite(&dir);
    let (ann, bob, id);
    {
        let server = mailing(&db, &sink.url(), &[]);
        let h = Http::new(&server);
        ann = h.account("ann");
        bob = h.account("bob");
        verify(&h, &sink, &ann, "ann@example.org");
        verify(&h, &sink, &bob, "bob@example.org");
        id = h.game(&bob, &ann, "ann", "majority");
    }
    // The same database, now with an SMTP server that takes connections
    // and never answers; every move still goes through at once.
    let server = mailing(
        &db,
        &format!("smtp://127.0.0.1:{}", black_hole()),
        &[("SCRIBE_SERVE_MAIL_QUIET_MS", "1")],
    );
    let h = Http::new(&server);
    let moves = squares(30);
    let mut slowest = Duration::ZERO;
    for (i, sq) in moves.iter().enumerate() {
        let token = if i % 2 == 0 { &bob } else { &ann };
        let t = Instant::now();
        play(&h, token, &id, sq, i as u64 + 1);
        slowest = slowest.max(t.elapsed());
    }
    println!(
        "30 moves with a dead SMTP server: slowest answer {} ms",
        slowest.as_millis()
    );
    let (s, g) = h.get(&format!("/games/{id}"), None);
    assert_eq!((s, g["moves"].clone()), (200, json!(30)));
}

#[test]
fn a_mail_the_smtp_server_cannot_take_for_now_is_tried_again_and_arrives_once() {
    let sink = Sink::start();
    let dir = tempfile::tempdir().unwrap();
    // Attempts after 200 ms, then 800 ms and 3.2 s (30 s, 2 and 8 minutes
    // in a real server).
    let server = mailing(
        &sqlite(&dir),
        &sink.url(),
        &[("SCRIBE_SERVE_MAIL_RETRY_MS", "200")],
    );
    let h = Http::new(&server);
    let ann = h.account("ann");
    let bob = h.account("bob");
    verify(&h, &sink, &ann, "ann@example.org");
    let id = h.game(&bob, &ann, "ann", "majority");
    let moves = squares(6);

    // The SMTP server refuses for now (451) twice, then takes the "your
    // move" mail: it arrives, once.
    sink.refuse_next(2, Refusal::ForNow);
    play(&h, &bob, &id, &moves[0], 1);
    let mail = sink.next();
    assert_eq!(mail.to, vec!["ann@example.org".to_string()]);
    assert_eq!(
        mail.subject(),
        format!("Scribe: your move against bob in game {id}")
    );
    assert_eq!(sink.refused(), 2);
    sink.quiet_for(5);

    // Down (the connection closed at once) for one attempt, then back: the
    // verification mail arrives, once, and its link works.
    sink.refuse_next(1, Refusal::Down);
    let mail = verify(&h, &sink, &bob, "bob@example.org");
    assert_eq!(mail.to, vec!["bob@example.org".to_string()]);
    assert_eq!(sink.refused(), 3);
    sink.quiet_for(5);

    // Refusing for longer than the attempts: four in all, then the mail is
    // given up, and moves go on as ever.
    sink.refuse_next(100, Refusal::ForNow);
    play(&h, &ann, &id, &moves[1], 2);
    sink.quiet_for(8);
    assert_eq!(sink.refused(), 3 + 4, "four attempts at bob's mail");
    play(&h, &bob, &id, &moves[2], 3);
    let (s, g) = h.get(&format!("/games/{id}"), None);
    assert_eq!((s, g["moves"].clone()), (200, json!(3)));
}

#[test]
fn without_smtp_the_mail_calls_say_there_is_no_mail() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::sqlite(dir.path());
    let h = Http::new(&server);
    let ann_cli = Player::new("ann", &server);
    ann_cli.signup();
    let ann = h.signin("ann", "ann-password");
    let (s, v) = h.post("/me/email", Some(&ann), json!({"email": "ann@example.org"}));
    assert_eq!((s, v["error"].clone()), (409, json!("mail_off")), "{v}");
    assert!(v["message"].as_str().unwrap().contains("--smtp"));
    let (s, v) = h.post("/password-reset", None, json!({"account": "ann"}));
    assert_eq!((s, v["error"].clone()), (409, json!("mail_off")), "{v}");
    let (_, me) = h.get("/me", Some(&ann));
    assert_eq!(me["mail"], json!(false));
    let err = ann_cli.refused(&["email", "ann@example.org"]);
    assert!(
        err.contains("sends no mail") && err.contains("--smtp"),
        "{err}"
    );
    let shown = ann_cli.ok(&["email"]);
    assert!(shown.contains("sends no mail"), "{shown}");
}

#[test]
fn mail_settings_that_cannot_work_stop_the_server_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = sqlite(&dir);
    for (args, said) in [
        (
            vec!["--smtp", "smtp://127.0.0.1:25"],
            "--smtp needs --mail-from",
        ),
        (
            vec!["--smtp", "smtp://127.0.0.1:25", "--mail-from", FROM],
            "--smtp needs --public-url",
        ),
        (vec!["--mail-from", FROM], "--mail-from needs --smtp"),
        (
            vec![
                "--smtp",
                "smtp://127.0.0.1:25",
                "--mail-from",
                "nobody",
                "--public-url",
                "http://x",
            ],
            "--mail-from",
        ),
        (
            vec![
                "--smtp",
                "pop3://u:secret@x",
                "--mail-from",
                FROM,
                "--public-url",
                "http://x",
            ],
            "--smtp",
        ),
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_scribe"))
            .args([
                "serve",
                "--listen",
                &format!("127.0.0.1:{}", free_port()),
                "--database",
                &db,
            ])
            .args(&args)
            .env("XDG_DATA_HOME", dir.path())
            .output()
            .unwrap();
        assert!(!out.status.success(), "{args:?} started");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(said), "{args:?}: {err}");
        assert!(!err.contains("secret"), "{err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
}

#[test]
fn postgres_verification_and_your_move_mail() {
    let Some(url) = online_common::postgres() else {
        return;
    };
    let tag = format!(
        "{:x}",
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .subsec_nanos()
            % 0xfff_ffff
    );
    let (an, bn) = (format!("pa{tag}"), format!("pb{tag}"));
    let sink = Sink::start();
    let server = mailing(&url, &sink.url(), &[]);
    let h = Http::new(&server);
    let ann = h.account(&an);
    let bob = h.account(&bn);
    verify(&h, &sink, &ann, &format!("{an}@example.org"));
    let id = h.game(&bob, &ann, &an, "majority");
    let moved = play(&h, &bob, &id, &squares(1)[0], 1);
    let mail = sink.next();
    println!(
        "mail latency on PostgreSQL: move -> sink {} ms",
        mail.at.saturating_duration_since(moved).as_millis()
    );
    assert_eq!(
        mail.subject(),
        format!("Scribe: your move against {bn} in game {id}")
    );
}
