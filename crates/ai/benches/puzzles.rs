//! Puzzle generation speed: `cargo bench --bench puzzles`. The target is 12
//! puzzles of the default difficulty (Medium) in under a minute; one
//! iteration here makes one puzzle (one or more self-play games and the
//! proofs), so a minute allows about 5 s an iteration.
//! `time scribe puzzles -o p.pdf` measures the whole run.

use criterion::{Criterion, criterion_group, criterion_main};
use scribe_ai::{Difficulty, PuzzleConfig, generate_puzzles};
use scribe_rules::Variant;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn one_puzzle(c: &mut Criterion) {
    let mut group = c.benchmark_group("puzzles");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(30));
    for difficulty in [Difficulty::Easy, Difficulty::Medium] {
        let mut seed = 0;
        group.bench_function(format!("one {} puzzle", difficulty.name()), |b| {
            b.iter(|| {
                seed += 1;
                let config = PuzzleConfig::new(1, seed, Variant::Majority, difficulty);
                generate_puzzles(&config, &AtomicBool::new(false), |_| {}).map(|p| p.len())
            });
        });
    }
    group.finish();
}

criterion_group!(benches, one_puzzle);
criterion_main!(benches);
