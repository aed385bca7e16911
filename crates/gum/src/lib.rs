//! Scribbly Gum (Phil Walker-Harding; an unofficial companion): every player
//! draws on their own tree at once; each turn the mother moth reveals a
//! movement tile and everyone draws one line that way from a filled circle,
//! collecting the food in the new circle; meals, extra moves, column bonuses
//! and achievements score.
//!
//! This crate is the game without a screen or paper: the tiles and the
//! deal ([`MotherMoth`]), the tree diagrams ([`Tree`], our own two in
//! [`tree()`]), a player's sheet and turn ([`Sheet`]), scoring and ties
//! ([`winners`], [`solo_rating`]), achievements ([`Achievements`]) and
//! simulated players ([`play_game`], [`balance`]). Of Scribe Desk's crates
//! it uses only the random numbers of [`scribe_rng`].

mod achieve;
mod paper;
mod play;
mod sim;
mod tiles;
mod tree;
mod trees;

pub use achieve::{Achievement, Achievements, Side, letter};
pub use paper::{COLUMN_BONUS, PaperScore, paper_winners};
pub use play::{Allowed, Choice, DrawError, Final, Sheet, solo_rating, winners};
pub use sim::{Balance, GameOutcome, Strategy, balance, play_game};
pub use tiles::{Dir, MotherMoth, Movement, RoundDeal, TILES, deal_game, deal_round};
pub use tree::{Circle, Food, Line, Node, Tracker, Tree, TreeError};
pub use trees::{IRONBARK_ART, PAPERBARK_ART, TREE_NAMES, tracker, tree};

/// The credit printed on paper and shown on screen.
pub const CREDIT: &str =
    "Scribbly Gum by Phil Walker-Harding. An unofficial companion; trees of our own design.";
