//! Argument types shared by several commands: a level and a variant as
//! the command line spells them.

use clap::ValueEnum;
use scribe_ai::Level;
use scribe_rules::Variant;

/// A level on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LevelArg {
    /// Plays like a person who has just learned the rules.
    Beginner,
    /// A step above Beginner.
    Easy,
    /// A fair game for a casual player.
    Medium,
    /// Strong in the endgame.
    Hard,
    /// Both cores, a few milliseconds a move.
    Expert,
    /// Both cores, four times Expert's playouts.
    Master,
    /// Both cores, a few hundredths of a second a move.
    Grandmaster,
    /// The full engine: both cores, about 1 s a move.
    Champion,
}

impl From<LevelArg> for Level {
    fn from(l: LevelArg) -> Level {
        match l {
            LevelArg::Beginner => Level::Beginner,
            LevelArg::Easy => Level::Easy,
            LevelArg::Medium => Level::Medium,
            LevelArg::Hard => Level::Hard,
            LevelArg::Expert => Level::Expert,
            LevelArg::Master => Level::Master,
            LevelArg::Grandmaster => Level::Grandmaster,
            LevelArg::Champion => Level::Champion,
        }
    }
}

/// A variant on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum VariantArg {
    /// Whoever wins more mini grids wins.
    Majority,
    /// Won mini grids are scored as glyphs on a 3x3 board.
    Super,
}

impl From<VariantArg> for Variant {
    fn from(v: VariantArg) -> Variant {
        match v {
            VariantArg::Majority => Variant::Majority,
            VariantArg::Super => Variant::SuperGlyph,
        }
    }
}
