//! Scribbly Gum: the rules from the seed's own text on a small test tree,
//! property tests of whole simulated games (the command line and the sheets:
//! tests/gum_cli.rs at the workspace's root).

use gum::{
    Achievement, Achievements, Allowed, Circle, Final, Food, Movement, Sheet, Strategy, Tracker,
    Tree, play_game, solo_rating, winners,
};
use proptest::prelude::*;
use scribe_gum as gum;

/// A small tree: the moth in the middle with its four starting circles.
///
/// ```text
///    col 0  1  2  3  4
/// row 0  .. .. L2 .. ..
/// row 1  .. B1-()-N3 ..      B1 also dotted down to the left start
/// row 2  .. () MM ()-B2
/// row 3  .. .. ()~W? ..      a dotted line from the bottom start
/// row 4  .. .. N1 .. ..
/// ```
const ART: &str = "
.. .. L2 .. ..
      |
.. B1-()-N3 ..
   :
.. () MM ()-B2

.. .. ()~W? ..
      |
.. .. N1 .. ..
";

/// Arrows at nut rows 1 and 2 and blossom row 1; meals = row number.
fn test_tracker() -> Tracker {
    let mut arrows = [[false; 15]; 3];
    arrows[0][0] = true;
    arrows[0][1] = true;
    arrows[2][0] = true;
    let mut meals = [0; 15];
    for (i, m) in meals.iter_mut().enumerate() {
        *m = i as u32 + 1;
    }
    Tracker {
        arrows,
        meals,
        column_bonus: 3,
    }
}

fn tree() -> Tree {
    Tree::parse("Test", ART, test_tracker()).expect("the test tree parses")
}

fn at(t: &Tree, col: i32, row: i32) -> usize {
    t.node_at(col, row).unwrap()
}

/// The circles a tile lets a fresh sheet reach.
fn reach(t: &Tree, s: &Sheet, m: Movement) -> Vec<(u8, u8)> {
    let mut v: Vec<(u8, u8)> = s
        .options(t, Allowed::Tile(m))
        .iter()
        .map(|o| (t.nodes[o.to].col, t.nodes[o.to].row))
        .collect();
    v.sort_unstable();
    v
}

#[test]
fn every_movement_tile_draws_its_way_from_a_filled_circle() {
    let t = tree();
    let s = Sheet::new(&t);
    assert_eq!(reach(&t, &s, Movement::Left), [(1, 1)]);
    assert_eq!(reach(&t, &s, Movement::Right), [(3, 1), (4, 2)]);
    assert_eq!(reach(&t, &s, Movement::Up), [(2, 0)]);
    assert_eq!(reach(&t, &s, Movement::Down), [(2, 4)]);
    assert_eq!(reach(&t, &s, Movement::LeftRight), [(1, 1), (3, 1), (4, 2)]);
    assert_eq!(reach(&t, &s, Movement::UpDown), [(2, 0), (2, 4)]);
    // the dotted tile: only along dotted lines (B1 from the left start, W? from the bottom one)
    assert_eq!(reach(&t, &s, Movement::Dotted), [(1, 1), (3, 3)]);
}

#[test]
fn dotted_lines_only_with_the_dotted_tile_and_never_as_an_extra_move() {
    let t = tree();
    let s = Sheet::new(&t);
    // UP from the left start would follow the dotted line to B1: not allowed
    let left_start = at(&t, 1, 2);
    assert!(
        s.options(&t, Allowed::Tile(Movement::Up))
            .iter()
            .all(|o| o.from != left_start)
    );
    assert!(
        s.options(&t, Allowed::Extra)
            .iter()
            .all(|o| !t.lines[o.line].dotted)
    );
}

#[test]
fn a_filled_circle_cannot_be_reached_again_and_a_wild_circle_needs_a_choice() {
    let t = tree();
    let mut s = Sheet::new(&t);
    assert!(s.begin_turn(&t, Movement::Dotted));
    let to_wild = s
        .options(&t, Allowed::Tile(Movement::Dotted))
        .into_iter()
        .find(|o| t.nodes[o.to].circle == Circle::Wild)
        .unwrap();
    assert_eq!(s.draw(&t, to_wild, None), Err(gum::DrawError::NeedsChoice));
    s.draw(&t, to_wild, Some(Food::Leaf)).unwrap();
    assert_eq!(s.tracker(), [0, 1, 0]);
    assert!(s.now().is_none(), "no extra move: the turn is over");
    assert!(s.begin_turn(&t, Movement::Dotted));
    assert_eq!(
        reach(&t, &s, Movement::Dotted),
        [(1, 1)],
        "the wild circle is filled"
    );
    // a line the tile does not allow
    let up = Sheet::new(&t).options(&t, Allowed::Tile(Movement::Up))[0];
    assert!(matches!(
        s.draw(&t, up, None),
        Err(gum::DrawError::NotAllowed(_))
    ));
}

#[test]
fn extra_moves_follow_in_a_chain() {
    let t = tree();
    let mut s = Sheet::new(&t);
    assert!(s.begin_turn(&t, Movement::Right));
    // N3: three nuts; nut rows 1 and 2 have arrows: two extra moves
    let n3 = s
        .options(&t, Allowed::Tile(Movement::Right))
        .into_iter()
        .find(|o| t.nodes[o.to].circle == Circle::Food(Food::Nut, 3))
        .unwrap();
    assert_eq!(s.draw(&t, n3, None), Ok(2));
    assert_eq!(s.now(), Some(Allowed::Extra));
    assert_eq!(s.extra_pending(), 1);
    // the first extra move: B2 (blossom row 1 has arrows: one more)
    let b2 = s
        .options(&t, Allowed::Extra)
        .into_iter()
        .find(|o| t.nodes[o.to].circle == Circle::Food(Food::Blossom, 2))
        .unwrap();
    assert_eq!(s.draw(&t, b2, None), Ok(1));
    assert_eq!((s.now(), s.extra_pending()), (Some(Allowed::Extra), 1));
    assert_eq!(s.extra_this_turn, 3);
    assert!(Achievement::Chain.met(&t, &s));
    let o = s.options(&t, Allowed::Extra)[0];
    s.draw(&t, o, None).unwrap();
    let o = s.options(&t, Allowed::Extra)[0];
    s.draw(&t, o, None).unwrap();
    assert_eq!(s.now(), None);
    assert_eq!(s.extra_moves, 3);
}

#[test]
fn no_legal_line_means_nothing_that_turn() {
    let t = tree();
    let mut s = Sheet::new(&t);
    assert!(s.begin_turn(&t, Movement::Up));
    let o = s.options(&t, Allowed::Tile(Movement::Up))[0];
    s.draw(&t, o, None).unwrap();
    assert!(!s.begin_turn(&t, Movement::Up), "L2 is the only circle up");
    assert_eq!((s.now(), s.stuck_turns), (None, 1));
}

#[test]
fn meals_come_from_the_lowest_complete_row_and_full_columns_score_a_bonus() {
    let t = gum::tree("ironbark").unwrap();
    let mut s = Sheet::new(&t);
    assert_eq!(s.meals(&t), 0);
    // fill the tracker through simulated play until nut, leaf and blossom differ
    let out = play_game(&t, &[Strategy::Greedy], &[], 3);
    let end = &out.sheets[0];
    let lowest = u32::from(*end.tracker().iter().min().unwrap());
    assert_eq!(end.meals(&t), lowest, "the number next to row n is n");
    let full = end.tracker().iter().filter(|&&x| x == 15).count() as u32;
    assert_eq!(end.column_bonus(&t), 3 * full);
    assert_eq!(
        out.finals[0].score,
        end.round_meals.iter().sum::<u32>() + 3 * full
    );
    s.end_round(&t);
    assert_eq!(s.round_meals, [0]);
}

#[test]
fn ties_go_to_the_most_column_bonus_then_are_shared() {
    let f = |score, column_bonus| Final {
        score,
        column_bonus,
    };
    assert_eq!(winners(&[f(30, 0), f(31, 0)]), [1]);
    assert_eq!(winners(&[f(30, 3), f(30, 6), f(29, 9)]), [1]);
    assert_eq!(winners(&[f(30, 3), f(30, 3), f(12, 0)]), [0, 1]);
}

#[test]
fn achievements_gold_for_the_first_silver_after_and_solo_flips() {
    let t = tree();
    let mut sheets = vec![Sheet::new(&t), Sheet::new(&t)];
    let mut a = Achievements::new(vec![Achievement::Canopy, Achievement::Roots], 2);
    assert!(a.check(&t, &sheets).is_empty());
    // both reach the top row on the same turn: both score gold
    for s in &mut sheets {
        s.begin_turn(&t, Movement::Up);
        let o = s.options(&t, Allowed::Tile(Movement::Up))[0];
        s.draw(&t, o, None).unwrap();
    }
    assert_eq!(a.check(&t, &sheets), [(0, 0, 6), (1, 0, 6)]);
    assert_eq!(a.sides[0], gum::Side::Silver);
    // one reaches the bottom first: gold; the other later: silver
    for (p, s) in sheets.iter_mut().enumerate().take(1) {
        s.begin_turn(&t, Movement::Down);
        let o = s.options(&t, Allowed::Tile(Movement::Down))[0];
        s.draw(&t, o, None).unwrap();
        assert_eq!(p, 0);
    }
    assert_eq!(a.check(&t, &sheets), [(0, 1, 6)]);
    let s = &mut sheets[1];
    s.begin_turn(&t, Movement::Down);
    let o = s.options(&t, Allowed::Tile(Movement::Down))[0];
    s.draw(&t, o, None).unwrap();
    assert_eq!(a.check(&t, &sheets), [(1, 1, 3)]);
    assert_eq!((a.points(0), a.points(1)), (12, 9));
    // solo: gold flips to silver, silver leaves the game
    let mut solo = Achievements::new(vec![Achievement::Trails], 1);
    solo.solo_flip(0).unwrap();
    assert_eq!(solo.worth(0), 2);
    solo.solo_flip(0).unwrap();
    assert_eq!(solo.worth(0), 0);
    assert!(solo.solo_flip(0).is_err());
    assert_eq!(
        solo_rating(19),
        "You're still just a larva, but there is plenty of time to grow."
    );
    assert_eq!(solo_rating(40), "Scribbly Gum champion of the bush!");
}

#[test]
fn the_trees_play_well() {
    for name in gum::TREE_NAMES {
        let t = gum::tree(name).unwrap();
        let r = gum::balance(&t, Strategy::Random, &[], 200, 1);
        let g = gum::balance(&t, Strategy::Greedy, &[], 200, 1);
        assert!(
            g.mean > r.mean + 3.0,
            "{name}: greedy {} vs random {}",
            g.mean,
            r.mean
        );
        assert!((15.0..40.0).contains(&g.mean), "{name}: {}", g.mean);
        assert!(
            g.stuck_share < 0.06 && r.stuck_share < 0.06,
            "{name}: no legal line too often"
        );
        assert!(g.sd > 1.0, "{name}: scores should spread");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn random_games_keep_every_invariant(seed in any::<u64>(), players in 1usize..4, paper in any::<bool>()) {
        let t = gum::tree(if paper { "paperbark" } else { "ironbark" }).unwrap();
        let strategies: Vec<Strategy> = (0..players).map(|i| if (seed >> i) & 1 == 0 { Strategy::Random } else { Strategy::Greedy }).collect();
        let tiles = [Achievement::Canopy, Achievement::Edges, Achievement::Feast];
        let out = play_game(&t, &strategies, &tiles, seed);
        for (p, s) in out.sheets.iter().enumerate() {
            prop_assert!(s.tracker().iter().all(|&x| x <= 15));
            let filled = (0..t.nodes.len()).filter(|&n| s.is_filled(n)).count();
            let drawn = (0..t.lines.len()).filter(|&l| s.is_drawn(l)).count();
            prop_assert_eq!(filled, 4 + drawn, "each line fills exactly one new circle");
            for (l, line) in t.lines.iter().enumerate() {
                if s.is_drawn(l) {
                    prop_assert!(s.is_filled(line.a) && s.is_filled(line.b));
                }
            }
            prop_assert_eq!(s.round_meals.len(), 3);
            prop_assert!(s.round_meals.windows(2).all(|w| w[0] <= w[1]), "meals never go down");
            prop_assert!(out.finals[p].score >= s.base_score(&t));
            prop_assert!(s.stuck_turns <= 21);
        }
        prop_assert!(!out.winners.is_empty());
    }
}
