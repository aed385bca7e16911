//! PDFs: printable blank boards and annotated games.
//!
//! Both functions are pure: they return the bytes of a PDF and the caller
//! writes them (with [`crate::fsio::write_atomic`], so no partial file is ever
//! left behind).
//!
//! ```no_run
//! use scribe::export::{Paper, Template, blank_boards};
//! let template = Template::builtin(Paper::A4, 1).unwrap();
//! let pdf = blank_boards(&template, 3).unwrap();
//! scribe::fsio::write_atomic(std::path::Path::new("boards.pdf"), &pdf).unwrap();
//! ```
//!
//! Everything hand-drawn (lines, marks, outlines, glyph dots) comes from
//! [`crate::pen`], so the paper looks like the screen. The board's strokes go
//! into a form XObject drawn by every page, and the bundled font is embedded
//! once: a hundred pages of boards stay small.

mod board;
mod canvas;
mod game;
mod template;

pub use template::{BoardSlot, CutLine, PageSize, Paper, Rect, Template, TemplateError, mm_to_pt};

use crate::record::GameRecord;
use crate::rules::Player;
use board::{BoardGeom, draw_grid, draw_legend, rule};
use canvas::{Align, BLUE, Canvas, FAINT, Font};
use printpdf::{
    Mm, Op, ParsedFont, PdfDocument, PdfPage, PdfSaveOptions, XObjectId, XObjectTransform,
};

/// The bundled hand-drawn font (Humor Sans, SIL OFL 1.1), embedded in every PDF.
pub const FONT_TTF: &[u8] = include_bytes!("../../fonts/Humor-Sans.ttf");

/// The most pages one call makes.
pub const MAX_PAGES: usize = 1000;

/// Why a PDF cannot be made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ExportError {
    /// The template is malformed or out of range.
    #[error("template: {0}")]
    Template(#[from] TemplateError),
    /// The bundled font could not be parsed (a broken build).
    #[error("the bundled font cannot be read")]
    Font,
    /// A page count of 0 or more than [`MAX_PAGES`].
    #[error("{0} pages: give 1 to {MAX_PAGES}")]
    PageCount(usize),
}

/// Options for [`game_pdf_with`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GameExport {
    /// The paper size.
    pub paper: Paper,
    /// Draw the first player's marks as "+" as on Steere's sheet (otherwise "X").
    pub plus_for_x: bool,
}

/// A PDF of `pages` pages of blank boards laid out by `template`.
///
/// # Errors
/// A page count of 0 or above [`MAX_PAGES`].
pub fn blank_boards(template: &Template, pages: usize) -> Result<Vec<u8>, ExportError> {
    if pages == 0 || pages > MAX_PAGES {
        return Err(ExportError::PageCount(pages));
    }
    let mut doc = PdfDocument::new("Scribe boards");
    let font = load_font(&mut doc)?;
    let (w, h) = (template.page.width, template.page.height);
    let mut cv = Canvas::new(&font, w, h);
    for (i, slot) in template.boards.iter().enumerate() {
        draw_blank_board(&mut cv, slot, i as u64);
    }
    for (i, l) in template.cut_lines.iter().enumerate() {
        draw_cut_line(&mut cv, l, i as u64);
    }
    let (form, text) = cv.finish();
    let form_id = doc.add_xobject(&form);
    let page_ops = with_form(&form_id, text);
    let page = PdfPage::new(Mm(w), Mm(h), page_ops);
    doc.with_pages(vec![page; pages]);
    Ok(save(&doc))
}

/// A PDF of a game: the board with every mark, each scoring group outlined
/// and labelled, the tallies and winners' marks, both variants' results, the
/// players, date and variant, and the move list. An unfinished game is marked
/// "in progress". A4, marks drawn X and O.
///
/// # Errors
/// Only if the bundled font is broken.
pub fn game_pdf(record: &GameRecord) -> Result<Vec<u8>, ExportError> {
    game_pdf_with(record, &GameExport::default())
}

/// [`game_pdf`] with a choice of paper and marks.
///
/// # Errors
/// Only if the bundled font is broken.
pub fn game_pdf_with(record: &GameRecord, opts: &GameExport) -> Result<Vec<u8>, ExportError> {
    let mut doc = PdfDocument::new("Scribe game");
    let font = load_font(&mut doc)?;
    let (w, h) = opts.paper.size_mm();
    let mut cv = Canvas::new(&font, w, h);
    game::draw_game(&mut cv, record, opts, w, h);
    let (form, text) = cv.finish();
    let form_id = doc.add_xobject(&form);
    doc.with_pages(vec![PdfPage::new(Mm(w), Mm(h), with_form(&form_id, text))]);
    Ok(save(&doc))
}

fn load_font(doc: &mut PdfDocument) -> Result<Font, ExportError> {
    let parsed = ParsedFont::from_bytes(FONT_TTF, 0, &mut Vec::new()).ok_or(ExportError::Font)?;
    let id = doc.add_font(&parsed);
    Ok(Font { parsed, id })
}

fn with_form(form: &XObjectId, text: Vec<Op>) -> Vec<Op> {
    let mut ops = Vec::with_capacity(text.len() + 1);
    ops.push(Op::UseXobject {
        id: form.clone(),
        transform: XObjectTransform::default(),
    });
    ops.extend(text);
    ops
}

fn save(doc: &PdfDocument) -> Vec<u8> {
    let opts = PdfSaveOptions {
        optimize: true,
        subset_fonts: false,
        secure: true,
        image_optimization: None,
    };
    doc.save(&opts, &mut Vec::new())
}

/// Text height in mm for a size in points.
fn pt_mm(pt: f32) -> f32 {
    pt * 25.4 / 72.0
}

/// A faint dashed line, each dash a short pen stroke.
fn draw_cut_line(cv: &mut Canvas<'_>, l: &CutLine, index: u64) {
    let (dx, dy) = (l.x2 - l.x1, l.y2 - l.y1);
    let len = (dx * dx + dy * dy).sqrt();
    let (dash, period) = (2.5, 5.0);
    let n = (len / period).floor() as usize;
    for k in 0..=n {
        let t0 = k as f32 * period / len.max(1e-3);
        let t1 = ((k as f32 * period + dash) / len.max(1e-3)).min(1.0);
        if t0 >= 1.0 {
            break;
        }
        let a = [l.x1 + dx * t0, l.y1 + dy * t0];
        let b = [l.x1 + dx * t1, l.y1 + dy * t1];
        cv.line(a, b, 0.2, FAINT, board::seed(&[0xC07, index, k as u64]));
    }
}

fn draw_blank_board(cv: &mut Canvas<'_>, slot: &BoardSlot, index: u64) {
    let salt = 0xB0A2D + index;
    let tp = slot.text_pt;
    draw_legend(cv, slot.left_legend, slot.legend_columns, tp, salt);
    draw_legend(cv, slot.right_legend, slot.legend_columns, tp, salt + 100);
    let geom = BoardGeom::fit(slot.grid);
    draw_grid(cv, &geom, tp, salt);

    // header: the players' names, the date, the version played
    let r = slot.header;
    let rh = r.h / 3.0;
    let lw = cv.font().width_mm("Player ", tp);
    let mark = pt_mm(tp) * 0.75;
    let split = r.x + r.w * 0.62;
    for (row, player) in Player::ALL.into_iter().enumerate() {
        let y = r.y + rh * (row as f32 + 0.8);
        cv.text(r.x, y, tp, "Player", Align::Left, BLUE);
        let center = [r.x + lw + mark * 0.6, y - mark * 0.5];
        let s = board::seed(&[salt, 22, row as u64]);
        board::draw_mark(cv, player, true, center, mark, BLUE, s);
        let x = r.x + lw + mark * 1.2 + 2.0;
        rule(
            cv,
            x,
            split - 2.0,
            y + 0.6,
            board::seed(&[salt, 20, row as u64]),
        );
    }
    let dw = cv.font().width_mm("Date ", tp) + 1.0;
    cv.text(split, r.y + rh * 0.8, tp, "Date", Align::Left, BLUE);
    rule(
        cv,
        split + dw,
        r.x + r.w,
        r.y + rh * 0.8 + 0.6,
        board::seed(&[salt, 21]),
    );
    cv.text_fit(
        [split, r.y + rh * 1.8],
        tp * 0.8,
        r.x + r.w - split,
        "Majority / Super Glyph",
        Align::Left,
        FAINT,
    );
    cv.text_fit(
        [r.x, r.y + rh * 2.7],
        tp * 0.75,
        r.w,
        "Slash your previous move. Your last square points to the mini grid of your next move.",
        Align::Left,
        FAINT,
    );

    // footer: the result in both variants, with a 3x3 board for the super glyphs
    let f = slot.footer;
    let rh = (pt_mm(tp) * 2.6).min(f.h / 4.0);
    cv.text(f.x, f.y + rh * 0.8, tp * 1.1, "Result", Align::Left, BLUE);
    let side = (rh * 3.0).min(f.w * 0.3);
    let sx = f.x + f.w - side;
    let sy = f.y + rh * 0.35;
    board::draw_small_grid(cv, [sx, sy], side, board::seed(&[salt, 30]));
    cv.text_fit(
        [sx + side / 2.0, sy + side + pt_mm(tp * 0.75) * 1.3],
        tp * 0.75,
        side * 1.4,
        "super glyph board",
        Align::Center,
        FAINT,
    );
    let right = sx - 4.0;
    let lines = ["Mini grids won", "Super Glyph points", "Winner"];
    let lw = lines
        .iter()
        .map(|l| cv.font().width_mm(l, tp))
        .fold(0.0, f32::max)
        + 3.0;
    for (row, label) in lines.into_iter().enumerate() {
        let y = f.y + rh * (row as f32 + 1.8);
        cv.text(f.x, y, tp, label, Align::Left, BLUE);
        if row < 2 {
            let mid = f.x + lw + (right - f.x - lw) / 2.0;
            let m = pt_mm(tp) * 0.75;
            for (k, (player, x0, x1)) in [(Player::X, f.x + lw, mid - 3.0), (Player::O, mid, right)]
                .into_iter()
                .enumerate()
            {
                let s = board::seed(&[salt, 43, row as u64, k as u64]);
                board::draw_mark(cv, player, true, [x0 + m * 0.6, y - m * 0.5], m, BLUE, s);
                let s = board::seed(&[salt, 40, row as u64, k as u64]);
                rule(cv, x0 + m * 1.2 + 1.5, x1, y + 0.6, s);
            }
        } else {
            rule(cv, f.x + lw, right, y + 0.6, board::seed(&[salt, 42]));
        }
    }
}
