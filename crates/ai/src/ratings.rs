//! Each level's measured strength and speed, where players choose a level
//! (the app's New game, the online panel, the server's `GET /computers`
//! and its web lobby).

use crate::Level;
use std::time::Duration;

impl Level {
    /// The level's rating on the Elo scale of `scribe rate`, where the
    /// 2010 Android app's computer is 1000 (Majority), rounded to 10; `None`
    /// while it is not yet rated.
    ///
    /// Measured 2026-11-26 with `scribe rate --results
    /// docs/level-results.txt --fit-only` (a round robin of `scribe match`
    /// games, release build; the table with error bars is in the README's
    /// "The level ladder").
    #[must_use]
    pub const fn rating(self) -> Option<u32> {
        match self {
            Level::Beginner => Some(1020),
            Level::Easy => Some(1310),
            Level::Medium => Some(1540),
            Level::Hard => Some(1750),
            Level::Expert => Some(2040),
            Level::Master => Some(2270),
            Level::Grandmaster => Some(3030),
            Level::Champion => None,
        }
    }

    /// The time a move the level quotes: its average over the round robin's
    /// games (`scribe match` on the shared 2-core machine, release build;
    /// Champion from its calibration with `scribe move`). Levels are
    /// playout budgets, so a faster machine is faster at the same strength.
    #[must_use]
    pub const fn think(self) -> Duration {
        Duration::from_millis(match self {
            Level::Beginner => 1,
            Level::Easy => 1,
            Level::Medium => 2,
            Level::Hard => 7,
            Level::Expert => 19,
            Level::Master => 40,
            Level::Grandmaster => 90,
            Level::Champion => 3000,
        })
    }

    /// The quoted time a move in words: "under 0.01 s a move", "about
    /// 0.02 s a move", "about 3 s a move".
    #[must_use]
    pub fn think_text(self) -> String {
        let s = self.think().as_secs_f64();
        if s < 0.01 {
            "under 0.01 s a move".to_string()
        } else if s < 0.1 {
            format!("about {s:.2} s a move")
        } else if s < 1.0 {
            format!("about {s:.1} s a move")
        } else {
            format!("about {s:.0} s a move")
        }
    }

    /// "rated 1750" or "not yet rated".
    #[must_use]
    pub fn rating_text(self) -> String {
        self.rating()
            .map_or_else(|| "not yet rated".to_string(), |r| format!("rated {r}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratings_and_times_grow_with_the_level() {
        let rated: Vec<u32> = Level::ALL.iter().filter_map(|l| l.rating()).collect();
        assert!(rated.len() >= 7, "{rated:?}");
        assert!(rated.windows(2).all(|w| w[0] < w[1]), "{rated:?}");
        assert!(rated.iter().all(|r| r % 10 == 0), "{rated:?}");
        let times: Vec<Duration> = Level::ALL.iter().map(|l| l.think()).collect();
        assert!(times.windows(2).all(|w| w[0] <= w[1]), "{times:?}");
    }

    #[test]
    fn the_words_for_a_level() {
        assert_eq!(Level::Beginner.think_text(), "under 0.01 s a move");
        assert_eq!(Level::Champion.think_text(), "about 3 s a move");
        assert_eq!(Level::Grandmaster.think_text(), "about 0.09 s a move");
        assert_eq!(
            Level::Hard.rating_text(),
            format!("rated {}", Level::Hard.rating().unwrap())
        );
    }
}
