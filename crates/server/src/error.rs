//! One error type for every handler, mapped to a status code and a JSON body
//! `{"error": CODE, "message": TEXT}` (plus `"game"` where the current
//! position helps, as for a stale move number). Internal errors are logged
//! on the server and never sent to the client.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use scribe_api::{self as api, ErrorCode};

/// The game as it stands, sent with a refusal.
pub type GameShown = Option<Box<api::Game>>;

/// Why a request is refused.
#[derive(Debug)]
pub enum ApiError {
    /// 400: the request itself is wrong (a bad field, a bad name).
    BadRequest(ErrorCode, String),
    /// 401: no token, or a token that is not (or no longer) valid.
    Unauthorized(String),
    /// 403: signed in, but not allowed (not your game, not your challenge).
    Forbidden(ErrorCode, String),
    /// 404: no such game or player.
    NotFound(String),
    /// 405: the path does not take this method.
    MethodNotAllowed(String),
    /// 408: the request body did not arrive in time.
    Timeout(String),
    /// 409: the request does not fit the game's state (not your turn, a
    /// stale move number, a game over); the game as it stands, if any.
    Conflict(ErrorCode, String, GameShown),
    /// 413: the body is too large.
    TooLarge(String),
    /// 422: a move the rules refuse, with their message.
    Illegal(String, GameShown),
    /// 429: too many attempts.
    RateLimited(String),
    /// 503: the server cannot serve now (its database does not answer).
    Unavailable(String),
    /// 500: a fault of the server (the database, …); logged, not shown.
    Internal(anyhow::Error),
}

impl ApiError {
    fn parts(self) -> (StatusCode, ErrorCode, String, GameShown) {
        match self {
            ApiError::BadRequest(code, m) => (StatusCode::BAD_REQUEST, code, m, None),
            ApiError::Unauthorized(m) => {
                (StatusCode::UNAUTHORIZED, ErrorCode::NotSignedIn, m, None)
            }
            ApiError::Forbidden(code, m) => (StatusCode::FORBIDDEN, code, m, None),
            ApiError::NotFound(m) => (StatusCode::NOT_FOUND, ErrorCode::NotFound, m, None),
            ApiError::MethodNotAllowed(m) => (
                StatusCode::METHOD_NOT_ALLOWED,
                ErrorCode::MethodNotAllowed,
                m,
                None,
            ),
            ApiError::Timeout(m) => (
                StatusCode::REQUEST_TIMEOUT,
                ErrorCode::RequestTimeout,
                m,
                None,
            ),
            ApiError::Conflict(code, m, g) => (StatusCode::CONFLICT, code, m, g),
            ApiError::TooLarge(m) => (StatusCode::PAYLOAD_TOO_LARGE, ErrorCode::TooLarge, m, None),
            ApiError::Illegal(m, g) => (
                StatusCode::UNPROCESSABLE_ENTITY,
                ErrorCode::IllegalMove,
                m,
                g,
            ),
            ApiError::RateLimited(m) => (
                StatusCode::TOO_MANY_REQUESTS,
                ErrorCode::RateLimited,
                m,
                None,
            ),
            ApiError::Unavailable(m) => (
                StatusCode::SERVICE_UNAVAILABLE,
                ErrorCode::Unavailable,
                m,
                None,
            ),
            ApiError::Internal(e) => {
                crate::warn(&format!("scribe serve: internal error: {e:#}"));
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    ErrorCode::Internal,
                    "the server failed; try again".to_string(),
                    None,
                )
            }
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, error, message, game) = self.parts();
        let body = api::ErrorBody {
            error,
            message,
            game,
        };
        (status, Json(body)).into_response()
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> Self {
        ApiError::Internal(e.into())
    }
}

impl From<anyhow::Error> for ApiError {
    fn from(e: anyhow::Error) -> Self {
        ApiError::Internal(e)
    }
}

/// A handler's result.
pub type ApiResult<T> = Result<T, ApiError>;
