//! The desktop's second pass (issue 30), driven headlessly by accessible
//! labels: each test reproduces one reported problem.

mod common;

/// The workspace's test games (shared with the end-to-end tests).
const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/");
use common::{next_frame, press};
use egui::ViewportId;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::NodeT;
use egui_kittest::kittest::Queryable;
use scribe_ui::ScribeApp;

fn app_at(w: f32, h: f32) -> Harness<'static, ScribeApp> {
    let mut h = Harness::builder()
        .with_size([w, h])
        .with_max_steps(32)
        .build_eframe(|cc| ScribeApp::new(cc).with_roll_seed(0));
    h.run();
    h
}

/// Item 1: the timer runs out while nobody touches the mouse or the keys:
/// the frame that saw 0:00 must ask for the next one, which shows the score
/// (before, the window slept with "Time is up" and "Done: take my score").
#[test]
fn the_clock_wakes_the_window_when_time_is_up() {
    let mut h = Harness::builder()
        .with_size([1366.0, 768.0])
        .with_max_steps(32)
        .with_step_dt(0.5)
        .build_eframe(|cc| ScribeApp::new(cc).with_roll_seed(0));
    h.run();
    press(&mut h, "More games");
    press(&mut h, "Scribbage…");
    press(&mut h, "Solitaire");
    press(&mut h, "1 min");
    press(&mut h, "Start the game");
    press(&mut h, "Roll the cubes");
    // frame by frame, as the window would be woken by its own requests only
    let mut frames = 0;
    while h.query_by_label("Time is up").is_none() {
        assert!(next_frame(&h).is_some(), "the running clock sleeps");
        h.step();
        frames += 1;
        assert!(frames < 400, "the timer never ran out");
    }
    assert!(
        h.query_by_label("Done: take my score").is_some(),
        "the frame that saw 0:00"
    );
    assert!(
        next_frame(&h).is_some_and(|d| d.as_millis() < 100),
        "the window sleeps at 0:00 with Done still offered"
    );
    h.step();
    assert!(h.query_by_label("Done: take my score").is_none());
    assert!(
        h.query_by_label_contains("Time is up. Player 1 scores")
            .is_some()
    );
}

/// Item 2: the settings say the window was maximized; the window manager
/// maps it unmaximized (as openbox does): the app asks for it maximized and
/// does not write `maximized: false` meanwhile.
#[test]
fn a_maximized_window_is_maximized_again_and_the_setting_kept() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("settings.ron"),
        "(window: Some((900.0, 600.0)), maximized: true)",
    )
    .unwrap();
    let path = dir.path().to_path_buf();
    let mut h = Harness::builder()
        .with_size([900.0, 600.0])
        .with_max_steps(32)
        .build_eframe(move |cc| ScribeApp::with_data_dir(cc, path));
    let mut asked = false;
    for _ in 0..4 {
        h.input_mut()
            .viewports
            .entry(ViewportId::ROOT)
            .or_default()
            .maximized = Some(false);
        h.step();
        asked |= h.output().viewport_output[&ViewportId::ROOT]
            .commands
            .contains(&egui::ViewportCommand::Maximized(true));
    }
    assert!(asked, "the window was not asked to maximize");
    assert!(h.state().flush(std::time::Duration::from_secs(5)));
    let kept = std::fs::read_to_string(dir.path().join("settings.ron")).unwrap_or_default();
    assert!(
        !kept.contains("maximized: false"),
        "the setting was overwritten before the window manager answered: {kept}"
    );
    // the window manager obeys: the window is maximized, and stays so
    for _ in 0..2 {
        h.input_mut()
            .viewports
            .entry(ViewportId::ROOT)
            .or_default()
            .maximized = Some(true);
        h.step();
    }
    // now a real "not maximized" (the user restored it) is kept
    h.input_mut()
        .viewports
        .entry(ViewportId::ROOT)
        .or_default()
        .maximized = Some(false);
    h.step();
    assert!(h.state().flush(std::time::Duration::from_secs(5)));
    let kept = std::fs::read_to_string(dir.path().join("settings.ron")).unwrap();
    assert!(kept.contains("maximized: false"), "{kept}");
}

/// The app started on a saved game, as `scribe FILE` does.
fn app_with_file(file: &str) -> Harness<'static, ScribeApp> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    let mut h = Harness::builder()
        .with_size([1366.0, 768.0])
        .with_max_steps(32)
        .build_eframe(move |cc| {
            ScribeApp::start(
                cc,
                scribe_ui::StartOptions {
                    file: Some(path),
                    ..Default::default()
                },
            )
        });
    h.run();
    // the file is read on a job: wait for it (a loaded machine is slow)
    for _ in 0..1000 {
        if !h.state().busy() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        h.run();
    }
    h
}

/// The numbers in "Mini grids won: Ann (X) 5 · Scribe Desk (O, Hard) 4".
fn grids_won(line: &str) -> (u8, u8) {
    let body = line.strip_prefix("Mini grids won: ").expect(line);
    let body = body.split("   ").next().unwrap();
    let (x, o) = body.split_once(" · ").expect(line);
    let last = |s: &str| s.rsplit(' ').next().unwrap().parse().expect(line);
    (last(x), last(o))
}

/// Item 9: looking back at move 55 of a finished game, the score line is
/// the score after move 55, not the final one.
#[test]
fn the_score_line_follows_the_move_looked_at() {
    let text = std::fs::read_to_string(std::path::Path::new(DATA).join("full_game.ron")).unwrap();
    let record = scribe_record::GameRecord::from_ron(&text).unwrap();
    let moves = record.game.moves().len();
    let at = |n: usize| {
        let s = record.game.position_at(n).result().majority.score;
        (s.x, s.o)
    };
    assert_ne!(at(55), at(moves), "the example needs another score at 55");
    let mut h = app_with_file(&format!("{DATA}full_game.ron"));
    let line = |h: &Harness<'_, ScribeApp>| {
        let node = h.get_by_label_contains("Mini grids won:");
        let n = node.accesskit_node();
        n.value().or_else(|| n.label()).unwrap_or_default()
    };
    assert_eq!(grids_won(&line(&h)), at(moves));
    for _ in 55..moves {
        h.key_press(egui::Key::ArrowLeft);
        h.run();
    }
    h.get_by_label_contains("after move 55 of");
    assert_eq!(grids_won(&line(&h)), at(55), "{}", line(&h));
}

/// Item 3: the game PDF of a reviewed game has two pages; the FIRST page's
/// move list numbers single moves ("1. X H7"), as the app and page 2 do.
#[test]
fn the_first_page_of_the_game_pdf_numbers_single_moves() {
    let text =
        std::fs::read_to_string(std::path::Path::new(DATA).join("reviewed_game.ron")).unwrap();
    let record = scribe_record::GameRecord::from_ron(&text).unwrap();
    let pdf = scribe_export::game_pdf(&record).unwrap();
    let doc = lopdf::Document::load_mem(&pdf).unwrap();
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    assert_eq!(pages.len(), 2, "a game sheet and a review page");
    let first = doc.extract_text(&[pages[0]]).unwrap();
    let m = record.game.moves();
    for (i, sq) in m.iter().enumerate() {
        let p = if i % 2 == 0 { "X" } else { "O" };
        let entry = format!("{}. {p} {sq}", i + 1);
        assert!(
            first.contains(&entry),
            "{entry:?} missing on page 1\n{first}"
        );
    }
    let pair = format!("1. {} {}", m[0], m[1]);
    assert!(!first.contains(&pair), "page 1 numbers pairs\n{first}");
    let last_pair = format!("{}. {}", m.len().div_ceil(2), m[m.len() - 1]);
    assert!(!first.contains(&last_pair), "page 1 numbers pairs\n{first}");
}

/// The top edge of the node labelled `label`.
fn top(h: &Harness<'_, ScribeApp>, label: &str) -> f32 {
    h.get_by_label(label).rect().top()
}

/// Item 4: choosing Solitaire in the Scribbage set-up moved the timer row
/// up 30 px, under the pointer.
#[test]
fn solitaire_does_not_move_the_timer_row() {
    let mut h = app_at(1366.0, 768.0);
    press(&mut h, "More games");
    press(&mut h, "Scribbage…");
    let before = [
        top(&h, "Untimed"),
        top(&h, "at a target score (200 in the rules)"),
        top(&h, "Start the game"),
    ];
    press(&mut h, "Solitaire");
    assert!(
        h.query_by_label("Name of player 2").is_none(),
        "one name left"
    );
    let after = [
        top(&h, "Untimed"),
        top(&h, "at a target score (200 in the rules)"),
        top(&h, "Start the game"),
    ];
    assert_eq!(before, after, "the timer and end rows moved");
    press(&mut h, "6 players");
    let six = [
        top(&h, "Untimed"),
        top(&h, "at a target score (200 in the rules)"),
        top(&h, "Start the game"),
    ];
    assert_eq!(before, six, "six names moved the rows");
}

/// Item 4: in Scribbly Gum, claiming an achievement pushed the next
/// player's button down 16 px.
#[test]
fn claiming_an_achievement_does_not_push_the_next_button() {
    let mut h = app_at(1366.0, 768.0);
    press(&mut h, "More games");
    press(&mut h, "Scribbly Gum…");
    press(&mut h, "advanced");
    press(&mut h, "1");
    for (field, name) in [("Player 1", "Ann"), ("Player 2", "Ben")] {
        h.get_by_label(field).click();
        h.run();
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
        h.get_by_label(field).type_text(name);
        h.run();
    }
    press(&mut h, "Start");
    press(&mut h, "Next tile");
    let before = top(&h, "Ben scored A");
    press(&mut h, "Ann scored A");
    h.get_by_label("take back");
    assert_eq!(before, top(&h, "Ben scored A"), "Ben's button moved");
    press(&mut h, "take back");
    assert_eq!(before, top(&h, "Ben scored A"), "Ben's button moved back");
}

/// Item 4: the toolbar of a computer-against-computer game (Pause, Step,
/// the speed) was 2 px taller: the board moved.
#[test]
fn the_demo_tools_do_not_move_the_board() {
    use scribe_record::{PlayerInfo, PlayerKind};
    let mut h = app_at(1366.0, 768.0);
    let board = |h: &Harness<'_, ScribeApp>| h.get_by_label("Board").rect();
    let before = board(&h);
    let computer = |name: &str| PlayerInfo {
        name: name.into(),
        kind: PlayerKind::Computer(scribe_ai::Level::Beginner),
    };
    h.state_mut().start_game(
        scribe_rules::Variant::Majority,
        scribe_rules::ByPlayer {
            x: computer("Computer one"),
            o: computer("Computer two"),
        },
        scribe_ui::MarkStyle::PlusO,
    );
    h.run_steps(4);
    h.get_by_label("Pause between moves:");
    assert_eq!(before, board(&h), "the board moved with the demo's tools");
}

/// The course at 1366x768, at step `n` (from 1), by its list of steps.
fn course_at(n: usize) -> Harness<'static, ScribeApp> {
    let mut h = app_at(1366.0, 768.0);
    press(&mut h, "Help");
    press(&mut h, "Learn to play");
    if n > 1 {
        let title = scribe_ui::modes::learn::STEPS[n - 1].title;
        press(&mut h, &format!("{n}. {title}"));
    }
    h
}

/// Clicks the board square `name` ("C7").
fn click_square(h: &mut Harness<'_, ScribeApp>, name: &str) {
    let prefix = format!("{name}, ");
    h.get_by(move |n| {
        n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with(&prefix))
    })
    .click();
    h.run();
}

/// The board square whose accessible name starts with `name`, its name.
fn square_name(h: &Harness<'_, ScribeApp>, name: &str) -> String {
    let prefix = format!("{name}, ");
    h.get_by(move |n| n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with(&prefix)))
        .accesskit_node()
        .label()
        .unwrap_or_default()
}

/// Item 5: at step 2, after the learner's C7, O answers and the
/// highlighter shows the learner's next mini grid (the upper-right one),
/// as the text says; before, nobody answered and it showed O's.
#[test]
fn course_step_2_o_answers_and_the_highlighter_shows_where_you_go() {
    let mut h = course_at(2);
    click_square(&mut h, "C7");
    assert!(
        h.state().status().contains("answered with"),
        "{}",
        h.state().status()
    );
    let h2 = square_name(&h, "H2");
    assert!(h2.contains("in the mini grid + must play"), "{h2}");
    let e2 = square_name(&h, "E2");
    assert!(!e2.contains("must play"), "{e2}");
}

/// A label's node whose text starts with `prefix` (labels carry their text
/// as the value), the highest on screen (the panel's, not the status line's).
fn text_starting(h: &Harness<'_, ScribeApp>, prefix: &str) -> (String, egui::Rect) {
    let prefix = prefix.to_string();
    let found = h
        .query_all(egui_kittest::kittest::by().predicate(move |n| {
            n.role() == Role::Label
                && (n.value().is_some_and(|v| v.starts_with(&prefix))
                    || n.label().is_some_and(|l| l.starts_with(&prefix)))
        }))
        .map(|node| {
            let n = node.accesskit_node();
            (
                n.value().or_else(|| n.label()).unwrap_or_default(),
                node.rect(),
            )
        })
        .min_by(|a, b| a.1.top().total_cmp(&b.1.top()));
    found.expect("a label")
}

/// Item 5: at 1366x768 each step's task, and the feedback once answered,
/// are in view above the panel's buttons (they fell below the fold); step 6
/// reads as sentences; step 9 shows the glyphs with their points.
#[test]
fn course_tasks_and_feedback_stay_in_view_at_1366x768() {
    let steps = scribe_ui::modes::learn::STEPS;
    for (n, answer) in [
        (2, None),
        (6, Some("1 point")),
        (7, Some("+ by 2")),
        (9, Some("O by 4")),
    ] {
        let mut h = course_at(n);
        let fold = top(&h, "Previous step");
        let task = steps[n - 1].task_text;
        let (_, rect) = text_starting(&h, &task[..20]);
        assert!(
            rect.bottom() <= fold && rect.top() >= 0.0,
            "step {n}: task at {rect:?}, fold {fold}"
        );
        if let Some(a) = answer {
            press(&mut h, a);
        } else {
            click_square(&mut h, "C7");
        }
        let (text, rect) = text_starting(&h, "Right: ");
        assert!(
            rect.bottom() <= fold,
            "step {n}: feedback at {rect:?}, fold {fold}"
        );
        if n == 6 {
            let after = text.split_once(". ").map(|(_, b)| b).unwrap_or_default();
            assert!(after.starts_with(char::is_uppercase), "step 6: {text}");
        }
        if n == 9 {
            let (h_w, h_h) = (1366.0, 768.0);
            // every glyph, the last ones too
            let last = scribe_pen::legend().last().unwrap().1.clone();
            for glyph in ["Single 1".to_string(), "Line 3".to_string(), last] {
                let glyph = format!("Glyph {glyph}");
                let r = h.get_by_label(&glyph).rect();
                assert!(
                    r.bottom() <= h_h - 24.0 && r.right() <= h_w,
                    "{glyph} at {r:?}"
                );
            }
        }
    }
}

/// Item 6: no developer words at the Scribbage table; the rules' example
/// shows its crossword; the toolbar's New game… is Scribbage's own.
#[test]
fn scribbage_speaks_to_players_and_its_new_game_is_its_own() {
    let mut h = app_at(1366.0, 768.0);
    press(&mut h, "More games");
    press(&mut h, "Scribbage…");
    assert!(
        h.query_by_label_contains("seed").is_none(),
        "the set-up says seed"
    );
    press(&mut h, "Rules of Scribbage");
    assert!(
        h.query_by_label_contains("seed").is_none(),
        "the rules say seed"
    );
    h.get_by_label("A scoring example");
    h.get_by_label("Row 3: I V O R Y");
    press(&mut h, "Close the rules");
    press(&mut h, "Solitaire");
    press(&mut h, "Start the game");
    press(&mut h, "Roll the cubes");
    // the toolbar's New game… goes back to Scribbage's set-up, not Scribe's dialog
    h.get_all_by_label("New game…").next().unwrap().click();
    h.run();
    assert!(
        h.query_by_label("First player (+)").is_none(),
        "Scribe's New game dialog"
    );
    h.get_by_label("Who plays");
    assert_eq!(h.state().front_name(), Some("Scribbage"));
    // letter plurals are no words (the solver's best used CS)
    let words = scribe_scribbage::WordList::builtin();
    for plural in ["CS", "GS", "KS", "LS", "MS", "RS", "TS"] {
        assert!(!words.contains(plural), "{plural} is a word");
        assert!(
            !words.contains(&plural.to_lowercase()),
            "{plural} is a word"
        );
    }
}

/// Steps until the worker threads are done (files, PDFs).
fn settle(h: &mut Harness<'_, ScribeApp>) {
    for _ in 0..4000 {
        h.step();
        if !h.state().busy() {
            h.run();
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("the jobs never finished");
}

/// Types `path` into the built-in path prompt and presses its button.
fn type_path(h: &mut Harness<'_, ScribeApp>, path: &std::path::Path, button: &str) {
    h.get_by_label("Path:").click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by_label("Path:")
        .type_text(&path.display().to_string());
    h.run();
    press(h, button);
    settle(h);
}

fn no_dialog_app() -> Harness<'static, ScribeApp> {
    let mut h = Harness::builder()
        .with_size([1366.0, 768.0])
        .with_max_steps(32)
        .build_eframe(|cc| ScribeApp::new(cc).without_native_dialogs());
    h.run();
    h
}

/// Item 7: More games → Print a Scribbly Gum tree sheet… writes the tree
/// sheet, as `scribe gum sheet` does, through the save dialog's path.
#[test]
fn a_menu_item_prints_the_gum_tree_sheet() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tree.pdf");
    let mut h = no_dialog_app();
    press(&mut h, "More games");
    press(&mut h, "Scribbly Gum…");
    assert!(h.query_by_label_contains("scribe gum sheet").is_none());
    press(&mut h, "More games");
    press(&mut h, "Print a Scribbly Gum tree sheet…");
    settle(&mut h);
    h.get_by_label("Save the PDF: type a path");
    type_path(&mut h, &path, "Save");
    let bytes = std::fs::read(&path).expect("the sheet was written");
    let tree = scribe_gum::tree("ironbark").unwrap();
    let cli = scribe_export::gum_sheet_pdf(&tree, scribe_export::Paper::A4).unwrap();
    let text = |b: &[u8]| {
        let doc = lopdf::Document::load_mem(b).unwrap();
        let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
        doc.extract_text(&pages).unwrap()
    };
    assert_eq!(
        text(&bytes),
        text(&cli),
        "the same sheet as `scribe gum sheet`"
    );
}

/// Item 8: the puzzles name their variant, and a set being solved survives
/// a visit to the game.
#[test]
fn puzzles_name_their_variant() {
    let mut h = app_at(1366.0, 768.0);
    press(&mut h, "Game");
    press(&mut h, "Puzzles");
    h.get_by_label("Variant: Majority");
    h.get_by_label_contains("(Majority)");
}

/// Item 10: switching O from a person to the computer in New game does
/// not keep the person's name ("Ann (O, Medium) wins!").
#[test]
fn a_player_switched_to_the_computer_loses_the_persons_name() {
    let mut h = app_at(1366.0, 768.0);
    press(&mut h, "New game…");
    let field = "Second player (O)";
    h.get_by_role_and_label(Role::TextInput, field).click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, field)
        .type_text("Ann");
    h.run();
    // the second row's Computer
    h.get_all_by_label("Computer").nth(1).unwrap().click();
    h.run();
    press(&mut h, "Start");
    let o = &h.state().record().players.o;
    assert!(matches!(o.kind, scribe_record::PlayerKind::Computer(_)));
    assert_ne!(o.name, "Ann", "the person's name went over to the computer");
    assert_eq!(
        scribe_record::who(
            h.state().record(),
            scribe_ui::MarkStyle::PlusO,
            scribe_rules::Player::O
        ),
        "Computer (Medium)"
    );
}

/// Item 10: the red "No file dialog could be shown…" goes when its prompt
/// is cancelled.
#[test]
fn the_no_dialog_message_goes_with_its_prompt() {
    let mut h = no_dialog_app();
    press(&mut h, "Game");
    press(&mut h, "Print blank boards…");
    h.key_press(egui::Key::Enter);
    h.run();
    settle(&mut h);
    assert!(
        h.state().status().contains("file dialog could be shown"),
        "{}",
        h.state().status()
    );
    press(&mut h, "Cancel");
    assert!(h.query_by_label("Path:").is_none(), "the prompt is closed");
    assert!(
        !h.state().status().contains("file dialog could be shown"),
        "{}",
        h.state().status()
    );
}

/// The left edge of the board square `name`.
fn square_rect(h: &Harness<'_, ScribeApp>, name: &str) -> egui::Rect {
    let prefix = format!("{name}, ");
    h.get_by(move |n| n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with(&prefix)))
        .rect()
}

/// Item 10: the board zoomed in (Ctrl+Plus) left a wide blank margin at one
/// end while the far columns were cut off at the other: the scrolled area
/// is the board's size, so no margin grows with the zoom.
#[test]
fn a_zoomed_board_leaves_no_blank_margin() {
    let mut h = app_at(1366.0, 768.0);
    let a1 = square_rect(&h, "A1");
    for _ in 0..3 {
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Plus);
        h.run();
    }
    let zoomed = square_rect(&h, "A1");
    assert!(
        zoomed.width() > a1.width() * 1.4,
        "the board zoomed: {a1:?} {zoomed:?}"
    );
    assert!(
        zoomed.left() <= a1.left() + 1.0,
        "a margin of {} before A1, {} unzoomed",
        zoomed.left(),
        a1.left()
    );
}
