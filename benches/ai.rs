//! Engine speed: random playouts, search iterations, the endgame solver, a game review.
//! `cargo bench --bench ai`; `scribe bench` prints the headline figures.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use scribe::ai::{Board, Rng, Solver, Tree};
use scribe::rules::Variant;
use std::hint::black_box;
use std::sync::atomic::AtomicBool;

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout");
    group.throughput(Throughput::Elements(1));
    let mut rng = Rng::new(1);
    let board = Board::new();
    group.bench_function("empty board", |b| {
        b.iter(|| black_box(board.playout(&mut rng)).winner(Variant::Majority));
    });
    group.finish();
}

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.throughput(Throughput::Elements(10_000));
    group.sample_size(20);
    group.bench_function("10k iterations from the empty board", |b| {
        b.iter(|| {
            let mut tree = Tree::new(Board::new(), 1, 1_000_000, 0.6);
            for _ in 0..10_000 {
                tree.iterate(Variant::SuperGlyph);
            }
            black_box(tree.root_visits())
        });
    });
    group.finish();
}

fn solver(c: &mut Criterion) {
    let mut rng = Rng::new(3);
    let mut board = Board::new();
    while board.empties() > 18 {
        let l = board.legal_moves();
        board.play(l.as_slice()[rng.below(l.len() as u32) as usize]);
    }
    let stop = AtomicBool::new(false);
    let mut group = c.benchmark_group("solver");
    group.sample_size(20);
    group.bench_function("18 empty squares", |b| {
        b.iter(|| {
            let mut s = Solver::new(Variant::Majority);
            black_box(s.solve(&board, u64::MAX, &stop))
        });
    });
    group.finish();
}

fn review(c: &mut Criterion) {
    use scribe::ai::review::{ReviewConfig, review_game};
    // a whole random game, reviewed at the quick setting (the default
    // setting takes seconds: `scribe bench --review` times that one)
    let mut rng = Rng::new(5);
    let mut board = Board::new();
    let mut moves = Vec::new();
    while !board.is_over() {
        let l = board.legal_moves();
        let m = l.as_slice()[rng.below(l.len() as u32) as usize];
        board.play(m);
        moves.push(m.square());
    }
    let stop = AtomicBool::new(false);
    let mut group = c.benchmark_group("review");
    group.sample_size(10);
    group.bench_function("81 moves, quick setting", |b| {
        b.iter(|| {
            let config = ReviewConfig::quick();
            black_box(review_game(
                &moves,
                Variant::Majority,
                &config,
                1,
                &mut |_, _| {},
                &stop,
            ))
        });
    });
    group.finish();
}

criterion_group!(benches, playouts, search, solver, review);
criterion_main!(benches);
