//! Game → Scan a paper board… through the window, by accessible labels: a
//! photo made by the generator (`scribe_scan::synth`) is dropped on the
//! window, read on a worker, and opens in the paper board's editor.

mod common;
use common::{app_in, settle};
#[path = "../crates/scan/tests/common/mod.rs"]
mod sheets;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use scribe::ui::ScribeApp;
use scribe_export::Paper;
use scribe_rules::{Player, Position, Square};
use scribe_scan::Class;
use scribe_scan::synth::{Options, photo_of};
use std::path::{Path, PathBuf};

/// A file dropped on the window, as the windowing layer hands it over.
#[derive(Debug)]
struct Dropped(PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

fn drop_file(h: &mut Harness<'_, ScribeApp>, path: &Path) {
    h.input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(path.to_path_buf())));
    h.run_steps(2);
    settle(h);
}

/// The accessible name of a board square ("E5, +, previous move, to check").
fn square_label(h: &Harness<'_, ScribeApp>, sq: Square) -> String {
    let prefix = format!("{sq}, ");
    h.get_by(move |n| {
        n.role() == egui::accesskit::Role::Button
            && n.label().is_some_and(|l| l.starts_with(&prefix))
    })
    .accesskit_node()
    .label()
    .unwrap_or_default()
}

/// A full game's board as the sheet shows it: every mark slashed but each
/// player's last.
fn full_board(seed: u64) -> (Position, [Class; 81]) {
    let (pos, moves) = common::random_game(seed, 81);
    assert_eq!(moves.len(), 81);
    let classes = std::array::from_fn(|i| {
        let sq = Square::ALL[i];
        Class::of(pos.at(sq), pos.is_slashed(sq))
    });
    (pos, classes)
}

const PHOTO: Options = Options {
    width: 2000,
    height: 1500,
    sheet_ppm: 5.0,
    blur: None,
};

#[test]
fn a_dropped_photo_opens_in_the_editor_with_unsure_squares_circled_and_the_order_ends_with_the_live_marks()
 {
    let dir = tempfile::tempdir().unwrap();
    let (pos, classes) = full_board(46);
    let sheet = sheets::sheet(Paper::A4, 1);
    let photo = photo_of(&sheet, Some(&[classes]), 4650, &PHOTO);
    assert_eq!(photo.truth[0], classes);
    let file = dir.path().join("sheet.jpg");
    std::fs::write(&file, &photo.jpeg).unwrap();
    // what the reader makes of it, to compare with the window
    let read = scribe_scan::scan(&photo.jpeg).unwrap().remove(0);
    let unsure = read.unsure();
    assert!(!unsure.is_empty(), "a square to check, for the test");

    let mut h = app_in(dir.path());
    drop_file(&mut h, &file);
    // read, then kept at once (full): the status says both
    let status = h.state().status().to_string();
    let still = match unsure.len() {
        1 => "1 circled square is still to check.".to_string(),
        n => format!("{n} circled squares are still to check."),
    };
    assert!(status.ends_with(&still), "{status}");
    h.get_by_label(&format!("{} circled to check", unsure.len()));
    h.get_by_label_contains("Scoring a paper board");
    h.get_by_label_contains("The photo sheet.jpg: board 1 of 1");
    let mut wrong = 0;
    for (i, sq) in Square::ALL.into_iter().enumerate() {
        let label = square_label(&h, sq);
        let shown = if label.contains(", +,") {
            Some(Player::X)
        } else if label.contains(", O,") {
            Some(Player::O)
        } else {
            None
        };
        assert_eq!(shown, read.squares[i], "{label}");
        assert_eq!(
            label.ends_with(", to check"),
            unsure.contains(&i),
            "{label}"
        );
        if shown != pos.at(sq) {
            wrong += 1;
            assert!(unsure.contains(&i), "{label} is wrong and not circled");
        }
    }
    assert_eq!(wrong, 0, "this photo is read right");
    // the full board was kept, its order ending with the unslashed marks
    let library = dir.path().join("library");
    let files: Vec<_> = std::fs::read_dir(&library).unwrap().flatten().collect();
    assert_eq!(files.len(), 1, "{}", h.state().status());
    assert!(
        h.state()
            .status()
            .contains("with an order of moves ending with the unslashed marks"),
        "{}",
        h.state().status()
    );
    let text = std::fs::read_to_string(files[0].path()).unwrap();
    let kept = scribe::record::GameRecord::from_text(&text).unwrap();
    let moves = kept.game.moves();
    let live = |p: Player| {
        Square::ALL
            .into_iter()
            .find(|&sq| pos.at(sq) == Some(p) && !pos.is_slashed(sq))
            .unwrap()
    };
    assert_eq!((moves[80], moves[79]), (live(Player::X), live(Player::O)));

    // a click on a circled square corrects it and takes its circle away
    let sq = Square::ALL[unsure[0]];
    let prefix = format!("{sq}, ");
    h.get_by(move |n| {
        n.role() == egui::accesskit::Role::Button
            && n.label().is_some_and(|l| l.starts_with(&prefix))
    })
    .click();
    h.run();
    assert!(!square_label(&h, sq).ends_with(", to check"));
    match unsure.len() - 1 {
        0 => h.get_by_label("Nothing left circled."),
        left => h.get_by_label(&format!("{left} circled to check")),
    };
}

#[test]
fn a_file_that_is_no_photo_says_so_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("notes.png");
    std::fs::write(&file, "not a photo").unwrap();
    let mut h = app_in(dir.path());
    drop_file(&mut h, &file);
    let status = h.state().status().to_string();
    assert!(
        status.starts_with("Could not read notes.png: not an image"),
        "{status}"
    );
    assert!(!status.contains('\n'));
}

#[test]
fn several_boards_on_a_photo_are_chosen_one_by_one() {
    let dir = tempfile::tempdir().unwrap();
    let sheet = sheets::sheet(Paper::A4, 2);
    let photo = photo_of(&sheet, None, 70, &PHOTO);
    let file = dir.path().join("two.jpg");
    std::fs::write(&file, &photo.jpeg).unwrap();
    let mut h = app_in(dir.path());
    drop_file(&mut h, &file);
    assert!(
        h.state()
            .status()
            .starts_with("Read two.jpg: board 1 of 2;"),
        "{}",
        h.state().status()
    );
    h.get_by_label("Board 1 of 2");
    h.get_by_label("Next").click();
    h.run();
    h.get_by_label("Board 2 of 2");
    assert!(
        h.state()
            .status()
            .starts_with("Read two.jpg: board 2 of 2;")
    );
}
