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
use crate::rules::{ByPlayer, Game, IllegalMove, Player, Square, Variant, quote};
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

// The file's shape with the review skipped unread: what is left of a file
// whose review cannot be read (the review is derived data; the game is kept).
#[derive(Deserialize)]
#[serde(rename = "SaveFile", deny_unknown_fields)]
struct SaveFileWithoutReview {
    format_version: u32,
    variant: Variant,
    players: SavePlayers,
    moves: Vec<String>,
    #[serde(default)]
    started: Option<DateTime<Utc>>,
    #[serde(default)]
    finished: Option<DateTime<Utc>>,
    #[serde(default)]
    ended: Option<Ending>,
    #[serde(default, rename = "review")]
    _review: Option<serde::de::IgnoredAny>,
}

// The file's shape. Unknown keys are refused, so that a misspelt key
// (`kinr:`) is an error rather than data silently dropped.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SaveFile {
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
    review: Option<super::Review>,
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

/// What the start of a game text says it is.
struct Start {
    /// A save file (`Some(true)`), a move list (`Some(false)`) or nothing but
    /// white space and comments (`None`).
    save: Option<bool>,
    /// The byte ranges of `#` comment lines before a save file's `(`: not
    /// RON, so blanked before the RON parser reads the file.
    hash_comments: Vec<std::ops::Range<usize>>,
}

/// Whether a text is a save file, a move list or nothing but white space
/// and comments, told by its first character that is not white space or a
/// comment (`//`, `/* */`, `#`): a save file starts with `(`, a RON
/// attribute `#![`, or a name and `(` (`SaveFile(`).
fn scan_start(text: &str) -> Start {
    let mut hash_comments = Vec::new();
    let mut rest = text.strip_prefix('\u{feff}').unwrap_or(text);
    let at = |rest: &str| text.len() - rest.len();
    let save = loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            break None;
        }
        if rest.starts_with("#![") || rest.starts_with('(') || starts_with_struct_name(rest) {
            break Some(true);
        }
        if rest.starts_with("//") || rest.starts_with('#') {
            let end = rest.find('\n').unwrap_or(rest.len());
            if rest.starts_with('#') {
                hash_comments.push(at(rest)..at(rest) + end);
            }
            rest = &rest[end..];
        } else if rest.starts_with("/*") {
            // RON block comments nest.
            let mut depth = 0usize;
            let mut end = None;
            let bytes = rest.as_bytes();
            let mut i = 0;
            while i + 1 < bytes.len() {
                match (bytes[i], bytes[i + 1]) {
                    (b'/', b'*') => {
                        depth += 1;
                        i += 2;
                    }
                    (b'*', b'/') => {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            end = Some(i);
                            break;
                        }
                    }
                    _ => i += 1,
                }
            }
            match end {
                Some(i) => rest = &rest[i..],
                // An unclosed comment: let the RON parser say so.
                None => break Some(true),
            }
        } else {
            break Some(false);
        }
    };
    Start {
        save,
        hash_comments,
    }
}

/// Whether `text` starts with a name and `(` (`SaveFile(`, as RON allows a
/// struct's name before it): never a move list, where `(` has no place.
fn starts_with_struct_name(text: &str) -> bool {
    let name_len = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    name_len > 0
        && text.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && text[name_len..].trim_start().starts_with('(')
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
    /// also [`GameRecord::from_ron`] and [`super::replay`].
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
            Some(false) => Ok(GameRecord::from_game(super::replay(text)?)),
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
        let syntax = |e: ron::error::SpannedError| LoadError::Syntax {
            line: e.span.start.line,
            column: e.span.start.col,
            message: super::ron_message(&e.code),
        };
        let probe: VersionProbe = match ron::from_str(text) {
            Ok(probe) => probe,
            // A review that is not even RON must not hide the version.
            Err(e) => match cut_review(text, &e) {
                Some(cut) => ron::from_str(&cut).map_err(|_| syntax(e))?,
                None => return Err(syntax(e)),
            },
        };
        if probe.format_version != FORMAT_VERSION {
            return Err(LoadError::UnknownVersion {
                found: probe.format_version,
            });
        }
        let (file, mut review_note) = match ron::from_str::<SaveFile>(text) {
            Ok(file) => (file, None),
            // Readable without its review: keep the game, drop the review.
            Err(e) => match ron::from_str::<SaveFileWithoutReview>(text) {
                Ok(rest) => (rest.into_file(), Some(syntax(e).to_string())),
                // Not even RON inside the review (`8forced:`): cut the
                // review out, if that is where the error is.
                Err(rest_e) => match cut_review(text, &e)
                    .and_then(|cut| ron::from_str::<SaveFileWithoutReview>(&cut).ok())
                {
                    Some(rest) => (rest.into_file(), Some(syntax(e).to_string())),
                    None => return Err(syntax(rest_e)),
                },
            },
        };
        let mut review = file.review;
        if let Some(r) = &review
            && let Err(problem) = r.consistency()
        {
            review_note = Some(problem);
            review = None;
        }
        let review_note =
            review_note.map(|n| format!("the review was dropped (the game is kept): {n}"));
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
        if file.ended.is_some() && game.position().is_over() {
            return Err(LoadError::Dates(
                "`ended` is set but the board is full: the game ended there".into(),
            ));
        }
        if let Some(finished) = file.finished {
            if !game.position().is_over() && file.ended.is_none() {
                return Err(LoadError::Dates(format!(
                    "`finished` is set but the game is not over ({} of 81 moves played)",
                    game.moves().len()
                )));
            }
            if let Some(started) = file.started
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
            variant: file.variant,
            players: ByPlayer {
                x: file.players.x.into(),
                o: file.players.o.into(),
            },
            game,
            started: file.started,
            finished: file.finished,
            ended: file.ended,
            review: review.map(Box::new),
            review_note,
        })
    }
}

/// The text with the value of `review` replaced by `None`, when the parse
/// error `e` lies inside it.
fn cut_review(text: &str, e: &ron::error::SpannedError) -> Option<String> {
    let r = review_span(text)?;
    r.contains(&byte_at(text, e.span.start))
        .then(|| format!("{}None{}", &text[..r.start], &text[r.end..]))
}

/// The byte offset of a one-based line and column (in characters).
fn byte_at(text: &str, at: ron::error::Position) -> usize {
    let line_start: usize = text
        .split_inclusive('\n')
        .take(at.line.saturating_sub(1))
        .map(str::len)
        .sum();
    let line = &text[line_start.min(text.len())..];
    line_start
        + line
            .char_indices()
            .nth(at.col.saturating_sub(1))
            .map_or(line.len(), |(i, _)| i)
}

/// Where the value of the top-level key `review` is in a save file's text
/// (from after `review:` to the `,` or `)` that ends it), found by counting
/// brackets outside strings and comments; `None` if there is no such key.
fn review_span(text: &str) -> Option<std::ops::Range<usize>> {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    let mut value_start = None;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i = text[i + 2..]
                    .find("*/")
                    .map_or(bytes.len(), |e| i + 2 + e + 1);
            }
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                if depth == 1 && value_start.is_some() {
                    return value_start.map(|s| s..i);
                }
                depth = depth.saturating_sub(1);
            }
            b',' if depth == 1 && value_start.is_some() => return value_start.map(|s| s..i),
            b'r' if depth == 1
                && value_start.is_none()
                && text[i..].starts_with("review")
                && !text[..i].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_') =>
            {
                let after = text[i + "review".len()..].trim_start();
                if let Some(rest) = after.strip_prefix(':') {
                    value_start = Some(text.len() - rest.len());
                    i = value_start.unwrap_or(i);
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

impl SaveFileWithoutReview {
    fn into_file(self) -> SaveFile {
        SaveFile {
            format_version: self.format_version,
            variant: self.variant,
            players: self.players,
            moves: self.moves,
            started: self.started,
            finished: self.finished,
            ended: self.ended,
            review: None,
        }
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

    fn full_game_ron() -> String {
        let moves = include_str!("../../tests/data/full_game.txt");
        let mut r = GameRecord::from_game(crate::record::replay(moves).unwrap());
        r.started = Some("2026-11-22T07:00:00Z".parse().unwrap());
        r.finished = Some("2026-11-22T08:00:00Z".parse().unwrap());
        r.to_ron()
    }

    #[test]
    fn unknown_keys_are_refused_naming_key_and_line() {
        let good = sample().to_ron();
        let kinr = good.replace("kind: Human", "kinr: Human");
        assert_ne!(kinr, good);
        let e = GameRecord::from_ron(&kinr).unwrap_err().to_string();
        let line = kinr.lines().position(|l| l.contains("kinr")).unwrap() + 1;
        assert!(e.starts_with(&format!("line {line}, column")), "{e}");
        assert!(e.contains("unknown key 'kinr'"), "{e}");
        assert!(e.contains("`kind`"), "{e}");
        let full = full_game_ron();
        let fynished = full.replace("finished:", "fynished:");
        let e = GameRecord::from_ron(&fynished).unwrap_err().to_string();
        let line = fynished
            .lines()
            .position(|l| l.contains("fynished"))
            .unwrap()
            + 1;
        assert!(e.starts_with(&format!("line {line}, column")), "{e}");
        assert!(e.contains("unknown key 'fynished'"), "{e}");
        assert!(!e.contains("SaveFile"), "no internal names: {e}");
        let e = GameRecord::from_ron(&good.replace("variant: SuperGlyph,", ""))
            .unwrap_err()
            .to_string();
        assert!(e.contains("the key `variant` is missing"), "{e}");
    }

    #[test]
    fn empty_texts_are_refused() {
        for text in [
            "",
            "  \n\t\n",
            "// nothing\n",
            "# only a comment\n",
            "/* x */",
            "\u{feff}",
        ] {
            let e = GameRecord::from_text(text).unwrap_err();
            assert_eq!(e, GameTextError::Empty, "{text:?}");
            assert!(e.to_string().contains("the file is empty"), "{e}");
        }
    }

    #[test]
    fn dates_must_fit_the_game() {
        let full = full_game_ron();
        assert!(GameRecord::from_ron(&full).is_ok());
        let swapped = full
            .replace("2026-11-22T07:00:00Z", "T1")
            .replace("2026-11-22T08:00:00Z", "2026-11-22T07:00:00Z")
            .replace("T1", "2026-11-22T08:00:00Z");
        let e = GameRecord::from_ron(&swapped).unwrap_err().to_string();
        assert!(
            e.contains("`finished` (2026-11-22T07:00:00+00:00) is before `started`"),
            "{e}"
        );
        let ten = sample()
            .to_ron()
            .replace("finished: None", "finished: Some(\"2026-11-22T08:00:00Z\")");
        let e = GameRecord::from_ron(&ten).unwrap_err().to_string();
        assert_eq!(
            e,
            "`finished` is set but the game is not over (4 of 81 moves played)"
        );
    }

    #[test]
    fn a_resigned_game_keeps_how_it_ended() {
        let mut r = sample();
        r.ended = Some(Ending::Resigned(Player::O));
        r.finished = r.started;
        let text = r.to_ron();
        assert!(text.contains("ended: Some(Resigned(O))"), "{text}");
        let back = GameRecord::from_ron(&text).unwrap();
        assert_eq!(back, r);
        assert!(back.is_over());
        assert_eq!(back.winner(), Some(Player::X));
        // An ending on a full board contradicts the board.
        let full = full_game_ron().replacen(
            "    finished:",
            "    ended: Some(OutOfTime(X)),\n    finished:",
            1,
        );
        assert!(full.contains("ended:"), "{full}");
        let e = GameRecord::from_ron(&full).unwrap_err().to_string();
        assert_eq!(
            e,
            "`ended` is set but the board is full: the game ended there"
        );
        // Files written before `ended` existed still load, unfinished.
        let old = sample().to_ron();
        assert!(!old.contains("ended"), "{old}");
        assert!(!GameRecord::from_ron(&old).unwrap().is_over());
    }

    #[test]
    fn a_bom_or_block_comment_before_a_save_is_still_a_save() {
        let good = sample().to_ron();
        for text in [
            format!("\u{feff}{good}"),
            format!("/* a game\n   from last night */\n{good}"),
            format!("/* outer /* nested */ still */ {good}"),
            format!("\u{feff}/* c */\n// d\n{good}"),
        ] {
            assert_eq!(GameRecord::from_text(&text).unwrap(), sample(), "{text}");
        }
        // A move list with comments is still a move list.
        let r = GameRecord::from_text("# opening\n/* not ron */ D6").unwrap_err();
        assert!(matches!(r, GameTextError::MoveList(_)), "{r}");
    }

    #[test]
    fn a_review_that_is_not_even_ron_is_cut_out() {
        let mut r = sample();
        let config = crate::ai::review::ReviewConfig::quick();
        let stop = std::sync::atomic::AtomicBool::new(false);
        let review = crate::ai::review::review_game(
            r.game.moves(),
            r.variant,
            &config,
            1,
            &mut |_, _| {},
            &stop,
        )
        .unwrap();
        r.review = Some(Box::new(crate::record::Review::from_engine(
            &review, &config, 1,
        )));
        let good = r.to_ron();
        assert_eq!(GameRecord::from_ron(&good).unwrap(), r);
        for bad in [
            good.replacen("forced:", "8forced:", 1),
            good.replacen("class:", "class: @ \"a ) string\" /* ) */", 1),
            good.replacen("win_after:", "win_after: [1, (2)] ", 1),
        ] {
            let read = GameRecord::from_ron(&bad).unwrap();
            assert_eq!(read.game, r.game, "{bad}");
            assert_eq!(read.review, None);
            let note = read.review_note.unwrap();
            assert!(note.contains("line "), "{note}");
            assert!(!note.contains("r#"), "{note}");
        }
        // An error outside the review still refuses the file.
        let e = GameRecord::from_ron(&good.replacen("variant:", "8variant:", 1)).unwrap_err();
        assert!(e.to_string().contains("'8variant' is not a key"), "{e}");
    }

    #[test]
    fn deep_nesting_is_reworded() {
        let text = format!("(format_version: 1, variant: {}", "[".repeat(500));
        let e = GameRecord::from_ron(&text).unwrap_err().to_string();
        assert!(e.contains("nested too deeply"), "{e}");
        assert!(!e.contains("serde_stacker") && !e.contains("ron::"), "{e}");
    }

    #[test]
    fn long_bad_squares_are_cut() {
        let good = sample().to_ron();
        let long = "Q".repeat(10_000);
        let e = GameRecord::from_ron(&good.replace("\"C8\"", &format!("\"{long}\"")))
            .unwrap_err()
            .to_string();
        assert!(e.len() < 120, "{e}");
        assert!(e.contains("(10000 characters)"), "{e}");
    }
}
