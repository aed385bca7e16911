//! Where a long search spends its time: Champion's search on one thread,
//! 1,500,000 iterations a move, for the first six moves of a Majority game
//! (the reply to each is the first legal move). Prints the rate; run it
//! under a profiler, e.g. on a release build with line tables:
//!
//! ```text
//! CARGO_PROFILE_RELEASE_STRIP=false CARGO_PROFILE_RELEASE_DEBUG=line-tables-only \
//!   cargo build --release -p scribe-ai --example search_profile
//! perf record target/release/examples/search_profile && perf report
//! ```
//!
//! docs/STRENGTH.md ("Where a long search spends its time") has what it
//! showed.

use scribe_ai::{Level, SearchConfig, Searcher};
use scribe_rules::{Position, Variant};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let config = SearchConfig {
        threads: 1,
        iterations: 1_500_000,
        ..SearchConfig::for_level(Level::Champion)
    };
    let stop = AtomicBool::new(false);
    let mut searcher = Searcher::with_config(Variant::Majority, config, 1);
    let mut position = Position::new();
    let mut moves = Vec::new();
    let start = Instant::now();
    let mut iterations = 0;
    for _ in 0..6 {
        let thought = searcher.think(&moves, &stop)?;
        iterations += thought.iterations;
        position.play(thought.best)?;
        moves.push(thought.best);
        let Some(reply) = position.legal_moves().iter().next() else {
            break;
        };
        position.play(reply)?;
        moves.push(reply);
        println!("{}: {} nodes in the tree", thought.best, searcher.nodes());
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{iterations} iterations in {secs:.2} s: {:.0} iterations/s",
        iterations as f64 / secs
    );
    Ok(())
}
