//! `scribe bench --solver`: how far the exact endgame solver reaches. It
//! solves positions with a given number of empty squares, taken from seeded
//! games of a level against itself (Medium unless told), and prints the
//! nodes and time it took, who wins with perfect play, and how often that
//! is who went on to win the game.

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
    /// The level playing both sides of those games.
    pub level: Level,
    /// The solver's node budget for each position.
    pub nodes: u64,
    /// Seed of the first game.
    pub seed: u64,
}

/// One game of the level against itself: the position at each of `empties`
/// (in that order) and the winner.
struct Game {
    positions: Vec<Board>,
    winner: Player,
}

/// Plays one game of `level` against itself to the end, X's search
/// seeded with `seed` and O's with `seed ^ 0x5555`.
fn play(variant: Variant, level: Level, seed: u64, empties: &[u32]) -> Option<Game> {
    let stop = AtomicBool::new(false);
    let mut players = [
        Searcher::new(variant, level, seed),
        Searcher::new(variant, level, seed ^ 0x5555),
    ];
    let mut position = Position::new();
    let mut positions = vec![Board::new(); empties.len()];
    while !position.is_over() {
        let left = 81 - position.moves_played() as u32;
        for (at, &e) in positions.iter_mut().zip(empties) {
            if e == left {
                *at = Board::from_position(&position);
            }
        }
        let t = players[position.to_move().index()]
            .think_position(&position, &stop)
            .ok()?;
        position.play(t.best).ok()?;
    }
    let winner = Board::from_position(&position).winner(variant)?;
    Some(Game { positions, winner })
}

/// Runs the measurement and prints a line per variant and number of empty
/// squares.
pub fn run(bench: &SolverBench) {
    let stop = AtomicBool::new(false);
    for variant in [Variant::Majority, Variant::SuperGlyph] {
        let games: Vec<Game> = (0..u64::from(bench.positions))
            .filter_map(|i| {
                play(
                    variant,
                    bench.level,
                    bench.seed.wrapping_add(i),
                    &bench.empties,
                )
            })
            .collect();
        let o_won = games.iter().filter(|g| g.winner == Player::O).count();
        println!(
            "solver: {variant}, {} games of {} against itself: O won {o_won}",
            games.len(),
            bench.level
        );
        for (k, &e) in bench.empties.iter().enumerate() {
            let (mut solved, mut o_wins, mut agree, mut nodes, mut most) =
                (0u32, 0u32, 0u32, 0u64, 0u64);
            let start = Instant::now();
            for g in &games {
                let b = &g.positions[k];
                let mut solver = Solver::new(variant);
                let proof = solver.solve(b, bench.nodes, &stop);
                nodes += solver.nodes();
                most = most.max(solver.nodes());
                if let Some(p) = proof {
                    solved += 1;
                    let winner = if p.wins {
                        b.to_move()
                    } else {
                        b.to_move().other()
                    };
                    o_wins += u32::from(winner == Player::O);
                    agree += u32::from(winner == g.winner);
                }
            }
            let secs = start.elapsed().as_secs_f64();
            println!(
                "solver: {variant}, {e} empty squares: solved {solved} of {} ({} X wins, {o_wins} O wins; \
                 {agree} won by that player in the game) in {secs:.2} s, {:.0} nodes a position \
                 (at most {most}), {:.0} nodes/s",
                games.len(),
                solved - o_wins,
                nodes as f64 / games.len().max(1) as f64,
                nodes as f64 / secs.max(1e-9),
            );
        }
    }
}
