//! The live bus behind the streams: one Server-Sent Events stream per
//! signed-in player (`GET /api/v1/events`, served by
//! [`crate::http::events`]), carrying a move in their games, a challenge, a
//! chat line, an undo proposal, a game's end; and the spectators' streams.
//! The [`Hub`] hands the events to the streams; [`wake`] brings `scribe
//! admin`'s revocations to a server on SQLite.
//!
//! Events are sent only after the change is committed. On SQLite the server
//! hands them to its own streams; on PostgreSQL it sends them with
//! `pg_notify` inside the transaction (so they leave only if it commits) and
//! every server on the database, itself included, receives them through
//! `LISTEN` and hands them to its streams: a move made through one server
//! reaches the players watching another.

pub mod wake;

use crate::AppState;
use crate::auth;
use crate::error::ApiResult;
use scribe_api as api;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::sync::{broadcast, watch};

/// The PostgreSQL channel the servers share.
pub const CHANNEL: &str = "scribe_events";

/// The kind of the server's own event that ends the streams of revoked
/// tokens (never sent to a client): its data is a [`Revoked`].
pub const REVOKE: &str = "_revoke";

/// Which of a player's tokens were revoked: one (`token`), or all but one
/// (`keep`), or all (neither).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Revoked {
    /// The token revoked (sign-out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    /// The token kept, all others revoked (a password change).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keep: Option<String>,
}

impl Revoked {
    /// Whether the token `id` is among those revoked.
    pub fn ends(&self, id: &str) -> bool {
        match (&self.token, &self.keep) {
            (Some(t), _) => t == id,
            (None, Some(k)) => k != id,
            (None, None) => true,
        }
    }

    /// The event that ends `key`'s streams of the tokens revoked: queued
    /// with [`notify`] in the transaction that deletes them, so that on
    /// PostgreSQL every server ends its streams too.
    #[must_use]
    pub fn event(&self, key: &str) -> Event {
        Event {
            to: vec![key.to_string()],
            what: What::Revoke(self.clone()),
        }
    }
}

/// What an [`Event`] says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum What {
    /// An event of the API, sent to the players' streams as it is.
    Api(api::Event),
    /// The server's own order to end the streams of revoked tokens (never
    /// sent to a client).
    Revoke(Revoked),
}

/// One event for some players, typed. Between the servers (PostgreSQL's
/// `NOTIFY`, the wake file of `scribe admin`) it travels as [`Wire`]: its
/// two SSE halves, `{"to", "kind", "data"}`, as before it was typed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "Wire", try_from = "Wire")]
pub struct Event {
    /// The players (keys) who receive it.
    pub to: Vec<String>,
    /// What it says.
    pub what: What,
}

/// An [`Event`] as the servers pass it to each other.
#[derive(Serialize, Deserialize)]
struct Wire {
    to: Vec<String>,
    kind: String,
    data: Value,
}

impl From<Event> for Wire {
    fn from(e: Event) -> Wire {
        let (kind, data) = e.what.halves();
        Wire {
            to: e.to,
            kind,
            data,
        }
    }
}

impl TryFrom<Wire> for Event {
    type Error = String;

    fn try_from(w: Wire) -> Result<Event, String> {
        let what = if w.kind == REVOKE {
            What::Revoke(serde_json::from_value(w.data).map_err(|e| e.to_string())?)
        } else {
            let tagged = serde_json::json!({"kind": w.kind, "data": w.data});
            What::Api(serde_json::from_value(tagged).map_err(|e| e.to_string())?)
        };
        Ok(Event { to: w.to, what })
    }
}

impl What {
    /// Its kind (`move`, `chat`, … or [`REVOKE`]) and its data.
    #[must_use]
    pub fn halves(&self) -> (String, Value) {
        match self {
            What::Revoke(r) => (
                REVOKE.to_string(),
                serde_json::to_value(r).unwrap_or(Value::Null),
            ),
            // {"kind": …, "data": …}, the API's adjacent tagging
            What::Api(event) => match serde_json::to_value(event) {
                Ok(Value::Object(mut map)) => (
                    map.remove("kind")
                        .and_then(|k| k.as_str().map(str::to_string))
                        .unwrap_or_default(),
                    map.remove("data").unwrap_or(Value::Null),
                ),
                _ => (String::new(), Value::Null),
            },
        }
    }
}

impl Event {
    /// `event` for `to`.
    #[must_use]
    pub fn new(to: Vec<String>, event: &api::Event) -> Event {
        Event {
            to,
            what: What::Api(event.clone()),
        }
    }

    /// Its kind, as the `event:` line of a stream says it.
    #[must_use]
    pub fn kind(&self) -> String {
        self.what.halves().0
    }

    /// Its two SSE halves: the kind and the data as JSON text.
    #[must_use]
    pub fn sse(&self) -> (String, String) {
        let (kind, data) = self.what.halves();
        (kind, data.to_string())
    }
}

type Line = Arc<(String, String)>;

/// The events a player's streams may fall behind by before they are told
/// they `lagged`. Each player's channel holds this many slots from its
/// first stream on (at 256 they were about 10 KB a player, a fifth of a
/// game's memory with 8,000 games live); a stream reads its events as they
/// come, and a player sees a few events a second at most.
pub const BACKLOG: usize = 32;

/// An [`Event`]'s `to` that names every player with a stream open (an
/// open challenge made, taken or withdrawn). No player's key is `*`.
pub const EVERYONE: &str = "*";

/// The most spectator streams ([`crate::http::events::watch_game`]) open at once on a server:
/// beyond them a new one is refused (`busy`, 503).
pub const MAX_SPECTATORS: usize = 2000;

/// The most spectator streams one address ([`crate::client::Client`]) may
/// hold open at once: beyond them its next one is refused (429), so a few
/// addresses cannot take all [`MAX_SPECTATORS`] places. Players' own
/// streams are not spectators' and never count here.
pub const MAX_SPECTATORS_PER_ADDRESS: usize = 32;

/// How long a spectator's stream stays open without an event of its game:
/// 10 minutes; then it ends (a browser's `EventSource` opens it again by
/// itself), so forgotten tabs and idle sockets give their places back. A
/// debug build reads `SCRIBE_SERVE_SPECTATOR_IDLE_MS`, for tests.
#[must_use]
pub fn spectator_idle() -> Duration {
    let ms = if cfg!(debug_assertions) {
        std::env::var("SCRIBE_SERVE_SPECTATOR_IDLE_MS")
            .ok()
            .and_then(|v| v.parse::<u64>().ok())
            .filter(|&ms| ms > 0)
    } else {
        None
    };
    Duration::from_millis(ms.unwrap_or(600_000))
}

/// Why a spectator's stream was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Full {
    /// [`MAX_SPECTATORS`] are open.
    Server,
    /// [`MAX_SPECTATORS_PER_ADDRESS`] are open from this address.
    Address,
}

/// The game whose spectators receive `event`: a move, an undo, a start or
/// an end (the board and the game's state), never its chat.
fn spectated(event: &What) -> Option<&str> {
    match event {
        What::Api(
            e @ (api::Event::Move(_)
            | api::Event::Undo(_)
            | api::Event::Start(_)
            | api::Event::End(_)),
        ) => e.game(),
        _ => None,
    }
}

/// The most names `GET /players/online` lists.
pub const MAX_ONLINE_LISTED: usize = 100;

/// The streams open on this server, by player.
#[derive(Debug)]
pub struct Hub {
    players: Mutex<HashMap<String, broadcast::Sender<Line>>>,
    /// The players with a stream open: key → (name, streams).
    online: Arc<Mutex<HashMap<String, (String, usize)>>>,
    /// The spectators' streams, by game.
    games: Mutex<HashMap<String, broadcast::Sender<Line>>>,
    /// How many spectator streams are open.
    spectators: Arc<std::sync::atomic::AtomicUsize>,
    /// How many spectator streams each address holds open.
    spectators_by_address: Arc<Mutex<HashMap<IpAddr, usize>>>,
    /// The tokens of the open streams: token → (player's key, streams).
    /// [`check_tokens`] looks them up now and then, for the whole server.
    watched: Arc<Mutex<HashMap<String, (String, usize)>>>,
    /// Turns true when the server stops: every stream ends at once.
    closing: watch::Sender<bool>,
}

impl Default for Hub {
    fn default() -> Hub {
        Hub {
            players: Mutex::default(),
            online: Arc::default(),
            games: Mutex::default(),
            spectators: Arc::default(),
            spectators_by_address: Arc::default(),
            watched: Arc::default(),
            closing: watch::Sender::new(false),
        }
    }
}

impl Hub {
    /// Ends every stream open on this server, and those opened after (the
    /// server is stopping): their connections can then close.
    pub fn close(&self) {
        self.closing.send_replace(true);
    }

    /// Resolves once [`Hub::close`] was called.
    pub fn closed(&self) -> impl std::future::Future<Output = ()> + Send + use<> {
        let mut rx = self.closing.subscribe();
        async move {
            let _ = rx.wait_for(|closing| *closing).await;
        }
    }

    /// How many streams are open on this server.
    pub fn open_streams(&self) -> usize {
        let map = self.players.lock().unwrap_or_else(PoisonError::into_inner);
        map.values().map(broadcast::Sender::receiver_count).sum()
    }

    /// Counts a stream of `token` (of player `key`) until the guard drops.
    pub fn watch(&self, token: &str, key: &str) -> Watch {
        let mut map = self.watched.lock().unwrap_or_else(PoisonError::into_inner);
        map.entry(token.to_string())
            .or_insert_with(|| (key.to_string(), 0))
            .1 += 1;
        Watch {
            watched: self.watched.clone(),
            token: token.to_string(),
        }
    }

    /// The tokens of the streams open now, with their players' keys.
    fn watched(&self) -> Vec<(String, String)> {
        let map = self.watched.lock().unwrap_or_else(PoisonError::into_inner);
        map.iter()
            .map(|(token, (key, _))| (token.clone(), key.clone()))
            .collect()
    }

    pub fn subscribe(&self, key: &str) -> broadcast::Receiver<Line> {
        let mut map = self.players.lock().unwrap_or_else(PoisonError::into_inner);
        map.entry(key.to_string())
            .or_insert_with(|| broadcast::channel(BACKLOG).0)
            .subscribe()
    }

    /// Hands an event to the streams of its players on this server (every
    /// player's, for [`EVERYONE`]), and a game's move, undo, start or end
    /// to its spectators.
    pub fn deliver(&self, event: &Event) {
        let line: Line = Arc::new(event.sse());
        {
            let mut map = self.players.lock().unwrap_or_else(PoisonError::into_inner);
            if event.to.iter().any(|k| k == EVERYONE) {
                // Nobody listens any more where a send fails.
                map.retain(|_, tx| tx.send(line.clone()).is_ok());
            }
            for key in &event.to {
                let gone = map
                    .get(key)
                    .is_some_and(|tx| tx.send(line.clone()).is_err());
                if gone {
                    map.remove(key);
                }
            }
        }
        if let Some(game) = spectated(&event.what) {
            let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
            if games.get(game).is_some_and(|tx| tx.send(line).is_err()) {
                games.remove(game);
            }
        }
    }

    /// Counts a stream of player `key` (named `name`) as online until the
    /// guard drops.
    pub fn go_online(&self, key: &str, name: &str) -> Online {
        let mut map = self.online.lock().unwrap_or_else(PoisonError::into_inner);
        let entry = map
            .entry(key.to_string())
            .or_insert_with(|| (name.to_string(), 0));
        entry.0 = name.to_string();
        entry.1 += 1;
        Online {
            online: self.online.clone(),
            key: key.to_string(),
        }
    }

    /// The names of the players with a stream open on this server, sorted
    /// (at most `limit`), and how many there are in all.
    #[must_use]
    pub fn online(&self, limit: usize) -> (Vec<String>, usize) {
        let map = self.online.lock().unwrap_or_else(PoisonError::into_inner);
        let mut names: Vec<String> = map.values().map(|(name, _)| name.clone()).collect();
        names.sort_by_key(|n| n.to_lowercase());
        let all = names.len();
        names.truncate(limit);
        (names, all)
    }

    /// Whether player `key` has a stream open on this server.
    #[must_use]
    pub fn is_online(&self, key: &str) -> bool {
        let map = self.online.lock().unwrap_or_else(PoisonError::into_inner);
        map.contains_key(key)
    }

    /// A spectator's subscription to game `id` from address `ip`, unless
    /// [`MAX_SPECTATORS`] streams are open already, or
    /// [`MAX_SPECTATORS_PER_ADDRESS`] from `ip`.
    pub fn spectate(
        &self,
        id: &str,
        ip: IpAddr,
    ) -> Result<(broadcast::Receiver<Line>, Spectator), Full> {
        use std::sync::atomic::Ordering;
        {
            let mut by = self
                .spectators_by_address
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            let n = by.entry(ip).or_insert(0);
            if *n >= MAX_SPECTATORS_PER_ADDRESS {
                return Err(Full::Address);
            }
            *n += 1;
        }
        let open = self.spectators.fetch_add(1, Ordering::SeqCst);
        let guard = Spectator {
            count: self.spectators.clone(),
            by_address: self.spectators_by_address.clone(),
            ip,
        };
        if open >= MAX_SPECTATORS {
            return Err(Full::Server);
        }
        let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        let rx = games
            .entry(id.to_string())
            .or_insert_with(|| broadcast::channel(BACKLOG).0)
            .subscribe();
        Ok((rx, guard))
    }
}

/// Queues events in a write transaction: on PostgreSQL as `pg_notify` (sent
/// on commit); on SQLite they are returned, to be delivered after commit.
///
/// # Errors
/// The database's.
pub async fn notify(
    state: &AppState,
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    events: Vec<Event>,
) -> sqlx::Result<Vec<Event>> {
    notify_in(state.db.postgres, tx, events).await
}

/// [`notify`] without a server: for `scribe admin`, whose revocations reach
/// the servers through PostgreSQL (on SQLite, the servers' streams see them
/// at their next check of their tokens, [`token_check_period`]).
///
/// # Errors
/// The database's.
pub async fn notify_in(
    postgres: bool,
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    events: Vec<Event>,
) -> sqlx::Result<Vec<Event>> {
    if !postgres {
        return Ok(events);
    }
    for e in &events {
        let payload = serde_json::to_string(e).unwrap_or_default();
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CHANNEL)
            .bind(payload)
            .execute(&mut **tx)
            .await?;
    }
    Ok(Vec::new())
}

/// Delivers events returned by [`notify`] once the transaction committed.
pub fn after_commit(state: &AppState, events: &[Event]) {
    for e in events {
        state.hub.deliver(e);
    }
}

/// Sends events outside a game write (a new challenge, a chat line).
///
/// # Errors
/// The database's.
pub async fn publish(state: &AppState, events: Vec<Event>) -> ApiResult<()> {
    let mut tx = state.db.begin().await?;
    let local = notify(state, &mut tx, events).await?;
    tx.commit().await?;
    after_commit(state, &local);
    Ok(())
}

/// One open stream of a token, counted in [`Hub::watched`] while it lives.
#[derive(Debug)]
pub struct Watch {
    watched: Arc<Mutex<HashMap<String, (String, usize)>>>,
    token: String,
}

impl Drop for Watch {
    fn drop(&mut self) {
        let mut map = self.watched.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(entry) = map.get_mut(&self.token) {
            entry.1 = entry.1.saturating_sub(1);
            if entry.1 == 0 {
                map.remove(&self.token);
            }
        }
    }
}

/// A player's stream, counted in [`Hub::online`] while it lives.
#[derive(Debug)]
pub struct Online {
    online: Arc<Mutex<HashMap<String, (String, usize)>>>,
    key: String,
}

impl Drop for Online {
    fn drop(&mut self) {
        let mut map = self.online.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(entry) = map.get_mut(&self.key) {
            entry.1 = entry.1.saturating_sub(1);
            if entry.1 == 0 {
                map.remove(&self.key);
            }
        }
    }
}

/// A spectator's stream, counted (in all, and for its address) while it
/// lives.
#[derive(Debug)]
pub struct Spectator {
    count: Arc<std::sync::atomic::AtomicUsize>,
    by_address: Arc<Mutex<HashMap<IpAddr, usize>>>,
    ip: IpAddr,
}

impl Drop for Spectator {
    fn drop(&mut self) {
        self.count.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
        let mut by = self
            .by_address
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(n) = by.get_mut(&self.ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                by.remove(&self.ip);
            }
        }
    }
}

/// Every [`token_check_period`], looks up the tokens of the streams open on
/// this server, one after another on this one task, and ends the streams of
/// those revoked by another program (`scribe admin` on SQLite) or expired.
/// One task for the whole server, not a timer a stream: 16,000 open streams
/// cost no memory more and no burst of queries. Runs until the server stops.
pub async fn check_tokens(state: AppState) {
    loop {
        tokio::time::sleep(token_check_period()).await;
        for (token, key) in state.hub.watched() {
            if !token_alive(&state, &token).await {
                let revoked = Revoked {
                    token: Some(token),
                    keep: None,
                };
                state.hub.deliver(&revoked.event(&key));
            }
        }
    }
}

/// Listens on PostgreSQL for the events of every server and delivers them
/// here. Runs until the server stops; reconnects by itself.
pub async fn listen_postgres(url: String, hub: Arc<Hub>) {
    loop {
        let mut listener = match sqlx::postgres::PgListener::connect(&url).await {
            Ok(l) => l,
            Err(e) => {
                crate::warn(&format!(
                    "scribe serve: cannot LISTEN on PostgreSQL ({e}); retrying"
                ));
                tokio::time::sleep(Duration::from_secs(2)).await;
                continue;
            }
        };
        if let Err(e) = listener.listen(CHANNEL).await {
            crate::warn(&format!(
                "scribe serve: cannot LISTEN on PostgreSQL ({e}); retrying"
            ));
            tokio::time::sleep(Duration::from_secs(2)).await;
            continue;
        }
        loop {
            match listener.recv().await {
                Ok(n) => match serde_json::from_str::<Event>(n.payload()) {
                    Ok(e) => hub.deliver(&e),
                    Err(e) => crate::warn(&format!(
                        "scribe serve: a notification that is not an event: {e}"
                    )),
                },
                Err(e) => {
                    crate::warn(&format!(
                        "scribe serve: the LISTEN connection failed ({e}); reconnecting"
                    ));
                    break;
                }
            }
        }
    }
}

/// Whether the token `id` still exists and has not expired.
pub async fn token_alive(state: &AppState, id: &str) -> bool {
    // A database that cannot answer keeps the stream: it is not a revocation.
    auth::token_alive(&state.db.pool, id).await.unwrap_or(true)
}

/// How often the open streams' tokens are looked up ([`check_tokens`]): 10 s.
/// This ends the streams of tokens revoked by another program (`scribe
/// admin` on SQLite) or expired. A debug build reads
/// `SCRIBE_SERVE_TOKEN_CHECK_MS`, for tests.
#[must_use]
pub fn token_check_period() -> Duration {
    let ms = if cfg!(debug_assertions) {
        std::env::var("SCRIBE_SERVE_TOKEN_CHECK_MS")
            .ok()
            .and_then(|v| v.parse::<u64>().ok())
            .filter(|&ms| ms > 0)
    } else {
        None
    };
    Duration::from_millis(ms.unwrap_or(10_000))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn here() -> IpAddr {
        IpAddr::from([127, 0, 0, 1])
    }

    /// A `kind` event (`cancelled`, `chat` or `start`) of `game` for `to`.
    fn event(to: &[&str], kind: &str, game: &str) -> Event {
        let game = game.to_string();
        let e = match kind {
            "cancelled" => api::Event::Cancelled(api::ByEvent {
                game,
                by: "ann".into(),
            }),
            "chat" => api::Event::Chat(api::ChatPost {
                game,
                n: 1,
                by: "ann".into(),
                text: "hello".into(),
            }),
            _ => api::Event::Start(api::StartEvent {
                game,
                x: "ann".into(),
                o: "bob".into(),
            }),
        };
        Event::new(to.iter().map(ToString::to_string).collect(), &e)
    }

    #[test]
    fn everyone_reaches_every_player_and_spectators_get_the_board_not_the_chat() {
        let hub = Hub::default();
        let mut ann = hub.subscribe("ann");
        let mut bob = hub.subscribe("bob");
        hub.deliver(&event(&[EVERYONE], "cancelled", "g0"));
        assert_eq!(ann.try_recv().unwrap().0, "cancelled");
        assert_eq!(bob.try_recv().unwrap().0, "cancelled");
        let (mut watcher, _guard) = hub.spectate("g1", here()).unwrap();
        hub.deliver(&event(&["ann"], "chat", "g1"));
        hub.deliver(&event(&["ann"], "start", "g2"));
        hub.deliver(&event(&["ann", "bob"], "start", "g1"));
        let seen = watcher.try_recv().unwrap();
        assert_eq!(seen.0, "start");
        assert!(seen.1.contains("g1"));
        assert!(watcher.try_recv().is_err(), "only g1's start");
        assert!(bob.try_recv().is_ok() && bob.try_recv().is_err());
    }

    #[test]
    fn an_event_travels_between_servers_as_its_two_halves() {
        // The wire form is the untyped one servers before the typed event
        // sent, so old and new servers on one PostgreSQL understand each other.
        let e = event(&["ann", "bob"], "start", "g1");
        let text = serde_json::to_string(&e).unwrap();
        assert_eq!(
            text,
            r#"{"to":["ann","bob"],"kind":"start","data":{"game":"g1","o":"bob","x":"ann"}}"#
        );
        assert_eq!(serde_json::from_str::<Event>(&text).unwrap(), e);
        let r = Revoked {
            token: Some("t1".into()),
            keep: None,
        }
        .event("ann");
        let text = serde_json::to_string(&r).unwrap();
        assert_eq!(
            text,
            r#"{"to":["ann"],"kind":"_revoke","data":{"token":"t1"}}"#
        );
        assert_eq!(serde_json::from_str::<Event>(&text).unwrap(), r);
        // An event of a kind this server does not know is refused whole.
        assert!(serde_json::from_str::<Event>(r#"{"to":[],"kind":"party","data":{}}"#).is_err());
    }

    #[test]
    fn who_is_online_counts_streams_and_spectators_are_capped() {
        let hub = Hub::default();
        let a1 = hub.go_online("ann", "Ann");
        let a2 = hub.go_online("ann", "Ann");
        let _b = hub.go_online("bob", "bob");
        assert_eq!(hub.online(1), (vec!["Ann".to_string()], 2));
        drop(a1);
        assert!(hub.is_online("ann"));
        drop(a2);
        assert!(!hub.is_online("ann"));
        let guards: Vec<_> = (0..MAX_SPECTATORS)
            .map(|i| {
                let ip = IpAddr::from([10, 0, (i / 250) as u8, (i % 250) as u8]);
                hub.spectate("g1", ip).unwrap()
            })
            .collect();
        assert_eq!(
            hub.spectate("g1", here()).err(),
            Some(Full::Server),
            "one beyond the cap"
        );
        drop(guards);
        assert!(
            hub.spectate("g1", here()).is_ok(),
            "room again once they left"
        );
    }

    #[test]
    fn one_address_holds_its_share_of_spectator_streams() {
        let hub = Hub::default();
        let mine: Vec<_> = (0..MAX_SPECTATORS_PER_ADDRESS)
            .map(|_| hub.spectate("g1", here()).unwrap())
            .collect();
        assert_eq!(hub.spectate("g2", here()).err(), Some(Full::Address));
        assert!(hub.spectate("g1", IpAddr::from([10, 0, 0, 9])).is_ok());
        drop(mine);
        assert!(hub.spectate("g2", here()).is_ok());
    }
}
