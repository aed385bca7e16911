//! Engine speed: random playouts (against a plain bitboard of the same rules), search iterations, the endgame solver, a game review.
//! `cargo bench --bench ai`; `scribe bench` prints the headline figures.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use scribe_ai::{Board, Outcome, PlainBitboard, Rng, Solver, Tree};
use scribe_rules::{Player, Variant};
use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout");
    group.throughput(Throughput::Elements(1));
    let mut rng = Rng::new(1);
    let board = Board::new();
    group.bench_function("empty board", |b| {
        b.iter(|| black_box(board.playout(&mut rng)).winner(Variant::Majority));
    });
    let plain = PlainBitboard::new();
    group.bench_function("plain bitboard, empty board", |b| {
        b.iter(|| black_box(plain.playout(&mut rng)).winner(Variant::Majority));
    });
    group.finish();
    // The ratio, from rounds of each taken in turn (the best round of each,
    // so a busy moment on a shared machine does not decide it).
    let (mut best_board, mut best_plain) = (f64::MAX, f64::MAX);
    for _ in 0..5 {
        best_board = best_board.min(seconds(100_000, || board.playout(&mut rng)));
        best_plain = best_plain.min(seconds(100_000, || plain.playout(&mut rng)));
    }
    println!(
        "playout/ratio: Board {:.0} playouts/s, plain bitboard {:.0} playouts/s: x{:.2}",
        100_000.0 / best_board,
        100_000.0 / best_plain,
        best_plain / best_board
    );
}

/// Seconds taken by `n` playouts.
fn seconds(n: u32, mut playout: impl FnMut() -> Outcome) -> f64 {
    let start = Instant::now();
    let mut x = 0u32;
    for _ in 0..n {
        x += u32::from(black_box(playout()).winner(Variant::Majority) == Player::X);
    }
    black_box(x);
    start.elapsed().as_secs_f64()
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
