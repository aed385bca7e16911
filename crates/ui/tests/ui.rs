//! The desktop app driven headlessly through egui_kittest, by accessible labels.

mod common;
use common::{app, next_frame, press};
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use scribe_ai::Level;
use scribe_record::{PlayerInfo, PlayerKind};
use scribe_rules::{ByPlayer, Square, Variant};
use scribe_ui::{MarkStyle, ScribeApp, computer::FirstLegal};
use std::sync::Arc;

fn sq(s: &str) -> Square {
    s.parse().expect("a square")
}

fn moves(h: &Harness<'_, ScribeApp>) -> Vec<String> {
    h.state()
        .record()
        .game
        .moves()
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// A board square by its coordinates: its accessible name starts with them
/// ("C8, empty, in the mini grid you must play", "C8, O, last move").
fn square<'h>(h: &'h Harness<'_, ScribeApp>, square: &str) -> egui_kittest::Node<'h> {
    let prefix = format!("{square}, ");
    h.get_by(move |n| {
        n.role() == egui::accesskit::Role::Button
            && n.label().is_some_and(|l| l.starts_with(&prefix))
    })
}

fn click_square(h: &mut Harness<'_, ScribeApp>, name: &str) {
    square(h, name).click();
    h.run();
}

/// Steps until the worker threads are done (file jobs, the computer).
fn settle(h: &mut Harness<'_, ScribeApp>) {
    for _ in 0..2000 {
        h.step();
        if !h.state().busy() {
            h.run();
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("a worker thread never finished");
}

#[test]
fn a_whole_game_by_clicking_reaches_the_summary() {
    let mut h = app();
    assert!(h.query_by_label_contains("wins!").is_none());
    for n in 0..81 {
        let next = h
            .state()
            .record()
            .game
            .position()
            .legal_moves()
            .iter()
            .next()
            .expect("a legal move before the end");
        click_square(&mut h, &next.to_string());
        assert_eq!(
            h.state().record().game.moves().len(),
            n + 1,
            "{}",
            h.state().status()
        );
    }
    let pos = *h.state().record().game.position();
    assert!(pos.is_over());
    let winner = pos.result().winner(Variant::Majority).expect("a winner");
    let who = format!("Player {}", MarkStyle::PlusO.symbol(winner));
    h.get_by_label(&format!("{who} wins!"));
    h.get_by_label("Super Glyph (points)");
    // the board refuses further moves, with the reason
    click_square(&mut h, "A1");
    assert!(
        h.state().status().contains("the game is over"),
        "{}",
        h.state().status()
    );
}

#[test]
fn an_illegal_click_is_refused_with_its_reason() {
    let mut h = app();
    click_square(&mut h, "D6");
    click_square(&mut h, "H4");
    // X's own last move (D6, lower-left corner) routes X to the lower-left mini grid
    click_square(&mut h, "A1");
    let msg = "A1 is not allowed: + must play in the lower-left mini grid (A7-C9).";
    assert_eq!(h.state().status(), msg);
    h.get_by_label(msg);
    assert_eq!(moves(&h), ["D6", "H4"]);
    click_square(&mut h, "D6");
    assert_eq!(
        h.state().status(),
        "D6 is not allowed: the square is already taken by +."
    );
    click_square(&mut h, "C8");
    assert_eq!(moves(&h), ["D6", "H4", "C8"]);
}

#[test]
fn undo_and_redo_by_button_and_keyboard() {
    let mut h = app();
    for s in ["D6", "H4", "C8"] {
        click_square(&mut h, s);
    }
    press(&mut h, "Undo");
    assert_eq!(moves(&h), ["D6", "H4"]);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(moves(&h), ["D6"]);
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.run();
    assert_eq!(moves(&h), ["D6", "H4"]);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.run();
    assert_eq!(moves(&h), ["D6", "H4", "C8"]);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.run();
    assert_eq!(h.state().status(), "Nothing to redo.");
    press(&mut h, "Undo");
    press(&mut h, "Redo");
    assert_eq!(moves(&h), ["D6", "H4", "C8"]);
}

#[test]
fn a_square_can_be_typed() {
    let mut h = app();
    let field = h.get_by_label("Square:");
    field.click();
    field.type_text("d6");
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(moves(&h), ["D6"]);
    // the field keeps the focus for the next move
    h.get_by_label("Square:").type_text("J4");
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(
        h.state().status(),
        "'J4' is not a square: the column must be a letter A-I."
    );
    assert_eq!(moves(&h), ["D6"]);
}

#[test]
fn the_move_list_shows_earlier_positions_read_only() {
    let mut h = app();
    for s in ["D6", "H4", "C8"] {
        click_square(&mut h, s);
    }
    press(&mut h, "1. + D6");
    h.get_by_label_contains("after move 1 of 3");
    click_square(&mut h, "E5");
    assert!(h.state().status().contains("Back to the game"));
    assert_eq!(moves(&h).len(), 3);
    // the arrow keys step through the list; End returns to the game
    h.key_press(Key::ArrowRight);
    h.run();
    h.get_by_label_contains("after move 2 of 3");
    h.key_press(Key::ArrowLeft);
    h.key_press(Key::ArrowLeft);
    h.run();
    h.get_by_label_contains("after move 0 of 3");
    h.key_press(Key::End);
    h.run();
    assert!(h.query_by_label_contains("read-only").is_none());
    h.key_press(Key::ArrowLeft);
    h.run();
    press(&mut h, "Back to the game");
    click_square(&mut h, "E2");
    assert_eq!(moves(&h), ["D6", "H4", "C8", "E2"]);
}

#[test]
fn save_then_open_gives_the_same_game() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("game.ron");
    let mut h = app();
    for s in ["D6", "H4", "C8", "E2"] {
        click_square(&mut h, s);
    }
    let saved = h.state().record().clone();
    h.state_mut().save_to(path.clone());
    settle(&mut h);
    assert!(
        h.state().status().starts_with("Saved"),
        "{}",
        h.state().status()
    );

    h.state_mut().start_game(
        Variant::SuperGlyph,
        ByPlayer {
            x: PlayerInfo::human("Ann"),
            o: PlayerInfo::human("Bob"),
        },
        MarkStyle::XO,
    );
    h.run();
    assert!(moves(&h).is_empty());
    h.state_mut().open_path(path);
    settle(&mut h);
    assert_eq!(h.state().record(), &saved);

    // a bad file is refused with a message; the game on the board is kept
    let bad = dir.path().join("bad.ron");
    std::fs::write(&bad, "(format_version: 1, variant: Majority,").expect("write");
    h.state_mut().open_path(bad);
    settle(&mut h);
    assert!(
        h.state().status().starts_with("Could not open the game"),
        "{}",
        h.state().status()
    );
    assert_eq!(h.state().record(), &saved);
}

#[test]
fn the_new_game_dialog_names_the_players() {
    let mut h = app();
    click_square(&mut h, "E5");
    press(&mut h, "New game…");
    let name = h.get_by_label("First player (+)");
    name.click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label("First player (+)").type_text("Ann");
    h.run();
    press(&mut h, "Start");
    // the game on the board is unfinished and unsaved: asked first
    press(&mut h, "Discard it");
    assert_eq!(h.state().record().name(scribe_rules::Player::X), "Ann");
    assert!(moves(&h).is_empty());
    h.get_by_label_contains("Ann (+) to move");
}

/// Issue 28 item 2: New game names each level's rating and time a move.
#[test]
fn the_new_game_dialog_rates_each_level() {
    let mut h = app();
    press(&mut h, "New game…");
    h.get_all_by_label("Computer").nth(1).unwrap().click();
    h.run();
    let medium = Level::Medium.rating().expect("Medium is rated");
    h.get_by_label_contains(&format!("O: Medium · rated {medium} · "));
    // another level from the list
    h.get_all_by_label("level").nth(1).unwrap().click();
    h.run();
    // the list names each level's rating
    let hard = Level::Hard.rating().expect("Hard is rated");
    h.get_by_label(&format!("Hard · {hard}")).click();
    h.run();
    h.get_by_label(&format!(
        "O: Hard · rated {hard} · perfect in the last 22 squares · {}",
        Level::Hard.think_text()
    ));
    assert!(h.query_by_label_contains("O: Medium").is_none());
}

#[test]
fn a_computer_player_answers_through_the_move_provider() {
    let mut h = Harness::builder()
        .with_size([1280.0, 860.0])
        .with_max_steps(32)
        .build_eframe(|cc| ScribeApp::new(cc).with_move_provider(Some(Arc::new(FirstLegal))));
    h.state_mut().start_game(
        Variant::Majority,
        ByPlayer {
            x: PlayerInfo::human("Ann"),
            o: PlayerInfo {
                name: "Computer".into(),
                kind: PlayerKind::Computer(Level::Easy),
            },
        },
        MarkStyle::PlusO,
    );
    h.run();
    square(&h, "E5").click();
    h.step();
    settle(&mut h);
    let expected = scribe_rules::Game::from_moves([sq("E5")])
        .expect("legal")
        .position()
        .legal_moves()
        .iter()
        .next()
        .expect("a reply");
    assert_eq!(moves(&h), ["E5".to_string(), expected.to_string()]);
    // undo takes back the computer's reply and the human's move
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(moves(&h).is_empty());
}

#[test]
fn hovering_a_legend_glyph_highlights_it() {
    let mut h = app();
    assert_eq!(h.get_all_by_label_contains("Glyph ").count(), 19);
    h.get_by_label("Glyph Pipe 4").hover();
    h.run();
    assert_eq!(
        h.state().highlighted_glyph(),
        Some(scribe_rules::Glyph::Pipe)
    );
    square(&h, "E5").hover();
    h.run();
    assert_eq!(h.state().highlighted_glyph(), None);
}

fn app_in(dir: &std::path::Path) -> Harness<'static, ScribeApp> {
    let dir = dir.to_path_buf();
    let mut h = Harness::builder()
        .with_size([1280.0, 860.0])
        .with_max_steps(32)
        .build_eframe(move |cc| ScribeApp::with_data_dir(cc, dir));
    h.run();
    h
}

#[test]
fn every_move_is_on_disk_at_once_and_comes_back_after_a_kill() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut h = app_in(dir.path());
    for s in ["D6", "H4", "C8"] {
        click_square(&mut h, s);
    }
    assert!(h.state().flush(std::time::Duration::from_secs(10)));
    // the file is an ordinary save file
    let text = std::fs::read_to_string(dir.path().join("current.ron")).expect("current.ron");
    let saved = scribe_record::GameRecord::from_text(&text).expect("a save file");
    assert_eq!(saved.game.moves().len(), 3);
    // no on_exit: as after kill -9
    drop(h);
    let mut again = app_in(dir.path());
    again.run();
    assert_eq!(moves(&again), ["D6", "H4", "C8"]);
    again.get_by_label_contains("to move: must play in D1-F3, the upper-middle mini grid");
    // undo is saved too
    again.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    again.run();
    assert!(again.state().flush(std::time::Duration::from_secs(10)));
    let text = std::fs::read_to_string(dir.path().join("current.ron")).expect("current.ron");
    assert_eq!(
        scribe_record::GameRecord::from_text(&text)
            .expect("a save file")
            .game
            .moves()
            .len(),
        2
    );
}

#[test]
fn a_damaged_game_in_progress_is_kept_aside_and_never_overwritten() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let junk = "(format_version: 1, variant: Majority, players: (x: (name: \"Ann\"";
    std::fs::write(dir.path().join("current.ron"), junk).expect("write");
    let mut h = app_in(dir.path());
    let status = h.state().status().to_string();
    assert!(status.contains("could not be read"), "{status}");
    assert!(status.contains("current.ron.damaged-"), "{status}");
    assert!(moves(&h).is_empty(), "an empty board");
    click_square(&mut h, "E5");
    eframe::App::on_exit(h.state_mut(), None);
    let kept: Vec<_> = std::fs::read_dir(dir.path())
        .expect("list")
        .filter_map(Result::ok)
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("current.ron.damaged-")
        })
        .collect();
    assert_eq!(kept.len(), 1);
    assert_eq!(std::fs::read_to_string(kept[0].path()).expect("read"), junk);
}

#[test]
fn an_unwritable_data_folder_is_reported_once_and_play_goes_on() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let file = dir.path().join("not-a-folder");
    std::fs::write(&file, "x").expect("write");
    let mut h = app_in(&file.join("scribe-desk"));
    click_square(&mut h, "E5");
    assert!(h.state().flush(std::time::Duration::from_secs(10)));
    h.step();
    h.run();
    let status = h.state().status().to_string();
    assert!(status.contains("cannot be kept between runs"), "{status}");
    click_square(&mut h, "D4");
    assert_eq!(moves(&h).len(), 2, "play goes on");
}

#[test]
fn new_game_asks_before_discarding_an_unfinished_game() {
    let mut h = app();
    click_square(&mut h, "E5");
    press(&mut h, "New game…");
    press(&mut h, "Start");
    assert!(h.state().asking_to_replace());
    press(&mut h, "Cancel");
    assert_eq!(moves(&h), ["E5"], "Cancel keeps the game");
    press(&mut h, "New game…");
    h.key_press(Key::Enter);
    h.run();
    press(&mut h, "Discard it");
    assert!(moves(&h).is_empty(), "Discard starts the new game");
    assert!(!h.state().asking_to_replace());
}

#[test]
fn without_a_native_dialog_a_path_can_be_typed() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("typed.ron");
    let mut h = Harness::builder()
        .with_size([1280.0, 860.0])
        .with_max_steps(32)
        .build_eframe(|cc| ScribeApp::new(cc).without_native_dialogs());
    h.run();
    click_square(&mut h, "E5");
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    settle(&mut h);
    assert!(
        h.state().status().contains("file dialog could be shown"),
        "{}",
        h.state().status()
    );
    let field = h.get_by_label("Path:");
    field.click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label("Path:")
        .type_text(&path.display().to_string());
    h.run();
    press(&mut h, "Save");
    settle(&mut h);
    assert!(
        h.state().status().starts_with("Saved"),
        "{}",
        h.state().status()
    );
    let text = std::fs::read_to_string(&path).expect("saved");
    assert!(text.contains("\"E5\""), "{text}");
}

#[test]
fn an_idle_window_does_not_repaint() {
    let mut h = app();
    click_square(&mut h, "E5");
    // with no input, one frame settles: nothing asks for another
    assert_eq!(h.run(), 1);
}

#[test]
fn a_move_list_file_opens_too() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("moves.txt");
    std::fs::write(&path, "# Figures 3a-3c\nD6 H4 C8 E2\n").expect("write");
    let mut h = app();
    h.state_mut().open_path(path);
    settle(&mut h);
    assert_eq!(moves(&h), ["D6", "H4", "C8", "E2"]);
    // an illegal move in the list is refused with its number
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "D6 H4 A1").expect("write");
    h.state_mut().open_path(bad);
    settle(&mut h);
    assert!(
        h.state().status().contains("move 3 (A1)"),
        "{}",
        h.state().status()
    );
    assert_eq!(moves(&h), ["D6", "H4", "C8", "E2"]);
}

#[test]
fn a_resigned_game_opens_over_and_says_who_resigned() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut record =
        scribe_record::GameRecord::from_game(scribe_record::replay("D6 H4 C8 E2").expect("moves"));
    record.players = ByPlayer {
        x: PlayerInfo::human("Ann"),
        o: PlayerInfo::human("Bob"),
    };
    record.ended = Some(scribe_record::Ending::Resigned(scribe_rules::Player::O));
    let path = dir.path().join("resigned.ron");
    std::fs::write(&path, record.to_ron()).expect("write");
    let mut h = app();
    h.state_mut().open_path(path);
    settle(&mut h);
    // the turn line, a live region, and the summary say so
    h.get_by_label_contains("Game over: Bob (O) resigned; Ann (+) wins.");
    h.get_by_label_contains("Ann (+) wins!");
    h.get_by_label_contains("Bob (O) resigned.");
    // no mini grid to play is highlighted, or named to a screen reader
    assert!(
        h.query_by_label_contains("must play").is_none()
            && h.query_by_label_contains("may play").is_none()
    );
    square(&h, "E2");
    h.get_by_label("D1, empty");
    // no more moves; Undo takes the resignation back with the move
    square(&h, "D5").click();
    h.run();
    assert!(
        h.state()
            .status()
            .contains("The game is over: Bob (O) resigned."),
        "{}",
        h.state().status()
    );
    assert_eq!(moves(&h), ["D6", "H4", "C8", "E2"]);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(moves(&h), ["D6", "H4", "C8"]);
    assert_eq!(h.state().record().ended, None);
    click_square(&mut h, "E1");
    assert_eq!(moves(&h), ["D6", "H4", "C8", "E1"]);
}

/// Settles until no worker is busy and the computer has nothing left to do,
/// at most `rounds` times.
fn play_out(h: &mut Harness<'_, ScribeApp>, rounds: usize) {
    for _ in 0..rounds {
        settle(h);
        h.step();
        if !h.state().busy() {
            return;
        }
    }
}

#[test]
fn the_real_engine_plays_a_whole_computer_vs_computer_demo() {
    let mut h = app();
    let computer = |name: &str| PlayerInfo {
        name: name.into(),
        kind: PlayerKind::Computer(Level::Easy),
    };
    h.state_mut().start_game(
        Variant::SuperGlyph,
        ByPlayer {
            x: computer("Easy one"),
            o: computer("Easy two"),
        },
        MarkStyle::XO,
    );
    h.run();
    for _ in 0..200 {
        if h.state().record().game.position().is_over() {
            break;
        }
        h.step();
        settle(&mut h);
    }
    assert_eq!(moves(&h).len(), 81, "the computers filled the board");
    // every move was legal: the record replays
    let replayed = scribe_rules::Game::from_moves(h.state().record().game.moves().iter().copied());
    assert!(replayed.is_ok());
    play_out(&mut h, 4);
    h.get_by_label_contains("wins!");
}

#[test]
fn hint_suggests_a_legal_square_and_the_computer_choice_is_offered() {
    let mut h = app();
    click_square(&mut h, "D6");
    h.get_by_label("Hint").click();
    h.step();
    settle(&mut h);
    let status = h.state().status().to_string();
    let suggested: Square = status
        .trim_end_matches('.')
        .rsplit(' ')
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("a square in the status line: {status:?}"));
    assert!(status.starts_with("Hint: Player O could play"), "{status}");
    assert!(h.state().record().game.position().check(suggested).is_ok());
    // the hint never plays by itself
    assert_eq!(moves(&h), ["D6"]);
    // with the engine built in, the New game dialog offers the computer
    press(&mut h, "New game…");
    assert!(h.query_by_label_contains("coming soon").is_none());
    assert!(h.get_all_by_label("Computer").count() >= 2);
}

/// A computer that thinks until it is told to answer.
struct Held(std::sync::Mutex<std::sync::mpsc::Receiver<()>>);

impl scribe_ui::MoveProvider for Held {
    fn choose_move(
        &self,
        game: &scribe_rules::Game,
        _variant: Variant,
        _level: Level,
        _stop: &std::sync::atomic::AtomicBool,
    ) -> Option<Square> {
        let _ = self
            .0
            .lock()
            .expect("one thinker")
            .recv_timeout(std::time::Duration::from_secs(20));
        game.position().legal_moves().iter().next()
    }
}

/// A new game at 1366x740: `name` (+, human) against a Hard computer that
/// thinks until the returned sender says answer; frames `step_dt` apart.
fn against_held_computer(
    name: &str,
    step_dt: f32,
) -> (Harness<'static, ScribeApp>, std::sync::mpsc::Sender<()>) {
    let (release, held) = std::sync::mpsc::channel();
    let h = against(
        Arc::new(Held(std::sync::Mutex::new(held))),
        name,
        Level::Hard,
        step_dt,
    );
    (h, release)
}

/// A new game at 1366x740: `name` (+, human) against `provider` playing O
/// at `level`; frames `step_dt` apart.
fn against(
    provider: Arc<dyn scribe_ui::MoveProvider>,
    name: &str,
    level: Level,
    step_dt: f32,
) -> Harness<'static, ScribeApp> {
    let mut h = Harness::builder()
        .with_size([1366.0, 740.0])
        .with_max_steps(32)
        .with_step_dt(step_dt)
        .build_eframe(move |cc| ScribeApp::new(cc).with_move_provider(Some(provider)));
    h.run_steps(2);
    h.state_mut().start_game(
        Variant::Majority,
        ByPlayer {
            x: PlayerInfo::human(name),
            o: PlayerInfo {
                name: "Computer".into(),
                kind: PlayerKind::Computer(level),
            },
        },
        MarkStyle::PlusO,
    );
    h.run_steps(2);
    h
}

#[test]
fn ctrl_h_during_the_computers_turn_asks_for_no_hint() {
    // one rule for the toolbar's Hint, the Edit menu's item and Ctrl+H:
    // the toolbar greys Hint while the computer is to move, and Ctrl+H
    // asks nothing either (a Hint search would wait on the held computer)
    let (mut h, release) = against_held_computer("Ann", 0.25);
    click_square(&mut h, "E5");
    h.run_steps(2);
    assert!(h.state().busy(), "the computer is thinking");
    h.key_press_modifiers(Modifiers::COMMAND, Key::H);
    h.run_steps(2);
    release.send(()).expect("the thinker listens");
    settle(&mut h);
    assert_eq!(moves(&h).len(), 2, "the computer replied");
    let status = h.state().status().to_string();
    assert!(!status.starts_with("Hint"), "{status}");
}

fn board_rect(h: &Harness<'_, ScribeApp>) -> egui::Rect {
    h.get_by_label("Board").rect()
}

#[test]
fn the_board_never_moves_during_a_think_or_with_a_long_status() {
    let (mut h, release) = against_held_computer(
        "Ann with a very long name indeed, longer than any heading could hold",
        0.25,
    );
    let before = board_rect(&h);
    click_square(&mut h, "E5");
    h.run_steps(3);
    assert!(h.state().busy(), "the computer is thinking");
    h.get_by_label_contains("thinking");
    assert_eq!(board_rect(&h), before, "during the think");
    release.send(()).expect("the thinker listens");
    settle(&mut h);
    assert_eq!(moves(&h).len(), 2);
    assert_eq!(board_rect(&h), before, "after the think");
    // a long error in the status line
    h.state_mut().open_path(std::path::PathBuf::from(format!(
        "/no/such/folder/{}/game.ron",
        "a-very-long-folder-name/".repeat(12)
    )));
    settle(&mut h);
    assert!(h.state().status().len() > 200, "{}", h.state().status());
    assert_eq!(board_rect(&h), before, "with a long status");
}

#[test]
fn while_the_computer_thinks_only_the_thinking_sign_repaints() {
    let (mut h, release) = against_held_computer("Ann", 1.0 / 60.0);
    click_square(&mut h, "E5");
    for step in 0..4 {
        h.step();
        assert!(h.state().busy(), "the computer is thinking");
        // no pen stroke for the player's mark: a frame costs a software
        // renderer ~20 ms of the processor the search needs
        let next = next_frame(&h).expect("the thinking sign steps");
        assert!(
            next.as_secs_f64() >= 0.3,
            "step {step}: next frame in {next:?}"
        );
    }
    release.send(()).expect("the thinker listens");
    for _ in 0..2000 {
        h.step();
        if moves(&h).len() == 2 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert_eq!(moves(&h).len(), 2, "the computer replied");
    // the reply is drawn by the pen: the player's turn, nothing else to do
    let next = next_frame(&h).expect("the pen draws the reply");
    assert!(next.as_secs_f64() <= 1.0 / 50.0, "{next:?}");
}

#[test]
fn left_reaches_the_empty_board_and_home_end_work() {
    let mut h = app();
    for s in ["D6", "H4", "C8"] {
        click_square(&mut h, s);
    }
    for _ in 0..3 {
        h.key_press(Key::ArrowLeft);
        h.run();
    }
    h.get_by_label_contains("after move 0 of 3");
    h.key_press(Key::End);
    h.run();
    assert!(h.query_by_label_contains("read-only").is_none());
    h.key_press(Key::Home);
    h.run();
    h.get_by_label_contains("after move 0 of 3");
}

#[test]
fn the_square_field_clears_after_a_move_an_error_and_a_new_game() {
    let mut h = app();
    let field = h.get_by_label("Square:");
    field.click();
    h.run();
    h.get_by_label("Square:").type_text("D6");
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(moves(&h), ["D6"]);
    h.get_by_label("Square:").type_text("zz");
    h.key_press(Key::Enter);
    h.run();
    assert!(h.state().status().contains("zz"), "{}", h.state().status());
    // the bad text is gone: new typing is not appended to it
    h.get_by_label("Square:").type_text("H4");
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(moves(&h), ["D6", "H4"], "{}", h.state().status());
    h.get_by_label("Square:").type_text("C");
    h.run();
    h.state_mut().start_game(
        Variant::Majority,
        ByPlayer {
            x: PlayerInfo::human("Ann"),
            o: PlayerInfo::human("Bob"),
        },
        MarkStyle::PlusO,
    );
    h.run();
    h.get_by_label("Square:").type_text("E5");
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(moves(&h), ["E5"], "{}", h.state().status());
}

#[test]
fn escape_closes_windows_and_help_lists_the_shortcuts() {
    let mut h = app();
    h.key_press(Key::F1);
    h.run();
    h.get_by_label_contains("Scribe is a pen-and-paper game");
    h.key_press(Key::Escape);
    h.run();
    assert!(
        h.query_by_label_contains("Scribe is a pen-and-paper game")
            .is_none()
    );
    press(&mut h, "Help");
    press(&mut h, "Keyboard shortcuts");
    h.get_by_label("Ctrl+Z");
    h.get_by_label("F1");
    h.key_press(Key::Escape);
    h.run();
    assert!(h.query_by_label("Ctrl+Z").is_none());
    press(&mut h, "Help");
    press(&mut h, "About Scribe Desk");
    h.get_by_label_contains("Scribe © Mark Steere, 2006");
    h.get_by_label_contains(env!("CARGO_PKG_VERSION"));
}

#[test]
fn a_paper_board_is_scored_live_and_the_game_waits() {
    let mut h = app();
    click_square(&mut h, "D6");
    press(&mut h, "Game");
    press(&mut h, "Score a paper board…");
    assert!(h.state().scoring_paper());
    h.get_by_label_contains("Scoring a paper board");
    // a click cycles empty -> first -> second -> empty
    click_square(&mut h, "E5");
    h.get_by_label_contains("+ 1 · O 0 marks");
    click_square(&mut h, "E5");
    h.get_by_label_contains("+ 0 · O 1 marks");
    // one O and no + cannot come from a game: the panel says why
    assert!(h.get_all_by_label_contains("X has 0 marks and O 1").count() >= 1);
    click_square(&mut h, "E5");
    h.get_by_label_contains("+ 0 · O 0 marks");
    for s in ["A1", "A2", "A3"] {
        click_square(&mut h, s);
    }
    h.get_by_label_contains("+ 3 · O 0 marks");
    press(&mut h, "Back to my game");
    assert!(!h.state().scoring_paper());
    assert_eq!(moves(&h), ["D6"], "the game waited");
}

/// A computer that thinks until its stop flag is set, then answers: as the
/// engine does (the best move so far).
struct UntilStopped;

impl scribe_ui::MoveProvider for UntilStopped {
    fn choose_move(
        &self,
        game: &scribe_rules::Game,
        _variant: Variant,
        _level: Level,
        stop: &std::sync::atomic::AtomicBool,
    ) -> Option<Square> {
        let start = std::time::Instant::now();
        while !stop.load(std::sync::atomic::Ordering::Relaxed)
            && start.elapsed() < std::time::Duration::from_secs(60)
        {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        game.position().legal_moves().iter().next()
    }
}

/// Issue 43's Confusing 2: a long think shows its seconds and offers Move
/// now, which makes the computer play the best move it has so far.
#[test]
fn a_long_think_shows_its_seconds_and_move_now_plays_at_once() {
    let mut h = against(Arc::new(UntilStopped), "Ann", Level::Champion, 0.25);
    click_square(&mut h, "E5");
    let start = std::time::Instant::now();
    while h.query_by_label("Move now").is_none() {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(10),
            "no Move now during a long think"
        );
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(
        h.query_all_by_label_contains("Thinking 1 s")
            .next()
            .is_some()
            || h.query_all_by_label_contains("Thinking 2 s")
                .next()
                .is_some(),
        "the think's seconds"
    );
    h.get_by_label("Move now").click();
    let clicked = std::time::Instant::now();
    settle(&mut h);
    assert_eq!(moves(&h).len(), 2, "the computer played");
    assert!(
        clicked.elapsed() < std::time::Duration::from_secs(20),
        "Move now was not heard"
    );
    assert!(h.query_by_label("Move now").is_none());
}
