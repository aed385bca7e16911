//! Game review: the engine annotates a game move by move.
//!
//! For every move it gives the mover's chance to win before the move (with
//! the engine's best move), the chance after the move played, the engine's
//! best move and a [`MoveClass`] from the drop between the two.
//!
//! # Cost: one evaluation per position
//! A game of `n` moves has positions `0..=n`. Each is evaluated once, for the
//! player to move there; the chance *after* move `k` is one minus the value
//! of position `k` for the other side, so the evaluation that gives move
//! `k`'s "after" is the one that gives move `k + 1`'s "before".
//!
//! - **Near the end** (at most [`ReviewConfig::solver_empties`] empty
//!   squares) the exact [`Solver`] proves each position, walking
//!   **backwards** from the last one so its table of proved positions helps
//!   each earlier proof. The first position it cannot prove within its node
//!   budget ends this phase: the proved positions are always the game's
//!   last ones, and a proved position's successor is proved too.
//!   A proved chance is exactly 1 or 0.
//! - **Before that**, a UCT search ([`Searcher`]) walks **forwards** and
//!   keeps the subtree of the move played (tree reuse), so the playouts spent
//!   on the played move from position `k` count again at position `k + 1`.
//!   The chance is the win rate of the most visited move.
//! - A **forced** move (one legal square) needs no search: its position is
//!   worth what the next one is worth.
//!
//! # Classes
//! `drop = max(0, win_before - win_after)`, win chances in 0..1:
//!
//! | class | when |
//! |---|---|
//! | `best` | the engine's move, a forced move, or a move that keeps a proved result |
//! | `good` | drop below [`INACCURACY`] (0.04) |
//! | `inaccuracy` | drop from 0.04 to below [`MISTAKE`] (0.08) |
//! | `mistake` | drop from 0.08 to below [`BLUNDER`] (0.15) |
//! | `blunder` | drop of 0.15 or more, and always a proved win turned into a proved loss |
//!
//! The thresholds are lower than chess programs' because a win rate from
//! random playouts is squeezed towards one half: a position that is won with
//! perfect play often shows 60-70 %. With proofs the rules are exact: a move
//! that turns a proved win into a proved loss is a `blunder` and its `best`
//! is a proved winning move; a move that keeps a proved win is `best`.
//!
//! # Summary
//! Per player ([`PlayerSummary`]): the counts per class and an accuracy in
//! 0..100, the mean over the player's unforced moves of
//! `103.1668 e^(-4.354 drop) - 3.1669` (Lichess's curve, with drop in 0..1),
//! clamped to 0..100. The **turning point** ([`turning_point`]) is the
//! eventual loser's move with the largest drop (in an unfinished game, the
//! largest drop of either side), if that drop is at least an inaccuracy.
//!
//! Budgets count iterations, so the same seed gives the same review; a time
//! limit or the stop flag makes it depend on the clock.

use super::board::Board;
use super::search::{EXPLORATION, SearchConfig, Searcher};
use super::solver::Solver;
use scribe_rules::{ByPlayer, IllegalMove, Player, Position, Square, Variant};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// A drop in win chance from which a move is an inaccuracy.
pub const INACCURACY: f64 = 0.04;
/// A drop in win chance from which a move is a mistake.
pub const MISTAKE: f64 = 0.08;
/// A drop in win chance from which a move is a blunder.
pub const BLUNDER: f64 = 0.15;

/// How a move compares with the engine's choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum MoveClass {
    /// The engine's move, a forced move, or one that keeps a proved result.
    Best,
    /// A small drop (below [`INACCURACY`]).
    Good,
    /// A drop of [`INACCURACY`] or more.
    Inaccuracy,
    /// A drop of [`MISTAKE`] or more.
    Mistake,
    /// A drop of [`BLUNDER`] or more, or a proved win thrown away.
    Blunder,
}

impl MoveClass {
    /// All classes, best first.
    pub const ALL: [MoveClass; 5] = [
        MoveClass::Best,
        MoveClass::Good,
        MoveClass::Inaccuracy,
        MoveClass::Mistake,
        MoveClass::Blunder,
    ];

    /// The class of a move whose win chance dropped by `drop` (0..1) and
    /// that is not the engine's move.
    #[must_use]
    pub fn from_drop(drop: f64) -> MoveClass {
        if drop >= BLUNDER {
            MoveClass::Blunder
        } else if drop >= MISTAKE {
            MoveClass::Mistake
        } else if drop >= INACCURACY {
            MoveClass::Inaccuracy
        } else {
            MoveClass::Good
        }
    }

    /// The lower-case name used in JSON and text: `best`, `good`,
    /// `inaccuracy`, `mistake`, `blunder`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            MoveClass::Best => "best",
            MoveClass::Good => "good",
            MoveClass::Inaccuracy => "inaccuracy",
            MoveClass::Mistake => "mistake",
            MoveClass::Blunder => "blunder",
        }
    }

    /// The annotation written after the move: `?!`, `?`, `??`, or nothing.
    #[must_use]
    pub const fn suffix(self) -> &'static str {
        match self {
            MoveClass::Best | MoveClass::Good => "",
            MoveClass::Inaccuracy => "?!",
            MoveClass::Mistake => "?",
            MoveClass::Blunder => "??",
        }
    }
}

impl fmt::Display for MoveClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How hard the review thinks.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ReviewConfig {
    /// New search iterations per position (the tree of the move played is kept).
    pub iterations: u64,
    /// Stop each position's search after this long (makes the review depend on the clock).
    pub time_limit: Option<Duration>,
    /// The most nodes the search tree may hold.
    pub max_nodes: usize,
    /// Prove positions with at most this many empty squares (0: never).
    pub solver_empties: u32,
    /// Node budget of the solver per position.
    pub solver_nodes: u64,
}

impl Default for ReviewConfig {
    /// The default setting: 100,000 iterations a position (about 5 s for an
    /// 81-move game on one core), the solver from 20
    /// empty squares with 3,000,000 nodes a position.
    fn default() -> Self {
        ReviewConfig {
            iterations: 100_000,
            time_limit: None,
            max_nodes: 1_000_000,
            solver_empties: 20,
            solver_nodes: 3_000_000,
        }
    }
}

impl ReviewConfig {
    /// A quick setting for tests and previews: few iterations, a small solver.
    #[must_use]
    pub fn quick() -> ReviewConfig {
        ReviewConfig {
            iterations: 300,
            time_limit: None,
            max_nodes: 50_000,
            solver_empties: 10,
            solver_nodes: 200_000,
        }
    }

    fn search(&self) -> SearchConfig {
        SearchConfig {
            iterations: self.iterations.max(1),
            threads: 1,
            time_limit: self.time_limit,
            exploration: EXPLORATION,
            max_nodes: self.max_nodes.max(1000),
            // the review runs the solver itself
            solver_empties: 0,
            solver_nodes: 0,
            grid_weight: 0,
        }
    }
}

/// The review of one move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveReview {
    /// The move number, from 1.
    pub number: usize,
    /// Who made it.
    pub player: Player,
    /// The square played.
    pub played: Square,
    /// The engine's best move in the position before (the move played when
    /// it is as good: forced, or proved to keep the same result).
    pub best: Square,
    /// The mover's chance to win before the move, with the engine's best move.
    pub win_before: f64,
    /// The mover's chance to win after the move played.
    pub win_after: f64,
    /// `Some(true)`: the position before is a proved win for the mover;
    /// `Some(false)`: a proved loss; `None`: an estimate.
    pub proven_before: Option<bool>,
    /// The same for the position after, still from the mover's side.
    pub proven_after: Option<bool>,
    /// Whether the move was the only legal one.
    pub forced: bool,
    /// The verdict.
    pub class: MoveClass,
}

impl MoveReview {
    /// How much the move lowered the mover's win chance (0..1, never negative).
    #[must_use]
    pub fn drop(&self) -> f64 {
        (self.win_before - self.win_after).max(0.0)
    }

    /// The class this move deserves from its figures (see the module docs).
    #[must_use]
    pub fn classify(&self) -> MoveClass {
        match (self.proven_before, self.proven_after) {
            (Some(true), Some(false)) => return MoveClass::Blunder,
            (Some(true), Some(true)) | (Some(false), Some(false)) => return MoveClass::Best,
            _ => {}
        }
        if self.forced || self.played == self.best {
            MoveClass::Best
        } else {
            MoveClass::from_drop(self.drop())
        }
    }

    /// This move's accuracy in 0..100 (see the module docs).
    #[must_use]
    pub fn accuracy(&self) -> f64 {
        (103.1668 * (-4.354 * self.drop()).exp() - 3.1669).clamp(0.0, 100.0)
    }
}

/// One player's figures in a review.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct PlayerSummary {
    /// Moves made.
    pub moves: u32,
    /// Mean accuracy (0..100) over the unforced moves; `None` if there were none.
    pub accuracy: Option<f64>,
    /// Moves in each class, in the order of [`MoveClass::ALL`].
    pub counts: [u32; 5],
}

impl PlayerSummary {
    /// Moves of a class.
    #[must_use]
    pub fn count(&self, class: MoveClass) -> u32 {
        self.counts[class as usize]
    }
}

/// Per-player figures of reviewed moves.
#[must_use]
pub fn summarize(moves: &[MoveReview]) -> ByPlayer<PlayerSummary> {
    ByPlayer::new_with(|p| {
        let mine: Vec<&MoveReview> = moves.iter().filter(|m| m.player == p).collect();
        let mut counts = [0u32; 5];
        for m in &mine {
            counts[m.class as usize] += 1;
        }
        let unforced: Vec<f64> = mine
            .iter()
            .filter(|m| !m.forced)
            .map(|m| m.accuracy())
            .collect();
        PlayerSummary {
            moves: mine.len() as u32,
            accuracy: (!unforced.is_empty())
                .then(|| unforced.iter().sum::<f64>() / unforced.len() as f64),
            counts,
        }
    })
}

/// The move (its number, from 1) where the game turned: the largest drop by
/// `loser` (any player if `None`), if at least an [`INACCURACY`]; the
/// earliest of equal drops.
#[must_use]
pub fn turning_point(moves: &[MoveReview], loser: Option<Player>) -> Option<usize> {
    let mut best: Option<&MoveReview> = None;
    for m in moves {
        if loser.is_some_and(|l| l != m.player) || m.drop() < INACCURACY {
            continue;
        }
        if best.is_none_or(|b| m.drop() > b.drop()) {
            best = Some(m);
        }
    }
    best.map(|m| m.number)
}

/// A whole game's review.
#[derive(Debug, Clone, PartialEq)]
pub struct GameReview {
    /// The variant the engine played for.
    pub variant: Variant,
    /// One entry per move, in order.
    pub moves: Vec<MoveReview>,
    /// Per-player figures.
    pub players: ByPlayer<PlayerSummary>,
    /// See [`turning_point`].
    pub turning_point: Option<usize>,
}

impl GameReview {
    /// Assembles the summary and the turning point from reviewed moves of a
    /// game whose winner (if it is finished) is `winner`.
    #[must_use]
    pub fn from_moves(variant: Variant, moves: Vec<MoveReview>, winner: Option<Player>) -> Self {
        let players = summarize(&moves);
        let turning_point = turning_point(&moves, winner.map(Player::other));
        GameReview {
            variant,
            moves,
            players,
            turning_point,
        }
    }

    /// X's chance to win through the game, for a graph: entry 0 before the
    /// first move, entry `k` after move `k` (so one more than the moves).
    #[must_use]
    pub fn x_curve(&self) -> Vec<f64> {
        let x_view = |p: Player, chance: f64| match p {
            Player::X => chance,
            Player::O => 1.0 - chance,
        };
        let start = self
            .moves
            .first()
            .map_or(0.5, |m| x_view(m.player, m.win_before));
        std::iter::once(start)
            .chain(self.moves.iter().map(|m| x_view(m.player, m.win_after)))
            .collect()
    }

    /// The winner of the game reviewed, from the last move's figures, if it
    /// is finished (`moves` has 81 entries).
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        let last = self.moves.last().filter(|_| self.moves.len() == 81)?;
        Some(if last.win_after >= 0.5 {
            last.player
        } else {
            last.player.other()
        })
    }
}

/// Why a review did not finish.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReviewError {
    /// A move of the game breaks the rules.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// The stop flag was set.
    #[error("the review was cancelled")]
    Stopped,
}

/// The value of one position for the player to move there.
#[derive(Debug, Clone, Copy)]
struct Eval {
    win: f64,
    best: Option<Square>,
    proven: Option<bool>,
    forced: bool,
}

/// Reviews a game given as its moves from the empty board.
///
/// `progress(done, total)` is called after each position is evaluated
/// (`total` positions in all); setting `stop` ends the review within about
/// a millisecond with [`ReviewError::Stopped`].
///
/// ```
/// use scribe_ai::review::{ReviewConfig, review_game};
/// use scribe_rules::{Square, Variant};
/// use std::sync::atomic::AtomicBool;
///
/// let moves: Vec<Square> = ["D6", "H4", "C8"].iter().map(|s| s.parse().unwrap()).collect();
/// let stop = AtomicBool::new(false);
/// let review = review_game(&moves, Variant::Majority, &ReviewConfig::quick(), 1, &mut |_, _| {}, &stop).unwrap();
/// assert_eq!(review.moves.len(), 3);
/// assert_eq!(review.moves[2].played.to_string(), "C8");
/// ```
///
/// # Errors
/// An illegal move (with its number), or [`ReviewError::Stopped`].
pub fn review_game(
    moves: &[Square],
    variant: Variant,
    config: &ReviewConfig,
    seed: u64,
    progress: &mut dyn FnMut(usize, usize),
    stop: &AtomicBool,
) -> Result<GameReview, ReviewError> {
    let mut positions = Vec::with_capacity(moves.len() + 1);
    let mut pos = Position::new();
    positions.push(pos);
    for &sq in moves {
        pos.play(sq)?;
        positions.push(pos);
    }
    let n = moves.len();
    let last_over = pos.is_over();
    // positions needing an evaluation: all but a full board
    let total = if last_over { n } else { n + 1 };
    let mut evals: Vec<Option<Eval>> = vec![None; n + 1];
    if last_over {
        let b = Board::from_position(&pos);
        let wins = b.outcome().winner(variant) == b.to_move();
        evals[n] = Some(Eval {
            win: f64::from(u8::from(wins)),
            best: None,
            proven: Some(wins),
            forced: false,
        });
    }
    let mut done = 0;
    let cancelled = || stop.load(Ordering::Relaxed);

    // 1. Proofs, backwards from the end while the solver keeps up.
    let mut first_proven = total;
    if config.solver_empties > 0 && config.solver_nodes > 0 {
        let mut solver = Solver::new(variant);
        for i in (0..total).rev() {
            let board = Board::from_position(&positions[i]);
            if board.empties() > config.solver_empties {
                break;
            }
            let Some(proof) = solver.solve(&board, config.solver_nodes, stop) else {
                if cancelled() {
                    return Err(ReviewError::Stopped);
                }
                break;
            };
            evals[i] = Some(Eval {
                win: f64::from(u8::from(proof.wins)),
                best: proof.best.map(|m| m.square()),
                proven: Some(proof.wins),
                forced: board.legal_moves().len() == 1,
            });
            first_proven = i;
            done += 1;
            progress(done, total);
        }
    }

    // 2. Searches, forwards, keeping the tree of the move played.
    let mut searcher = Searcher::with_config(variant, config.search(), seed);
    for position in &positions[..first_proven] {
        let thought = searcher
            .think_position(position, stop)
            .map_err(|_| ReviewError::Stopped)?;
        if cancelled() {
            return Err(ReviewError::Stopped);
        }
        let forced = thought.win_rate.is_nan();
        let i = position.moves_played();
        evals[i] = Some(Eval {
            win: thought.win_rate,
            best: Some(thought.best),
            proven: None,
            forced,
        });
        done += 1;
        progress(done, total);
    }
    // a forced position is worth what the next one is worth to the mover
    for i in (0..n).rev() {
        if let (Some(e), Some(next)) = (evals[i], evals[i + 1])
            && e.win.is_nan()
        {
            evals[i] = Some(Eval {
                win: 1.0 - next.win,
                proven: next.proven.map(|w| !w),
                ..e
            });
        }
    }

    let mut reviewed = Vec::with_capacity(n);
    for (k, &played) in moves.iter().enumerate() {
        let (Some(before), Some(after)) = (evals[k], evals[k + 1]) else {
            // every position up to `total` was evaluated above
            return Err(ReviewError::Stopped);
        };
        let player = positions[k].to_move();
        let proven_after = after.proven.map(|w| !w);
        // the move played is as good as any when it keeps a proved result
        let keeps = before.proven.is_some() && before.proven == proven_after;
        let best = if before.forced || keeps {
            played
        } else {
            before.best.unwrap_or(played)
        };
        let win_after = 1.0 - after.win;
        let mut m = MoveReview {
            number: k + 1,
            player,
            played,
            best,
            win_before: clamp_unit(before.win),
            win_after: clamp_unit(win_after),
            proven_before: before.proven,
            proven_after,
            forced: before.forced,
            class: MoveClass::Best,
        };
        m.class = m.classify();
        reviewed.push(m);
    }
    let winner = last_over.then(|| pos.result().winner(variant)).flatten();
    Ok(GameReview::from_moves(variant, reviewed, winner))
}

/// A chance clamped to 0..1 (an unsearched position counts as even).
fn clamp_unit(x: f64) -> f64 {
    if x.is_nan() { 0.5 } else { x.clamp(0.0, 1.0) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_follow_the_thresholds() {
        assert_eq!(MoveClass::from_drop(0.0), MoveClass::Good);
        assert_eq!(MoveClass::from_drop(0.039), MoveClass::Good);
        assert_eq!(MoveClass::from_drop(0.04), MoveClass::Inaccuracy);
        assert_eq!(MoveClass::from_drop(0.08), MoveClass::Mistake);
        assert_eq!(MoveClass::from_drop(0.15), MoveClass::Blunder);
        assert_eq!(MoveClass::from_drop(1.0), MoveClass::Blunder);
        assert_eq!(MoveClass::Blunder.suffix(), "??");
    }

    #[test]
    fn accuracy_is_full_for_no_drop_and_falls() {
        let mut m = MoveReview {
            number: 1,
            player: Player::X,
            played: Square::ALL[0],
            best: Square::ALL[1],
            win_before: 0.6,
            win_after: 0.6,
            proven_before: None,
            proven_after: None,
            forced: false,
            class: MoveClass::Good,
        };
        assert!(m.accuracy() > 99.9);
        m.win_after = 0.3;
        assert!(m.accuracy() < 30.0, "{}", m.accuracy());
        m.win_after = 0.0;
        assert!(m.accuracy() >= 0.0);
    }
}
