//! Who is asking: player names, argon2 password hashes, sign-in tokens and
//! the [`AuthUser`] extractor that makes "the signed-in player" a handler
//! argument, so that no handler can forget to check it.
//!
//! A token is `ID.SECRET` (both random, hex). The database keeps the ID and
//! the SHA-256 of the SECRET only; a request's secret is hashed and compared
//! in constant time with the stored hash.

use crate::AppState;
use crate::db::now_ms;
use crate::error::{ApiError, ApiResult};
use argon2::{Argon2, PasswordHasher, PasswordVerifier};
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use sha2::{Digest, Sha256};
use sqlx::Row;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};
use subtle::ConstantTimeEq;

/// Shortest and longest player name.
pub const NAME_CHARS: std::ops::RangeInclusive<usize> = 2..=20;
/// Shortest and longest password, in characters.
pub const PASSWORD_CHARS: std::ops::RangeInclusive<usize> = 8..=200;

/// Checks a player name: 2 to 20 characters, ASCII letters, digits, `_` and
/// `-`, starting with a letter. Returns the key it is stored under (lower
/// case: `Ann` and `ann` are the same player).
///
/// # Errors
/// The rule broken, in a sentence.
pub fn name_key(name: &str) -> Result<String, String> {
    let count = name.chars().count();
    if !NAME_CHARS.contains(&count) {
        return Err(format!(
            "a name has {} to {} characters",
            NAME_CHARS.start(),
            NAME_CHARS.end()
        ));
    }
    if !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return Err("a name starts with a letter (A-Z, a-z)".into());
    }
    if !name.chars().all(scribe_api::name_char) {
        return Err("a name has only letters A-Z, digits, '_' and '-'".into());
    }
    Ok(name.to_ascii_lowercase())
}

/// Names nobody may sign up with: they would pass for the server, its
/// keepers, the computer player or a deleted account. A name is reserved if
/// its key is one of [`RESERVED`] or starts with one of [`RESERVED_PREFIXES`].
pub const RESERVED: &[&str] = &[
    "admin",
    "administrator",
    "root",
    "system",
    "sysop",
    "moderator",
    "mod",
    "staff",
    "support",
    "server",
    "official",
    "anonymous",
    "nobody",
    "null",
    "undefined",
    "me",
];
/// Reserved beginnings of names (see [`RESERVED`]).
pub const RESERVED_PREFIXES: &[&str] = &[
    "admin",
    "computer",
    "deleted",
    "scribe",
    "system",
    "moderator",
];

/// Checks a name for a new account: [`name_key`], and not reserved.
///
/// # Errors
/// The rule broken, in a sentence.
pub fn new_name_key(name: &str) -> Result<String, String> {
    let key = name_key(name)?;
    if RESERVED.contains(&key.as_str()) || RESERVED_PREFIXES.iter().any(|p| key.starts_with(p)) {
        return Err(format!("the name {name} is reserved; choose another"));
    }
    Ok(key)
}

/// Checks a new password's length.
///
/// # Errors
/// The rule broken.
pub fn check_password(password: &str) -> Result<(), String> {
    let n = password.chars().count();
    if PASSWORD_CHARS.contains(&n) {
        Ok(())
    } else {
        Err(format!(
            "a password has {} to {} characters",
            PASSWORD_CHARS.start(),
            PASSWORD_CHARS.end()
        ))
    }
}

/// How many passwords are hashed at once: each hash takes 19 MiB and tens
/// of milliseconds of one core, so a flood of sign-ins queues for these
/// threads instead of taking the memory and every core.
const HASHERS: usize = 2;

type HashJob = Box<dyn FnOnce() + Send>;

/// The queue of the password-hashing threads, started at first use. Always
/// the same two threads (not the runtime's pool of blocking threads): each
/// keeps reusing its own 19 MiB, where a new thread for each hash would
/// leave a memory arena of 19 MiB behind it (hundreds of MB after a busy
/// minute of sign-ins).
fn hashers() -> &'static std::sync::mpsc::Sender<HashJob> {
    static QUEUE: std::sync::OnceLock<std::sync::mpsc::Sender<HashJob>> =
        std::sync::OnceLock::new();
    QUEUE.get_or_init(|| {
        let (tx, rx) = std::sync::mpsc::channel::<HashJob>();
        let rx = std::sync::Arc::new(std::sync::Mutex::new(rx));
        for i in 0..HASHERS {
            let rx = rx.clone();
            let started = std::thread::Builder::new()
                .name(format!("scribe-hash-{i}"))
                .spawn(move || {
                    loop {
                        let job = {
                            let queue =
                                rx.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                            queue.recv()
                        };
                        match job {
                            Ok(job) => job(),
                            Err(_) => return,
                        }
                    }
                });
            if let Err(e) = started {
                crate::warn(&format!(
                    "scribe serve: cannot start a password hasher: {e}"
                ));
            }
        }
        tx
    })
}

/// Runs `work` on a password-hashing thread and waits for it without
/// holding an async thread.
async fn on_hasher<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> anyhow::Result<T> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    let job: HashJob = Box::new(move || {
        let _ = tx.send(work());
    });
    hashers()
        .send(job)
        .map_err(|_| anyhow::anyhow!("the password hashers stopped"))?;
    rx.await
        .map_err(|_| anyhow::anyhow!("a password hash was not finished"))
}

/// Hashes a password with argon2id (a fresh random salt), off the async
/// threads: it takes tens of milliseconds on purpose.
///
/// # Errors
/// Only if the system's random source fails.
pub async fn hash_password(password: String) -> anyhow::Result<String> {
    on_hasher(move || {
        Argon2::default()
            .hash_password(password.as_bytes())
            .map(|h| h.to_string())
            .map_err(|e| anyhow::anyhow!("hashing a password: {e}"))
    })
    .await?
}

/// Whether `password` matches `hash` (a PHC string). A missing hash (an
/// unknown name) is checked against a dummy hash, so that an unknown name
/// and a wrong password take the same time and get the same answer.
pub async fn verify_password(password: String, hash: Option<String>) -> bool {
    on_hasher(move || {
        let known = hash.is_some();
        let hash = hash.unwrap_or_else(|| dummy_hash().to_string());
        let ok = Argon2::default()
            .verify_password(password.as_bytes(), hash.as_str())
            .is_ok();
        ok && known
    })
    .await
    .unwrap_or(false)
}

/// The hash of a random password nobody knows, with the same parameters as
/// real ones, made once.
fn dummy_hash() -> &'static str {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DUMMY.get_or_init(|| {
        let secret = random_hex(16).unwrap_or_else(|_| "scribe-dummy-password".into());
        Argon2::default()
            .hash_password(secret.as_bytes())
            .map(|h| h.to_string())
            .unwrap_or_default()
    })
}

/// Random bytes from the operating system, as lower-case hex.
///
/// # Errors
/// Only if the system's random source fails.
pub fn random_hex(bytes: usize) -> anyhow::Result<String> {
    let mut buf = vec![0u8; bytes];
    getrandom::fill(&mut buf).map_err(|e| anyhow::anyhow!("random source: {e}"))?;
    Ok(buf.iter().map(|b| format!("{b:02x}")).collect())
}

fn sha256_hex(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Makes a token for `user_key` and stores its hash; returns the token.
/// The player is seen now.
///
/// # Errors
/// The database's.
pub async fn issue_token(state: &AppState, user_key: &str) -> ApiResult<String> {
    let id = random_hex(8)?;
    let secret = random_hex(32)?;
    sqlx::query(
        "INSERT INTO tokens (id, user_key, secret_hash, created_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(&id)
    .bind(user_key)
    .bind(sha256_hex(&secret))
    .bind(now_ms())
    .execute(state.db.writer())
    .await?;
    sqlx::query("UPDATE users SET last_seen = $1 WHERE name_key = $2")
        .bind(now_ms())
        .bind(user_key)
        .execute(&state.db.pool)
        .await?;
    Ok(format!("{id}.{secret}"))
}

/// A token unused for 30 days expires (a debug build reads
/// `SCRIBE_SERVE_TOKEN_IDLE_MS`, for tests).
#[must_use]
pub fn token_idle_ms() -> i64 {
    test_ms("SCRIBE_SERVE_TOKEN_IDLE_MS").unwrap_or(30 * 86_400_000)
}

/// A token expires a year after it was made, used or not (a debug build
/// reads `SCRIBE_SERVE_TOKEN_MAX_AGE_MS`, for tests).
#[must_use]
pub fn token_max_age_ms() -> i64 {
    test_ms("SCRIBE_SERVE_TOKEN_MAX_AGE_MS").unwrap_or(365 * 86_400_000)
}

fn test_ms(var: &str) -> Option<i64> {
    if !cfg!(debug_assertions) {
        return None;
    }
    std::env::var(var)
        .ok()
        .and_then(|v| v.parse::<i64>().ok())
        .filter(|&ms| ms > 0)
}

/// Whether a token made at `created` and last used at `last_used` (`None`:
/// never since) has expired at `now`.
#[must_use]
pub fn token_expired(created: i64, last_used: Option<i64>, now: i64) -> bool {
    let used = last_used.unwrap_or(created).max(created);
    now.saturating_sub(used) > token_idle_ms() || now.saturating_sub(created) > token_max_age_ms()
}

/// How stale a token's last use may be before a request writes it again:
/// an hour, or a tenth of the idle period if that is shorter (so a token in
/// use never expires, and a busy player costs one write an hour).
fn touch_after_ms() -> i64 {
    (token_idle_ms() / 10).clamp(1, 3_600_000)
}

/// Whether the token `id` exists and has not expired.
///
/// # Errors
/// The database's.
pub async fn token_alive(pool: &sqlx::AnyPool, id: &str) -> sqlx::Result<bool> {
    let row = sqlx::query("SELECT created_at, last_used_at FROM tokens WHERE id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await?;
    Ok(match row {
        None => false,
        Some(r) => !token_expired(
            r.try_get("created_at")?,
            r.try_get("last_used_at")?,
            now_ms(),
        ),
    })
}

/// Records that the token `id` of `key` was used at `now`.
async fn touch(state: &AppState, id: &str, key: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE tokens SET last_used_at = $1 WHERE id = $2")
        .bind(now)
        .bind(id)
        .execute(&state.db.pool)
        .await?;
    sqlx::query("UPDATE users SET last_seen = $1 WHERE name_key = $2")
        .bind(now)
        .bind(key)
        .execute(&state.db.pool)
        .await?;
    Ok(())
}

/// How long a name stays guarded after too many wrong passwords.
const GUARDED: Duration = Duration::from_secs(60);
/// The addresses remembered per player.
const KNOWN_ADDRESSES: usize = 8;
/// Sign-ins a minute (after a first burst of as many) for a guarded name
/// from each address it never signed in from.
pub const GUARDED_TRIES_PER_MINUTE: u32 = 3;

/// Wrong passwords by name, and the addresses each player signed in from.
///
/// Only failures count against a name. When a name has had more wrong
/// passwords than the per-minute allowance, it is guarded for a minute:
/// the addresses its player signed in (or up) from before (the last
/// [`KNOWN_ADDRESSES`], kept in the database: [`remember`], [`known`]) have
/// their passwords checked as usual, and every other address has
/// [`GUARDED_TRIES_PER_MINUTE`] tries a minute of its own for it (429 past
/// them, before the password is looked at). So guessers cannot aim a
/// lockout at the owner: not at her known addresses, even after a restart,
/// nor at a new one, whose tries are its own; and each of their addresses
/// guesses a few times a minute. (Attempts per address, and per name and
/// address, are limited separately.)
pub struct SignInGuard {
    failures: DefaultKeyedRateLimiter<String>,
    /// Tries for a guarded name from addresses it never signed in from.
    guarded_tries: DefaultKeyedRateLimiter<(String, IpAddr)>,
    state: Mutex<GuardState>,
}

#[derive(Default)]
struct GuardState {
    /// Guarded names, until when.
    guarded: HashMap<String, Instant>,
    /// The addresses a player signed in (or up) from, latest last.
    known: HashMap<String, Vec<IpAddr>>,
}

impl SignInGuard {
    /// A guard allowing `quota` wrong passwords per name.
    #[must_use]
    pub fn new(quota: Quota) -> SignInGuard {
        let tries = std::num::NonZeroU32::new(GUARDED_TRIES_PER_MINUTE)
            .unwrap_or(std::num::NonZeroU32::MIN);
        SignInGuard {
            failures: RateLimiter::keyed(quota),
            guarded_tries: RateLimiter::keyed(Quota::per_minute(tries)),
            state: Mutex::new(GuardState::default()),
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, GuardState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether `ip` may try a password for `key` now: always, unless the
    /// name is guarded; then from an address the player signed in from
    /// (remembered here, or in the database: `known_in_db`), or within
    /// that address's own [`GUARDED_TRIES_PER_MINUTE`].
    pub async fn may_try(
        &self,
        key: &str,
        ip: IpAddr,
        known_in_db: impl std::future::Future<Output = bool>,
    ) -> bool {
        let guarded = self
            .state()
            .guarded
            .get(key)
            .is_some_and(|until| *until > Instant::now());
        if !guarded || self.knows(key, ip) || known_in_db.await {
            return true;
        }
        self.guarded_tries.check_key(&(key.to_string(), ip)).is_ok()
    }

    /// Whether player `key` signed in (or up) from `ip` on this server.
    #[must_use]
    pub fn knows(&self, key: &str, ip: IpAddr) -> bool {
        self.state().known.get(key).is_some_and(|k| k.contains(&ip))
    }

    /// A wrong password (or an unknown name) for `key`.
    pub fn failed(&self, key: &str) {
        if self.failures.check_key(&key.to_string()).is_err() {
            let until = Instant::now() + GUARDED;
            self.state().guarded.insert(key.to_string(), until);
        }
    }

    /// `key` signed in (or up) from `ip`.
    pub fn succeeded(&self, key: &str, ip: IpAddr) {
        let mut state = self.state();
        let known = state.known.entry(key.to_string()).or_default();
        known.retain(|a| *a != ip);
        known.push(ip);
        if known.len() > KNOWN_ADDRESSES {
            known.remove(0);
        }
    }

    /// Forgets the names no longer guarded and failures long past.
    pub fn forget_old(&self) {
        self.failures.retain_recent();
        self.guarded_tries.retain_recent();
        let now = Instant::now();
        self.state().guarded.retain(|_, until| *until > now);
    }
}

/// Keeps `ip` among the addresses player `key` signed in (or up) from, in
/// the database (the last [`KNOWN_ADDRESSES`]).
///
/// # Errors
/// The database's.
pub async fn remember(state: &AppState, key: &str, ip: IpAddr) -> sqlx::Result<()> {
    let mut tx = state.db.begin().await?;
    sqlx::query(
        "INSERT INTO known_addresses (user_key, address, last_at) VALUES ($1, $2, $3) \
         ON CONFLICT (user_key, address) DO UPDATE SET last_at = $3",
    )
    .bind(key)
    .bind(ip.to_string())
    .bind(now_ms())
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "DELETE FROM known_addresses WHERE user_key = $1 AND address NOT IN \
         (SELECT address FROM known_addresses WHERE user_key = $1 \
         ORDER BY last_at DESC LIMIT $2)",
    )
    .bind(key)
    .bind(i64::try_from(KNOWN_ADDRESSES).unwrap_or(8))
    .execute(&mut *tx)
    .await?;
    tx.commit().await
}

/// Whether player `key` signed in (or up) from `ip`, as the database
/// remembers (`false` if it cannot tell).
pub async fn known(state: &AppState, key: &str, ip: IpAddr) -> bool {
    let row = sqlx::query("SELECT 1 FROM known_addresses WHERE user_key = $1 AND address = $2")
        .bind(key)
        .bind(ip.to_string())
        .fetch_optional(&state.db.pool)
        .await;
    matches!(row, Ok(Some(_)))
}

/// The signed-in player of a request (from `Authorization: Bearer TOKEN`).
#[derive(Debug, Clone)]
pub struct AuthUser {
    /// The stored key (the name in lower case).
    pub key: String,
    /// The name as the player spelt it.
    pub name: String,
    /// The token's id, to sign out.
    pub token_id: String,
}

impl FromRequestParts<AppState> for AuthUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<AuthUser> {
        let header = parts
            .headers
            .get(axum::http::header::AUTHORIZATION)
            .ok_or_else(|| {
                ApiError::Unauthorized("not signed in: sign in first (no token was sent)".into())
            })?
            // Not ASCII: no token of ours, refused as not valid below.
            .to_str()
            .unwrap_or("");
        let token = header
            .strip_prefix("Bearer ")
            .or_else(|| header.strip_prefix("bearer "))
            .unwrap_or("")
            .trim();
        let invalid = || {
            ApiError::Unauthorized("not signed in: the token is not valid; sign in again".into())
        };
        let (id, secret) = token.split_once('.').ok_or_else(invalid)?;
        if id.len() != 16 || secret.len() != 64 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(invalid());
        }
        let row = sqlx::query(
            "SELECT t.secret_hash, u.name_key, u.name, t.created_at, t.last_used_at, \
             u.banned_at, u.deleted_at FROM tokens t \
             JOIN users u ON u.name_key = t.user_key WHERE t.id = $1",
        )
        .bind(id)
        .fetch_optional(&state.db.pool)
        .await?
        .ok_or_else(invalid)?;
        let stored: String = row.try_get("secret_hash")?;
        let given = sha256_hex(secret);
        if !bool::from(stored.as_bytes().ct_eq(given.as_bytes())) {
            return Err(invalid());
        }
        // A ban or a deletion revokes the tokens; these are for a token
        // that outlived them (written by an older server).
        let banned: Option<i64> = row.try_get("banned_at")?;
        let deleted: Option<i64> = row.try_get("deleted_at")?;
        if banned.is_some() || deleted.is_some() {
            return Err(invalid());
        }
        let now = now_ms();
        let (created, last_used): (i64, Option<i64>) =
            (row.try_get("created_at")?, row.try_get("last_used_at")?);
        if token_expired(created, last_used, now) {
            sqlx::query("DELETE FROM tokens WHERE id = $1")
                .bind(id)
                .execute(&state.db.pool)
                .await?;
            return Err(ApiError::Unauthorized(
                "not signed in: the token expired (unused too long, or too old); sign in again"
                    .into(),
            ));
        }
        let key: String = row.try_get("name_key")?;
        if now.saturating_sub(last_used.unwrap_or(created)) > touch_after_ms() {
            touch(state, id, &key, now).await?;
        }
        Ok(AuthUser {
            key,
            name: row.try_get("name")?,
            token_id: id.to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_rules() {
        assert_eq!(name_key("Ann").unwrap(), "ann");
        assert_eq!(name_key("bob_2-x").unwrap(), "bob_2-x");
        for bad in [
            "a",
            "2ann",
            "_ann",
            "ann smith",
            "ann\u{1b}[31m",
            "robert'); DROP TABLE users;--",
            "Zoë",
            "abcdefghijklmnopqrstu",
        ] {
            assert!(name_key(bad).is_err(), "{bad:?} accepted");
        }
    }

    #[test]
    fn tokens_expire_when_idle_or_old() {
        let day = 86_400_000;
        assert!(!token_expired(0, None, 29 * day));
        assert!(token_expired(0, None, 31 * day));
        assert!(!token_expired(0, Some(300 * day), 320 * day));
        assert!(token_expired(0, Some(300 * day), 340 * day));
        assert!(token_expired(0, Some(364 * day), 366 * day));
    }

    #[test]
    fn the_dummy_hash_parses_and_matches_no_guess() {
        assert!(argon2::PasswordHash::new(dummy_hash()).is_ok());
        assert!(
            Argon2::default()
                .verify_password(b"password", dummy_hash())
                .is_err()
        );
    }
}
