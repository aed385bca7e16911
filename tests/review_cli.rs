//! `scribe analyze` and `scribe export --analysis`, run as a user would, on
//! a game with a planted blunder that brute force confirms.

mod common;
use common::move_wins;
use common::{scribe, stderr, stdout};

use lopdf::Document;
use scribe::ai::Rng;
use scribe::rules::{Game, Position, Square, Variant};

/// A finished Majority game whose move `k` (returned, from 1) throws away a
/// win (brute force says so): random moves to 8 empty squares, a losing
/// move where a winning one existed, then the first legal squares.
fn planted_blunder() -> (Vec<Square>, usize, Position) {
    for seed in 0..5_000u64 {
        let mut rng = Rng::new(seed * 17 + 1);
        let mut pos = Position::new();
        let mut moves = Vec::new();
        while moves.len() < 73 {
            let legal: Vec<Square> = pos.legal_moves().iter().collect();
            let sq = legal[rng.below(legal.len() as u32) as usize];
            pos.play(sq).unwrap();
            moves.push(sq);
        }
        let (wins, loses): (Vec<Square>, Vec<Square>) = pos
            .legal_moves()
            .iter()
            .partition(|&sq| move_wins(&pos, sq, Variant::Majority));
        if wins.is_empty() || loses.is_empty() {
            continue;
        }
        let before = pos;
        moves.push(loses[0]);
        pos.play(loses[0]).unwrap();
        while let Some(sq) = pos.legal_moves().iter().next() {
            pos.play(sq).unwrap();
            moves.push(sq);
        }
        return (moves, 74, before);
    }
    panic!("no endgame with a choice found");
}

fn move_text(moves: &[Square]) -> String {
    moves
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn analyze_names_the_planted_blunder_and_a_winning_move() {
    let (moves, k, before) = planted_blunder();
    let text = move_text(&moves);
    let o = scribe(&["analyze", "--moves", &text, "--playouts", "100", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        "",
        "no progress bar when stderr is not a terminal"
    );
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 1, "one line of JSON");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["variant"], "Majority");
    let entries = v["moves"].as_array().unwrap();
    assert_eq!(entries.len(), 81);
    let m = &entries[k - 1];
    assert_eq!(m["number"], k);
    assert_eq!(m["square"], moves[k - 1].to_string());
    assert_eq!(m["class"], "blunder", "{m}");
    assert_eq!(m["win_before"], 1.0);
    assert_eq!(m["win_after"], 0.0);
    assert_eq!(m["proven_before"], true);
    let best: Square = m["best"].as_str().unwrap().parse().unwrap();
    assert!(
        move_wins(&before, best, Variant::Majority),
        "{best} is no win"
    );
    let mover = m["player"].as_str().unwrap();
    assert!(v["players"][mover]["blunders"].as_u64().unwrap() >= 1);
    assert!(v["players"]["X"]["accuracy"].as_f64().is_some());

    // the plain text says the same in words
    let o = scribe(&["analyze", "--moves", &text, "--playouts", "100"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let line = format!("{k:>3}. {mover} {}??", moves[k - 1]);
    let found = out.lines().find(|l| l.starts_with(&line));
    let found = found.unwrap_or_else(|| panic!("no line {line:?} in\n{out}"));
    assert!(found.contains("won -> lost"), "{found}");
    assert!(found.contains(&format!("better {best}")), "{found}");
    assert!(out.contains("Turning point: move"), "{out}");
}

#[test]
fn analyze_refuses_bad_settings_and_empty_games() {
    let o = scribe(&["analyze", "--moves", "E5", "--think-ms", "0"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("--think-ms"), "{}", stderr(&o));
    let o = scribe(&["analyze", "--moves", "E5", "--think-ms", "60001"]);
    assert!(!o.status.success());
    let o = scribe(&["analyze", "--moves", "E5", "--playouts", "5"]);
    assert!(!o.status.success());
    let o = scribe(&["analyze", "--moves", ""]);
    assert!(!o.status.success());
    assert_eq!(stdout(&o), "");
    assert!(stderr(&o).contains("no moves"), "{}", stderr(&o));
    let o = scribe(&["analyze", "--moves", "E5 E5"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("move 2 (E5)"), "{}", stderr(&o));
}

#[test]
fn the_same_seed_gives_the_same_analysis() {
    let text = "D6 H4 C8 E2";
    let run = |seed: &str| {
        let o = scribe(&[
            "analyze",
            "--moves",
            text,
            "--playouts",
            "200",
            "--seed",
            seed,
            "--json",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o)
    };
    assert_eq!(run("5"), run("5"));
}

#[test]
fn export_with_analysis_prints_the_review_page() {
    let (moves, k, _) = planted_blunder();
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("reviewed.ron");
    let pdf = dir.path().join("game.pdf");
    let text = move_text(&moves);
    // review once, keep it in a save file, print it from there
    let o = scribe(&[
        "analyze",
        "--moves",
        &text,
        "--playouts",
        "100",
        "-o",
        save.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let saved = std::fs::read_to_string(&save).unwrap();
    assert!(saved.contains("review: Some("), "{saved}");
    let o = scribe(&[
        "export",
        save.to_str().unwrap(),
        "-o",
        pdf.to_str().unwrap(),
        "--analysis",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stderr(&o), "", "the stored review is used as it is");
    let doc = Document::load(&pdf).unwrap();
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    assert_eq!(pages.len(), 2);
    let review_page = doc.extract_text(&[pages[1]]).unwrap();
    for needle in [
        "Review:",
        "Summary",
        "accuracy",
        "Mistakes and blunders",
        "Turning point",
    ] {
        assert!(
            review_page.contains(needle),
            "{needle:?} missing in\n{review_page}"
        );
    }
    // how the review was made, in a player's words: no seed, no "playouts"
    assert!(
        review_page.contains("playing out 100 random games from each position"),
        "{review_page}"
    );
    for engine_word in ["seed", "playouts"] {
        assert!(
            !review_page.contains(engine_word),
            "{engine_word:?} on the players' page:\n{review_page}"
        );
    }
    let game = Game::from_moves(moves.iter().copied()).unwrap();
    let mover = if k % 2 == 1 { "X" } else { "O" };
    let blunder = format!("{k}. {mover} {}??", game.moves()[k - 1]);
    let line = review_page
        .lines()
        .find(|l| l.contains(&blunder) && l.contains("better"))
        .unwrap_or_else(|| panic!("{blunder:?} with its better move missing in\n{review_page}"));
    assert!(line.contains("won to lost"), "{line}");

    // without --analysis the same save prints one page
    let o = scribe(&[
        "export",
        save.to_str().unwrap(),
        "-o",
        pdf.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(Document::load(&pdf).unwrap().get_pages().len(), 1);
}
