//! Argument types shared by several commands: a level and a variant as
//! the command line spells them.

use clap::ValueEnum;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use scribe_ai::Level;
use scribe_rules::Variant;

/// `--level`'s parser: a [`Level`] by its [`key`](Level::key)
/// (`beginner` … `champion`), each listed in the help with its
/// [`summary`](Level::summary).
#[must_use]
pub fn level_parser() -> impl TypedValueParser<Value = Level> {
    PossibleValuesParser::new(Level::ALL.map(|l| PossibleValue::new(l.key()).help(l.summary())))
        .try_map(|key| key.parse::<Level>())
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
