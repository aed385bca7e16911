//! `kill -9` in the middle of a delete, repeated at different moments, to
//! the library's own trash and to the desktop's (a throw-away one): every
//! game is whole in exactly one place, the library or the trash; the next
//! open lists the library's files, none damaged, and leaves an index that
//! the open after agrees with; Undo brings every trashed game back.
//!
//! The deleting process is this test binary run again with
//! `SCRIBE_KILL_TEST` set (the `child` test below does the work then, and
//! nothing otherwise).

use scribe_library::{INDEX_FILE, Library, TRASH_DIR, Trashed, generate::write_games};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

const GAMES: usize = 120;

/// The `.ron` files of a folder, by name, with their bytes.
fn games_in(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return BTreeMap::new();
    };
    rd.filter_map(Result::ok)
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let bytes = std::fs::read(e.path()).ok()?;
            name.ends_with(".ron").then_some((name, bytes))
        })
        .collect()
}

/// One round: a library of `GAMES` games, a child deleting them all,
/// killed once `trashed` are in the trash.
fn round(system: bool, trashed: usize, seed: u64) {
    let root = tempfile::tempdir().unwrap();
    let lib = root.path().join("library");
    let xdg = root.path().join("xdg");
    write_games(&lib, GAMES, seed).unwrap();
    let games = games_in(&lib);
    assert_eq!(games.len(), GAMES);
    let trash: PathBuf = if system {
        xdg.join("Trash").join("files")
    } else {
        lib.join(TRASH_DIR)
    };
    let child = |mode: &str| {
        let mut c = Command::new(std::env::current_exe().unwrap());
        c.args(["--exact", "child", "--ignored", "--test-threads=1"])
            .env("SCRIBE_KILL_TEST", mode)
            .env("SCRIBE_KILL_TEST_LIBRARY", &lib)
            .env("SCRIBE_KILL_TEST_SYSTEM", if system { "1" } else { "0" })
            .env("XDG_DATA_HOME", &xdg)
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        c
    };
    let mut deleting = child("delete").spawn().unwrap();
    let mut done = false;
    for _ in 0..5000 {
        if games_in(&trash).len() >= trashed {
            break;
        }
        if deleting.try_wait().unwrap().is_some() {
            done = true;
            break;
        }
        std::thread::sleep(Duration::from_micros(200));
    }
    deleting.kill().unwrap();
    deleting.wait().unwrap();
    let what = format!("system trash {system}, killed after {trashed} (done: {done})");

    if system {
        // the app opens the library with the desktop's trash: that clears
        // what the trash crate left half done
        assert!(child("open").status().unwrap().success(), "{what}");
    }
    // every game whole, in exactly one place
    let (kept, binned) = (games_in(&lib), games_in(&trash));
    for (name, bytes) in &games {
        let places: Vec<&Vec<u8>> = [kept.get(name), binned.get(name)]
            .into_iter()
            .flatten()
            .collect();
        assert_eq!(places.len(), 1, "{what}: {name} in {} places", places.len());
        assert_eq!(places[0], bytes, "{what}: {name} changed");
    }
    assert_eq!(kept.len() + binned.len(), GAMES, "{what}: stray files");
    // nothing else in the library but the index, the trash and temporary
    // files a killed write left (swept when stale)
    for f in std::fs::read_dir(&lib).unwrap() {
        let name = f.unwrap().file_name().to_string_lossy().into_owned();
        assert!(
            name.ends_with(".ron")
                || name == INDEX_FILE
                || name == TRASH_DIR
                || name.starts_with(".scribe-"),
            "{what}: {name}"
        );
    }

    // the next open lists the library's files, none damaged, and its index
    // is the one the open after reads
    let opened = Library::open(&lib).unwrap();
    let listed: Vec<&str> = opened.entries().iter().map(|e| e.file.as_str()).collect();
    assert_eq!(
        listed,
        kept.keys().map(String::as_str).collect::<Vec<_>>(),
        "{what}"
    );
    assert!(
        opened.entries().iter().all(|e| e.summary().is_some()),
        "{what}"
    );
    let again = Library::open(&lib).unwrap();
    assert_eq!(again.report().reread, 0, "{what}");
    assert!(!again.report().index_written, "{what}");

    // Undo brings back every game in the trash
    let o = child("restore").status().unwrap();
    assert!(o.success(), "{what}: the restore failed");
    let back = games_in(&lib);
    assert_eq!(back, games, "{what}: not all back after Undo");
    assert!(games_in(&trash).is_empty(), "{what}: left in the trash");
    assert_eq!(
        Library::open(&lib).unwrap().entries().len(),
        GAMES,
        "{what}"
    );
}

#[test]
fn a_kill_during_a_delete_to_the_library_trash_loses_nothing() {
    for (i, trashed) in [1, 17, 40, 77, 110].into_iter().enumerate() {
        round(false, trashed, 30 + i as u64);
    }
}

#[test]
fn a_kill_during_a_delete_to_the_desktop_trash_loses_nothing() {
    if !cfg!(all(unix, not(target_os = "macos"))) {
        return;
    }
    for (i, trashed) in [1, 23, 61, 100].into_iter().enumerate() {
        round(true, trashed, 40 + i as u64);
    }
}

/// The empty placeholder and the description the `trash` crate writes
/// before moving a file in, as a kill at that moment leaves them: the next
/// open with the desktop's trash removes them, and the game stays whole in
/// the library.
#[test]
fn a_placeholder_a_killed_delete_left_in_the_desktop_trash_is_cleared() {
    if !cfg!(all(unix, not(target_os = "macos"))) {
        return;
    }
    let root = tempfile::tempdir().unwrap();
    let lib = root.path().join("library");
    let xdg = root.path().join("xdg");
    let names = write_games(&lib, 3, 7).unwrap();
    let games = games_in(&lib);
    let (files, info) = (xdg.join("Trash/files"), xdg.join("Trash/info"));
    std::fs::create_dir_all(&files).unwrap();
    std::fs::create_dir_all(&info).unwrap();
    let lib_abs = std::fs::canonicalize(&lib).unwrap();
    std::fs::write(
        info.join(format!("{}.trashinfo", names[0])),
        format!("[Trash Info]\nPath={}\n", lib_abs.join(&names[0]).display()),
    )
    .unwrap();
    std::fs::write(files.join(&names[0]), b"").unwrap();
    let status = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "child", "--ignored", "--test-threads=1"])
        .env("SCRIBE_KILL_TEST", "open")
        .env("SCRIBE_KILL_TEST_LIBRARY", &lib)
        .env("SCRIBE_KILL_TEST_SYSTEM", "1")
        .env("XDG_DATA_HOME", &xdg)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    assert!(!files.join(&names[0]).exists(), "the placeholder is left");
    assert_eq!(std::fs::read_dir(&info).unwrap().count(), 0);
    assert_eq!(games_in(&lib), games);
}

/// The child process: deletes every game of the library, a few at a time
/// (`SCRIBE_KILL_TEST=delete`), opens it (`open`), or brings back every
/// game in the trash (`restore`). Does nothing when run by hand.
#[test]
#[ignore = "run by the kill tests as their child process"]
fn child() {
    let Ok(mode) = std::env::var("SCRIBE_KILL_TEST") else {
        return;
    };
    let dir = PathBuf::from(std::env::var_os("SCRIBE_KILL_TEST_LIBRARY").unwrap());
    let system = std::env::var("SCRIBE_KILL_TEST_SYSTEM").as_deref() == Ok("1");
    let mut lib = Library::open(&dir).unwrap().with_system_trash(system);
    if mode == "open" {
        return;
    }
    if mode == "delete" {
        let files: Vec<String> = lib.entries().iter().map(|e| e.file.clone()).collect();
        for chunk in files.chunks(3) {
            let t = lib.delete(chunk).unwrap();
            assert_eq!(t.system, system);
        }
    } else {
        let trash = if system {
            PathBuf::from(std::env::var_os("XDG_DATA_HOME").unwrap()).join("Trash/files")
        } else {
            dir.join(TRASH_DIR)
        };
        let files: Vec<String> = games_in(&trash).into_keys().collect();
        lib.undo_delete(&Trashed { files, system }).unwrap();
    }
}
