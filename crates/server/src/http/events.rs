//! The live streams' handlers: a player's own stream, a game's stream for
//! spectators, and who is online. The bus behind them is [`crate::live`].

use crate::AppState;
use crate::auth::AuthUser;
use crate::client::Client;
use crate::error::ApiResult;
use crate::live::{
    Event, Full, MAX_ONLINE_LISTED, MAX_SPECTATORS_PER_ADDRESS, REVOKE, Revoked, spectator_idle,
    token_alive,
};
use axum::extract::State;
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use futures_util::stream::{Stream, StreamExt};
use scribe_api as api;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast;
use tokio_stream::wrappers::BroadcastStream;

/// What the stream does with a line from the hub.
enum Step {
    /// Sends it.
    Send(SseEvent),
    /// Ends the stream: its token was revoked.
    End,
    /// Skips it (another token's revocation).
    Skip,
}

/// `GET /api/v1/events`: the signed-in player's live stream. The first
/// event is `ready`; a comment line every 15 s keeps the connection open.
/// The stream ends when its token is revoked (sign-out, sign-out
/// everywhere, a password change, a ban, a deleted account) or expires,
/// and when the server stops.
pub async fn stream(
    State(state): State<AppState>,
    user: AuthUser,
) -> ApiResult<Sse<impl Stream<Item = Result<SseEvent, Infallible>>>> {
    let rx = state.hub.subscribe(&user.key);
    // Revoked between the check of the token and the subscription: the
    // revocation was sent before this stream listened.
    if !token_alive(&state, &user.token_id).await {
        return Err(crate::error::ApiError::Unauthorized(
            "not signed in: the token is not valid; sign in again".into(),
        ));
    }
    let watch = (
        state.hub.watch(&user.token_id, &user.key),
        state.hub.go_online(&user.key, &user.name),
    );
    let token = Arc::new(user.token_id);
    let closed = state.hub.closed();
    let ready = Event::new(vec![], &api::Event::Ready(api::Ready { name: user.name }));
    let (kind, data) = ready.sse();
    let ready = SseEvent::default().event(kind).data(data);
    let first = futures_util::stream::once(async move { Ok(ready) });
    let rest = BroadcastStream::new(rx)
        .then(move |item| {
            let (state, token) = (state.clone(), token.clone());
            async move {
                match item {
                    Ok(line) if line.0 == REVOKE => {
                        let revoked: Revoked = serde_json::from_str(&line.1).unwrap_or_default();
                        if revoked.ends(&token) {
                            Step::End
                        } else {
                            Step::Skip
                        }
                    }
                    Ok(line) => Step::Send(SseEvent::default().event(&line.0).data(&line.1)),
                    // A stream too slow to keep up is told so, and carries
                    // on, unless its token went meanwhile (the revocation
                    // may be among the lines dropped).
                    Err(_) => {
                        // Boxed: the database query's future is kilobytes,
                        // and inline it would sit in every open stream
                        // (16,000 of them with 8,000 games) while unused.
                        if !Box::pin(token_alive(&state, &token)).await {
                            return Step::End;
                        }
                        let lagged = Event::new(
                            vec![],
                            &api::Event::Lagged(api::Lagged {
                                message: "some events were dropped; read your games again".into(),
                            }),
                        );
                        let (kind, data) = lagged.sse();
                        Step::Send(SseEvent::default().event(kind).data(data))
                    }
                }
            }
        })
        .take_while(|step| futures_util::future::ready(!matches!(step, Step::End)))
        .filter_map(|step| {
            futures_util::future::ready(match step {
                Step::Send(e) => Some(Ok(e)),
                Step::End | Step::Skip => None,
            })
        });
    // The server stopping ends the stream (and so lets its connection close).
    let stream = first.chain(rest).take_until(closed).map(move |e| {
        // The stream counts among the watched ones while it lives.
        let _ = &watch;
        e
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}

/// `GET /api/v1/games/{id}/events`: a game's live stream for anyone, signed
/// in or not (a spectator): first `ready` (whose `name` is empty), then
/// the game's `move`, `undo`, `start` and `end` events (never its chat),
/// `lagged` when it fell behind. At most [`crate::live::MAX_SPECTATORS`] such streams
/// are open on a server at once, [`MAX_SPECTATORS_PER_ADDRESS`] from one
/// address; each is kept alive, ends after [`spectator_idle`] without an
/// event of its game, and ends with the server as the players' streams do.
pub async fn watch_game(
    State(state): State<AppState>,
    Client(ip): Client,
    crate::http::extract::Path(id): crate::http::extract::Path<String>,
) -> ApiResult<Sse<impl Stream<Item = Result<SseEvent, Infallible>>>> {
    // The game must exist (this also checks the id's shape).
    let _ = crate::store::load(&state, &id).await?;
    let (rx, guard) = match state.hub.spectate(&id, ip) {
        Ok(watching) => watching,
        Err(Full::Server) => {
            return Err(crate::error::ApiError::Unavailable(
                "too many spectators right now; try again later".into(),
            ));
        }
        Err(Full::Address) => {
            return Err(crate::error::ApiError::RateLimited(format!(
                "your address watches {MAX_SPECTATORS_PER_ADDRESS} games already, the most \
                 allowed; close one first"
            )));
        }
    };
    let closed = state.hub.closed();
    let ready = Event::new(
        vec![],
        &api::Event::Ready(api::Ready {
            name: String::new(),
        }),
    );
    let (kind, data) = ready.sse();
    let ready = SseEvent::default().event(kind).data(data);
    let first = futures_util::stream::once(async move { Ok(ready) });
    let idle = spectator_idle();
    // Each event must come within `idle` of the last (or of the start).
    let rest = futures_util::stream::unfold(rx, move |mut rx| async move {
        let line = match tokio::time::timeout(idle, rx.recv()).await {
            Err(_) | Ok(Err(broadcast::error::RecvError::Closed)) => return None,
            Ok(Ok(line)) => SseEvent::default().event(&line.0).data(&line.1),
            Ok(Err(broadcast::error::RecvError::Lagged(_))) => {
                let lagged = Event::new(
                    vec![],
                    &api::Event::Lagged(api::Lagged {
                        message: "some events were dropped; read the game again".into(),
                    }),
                );
                let (kind, data) = lagged.sse();
                SseEvent::default().event(kind).data(data)
            }
        };
        Some((Ok(line), rx))
    });
    let stream = first.chain(rest).take_until(closed).map(move |e| {
        // Counted among the spectators while it lives.
        let _ = &guard;
        e
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}

/// `GET /api/v1/players/online`: the players with a live stream open on
/// this server (signed in with a page or app open), by name, at most
/// [`MAX_ONLINE_LISTED`], and how many there are.
pub async fn online(
    State(state): State<AppState>,
    _user: AuthUser,
) -> ApiResult<axum::Json<api::OnlinePlayers>> {
    let (players, count) = state.hub.online(MAX_ONLINE_LISTED);
    Ok(axum::Json(api::OnlinePlayers { players, count }))
}
