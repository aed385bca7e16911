//! State of the paper-board referee mode (Game → Score a paper board…):
//! the user copies a board played on paper by clicking squares, each click
//! cycling empty → first player → second player → empty, and reads the
//! tallies, scoring glyphs and winners live.
//!
//! No egui here: the board widget draws [`Referee::position`] (a
//! [`Position`] with no move order: nothing slashed, no routing) and the
//! panel shows [`Referee::result`] and [`Referee::problem`].

use scribe_record::paper_score_json;
use scribe_rules::{
    ByPlayer, GameResult, GridIndex, GridMask, GridScore, MarksError, Player, Position, Square,
};

/// A board being copied from paper.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Referee {
    marks: [Option<Player>; 81],
}

impl Default for Referee {
    fn default() -> Self {
        Referee::new()
    }
}

impl Referee {
    /// An empty board.
    #[must_use]
    pub fn new() -> Referee {
        Referee { marks: [None; 81] }
    }

    /// Starts from the marks of a position (e.g. the game on screen).
    #[must_use]
    pub fn from_position(position: &Position) -> Referee {
        let mut r = Referee::new();
        for sq in Square::ALL {
            r.marks[sq.index()] = position.at(sq);
        }
        r
    }

    /// Who holds a square.
    #[must_use]
    pub fn at(&self, sq: Square) -> Option<Player> {
        self.marks[sq.index()]
    }

    /// Sets a square.
    pub fn set(&mut self, sq: Square, mark: Option<Player>) {
        self.marks[sq.index()] = mark;
    }

    /// A click: empty → first player → second player → empty. Returns the new mark.
    pub fn cycle(&mut self, sq: Square) -> Option<Player> {
        let next = match self.at(sq) {
            None => Some(Player::X),
            Some(Player::X) => Some(Player::O),
            Some(Player::O) => None,
        };
        self.set(sq, next);
        next
    }

    /// Empties the board.
    pub fn clear(&mut self) {
        self.marks = [None; 81];
    }

    /// Marks per player.
    #[must_use]
    pub fn counts(&self) -> ByPlayer<usize> {
        ByPlayer::new_with(|p| self.marks.iter().filter(|m| **m == Some(p)).count())
    }

    fn cells(&self) -> ByPlayer<[GridMask; 9]> {
        let mut cells = ByPlayer::<[GridMask; 9]>::default();
        for sq in Square::ALL {
            if let Some(p) = self.at(sq) {
                cells[p][sq.grid().index()].0 |= GridMask::single(sq.cell()).0;
            }
        }
        cells
    }

    /// The board to draw while it is being copied, whatever its counts.
    #[must_use]
    pub fn sketch(&self) -> Position {
        let c = self.cells();
        Position::sketch(c.x, c.o)
    }

    /// The board as a position, or why no game can leave it (X, who moves
    /// first, must have as many marks as O or one more).
    ///
    /// # Errors
    /// See [`Position::from_marks`].
    pub fn position(&self) -> Result<Position, MarksError> {
        let c = self.cells();
        Position::from_marks(c.x, c.o)
    }

    /// Each mini grid's live score (tallies, groups and glyphs, winner once
    /// full), in reading order. Available whatever the counts: a board being
    /// copied is often between two clicks.
    #[must_use]
    pub fn grid_scores(&self) -> Vec<GridScore> {
        let c = self.cells();
        GridIndex::ALL
            .iter()
            .map(|g| {
                GridScore::new(ByPlayer {
                    x: c.x[g.index()],
                    o: c.o[g.index()],
                })
            })
            .collect()
    }

    /// The whole result (mini grids won, both variants once the board is
    /// full), when the board could come from a real game.
    #[must_use]
    pub fn result(&self) -> Option<GameResult> {
        self.position().ok().map(|p| p.result())
    }

    /// What is wrong with the board as copied, in words, if anything.
    #[must_use]
    pub fn problem(&self) -> Option<String> {
        self.position().err().map(|e| e.to_string())
    }

    /// The JSON result of `scribe score --board` for this board.
    ///
    /// # Errors
    /// See [`Referee::position`].
    pub fn json(&self) -> Result<String, MarksError> {
        let p = self.position()?;
        Ok(serde_json::to_string(&paper_score_json(&p)).unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn a_click_cycles_empty_first_second_empty() {
        let mut r = Referee::new();
        assert_eq!(r.cycle(sq("E5")), Some(Player::X));
        assert_eq!(r.cycle(sq("E5")), Some(Player::O));
        assert_eq!(r.cycle(sq("E5")), None);
        assert_eq!(r.at(sq("E5")), None);
    }

    #[test]
    fn tallies_are_live_and_counts_are_checked() {
        let mut r = Referee::new();
        for s in ["A1", "B1", "C1"] {
            r.cycle(sq(s));
        }
        // three X marks and no O: scored anyway, but no game leaves it
        assert_eq!(r.grid_scores()[0].points.x, 3);
        assert_eq!(r.grid_scores()[0].glyph_names(Player::X), vec!["Line"]);
        assert!(r.result().is_none());
        assert!(r.problem().unwrap().contains("X has 3 marks and O 0"));
        for s in ["A2", "B2"] {
            r.cycle(sq(s));
            r.cycle(sq(s));
        }
        assert_eq!(r.counts(), ByPlayer { x: 3, o: 2 });
        assert!(r.problem().is_none());
        let result = r.result().unwrap();
        assert_eq!(result.grids[0].points, ByPlayer { x: 3, o: 2 });
        assert_eq!(result.majority.winner, None);
        let json = r.json().unwrap();
        assert!(
            json.contains(r#""moves":5"#) && json.contains(r#""to_move":null"#),
            "{json}"
        );
    }

    #[test]
    fn a_game_copied_from_the_screen_scores_the_same() {
        let game = scribe_record::replay("D6 H4 C8 E2").unwrap();
        let r = Referee::from_position(game.position());
        let (a, b) = (r.result().unwrap(), game.position().result());
        assert_eq!(a.grids, b.grids);
        assert_eq!(a.won, b.won);
    }
}
