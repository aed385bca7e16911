//! `scribe library`: list, stats, import and export, run as a user would,
//! on a library folder of its own (`--library DIR`).

mod common;
use common::{assert_clear_error, scribe, stderr, stdout};
use std::path::Path;

fn run(lib: &Path, args: &[&str]) -> std::process::Output {
    let mut all = vec!["library", "--library", lib.to_str().unwrap()];
    all.extend_from_slice(args);
    scribe(&all)
}

#[test]
fn import_list_stats_and_export_a_folder_of_games() {
    let src = tempfile::tempdir().unwrap();
    let names = scribe::library::generate::write_games(src.path(), 12, 4).unwrap();
    std::fs::write(src.path().join("not-a-game.txt"), "hello").unwrap();
    let lib = tempfile::tempdir().unwrap();

    let o = run(lib.path(), &["import", src.path().to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("12 added, 0 already there, 1 not games"),
        "{}",
        stdout(&o)
    );
    assert!(stderr(&o).contains("not-a-game.txt"), "{}", stderr(&o));
    // the same files again are recognised
    let one = src.path().join(&names[3]);
    let o = run(lib.path(), &["import", one.to_str().unwrap()]);
    assert!(
        stdout(&o).contains("0 added, 1 already there"),
        "{}",
        stdout(&o)
    );

    let o = run(lib.path(), &["list", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let games: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let games = games.as_array().unwrap();
    assert_eq!(games.len(), 12);
    for g in games {
        for k in [
            "file", "date", "x", "o", "opponent", "variant", "majority", "moves", "ending",
        ] {
            assert!(g.get(k).is_some(), "{k} in {g}");
        }
    }
    // newest first
    let dates: Vec<&str> = games.iter().filter_map(|g| g["date"].as_str()).collect();
    assert!(dates.windows(2).all(|w| w[0] >= w[1]), "{dates:?}");

    // filters
    let o = run(lib.path(), &["list", "--json", "--opponent", "person"]);
    let people: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert!(
        people
            .as_array()
            .unwrap()
            .iter()
            .all(|g| g["opponent"] == "person")
    );
    let o = run(lib.path(), &["list", "--variant", "super"]);
    assert!(o.status.success());
    assert!(
        stdout(&o)
            .lines()
            .filter(|l| l.contains("  "))
            .all(|l| !l.contains("Majority  "))
    );

    // stats --json: every name, by variant and opponent
    let o = run(lib.path(), &["stats", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let ann = v["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Ann")
        .unwrap();
    assert!(ann["games"].as_u64().unwrap() > 0);
    for o in ann["opponents"].as_array().unwrap() {
        for k in ["name", "games", "wins", "losses"] {
            assert!(o.get(k).is_some(), "{o}");
        }
    }

    // a game book of the games against people
    let pdf = lib.path().join("book.pdf");
    let o = run(
        lib.path(),
        &[
            "export",
            "-o",
            pdf.to_str().unwrap(),
            "--opponent",
            "person",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let doc = lopdf::Document::load(&pdf).unwrap();
    let n = people.as_array().unwrap().len();
    assert!(
        doc.get_pages().len() >= n && n > 0,
        "{} pages for {n} games",
        doc.get_pages().len()
    );
}

#[test]
fn a_damaged_file_is_listed_and_bad_arguments_are_one_line() {
    let lib = tempfile::tempdir().unwrap();
    scribe::library::generate::write_games(lib.path(), 2, 1).unwrap();
    std::fs::write(lib.path().join("bad.ron"), "(format_version: 1, varia").unwrap();
    let o = run(lib.path(), &["list"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("damaged  bad.ron: line 1"), "{out}");
    assert!(out.contains("3 of 3 games"), "{out}");
    let o = run(lib.path(), &["list", "--result", "lost-ish"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("'lost ish' is not a result"),
        "{}",
        stderr(&o)
    );
    let o = run(
        lib.path(),
        &[
            "export",
            "-o",
            lib.path().join("x.pdf").to_str().unwrap(),
            "--name",
            "nobody",
        ],
    );
    assert_clear_error(&o, "no games match");
    let file = lib.path().join("bad.ron");
    let o = scribe(&["library", "--library", file.to_str().unwrap(), "list"]);
    assert_clear_error(&o, "not a folder");
}

/// `kill -9` in the middle of an import: every game file in the library is
/// whole (none damaged, none half-written), the next open lists them all,
/// and importing again adds exactly the games that were missing.
#[test]
fn a_kill_during_an_import_loses_nothing() {
    let src = tempfile::tempdir().unwrap();
    scribe::library::generate::write_games(src.path(), 400, 8).unwrap();
    let lib = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_scribe"))
        .args([
            "library",
            "--library",
            lib.path().to_str().unwrap(),
            "import",
        ])
        .arg(src.path())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // wait until some games are in, then kill it hard
    for _ in 0..2000 {
        let n = std::fs::read_dir(lib.path())
            .map(|d| {
                d.filter_map(Result::ok)
                    .filter(|e| e.file_name().to_string_lossy().ends_with(".ron"))
                    .count()
            })
            .unwrap_or(0);
        if n >= 20 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let opened = scribe::library::Library::open(lib.path()).unwrap();
    let kept = opened.entries().len();
    assert!(kept >= 20, "{kept}");
    for e in opened.entries() {
        assert!(e.summary().is_some(), "{}: {:?}", e.file, e.game);
    }
    // nothing visible but whole game files and the index
    for f in std::fs::read_dir(lib.path()).unwrap() {
        let name = f.unwrap().file_name().to_string_lossy().into_owned();
        assert!(
            name.ends_with(".ron") || name == "index.json" || name.starts_with(".scribe-"),
            "{name}"
        );
    }
    let o = run(lib.path(), &["import", src.path().to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let expected = format!("{} added, {kept} already there", 400 - kept);
    assert!(
        stdout(&o).contains(&expected),
        "{} / {expected}",
        stdout(&o)
    );
    assert_eq!(
        scribe::library::Library::open(lib.path())
            .unwrap()
            .entries()
            .len(),
        400
    );
}
