//! `scribe scribbage`: the command line and the printed sheet (the rules'
//! own tests are in crates/scribbage/tests/scribbage.rs).

mod common;
use common::{scribe, stderr, stdout};
use scribe::scribbage::Roll;

const SEED_EXAMPLE: &str =
    include_str!("../crates/scribbage/tests/data/scribbage_seed_example.txt");

#[test]
fn cli_roll_score_and_best() {
    let out = scribe(&["scribbage", "roll", "--seed", "7", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    let faces = v["faces"].as_array().unwrap();
    assert_eq!(faces.len(), 13);
    let letters: String = faces.iter().map(|f| f.as_str().unwrap()).collect();
    assert_eq!(letters, Roll::seeded(7).to_string());

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("example.txt");
    std::fs::write(&file, SEED_EXAMPLE).unwrap();
    let out = scribe(&["scribbage", "score", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.trim_end().ends_with("31 points"), "{text}");
    assert!(text.lines().last().unwrap().starts_with("TOTAL SCORE"));

    std::fs::write(&file, "roll: CATS\nCTAS\n").unwrap();
    let out = scribe(&["scribbage", "score", file.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("across word CTAS at row 1, column 1 is not in the word list"),
        "{}",
        stderr(&out)
    );
    assert_eq!(stderr(&out).lines().count(), 1);

    std::fs::write(&file, "CAT\nD0G\n").unwrap();
    let out = scribe(&["scribbage", "score", file.to_str().unwrap()]);
    assert!(
        stderr(&out).contains("line 2: '0' is not a letter"),
        "{}",
        stderr(&out)
    );

    // best's output scores the same when fed back
    let out = scribe(&[
        "scribbage",
        "best",
        "QUIZVORYCATBK",
        "--beam",
        "8",
        "--budget",
        "20",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let best = stdout(&out);
    assert!(best.starts_with("roll: QUIZVORYCATBK\n"), "{best}");
    let total = best.lines().last().unwrap().to_string();
    std::fs::write(&file, &best).unwrap();
    let again = scribe(&["scribbage", "score", file.to_str().unwrap()]);
    assert!(again.status.success(), "{}", stderr(&again));
    assert_eq!(stdout(&again).lines().last().unwrap(), total);

    let out = scribe(&["scribbage", "best", "QQ"]);
    assert!(
        stderr(&out).contains("only 1 cube has a Q"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn the_score_sheet_pdf_has_the_players_turns_lines_values_and_credit() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("sheet.pdf");
    let out = scribe(&[
        "scribbage",
        "sheet",
        "-o",
        pdf.to_str().unwrap(),
        "--players",
        "Ann,Bob",
        "--turns",
        "4",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let doc = lopdf::Document::load(&pdf).unwrap();
    assert_eq!(doc.get_pages().len(), 1);
    let text = doc.extract_text(&[1]).unwrap();
    for needle in [
        "Scribbage",
        "Ann",
        "Bob",
        "Turn 4",
        "Horizontal words",
        "Vertical words",
        "less cubes left over",
        "TOTAL SCORE",
        "Q 10",
        "E. S. Lowe 1963",
    ] {
        assert!(text.contains(needle), "{needle} missing from {text}");
    }
    assert!(!text.contains("Turn 5"));
    let out = scribe(&[
        "scribbage",
        "sheet",
        "-o",
        pdf.to_str().unwrap(),
        "--players",
        "A,,B",
    ]);
    assert!(
        stderr(&out).contains("player 2 has no name"),
        "{}",
        stderr(&out)
    );
}
