//! Each level's measured strength and speed, where players choose a level
//! (the app's New game, the online panel, the server's `GET /computers`
//! and its web lobby).

use crate::Level;
use std::time::Duration;

/// Champion's time a move, in microseconds (see [`Level::think`]).
const CHAMPION_THINK_MICROS: u64 = 860_000;
/// Champion's time a move in the opening, quiet machine (see [`Level::think`]).
const OPENING_SECONDS: f64 = 2.0;
/// Champion's longest move seen in the app on a loaded 2-core machine
/// (5.8 s, issue 43), rounded up: what "busy" may cost.
const BUSY_SECONDS: u32 = 6;

impl Level {
    /// The level's rating on the Elo scale of `scribe rate`, where the
    /// 2010 Android app's computer is 1000 (Majority), rounded to 10; `None`
    /// for a level not yet rated (none today; the clients say "not yet
    /// rated").
    ///
    /// Measured 2026-11-26 with `scribe rate --results
    /// docs/level-results.txt --fit-only`: the ladder's 40-game matches
    /// between neighbours (Champion's against Grandmaster too) and 20 games
    /// (`--seed 1001`) between every other pair of android and Beginner to
    /// Grandmaster, and games of Expert and above against the plain UCT
    /// test opponent, `scribe match` on a release build. The table with its
    /// error bars (±90 to ±290) is in docs/STRENGTH.md, "The level ladder".
    #[must_use]
    pub const fn rating(self) -> Option<u32> {
        match self {
            Level::Beginner => Some(1010),
            Level::Easy => Some(1250),
            Level::Medium => Some(1450),
            Level::Hard => Some(1620),
            Level::Expert => Some(1850),
            Level::Master => Some(2030),
            Level::Grandmaster => Some(2740),
            Level::Champion => Some(3100),
        }
    }

    /// The time a move the level quotes: its average over whole games on a
    /// quiet machine, release build, measured 2026-11-26 with the faster
    /// solver. Below Champion, four games against itself (`scribe match --a
    /// L --b L --games 4 --seed 1001`; to 0.1 ms, Beginner and Easy under
    /// it): Medium 0.1 ms, Hard 0.3 ms, Expert 1.8 ms, Master 11 ms,
    /// Grandmaster 22 ms. Champion's: `scribe match --a champion --b
    /// plain-uct:800000 --games 2 --seed 101`, 0.86 s (0.88 s before the
    /// faster solver; about 2 s a move in the opening, the solver's endgame
    /// quick). The round robin's times, on the shared machine at load average
    /// 8-12, were several times these (docs/STRENGTH.md's ratings table).
    /// Levels are playout budgets, so a faster machine is faster at the
    /// same strength.
    #[must_use]
    pub const fn think(self) -> Duration {
        Duration::from_micros(match self {
            Level::Beginner | Level::Easy | Level::Medium => 100,
            Level::Hard => 300,
            Level::Expert => 1_800,
            Level::Master => 11_200,
            Level::Grandmaster => 21_600,
            Level::Champion => CHAMPION_THINK_MICROS,
        })
    }

    /// The quoted time a move in words: "under 0.01 s a move", "about
    /// 0.02 s a move", "about 0.9 s a move".
    #[must_use]
    pub fn think_text(self) -> String {
        let s = self.think().as_secs_f64();
        // Champion's budget is playouts, not time: what a player meets on a
        // laptop that is doing other things (the issue measured 2.5-5.8 s in
        // the app on a loaded machine) is quoted with the quiet figure
        if self == Level::Champion {
            return format!(
                "about {s:.1} s a move ({:.0} s in the opening), up to {BUSY_SECONDS} s on a busy computer",
                OPENING_SECONDS
            );
        }
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

    /// "rated 1620" or "not yet rated".
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
    fn ratings_grow_with_the_level() {
        let rated: Vec<u32> = Level::ALL.iter().filter_map(|l| l.rating()).collect();
        assert_eq!(rated.len(), Level::ALL.len(), "{rated:?}");
        assert!(rated.windows(2).all(|w| w[0] < w[1]), "{rated:?}");
        assert!(rated.iter().all(|r| r % 10 == 0), "{rated:?}");
        // the full engine is the slowest by far; every other level answers
        // within a quarter of its time
        for level in Level::ALL {
            if level != Level::Champion {
                assert!(level.think() < Duration::from_secs(1), "{level}");
                assert!(level.think() * 4 < Level::Champion.think(), "{level}");
            }
        }
    }

    #[test]
    fn the_words_for_a_level() {
        assert_eq!(Level::Beginner.think_text(), "under 0.01 s a move");
        assert_eq!(
            Level::Champion.think_text(),
            "about 0.9 s a move (2 s in the opening), up to 6 s on a busy computer"
        );
        assert_eq!(Level::Hard.think_text(), "under 0.01 s a move");
        assert_eq!(Level::Expert.think_text(), "under 0.01 s a move");
        for level in [Level::Master, Level::Grandmaster] {
            let words = level.think_text();
            assert!(
                words.starts_with("about 0.") && words.ends_with(" s a move"),
                "{words}"
            );
        }
        assert_eq!(
            Level::Hard.rating_text(),
            format!("rated {}", Level::Hard.rating().unwrap())
        );
    }
}
