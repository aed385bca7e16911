//! Games: numbered moves checked by the rules; resign; claim; undo by
//! proposal and acceptance; the game object, the text board and the save
//! file; my games. (Challenges are in `challenges.rs`, the chat in
//! `chat.rs`.) Handlers parse, name the player and answer; the change
//! itself is a [`Change`] and the store ([`store::update`]) writes it.

use crate::AppState;
use crate::auth::AuthUser;
use crate::db::now_ms;
use crate::domain::changes::{Actor, Change};
use crate::domain::model::select_games;
use crate::error::{ApiError, ApiResult};
use crate::http::extract::Body;
use crate::http::extract::{Path, Query};
use crate::store::{self, load};
use axum::Json;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use scribe_api::{self as api, ErrorCode};
use scribe_rules::Square;
use serde::Deserialize;

/// Applies `change` to game `id` and answers the game as it is then.
pub(crate) async fn apply(
    state: &AppState,
    id: &str,
    change: Change,
) -> ApiResult<Json<api::Game>> {
    // The store's reactions ask the computer to move if it is its turn.
    let done = store::update(state, id, &change).await?;
    Ok(Json(done.row.to_api(now_ms())?))
}

/// `POST /api/v1/games/{id}/moves` `{"square": "E5", "number": 12}`.
///
/// The answer is what the move changed ([`api::MoveAnswer`], the fields
/// of the `move` event), not the whole game. With a number, a retry of a
/// move already made (same square, same number, same player) answers
/// with `"repeated": true` and the game's last move as it stands, and
/// changes nothing; any other number that is not the next one is refused
/// as stale, with the game as it stands.
pub async fn play(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
    Body(m): Body<api::NewMove>,
) -> ApiResult<Json<api::MoveAnswer>> {
    let square: Square = m
        .square
        .trim()
        .parse()
        .map_err(|e| ApiError::BadRequest(ErrorCode::BadSquare, format!("{e}")))?;
    let by = Actor::from(&user);
    let done = store::update(
        &state,
        &id,
        &Change::Move {
            by,
            square,
            number: m.number,
        },
    )
    .await?;
    // What the move changed, not the whole game (a retry: the game's last
    // move as it stands).
    let change = done.row.last_move()?.ok_or_else(|| {
        ApiError::Internal(anyhow::anyhow!("game {id}: a move answered without a move"))
    })?;
    Ok(Json(api::MoveAnswer {
        change,
        repeated: !done.wrote,
    }))
}

/// `POST /api/v1/games/{id}/resign`: the player gives up; the other wins.
pub async fn resign(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<api::Game>> {
    apply(&state, &id, Change::Resign((&user).into())).await
}

/// `POST /api/v1/games/{id}/claim`: in a game with a time limit, the
/// player waiting claims the game once the player to move is out of time.
pub async fn claim(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<api::Game>> {
    apply(&state, &id, Change::Claim((&user).into())).await
}

/// `POST /api/v1/games/{id}/undo`: proposes taking back the last move (if
/// the opponent proposed it already, this agrees).
pub async fn undo_propose(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<api::Game>> {
    let done = store::update(&state, &id, &Change::ProposeUndo((&user).into())).await?;
    // The computer declines at once.
    let row = crate::computer::answer_undo(&state, done.row).await?;
    Ok(Json(row.to_api(now_ms())?))
}

/// `POST /api/v1/games/{id}/undo/accept`: takes back the last move.
pub async fn undo_accept(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<api::Game>> {
    let by = (&user).into();
    apply(&state, &id, Change::AnswerUndo { by, yes: true }).await
}

/// `POST /api/v1/games/{id}/undo/decline`: refuses the proposal.
pub async fn undo_decline(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<api::Game>> {
    let by = (&user).into();
    apply(&state, &id, Change::AnswerUndo { by, yes: false }).await
}

/// `GET /api/v1/games/{id}`: the game object (anyone may look).
pub async fn show(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<api::Game>> {
    Ok(Json(load(&state, &id).await?.to_api(now_ms())?))
}

/// `GET /api/v1/games/{id}/board`: the text board (anyone may look).
pub async fn board(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<impl IntoResponse> {
    let text = load(&state, &id).await?.board_text()?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text))
}

/// `GET /api/v1/games/{id}/save`: the save file (`scribe export` turns it
/// into the annotated PDF).
pub async fn save_file(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<impl IntoResponse> {
    let row = load(&state, &id).await?;
    if row.x_player.is_none() {
        return Err(ApiError::Conflict(
            ErrorCode::NotStarted,
            "the game has not started".into(),
            None,
        ));
    }
    let text = row.record()?.to_ron();
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"scribe-{id}.ron\""),
            ),
        ],
        text,
    ))
}

/// `?next=true` keeps only the games waiting for me.
#[derive(Debug, Deserialize)]
pub struct GamesQuery {
    #[serde(default)]
    next: Option<bool>,
}

/// The most challenges `GET /games` lists (to me, then mine).
pub const LISTED_CHALLENGES: i64 = 100;

/// `GET /api/v1/games[?next=true]`: my games being played (the ones
/// waiting for my move first), then challenges (to me first, at most
/// [`LISTED_CHALLENGES`]), then finished games and answered challenges,
/// most recent first. Games and challenges are read apart, so that no
/// number of challenges can push a game being played out of the list.
pub async fn my_games(
    State(state): State<AppState>,
    user: AuthUser,
    Query(q): Query<GamesQuery>,
) -> ApiResult<Json<api::GameList>> {
    let games = select_games!(
        "WHERE (g.x_player = $1 OR g.o_player = $1) AND g.status IN ($2, $3) ORDER BY CASE WHEN g.turn = $1 THEN 0 WHEN g.status = $2 THEN 1 ELSE 2 END, g.updated_at DESC LIMIT 500"
    );
    let challenges = select_games!(
        "WHERE (g.challenger = $1 OR g.challenged = $1) AND g.status = $3 ORDER BY CASE WHEN g.challenged = $1 THEN 0 ELSE 1 END, g.created_at DESC LIMIT $2"
    );
    let answered = select_games!(
        "WHERE (g.challenger = $1 OR g.challenged = $1) AND g.status IN ($2, $3) ORDER BY g.updated_at DESC LIMIT 50"
    );
    let pool = &state.db.pool;
    let games = store::rows(
        &sqlx::query(games)
            .bind(&user.key)
            .bind(api::Status::Active.as_str())
            .bind(api::Status::Finished.as_str())
            .fetch_all(pool)
            .await?,
    );
    let challenges = store::rows(
        &sqlx::query(challenges)
            .bind(&user.key)
            .bind(LISTED_CHALLENGES)
            .bind(api::Status::Challenge.as_str())
            .fetch_all(pool)
            .await?,
    );
    let answered = store::rows(
        &sqlx::query(answered)
            .bind(&user.key)
            .bind(api::Status::Declined.as_str())
            .bind(api::Status::Cancelled.as_str())
            .fetch_all(pool)
            .await?,
    );
    let (playing, finished): (Vec<_>, Vec<_>) = games
        .into_iter()
        .partition(|g| g.status == api::Status::Active);
    let next = q.next.unwrap_or(false);
    let games = playing
        .into_iter()
        .chain(challenges)
        .chain(finished)
        .chain(answered)
        .filter(|g| !next || g.turn.as_deref() == Some(user.key.as_str()))
        .map(|g| g.summary(&user.key))
        .collect();
    Ok(Json(api::GameList { games }))
}

/// `GET /glyphs`: the rules' table of the 19 glyphs (for a legend: the web
/// page knows no glyph of its own).
pub async fn glyphs() -> Json<api::GlyphTable> {
    Json(api::GlyphTable {
        glyphs: scribe_rules::GLYPHS
            .iter()
            .map(|g| api::GlyphShape {
                name: g.name().to_string(),
                points: g.points(),
                rows: g.rows().map(str::to_string).collect(),
            })
            .collect(),
    })
}
