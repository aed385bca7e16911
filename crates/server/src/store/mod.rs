//! The one writer of the `games` table. [`create`] makes a challenge;
//! [`update`] changes a game: it reads the row, judges the change on it
//! ([`Change::apply`], a pure function), and writes the result with a
//! compare-and-set on the row's `version` in one transaction that also
//! records the rating of a finished game and queues its events. If another
//! write came first the row is read again and the change judged again (at
//! most [`RETRIES`] times): of racing requests exactly one applies, and
//! nothing is answered before it is committed. On SQLite that transaction
//! is a savepoint in a commit shared with the other writes waiting then
//! ([`group`]: one fsync for all of them). [`withdraw_challenges`]
//! ends the challenges of a deleted account.
//!
//! **After the commit, in one place.** [`update`] then fires what reacts to
//! a game's change, in this order: the live bus hands the events to this
//! server's streams, then each [`Reaction`] of [`AppState::reactions`] (the
//! "your move" mail, the computer's turn), registered once when the server
//! starts. The store knows them only by this trait, so it imports neither
//! the mail nor the computer.

pub mod group;
pub mod ratings;

use crate::AppState;
use crate::auth::random_hex;
use crate::db::now_ms;
use crate::domain::changes::{Change, Outcome, Write};
use crate::domain::model::{GameRow, select_games, side_stored, variant_name};
use crate::error::{ApiError, ApiResult};
use crate::live::{self, Event};
use scribe_api::{ErrorCode, Status};
use scribe_rules::{Player, Variant};

/// How many times a write that lost a race is judged again.
pub const RETRIES: usize = 8;

/// A game after [`update`].
#[derive(Debug, Clone)]
pub struct Updated {
    /// The game as it is now.
    pub row: GameRow,
    /// Whether this request changed it (`false`: a move already made).
    pub wrote: bool,
}

/// A game's change as [`update`] judged it: `old` became `new` at the
/// request of the player (or computer) keyed `by`. `new` is `old` when the
/// change changed nothing (a retried move).
#[derive(Debug, Clone, Copy)]
pub struct Committed<'a> {
    /// The game before.
    pub old: &'a GameRow,
    /// The game as it is now.
    pub new: &'a GameRow,
    /// Who asked for the change (a key).
    pub by: &'a str,
}

/// Something that reacts to a game's change once it is committed (see the
/// module's text): quick, never failing the request (a reaction queues
/// work, it does not do it).
pub trait Reaction: Send + Sync {
    /// Reacts to `change`.
    fn after_commit(&self, state: &AppState, change: &Committed<'_>);
}

/// The after-commit reactions to `change`, all in one place: the live
/// bus's delivery of `local` (the events of the commit), then each of the
/// server's [`Reaction`]s in order.
fn react(state: &AppState, local: &[Event], change: &Committed<'_>) {
    live::after_commit(state, local);
    for reaction in state.reactions.iter() {
        reaction.after_commit(state, change);
    }
}

/// Reads a game, or 404.
///
/// # Errors
/// No such game; the database's.
pub async fn load(state: &AppState, id: &str) -> ApiResult<GameRow> {
    let not_found = || ApiError::NotFound(format!("no game {}", scribe_rules::quote(id)));
    if id.is_empty() || id.len() > 32 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(not_found());
    }
    let row = sqlx::query(select_games!("WHERE g.id = $1"))
        .bind(id)
        .fetch_optional(&state.db.pool)
        .await?
        .ok_or_else(not_found)?;
    Ok(GameRow::from_row(&row)?)
}

/// Reads the games a `SELECT` of [`select_games`] finds. A row that cannot
/// be read (a damaged row) is left out of the list and logged with its id,
/// so that one bad row neither hides the others nor goes unnoticed.
pub fn rows(found: &[sqlx::any::AnyRow]) -> Vec<GameRow> {
    use sqlx::Row as _;
    found
        .iter()
        .filter_map(|r| match GameRow::from_row(r) {
            Ok(g) => Some(g),
            Err(e) => {
                let id: String = r.try_get("id").unwrap_or_else(|_| "?".into());
                crate::warn(&format!(
                    "scribe serve: game {id} cannot be read, left out of a list: {e:#}"
                ));
                None
            }
        })
        .collect()
}

/// Changes game `id` as `change` says (see the module's text).
///
/// # Errors
/// No such game, the change's refusal, `busy` after [`RETRIES`] lost
/// races, the database's.
pub async fn update(state: &AppState, id: &str, change: &Change) -> ApiResult<Updated> {
    for _ in 0..RETRIES {
        let old = load(state, id).await?;
        let now = now_ms();
        let by = &change.by().key;
        match change.apply(&old, now)? {
            Outcome::Unchanged => {
                // A retry of what was done already asks again what it
                // asked then (the computer to move), and changes nothing.
                let same = Committed {
                    old: &old,
                    new: &old,
                    by,
                };
                react(state, &[], &same);
                return Ok(Updated {
                    row: old,
                    wrote: false,
                });
            }
            Outcome::Write(write) => {
                if let Some((row, local)) = save(state, &old, *write, now).await? {
                    let done = Committed {
                        old: &old,
                        new: &row,
                        by,
                    };
                    react(state, &local, &done);
                    return Ok(Updated { row, wrote: true });
                }
            }
        }
    }
    Err(ApiError::Conflict(
        ErrorCode::Busy,
        "the game changed many times at once; try again".into(),
        None,
    ))
}

/// Writes `write` if nobody changed the game since `old.version`: the game
/// as written and the events this server's streams are to be handed, or
/// `None` if somebody did.
///
/// On SQLite the write goes into the next group commit (see [`group`]); on
/// PostgreSQL it has a transaction of its own.
async fn save(
    state: &AppState,
    old: &GameRow,
    write: Write,
    now: i64,
) -> ApiResult<Option<(GameRow, Vec<Event>)>> {
    if let Some(queue) = &state.group {
        return queue.save(old, write, now).await;
    }
    let mut tx = state.db.begin().await?;
    let saved = save_in(state, &mut tx, old, write, now).await?;
    if saved.is_some() {
        tx.commit().await?;
    } else {
        tx.rollback().await?;
    }
    Ok(saved)
}

/// [`save`] in `tx`, which the caller commits if it wrote (`Some`), and
/// rolls back if not.
async fn save_in(
    state: &AppState,
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    old: &GameRow,
    write: Write,
    now: i64,
) -> ApiResult<Option<(GameRow, Vec<Event>)>> {
    let Write {
        row: new,
        rated,
        mut events,
    } = write;
    if old.status == Status::Challenge && old.challenged.is_none() {
        // An open challenge taken or withdrawn: every lobby drops it.
        events.push(open_challenge_event(&new));
    }
    let done = sqlx::query(
        "UPDATE games SET status = $1, x_player = $2, o_player = $3, moves = $4, \
         move_count = $5, turn = $6, winner = $7, end_reason = $8, undo_offer = $9, \
         started_at = $10, finished_at = $11, updated_at = $12, turn_since = $15, \
         challenged = $16, version = version + 1 WHERE id = $13 AND version = $14",
    )
    .bind(new.status.as_str())
    .bind(&new.x_player)
    .bind(&new.o_player)
    .bind(new.history().join(" "))
    .bind(i64::try_from(new.moves.len()).unwrap_or(0))
    .bind(&new.turn)
    .bind(new.winner.map(|w| w.as_str()))
    .bind(new.end_reason.map(|e| e.as_str()))
    .bind(&new.undo_offer)
    .bind(new.started_at)
    .bind(new.finished_at)
    .bind(now)
    .bind(&old.id)
    .bind(old.version)
    .bind(new.turn_since)
    .bind(&new.challenged)
    .execute(&mut **tx)
    .await?;
    if done.rows_affected() == 0 {
        return Ok(None);
    }
    if let Some((winner, loser)) = rated {
        ratings::record_result(state, tx, new.variant, (&new.id, now), &winner, &loser).await?;
    }
    let local = live::notify(state, tx, events).await?;
    let mut saved = new;
    saved.version = old.version + 1;
    saved.updated_at = now;
    Ok(Some((saved, local)))
}

/// A challenge to write.
#[derive(Debug, Clone)]
pub struct NewGame {
    /// The challenger's key.
    pub challenger: String,
    /// The challenged player's key (`None`: open to anyone).
    pub challenged: Option<String>,
    /// The variant.
    pub variant: Variant,
    /// The challenger's side.
    pub side: Player,
    /// The days each move may take.
    pub days: Option<u32>,
}

/// The most challenges a player may have waiting for an answer.
pub const MAX_OPEN_CHALLENGES: i64 = 20;
/// The most challenges from one player that may wait for another's answer.
pub const MAX_CHALLENGES_TO_ONE: i64 = 3;
/// The most games one player may have going against the computer players
/// at once (a challenge to one is accepted at once, so the caps on waiting
/// challenges never apply): the computer's search threads are shared by
/// everyone, and one account must not fill them.
pub const MAX_COMPUTER_GAMES: i64 = 2;

/// Refuses a challenge beyond [`MAX_OPEN_CHALLENGES`],
/// [`MAX_CHALLENGES_TO_ONE`] or [`MAX_COMPUTER_GAMES`], counted in `tx` (which holds the
/// challenger's lock: two challenges at once are counted one after the
/// other).
async fn within_caps(
    state: &AppState,
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    new: &NewGame,
) -> ApiResult<()> {
    use sqlx::Row as _;
    if state.db.postgres {
        // SQLite's BEGIN IMMEDIATE already lets one writer in at a time.
        sqlx::query("SELECT name_key FROM users WHERE name_key = $1 FOR UPDATE")
            .bind(&new.challenger)
            .execute(&mut **tx)
            .await?;
    }
    let open: i64 =
        sqlx::query("SELECT COUNT(*) AS n FROM games WHERE status = $2 AND challenger = $1")
            .bind(&new.challenger)
            .bind(Status::Challenge.as_str())
            .fetch_one(&mut **tx)
            .await?
            .try_get("n")?;
    let too_many = |m: String| ApiError::Conflict(ErrorCode::TooManyChallenges, m, None);
    if open >= MAX_OPEN_CHALLENGES {
        return Err(too_many(format!(
            "you have {open} challenges waiting for an answer, the most allowed; \
             cancel one first"
        )));
    }
    if let Some(to) = &new.challenged {
        let to_one: i64 = sqlx::query(
            "SELECT COUNT(*) AS n FROM games WHERE status = $3 AND challenger = $1 \
             AND challenged = $2",
        )
        .bind(&new.challenger)
        .bind(to)
        .bind(Status::Challenge.as_str())
        .fetch_one(&mut **tx)
        .await?
        .try_get("n")?;
        if to_one >= MAX_CHALLENGES_TO_ONE {
            return Err(too_many(format!(
                "{to_one} of your challenges already wait for this player's answer, \
                 the most allowed"
            )));
        }
        if crate::domain::model::computer_level(to).is_some() {
            let against: i64 = sqlx::query(
                "SELECT COUNT(*) AS n FROM games g JOIN users u ON u.name_key = g.challenged \
                 WHERE g.challenger = $1 AND g.status IN ($2, $3) \
                 AND u.computer IS NOT NULL",
            )
            .bind(&new.challenger)
            .bind(Status::Challenge.as_str())
            .bind(Status::Active.as_str())
            .fetch_one(&mut **tx)
            .await?
            .try_get("n")?;
            if against >= MAX_COMPUTER_GAMES {
                return Err(too_many(format!(
                    "you have {against} games against the computer going, the most allowed; \
                     finish or resign one first"
                )));
            }
        }
    }
    Ok(())
}

/// Makes a challenge under a fresh id, within the caps
/// ([`MAX_OPEN_CHALLENGES`], [`MAX_CHALLENGES_TO_ONE`]); a challenge to a
/// player is sent to them (the `challenge` event, their summary).
///
/// # Errors
/// Too many challenges; the database's.
pub async fn create(state: &AppState, new: &NewGame) -> ApiResult<GameRow> {
    let now = now_ms();
    let mut id = new_game_id()?;
    let mut tx = state.db.begin().await?;
    within_caps(state, &mut tx, new).await?;
    for _ in 0..RETRIES {
        let done = sqlx::query(
            "INSERT INTO games (id, variant, status, challenger, challenged, side, turn, \
             created_at, updated_at, days_per_move) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9) \
             ON CONFLICT (id) DO NOTHING",
        )
        .bind(&id)
        .bind(variant_name(new.variant))
        .bind(Status::Challenge.as_str())
        .bind(&new.challenger)
        .bind(&new.challenged)
        .bind(side_stored(new.side))
        .bind(&new.challenged)
        .bind(now)
        .bind(new.days.map(i64::from))
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() == 1 {
            break;
        }
        id = new_game_id()?;
    }
    tx.commit().await?;
    let row = load(state, &id).await?;
    let e = match &new.challenged {
        Some(key) => Event::new(
            vec![key.clone()],
            &scribe_api::Event::Challenge(row.summary(key)),
        ),
        // An open challenge reaches every lobby.
        None => open_challenge_event(&row),
    };
    live::publish(state, vec![e]).await?;
    Ok(row)
}

/// The `challenge` event of an open challenge made, taken or withdrawn
/// (its summary's status says which), for every player with a stream open.
fn open_challenge_event(row: &GameRow) -> Event {
    Event::new(
        vec![live::EVERYONE.to_string()],
        &scribe_api::Event::Challenge(row.summary("")),
    )
}

fn new_game_id() -> ApiResult<String> {
    // 10 characters of a-z0-9 from 64 random bits.
    let hex = random_hex(8)?;
    let mut n = u64::from_str_radix(&hex, 16).map_err(|e| ApiError::Internal(e.into()))?;
    let digits = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut id = String::new();
    for _ in 0..10 {
        id.push(char::from(digits[(n % 36) as usize]));
        n /= 36;
    }
    Ok(id)
}

/// Withdraws the challenges waiting on the deleted account `key`, in `tx`
/// at `now`: its own are cancelled, those to it declined (a version bump
/// each, so a racing accept is judged again and refused). The events for
/// their players, `by` the name shown.
///
/// # Errors
/// The database's.
pub async fn withdraw_challenges(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    key: &str,
    by: &str,
    now: i64,
) -> sqlx::Result<Vec<Event>> {
    use sqlx::Row as _;
    let waiting = sqlx::query(
        "SELECT id, challenger, challenged FROM games \
         WHERE status = $1 AND (challenger = $2 OR challenged = $2)",
    )
    .bind(Status::Challenge.as_str())
    .bind(key)
    .fetch_all(&mut **tx)
    .await?;
    let mut events = Vec::new();
    for r in &waiting {
        let id: String = r.try_get("id")?;
        let challenger: String = r.try_get("challenger")?;
        let challenged: Option<String> = r.try_get("challenged")?;
        let (status, event): (Status, fn(scribe_api::ByEvent) -> scribe_api::Event) =
            if challenger == key {
                (Status::Cancelled, scribe_api::Event::Cancelled)
            } else {
                (Status::Declined, scribe_api::Event::Declined)
            };
        sqlx::query(
            "UPDATE games SET status = $1, turn = NULL, updated_at = $2, version = version + 1 \
             WHERE id = $3",
        )
        .bind(status.as_str())
        .bind(now)
        .bind(&id)
        .execute(&mut **tx)
        .await?;
        let to = std::iter::once(challenger).chain(challenged).collect();
        let data = scribe_api::ByEvent {
            game: id,
            by: by.to_string(),
        };
        events.push(Event::new(to, &event(data)));
    }
    Ok(events)
}
