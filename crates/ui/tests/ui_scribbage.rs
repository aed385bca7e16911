//! More games → Scribbage, driven headlessly by accessible labels: the
//! table is set up, the cubes rolled with a fixed seed (the first roll is
//! `Roll::seeded(1)`: NRECMRWATRP??), letters placed by keys and by clicks,
//! the live checks seen, the turn scored by the crate's own scorer, the
//! solver's best shown, the score sheet kept, the game ended at its target.

mod common;
use common::press;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use scribe_scribbage::{Roll, Solution, SolverConfig, WordList, score, solve};
use scribe_ui::ScribeApp;
use std::sync::OnceLock;

fn app() -> Harness<'static, ScribeApp> {
    let mut h = Harness::builder()
        .with_size([1366.0, 768.0])
        .with_max_steps(32)
        .build_eframe(|cc| ScribeApp::new(cc).with_roll_seed(0));
    h.run();
    h
}

fn roll(n: u64) -> Roll {
    Roll::seeded(n)
}

/// The solver's answer for the first roll (the app finds the same one).
fn best() -> &'static Solution {
    static BEST: OnceLock<Solution> = OnceLock::new();
    BEST.get_or_init(|| solve(&roll(1), WordList::builtin(), &SolverConfig::default()))
}

/// Steps until the worker threads are done (the solver).
fn settle(h: &mut Harness<'_, ScribeApp>) {
    for _ in 0..6000 {
        h.step();
        if !h.state().busy() {
            h.run();
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("the solver never finished");
}

fn open(h: &mut Harness<'_, ScribeApp>) {
    press(h, "More games");
    press(h, "Scribbage…");
    h.get_by_label("Who plays");
}

fn name_player(h: &mut Harness<'_, ScribeApp>, n: usize, name: &str) {
    let label = format!("Name of player {n}");
    h.get_by_role_and_label(Role::TextInput, &label).click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, &label)
        .type_text(name);
    h.run();
}

fn cell(r: usize, c: usize, what: &str) -> String {
    format!("Row {r}, column {c}, {what}")
}

/// Types `text` at a square (from 1), the grid having the keyboard.
fn type_at(h: &mut Harness<'_, ScribeApp>, r: usize, c: usize, text: &str) {
    let prefix = format!("Row {r}, column {c}, ");
    h.get_by(move |n| {
        n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with(&prefix))
    })
    .focus();
    h.run();
    h.get_by_label("Crossword grid").type_text(text);
    h.run();
}

/// Places a crossword square by square, by keys, from (row0, col0).
fn type_crossword(h: &mut Harness<'_, ScribeApp>, text: &str, row0: usize, col0: usize) {
    let (_, cw) = scribe_scribbage::parse_file(text).unwrap();
    for (r, c, t) in cw.tiles() {
        let keys = if t.joker {
            format!("?{}", t.letter)
        } else {
            t.letter.to_string()
        };
        type_at(h, row0 + r, col0 + c, &keys);
    }
}

fn start_two_players(h: &mut Harness<'_, ScribeApp>) {
    open(h);
    name_player(h, 1, "Ann");
    name_player(h, 2, "Bob");
    press(h, "Start the game");
    h.get_by_label("Ann's turn");
    h.get_by_label("Pass the laptop to Ann.");
    press(h, "Roll the cubes");
}

#[test]
fn more_games_opens_the_table_and_the_game_waits() {
    let mut h = app();
    h.get_by_label("Hint");
    open(&mut h);
    h.get_by_label("Scribbage © E. S. Lowe 1963");
    assert_eq!(h.state().window_title(), "Scribbage - Scribe Desk");
    // the Scribe board's tools are not shown over the Scribbage table
    for tool in ["Square:", "Play", "Hint"] {
        assert!(
            h.query_by_label(tool).is_none(),
            "{tool} shown at the table"
        );
    }
    press(&mut h, "Rules of Scribbage");
    h.get_by_label("Cube 13: ? G D S B L");
    h.get_by_label("Q, 10 points");
    press(&mut h, "Close the rules");
    assert!(h.query_by_label("Q, 10 points").is_none());
    // F1 (Help → Rules) at the table: Scribbage's rules, not Scribe's
    h.key_press(egui::Key::F1);
    h.run();
    h.get_by_label("Q, 10 points");
    press(&mut h, "Close the rules");
    press(&mut h, "Back to my game");
    assert!(h.query_by_label("Who plays").is_none());
    h.get_by_label("Hint");
    assert_eq!(h.state().window_title(), "Scribe Desk");
}

#[test]
fn a_turn_by_keys_and_clicks_with_live_checks_and_the_scorers_lines() {
    let mut h = app();
    start_two_players(&mut h);
    // the cubes, as cubes with names; the calm clock
    for (i, f) in roll(1).faces().iter().enumerate() {
        let words = if f.value() == 0 {
            "joker, any letter, 0 points".to_string()
        } else {
            format!(
                "{f}, {} point{}",
                f.value(),
                if f.value() == 1 { "" } else { "s" }
            )
        };
        h.get_by_label(&format!("Cube {}, {words}", i + 1));
    }
    h.get_by_label("3:00 left");
    // by keys: a run that is not a word is flagged
    type_at(&mut h, 7, 4, "CRANW");
    h.get_by_label(&cell(7, 8, "W, not a word"));
    h.get_by_label("Not a word: CRANW (across from row 7, column 4)");
    h.get_by_label("Score now: none yet");
    // fixed by a key
    type_at(&mut h, 7, 8, "E");
    h.get_by_label(&cell(7, 8, "E"));
    h.get_by_label("Score now: -6");
    // by clicks: the P far away is not connected
    press(&mut h, "Cube 11, P, 3 points");
    h.get_by_label("Cube 11, P, 3 points, picked");
    press(&mut h, &cell(12, 12, "empty"));
    h.get_by_label(&cell(12, 12, "P, not connected"));
    h.get_by_label("Not connected: P at row 12, column 12");
    // a right click takes it back; M by a click, T by a key
    h.get_by_label(&cell(12, 12, "P, not connected"))
        .click_secondary();
    h.run();
    h.get_by_label(&cell(12, 12, "empty"));
    press(&mut h, "Cube 5, M, 3 points");
    press(&mut h, &cell(6, 6, "empty"));
    type_at(&mut h, 8, 6, "T");
    h.get_by_label("Every run is a word and every cube is joined.");
    h.get_by_label("Score now: 3");
    // Done: the seed's layout, line for line the scorer's
    press(&mut h, "Done: take my score");
    let (_, cw) = scribe_scribbage::parse_file("..M..\nCRANE\n..T..\n").unwrap();
    let expected = score(&cw, Some(&roll(1)), WordList::builtin()).unwrap();
    assert_eq!(expected.total(), 3);
    for line in expected.lines().iter().filter(|l| !l.is_empty()) {
        let shown = h.query_all_by_label(line).count();
        let want = expected.lines().iter().filter(|l| *l == line).count();
        assert_eq!(shown, want, "{line:?}");
    }
    h.get_by_label(&format!("{:<22}{:>5} points", "TOTAL SCORE", 3));
    h.get_by_label("Ann scores 3");
    // the solver's best for the roll, off the UI thread
    settle(&mut h);
    h.get_by_label(&format!("The best we found: {}", best().scoring.total()));
    h.get_by_label(&format!(
        "The best crossword found:\n{}",
        best().crossword.to_text()
    ));
    // the sheet, and the laptop passes to Bob
    h.get_by_label("Ann: 3");
    h.get_by_label("turns: 3");
    press(&mut h, "Next turn: pass the laptop to Bob");
    h.get_by_label("Bob's turn");
    press(&mut h, "Roll the cubes");
    press(&mut h, "Done: take my score");
    let bob = -i64::from(roll(2).value());
    h.get_by_label(&format!("Bob: {bob}"));
    h.get_by_label("Ann: 3");
    settle(&mut h);
}

#[test]
fn the_game_ends_at_its_target_and_names_the_winner() {
    let mut h = app();
    open(&mut h);
    name_player(&mut h, 1, "Ann");
    h.get_by_role_and_label(Role::SpinButton, "Target")
        .set_value_accesskit(20.0);
    h.run();
    press(&mut h, "Start the game");
    press(&mut h, "Roll the cubes");
    // Ann lays the solver's own crossword by keys and scores what it scores
    type_crossword(&mut h, &best().crossword.to_text(), 2, 2);
    let total = best().scoring.total();
    assert!(
        total >= 20,
        "the best of roll 1 reaches the target: {total}"
    );
    h.get_by_label(&format!("Score now: {total}"));
    press(&mut h, "Done: take my score");
    settle(&mut h);
    assert!(
        h.query_by_label_contains("wins with").is_none(),
        "Player 2 still has a turn in the round"
    );
    press(&mut h, "Next turn: pass the laptop to Player 2");
    press(&mut h, "Roll the cubes");
    press(&mut h, "Done: take my score");
    settle(&mut h);
    h.get_by_label(&format!("Ann wins with {total}!"));
    press(&mut h, "Set up a new game");
    h.get_by_label("Who plays");
}

#[test]
fn solitaire_is_one_throw() {
    let mut h = app();
    open(&mut h);
    press(&mut h, "Solitaire");
    press(&mut h, "Untimed");
    press(&mut h, "Start the game");
    assert!(h.query_by_label_contains("Pass the laptop").is_none());
    press(&mut h, "Roll the cubes");
    h.get_by_label("Untimed");
    type_at(&mut h, 7, 4, "CRANE");
    press(&mut h, "Done: take my score");
    settle(&mut h);
    let (_, cw) = scribe_scribbage::parse_file("CRANE\n").unwrap();
    let total = score(&cw, Some(&roll(1)), WordList::builtin())
        .unwrap()
        .total();
    h.get_by_label(&format!("Game over: Player 1 scores {total}."));
    h.get_by_label(&format!("Player 1: {total}"));
    // the table is kept while the player looks at their Scribe game
    press(&mut h, "Back to my game");
    assert!(h.query_by_label(&format!("Player 1: {total}")).is_none());
    press(&mut h, "More games");
    press(&mut h, "Scribbage…");
    h.get_by_label(&format!("Game over: Player 1 scores {total}."));
    h.get_by_label(&format!("Player 1: {total}"));
}

#[test]
fn the_score_is_taken_the_moment_the_timer_runs_out() {
    // half a second a frame (still short enough for a click): the one-minute
    // timer runs out in about 120 frames
    let mut h = Harness::builder()
        .with_size([1366.0, 768.0])
        .with_max_steps(32)
        .with_step_dt(0.5)
        .build_eframe(|cc| ScribeApp::new(cc).with_roll_seed(0));
    h.run();
    open(&mut h);
    press(&mut h, "Solitaire");
    press(&mut h, "1 min");
    press(&mut h, "Start the game");
    press(&mut h, "Roll the cubes");
    // the clock
    assert!(
        ["1:00 left", "0:59 left"]
            .iter()
            .any(|t| h.query_by_label(t).is_some())
    );
    type_at(&mut h, 7, 4, "CRANE");
    assert!(h.query_by_label_contains("Time is up").is_none());
    h.run_steps(130);
    let (_, cw) = scribe_scribbage::parse_file("CRANE\n").unwrap();
    let total = score(&cw, Some(&roll(1)), WordList::builtin())
        .unwrap()
        .total();
    h.get_by_label(&format!("Time is up. Player 1 scores {total}"));
    settle(&mut h);
}

/// Drags the node labelled `from` onto the one labelled `to`, by the pointer.
fn drag(h: &mut Harness<'_, ScribeApp>, from: &str, to: &str) {
    let a = h.get_by_label(from).rect().center();
    let b = h.get_by_label(to).rect().center();
    drag_between(h, a, b);
}

/// Presses at `a`, moves to `b` in steps and releases there.
fn drag_between(h: &mut Harness<'_, ScribeApp>, a: egui::Pos2, b: egui::Pos2) {
    h.hover_at(a);
    h.run();
    h.drag_at(a);
    h.run();
    for k in 1..=4 {
        h.hover_at(a + (b - a) * (k as f32 / 4.0));
        h.run();
    }
    // released over the square (kittest's drop_at also takes the pointer
    // away in the same frame, before the square could see the drop)
    h.event(egui::Event::PointerButton {
        pos: b,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    h.run();
    h.remove_cursor();
    h.run();
}

#[test]
fn cubes_are_dragged_onto_squares_and_from_square_to_square() {
    let mut h = app();
    start_two_players(&mut h);
    // the first roll is NRECMRWATRP??: cube 1 is N
    drag(&mut h, "Cube 1, N, 1 point", &cell(7, 4, "empty"));
    h.get_by_label_contains(&cell(7, 4, "N"));
    h.get_by_label("Cube 1, N, 1 point, on the grid");
    // a cube on the grid moves by a drag too
    let placed = h.get_by_label_contains(&cell(7, 4, "N")).rect().center();
    let to = h.get_by_label(&cell(8, 6, "empty")).rect().center();
    drag_between(&mut h, placed, to);
    h.get_by_label_contains(&cell(8, 6, "N"));
    h.get_by_label(&cell(7, 4, "empty"));
    // and back to the tray, dropped on it
    let placed = h.get_by_label_contains(&cell(8, 6, "N")).rect().center();
    let tray = h
        .get_by_label("Cube 13, joker, any letter, 0 points")
        .rect()
        .center();
    drag_between(&mut h, placed, tray);
    h.get_by_label(&cell(8, 6, "empty"));
    h.get_by_label("Cube 1, N, 1 point");
    // a plain click still picks a cube, and a click on a square puts it there
    press(&mut h, "Cube 3, E, 1 point");
    h.get_by_label("Cube 3, E, 1 point, picked");
    h.get_by_label(&cell(9, 9, "empty")).click();
    h.run();
    h.get_by_label_contains(&cell(9, 9, "E"));
}
