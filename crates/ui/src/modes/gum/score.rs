//! The score helper for players on paper: each player's round meals, full
//! columns and achievement points, added up as the seed says, and the
//! winner by its tie rules ([`scribe_gum::paper_winners`]).

use super::moth::MothGame;
use scribe_gum::{Achievement, PaperScore, paper_winners};

/// Most players the helper takes (a classroom uses several laptops or paper).
pub const MAX_PLAYERS: usize = 12;

/// The players' sheets as entered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoreHelper {
    /// Names (blank: "Player N").
    pub names: Vec<String>,
    /// What each player entered.
    pub scores: Vec<PaperScore>,
    /// The achievement tiles, when they came from the mother moth (their titles label the columns).
    pub tiles: Vec<Achievement>,
}

impl Default for ScoreHelper {
    fn default() -> ScoreHelper {
        ScoreHelper {
            names: vec![String::new(); 2],
            scores: vec![PaperScore::default(); 2],
            tiles: Vec::new(),
        }
    }
}

impl ScoreHelper {
    /// One more player (`true`, up to [`MAX_PLAYERS`]) or one fewer (down to one).
    pub fn players(&mut self, more: bool) {
        if more && self.names.len() < MAX_PLAYERS {
            self.names.push(String::new());
            self.scores.push(PaperScore::default());
        } else if !more && self.names.len() > 1 {
            self.names.pop();
            self.scores.pop();
        }
    }

    /// Player `p`'s meals in the "total meals" circle of `round` (0–2).
    pub fn set_meals(&mut self, p: usize, round: usize, meals: u32) {
        if let Some(s) = self.scores.get_mut(p)
            && round < 3
        {
            s.meals[round] = meals.min(15);
        }
    }

    /// Player `p`'s full columns (0–3).
    pub fn set_columns(&mut self, p: usize, columns: u32) {
        if let Some(s) = self.scores.get_mut(p) {
            s.full_columns = columns.min(3);
        }
    }

    /// Player `p`'s points in achievement circle `i` (0–2).
    pub fn set_achievement(&mut self, p: usize, i: usize, points: u32) {
        if let Some(s) = self.scores.get_mut(p)
            && i < 3
        {
            s.achievements[i] = points.min(99);
        }
    }

    /// A player's name ("Player 2" if blank).
    #[must_use]
    pub fn name(&self, p: usize) -> String {
        match self.names.get(p).map(|n| n.trim()) {
            Some(n) if !n.is_empty() => n.to_string(),
            _ => format!("Player {}", p + 1),
        }
    }

    /// Takes the players and their achievement points from the mother moth's game.
    pub fn from_moth(&mut self, game: &MothGame) {
        let n = game.names.len().max(1);
        self.names = (0..n).map(|p| game.name(p)).collect();
        self.scores.resize(n, PaperScore::default());
        self.tiles = game.tiles().to_vec();
        for p in 0..n {
            for i in 0..3 {
                self.scores[p].achievements[i] = game
                    .achievements
                    .scored
                    .get(p)
                    .and_then(|s| s.get(i).copied().flatten())
                    .unwrap_or(0);
            }
        }
    }

    /// The winners by the seed's rules.
    #[must_use]
    pub fn winners(&self) -> Vec<usize> {
        paper_winners(&self.scores)
    }

    /// Who wins and why, in a sentence.
    #[must_use]
    pub fn verdict(&self) -> String {
        let w = self.winners();
        let Some(&first) = w.first() else {
            return String::new();
        };
        let best = self.scores[first];
        let top: Vec<usize> = (0..self.scores.len())
            .filter(|&p| self.scores[p].total() == best.total())
            .collect();
        let names = |ps: &[usize]| {
            let n: Vec<String> = ps.iter().map(|&p| self.name(p)).collect();
            match n.len() {
                0 | 1 => n.concat(),
                _ => format!("{} and {}", n[..n.len() - 1].join(", "), n[n.len() - 1]),
            }
        };
        if self.scores.len() == 1 {
            return format!("{}: {} points.", self.name(first), best.total());
        }
        if w.len() > 1 {
            format!(
                "{} tie on {} points with {} column bonus points each: they win together.",
                names(&w),
                best.total(),
                best.column_bonus()
            )
        } else if top.len() > 1 {
            format!(
                "{} tie on {} points; {} wins with the most column bonus points ({}).",
                names(&top),
                best.total(),
                self.name(first),
                best.column_bonus()
            )
        } else {
            format!("{} wins with {} points.", self.name(first), best.total())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::modes::gum::Version;

    #[test]
    fn totals_and_the_tie_broken_by_column_bonus() {
        let mut s = ScoreHelper {
            names: vec!["Ann".into(), "Ben".into()],
            ..ScoreHelper::default()
        };
        for (r, m) in [4, 8, 12].into_iter().enumerate() {
            s.set_meals(0, r, m);
        }
        for (r, m) in [3, 6, 9].into_iter().enumerate() {
            s.set_meals(1, r, m);
        }
        s.set_columns(1, 2);
        assert_eq!(s.scores[0].total(), 24);
        assert_eq!(s.scores[1].total(), 24);
        assert_eq!(s.winners(), vec![1]);
        assert_eq!(
            s.verdict(),
            "Ann and Ben tie on 24 points; Ben wins with the most column bonus points (6)."
        );
        s.set_columns(1, 0);
        s.set_achievement(1, 0, 6);
        assert_eq!(
            s.verdict(),
            "Ann and Ben tie on 24 points with 0 column bonus points each: they win together."
        );
        s.set_achievement(1, 1, 1);
        assert_eq!(s.verdict(), "Ben wins with 25 points.");
        s.set_meals(0, 0, 40);
        assert_eq!(s.scores[0].meals[0], 15, "a tracker has 15 rows");
    }

    #[test]
    fn players_come_and_go_and_come_from_the_mother_moth() {
        let mut s = ScoreHelper::default();
        s.players(false);
        s.players(false);
        assert_eq!(s.names.len(), 1);
        for _ in 0..20 {
            s.players(true);
        }
        assert_eq!(s.names.len(), MAX_PLAYERS);
        let mut g = MothGame::new(Version::Advanced, 1, vec!["Ann".into(), String::new()], 1);
        g.turn_tile().unwrap();
        g.claim(1, 0).unwrap();
        s.from_moth(&g);
        assert_eq!(s.names, vec!["Ann", "Player 2"]);
        assert_eq!(s.scores[1].achievements[0], g.tiles()[0].points().0);
        assert_eq!(s.scores[0].achievements, [0; 3]);
    }
}
