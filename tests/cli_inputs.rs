//! Bounded and validated inputs (issue 10): every bad input gives one clear
//! line on stderr, nothing on stdout, and returns at once.

mod common;
use common::{assert_clear_error, stderr};
use std::io::Read;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs `scribe`; a run that has not ended after a minute is killed and the
/// test fails (the faults reproduced here used to block forever).
fn scribe(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_scribe"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the scribe binary runs");
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out.read_to_end(&mut v);
        v
    });
    let err_reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err.read_to_end(&mut v);
        v
    });
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("scribe {args:?} did not return");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    Output {
        status,
        stdout: reader.join().unwrap(),
        stderr: err_reader.join().unwrap(),
    }
}

fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(made.success(), "mkfifo");
}

fn save_text(moves: &str) -> String {
    scribe::record::GameRecord::from_game(scribe::record::replay(moves).unwrap()).to_ron()
}

const FULL_GAME: &str = include_str!("data/full_game.txt");

#[test]
fn files_that_are_not_regular_are_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("f");
    mkfifo(&fifo);
    let f = fifo.to_str().unwrap();
    assert_clear_error(&scribe(&["show", f]), "it is a named pipe (FIFO)");
    let unused = dir.path().join("unused.pdf");
    assert_clear_error(
        &scribe(&["boards", "--template", f, "-o", unused.to_str().unwrap()]),
        "it is a named pipe (FIFO)",
    );
    assert_clear_error(&scribe(&["score", "/dev/zero"]), "it is a character device");
    assert_clear_error(
        &scribe(&["show", dir.path().to_str().unwrap()]),
        "it is a folder",
    );
    assert!(!unused.exists());
}

#[test]
fn files_over_the_limit_are_refused_by_size() {
    let dir = tempfile::tempdir().unwrap();
    let huge = dir.path().join("huge.txt");
    // A sparse 64 GiB file: refused by its size, never read.
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(64 << 30)
        .unwrap();
    assert_clear_error(
        &scribe(&["show", huge.to_str().unwrap()]),
        "it is larger than 1 MiB (68719476736 bytes); a game or template file is at most 1048576 bytes",
    );
    // A 50 MB token: refused by size, not echoed.
    let token = dir.path().join("token.txt");
    std::fs::write(&token, "Q".repeat(50_000_000)).unwrap();
    let o = scribe(&["show", token.to_str().unwrap()]);
    assert_clear_error(&o, "larger than 1 MiB");
    assert!(o.stderr.len() < 300, "{}", stderr(&o));
}

#[test]
fn bad_tokens_are_quoted_once_short_and_escaped() {
    // Once: the square's error was also printed as its source.
    assert_clear_error(
        &scribe(&["show", "--moves", "D6 zz"]),
        "'zz' is not a square",
    );
    // A long token (under the size limit) is cut to 40 characters.
    let dir = tempfile::tempdir().unwrap();
    let long = dir.path().join("long.txt");
    std::fs::write(&long, format!("D6 {}", "Q".repeat(900_000))).unwrap();
    let o = scribe(&["show", long.to_str().unwrap()]);
    assert_clear_error(&o, "(900000 characters) is not a square");
    assert!(o.stderr.len() < 300, "{}", stderr(&o));
    // Invisible and control characters are shown escaped.
    assert_clear_error(
        &scribe(&["show", "--moves", "D6 \u{feff}H4"]),
        r"'\u{feff}H4' is not a square",
    );
    let o = scribe(&["show", "--moves", "D6 \u{1b}[2J"]);
    assert_clear_error(&o, r"'\u{1b}[2J' is not a square");
    assert!(
        !o.stderr.contains(&0x1b),
        "no escape byte reaches the terminal"
    );
    // A leading '-' is a bad square, not an unknown option.
    assert_clear_error(
        &scribe(&["show", "--moves", "-1 D6"]),
        "line 1, column 1: '-1' is not a square",
    );
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("bom.txt");
    std::fs::write(&list, "\u{feff}D6 H4 C8").unwrap();
    let o = scribe(&["show", list.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let save = dir.path().join("bom.ron");
    std::fs::write(&save, format!("\u{feff}{}", save_text("D6 H4 C8"))).unwrap();
    let o = scribe(&["show", save.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("Move 4: O"));
}

#[test]
fn save_files_are_checked() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.ron");
    let b = bad.to_str().unwrap();
    let good = save_text("D6 H4 C8");
    let kinr = good.replacen("kind: Human", "kinr: Human", 1);
    let line = kinr.lines().position(|l| l.contains("kinr")).unwrap() + 1;
    let full = {
        let mut r =
            scribe::record::GameRecord::from_game(scribe::record::replay(FULL_GAME).unwrap());
        r.started = Some("2026-11-22T08:00:00Z".parse().unwrap());
        r.finished = Some("2026-11-22T09:00:00Z".parse().unwrap());
        r.to_ron()
    };
    let cases: Vec<(String, String)> = vec![
        (kinr, format!("bad.ron: line {line}, column")),
        (good.replacen("kind: Human", "kinr: Human", 1), "unknown key 'kinr' (expected one of `name`, `kind`)".into()),
        (full.replace("finished:", "fynished:"), "unknown key 'fynished'".into()),
        (String::new(), "bad.ron: the file is empty".into()),
        ("  \n// only a comment\n".into(), "the file is empty".into()),
        (full.replace("09:00:00Z", "07:00:00Z"), "`finished` (2026-11-22T07:00:00+00:00) is before `started` (2026-11-22T08:00:00+00:00)".into()),
        (good.replace("finished: None", "finished: Some(\"2026-11-22T09:00:00Z\")"), "`finished` is set but the game is not over (3 of 81 moves played)".into()),
        (format!("(format_version: 1, variant: {}", "[".repeat(300)), "nested too deeply".into()),
    ];
    for (text, expected) in cases {
        std::fs::write(&bad, &text).unwrap();
        let o = scribe(&["score", b]);
        assert_clear_error(&o, &expected);
        let err = stderr(&o);
        assert!(
            !err.contains("serde_stacker") && !err.contains("ron::"),
            "{err}"
        );
    }
    // A save that starts with a comment block (or a BOM) is still a save.
    let ok = dir.path().join("ok.ron");
    std::fs::write(&ok, format!("/* last night's game */\n{good}")).unwrap();
    let o = scribe(&["score", ok.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn templates_are_checked() {
    let a4 = include_str!("../templates/a4.ron");
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("t.ron");
    let out = dir.path().join("out.pdf");
    let run = |text: &str| {
        std::fs::write(&t, text).unwrap();
        scribe(&[
            "boards",
            "--template",
            t.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ])
    };
    assert_clear_error(
        &run(&a4.replace("grid: (x: 41.0", "grid: (x: NaN")),
        "field `boards[0].grid.x`: NaN is not a number of millimetres",
    );
    let cut = "(x1: 0.0, y1: 0.0, x2: 10.0, y2: 10.0), ".repeat(1000);
    assert_clear_error(
        &run(&a4.replace("    ],\n)", &format!("    ],\n    cut_lines: [{cut}],\n)"))),
        "1000 cut lines: at most 64 per page",
    );
    assert!(!out.exists());
}

#[test]
fn numeric_options_are_range_checked() {
    assert_clear_error(
        &scribe(&["move", "--moves", "", "--think-ms", "1000000000000000"]),
        "--think-ms 1000000000000000 is out of range: give 1 to 600000 (milliseconds)",
    );
    assert_clear_error(
        &scribe(&["move", "--moves", "", "--think-ms", "0"]),
        "--think-ms 0 is out of range",
    );
    for scale in ["1e300", "NaN", "inf", "0", "-1"] {
        let arg = format!("--scale={scale}");
        let o = scribe(&["match", "--a", "easy", "--b", "easy", &arg]);
        assert_clear_error(&o, "is out of range: give a number above 0 and at most 10");
        assert!(o.stderr.len() < 100, "{}", stderr(&o));
    }
    assert_clear_error(
        &scribe(&[
            "match",
            "--a",
            "easy",
            "--b",
            "easy",
            "--exploration-a",
            "NaN",
        ]),
        "--exploration-a NaN is out of range",
    );
    assert_clear_error(
        &scribe(&[
            "match",
            "--a",
            "random",
            "--b",
            "random",
            "--games",
            "4000000000",
        ]),
        "--games 4000000000 is out of range: give 1 to 10000",
    );
    assert_clear_error(
        &scribe(&["bench", "--playouts", "18446744073709551615"]),
        "--playouts 18446744073709551615 is out of range",
    );
}

#[test]
fn show_escapes_names_and_spaces_its_columns() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("names.ron");
    let mut r = scribe::record::GameRecord::from_game(scribe::record::replay(FULL_GAME).unwrap());
    r.players.x.name = "Ann\u{1b}[2J\u{1b}]0;pwned\u{7}".into();
    r.players.o.name = "Bob\u{202e}".into();
    std::fs::write(&save, r.to_ron()).unwrap();
    let o = scribe(&["show", save.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        !o.stdout.iter().any(|&b| b == 0x1b || b == 0x07),
        "no control byte reaches the terminal"
    );
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(!out.contains('\u{202e}'), "{out}");
    // The game in tests/data/full_game.txt: X wins Majority 5-4.
    assert!(
        out.contains(r"X (Ann\u{1b}[2J\u{1b}]0;pwned\u{7}) wins the Majority game."),
        "{out}"
    );
    assert!(!out.contains("winsgrid"), "{out}");
    let grid_lines: Vec<&str> = out.lines().filter(|l| l.starts_with("grid ")).collect();
    assert_eq!(grid_lines.len(), 3, "{out}");
    // The columns line up: "grid 2", "grid 5", "grid 8" start at one column.
    let at = |line: &str, n: u8| line.find(&format!("grid {n}:")).unwrap();
    assert_eq!(at(grid_lines[0], 2), at(grid_lines[1], 5), "{out}");
    assert_eq!(at(grid_lines[1], 5), at(grid_lines[2], 8), "{out}");
    assert_eq!(at(grid_lines[0], 3), at(grid_lines[2], 9), "{out}");
    assert!(
        grid_lines[0].contains("grid 1: X 2 O 7, O wins   "),
        "{out}"
    );
}
