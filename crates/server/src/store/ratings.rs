//! Glicko-2 ratings, one per player and variant (the `skillratings` crate),
//! updated in the transaction that ends a game; and the standings list.
//!
//! **Established and provisional.** A player is established in a variant
//! once they have played [`ESTABLISHED_AFTER`] rated games against
//! established players; the computer players are established from the
//! start (they are the club's anchors). Until then a rating is
//! provisional: it is moved only by games against established players, an
//! established player's rating is not moved by a game against a
//! provisional one, a game between two provisional players is not rated
//! at all, and the standings list only established players. So a ring of
//! new accounts losing to one of them farms nothing: none of them is
//! established, and none of their games is rated.

use crate::AppState;
use crate::domain::model::variant_name;
use scribe_rules::Variant;
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use sqlx::Row;

const SELECT_SQLITE: &str = "SELECT rating, deviation, volatility, games, wins, losses, \
     established_games FROM ratings WHERE user_key = $1 AND variant = $2";
const SELECT_POSTGRES: &str = "SELECT rating, deviation, volatility, games, wins, losses, \
     established_games FROM ratings WHERE user_key = $1 AND variant = $2 FOR UPDATE";

/// Rated games against established players that make a player
/// established (see the module's doc).
pub const ESTABLISHED_AFTER: i64 = 5;

/// A row of `ratings` as [`SELECT_SQLITE`] reads it, by column name.
#[derive(sqlx::FromRow)]
struct Stored {
    rating: f64,
    deviation: f64,
    volatility: f64,
    games: i64,
    wins: i64,
    losses: i64,
    established_games: i64,
}

impl From<Stored> for Entry {
    fn from(s: Stored) -> Entry {
        Entry {
            rating: Glicko2Rating {
                rating: s.rating,
                deviation: s.deviation,
                volatility: s.volatility,
            },
            games: s.games,
            wins: s.wins,
            losses: s.losses,
            established_games: s.established_games,
        }
    }
}

struct Entry {
    rating: Glicko2Rating,
    games: i64,
    wins: i64,
    losses: i64,
    /// Rated games against established players.
    established_games: i64,
}

impl Entry {
    /// Whether `key`'s entry is established: a computer player's always.
    fn established(&self, key: &str) -> bool {
        crate::domain::model::computer_level(key).is_some()
            || self.established_games >= ESTABLISHED_AFTER
    }
}

async fn read(
    state: &AppState,
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    key: &str,
    variant: &str,
) -> sqlx::Result<Entry> {
    let sql = if state.db.postgres {
        SELECT_POSTGRES
    } else {
        SELECT_SQLITE
    };
    let row = sqlx::query_as::<_, Stored>(sql)
        .bind(key)
        .bind(variant)
        .fetch_optional(&mut **tx)
        .await?;
    Ok(match row {
        Some(stored) => stored.into(),
        None => Entry {
            rating: Glicko2Rating::new(),
            games: 0,
            wins: 0,
            losses: 0,
            established_games: 0,
        },
    })
}

async fn write(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    key: &str,
    variant: &str,
    e: &Entry,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO ratings (user_key, variant, rating, deviation, volatility, games, wins, losses) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
         ON CONFLICT (user_key, variant) DO UPDATE SET rating = $3, deviation = $4, \
         volatility = $5, games = $6, wins = $7, losses = $8, established_games = $9",
    )
    .bind(key)
    .bind(variant)
    .bind(e.rating.rating)
    .bind(e.rating.deviation)
    .bind(e.rating.volatility)
    .bind(e.games)
    .bind(e.wins)
    .bind(e.losses)
    .bind(e.established_games)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Keeps `key`'s rating after game `game` (the player's page draws them).
async fn write_history(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    key: &str,
    variant: &str,
    game: &str,
    at: i64,
    e: &Entry,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO rating_history (user_key, variant, game_id, at, rating, deviation) \
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (user_key, variant, game_id) DO NOTHING",
    )
    .bind(key)
    .bind(variant)
    .bind(game)
    .bind(at)
    .bind(e.rating.rating)
    .bind(e.rating.deviation)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The most games between the same two players rated in a day (24 hours):
/// the games they finish beyond it do not move their ratings.
pub const RATED_PER_PAIR_PER_DAY: i64 = 5;

/// Records a finished game (`game`, at `at`) between `winner` and `loser`
/// (keys), and the ratings after it in the rating history, unless
/// they finished more than [`RATED_PER_PAIR_PER_DAY`] rated games together
/// in the last day (this one included: it is written in `tx` already), or
/// both are provisional. Only a provisional player's rating moves in a
/// game against an established one (the established player's counts the
/// game); see the module's doc.
///
/// # Errors
/// The database's.
pub async fn record_result(
    state: &AppState,
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    variant: Variant,
    (game, at): (&str, i64),
    winner: &str,
    loser: &str,
) -> sqlx::Result<()> {
    let v = variant_name(variant);
    let day_ago = crate::db::now_ms() - 86_400_000;
    let together: i64 = sqlx::query(
        "SELECT COUNT(*) AS n FROM games WHERE status = $6 AND finished_at > $1 \
         AND ((x_player = $2 AND o_player = $3) OR (x_player = $3 AND o_player = $2)) \
         AND (end_reason <> $4 OR move_count >= $5)",
    )
    .bind(day_ago)
    .bind(winner)
    .bind(loser)
    // the games that counted for rating (see changes::RATED_AFTER_MOVES)
    .bind(scribe_api::EndReason::Resigned.as_str())
    .bind(i64::try_from(crate::domain::changes::RATED_AFTER_MOVES).unwrap_or(4))
    .bind(scribe_api::Status::Finished.as_str())
    .fetch_one(&mut **tx)
    .await?
    .try_get("n")?;
    if together > RATED_PER_PAIR_PER_DAY {
        return Ok(());
    }
    // Always lock in the same order (by key), so two games ending at once
    // cannot wait on each other.
    let (first, second) = if winner < loser {
        (winner, loser)
    } else {
        (loser, winner)
    };
    // A player's first rated game has no row to lock yet: two such games
    // ending at once would both read "no games" and one would be lost. So
    // the rows are made first (nothing if they exist; a second maker waits
    // for the first to commit), then locked and read.
    for key in [first, second] {
        let new = Glicko2Rating::new();
        sqlx::query(
            "INSERT INTO ratings (user_key, variant, rating, deviation, volatility, games, wins, losses) \
             VALUES ($1, $2, $3, $4, $5, 0, 0, 0) ON CONFLICT (user_key, variant) DO NOTHING",
        )
        .bind(key)
        .bind(v)
        .bind(new.rating)
        .bind(new.deviation)
        .bind(new.volatility)
        .execute(&mut **tx)
        .await?;
    }
    let a = read(state, tx, first, v).await?;
    let b = read(state, tx, second, v).await?;
    let (mut w, mut l) = if first == winner { (a, b) } else { (b, a) };
    let (w_established, l_established) = (w.established(winner), l.established(loser));
    if !w_established && !l_established {
        return Ok(());
    }
    let (nw, nl) = glicko2(&w.rating, &l.rating, &Outcomes::WIN, &Glicko2Config::new());
    // A rating moves against an established opponent only; such a game
    // counts towards being established.
    if l_established {
        w.rating = nw;
        w.established_games += 1;
    }
    if w_established {
        l.rating = nl;
        l.established_games += 1;
    }
    w.games += 1;
    w.wins += 1;
    l.games += 1;
    l.losses += 1;
    write(tx, winner, v, &w).await?;
    write(tx, loser, v, &l).await?;
    if l_established {
        write_history(tx, winner, v, game, at, &w).await?;
    }
    if w_established {
        write_history(tx, loser, v, game, at, &l).await?;
    }
    Ok(())
}
