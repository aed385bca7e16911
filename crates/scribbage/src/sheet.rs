//! The score sheet of a game: players take turns in order; the game ends
//! after a chosen number of turns each, or at the end of the round in which
//! someone reaches a target (the seed: "the player having the highest score
//! over 200"). One player is solitaire.

/// When the game ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// After this many turns each (the seed: "e. g. 3 or 4 turns").
    Turns(u32),
    /// At the end of the round in which a total reaches this (the seed: 200).
    Target(i64),
}

/// Why a sheet cannot be made or written on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SheetError {
    /// No players, or more than [`ScoreSheet::MAX_PLAYERS`].
    #[error("{0} players: give 1 to 12")]
    Players(usize),
    /// A player with no name.
    #[error("player {0} has no name")]
    NoName(usize),
    /// 0 turns or a target of 0 or less.
    #[error("the game must last at least one turn (a number of turns from 1, or a target above 0)")]
    End,
    /// A score after the game is over.
    #[error("the game is over")]
    Over,
}

/// Players, the end condition and every turn's score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoreSheet {
    players: Vec<String>,
    end: End,
    scores: Vec<Vec<i64>>,
}

impl ScoreSheet {
    /// The most players on one sheet (the seed suggests partners past six).
    pub const MAX_PLAYERS: usize = 12;

    /// A new game.
    ///
    /// # Errors
    /// No players or too many, an empty name, a game of no turns.
    pub fn new(players: Vec<String>, end: End) -> Result<ScoreSheet, SheetError> {
        if players.is_empty() || players.len() > Self::MAX_PLAYERS {
            return Err(SheetError::Players(players.len()));
        }
        if let Some(i) = players.iter().position(|p| p.trim().is_empty()) {
            return Err(SheetError::NoName(i + 1));
        }
        if matches!(end, End::Turns(0)) || matches!(end, End::Target(t) if t <= 0) {
            return Err(SheetError::End);
        }
        let scores = vec![Vec::new(); players.len()];
        Ok(ScoreSheet {
            players,
            end,
            scores,
        })
    }

    /// Solitaire: one player, one throw.
    #[must_use]
    pub fn solitaire(name: &str) -> ScoreSheet {
        let name = if name.trim().is_empty() {
            "Player"
        } else {
            name
        };
        ScoreSheet {
            players: vec![name.to_string()],
            end: End::Turns(1),
            scores: vec![Vec::new()],
        }
    }

    /// The players' names.
    #[must_use]
    pub fn players(&self) -> &[String] {
        &self.players
    }

    /// When the game ends.
    #[must_use]
    pub fn end(&self) -> End {
        self.end
    }

    /// Player `p`'s score each turn so far.
    #[must_use]
    pub fn scores(&self, p: usize) -> &[i64] {
        &self.scores[p]
    }

    /// Each player's total.
    #[must_use]
    pub fn totals(&self) -> Vec<i64> {
        self.scores.iter().map(|s| s.iter().sum()).collect()
    }

    /// The round being played (from 1).
    #[must_use]
    pub fn round(&self) -> usize {
        self.scores[self.players.len() - 1].len() + 1
    }

    /// Whose turn it is, or `None` when the game is over.
    #[must_use]
    pub fn to_play(&self) -> Option<usize> {
        if self.is_over() {
            return None;
        }
        let n = self.scores[0].len();
        Some(self.scores.iter().position(|s| s.len() < n).unwrap_or(0))
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        let done = self.scores.iter().map(Vec::len).min().unwrap_or(0);
        let round_complete = self.scores.iter().all(|s| s.len() == done);
        match self.end {
            End::Turns(n) => done >= n as usize,
            End::Target(t) => round_complete && done > 0 && self.totals().iter().any(|&x| x >= t),
        }
    }

    /// Writes the score of the player to play.
    ///
    /// # Errors
    /// [`SheetError::Over`] after the end.
    pub fn record(&mut self, score: i64) -> Result<(), SheetError> {
        let p = self.to_play().ok_or(SheetError::Over)?;
        self.scores[p].push(score);
        Ok(())
    }

    /// The players with the highest total (several on a tie: they share the win).
    #[must_use]
    pub fn leaders(&self) -> Vec<usize> {
        let totals = self.totals();
        let top = totals.iter().copied().max().unwrap_or(0);
        (0..totals.len()).filter(|&i| totals[i] == top).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(n: usize) -> Vec<String> {
        (1..=n).map(|i| format!("P{i}")).collect()
    }

    #[test]
    fn turns_pass_left_and_the_game_ends_after_the_turns() {
        let mut s = ScoreSheet::new(names(3), End::Turns(2)).unwrap();
        for (i, sc) in [10, 20, 5, 7, 31, 4].into_iter().enumerate() {
            assert_eq!(s.to_play(), Some(i % 3));
            s.record(sc).unwrap();
        }
        assert!(s.is_over());
        assert_eq!(s.totals(), vec![17, 51, 9]);
        assert_eq!(s.leaders(), vec![1]);
        assert_eq!(s.record(1), Err(SheetError::Over));
    }

    #[test]
    fn a_target_ends_the_game_at_the_end_of_the_round() {
        let mut s = ScoreSheet::new(names(2), End::Target(200)).unwrap();
        s.record(210).unwrap();
        assert!(!s.is_over(), "the second player still has their turn");
        s.record(215).unwrap();
        assert!(s.is_over());
        assert_eq!(s.leaders(), vec![1]);
    }

    #[test]
    fn bad_sheets_say_why() {
        assert_eq!(
            ScoreSheet::new(vec![], End::Turns(3)),
            Err(SheetError::Players(0))
        );
        assert_eq!(
            ScoreSheet::new(vec!["A".into(), " ".into()], End::Turns(3)),
            Err(SheetError::NoName(2))
        );
        assert_eq!(
            ScoreSheet::new(names(2), End::Target(0)),
            Err(SheetError::End)
        );
        let mut solo = ScoreSheet::solitaire("");
        solo.record(-3).unwrap();
        assert!(solo.is_over());
    }
}
