//! PDF export: parse the files we write and check what is on the pages.

mod pdf;
use lopdf::{Document, Object};
use pdf::{load, page_sizes, page_texts};
use scribe_export::{
    self as export, ExportError, GameExport, Paper, Template, TemplateError, blank_boards,
    game_pdf, game_pdf_with,
};
use scribe_record::{Ending, GameRecord, MarkStyle, PlayerInfo, replay};
use scribe_rules::{ByPlayer, GLYPHS, GridIndex, Player, Variant, grid_groups};
use std::path::Path;

// The workspace's shared test game (also `scribe export`'s in tests/ and .ci/run).
const FULL_GAME: &str = include_str!("../../../tests/data/export_game.txt");

fn count(haystack: &str, needle: &str) -> usize {
    haystack.matches(needle).count()
}

/// Every glyph caption ("Squat-T 4") at least `min` times in `text`.
fn assert_legends(text: &str, min: usize) {
    for g in GLYPHS {
        let caption = format!("{} {}", g.name(), g.points());
        assert!(
            count(text, &caption) >= min,
            "{caption:?} found {} times, want {min}\n{text}",
            count(text, &caption)
        );
    }
}

#[test]
fn a4_boards_have_the_pages_size_and_both_legends() {
    let t = Template::builtin(Paper::A4, 1).unwrap();
    let pdf = blank_boards(&t, 3).unwrap();
    let doc = load(&pdf);
    assert_eq!(page_sizes(&doc), vec![(595, 842); 3]);
    for text in page_texts(&doc) {
        assert_legends(&text, 2);
        for label in ["A", "I", "9", "Player", "Date", "Mini grids won", "Winner"] {
            assert!(text.contains(label), "{label} missing");
        }
    }
}

#[test]
fn letter_and_two_up_sheets() {
    let letter = load(&blank_boards(&Template::builtin(Paper::Letter, 1).unwrap(), 2).unwrap());
    assert_eq!(page_sizes(&letter), vec![(612, 792); 2]);
    assert_legends(&page_texts(&letter)[0], 2);

    let two = load(&blank_boards(&Template::builtin(Paper::A4, 2).unwrap(), 1).unwrap());
    assert_eq!(page_sizes(&two), vec![(842, 595)]);
    // two boards, each with the glyphs in both margins
    assert_legends(&page_texts(&two)[0], 4);
}

#[test]
fn the_font_and_the_board_drawing_are_stored_once() {
    let t = Template::builtin(Paper::A4, 1).unwrap();
    let one = blank_boards(&t, 1).unwrap().len();
    let many = blank_boards(&t, 50).unwrap().len();
    // each extra page costs only its text and a page object
    assert!(
        (many - one) / 49 < 4_000,
        "{one} bytes for 1 page, {many} for 50"
    );
    let doc = load(&blank_boards(&t, 5).unwrap());
    let fonts = doc
        .objects
        .values()
        .filter(|o| {
            o.as_dict()
                .is_ok_and(|d| d.get(b"Type").and_then(Object::as_name).ok() == Some(b"Font"))
                && o.as_dict().is_ok_and(|d| {
                    d.get(b"Subtype").and_then(Object::as_name).ok() == Some(b"Type0")
                })
        })
        .count();
    assert_eq!(fonts, 1, "one embedded font");
    // the board is one form XObject with a /BBox (poppler skips a form without one)
    let forms: Vec<&lopdf::Stream> = doc
        .objects
        .values()
        .filter_map(|o| o.as_stream().ok())
        .filter(|s| s.dict.get(b"Subtype").and_then(Object::as_name).ok() == Some(b"Form"))
        .collect();
    assert_eq!(forms.len(), 1, "one form for all pages");
    let bbox = forms[0].dict.get(b"BBox").unwrap().as_array().unwrap();
    assert_eq!(bbox.len(), 4);
}

/// Issue 19: a thousand pages of eight boards share one page's content, so
/// they take about as much memory and space as one page (564 MB of memory
/// before, when every page held its own copy of the text).
#[test]
fn a_thousand_pages_of_eight_boards_share_one_content() {
    let mut text = String::from("(name: \"eight\", page: (width: 297.0, height: 210.0), boards: [");
    for k in 0..8u8 {
        let (dx, dy) = (f32::from(k % 4) * 74.0, f32::from(k / 4) * 104.0);
        let r = |x: f32, y: f32, w: f32, h: f32| {
            format!(
                "(x: {:.2}, y: {:.2}, w: {:.2}, h: {:.2})",
                x * 0.5 + dx,
                y * 0.5 + dy,
                w * 0.5,
                h * 0.5
            )
        };
        text.push_str(&format!(
            "(header: {}, grid: {}, footer: {}, left_legend: {}, right_legend: {}, legend_columns: 1, text_pt: 4.0),",
            r(29.0, 8.5, 90.5, 18.4),
            r(29.0, 31.1, 90.5, 104.7),
            r(29.0, 141.4, 90.5, 56.6),
            r(5.0, 8.5, 21.9, 193.1),
            r(121.6, 8.5, 21.9, 193.1),
        ));
    }
    text.push_str("], cut_lines: [])");
    let t = Template::from_ron(&text).unwrap();
    assert_eq!(t.boards.len(), 8);
    let one = blank_boards(&t, 1).unwrap().len();
    let pdf = blank_boards(&t, export::MAX_PAGES).unwrap();
    assert!(
        pdf.len() < one + 400 * export::MAX_PAGES,
        "{one} bytes for one page, {} for 1000",
        pdf.len()
    );
    let doc = load(&pdf);
    assert_eq!(page_sizes(&doc), vec![(842, 595); export::MAX_PAGES]);
    let texts = page_texts(&Document::load_mem(&pdf).unwrap());
    assert_legends(&texts[0], 16);
    assert_eq!(texts[0], texts[999], "every page is the same sheet");
}

#[test]
fn page_count_is_checked() {
    let t = Template::builtin(Paper::A4, 1).unwrap();
    assert_eq!(blank_boards(&t, 0), Err(ExportError::PageCount(0)));
    assert!(blank_boards(&t, export::MAX_PAGES + 1).is_err());
}

fn full_record() -> GameRecord {
    let mut r = GameRecord::from_game(replay(FULL_GAME).unwrap());
    r.variant = Variant::SuperGlyph;
    r.players = ByPlayer {
        x: PlayerInfo::human("Ann"),
        o: PlayerInfo::human("Bob"),
    };
    r
}

#[test]
fn an_exported_game_shows_glyphs_scores_results_and_moves() {
    let record = full_record();
    assert!(record.game.position().is_over());
    let doc = load(&game_pdf(&record).unwrap());
    assert_eq!(page_sizes(&doc), vec![(595, 842)]);
    let text = page_texts(&doc).concat();
    let result = record.game.position().result();
    // every scoring group's label
    for grid in &result.grids {
        for p in Player::ALL {
            for g in grid.groups[p].iter().filter_map(|g| g.glyph) {
                let label = format!("{} {}", g.name(), g.points());
                assert!(text.contains(&label), "{label} missing");
            }
        }
    }
    // each mini grid's tally
    for grid in &result.grids {
        assert!(text.contains(&format!("X {}", grid.points.x)));
        assert!(text.contains(&format!("O {}", grid.points.o)));
    }
    // both variants' results, the players, the variant
    let maj = result.majority;
    assert!(text.contains(&format!("X {}", maj.score.x)), "{text}");
    let sg = result.super_glyph.unwrap();
    assert!(text.contains(&format!("X {}", sg.score.x)));
    assert!(text.contains(&format!("O {}", sg.score.o)));
    for g in Player::ALL.iter().flat_map(|&p| grid_groups(result.won[p])) {
        if let Some(glyph) = g.glyph {
            assert!(text.contains(glyph.name()));
        }
    }
    for s in [
        "Majority",
        "Super Glyph (played)",
        "Ann (X)",
        "Bob (O)",
        "finished",
        "Moves (81)",
    ] {
        assert!(text.contains(s), "{s:?} missing\n{text}");
    }
    // the whole move list, in notation, one numbered move an entry as in the
    // app and on the review page (not numbered in pairs)
    for (i, sq) in record.game.moves().iter().enumerate() {
        let p = if i % 2 == 0 { "X" } else { "O" };
        let entry = format!("{}. {p} {sq}", i + 1);
        assert!(text.contains(&entry), "{entry:?} missing\n{text}");
    }
    let m = record.game.moves();
    let first_pair = format!("1. {} {}", m[0], m[1]);
    assert!(!text.contains(&first_pair), "numbered in pairs\n{text}");
    assert!(!text.contains("in progress"));
    // under each mini grid, its winner by name as the title writes them;
    // no tiny grey "mark drawn by"
    assert!(!text.contains("drawn by"), "{text}");
    assert!(
        count(&text, "Ann (X) wins") + count(&text, "Bob (O) wins") >= 9,
        "{text}"
    );
}

#[test]
fn an_unfinished_game_is_marked_in_progress() {
    let record = GameRecord::from_game(replay("D6 H4 C8 E2").unwrap());
    let doc = load(
        &game_pdf_with(
            &record,
            &GameExport {
                paper: Paper::Letter,
                marks: MarkStyle::PlusO,
            },
        )
        .unwrap(),
    );
    assert_eq!(page_sizes(&doc), vec![(612, 792)]);
    let text = page_texts(&doc).concat();
    assert!(text.contains("IN PROGRESS"), "{text}");
    assert!(text.contains("in progress: 4 of 81 moves"), "{text}");
    for entry in ["1. + D6", "2. O H4", "3. + C8", "4. O E2"] {
        assert!(text.contains(entry), "{entry:?} missing\n{text}");
    }
    // the Singles of the four marks
    assert!(count(&text, "Single 1") >= 4);
    // nothing is won yet
    assert!(text.contains("undecided"));
    let _ = GridIndex::ALL;
}

#[test]
fn a_resigned_game_says_who_resigned_and_who_won() {
    let mut record = GameRecord::from_game(replay("D6 H4 C8 E2").unwrap());
    record.players = ByPlayer {
        x: PlayerInfo::human("Ann"),
        o: PlayerInfo::human("Bob"),
    };
    for (ending, said) in [
        (
            Ending::Resigned(Player::O),
            "finished: Bob (O) resigned after 4 moves, Ann (X) wins",
        ),
        (
            Ending::OutOfTime(Player::X),
            "finished: Ann (X) ran out of time after 4 moves, Bob (O) wins",
        ),
    ] {
        record.ended = Some(ending);
        let text = page_texts(&load(&game_pdf(&record).unwrap())).concat();
        assert!(text.contains(said), "{said:?} missing\n{text}");
        assert!(!text.contains("IN PROGRESS"), "{text}");
        assert!(!text.contains("in progress"), "{text}");
        // The variant played (Majority) is decided by the ending.
        let winner = format!("{} wins", ending.winner());
        assert!(text.contains(&winner), "{winner:?} missing\n{text}");
    }
}

/// A text entry of the document information dictionary (`Title`,
/// `CreationDate`), decoded from PDFDocEncoding or UTF-16BE.
fn info(doc: &Document, key: &[u8]) -> String {
    let id = doc
        .trailer
        .get(b"Info")
        .and_then(Object::as_reference)
        .expect("an Info dictionary");
    let dict = doc.get_dictionary(id).expect("the Info dictionary");
    let bytes = dict
        .get(key)
        .and_then(Object::as_str)
        .unwrap_or_else(|_| panic!("{} in Info", String::from_utf8_lossy(key)));
    match bytes {
        [0xFE, 0xFF, rest @ ..] => {
            let units: Vec<u16> = rest
                .chunks(2)
                .map(|c| u16::from_be_bytes([c[0], *c.get(1).unwrap_or(&0)]))
                .collect();
            String::from_utf16_lossy(&units)
        }
        _ => bytes.iter().map(|&b| char::from(b)).collect(),
    }
}

#[test]
fn a_pdf_is_dated_today_and_titled_by_its_game() {
    let year = chrono::Utc::now().format("%Y").to_string();
    let mut record = full_record();
    record.started = Some("2026-05-04T10:00:00Z".parse().unwrap());
    let doc = load(&game_pdf(&record).unwrap());
    let created = info(&doc, b"CreationDate");
    assert!(
        created.starts_with(&format!("D:{year}")),
        "created {created:?}, not this year ({year})"
    );
    assert_eq!(
        info(&doc, b"Title"),
        "Scribe: Ann (X) vs Bob (O), 2026-05-04"
    );
    // another game, another title
    let other = load(&game_pdf(&GameRecord::from_game(replay("D6 H4").unwrap())).unwrap());
    assert_eq!(info(&other, b"Title"), "Scribe: X vs O, date not recorded");
    // blank boards: dated today too
    let boards = load(&blank_boards(&Template::builtin(Paper::A4, 1).unwrap(), 1).unwrap());
    assert!(info(&boards, b"CreationDate").starts_with(&format!("D:{year}")));
}

#[test]
fn accented_names_print_as_written() {
    let mut record = full_record();
    record.players = ByPlayer {
        x: PlayerInfo::human("Zoë Łukasz"),
        o: PlayerInfo::human("José"),
    };
    let pdf = game_pdf(&record).unwrap();
    let text = page_texts(&load(&pdf)).concat();
    for s in ["Zoë Łukasz (X)", "José (O)"] {
        assert!(text.contains(s), "{s:?} missing\n{text}");
    }
    assert!(!text.contains('?'), "a letter fell back to '?'\n{text}");
}

#[test]
fn every_board_and_every_game_credits_mark_steere() {
    assert_eq!(scribe_rules::CREDIT, "Scribe © Mark Steere");
    for (paper, per_page) in [(Paper::A4, 1), (Paper::Letter, 1), (Paper::A4, 2)] {
        let t = Template::builtin(paper, per_page).unwrap();
        let doc = load(&blank_boards(&t, 2).unwrap());
        for text in page_texts(&doc) {
            assert_eq!(
                count(&text, scribe_rules::CREDIT),
                per_page,
                "{paper:?}, {per_page} per page:\n{text}"
            );
        }
    }
    for record in [
        full_record(),
        GameRecord::from_game(replay("D6 H4 C8 E2").unwrap()),
    ] {
        let text = page_texts(&load(&game_pdf(&record).unwrap())).concat();
        assert_eq!(count(&text, scribe_rules::CREDIT), 1, "{text}");
    }
}

const GOOD: &str = include_str!("../../../templates/a4.ron");

fn template_err(text: &str) -> String {
    let e: TemplateError = Template::from_ron(text).unwrap_err();
    e.to_string()
}

#[test]
fn template_errors_name_the_field() {
    // wrong type
    let e = template_err(&GOOD.replacen("w: 128.0", "w: \"wide\"", 1));
    assert!(e.contains("boards[0].header.w"), "{e}");
    assert!(e.starts_with("line 9, column"), "{e}");
    // missing field
    let e = template_err(&GOOD.replace(
        "            footer: (x: 41.0, y: 200.0, w: 128.0, h: 80.0),\n",
        "",
    ));
    assert!(e.contains("footer"), "{e}");
    // unknown field
    let e = template_err(&GOOD.replace("legend_columns: 1", "legend_colums: 1"));
    assert!(e.contains("legend_colums"), "{e}");
    // out of range
    let e = template_err(&GOOD.replace("x: 172.0", "x: 192.0"));
    assert!(
        e.contains("boards[0].right_legend") && e.contains("beyond"),
        "{e}"
    );
    let e = template_err(&GOOD.replace("legend_columns: 1", "legend_columns: 9"));
    assert!(e.contains("boards[0].legend_columns"), "{e}");
    let e = template_err(&GOOD.replace("width: 210.0", "width: 0.0"));
    assert!(e.contains("page.width"), "{e}");
    let two = include_str!("../../../templates/a4-two-up.ron");
    let e = template_err(&two.replace("y2: 206.0", "y2: 260.0"));
    assert!(e.contains("cut_lines[0]"), "{e}");
    // not RON at all
    let e = template_err("(name: \"x\", page: (width: 210.0,");
    assert!(e.starts_with("line 1, column"), "{e}");
}

/// Whether two rectangles share more than a hairline.
fn overlap(a: &export::Rect, b: &export::Rect) -> bool {
    let eps = 0.01;
    a.x + a.w > b.x + eps && b.x + b.w > a.x + eps && a.y + a.h > b.y + eps && b.y + b.h > a.y + eps
}

#[test]
fn the_shipped_templates_are_the_built_in_ones_and_fit_their_paper() {
    // (The built-in templates are compiled from these files, so comparing a
    // file with its built-in copy alone could never fail.)
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../templates");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".ron"))
        .collect();
    files.sort();
    // every file shipped (and installed by the package) is one of these
    assert_eq!(files, ["a4-two-up.ron", "a4.ron", "letter.ron"]);
    let mut seen: Vec<Template> = Vec::new();
    for (file, paper, n, page) in [
        ("a4.ron", Paper::A4, 1, (210.0, 297.0)),
        ("letter.ron", Paper::Letter, 1, (215.9, 279.4)),
        ("a4-two-up.ron", Paper::A4, 2, (297.0, 210.0)),
    ] {
        let t = Template::builtin(paper, n).unwrap();
        assert_eq!(Template::load(&dir.join(file)).unwrap(), t, "{file}");
        // the paper asked for, with the boards asked for
        assert_eq!((t.page.width, t.page.height), page, "{file}");
        assert_eq!(t.boards.len(), n, "{file}");
        assert!(!seen.contains(&t), "{file} is another template's copy");
        // no part of a board lies on another part or on another board
        let rects: Vec<(usize, &str, export::Rect)> = t
            .boards
            .iter()
            .enumerate()
            .flat_map(|(i, b)| {
                [
                    (i, "header", b.header),
                    (i, "grid", b.grid),
                    (i, "footer", b.footer),
                    (i, "left_legend", b.left_legend),
                    (i, "right_legend", b.right_legend),
                ]
            })
            .collect();
        for (k, a) in rects.iter().enumerate() {
            for b in &rects[k + 1..] {
                assert!(!overlap(&a.2, &b.2), "{file}: {a:?} overlaps {b:?}");
            }
        }
        // a cut line crosses no board
        for l in &t.cut_lines {
            let line = export::Rect {
                x: l.x1.min(l.x2),
                y: l.y1.min(l.y2),
                w: (l.x2 - l.x1).abs(),
                h: (l.y2 - l.y1).abs(),
            };
            for r in &rects {
                assert!(!overlap(&line, &r.2), "{file}: a cut line crosses {r:?}");
            }
        }
        seen.push(t);
    }
}
