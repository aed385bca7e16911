//! The printable Scribbage score sheet: players across, turns down, each box
//! with the seed's scoring lines; the letter values and the cubes below.

use super::board::{self, rule};
use super::canvas::{Align, BLACK, BLUE, Canvas, FAINT, Ink};
use super::{ExportError, Paper, finish_page, load_font};
use printpdf::PdfDocument;
use scribe_scribbage::{CREDIT, CUBES, LETTER_VALUES, LETTER_VALUES_SOURCE, WORDS_SOURCE};

const GREEN: Ink = Ink(0.12, 0.40, 0.22);

/// A PDF score sheet for up to 6 players (`names`: one a column, blank
/// names leave a line to write on) and 1 to 10 turns.
///
/// # Errors
/// Only if the bundled font is broken.
pub fn scribbage_sheet_pdf(
    names: &[String],
    turns: usize,
    paper: Paper,
) -> Result<Vec<u8>, ExportError> {
    let cols = names.len().clamp(1, 6);
    let turns = turns.clamp(1, 10);
    let mut doc = PdfDocument::new("Scribbage score sheet");
    let font = load_font(&mut doc)?;
    let (w, h) = paper.size_mm();
    let mut cv = Canvas::new(&font, w, h);
    let m = 14.0;
    cv.text(m, m + 6.0, 22.0, "Scribbage", Align::Left, BLUE);
    cv.text(
        w - m,
        m + 6.0,
        10.0,
        "score sheet · date ____________",
        Align::Right,
        FAINT,
    );
    cv.text(
        m,
        m + 12.5,
        9.0,
        "Across words + down words (a letter in both counts twice; jokers score nothing), less the cubes left over.",
        Align::Left,
        BLACK,
    );
    // the table
    let top = m + 18.0;
    let label_w = 16.0;
    let head_h = 10.0;
    let foot_h = 12.0;
    let bottom = h - 52.0;
    let col_w = (w - 2.0 * m - label_w) / cols as f32;
    let row_h = (bottom - top - head_h - foot_h) / turns as f32;
    let x0 = m + label_w;
    let salt = 0x5C1B;
    // frame lines
    for c in 0..=cols {
        let x = x0 + col_w * c as f32;
        cv.line(
            [x, top],
            [x, bottom],
            0.3,
            BLUE,
            board::seed(&[salt, 1, c as u64]),
        );
    }
    cv.line(
        [m, top + head_h],
        [x0 + col_w * cols as f32, top + head_h],
        0.35,
        BLUE,
        salt + 2,
    );
    for r in 0..=turns {
        let y = top + head_h + row_h * r as f32;
        cv.line(
            [m, y],
            [x0 + col_w * cols as f32, y],
            0.3,
            BLUE,
            board::seed(&[salt, 3, r as u64]),
        );
    }
    cv.line(
        [m, bottom],
        [x0 + col_w * cols as f32, bottom],
        0.35,
        BLUE,
        salt + 4,
    );
    // names
    for (c, name) in names.iter().take(cols).enumerate() {
        let x = x0 + col_w * c as f32;
        if name.trim().is_empty() {
            cv.text(x + 2.0, top + 7.0, 9.0, "Name", Align::Left, FAINT);
            rule(
                &mut cv,
                x + 11.0,
                x + col_w - 2.0,
                top + 7.5,
                board::seed(&[salt, 5, c as u64]),
            );
        } else {
            cv.text_fit(
                [x + col_w / 2.0, top + 7.0],
                12.0,
                col_w - 4.0,
                name,
                Align::Center,
                BLACK,
            );
        }
    }
    // turns with the scoring lines
    let lines = [
        "Horizontal words",
        "Vertical words",
        "sum",
        "less cubes left over",
        "TOTAL SCORE",
        "Running total",
    ];
    let tp = (row_h / lines.len() as f32 * 72.0 / 25.4 * 0.55).clamp(6.0, 9.5);
    for r in 0..turns {
        let y = top + head_h + row_h * r as f32;
        cv.text(
            m + 1.5,
            y + row_h / 2.0 + 2.0,
            11.0,
            &format!("Turn {}", r + 1),
            Align::Left,
            BLUE,
        );
        let step = row_h / (lines.len() as f32 + 0.3);
        for c in 0..cols {
            let x = x0 + col_w * c as f32;
            for (k, label) in lines.iter().enumerate() {
                let ly = y + step * (k as f32 + 1.0);
                let ink = if k >= 4 { GREEN } else { FAINT };
                let ink = if k == 2 { FAINT } else { ink };
                if k == 2 || k == 4 {
                    // the sum and the total under a line, as in the seed's example
                    rule(
                        &mut cv,
                        x + col_w * 0.55,
                        x + col_w - 3.0,
                        ly - step * 0.35,
                        board::seed(&[salt, 6, r as u64, c as u64]),
                    );
                }
                cv.text(x + 2.0, ly, tp, label, Align::Left, ink);
                let lx = x + 3.0 + cv.font().width_mm(label, tp);
                rule(
                    &mut cv,
                    lx.max(x + col_w * 0.55),
                    x + col_w - 3.0,
                    ly + 0.5,
                    board::seed(&[salt, 7, r as u64, c as u64, k as u64]),
                );
            }
        }
    }
    // final totals
    cv.text(m + 1.5, bottom - 4.0, 11.0, "TOTAL", Align::Left, GREEN);
    // the rules of the table: letter values and cubes
    let fy = bottom + 8.0;
    cv.text(m, fy, 10.0, "Letter values", Align::Left, BLUE);
    let per = (w - 2.0 * m) / 13.0;
    for (i, v) in LETTER_VALUES.iter().enumerate() {
        let x = m + per * (i % 13) as f32;
        let y = fy + 6.0 + 5.5 * (i / 13) as f32;
        let l = char::from(b'A' + i as u8);
        cv.text(x, y, 10.0, &format!("{l} {v}"), Align::Left, BLACK);
    }
    cv.text(
        m,
        fy + 21.0,
        10.0,
        "The 13 cubes (? = joker)",
        Align::Left,
        BLUE,
    );
    let cubes: Vec<String> = CUBES
        .iter()
        .map(|c| c.chars().map(String::from).collect::<Vec<_>>().join(""))
        .collect();
    cv.text_fit(
        [m, fy + 27.0],
        10.0,
        w - 2.0 * m,
        &cubes.join("   "),
        Align::Left,
        BLACK,
    );
    let note = format!("Values: {LETTER_VALUES_SOURCE}. Words: {WORDS_SOURCE}.");
    cv.text_fit([m, fy + 33.0], 7.5, w - 2.0 * m, &note, Align::Left, FAINT);
    let credit = format!("{CREDIT}. Printed by Scribe Desk, an unofficial companion.");
    cv.text_fit(
        [w / 2.0, h - 8.0],
        8.0,
        w - 2.0 * m,
        &credit,
        Align::Center,
        FAINT,
    );
    let page = finish_page(&mut doc, cv, w, h);
    doc.with_pages(vec![page]);
    Ok(super::save(&doc))
}
