use super::*;
use crate::Ending;
use scribe_ai::Level;
use scribe_rules::Player;

fn sample() -> GameRecord {
    let mut r = GameRecord::new(
        Variant::SuperGlyph,
        ByPlayer {
            x: PlayerInfo::human("Ann \"the pen\""),
            o: PlayerInfo {
                name: "Computer".into(),
                kind: PlayerKind::Computer(Level::Hard),
            },
        },
    );
    let now = DateTime::parse_from_rfc3339("2026-11-22T07:31:10Z")
        .unwrap()
        .with_timezone(&Utc);
    for sq in ["D6", "H4", "C8", "E2"] {
        r.play(sq.parse().unwrap(), now).unwrap();
    }
    r
}

#[test]
fn round_trip() {
    let r = sample();
    let text = r.to_ron();
    assert!(text.contains("format_version: 1"), "{text}");
    assert_eq!(GameRecord::from_ron(&text).unwrap(), r);
}

#[test]
fn errors_say_what_and_where() {
    let good = sample().to_ron();
    let e = GameRecord::from_ron(&good.replace("\"C8\"", "\"C0\"")).unwrap_err();
    assert_eq!(e.to_string(), "move 3: 'C0' is not a square (A1-I9)");
    let e = GameRecord::from_ron(&good.replace("\"C8\"", "\"D6\"")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "move 3 (D6): the square is already taken by X"
    );
    let e =
        GameRecord::from_ron(&good.replace("format_version: 1", "format_version: 7")).unwrap_err();
    assert!(matches!(e, LoadError::UnknownVersion { found: 7 }), "{e}");
    let e = GameRecord::from_ron(&good.replace("variant: SuperGlyph,", "")).unwrap_err();
    assert!(e.to_string().contains("variant"), "{e}");
    let e = GameRecord::from_ron("(format_version: 1, variant: Majority,").unwrap_err();
    assert!(e.to_string().starts_with("line 1, column"), "{e}");
}

fn full_game_ron() -> String {
    let moves = include_str!("../../../../tests/data/full_game.txt");
    let mut r = GameRecord::from_game(crate::replay(moves).unwrap());
    r.started = Some("2026-11-22T07:00:00Z".parse().unwrap());
    r.finished = Some("2026-11-22T08:00:00Z".parse().unwrap());
    r.to_ron()
}

#[test]
fn unknown_keys_are_refused_naming_key_and_line() {
    let good = sample().to_ron();
    let kinr = good.replace("kind: Human", "kinr: Human");
    assert_ne!(kinr, good);
    let e = GameRecord::from_ron(&kinr).unwrap_err().to_string();
    let line = kinr.lines().position(|l| l.contains("kinr")).unwrap() + 1;
    assert!(e.starts_with(&format!("line {line}, column")), "{e}");
    assert!(e.contains("unknown key 'kinr'"), "{e}");
    assert!(e.contains("`kind`"), "{e}");
    let full = full_game_ron();
    let fynished = full.replace("finished:", "fynished:");
    let e = GameRecord::from_ron(&fynished).unwrap_err().to_string();
    let line = fynished
        .lines()
        .position(|l| l.contains("fynished"))
        .unwrap()
        + 1;
    assert!(e.starts_with(&format!("line {line}, column")), "{e}");
    assert!(e.contains("unknown key 'fynished'"), "{e}");
    assert!(!e.contains("SaveFile"), "no internal names: {e}");
    let e = GameRecord::from_ron(&good.replace("variant: SuperGlyph,", ""))
        .unwrap_err()
        .to_string();
    assert!(e.contains("the key `variant` is missing"), "{e}");
}

#[test]
fn empty_texts_are_refused() {
    for text in [
        "",
        "  \n\t\n",
        "// nothing\n",
        "# only a comment\n",
        "/* x */",
        "\u{feff}",
    ] {
        let e = GameRecord::from_text(text).unwrap_err();
        assert_eq!(e, GameTextError::Empty, "{text:?}");
        assert!(e.to_string().contains("the file is empty"), "{e}");
    }
}

#[test]
fn dates_must_fit_the_game() {
    let full = full_game_ron();
    assert!(GameRecord::from_ron(&full).is_ok());
    let swapped = full
        .replace("2026-11-22T07:00:00Z", "T1")
        .replace("2026-11-22T08:00:00Z", "2026-11-22T07:00:00Z")
        .replace("T1", "2026-11-22T08:00:00Z");
    let e = GameRecord::from_ron(&swapped).unwrap_err().to_string();
    assert!(
        e.contains("`finished` (2026-11-22T07:00:00+00:00) is before `started`"),
        "{e}"
    );
    let ten = sample()
        .to_ron()
        .replace("finished: None", "finished: Some(\"2026-11-22T08:00:00Z\")");
    let e = GameRecord::from_ron(&ten).unwrap_err().to_string();
    assert_eq!(
        e,
        "`finished` is set but the game is not over (4 of 81 moves played)"
    );
}

#[test]
fn a_resigned_game_keeps_how_it_ended() {
    let mut r = sample();
    r.ended = Some(Ending::Resigned(Player::O));
    r.finished = r.started;
    let text = r.to_ron();
    assert!(text.contains("ended: Some(Resigned(O))"), "{text}");
    let back = GameRecord::from_ron(&text).unwrap();
    assert_eq!(back, r);
    assert!(back.is_over());
    assert_eq!(back.winner(), Some(Player::X));
    // An ending on a full board contradicts the board.
    let full = full_game_ron().replacen(
        "    finished:",
        "    ended: Some(OutOfTime(X)),\n    finished:",
        1,
    );
    assert!(full.contains("ended:"), "{full}");
    let e = GameRecord::from_ron(&full).unwrap_err().to_string();
    assert_eq!(
        e,
        "`ended` is set but the board is full: the game ended there"
    );
    // Files written before `ended` existed still load, unfinished.
    let old = sample().to_ron();
    assert!(!old.contains("ended"), "{old}");
    assert!(!GameRecord::from_ron(&old).unwrap().is_over());
}

#[test]
fn a_bom_or_block_comment_before_a_save_is_still_a_save() {
    let good = sample().to_ron();
    for text in [
        format!("\u{feff}{good}"),
        format!("/* a game\n   from last night */\n{good}"),
        format!("/* outer /* nested */ still */ {good}"),
        format!("\u{feff}/* c */\n// d\n{good}"),
    ] {
        assert_eq!(GameRecord::from_text(&text).unwrap(), sample(), "{text}");
    }
    // A move list with comments is still a move list.
    let r = GameRecord::from_text("# opening\n/* not ron */ D6").unwrap_err();
    assert!(matches!(r, GameTextError::MoveList(_)), "{r}");
}

#[test]
fn a_review_that_is_not_even_ron_is_cut_out() {
    let mut r = sample();
    let config = scribe_ai::review::ReviewConfig::quick();
    let stop = std::sync::atomic::AtomicBool::new(false);
    let review = scribe_ai::review::review_game(
        r.game.moves(),
        r.variant,
        &config,
        1,
        &mut |_, _| {},
        &stop,
    )
    .unwrap();
    r.review = Some(Box::new(crate::Review::from_engine(&review, &config, 1)));
    let good = r.to_ron();
    assert_eq!(GameRecord::from_ron(&good).unwrap(), r);
    for bad in [
        good.replacen("forced:", "8forced:", 1),
        good.replacen("class:", "class: @ \"a ) string\" /* ) */", 1),
        good.replacen("win_after:", "win_after: [1, (2)] ", 1),
    ] {
        let read = GameRecord::from_ron(&bad).unwrap();
        assert_eq!(read.game, r.game, "{bad}");
        assert_eq!(read.review, None);
        let note = read.review_note.unwrap();
        assert!(note.contains("line "), "{note}");
        assert!(!note.contains("r#"), "{note}");
    }
    // An error outside the review still refuses the file.
    let e = GameRecord::from_ron(&good.replacen("variant:", "8variant:", 1)).unwrap_err();
    assert!(e.to_string().contains("'8variant' is not a key"), "{e}");
}

#[test]
fn deep_nesting_is_reworded() {
    let text = format!("(format_version: 1, variant: {}", "[".repeat(500));
    let e = GameRecord::from_ron(&text).unwrap_err().to_string();
    assert!(e.contains("nested too deeply"), "{e}");
    assert!(!e.contains("serde_stacker") && !e.contains("ron::"), "{e}");
}

#[test]
fn long_bad_squares_are_cut() {
    let good = sample().to_ron();
    let long = "Q".repeat(10_000);
    let e = GameRecord::from_ron(&good.replace("\"C8\"", &format!("\"{long}\"")))
        .unwrap_err()
        .to_string();
    assert!(e.len() < 120, "{e}");
    assert!(e.contains("(10000 characters)"), "{e}");
}

#[test]
fn files_from_before_read_and_write_back_unchanged() {
    // Both written by earlier versions: a full game without a review (laid
    // out by hand), and a game written with its review by `scribe analyze`.
    let plain = include_str!("../../../../tests/data/full_game.ron");
    let reviewed = include_str!("../../../../tests/data/reviewed_game.ron");
    let r = GameRecord::from_ron(plain).unwrap();
    assert_eq!((r.review.is_none(), r.review_note.is_none()), (true, true));
    assert!(!r.to_ron().contains("review"), "{}", r.to_ron());
    assert_eq!(GameRecord::from_ron(&r.to_ron()).unwrap(), r);
    let r = GameRecord::from_ron(reviewed).unwrap();
    assert_eq!(r.review.as_ref().map(|r| r.moves.len()), Some(6));
    assert_eq!(r.review_note, None);
    assert_eq!(r.to_ron(), reviewed);
    // Without its review, the file is as it was written before reviews.
    let mut bare = r.clone();
    bare.review = None;
    let start = reviewed.find("    review: Some((").unwrap();
    let end = reviewed.find("    )),\n").unwrap() + "    )),\n".len();
    let before = format!("{}{}", &reviewed[..start], &reviewed[end..]);
    assert_eq!(bare.to_ron(), before);
    assert_eq!(GameRecord::from_ron(&before).unwrap(), bare);
}
