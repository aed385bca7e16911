//! The PDF menu items, "Print blank boards…", "Export game as PDF…" and
//! "Print a Scribbly Gum tree sheet…":
//! thin calls into [`scribe_export`]. They run on a worker thread; the caller
//! writes the bytes atomically.

pub use super::action::BlankBoards;
use super::widgets::ink::MarkStyle;
use scribe_export::{GameExport, Template, blank_boards, game_pdf_with};
use scribe_record::GameRecord;

/// The most pages the dialog offers (`scribe boards` goes further).
pub const MAX_BLANK_PAGES: usize = 100;

/// The bytes of a PDF of blank boards to print.
///
/// # Errors
/// A layout that does not exist (two boards on Letter), or the font could
/// not be used (a bug).
pub fn blank_boards_pdf(opts: BlankBoards) -> anyhow::Result<Vec<u8>> {
    let template = Template::builtin(opts.paper, opts.per_page)?;
    Ok(blank_boards(
        &template,
        opts.pages.clamp(1, MAX_BLANK_PAGES),
    )?)
}

/// The bytes of a Scribbly Gum tree sheet to print, as `scribe gum sheet`
/// writes it: the tree named `tree` (one of [`scribe_gum::TREE_NAMES`]).
///
/// # Errors
/// An unknown tree, or the font could not be used (a bug).
pub fn gum_sheet_pdf(tree: &str, paper: scribe_export::Paper) -> anyhow::Result<Vec<u8>> {
    let t = scribe_gum::tree(tree).ok_or_else(|| anyhow::anyhow!("no tree named {tree}"))?;
    Ok(scribe_export::gum_sheet_pdf(&t, paper)?)
}

/// The bytes of a PDF of `record`, annotated, with the marks in `style`.
///
/// # Errors
/// The font could not be used (a bug).
pub fn game_pdf(record: &GameRecord, style: MarkStyle) -> anyhow::Result<Vec<u8>> {
    let opts = GameExport {
        marks: style,
        ..GameExport::default()
    };
    Ok(game_pdf_with(record, &opts)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_menu_items_make_real_pdfs() {
        let boards = blank_boards_pdf(BlankBoards::default()).unwrap();
        let doc = lopdf::Document::load_mem(&boards).unwrap();
        assert_eq!(doc.get_pages().len(), BlankBoards::default().pages);
        let record = GameRecord::from_game(scribe_record::replay("D6 H4 C8 E2").unwrap());
        for style in [MarkStyle::PlusO, MarkStyle::XO] {
            let pdf = game_pdf(&record, style).unwrap();
            let doc = lopdf::Document::load_mem(&pdf).unwrap();
            assert_eq!(doc.get_pages().len(), 1);
        }
    }
}
