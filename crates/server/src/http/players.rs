//! Pages anyone may read: a player's page (`GET /players/{name}`: ratings,
//! rating over time, finished games) and the games being played (`GET
//! /playing`, for spectators). Who is online is in `events.rs`, beside the
//! streams it counts.

use crate::AppState;
use crate::auth::name_key;
use crate::domain::model::select_games;
use crate::error::{ApiError, ApiResult};
use crate::http::extract::Path;
use crate::store;
use axum::Json;
use axum::extract::State;
use scribe_api as api;
use sqlx::Row as _;

/// The most games `GET /playing` lists.
pub const MAX_PLAYING_LISTED: i64 = 100;
/// The most finished games a player's page lists.
pub const MAX_PLAYER_GAMES: i64 = 100;
/// The most points of rating history a player's page holds.
pub const MAX_HISTORY_POINTS: i64 = 400;

/// `GET /api/v1/playing`: the games being played, most recently changed
/// first (at most [`MAX_PLAYING_LISTED`]); anyone may look.
pub async fn playing(State(state): State<AppState>) -> ApiResult<Json<api::GameList>> {
    let sql = select_games!("WHERE g.status = $2 ORDER BY g.updated_at DESC LIMIT $1");
    let rows = sqlx::query(sql)
        .bind(MAX_PLAYING_LISTED)
        .bind(scribe_api::Status::Active.as_str())
        .fetch_all(&state.db.pool)
        .await?;
    let games = store::rows(&rows)
        .into_iter()
        .map(|g| g.summary(""))
        .collect();
    Ok(Json(api::GameList { games }))
}

/// `GET /api/v1/players/{name}`: the player's ratings, their rating after
/// each rated game (oldest first, the last [`MAX_HISTORY_POINTS`]), their
/// finished games (most recent first, the last [`MAX_PLAYER_GAMES`]) and
/// whether they are online; anyone may look.
pub async fn player(
    State(state): State<AppState>,
    Path(name): Path<String>,
) -> ApiResult<Json<api::PlayerPage>> {
    let not_found = || {
        ApiError::NotFound(format!(
            "no player named {}",
            scribe_rules::escape_shown(&name, 40)
        ))
    };
    let key = name_key(&name).map_err(|_| not_found())?;
    let pool = &state.db.pool;
    let found = sqlx::query("SELECT name FROM users WHERE name_key = $1 AND deleted_at IS NULL")
        .bind(&key)
        .fetch_optional(pool)
        .await?
        .ok_or_else(not_found)?;
    let shown: String = found.try_get("name")?;
    let variant = |v: String| {
        api::Variant::parse(&v)
            .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("unknown stored variant {v}")))
    };
    let mut ratings = Vec::new();
    for r in sqlx::query(
        "SELECT variant, rating, deviation, games, wins, losses FROM ratings \
         WHERE user_key = $1 AND games > 0 ORDER BY variant",
    )
    .bind(&key)
    .fetch_all(pool)
    .await?
    {
        ratings.push(api::PlayerRating {
            variant: variant(r.try_get("variant")?)?,
            rating: r.try_get::<f64, _>("rating")?.round(),
            deviation: r.try_get::<f64, _>("deviation")?.round(),
            games: r.try_get("games")?,
            wins: r.try_get("wins")?,
            losses: r.try_get("losses")?,
        });
    }
    let mut history = Vec::new();
    for r in sqlx::query(
        "SELECT variant, game_id, at, rating, deviation FROM rating_history \
         WHERE user_key = $1 ORDER BY at DESC, game_id LIMIT $2",
    )
    .bind(&key)
    .bind(MAX_HISTORY_POINTS)
    .fetch_all(pool)
    .await?
    {
        history.push(api::RatingPoint {
            variant: variant(r.try_get("variant")?)?,
            game: r.try_get("game_id")?,
            at: chrono::DateTime::from_timestamp_millis(r.try_get("at")?)
                .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)),
            rating: r.try_get::<f64, _>("rating")?.round(),
            deviation: r.try_get::<f64, _>("deviation")?.round(),
        });
    }
    history.reverse();
    let sql = select_games!(
        "WHERE (g.x_player = $1 OR g.o_player = $1) AND g.status = $3 ORDER BY g.finished_at DESC, g.id LIMIT $2"
    );
    let rows = sqlx::query(sql)
        .bind(&key)
        .bind(MAX_PLAYER_GAMES)
        .bind(scribe_api::Status::Finished.as_str())
        .fetch_all(pool)
        .await?;
    let games = store::rows(&rows)
        .into_iter()
        .map(|g| g.summary(""))
        .collect();
    let online = state.hub.is_online(&key);
    Ok(Json(api::PlayerPage {
        name: shown,
        ratings,
        history,
        games,
        online,
    }))
}
