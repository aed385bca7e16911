//! Challenges: to a named player or open to anyone, a variant, who moves
//! first; accept, decline, cancel. A challenge and its game share one row,
//! written by the store ([`store::create`], [`store::update`]).

use crate::AppState;
use crate::auth::{AuthUser, name_key, random_hex};
use crate::computer;
use crate::db::now_ms;
use crate::domain::changes::Change;
use crate::domain::model::select_games;
use crate::error::{ApiError, ApiResult};
use crate::http::extract::Body;
use crate::http::extract::Path;
use crate::http::games::apply;
use crate::store::{self, NewGame};
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use scribe_api::{self as api, ErrorCode, SideChoice};
use scribe_rules::Player;

/// The longest time limit a move may have, in days.
pub const MAX_DAYS: u32 = 30;

/// `POST /api/v1/challenges` → 201, the game (status `challenge`).
pub async fn challenge(
    State(state): State<AppState>,
    user: AuthUser,
    Body(c): Body<api::NewChallenge>,
) -> ApiResult<(StatusCode, Json<api::Game>)> {
    let variant = c
        .variant()
        .map_err(|_| {
            ApiError::BadRequest(
                ErrorCode::BadVariant,
                "variant: majority or super-glyph".to_string(),
            )
        })?
        .unwrap_or(api::Variant::Majority);
    let side = match c.side().map_err(|_| {
        ApiError::BadRequest(
            ErrorCode::BadSide,
            "side: x (moves first), o or random".into(),
        )
    })? {
        Some(SideChoice::X) => Player::X,
        Some(SideChoice::O) => Player::O,
        None | Some(SideChoice::Random) => {
            let coin = random_hex(1)?;
            if coin.as_bytes()[1] % 2 == 0 {
                Player::X
            } else {
                Player::O
            }
        }
    };
    if let Some(d) = c.days
        && !(1..=MAX_DAYS).contains(&d)
    {
        return Err(ApiError::BadRequest(
            ErrorCode::BadDays,
            format!("days: the days a move may take, 1 to {MAX_DAYS} (or none for no limit)"),
        ));
    }
    let challenged = match &c.opponent {
        None => None,
        Some(name) => Some(opponent(&state, &user, name).await?),
    };
    let new = NewGame {
        challenger: user.key.clone(),
        challenged,
        variant: variant.into(),
        side,
        days: c.days,
    };
    let row = store::create(&state, &new).await?;
    // A computer player accepts at once.
    let row = computer::accept_at_once(&state, row).await?;
    Ok((StatusCode::CREATED, Json(row.to_api(now_ms())?)))
}

/// `POST /api/v1/games/{id}/rematch` → 201, a new challenge to the same
/// opponent with the same variant and time limit, the sides swapped. Only
/// a player of the finished game may ask.
pub async fn rematch(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<(StatusCode, Json<api::Game>)> {
    let old = store::load(&state, &id).await?;
    let Some(mine) = old.side_of(&user.key) else {
        return Err(ApiError::Forbidden(
            ErrorCode::NotYourGame,
            "not your game: only its players can ask for a rematch".into(),
        ));
    };
    if old.status != api::Status::Finished {
        return Err(ApiError::Conflict(
            ErrorCode::NotOver,
            "the game is not over: a rematch comes after it".into(),
            None,
        ));
    }
    let name = old.name_of(mine.other()).unwrap_or_default().to_string();
    let challenged = opponent(&state, &user, &name).await?;
    let new = NewGame {
        challenger: user.key.clone(),
        challenged: Some(challenged),
        variant: old.variant,
        side: mine.other(),
        days: old
            .days_per_move
            .and_then(|d| u32::try_from(d).ok())
            .filter(|d| (1..=MAX_DAYS).contains(d)),
    };
    let row = store::create(&state, &new).await?;
    // A computer player accepts a rematch at once, as any challenge.
    let row = computer::accept_at_once(&state, row).await?;
    Ok((StatusCode::CREATED, Json(row.to_api(now_ms())?)))
}

/// The key of the player challenged, who must exist and be someone else.
async fn opponent(state: &AppState, user: &AuthUser, name: &str) -> ApiResult<String> {
    let key = name_key(name).map_err(|_| {
        ApiError::NotFound(format!(
            "no player named {}",
            scribe_rules::escape_shown(name, 40)
        ))
    })?;
    computer::may_challenge(state, &key)?;
    if key == user.key {
        return Err(ApiError::BadRequest(
            ErrorCode::SelfChallenge,
            "you cannot challenge yourself".into(),
        ));
    }
    let found =
        sqlx::query("SELECT name_key FROM users WHERE name_key = $1 AND deleted_at IS NULL")
            .bind(&key)
            .fetch_optional(&state.db.pool)
            .await?;
    if found.is_none() {
        return Err(ApiError::NotFound(format!("no player named {name}")));
    }
    Ok(key)
}

/// `GET /api/v1/challenges`: challenges to me, then mine, then open ones
/// (at most 200 in all, most recent first in each part: open challenges
/// cannot push out those to me or mine).
pub async fn challenges(
    State(state): State<AppState>,
    user: AuthUser,
) -> ApiResult<Json<api::ChallengeList>> {
    let sql = select_games!(
        "WHERE g.status = $2 AND (g.challenged = $1 OR g.challenger = $1 OR g.challenged IS NULL) ORDER BY CASE WHEN g.challenged = $1 THEN 0 WHEN g.challenger = $1 THEN 1 ELSE 2 END, g.created_at DESC LIMIT 200"
    );
    let rows = sqlx::query(sql)
        .bind(&user.key)
        .bind(scribe_api::Status::Challenge.as_str())
        .fetch_all(&state.db.pool)
        .await?;
    let challenges = store::rows(&rows)
        .into_iter()
        .map(|g| g.summary(&user.key))
        .collect();
    Ok(Json(api::ChallengeList { challenges }))
}

/// `POST /api/v1/games/{id}/accept`: the challenged player (or, for an open
/// challenge, anyone but the challenger) starts the game.
pub async fn accept(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<api::Game>> {
    apply(&state, &id, Change::Accept((&user).into())).await
}

/// `POST /api/v1/games/{id}/decline`: the challenged player says no.
pub async fn decline(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<api::Game>> {
    apply(&state, &id, Change::Decline((&user).into())).await
}

/// `POST /api/v1/games/{id}/cancel`: the challenger takes it back.
pub async fn cancel(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<api::Game>> {
    apply(&state, &id, Change::Cancel((&user).into())).await
}
