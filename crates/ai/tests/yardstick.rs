//! The plain bitboard (the yardstick of the playouts' speed) plays the same
//! game as the engine's `Board`: the same legal moves at every turn and the
//! same outcome, over many random games. Otherwise the speed ratio of
//! `cargo bench --bench ai -- playout` would compare different work.

use scribe_ai::{Board, Move, PlainBitboard, Rng};

#[test]
fn plain_bitboard_plays_the_same_game_as_board() {
    let mut free_moves = 0;
    for seed in 0..2000 {
        let mut rng = Rng::new(seed);
        let mut board = Board::new();
        let mut plain = PlainBitboard::new();
        while !board.is_over() {
            assert!(!plain.is_over());
            let legal: Vec<u8> = board
                .legal_moves()
                .as_slice()
                .iter()
                .map(|m| m.index())
                .collect();
            let (moves, n) = plain.legal_moves();
            assert_eq!(legal, moves[..n], "seed {seed} at\n{board:?}");
            if n > 9 && board.empties() < 80 {
                free_moves += 1;
            }
            assert_eq!(board.outcome(), plain.outcome(), "seed {seed}");
            let k = rng.below(n as u32) as usize;
            let m = Move::from_index(moves[k]).unwrap_or_else(|| unreachable!());
            board.play(m);
            plain.play(moves[k]);
        }
        assert!(plain.is_over());
        assert_eq!(board.outcome(), plain.outcome(), "seed {seed}");
    }
    // the free moves after the first two (routed to a full mini grid) were
    // exercised: about one a game
    assert!(free_moves > 1000, "{free_moves} free moves");
}

#[test]
fn plain_bitboard_playouts_fill_the_board_with_both_results() {
    let mut rng = Rng::new(11);
    let mut x_grids_won = 0u32;
    for _ in 0..1000 {
        let o = PlainBitboard::new().playout(&mut rng);
        x_grids_won += o.x_grids().count_ones();
    }
    // X and O each win about half the 9,000 mini grids
    assert!((3500..5500).contains(&x_grids_won), "{x_grids_won}");
}
