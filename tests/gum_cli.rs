//! `scribe gum`: the command line and the printed sheets (the rules' own
//! tests are in crates/gum/tests/gum.rs).

mod common;
use common::{scribe, stderr, stdout};

#[test]
fn cli_tiles_prints_three_rounds_of_seven() {
    let out = scribe(&["gum", "tiles", "--seed", "4"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    let names = [
        "LEFT",
        "RIGHT",
        "UP",
        "DOWN",
        "LEFT/RIGHT",
        "UP/DOWN",
        "DOTTED LINE",
    ];
    for (i, l) in lines.iter().enumerate() {
        let prefix = format!("Round {}: ", i + 1);
        assert!(l.starts_with(&prefix), "{l}");
        let tiles: Vec<&str> = l[prefix.len()..].split(", ").collect();
        assert_eq!(tiles.len(), 7);
        assert!(tiles.iter().all(|t| names.contains(t)), "{l}");
    }
    assert_eq!(text, stdout(&scribe(&["gum", "tiles", "--seed", "4"])));
    let bad = scribe(&["gum", "sheet", "-o", "/tmp/never.pdf", "--tree", "oak"]);
    assert!(
        stderr(&bad).contains("--tree 'oak': no such tree (give ironbark or paperbark)"),
        "{}",
        stderr(&bad)
    );
}

#[test]
fn tree_sheets_print_on_a4_and_letter_with_tracker_scores_and_credits() {
    let dir = tempfile::tempdir().unwrap();
    for (tree, paper, width) in [("ironbark", "a4", 595), ("paperbark", "letter", 612)] {
        let pdf = dir.path().join(format!("{tree}.pdf"));
        let out = scribe(&[
            "gum",
            "sheet",
            "-o",
            pdf.to_str().unwrap(),
            "--tree",
            tree,
            "--paper",
            paper,
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        let doc = lopdf::Document::load(&pdf).unwrap();
        let page = doc.get_pages()[&1];
        let mb = doc
            .get_dictionary(page)
            .unwrap()
            .get(b"MediaBox")
            .unwrap()
            .as_array()
            .unwrap()
            .clone();
        let w = mb[2]
            .as_float()
            .map(f64::from)
            .or_else(|_| mb[2].as_i64().map(|i| i as f64))
            .unwrap();
        assert_eq!(w.round() as i64, width);
        let text = doc.extract_text(&[1]).unwrap();
        let title = format!("Scribbly Gum · {}{}", tree[..1].to_uppercase(), &tree[1..]);
        for needle in [
            title.as_str(),
            "Meal tracker",
            "Round 1",
            "Round 3",
            "Column",
            "Final",
            "Phil Walker-Harding",
            "unofficial",
            "trees of our own design",
            "+3",
            "15",
        ] {
            assert!(
                text.contains(needle),
                "{needle} missing from {tree}: {text}"
            );
        }
    }
}
