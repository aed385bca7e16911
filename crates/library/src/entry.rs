//! One game of the library as the table lists it: a [`Summary`] of its save
//! file (players, kind of opponent, variant, both variants' scores, moves,
//! how it ended), or the reason the file cannot be read.

use chrono::{DateTime, Utc};
use scribe_ai::Level;
use scribe_record::{Ending, GameRecord, PlayerInfo, PlayerKind};
use scribe_rules::{ByPlayer, Player, Variant};
use serde::{Deserialize, Serialize};

/// Who the other side was, as the table's "Opponent" column and the
/// filters say it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Opponent {
    /// Two people at one laptop (or a paper board).
    Person,
    /// The computer, at a level.
    Computer(LevelKey),
    /// A game played on a server.
    Online,
}

/// A computer level, ordered weakest first (for sorting and the
/// statistics' suggestion).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct LevelKey(pub u8);

impl LevelKey {
    /// The key of `level`.
    #[must_use]
    pub fn of(level: Level) -> LevelKey {
        let i = Level::ALL.iter().position(|l| *l == level).unwrap_or(0);
        LevelKey(u8::try_from(i).unwrap_or(0))
    }

    /// The level.
    #[must_use]
    pub fn level(self) -> Level {
        Level::ALL
            .get(usize::from(self.0))
            .copied()
            .unwrap_or_default()
    }
}

impl Opponent {
    /// In words: "person", "computer (Hard)", "online".
    #[must_use]
    pub fn describe(self) -> String {
        match self {
            Opponent::Person => "person".to_string(),
            Opponent::Computer(l) => format!("computer ({})", l.level().name()),
            Opponent::Online => "online".to_string(),
        }
    }
}

/// Where the game is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum State {
    /// Saved before its end.
    InProgress,
    /// Over: the board is full, or a player resigned or ran out of time.
    Finished,
}

/// What the table shows of a readable save file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    /// When the game started (its first move).
    pub started: Option<DateTime<Utc>>,
    /// When it ended.
    pub finished: Option<DateTime<Utc>>,
    /// The variant the game was played for.
    pub variant: Variant,
    /// Both players, as the file names them.
    pub players: ByPlayer<PlayerInfo>,
    /// Who the other side was.
    pub opponent: Opponent,
    /// In progress or finished.
    pub state: State,
    /// The winner under the game's variant (or by resignation); `None` for a
    /// tie or a game in progress.
    pub winner: Option<Player>,
    /// Mini grids won by X and O.
    pub majority: ByPlayer<u8>,
    /// Super Glyph points of X and O, once the board is full.
    pub super_glyph: Option<ByPlayer<u8>>,
    /// Moves played.
    pub moves: u8,
    /// How the game ended before its board was full.
    pub ended: Option<Ending>,
}

/// A player as the library lists and counts them: the computer as
/// "Computer (Hard)" when it has no name of its own (it is saved as "O" or
/// "Computer"), a server's computer player (`computer-beginner`) as the same
/// computer, so that the name filter finds "computer" and the statistics
/// count one opponent.
fn listed(p: PlayerInfo, online: bool) -> PlayerInfo {
    let name = p.name.trim();
    let level = match p.kind {
        PlayerKind::Computer(l)
            if scribe_record::is_default_name(name) || name.eq_ignore_ascii_case("computer") =>
        {
            Some(l)
        }
        PlayerKind::Human if online => scribe_ai::computer_level(name),
        _ => None,
    };
    match level {
        Some(l) => PlayerInfo {
            name: format!("Computer ({})", l.name()),
            kind: PlayerKind::Computer(l),
        },
        None => p,
    }
}

impl Summary {
    /// The summary of `record`; `online` for a game fetched from a server.
    #[must_use]
    pub fn of(record: &GameRecord, online: bool) -> Summary {
        let position = record.game.position();
        let result = position.result();
        let opponent = if online {
            Opponent::Online
        } else {
            match (record.players.x.kind, record.players.o.kind) {
                (PlayerKind::Computer(l), _) | (_, PlayerKind::Computer(l)) => {
                    Opponent::Computer(LevelKey::of(l))
                }
                _ => Opponent::Person,
            }
        };
        Summary {
            started: record.started,
            finished: record.finished,
            variant: record.variant,
            players: record.players.clone().map(|p| listed(p, online)),
            opponent,
            state: if record.is_over() {
                State::Finished
            } else {
                State::InProgress
            },
            winner: record.winner(),
            majority: result.majority.score,
            super_glyph: result.super_glyph.map(|r| r.score),
            moves: u8::try_from(record.game.moves().len()).unwrap_or(81),
            ended: record.ended_early(),
        }
    }

    /// The date the table shows and sorts by: the end, else the start.
    #[must_use]
    pub fn date(&self) -> Option<DateTime<Utc>> {
        self.finished.or(self.started)
    }

    /// The result in words: "Ann won 5-4 (Super Glyph 12-7)", "tie 4-4",
    /// "in progress".
    #[must_use]
    pub fn result_text(&self) -> String {
        if self.state == State::InProgress {
            return "in progress".to_string();
        }
        let scores = match self.super_glyph {
            Some(s) => format!(
                "Majority {}-{}, Super Glyph {}-{}",
                self.majority.x, self.majority.o, s.x, s.o
            ),
            None => format!("Majority {}-{}", self.majority.x, self.majority.o),
        };
        match self.winner {
            Some(p) => format!("{} won; {scores}", self.players[p].name),
            None => format!("tie; {scores}"),
        }
    }

    /// How it ended, in words: "board full", "Ann resigned", "in progress".
    #[must_use]
    pub fn ending_text(&self) -> String {
        match (self.state, self.ended) {
            (State::InProgress, _) => "in progress".to_string(),
            (_, Some(e)) => e.describe(&self.players[e.loser()].name),
            (_, None) => "board full".to_string(),
        }
    }

    /// The side a player of this name played, if one did (case-insensitive).
    #[must_use]
    pub fn side_of(&self, name: &str) -> Option<Player> {
        Player::ALL.into_iter().find(|p| {
            self.players[*p]
                .name
                .trim()
                .eq_ignore_ascii_case(name.trim())
        })
    }

    /// The name under which the opponent of `side` is counted in the
    /// statistics: a person's name, or "Computer (Hard)".
    #[must_use]
    pub fn opponent_name(&self, side: Player) -> String {
        let other = &self.players[side.other()];
        match other.kind {
            PlayerKind::Computer(l) => format!("Computer ({})", l.name()),
            PlayerKind::Human => other.name.trim().to_string(),
        }
    }
}

/// One file of the library folder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// The file's name in the library folder.
    pub file: String,
    /// The game's identity (the same game imported twice has the same key);
    /// 0 for a damaged file.
    pub key: u64,
    /// The game, or why the file cannot be read ("line 3, column 5: …").
    pub game: Result<Summary, String>,
    /// The file's size when it was read (to see it changed).
    pub size: u64,
    /// The file's modification time when it was read, in nanoseconds.
    pub mtime: u128,
}

impl Entry {
    /// The summary, if the file could be read.
    #[must_use]
    pub fn summary(&self) -> Option<&Summary> {
        self.game.as_ref().ok()
    }
}

/// A game's identity: the same variant, players, start and moves are the
/// same game, wherever its file came from (FNV-1a, stable across builds).
#[must_use]
pub fn game_key(record: &GameRecord) -> u64 {
    let mut h = Fnv::default();
    h.write(record.variant.name().as_bytes());
    for p in Player::ALL {
        h.write(b"\0");
        h.write(record.players[p].name.trim().as_bytes());
    }
    h.write(b"\0");
    if let Some(s) = record.started {
        h.write(s.to_rfc3339().as_bytes());
    }
    for m in record.game.moves() {
        h.write(m.to_string().as_bytes());
    }
    // 0 is the damaged files' key
    h.0.max(1)
}

/// The FNV-1a 64-bit hash: a key that stays the same across builds and
/// platforms (the index is kept on disk).
pub(crate) struct Fnv(pub(crate) u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    pub(crate) fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= u64::from(*b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}
