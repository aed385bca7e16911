//! `scribe admin`: the server's keeper works on its database directly (the
//! server may be running): list the players, reset a password, ban and
//! unban, delete an account, read the reported chat lines.
//!
//! Revoking a player's tokens ends their live streams at once: on
//! PostgreSQL the revocation is sent with `pg_notify`, as a server does; on
//! SQLite it is handed to the running server through its socket beside the
//! database ([`crate::live::wake`]). Where that cannot be done, the streams end at
//! their next check of their token ([`crate::live::token_check_period`],
//! 10 s).
//!
//! A deleted account keeps its row as a tombstone: the name shown becomes
//! "deleted player", the password and tokens are gone, the ratings too, its
//! waiting challenges are withdrawn; its games and chat lines stay. The
//! name is not given out again (its key stays taken), so nobody can pass
//! for the player in the games they played.

use crate::auth;
use crate::db::{self, Database, now_ms};
use crate::live::{self, Event, Revoked};
use anyhow::{Context, bail};
use scribe_api as api;
use std::fmt::Write as _;

/// The name a deleted account's games show.
pub const DELETED_NAME: &str = "deleted player";

/// What `scribe admin` does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AdminCommand {
    /// Lists the players: name, created, last seen, games, ratings, banned.
    Players,
    /// Gives the player a new random password, printed once; every token
    /// of theirs is revoked.
    ResetPassword {
        /// The player.
        name: String,
    },
    /// Bans the player: they cannot sign in, their tokens are revoked,
    /// their games stay.
    Ban {
        /// The player.
        name: String,
        /// Why (shown to the player when a sign-in is refused).
        reason: Option<String>,
    },
    /// Lifts a ban.
    Unban {
        /// The player.
        name: String,
    },
    /// Deletes the account (see the module's documentation).
    Delete {
        /// The player.
        name: String,
    },
    /// Lists the reported chat lines, oldest first.
    Reports,
}

/// Runs `command` on `database`; what to print.
///
/// # Errors
/// The database cannot be opened, or there is no such player: one line.
pub fn run(database: &Database, command: &AdminCommand) -> anyhow::Result<String> {
    if let Database::Sqlite(path) = database
        && !path.is_file()
    {
        bail!(
            "no server database at {} (give --database as for scribe serve)",
            path.display()
        );
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the admin's thread")?;
    runtime.block_on(async {
        let db = db::open(database, true).await?;
        let wake = match database {
            Database::Sqlite(path) => Some(path.as_path()),
            Database::Postgres(_) => None,
        };
        let out = command_on(&db, command, wake).await;
        db.pool.close().await;
        out
    })
}

/// `wake`: the SQLite database's path, whose server takes the events.
async fn command_on(
    db: &db::Db,
    command: &AdminCommand,
    wake: Option<&std::path::Path>,
) -> anyhow::Result<String> {
    match command {
        AdminCommand::Players => players(db).await,
        AdminCommand::Reports => reports(db).await,
        AdminCommand::ResetPassword { name } => {
            let key = existing(db, name).await?;
            let password = auth::random_hex(10)?;
            let hash = auth::hash_password(password.clone()).await?;
            let mut tx = db.begin().await?;
            sqlx::query("UPDATE users SET password_hash = $1 WHERE name_key = $2")
                .bind(hash)
                .bind(&key)
                .execute(&mut *tx)
                .await?;
            let n = revoke_all(db, tx, &key, Vec::new(), wake).await?;
            Ok(format!(
                "{name}: the new password is {password}\n\
                 (shown once; sign-ins revoked: {n}. Give it to the player privately and ask \
                 them to change it with scribe online password)\n"
            ))
        }
        AdminCommand::Ban { name, reason } => {
            let key = existing(db, name).await?;
            let mut tx = db.begin().await?;
            sqlx::query("UPDATE users SET banned_at = $1, ban_reason = $2 WHERE name_key = $3")
                .bind(now_ms())
                .bind(reason.as_deref().map(str::trim).filter(|r| !r.is_empty()))
                .bind(&key)
                .execute(&mut *tx)
                .await?;
            let n = revoke_all(db, tx, &key, Vec::new(), wake).await?;
            Ok(format!(
                "{name} is banned: cannot sign in (sign-ins revoked: {n}); their games stay\n"
            ))
        }
        AdminCommand::Unban { name } => {
            let key = existing(db, name).await?;
            let done = sqlx::query(
                "UPDATE users SET banned_at = NULL, ban_reason = NULL \
                 WHERE name_key = $1 AND banned_at IS NOT NULL",
            )
            .bind(&key)
            .execute(&db.pool)
            .await?;
            Ok(if done.rows_affected() == 0 {
                format!("{name} was not banned\n")
            } else {
                format!("{name} may sign in again\n")
            })
        }
        AdminCommand::Delete { name } => {
            let key = existing(db, name).await?;
            let mut tx = db.begin().await?;
            let events = delete_in(&mut tx, &key, now_ms()).await?;
            let n = revoke_all(db, tx, &key, events, wake).await?;
            Ok(format!(
                "{name}'s account is deleted (sign-ins revoked: {n}); their games are kept under \
                 \"{DELETED_NAME}\"\n"
            ))
        }
    }
}

/// The key of the account `name`, which must exist and not be deleted.
async fn existing(db: &db::Db, name: &str) -> anyhow::Result<String> {
    let shown = scribe_rules::escape_shown(name, 40);
    let key = auth::name_key(name).map_err(|_| anyhow::anyhow!("no player named {shown}"))?;
    let found =
        sqlx::query("SELECT name_key FROM users WHERE name_key = $1 AND deleted_at IS NULL")
            .bind(&key)
            .fetch_optional(&db.pool)
            .await?;
    if found.is_none() {
        bail!("no player named {shown}");
    }
    Ok(key)
}

/// Deletes every token of `key` in `tx`, sends `events` and the
/// revocation, and commits; how many tokens were revoked. On SQLite the
/// events go to the server running on the database at `wake`.
async fn revoke_all(
    db: &db::Db,
    mut tx: sqlx::Transaction<'static, sqlx::Any>,
    key: &str,
    mut events: Vec<Event>,
    wake: Option<&std::path::Path>,
) -> anyhow::Result<u64> {
    let done = sqlx::query("DELETE FROM tokens WHERE user_key = $1")
        .bind(key)
        .execute(&mut *tx)
        .await?;
    events.push(Revoked::default().event(key));
    let local = live::notify_in(db.postgres, &mut tx, events).await?;
    tx.commit().await?;
    // On SQLite the events have no stream in this process: handed to the
    // server (if it runs and can be reached; else its streams end at their
    // next check, and the others read the games anew).
    if let Some(path) = wake {
        crate::live::wake::send(path, &local).await;
    }
    Ok(done.rows_affected())
}

/// Deletes the account `key` in `tx` at `now` (its tokens are left to the
/// caller): the row becomes a tombstone named [`DELETED_NAME`] with no
/// password, its ratings go, its waiting challenges are withdrawn. The
/// events for the players of those challenges.
///
/// # Errors
/// The database's.
pub(crate) async fn delete_in(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    key: &str,
    now: i64,
) -> sqlx::Result<Vec<Event>> {
    sqlx::query(
        "UPDATE users SET name = $1, password_hash = '', deleted_at = $2, banned_at = NULL, \
         ban_reason = NULL, email = NULL, email_verified_at = NULL, unsubscribe_key = NULL \
         WHERE name_key = $3",
    )
    .bind(DELETED_NAME)
    .bind(now)
    .bind(key)
    .execute(&mut **tx)
    .await?;
    sqlx::query("DELETE FROM ratings WHERE user_key = $1")
        .bind(key)
        .execute(&mut **tx)
        .await?;
    sqlx::query("DELETE FROM rating_history WHERE user_key = $1")
        .bind(key)
        .execute(&mut **tx)
        .await?;
    sqlx::query("DELETE FROM mail_links WHERE user_key = $1")
        .bind(key)
        .execute(&mut **tx)
        .await?;
    sqlx::query("DELETE FROM known_addresses WHERE user_key = $1")
        .bind(key)
        .execute(&mut **tx)
        .await?;
    crate::store::withdraw_challenges(tx, key, DELETED_NAME, now).await
}

/// A time in the database as `2026-11-26 03:40` (UTC).
fn when(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .map_or_else(|| "?".into(), |t| t.format("%Y-%m-%d %H:%M").to_string())
}

/// A line of `scribe admin players`, read by column name.
#[derive(sqlx::FromRow)]
struct PlayerLine {
    name: String,
    created_at: i64,
    last_seen: Option<i64>,
    banned_at: Option<i64>,
    ban_reason: Option<String>,
    games: i64,
    majority: Option<f64>,
    super_glyph: Option<f64>,
}

async fn players(db: &db::Db) -> anyhow::Result<String> {
    let rows: Vec<PlayerLine> = sqlx::query_as(
        "SELECT u.name, u.created_at, u.last_seen, u.banned_at, u.ban_reason, \
         (SELECT COUNT(*) FROM games g WHERE (g.x_player = u.name_key OR g.o_player = u.name_key) \
          AND g.status IN ($3, $4)) AS games, \
         (SELECT r.rating FROM ratings r WHERE r.user_key = u.name_key AND r.variant = $1) \
          AS majority, \
         (SELECT r.rating FROM ratings r WHERE r.user_key = u.name_key AND r.variant = $2) \
          AS super_glyph \
         FROM users u WHERE u.deleted_at IS NULL ORDER BY u.name_key",
    )
    .bind(api::Variant::Majority.as_str())
    .bind(api::Variant::SuperGlyph.as_str())
    .bind(api::Status::Active.as_str())
    .bind(api::Status::Finished.as_str())
    .fetch_all(&db.pool)
    .await?;
    let mut out = format!(
        "{:<20}  {:<16}  {:<16}  {:>5}  {:>8}  {:>8}  banned\n",
        "name", "created (UTC)", "last seen (UTC)", "games", "majority", "super"
    );
    for r in &rows {
        let rating =
            |x: Option<f64>| -> String { x.map_or_else(|| "-".into(), |x| format!("{x:.0}")) };
        let banned = match (r.banned_at, &r.ban_reason) {
            (None, _) => "no".to_string(),
            (Some(at), None) => format!("since {}", when(at)),
            (Some(at), Some(why)) => format!("since {}: {why}", when(at)),
        };
        let _ = writeln!(
            out,
            "{:<20}  {:<16}  {:<16}  {:>5}  {:>8}  {:>8}  {banned}",
            r.name,
            when(r.created_at),
            r.last_seen.map_or_else(|| "-".into(), when),
            r.games,
            rating(r.majority),
            rating(r.super_glyph),
        );
    }
    let _ = writeln!(out, "{} players", rows.len());
    Ok(out)
}

/// A reported chat line, read by column name.
#[derive(sqlx::FromRow)]
struct Reported {
    at: i64,
    game_id: String,
    seq: i64,
    author: String,
    reporter: String,
    text: String,
}

async fn reports(db: &db::Db) -> anyhow::Result<String> {
    let rows: Vec<Reported> = sqlx::query_as(
        "SELECT r.at, r.game_id, r.seq, a.name AS author, p.name AS reporter, r.text \
         FROM reports r \
         JOIN users a ON a.name_key = r.author JOIN users p ON p.name_key = r.reporter \
         ORDER BY r.at, r.game_id, r.seq",
    )
    .fetch_all(&db.pool)
    .await?;
    let mut out = String::new();
    for r in &rows {
        let _ = writeln!(
            out,
            "{}  game {} line {}  by {}  reported by {}: {}",
            when(r.at),
            r.game_id,
            r.seq,
            r.author,
            r.reporter,
            r.text,
        );
    }
    let _ = writeln!(out, "{} reported lines", rows.len());
    Ok(out)
}
