//! The review widgets, driven headlessly through egui_kittest by label.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use scribe_ai::Rng;
use scribe_ai::review::{GameReview, MoveClass, ReviewConfig, review_game};
use scribe_rules::{Position, Square, Variant};
use scribe_ui::MarkStyle;
use scribe_ui::review::{WinGraph, annotation, better_move};
use std::cell::Cell;
use std::rc::Rc;
use std::sync::atomic::AtomicBool;

fn reviewed_game() -> GameReview {
    let mut rng = Rng::new(21);
    let mut pos = Position::new();
    let mut moves: Vec<Square> = Vec::new();
    while !pos.is_over() {
        let legal: Vec<Square> = pos.legal_moves().iter().collect();
        let sq = legal[rng.below(legal.len() as u32) as usize];
        pos.play(sq).unwrap();
        moves.push(sq);
    }
    let stop = AtomicBool::new(false);
    review_game(
        &moves,
        Variant::Majority,
        &ReviewConfig::quick(),
        1,
        &mut |_, _| {},
        &stop,
    )
    .unwrap()
}

#[test]
fn clicking_a_point_of_the_graph_selects_its_move() {
    let review = reviewed_game();
    let clicked: Rc<Cell<Option<usize>>> = Rc::new(Cell::new(None));
    let seen = Rc::clone(&clicked);
    let shown = review.clone();
    let mut harness = Harness::new_ui(move |ui| {
        let r = WinGraph {
            review: &shown,
            selected: seen.get(),
            style: MarkStyle::PlusO,
            height: 180.0,
        }
        .show(ui);
        if let Some(k) = r.clicked {
            seen.set(Some(k));
        }
    });
    harness.run();
    harness.get_by_label("Win chance graph");
    let m = &review.moves[16];
    let label = format!(
        "Move 17: {} {}{},",
        MarkStyle::PlusO.symbol(m.player),
        m.played,
        m.class.suffix()
    );
    harness.get_by_label_contains(&label).click();
    harness.run();
    assert_eq!(clicked.get(), Some(17));
    harness.get_by_label_contains("Move 81:").click();
    harness.run();
    assert_eq!(clicked.get(), Some(81));
}

#[test]
fn annotations_follow_the_classes() {
    let review = reviewed_game();
    for m in &review.moves {
        let mark = annotation(&review, m.number);
        match m.class {
            MoveClass::Best | MoveClass::Good => assert_eq!(mark, ""),
            MoveClass::Inaccuracy => assert_eq!(mark, "?!"),
            MoveClass::Mistake => assert_eq!(mark, "?"),
            MoveClass::Blunder => assert_eq!(mark, "??"),
        }
        if let Some(b) = better_move(&review, m.number) {
            assert!(m.class >= MoveClass::Inaccuracy && b != m.played);
        }
    }
    assert_eq!(annotation(&review, 0), "");
    assert_eq!(annotation(&review, 82), "");
}

#[test]
fn the_graph_says_which_way_is_whose() {
    let review = reviewed_game();
    for style in [MarkStyle::PlusO, MarkStyle::XO] {
        let shown = review.clone();
        let mut harness = Harness::new_ui(move |ui| {
            WinGraph {
                review: &shown,
                selected: None,
                style,
                height: 180.0,
            }
            .show(ui);
        });
        harness.run();
        // a legend in words under the graph: the line is the first player's
        // chance, high where they are ahead, low where the second player is
        let x = style.symbol(scribe_rules::Player::X);
        for words in [
            format!("The line: {x}'s chance to win after each move"),
            format!("high, {x} ahead"),
            "low, O ahead".to_string(),
        ] {
            harness.get_by_label_contains(&words);
        }
    }
}
