//! Challenges: to a named player or open to anyone, a variant, who moves
//! first; accept, decline, cancel. A challenge and its game share one row.

use super::AppState;
use super::accounts::Body;
use super::auth::{AuthUser, name_key, random_hex};
use super::db::now_ms;
use super::error::{ApiError, ApiResult};
use super::events::{self, Event};
use super::games::{RETRIES, game_value, load, lost_race, new_game_id, publish_now, save};
use super::model::{GameRow, parse_variant, select_games, variant_name};
use crate::rules::Variant;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::{Value, json};

/// A new challenge.
#[derive(Debug, Deserialize)]
pub struct NewChallenge {
    /// The player challenged; none for an open challenge.
    #[serde(default)]
    opponent: Option<String>,
    /// `majority` (the default) or `super-glyph`.
    #[serde(default)]
    variant: Option<String>,
    /// The challenger's side: `x` (moves first), `o`, or `random` (the default).
    #[serde(default)]
    side: Option<String>,
    /// The days each move may take, 1 to 30; none for no limit.
    #[serde(default)]
    days: Option<u32>,
}

/// The longest time limit a move may have, in days.
pub const MAX_DAYS: u32 = 30;

/// `POST /api/v1/challenges` → 201, the game (status `challenge`).
pub async fn challenge(
    State(state): State<AppState>,
    user: AuthUser,
    Body(c): Body<NewChallenge>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let variant = match c.variant.as_deref() {
        None => Variant::Majority,
        Some(v) => parse_variant(v).ok_or_else(|| {
            ApiError::BadRequest(
                "bad_variant",
                "variant: majority or super-glyph".to_string(),
            )
        })?,
    };
    let side = match c.side.as_deref().map(str::to_ascii_lowercase).as_deref() {
        Some("x") => "x",
        Some("o") => "o",
        None | Some("random") => {
            let coin = random_hex(1)?;
            if coin.as_bytes()[1] % 2 == 0 {
                "x"
            } else {
                "o"
            }
        }
        Some(_) => {
            return Err(ApiError::BadRequest(
                "bad_side",
                "side: x (moves first), o or random".into(),
            ));
        }
    };
    if let Some(d) = c.days
        && !(1..=MAX_DAYS).contains(&d)
    {
        return Err(ApiError::BadRequest(
            "bad_days",
            format!("days: the days a move may take, 1 to {MAX_DAYS} (or none for no limit)"),
        ));
    }
    let opponent = match &c.opponent {
        None => None,
        Some(name) => {
            let key = name_key(name).map_err(|_| {
                ApiError::NotFound(format!(
                    "no player named {}",
                    crate::rules::escape_shown(name, 40)
                ))
            })?;
            if key == user.key {
                return Err(ApiError::BadRequest(
                    "self_challenge",
                    "you cannot challenge yourself".into(),
                ));
            }
            let found = sqlx::query("SELECT name_key FROM users WHERE name_key = $1")
                .bind(&key)
                .fetch_optional(&state.db.pool)
                .await?;
            if found.is_none() {
                return Err(ApiError::NotFound(format!("no player named {name}")));
            }
            Some(key)
        }
    };
    let now = now_ms();
    let mut id = new_game_id()?;
    for _ in 0..RETRIES {
        let done = sqlx::query(
            "INSERT INTO games (id, variant, status, challenger, challenged, side, turn, \
             created_at, updated_at, days_per_move) \
             VALUES ($1, $2, 'challenge', $3, $4, $5, $6, $7, $7, $8) \
             ON CONFLICT (id) DO NOTHING",
        )
        .bind(&id)
        .bind(variant_name(variant))
        .bind(&user.key)
        .bind(&opponent)
        .bind(side)
        .bind(&opponent)
        .bind(now)
        .bind(c.days.map(i64::from))
        .execute(&state.db.pool)
        .await?;
        if done.rows_affected() == 1 {
            break;
        }
        id = new_game_id()?;
    }
    let row = load(&state, &id).await?;
    if let Some(key) = &opponent {
        let e = Event::new("challenge", vec![key.clone()], row.summary(key));
        publish_now(&state, vec![e]).await?;
    }
    Ok((StatusCode::CREATED, Json(row.to_json()?)))
}

/// `GET /api/v1/challenges`: challenges to me, mine, and open ones.
pub async fn challenges(State(state): State<AppState>, user: AuthUser) -> ApiResult<Json<Value>> {
    let sql = select_games!(
        "WHERE g.status = 'challenge' AND (g.challenged = $1 OR g.challenger = $1 OR g.challenged IS NULL) ORDER BY g.created_at DESC LIMIT 200"
    );
    let rows = sqlx::query(sql)
        .bind(&user.key)
        .fetch_all(&state.db.pool)
        .await?;
    let list: Vec<Value> = rows
        .iter()
        .filter_map(|r| GameRow::from_row(r).ok())
        .map(|g| g.summary(&user.key))
        .collect();
    Ok(Json(json!({ "challenges": list })))
}

/// `POST /api/v1/games/{id}/accept`: the challenged player (or, for an open
/// challenge, anyone but the challenger) starts the game.
pub async fn accept(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    for _ in 0..RETRIES {
        let old = load(&state, &id).await?;
        if old.status != "challenge" {
            return Err(ApiError::Conflict(
                "not_a_challenge",
                format!(
                    "game {id} is not waiting for an answer (it is {})",
                    old.status
                ),
                game_value(&old),
            ));
        }
        match &old.challenged {
            Some(k) if *k != user.key => {
                return Err(ApiError::Forbidden(
                    "not_your_challenge",
                    "not your challenge: only the player challenged can accept it".into(),
                ));
            }
            None if old.challenger == user.key => {
                return Err(ApiError::Forbidden(
                    "own_challenge",
                    "you cannot accept your own challenge".into(),
                ));
            }
            _ => {}
        }
        let mut new = old.clone();
        let (x, o) = if old.side == "x" {
            (old.challenger.clone(), user.key.clone())
        } else {
            (user.key.clone(), old.challenger.clone())
        };
        new.status = "active".into();
        new.challenged = Some(user.key.clone());
        new.x_player = Some(x.clone());
        new.o_player = Some(o.clone());
        new.turn = Some(x.clone());
        new.started_at = Some(now_ms());
        let data =
            json!({ "game": id, "x": x_name(&old, &x, &user), "o": x_name(&old, &o, &user) });
        let e = Event::new("start", vec![x.clone(), o.clone()], data);
        if save_accept(&state, &old, &new, e).await? {
            return Ok(Json(load(&state, &id).await?.to_json()?));
        }
    }
    Err(lost_race())
}

fn x_name(old: &GameRow, key: &str, user: &AuthUser) -> String {
    if key == user.key {
        user.name.clone()
    } else {
        old.challenger_name.clone()
    }
}

// Acceptance also fills in `challenged` (an open challenge's taker).
async fn save_accept(state: &AppState, old: &GameRow, new: &GameRow, e: Event) -> ApiResult<bool> {
    let mut tx = state.db.begin().await?;
    let done = sqlx::query(
        "UPDATE games SET status = 'active', challenged = $1, x_player = $2, o_player = $3, \
         turn = $4, started_at = $5, updated_at = $5, turn_since = $5, version = version + 1 \
         WHERE id = $6 AND version = $7",
    )
    .bind(&new.challenged)
    .bind(&new.x_player)
    .bind(&new.o_player)
    .bind(&new.turn)
    .bind(new.started_at)
    .bind(&old.id)
    .bind(old.version)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() == 0 {
        tx.rollback().await?;
        return Ok(false);
    }
    let local = events::notify(state, &mut tx, vec![e]).await?;
    tx.commit().await?;
    events::after_commit(state, &local);
    Ok(true)
}

/// `POST /api/v1/games/{id}/decline`: the challenged player says no.
pub async fn decline(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    end_challenge(state, user, id, "declined").await
}

/// `POST /api/v1/games/{id}/cancel`: the challenger takes it back.
pub async fn cancel(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    end_challenge(state, user, id, "cancelled").await
}

async fn end_challenge(
    state: AppState,
    user: AuthUser,
    id: String,
    how: &'static str,
) -> ApiResult<Json<Value>> {
    for _ in 0..RETRIES {
        let old = load(&state, &id).await?;
        if old.status != "challenge" {
            return Err(ApiError::Conflict(
                "not_a_challenge",
                format!(
                    "game {id} is not waiting for an answer (it is {})",
                    old.status
                ),
                game_value(&old),
            ));
        }
        let allowed = if how == "declined" {
            old.challenged.as_deref() == Some(user.key.as_str())
        } else {
            old.challenger == user.key
        };
        if !allowed {
            let m = if how == "declined" {
                "not your challenge: only the player challenged can decline it"
            } else {
                "not your challenge: only the challenger can cancel it"
            };
            return Err(ApiError::Forbidden("not_your_challenge", m.into()));
        }
        let mut new = old.clone();
        new.status = how.into();
        new.turn = None;
        let e = Event::new(how, old.players(), json!({ "game": id, "by": user.name }));
        if let Some(saved) = save(&state, &old, &new, None, vec![e]).await? {
            return Ok(Json(saved.to_json()?));
        }
    }
    Err(lost_race())
}
