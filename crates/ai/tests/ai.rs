//! The computer opponent: the fast board agrees with the rules, the solver
//! agrees with brute force, every level plays legal moves, seeds reproduce.

#[path = "common/mod.rs"]
mod common;
use common::random_game;
use common::{brute_force_wins, move_wins};

use proptest::prelude::*;
use scribe_ai::{
    Board, Level, Move, PlainUct, Rng, SearchConfig, Searcher, Solver, choose_move, hint,
};
use scribe_rules::{Player, Position, Square, SquareSet, Variant};
use std::sync::atomic::{AtomicBool, Ordering};

fn board_moves(b: &Board) -> SquareSet {
    b.legal_moves()
        .as_slice()
        .iter()
        .map(|m| m.square())
        .collect()
}

#[test]
fn fast_board_agrees_with_the_rules_on_random_games() {
    for seed in 0..300 {
        let mut rng = Rng::new(seed);
        let mut pos = Position::new();
        let mut board = Board::new();
        while !pos.is_over() {
            assert_eq!(board, Board::from_position(&pos));
            assert_eq!(board_moves(&board), pos.legal_moves(), "seed {seed}");
            assert_eq!(board.to_move(), pos.to_move());
            for sq in Square::ALL {
                assert_eq!(
                    board.is_legal(Move::from_square(sq)),
                    pos.check(sq).is_ok(),
                    "seed {seed} {sq}"
                );
            }
            let legal: Vec<Square> = pos.legal_moves().iter().collect();
            let sq = legal[rng.below(legal.len() as u32) as usize];
            pos.play(sq).unwrap();
            board.play(Move::from_square(sq));
        }
        assert!(board.is_over() && board.legal_moves().is_empty());
        let result = pos.result();
        let outcome = board.outcome();
        assert_eq!(outcome.x_grids(), result.won.x.0, "seed {seed}");
        for v in Variant::ALL {
            assert_eq!(Some(outcome.winner(v)), result.winner(v), "seed {seed} {v}");
            assert_eq!(board.winner(v), result.winner(v));
        }
    }
}

#[test]
fn a_playout_fills_the_board_and_is_scored_like_the_rules() {
    // With one square left the playout is forced: compare with the rules.
    for seed in 0..200 {
        let (pos, _) = random_game(seed, 80);
        let outcome = Board::from_position(&pos).playout(&mut Rng::new(seed));
        let mut done = pos;
        let last = done.legal_moves().iter().next().unwrap();
        done.play(last).unwrap();
        let result = done.result();
        assert_eq!(outcome.x_grids(), result.won.x.0);
        for v in Variant::ALL {
            assert_eq!(Some(outcome.winner(v)), result.winner(v));
        }
    }
}

#[test]
fn random_playouts_win_about_half_their_games_for_each_side() {
    // Neither side of a uniformly random game has much of an edge, so X wins
    // 40-60 % of them: a sanity check that both players get their moves and
    // the outcome is read for the right side. (That each move is uniform
    // over the legal ones is tested where the moves are drawn, in
    // `ai::board`.)
    let mut rng = Rng::new(9);
    let board = Board::new();
    let n = 4000;
    let x = (0..n)
        .filter(|_| board.playout(&mut rng).winner(Variant::Majority) == Player::X)
        .count();
    assert!((n * 2 / 5..n * 3 / 5).contains(&x), "X won {x} of {n}");
}

#[test]
fn solver_agrees_with_brute_force_on_small_endgames() {
    let stop = AtomicBool::new(false);
    let mut wins_seen = [0u32; 2];
    for variant in Variant::ALL {
        let mut solver = Solver::new(variant);
        for seed in 0..60u64 {
            let empties = 1 + (seed % 7) as usize;
            let (pos, _) = random_game(seed * 31 + 7, 81 - empties);
            let expected = brute_force_wins(&pos, variant);
            let proof = solver
                .solve(&Board::from_position(&pos), u64::MAX, &stop)
                .unwrap();
            assert_eq!(proof.wins, expected, "seed {seed} {variant}");
            wins_seen[usize::from(expected)] += 1;
            let best = proof.best.unwrap().square();
            assert!(pos.check(best).is_ok());
            if proof.wins {
                assert!(
                    move_wins(&pos, best, variant),
                    "seed {seed}: {best} does not win"
                );
            }
        }
    }
    assert!(wins_seen[0] > 5 && wins_seen[1] > 5, "{wins_seen:?}");
}

#[test]
fn solver_gives_up_when_the_budget_runs_out() {
    let (pos, _) = random_game(5, 40);
    let mut solver = Solver::new(Variant::Majority);
    let stop = AtomicBool::new(false);
    assert_eq!(solver.solve(&Board::from_position(&pos), 100, &stop), None);
}

fn small(level: Level) -> SearchConfig {
    SearchConfig::for_level(level).scaled(0.0005)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_level_returns_a_legal_move(
        seed in any::<u64>(),
        n in 0usize..81,
        level in 0usize..4,
        super_glyph in any::<bool>(),
    ) {
        let (pos, moves) = random_game(seed, n);
        let variant = if super_glyph { Variant::SuperGlyph } else { Variant::Majority };
        let level = Level::ALL[level];
        let stop = AtomicBool::new(false);
        let mut searcher = Searcher::with_config(variant, small(level), seed);
        let thought = searcher.think(&moves, &stop).unwrap();
        prop_assert!(pos.check(thought.best).is_ok(), "{} after {:?}", thought.best, moves);
        // The next move of the game reuses the tree and is legal too.
        let mut pos2 = pos;
        pos2.play(thought.best).unwrap();
        if !pos2.is_over() {
            let reply = pos2.legal_moves().iter().next().unwrap();
            pos2.play(reply).unwrap();
            if !pos2.is_over() {
                let mut moves2 = moves.clone();
                moves2.extend([thought.best, reply]);
                let t2 = searcher.think(&moves2, &stop).unwrap();
                prop_assert!(pos2.check(t2.best).is_ok());
            }
        }
    }
}

#[test]
fn a_full_board_has_no_move() {
    let (pos, moves) = random_game(3, 81);
    assert!(pos.is_over());
    let stop = AtomicBool::new(false);
    for level in Level::ALL {
        assert_eq!(choose_move(&pos, Variant::Majority, level, 1, &stop), None);
        let mut s = Searcher::with_config(Variant::Majority, small(level), 1);
        assert!(s.think(&moves, &stop).is_err());
    }
    assert_eq!(hint(&pos, Variant::SuperGlyph, &stop), None);
}

#[test]
fn an_illegal_move_list_is_refused() {
    let moves: Vec<Square> = ["E5", "E5"].iter().map(|s| s.parse().unwrap()).collect();
    let stop = AtomicBool::new(false);
    let mut s = Searcher::with_config(Variant::Majority, small(Level::Easy), 1);
    assert!(s.think(&moves, &stop).is_err());
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let stop = AtomicBool::new(false);
    for level in [Level::Medium, Level::Expert] {
        let play = |seed: u64| {
            let mut a = Searcher::with_config(Variant::SuperGlyph, small(level), seed);
            let mut b = Searcher::with_config(Variant::SuperGlyph, small(Level::Easy), seed);
            let mut moves = Vec::new();
            let mut pos = Position::new();
            for i in 0..20 {
                let s = if i % 2 == 0 { &mut a } else { &mut b };
                let t = s.think(&moves, &stop).unwrap();
                pos.play(t.best).unwrap();
                moves.push(t.best);
            }
            moves
        };
        assert_eq!(play(11), play(11), "{level}");
    }
}

#[test]
fn a_stopped_search_still_returns_a_legal_move() {
    // Stop already set: every level at full strength returns at once.
    let stop = AtomicBool::new(true);
    for (i, level) in Level::ALL.into_iter().enumerate() {
        let (pos, moves) = random_game(i as u64, (10 + 15 * i).min(78));
        let mut s = Searcher::new(Variant::Majority, level, 4);
        let t = s.think(&moves, &stop).unwrap();
        assert!(pos.check(t.best).is_ok());
        assert!(t.iterations < s.config().iterations.max(2));
    }
    // Stop set from another thread while a long search runs.
    let stop = AtomicBool::new(false);
    let (pos, moves) = random_game(2, 6);
    // (a search longer than any level's, on Expert's two threads)
    let long = SearchConfig {
        iterations: 2_000_000,
        ..SearchConfig::for_level(Level::Expert)
    };
    let mut s = Searcher::with_config(Variant::Majority, long, 4);
    let budget = s.config().iterations;
    let t = std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(std::time::Duration::from_millis(30));
            stop.store(true, Ordering::Relaxed);
        });
        s.think(&moves, &stop).unwrap()
    });
    assert!(pos.check(t.best).is_ok());
    assert!(t.iterations < budget * 2, "the search was not stopped");
}

#[test]
fn tree_reuse_keeps_statistics_and_memory_is_capped() {
    let stop = AtomicBool::new(false);
    let mut config = SearchConfig::HINT.scaled(0.3);
    config.max_nodes = 5_000;
    let mut s = Searcher::with_config(Variant::Majority, config, 8);
    let mut moves: Vec<Square> = Vec::new();
    let mut pos = Position::new();
    for _ in 0..6 {
        let t = s.think(&moves, &stop).unwrap();
        assert!(s.nodes() <= 5_000);
        let visits: u64 = t.candidates.iter().map(|c| c.visits).sum();
        if !moves.is_empty() {
            // Kept visits from the previous search plus the new ones.
            assert!(visits >= t.iterations, "{visits} < {}", t.iterations);
        }
        pos.play(t.best).unwrap();
        moves.push(t.best);
        let reply = pos.legal_moves().iter().next().unwrap();
        pos.play(reply).unwrap();
        moves.push(reply);
    }
}

#[test]
fn a_proved_win_is_played() {
    // Find a small endgame the player to move wins; the searcher must find it.
    let stop = AtomicBool::new(false);
    let mut found = 0;
    for seed in 0..40u64 {
        let (pos, moves) = random_game(seed + 1000, 75);
        if !brute_force_wins(&pos, Variant::Majority) {
            continue;
        }
        found += 1;
        let mut s = Searcher::with_config(Variant::Majority, small(Level::Hard), seed);
        let t = s.think(&moves, &stop).unwrap();
        if pos.legal_moves().len() > 1 {
            assert_eq!(t.proof, Some(true));
        }
        let mut after = pos;
        after.play(t.best).unwrap();
        assert!(!brute_force_wins(&after, Variant::Majority));
    }
    assert!(found > 3);
}

#[test]
fn levels_parse_from_text() {
    assert_eq!("expert".parse::<Level>(), Ok(Level::Expert));
    assert_eq!(" Hard ".parse::<Level>(), Ok(Level::Hard));
    assert_eq!("master".parse::<Level>(), Ok(Level::Master));
    assert_eq!("GrandMaster".parse::<Level>(), Ok(Level::Grandmaster));
    assert_eq!("champion".parse::<Level>(), Ok(Level::Champion));
    assert!("legend".parse::<Level>().is_err());
    // every level's name parses back to it
    for level in Level::ALL {
        assert_eq!(level.name().parse::<Level>(), Ok(level));
    }
}

#[test]
fn the_levels_above_expert_search_harder_on_both_threads() {
    let expert = SearchConfig::for_level(Level::Expert);
    let master = SearchConfig::for_level(Level::Master);
    let grandmaster = SearchConfig::for_level(Level::Grandmaster);
    let champion = SearchConfig::for_level(Level::Champion);
    assert!(master.iterations > expert.iterations);
    assert!(grandmaster.iterations > master.iterations);
    assert!(champion.iterations > grandmaster.iterations);
    assert!(grandmaster.solver_empties >= master.solver_empties);
    assert!(champion.solver_empties >= grandmaster.solver_empties);
    for c in [master, grandmaster, champion] {
        assert_eq!(c.threads, 2);
        assert_eq!(c.time_limit, None, "budgets, not time");
    }
}

#[test]
fn the_new_levels_are_kept_in_save_files() {
    use scribe_record::{GameRecord, PlayerInfo, PlayerKind};
    use scribe_rules::ByPlayer;
    for level in [Level::Master, Level::Grandmaster, Level::Champion] {
        let r = GameRecord::new(
            Variant::Majority,
            ByPlayer {
                x: PlayerInfo::human("Ann"),
                o: PlayerInfo {
                    name: "Computer".into(),
                    kind: PlayerKind::Computer(level),
                },
            },
        );
        let text = r.to_ron();
        assert!(
            text.contains(&format!("Computer({})", level.name())),
            "{text}"
        );
        assert_eq!(GameRecord::from_ron(&text).unwrap(), r);
    }
}

#[test]
fn the_plain_uct_plays_a_whole_game_against_a_level() {
    let stop = AtomicBool::new(false);
    let mut plain = PlainUct::new(Variant::SuperGlyph, 300, 5);
    assert_eq!(plain.iterations(), 300);
    let mut engine = Searcher::with_config(Variant::SuperGlyph, small(Level::Champion), 5);
    let mut pos = Position::new();
    let mut moves = Vec::new();
    while !pos.is_over() {
        let sq = if pos.to_move() == Player::X {
            plain.choose(&Board::from_position(&pos)).unwrap().square()
        } else {
            engine.think(&moves, &stop).unwrap().best
        };
        pos.play(sq).unwrap();
        moves.push(sq);
    }
    assert_eq!(plain.choose(&Board::from_position(&pos)), None);
}

/// The squares that win for the player to move under `variant`, by brute force.
fn winning_moves(pos: &Position, variant: Variant) -> SquareSet {
    pos.legal_moves()
        .iter()
        .filter(|&sq| move_wins(pos, sq, variant))
        .collect()
}

/// Endgames where both variants can be won but by disjoint sets of moves:
/// the move that wins the majority of grids loses the Super Glyph, and the
/// other way round. Returns (moves, Majority winners, Super Glyph winners).
fn split_endgames(empties: usize, wanted: usize) -> Vec<(Vec<Square>, SquareSet, SquareSet)> {
    let mut found = Vec::new();
    for seed in 0..20_000u64 {
        let (pos, moves) = random_game(seed * 7 + 3, 81 - empties);
        if pos.is_over() || pos.legal_moves().len() < 2 {
            continue;
        }
        let majority = winning_moves(&pos, Variant::Majority);
        let super_glyph = winning_moves(&pos, Variant::SuperGlyph);
        if !majority.is_empty()
            && !super_glyph.is_empty()
            && majority.iter().all(|sq| !super_glyph.contains(sq))
        {
            found.push((moves, majority, super_glyph));
            if found.len() == wanted {
                break;
            }
        }
    }
    found
}

/// For each split endgame and each variant, `play` (given the variant and
/// the moves so far) must choose one of that variant's winning moves.
fn assert_each_variant_is_won(
    cases: &[(Vec<Square>, SquareSet, SquareSet)],
    label: &str,
    mut play: impl FnMut(Variant, &[Square]) -> Square,
) {
    for (moves, majority, super_glyph) in cases {
        for (variant, winners) in [
            (Variant::Majority, majority),
            (Variant::SuperGlyph, super_glyph),
        ] {
            let best = play(variant, moves);
            assert!(
                winners.contains(best),
                "{label} {variant} after {moves:?}: played {best}, winners {:?}",
                winners.iter().collect::<Vec<_>>()
            );
        }
    }
}

#[test]
fn every_level_plays_for_the_variant_in_force() {
    // Every level with its solver (Easy has none) finds the variant's own
    // winning move where the other variant's winning moves lose.
    let stop = AtomicBool::new(false);
    let cases = split_endgames(6, 8);
    assert!(
        cases.len() >= 4,
        "only {} split endgames found",
        cases.len()
    );
    for level in [Level::Medium, Level::Hard, Level::Expert] {
        assert_each_variant_is_won(&cases, &level.to_string(), |variant, moves| {
            Searcher::with_config(variant, small(level), 1)
                .think(moves, &stop)
                .unwrap()
                .best
        });
    }
}

#[test]
fn the_tree_search_alone_scores_playouts_by_the_variant() {
    // With the solver switched off, the playouts themselves must be scored
    // by the variant in force for the tree to find the right move.
    let stop = AtomicBool::new(false);
    let cases = split_endgames(3, 6);
    assert!(
        cases.len() >= 3,
        "only {} split endgames found",
        cases.len()
    );
    let config = SearchConfig {
        iterations: 5_000,
        solver_empties: 0,
        solver_nodes: 0,
        ..SearchConfig::for_level(Level::Hard)
    };
    assert_each_variant_is_won(&cases, "tree only", |variant, moves| {
        let t = Searcher::with_config(variant, config, 7)
            .think(moves, &stop)
            .unwrap();
        assert_eq!(t.proof, None);
        t.best
    });
}
