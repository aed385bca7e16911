//! Help → Learn to play, driven headlessly by accessible labels: a learner
//! completes every step by clicks and, separately, by keys; the course is
//! offered once at the first start; leaving and coming back resumes.

mod common;
use common::{app, press};
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use scribe_ui::ScribeApp;

/// What a learner does at each step, worked out by hand from the boards.
enum Do {
    /// Choose this square on the board.
    Square(&'static str),
    /// Choose this answer, the `n`th of the buttons.
    Answer(&'static str, usize),
    /// Nothing to do: the last step.
    Read,
}

const COURSE: [(&str, Do); 10] = [
    ("Marks and turns", Do::Square("E5")),
    ("Where you play next", Do::Square("C7")),
    ("When that mini grid is full", Do::Square("E5")),
    ("Slashes", Do::Square("D7")),
    ("Glyphs", Do::Square("D4")),
    ("Only whole groups count", Do::Answer("1 point", 1)),
    ("Winning a mini grid", Do::Answer("+ by 2", 1)),
    ("Majority", Do::Answer("+ wins, 5 mini grids to 4", 0)),
    ("Super Glyph", Do::Answer("O by 4", 3)),
    ("Ready to play", Do::Read),
];

fn heading(h: &Harness<'_, ScribeApp>, n: usize, title: &str) {
    h.get_by_label(&format!("Learn to play, step {n} of 10: {title}"));
}

/// A board square by its coordinates (its accessible name starts with them).
fn click_square(h: &mut Harness<'_, ScribeApp>, name: &str) {
    let prefix = format!("{name}, ");
    h.get_by(move |n| {
        n.role() == egui::accesskit::Role::Button
            && n.label().is_some_and(|l| l.starts_with(&prefix))
    })
    .click();
    h.run();
}

/// The square under the board's keyboard cursor, when the board has the
/// keyboard (a screen reader hears the cursor's square as the focus).
fn cursor(h: &Harness<'_, ScribeApp>) -> Option<String> {
    h.query_all(egui_kittest::kittest::by().predicate(|n| n.is_focused()))
        .filter_map(|n| n.accesskit_node().label())
        .find_map(|l| {
            let (sq, _) = l.split_once(", ")?;
            (sq.len() == 2).then(|| sq.to_string())
        })
}

fn key(h: &mut Harness<'_, ScribeApp>, k: Key) {
    h.key_press(k);
    h.run();
}

fn open_from_help(h: &mut Harness<'_, ScribeApp>) {
    press(h, "Help");
    press(h, "Learn to play");
}

fn app_in(dir: &std::path::Path) -> Harness<'static, ScribeApp> {
    let dir = dir.to_path_buf();
    let mut h = Harness::builder()
        .with_size([1366.0, 768.0])
        .with_max_steps(32)
        .build_eframe(move |cc| ScribeApp::with_data_dir(cc, dir));
    h.run();
    h
}

fn game_moves(h: &Harness<'_, ScribeApp>) -> usize {
    h.state().record().game.moves().len()
}

#[test]
fn the_course_is_reachable_from_help_and_the_game_waits() {
    let mut h = app();
    click_square(&mut h, "D6");
    assert_eq!(h.state().course_step(), None);
    open_from_help(&mut h);
    assert_eq!(h.state().course_step(), Some(0));
    heading(&h, 1, "Marks and turns");
    h.get_by_label("Steps");
    // the course has no Undo of the game behind it
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(
        game_moves(&h),
        1,
        "Ctrl+Z in the course leaves the game alone"
    );
    // a mode without undo shows none (the game's Undo is not offered)
    assert!(h.query_by_label("Undo").is_none());
    click_square(&mut h, "E5");
    assert_eq!(game_moves(&h), 1, "the course's moves are not the game's");
    press(&mut h, "Back to my game");
    assert_eq!(h.state().course_step(), None);
    assert_eq!(game_moves(&h), 1);
}

#[test]
fn a_learner_completes_every_step_by_clicks() {
    let mut h = app();
    open_from_help(&mut h);
    for (i, (title, task)) in COURSE.iter().enumerate() {
        heading(&h, i + 1, title);
        assert_eq!(h.state().course_step(), Some(i));
        match task {
            Do::Square(sq) => {
                if *title == "Where you play next" {
                    // a legal square that routes elsewhere is a wrong try
                    click_square(&mut h, "B8");
                    assert!(
                        h.state().status().starts_with("B8 is allowed, but"),
                        "{}",
                        h.state().status()
                    );
                    assert!(h.query_by_label("Next step").is_none());
                    h.get_by_label("Skip this step");
                }
                click_square(&mut h, sq);
            }
            Do::Answer(answer, _) => press(&mut h, answer),
            Do::Read => {}
        }
        if i + 1 < COURSE.len() {
            assert!(
                h.state().status().starts_with("Right")
                    || h.state().status().starts_with("You marked"),
                "step {}: {}",
                i + 1,
                h.state().status()
            );
            press(&mut h, "Next step");
        }
    }
    press(&mut h, "Start a new game");
    assert_eq!(h.state().course_step(), None);
    h.get_by_label("Start");
}

#[test]
fn a_learner_completes_every_step_by_keys() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut h = app_in(dir.path());
    // the first start's offer has the keyboard: Enter takes the course
    assert!(h.state().offering_course());
    key(&mut h, Key::Enter);
    assert_eq!(h.state().course_step(), Some(0));
    for (i, (title, task)) in COURSE.iter().enumerate() {
        heading(&h, i + 1, title);
        match task {
            Do::Square(sq) => {
                assert!(
                    cursor(&h).is_some(),
                    "step {}: the board has the keyboard",
                    i + 1
                );
                // to A1, then along the columns and down the rows
                for _ in 0..8 {
                    key(&mut h, Key::ArrowUp);
                    key(&mut h, Key::ArrowLeft);
                }
                let b = sq.as_bytes();
                for _ in 0..(b[0] - b'A') {
                    key(&mut h, Key::ArrowRight);
                }
                for _ in 0..(b[1] - b'1') {
                    key(&mut h, Key::ArrowDown);
                }
                assert_eq!(cursor(&h).as_deref(), Some(*sq));
                key(&mut h, Key::Enter);
            }
            Do::Answer(answer, n) => {
                for _ in 0..*n {
                    key(&mut h, Key::Tab);
                }
                assert!(h.get_by_label(answer).is_focused(), "{answer}");
                key(&mut h, Key::Enter);
            }
            Do::Read => {}
        }
        if i + 1 < COURSE.len() {
            assert!(
                h.get_by_label("Next step").is_focused(),
                "step {}: {}",
                i + 1,
                h.state().status()
            );
            key(&mut h, Key::Enter);
        }
    }
    assert!(h.get_by_label("Start a new game").is_focused());
    key(&mut h, Key::Enter);
    assert_eq!(h.state().course_step(), None);
}

#[test]
fn the_course_is_offered_at_the_first_start_only_once() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut h = app_in(dir.path());
    assert!(h.state().offering_course());
    h.get_by_label("New to Scribe?");
    press(&mut h, "Not now");
    assert!(!h.state().offering_course());
    assert!(h.query_by_label("New to Scribe?").is_none());
    assert!(h.state().flush(std::time::Duration::from_secs(10)));
    drop(h);
    let h = app_in(dir.path());
    assert!(!h.state().offering_course(), "offered once only");
    assert!(h.query_by_label("New to Scribe?").is_none());
    // nor without a data folder (tests, screenshots)
    assert!(!app().state().offering_course());
}

#[test]
fn a_learner_who_leaves_comes_back_to_the_same_step() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut h = app_in(dir.path());
    press(&mut h, "Learn to play");
    click_square(&mut h, "E5");
    press(&mut h, "Next step");
    click_square(&mut h, "C7");
    press(&mut h, "Next step");
    heading(&h, 3, "When that mini grid is full");
    press(&mut h, "Back to my game");
    assert_eq!(h.state().course_step(), None);
    assert!(h.state().flush(std::time::Duration::from_secs(10)));
    drop(h);
    let mut h = app_in(dir.path());
    open_from_help(&mut h);
    assert_eq!(h.state().course_step(), Some(2));
    heading(&h, 3, "When that mini grid is full");
    // the steps on the right go anywhere
    press(&mut h, "9. Super Glyph");
    heading(&h, 9, "Super Glyph");
    press(&mut h, "Previous step");
    heading(&h, 8, "Majority");
}

/// Issue 43's Confusing 4 and 9: after step 2's right answer the routing
/// map is whole in sight and the text no longer speaks of the mark before
/// it (D6); step 6's answer buttons stay where they were when the feedback
/// appears.
#[test]
fn after_an_answer_the_map_is_whole_and_the_buttons_stay() {
    let mut h = app();
    open_from_help(&mut h);
    h.get_all_by_label("2. Where you play next")
        .next()
        .unwrap()
        .click();
    h.run();
    heading(&h, 2, "Where you play next");
    click_square(&mut h, "C7");
    h.run_steps(3);
    let task = h
        .get_by_label("Mark the square that sends you to the upper-right mini grid next.")
        .rect();
    let map = h
        .query_all_by_label_contains("Map: a mark in the")
        .next()
        .expect("the routing map")
        .rect();
    assert!(
        map.bottom() <= task.top(),
        "the map's bottom row is cut: {map:?} under {task:?}"
    );
    assert!(
        h.query_all_by_label_contains("Your last mark, D6")
            .next()
            .is_none(),
        "the text still speaks of D6"
    );
    assert!(has_text(&h, "Right: C7"), "the right answer is said");

    h.get_all_by_label("6. Only whole groups count")
        .next()
        .unwrap()
        .click();
    h.run_steps(2);
    let before = answer_rects(&h);
    press(&mut h, "2 points");
    h.run_steps(3);
    let after = answer_rects(&h);
    assert_eq!(
        before, after,
        "the answers moved when the feedback appeared"
    );
    press(&mut h, "1 point");
    h.run_steps(3);
    let right = answer_rects(&h);
    assert_eq!(before, right, "the answers moved after the right answer");
}

/// Where step 6's six answer buttons ("0 points" … "5 points") are.
fn answer_rects(h: &Harness<'_, ScribeApp>) -> Vec<egui::Rect> {
    (0..6)
        .map(|n| {
            let label = if n == 1 {
                "1 point".to_string()
            } else {
                format!("{n} points")
            };
            h.get_by_label(&label).rect()
        })
        .collect()
}

fn has_text(h: &Harness<'_, ScribeApp>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}
