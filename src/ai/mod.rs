//! The computer opponent. Depends on [`crate::rules`] only.

use serde::{Deserialize, Serialize};
use std::fmt;

/// How strongly the computer plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Level {
    /// A beginner can beat it.
    Easy,
    /// A fair game for a casual player.
    #[default]
    Medium,
    /// About a second a move.
    Hard,
    /// Both cores, a few seconds a move.
    Expert,
}

impl Level {
    /// All levels, weakest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    /// Human-readable name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Expert => "Expert",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
