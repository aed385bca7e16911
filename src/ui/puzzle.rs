//! State of the puzzle mode (Game → Puzzles): one puzzle at a time, a check
//! of the player's move, and "show the answer".
//!
//! No egui here: the board widget draws [`PuzzleSession::position`] and
//! sends clicks to [`PuzzleSession::check`]. A wrong move is refuted by the
//! exact solver (the opponent's winning reply), which can take a moment on
//! the hardest puzzles: call it from a worker thread.

use crate::ai::{Board, Goal, Move, Puzzle, Solver};
use crate::rules::{IllegalReason, Position, Square};
use std::sync::atomic::AtomicBool;

/// The solver's node budget for a refutation.
const REFUTE_NODES: u64 = 5_000_000;

/// What the player's move was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The only winning move.
    Right,
    /// A legal move that does not reach the goal; for a game goal, the
    /// opponent's reply that wins (when the solver found it in its budget).
    Wrong {
        /// The opponent's winning reply.
        refutation: Option<Square>,
    },
    /// Not a legal move here.
    Illegal(IllegalReason),
}

/// A run through a list of puzzles.
#[derive(Debug, Default)]
pub struct PuzzleSession {
    puzzles: Vec<Puzzle>,
    current: usize,
    solved: Vec<bool>,
    tries: Vec<Square>,
    answer_shown: bool,
}

impl PuzzleSession {
    /// A session over `puzzles`, at the first.
    #[must_use]
    pub fn new(puzzles: Vec<Puzzle>) -> PuzzleSession {
        PuzzleSession {
            solved: vec![false; puzzles.len()],
            puzzles,
            ..PuzzleSession::default()
        }
    }

    /// The puzzle on the board, if there are any.
    #[must_use]
    pub fn current(&self) -> Option<&Puzzle> {
        self.puzzles.get(self.current)
    }

    /// Its number from 1, and how many there are.
    #[must_use]
    pub fn progress(&self) -> (usize, usize) {
        (self.current + 1, self.puzzles.len())
    }

    /// How many puzzles were solved without showing the answer.
    #[must_use]
    pub fn solved(&self) -> usize {
        self.solved.iter().filter(|s| **s).count()
    }

    /// The position to show (the empty board when there is no puzzle).
    #[must_use]
    pub fn position(&self) -> Position {
        self.current().map_or_else(Position::new, Puzzle::position)
    }

    /// Wrong squares tried on this puzzle, oldest first.
    #[must_use]
    pub fn tries(&self) -> &[Square] {
        &self.tries
    }

    /// Goes to the next puzzle (stays at the last); returns whether it moved.
    pub fn next_puzzle(&mut self) -> bool {
        self.go(self.current + 1)
    }

    /// Goes to the previous puzzle; returns whether it moved.
    pub fn previous_puzzle(&mut self) -> bool {
        self.current > 0 && self.go(self.current - 1)
    }

    fn go(&mut self, i: usize) -> bool {
        if i >= self.puzzles.len() || i == self.current {
            return false;
        }
        self.current = i;
        self.tries.clear();
        self.answer_shown = false;
        true
    }

    /// Checks the player's move. A right move counts as solved unless the
    /// answer was shown first.
    pub fn check(&mut self, sq: Square) -> Verdict {
        let Some(puzzle) = self.current() else {
            return Verdict::Illegal(IllegalReason::GameOver);
        };
        let position = puzzle.position();
        if let Err(reason) = position.check(sq) {
            return Verdict::Illegal(reason);
        }
        if sq == puzzle.answer {
            if !self.answer_shown {
                self.solved[self.current] = true;
            }
            return Verdict::Right;
        }
        let refutation = match puzzle.goal {
            Goal::Game => refute(&position, sq, puzzle),
            Goal::Grid(_) => None,
        };
        if !self.tries.contains(&sq) {
            self.tries.push(sq);
        }
        Verdict::Wrong { refutation }
    }

    /// Shows the answer: the winning move and the main line.
    pub fn show_answer(&mut self) -> Option<(Square, &[Square])> {
        self.answer_shown = true;
        self.current().map(|p| (p.answer, p.line.as_slice()))
    }

    /// Whether the answer has been shown for this puzzle.
    #[must_use]
    pub fn answer_shown(&self) -> bool {
        self.answer_shown
    }
}

/// The opponent's winning reply after the (losing) move `sq`.
fn refute(position: &Position, sq: Square, puzzle: &Puzzle) -> Option<Square> {
    let mut board = Board::from_position(position);
    board.play(Move::from_square(sq));
    if board.is_over() {
        return None;
    }
    let mut solver = Solver::new(puzzle.variant);
    let proof = solver.solve(&board, REFUTE_NODES, &AtomicBool::new(false))?;
    proof.wins.then_some(proof.best).flatten().map(Move::square)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::ai::{Difficulty, PuzzleConfig, SearchConfig, generate_puzzles};
    use crate::rules::Variant;

    fn puzzles() -> Vec<Puzzle> {
        let mut config = PuzzleConfig::new(2, 3, Variant::Majority, Difficulty::Easy);
        config.play = SearchConfig::for_level(Level::Easy);
        config.empties = 5..=7;
        generate_puzzles(&config, &AtomicBool::new(false), |_| {}).unwrap()
    }

    #[test]
    fn right_wrong_and_illegal_moves() {
        let list = puzzles();
        let mut s = PuzzleSession::new(list.clone());
        let p = s.current().unwrap().clone();
        let pos = p.position();
        let wrong = pos.legal_moves().iter().find(|&m| m != p.answer).unwrap();
        match s.check(wrong) {
            Verdict::Wrong { refutation } => {
                if let Some(r) = refutation {
                    let mut after = pos;
                    after.play(wrong).unwrap();
                    assert!(after.check(r).is_ok(), "the refutation is legal");
                }
            }
            v => panic!("{v:?}"),
        }
        assert_eq!(s.tries(), &[wrong]);
        let taken = Square::ALL
            .into_iter()
            .find(|&q| pos.at(q).is_some())
            .unwrap();
        assert!(matches!(s.check(taken), Verdict::Illegal(_)));
        assert_eq!(s.check(p.answer), Verdict::Right);
        assert_eq!(s.solved(), 1);
        assert!(s.next_puzzle());
        assert!(s.tries().is_empty());
        let (answer, line) = s.show_answer().unwrap();
        assert_eq!(answer, list[1].answer);
        assert_eq!(line.first(), Some(&answer));
        assert_eq!(s.check(answer), Verdict::Right);
        assert_eq!(s.solved(), 1, "shown answers do not count");
        assert!(!s.next_puzzle(), "stays at the last");
        assert!(s.previous_puzzle());
        assert_eq!(s.progress(), (1, 2));
    }
}
