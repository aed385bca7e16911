//! One-time links (verification, password reset): a random secret in the
//! mailed link, only its SHA-256 in `mail_links`, with the account, the
//! address it was mailed to, an expiry and when it was used. A link works
//! once: taking it marks it used in the same statement.

use crate::AppState;
use crate::auth::random_hex;
use crate::db::now_ms;
use crate::error::ApiResult;
use sha2::{Digest, Sha256};
use sqlx::Row;

/// What a link is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// Verifies an address.
    Verify,
    /// Sets a new password.
    Reset,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Purpose::Verify => "verify",
            Purpose::Reset => "reset",
        }
    }

    /// How long a link stays good, in milliseconds: a day to verify, an
    /// hour to reset a password.
    #[must_use]
    pub fn lifetime_ms(self) -> i64 {
        match self {
            Purpose::Verify => 24 * 3_600_000,
            Purpose::Reset => 3_600_000,
        }
    }
}

/// A link's account and the address it was mailed to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Taken {
    /// The account's key.
    pub user_key: String,
    /// The address.
    pub email: String,
}

fn hash(secret: &str) -> String {
    Sha256::digest(secret.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Whether `secret` could be one of ours (64 hex digits): anything else is
/// not looked up.
#[must_use]
pub fn well_formed(secret: &str) -> bool {
    secret.len() == 64 && secret.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Makes a link for `user_key` mailed to `email`; its secret. A new
/// verification link replaces the older ones (an address changed since
/// must not be verified by an old mail).
///
/// # Errors
/// The database's.
pub async fn make(
    state: &AppState,
    user_key: &str,
    purpose: Purpose,
    email: &str,
) -> ApiResult<String> {
    let secret = random_hex(32)?;
    let now = now_ms();
    let mut tx = state.db.begin().await?;
    if purpose == Purpose::Verify {
        sqlx::query("DELETE FROM mail_links WHERE user_key = $1 AND purpose = $2")
            .bind(user_key)
            .bind(purpose.as_str())
            .execute(&mut *tx)
            .await?;
    }
    // Links long expired go: the table keeps what may still be opened.
    sqlx::query("DELETE FROM mail_links WHERE expires_at < $1")
        .bind(now - 86_400_000)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "INSERT INTO mail_links (hash, user_key, purpose, email, created_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(hash(&secret))
    .bind(user_key)
    .bind(purpose.as_str())
    .bind(email)
    .bind(now)
    .bind(now + purpose.lifetime_ms())
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(secret)
}

/// The link `secret` if it is good (made for `purpose`, unused, not
/// expired), without using it.
///
/// # Errors
/// The database's.
pub async fn peek(state: &AppState, secret: &str, purpose: Purpose) -> ApiResult<Option<Taken>> {
    if !well_formed(secret) {
        return Ok(None);
    }
    let row = sqlx::query(
        "SELECT user_key, email FROM mail_links WHERE hash = $1 AND purpose = $2 \
         AND used_at IS NULL AND expires_at > $3",
    )
    .bind(hash(secret))
    .bind(purpose.as_str())
    .bind(now_ms())
    .fetch_optional(&state.db.pool)
    .await?;
    Ok(match row {
        Some(r) => Some(Taken {
            user_key: r.try_get("user_key")?,
            email: r.try_get("email")?,
        }),
        None => None,
    })
}

/// Uses the link `secret` in `tx`: what it was for, or `None` if it is not
/// good (never made, used, expired). Of two requests with one link, one
/// gets it.
///
/// # Errors
/// The database's.
pub async fn take(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    secret: &str,
    purpose: Purpose,
) -> sqlx::Result<Option<Taken>> {
    if !well_formed(secret) {
        return Ok(None);
    }
    let now = now_ms();
    let row = sqlx::query(
        "UPDATE mail_links SET used_at = $1 WHERE hash = $2 AND purpose = $3 \
         AND used_at IS NULL AND expires_at > $1 RETURNING user_key, email",
    )
    .bind(now)
    .bind(hash(secret))
    .bind(purpose.as_str())
    .fetch_optional(&mut **tx)
    .await?;
    Ok(match row {
        Some(r) => Some(Taken {
            user_key: r.try_get("user_key")?,
            email: r.try_get("email")?,
        }),
        None => None,
    })
}
