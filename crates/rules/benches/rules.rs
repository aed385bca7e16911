//! Rules benchmarks: `cargo bench --bench rules`.

use criterion::{Criterion, criterion_group, criterion_main};
use scribe_rules::{Game, Position, Square};
use std::hint::black_box;

/// A deterministic mid-game position and a whole game's moves.
fn sample_game(seed: u64) -> Vec<Square> {
    let mut state = seed;
    let mut p = Position::new();
    let mut moves = Vec::with_capacity(81);
    while !p.is_over() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let legal = p.legal_moves();
        let pick = legal.iter().nth((state % legal.len() as u64) as usize);
        let Some(sq) = pick else { break };
        p.play_unchecked(sq);
        moves.push(sq);
    }
    moves
}

fn benches(c: &mut Criterion) {
    let moves = sample_game(0x5C1B);
    let mid = Game::from_moves(moves[..40].iter().copied()).unwrap();
    let full = Game::from_moves(moves.iter().copied()).unwrap();

    c.bench_function("legal_moves (move 41)", |b| {
        b.iter(|| black_box(mid.position()).legal_moves())
    });
    c.bench_function("position play (checked) from move 41", |b| {
        b.iter(|| {
            let mut p = *black_box(mid.position());
            p.play(moves[40]).unwrap();
            p
        })
    });
    c.bench_function("game play + undo at move 41", |b| {
        let mut g = mid.clone();
        b.iter(|| {
            g.play(black_box(moves[40])).unwrap();
            g.undo()
        })
    });
    c.bench_function("score a full board (result)", |b| {
        b.iter(|| black_box(full.position()).result())
    });
    let mut seed = 1u64;
    c.bench_function("whole random game", |b| {
        b.iter(|| {
            seed += 1;
            sample_game(seed)
        })
    });
}

criterion_group!(rules, benches);
criterion_main!(rules);
