//! `GET /api/v1/standings`: the established players by rating (see
//! [`crate::store::ratings`]).

use crate::AppState;
use crate::error::{ApiError, ApiResult};
use crate::http::extract::Query;
use crate::store::ratings::ESTABLISHED_AFTER;
use axum::Json;
use axum::extract::State;
use scribe_api::{self as api, ErrorCode};
use serde::Deserialize;
use sqlx::Row;

/// `?variant=majority|super-glyph` (default: majority).
#[derive(Debug, Deserialize)]
pub struct StandingsQuery {
    #[serde(default)]
    variant: Option<String>,
}

/// `GET /api/v1/standings[?variant=…]`: established players by rating,
/// highest first (see the module's doc); only those with a rated game (a
/// computer player made at start, with its first rating and no game, is not
/// listed above people who have played).
pub async fn standings(
    State(state): State<AppState>,
    Query(q): Query<StandingsQuery>,
) -> ApiResult<Json<api::Standings>> {
    let variant = match q.variant.as_deref() {
        None => api::Variant::Majority,
        Some(v) => api::Variant::parse(v).ok_or_else(|| {
            ApiError::BadRequest(
                ErrorCode::BadVariant,
                "variant: majority or super-glyph".into(),
            )
        })?,
    };
    let rows = sqlx::query(
        "SELECT u.name, r.rating, r.deviation, r.volatility, r.games, r.wins, r.losses, \
         CAST(CASE WHEN u.computer IS NULL THEN 0 ELSE 1 END AS BIGINT) AS computer \
         FROM ratings r JOIN users u ON u.name_key = r.user_key \
         WHERE r.variant = $1 AND r.games > 0 \
         AND (u.computer IS NOT NULL OR r.established_games >= $2) \
         ORDER BY r.rating DESC, u.name_key LIMIT 500",
    )
    .bind(variant.as_str())
    .bind(ESTABLISHED_AFTER)
    .fetch_all(&state.db.pool)
    .await?;
    let mut standings = Vec::new();
    for (r, rank) in rows.iter().zip(1..) {
        standings.push(api::Standing {
            rank,
            name: r.try_get("name")?,
            rating: r.try_get::<f64, _>("rating")?.round(),
            deviation: r.try_get::<f64, _>("deviation")?.round(),
            volatility: r.try_get("volatility")?,
            games: r.try_get("games")?,
            wins: r.try_get("wins")?,
            losses: r.try_get("losses")?,
            computer: r.try_get::<i64, _>("computer")? == 1,
        });
    }
    Ok(Json(api::Standings { variant, standings }))
}
