//! More games → Scribbly Gum, driven headlessly by accessible labels: the
//! mother moth turns the same tiles as `scribe gum tiles --seed N`, seven a
//! round for three rounds; achievements go gold then silver; the score
//! helper adds up and breaks a tie as the seed says; a solo game is played
//! by clicks and keys to its score and the seed's chart.

mod common;
use common::{app, press, scribe, stdout};
use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use scribe::ui::ScribeApp;

type H = Harness<'static, ScribeApp>;

fn open_gum() -> H {
    let mut h = app();
    press(&mut h, "More games");
    press(&mut h, "Scribbly Gum…");
    assert_eq!(h.state().front_name(), Some("Scribbly Gum"));
    h
}

/// Types `text` into the field labelled `label`, replacing what it held.
fn fill(h: &mut H, label: &str, text: &str) {
    h.get_by_label(label).click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::A);
    h.get_by_label(label).type_text(text);
    h.run();
}

fn key(h: &mut H, k: Key) {
    h.key_press(k);
    h.run();
}

/// The text of a node: a label's value, any other node's label.
fn text(n: &egui_kittest::kittest::AccessKitNode<'_>) -> Option<String> {
    if n.role() == egui::accesskit::Role::Label {
        n.value()
    } else {
        n.label()
    }
}

/// The texts of every node that satisfy `f`.
fn labels(h: &H, f: impl Fn(&str) -> bool) -> Vec<String> {
    h.query_all(egui_kittest::kittest::by().predicate(|_| true))
        .filter_map(|n| text(&n.accesskit_node()))
        .filter(|l| f(l))
        .collect()
}

/// Clicks the first button whose label starts with `prefix`.
fn press_starting(h: &mut H, prefix: &str) {
    let prefix = prefix.to_string();
    h.query_all(egui_kittest::kittest::by().predicate(move |n| {
        n.role() == egui::accesskit::Role::Button
            && n.label().is_some_and(|l| l.starts_with(&prefix))
    }))
    .next()
    .expect("a button")
    .click();
    h.run();
}

#[test]
fn scribbly_gum_opens_from_more_games_and_the_game_waits() {
    let mut h = app();
    common::press(&mut h, "New game…");
    press(&mut h, "Start");
    press(&mut h, "More games");
    press(&mut h, "Scribbly Gum…");
    h.get_by_label("Mother moth (players on paper)");
    h.get_by_label("Score helper");
    h.get_by_label("Solo on screen");
    // the credits, on screen
    h.get_by_label(scribe::gum::CREDIT);
    press(&mut h, "Rules of Scribbly Gum");
    h.get_by_label("Scribbly Gum: the rules");
    h.get_by_label("A turn");
    assert!(!labels(&h, |l| l.starts_with("Choose any filled circle")).is_empty());
    press(&mut h, "Back to my game");
    assert_eq!(h.state().front_name(), None);
}

#[test]
fn the_mother_moth_turns_the_cli_deal_seven_tiles_a_round_for_three_rounds() {
    let cli = stdout(&scribe(&["gum", "tiles", "--seed", "42"]));
    let rounds: Vec<Vec<String>> = cli
        .lines()
        .map(|l| {
            let (_, tiles) = l.split_once(": ").expect("Round N: …");
            tiles.split(", ").map(str::to_string).collect()
        })
        .collect();
    assert_eq!(rounds.len(), 3);
    let mut h = open_gum();
    fill(&mut h, "Deal number", "42");
    press(&mut h, "Start");
    h.get_by_label("Round 1: no tile turned over yet");
    for (r, tiles) in rounds.iter().enumerate() {
        assert_eq!(tiles.len(), 7);
        for (t, name) in tiles.iter().enumerate() {
            // by the button, by Space and by Enter in turn
            match t % 3 {
                0 => press(&mut h, "Next tile"),
                1 => key(&mut h, Key::Space),
                _ => key(&mut h, Key::Enter),
            }
            h.get_by_label(&format!("Tile {} of 7: {name}", t + 1));
            // the round's tiles stay in view, the rest face down
            for (k, earlier) in tiles.iter().enumerate().take(t + 1) {
                h.get_by_label(&format!("Round {}, tile {} of 7: {earlier}", r + 1, k + 1));
            }
            for k in t + 1..7 {
                h.get_by_label(&format!(
                    "Round {}, tile {} of 7: not turned over yet",
                    r + 1,
                    k + 1
                ));
            }
        }
    }
    h.get_by_label("Round 3 of 3 is over: write your meals, then add up");
    assert!(h.query_by_label("Next tile").is_none());
    key(&mut h, Key::Space);
    assert!(h.state().status().contains("All three rounds are over"));
}

#[test]
fn achievements_go_gold_then_silver_and_reach_the_score_helper() {
    let mut h = open_gum();
    press(&mut h, "advanced");
    press(&mut h, "1");
    fill(&mut h, "Player 1", "Ann");
    fill(&mut h, "Player 2", "Ben");
    press(&mut h, "Add a player");
    fill(&mut h, "Player 3", "Cy");
    fill(&mut h, "Deal number", "5");
    press(&mut h, "Start");
    let tile = scribe::gum::Achievements::random_tiles(1, &mut scribe::ai::Rng::new(5 ^ 0xAC4E))[0];
    let (gold, silver) = tile.points();
    let title = tile.title();
    h.get_by_label(&format!("A {title}: gold, {gold} points"));
    press(&mut h, "Next tile");
    // two players score it on the same turn: both gold
    press(&mut h, "Ann scored A");
    press(&mut h, "Ben scored A");
    h.get_by_label(&format!("Ann scored {gold}"));
    h.get_by_label(&format!("Ben scored {gold}"));
    h.get_by_label(&format!(
        "A {title}: gold, {gold} points (silver from the next turn)"
    ));
    key(&mut h, Key::Space);
    h.get_by_label(&format!("A {title}: silver, {silver} points"));
    press(&mut h, "Cy scored A");
    h.get_by_label(&format!("Cy scored {silver}"));
    press(&mut h, "Score this game…");
    h.get_by_label("Ann, round 1 meals");
    fill(&mut h, "Ann, round 1 meals", "3");
    h.get_by_label(&format!("{}  wins", 3 + gold));
}

#[test]
fn the_score_helper_adds_up_and_breaks_a_tie_by_column_bonus() {
    let mut h = open_gum();
    press(&mut h, "Score helper");
    fill(&mut h, "Player 1's name", "Ann");
    fill(&mut h, "Player 2's name", "Ben");
    for (r, m) in ["4", "8", "12"].iter().enumerate() {
        fill(&mut h, &format!("Ann, round {} meals", r + 1), m);
    }
    for (r, m) in ["3", "6", "9"].iter().enumerate() {
        fill(&mut h, &format!("Ben, round {} meals", r + 1), m);
    }
    h.get_by_label("24  wins");
    h.get_by_label("18");
    fill(&mut h, "Ben, full columns", "2");
    h.get_by_label("Ann and Ben tie on 24 points; Ben wins with the most column bonus points (6).");
    assert_eq!(labels(&h, |l| l == "24  wins").len(), 1);
    // still tied: they win together
    fill(&mut h, "Ben, full columns", "0");
    fill(&mut h, "Ann, achievement A", "0");
    fill(&mut h, "Ben, achievement A", "6");
    h.get_by_label(
        "Ann and Ben tie on 24 points with 0 column bonus points each: they win together.",
    );
    assert_eq!(labels(&h, |l| l == "24  wins").len(), 2);
    press(&mut h, "Add a player");
    h.get_by_label("Player 3, round 1 meals");
}

/// The circles a line can reach now.
fn targets(h: &H) -> Vec<String> {
    labels(h, |l| {
        l.starts_with("Circle at ") && l.ends_with("a line can reach it now")
    })
}

fn filled(h: &H) -> usize {
    labels(h, |l| {
        l.starts_with("Circle at ") && l.ends_with(", filled")
    })
    .len()
}

fn number_after(h: &H, prefix: &str) -> u32 {
    let l = labels(h, |l| l.starts_with(prefix));
    l.first()
        .and_then(|l| l[prefix.len()..].trim().parse().ok())
        .unwrap_or_else(|| panic!("no {prefix} number in {l:?}"))
}

#[test]
fn solo_on_screen_by_clicks_and_keys_to_the_chart() {
    let mut h = open_gum();
    press(&mut h, "Solo on screen");
    fill(&mut h, "Deal number", "42");
    press(&mut h, "Start solo game");
    assert_eq!(filled(&h), 4, "the four starting circles");
    assert!(targets(&h).is_empty());
    // a round starts with a flip
    press_starting(&mut h, "Flip A ");
    let deal = scribe::gum::deal_game(42);
    let mut turns = 0;
    let mut by_keys = false;
    for _ in 0..200 {
        if !labels(&h, |l| l.starts_with("The game is over: ")).is_empty() {
            break;
        }
        if h.query_by_label("Nut (N)").is_some() {
            if by_keys {
                key(&mut h, Key::L);
            } else {
                press(&mut h, "Blossom (B)");
            }
            continue;
        }
        let t = targets(&h);
        if !t.is_empty() {
            let before = filled(&h);
            if by_keys {
                key(&mut h, Key::ArrowRight);
                key(&mut h, Key::Enter);
            } else {
                press(&mut h, &t[0]);
            }
            if h.query_by_label("Nut (N)").is_none() {
                assert_eq!(filled(&h), before + 1, "a line drawn fills one circle");
            }
            by_keys = !by_keys;
            continue;
        }
        if !labels(&h, |l| l.starts_with("Flip ") || l.starts_with("Remove ")).is_empty() {
            let flip = labels(&h, |l| l.starts_with("Flip ")).is_empty();
            press_starting(&mut h, if flip { "Remove " } else { "Flip " });
            continue;
        }
        key(&mut h, Key::Space);
        turns += 1;
        let (r, t) = ((turns - 1) / 7, (turns - 1) % 7);
        h.get_by_label(&format!(
            "Tile {} of 7: {}",
            t + 1,
            deal[r].revealed[t].name()
        ));
    }
    assert_eq!(turns, 21);
    let meals: u32 = (1..=3)
        .map(|r| number_after(&h, &format!("Round {r} meals:")))
        .sum();
    let bonus = number_after(&h, "Column bonus:");
    let ach = number_after(&h, "Achievements:");
    let score = number_after(&h, "Final score:");
    assert_eq!(score, meals + bonus + ach);
    assert!(score > 0);
    let rating = scribe::gum::solo_rating(score);
    assert!(!labels(&h, |l| l.ends_with(rating)).is_empty());
    let tracker = labels(&h, |l| l.starts_with("Meal tracker: "));
    assert_eq!(tracker.len(), 1, "{tracker:?}");
    assert!(
        filled(&h) > 4 + 15,
        "most turns drew a line: {}",
        filled(&h)
    );
}

#[test]
fn solo_lines_of_the_turn_can_be_taken_back() {
    let mut h = open_gum();
    press(&mut h, "Solo on screen");
    fill(&mut h, "Deal number", "42");
    press(&mut h, "Start solo game");
    press_starting(&mut h, "Flip B ");
    while targets(&h).is_empty() {
        key(&mut h, Key::Space);
    }
    let first = targets(&h)[0].clone();
    press(&mut h, &first);
    if h.query_by_label("Leaf (L)").is_some() {
        press(&mut h, "Leaf (L)");
    }
    assert_eq!(filled(&h), 5);
    press(&mut h, "Undo");
    assert_eq!(filled(&h), 4);
    h.key_press_modifiers(egui::Modifiers::COMMAND | egui::Modifiers::SHIFT, Key::Z);
    h.run();
    assert_eq!(filled(&h), 5);
    // once the next tile is turned, the lines before it stay
    while !targets(&h).is_empty() {
        key(&mut h, Key::Enter);
        if h.query_by_label("Leaf (L)").is_some() {
            press(&mut h, "Leaf (L)");
        }
    }
    key(&mut h, Key::Space);
    let n = filled(&h);
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(filled(&h), n);
    assert!(h.state().status().contains("Nothing to undo"));
}

#[test]
fn the_mother_moth_for_a_solo_player_on_paper_asks_for_a_flip_each_round() {
    let mut h = open_gum();
    press(&mut h, "solo");
    fill(&mut h, "Player 1", "Me");
    fill(&mut h, "Deal number", "9");
    press(&mut h, "Start");
    // no tile until an achievement is flipped
    key(&mut h, Key::Space);
    h.get_by_label("Round 1: no tile turned over yet");
    assert!(h.state().status().contains("Before round 1"));
    press_starting(&mut h, "Flip A ");
    assert!(!labels(&h, |l| l.starts_with("A ") && l.contains(": silver, ")).is_empty());
    for _ in 0..7 {
        key(&mut h, Key::Space);
    }
    h.get_by_label("Round 1 of 3 is over: write your meals");
    key(&mut h, Key::Space);
    assert!(h.state().status().contains("Before round 2"));
    // silver A leaves the game when chosen again
    press_starting(&mut h, "Remove A ");
    assert!(!labels(&h, |l| l.starts_with("A ") && l.contains("out of the game")).is_empty());
    key(&mut h, Key::Space);
    h.get_by_label(&format!(
        "Tile 1 of 7: {}",
        scribe::gum::deal_game(9)[1].revealed[0].name()
    ));
}

/// F1 (Help → Rules) in front of Scribbly Gum opens its rules, not Scribe's.
#[test]
fn f1_opens_the_rules_of_scribbly_gum_at_its_table() {
    let mut h = open_gum();
    key(&mut h, Key::F1);
    h.get_by_label("Scribbly Gum: the rules");
    assert!(h.query_by_label("Rules of Scribe").is_none());
    assert_eq!(h.state().front_name(), Some("Scribbly Gum"));
}
