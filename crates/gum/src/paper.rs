//! A player's score written on paper, for the score helper: the meals of
//! each round, full columns, achievement points. The seed's sums and ties.

use super::play::{Final, winners};

/// Points for each full column of 15 (the tracker's column bonus).
pub const COLUMN_BONUS: u32 = 3;

/// What a player on paper reads from their sheet at the end of the game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PaperScore {
    /// The "total meals" circle of each round (meals of the whole game so far).
    pub meals: [u32; 3],
    /// Columns of 15 food filled (0–3), [`COLUMN_BONUS`] points each.
    pub full_columns: u32,
    /// Points in the achievement circles A, B, C (advanced and solo games).
    pub achievements: [u32; 3],
}

impl PaperScore {
    /// The "column bonus" circle.
    #[must_use]
    pub fn column_bonus(&self) -> u32 {
        self.full_columns.min(3) * COLUMN_BONUS
    }

    /// The "final score" circle: the three rounds' meals, the column bonus
    /// and the achievements.
    #[must_use]
    pub fn total(&self) -> u32 {
        self.meals.iter().sum::<u32>() + self.column_bonus() + self.achievements.iter().sum::<u32>()
    }

    /// For ranking by [`winners`].
    #[must_use]
    pub fn to_final(&self) -> Final {
        Final {
            score: self.total(),
            column_bonus: self.column_bonus(),
        }
    }

    /// What looks wrong on the sheet (each round counts the meals of the
    /// whole game so far, so they never go down; a tracker has 15 rows).
    #[must_use]
    pub fn doubts(&self) -> Vec<String> {
        let mut out = Vec::new();
        for r in 0..3 {
            if self.meals[r] > 15 {
                out.push(format!(
                    "round {}: {} meals, but a tracker has 15 rows",
                    r + 1,
                    self.meals[r]
                ));
            }
        }
        for r in 1..3 {
            if self.meals[r] < self.meals[r - 1] {
                out.push(format!(
                    "round {} has fewer meals than round {r} (meals count the whole game so far)",
                    r + 1
                ));
            }
        }
        out
    }
}

/// The winners among players on paper, by the seed's tie rules.
#[must_use]
pub fn paper_winners(scores: &[PaperScore]) -> Vec<usize> {
    let finals: Vec<Final> = scores.iter().map(PaperScore::to_final).collect();
    winners(&finals)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(meals: [u32; 3], full_columns: u32, achievements: [u32; 3]) -> PaperScore {
        PaperScore {
            meals,
            full_columns,
            achievements,
        }
    }

    #[test]
    fn the_final_score_adds_the_circles() {
        // "Add all the numbers in the 3 'total meals' circles and the
        // 'column bonus' circle" (+ the achievements in the advanced version)
        let s = p([2, 5, 9], 1, [6, 0, 2]);
        assert_eq!(s.column_bonus(), 3);
        assert_eq!(s.total(), 2 + 5 + 9 + 3 + 6 + 2);
        assert!(s.doubts().is_empty());
        assert_eq!(p([3, 2, 16], 0, [0; 3]).doubts().len(), 2);
    }

    #[test]
    fn ties_go_to_the_most_column_bonus_then_are_shared() {
        // "In the case of a tie, the tied player with the most column bonus
        // points wins. If it is still tied, then the tied players win together."
        let a = p([4, 8, 12], 0, [0; 3]); // 24
        let b = p([3, 6, 9], 2, [0; 3]); // 18 + 6 = 24
        let c = p([2, 4, 6], 0, [0; 3]); // 12
        assert_eq!(paper_winners(&[a, b, c]), vec![1]);
        let d = p([3, 6, 9], 2, [0; 3]);
        assert_eq!(paper_winners(&[a, b, c, d]), vec![1, 3]);
        assert_eq!(paper_winners(&[c, a]), vec![1]);
        assert!(paper_winners(&[]).is_empty());
    }
}
