//! RON save files.
//!
//! ```text
//! // Scribe Desk saved game
//! (
//!     format_version: 1,
//!     variant: Majority,
//!     players: (
//!         x: (name: "Ann", kind: Human),
//!         o: (name: "Computer", kind: Computer(Hard)),
//!     ),
//!     moves: ["D6", "H4", "C8"],
//!     started: Some("2026-11-22T07:31:10Z"),
//!     finished: None,
//! )
//! ```
//!
//! Loading replays every move through the rules, so a hand-edited file with
//! an illegal move is refused with the move's number, square and reason.

use crate::ai::Level;
use crate::rules::{ByPlayer, Game, IllegalMove, Player, Square, Variant};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// The save-file format version this program writes and reads.
pub const FORMAT_VERSION: u32 = 1;

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

/// A game with everything a save file holds.
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
    /// When the last square was filled.
    pub finished: Option<DateTime<Utc>>,
    /// The engine's review of the game, if one was made (see [`super::Review`]).
    pub review: Option<Box<super::Review>>,
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

/// Why a save file cannot be loaded. Every message says what and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    /// Not valid RON, or a field is missing or of the wrong type.
    #[error("line {line}, column {column}: {message}")]
    Syntax {
        /// One-based line.
        line: usize,
        /// One-based column.
        column: usize,
        /// What the parser found wrong.
        message: String,
    },
    /// A version this program does not know.
    #[error(
        "format version {found} is not supported (this program reads version {FORMAT_VERSION})"
    )]
    UnknownVersion {
        /// The version in the file.
        found: u32,
    },
    /// An entry of `moves` is not a square.
    #[error("move {number}: '{text}' is not a square (A1-I9)")]
    BadSquare {
        /// One-based move number.
        number: usize,
        /// The text found.
        text: String,
    },
    /// A move breaks the rules.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// More than 81 moves.
    #[error("the file has {0} moves; a game has at most 81")]
    TooManyMoves(usize),
}

/// Why a game text (a save file or a move list) cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameTextError {
    /// The text is a save file, and a bad one.
    #[error(transparent)]
    Save(#[from] LoadError),
    /// The text is a move list, and a bad one.
    #[error(transparent)]
    MoveList(#[from] super::MoveListError),
}

#[derive(Deserialize)]
struct VersionProbe {
    format_version: u32,
}

#[derive(Serialize, Deserialize)]
struct SaveFile {
    format_version: u32,
    variant: Variant,
    players: ByPlayer<PlayerInfo>,
    moves: Vec<String>,
    #[serde(default)]
    started: Option<DateTime<Utc>>,
    #[serde(default)]
    finished: Option<DateTime<Utc>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    review: Option<super::Review>,
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
            review: None,
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

    /// Name of a player.
    #[must_use]
    pub fn name(&self, p: Player) -> &str {
        &self.players[p].name
    }

    /// The save file's text.
    #[must_use]
    pub fn to_ron(&self) -> String {
        let file = SaveFile {
            format_version: FORMAT_VERSION,
            variant: self.variant,
            players: self.players.clone(),
            moves: self.game.moves().iter().map(ToString::to_string).collect(),
            started: self.started,
            finished: if self.game.position().is_over() {
                self.finished
            } else {
                None
            },
            review: self.review.as_deref().cloned(),
        };
        let config = ron::ser::PrettyConfig::new()
            .depth_limit(3)
            .compact_arrays(true);
        let body = ron::ser::to_string_pretty(&file, config)
            .unwrap_or_else(|e| format!("// could not write: {e}"));
        format!("// Scribe Desk saved game\n{body}\n")
    }

    /// Reads a save file or a move list, replaying every move through the
    /// rules. Which one is told by the first line that is not blank or a
    /// comment: a save file starts with `(`.
    ///
    /// # Errors
    /// See [`GameRecord::from_ron`] and [`super::replay`].
    pub fn from_text(text: &str) -> Result<GameRecord, GameTextError> {
        let first = text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with("//") && !l.starts_with('#'));
        if first.is_some_and(|l| l.starts_with('(') || l.starts_with("#![")) {
            Ok(GameRecord::from_ron(text)?)
        } else {
            Ok(GameRecord::from_game(super::replay(text)?))
        }
    }

    /// Reads a save file, replaying its moves through the rules.
    ///
    /// # Errors
    /// Bad RON (with line and column), a missing field, an unknown format
    /// version, a bad square or an illegal move (with its number).
    pub fn from_ron(text: &str) -> Result<GameRecord, LoadError> {
        let syntax = |e: ron::error::SpannedError| LoadError::Syntax {
            line: e.span.start.line,
            column: e.span.start.col,
            message: e.code.to_string(),
        };
        let probe: VersionProbe = ron::from_str(text).map_err(syntax)?;
        if probe.format_version != FORMAT_VERSION {
            return Err(LoadError::UnknownVersion {
                found: probe.format_version,
            });
        }
        let file: SaveFile = ron::from_str(text).map_err(syntax)?;
        if file.moves.len() > 81 {
            return Err(LoadError::TooManyMoves(file.moves.len()));
        }
        let mut game = Game::new();
        for (i, text) in file.moves.iter().enumerate() {
            let sq: Square = text.trim().parse().map_err(|_| LoadError::BadSquare {
                number: i + 1,
                text: text.clone(),
            })?;
            game.play(sq)?;
        }
        Ok(GameRecord {
            variant: file.variant,
            players: file.players,
            game,
            started: file.started,
            finished: file.finished,
            review: file.review.map(Box::new),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> GameRecord {
        let mut r = GameRecord::new(
            Variant::SuperGlyph,
            ByPlayer {
                x: PlayerInfo::human("Ann \"the pen\""),
                o: PlayerInfo {
                    name: "Computer".into(),
                    kind: PlayerKind::Computer(Level::Hard),
                },
            },
        );
        let now = DateTime::parse_from_rfc3339("2026-11-22T07:31:10Z")
            .unwrap()
            .with_timezone(&Utc);
        for sq in ["D6", "H4", "C8", "E2"] {
            r.play(sq.parse().unwrap(), now).unwrap();
        }
        r
    }

    #[test]
    fn round_trip() {
        let r = sample();
        let text = r.to_ron();
        assert!(text.contains("format_version: 1"), "{text}");
        assert_eq!(GameRecord::from_ron(&text).unwrap(), r);
    }

    #[test]
    fn errors_say_what_and_where() {
        let good = sample().to_ron();
        let e = GameRecord::from_ron(&good.replace("\"C8\"", "\"C0\"")).unwrap_err();
        assert_eq!(e.to_string(), "move 3: 'C0' is not a square (A1-I9)");
        let e = GameRecord::from_ron(&good.replace("\"C8\"", "\"D6\"")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "move 3 (D6): the square is already taken by X"
        );
        let e = GameRecord::from_ron(&good.replace("format_version: 1", "format_version: 7"))
            .unwrap_err();
        assert!(matches!(e, LoadError::UnknownVersion { found: 7 }), "{e}");
        let e = GameRecord::from_ron(&good.replace("variant: SuperGlyph,", "")).unwrap_err();
        assert!(e.to_string().contains("variant"), "{e}");
        let e = GameRecord::from_ron("(format_version: 1, variant: Majority,").unwrap_err();
        assert!(e.to_string().starts_with("line 1, column"), "{e}");
    }
}
