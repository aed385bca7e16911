//! The `scribe` command line, run as a user would.

mod common;
use common::{assert_clear_error, scribe, stderr, stdout};

const FULL_GAME: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/full_game.txt");

/// The game in tests/data/full_game.txt ends on this board; every tally below was
/// worked out by hand from the board and the glyph table, grid by grid:
///
/// ```text
///   A B C D E F G H I
/// 1 o o o o x x o o x 1   grid 1: X B2-B3 Double 2; O ring open at the bottom = U 7
/// 2 o x o x o x x x x 2   grid 2: X E1 F1 F2 F3 Pipe + D2 D3 Double = 6; O D1 + E2 E3 = 3
/// 3 o X o x o x x x o 3   grid 3: X "..#/###/##." no glyph = 0; O G1 H1 Double + I3 = 3
/// 4 O x x x x x x x x 4   grid 4: X two Doubles = 4; O "#../###/..#" no glyph = 0
/// 5 o o o o o x o o x 5   grid 5: X "###/..#" Pipe 4; O P-pentomino 0
/// 6 x x o o o o x x x 6   grid 6: X U 7; O G5 H5 Double 2
/// 7 o x o o x x o o o 7   grid 7: X B7, A8 Singles + C8 C9 Double = 4; O two Singles + an L = 2
/// 8 x o x o x x x x x 8   grid 8: X P-pentomino 0; O D7-D9 Line + F9 Single = 4
/// 9 o o x o x o o o o 9   grid 9: X Line 3; O two Lines 6
///   A B C D E F G H I
/// ```
/// X wins grids 2 4 5 6 7 (Majority 5-4); the super grid is `OXO/XXX/XOO`:
/// X's five make no glyph (0), O has two Singles and a Double (4): O wins Super Glyph.
#[test]
fn score_json_of_a_game_checked_by_hand() {
    let o = scribe(&["score", "--json", FULL_GAME]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 1, "one line");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let expected = serde_json::json!({
        "moves": 81, "finished": true, "to_move": null,
        "grids": [
            {"grid": 1, "x": 2, "o": 7, "winner": "O", "glyphs": {"x": ["Double"], "o": ["U"]}},
            {"grid": 2, "x": 6, "o": 3, "winner": "X", "glyphs": {"x": ["Double", "Pipe"], "o": ["Double", "Single"]}},
            {"grid": 3, "x": 0, "o": 3, "winner": "O", "glyphs": {"x": [], "o": ["Double", "Single"]}},
            {"grid": 4, "x": 4, "o": 0, "winner": "X", "glyphs": {"x": ["Double", "Double"], "o": []}},
            {"grid": 5, "x": 4, "o": 0, "winner": "X", "glyphs": {"x": ["Pipe"], "o": []}},
            {"grid": 6, "x": 7, "o": 2, "winner": "X", "glyphs": {"x": ["U"], "o": ["Double"]}},
            {"grid": 7, "x": 4, "o": 2, "winner": "X", "glyphs": {"x": ["Double", "Single", "Single"], "o": ["Single", "Single"]}},
            {"grid": 8, "x": 0, "o": 4, "winner": "O", "glyphs": {"x": [], "o": ["Line", "Single"]}},
            {"grid": 9, "x": 3, "o": 6, "winner": "O", "glyphs": {"x": ["Line"], "o": ["Line", "Line"]}}
        ],
        "majority": {"x": 5, "o": 4, "winner": "X"},
        "super_glyph": {"x": 0, "o": 4, "winner": "O"}
    });
    assert_eq!(v, expected);
    // key order as in docs/FORMATS.md
    let keys = [
        "\"moves\"",
        "\"finished\"",
        "\"to_move\"",
        "\"grids\"",
        "\"majority\"",
        "\"super_glyph\"",
    ];
    let pos: Vec<usize> = keys.iter().map(|k| out.find(k).unwrap()).collect();
    assert!(pos.windows(2).all(|w| w[0] < w[1]), "{out}");
}

#[test]
fn score_json_of_an_unfinished_game() {
    let o = scribe(&["score", "--json", "--moves", "D6 H4 C8 E2"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["moves"], 4);
    assert_eq!(v["finished"], false);
    assert_eq!(v["to_move"], "X");
    assert_eq!(
        v["majority"],
        serde_json::json!({"x": 0, "o": 0, "winner": null})
    );
    assert_eq!(v["super_glyph"], serde_json::Value::Null);
    assert_eq!(
        v["grids"][4],
        serde_json::json!({"grid": 5, "x": 1, "o": 0, "winner": null, "glyphs": {"x": ["Single"], "o": []}})
    );
    let o = scribe(&["score", "--json", "--moves", ""]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        (v["moves"].as_u64(), v["to_move"].as_str()),
        (Some(0), Some("X"))
    );
}

#[test]
fn show_prints_the_board_and_where_to_play() {
    let o = scribe(&["show", "--moves", "d6, h4  c8"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("6 . . . x . . . . . 6"), "{out}");
    assert!(out.contains("8 . . X . . . . . . 8"), "{out}");
    assert!(
        out.contains("Move 4: O to play in the upper-middle mini grid (D1-F3)."),
        "{out}"
    );
    let o = scribe(&["show", FULL_GAME]);
    let out = stdout(&o);
    assert!(out.contains("The game is over."), "{out}");
    assert!(out.contains("Mini grids won: X 5, O 4"), "{out}");
}

#[test]
fn save_files_are_read_too() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.ron");
    let moves = std::fs::read_to_string(FULL_GAME).unwrap();
    let record = scribe::record::GameRecord::from_game(scribe::record::replay(&moves).unwrap());
    std::fs::write(&path, record.to_ron()).unwrap();
    let a = scribe(&["score", "--json", path.to_str().unwrap()]);
    let b = scribe(&["score", "--json", FULL_GAME]);
    assert!(a.status.success(), "{}", stderr(&a));
    assert_eq!(a.stdout, b.stdout);
}

#[test]
fn show_says_who_resigned() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("resigned.ron");
    let mut record =
        scribe::record::GameRecord::from_game(scribe::record::replay("D6 H4 C8 E2").unwrap());
    record.players.o.name = "Bob".into();
    record.ended = Some(scribe::record::Ending::Resigned(scribe::rules::Player::O));
    std::fs::write(&path, record.to_ron()).unwrap();
    let o = scribe(&["show", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains(
            "The game is over: O (Bob) resigned after 4 moves.\nX wins the Majority game."
        ),
        "{text}"
    );
    assert!(!text.contains("to play"), "{text}");
}

#[test]
fn bad_input_gives_one_clear_line() {
    assert_clear_error(
        &scribe(&["score", "--moves", "D6 H4 C8 E5"]),
        "move 4 (E5): O must play in the upper-middle mini grid (D1-F3)",
    );
    assert_clear_error(
        &scribe(&["show", "--moves", "D6 Z9"]),
        "'Z9' is not a square",
    );
    assert_clear_error(
        &scribe(&["show", "/no/such/game.txt"]),
        "cannot read /no/such/game.txt",
    );

    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.ron");
    let good =
        scribe::record::GameRecord::from_game(scribe::record::replay("D6 H4 C8").unwrap()).to_ron();
    let cases = [
        (good.replace("\"C8\"", "\"C0\""), "move 3: 'C0' is not a square"),
        (good.replace("\"C8\"", "\"E5\""), "move 3 (E5): X must play in the lower-left mini grid (A7-C9)"),
        (good.replace("format_version: 1", "format_version: 2"), "format version 2 is not supported"),
        (good.replace("variant: Majority,", ""), "variant"),
        (good.replace(")\n", "\n"), "line"),
        ("(format_version: 1, variant: Majority, players: (x: (name: \"a\"), o: (name: \"b\")), moves: [\"A1\", 5])".to_string(), "line 1"),
    ];
    for (text, expected) in cases {
        std::fs::write(&bad, &text).unwrap();
        let o = scribe(&["score", bad.to_str().unwrap()]);
        assert_clear_error(&o, expected);
        assert!(
            stderr(&o).contains("bad.ron"),
            "names the file: {}",
            stderr(&o)
        );
    }
    let binary = dir.path().join("binary.txt");
    std::fs::write(&binary, [0xFF, 0xFE, 0x00]).unwrap();
    assert_clear_error(
        &scribe(&["show", binary.to_str().unwrap()]),
        "not a text file",
    );
}

#[test]
fn help_and_version_on_every_command() {
    let version = stdout(&scribe(&["--version"]));
    assert_eq!(
        version.trim(),
        format!("scribe {}", env!("CARGO_PKG_VERSION"))
    );
    for cmd in ["show", "score"] {
        let o = scribe(&[cmd, "--help"]);
        assert!(o.status.success());
        assert!(stdout(&o).contains("--moves"), "{cmd} --help");
        let o = scribe(&[cmd, "--version"]);
        assert!(o.status.success(), "{cmd} --version");
        assert!(stdout(&o).contains(env!("CARGO_PKG_VERSION")));
    }
}
