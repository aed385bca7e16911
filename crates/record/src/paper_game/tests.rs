use super::search::{Found, Solver};
use super::*;

/// A random game by seed (a small linear congruential generator), stopped
/// after `length` moves.
fn random_game(seed: u64, length: usize) -> Game {
    let mut state = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
    let mut game = Game::new();
    while game.moves().len() < length {
        let legal: Vec<Square> = game.position().legal_moves().iter().collect();
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let pick = usize::try_from(state >> 33).unwrap_or(0) % legal.len();
        game.play(legal[pick]).unwrap();
    }
    game
}

/// The marks of a position, without its order.
fn marks(position: &Position) -> Position {
    crate::parse_paper_board(&crate::text_board(position)).unwrap()
}

fn own(board: &Position) -> [u128; 2] {
    let mut own = [0u128; 2];
    for sq in Square::ALL {
        if let Some(p) = board.at(sq) {
            own[usize::from(p == Player::O)] |= 1 << edge(sq);
        }
    }
    own
}

/// Orders `game`'s marks and checks the order replays to exactly them;
/// returns the positions tried.
fn check(game: &Game, what: &str) -> usize {
    let board = marks(game.position());
    let mut solver = Solver::new(own(&board));
    match solver.solve(PAPER_GAME_BUDGET) {
        Found::Order(edges) => {
            let order = Game::from_moves(edges.into_iter().map(square))
                .unwrap_or_else(|e| panic!("{what}: the order does not replay: {e}"));
            assert_eq!(order.moves().len(), game.moves().len(), "{what}");
            for sq in Square::ALL {
                assert_eq!(order.position().at(sq), game.position().at(sq), "{what}");
            }
        }
        Found::Impossible => panic!("{what}: refused as impossible"),
        Found::GaveUp(n) => panic!("{what}: gave up after {n} positions"),
    }
    solver.tried()
}

#[test]
fn the_three_boards_the_old_search_gave_up_on_are_ordered() {
    for seed in [27, 100, 223] {
        check(&random_game(seed, 81), &format!("seed {seed}"));
    }
}

#[test]
fn every_board_a_game_leaves_gets_an_order_that_leaves_it() {
    for seed in 0..40 {
        check(&random_game(seed, 81), &format!("full, seed {seed}"));
    }
    for seed in 0..40 {
        let length = (seed as usize * 7) % 82;
        check(
            &random_game(seed, length),
            &format!("partial, seed {seed}, {length} moves"),
        );
    }
}

/// The survey of the module's docs, full and partial boards:
/// `SURVEY_BOARDS=1000 cargo test --release -p scribe-record survey --
/// --ignored --nocapture`.
#[test]
#[ignore = "a survey of many boards, for the docs; run it in a release build"]
fn survey() {
    let boards: u64 = std::env::var("SURVEY_BOARDS")
        .ok()
        .and_then(|b| b.parse().ok())
        .unwrap_or(1000);
    for partial in [false, true] {
        let start = std::time::Instant::now();
        let (mut worst, mut worst_seed, mut worst_time) = (0, 0, 0.0f64);
        let mut heavy = [0usize; 4];
        for seed in 0..boards {
            let length = if partial {
                (seed as usize * 37 + 11) % 82
            } else {
                81
            };
            let game = random_game(seed, length);
            let t = std::time::Instant::now();
            let tried = check(&game, &format!("seed {seed}, {length} moves"));
            for (i, limit) in [1_000, 10_000, 100_000, 1_000_000].iter().enumerate() {
                heavy[i] += usize::from(tried > *limit);
            }
            worst_time = worst_time.max(t.elapsed().as_secs_f64());
            if tried > worst {
                (worst, worst_seed) = (tried, seed);
            }
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{boards} {} boards: all ordered, {:.0} boards/s, worst {worst} positions (seed {worst_seed}), slowest {:.1} ms; over 1k, 10k, 100k, 1M positions: {heavy:?}",
            if partial { "partial" } else { "full" },
            boards as f64 / secs,
            worst_time * 1000.0
        );
    }
}

/// Boards made by swapping one X and one O of a random full game: many no
/// game can leave. Each is ordered (and the order replays to it) or refused
/// as impossible, or given up on; returns the counts, the seeds given up
/// on and the most positions tried.
fn swapped_boards(seeds: std::ops::Range<u64>, length: usize) -> (usize, usize, Vec<u64>, usize) {
    let (mut ordered, mut impossible, mut gave_up, mut worst) = (0, 0, Vec::new(), 0);
    for seed in seeds {
        let game = random_game(seed, length);
        let mut b = own(&marks(game.position()));
        let xs: Vec<u32> = (0..81).filter(|e| b[0] & 1 << e != 0).collect();
        let os: Vec<u32> = (0..81).filter(|e| b[1] & 1 << e != 0).collect();
        let (x, o) = (
            xs[seed as usize * 7 % xs.len()],
            os[seed as usize * 13 % os.len()],
        );
        b[0] ^= 1 << x | 1 << o;
        b[1] ^= 1 << x | 1 << o;
        let mut solver = Solver::new(b);
        let budget = std::env::var("SURVEY_BUDGET")
            .ok()
            .and_then(|b| b.parse().ok())
            .unwrap_or(PAPER_GAME_BUDGET);
        match solver.solve(budget) {
            Found::Order(edges) => {
                let order = Game::from_moves(edges.into_iter().map(square))
                    .unwrap_or_else(|e| panic!("seed {seed}: the order does not replay: {e}"));
                for (q, p) in [(0, Player::X), (1, Player::O)] {
                    for e in 0..81u8 {
                        let mine = order.position().at(square(e)) == Some(p);
                        assert_eq!(mine, b[q] & 1 << e != 0, "seed {seed}");
                    }
                }
                ordered += 1;
            }
            Found::Impossible => impossible += 1,
            Found::GaveUp(_) => gave_up.push(seed),
        }
        worst = worst.max(solver.tried());
    }
    (ordered, impossible, gave_up, worst)
}

#[test]
fn boards_with_two_marks_swapped_are_ordered_or_refused() {
    // full boards: these twenty are all ordered
    let (ordered, _, _, _) = swapped_boards(0..20, 81);
    assert_eq!(ordered, 20);
    // part-played boards: most are refused at once
    let (ordered, impossible, _, _) = swapped_boards(0..40, 40);
    assert!(
        ordered > 0 && impossible > 30,
        "{ordered} ordered, {impossible} impossible"
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
    /// Any game, stopped anywhere: its marks get an order that replays
    /// with the rules to exactly those marks.
    #[test]
    fn the_marks_of_any_game_are_ordered(picks in proptest::collection::vec(0usize..81, 0..=81)) {
        let mut game = Game::new();
        for pick in picks {
            let legal: Vec<Square> = game.position().legal_moves().iter().collect();
            if legal.is_empty() {
                break;
            }
            game.play(legal[pick % legal.len()]).unwrap();
        }
        let board = marks(game.position());
        let order = paper_game(&board, PAPER_GAME_BUDGET).unwrap();
        proptest::prop_assert_eq!(order.moves().len(), game.moves().len());
        for sq in Square::ALL {
            proptest::prop_assert_eq!(order.position().at(sq), game.position().at(sq));
        }
    }
}

/// `SURVEY_BOARDS=1000 LENGTH=81 cargo test --release -p scribe-record
/// survey_swapped -- --ignored --nocapture`
#[test]
#[ignore = "a survey of many boards, for the docs; run it in a release build"]
fn survey_swapped() {
    let boards: u64 = std::env::var("SURVEY_BOARDS")
        .ok()
        .and_then(|b| b.parse().ok())
        .unwrap_or(1000);
    let start = std::time::Instant::now();
    let length = std::env::var("LENGTH").map_or(81, |l| l.parse().unwrap_or(81));
    let (ordered, impossible, gave_up, worst) = swapped_boards(0..boards, length);
    println!(
        "{boards} swapped boards of {length} marks: {ordered} ordered, {impossible} impossible, gave up on {gave_up:?}, worst {worst} positions, {:.0} boards/s",
        boards as f64 / start.elapsed().as_secs_f64()
    );
}

#[test]
fn a_board_no_game_leaves_is_refused() {
    let mut x = [scribe_rules::GridMask::EMPTY; 9];
    let mut o = [scribe_rules::GridMask::EMPTY; 9];
    // X: A1 (grid 1, cell 1) and E5 (grid 5, cell 5); O: I9 (grid 9, cell 9)
    x[0].0 |= 1; // A1: routes X to grid 1
    x[4].0 |= 1 << 4; // E5: routes X to grid 5
    o[8].0 |= 1 << 8; // I9
    let board = Position::from_marks(x, o).unwrap();
    // A1 first sends X to grid 1 (empty of X's squares: refused); E5
    // first sends X to grid 5 (E5 is taken, no other X there): refused.
    assert_eq!(paper_game(&board, 1000), Err(PaperOrderError::Impossible));
    assert!(
        PaperOrderError::Impossible
            .to_string()
            .contains("own last move")
    );
}

/// A board from its marks as text, one row per line (`x`, `o`, `.`).
fn board(rows: &str) -> Position {
    let (mut x, mut o) = (
        [scribe_rules::GridMask::EMPTY; 9],
        [scribe_rules::GridMask::EMPTY; 9],
    );
    for (row, line) in rows.split_whitespace().enumerate() {
        for (col, c) in line.chars().enumerate() {
            let sq = Square::new(col as u8, row as u8).unwrap();
            let m = match c {
                'x' => &mut x,
                'o' => &mut o,
                _ => continue,
            };
            m[sq.grid().index()].0 |= 1 << sq.cell().index();
        }
    }
    Position::from_marks(x, o).unwrap()
}

/// The time the whole budget takes in a debug build, on the swapped board
/// given up on even at a million positions (seed 1638): `cargo test -p scribe-record
/// budget_in_debug -- --ignored --nocapture`.
#[test]
#[ignore = "a timing, for the docs"]
fn budget_in_debug() {
    let seed = std::env::var("SEED").map_or(1638, |s| s.parse().unwrap_or(1638));
    let start = std::time::Instant::now();
    let (_, _, gave_up, worst) = swapped_boards(seed..seed + 1, 81);
    println!(
        "seed {seed} swapped: {worst} positions, gave up: {}, {:.2} s",
        !gave_up.is_empty(),
        start.elapsed().as_secs_f64()
    );
}

#[test]
fn boards_whose_routing_no_game_follows_are_refused() {
    // X's D1 and G1 both send X to the top-left grid, where X has nothing
    // and which is never full: X can make at most one of them, the last
    let routed_to_an_empty_grid = board(
        "...x..x..
         .........
         .........
         ....o....
         .........
         .........
         .........
         .........
         .......o.",
    );
    assert_eq!(
        paper_game(&routed_to_an_empty_grid, PAPER_GAME_BUDGET),
        Err(PaperOrderError::Impossible)
    );
    // O's D4 and F6 (centre grid) send O to the top-left and bottom-right
    // grids, where O has nothing and which never fill: whichever O plays
    // first, the other cannot follow
    let two_dead_ends = board(
        "x........
         .........
         .........
         ...o.....
         ....x....
         .....o...
         .........
         .........
         ........x",
    );
    assert_eq!(
        paper_game(&two_dead_ends, PAPER_GAME_BUDGET),
        Err(PaperOrderError::Impossible)
    );
}

#[test]
fn a_full_board_whose_grids_cannot_fill_in_time_is_refused() {
    // seed 31 with X's I3 and O's F1 swapped: X has two more squares into
    // grid 3 than out of it and two more out of grid 9 than in, O the
    // reverse. X's second trail starts in grid 9 after X's first ends in
    // grid 3, which must be full (so O has left it for good); O's second
    // starts in grid 3 after O's first ends in the full grid 9 (so X has
    // left it for good): each waits for the other.
    let (ordered, impossible, gave_up, _) = swapped_boards(31..32, 81);
    assert_eq!((ordered, impossible, gave_up), (0, 1, vec![]));
    let (_, impossible, _, _) = swapped_boards(20..21, 81);
    assert_eq!(impossible, 1);
}

#[test]
fn an_order_ends_with_each_players_last_move_when_given() {
    for seed in 0..40 {
        let game = random_game(seed, 81);
        let moves = game.moves();
        let n = moves.len();
        let (last_x, last_o) = (moves[n - 1], moves[n - 2]);
        let board = marks(game.position());
        let last = ByPlayer {
            x: Some(last_x),
            o: Some(last_o),
        };
        let order = paper_game_ending(&board, last, PAPER_GAME_BUDGET).unwrap();
        let m = order.moves();
        assert_eq!((m[80], m[79]), (last_x, last_o), "seed {seed}");
        assert_eq!(marks(order.position()), board);
    }
    // a square that is not the player's: refused
    let game = random_game(3, 81);
    let board = marks(game.position());
    let o_square = game.moves()[79];
    let wrong = ByPlayer {
        x: Some(o_square),
        o: None,
    };
    assert_eq!(
        paper_game_ending(&board, wrong, PAPER_GAME_BUDGET),
        Err(PaperOrderError::Impossible)
    );
}
