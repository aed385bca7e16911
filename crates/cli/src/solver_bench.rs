//! `scribe bench --solver`: how far the exact endgame solver reaches. It
//! solves positions with a given number of empty squares, taken from seeded
//! games of Medium against Medium, and prints the nodes and time it took
//! and who wins with perfect play.

use scribe_ai::{Board, Level, Searcher, Solver};
use scribe_rules::{Player, Position, Variant};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// What `scribe bench --solver` measures.
#[derive(Debug, Clone)]
pub struct SolverBench {
    /// The numbers of empty squares to solve at.
    pub empties: Vec<u32>,
    /// Games (positions at each number of empty squares).
    pub positions: u32,
    /// The solver's node budget for each position.
    pub nodes: u64,
    /// Seed of the first game.
    pub seed: u64,
}

/// The position of each game of Medium against Medium (seeds `seed`,
/// `seed + 1`, ...) when `empties` squares are left.
fn positions(variant: Variant, games: u32, seed: u64, empties: u32) -> Vec<Board> {
    let stop = AtomicBool::new(false);
    (0..u64::from(games))
        .map(|i| {
            let mut players = [
                Searcher::new(variant, Level::Medium, seed.wrapping_add(i)),
                Searcher::new(variant, Level::Medium, seed.wrapping_add(i) ^ 0x5555),
            ];
            let mut position = Position::new();
            while 81 - position.moves_played() as u32 > empties {
                let p = &mut players[position.to_move().index()];
                let Ok(t) = p.think_position(&position, &stop) else {
                    break;
                };
                if position.play(t.best).is_err() {
                    break;
                }
            }
            Board::from_position(&position)
        })
        .collect()
}

/// Runs the measurement and prints a line per variant and number of empty
/// squares.
pub fn run(bench: &SolverBench) {
    let stop = AtomicBool::new(false);
    for variant in [Variant::Majority, Variant::SuperGlyph] {
        for &e in &bench.empties {
            let boards = positions(variant, bench.positions, bench.seed, e);
            let (mut solved, mut o_wins, mut nodes, mut most) = (0u32, 0u32, 0u64, 0u64);
            let start = Instant::now();
            for b in &boards {
                let mut solver = Solver::new(variant);
                let proof = solver.solve(b, bench.nodes, &stop);
                nodes += solver.nodes();
                most = most.max(solver.nodes());
                if let Some(p) = proof {
                    solved += 1;
                    let o_to_move = b.to_move() == Player::O;
                    o_wins += u32::from(p.wins == o_to_move);
                }
            }
            let secs = start.elapsed().as_secs_f64();
            println!(
                "solver: {variant}, {e} empty squares: solved {solved} of {} ({} X wins, {o_wins} O wins) \
                 in {secs:.2} s, {:.0} nodes a position (at most {most}), {:.0} nodes/s",
                boards.len(),
                solved - o_wins,
                nodes as f64 / boards.len().max(1) as f64,
                nodes as f64 / secs.max(1e-9),
            );
        }
    }
}
