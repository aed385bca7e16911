//! The searcher: levels, budgets, threads, the endgame solver and tree reuse.

use super::Level;
use super::board::{Board, Move};
use super::mcts::{NODE_BYTES, Tree};
use super::solver::Solver;
use scribe_rules::{Position, Square, Variant};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use web_time::Instant;

/// How often (in iterations) a thread looks at the stop flag and the clock.
const CHECK_EVERY: u64 = 64;

/// How hard to think: the knobs behind a [`Level`].
///
/// Budgets count iterations (playouts), so a search with a seed is
/// reproducible; `time_limit` and the stop flag can end it earlier.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchConfig {
    /// New iterations per move, per thread.
    pub iterations: u64,
    /// Search threads, each with its own tree (root parallelism).
    pub threads: usize,
    /// Stop after this long even if iterations remain.
    pub time_limit: Option<Duration>,
    /// The UCT exploration constant.
    pub exploration: f32,
    /// The most nodes one tree may hold (bounds memory).
    pub max_nodes: usize,
    /// Run the exact solver when at most this many squares are empty (0: never).
    pub solver_empties: u32,
    /// The solver gives up after this many nodes.
    pub solver_nodes: u64,
    /// In Majority, how many eighths of a playout's value come from the
    /// share of mini grids each player won, the rest going to the winner
    /// (0: the win alone; see [`Tree::set_grid_weight`]). Super Glyph
    /// games count the win alone: there the grids' places decide, not
    /// their number.
    pub grid_weight: u32,
}

/// The tuned UCT exploration constant (win rates in 0..1).
pub const EXPLORATION: f32 = 0.6;

/// Master's playouts a move, per thread.
pub const MASTER_PLAYOUTS: u64 = 600;

/// Grandmaster's playouts a move, per thread.
pub const GRANDMASTER_PLAYOUTS: u64 = 25_000;

/// Champion's playouts a move, per thread: the full engine, on both
/// threads. It was calibrated at about 3 s a move on the shared 2-core
/// machine the ladder was measured on, busy with other work; on a quiet
/// machine it averages about 1 s a move over a game (2 s in the opening),
/// and that is the time it quotes ([`Level::think`]). Raised from
/// 1,000,000 when the playout became faster (`board/playout.rs`): a move
/// from the same position took 1.9-2.0 s instead of 2.3-2.5 s, side by
/// side, so 1.2 times the playouts keep the time.
pub const CHAMPION_PLAYOUTS: u64 = 1_200_000;

/// Champion's grid weight ([`SearchConfig::grid_weight`]): a quarter of a
/// Majority playout's value comes from its mini grids, so that when every
/// line looks lost the search keeps the game close (see docs/STRENGTH.md).
pub const CHAMPION_GRID_WEIGHT: u32 = 2;

impl SearchConfig {
    /// The Hint's search (and the games puzzles are cut from): 10,000
    /// playouts and the solver from 14 empty squares, a few tens of
    /// milliseconds, stronger than Medium.
    pub const HINT: SearchConfig = SearchConfig {
        iterations: 10_000,
        threads: 1,
        time_limit: None,
        exploration: EXPLORATION,
        max_nodes: 500_000,
        solver_empties: 14,
        solver_nodes: 100_000,
        grid_weight: 0,
    };

    /// The settings of a level. The budgets are tuned so that each level
    /// wins 70-90 % of its games against the one below it (`scribe match`,
    /// the measurements in docs/STRENGTH.md); the solver finishes the game
    /// perfectly from Medium up once few squares are left.
    #[must_use]
    pub const fn for_level(level: Level) -> SearchConfig {
        match level {
            Level::Beginner => SearchConfig {
                iterations: 3,
                threads: 1,
                time_limit: None,
                exploration: EXPLORATION,
                max_nodes: 10_000,
                solver_empties: 0,
                solver_nodes: 0,
                grid_weight: 0,
            },
            Level::Easy => SearchConfig {
                iterations: 16,
                threads: 1,
                time_limit: None,
                exploration: EXPLORATION,
                max_nodes: 100_000,
                solver_empties: 0,
                solver_nodes: 0,
                grid_weight: 0,
            },
            Level::Medium => SearchConfig {
                iterations: 40,
                threads: 1,
                time_limit: None,
                exploration: EXPLORATION,
                max_nodes: 500_000,
                solver_empties: 14,
                solver_nodes: 100_000,
                grid_weight: 0,
            },
            Level::Hard => SearchConfig {
                iterations: 100,
                threads: 1,
                time_limit: None,
                exploration: EXPLORATION,
                max_nodes: 1_000_000,
                solver_empties: 22,
                solver_nodes: 2_000_000,
                grid_weight: 0,
            },
            Level::Expert => SearchConfig {
                iterations: 150,
                threads: 2,
                time_limit: None,
                exploration: EXPLORATION,
                max_nodes: 5_000_000,
                solver_empties: 26,
                solver_nodes: 8_000_000,
                grid_weight: 0,
            },
            Level::Master => SearchConfig {
                iterations: MASTER_PLAYOUTS,
                threads: 2,
                time_limit: None,
                exploration: EXPLORATION,
                max_nodes: 5_000_000,
                solver_empties: 26,
                solver_nodes: 8_000_000,
                grid_weight: 0,
            },
            Level::Grandmaster => SearchConfig {
                iterations: GRANDMASTER_PLAYOUTS,
                threads: 2,
                time_limit: None,
                exploration: EXPLORATION,
                max_nodes: 5_000_000,
                solver_empties: 28,
                solver_nodes: 30_000_000,
                grid_weight: 0,
            },
            Level::Champion => SearchConfig {
                iterations: CHAMPION_PLAYOUTS,
                threads: 2,
                time_limit: None,
                exploration: EXPLORATION,
                max_nodes: 8_000_000,
                solver_empties: 28,
                solver_nodes: 30_000_000,
                grid_weight: CHAMPION_GRID_WEIGHT,
            },
        }
    }

    /// The same settings with the iteration and solver budgets multiplied by
    /// `factor` (at least one iteration; for quick matches and tests).
    #[must_use]
    pub fn scaled(self, factor: f64) -> SearchConfig {
        let scale = |n: u64| ((n as f64 * factor).round() as u64).max(1);
        SearchConfig {
            iterations: scale(self.iterations),
            solver_nodes: if self.solver_empties == 0 {
                0
            } else {
                scale(self.solver_nodes)
            },
            ..self
        }
    }

    /// Upper bound of the memory the trees of one search may hold, in bytes.
    #[must_use]
    pub const fn max_tree_bytes(&self) -> usize {
        self.max_nodes * NODE_BYTES * self.threads
    }
}

/// One candidate move at the root, as the search saw it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Candidate {
    /// The square.
    pub square: Square,
    /// Playouts through it (all threads).
    pub visits: u64,
    /// The share of those the player to move won.
    pub win_rate: f64,
}

/// What a search found.
#[derive(Debug, Clone, PartialEq)]
pub struct Thought {
    /// The move to play.
    pub best: Square,
    /// New iterations run by this search (all threads).
    pub iterations: u64,
    /// The estimated chance that the player to move wins after `best`.
    pub win_rate: f64,
    /// `Some(true)`: the solver proved `best` wins; `Some(false)`: it proved
    /// every move loses against perfect play; `None`: not solved.
    pub proof: Option<bool>,
    /// Nodes held by the trees after the search.
    pub nodes: usize,
    /// Root moves, most visited first.
    pub candidates: Vec<Candidate>,
}

/// Why there is no move to suggest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// All 81 squares are filled.
    #[error("the game is over: all 81 squares are filled, there is no move to choose")]
    GameOver,
    /// The move list is not a legal game.
    #[error(transparent)]
    Illegal(#[from] scribe_rules::IllegalMove),
}

/// A computer player that keeps its tree between moves.
///
/// Give it the game so far each time it is to move; if the new position is
/// the old root or one or two moves below it, the matching subtree is kept
/// (tree reuse). The same seed and the same calls give the same moves,
/// unless a time limit or the stop flag cut a search short.
#[derive(Debug)]
pub struct Searcher {
    variant: Variant,
    config: SearchConfig,
    seed: u64,
    trees: Vec<Tree>,
    solver: Option<Solver>,
}

impl Searcher {
    /// A searcher playing `variant` at `level`.
    #[must_use]
    pub fn new(variant: Variant, level: Level, seed: u64) -> Searcher {
        Searcher::with_config(variant, SearchConfig::for_level(level), seed)
    }

    /// A searcher with explicit settings.
    #[must_use]
    pub fn with_config(variant: Variant, config: SearchConfig, seed: u64) -> Searcher {
        Searcher {
            variant,
            config: SearchConfig {
                threads: config.threads.max(1),
                ..config
            },
            seed,
            trees: Vec::new(),
            solver: None,
        }
    }

    /// The variant it plays to win.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// Its settings.
    #[must_use]
    pub const fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Changes the settings (the trees are kept).
    pub fn set_config(&mut self, config: SearchConfig) {
        self.config = SearchConfig {
            threads: config.threads.max(1),
            ..config
        };
    }

    /// Nodes currently held by the trees.
    #[must_use]
    pub fn nodes(&self) -> usize {
        self.trees.iter().map(Tree::len).sum()
    }

    /// The best move after `moves` (from the empty board), or `None` if the
    /// game is over or the moves are not legal. See [`Searcher::think`].
    pub fn best_move(&mut self, moves: &[Square], stop: &AtomicBool) -> Option<Square> {
        self.think(moves, stop).ok().map(|t| t.best)
    }

    /// Searches the position after `moves` (from the empty board).
    ///
    /// # Errors
    /// The game is over, or a move is illegal.
    pub fn think(&mut self, moves: &[Square], stop: &AtomicBool) -> Result<Thought, SearchError> {
        let mut position = Position::new();
        for &sq in moves {
            position.play(sq)?;
        }
        self.think_position(&position, stop)
    }

    /// Searches `position`. Setting `stop` makes it return within about a
    /// millisecond with the best move found so far.
    ///
    /// # Errors
    /// [`SearchError::GameOver`] when the board is full.
    pub fn think_position(
        &mut self,
        position: &Position,
        stop: &AtomicBool,
    ) -> Result<Thought, SearchError> {
        let start = Instant::now();
        let board = Board::from_position(position);
        let legal = board.legal_moves();
        let Some(&only) = legal.as_slice().first() else {
            return Err(SearchError::GameOver);
        };
        if legal.len() == 1 {
            return Ok(Thought {
                best: only.square(),
                iterations: 0,
                win_rate: f64::NAN,
                proof: None,
                nodes: self.nodes(),
                candidates: Vec::new(),
            });
        }

        let deadline = self.config.time_limit.map(|d| start + d);
        let mut proof = None;
        if board.empties() <= self.config.solver_empties && self.config.solver_nodes > 0 {
            let variant = self.variant;
            let solver = self.solver.get_or_insert_with(|| Solver::new(variant));
            if let Some(p) = solver.solve_until(&board, self.config.solver_nodes, deadline, stop) {
                proof = Some(p.wins);
                if let (true, Some(m)) = (p.wins, p.best) {
                    return Ok(Thought {
                        best: m.square(),
                        iterations: 0,
                        win_rate: 1.0,
                        proof,
                        nodes: self.nodes(),
                        candidates: Vec::new(),
                    });
                }
            }
        }

        self.prepare_trees(&board);
        let iterations = self.run_threads(deadline, stop);

        let mut totals: Vec<(Move, u64, u64)> = Vec::new();
        for tree in &self.trees {
            for s in tree.root_stats() {
                match totals.iter_mut().find(|t| t.0 == s.mv) {
                    Some(t) => {
                        t.1 += u64::from(s.visits);
                        t.2 += u64::from(s.wins);
                    }
                    None => totals.push((s.mv, u64::from(s.visits), u64::from(s.wins))),
                }
            }
        }
        // Most visits first; ties by wins, then by square for determinism.
        totals.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.cmp(&a.2)).then(a.0.cmp(&b.0)));
        let candidates: Vec<Candidate> = totals
            .iter()
            .map(|&(mv, visits, wins)| Candidate {
                square: mv.square(),
                visits,
                win_rate: if visits == 0 {
                    f64::NAN
                } else {
                    wins as f64 / visits as f64
                },
            })
            .collect();
        let (best, win_rate) = candidates
            .first()
            .map_or((only.square(), f64::NAN), |c| (c.square, c.win_rate));
        Ok(Thought {
            best,
            iterations,
            win_rate,
            proof,
            nodes: self.nodes(),
            candidates,
        })
    }

    fn prepare_trees(&mut self, board: &Board) {
        let threads = self.config.threads;
        if self.trees.len() != threads {
            self.trees = (0..threads)
                .map(|i| {
                    let seed = self
                        .seed
                        .wrapping_add((i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
                    Tree::new(*board, seed, self.config.max_nodes, self.config.exploration)
                })
                .collect();
        }
        let grid_weight = match self.variant {
            Variant::Majority => self.config.grid_weight,
            Variant::SuperGlyph => 0,
        };
        for tree in &mut self.trees {
            tree.set_limits(self.config.max_nodes, self.config.exploration);
            tree.set_grid_weight(grid_weight);
            tree.advance_to(board);
        }
    }

    fn run_threads(&mut self, deadline: Option<Instant>, stop: &AtomicBool) -> u64 {
        let (variant, budget) = (self.variant, self.config.iterations);
        let Some((first, rest)) = self.trees.split_first_mut() else {
            return 0;
        };
        if rest.is_empty() {
            return run(first, variant, budget, deadline, stop);
        }
        // The browser has no threads (wasm32): there the trees are searched
        // one after another, the same playouts as on the desktop in more time.
        if cfg!(target_arch = "wasm32") {
            let mut total = run(first, variant, budget, deadline, stop);
            for tree in rest {
                total += run(tree, variant, budget, deadline, stop);
            }
            return total;
        }
        std::thread::scope(|s| {
            let mut handles = Vec::new();
            let mut total = 0;
            for (i, tree) in rest.iter_mut().enumerate() {
                let spawned = std::thread::Builder::new()
                    .name(format!("scribe-ai-{}", i + 1))
                    .spawn_scoped(s, move || run(tree, variant, budget, deadline, stop));
                match spawned {
                    Ok(h) => handles.push(h),
                    // No thread to be had: this tree simply sits out.
                    Err(_) => continue,
                }
            }
            total += run(first, variant, budget, deadline, stop);
            for h in handles {
                total += h.join().unwrap_or(0);
            }
            total
        })
    }
}

/// Runs up to `budget` iterations on one tree.
fn run(
    tree: &mut Tree,
    variant: Variant,
    budget: u64,
    deadline: Option<Instant>,
    stop: &AtomicBool,
) -> u64 {
    let mut done = 0;
    while done < budget {
        // looked at before the first iteration too, so that a search
        // stopped before it began returns at once at every level
        if done % CHECK_EVERY == 0
            && (stop.load(Ordering::Relaxed) || deadline.is_some_and(|d| Instant::now() >= d))
        {
            break;
        }
        tree.iterate(variant);
        done += 1;
    }
    done
}

/// Chooses a move for the player to move in `position`, with a fresh tree.
/// Returns `None` when the board is full. `stop` set to true makes it
/// return promptly with the best move found so far.
#[must_use]
pub fn choose_move(
    position: &Position,
    variant: Variant,
    level: Level,
    seed: u64,
    stop: &AtomicBool,
) -> Option<Square> {
    Searcher::new(variant, level, seed)
        .think_position(position, stop)
        .ok()
        .map(|t| t.best)
}

/// A quick suggestion for a Hint button: a search of [`SearchConfig::HINT`]
/// (a few tens of milliseconds on one core), the same square every time for
/// the same position. `None` when the board is full.
#[must_use]
pub fn hint(position: &Position, variant: Variant, stop: &AtomicBool) -> Option<Square> {
    Searcher::with_config(variant, SearchConfig::HINT, 0)
        .think_position(position, stop)
        .ok()
        .map(|t| t.best)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn thought(variant: Variant, grid_weight: u32) -> Thought {
        let config = SearchConfig {
            iterations: 3000,
            grid_weight,
            ..SearchConfig::for_level(Level::Hard)
        };
        let mut s = Searcher::with_config(variant, config, 7);
        s.think(&[], &AtomicBool::new(false))
            .unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn the_grid_weight_counts_in_majority_only() {
        // Super Glyph: the same search, visit for visit
        assert_eq!(
            thought(Variant::SuperGlyph, 2),
            thought(Variant::SuperGlyph, 0)
        );
        // Majority: the values differ, the visits add up the same
        let (weighted, plain) = (thought(Variant::Majority, 2), thought(Variant::Majority, 0));
        assert_ne!(weighted.candidates, plain.candidates);
        let visits = |t: &Thought| t.candidates.iter().map(|c| c.visits).sum::<u64>();
        assert_eq!(visits(&weighted), visits(&plain));
    }
}
