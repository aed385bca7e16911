//! The seam for the two PDF menu items, "Print blank boards…" and "Export
//! game as PDF…". The menu items, the save dialog (on a worker thread), the
//! building of the bytes (on a worker thread) and the atomic write are all in
//! place; only the PDF itself is missing.
//!
//! Lead engineer: call `crate::export` from [`blank_boards_pdf`] and
//! [`game_pdf`] and set [`PDF_AVAILABLE`] to `true`.

use crate::record::GameRecord;

/// Whether the PDF menu items are enabled.
pub const PDF_AVAILABLE: bool = false;

/// The bytes of a PDF of blank boards to print. Runs on a worker thread.
///
/// # Errors
/// Until the PDF module is wired in, always.
pub fn blank_boards_pdf() -> anyhow::Result<Vec<u8>> {
    anyhow::bail!("printing blank boards is not built into this version yet")
}

/// The bytes of a PDF of `record`, annotated. Runs on a worker thread.
///
/// # Errors
/// Until the PDF module is wired in, always.
pub fn game_pdf(record: &GameRecord) -> anyhow::Result<Vec<u8>> {
    let _ = record;
    anyhow::bail!("exporting a game as PDF is not built into this version yet")
}
