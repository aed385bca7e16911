//! Puzzles like chess problems: positions from engine self-play where the
//! player to move has exactly one winning move, proved by exact search.
//!
//! Two kinds of goal:
//! - [`Goal::Game`]: exactly one move wins the game (in the variant in
//!   force) against any defence, proved by the exact [`Solver`];
//! - [`Goal::Grid`]: for variety, exactly one move wins a named mini grid
//!   against any defence (a small exact search that ends when that grid is
//!   full).
//!
//! Puzzles are graded by the number of empty squares, which bounds how far
//! ahead one has to see ([`Difficulty::empties`]); each puzzle also carries
//! its main line (the answer, then the best defence and the winning replies
//! until the result can no longer change), whose length is the depth a
//! solver has to read.
//!
//! Everything is deterministic per seed: the self-play budgets count
//! playouts and the solvers count nodes, never time.

use super::board::{Board, Move};
use super::search::{SearchConfig, Searcher};
use super::solver::Solver;
use scribe_rules::{GRID_POINTS, GridIndex, Player, Position, Square, Target, Variant};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::ops::RangeInclusive;
use std::sync::atomic::{AtomicBool, Ordering};

/// How hard a puzzle is: how many squares are still empty.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
pub enum Difficulty {
    /// 6 to 11 empty squares: a few moves to read.
    Easy,
    /// 12 to 14 empty squares.
    #[default]
    Medium,
    /// 15 to 18 empty squares.
    Hard,
}

impl Difficulty {
    /// All three, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    /// Lower-case name, as on the command line and in JSON.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }

    /// The number of empty squares of its puzzles.
    #[must_use]
    pub const fn empties(self) -> RangeInclusive<u32> {
        match self {
            Difficulty::Easy => 6..=11,
            Difficulty::Medium => 12..=14,
            Difficulty::Hard => 15..=18,
        }
    }
}

/// What the player to move must achieve.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Goal {
    /// Win the game in the puzzle's variant.
    Game,
    /// Win this mini grid (whatever happens elsewhere).
    Grid(GridIndex),
}

impl Goal {
    /// The goal in words, e.g. "win the game" or "win the centre mini grid (D4-F6)".
    #[must_use]
    pub fn describe(self) -> String {
        match self {
            Goal::Game => "win the game".to_string(),
            Goal::Grid(g) => format!("win the {} mini grid ({})", g.position_name(), g.span()),
        }
    }
}

/// One puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Puzzle {
    /// The game so far, from the empty board (X's first).
    pub moves: Vec<Square>,
    /// The variant the game is played in.
    pub variant: Variant,
    /// The player to move, who must find the answer.
    pub to_move: Player,
    /// The only winning move.
    pub answer: Square,
    /// What the answer achieves.
    pub goal: Goal,
    /// The grade.
    pub difficulty: Difficulty,
    /// The main line: the answer, then the best defence and winning replies,
    /// until the goal can no longer be missed.
    pub line: Vec<Square>,
}

impl Puzzle {
    /// The position to solve.
    #[must_use]
    pub fn position(&self) -> Position {
        let mut p = Position::new();
        for &sq in &self.moves {
            p.play_unchecked(sq);
        }
        p
    }

    /// Empty squares in the puzzle's position.
    #[must_use]
    pub fn empties(&self) -> usize {
        81 - self.moves.len()
    }
}

/// How to make a set of puzzles.
#[derive(Debug, Clone, PartialEq)]
pub struct PuzzleConfig {
    /// How many puzzles.
    pub count: usize,
    /// Seed of the self-play games; the same seed gives the same puzzles.
    pub seed: u64,
    /// The variant the games are played (and the puzzles won) in.
    pub variant: Variant,
    /// The grade.
    pub difficulty: Difficulty,
    /// Empty squares of the puzzle positions (by default the difficulty's).
    pub empties: RangeInclusive<u32>,
    /// The engine settings of the self-play games.
    pub play: SearchConfig,
    /// The most solver nodes spent on one candidate move (a position whose
    /// proof needs more is skipped).
    pub solver_nodes: u64,
    /// Give up after this many self-play games without enough puzzles.
    pub max_games: usize,
}

impl PuzzleConfig {
    /// `count` puzzles of `difficulty` in `variant`: self-play at the Hint's
    /// strength ([`SearchConfig::HINT`]), a couple of million solver nodes per candidate move.
    #[must_use]
    pub fn new(count: usize, seed: u64, variant: Variant, difficulty: Difficulty) -> PuzzleConfig {
        PuzzleConfig {
            count,
            seed,
            variant,
            difficulty,
            empties: difficulty.empties(),
            play: SearchConfig::HINT,
            solver_nodes: 2_000_000,
            max_games: count * 40 + 20,
        }
    }
}

/// Why puzzles could not be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// The stop flag was set.
    #[error("stopped after {found} puzzles")]
    Stopped {
        /// Puzzles found before the stop.
        found: usize,
    },
    /// Too many games gave no puzzle.
    #[error("only {found} of {wanted} puzzles found in {games} self-play games")]
    TooFew {
        /// Puzzles found.
        found: usize,
        /// Puzzles asked for.
        wanted: usize,
        /// Games played.
        games: usize,
    },
}

/// Every how many puzzles one has a mini grid as its goal (the others ask
/// to win the game).
pub(crate) const GRID_GOAL_PERIOD: usize = 4;

/// Makes puzzles. `progress` is called with the number found after each
/// new puzzle. Deterministic for a given configuration.
///
/// # Errors
/// [`PuzzleError::Stopped`] if `stop` is set, [`PuzzleError::TooFew`] if
/// [`PuzzleConfig::max_games`] games did not give enough puzzles.
pub fn generate(
    config: &PuzzleConfig,
    stop: &AtomicBool,
    mut progress: impl FnMut(usize),
) -> Result<Vec<Puzzle>, PuzzleError> {
    let mut solver = Solver::new(config.variant);
    let mut puzzles: Vec<Puzzle> = Vec::with_capacity(config.count);
    let mut games = 0;
    while puzzles.len() < config.count {
        if games >= config.max_games {
            return Err(PuzzleError::TooFew {
                found: puzzles.len(),
                wanted: config.count,
                games,
            });
        }
        let game_seed = config
            .seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(games as u64);
        games += 1;
        let want_grid = puzzles.len() % GRID_GOAL_PERIOD == GRID_GOAL_PERIOD - 1;
        let Some(moves) = self_play(config, game_seed, stop) else {
            return Err(PuzzleError::Stopped {
                found: puzzles.len(),
            });
        };
        // hardest first: the position with the most empty squares in range
        let lo = 81usize.saturating_sub(*config.empties.end() as usize);
        let hi = 81usize.saturating_sub(*config.empties.start() as usize);
        for n in lo..=hi.min(moves.len()) {
            if stop.load(Ordering::Relaxed) {
                return Err(PuzzleError::Stopped {
                    found: puzzles.len(),
                });
            }
            let found = if want_grid {
                grid_puzzle(config, &moves[..n])
            } else {
                game_puzzle(config, &mut solver, &moves[..n])
            };
            if let Some(p) = found {
                if !puzzles.iter().any(|q| q.moves == p.moves) {
                    puzzles.push(p);
                    progress(puzzles.len());
                }
                break;
            }
        }
    }
    Ok(puzzles)
}

/// Plays a game with the engine on both sides until the fewest empty squares
/// of the range; `None` if stopped.
fn self_play(config: &PuzzleConfig, seed: u64, stop: &AtomicBool) -> Option<Vec<Square>> {
    let stop_at = 81usize.saturating_sub(*config.empties.start() as usize);
    let mut searcher = Searcher::with_config(config.variant, config.play, seed);
    let mut moves = Vec::with_capacity(81);
    while moves.len() < stop_at {
        let t = searcher.think(&moves, stop).ok()?;
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        moves.push(t.best);
    }
    Some(moves)
}

/// The position after `moves` if it has exactly one move that wins the game.
fn game_puzzle(config: &PuzzleConfig, solver: &mut Solver, moves: &[Square]) -> Option<Puzzle> {
    let position = replay(moves);
    let board = Board::from_position(&position);
    let legal = board.legal_moves();
    if legal.len() < 3 {
        return None;
    }
    let never = AtomicBool::new(false);
    let mut answer = None;
    for &m in legal.as_slice() {
        let mut child = board;
        child.play(m);
        let wins = if child.is_over() {
            child.winner(config.variant) == Some(board.to_move())
        } else {
            !solver.solve(&child, config.solver_nodes, &never)?.wins
        };
        if wins {
            if answer.is_some() {
                return None;
            }
            answer = Some(m);
        }
    }
    let answer = answer?;
    let line = game_line(config, solver, board, answer);
    Some(Puzzle {
        moves: moves.to_vec(),
        variant: config.variant,
        to_move: position.to_move(),
        answer: answer.square(),
        goal: Goal::Game,
        difficulty: config.difficulty,
        line,
    })
}

/// The main line after the answer: the defender's move is the solver's
/// choice among losing moves, the winner's is a proved winning move; it ends
/// once the game's result can no longer change.
fn game_line(
    config: &PuzzleConfig,
    solver: &mut Solver,
    board: Board,
    answer: Move,
) -> Vec<Square> {
    let never = AtomicBool::new(false);
    let mut b = board;
    let mut line = vec![answer.square()];
    b.play(answer);
    while !b.is_over() && !decided(&b, config.variant) {
        let Some(proof) = solver.solve(&b, config.solver_nodes, &never) else {
            break;
        };
        let Some(m) = proof.best else { break };
        line.push(m.square());
        b.play(m);
    }
    line
}

/// Whether the game's winner is already fixed: every way the unfinished
/// mini grids could go gives the same winner.
pub(crate) fn decided(board: &Board, variant: Variant) -> bool {
    let x_won = board.outcome().x_grids();
    let mut open = 0u16;
    let mut o_won = 0u16;
    for g in GridIndex::ALL {
        let full = (board.grid_cells(Player::X, g) | board.grid_cells(Player::O, g)) == 0x1FF;
        if !full {
            open |= 1 << g.index();
        } else if x_won & (1 << g.index()) == 0 {
            o_won |= 1 << g.index();
        }
    }
    match variant {
        Variant::Majority => x_won.count_ones() >= 5 || o_won.count_ones() >= 5,
        Variant::SuperGlyph => {
            let x_wins =
                |x: u16| GRID_POINTS[usize::from(x)] > GRID_POINTS[usize::from(!x & 0x1FF)];
            let first = x_wins(x_won);
            // every subset of the open grids going to X
            let mut sub = open;
            loop {
                if x_wins(x_won | sub) != first {
                    return false;
                }
                if sub == 0 {
                    return true;
                }
                sub = (sub - 1) & open;
            }
        }
    }
}

/// The position after `moves` if the player to move must use a mini grid
/// with empty squares and exactly one move there (or anywhere) wins it by
/// force.
fn grid_puzzle(config: &PuzzleConfig, moves: &[Square]) -> Option<Puzzle> {
    let position = replay(moves);
    let Target::Grid(goal) = position.target() else {
        return None;
    };
    let board = Board::from_position(&position);
    let legal = board.legal_moves();
    if legal.len() < 3 {
        return None;
    }
    let mover = board.to_move();
    let mut search = GridSearch {
        grid: goal,
        player: mover,
        memo: HashMap::new(),
        budget: config.solver_nodes,
    };
    let mut answer = None;
    for &m in legal.as_slice() {
        let mut child = board;
        child.play(m);
        if search.achieved(&child)? {
            if answer.is_some() {
                return None;
            }
            answer = Some(m);
        }
    }
    let answer = answer?;
    let mut line = vec![answer.square()];
    let mut b = board;
    b.play(answer);
    while !search.settled(&b) && !b.is_over() {
        let replies = b.legal_moves();
        // the goal's player keeps it won; the defender makes any move
        // (all of them lose the grid), the first in order
        let next = if b.to_move() == mover {
            replies.as_slice().iter().copied().find(|&m| {
                let mut c = b;
                c.play(m);
                search.achieved(&c) == Some(true)
            })
        } else {
            replies.as_slice().first().copied()
        };
        let Some(m) = next else { break };
        line.push(m.square());
        b.play(m);
    }
    Some(Puzzle {
        moves: moves.to_vec(),
        variant: config.variant,
        to_move: mover,
        answer: answer.square(),
        goal: Goal::Grid(goal),
        difficulty: config.difficulty,
        line,
    })
}

/// Exact search: can `player` make sure they win mini grid `grid`?
struct GridSearch {
    grid: GridIndex,
    player: Player,
    memo: HashMap<(u128, u128), bool>,
    budget: u64,
}

impl GridSearch {
    fn settled(&self, b: &Board) -> bool {
        let g = self.grid;
        (b.grid_cells(Player::X, g) | b.grid_cells(Player::O, g)) == 0x1FF
    }

    /// Whether `player` wins the grid from `b` against any defence; `None`
    /// when the node budget runs out.
    fn achieved(&mut self, b: &Board) -> Option<bool> {
        if self.settled(b) {
            let x = b.grid_cells(Player::X, self.grid);
            let x_wins = GRID_POINTS[usize::from(x)] > GRID_POINTS[usize::from(!x & 0x1FF)];
            return Some(x_wins == (self.player == Player::X));
        }
        let key = b.key();
        if let Some(&v) = self.memo.get(&key) {
            return Some(v);
        }
        self.budget = self.budget.checked_sub(1)?;
        let ours = b.to_move() == self.player;
        let mut result = !ours;
        for &m in b.legal_moves().as_slice() {
            let mut c = *b;
            c.play(m);
            if self.achieved(&c)? == ours {
                result = ours;
                break;
            }
        }
        self.memo.insert(key, result);
        Some(result)
    }
}

fn replay(moves: &[Square]) -> Position {
    let mut p = Position::new();
    for &sq in moves {
        p.play_unchecked(sq);
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn majority_is_decided_at_five_grids() {
        assert!(!decided(&Board::new(), Variant::Majority));
        assert!(!decided(&Board::new(), Variant::SuperGlyph));
    }
}
