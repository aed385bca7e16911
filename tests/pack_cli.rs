//! `scribe score --board` and `scribe puzzles`: the car-trip pack's commands
//! (the paper boards' and the puzzles' own tests are in
//! crates/export/tests/pack.rs).

mod common;
use common::scribe;
use lopdf::Document;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

const FULL_GAME: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/full_game.txt");

#[test]
fn score_board_agrees_with_score_on_a_finished_game() {
    let shown = scribe(&["show", FULL_GAME]);
    assert!(shown.status.success());
    // the board part of `scribe show`: the column letters, nine rows, the letters
    let board: String = text(&shown.stdout)
        .lines()
        .take(11)
        .map(|l| format!("{l}\n"))
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("paper.txt");
    std::fs::write(&path, &board).unwrap();
    let p = path.to_str().unwrap();
    let by_board = scribe(&["score", "--board", p, "--json"]);
    assert!(by_board.status.success(), "{}", text(&by_board.stderr));
    let by_moves = scribe(&["score", "--json", FULL_GAME]);
    assert_eq!(text(&by_board.stdout), text(&by_moves.stdout));
    let plain = scribe(&["score", "--board", p]);
    let out = text(&plain.stdout);
    assert!(out.contains("Majority: X 5 O 4 - X wins"), "{out}");
    assert!(out.contains("Super Glyph: X 0 O 4 - O wins"), "{out}");
    assert!(out.contains("grid 1 (A1-C3)"), "{out}");
}

#[test]
fn score_board_errors_are_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.txt");
    std::fs::write(&path, ".........\n..z......\n").unwrap();
    let o = scribe(&["score", "--board", path.to_str().unwrap()]);
    assert!(!o.status.success());
    assert_eq!(text(&o.stdout), "");
    let err = text(&o.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("bad.txt") && err.contains("row 2, column C"),
        "{err}"
    );
    let half = ".........\n".repeat(9);
    std::fs::write(&path, half).unwrap();
    let o = scribe(&["score", "--board", path.to_str().unwrap(), "--json"]);
    let v: serde_json::Value = serde_json::from_str(&text(&o.stdout)).unwrap();
    assert_eq!(v["moves"], 0);
    assert_eq!(v["to_move"], serde_json::Value::Null);
    // --board and a game do not mix
    let o = scribe(&["score", "--board", path.to_str().unwrap(), FULL_GAME]);
    assert!(!o.status.success());
}

#[test]
fn puzzles_count_is_range_checked() {
    for bad in ["0", "201", "-3", "many"] {
        let o = scribe(&["puzzles", "--json", &format!("--count={bad}")]);
        assert!(!o.status.success(), "--count {bad}");
        assert!(text(&o.stderr).contains("--count"), "{}", text(&o.stderr));
    }
    let o = scribe(&["puzzles", "--count", "2"]);
    assert!(!o.status.success(), "needs -o or --json");
}

#[test]
fn puzzles_cli_writes_json_and_pdf() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("p.pdf");
    let o = scribe(&[
        "puzzles",
        "-o",
        pdf.to_str().unwrap(),
        "--count",
        "2",
        "--difficulty",
        "easy",
        "--seed",
        "5",
        "--json",
        "--play-level",
        "easy",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_str(&text(&o.stdout)).unwrap();
    let list = v.as_array().unwrap();
    assert_eq!(list.len(), 2);
    for p in list {
        let keys: Vec<&String> = p.as_object().unwrap().keys().collect();
        assert_eq!(keys.len(), 6, "{p}");
        for k in [
            "moves",
            "variant",
            "to_move",
            "answer",
            "goal",
            "difficulty",
        ] {
            assert!(p.get(k).is_some(), "{k} in {p}");
        }
        assert_eq!(p["difficulty"], "easy");
        assert_eq!(p["variant"], "majority");
        // the answer is legal after the moves
        let mut game = scribe::record::replay(p["moves"].as_str().unwrap()).unwrap();
        game.play(p["answer"].as_str().unwrap().parse().unwrap())
            .unwrap();
    }
    let doc = Document::load(&pdf).unwrap();
    assert_eq!(doc.get_pages().len(), 2);
}
