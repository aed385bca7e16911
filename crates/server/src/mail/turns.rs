//! Who is mailed when a game changes: "your move" when the turn passes to a
//! player with a verified address who wants it, at most once per game per
//! quiet period ([`quiet_ms`], an hour); and a reminder once a turn, a day
//! before a time limit runs out (half the limit before, for a one-day
//! limit), found by a scan every minute ([`reminders`]).
//!
//! Which mail may go is claimed in `mail_sent` with one upsert, so that
//! two servers on one PostgreSQL never both send it; a mail that fails
//! gives its claim back.

use super::{Job, Sender, letters};
use crate::AppState;
use crate::db::now_ms;
use crate::domain::model::{GameRow, day_ms, select_games};
use crate::store;
use scribe_api::Status;
use sqlx::Row;
use std::time::Duration;

/// The quiet period: at most one "your move" mail per player and game in
/// it, 1 hour (a debug build reads `SCRIBE_SERVE_MAIL_QUIET_MS`, for tests).
#[must_use]
pub fn quiet_ms() -> i64 {
    super::test_ms("SCRIBE_SERVE_MAIL_QUIET_MS").unwrap_or(3_600_000)
}

/// How often the reminders are looked for: a minute (a debug build reads
/// `SCRIBE_SERVE_MAIL_SCAN_MS`).
#[must_use]
pub fn scan_period() -> Duration {
    let ms = super::test_ms("SCRIBE_SERVE_MAIL_SCAN_MS").unwrap_or(60_000);
    Duration::from_millis(u64::try_from(ms).unwrap_or(60_000))
}

/// How long before the deadline the reminder goes: a day, or half the
/// limit if that is shorter (a one-day limit is reminded at half-time).
#[must_use]
pub fn remind_before(days: i64) -> i64 {
    let day = day_ms();
    day.min(days.saturating_mul(day) / 2)
}

/// The "your move" mail as one of the store's after-commit reactions
/// ([`crate::store::Reaction`]): [`after_change`].
#[derive(Debug)]
pub struct YourMove;

impl crate::store::Reaction for YourMove {
    fn after_commit(&self, state: &AppState, change: &crate::store::Committed<'_>) {
        after_change(state, change.old, change.new, change.by);
    }
}

/// After a write changed `old` into `new` at the request of `actor`: the
/// player whose turn it became is queued a "your move" job.
pub fn after_change(state: &AppState, old: &GameRow, new: &GameRow, actor: &str) {
    if !state.mail.is_on() || new.status != Status::Active {
        return;
    }
    let Some(player) = &new.turn else { return };
    let passed =
        old.turn != new.turn || old.moves.len() != new.moves.len() || old.status != new.status;
    if passed && player != actor {
        state.mail.queue(Job::YourMove {
            game: new.id.clone(),
            player: player.clone(),
        });
    }
}

/// A player's address, if mail may go to it: verified, wanted, the account
/// neither banned nor deleted. (name, address, unsubscribe key)
async fn reachable(state: &AppState, key: &str) -> sqlx::Result<Option<(String, String, String)>> {
    let row = sqlx::query(
        "SELECT name, email, unsubscribe_key FROM users WHERE name_key = $1 \
         AND email IS NOT NULL AND email_verified_at IS NOT NULL AND mail_notify = 1 \
         AND unsubscribe_key IS NOT NULL AND banned_at IS NULL AND deleted_at IS NULL",
    )
    .bind(key)
    .fetch_optional(&state.db.pool)
    .await?;
    Ok(match row {
        Some(r) => Some((
            r.try_get("name")?,
            r.try_get("email")?,
            r.try_get("unsubscribe_key")?,
        )),
        None => None,
    })
}

/// Claims the `kind` mail to `key` about `game` at `now` if the last one
/// was sent before `since`: whether this server may send it.
async fn claim(
    state: &AppState,
    key: &str,
    game: &str,
    kind: &str,
    now: i64,
    since: i64,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO mail_sent (user_key, game_id, kind, at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (user_key, game_id, kind) DO UPDATE SET at = excluded.at \
         WHERE mail_sent.at < $5",
    )
    .bind(key)
    .bind(game)
    .bind(kind)
    .bind(now)
    .bind(since)
    .execute(state.db.writer())
    .await?;
    Ok(done.rows_affected() > 0)
}

/// Gives back a claim made at `at` (its mail failed).
async fn unclaim(state: &AppState, key: &str, game: &str, kind: &str, at: i64) {
    let _ = sqlx::query(
        "DELETE FROM mail_sent WHERE user_key = $1 AND game_id = $2 AND kind = $3 AND at = $4",
    )
    .bind(key)
    .bind(game)
    .bind(kind)
    .bind(at)
    .execute(state.db.writer())
    .await;
}

/// The other player's name.
fn opponent(row: &GameRow, key: &str) -> String {
    let side = row.side_of(key).unwrap_or(scribe_rules::Player::X);
    row.name_of(side.other())
        .unwrap_or("your opponent")
        .to_string()
}

/// Sends `key` "your move" in `game` if it still is their move, they want
/// it, and the quiet period allows (so a second attempt after a failed one
/// sends nothing once the player moved or another mail went).
///
/// # Errors
/// The database's, or [`super::Failed`] when the SMTP server did not take
/// the mail (its claim is given back then).
pub async fn your_move(
    state: &AppState,
    sender: &Sender,
    game: &str,
    key: &str,
) -> anyhow::Result<()> {
    let Some((name, to, unsubscribe)) = reachable(state, key).await? else {
        return Ok(());
    };
    let row = store::load(state, game)
        .await
        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    if row.status != Status::Active || row.turn.as_deref() != Some(key) {
        return Ok(());
    }
    let now = now_ms();
    if !claim(state, key, game, "move", now, now - quiet_ms()).await? {
        return Ok(());
    }
    let base = sender.base.as_str();
    let (link, unsubscribe) = (
        format!("{base}/#/game/{game}"),
        format!("{base}/mail/unsubscribe/{unsubscribe}"),
    );
    let opponent = opponent(&row, key);
    let about = letters::About {
        player: &name,
        to: &to,
        opponent: &opponent,
        game,
        link: &link,
        unsubscribe: &unsubscribe,
    };
    let letter = letters::your_move(&about, row.moves.len(), quiet_ms() / 60_000);
    if let Err(e) = sender.send(&letter).await {
        unclaim(state, key, game, "move", now).await;
        return Err(e.into());
    }
    Ok(())
}

/// Every [`scan_period`], queues a reminder for each player whose time in
/// a game runs out within [`remind_before`], once a turn. Runs until the
/// server stops.
pub async fn reminders(state: AppState) {
    loop {
        tokio::time::sleep(scan_period()).await;
        if let Err(e) = scan(&state).await {
            crate::warn(&format!("scribe serve: the reminders' scan failed: {e:#}"));
        }
    }
}

async fn scan(state: &AppState) -> anyhow::Result<()> {
    let Some(base) = state.mail.base().map(str::to_string) else {
        return Ok(());
    };
    // Only games whose player to move can be mailed: few rows.
    let found = sqlx::query(select_games!(
        "JOIN users tu ON tu.name_key = g.turn WHERE g.status = $1 AND g.days_per_move IS NOT NULL \
         AND tu.email_verified_at IS NOT NULL AND tu.mail_notify = 1 LIMIT 1000"
    ))
    .bind(scribe_api::Status::Active.as_str())
    .fetch_all(&state.db.pool)
    .await?;
    let now = now_ms();
    for row in store::rows(&found) {
        let (Some(deadline), Some(key), Some(days)) =
            (row.deadline(), row.turn.clone(), row.days_per_move)
        else {
            continue;
        };
        if now < deadline - remind_before(days) || now >= deadline {
            continue;
        }
        let since = row.turn_since.or(row.started_at).unwrap_or(0);
        let Some((name, to, unsubscribe)) = reachable(state, &key).await? else {
            continue;
        };
        if !claim(state, &key, &row.id, "reminder", now, since).await? {
            continue;
        }
        let due = chrono::DateTime::from_timestamp_millis(deadline).map_or_else(
            || "?".into(),
            |t| t.format("%Y-%m-%d %H:%M UTC").to_string(),
        );
        let (link, unsubscribe) = (
            format!("{base}/#/game/{}", row.id),
            format!("{base}/mail/unsubscribe/{unsubscribe}"),
        );
        let opponent = opponent(&row, &key);
        let about = letters::About {
            player: &name,
            to: &to,
            opponent: &opponent,
            game: &row.id,
            link: &link,
            unsubscribe: &unsubscribe,
        };
        let letter = letters::reminder(&about, &due);
        if !state.mail.queue(Job::Send(letter)) {
            unclaim(state, &key, &row.id, "reminder", now).await;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reminder_goes_a_day_before_or_at_half_time() {
        let day = day_ms();
        assert_eq!(remind_before(1), day / 2);
        assert_eq!(remind_before(2), day);
        assert_eq!(remind_before(7), day);
    }
}
