//! Game review: where the exact solver knows the truth, the review must
//! agree with it; the JSON has one entry per move with legal best squares;
//! reviews are reproducible and can be cancelled; save files keep them.

#[path = "common/mod.rs"]
mod common;
use common::random_game;
use common::{brute_force_wins, move_wins};

use proptest::prelude::*;
use scribe_ai::review::{MoveClass, ReviewConfig, ReviewError, review_game};
use scribe_record::{GameRecord, Review, ReviewMismatch, review_json};
use scribe_rules::{Game, Square, Variant};
use std::sync::atomic::AtomicBool;

/// Plays the first legal square until the board is full.
fn finish(mut moves: Vec<Square>) -> Vec<Square> {
    let mut pos = *Game::from_moves(moves.iter().copied()).unwrap().position();
    while let Some(sq) = pos.legal_moves().iter().next() {
        pos.play(sq).unwrap();
        moves.push(sq);
    }
    moves
}

/// Endgames with `empties` empty squares where the player to move has both a
/// winning and a losing move: (moves so far, a winning square, a losing square).
fn endgames_with_a_choice(
    variant: Variant,
    empties: usize,
    wanted: usize,
) -> Vec<(Vec<Square>, Square, Square)> {
    let mut found = Vec::new();
    for seed in 0..5_000u64 {
        let (pos, moves) = random_game(seed * 13 + 5, 81 - empties);
        if pos.is_over() {
            continue;
        }
        let (wins, loses): (Vec<Square>, Vec<Square>) = pos
            .legal_moves()
            .iter()
            .partition(|&sq| move_wins(&pos, sq, variant));
        if let (Some(&w), Some(&l)) = (wins.first(), loses.first()) {
            found.push((moves, w, l));
            if found.len() == wanted {
                break;
            }
        }
    }
    found
}

/// A setting whose solver proves every position with at most 12 empty squares.
fn solving() -> ReviewConfig {
    ReviewConfig {
        iterations: 200,
        solver_empties: 12,
        solver_nodes: 5_000_000,
        ..ReviewConfig::quick()
    }
}

fn review(
    moves: &[Square],
    variant: Variant,
    config: &ReviewConfig,
) -> scribe_ai::review::GameReview {
    let stop = AtomicBool::new(false);
    review_game(moves, variant, config, 7, &mut |_, _| {}, &stop).unwrap()
}

#[test]
fn a_planted_losing_move_is_a_blunder_with_a_winning_best() {
    for variant in Variant::ALL {
        let cases = endgames_with_a_choice(variant, 8, 4);
        assert!(cases.len() >= 3, "{variant}: only {} endgames", cases.len());
        for (moves, _, losing) in cases {
            let pos = *Game::from_moves(moves.iter().copied()).unwrap().position();
            let k = moves.len();
            let mut game = moves.clone();
            game.push(losing);
            let game = finish(game);
            let r = review(&game, variant, &solving());
            let m = &r.moves[k];
            assert_eq!(m.played, losing);
            assert_eq!(
                m.class,
                MoveClass::Blunder,
                "{variant} move {}: {m:?}",
                k + 1
            );
            assert_eq!((m.proven_before, m.proven_after), (Some(true), Some(false)));
            assert_eq!((m.win_before, m.win_after), (1.0, 0.0));
            assert!(
                move_wins(&pos, m.best, variant),
                "{variant}: best {} does not win",
                m.best
            );
        }
    }
}

#[test]
fn a_move_that_keeps_a_proven_win_is_never_a_mistake() {
    for variant in Variant::ALL {
        for (moves, winning, _) in endgames_with_a_choice(variant, 8, 4) {
            let k = moves.len();
            let mut game = moves.clone();
            game.push(winning);
            let game = finish(game);
            let r = review(&game, variant, &solving());
            assert_eq!(r.moves[k].class, MoveClass::Best, "{:?}", r.moves[k]);
            // and everywhere in the proven part of the game
            for m in &r.moves {
                if m.proven_before == Some(true) && m.proven_after == Some(true) {
                    assert!(m.class < MoveClass::Inaccuracy, "{m:?}");
                }
                if m.proven_before.is_some() && m.proven_after.is_some() {
                    let pos = Game::from_moves(game[..m.number - 1].iter().copied())
                        .unwrap()
                        .position()
                        .to_owned();
                    assert_eq!(m.proven_before, Some(brute_force_wins(&pos, variant)));
                }
            }
        }
    }
}

#[test]
fn the_turning_point_is_the_losers_blunder() {
    let variant = Variant::Majority;
    let (moves, _, losing) = endgames_with_a_choice(variant, 8, 1).remove(0);
    let k = moves.len();
    let mut game = moves;
    game.push(losing);
    // the winner then plays perfectly: the solver's moves
    let game = finish(game);
    let r = review(&game, variant, &solving());
    let mover = r.moves[k].player;
    let pos = *Game::from_moves(game.iter().copied()).unwrap().position();
    if pos.result().winner(variant) != Some(mover) {
        assert_eq!(r.turning_point, Some(k + 1));
    }
    let loser = &r.players[mover];
    assert!(loser.count(MoveClass::Blunder) >= 1);
}

#[test]
fn the_same_seed_gives_the_same_review() {
    let (_, moves) = random_game(4, 81);
    let config = ReviewConfig::quick();
    let stop = AtomicBool::new(false);
    let review = || {
        review_game(
            &moves,
            Variant::SuperGlyph,
            &config,
            3,
            &mut |_, _| {},
            &stop,
        )
        .unwrap()
    };
    assert_eq!(review(), review());
}

#[test]
fn progress_counts_up_and_a_stop_cancels() {
    let (_, moves) = random_game(8, 30);
    let stop = AtomicBool::new(false);
    let mut seen = Vec::new();
    review_game(
        &moves,
        Variant::Majority,
        &ReviewConfig::quick(),
        1,
        &mut |d, t| seen.push((d, t)),
        &stop,
    )
    .unwrap();
    // 30 moves, an unfinished game: positions 0..=30 are evaluated
    assert_eq!(seen.len(), 31);
    assert!(
        seen.iter()
            .enumerate()
            .all(|(i, &(d, t))| d == i + 1 && t == 31)
    );
    let stop = AtomicBool::new(true);
    let r = review_game(
        &moves,
        Variant::Majority,
        &ReviewConfig::quick(),
        1,
        &mut |_, _| {},
        &stop,
    );
    assert_eq!(r, Err(ReviewError::Stopped));
}

#[test]
fn an_illegal_game_is_refused_with_its_move_number() {
    let moves: Vec<Square> = ["E5", "E5"].iter().map(|s| s.parse().unwrap()).collect();
    let stop = AtomicBool::new(false);
    let e = review_game(
        &moves,
        Variant::Majority,
        &ReviewConfig::quick(),
        1,
        &mut |_, _| {},
        &stop,
    )
    .unwrap_err();
    assert!(e.to_string().starts_with("move 2 (E5)"), "{e}");
}

fn record_with_review(seed: u64, n: usize) -> GameRecord {
    let (_, moves) = random_game(seed, n);
    let mut record = GameRecord::from_game(Game::from_moves(moves.iter().copied()).unwrap());
    let config = ReviewConfig::quick();
    let r = review(&moves, record.variant, &config);
    record.review = Some(Box::new(Review::from_engine(&r, &config, 7)));
    record
}

#[test]
fn a_review_survives_the_save_file() {
    let record = record_with_review(12, 81);
    let text = record.to_ron();
    assert!(text.contains("review: Some("), "{text}");
    let back = GameRecord::from_ron(&text).unwrap();
    assert_eq!(back, record);
    let r = back.review_of_game().unwrap().unwrap();
    assert_eq!(r.moves.len(), 81);
    // a save without a review (an older file) loads as before
    let mut plain = record.clone();
    plain.review = None;
    let text = plain.to_ron();
    assert!(!text.contains("review"), "{text}");
    assert_eq!(GameRecord::from_ron(&text).unwrap().review, None);
}

#[test]
fn a_review_of_other_moves_is_reported() {
    let mut record = record_with_review(13, 40);
    let mut game = record.game.clone();
    game.undo();
    record.game = game;
    assert_eq!(
        record.review_of_game(),
        Err(ReviewMismatch::Length {
            review: 40,
            game: 39
        })
    );
    let mut record = record_with_review(13, 40);
    if let Some(r) = &mut record.review {
        r.version = 9;
    }
    let e = record.review_of_game().unwrap_err();
    assert!(e.to_string().contains("version 9"), "{e}");
    let text = record_with_review(13, 40).to_ron().replacen(
        "win_before:",
        "win_before: 7.0, old_win_before:",
        1,
    );
    // A review that cannot be read is dropped with a note; the game is kept (issue 19).
    let read = GameRecord::from_ron(&text).unwrap();
    assert_eq!(read.game.moves().len(), 40);
    assert_eq!(read.review, None);
    let note = read.review_note.unwrap();
    assert!(note.contains("a win chance must be from 0 to 1"), "{note}");
    assert!(note.contains("line "), "{note}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn the_json_has_one_entry_per_move_with_legal_best_squares(
        seed in any::<u64>(),
        n in 1usize..=81,
        super_glyph in any::<bool>(),
    ) {
        let (_, moves) = random_game(seed, n);
        let variant = if super_glyph { Variant::SuperGlyph } else { Variant::Majority };
        let game = Game::from_moves(moves.iter().copied()).unwrap();
        let mut record = GameRecord::from_game(game);
        record.variant = variant;
        let config = ReviewConfig { iterations: 60, ..ReviewConfig::quick() };
        let stop = AtomicBool::new(false);
        let r = review_game(&moves, variant, &config, seed, &mut |_, _| {}, &stop).unwrap();
        let stored = Review::from_engine(&r, &config, seed);
        let r = stored.for_game(&record.game).unwrap();
        let json = serde_json::to_value(review_json(&record, &stored, &r)).unwrap();
        let entries = json["moves"].as_array().unwrap();
        prop_assert_eq!(entries.len(), moves.len());
        for (k, e) in entries.iter().enumerate() {
            prop_assert_eq!(e["number"].as_u64(), Some(k as u64 + 1));
            let square = moves[k].to_string();
            prop_assert_eq!(e["square"].as_str(), Some(square.as_str()));
            let best: Square = e["best"].as_str().unwrap().parse().unwrap();
            prop_assert!(record.game.position_at(k).check(best).is_ok(), "move {}: {}", k + 1, best);
            for key in ["win_before", "win_after"] {
                let p = e[key].as_f64().unwrap();
                prop_assert!((0.0..=1.0).contains(&p));
            }
            let class = e["class"].as_str().unwrap();
            prop_assert!(["best", "good", "inaccuracy", "mistake", "blunder"].contains(&class));
            let player = if k % 2 == 0 { "X" } else { "O" };
            prop_assert_eq!(e["player"].as_str(), Some(player));
        }
        for p in ["X", "O"] {
            let moves_of = json["players"][p]["moves"].as_u64().unwrap();
            prop_assert_eq!(moves_of as usize, if p == "X" { n.div_ceil(2) } else { n / 2 });
        }
    }
}
