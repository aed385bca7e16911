//! A paper board as a game. The referee (the app's Score a paper board)
//! copies a board's marks, which have no move order; a save file holds
//! moves. [`paper_game`] finds an order of moves the rules allow that leaves
//! exactly those marks: not necessarily the order played, but any order
//! reaching the board gives the same tallies and winners, and the game
//! replays, opens in review and exports like any other.
//!
//! Each player's squares are edges of a graph on the nine mini grids (a
//! square at cell `c` of grid `g` leads from `g` to `c`), and their moves
//! are a trail through it, broken only by a move into a grid that is full
//! at the time. The search (`search.rs`) runs backwards from the board: it
//! takes back moves, last first, while the moves left cannot be played as
//! one unbroken trail per player; an unbroken trail is legal whatever is
//! full, so once they can, they are played that way (Euler's condition and
//! Hierholzer's construction). Taking moves back leaves ever fewer full
//! grids, the only places where a trail may break, and the grids must be
//! able to fill in an order that pays each trail start (before its grid
//! fills) with an earlier break (after another grid filled): choices that
//! cannot lead to a game are cut early, and positions proved to lead
//! nowhere are remembered.
//!
//! Every board a game can leave is ordered within a few hundred
//! positions: of 10,000 random full games all were ordered, the most
//! positions any took being 207 (of 10,000 games stopped part-way, 19), at
//! about 3,000 full boards a second in a release build (`SURVEY_BOARDS=10000
//! cargo test --release -p scribe-record survey -- --ignored
//! --nocapture`). A board no game leaves is refused as
//! [`PaperOrderError::Impossible`], nearly always at once. A budget of
//! 2,000 positions runs out in about 0.4 s in a debug build
//! (`budget_in_debug`). Of 1,000 boards made by swapping one X and one O of
//! a random full game (`survey_swapped`), 977 are ordered, 22 refused and,
//! at 2,000 positions, one given up on (a game leaves it: its order takes
//! 22,660 positions, within today's [`PAPER_GAME_BUDGET`]);
//! of 10,000 such boards, 13 are still undecided after a million
//! positions. So [`PaperOrderError::GaveUp`] remains possible for a board
//! like those, and was never seen for one a game left.
//!
//! ```
//! use scribe_record::{paper_game, replay};
//! let played = replay("E5 A1 E4 B2").unwrap();
//! let order = paper_game(played.position(), 10_000).unwrap();
//! assert_eq!(order.moves().len(), 4);
//! ```

mod search;

use scribe_rules::{ByPlayer, Game, GridIndex, Player, Position, Square};
use search::{Found, Solver};

/// Why no move order was found for a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PaperOrderError {
    /// Every order was tried: no game played by the rules leaves the board.
    #[error(
        "no game played by the rules leaves these marks (each player must play in the mini grid their own last move points to)"
    )]
    Impossible,
    /// The budget ran out first (no game seen so far leaves such a board).
    #[error(
        "no order of moves leading to these marks was found after trying {0} positions; it may be that no game leaves them"
    )]
    GaveUp(usize),
}

/// The positions [`paper_game`] tries by default before giving up: over
/// two hundred times the most any of 10,000 random full games needed (207),
/// and twice the 22,660 of the one board a game leaves that 2,000 did not
/// order (`survey_swapped`, seed 689). The app searches on a worker, so
/// the window never waits for it.
pub const PAPER_GAME_BUDGET: usize = 50_000;

/// An order of moves leaving the marks of `board` (its move order, if it
/// has one, is ignored), trying at most `budget` positions.
///
/// # Errors
/// No order exists ([`PaperOrderError::Impossible`]), or none was found
/// within the budget.
pub fn paper_game(board: &Position, budget: usize) -> Result<Game, PaperOrderError> {
    paper_game_ending(board, ByPlayer::default(), budget)
}

/// As [`paper_game`], with each player's last move given where it is known
/// (on a played sheet, the one mark of theirs left unslashed): the order
/// found ends with those moves.
///
/// # Errors
/// As [`paper_game`]; [`PaperOrderError::Impossible`] also when a given
/// square is not that player's mark, or no order ends with those moves.
pub fn paper_game_ending(
    board: &Position,
    last: ByPlayer<Option<Square>>,
    budget: usize,
) -> Result<Game, PaperOrderError> {
    let mut own = [0u128; 2];
    for sq in Square::ALL {
        if let Some(p) = board.at(sq) {
            own[usize::from(p == Player::O)] |= 1 << edge(sq);
        }
    }
    let mut ends = [search::NONE; 2];
    for p in [Player::X, Player::O] {
        if let Some(sq) = last[p] {
            if board.at(sq) != Some(p) {
                return Err(PaperOrderError::Impossible);
            }
            ends[usize::from(p == Player::O)] = edge(sq);
        }
    }
    match Solver::new(own).solve_ending(budget, ends) {
        Found::Order(edges) => {
            Game::from_moves(edges.into_iter().map(square)).map_err(|_| PaperOrderError::Impossible)
        }
        Found::Impossible => Err(PaperOrderError::Impossible),
        Found::GaveUp(tried) => Err(PaperOrderError::GaveUp(tried)),
    }
}

/// The square as an edge of the search: `9 × grid + cell`.
fn edge(sq: Square) -> u8 {
    (sq.grid().index() * 9 + sq.cell().index()) as u8
}

/// The square of an edge.
fn square(e: u8) -> Square {
    let g = |i: u8| GridIndex::new(i).unwrap_or(GridIndex::ALL[0]);
    Square::from_grid_cell(g(e / 9), g(e % 9))
}

#[cfg(test)]
mod tests;
