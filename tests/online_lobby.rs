//! The lobby from the command line and a game's PDF, against a real
//! `scribe serve` on loopback: `scribe online rematch` and the standings
//! rounded; a finished game's PDF (drawn by `crates/export`, which the
//! `scribe` binary hands the server). The lobby and spectators themselves
//! are the server's own suite: `cargo test -p scribe-server --test lobby`.

mod online_common;

use online_common::{Http, Player, Server, establish, random_moves};
use serde_json::{Value, json};

#[test]
fn scribe_online_rematch_and_standings_rounded() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::sqlite(dir.path());
    let ann = Player::new("ann", &server);
    let bob = Player::new("bob", &server);
    ann.signup();
    bob.signup();
    // Only established players are listed (issue 44, D): ann is made one
    // first (five games lost to the computer), so her win is rated.
    let http = Http::new(&server);
    establish(
        &http,
        &http.signin("ann", "ann-password"),
        "ann",
        "majority",
    );
    let out = ann.ok(&["challenge", "bob", "--variant", "majority", "--side", "o"]);
    let id = out.lines().last().unwrap().trim().to_string();
    bob.ok(&["accept", &id]);
    for (i, sq) in random_moves(3, 6).iter().enumerate() {
        let who = if i % 2 == 0 { &bob } else { &ann };
        who.ok(&[
            "move",
            &id,
            &sq.to_string(),
            "--expect",
            &(i + 1).to_string(),
        ]);
    }
    let err = ann.refused(&["rematch", &id]);
    assert!(err.contains("not over"), "{err}");
    bob.ok(&["resign", &id]);
    let out = ann.ok(&["rematch", &id]);
    assert!(out.contains("Rematch sent to bob"), "{out}");
    assert!(out.contains("you play X"), "ann played O: {out}");
    // bob played X: his rematch of the same game has him play O
    let bobs = bob.ok(&["rematch", &id]);
    assert!(bobs.contains("you play O"), "bob played X: {bobs}");
    let rid = out.lines().last().unwrap().trim();
    assert_eq!(rid.len(), 10, "{out}");
    let shown = bob.ok(&["show", rid, "--json"]);
    let g: Value = serde_json::from_str(&shown).unwrap();
    assert_eq!(
        (g["challenger"].as_str(), g["status"].as_str()),
        (Some("ann"), Some("challenge"))
    );
    // Whole numbers, a provisional rating marked (six games: a deviation
    // above 110), and the mark explained.
    let standings = ann.ok(&["standings"]);
    assert!(!standings.contains(".0"), "{standings}");
    let first = standings.lines().find(|l| l.contains("ann")).unwrap();
    assert!(first.contains("? ±"), "{standings}");
    assert!(standings.contains("? provisional"), "{standings}");
    // The player's page in the command line: the rating rounded and marked,
    // the rating over time, and the finished game with its date, opponent,
    // variant, result, both variants' scores and how it ended.
    let page = ann.ok(&["player"]);
    assert!(page.starts_with("ann"), "{page}");
    assert!(
        page.contains("majority: ") && page.contains("(provisional)"),
        "{page}"
    );
    assert!(!page.contains(".0"), "{page}");
    assert!(page.contains("majority over time"), "{page}");
    let today = &g["updated"].as_str().unwrap()[..10];
    let line = page
        .lines()
        .find(|l| l.starts_with(&id))
        .unwrap_or_else(|| panic!("game {id} not on the page: {page}"));
    for part in [
        today,
        "vs bob",
        "majority",
        " won ",
        "Majority + ",
        "6 moves",
        "resigned",
    ] {
        assert!(line.contains(part), "{part:?} not in {line:?}");
    }
    let bobs_page = ann.ok(&["player", "bob"]);
    let line = bobs_page.lines().find(|l| l.starts_with(&id)).unwrap();
    assert!(line.contains("vs ann") && line.contains(" lost "), "{line}");
    let err = ann.refused(&["player", "../games"]);
    assert!(err.contains("is not a player's name"), "{err}");
    // Who is online: nobody has a stream open here (the CLI opens none).
    assert_eq!(ann.ok(&["who"]).trim(), "Nobody is online.");
}

/// A game downloads as the PDF `scribe export` draws (issue 29 item 4):
/// anyone may fetch it, as the save file; lopdf reads it and its text names
/// both players and the moves; a challenge not yet accepted has none.
#[test]
fn a_game_downloads_as_a_pdf() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::sqlite(dir.path());
    let http = Http::new(&server);
    let ann = http.account("annpdf");
    let bob = http.account("bobpdf");
    let id = http.game(&ann, &bob, "bobpdf", "majority");
    for (i, sq) in random_moves(5, 8).iter().enumerate() {
        let token = if i % 2 == 0 { &ann } else { &bob };
        let (s, v) = http.post(
            &format!("/games/{id}/moves"),
            Some(token),
            json!({"square": sq.to_string(), "number": i + 1}),
        );
        assert_eq!(s, 200, "{v}");
    }
    let (s, kind, bytes) = http.get_bytes(&format!("/games/{id}/pdf"));
    assert_eq!(s, 200, "{}", String::from_utf8_lossy(&bytes));
    assert_eq!(kind, "application/pdf");
    let doc = lopdf::Document::load_mem(&bytes).expect("a PDF lopdf reads");
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    let text = doc.extract_text(&pages).expect("its text");
    for name in ["annpdf", "bobpdf"] {
        assert!(text.contains(name), "{name} not in the PDF: {text}");
    }
    let first = random_moves(5, 1)[0].to_string();
    assert!(
        text.contains(&first),
        "the first move {first} not in: {text}"
    );
    // a challenge not yet accepted: no PDF, said in the error shape
    let (s, v) = http.post(
        "/challenges",
        Some(&ann),
        json!({"opponent": "bobpdf", "variant": "majority", "side": "x"}),
    );
    assert_eq!(s, 201, "{v}");
    let open = v["id"].as_str().unwrap();
    let (s, v) = http.get(&format!("/games/{open}/pdf"), None);
    assert_eq!((s, v["error"].as_str()), (409, Some("not_started")), "{v}");
    let (s, _) = http.get("/games/nosuchgame/pdf", None);
    assert_eq!(s, 404);
}
