//! More games → Scribbly Gum (Phil Walker-Harding; an unofficial companion
//! with trees of our own design): the app as the mother moth for players on
//! paper ([`MothGame`]), a score helper for their sheets ([`ScoreHelper`]),
//! and a solo game on screen on our trees ([`SoloGame`]). The rules are
//! [`scribe_gum`]'s; this is their session without egui ([`GumSession`],
//! unit-tested) and its views (`view/`). The mode that puts it in front of
//! the game is [`crate::modes`]'s `GumMode`.

mod mode;
mod moth;
mod score;
mod session;
mod solo;
pub(crate) mod view;

pub(crate) use mode::GumMode;
pub use moth::{MothGame, Version};
pub use score::ScoreHelper;
pub use session::{GumSession, Screen, Setup};
pub use solo::SoloGame;

use scribe_gum::Food;

/// "1 point", "6 points".
#[must_use]
pub fn points(n: u32) -> String {
    if n == 1 {
        "1 point".to_string()
    } else {
        format!("{n} points")
    }
}

/// What the player asks for in the Scribbly Gum mode.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GumAction {
    /// Show one of the mode's pages.
    Show(Screen),
    /// Open or close the rules page.
    Rules(bool),
    /// The setup form was edited.
    Setup(Setup),
    /// Start the page's game with the setup.
    Start,
    /// Back to the page's setup (a new game).
    NewGame,
    /// Turn over the next movement tile (the button, Space or Enter).
    Next,
    /// The mother moth records: player `.0` scored achievement `.1`.
    Claim(usize, usize),
    /// Takes back a claim of this turn.
    Unclaim(usize, usize),
    /// Solo: the achievement chosen to flip (or remove) at a round's start.
    SoloFlip(usize),
    /// Score helper: player, round (0–2), meals.
    Meals(usize, usize, u32),
    /// Score helper: player, full columns.
    Columns(usize, u32),
    /// Score helper: player, achievement (0–2), points.
    AchievementPoints(usize, usize, u32),
    /// Score helper: a player's name.
    ScoreName(usize, String),
    /// Score helper: one more player (true) or one fewer.
    ScorePlayers(bool),
    /// Score helper: take the names and achievements from the mother moth's game.
    ScoreFromMoth,
    /// Solo: draw the line to this circle (a click on it).
    Draw(usize),
    /// Solo: the keyboard's choice among the lines allowed moves on (+1) or back (-1).
    Select(i32),
    /// Solo: draw the line chosen with the keyboard.
    DrawSelected,
    /// Solo: the food chosen for a wild circle.
    Wild(Food),
}
