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

mod blank;
mod board;
mod canvas;
mod game;
mod gum;
mod puzzles;
mod review;
mod scribbage;
mod template;

pub use gum::gum_sheet_pdf;
pub use puzzles::{
    PUZZLES_PER_PAGE, PuzzleExport, SOLUTIONS_PER_PAGE, main_line_text, puzzles_pdf,
};
pub use scribbage::scribbage_sheet_pdf;
pub use template::{
    BoardSlot, CutLine, MAX_BOARDS_PER_PAGE, MAX_CUT_LINES, PageSize, Paper, Rect, Template,
    TemplateError, mm_to_pt,
};

use crate::record::GameRecord;
use canvas::{Canvas, Font};
use printpdf::{
    Mm, Op, ParsedFont, PdfDocument, PdfPage, PdfSaveOptions, XObjectId, XObjectTransform,
};

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
    /// The game's stored review was made for other moves.
    #[error("the review cannot be printed: {0}")]
    Review(#[from] crate::record::ReviewMismatch),
}

impl From<TemplateError> for ExportError {
    fn from(e: TemplateError) -> ExportError {
        ExportError::Template(e)
    }
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
        blank::draw_board(&mut cv, slot, i as u64);
    }
    for (i, l) in template.cut_lines.iter().enumerate() {
        blank::draw_cut_line(&mut cv, l, i as u64);
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

/// [`game_pdf`] with a choice of paper and marks. When the record carries
/// a review ([`GameRecord::review`]), a second page shows it: the
/// win-chance graph, each player's accuracy, each mistake and blunder with
/// its better move, and the move list marked `?!`, `?`, `??`.
///
/// # Errors
/// A stored review that does not fit the game's moves, or a broken bundled font.
pub fn game_pdf_with(record: &GameRecord, opts: &GameExport) -> Result<Vec<u8>, ExportError> {
    let review = record.review_of_game()?;
    let mut doc = PdfDocument::new("Scribe game");
    let font = load_font(&mut doc)?;
    let (w, h) = opts.paper.size_mm();
    let mut cv = Canvas::new(&font, w, h);
    game::draw_game(&mut cv, record, opts, w, h);
    let mut pages = vec![finish_page(&mut doc, cv, w, h)];
    if let (Some(review), Some(stored)) = (&review, &record.review) {
        let mut cv = Canvas::new(&font, w, h);
        review::draw_review(&mut cv, record, stored, review, opts.plus_for_x, [w, h]);
        pages.push(finish_page(&mut doc, cv, w, h));
    }
    doc.with_pages(pages);
    Ok(save(&doc))
}

fn finish_page(doc: &mut PdfDocument, cv: Canvas<'_>, w: f32, h: f32) -> PdfPage {
    let (form, text) = cv.finish();
    let form_id = doc.add_xobject(&form);
    PdfPage::new(Mm(w), Mm(h), with_form(&form_id, text))
}

fn load_font(doc: &mut PdfDocument) -> Result<Font, ExportError> {
    let parsed = ParsedFont::from_bytes(crate::pen::HAND_FONT, 0, &mut Vec::new())
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
