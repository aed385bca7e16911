//! Unit tests: the index (rebuilt when missing, stale or damaged), damaged
//! files, duplicate imports, delete and Undo, filters, sorting, statistics
//! and their JSON shape, the suggestion.

use super::*;
use crate::filter::{OpponentFilter, Prepared, sort};
use crate::generate::{Rng, random_game, write_games};
use chrono::{DateTime, Utc};
use scribe_ai::Level;
use scribe_record::{PlayerInfo, PlayerKind};
use scribe_rules::{ByPlayer, Variant};

fn now() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-11-26T00:00:00Z")
        .unwrap()
        .with_timezone(&Utc)
}

/// A full game between `x` and `o` (random legal moves of `seed`), started
/// `day` days before now.
fn game(x: PlayerInfo, o: PlayerInfo, variant: Variant, seed: u64, day: i64) -> GameRecord {
    let mut rng = Rng::new(seed);
    let mut r = GameRecord::new(variant, ByPlayer { x, o });
    let start = now() - chrono::Duration::days(day);
    while !r.is_over() {
        let legal: Vec<_> = r.game.position().legal_moves().iter().collect();
        let sq = legal[rng.below(legal.len())];
        r.play(sq, start).unwrap();
    }
    r
}

fn computer(level: Level) -> PlayerInfo {
    PlayerInfo {
        name: "Computer".into(),
        kind: PlayerKind::Computer(level),
    }
}

#[test]
fn the_index_is_built_used_and_rebuilt_when_stale_or_missing() {
    let dir = tempfile::tempdir().unwrap();
    write_games(dir.path(), 20, 1).unwrap();
    let lib = Library::open(dir.path()).unwrap();
    assert_eq!(lib.entries().len(), 20);
    assert_eq!(lib.report().reread, 20);
    assert!(lib.report().index_written);
    assert!(dir.path().join(INDEX_FILE).exists());

    let lib = Library::open(dir.path()).unwrap();
    assert_eq!(lib.report().from_index, 20);
    assert_eq!(lib.report().reread, 0);
    assert!(!lib.report().index_written);

    // another program adds a file and changes one: only those are read again
    write_games(&dir.path().join("more"), 1, 2).unwrap();
    let extra = std::fs::read_dir(dir.path().join("more"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap();
    std::fs::copy(extra.path(), dir.path().join("zz-new.ron")).unwrap();
    let first = lib.entries()[0].file.clone();
    let text = std::fs::read_to_string(dir.path().join(&first)).unwrap();
    std::fs::write(dir.path().join(&first), format!("// edited\n{text}")).unwrap();
    let lib = Library::open(dir.path()).unwrap();
    assert_eq!(lib.entries().len(), 21);
    assert_eq!(lib.report().reread, 2);
    assert!(lib.report().index_written);

    // a file removed behind our back drops out
    std::fs::remove_file(dir.path().join("zz-new.ron")).unwrap();
    let lib = Library::open(dir.path()).unwrap();
    assert_eq!(lib.entries().len(), 20);
    assert!(lib.report().index_written);

    // the index gone, or damaged: rebuilt from the files
    std::fs::remove_file(dir.path().join(INDEX_FILE)).unwrap();
    let lib = Library::open(dir.path()).unwrap();
    assert_eq!(lib.report().reread, 20);
    std::fs::write(dir.path().join(INDEX_FILE), "{\"version\": 1, \"entr").unwrap();
    let again = Library::open(dir.path()).unwrap();
    assert_eq!(again.report().reread, 20);
    assert_eq!(again.entries(), lib.entries());
}

#[test]
fn a_damaged_file_is_listed_with_its_reason_and_hides_nothing() {
    let dir = tempfile::tempdir().unwrap();
    write_games(dir.path(), 3, 5).unwrap();
    std::fs::write(
        dir.path().join("broken.ron"),
        "(format_version: 1, variant: Majo",
    )
    .unwrap();
    std::fs::write(dir.path().join("illegal.ron"), "E5 E5\n").unwrap();
    let lib = Library::open(dir.path()).unwrap();
    assert_eq!(lib.entries().len(), 5);
    let broken = lib
        .entries()
        .iter()
        .find(|e| e.file == "broken.ron")
        .unwrap();
    let reason = broken.game.as_ref().unwrap_err();
    assert!(reason.contains("line 1"), "{reason}");
    let illegal = lib
        .entries()
        .iter()
        .find(|e| e.file == "illegal.ron")
        .unwrap();
    assert!(
        illegal.game.as_ref().unwrap_err().contains("move 2"),
        "{illegal:?}"
    );
    assert_eq!(
        lib.entries()
            .iter()
            .filter(|e| e.summary().is_some())
            .count(),
        3
    );
    // listed by the filter of damaged files, kept out of the statistics
    let f = Filter {
        result: Some(ResultFilter::Damaged),
        ..Filter::default()
    };
    assert_eq!(
        f.apply(lib.entries(), &Prepared::new(lib.entries())).len(),
        2
    );
    let games: u32 = Stats::of(lib.entries())
        .players
        .iter()
        .map(|p| p.record.games)
        .sum();
    assert!(games <= 6);
    // the index keeps the reason too
    let lib2 = Library::open(dir.path()).unwrap();
    assert_eq!(lib2.report().reread, 0);
    assert_eq!(lib2.entries(), lib.entries());
}

#[test]
fn the_same_game_imported_twice_is_kept_once() {
    let src = tempfile::tempdir().unwrap();
    let names = write_games(src.path(), 4, 9).unwrap();
    // a copy of one under another name, and a move list of another
    std::fs::copy(src.path().join(&names[0]), src.path().join("copy.ron")).unwrap();
    std::fs::write(src.path().join("notes.txt"), "not a game at all").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut lib = Library::open(dir.path()).unwrap();
    let out = lib.import(&[src.path().to_path_buf()]);
    let added = out
        .iter()
        .filter(|(_, w)| matches!(w, Imported::Added(_)))
        .count();
    let dups = out
        .iter()
        .filter(|(_, w)| matches!(w, Imported::Duplicate(_)))
        .count();
    let refused = out
        .iter()
        .filter(|(_, w)| matches!(w, Imported::Refused(_)))
        .count();
    assert_eq!((added, dups, refused), (4, 1, 1), "{out:?}");
    // again: all known
    let out = lib.import(&[src.path().join(&names[2])]);
    assert!(matches!(out[0].1, Imported::Duplicate(_)), "{out:?}");
    assert_eq!(Library::open(dir.path()).unwrap().entries().len(), 4);
    // the files are ordinary save files
    for e in lib.entries() {
        let text = std::fs::read_to_string(dir.path().join(&e.file)).unwrap();
        assert!(text.starts_with("// Scribe Desk saved game"));
    }
}

#[test]
fn a_game_in_progress_and_then_finished_is_one_game() {
    let dir = tempfile::tempdir().unwrap();
    let mut lib = Library::open(dir.path()).unwrap();
    let full = game(
        PlayerInfo::human("Ann"),
        computer(Level::Hard),
        Variant::Majority,
        3,
        1,
    );
    let mut part = full.clone();
    part.game = scribe_rules::Game::from_moves(full.game.moves()[..20].iter().copied()).unwrap();
    part.finished = None;
    let f1 = lib.add(&part).unwrap();
    assert_eq!(lib.entries()[0].summary().unwrap().state, State::InProgress);
    let f2 = lib.add(&full).unwrap();
    assert_eq!(f1, f2);
    assert_eq!(lib.entries().len(), 1);
    assert_eq!(lib.entries()[0].summary().unwrap().state, State::Finished);
}

#[test]
fn different_games_with_the_same_players_and_start_are_different_games() {
    // 200 different games, 20 a day at the same minute, between the same
    // two players: the names alike, the moves not
    let src = tempfile::tempdir().unwrap();
    let mut records = Vec::new();
    for seed in 0..200u64 {
        let r = game(
            PlayerInfo::human("Ann"),
            computer(Level::Hard),
            Variant::Majority,
            seed,
            i64::try_from(seed % 10).unwrap(),
        );
        std::fs::write(src.path().join(format!("g{seed:03}.ron")), r.to_ron()).unwrap();
        records.push(r);
    }
    assert_eq!(file_name(&records[0]), file_name(&records[10]));
    let dir = tempfile::tempdir().unwrap();
    let mut lib = Library::open(dir.path()).unwrap();
    let out = lib.import(&[src.path().to_path_buf()]);
    let added = out
        .iter()
        .filter(|(_, w)| matches!(w, Imported::Added(_)))
        .count();
    assert_eq!(added, 200, "{:?}", &out[..3]);
    // each file holds its own game, and a second import finds every one
    let lib = Library::open(dir.path()).unwrap();
    assert_eq!(lib.entries().len(), 200);
    let mut lib = lib;
    let again = lib.import(&[src.path().to_path_buf()]);
    assert!(
        again
            .iter()
            .all(|(_, w)| matches!(w, Imported::Duplicate(_)))
    );
    for r in &records {
        let e = lib.find(game_key(r)).expect("each game is kept");
        assert_eq!(lib.load(&e.file).unwrap().game.moves(), r.game.moves());
    }
    // kept by the app one after the other: two files too, and a game kept
    // again with more moves stays in its own file
    let dir = tempfile::tempdir().unwrap();
    let mut lib = Library::open(dir.path()).unwrap();
    let mut part = records[10].clone();
    part.game = scribe_rules::Game::from_moves(part.game.moves()[..9].iter().copied()).unwrap();
    part.finished = None;
    let a = lib.add(&records[0]).unwrap();
    let b = lib.add(&part).unwrap();
    let c = lib.add(&records[10]).unwrap();
    assert_ne!(a, b);
    assert_eq!(b, c);
    assert_eq!(lib.entries().len(), 2);
}

#[test]
fn the_computer_is_listed_by_its_level_and_names_match_without_accents() {
    let dir = tempfile::tempdir().unwrap();
    let mut lib = Library::open(dir.path()).unwrap();
    // the app saved the computer as "O"; a demo as "X" and "O"
    let mut o = computer(Level::Expert);
    o.name = "O".into();
    lib.add(&game(PlayerInfo::human("Zoë"), o, Variant::Majority, 1, 1))
        .unwrap();
    let mut x = computer(Level::Beginner);
    x.name = "X".into();
    let mut o = computer(Level::Easy);
    o.name = "O".into();
    lib.add(&game(x, o, Variant::Majority, 2, 2)).unwrap();
    // a server's computer player, fetched with the game
    let online = game(
        PlayerInfo::human("Zoë"),
        PlayerInfo::human("computer-beginner"),
        Variant::Majority,
        3,
        3,
    );
    lib.add_online("https://club.example", "g1", &online)
        .unwrap();
    let names: Vec<String> = lib
        .entries()
        .iter()
        .map(|e| {
            let s = e.summary().unwrap();
            format!("{} vs {}", s.players.x.name, s.players.o.name)
        })
        .collect();
    assert!(
        names.contains(&"Zoë vs Computer (Expert)".to_string()),
        "{names:?}"
    );
    assert!(
        names.contains(&"Computer (Beginner) vs Computer (Easy)".to_string()),
        "{names:?}"
    );
    assert!(
        names.contains(&"Zoë vs Computer (Beginner)".to_string()),
        "{names:?}"
    );
    let e = lib.entries();
    let p = Prepared::new(e);
    let count = |text: &str| {
        Filter {
            text: text.into(),
            ..Filter::default()
        }
        .apply(e, &p)
        .len()
    };
    assert_eq!(count("computer"), 3);
    assert_eq!(count("zoe"), 2);
    assert_eq!(count("ZOË"), 2);
    // the statistics count the server's Beginner and the app's as one
    let stats = Stats::of(e);
    let zoe = stats.player("Zoë").expect("Zoë's record");
    let beginner: Vec<_> = zoe
        .opponents
        .iter()
        .filter(|o| o.name.to_lowercase().contains("beginner"))
        .collect();
    assert_eq!(beginner.len(), 1, "{:?}", zoe.opponents);
    assert_eq!(beginner[0].name, "Computer (Beginner)");
    assert_eq!(beginner[0].record.games, 1);
}

#[test]
fn online_games_are_kept_once_by_server_and_id() {
    let dir = tempfile::tempdir().unwrap();
    let mut lib = Library::open(dir.path()).unwrap();
    let g = game(
        PlayerInfo::human("Ann"),
        PlayerInfo::human("Bob"),
        Variant::SuperGlyph,
        4,
        2,
    );
    assert!(
        lib.add_online("http://h:7607/", "17", &g)
            .unwrap()
            .is_some()
    );
    assert!(lib.add_online("http://h:7607", "17", &g).unwrap().is_none());
    assert!(lib.has_online("http://h:7607", "17"));
    assert!(!lib.has_online("http://h:7607", "18"));
    let lib = Library::open(dir.path()).unwrap();
    assert_eq!(
        lib.entries()[0].summary().unwrap().opponent,
        Opponent::Online
    );
}

#[test]
fn delete_goes_to_the_trash_and_undo_brings_it_back() {
    let dir = tempfile::tempdir().unwrap();
    let names = write_games(dir.path(), 3, 11).unwrap();
    let mut lib = Library::open(dir.path()).unwrap();
    let t = lib.delete(&names[..2]).unwrap();
    assert_eq!(t.files.len(), 2);
    assert_eq!(lib.entries().len(), 1);
    assert!(dir.path().join(TRASH_DIR).join(&names[0]).exists());
    assert_eq!(Library::open(dir.path()).unwrap().entries().len(), 1);
    lib.undo_delete(&t).unwrap();
    assert_eq!(lib.entries().len(), 3);
    assert_eq!(Library::open(dir.path()).unwrap().entries().len(), 3);
}

#[test]
fn filters_by_name_variant_result_opponent_and_date() {
    let dir = tempfile::tempdir().unwrap();
    let mut lib = Library::open(dir.path()).unwrap();
    let ann = || PlayerInfo::human("Ann");
    lib.add(&game(
        ann(),
        PlayerInfo::human("Zoë"),
        Variant::Majority,
        1,
        1,
    ))
    .unwrap();
    lib.add(&game(
        ann(),
        computer(Level::Hard),
        Variant::SuperGlyph,
        2,
        10,
    ))
    .unwrap();
    lib.add(&game(
        computer(Level::Easy),
        ann(),
        Variant::Majority,
        3,
        100,
    ))
    .unwrap();
    let e = lib.entries();
    let p = Prepared::new(e);
    let count = |f: Filter| f.apply(e, &p).len();
    assert_eq!(count(Filter::default()), 3);
    assert_eq!(
        count(Filter {
            text: "zOË".into(),
            ..Filter::default()
        }),
        1
    );
    assert_eq!(
        count(Filter {
            text: "an".into(),
            ..Filter::default()
        }),
        3
    );
    assert_eq!(
        count(Filter {
            variant: Some(Variant::Majority),
            ..Filter::default()
        }),
        2
    );
    assert_eq!(
        count(Filter {
            opponent: Some(OpponentFilter::Computer(None)),
            ..Filter::default()
        }),
        2
    );
    assert_eq!(
        count(Filter {
            opponent: Some(OpponentFilter::Computer(Some(Level::Hard))),
            ..Filter::default()
        }),
        1
    );
    assert_eq!(
        count(Filter {
            opponent: Some(OpponentFilter::Person),
            ..Filter::default()
        }),
        1
    );
    let from = (now() - chrono::Duration::days(20)).date_naive();
    assert_eq!(
        count(Filter {
            from: Some(from),
            ..Filter::default()
        }),
        2
    );
    assert_eq!(
        count(Filter {
            to: Some(from),
            ..Filter::default()
        }),
        1
    );
    // won + lost + drawn by Ann = all three finished games
    let by = |r| {
        count(Filter {
            result: Some(r),
            me: Some("ann".into()),
            ..Filter::default()
        })
    };
    assert_eq!(
        by(ResultFilter::Won) + by(ResultFilter::Lost) + by(ResultFilter::Drawn),
        3
    );
    assert_eq!(by(ResultFilter::InProgress), 0);
    // sorting by moves and by date
    let mut rows: Vec<usize> = (0..3).collect();
    sort(e, &mut rows, Column::Date, true);
    let dates: Vec<_> = rows
        .iter()
        .map(|&i| e[i].summary().unwrap().date())
        .collect();
    assert!(dates.windows(2).all(|w| w[0] <= w[1]), "{dates:?}");
    sort(e, &mut rows, Column::Date, false);
    let dates2: Vec<_> = rows
        .iter()
        .map(|&i| e[i].summary().unwrap().date())
        .collect();
    assert!(dates2.windows(2).all(|w| w[0] >= w[1]));
}

#[test]
fn stats_json_gives_every_player_by_variant_and_opponent() {
    let dir = tempfile::tempdir().unwrap();
    let mut lib = Library::open(dir.path()).unwrap();
    for seed in 0..4 {
        lib.add(&game(
            PlayerInfo::human("Ann"),
            PlayerInfo::human("Bob"),
            Variant::ALL[usize::try_from(seed % 2).unwrap()],
            seed,
            i64::try_from(seed).unwrap(),
        ))
        .unwrap();
    }
    lib.add(&game(
        PlayerInfo::human("Ann"),
        computer(Level::Hard),
        Variant::Majority,
        9,
        9,
    ))
    .unwrap();
    let json = Stats::of(lib.entries()).to_json();
    let players = json["players"].as_array().unwrap();
    let ann = players.iter().find(|p| p["name"] == "Ann").unwrap();
    assert_eq!(ann["games"], 5);
    let (w, l) = (
        ann["wins"].as_u64().unwrap(),
        ann["losses"].as_u64().unwrap(),
    );
    assert!(w + l <= 5);
    assert_eq!(ann["variants"]["Majority"]["games"], 3);
    assert_eq!(ann["variants"]["Super Glyph"]["games"], 2);
    let opps = ann["opponents"].as_array().unwrap();
    assert_eq!(opps[0]["name"], "Bob");
    assert_eq!(opps[0]["games"], 4);
    assert_eq!(opps[1]["name"], "Computer (Hard)");
    for o in opps {
        for k in ["name", "games", "wins", "losses"] {
            assert!(o.get(k).is_some(), "{o}");
        }
    }
    // Bob's wins are Ann's losses against him
    let bob = players.iter().find(|p| p["name"] == "Bob").unwrap();
    assert_eq!(bob["wins"], opps[0]["losses"]);
    // the computer is nobody's player
    assert!(players.iter().all(|p| p["name"] != "Computer"));
}

#[test]
fn winning_five_of_the_last_six_against_a_level_suggests_the_next() {
    let dir = tempfile::tempdir().unwrap();
    let mut lib = Library::open(dir.path()).unwrap();
    // find games Ann wins and loses against Hard
    let (mut wins, mut losses) = (Vec::new(), Vec::new());
    for seed in 0..200 {
        let g = game(
            PlayerInfo::human("Ann"),
            computer(Level::Hard),
            Variant::Majority,
            seed,
            0,
        );
        match g.winner() {
            Some(scribe_rules::Player::X) if wins.len() < 6 => wins.push(g),
            Some(scribe_rules::Player::O) if losses.len() < 2 => losses.push(g),
            _ => {}
        }
    }
    for (i, g) in wins.iter_mut().take(4).enumerate() {
        g.started = Some(now() - chrono::Duration::days(i64::try_from(i).unwrap() + 1));
        g.finished = g.started;
        lib.add(g).unwrap();
    }
    losses[0].started = Some(now() - chrono::Duration::days(5));
    losses[0].finished = losses[0].started;
    lib.add(&losses[0]).unwrap();
    assert_eq!(stats::suggestion(lib.entries(), "Ann"), None);
    wins[4].started = Some(now() - chrono::Duration::days(6));
    wins[4].finished = wins[4].started;
    lib.add(&wins[4]).unwrap();
    assert_eq!(
        stats::suggestion(lib.entries(), "ann").as_deref(),
        Some("You have won 5 of your last 6 against Hard: try Expert.")
    );
}

#[test]
fn generated_games_are_readable_and_varied() {
    let mut rng = Rng::new(7);
    let games: Vec<_> = (0..50).map(|_| random_game(&mut rng, now())).collect();
    for g in &games {
        let back = GameRecord::from_text(&g.to_ron()).unwrap();
        assert_eq!(back.game.moves(), g.game.moves());
    }
    assert!(games.iter().any(|g| !g.is_over()));
    assert!(games.iter().any(|g| g.ended.is_some()));
}

/// The desktop's trash and back. Run by hand with a throw-away trash:
/// `XDG_DATA_HOME=$(mktemp -d) cargo test -p scribe-library -- --ignored`
/// (it refuses to run on the real one).
#[test]
#[ignore = "uses the desktop's trash: run with XDG_DATA_HOME set to a throw-away folder"]
fn delete_to_the_desktop_trash_and_undo() {
    let Some(data) = std::env::var_os("XDG_DATA_HOME") else {
        panic!("set XDG_DATA_HOME to a throw-away folder");
    };
    let dir = std::path::Path::new(&data)
        .join("scribe-desk")
        .join("library");
    let names = write_games(&dir, 3, 21).unwrap();
    let mut lib = Library::open(&dir).unwrap().with_system_trash(true);
    let t = lib.delete(&names[..2]).unwrap();
    assert!(t.system, "{t:?}");
    assert_eq!(lib.entries().len(), 1);
    assert!(!dir.join(TRASH_DIR).exists());
    assert!(
        std::path::Path::new(&data)
            .join("Trash/files")
            .join(&names[0])
            .exists()
    );
    lib.undo_delete(&t).unwrap();
    assert_eq!(lib.entries().len(), 3);
    assert!(dir.join(&names[0]).exists());
}
