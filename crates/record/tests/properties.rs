//! Property tests: random legal games, save round trips, and garbage input.

#[path = "../../ai/tests/common/mod.rs"]
mod common;
use common::play_choices;
use proptest::prelude::*;
use scribe_record::{GameRecord, PlayerInfo, PlayerKind, parse_move_list, score_json};
use scribe_rules::{ByPlayer, Game, GridIndex, Player, Square, Target, Variant};

fn check_invariants_while_playing(choices: &[u8]) -> Result<(), TestCaseError> {
    let mut g = Game::new();
    for (i, &c) in choices.iter().enumerate() {
        let p = *g.position();
        prop_assert_eq!(p.moves_played(), i);
        prop_assert_eq!(p.to_move(), if i % 2 == 0 { Player::X } else { Player::O });
        let legal: Vec<Square> = p.legal_moves().iter().collect();
        prop_assert!(!legal.is_empty(), "no legal move before the board is full");
        // legal moves lie only in the routed mini grid, unless it is full
        match p.last_move(p.to_move()) {
            Some(last) if !p.is_grid_full(last.cell()) => {
                prop_assert_eq!(p.target(), Target::Grid(last.cell()));
                prop_assert!(legal.iter().all(|s| s.grid() == last.cell()));
            }
            _ => prop_assert_eq!(legal.len(), 81 - i),
        }
        // agreement between legal_moves and check, on every square
        for sq in Square::ALL {
            prop_assert_eq!(p.check(sq).is_ok(), legal.contains(&sq));
        }
        let sq = legal[usize::from(c) % legal.len()];
        g.play(sq).unwrap();
        // only each player's latest move is unslashed
        let marked = Square::ALL
            .iter()
            .filter(|&&s| g.position().at(s).is_some())
            .count();
        let unslashed = Square::ALL
            .iter()
            .filter(|&&s| g.position().at(s).is_some() && !g.position().is_slashed(s))
            .count();
        prop_assert_eq!(marked, i + 1);
        prop_assert_eq!(unslashed, (i + 1).min(2));
    }
    let p = *g.position();
    prop_assert!(p.is_over());
    prop_assert!(p.legal_moves().is_empty());
    let (x, o) = Square::ALL.iter().fold((0, 0), |(x, o), &s| match p.at(s) {
        Some(Player::X) => (x + 1, o),
        Some(Player::O) => (x, o + 1),
        None => (x, o),
    });
    prop_assert_eq!((x, o), (41, 40));
    let r = p.result();
    for (g, s) in GridIndex::ALL.iter().zip(&r.grids) {
        prop_assert!(s.winner.is_some(), "full grid {} has a winner", g);
        prop_assert_ne!(s.points.x, s.points.o);
    }
    prop_assert_eq!(r.majority.score.x + r.majority.score.o, 9);
    prop_assert!(r.majority.winner.is_some());
    let sg = r
        .super_glyph
        .expect("a finished game has a super glyph result");
    prop_assert!(sg.winner.is_some());
    prop_assert_ne!(sg.score.x, sg.score.o);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    /// 10,000 random legal games to the end, every invariant checked on every move.
    #[test]
    fn random_games_keep_every_invariant(choices in prop::collection::vec(any::<u8>(), 81)) {
        check_invariants_while_playing(&choices)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn save_then_load_round_trips(
        choices in prop::collection::vec(any::<u8>(), 0..=81),
        name in "\\PC{0,20}",
        super_glyph: bool,
        computer in proptest::option::of(0usize..4),
    ) {
        let mut r = GameRecord::from_game(play_choices(&choices));
        r.variant = if super_glyph { Variant::SuperGlyph } else { Variant::Majority };
        r.players = ByPlayer {
            x: PlayerInfo::human(name),
            o: PlayerInfo {
                name: "O".into(),
                kind: computer.map_or(PlayerKind::Human, |l| PlayerKind::Computer(scribe_ai::Level::ALL[l])),
            },
        };
        let loaded = GameRecord::from_ron(&r.to_ron());
        prop_assert_eq!(loaded.as_ref().ok(), Some(&r), "{:?}", loaded);
    }

    #[test]
    fn undo_redo_round_trips(choices in prop::collection::vec(any::<u8>(), 0..=81), back in 0usize..82) {
        let g = play_choices(&choices);
        let mut h = g.clone();
        let n = back.min(g.moves().len());
        for _ in 0..n { h.undo(); }
        prop_assert_eq!(h.position(), &g.position_at(g.moves().len() - n));
        for _ in 0..n { h.redo(); }
        prop_assert_eq!(h.position(), g.position());
        prop_assert_eq!(h.moves(), g.moves());
    }

    #[test]
    fn json_agrees_with_the_result(choices in prop::collection::vec(any::<u8>(), 0..=81)) {
        let g = play_choices(&choices);
        let v = serde_json::to_value(score_json(g.position())).unwrap();
        let r = g.position().result();
        prop_assert_eq!(v["moves"].as_u64(), Some(g.moves().len() as u64));
        prop_assert_eq!(v["finished"].as_bool(), Some(g.position().is_over()));
        prop_assert_eq!(v["grids"].as_array().map(Vec::len), Some(9));
        prop_assert_eq!(v["majority"]["x"].as_u64(), Some(u64::from(r.majority.score.x)));
        prop_assert_eq!(v["super_glyph"].is_null(), !g.position().is_over());
        for (j, s) in v["grids"].as_array().unwrap().iter().zip(&r.grids) {
            let listed: u64 = ["x", "o"].iter().map(|k| j["glyphs"][*k].as_array().unwrap().len() as u64).sum();
            prop_assert_eq!(j["x"].as_u64(), Some(u64::from(s.points.x)));
            prop_assert_eq!(j["o"].as_u64(), Some(u64::from(s.points.o)));
            prop_assert_eq!(j["winner"].is_null(), s.winner.is_none());
            prop_assert_eq!(listed as usize, s.groups.x.iter().chain(&s.groups.o).filter(|g| g.glyph.is_some()).count());
        }
    }

    /// Random bytes and random text never panic the parsers; bad input is an error.
    #[test]
    fn garbage_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..400), text in "\\PC{0,200}") {
        let lossy = String::from_utf8_lossy(&bytes);
        for input in [lossy.as_ref(), text.as_str()] {
            if let Ok(moves) = parse_move_list(input) {
                // whatever parsed must be real squares written in the input
                prop_assert!(moves.iter().all(|m| input.to_ascii_uppercase().contains(&m.to_string())));
            }
            prop_assert!(GameRecord::from_ron(input).is_err() || input.contains("format_version"));
            let _ = scribe_record::replay(input);
        }
    }

    /// A valid save file with one character changed loads or fails cleanly.
    #[test]
    fn mutated_save_files_never_panic(choices in prop::collection::vec(any::<u8>(), 0..=81), at in any::<usize>(), c in any::<char>()) {
        let text = GameRecord::from_game(play_choices(&choices)).to_ron();
        let mut chars: Vec<char> = text.chars().collect();
        let i = at % chars.len();
        chars[i] = c;
        let mutated: String = chars.into_iter().collect();
        let _ = GameRecord::from_ron(&mutated);
    }
}
