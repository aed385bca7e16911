//! `GET /games/{id}/pdf`: a game as the annotated PDF that `scribe export`
//! writes. The server does not draw PDFs itself (the layer table keeps
//! `crates/export` beside it, not below it): whoever starts the server
//! hands it a [`PdfMaker`] (`scribe serve` passes `scribe_export`'s), and
//! without one the call answers 503. Drawing takes tens of milliseconds of
//! CPU, so it runs on the blocking pool, two at a time; a request that
//! waits more than a few seconds for its turn is told the server is busy.

use crate::AppState;
use crate::error::{ApiError, ApiResult};
use crate::http::extract::Path;
use crate::store::load;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use scribe_api::ErrorCode;
use scribe_record::GameRecord;
use std::time::Duration;
use tokio::sync::Semaphore;

/// Draws a game record as a PDF (the bytes of the file), or says why not.
pub type PdfMaker = fn(&GameRecord) -> Result<Vec<u8>, String>;

/// PDFs drawn at once.
const AT_ONCE: usize = 2;
/// The longest a request waits for its turn.
const WAIT: Duration = Duration::from_secs(5);

/// The server's PDF maker and its slots.
pub struct Pdf {
    make: PdfMaker,
    slots: Semaphore,
}

impl Pdf {
    /// A maker drawing [`AT_ONCE`] PDFs at a time.
    #[must_use]
    pub fn new(make: PdfMaker) -> Self {
        Self {
            make,
            slots: Semaphore::new(AT_ONCE),
        }
    }
}

/// `GET /games/{id}/pdf` (anyone, as the save file): the game's PDF.
pub async fn game_pdf(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<impl IntoResponse> {
    let Some(pdf) = state.pdf.clone() else {
        return Err(ApiError::Unavailable(
            "this server makes no PDFs; download the save file and run `scribe export` on it"
                .into(),
        ));
    };
    let row = load(&state, &id).await?;
    if row.x_player.is_none() {
        return Err(ApiError::Conflict(
            ErrorCode::NotStarted,
            "the game has not started".into(),
            None,
        ));
    }
    let record = row.record()?;
    let Ok(Ok(_permit)) = tokio::time::timeout(WAIT, pdf.slots.acquire()).await else {
        return Err(ApiError::Unavailable(
            "the server is drawing other PDFs; try again in a moment".into(),
        ));
    };
    let make = pdf.make;
    let bytes = tokio::task::spawn_blocking(move || make(&record))
        .await
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("the PDF task failed: {e}")))?
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("the game's PDF: {e}")))?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/pdf".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"scribe-{id}.pdf\""),
            ),
        ],
        bytes,
    ))
}
