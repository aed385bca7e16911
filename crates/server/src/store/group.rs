//! Group commit of game writes on SQLite.
//!
//! SQLite has one writer, and with `synchronous = FULL` each commit waits
//! for the disk (an fsync of the WAL: 3–4 ms on the test machine). One
//! commit per move caps a server at a few hundred moves a second, and
//! beyond that the moves queue: at 1,000 games played at a 2 s pace (500
//! moves a second) the p99 of a move was 259 ms. So the writes of
//! [`super::update`] go to one task, which takes every write that is
//! waiting (at most [`MAX_BATCH`]) into one transaction, each in a
//! savepoint of its own, and commits them with one fsync. A write's answer
//! is sent only after that commit: an acknowledged move is on disk, as
//! before, and a write whose savepoint failed (a lost compare-and-set, a
//! database error) is rolled back alone. If the commit itself fails, every
//! write of the batch gets the error and none is acknowledged.
//!
//! PostgreSQL commits concurrent transactions with one flush by itself
//! (its WAL writer), so there the writes keep their own transactions.

use super::save_in;
use crate::AppState;
use crate::domain::changes::Write;
use crate::domain::model::GameRow;
use crate::error::{ApiError, ApiResult};
use crate::live::Event;
use tokio::sync::{mpsc, oneshot};

/// The most writes one commit takes.
pub const MAX_BATCH: usize = 64;

/// What a write's caller is answered: the game as written and the events
/// for this server's streams, or `None` when the compare-and-set lost.
pub type Saved = ApiResult<Option<(GameRow, Vec<Event>)>>;

/// A write waiting for the next commit.
pub struct Job {
    old: GameRow,
    write: Write,
    now: i64,
    answer: oneshot::Sender<Saved>,
}

/// The way to the group-commit task (cloned into every request's state).
#[derive(Clone)]
pub struct Queue(mpsc::Sender<Job>);

/// The task's end of the queue, until [`run`] takes it.
pub struct Receiver(mpsc::Receiver<Job>);

/// A queue and its receiving end.
#[must_use]
pub fn queue() -> (Queue, Receiver) {
    let (tx, rx) = mpsc::channel(4 * MAX_BATCH);
    (Queue(tx), Receiver(rx))
}

impl Queue {
    /// Writes `write` over `old` in the next commit, and waits for it.
    ///
    /// # Errors
    /// The database's; the task gone (the server is stopping).
    pub async fn save(&self, old: &GameRow, write: Write, now: i64) -> Saved {
        let (answer, answered) = oneshot::channel();
        let job = Job {
            old: old.clone(),
            write,
            now,
            answer,
        };
        let gone = || ApiError::Internal(anyhow::anyhow!("the database's writer has stopped"));
        self.0.send(job).await.map_err(|_| gone())?;
        answered.await.map_err(|_| gone())?
    }
}

/// The group-commit task: takes the writes that wait, writes each in a
/// savepoint of one transaction, commits, then answers them.
pub async fn run(state: AppState, Receiver(mut rx): Receiver) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while rx.recv_many(&mut batch, MAX_BATCH).await > 0 {
        commit(&state, std::mem::take(&mut batch)).await;
    }
}

async fn commit(state: &AppState, batch: Vec<Job>) {
    let mut tx = match state.db.begin().await {
        Ok(tx) => tx,
        Err(e) => return fail(batch.into_iter().map(|j| j.answer), &e),
    };
    let mut done = Vec::with_capacity(batch.len());
    let mut broken = None;
    for Job {
        old,
        write,
        now,
        answer,
    } in batch
    {
        if broken.is_none() {
            match in_savepoint(state, &mut tx, &old, write, now).await {
                Ok(saved) => done.push((answer, saved)),
                Err(e) => {
                    broken = Some(e);
                    done.push((answer, Ok(None)));
                }
            }
        } else {
            done.push((answer, Ok(None)));
        }
    }
    // A savepoint that could not be ended leaves the transaction unknown:
    // it is rolled back whole (dropped), and nobody is acknowledged.
    let ended = match broken {
        Some(e) => Err(e),
        None => tx.commit().await,
    };
    match ended {
        Ok(()) => {
            for (answer, saved) in done {
                let _ = answer.send(saved);
            }
        }
        Err(e) => fail(done.into_iter().map(|(answer, _)| answer), &e),
    }
}

/// One write in a savepoint of `tx`: kept if it wrote, rolled back alone
/// if it lost its compare-and-set or failed (its answer). The outer error:
/// the savepoint could not be set or ended.
async fn in_savepoint(
    state: &AppState,
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    old: &GameRow,
    write: Write,
    now: i64,
) -> sqlx::Result<Saved> {
    sqlx::query("SAVEPOINT one_write")
        .execute(&mut **tx)
        .await?;
    let saved = save_in(state, tx, old, write, now).await;
    if !matches!(saved, Ok(Some(_))) {
        sqlx::query("ROLLBACK TO one_write")
            .execute(&mut **tx)
            .await?;
    }
    sqlx::query("RELEASE one_write").execute(&mut **tx).await?;
    Ok(saved)
}

fn fail(answers: impl Iterator<Item = oneshot::Sender<Saved>>, e: &sqlx::Error) {
    for answer in answers {
        let _ = answer.send(Err(ApiError::Internal(anyhow::anyhow!(
            "the commit failed: {e}"
        ))));
    }
}
