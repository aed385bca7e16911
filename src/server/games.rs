//! Games: numbered moves checked by the rules; resign; undo by proposal and
//! acceptance; the game as JSON, as a text board and as a save file; my
//! games. (Challenges are in `challenges.rs`, the chat in `chat.rs`.)
//!
//! Every change is written with a compare-and-set on the game's `version`
//! inside one transaction, and answered only after the commit: a request
//! that raced another is re-read and judged again, never applied twice.

use super::AppState;
use super::accounts::Body;
use super::auth::{AuthUser, random_hex};
use super::db::now_ms;
use super::error::{ApiError, ApiResult};
use super::events::{self, Event};
use super::model::{GameRow, select_games};
use super::ratings;
use crate::rules::{Player, Square};
use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::IntoResponse;
use serde::Deserialize;
use serde_json::{Value, json};

/// How many times a write that lost a race is judged again.
pub(super) const RETRIES: usize = 8;

/// Reads a game, or 404.
///
/// # Errors
/// No such game; the database's.
pub async fn load(state: &AppState, id: &str) -> ApiResult<GameRow> {
    let not_found = || ApiError::NotFound(format!("no game {}", crate::rules::quote(id)));
    if id.is_empty() || id.len() > 32 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(not_found());
    }
    let row = sqlx::query(select_games!("WHERE g.id = $1"))
        .bind(id)
        .fetch_optional(&state.db.pool)
        .await?
        .ok_or_else(not_found)?;
    Ok(GameRow::from_row(&row)?)
}

/// Writes a changed game if nobody changed it since `old.version` (a
/// caller that starts a new turn sets `turn_since`, the mover's clock): returns
/// the game as written, or `None` if somebody did. Queues `events` in the
/// same transaction, and records ratings when `rated` names the winner's
/// and loser's keys.
pub(super) async fn save(
    state: &AppState,
    old: &GameRow,
    new: &GameRow,
    rated: Option<(String, String)>,
    events: Vec<Event>,
) -> ApiResult<Option<GameRow>> {
    let mut tx = state.db.begin().await?;
    let now = now_ms();
    let moves: Vec<String> = new.history();
    let done = sqlx::query(
        "UPDATE games SET status = $1, x_player = $2, o_player = $3, moves = $4, \
         move_count = $5, turn = $6, winner = $7, end_reason = $8, undo_offer = $9, \
         started_at = $10, finished_at = $11, updated_at = $12, turn_since = $15, \
         version = version + 1 WHERE id = $13 AND version = $14",
    )
    .bind(&new.status)
    .bind(&new.x_player)
    .bind(&new.o_player)
    .bind(moves.join(" "))
    .bind(i64::try_from(new.moves.len()).unwrap_or(0))
    .bind(&new.turn)
    .bind(&new.winner)
    .bind(&new.end_reason)
    .bind(&new.undo_offer)
    .bind(new.started_at)
    .bind(new.finished_at)
    .bind(now)
    .bind(&old.id)
    .bind(old.version)
    .bind(new.turn_since)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() == 0 {
        tx.rollback().await?;
        return Ok(None);
    }
    if let Some((winner, loser)) = rated {
        ratings::record_result(state, &mut tx, new.variant, &winner, &loser).await?;
    }
    let local = events::notify(state, &mut tx, events).await?;
    tx.commit().await?;
    events::after_commit(state, &local);
    let mut saved = new.clone();
    saved.version = old.version + 1;
    saved.updated_at = now;
    Ok(Some(saved))
}

pub(super) fn not_your_game() -> ApiError {
    ApiError::Forbidden(
        "not_your_game",
        "not your game: only its two players can do that".into(),
    )
}

pub(super) fn lost_race() -> ApiError {
    ApiError::Conflict(
        "busy",
        "the game changed many times at once; try again".into(),
        None,
    )
}

pub(super) fn game_value(row: &GameRow) -> Option<Box<Value>> {
    row.to_json().ok().map(Box::new)
}

/// Refuses unless the game is being played.
fn must_be_active(row: &GameRow) -> ApiResult<()> {
    match row.status.as_str() {
        "active" => Ok(()),
        "challenge" => Err(ApiError::Conflict(
            "not_started",
            "the game has not started: the challenge is not accepted yet".into(),
            None,
        )),
        "finished" => Err(ApiError::Conflict(
            "game_over",
            "the game is over".into(),
            game_value(row),
        )),
        other => Err(ApiError::Conflict(
            "not_a_game",
            format!("the challenge was {other}; there is no game"),
            None,
        )),
    }
}

pub(super) fn new_game_id() -> ApiResult<String> {
    // 10 characters of a-z0-9 from 64 random bits.
    let hex = random_hex(8)?;
    let mut n = u64::from_str_radix(&hex, 16).map_err(|e| ApiError::Internal(e.into()))?;
    let digits = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut id = String::new();
    for _ in 0..10 {
        id.push(char::from(digits[(n % 36) as usize]));
        n /= 36;
    }
    Ok(id)
}

/// A move: the square, and the number it will have (1 for the first).
#[derive(Debug, Deserialize)]
pub struct NewMove {
    square: String,
    #[serde(default)]
    number: Option<u64>,
}

/// `POST /api/v1/games/{id}/moves` `{"square": "E5", "number": 12}`.
///
/// With a number, a retry of a move already made (same square, same
/// number, same player) answers as the first time did and changes nothing;
/// any other number that is not the next one is refused as stale, with the
/// game as it stands.
pub async fn play(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
    Body(m): Body<NewMove>,
) -> ApiResult<Json<Value>> {
    let square: Square = m
        .square
        .trim()
        .parse()
        .map_err(|e| ApiError::BadRequest("bad_square", format!("{e}")))?;
    for _ in 0..RETRIES {
        let old = load(&state, &id).await?;
        let side = old.side_of(&user.key).ok_or_else(not_your_game)?;
        let count = old.moves.len();
        if let Some(n) = m.number {
            let n = usize::try_from(n).unwrap_or(usize::MAX);
            if n >= 1 && n <= count {
                let mover = if n % 2 == 1 { Player::X } else { Player::O };
                if old.moves[n - 1] == square && mover == side {
                    // A retry of a move already made.
                    let mut v = old.to_json()?;
                    v["repeated"] = json!(true);
                    return Ok(Json(v));
                }
            }
            if n != count + 1 {
                return Err(ApiError::Conflict(
                    "stale_move_number",
                    format!(
                        "stale move number: you sent move {n}, but the game has {count} moves (the next is {})",
                        count + 1
                    ),
                    game_value(&old),
                ));
            }
        }
        must_be_active(&old)?;
        if old.turn.as_deref() != Some(user.key.as_str()) {
            return Err(ApiError::Conflict(
                "not_your_turn",
                format!(
                    "not your turn: move {} is {}'s",
                    count + 1,
                    opponent_name(&old, side)
                ),
                game_value(&old),
            ));
        }
        let mut game = old.game()?;
        if let Err(e) = game.play(square) {
            return Err(ApiError::Illegal(e.to_string(), game_value(&old)));
        }
        let pos = game.position();
        let mut new = old.clone();
        new.moves = game.moves().to_vec();
        new.undo_offer = None;
        let mut rated = None;
        let mut evs = Vec::new();
        let number = new.moves.len();
        new.turn_since = Some(now_ms());
        if pos.is_over() {
            let winner = pos.result().winner(old.variant);
            new.status = "finished".into();
            new.turn = None;
            new.winner = winner.map(|w| w.letter().to_string());
            new.end_reason = Some("board full".into());
            new.finished_at = Some(now_ms());
            if let Some(w) = winner
                && let (Some(wk), Some(lk)) = (old.player(w), old.player(w.other()))
            {
                rated = Some((wk.to_string(), lk.to_string()));
            }
        } else {
            new.turn = old.player(pos.to_move()).map(str::to_string);
        }
        evs.push(Event::new(
            "move",
            old.players(),
            json!({
                "game": id, "number": number, "square": square.to_string(),
                "by": user.name, "side": side.letter().to_string(),
                "status": new.status, "history": new.history(),
                "deadline": new.deadline_iso(),
            }),
        ));
        if new.status == "finished" {
            evs.push(end_event(&new));
        }
        if let Some(saved) = save(&state, &old, &new, rated, evs).await? {
            return Ok(Json(saved.to_json()?));
        }
    }
    Err(lost_race())
}

fn opponent_name(row: &GameRow, side: Player) -> String {
    let name = match side.other() {
        Player::X => row.x_name.clone(),
        Player::O => row.o_name.clone(),
    };
    format!(
        "{} ({})",
        side.other().letter(),
        name.unwrap_or_else(|| "?".into())
    )
}

fn end_event(new: &GameRow) -> Event {
    let winner_name = match new.winner.as_deref() {
        Some("X") => new.x_name.clone(),
        Some("O") => new.o_name.clone(),
        _ => None,
    };
    Event::new(
        "end",
        new.players(),
        json!({
            "game": new.id, "winner": new.winner, "winner_name": winner_name,
            "reason": new.end_reason,
        }),
    )
}

/// `POST /api/v1/games/{id}/resign`: the player gives up; the other wins.
pub async fn resign(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    for _ in 0..RETRIES {
        let old = load(&state, &id).await?;
        let side = old.side_of(&user.key).ok_or_else(not_your_game)?;
        must_be_active(&old)?;
        if let Some(saved) = finish(&state, &old, side.other(), "resigned", now_ms()).await? {
            return Ok(Json(saved.to_json()?));
        }
    }
    Err(lost_race())
}

/// Ends a game being played before its board is full: `winner` wins, for
/// `reason`; rated as any result, with the end event. `None`: the game
/// changed meanwhile (see [`save`]).
async fn finish(
    state: &AppState,
    old: &GameRow,
    winner: Player,
    reason: &str,
    now: i64,
) -> ApiResult<Option<GameRow>> {
    let mut new = old.clone();
    new.status = "finished".into();
    new.turn = None;
    new.undo_offer = None;
    new.winner = Some(winner.letter().to_string());
    new.end_reason = Some(reason.into());
    new.finished_at = Some(now);
    let rated = match (old.player(winner), old.player(winner.other())) {
        (Some(w), Some(l)) => Some((w.to_string(), l.to_string())),
        _ => None,
    };
    save(state, old, &new, rated, vec![end_event(&new)]).await
}

/// `POST /api/v1/games/{id}/claim`: in a game with a time limit, the
/// player waiting claims the game once the player to move is out of time.
pub async fn claim(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    for _ in 0..RETRIES {
        let old = load(&state, &id).await?;
        let side = old.side_of(&user.key).ok_or_else(not_your_game)?;
        must_be_active(&old)?;
        let Some(deadline) = old.deadline() else {
            return Err(ApiError::Conflict(
                "no_time_limit",
                "this game has no time limit: there is nothing to claim".into(),
                game_value(&old),
            ));
        };
        if old.turn.as_deref() == Some(user.key.as_str()) {
            return Err(ApiError::Conflict(
                "your_turn",
                "it is your move: only the player waiting can claim the game".into(),
                game_value(&old),
            ));
        }
        let now = now_ms();
        if now < deadline {
            let when = chrono::DateTime::from_timestamp_millis(deadline)
                .map(|t| t.format("%Y-%m-%d %H:%M:%S UTC").to_string())
                .unwrap_or_default();
            return Err(ApiError::Conflict(
                "time_left",
                format!(
                    "{} still has time to move, until {when}",
                    opponent_name(&old, side)
                ),
                game_value(&old),
            ));
        }
        if let Some(saved) = finish(&state, &old, side, "out of time", now).await? {
            return Ok(Json(saved.to_json()?));
        }
    }
    Err(lost_race())
}

/// `POST /api/v1/games/{id}/undo`: proposes taking back the last move (if
/// the opponent proposed it already, this agrees).
pub async fn undo_propose(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    for _ in 0..RETRIES {
        let old = load(&state, &id).await?;
        old.side_of(&user.key).ok_or_else(not_your_game)?;
        must_be_active(&old)?;
        if old.moves.is_empty() {
            return Err(ApiError::Conflict(
                "nothing_to_undo",
                "no move has been played".into(),
                None,
            ));
        }
        match old.undo_offer.as_deref() {
            Some(k) if k == user.key => {
                return Err(ApiError::Conflict(
                    "already_proposed",
                    "you have proposed an undo already; your opponent must answer".into(),
                    None,
                ));
            }
            Some(_) => return undo_answer(state, user, id, true).await,
            None => {}
        }
        let mut new = old.clone();
        new.undo_offer = Some(user.key.clone());
        let e = Event::new(
            "undo",
            old.players(),
            json!({ "game": id, "by": user.name, "action": "proposed" }),
        );
        if let Some(saved) = save(&state, &old, &new, None, vec![e]).await? {
            return Ok(Json(saved.to_json()?));
        }
    }
    Err(lost_race())
}

/// `POST /api/v1/games/{id}/undo/accept`: takes back the last move.
pub async fn undo_accept(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    undo_answer(state, user, id, true).await
}

/// `POST /api/v1/games/{id}/undo/decline`: refuses the proposal.
pub async fn undo_decline(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    undo_answer(state, user, id, false).await
}

async fn undo_answer(
    state: AppState,
    user: AuthUser,
    id: String,
    yes: bool,
) -> ApiResult<Json<Value>> {
    for _ in 0..RETRIES {
        let old = load(&state, &id).await?;
        old.side_of(&user.key).ok_or_else(not_your_game)?;
        must_be_active(&old)?;
        match old.undo_offer.as_deref() {
            None => {
                return Err(ApiError::Conflict(
                    "no_undo_proposed",
                    "no undo is proposed".into(),
                    None,
                ));
            }
            Some(k) if k == user.key => {
                return Err(ApiError::Forbidden(
                    "own_proposal",
                    "your opponent must answer your own proposal".into(),
                ));
            }
            Some(_) => {}
        }
        let mut new = old.clone();
        new.undo_offer = None;
        if yes {
            let mut game = old.game()?;
            let _ = game.undo();
            new.moves = game.moves().to_vec();
            new.turn = old.player(game.position().to_move()).map(str::to_string);
            new.turn_since = Some(now_ms());
        }
        let e = Event::new(
            "undo",
            old.players(),
            json!({
                "game": id, "by": user.name,
                "action": if yes { "accepted" } else { "declined" },
                "history": new.history(),
                "deadline": new.deadline_iso(),
            }),
        );
        if let Some(saved) = save(&state, &old, &new, None, vec![e]).await? {
            return Ok(Json(saved.to_json()?));
        }
    }
    Err(lost_race())
}

/// `GET /api/v1/games/{id}`: the game as JSON (anyone may look).
pub async fn show(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Json<Value>> {
    Ok(Json(load(&state, &id).await?.to_json()?))
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
            "not_started",
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

/// `GET /api/v1/games[?next=true]`: my games and challenges, the ones
/// waiting for me first, then the others being played, then the rest, most
/// recent first.
pub async fn my_games(
    State(state): State<AppState>,
    user: AuthUser,
    Query(q): Query<GamesQuery>,
) -> ApiResult<Json<Value>> {
    let sql = select_games!(
        "WHERE g.x_player = $1 OR g.o_player = $1 OR g.challenger = $1 OR g.challenged = $1 ORDER BY CASE WHEN g.turn = $1 THEN 0 WHEN g.status = 'active' THEN 1 WHEN g.status = 'challenge' THEN 2 ELSE 3 END, g.updated_at DESC LIMIT 500"
    );
    let rows = sqlx::query(sql)
        .bind(&user.key)
        .fetch_all(&state.db.pool)
        .await?;
    let next = q.next.unwrap_or(false);
    let list: Vec<Value> = rows
        .iter()
        .filter_map(|r| GameRow::from_row(r).ok())
        .filter(|g| !next || g.turn.as_deref() == Some(user.key.as_str()))
        .map(|g| g.summary(&user.key))
        .collect();
    Ok(Json(json!({ "games": list })))
}

/// Sends events outside a game write (a new challenge, a chat line).
pub(super) async fn publish_now(state: &AppState, events: Vec<Event>) -> ApiResult<()> {
    let mut tx = state.db.begin().await?;
    let local = events::notify(state, &mut tx, events).await?;
    tx.commit().await?;
    events::after_commit(state, &local);
    Ok(())
}
