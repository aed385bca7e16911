//! The computer players: one account per level of the engine
//! (`computer-beginner` … `computer-champion`, names nobody may sign up
//! with), made when the server starts. A challenge to one is accepted at
//! once ([`accept_at_once`]); its moves are thought on a bounded pool and
//! played through the store, the same path as a person's move (the rules'
//! check, one transaction, the compare-and-set on the move's number).
//!
//! **The pool.** At most [`Computer::threads`] search threads think at
//! once, whatever the number of games: a move takes as many of them as its
//! search has threads (a level of two threads on a pool of one searches
//! with one thread and twice the playouts), and thinks on a blocking
//! thread, never on the async workers. Moves waiting for threads get them
//! in turn by player, not first come first served (`pool`), and a player
//! has at most [`crate::store::MAX_COMPUTER_GAMES`] games going: one
//! account cannot hold everyone's games up. Budgets are playouts,
//! not time, so a level is as strong on a busy server as on an idle one.
//!
//! **Never stalled.** A game is queued when it becomes the computer's turn
//! (the challenge accepted with the computer as X, a person's move), and
//! every [`SWEEP`] (and at start) every game where it is a computer's turn
//! is queued again: a move being thought when the server died is thought
//! again after the restart. A game queued twice on one server is played by
//! one task; on PostgreSQL each move is played under an advisory lock on
//! the game (`pg_try_advisory_lock`), so of several servers on one
//! database exactly one plays a game at a time. The move carries its
//! number, so a second writer would be refused as stale in any case.

use crate::AppState;
use crate::db::{Db, now_ms};
use crate::domain::changes::{Actor, Change};
use crate::domain::model::GameRow;
use crate::error::{ApiError, ApiResult};
use crate::store;
use scribe_ai::{Level, SearchConfig, Searcher};
use scribe_api::{self as api, ErrorCode, Status};
use sqlx::Row as _;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// How often every server looks for games where it is a computer's turn
/// and nobody plays it (a debug build reads `SCRIBE_COMPUTER_SWEEP_MS`).
pub const SWEEP: Duration = Duration::from_secs(10);

pub use crate::domain::model::{computer_level as level_of, computer_name as account_name};

/// The computer players of a running server.
#[derive(Debug)]
pub struct Computer {
    /// The search threads: the most that think at once.
    threads: usize,
    /// Those threads, handed out in turn by player.
    pool: Arc<pool::Fair>,
    /// The games a task of this server is playing (or waiting to).
    busy: Mutex<HashSet<String>>,
    /// Set when the server stops: searches end at once, unplayed.
    stop: Arc<AtomicBool>,
    /// Multiplies every budget (1; a debug build reads
    /// `SCRIBE_COMPUTER_SCALE`, for tests).
    scale: f64,
}

impl Computer {
    /// A pool of `threads` search threads (at least one).
    #[must_use]
    pub fn new(threads: usize) -> Computer {
        let threads = threads.max(1);
        let scale = if cfg!(debug_assertions) {
            std::env::var("SCRIBE_COMPUTER_SCALE")
                .ok()
                .and_then(|v| v.parse::<f64>().ok())
                .filter(|s| *s > 0.0)
                .unwrap_or(1.0)
        } else {
            1.0
        };
        Computer {
            threads,
            pool: pool::Fair::new(threads),
            busy: Mutex::new(HashSet::new()),
            stop: Arc::new(AtomicBool::new(false)),
            scale,
        }
    }

    /// The pool's size.
    #[must_use]
    pub const fn threads(&self) -> usize {
        self.threads
    }

    /// Ends every search at once (their moves are not played); the server
    /// is stopping.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// The search of `level` on this pool: as many threads as the level's
    /// but no more than the pool's, the same playouts in all.
    fn config(&self, level: Level) -> SearchConfig {
        let mut c = SearchConfig::for_level(level);
        let threads = c.threads.clamp(1, self.threads);
        c.iterations = c.iterations * c.threads as u64 / threads as u64;
        c.threads = threads;
        if (self.scale - 1.0).abs() > f64::EPSILON {
            c = c.scaled(self.scale);
        }
        c
    }
}

/// Makes the computer players' accounts, and their ratings in both
/// variants so that the standings show them from the start. Nothing if
/// they exist (every server on a database does this at start).
///
/// # Errors
/// The database's.
pub async fn make_accounts(db: &Db) -> anyhow::Result<()> {
    let now = now_ms();
    let fresh = skillratings::glicko2::Glicko2Rating::new();
    let mut tx = db.begin().await?;
    for level in Level::ALL {
        let name = account_name(level);
        sqlx::query(
            "INSERT INTO users (name_key, name, password_hash, created_at, computer) \
             VALUES ($1, $1, '!', $2, $3) ON CONFLICT (name_key) DO NOTHING",
        )
        .bind(&name)
        .bind(now)
        .bind(level.name().to_ascii_lowercase())
        .execute(&mut *tx)
        .await?;
        for variant in api::Variant::ALL {
            sqlx::query(
                "INSERT INTO ratings (user_key, variant, rating, deviation, volatility, games, \
                 wins, losses) VALUES ($1, $2, $3, $4, $5, 0, 0, 0) \
                 ON CONFLICT (user_key, variant) DO NOTHING",
            )
            .bind(&name)
            .bind(variant.as_str())
            .bind(fresh.rating)
            .bind(fresh.deviation)
            .bind(fresh.volatility)
            .execute(&mut *tx)
            .await?;
        }
    }
    tx.commit().await?;
    Ok(())
}

/// `GET /api/v1/computers`: the computer players, weakest first (none on
/// a server with `--no-computer`).
///
/// # Errors
/// The database's.
pub async fn list(
    axum::extract::State(state): axum::extract::State<AppState>,
) -> ApiResult<axum::Json<api::Computers>> {
    let mut computers = Vec::new();
    if state.computer.is_some() {
        let rows = sqlx::query(
            "SELECT r.user_key, r.variant, r.rating FROM ratings r \
             JOIN users u ON u.name_key = r.user_key WHERE u.computer IS NOT NULL",
        )
        .fetch_all(&state.db.pool)
        .await?;
        for level in Level::ALL {
            let name = account_name(level);
            let rating = |v: api::Variant| {
                rows.iter()
                    .find(|r| {
                        r.try_get::<String, _>("user_key").ok().as_deref() == Some(name.as_str())
                            && r.try_get::<String, _>("variant").ok().as_deref() == Some(v.as_str())
                    })
                    .and_then(|r| r.try_get::<f64, _>("rating").ok())
                    .unwrap_or(1500.0)
                    .round()
            };
            computers.push(api::Computer {
                rating: rating(api::Variant::Majority),
                rating_super_glyph: rating(api::Variant::SuperGlyph),
                name,
                level: level.name().to_string(),
                level_rating: level.rating(),
                think_seconds: Some(level.think().as_secs_f64()),
            });
        }
    }
    Ok(axum::Json(api::Computers { computers }))
}

/// Refuses a challenge to a computer player on a server without them.
///
/// # Errors
/// `no_computer`.
pub fn may_challenge(state: &AppState, key: &str) -> ApiResult<()> {
    if level_of(key).is_some() && state.computer.is_none() {
        return Err(ApiError::Conflict(
            api::ErrorCode::NoComputer,
            "this server runs without its computer players (--no-computer)".into(),
            None,
        ));
    }
    Ok(())
}

/// A challenge just made: if it is to a computer player, the computer
/// accepts it at once (and starts thinking if it moves first). The game
/// as it is then.
///
/// # Errors
/// The store's.
pub async fn accept_at_once(state: &AppState, row: GameRow) -> ApiResult<GameRow> {
    let Some(key) = row.challenged.clone() else {
        return Ok(row);
    };
    let Some(level) = level_of(&key) else {
        return Ok(row);
    };
    if state.computer.is_none() || row.status != Status::Challenge {
        return Ok(row);
    }
    let by = actor(level);
    // The store's reactions ask the computer to move if it plays first.
    let done = store::update(state, &row.id, &Change::Accept(by)).await?;
    Ok(done.row)
}

/// The computer's turn as one of the store's after-commit reactions
/// ([`store::Reaction`]): [`after_change`].
#[derive(Debug)]
pub struct ItsTurn;

impl store::Reaction for ItsTurn {
    fn after_commit(&self, state: &AppState, change: &store::Committed<'_>) {
        after_change(state, change.new);
    }
}

/// A game just changed: if it is now a computer player's turn, the
/// computer is asked to move.
pub fn after_change(state: &AppState, row: &GameRow) {
    if row.status == Status::Active && row.turn.as_deref().and_then(level_of).is_some() {
        queue(state, &row.id);
    }
}

/// A person proposed an undo in a game against the computer: it declines
/// at once. The game as it is then.
///
/// # Errors
/// The store's.
pub async fn answer_undo(state: &AppState, row: GameRow) -> ApiResult<GameRow> {
    let Some(offer) = row.undo_offer.as_deref() else {
        return Ok(row);
    };
    let computer = row
        .players()
        .into_iter()
        .find(|k| k != offer && level_of(k).is_some());
    match (computer.as_deref().and_then(level_of), &state.computer) {
        (Some(level), Some(_)) => {
            let change = Change::AnswerUndo {
                by: actor(level),
                yes: false,
            };
            match store::update(state, &row.id, &change).await {
                Ok(done) => Ok(done.row),
                // The computer's reply came first and cancelled the request
                // (a move by the opponent does): nothing is left to decline.
                Err(ApiError::Conflict(ErrorCode::NoUndoProposed, _, _)) => {
                    store::load(state, &row.id).await
                }
                Err(e) => Err(e),
            }
        }
        _ => Ok(row),
    }
}

fn actor(level: Level) -> Actor {
    let name = account_name(level);
    Actor {
        key: name.clone(),
        name,
    }
}

/// Plays game `id`'s computer move on a task of its own, unless a task of
/// this server plays it already.
pub fn queue(state: &AppState, id: &str) {
    let Some(computer) = state.computer.clone() else {
        return;
    };
    if !computer
        .busy
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .insert(id.to_string())
    {
        return;
    }
    let (state, id) = (state.clone(), id.to_string());
    tokio::spawn(async move {
        if let Err(e) = play(&state, &computer, &id).await {
            crate::warn(&format!(
                "scribe serve: the computer's move in game {id} failed (tried again within {} s): {e:?}",
                sweep_every().as_secs()
            ));
        }
        computer
            .busy
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&id);
    });
}

/// Plays the computer's moves in game `id` while it is a computer's turn.
async fn play(state: &AppState, computer: &Computer, id: &str) -> ApiResult<()> {
    loop {
        let row = store::load(state, id).await?;
        let Some(level) = computer_to_move(&row) else {
            return Ok(());
        };
        let config = computer.config(level);
        // In turn by the person playing (see `pool`).
        let person = row
            .players()
            .into_iter()
            .find(|k| level_of(k).is_none())
            .unwrap_or_default();
        let Some(_threads) = computer.pool.take(&person, config.threads).await else {
            return Ok(());
        };
        let Some(lock) = GameLock::take(state, id).await? else {
            // Another server plays this game now.
            return Ok(());
        };
        let played = think_and_play(state, computer, id, config).await;
        lock.release().await;
        if !played? {
            return Ok(());
        }
    }
}

/// The computer's level if the game is active and it is a computer's turn.
fn computer_to_move(row: &GameRow) -> Option<Level> {
    (row.status == Status::Active)
        .then(|| row.turn.as_deref().and_then(level_of))
        .flatten()
}

/// Under the game's lock: reads the game again, thinks and plays. Whether a
/// move was played (false: nothing to do, or the server stops).
async fn think_and_play(
    state: &AppState,
    computer: &Computer,
    id: &str,
    config: SearchConfig,
) -> ApiResult<bool> {
    let row = store::load(state, id).await?;
    let Some(level) = computer_to_move(&row) else {
        return Ok(false);
    };
    let moves = row.moves.clone();
    let variant = row.variant;
    let seed = seed(id, moves.len());
    let stop = computer.stop.clone();
    let search = tokio::task::spawn_blocking(move || {
        let mut searcher = Searcher::with_config(variant, config, seed);
        searcher.best_move(&moves, &stop)
    });
    let square = search
        .await
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("the search failed: {e}")))?;
    if computer.stop.load(Ordering::SeqCst) {
        return Ok(false);
    }
    let Some(square) = square else {
        return Ok(false);
    };
    let number = u64::try_from(row.moves.len() + 1).ok();
    let change = Change::Move {
        by: actor(level),
        square,
        number,
    };
    match store::update(state, id, &change).await {
        Ok(_) => Ok(true),
        // The game changed while the computer thought (a resignation, a
        // move by another server): judged again from the top.
        Err(ApiError::Conflict(..)) => Ok(true),
        Err(e) => Err(e),
    }
}

/// A seed from the game and the move: the same game asks the same search.
fn seed(id: &str, moves: usize) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in id.bytes().chain((moves as u64).to_le_bytes()) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The right to play one game's move: on PostgreSQL a session advisory lock
/// held on a connection of its own, on SQLite (one server a database) the
/// server's own `busy` set is enough.
struct GameLock {
    conn: Option<sqlx::pool::PoolConnection<sqlx::Any>>,
    id: String,
}

impl GameLock {
    async fn take(state: &AppState, id: &str) -> ApiResult<Option<GameLock>> {
        if !state.db.postgres {
            return Ok(Some(GameLock {
                conn: None,
                id: id.to_string(),
            }));
        }
        let mut conn = state.db.pool.acquire().await?;
        let got: i64 = sqlx::query(
            "SELECT CAST(CASE WHEN pg_try_advisory_lock(hashtextextended($1, 7607)) \
             THEN 1 ELSE 0 END AS BIGINT) AS got",
        )
        .bind(id)
        .fetch_one(&mut *conn)
        .await?
        .try_get("got")?;
        Ok((got == 1).then(|| GameLock {
            conn: Some(conn),
            id: id.to_string(),
        }))
    }

    async fn release(self) {
        let Some(mut conn) = self.conn else { return };
        let unlocked = sqlx::query("SELECT pg_advisory_unlock(hashtextextended($1, 7607))")
            .bind(&self.id)
            .execute(&mut *conn)
            .await;
        if unlocked.is_err() {
            // A connection that may still hold the lock never goes back to
            // the pool: closing it ends the session and its locks.
            drop(conn.detach());
        }
    }
}

fn sweep_every() -> Duration {
    if cfg!(debug_assertions)
        && let Some(ms) = std::env::var("SCRIBE_COMPUTER_SWEEP_MS")
            .ok()
            .and_then(|v| v.parse::<u64>().ok())
            .filter(|&ms| ms > 0)
    {
        return Duration::from_millis(ms);
    }
    SWEEP
}

/// At start and every [`SWEEP`]: queues every game where it is a computer
/// player's turn.
pub async fn sweep(state: AppState) {
    loop {
        match waiting(&state).await {
            Ok(ids) => {
                for id in ids {
                    queue(&state, &id);
                }
            }
            Err(e) => crate::warn(&format!(
                "scribe serve: cannot look for the computer's games: {e}"
            )),
        }
        tokio::time::sleep(sweep_every()).await;
    }
}

async fn waiting(state: &AppState) -> sqlx::Result<Vec<String>> {
    let rows = sqlx::query(
        "SELECT g.id FROM games g JOIN users u ON u.name_key = g.turn \
         WHERE g.status = $1 AND u.computer IS NOT NULL",
    )
    .bind(scribe_api::Status::Active.as_str())
    .fetch_all(&state.db.pool)
    .await?;
    rows.iter().map(|r| r.try_get("id")).collect()
}

/// The computer's search threads, handed out in turn by player: a move
/// waiting for threads joins its player's line, and each time threads come
/// free the next player in turn (not the next move) gets them. So one
/// player's games never hold up everyone's: a move waits for at most one
/// move of each other player waiting (and its own player's moves queued
/// before it).
mod pool {
    use std::collections::{HashMap, VecDeque};
    use std::sync::{Arc, Mutex, PoisonError};
    use tokio::sync::oneshot;

    /// The threads, and who waits for them.
    #[derive(Debug)]
    pub struct Fair {
        inner: Mutex<Inner>,
    }

    #[derive(Debug)]
    struct Inner {
        /// Threads free now.
        free: usize,
        /// The players waiting, the next in turn first.
        turn: VecDeque<String>,
        /// Each waiting player's moves: threads wanted, and where to hand them.
        lines: HashMap<String, VecDeque<(usize, oneshot::Sender<Threads>)>>,
    }

    /// Threads held; given back when dropped.
    #[derive(Debug)]
    pub struct Threads {
        fair: Arc<Fair>,
        n: usize,
    }

    impl Drop for Threads {
        fn drop(&mut self) {
            let n = std::mem::take(&mut self.n);
            if n > 0 {
                self.fair.give_back(n);
            }
        }
    }

    impl Fair {
        /// `threads` threads, none taken.
        #[must_use]
        pub fn new(threads: usize) -> Arc<Fair> {
            Arc::new(Fair {
                inner: Mutex::new(Inner {
                    free: threads,
                    turn: VecDeque::new(),
                    lines: HashMap::new(),
                }),
            })
        }

        fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
            self.inner.lock().unwrap_or_else(PoisonError::into_inner)
        }

        /// `n` threads for a move of `player`'s, when their turn comes (at once
        /// if nobody waits and they are free); `None` if the pool is gone.
        pub async fn take(self: &Arc<Fair>, player: &str, n: usize) -> Option<Threads> {
            let rx = {
                let mut inner = self.lock();
                if inner.turn.is_empty() && inner.free >= n {
                    inner.free -= n;
                    return Some(Threads {
                        fair: self.clone(),
                        n,
                    });
                }
                let (tx, rx) = oneshot::channel();
                let waiting = inner.lines.get(player).is_some_and(|l| !l.is_empty());
                if !waiting {
                    inner.turn.push_back(player.to_string());
                }
                inner
                    .lines
                    .entry(player.to_string())
                    .or_default()
                    .push_back((n, tx));
                rx
            };
            rx.await.ok()
        }

        /// `n` threads come free: handed to the players in turn.
        fn give_back(self: &Arc<Fair>, n: usize) {
            let mut guard = self.lock();
            let inner = &mut *guard;
            inner.free += n;
            while let Some(player) = inner.turn.pop_front() {
                let Some(line) = inner.lines.get_mut(&player) else {
                    continue;
                };
                let Some(&(wanted, _)) = line.front() else {
                    inner.lines.remove(&player);
                    continue;
                };
                if wanted > inner.free {
                    // Not enough yet: this player stays first in turn.
                    inner.turn.push_front(player);
                    return;
                }
                let Some((_, tx)) = line.pop_front() else {
                    continue;
                };
                let more = !line.is_empty();
                if more {
                    inner.turn.push_back(player.clone());
                } else {
                    inner.lines.remove(&player);
                }
                inner.free -= wanted;
                let threads = Threads {
                    fair: self.clone(),
                    n: wanted,
                };
                if let Err(mut unwanted) = tx.send(threads) {
                    // The move no longer waits (its task ended): the threads
                    // stay free, and the next in turn may have them.
                    unwanted.n = 0;
                    inner.free += wanted;
                }
            }
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[tokio::test]
        async fn the_threads_go_to_the_players_in_turn_not_to_the_moves_in_order() {
            let fair = Fair::new(1);
            let held = fair.take("ann", 1).await.unwrap();
            let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
            // ann's two moves wait first, then bob's one.
            for (who, label) in [("ann", "ann 1"), ("ann", "ann 2"), ("bob", "bob 1")] {
                let (fair, tx) = (fair.clone(), tx.clone());
                tokio::spawn(async move {
                    let threads = fair.take(who, 1).await;
                    assert!(threads.is_some());
                    tx.send(label).unwrap();
                });
                tokio::task::yield_now().await;
            }
            drop(held);
            let mut order = Vec::new();
            for _ in 0..3 {
                order.push(rx.recv().await.unwrap());
            }
            assert_eq!(order, ["ann 1", "bob 1", "ann 2"]);
            // All given back: taken again at once.
            let again = fair.take("cy", 1).await;
            assert!(again.is_some());
        }

        #[tokio::test]
        async fn a_move_that_stops_waiting_leaves_its_threads_to_the_next() {
            let fair = Fair::new(1);
            let held = fair.take("ann", 1).await.unwrap();
            let gone = tokio::spawn({
                let fair = fair.clone();
                async move { fair.take("bob", 1).await.is_some() }
            });
            tokio::task::yield_now().await;
            gone.abort();
            let _ = gone.await;
            drop(held);
            let next = fair.take("cy", 1).await;
            assert!(next.is_some());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_has_a_name_that_reads_back_and_fits() {
        for level in Level::ALL {
            let name = account_name(level);
            assert_eq!(level_of(&name), Some(level), "{name}");
            assert!(crate::auth::name_key(&name).is_ok(), "{name}");
            assert!(crate::auth::new_name_key(&name).is_err(), "{name}");
        }
        assert_eq!(level_of("computer-Hard"), None);
        assert_eq!(level_of("computer-"), None);
        assert_eq!(level_of("hard"), None);
    }

    #[test]
    fn a_pool_of_one_searches_with_one_thread_and_the_same_playouts() {
        let c = Computer::new(1).config(Level::Expert);
        assert_eq!((c.threads, c.iterations), (1, 300));
        let c = Computer::new(4).config(Level::Expert);
        assert_eq!((c.threads, c.iterations), (2, 150));
        let c = Computer::new(4).config(Level::Beginner);
        assert_eq!((c.threads, c.iterations), (1, 3));
    }
}
