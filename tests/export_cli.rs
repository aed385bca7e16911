//! `scribe boards` and `scribe export` write PDFs, and bad input leaves no
//! file (the PDFs' own tests are in crates/export/tests/export.rs).

mod common;
use common::{assert_clear_error, scribe};
// reading back the PDFs, kept once with the export's own tests
#[path = "../crates/export/tests/pdf/mod.rs"]
mod pdf;
use pdf::{load, page_sizes, page_texts};

const FULL_GAME: &str = include_str!("data/export_game.txt");
const GOOD: &str = include_str!("../templates/a4.ron");

#[test]
fn cli_writes_pdfs_and_bad_input_leaves_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("b.pdf");
    let o = out.to_str().unwrap();
    let ok = scribe(&["boards", "-o", o, "--pages", "2", "--paper", "letter"]);
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    assert_eq!(
        page_sizes(&load(&std::fs::read(&out).unwrap())),
        vec![(612, 792); 2]
    );

    // unwritable output path
    let missing = dir.path().join("no/such/dir/b.pdf");
    let r = scribe(&["boards", "-o", missing.to_str().unwrap()]);
    assert_clear_error(&r, "cannot write");
    assert!(!missing.exists());

    // unreadable game
    let g = dir.path().join("g.pdf");
    let r = scribe(&["export", "/no/such/game.txt", "-o", g.to_str().unwrap()]);
    assert_clear_error(&r, "cannot read /no/such/game.txt");
    assert!(!g.exists());

    // an illegal game
    let r = scribe(&["export", "--moves", "D6 D6", "-o", g.to_str().unwrap()]);
    assert_clear_error(&r, "move 2 (D6)");
    assert!(!g.exists());

    // a bad template
    let t = dir.path().join("bad.ron");
    std::fs::write(&t, GOOD.replacen("h: 26.0", "h: -1.0", 1)).unwrap();
    let b = dir.path().join("t.pdf");
    let r = scribe(&[
        "boards",
        "--template",
        t.to_str().unwrap(),
        "-o",
        b.to_str().unwrap(),
    ]);
    assert_clear_error(&r, "boards[0].header");
    assert!(!b.exists());

    // nothing else was left in the folder (no temporary files)
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    let mut names = names;
    names.sort();
    assert_eq!(names, ["b.pdf", "bad.ron"]);

    // a game file
    let game = dir.path().join("game.txt");
    std::fs::write(&game, FULL_GAME).unwrap();
    let r = scribe(&["export", game.to_str().unwrap(), "-o", g.to_str().unwrap()]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let text = page_texts(&load(&std::fs::read(&g).unwrap())).concat();
    assert!(text.contains("Moves (81)"));
}
