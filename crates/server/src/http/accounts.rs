//! Accounts: sign up, sign in (a token), sign out, change password.

use crate::AppState;
use crate::auth::{self, AuthUser};
use crate::client::Client;
use crate::db::now_ms;
use crate::error::{ApiError, ApiResult};
use crate::http::extract::Body;
use crate::live::{self, Revoked};
use crate::ops::admin;
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::Response;
use scribe_api::{self as api, Credentials, ErrorCode, NewPassword};
use sqlx::Row;
use std::net::IpAddr;

/// `GET /api/v1/`: what this server is: `scribe`, API 1. Not the
/// program's version: told to anyone, it would say which known holes an
/// old server still has (the keeper reads it from `scribe --version`).
pub async fn hello() -> Json<api::Hello> {
    Json(api::Hello {
        server: "scribe".into(),
        api: 1,
        version: None,
    })
}

/// `GET /healthz`: the server runs (`{"status": "alive"}`).
pub async fn healthz() -> Json<serde_json::Value> {
    Json(serde_json::json!({"status": "alive"}))
}

/// `GET /readyz`: the server runs and its database answers
/// (`{"status": "ready"}`), else 503 `unavailable`.
pub async fn readyz(State(state): State<AppState>) -> ApiResult<Json<serde_json::Value>> {
    let ping = sqlx::query("SELECT 1").execute(&state.db.pool);
    match tokio::time::timeout(std::time::Duration::from_secs(5), ping).await {
        Ok(Ok(_)) => Ok(Json(serde_json::json!({"status": "ready"}))),
        Ok(Err(e)) => {
            crate::warn(&format!(
                "scribe serve: /readyz: the database does not answer: {e}"
            ));
            Err(ApiError::Unavailable("the database does not answer".into()))
        }
        Err(_) => Err(ApiError::Unavailable(
            "the database does not answer in time".into(),
        )),
    }
}

/// Any other path under `/api/v1`.
pub async fn no_route() -> ApiError {
    ApiError::NotFound("no such API path (see docs/online/api.md)".into())
}

/// A path of the API asked with a method it does not take.
pub async fn wrong_method(method: Method) -> ApiError {
    ApiError::MethodNotAllowed(format!(
        "this path does not take {method} (see docs/online/api.md)"
    ))
}

/// Every answer says `X-Content-Type-Options: nosniff`: a browser takes
/// its content type as given.
pub async fn nosniff(mut response: Response) -> Response {
    response.headers_mut().insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

fn limited(state: &AppState, ip: IpAddr) -> ApiResult<()> {
    state.by_address.check_key(&ip).map_err(|_| {
        ApiError::RateLimited("too many sign-in or sign-up attempts; wait a minute".into())
    })
}

/// New accounts one address may make in a day (after a first burst of as
/// many): enough for a family or a class behind one address, too few for a
/// ring of puppet accounts to farm a rating. This machine's own 127.0.0.1
/// and ::1 are not counted (behind a proxy every client comes from there:
/// name the proxy with `--trusted-proxy` and its clients are counted each).
pub const SIGNUPS_PER_DAY: u32 = 10;

/// The quota of [`SIGNUPS_PER_DAY`].
#[must_use]
pub fn signups_quota() -> governor::Quota {
    let n = std::num::NonZeroU32::new(SIGNUPS_PER_DAY).unwrap_or(std::num::NonZeroU32::MIN);
    governor::Quota::with_period(std::time::Duration::from_secs(86_400) / n.get())
        .map_or_else(|| governor::Quota::per_hour(n), |q| q.allow_burst(n))
}

/// `POST /api/v1/accounts` `{"name", "password"}` → 201 `{"name"}`.
pub async fn signup(
    State(state): State<AppState>,
    Client(ip): Client,
    Body(c): Body<Credentials>,
) -> ApiResult<(StatusCode, Json<api::SignedUp>)> {
    limited(&state, ip)?;
    let key =
        auth::new_name_key(&c.name).map_err(|m| ApiError::BadRequest(ErrorCode::BadName, m))?;
    auth::check_password(&c.password)
        .map_err(|m| ApiError::BadRequest(ErrorCode::BadPassword, m))?;
    let own =
        ip == IpAddr::from([127, 0, 0, 1]) || ip == IpAddr::from(std::net::Ipv6Addr::LOCALHOST);
    if !own && state.signups.check_key(&ip).is_err() {
        return Err(ApiError::RateLimited(format!(
            "too many new accounts from this address today (at most {SIGNUPS_PER_DAY} a day); \
             try again tomorrow"
        )));
    }
    let hash = auth::hash_password(c.password).await?;
    let done = sqlx::query(
        "INSERT INTO users (name_key, name, password_hash, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (name_key) DO NOTHING",
    )
    .bind(&key)
    .bind(&c.name)
    .bind(hash)
    .bind(now_ms())
    .execute(state.db.writer())
    .await?;
    if done.rows_affected() == 0 {
        return Err(ApiError::Conflict(
            ErrorCode::NameTaken,
            format!("the name {} is taken", c.name),
            None,
        ));
    }
    state.guard.succeeded(&key, ip);
    auth::remember(&state, &key, ip).await?;
    Ok((StatusCode::CREATED, Json(api::SignedUp { name: c.name })))
}

/// `POST /api/v1/session` `{"name", "password"}` → `{"name", "token"}`.
/// An unknown name and a wrong password get the same answer.
pub async fn signin(
    State(state): State<AppState>,
    Client(ip): Client,
    Body(c): Body<Credentials>,
) -> ApiResult<Json<api::Token>> {
    limited(&state, ip)?;
    let wrong = || ApiError::Unauthorized("wrong name or password".into());
    let key = auth::name_key(&c.name).unwrap_or_default();
    state
        .by_account
        .check_key(&(key.clone(), ip))
        .map_err(|_| {
            ApiError::RateLimited("too many sign-in attempts for this name; wait a minute".into())
        })?;
    if !state
        .guard
        .may_try(&key, ip, auth::known(&state, &key, ip))
        .await
    {
        return Err(ApiError::RateLimited(
            "too many wrong passwords for this name; wait a minute, or sign in from an \
             address you used before"
                .into(),
        ));
    }
    let row = if key.is_empty() {
        None
    } else {
        sqlx::query(
            "SELECT name, password_hash, banned_at, ban_reason FROM users \
             WHERE name_key = $1 AND deleted_at IS NULL",
        )
        .bind(&key)
        .fetch_optional(&state.db.pool)
        .await?
    };
    let (name, hash) = match &row {
        Some(r) => (
            Some(r.try_get::<String, _>("name")?),
            Some(r.try_get("password_hash")?),
        ),
        None => (None, None),
    };
    if !auth::verify_password(c.password, hash).await {
        state.guard.failed(&key);
        return Err(wrong());
    }
    let name = name.ok_or_else(wrong)?;
    if let Some(r) = &row
        && r.try_get::<Option<i64>, _>("banned_at")?.is_some()
    {
        let reason: Option<String> = r.try_get("ban_reason")?;
        return Err(ApiError::Forbidden(
            ErrorCode::Banned,
            match reason {
                Some(why) => format!("this account is banned from this server: {why}"),
                None => "this account is banned from this server".into(),
            },
        ));
    }
    state.guard.succeeded(&key, ip);
    auth::remember(&state, &key, ip).await?;
    let token = auth::issue_token(&state, &key).await?;
    Ok(Json(api::Token { name, token }))
}

/// Commits `tx`, which deleted `revoked` tokens of `key`, with the event
/// that ends their live streams (on every server sharing the database).
async fn end_streams(
    state: &AppState,
    mut tx: sqlx::Transaction<'static, sqlx::Any>,
    key: &str,
    revoked: &Revoked,
) -> ApiResult<()> {
    let local = live::notify(state, &mut tx, vec![revoked.event(key)]).await?;
    tx.commit().await?;
    live::after_commit(state, &local);
    Ok(())
}

/// `DELETE /api/v1/session`: revokes the token used.
pub async fn signout(
    State(state): State<AppState>,
    user: AuthUser,
) -> ApiResult<Json<api::SignedOut>> {
    let mut tx = state.db.begin().await?;
    sqlx::query("DELETE FROM tokens WHERE id = $1")
        .bind(&user.token_id)
        .execute(&mut *tx)
        .await?;
    let revoked = Revoked {
        token: Some(user.token_id.clone()),
        keep: None,
    };
    end_streams(&state, tx, &user.key, &revoked).await?;
    Ok(Json(api::SignedOut {
        signed_out: user.name,
        tokens: None,
    }))
}

/// `DELETE /api/v1/sessions`: revokes every token of the player.
pub async fn signout_all(
    State(state): State<AppState>,
    user: AuthUser,
) -> ApiResult<Json<api::SignedOut>> {
    let mut tx = state.db.begin().await?;
    let done = sqlx::query("DELETE FROM tokens WHERE user_key = $1")
        .bind(&user.key)
        .execute(&mut *tx)
        .await?;
    end_streams(&state, tx, &user.key, &Revoked::default()).await?;
    Ok(Json(api::SignedOut {
        signed_out: user.name,
        tokens: Some(done.rows_affected()),
    }))
}

/// `GET /api/v1/me`: who the token belongs to.
/// With the player's address, and whether this server mails.
pub async fn me(State(state): State<AppState>, user: AuthUser) -> ApiResult<Json<api::Me>> {
    Ok(Json(crate::http::mail::me(&state, user).await?))
}

/// `POST /api/v1/me/password` `{"old", "new"}`: changes the password and
/// revokes every other token.
pub async fn change_password(
    State(state): State<AppState>,
    Client(ip): Client,
    user: AuthUser,
    Body(p): Body<NewPassword>,
) -> ApiResult<Json<api::PasswordChanged>> {
    limited(&state, ip)?;
    auth::check_password(&p.new).map_err(|m| ApiError::BadRequest(ErrorCode::BadPassword, m))?;
    let hash: String = sqlx::query("SELECT password_hash FROM users WHERE name_key = $1")
        .bind(&user.key)
        .fetch_one(&state.db.pool)
        .await?
        .try_get("password_hash")?;
    if !auth::verify_password(p.old, Some(hash)).await {
        return Err(ApiError::Forbidden(
            ErrorCode::WrongPassword,
            "the old password is wrong".into(),
        ));
    }
    let hash = auth::hash_password(p.new).await?;
    let mut tx = state.db.begin().await?;
    sqlx::query("UPDATE users SET password_hash = $1 WHERE name_key = $2")
        .bind(hash)
        .bind(&user.key)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM tokens WHERE user_key = $1 AND id <> $2")
        .bind(&user.key)
        .bind(&user.token_id)
        .execute(&mut *tx)
        .await?;
    let revoked = Revoked {
        token: None,
        keep: Some(user.token_id.clone()),
    };
    end_streams(&state, tx, &user.key, &revoked).await?;
    Ok(Json(api::PasswordChanged {
        name: user.name,
        password: "changed".into(),
    }))
}

/// `POST /api/v1/me/delete` `{"password"}`: deletes the signed-in player's
/// account (see [`admin::delete_in`]): every token revoked, their streams
/// ended, their games kept under "deleted player".
pub async fn delete_me(
    State(state): State<AppState>,
    Client(ip): Client,
    user: AuthUser,
    Body(d): Body<api::DeleteAccount>,
) -> ApiResult<Json<api::AccountDeleted>> {
    limited(&state, ip)?;
    let hash: String = sqlx::query("SELECT password_hash FROM users WHERE name_key = $1")
        .bind(&user.key)
        .fetch_one(&state.db.pool)
        .await?
        .try_get("password_hash")?;
    if !auth::verify_password(d.password, Some(hash)).await {
        return Err(ApiError::Forbidden(
            ErrorCode::WrongPassword,
            "the password is wrong; the account was not deleted".into(),
        ));
    }
    let mut tx = state.db.begin().await?;
    let mut out = admin::delete_in(&mut tx, &user.key, now_ms()).await?;
    out.push(Revoked::default().event(&user.key));
    let local = live::notify(&state, &mut tx, out).await?;
    tx.commit().await?;
    live::after_commit(&state, &local);
    Ok(Json(api::AccountDeleted { deleted: user.name }))
}
