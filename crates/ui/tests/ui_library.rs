//! Game → Library… (Ctrl+L) driven headlessly through egui_kittest, by
//! accessible labels: open, filter by typing, open in review, delete and
//! Undo, import by a dropped file, and the finished game kept by itself.

mod common;
// the random games the engine's tests make
#[path = "../../ai/tests/common/mod.rs"]
mod games;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use scribe_ui::ScribeApp;
use std::path::Path;

fn app_in(dir: &Path) -> Harness<'static, ScribeApp> {
    let dir = dir.to_path_buf();
    let mut h = Harness::builder()
        .with_size([1366.0, 768.0])
        .with_max_steps(32)
        .build_eframe(move |cc| ScribeApp::with_data_dir(cc, dir).without_native_dialogs());
    h.run();
    h
}

/// Steps until the worker threads are done (reading, importing).
fn settle(h: &mut Harness<'_, ScribeApp>) {
    for _ in 0..2000 {
        h.step();
        if !h.state().busy() {
            h.run_steps(4);
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("a worker thread never finished");
}

/// A data folder whose library holds `n` generated games.
fn data_with_games(n: usize) -> (tempfile::TempDir, Vec<String>) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let names = scribe_library::generate::write_games(&dir.path().join("library"), n, 2)
        .expect("games written");
    (dir, names)
}

fn open_library(h: &mut Harness<'_, ScribeApp>) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::L);
    h.run_steps(2);
    settle(h);
    assert_eq!(h.state().front_name(), Some("Library"));
}

/// Chooses the first finished game of the table (Open in review is
/// offered for it); its row's name.
fn choose_a_finished_game(h: &mut Harness<'_, ScribeApp>) -> String {
    rows(h)
        .into_iter()
        .find(|r| {
            // a click chooses the row alone
            h.get_by_label(r).click();
            h.run();
            h.query_by_label("Open in review").is_some()
        })
        .expect("a finished game among the generated ones")
}

/// The rows in sight, by their accessible names.
fn rows(h: &Harness<'_, ScribeApp>) -> Vec<String> {
    h.get_all_by_role(egui::accesskit::Role::Row)
        .filter_map(|n| n.accesskit_node().label())
        .collect()
}

#[test]
fn ctrl_l_opens_the_library_with_every_game() {
    let (dir, _) = data_with_games(25);
    std::fs::write(
        dir.path().join("library/broken.ron"),
        "(format_version: 1, varia",
    )
    .unwrap();
    let mut h = app_in(dir.path());
    open_library(&mut h);
    h.get_by_label_contains("Library: 26 games");
    h.get_by_label_contains("Showing all 26");
    let rows = rows(&h);
    assert!(rows.len() >= 10, "{rows:?}");
    assert!(rows[0].starts_with("Date: 20"), "{}", rows[0]);
    assert!(rows[0].contains("Players: "), "{}", rows[0]);
    // the damaged file is listed last, with the reason
    h.get_by_label("Date");
    h.get_by_label("Ending");
    assert!(
        h.state()
            .status()
            .contains("1 file of the library cannot be read"),
        "{}",
        h.state().status()
    );
}

#[test]
fn typing_a_name_filters_the_table() {
    let (dir, _) = data_with_games(40);
    let mut h = app_in(dir.path());
    open_library(&mut h);
    h.get_by_label("Name").click();
    h.run();
    h.get_by_label("Name").type_text("Emeka");
    h.run_steps(3);
    let shown = rows(&h);
    assert!(!shown.is_empty());
    assert!(shown.iter().all(|r| r.contains("Emeka")), "{shown:?}");
    h.get_by_label_contains("of 40 games.");
    // the result filter by keyboard-reachable combo, then clearing the name
    h.get_by_label("Name").type_text("zzz");
    h.run_steps(3);
    h.get_by_label("No game matches the filters.");
}

#[test]
fn a_game_opens_in_review_on_the_board() {
    let (dir, _) = data_with_games(6);
    let mut h = app_in(dir.path());
    open_library(&mut h);
    let first = rows(&h)[0].clone();
    h.get_by_label(&first).click();
    h.run();
    let label = h
        .query_by_label("Open in review")
        .map(|_| "Open in review")
        .unwrap_or("Continue the game");
    h.get_by_label(label).click();
    h.run_steps(4);
    // the game is on the board: the library has left
    assert_eq!(h.state().front_name(), None);
    assert!(!h.state().record().game.moves().is_empty());
    if label == "Open in review" {
        assert!(h.state().record().is_over());
        assert!(h.state().reviewing() || h.state().busy(), "the review runs");
    }
}

#[test]
fn a_game_opened_in_review_after_the_question_is_reviewed() {
    let (dir, _) = data_with_games(6);
    let mut h = app_in(dir.path());
    // a game in progress on the board: opening another asks first
    let prefix = "E5, ";
    h.get_by(|n| {
        n.role() == egui::accesskit::Role::Button
            && n.label().is_some_and(|l| l.starts_with(prefix))
    })
    .click();
    h.run();
    assert_eq!(h.state().record().game.moves().len(), 1);
    open_library(&mut h);
    choose_a_finished_game(&mut h);
    h.get_by_label("Open in review").click();
    h.run_steps(2);
    h.run_steps(4);
    h.get_by_label("Discard it").click();
    h.run_steps(2);
    assert!(h.state().record().is_over());
    assert!(
        h.state().reviewing() || h.state().record().review.is_some(),
        "the review runs: {}",
        h.state().status()
    );
}

#[test]
fn a_review_is_kept_with_the_librarys_copy_and_not_run_again() {
    let (dir, _) = data_with_games(6);
    let d = dir.path().to_path_buf();
    let mut h = Harness::builder()
        .with_size([1366.0, 768.0])
        .with_max_steps(32)
        .build_eframe(move |cc| {
            ScribeApp::with_data_dir(cc, d)
                .without_native_dialogs()
                .with_quick_review()
        });
    h.run();
    open_library(&mut h);
    let finished = choose_a_finished_game(&mut h);
    let before: Vec<_> = std::fs::read_dir(dir.path().join("library"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    h.get_by_label("Open in review").click();
    h.run_steps(2);
    settle(&mut h);
    assert!(
        h.state().status().starts_with("Review done"),
        "{}",
        h.state().status()
    );
    // kept in the library's own file: no second copy, and the file holds it
    for _ in 0..200 {
        if !h.state().busy() {
            break;
        }
        h.step();
    }
    let lib = scribe_library::Library::open(&dir.path().join("library")).unwrap();
    assert_eq!(
        lib.entries().len(),
        before.len() - 1,
        "no copy made (the index is not a game)"
    );
    let reviewed = lib
        .entries()
        .iter()
        .filter(|e| lib.load(&e.file).unwrap().review.is_some())
        .count();
    assert_eq!(reviewed, 1);
    // opened again: the kept review is shown, nothing runs
    open_library(&mut h);
    h.get_by_label(&finished).click();
    h.run();
    h.get_by_label("Open in review").click();
    h.run_steps(3);
    assert!(!h.state().reviewing(), "{}", h.state().status());
    assert!(h.state().record().review.is_some());
}

#[test]
fn at_900_by_600_the_table_keeps_its_headings_whole_and_statistics_fit() {
    let (dir, _) = data_with_games(40);
    let d = dir.path().to_path_buf();
    let mut h = Harness::builder()
        .with_size([900.0, 600.0])
        .with_max_steps(32)
        .build_eframe(move |cc| ScribeApp::with_data_dir(cc, d).without_native_dialogs());
    h.run();
    open_library(&mut h);
    // each heading shown is one line (it wrapped mid-word: "Opponen / t")
    let mut headings = 0;
    for name in [
        "Date", "Players", "Opponent", "Variant", "Result", "Moves", "Ending",
    ] {
        if let Some(n) = h.query_by(|n| {
            n.role() == egui::accesskit::Role::Button && n.label().as_deref() == Some(name)
        }) {
            headings += 1;
            assert!(n.rect().height() < 26.0, "{name}: {:?}", n.rect());
            assert!(n.rect().right() <= 900.0, "{name}: {:?}", n.rect());
        }
    }
    assert!(
        headings >= 5,
        "the date, players, variant, result and moves"
    );
    // the rows' cells are cut with "…", never drawn under the next column;
    // the dates are whole
    let first = rows(&h)[0].clone();
    assert!(first.contains("Date: 20"), "{first}");
    h.get_by_label("Statistics").click();
    h.run_steps(3);
    let chart = h.get_by(|n| {
        n.role() == egui::accesskit::Role::Image
            && n.label().is_some_and(|l| l.starts_with("Chart of"))
    });
    assert!(chart.rect().right() <= 900.0, "{:?}", chart.rect());
    // the table: its last column's heading is inside the window
    let margin = h.get_by_label("Super Glyph margin");
    assert!(margin.rect().right() <= 900.0, "{:?}", margin.rect());
    // and nothing is drawn under a right column, if one is shown
    if let Some(list) = h.query_by(|n| {
        n.role() == egui::accesskit::Role::Label && n.label().as_deref() == Some("Moves")
    }) {
        assert!(
            margin.rect().right() <= list.rect().left(),
            "{:?}",
            list.rect()
        );
        assert!(
            chart.rect().right() <= list.rect().left(),
            "{:?}",
            list.rect()
        );
    }
}

#[test]
fn delete_moves_to_the_trash_and_ctrl_z_brings_it_back() {
    let (dir, names) = data_with_games(5);
    let mut h = app_in(dir.path());
    open_library(&mut h);
    let first = rows(&h)[0].clone();
    h.get_by_label(&first).click();
    h.run();
    h.get_by_label("Delete").click();
    h.run_steps(3);
    h.get_by_label_contains("Library: 4 games");
    let trash = dir.path().join("library/.trash");
    assert_eq!(std::fs::read_dir(&trash).unwrap().count(), 1);
    assert!(
        h.state().status().contains("Undo (Ctrl+Z)"),
        "{}",
        h.state().status()
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run_steps(3);
    h.get_by_label_contains("Library: 5 games");
    assert_eq!(std::fs::read_dir(&trash).unwrap().count(), 0);
    for n in &names {
        assert!(dir.path().join("library").join(n).exists(), "{n}");
    }
}

/// A file dropped on the window, as the windowing layer hands it over.
#[derive(Debug)]
struct Dropped(std::path::PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

#[test]
fn a_dropped_file_is_imported_once() {
    let (dir, _) = data_with_games(3);
    let outside = tempfile::tempdir().unwrap();
    let extra = scribe_library::generate::write_games(outside.path(), 1, 99).unwrap();
    let file = outside.path().join(&extra[0]);
    let mut h = app_in(dir.path());
    open_library(&mut h);
    for expected in ["Imported 1 game; 0 already", "Imported 0 games; 1 already"] {
        h.input_mut()
            .dropped_files
            .push(std::sync::Arc::new(Dropped(file.clone())));
        h.run_steps(2);
        settle(&mut h);
        assert!(
            h.state().status().contains(expected),
            "{}",
            h.state().status()
        );
        h.get_by_label_contains("Library: 4 games");
    }
}

#[test]
fn the_statistics_page_shows_the_record_and_the_chart() {
    let (dir, _) = data_with_games(30);
    let mut h = app_in(dir.path());
    open_library(&mut h);
    h.get_by_label("Statistics").click();
    h.run_steps(3);
    h.get_by_label_contains("Ann: ");
    h.get_by_label("Against");
    h.get_by_label_contains("Chart of ");
}

#[test]
fn a_game_finished_in_the_app_is_kept_in_the_library() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app_in(dir.path());
    // play a whole game by the Square field's action: random legal moves
    let mut rng = scribe_library::generate::Rng::new(5);
    while !h.state().record().is_over() {
        let legal: Vec<_> = h
            .state()
            .record()
            .game
            .position()
            .legal_moves()
            .iter()
            .collect();
        let sq = legal[rng.below(legal.len())];
        let name = format!("{sq}, ");
        h.get_by(|n| {
            n.role() == egui::accesskit::Role::Button
                && n.label().is_some_and(|l| l.starts_with(&name))
        })
        .click();
        h.run_steps(2);
    }
    assert!(h.state().flush(std::time::Duration::from_secs(10)));
    let kept: Vec<_> = std::fs::read_dir(dir.path().join("library"))
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".ron"))
        .collect();
    assert_eq!(kept.len(), 1);
    open_library(&mut h);
    h.get_by_label_contains("Library: 1 game");
}

/// Types `path` in the built-in path prompt and presses its button.
fn type_path(h: &mut Harness<'_, ScribeApp>, path: &Path, button: &str) {
    settle(h);
    h.get_by_label("Path:").click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label("Path:")
        .type_text(&path.display().to_string());
    h.run();
    h.get_by_label(button).click();
    h.run_steps(2);
    settle(h);
}

#[test]
fn the_chosen_games_export_as_a_game_book_and_move_lists() {
    let (dir, _) = data_with_games(8);
    let out = tempfile::tempdir().unwrap();
    let mut h = app_in(dir.path());
    open_library(&mut h);
    let shown = rows(&h);
    h.get_by_label(&shown[0]).click();
    h.run();
    // Ctrl+click adds a second game
    h.get_by_label(&shown[1])
        .click_modifiers(Modifiers::COMMAND);
    h.run();
    h.get_by_label("Export chosen as PDF…").click();
    h.run();
    let pdf = out.path().join("book.pdf");
    type_path(&mut h, &pdf, "Save");
    let doc = lopdf::Document::load(&pdf).expect("a PDF");
    assert_eq!(doc.get_pages().len(), 2, "one page a game");
    h.get_by_label("Export chosen as move lists…").click();
    h.run();
    let txt = out.path().join("games.txt");
    type_path(&mut h, &txt, "Save");
    let text = std::fs::read_to_string(&txt).expect("the move lists");
    assert_eq!(
        text.matches("\n# ").count() + usize::from(text.starts_with("# ")),
        2,
        "{text}"
    );
}

#[test]
fn a_damaged_file_is_left_out_of_an_export_and_named() {
    let (dir, _) = data_with_games(4);
    std::fs::write(
        dir.path().join("library").join("broken.ron"),
        "// Scribe Desk saved game\n(\n  variant: Majority,\n  moves: [\"Z9\"],\n",
    )
    .unwrap();
    let out = tempfile::tempdir().unwrap();
    let mut h = app_in(dir.path());
    open_library(&mut h);
    h.get_by_label("Export shown as PDF…").click();
    h.run();
    let pdf = out.path().join("book.pdf");
    type_path(&mut h, &pdf, "Save");
    let doc = lopdf::Document::load(&pdf).expect("a PDF of the readable games");
    assert_eq!(doc.get_pages().len(), 4, "one page a game");
    assert!(
        h.state().status().contains("broken.ron is left out"),
        "{}",
        h.state().status()
    );
    h.get_by_label("Export shown as move lists…").click();
    h.run();
    let txt = out.path().join("games.txt");
    type_path(&mut h, &txt, "Save");
    let text = std::fs::read_to_string(&txt).expect("the move lists");
    assert_eq!(text.matches("# ").count(), 4, "{text}");
}

#[test]
fn a_game_in_progress_continues_on_the_board() {
    let dir = tempfile::tempdir().unwrap();
    let lib = dir.path().join("library");
    std::fs::create_dir_all(&lib).unwrap();
    let mut record = scribe_record::GameRecord::default();
    let mut rng = scribe_library::generate::Rng::new(3);
    let start = chrono::Utc::now();
    for _ in 0..12 {
        let legal: Vec<_> = record.game.position().legal_moves().iter().collect();
        record.play(legal[rng.below(legal.len())], start).unwrap();
    }
    std::fs::write(lib.join("unfinished.ron"), record.to_ron()).unwrap();
    let mut h = app_in(dir.path());
    open_library(&mut h);
    let row = rows(&h)[0].clone();
    assert!(row.contains("Ending: in progress"), "{row}");
    h.get_by_label(&row).click();
    h.run();
    h.get_by_label("Continue the game").click();
    h.run_steps(4);
    assert_eq!(h.state().front_name(), None);
    assert_eq!(h.state().record().game.moves(), record.game.moves());
    assert!(!h.state().record().is_over());
}

#[test]
fn a_paper_board_scored_in_the_referee_is_kept_and_opens_in_review() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app_in(dir.path());
    common::press(&mut h, "Game");
    common::press(&mut h, "Score a paper board…");
    // a board a real game left, copied square by square (O takes two clicks)
    let (board, _) = games::random_game(11, 81);
    for sq in scribe_rules::Square::ALL {
        let clicks = match board.at(sq) {
            Some(scribe_rules::Player::X) => 1,
            Some(scribe_rules::Player::O) => 2,
            None => 0,
        };
        let name = format!("{sq}, ");
        for _ in 0..clicks {
            h.get_by(|n| {
                n.role() == egui::accesskit::Role::Button
                    && n.label().is_some_and(|l| l.starts_with(&name))
            })
            .click();
            h.run_steps(2);
        }
    }
    settle(&mut h);
    assert!(
        h.state().status().contains("kept in the library"),
        "{}",
        h.state().status()
    );
    assert!(h.state().flush(std::time::Duration::from_secs(10)));
    let lib = scribe_library::Library::open(&dir.path().join("library")).unwrap();
    assert_eq!(lib.entries().len(), 1, "{:?}", lib.entries());
    let entry = &lib.entries()[0];
    let s = entry.summary().expect("a readable save file");
    assert_eq!(s.state, scribe_library::State::Finished);
    assert_eq!(s.moves, 81);
    let kept = lib.load(&entry.file).unwrap();
    for sq in scribe_rules::Square::ALL {
        assert_eq!(kept.game.position().at(sq), board.at(sq), "{sq}");
    }
    // it opens in review, on the board, like any game of the library
    press_back(&mut h);
    open_library(&mut h);
    let first = rows(&h)[0].clone();
    h.get_by_label(&first).click();
    h.run();
    h.get_by_label("Open in review").click();
    h.run_steps(4);
    assert_eq!(h.state().front_name(), None);
    assert_eq!(h.state().record().game.moves().len(), 81);
}

/// Back to the game from the mode in front.
fn press_back(h: &mut Harness<'_, ScribeApp>) {
    common::press(h, "Back to my game");
    h.run_steps(2);
}

#[test]
fn the_date_fields_hold_a_whole_date() {
    let (dir, _) = data_with_games(3);
    let mut h = app_in(dir.path());
    open_library(&mut h);
    let font = egui::TextStyle::Body.resolve(&h.ctx.global_style());
    let needed = ["YYYY-MM-DD", "2026-11-30", "0000-00-00"]
        .iter()
        .map(|t| {
            h.ctx.fonts_mut(|f| {
                f.layout_no_wrap(t.to_string(), font.clone(), egui::Color32::BLACK)
                    .size()
                    .x
            })
        })
        .fold(0.0_f32, f32::max);
    for label in ["From", "To"] {
        let field = h.get_by_role_and_label(egui::accesskit::Role::TextInput, label);
        // the text and the field's margins (8 px each side, as on screen)
        let width = field.rect().width();
        assert!(
            width >= needed + 16.0,
            "the {label} field is {width} px wide; a date needs {needed} px and the margins"
        );
    }
}

/// Issue 43's Confusing 8: a malformed date is said, the order and the
/// filters are kept when the library is left and opened again, a delete
/// chooses the next game, and the status names buttons that exist.
#[test]
fn the_library_says_a_bad_date_keeps_its_order_and_chooses_after_a_delete() {
    let (dir, _) = data_with_games(6);
    let mut h = app_in(dir.path());
    open_library(&mut h);
    let status = h.state().status().to_string();
    for quoted in ["Open in review", "Continue the game"] {
        assert!(status.contains(quoted), "{status}");
    }
    // a date the filter cannot read is said
    let from = h.get_by_role_and_label(egui::accesskit::Role::TextInput, "From");
    from.click();
    h.run();
    h.get_by_role_and_label(egui::accesskit::Role::TextInput, "From")
        .type_text("2026-13-45");
    h.run_steps(2);
    assert!(
        h.query_all_by_label_contains("From is not a date yet")
            .next()
            .is_some(),
        "the bad date is said"
    );
    h.get_by_role_and_label(egui::accesskit::Role::TextInput, "From")
        .click();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.key_press(Key::Backspace);
    h.run_steps(2);
    assert!(
        h.query_all_by_label_contains("is not a date yet")
            .next()
            .is_none()
    );
    // sorted by moves, left and opened again: still sorted by moves
    h.get_by_role_and_label(egui::accesskit::Role::Button, "Moves")
        .click();
    h.run_steps(2);
    let sorted = rows(&h);
    h.get_by_label("Back to my game").click();
    h.run_steps(2);
    assert_eq!(h.state().front_name(), None);
    open_library(&mut h);
    assert_eq!(rows(&h), sorted, "the order is kept");
    // a delete chooses the next game
    h.get_by_label(&sorted[1]).click();
    h.run();
    h.get_by_label("Delete").click();
    h.run_steps(3);
    let chosen: Vec<String> = h
        .get_all_by_role(egui::accesskit::Role::Row)
        .filter(|n| n.accesskit_node().toggled() == Some(egui::accesskit::Toggled::True))
        .filter_map(|n| n.accesskit_node().label())
        .collect();
    assert_eq!(chosen, vec![sorted[2].clone()]);
}
