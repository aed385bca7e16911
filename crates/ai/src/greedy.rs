//! The 2010 Android app's computer, as a yardstick for the weakest level:
//! it picks one of the mini grids it may use at random, then the square
//! there that most improves its own tally minus the opponent's in that mini
//! grid, and knows nothing of routing (where its move sends it next).

use super::Rng;
use scribe_rules::{GridIndex, Position, Square};

/// The Android app's move for the player to move in `position`, or `None`
/// when the board is full. Ties between squares are broken at random.
///
/// ```
/// use scribe_ai::{Rng, android_move};
/// use scribe_rules::Position;
/// let pos = Position::new();
/// let sq = android_move(&pos, &mut Rng::new(1)).unwrap();
/// assert!(pos.check(sq).is_ok());
/// ```
#[must_use]
pub fn android_move(position: &Position, rng: &mut Rng) -> Option<Square> {
    let legal = position.legal_moves();
    let mut grids: Vec<GridIndex> = Vec::with_capacity(9);
    for sq in legal.iter() {
        if !grids.contains(&sq.grid()) {
            grids.push(sq.grid());
        }
    }
    if grids.is_empty() {
        return None;
    }
    let grid = grids[rng.below(grids.len() as u32) as usize];
    let me = position.to_move();
    let mut best: Vec<Square> = Vec::new();
    let mut best_gain = i32::MIN;
    for sq in legal.iter().filter(|sq| sq.grid() == grid) {
        let mut after = *position;
        after.play_unchecked(sq);
        let points = after.grid_score(grid).points;
        let gain = i32::from(points[me]) - i32::from(points[me.other()]);
        if gain > best_gain {
            best_gain = gain;
            best.clear();
        }
        if gain == best_gain {
            best.push(sq);
        }
    }
    Some(best[rng.below(best.len() as u32) as usize])
}

#[cfg(test)]
mod tests {
    use super::*;
    use scribe_rules::Game;

    fn sq(s: &str) -> Square {
        s.parse().expect("a square")
    }

    #[test]
    fn it_takes_the_square_that_scores_most_in_its_mini_grid() {
        // + last played B1 (the top middle cell): + is routed to the
        // upper-middle mini grid, where + already holds D1.
        let game =
            Game::from_moves(["D1", "E5", "A1", "F6", "B1", "H8"].map(sq)).expect("legal moves");
        let pos = game.position();
        for seed in 0..20 {
            let m = android_move(pos, &mut Rng::new(seed)).expect("a move");
            assert_eq!(m.grid(), sq("D1").grid(), "{m}");
            let mut after = *pos;
            after.play(m).expect("legal");
            let gain = |p: &Position| {
                let s = p.grid_score(m.grid()).points;
                i32::from(s.x) - i32::from(s.o)
            };
            for other in pos.legal_moves().iter() {
                let mut alt = *pos;
                alt.play(other).expect("legal");
                assert!(gain(&after) >= gain(&alt), "{m} vs {other}");
            }
        }
    }

    #[test]
    fn anywhere_it_uses_more_than_one_mini_grid() {
        let pos = Position::new();
        let grids: std::collections::HashSet<usize> = (0..60)
            .filter_map(|s| android_move(&pos, &mut Rng::new(s)))
            .map(|m| m.grid().index())
            .collect();
        assert!(grids.len() >= 6, "{grids:?}");
    }

    #[test]
    fn a_full_board_has_no_move() {
        let mut pos = Position::new();
        let mut rng = Rng::new(3);
        while let Some(m) = android_move(&pos, &mut rng) {
            pos.play(m).expect("a legal move");
        }
        assert!(pos.is_over());
    }
}
