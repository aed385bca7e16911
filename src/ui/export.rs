//! The two PDF menu items, "Print blank boards…" and "Export game as PDF…":
//! thin calls into [`crate::export`]. They run on a worker thread; the caller
//! writes the bytes atomically.

use super::ink::MarkStyle;
use crate::export::{GameExport, Paper, Template, blank_boards, game_pdf_with};
use crate::record::GameRecord;

/// How many sheets "Print blank boards…" makes: enough for an evening, and
/// `scribe boards` offers every layout and count.
const BLANK_PAGES: usize = 4;

/// The bytes of a PDF of blank boards to print: A4, one board a page.
///
/// # Errors
/// The built-in template or the font could not be used (a bug).
pub fn blank_boards_pdf() -> anyhow::Result<Vec<u8>> {
    let template = Template::builtin(Paper::A4, 1)?;
    Ok(blank_boards(&template, BLANK_PAGES)?)
}

/// The bytes of a PDF of `record`, annotated, with the marks in `style`.
///
/// # Errors
/// The font could not be used (a bug).
pub fn game_pdf(record: &GameRecord, style: MarkStyle) -> anyhow::Result<Vec<u8>> {
    let opts = GameExport {
        plus_for_x: style == MarkStyle::PlusO,
        ..GameExport::default()
    };
    Ok(game_pdf_with(record, &opts)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_menu_items_make_real_pdfs() {
        let boards = blank_boards_pdf().unwrap();
        let doc = lopdf::Document::load_mem(&boards).unwrap();
        assert_eq!(doc.get_pages().len(), BLANK_PAGES);
        let record = GameRecord::from_game(crate::record::replay("D6 H4 C8 E2").unwrap());
        for style in [MarkStyle::PlusO, MarkStyle::XO] {
            let pdf = game_pdf(&record, style).unwrap();
            let doc = lopdf::Document::load_mem(&pdf).unwrap();
            assert_eq!(doc.get_pages().len(), 1);
        }
    }
}
