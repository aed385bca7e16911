//! PDFs: printable blank boards, annotated games (with their review page),
//! puzzle books and the Scribbage and Scribbly Gum sheets. The marks are
//! drawn in a [`MarkStyle`], as on the screen.
//!
//! Every function is pure: it returns the bytes of a PDF and the caller
//! writes them (with [`scribe_fsio::write_atomic`], so no partial file is ever
//! left behind).
//!
//! ```no_run
//! use scribe_export::{Paper, Template, blank_boards};
//! let template = Template::builtin(Paper::A4, 1).unwrap();
//! let pdf = blank_boards(&template, 3).unwrap();
//! scribe_fsio::write_atomic(std::path::Path::new("boards.pdf"), &pdf).unwrap();
//! ```
//!
//! Everything hand-drawn (lines, marks, outlines, glyph dots) comes from
//! [`scribe_pen`], so the paper looks like the screen. The board's strokes go
//! into a form XObject drawn by every page, and the bundled font is embedded
//! once: a hundred pages of boards stay small.

mod blank;
mod board;
mod canvas;
mod game;
mod gum;
mod markers;
mod puzzles;
mod review;
mod scribbage;
mod template;

pub use gum::gum_sheet_pdf;
pub use markers::{BoardLayout, Layout, MARKER_CENTERS, MARKER_SIDE, PageLayout, blank_layout};
pub use puzzles::{
    PUZZLES_PER_PAGE, PuzzleExport, SOLUTIONS_PER_PAGE, main_line_text, puzzles_pdf,
};
pub use scribbage::scribbage_sheet_pdf;
pub use template::{
    BoardSlot, CutLine, MAX_BOARDS_PER_PAGE, MAX_CUT_LINES, PageSize, Paper, Rect, Template,
    TemplateError, mm_to_pt,
};

use canvas::{Canvas, Font};
use printpdf::{
    Mm, Op, ParsedFont, PdfDocument, PdfPage, PdfSaveOptions, XObjectId, XObjectTransform,
};
use scribe_record::{GameRecord, MarkStyle};

/// The most pages one call makes.
pub const MAX_PAGES: usize = 1000;

/// Why a PDF cannot be made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ExportError {
    /// The template is malformed or out of range. (Not a `source`: the
    /// message includes it, and `{e:#}` would print a source again.)
    #[error("template: {0}")]
    Template(TemplateError),
    /// The bundled font could not be parsed (a broken build).
    #[error("the bundled font cannot be read")]
    Font,
    /// A page count of 0 or more than [`MAX_PAGES`].
    #[error("{0} pages: give 1 to {MAX_PAGES}")]
    PageCount(usize),
    /// The game's stored review was made for other moves. (Not a `source`,
    /// so that `{e:#}` says it once.)
    #[error("the review cannot be printed: {0}")]
    Review(scribe_record::ReviewMismatch),
    /// The pages could not be put together (a bug).
    #[error("the PDF cannot be put together: {0}")]
    Assembly(String),
}

impl From<scribe_record::ReviewMismatch> for ExportError {
    fn from(e: scribe_record::ReviewMismatch) -> ExportError {
        ExportError::Review(e)
    }
}

impl From<TemplateError> for ExportError {
    fn from(e: TemplateError) -> ExportError {
        ExportError::Template(e)
    }
}

/// Options for [`game_pdf_with`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameExport {
    /// The paper size.
    pub paper: Paper,
    /// How the marks are written and drawn: "+" as on Steere's sheet, or "X".
    pub marks: MarkStyle,
}

impl Default for GameExport {
    /// A4, marks drawn X and O.
    fn default() -> GameExport {
        GameExport {
            paper: Paper::default(),
            marks: MarkStyle::XO,
        }
    }
}

/// A PDF of `pages` pages of blank boards laid out by `template`.
///
/// # Errors
/// A page count of 0 or above [`MAX_PAGES`].
pub fn blank_boards(template: &Template, pages: usize) -> Result<Vec<u8>, ExportError> {
    if pages == 0 || pages > MAX_PAGES {
        return Err(ExportError::PageCount(pages));
    }
    let mut doc = new_document("Scribe: blank boards");
    let font = load_font(&mut doc)?;
    let (w, h) = (template.page.width, template.page.height);
    let mut cv = Canvas::new(&font, w, h);
    for (i, slot) in template.boards.iter().enumerate() {
        blank::draw_board(&mut cv, slot, i as u64);
    }
    for (i, l) in template.cut_lines.iter().enumerate() {
        blank::draw_cut_line(&mut cv, l, i as u64);
    }
    let (form, text) = cv.finish();
    let form_id = doc.add_xobject(&form);
    let page_ops = with_form(&form_id, text);
    let page = PdfPage::new(Mm(w), Mm(h), page_ops);
    doc.with_pages(vec![page]);
    save_repeated(&doc, pages)
}

/// Saves a one-page document as `copies` pages that share the first page's
/// content and resources: every page is its own small page object, the
/// drawing and its text are stored and held in memory once, so a thousand
/// pages take little more memory than one.
fn save_repeated(doc: &PdfDocument, copies: usize) -> Result<Vec<u8>, ExportError> {
    use lopdf::Object;
    let fail = |e: lopdf::Error| ExportError::Assembly(e.to_string());
    let mut lo = doc.to_lopdf_document(&save_options(), &mut Vec::new());
    let first = *lo
        .get_pages()
        .values()
        .next()
        .ok_or_else(|| ExportError::Assembly("no page".to_string()))?;
    let page = lo
        .get_object(first)
        .and_then(Object::as_dict)
        .map_err(fail)?
        .clone();
    let parent = page
        .get(b"Parent")
        .and_then(Object::as_reference)
        .map_err(fail)?;
    let mut kids = vec![Object::Reference(first)];
    for _ in 1..copies {
        kids.push(Object::Reference(lo.add_object(page.clone())));
    }
    let pages = lo
        .get_object_mut(parent)
        .and_then(Object::as_dict_mut)
        .map_err(fail)?;
    pages.set("Kids", kids);
    pages.set("Count", i64::try_from(copies).unwrap_or(i64::MAX));
    lo.compress();
    let mut out = Vec::new();
    lo.save_to(&mut out)
        .map_err(|e| ExportError::Assembly(e.to_string()))?;
    Ok(redate(out, &doc.metadata.info.creation_date))
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

/// [`game_pdf`] with a choice of paper and marks. When the record carries
/// a review ([`GameRecord::review`]), a second page shows it: the
/// win-chance graph, each player's accuracy, each mistake and blunder with
/// its better move, and the move list marked `?!`, `?`, `??`.
///
/// # Errors
/// A stored review that does not fit the game's moves, or a broken bundled font.
pub fn game_pdf_with(record: &GameRecord, opts: &GameExport) -> Result<Vec<u8>, ExportError> {
    let review = record.review_of_game()?;
    let mut doc = new_document(&game_title(record, opts.marks));
    let font = load_font(&mut doc)?;
    let (w, h) = opts.paper.size_mm();
    let mut cv = Canvas::new(&font, w, h);
    game::draw_game(&mut cv, record, opts, w, h);
    let mut pages = vec![finish_page(&mut doc, cv, w, h)];
    if let (Some(review), Some(stored)) = (&review, &record.review) {
        let mut cv = Canvas::new(&font, w, h);
        review::draw_review(&mut cv, record, stored, review, opts.marks, [w, h]);
        pages.push(finish_page(&mut doc, cv, w, h));
    }
    doc.with_pages(pages);
    Ok(save(&doc))
}

/// A game book: several games in one PDF, each on a page as
/// [`game_pdf_with`] draws it (with its review page when the record
/// carries a review that fits), in the order given.
///
/// # Errors
/// No games, or as [`game_pdf_with`].
pub fn game_book_pdf(records: &[GameRecord], opts: &GameExport) -> Result<Vec<u8>, ExportError> {
    if records.is_empty() {
        return Err(ExportError::Assembly(
            "a game book needs at least one game".into(),
        ));
    }
    let title = if records.len() == 1 {
        game_title(&records[0], opts.marks)
    } else {
        format!("Scribe: {} games", records.len())
    };
    let mut doc = new_document(&title);
    let font = load_font(&mut doc)?;
    let (w, h) = opts.paper.size_mm();
    let mut pages = Vec::with_capacity(records.len());
    for record in records {
        let review = record.review_of_game()?;
        let mut cv = Canvas::new(&font, w, h);
        game::draw_game(&mut cv, record, opts, w, h);
        pages.push(finish_page(&mut doc, cv, w, h));
        if let (Some(review), Some(stored)) = (&review, &record.review) {
            let mut cv = Canvas::new(&font, w, h);
            review::draw_review(&mut cv, record, stored, review, opts.marks, [w, h]);
            pages.push(finish_page(&mut doc, cv, w, h));
        }
    }
    doc.with_pages(pages);
    Ok(save(&doc))
}

/// A document titled `title`, made now: the creation date is today's, not
/// 1970's (printpdf's default).
pub(crate) fn new_document(title: &str) -> PdfDocument {
    let mut doc = PdfDocument::new(title);
    let now = pdf_date(chrono::Utc::now());
    let info = &mut doc.metadata.info;
    info.creation_date = now;
    info.modification_date = now;
    info.metadata_date = now;
    info.creator = "Scribe Desk".to_string();
    info.producer = format!("Scribe Desk {}", env!("CARGO_PKG_VERSION"));
    doc
}

/// `at` as printpdf writes it. The clock is chrono's, not printpdf's own
/// `DateTime::now`: in the browser that one says 1970 (it reads the page's
/// clock only with a feature that brings in `web-sys`), while chrono reads
/// it there through `wasmbind`, which the browser build turns on.
fn pdf_date(at: chrono::DateTime<chrono::Utc>) -> printpdf::DateTime {
    use chrono::{Datelike, Timelike};
    let small = |n: u32| u8::try_from(n).unwrap_or(0);
    printpdf::DateTime {
        date: printpdf::Date {
            year: at.year(),
            month: small(at.month()),
            day: small(at.day()),
        },
        time: printpdf::Time {
            hour: small(at.hour()),
            minute: small(at.minute()),
            second: small(at.second()),
            millisecond: u16::try_from(at.timestamp_subsec_millis().min(999)).unwrap_or(0),
        },
        offset: printpdf::Offset {
            hours: 0,
            minutes: 0,
            seconds: 0,
            milliseconds: 0,
        },
    }
}

/// A game's document title, from its players and date:
/// "Scribe: Ann (X) vs Bob (O), 2026-11-23" ("date not recorded" without one).
#[must_use]
pub fn game_title(record: &GameRecord, marks: MarkStyle) -> String {
    use scribe_rules::Player;
    let date = record.finished.or(record.started).map_or_else(
        || "date not recorded".to_string(),
        |d| d.format("%Y-%m-%d").to_string(),
    );
    format!(
        "Scribe: {} vs {}, {date}",
        game::who(record, Player::X, marks),
        game::who(record, Player::O, marks)
    )
}

fn finish_page(doc: &mut PdfDocument, cv: Canvas<'_>, w: f32, h: f32) -> PdfPage {
    let (form, text) = cv.finish();
    let form_id = doc.add_xobject(&form);
    PdfPage::new(Mm(w), Mm(h), with_form(&form_id, text))
}

fn load_font(doc: &mut PdfDocument) -> Result<Font, ExportError> {
    let parsed = ParsedFont::from_bytes(scribe_pen::HAND_FONT, 0, &mut Vec::new())
        .ok_or(ExportError::Font)?;
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

fn save_options() -> PdfSaveOptions {
    PdfSaveOptions {
        optimize: true,
        subset_fonts: false,
        secure: true,
        image_optimization: None,
    }
}

fn save(doc: &PdfDocument) -> Vec<u8> {
    redate(
        doc.save(&save_options(), &mut Vec::new()),
        &doc.metadata.info.creation_date,
    )
}

/// The 1970 stamps that printpdf writes, in the browser build, for every
/// date of the document information (its serializer has no clock there,
/// whatever date the document holds), written again from `at`. Each stamp
/// keeps its length, so no offset in the file moves. Elsewhere printpdf
/// writes the right date and there is nothing to replace.
fn redate(mut pdf: Vec<u8>, at: &printpdf::DateTime) -> Vec<u8> {
    let (d, t) = (at.date, at.time);
    let stamps = [
        (
            "D:19700101000000+00'00'".to_string(),
            format!(
                "D:{:04}{:02}{:02}{:02}{:02}{:02}+00'00'",
                d.year, d.month, d.day, t.hour, t.minute, t.second
            ),
        ),
        (
            "D:1970-01-01T00:00:00+00'00'".to_string(),
            format!(
                "D:{:04}-{:02}-{:02}T{:02}:{:02}:{:02}+00'00'",
                d.year, d.month, d.day, t.hour, t.minute, t.second
            ),
        ),
    ];
    for (old, new) in stamps {
        let (old, new) = (old.as_bytes(), new.as_bytes());
        if old.len() != new.len() || old == new {
            continue;
        }
        let mut i = 0;
        while let Some(at) = pdf[i..].windows(old.len()).position(|w| w == old) {
            let start = i + at;
            pdf[start..start + old.len()].copy_from_slice(new);
            i = start + old.len();
        }
    }
    pdf
}

/// Text height in mm for a size in points.
fn pt_mm(pt: f32) -> f32 {
    pt * 25.4 / 72.0
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    #[test]
    fn a_pdf_is_dated_by_the_clock_it_is_given() {
        let at = chrono::Utc
            .with_ymd_and_hms(2026, 11, 29, 6, 5, 4)
            .single()
            .expect("a date");
        let d = super::pdf_date(at);
        assert_eq!((d.date.year, d.date.month, d.date.day), (2026, 11, 29));
        assert_eq!((d.time.hour, d.time.minute, d.time.second), (6, 5, 4));
        assert_eq!(d.offset.hours, 0);
        // the document made now carries it
        let doc = super::new_document("t");
        assert!(doc.metadata.info.creation_date.date.year >= 2026);
    }

    /// In the browser printpdf writes 1970 whatever the document's date:
    /// the stamps are written again, at the same length.
    #[test]
    fn the_browser_s_1970_stamps_are_written_again_in_place() {
        let at = super::pdf_date(
            chrono::Utc
                .with_ymd_and_hms(2026, 11, 29, 7, 5, 9)
                .single()
                .expect("a date"),
        );
        let pdf = b"<< /CreationDate (D:19700101000000+00'00') /ModDate (D:19700101000000+00'00') >>\n<xmp:CreateDate>D:1970-01-01T00:00:00+00'00'</xmp:CreateDate>".to_vec();
        let out = super::redate(pdf.clone(), &at);
        assert_eq!(out.len(), pdf.len(), "no offset moves");
        let text = String::from_utf8(out).expect("text");
        assert_eq!(
            text.matches("(D:20261129070509+00'00')").count(),
            2,
            "{text}"
        );
        assert!(text.contains(">D:2026-11-29T07:05:09+00'00'<"), "{text}");
        assert!(!text.contains("1970"), "{text}");
        // a PDF with the right dates (every desktop one) is left alone
        let fine = b"(D:20261129070509+00'00')".to_vec();
        assert_eq!(super::redate(fine.clone(), &at), fine);
    }
}
