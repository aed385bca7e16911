//! State of the puzzle mode (Game → Puzzles): one puzzle at a time, a check
//! of the player's move, "show the answer" and its main line step by step.
//!
//! No egui here: the board widget draws [`PuzzleSession::position`] and
//! sends clicks to [`PuzzleSession::check`]. A puzzle counts as solved only
//! when the first try was the answer. A wrong move is refuted by the exact
//! solver ([`refute`], the opponent's winning reply), which can take a
//! moment on the hardest puzzles: the app runs it as a job.

use scribe_ai::{Board, Goal, Move, Puzzle, Solver};
use scribe_rules::{IllegalReason, Position, Square};
use std::sync::atomic::AtomicBool;

/// The solver's node budget for a refutation.
const REFUTE_NODES: u64 = 5_000_000;

/// What the player's move was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The only winning move.
    Right,
    /// A legal move that does not reach the goal (for a game goal,
    /// [`refute`] finds the opponent's winning reply).
    Wrong,
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
    /// The answer was found (this try or an earlier one).
    found: bool,
    /// Moves of the main line drawn on the board, once the answer is shown.
    line_shown: usize,
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

    /// The position to show (the empty board when there is no puzzle):
    /// the puzzle, with the main line's first moves once the answer is shown.
    #[must_use]
    pub fn position(&self) -> Position {
        let Some(p) = self.current() else {
            return Position::new();
        };
        let mut pos = p.position();
        for &sq in p.line.iter().take(self.line_shown) {
            if pos.play(sq).is_err() {
                break;
            }
        }
        pos
    }

    /// The puzzle's position, before any move of the answer.
    #[must_use]
    pub fn puzzle_position(&self) -> Position {
        self.current().map_or_else(Position::new, Puzzle::position)
    }

    /// How many moves of the main line are drawn, and how many it has.
    #[must_use]
    pub fn line_progress(&self) -> (usize, usize) {
        (self.line_shown, self.current().map_or(0, |p| p.line.len()))
    }

    /// One more move of the main line (after the answer was shown or found);
    /// returns whether there was one.
    pub fn line_forward(&mut self) -> bool {
        let (shown, len) = self.line_progress();
        if !(self.answer_shown || self.found) || shown >= len {
            return false;
        }
        self.line_shown += 1;
        true
    }

    /// One move of the main line less; returns whether there was one.
    pub fn line_back(&mut self) -> bool {
        if self.line_shown == 0 {
            return false;
        }
        self.line_shown -= 1;
        true
    }

    /// Whether the answer was found on this puzzle.
    #[must_use]
    pub fn found(&self) -> bool {
        self.found
    }

    /// All the puzzles.
    #[must_use]
    pub fn puzzles(&self) -> &[Puzzle] {
        &self.puzzles
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
        self.found = false;
        self.line_shown = 0;
        true
    }

    /// Checks the player's move on the puzzle's position. A right move
    /// counts as solved only when it was the first try and the answer had
    /// not been shown; it is then drawn on the board.
    pub fn check(&mut self, sq: Square) -> Verdict {
        let Some(puzzle) = self.current() else {
            return Verdict::Illegal(IllegalReason::GameOver);
        };
        let position = puzzle.position();
        if let Err(reason) = position.check(sq) {
            return Verdict::Illegal(reason);
        }
        if sq == puzzle.answer {
            if !self.answer_shown && self.tries.is_empty() && !self.found {
                self.solved[self.current] = true;
            }
            self.found = true;
            self.line_shown = self.line_shown.max(1);
            return Verdict::Right;
        }
        if !self.tries.contains(&sq) {
            self.tries.push(sq);
        }
        Verdict::Wrong
    }

    /// Whether a wrong move `sq` on this puzzle has a reply worth finding
    /// with [`refute`] (puzzles whose goal is the game).
    #[must_use]
    pub fn refutable(&self) -> Option<Puzzle> {
        self.current()
            .filter(|p| matches!(p.goal, Goal::Game))
            .cloned()
    }

    /// Shows the answer: the winning move, drawn on the board, and the main line.
    pub fn show_answer(&mut self) -> Option<(Square, &[Square])> {
        self.answer_shown = true;
        self.line_shown = self.line_shown.max(1);
        self.current().map(|p| (p.answer, p.line.as_slice()))
    }

    /// Whether the answer has been shown for this puzzle.
    #[must_use]
    pub fn answer_shown(&self) -> bool {
        self.answer_shown
    }
}

/// The opponent's winning reply after the (losing) move `sq` on `puzzle`,
/// when the exact solver finds it in its budget. Can take a moment: a job.
#[must_use]
pub fn refute(puzzle: &Puzzle, sq: Square, stop: &AtomicBool) -> Option<Square> {
    let mut board = Board::from_position(&puzzle.position());
    board.play(Move::from_square(sq));
    if board.is_over() {
        return None;
    }
    let mut solver = Solver::new(puzzle.variant);
    let proof = solver.solve(&board, REFUTE_NODES, stop)?;
    proof.wins.then_some(proof.best).flatten().map(Move::square)
}

#[cfg(test)]
mod tests {
    use super::*;
    use scribe_ai::Level;
    use scribe_ai::{Difficulty, PuzzleConfig, SearchConfig, generate_puzzles};
    use scribe_rules::Variant;

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
        assert_eq!(s.check(wrong), Verdict::Wrong);
        if let Some(r) = refute(&p, wrong, &AtomicBool::new(false)) {
            let mut after = pos;
            after.play(wrong).unwrap();
            assert!(after.check(r).is_ok(), "the refutation is legal");
        }
        assert_eq!(s.tries(), &[wrong]);
        let taken = Square::ALL
            .into_iter()
            .find(|&q| pos.at(q).is_some())
            .unwrap();
        assert!(matches!(s.check(taken), Verdict::Illegal(_)));
        assert_eq!(s.check(p.answer), Verdict::Right);
        assert_eq!(s.solved(), 0, "a wrong first try is not solved");
        assert_eq!(
            s.position(),
            {
                let mut after = pos;
                after.play(p.answer).unwrap();
                after
            },
            "the answer is drawn on the board"
        );
        assert!(s.next_puzzle());
        assert_eq!(s.check(list[1].answer), Verdict::Right);
        assert_eq!(s.solved(), 1, "right at the first try");
        assert!(s.previous_puzzle() && s.next_puzzle());
        assert!(s.tries().is_empty());
        let (answer, line) = s.show_answer().unwrap();
        assert_eq!(answer, list[1].answer);
        assert_eq!(line.first(), Some(&answer));
        assert_eq!(s.check(answer), Verdict::Right);
        assert_eq!(s.solved(), 1, "shown answers do not count");
        // the main line, step by step
        let len = list[1].line.len();
        assert_eq!(s.line_progress(), (1, len));
        while s.line_forward() {}
        assert_eq!(s.line_progress(), (len, len));
        assert!(s.line_back());
        assert_eq!(s.line_progress(), (len - 1, len));
        assert!(!s.next_puzzle(), "stays at the last");
        assert!(s.previous_puzzle());
        assert_eq!(s.progress(), (1, 2));
    }
}
