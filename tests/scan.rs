//! `scribe scan` and `scribe boards --layout` through the real binary, on
//! photos made by the generator (`scribe_scan::synth`) from the printed layout.

#![allow(clippy::needless_range_loop)]

mod common;
#[path = "../crates/scan/tests/common/mod.rs"]
mod sheets;

use common::{assert_clear_error, scribe, stdout};
use scribe_export::Paper;
use scribe_scan::Class;
use scribe_scan::synth::{Options, Sheet, photo};

/// The A4 sheet of one board, with its markers or (an old sheet) without.
fn a4_sheet(markers: bool) -> Sheet {
    let sheet = sheets::sheet(Paper::A4, 1);
    if markers {
        sheet
    } else {
        sheets::without_markers(sheet)
    }
}

const SMALL: Options = Options {
    width: 2000,
    height: 1500,
    sheet_ppm: 5.0,
    blur: None,
};

#[test]
fn boards_layout_writes_every_square_in_points_from_the_top_left() {
    let dir = tempfile::tempdir().unwrap();
    let (pdf, json) = (dir.path().join("b.pdf"), dir.path().join("b.json"));
    let o = scribe(&[
        "boards",
        "--per-page",
        "2",
        "--pages",
        "2",
        "-o",
        pdf.to_str().unwrap(),
        "--layout",
        json.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{o:?}");
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let pages = v["pages"].as_array().unwrap();
    assert_eq!(pages.len(), 2);
    let page = &pages[0];
    assert_eq!(
        page.as_object().unwrap().len(),
        3,
        "width, height, boards only"
    );
    let (w, h) = (
        page["width"].as_f64().unwrap(),
        page["height"].as_f64().unwrap(),
    );
    assert!(
        (w - 841.89).abs() < 0.1 && (h - 595.28).abs() < 0.1,
        "A4 landscape"
    );
    let boards = page["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 2);
    let sq = |b: usize, i: usize| -> Vec<f64> {
        boards[b]["squares"][i]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_f64().unwrap())
            .collect()
    };
    assert_eq!(boards[0]["squares"].as_array().unwrap().len(), 81);
    // A1 left of B1, A1 above A2, the second board right of the first
    assert!(sq(0, 0)[2] <= sq(0, 1)[0] + 0.01);
    assert!(sq(0, 0)[3] <= sq(0, 9)[1] + 0.01);
    assert!(sq(1, 0)[0] > w / 2.0);
    for i in 0..81 {
        let s = sq(0, i);
        assert!(s[0] < s[2] && s[1] < s[3] && s[2] <= w && s[3] <= h);
    }
}

#[test]
fn scan_reads_a_photo_as_json_and_as_text_with_the_referee() {
    let dir = tempfile::tempdir().unwrap();
    let p = photo(&a4_sheet(true), 424_242, &SMALL);
    let path = dir.path().join("photo.jpg");
    std::fs::write(&path, &p.jpeg).unwrap();
    let o = scribe(&["scan", "--json", path.to_str().unwrap()]);
    assert!(o.status.success(), "{o:?}");
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v.as_object().unwrap().len(), 1);
    let boards = v["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 1);
    let b = &boards[0];
    assert_eq!(b.as_object().unwrap().len(), 3);
    let (sq, sl, cf) = (
        b["squares"].as_array().unwrap(),
        b["slashed"].as_array().unwrap(),
        b["confidence"].as_array().unwrap(),
    );
    assert_eq!((sq.len(), sl.len(), cf.len()), (81, 81, 81));
    let mut right = 0;
    for i in 0..81 {
        let mark = match sq[i].as_str() {
            None => None,
            Some("x") => Some(scribe_rules::Player::X),
            Some("o") => Some(scribe_rules::Player::O),
            Some(other) => panic!("{other} is no mark"),
        };
        let c = cf[i].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&c));
        right += usize::from(Class::of(mark, sl[i].as_bool().unwrap()) == p.truth[0][i]);
    }
    assert!(right >= 79, "{right} of 81 squares right");

    let o = scribe(&["scan", path.to_str().unwrap()]);
    assert!(o.status.success(), "{o:?}");
    let text = stdout(&o);
    assert!(text.contains("   A B C D E F G H I\n"), "{text}");
    assert!(text.contains("Majority"), "{text}");
    // the board part is what `scribe score --board` reads
    let board: String = text
        .lines()
        .skip_while(|l| l.starts_with('#'))
        .take(10)
        .map(|l| format!("{l}\n"))
        .collect();
    let file = dir.path().join("board.txt");
    std::fs::write(&file, board).unwrap();
    let o = scribe(&["score", "--board", file.to_str().unwrap()]);
    assert!(o.status.success(), "{o:?}");
}

#[test]
fn scan_refuses_what_is_not_a_readable_photo_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let text = dir.path().join("notes.jpg");
    std::fs::write(&text, "not a photo").unwrap();
    let o = scribe(&["scan", text.to_str().unwrap()]);
    assert_clear_error(&o, "notes.jpg: not an image");

    // an old sheet: no markers
    let old = dir.path().join("old.jpg");
    std::fs::write(&old, photo(&a4_sheet(false), 7, &SMALL).jpeg).unwrap();
    let o = scribe(&["scan", old.to_str().unwrap()]);
    assert_clear_error(
        &o,
        "old.jpg: no markers found: print a new sheet with `scribe boards`, or enter the board by hand",
    );

    // a dark photo
    let dark = dir.path().join("dark.png");
    let img = image::GrayImage::from_pixel(800, 600, image::Luma([12]));
    img.save(&dark).unwrap();
    let o = scribe(&["scan", dark.to_str().unwrap()]);
    assert_clear_error(&o, "dark.png: too dark");

    // nothing half-read: a good photo beside a bad one prints nothing
    let good = dir.path().join("good.jpg");
    std::fs::write(&good, photo(&a4_sheet(true), 11, &SMALL).jpeg).unwrap();
    let o = scribe(&["scan", good.to_str().unwrap(), text.to_str().unwrap()]);
    assert_clear_error(&o, "notes.jpg: not an image");
}
