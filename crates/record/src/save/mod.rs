//! The RON save file: a [`GameRecord`]'s text and back.
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
//! an illegal move is refused with the move's number, square and reason. A
//! review that cannot be read, or whose figures contradict each other, is
//! dropped with a note; the game is kept.

mod scan;
#[cfg(test)]
mod tests;

use crate::{Ending, GameRecord, PlayerInfo, PlayerKind, Review};
use chrono::{DateTime, Utc};
use scan::{cut_review, scan_start};
use scribe_rules::{ByPlayer, Game, IllegalMove, Square, Variant, quote};
use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};

/// The save-file format version this program writes and reads.
pub const FORMAT_VERSION: u32 = 1;

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
    #[error("move {number}: {} is not a square (A1-I9){}", quote(text),
        super::describe_non_ascii(text).map_or(String::new(), |d| format!(" (it holds {d})")))]
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
    /// `started` and `finished` do not fit the game.
    #[error("{0}")]
    Dates(String),
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
    /// Nothing but white space and comments: neither a save file nor moves.
    #[error("the file is empty: it holds neither a saved game nor any moves")]
    Empty,
}

// Named as the file's shape, so that a file starting `SaveFile(` reads.
#[derive(Deserialize)]
#[serde(rename = "SaveFile")]
struct VersionProbe {
    format_version: u32,
}

// The file's shape. Unknown keys are refused, so that a misspelt key
// (`kinr:`) is an error rather than data silently dropped. `R` is the
// review as read: a [`Review`], or `IgnoredAny` to skip it unread when it
// cannot be read (the review is derived data; the game is kept). A new key
// is added here once, and is read and written by `to_ron` and `into_record`.
#[derive(Serialize, Deserialize)]
#[serde(
    rename = "SaveFile",
    deny_unknown_fields,
    bound(serialize = "R: Serialize", deserialize = "R: Deserialize<'de>")
)]
struct SaveFile<R = Review> {
    format_version: u32,
    variant: Variant,
    players: SavePlayers,
    moves: Vec<String>,
    #[serde(default)]
    started: Option<DateTime<Utc>>,
    #[serde(default)]
    finished: Option<DateTime<Utc>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ended: Option<Ending>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    review: Option<R>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavePlayers {
    x: SavePlayer,
    o: SavePlayer,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavePlayer {
    name: String,
    #[serde(default)]
    kind: PlayerKind,
}

impl From<&PlayerInfo> for SavePlayer {
    fn from(p: &PlayerInfo) -> SavePlayer {
        SavePlayer {
            name: p.name.clone(),
            kind: p.kind,
        }
    }
}

impl From<SavePlayer> for PlayerInfo {
    fn from(p: SavePlayer) -> PlayerInfo {
        PlayerInfo {
            name: p.name,
            kind: p.kind,
        }
    }
}

impl GameRecord {
    /// The save file's text.
    #[must_use]
    pub fn to_ron(&self) -> String {
        let file = SaveFile {
            format_version: FORMAT_VERSION,
            variant: self.variant,
            players: SavePlayers {
                x: SavePlayer::from(&self.players.x),
                o: SavePlayer::from(&self.players.o),
            },
            moves: self.game.moves().iter().map(ToString::to_string).collect(),
            started: self.started,
            finished: if self.is_over() { self.finished } else { None },
            ended: self.ended_early(),
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
    /// rules. Which one is told by the first character that is not white
    /// space or a comment (`//`, `/* */`, `#`): a save file starts with `(`
    /// (or a RON attribute `#![`). A byte-order mark at the start is skipped.
    ///
    /// # Errors
    /// Nothing but white space and comments ([`GameTextError::Empty`]); see
    /// also [`GameRecord::from_ron`] and [`crate::replay`].
    pub fn from_text(text: &str) -> Result<GameRecord, GameTextError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let start = scan_start(text);
        match start.save {
            None => Err(GameTextError::Empty),
            Some(true) if start.hash_comments.is_empty() => Ok(GameRecord::from_ron(text)?),
            Some(true) => {
                // `#` comments are the move list's, not RON's: blanked, so
                // that lines and columns still count as in the file.
                let mut ron = String::with_capacity(text.len());
                let mut from = 0;
                for r in &start.hash_comments {
                    ron.push_str(&text[from..r.start]);
                    ron.extend(text[r.clone()].chars().map(|_| ' '));
                    from = r.end;
                }
                ron.push_str(&text[from..]);
                Ok(GameRecord::from_ron(&ron)?)
            }
            Some(false) => Ok(GameRecord::from_game(crate::replay(text)?)),
        }
    }

    /// Reads a save file, replaying its moves through the rules.
    ///
    /// # Errors
    /// Bad RON (with line and column), a missing or unknown key (naming it),
    /// an unknown format version, a bad square or an illegal move (with its
    /// number), or dates that do not fit the game.
    pub fn from_ron(text: &str) -> Result<GameRecord, LoadError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let probe: VersionProbe = match ron::from_str(text) {
            Ok(probe) => probe,
            // A review that is not even RON must not hide the version.
            Err(e) => match cut_review(text, &e) {
                Some(cut) => ron::from_str(&cut).map_err(|_| syntax(&e))?,
                None => return Err(syntax(&e)),
            },
        };
        if probe.format_version != FORMAT_VERSION {
            return Err(LoadError::UnknownVersion {
                found: probe.format_version,
            });
        }
        let e = match ron::from_str::<SaveFile>(text) {
            Ok(mut file) => {
                let review = file.review.take();
                return file.into_record(review, None);
            }
            Err(e) => e,
        };
        // Readable without its review: keep the game, drop the review.
        let rest = match ron::from_str::<SaveFile<IgnoredAny>>(text) {
            Ok(rest) => rest,
            // Not even RON inside the review (`8forced:`): cut the review
            // out, if that is where the error is.
            Err(rest_e) => cut_review(text, &e)
                .and_then(|cut| ron::from_str::<SaveFile<IgnoredAny>>(&cut).ok())
                .ok_or_else(|| syntax(&rest_e))?,
        };
        rest.into_record(None, Some(syntax(&e).to_string()))
    }
}

/// A RON error as a [`LoadError`], with its line and column.
fn syntax(e: &ron::error::SpannedError) -> LoadError {
    LoadError::Syntax {
        line: e.span.start.line,
        column: e.span.start.col,
        message: crate::ron_message(&e.code),
    }
}

impl<R> SaveFile<R> {
    /// The game the file holds, its moves replayed through the rules and
    /// its dates checked, with `review` (the file's own, read apart) unless
    /// its figures contradict each other, and `review_note` saying why the
    /// review was dropped.
    fn into_record(
        self,
        mut review: Option<Review>,
        mut review_note: Option<String>,
    ) -> Result<GameRecord, LoadError> {
        if let Some(r) = &review
            && let Err(problem) = r.consistency()
        {
            review_note = Some(problem);
            review = None;
        }
        let review_note =
            review_note.map(|n| format!("the review was dropped (the game is kept): {n}"));
        if self.moves.len() > 81 {
            return Err(LoadError::TooManyMoves(self.moves.len()));
        }
        let mut game = Game::new();
        for (i, text) in self.moves.iter().enumerate() {
            let sq: Square = text.trim().parse().map_err(|_| LoadError::BadSquare {
                number: i + 1,
                text: text.clone(),
            })?;
            game.play(sq)?;
        }
        if self.ended.is_some() && game.position().is_over() {
            return Err(LoadError::Dates(
                "`ended` is set but the board is full: the game ended there".into(),
            ));
        }
        if let Some(finished) = self.finished {
            if !game.position().is_over() && self.ended.is_none() {
                return Err(LoadError::Dates(format!(
                    "`finished` is set but the game is not over ({} of 81 moves played)",
                    game.moves().len()
                )));
            }
            if let Some(started) = self.started
                && finished < started
            {
                return Err(LoadError::Dates(format!(
                    "`finished` ({}) is before `started` ({})",
                    finished.to_rfc3339(),
                    started.to_rfc3339()
                )));
            }
        }
        Ok(GameRecord {
            variant: self.variant,
            players: ByPlayer {
                x: self.players.x.into(),
                o: self.players.o.into(),
            },
            game,
            started: self.started,
            finished: self.finished,
            ended: self.ended,
            review: review.map(Box::new),
            review_note,
        })
    }
}
