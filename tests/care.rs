//! The last mile of care (issue 19): every writer cleans up after a signal,
//! stale temporary files are swept, the review inside a save file is strict
//! and optional, messages are clean, output paths are checked before the
//! work, `score --board` reads what `show` prints, and the loose ends.
#![cfg(unix)]

mod common;
use common::{scribe, stderr, stdout, temp_files};
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const OLD: &[u8] = b"the old file, which must survive any interruption";

/// A short finished-enough game for `analyze` and `export`.
const GAME: &str = "I8 F6 H4 G7 F2 C3";

/// Runs `scribe` with the test-only hold: the writer pauses (up to a minute)
/// once its temporary file is complete, before renaming it.
///
/// The hook exists in debug builds only: under `--release` the tests that
/// need it say so and are skipped (see [`hold_available`]).
fn spawn_held(args: &[&str], cwd: &Path) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_scribe"))
        .args(args)
        .current_dir(cwd)
        .env("SCRIBE_HOLD_WRITE_MS", "60000")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// Whether the binary has the test-only hold (a debug build).
fn hold_available() -> bool {
    if !cfg!(debug_assertions) {
        eprintln!("skipped: SCRIBE_HOLD_WRITE_MS exists in debug builds only");
    }
    cfg!(debug_assertions)
}

/// Waits until a complete temporary file is in `dir` (the writer is held),
/// or the child ends.
fn wait_for_temp(dir: &Path, child: &mut std::process::Child) -> bool {
    let deadline = Instant::now() + Duration::from_secs(120);
    while Instant::now() < deadline {
        if !temp_files(dir).is_empty() {
            return true;
        }
        if child.try_wait().unwrap().is_some() {
            return false;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

fn writers(t: &str) -> Vec<Vec<String>> {
    let v = |a: &[&str]| a.iter().map(ToString::to_string).collect::<Vec<_>>();
    vec![
        v(&[
            "puzzles",
            "--count",
            "1",
            "--difficulty",
            "easy",
            "--play-level",
            "easy",
            "-o",
            t,
        ]),
        v(&["analyze", "--moves", GAME, "--playouts", "100", "-o", t]),
        v(&["export", "--moves", GAME, "-o", t]),
        v(&["boards", "-o", t]),
    ]
}

/// Item 1: SIGTERM, SIGINT and SIGHUP during the write (held open by the
/// test-only hook) leave the old file and no temporary file, for every writer.
#[test]
fn every_writer_cleans_up_on_every_signal() {
    if !hold_available() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("T.out");
    let t = target.to_str().unwrap().to_string();
    for args in writers(&t) {
        for (signal, name) in [(15, "-TERM"), (2, "-INT"), (1, "-HUP")] {
            std::fs::write(&target, OLD).unwrap();
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let mut child = spawn_held(&args, dir.path());
            let held = wait_for_temp(dir.path(), &mut child);
            let _ = Command::new("kill")
                .args([name, &child.id().to_string()])
                .status();
            let status = child.wait().unwrap();
            assert!(held, "{args:?}: the write was held open ({status:?})");
            assert_eq!(
                status.code(),
                Some(128 + signal),
                "{args:?} {name}: stopped by the handler"
            );
            assert_eq!(std::fs::read(&target).unwrap(), OLD, "{args:?} {name}");
            assert_eq!(
                temp_files(dir.path()),
                Vec::<String>::new(),
                "{args:?} {name}"
            );
        }
    }
}

/// Item 1: a file larger than `ulimit -f` allows is a clear error, not a
/// SIGXFSZ death that leaves the temporary file behind.
#[test]
fn a_file_size_limit_is_an_error_and_leaves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("b.pdf");
    std::fs::write(&target, OLD).unwrap();
    let o = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -f 8 && exec '{}' boards -o '{}'",
            env!("CARGO_BIN_EXE_scribe"),
            target.display()
        ))
        .output()
        .unwrap();
    assert_eq!(o.status.signal(), None, "not killed by SIGXFSZ");
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("b.pdf"), "names the user's file: {err}");
    assert!(err.contains("larger than"), "{err}");
    assert!(
        !err.contains(".scribe-") && !err.contains("at path"),
        "{err}"
    );
    assert_eq!(std::fs::read(&target).unwrap(), OLD);
    assert_eq!(temp_files(dir.path()), Vec::<String>::new());
}

/// Sets a file's modification time `age` into the past.
fn age(path: &Path, age: Duration) {
    let f = std::fs::File::options().write(true).open(path).unwrap();
    f.set_modified(std::time::SystemTime::now() - age).unwrap();
}

/// Item 2: the CLI sweeps stale temporary files from the folder it writes
/// into, and leaves a young one and one a running writer holds.
#[test]
fn the_cli_sweeps_stale_temporary_files() {
    if !hold_available() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let stale = dir.path().join(".scribe-AbC123.tmp");
    let young = dir.path().join(".scribe-young1.tmp");
    let other = dir.path().join(".other-AbC123.tmp");
    for p in [&stale, &young, &other] {
        std::fs::write(p, b"left by a killed writer").unwrap();
    }
    age(&stale, Duration::from_secs(3 * 3600));
    age(&other, Duration::from_secs(3 * 3600));
    let o = scribe(&["boards", "-o", dir.path().join("b.pdf").to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!stale.exists(), "the stale temporary file is swept");
    assert!(young.exists(), "a young one may belong to a running writer");
    assert!(other.exists(), "only our own files");

    // A held writer's file, made old, is still its: the lock tells.
    let target = dir.path().join("held.pdf");
    let mut held = spawn_held(&["boards", "-o", target.to_str().unwrap()], dir.path());
    std::fs::remove_file(&young).unwrap();
    assert!(wait_for_temp(dir.path(), &mut held), "held");
    let name = temp_files(dir.path()).pop().unwrap();
    age(&dir.path().join(&name), Duration::from_secs(3 * 3600));
    let o = scribe(&["boards", "-o", dir.path().join("c.pdf").to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        dir.path().join(&name).exists(),
        "a running writer's file is left alone"
    );
    let _ = Command::new("kill")
        .args(["-TERM", &held.id().to_string()])
        .status();
    let _ = held.wait();
    assert_eq!(temp_files(dir.path()), Vec::<String>::new());
}

/// A save file of `GAME` with an engine review.
fn reviewed_save(dir: &Path) -> String {
    let p = dir.join("reviewed.ron");
    let o = scribe(&[
        "analyze",
        "--moves",
        GAME,
        "--playouts",
        "100",
        "-o",
        p.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    std::fs::read_to_string(&p).unwrap()
}

/// `text` with its first `win_before` figure replaced by `NaN`.
fn nan_chance(text: &str) -> String {
    let at = text.find("win_before: ").unwrap() + "win_before: ".len();
    let end = at + text[at..].find([',', ')']).unwrap();
    format!("{}NaN{}", &text[..at], &text[end..])
}

/// Item 3: a review that cannot be read (NaN, a misspelt key) keeps the
/// game: `show` and `export` work, with a note naming the key, line and column.
#[test]
fn an_unreadable_review_keeps_the_game_with_a_note() {
    let dir = tempfile::tempdir().unwrap();
    let good = reviewed_save(dir.path());
    assert!(good.contains("forced:"), "{good}");
    let cases = [
        (
            good.replacen("forced:", "forcd:", 1),
            "unknown key 'forcd'",
            "forcd:",
        ),
        (nan_chance(&good), "win chance", "NaN"),
    ];
    for (text, expected, marker) in cases {
        let line = text.lines().position(|l| l.contains(marker)).unwrap() + 1;
        let p = dir.path().join("bad.ron");
        std::fs::write(&p, &text).unwrap();
        let o = scribe(&["show", p.to_str().unwrap()]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(stdout(&o).contains("Move 7"), "{}", stdout(&o));
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("note:"), "{err}");
        assert!(err.contains(expected), "{err}");
        assert!(err.contains(&format!("line {line}, column")), "{err}");
        let pdf = dir.path().join("bad.pdf");
        let o = scribe(&["export", p.to_str().unwrap(), "-o", pdf.to_str().unwrap()]);
        assert!(o.status.success(), "{}", stderr(&o));
    }
}

/// Item 4: `score --board` says an impossible count once.
#[test]
fn impossible_counts_are_said_once() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("board.txt");
    std::fs::write(&p, format!("xx.......\n{}", ".........\n".repeat(8))).unwrap();
    let o = scribe(&["score", "--board", p.to_str().unwrap()]);
    let err = stderr(&o);
    assert!(!o.status.success());
    assert_eq!(err.matches("X has 2 marks").count(), 1, "{err}");
}

/// Item 4: file names are escaped, and named once.
#[test]
fn file_names_are_escaped_and_named_once() {
    let dir = tempfile::tempdir().unwrap();
    let red = dir.path().join("\u{1b}[31mred.txt");
    std::fs::write(&red, "z........\n").unwrap();
    let o = scribe(&["score", "--board", red.to_str().unwrap()]);
    let err = stderr(&o);
    assert!(!err.contains('\u{1b}'), "{err:?}");
    assert!(err.contains(r"\u{1b}[31mred.txt"), "{err:?}");

    let missing = dir.path().join("no-such-folder").join("\u{1b}[31mout.ron");
    let o = scribe(&[
        "analyze",
        "--moves",
        GAME,
        "--playouts",
        "100",
        "-o",
        missing.to_str().unwrap(),
    ]);
    let err = stderr(&o);
    assert!(!o.status.success());
    assert!(!err.contains('\u{1b}'), "{err:?}");
    assert_eq!(err.matches("out.ron").count(), 1, "named once: {err:?}");
    assert_eq!(err.lines().count(), 1, "{err:?}");
}

/// Item 4: a look-alike character is shown with its code point and script.
#[test]
fn look_alike_characters_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("board.txt");
    std::fs::write(&p, format!("x\u{41e}.......\n{}", ".........\n".repeat(8))).unwrap();
    let o = scribe(&["score", "--board", p.to_str().unwrap()]);
    let err = stderr(&o);
    assert!(
        err.contains("'\u{41e}' (U+041E, Cyrillic capital O)"),
        "{err}"
    );
    let o = scribe(&["show", "--moves", "D6 H4 \u{421}8"]);
    let err = stderr(&o);
    assert!(err.contains("(U+0421, Cyrillic capital C)"), "{err}");
}

/// Item 4: no parser internals, and the plural is right.
#[test]
fn messages_speak_the_players_words() {
    let dir = tempfile::tempdir().unwrap();
    let good = reviewed_save(dir.path());
    let p = dir.path().join("g.ron");
    for bad in [
        good.replacen("forced:", "8forced:", 1),
        good.replacen("moves: [(", "moves: [7, (", 1),
    ] {
        std::fs::write(&p, &bad).unwrap();
        let o = scribe(&["show", p.to_str().unwrap()]);
        let err = stderr(&o);
        for internal in ["r#", "ReviewedMove", "struct", "enum", "identifier"] {
            assert!(!err.contains(internal), "{internal}: {err}");
        }
    }
    let board = dir.path().join("board.txt");
    std::fs::write(&board, format!("x\n{}", ".........\n".repeat(8))).unwrap();
    let err = stderr(&scribe(&["score", "--board", board.to_str().unwrap()]));
    assert!(err.contains("1 mark,"), "{err}");
    std::fs::write(&board, ".........\n").unwrap();
    let err = stderr(&scribe(&["score", "--board", board.to_str().unwrap()]));
    assert!(err.contains("the board has 1 row,"), "{err}");
}

/// Item 5: a bad output path is refused before the work, with nothing on stdout.
#[test]
fn a_bad_output_path_fails_before_the_work_and_prints_nothing() {
    let o = scribe(&[
        "analyze",
        "--moves",
        GAME,
        "--playouts",
        "100",
        "-o",
        "/dev/full",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "", "nothing on stdout");
    assert!(stderr(&o).contains("/dev/full"), "{}", stderr(&o));
    // Minutes of work are not started for a path that cannot be written.
    let started = Instant::now();
    let o = scribe(&["puzzles", "--count", "200", "-o", "/no/such/folder/p.pdf"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("/no/such/folder"), "{}", stderr(&o));
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "refused at once"
    );
}

/// Item 6: `score --board` reads what `show` prints, tally lines and all.
#[test]
fn score_board_reads_what_show_prints() {
    let dir = tempfile::tempdir().unwrap();
    let o = scribe(&["show", "--moves", GAME]);
    assert!(o.status.success());
    let p = dir.path().join("shown.txt");
    std::fs::write(&p, &o.stdout).unwrap();
    let o = scribe(&["score", "--board", p.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("Marks: 6 of 81"), "{}", stdout(&o));
    // A real tenth row is still refused.
    std::fs::write(&p, ".........\n".repeat(10)).unwrap();
    let o = scribe(&["score", "--board", p.to_str().unwrap()]);
    assert!(stderr(&o).contains("a tenth row"), "{}", stderr(&o));
}

/// Item 7: a negative number gets a plain message for every numeric option,
/// never clap's tip to write `-- -1`.
#[test]
fn negative_numbers_get_a_plain_message() {
    let cases: [&[&str]; 14] = [
        &["move", "--moves", "", "--seed", "-1"],
        &["move", "--moves", "", "--think-ms", "-1"],
        &["bench", "--seed", "-1"],
        &["match", "--a", "easy", "--b", "easy", "--games", "-1"],
        &["match", "--a", "easy", "--b", "easy", "--seed", "-1"],
        &["match", "--a", "easy", "--b", "easy", "--scale", "-1"],
        &["puzzles", "--json", "--count", "-1"],
        &["puzzles", "--json", "--seed", "-1"],
        &["analyze", "--moves", "E5", "--seed", "-1"],
        &["analyze", "--moves", "E5", "--playouts", "-1"],
        &["analyze", "--moves", "E5", "--think-ms", "-1"],
        &["boards", "-o", "x.pdf", "--pages", "-1"],
        &["boards", "-o", "x.pdf", "--per-page", "-1"],
        &["move", "--moves", "", "--level", "easy", "--seed", "-5"],
    ];
    for args in cases {
        let o = scribe(args);
        let err = stderr(&o);
        // clap's own refusal (2), or the option's range check (1)
        assert!(matches!(o.status.code(), Some(1 | 2)), "{args:?}");
        assert!(!err.contains("-- -"), "{args:?}: {err}");
        assert!(!err.contains("unexpected argument"), "{args:?}: {err}");
        assert!(!err.contains("invalid digit"), "{args:?}: {err}");
        assert!(err.contains("-1") || err.contains("-5"), "{args:?}: {err}");
    }
}

/// Item 7: `SaveFile(` and a `#` comment before `(` are save files.
#[test]
fn named_and_commented_save_files_are_read() {
    let dir = tempfile::tempdir().unwrap();
    let good = reviewed_save(dir.path());
    let body = good.trim_start_matches("// Scribe Desk saved game\n");
    let p = dir.path().join("g.ron");
    for text in [
        format!("SaveFile{body}"),
        format!("# my game\n# from last night\n{body}"),
    ] {
        std::fs::write(&p, &text).unwrap();
        let o = scribe(&["show", p.to_str().unwrap()]);
        assert!(o.status.success(), "{text:.60}: {}", stderr(&o));
        assert!(stdout(&o).contains("Move 7"), "{}", stdout(&o));
    }
    // Line numbers still count the comment lines.
    std::fs::write(&p, "# a comment\n(format_version: 1, bogus: 2)").unwrap();
    let err = stderr(&scribe(&["show", p.to_str().unwrap()]));
    assert!(err.contains("line 2, column"), "{err}");
}

/// Item 7: `-o -` is refused clearly, and makes no file named `-`.
#[test]
fn dash_output_is_refused_clearly() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        &["boards", "-o", "-"][..],
        &["export", "--moves", "D6", "-o", "-"],
        &["analyze", "--moves", "D6", "--playouts", "100", "-o", "-"],
        &["puzzles", "--count", "1", "-o", "-"],
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_scribe"))
            .args(args)
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert_eq!(stdout(&o), "", "{args:?}");
        assert!(stderr(&o).contains("standard output"), "{}", stderr(&o));
        assert!(!dir.path().join("-").exists(), "{args:?}");
    }
}

/// Item 7: writing over a file with other hard links replaces this name
/// only (the other names keep the old content), and says so.
#[test]
fn a_hard_link_is_replaced_with_a_note() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.pdf");
    let b = dir.path().join("b.pdf");
    std::fs::write(&a, OLD).unwrap();
    std::fs::hard_link(&a, &b).unwrap();
    let o: Output = scribe(&["boards", "-o", a.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::read(&a).unwrap().starts_with(b"%PDF"));
    assert_eq!(
        std::fs::read(&b).unwrap(),
        OLD,
        "the other name is untouched"
    );
    let err = stderr(&o);
    assert!(
        err.starts_with("note:") && err.contains("other name"),
        "{err}"
    );
}

/// `scribe show … | head -1`: a reader that went away ends a text command
/// quietly (killed by SIGPIPE, as `cat` is), never with a panic's message.
#[test]
fn a_closed_pipe_ends_a_text_command_quietly() {
    for args in [
        &["show", "--moves", GAME][..],
        &["gum", "tiles", "--seed", "3"][..],
        &["scribbage", "roll", "--seed", "3"][..],
    ] {
        // The reading end is closed before the command starts, so its first
        // write meets a broken pipe for certain.
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let out = Command::new(env!("CARGO_BIN_EXE_scribe"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(writer)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(
            out.status.signal(),
            Some(13),
            "{args:?}: {:?} {err}",
            out.status
        );
    }
}
