//! Engine speed: random playouts, search iterations, the endgame solver, a game review.
//! `cargo bench --bench ai`; `scribe bench` prints the headline figures.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use scribe_ai::{Board, Rng, Solver, Tree};
use scribe_rules::Variant;
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
    use scribe_ai::review::{ReviewConfig, review_game};
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

/// The price of tree reuse: the same Hard search (scaled to a tenth) of the
/// position after 18 moves, from a fresh tree (as `scribe move` and the app
/// do) and from the tree a searcher kept from its earlier moves of the game
/// (as `scribe match` does). The kept tree is larger, so each playout walks
/// further down it.
fn reuse(c: &mut Criterion) {
    use criterion::BatchSize;
    use scribe_ai::{Level, SearchConfig, Searcher};
    use scribe_rules::{Position, Square};
    let config = SearchConfig {
        iterations: 10_000,
        ..SearchConfig::for_level(Level::Hard)
    };
    // a game of two Hard players, 18 moves
    let stop = AtomicBool::new(false);
    let mut players = [
        Searcher::with_config(Variant::Majority, config, 1),
        Searcher::with_config(Variant::Majority, config, 2),
    ];
    let mut moves: Vec<Square> = Vec::new();
    let mut position = Position::new();
    for k in 0..18 {
        let sq = players[k % 2].best_move(&moves, &stop).expect("a move");
        position.play(sq).expect("legal");
        moves.push(sq);
    }
    let mut group = c.benchmark_group("reuse");
    group.sample_size(20);
    group.bench_function("Hard/10, move 19, fresh tree", |b| {
        b.iter_batched(
            || Searcher::with_config(Variant::Majority, config, 3),
            |mut s| black_box(s.best_move(&moves, &stop)),
            BatchSize::PerIteration,
        );
    });
    group.bench_function("Hard/10, move 19, tree kept from moves 1-17", |b| {
        b.iter_batched(
            || {
                let mut s = Searcher::with_config(Variant::Majority, config, 3);
                for k in (0..18).step_by(2) {
                    s.best_move(&moves[..k], &stop);
                }
                s
            },
            |mut s| black_box(s.best_move(&moves, &stop)),
            BatchSize::PerIteration,
        );
    });
    group.finish();
}

criterion_group!(benches, playouts, search, solver, review, reuse);
criterion_main!(benches);
