//! A short chat per game, between its two players, once the challenge is
//! accepted.

use crate::AppState;
use crate::auth::AuthUser;
use crate::db::now_ms;
use crate::domain::changes::{Actor, not_your_game, side};
use crate::error::{ApiError, ApiResult};
use crate::http::extract::Body;
use crate::http::extract::Path;
use crate::live::{self, Event};
use crate::store::load;
use axum::Json;
use axum::extract::State;
use scribe_api::{self as api, ErrorCode};
use sqlx::Row;

/// Unicode's format characters (category Cf) that a chat line refuses:
/// direction controls (U+202E turns the rest of a line around), zero-width
/// spaces and joiners, the byte-order mark, the soft hyphen, tags. They
/// would let one line pass for another.
fn invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{061C}' | '\u{180E}' | '\u{200B}'..='\u{200F}'
        | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{206F}'
        | '\u{FEFF}' | '\u{FFF9}'..='\u{FFFB}' | '\u{E0000}'..='\u{E007F}')
}

/// Unicode's line and paragraph separators (U+2028, U+2029; the others,
/// such as U+0085, are control characters): they would start a new line in
/// a reader's view of a one-line chat.
fn line_break(c: char) -> bool {
    matches!(c, '\u{2028}' | '\u{2029}')
}

/// `GET /api/v1/games/{id}/chat`: the game's chat (its players only).
pub async fn chat_read(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<api::Chat>> {
    let row = load(&state, &id).await?;
    if !row.involves(&user.key) {
        return Err(not_your_game());
    }
    let lines = sqlx::query(
        "SELECT c.seq, u.name, c.text, c.at FROM chat c JOIN users u ON u.name_key = c.author \
         WHERE c.game_id = $1 ORDER BY c.seq",
    )
    .bind(&id)
    .fetch_all(&state.db.pool)
    .await?;
    let mut chat = Vec::new();
    for l in &lines {
        chat.push(api::ChatLine {
            n: u64::try_from(l.try_get::<i64, _>("seq")?).unwrap_or(0),
            by: l.try_get("name")?,
            text: l.try_get("text")?,
        });
    }
    Ok(Json(api::Chat { game: id, chat }))
}

/// `POST /api/v1/games/{id}/chat` `{"text"}`: one line, at most
/// [`crate::MAX_CHAT_CHARS`] characters, no control characters; a game keeps
/// at most [`crate::MAX_CHAT_LINES`].
pub async fn chat_say(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
    Body(s): Body<api::Say>,
) -> ApiResult<Json<api::ChatPost>> {
    let text = s.text.trim();
    let n = text.chars().count();
    if n == 0 || n > crate::MAX_CHAT_CHARS {
        return Err(ApiError::BadRequest(
            ErrorCode::BadChat,
            format!("a chat line has 1 to {} characters", crate::MAX_CHAT_CHARS),
        ));
    }
    if text.chars().any(|c| c.is_control() || line_break(c)) {
        return Err(ApiError::BadRequest(
            ErrorCode::BadChat,
            "a chat line has no control characters (no new lines, tabs or escapes)".into(),
        ));
    }
    if text.chars().any(invisible) {
        return Err(ApiError::BadRequest(
            ErrorCode::BadChat,
            "a chat line has no invisible or direction-changing characters".into(),
        ));
    }
    let row = load(&state, &id).await?;
    // Only the two players of an accepted game (being played or over):
    // a challenge is no way to reach a player's screen.
    side(&row, &Actor::from(&user), now_ms())?;
    let mut tx = state.db.begin().await?;
    // Lines are numbered one after another: two at once must not both take
    // the same number. SQLite's write lock (`BEGIN IMMEDIATE`) already lets
    // one transaction in at a time; on PostgreSQL the game's row is locked
    // until this line is committed (game writes compare versions and do
    // not wait on it for long).
    if state.db.postgres {
        sqlx::query("SELECT id FROM games WHERE id = $1 FOR UPDATE")
            .bind(&id)
            .execute(&mut *tx)
            .await?;
    }
    let count: i64 = sqlx::query("SELECT COUNT(*) AS n FROM chat WHERE game_id = $1")
        .bind(&id)
        .fetch_one(&mut *tx)
        .await?
        .try_get("n")?;
    if count >= crate::MAX_CHAT_LINES {
        return Err(ApiError::Conflict(
            ErrorCode::ChatFull,
            format!("the chat of this game is full ({count} lines)"),
            None,
        ));
    }
    sqlx::query("INSERT INTO chat (game_id, seq, author, text, at) VALUES ($1, $2, $3, $4, $5)")
        .bind(&id)
        .bind(count + 1)
        .bind(&user.key)
        .bind(text)
        .bind(now_ms())
        .execute(&mut *tx)
        .await?;
    let said = api::ChatPost {
        game: id,
        n: u64::try_from(count + 1).unwrap_or(0),
        by: user.name,
        text: text.to_string(),
    };
    let e = Event::new(row.players(), &api::Event::Chat(said.clone()));
    let local = live::notify(&state, &mut tx, vec![e]).await?;
    tx.commit().await?;
    live::after_commit(&state, &local);
    Ok(Json(said))
}

/// The most chat lines one player may report in a day.
pub const MAX_REPORTS_PER_DAY: i64 = 20;

/// `POST /api/v1/games/{id}/chat/{n}/report`: a player of the game reports
/// the other player's line `n` to the server's keepers (`scribe admin
/// reports`); once per line and reporter, at most [`MAX_REPORTS_PER_DAY`]
/// a day.
pub async fn report(
    State(state): State<AppState>,
    user: AuthUser,
    Path((id, n)): Path<(String, u64)>,
) -> ApiResult<Json<api::Reported>> {
    let row = load(&state, &id).await?;
    if !row.involves(&user.key) {
        return Err(not_your_game());
    }
    let seq = i64::try_from(n).unwrap_or(i64::MAX);
    let line = sqlx::query("SELECT author, text FROM chat WHERE game_id = $1 AND seq = $2")
        .bind(&id)
        .bind(seq)
        .fetch_optional(&state.db.pool)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("no chat line {n} in this game")))?;
    let author: String = line.try_get("author")?;
    let text: String = line.try_get("text")?;
    if author == user.key {
        return Err(ApiError::Forbidden(
            ErrorCode::OwnLine,
            "you can report only the other player's lines".into(),
        ));
    }
    let now = now_ms();
    let mut tx = state.db.begin().await?;
    if state.db.postgres {
        // Counted one report at a time per reporter.
        sqlx::query("SELECT name_key FROM users WHERE name_key = $1 FOR UPDATE")
            .bind(&user.key)
            .execute(&mut *tx)
            .await?;
    }
    let today: i64 =
        sqlx::query("SELECT COUNT(*) AS n FROM reports WHERE reporter = $1 AND at > $2")
            .bind(&user.key)
            .bind(now - crate::domain::model::day_ms())
            .fetch_one(&mut *tx)
            .await?
            .try_get("n")?;
    if today >= MAX_REPORTS_PER_DAY {
        return Err(ApiError::RateLimited(format!(
            "you reported {today} lines in the last day; the most is {MAX_REPORTS_PER_DAY}"
        )));
    }
    let done = sqlx::query(
        "INSERT INTO reports (game_id, seq, reporter, author, text, at) \
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (game_id, seq, reporter) DO NOTHING",
    )
    .bind(&id)
    .bind(seq)
    .bind(&user.key)
    .bind(&author)
    .bind(&text)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    if done.rows_affected() == 0 {
        return Err(ApiError::Conflict(
            ErrorCode::AlreadyReported,
            format!("you reported line {n} of this game already"),
            None,
        ));
    }
    Ok(Json(api::Reported {
        game: id,
        n,
        reported: true,
    }))
}
