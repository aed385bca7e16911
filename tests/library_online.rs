//! `scribe online keep`: the signed-in player's finished games join the
//! game library from a real `scribe serve` on loopback, each once.

mod online_common;

use online_common::{Player, Server};
use scribe::library::{Library, Opponent};

#[test]
fn finished_online_games_are_kept_once() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::sqlite(dir.path());
    let ann = Player::new("ann", &server);
    let bob = Player::new("bob", &server);
    ann.signup();
    bob.signup();
    let mut ids = Vec::new();
    for _ in 0..3 {
        let out = ann.ok(&["challenge", "bob", "--side", "x"]);
        let id = out.lines().last().unwrap().trim().to_string();
        bob.ok(&["accept", &id]);
        ids.push(id);
    }
    ann.ok(&["move", &ids[0], "E5"]);
    bob.ok(&["resign", &ids[0]]);
    ann.ok(&["resign", &ids[1]]);
    // ids[2] goes on: not kept
    let lib = tempfile::tempdir().unwrap();
    let keep = |p: &Player| p.ok(&["keep", "--library", lib.path().to_str().unwrap()]);
    assert!(keep(&ann).contains("2 finished games kept in the library, 0 already there"));
    assert!(keep(&ann).contains("0 finished games kept in the library, 2 already there"));
    // bob's copies of the same games are the same files
    assert!(keep(&bob).contains("0 finished games kept in the library, 2 already there"));
    let opened = Library::open(lib.path()).unwrap();
    assert_eq!(opened.entries().len(), 2);
    for e in opened.entries() {
        let s = e.summary().unwrap();
        assert_eq!(s.opponent, Opponent::Online);
        assert!(s.ended.is_some(), "{s:?}");
    }
    // the game that went on, once finished, joins
    bob.ok(&["resign", &ids[2]]);
    assert!(keep(&ann).contains("1 finished games kept in the library, 2 already there"));
}
