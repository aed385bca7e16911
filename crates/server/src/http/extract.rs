//! The extractors every handler shares, whose refusals are JSON too: a
//! request's [`Body`], [`Path`] parameters and [`Query`] string. (Who asks
//! is [`crate::auth::AuthUser`]; from where, [`crate::client::Client`].)

use crate::error::{ApiError, ApiResult};
use axum::Json;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use scribe_api::ErrorCode;
use serde::de::DeserializeOwned;

/// A JSON request body; a bad or oversized one is refused with a JSON
/// error, and one that does not arrive within [`crate::timeout`] with 408.
#[derive(Debug)]
pub struct Body<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> ApiResult<Body<T>> {
        let read = tokio::time::timeout(crate::timeout(), Json::<T>::from_request(req, state));
        let Ok(read) = read.await else {
            return Err(ApiError::Timeout(
                "the request body did not arrive in time".into(),
            ));
        };
        match read {
            Ok(Json(v)) => Ok(Body(v)),
            Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => Err(ApiError::TooLarge(
                format!("the request body is larger than {} bytes", crate::MAX_BODY),
            )),
            Err(e) => Err(ApiError::BadRequest(ErrorCode::BadRequest, e.body_text())),
        }
    }
}

/// A path's parameters; a path that cannot be read (not UTF-8, …) is a
/// JSON 404, as any other unknown path.
#[derive(Debug)]
pub struct Path<T>(pub T);

impl<T, S> FromRequestParts<S> for Path<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> ApiResult<Path<T>> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(v)) => Ok(Path(v)),
            Err(_) => Err(ApiError::NotFound(
                "no such API path (see docs/online/api.md)".into(),
            )),
        }
    }
}

/// A query string (`?…`); one that cannot be read is a JSON 400.
#[derive(Debug)]
pub struct Query<T>(pub T);

impl<T, S> FromRequestParts<S> for Query<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> ApiResult<Query<T>> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(v)) => Ok(Query(v)),
            Err(e) => Err(ApiError::BadRequest(ErrorCode::BadRequest, e.body_text())),
        }
    }
}
