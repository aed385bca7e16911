//! The game as kept: the moves, the players' names and kinds, the dates,
//! how it ended and the engine's review. What a save file holds; the file's
//! text and reading it back are `save/`'s business
//! ([`GameRecord::to_ron`], [`GameRecord::from_text`]).

use chrono::{DateTime, Utc};
use scribe_ai::Level;
use scribe_rules::{ByPlayer, Game, IllegalMove, Player, Square, Variant};
use serde::{Deserialize, Serialize};

/// Who plays a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum PlayerKind {
    /// A person at the keyboard.
    #[default]
    Human,
    /// The computer, at a level.
    Computer(Level),
}

/// A player's name and kind.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerInfo {
    /// Display name.
    pub name: String,
    /// Human or computer.
    #[serde(default)]
    pub kind: PlayerKind,
}

impl PlayerInfo {
    /// A human player with a name.
    #[must_use]
    pub fn human(name: impl Into<String>) -> PlayerInfo {
        PlayerInfo {
            name: name.into(),
            kind: PlayerKind::Human,
        }
    }
}

/// How a game ended before its board was full. The player named is the one
/// who lost that way; the other wins, whatever the board says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ending {
    /// The player resigned.
    Resigned(Player),
    /// The player ran out of time and the other claimed the game.
    OutOfTime(Player),
}

impl Ending {
    /// The player who lost.
    #[must_use]
    pub fn loser(self) -> Player {
        match self {
            Ending::Resigned(p) | Ending::OutOfTime(p) => p,
        }
    }

    /// The winner.
    #[must_use]
    pub fn winner(self) -> Player {
        self.loser().other()
    }

    /// In words, with the loser's name: "Ann resigned", "Ann ran out of time".
    #[must_use]
    pub fn describe(self, loser_name: &str) -> String {
        match self {
            Ending::Resigned(_) => format!("{loser_name} resigned"),
            Ending::OutOfTime(_) => format!("{loser_name} ran out of time"),
        }
    }
}

/// A game as kept: everything a save file holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// How the overall winner is decided.
    pub variant: Variant,
    /// Both players.
    pub players: ByPlayer<PlayerInfo>,
    /// The moves and the position they lead to.
    pub game: Game,
    /// When the game was started.
    pub started: Option<DateTime<Utc>>,
    /// When the last square was filled, or the game otherwise ended.
    pub finished: Option<DateTime<Utc>>,
    /// How the game ended before its board was full (a resignation, a
    /// claim on time), if it did.
    pub ended: Option<Ending>,
    /// The engine's review of the game, if one was made (see [`super::Review`]).
    pub review: Option<Box<super::Review>>,
    /// Why the save file's review was dropped when it was read (it could not
    /// be read, or its figures contradict each other), e.g. "line 12,
    /// column 9: unknown key 'forcd' (...)". The game itself is kept.
    pub review_note: Option<String>,
}

impl Default for GameRecord {
    fn default() -> Self {
        GameRecord::new(Variant::Majority, default_players())
    }
}

fn default_players() -> ByPlayer<PlayerInfo> {
    ByPlayer {
        x: PlayerInfo::human("X"),
        o: PlayerInfo::human("O"),
    }
}

impl GameRecord {
    /// A new, empty game.
    #[must_use]
    pub fn new(variant: Variant, players: ByPlayer<PlayerInfo>) -> GameRecord {
        GameRecord {
            variant,
            players,
            game: Game::new(),
            started: None,
            finished: None,
            ended: None,
            review: None,
            review_note: None,
        }
    }

    /// A record for a bare move list: Majority, players named X and O, no dates.
    #[must_use]
    pub fn from_game(game: Game) -> GameRecord {
        GameRecord {
            game,
            ..GameRecord::default()
        }
    }

    /// Plays a move, stamping `started` on the first move and `finished` on the last.
    ///
    /// # Errors
    /// An illegal move; the record is unchanged.
    pub fn play(&mut self, sq: Square, now: DateTime<Utc>) -> Result<(), IllegalMove> {
        self.game.play(sq)?;
        self.started.get_or_insert(now);
        if self.game.position().is_over() {
            self.finished = Some(now);
        }
        Ok(())
    }

    /// Whether the game is over: its board is full, or it ended early.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.game.position().is_over() || self.ended.is_some()
    }

    /// How the game ended early, if it did while moves were still to play
    /// (an ending recorded on a full board is the board's, not this).
    #[must_use]
    pub fn ended_early(&self) -> Option<Ending> {
        self.ended.filter(|_| !self.game.position().is_over())
    }

    /// The winner: the board's, or the player who did not resign or run out
    /// of time. `None` for an unfinished game or a tie.
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        match self.ended_early() {
            Some(e) => Some(e.winner()),
            None if self.game.position().is_over() => {
                self.game.position().result().winner(self.variant)
            }
            None => None,
        }
    }

    /// Name of a player.
    #[must_use]
    pub fn name(&self, p: Player) -> &str {
        &self.players[p].name
    }
}
