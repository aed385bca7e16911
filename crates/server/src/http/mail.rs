//! The calls and pages of mail: `POST /api/v1/me/email` (set, verify by
//! mail, turn "your move" mail on or off), the verification link's page
//! (`GET /mail/verify/{secret}`, its button `POST`), unsubscribe (the
//! page `GET /mail/unsubscribe/{key}`, its button and mail programs'
//! one-click `POST`), and the password reset (`POST
//! /api/v1/password-reset`, the link's page `GET`/`POST /reset/{secret}`,
//! and `POST /api/v1/password-reset/confirm`). Opening (`GET`, `HEAD`) a
//! mailed link never changes anything: only a `POST` does.

use crate::AppState;
use crate::auth::{self, AuthUser, random_hex};
use crate::client::Client;
use crate::db::now_ms;
use crate::error::{ApiError, ApiResult};
use crate::http::extract::{Body, Path};
use crate::live::{self, Revoked};
use crate::mail::links::{self, Purpose};
use crate::mail::{Job, letters, pages};
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use scribe_api::{self as api, ErrorCode};
use sqlx::Row;
use std::net::IpAddr;

/// The longest address kept (RFC 5321's limit).
pub const MAX_EMAIL: usize = 254;

fn mail_off() -> ApiError {
    ApiError::Conflict(
        ErrorCode::MailOff,
        "this server sends no mail (it was started without --smtp); ask its keeper".into(),
        None,
    )
}

/// Checks an address: one a mail can go to, at most [`MAX_EMAIL`]
/// characters, no display name.
///
/// # Errors
/// Why it is not one, in a sentence.
pub fn check_email(text: &str) -> Result<String, String> {
    let t = text.trim();
    if t.len() > MAX_EMAIL {
        return Err(format!("an address has at most {MAX_EMAIL} characters"));
    }
    if t.chars()
        .any(|c| c.is_control() || c.is_whitespace() || c == '<' || c == '>')
    {
        return Err(format!(
            "{} is not an e-mail address",
            scribe_rules::quote(t)
        ));
    }
    t.parse::<lettre::Address>().map_err(|_| {
        format!(
            "{} is not an e-mail address (name@example.org)",
            scribe_rules::quote(t)
        )
    })?;
    Ok(t.to_string())
}

/// The mailbox an address names, as one key for all its spellings: the
/// local part unquoted (`"ann"` and `"\\ann"` are `ann`: RFC 5321 makes a
/// quoted local part and its plain spelling one mailbox), both parts in
/// lower case (domains have no case; mail servers treat local parts
/// without case in practice), the domain without a final dot. The limits
/// on mails per address count this key, so that the spellings of one
/// mailbox share one allowance.
#[must_use]
pub fn mailbox_key(address: &str) -> String {
    let address = address.trim();
    let Some((local, domain)) = address.rsplit_once('@') else {
        return address.to_lowercase();
    };
    let local = match local.strip_prefix('"').and_then(|l| l.strip_suffix('"')) {
        Some(quoted) => {
            let mut out = String::with_capacity(quoted.len());
            let mut chars = quoted.chars();
            while let Some(c) = chars.next() {
                // `\x` is `x` (RFC 5321's quoted-pair)
                out.push(if c == '\\' {
                    chars.next().unwrap_or(c)
                } else {
                    c
                });
            }
            out
        }
        None => local.to_string(),
    };
    format!(
        "{}@{}",
        local.to_lowercase(),
        domain.trim_end_matches('.').to_lowercase()
    )
}

/// A player's address as kept: (address, verified, notify).
async fn email_of(state: &AppState, key: &str) -> sqlx::Result<Option<api::EmailState>> {
    let row =
        sqlx::query("SELECT email, email_verified_at, mail_notify FROM users WHERE name_key = $1")
            .bind(key)
            .fetch_optional(&state.db.pool)
            .await?;
    let Some(r) = row else { return Ok(None) };
    let email: Option<String> = r.try_get("email")?;
    let verified: Option<i64> = r.try_get("email_verified_at")?;
    let notify: i64 = r.try_get("mail_notify")?;
    Ok(email.map(|address| api::EmailState {
        address,
        verified: verified.is_some(),
        notify: notify != 0,
    }))
}

/// `GET /api/v1/me`'s mail part: the address and whether mail is on.
///
/// # Errors
/// The database's.
pub async fn me(state: &AppState, user: AuthUser) -> ApiResult<api::Me> {
    Ok(api::Me {
        email: email_of(state, &user.key).await?,
        name: user.name,
        mail: state.mail.is_on(),
    })
}

/// Refuses a verification mail beyond [`crate::mail::LINK_MAILS_PER_HOUR`] for
/// the account or the mailbox (all spellings of it: [`mailbox_key`]).
fn within_link_limits(state: &AppState, key: &str, email: &str) -> bool {
    state.mail.by_account.check_key(&key.to_string()).is_ok()
        && state.mail.by_address.check_key(&mailbox_key(email)).is_ok()
}

/// `POST /api/v1/me/email` `{"email", "notify"}`: see [`api::NewEmail`].
pub async fn set_email(
    State(state): State<AppState>,
    user: AuthUser,
    Body(b): Body<api::NewEmail>,
) -> ApiResult<Json<api::EmailAnswer>> {
    let Some(base) = state.mail.base().map(str::to_string) else {
        return Err(mail_off());
    };
    let now_state = email_of(&state, &user.key).await?;
    let wanted = b.email.as_deref().map(str::trim).filter(|e| !e.is_empty());
    let Some(wanted) = wanted else {
        sqlx::query("UPDATE users SET email = NULL, email_verified_at = NULL WHERE name_key = $1")
            .bind(&user.key)
            .execute(state.db.writer())
            .await?;
        sqlx::query("DELETE FROM mail_links WHERE user_key = $1 AND used_at IS NULL")
            .bind(&user.key)
            .execute(state.db.writer())
            .await?;
        return Ok(Json(api::EmailAnswer {
            email: None,
            message: "your address is removed: this server mails you nothing".into(),
        }));
    };
    let email = check_email(wanted).map_err(|m| ApiError::BadRequest(ErrorCode::BadEmail, m))?;
    let same_verified = now_state
        .as_ref()
        .is_some_and(|s| s.verified && mailbox_key(&s.address) == mailbox_key(&email));
    if same_verified {
        if let Some(n) = b.notify {
            sqlx::query("UPDATE users SET mail_notify = $1 WHERE name_key = $2")
                .bind(i64::from(n))
                .bind(&user.key)
                .execute(state.db.writer())
                .await?;
        }
        let now = email_of(&state, &user.key).await?;
        let on = now.as_ref().is_some_and(|s| s.notify);
        return Ok(Json(api::EmailAnswer {
            message: format!(
                "{email} is verified; mail when it is your move is {}",
                if on { "on" } else { "off" }
            ),
            email: now,
        }));
    }
    if !within_link_limits(&state, &user.key, &email) {
        return Err(ApiError::RateLimited(format!(
            "too many verification mails for this account or address (at most {} an hour); wait, then ask again",
            crate::mail::LINK_MAILS_PER_HOUR
        )));
    }
    sqlx::query(
        "UPDATE users SET email = $1, email_verified_at = NULL, mail_notify = $2 WHERE name_key = $3",
    )
    .bind(&email)
    .bind(i64::from(b.notify.unwrap_or(true)))
    .bind(&user.key)
    .execute(state.db.writer())
    .await?;
    let secret = links::make(&state, &user.key, Purpose::Verify, &email).await?;
    let letter = letters::verify(
        &user.name,
        &email,
        &format!("{base}/mail/verify/{secret}"),
        Purpose::Verify.lifetime_ms() / 3_600_000,
    );
    if !state.mail.queue(Job::Send(letter)) {
        return Err(ApiError::Unavailable(
            "the mail queue is full; try again in a minute".into(),
        ));
    }
    Ok(Json(api::EmailAnswer {
        email: email_of(&state, &user.key).await?,
        message: format!(
            "a link to verify {email} was mailed to it; open it within {} hours",
            Purpose::Verify.lifetime_ms() / 3_600_000
        ),
    }))
}

/// `GET /mail/verify/{secret}` (and `HEAD`): a page with a button that
/// verifies (a `POST` to the same link), or why the link does not work.
/// Fetching the link changes nothing: mail scanners and link previews
/// fetch links by themselves.
pub async fn verify_page(
    State(state): State<AppState>,
    Path(secret): Path<String>,
) -> ApiResult<Response> {
    let Some(taken) = links::peek(&state, &secret, Purpose::Verify).await? else {
        return Ok(verify_gone());
    };
    Ok(pages::page(
        StatusCode::OK,
        "Verify your address",
        &pages::button(
            &format!(
                "<p>Verify <strong>{}</strong> as the address of your Scribe account? The \
                 server then mails it when it is your move.</p>",
                pages::escape(&taken.email)
            ),
            &format!("/mail/verify/{secret}"),
            None,
            "Verify this address",
        ),
    ))
}

fn verify_gone() -> Response {
    pages::page(
        StatusCode::NOT_FOUND,
        "This link does not work",
        "<p>It was used already, is more than a day old, or a newer one was mailed. \
         Give your address again in your account's settings for a new link.</p>",
    )
}

/// `POST /mail/verify/{secret}` (the page's button): verifies the address
/// the link was mailed to (if it is still the account's), once.
pub async fn verify_post(
    State(state): State<AppState>,
    Path(secret): Path<String>,
) -> ApiResult<Response> {
    let mut tx = state.db.begin().await?;
    let taken = links::take(&mut tx, &secret, Purpose::Verify).await?;
    let Some(taken) = taken else {
        tx.rollback().await?;
        return Ok(verify_gone());
    };
    let key = random_hex(32)?;
    let done = sqlx::query(
        "UPDATE users SET email_verified_at = $1, \
         unsubscribe_key = COALESCE(unsubscribe_key, $2) \
         WHERE name_key = $3 AND email = $4 AND deleted_at IS NULL",
    )
    .bind(now_ms())
    .bind(&key)
    .bind(&taken.user_key)
    .bind(&taken.email)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() == 0 {
        tx.rollback().await?;
        return Ok(pages::page(
            StatusCode::NOT_FOUND,
            "This link does not work",
            "<p>The account's address was changed since this link was mailed.</p>",
        ));
    }
    let name: String = sqlx::query("SELECT name FROM users WHERE name_key = $1")
        .bind(&taken.user_key)
        .fetch_one(&mut *tx)
        .await?
        .try_get("name")?;
    tx.commit().await?;
    Ok(pages::page(
        StatusCode::OK,
        "Address verified",
        &format!(
            "<p><strong>{}</strong> is verified for <strong>{}</strong>. The server mails it when \
             it is your move (at most one mail per game an hour) and a day before your time runs \
             out; each mail has a link to stop them.</p>",
            pages::escape(&taken.email),
            pages::escape(&name)
        ),
    ))
}

/// The name of the account whose unsubscribe key is `key` (`None`: nobody's).
async fn unsubscriber(state: &AppState, key: &str) -> ApiResult<Option<(String, String)>> {
    if !links::well_formed(key) {
        return Ok(None);
    }
    let row = sqlx::query("SELECT name_key, name FROM users WHERE unsubscribe_key = $1")
        .bind(key)
        .fetch_optional(&state.db.pool)
        .await?;
    match row {
        Some(r) => Ok(Some((r.try_get("name_key")?, r.try_get("name")?))),
        None => Ok(None),
    }
}

/// Turns "your move" mail off for the account whose unsubscribe key is
/// `key`: its name, or `None` for a key nobody has.
async fn unsubscribe(state: &AppState, key: &str) -> ApiResult<Option<String>> {
    let Some((user, name)) = unsubscriber(state, key).await? else {
        return Ok(None);
    };
    sqlx::query("UPDATE users SET mail_notify = 0 WHERE name_key = $1")
        .bind(&user)
        .execute(state.db.writer())
        .await?;
    Ok(Some(name))
}

fn unsubscribe_gone() -> Response {
    pages::page(
        StatusCode::NOT_FOUND,
        "This link does not work",
        "<p>No account has this unsubscribe link (the account may be deleted).</p>",
    )
}

/// `GET /mail/unsubscribe/{key}` (and `HEAD`): a page with the button that
/// stops the mails. Fetching the link changes nothing.
pub async fn unsubscribe_page(
    State(state): State<AppState>,
    Path(key): Path<String>,
) -> ApiResult<Response> {
    let Some((_, name)) = unsubscriber(&state, &key).await? else {
        return Ok(unsubscribe_gone());
    };
    Ok(pages::page(
        StatusCode::OK,
        "Stop the mails?",
        &pages::button(
            &format!(
                "<p>Stop mailing <strong>{}</strong> when it is their move or their time runs \
                 out?</p>",
                pages::escape(&name)
            ),
            &format!("/mail/unsubscribe/{key}"),
            Some(("List-Unsubscribe", "One-Click")),
            "Stop the mails",
        ),
    ))
}

/// `POST /mail/unsubscribe/{key}`: no more "your move" or reminder mails.
/// The page's button, and mail programs' one-click unsubscribe (RFC 8058:
/// the mail says `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, and
/// the program posts that body here without opening the page). Of the
/// mailed links, this is the only one that acts without its page first.
pub async fn unsubscribe_post(
    State(state): State<AppState>,
    Path(key): Path<String>,
) -> ApiResult<Response> {
    Ok(match unsubscribe(&state, &key).await? {
        Some(name) => pages::page(
            StatusCode::OK,
            "No more mails",
            &format!(
                "<p>The server no longer mails <strong>{}</strong> when it is their move or their \
                 time runs out. To have them again, turn them on in your account's settings \
                 (or <code>scribe online email ADDRESS --notify on</code>).</p>",
                pages::escape(&name)
            ),
        ),
        None => unsubscribe_gone(),
    })
}

/// The answer to every reset request.
fn reset_answer() -> (StatusCode, Json<api::PasswordResetSent>) {
    (
        StatusCode::ACCEPTED,
        Json(api::PasswordResetSent {
            message: format!(
                "if this account has a verified address on this server, a link to set a new \
                 password was mailed to it; it works once, for {} minutes",
                Purpose::Reset.lifetime_ms() / 60_000
            ),
        }),
    )
}

/// `POST /api/v1/password-reset` `{"account"}` (a name or an address):
/// mails a one-time link to each account it names that has a verified
/// address. The answer is the same whether any does or not, and comes
/// before anything is looked up.
pub async fn password_reset(
    State(state): State<AppState>,
    Client(ip): Client,
    Body(r): Body<api::PasswordReset>,
) -> ApiResult<(StatusCode, Json<api::PasswordResetSent>)> {
    state.by_address.check_key(&ip).map_err(|_| {
        ApiError::RateLimited("too many sign-in, sign-up or reset attempts; wait a minute".into())
    })?;
    if !state.mail.is_on() {
        return Err(mail_off());
    }
    let account = r.account.trim().to_string();
    if account.is_empty() || account.len() > MAX_EMAIL {
        return Err(ApiError::BadRequest(
            ErrorCode::BadRequest,
            "give your name or your verified address".into(),
        ));
    }
    let requester = ip;
    tokio::spawn(async move {
        if let Err(e) = mail_resets(&state, &account, requester).await {
            crate::warn(&format!("scribe serve: a password reset failed: {e:?}"));
        }
    });
    Ok(reset_answer())
}

/// Mails a reset link to each account `account` names, within the
/// allowances of `requester` (see [`crate::mail::Mail::reset_allowed`]).
async fn mail_resets(state: &AppState, account: &str, requester: IpAddr) -> ApiResult<()> {
    let Some(base) = state.mail.base().map(str::to_string) else {
        return Ok(());
    };
    let rows = if account.contains('@') {
        sqlx::query(
            "SELECT name_key, name, email FROM users WHERE LOWER(email) = LOWER($1) \
             AND email_verified_at IS NOT NULL AND deleted_at IS NULL AND banned_at IS NULL LIMIT 5",
        )
        .bind(account)
        .fetch_all(&state.db.pool)
        .await?
    } else {
        let Ok(key) = auth::name_key(account) else {
            return Ok(());
        };
        sqlx::query(
            "SELECT name_key, name, email FROM users WHERE name_key = $1 AND email IS NOT NULL \
             AND email_verified_at IS NOT NULL AND deleted_at IS NULL AND banned_at IS NULL",
        )
        .bind(key)
        .fetch_all(&state.db.pool)
        .await?
    };
    for r in &rows {
        let (key, name, email): (String, String, String) = (
            r.try_get("name_key")?,
            r.try_get("name")?,
            r.try_get("email")?,
        );
        // Her addresses: those this server saw, and those the database
        // keeps (from before a restart, or through another server).
        let own = state.guard.knows(&key, requester) || auth::known(state, &key, requester).await;
        if !state.mail.reset_allowed(requester, &key, own) {
            continue;
        }
        let secret = links::make(state, &key, Purpose::Reset, &email).await?;
        let letter = letters::reset(
            &name,
            &email,
            &format!("{base}/reset/{secret}"),
            Purpose::Reset.lifetime_ms() / 60_000,
        );
        state.mail.queue(Job::Send(letter));
    }
    Ok(())
}

fn bad_link() -> ApiError {
    ApiError::Forbidden(
        ErrorCode::BadLink,
        "this link does not work: it was used already, is more than an hour old, or was never \
         made; ask for a new one"
            .into(),
    )
}

/// Sets `password` for the account of the reset link `secret`, uses the
/// link (and the account's other reset links), and ends every sign-in of
/// the account: its name.
async fn reset_with(state: &AppState, secret: &str, password: String) -> ApiResult<String> {
    if links::peek(state, secret, Purpose::Reset).await?.is_none() {
        return Err(bad_link());
    }
    auth::check_password(&password).map_err(|m| ApiError::BadRequest(ErrorCode::BadPassword, m))?;
    let hash = auth::hash_password(password).await?;
    let mut tx = state.db.begin().await?;
    let Some(taken) = links::take(&mut tx, secret, Purpose::Reset).await? else {
        tx.rollback().await?;
        return Err(bad_link());
    };
    let key = taken.user_key;
    let row = sqlx::query(
        "UPDATE users SET password_hash = $1 WHERE name_key = $2 AND deleted_at IS NULL RETURNING name",
    )
    .bind(hash)
    .bind(&key)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(row) = row else {
        tx.rollback().await?;
        return Err(bad_link());
    };
    let name: String = row.try_get("name")?;
    sqlx::query("UPDATE mail_links SET used_at = $1 WHERE user_key = $2 AND purpose = 'reset' AND used_at IS NULL")
        .bind(now_ms())
        .bind(&key)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM tokens WHERE user_key = $1")
        .bind(&key)
        .execute(&mut *tx)
        .await?;
    let local = live::notify(state, &mut tx, vec![Revoked::default().event(&key)]).await?;
    tx.commit().await?;
    live::after_commit(state, &local);
    Ok(name)
}

/// `POST /api/v1/password-reset/confirm` `{"token", "password"}`.
pub async fn reset_confirm(
    State(state): State<AppState>,
    Client(ip): Client,
    Body(c): Body<api::PasswordResetConfirm>,
) -> ApiResult<Json<api::PasswordChanged>> {
    state.by_address.check_key(&ip).map_err(|_| {
        ApiError::RateLimited("too many sign-in, sign-up or reset attempts; wait a minute".into())
    })?;
    let name = reset_with(&state, &c.token, c.password).await?;
    Ok(Json(api::PasswordChanged {
        name,
        password: "changed".into(),
    }))
}

/// `GET /reset/{secret}`: the form for a new password (or why the link
/// does not work).
pub async fn reset_page(
    State(state): State<AppState>,
    Path(secret): Path<String>,
) -> ApiResult<Response> {
    let Some(taken) = links::peek(&state, &secret, Purpose::Reset).await? else {
        return Ok(link_gone());
    };
    let name: String = sqlx::query("SELECT name FROM users WHERE name_key = $1")
        .bind(&taken.user_key)
        .fetch_one(&state.db.pool)
        .await?
        .try_get("name")?;
    Ok(pages::page(
        StatusCode::OK,
        "A new password",
        &pages::reset_form(&name, &format!("/reset/{secret}"), None),
    ))
}

fn link_gone() -> Response {
    pages::page(
        StatusCode::NOT_FOUND,
        "This link does not work",
        "<p>It was used already, is more than an hour old, or was never made. Ask for a new \
         one with <em>Forgot your password?</em> on the sign-in page.</p>",
    )
}

/// The form again, saying what was wrong.
async fn form_again(
    state: &AppState,
    key: &str,
    secret: &str,
    problem: &str,
) -> ApiResult<Response> {
    let name: String = sqlx::query("SELECT name FROM users WHERE name_key = $1")
        .bind(key)
        .fetch_one(&state.db.pool)
        .await?
        .try_get("name")?;
    Ok(pages::page(
        StatusCode::BAD_REQUEST,
        "A new password",
        &pages::reset_form(&name, &format!("/reset/{secret}"), Some(problem)),
    ))
}

/// The new-password form's fields.
#[derive(Debug, serde::Deserialize)]
pub struct ResetForm {
    password: String,
    again: String,
}

/// `POST /reset/{secret}` (the form): sets the password.
pub async fn reset_form(
    State(state): State<AppState>,
    Client(ip): Client,
    Path(secret): Path<String>,
    form: Result<axum::Form<ResetForm>, axum::extract::rejection::FormRejection>,
) -> ApiResult<Response> {
    if state.by_address.check_key(&ip).is_err() {
        return Ok(pages::page(
            StatusCode::TOO_MANY_REQUESTS,
            "Too many attempts",
            "<p>Wait a minute, then go back and try again.</p>",
        ));
    }
    let Some(taken) = links::peek(&state, &secret, Purpose::Reset).await? else {
        return Ok(link_gone());
    };
    let Ok(axum::Form(f)) = form else {
        return form_again(&state, &taken.user_key, &secret, "fill in both fields").await;
    };
    if f.password != f.again {
        return form_again(&state, &taken.user_key, &secret, "the two passwords differ").await;
    }
    if let Err(m) = auth::check_password(&f.password) {
        return form_again(&state, &taken.user_key, &secret, &m).await;
    }
    match reset_with(&state, &secret, f.password).await {
        Ok(name) => Ok(pages::page(
            StatusCode::OK,
            "Password changed",
            &format!(
                "<p>The password of <strong>{}</strong> is changed, and every sign-in of the \
                 account was ended. Sign in with the new password.</p>",
                pages::escape(&name)
            ),
        )),
        Err(ApiError::Forbidden(..)) => Ok(link_gone()),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_of_one_mailbox_have_one_key() {
        let key = mailbox_key("target@example.org");
        for spelling in [
            "\"target\"@example.org",
            "\"\\target\"@example.org",
            "\"ta\\rget\"@Example.ORG",
            "TARGET@example.org.",
            " target@EXAMPLE.org ",
        ] {
            assert_eq!(mailbox_key(spelling), key, "{spelling}");
        }
        assert_ne!(mailbox_key("other@example.org"), key);
        assert_ne!(mailbox_key("target@example.net"), key);
        assert_eq!(mailbox_key("\"a@b\"@example.org"), "a@b@example.org");
    }

    #[test]
    fn addresses_are_checked() {
        assert_eq!(check_email(" ann@example.org ").unwrap(), "ann@example.org");
        for bad in [
            "ann",
            "ann@",
            "@example.org",
            "Ann <ann@example.org>",
            "a b@example.org",
            "ann@exa\nmple.org",
        ] {
            assert!(check_email(bad).is_err(), "{bad:?} accepted");
        }
        assert!(check_email(&format!("{}@example.org", "a".repeat(250))).is_err());
    }
}
