//! A game as the database holds it, and the views made of it through
//! `record`: the API's game object ([`api::Game`]: `scribe score --json`
//! plus id, players, history, status) and summary, the text board, the
//! save file.

use crate::error::{ApiError, ApiResult};
use chrono::{DateTime, TimeZone, Utc};
use scribe_api::{self as api, EndReason, Side, Status};
use scribe_record::{Ending, GameRecord, MarkStyle, PlayerInfo, score_json, text_board_in};
use scribe_rules::{ByPlayer, Game, Player, Square, Target, Variant};
use sqlx::FromRow;
use sqlx::any::AnyRow;

// The computer players' account names (`computer-hard`), spelt once beside
// the levels in scribe_ai (the whole prefix `computer` is reserved for
// sign-up, see crate::auth::RESERVED_PREFIXES).
pub use scribe_ai::{computer_level, computer_name};

/// A `SELECT` of games with the columns [`GameRow::from_row`] reads (and
/// the players' names as spelt), followed by the given `WHERE …` literal.
macro_rules! select_games {
    ($rest:literal) => {
        concat!(
            "SELECT g.id, g.variant, g.status, g.challenger, g.challenged, g.side, ",
            "g.x_player, g.o_player, g.moves, g.move_count, g.turn, g.winner, g.end_reason, ",
            "g.undo_offer, g.version, g.created_at, g.updated_at, g.started_at, g.finished_at, ",
            "cu.name AS challenger_name, cd.name AS challenged_name, xu.name AS x_name, ",
            "ou.name AS o_name, g.days_per_move, g.turn_since ",
            "FROM games g JOIN users cu ON cu.name_key = g.challenger ",
            "LEFT JOIN users cd ON cd.name_key = g.challenged ",
            "LEFT JOIN users xu ON xu.name_key = g.x_player ",
            "LEFT JOIN users ou ON ou.name_key = g.o_player ",
            $rest
        )
    };
}
pub(crate) use select_games;

/// One game (or challenge): a row of `games` with its players' names.
/// Players are named by key (`name_key`), their names as spelt beside.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRow {
    /// The id (10 letters and digits).
    pub id: String,
    /// The variant.
    pub variant: Variant,
    /// Where it stands.
    pub status: Status,
    /// Who challenged.
    pub challenger: String,
    /// Who was challenged (`None`: an open challenge not taken).
    pub challenged: Option<String>,
    /// The challenger's side (stored `x` or `o`; a coin decided it if
    /// the challenger did not).
    pub side: Player,
    /// X, once accepted.
    pub x_player: Option<String>,
    /// O, once accepted.
    pub o_player: Option<String>,
    /// The moves.
    pub moves: Vec<Square>,
    /// Who must act: the mover, or the challenged.
    pub turn: Option<String>,
    /// The winner, once finished.
    pub winner: Option<Side>,
    /// How it ended, once finished.
    pub end_reason: Option<EndReason>,
    /// Who proposes an undo.
    pub undo_offer: Option<String>,
    /// Raised by every write (the compare-and-set).
    pub version: i64,
    /// When the challenge was made (Unix milliseconds, as the times below).
    pub created_at: i64,
    /// The last change.
    pub updated_at: i64,
    /// When the challenge was accepted.
    pub started_at: Option<i64>,
    /// When the game ended.
    pub finished_at: Option<i64>,
    /// The challenger's name.
    pub challenger_name: String,
    /// The challenged player's name.
    pub challenged_name: Option<String>,
    /// X's name.
    pub x_name: Option<String>,
    /// O's name.
    pub o_name: Option<String>,
    /// The days each move may take (`None`: no limit).
    pub days_per_move: Option<i64>,
    /// When the present turn began (Unix milliseconds).
    pub turn_since: Option<i64>,
}

/// The length of a day for move time limits, in milliseconds. A debug build
/// reads `SCRIBE_SERVE_DAY_MS`, so that tests can run out of time in a
/// moment; a release build always has real days.
#[must_use]
pub fn day_ms() -> i64 {
    const DAY: i64 = 86_400_000;
    if cfg!(debug_assertions)
        && let Some(ms) = std::env::var("SCRIBE_SERVE_DAY_MS")
            .ok()
            .and_then(|v| v.parse::<i64>().ok())
            .filter(|&ms| ms > 0)
    {
        return ms;
    }
    DAY
}

/// How the database keeps a challenger's side.
#[must_use]
pub fn side_stored(side: Player) -> &'static str {
    match side {
        Player::X => "x",
        Player::O => "o",
    }
}

/// The API's spelling of a variant (as the database keeps it too).
#[must_use]
pub fn variant_name(v: Variant) -> &'static str {
    api::Variant::from(v).as_str()
}

/// A side's mark in the text board and its lines: the web page's and the
/// app's ("+" and "O").
fn letter(p: Player) -> &'static str {
    MarkStyle::PlusO.symbol(p)
}

/// The columns of [`select_games`] as stored, read by name (sqlx's
/// `FromRow`); [`GameRow`] is them with their words parsed.
#[derive(sqlx::FromRow)]
struct GameColumns {
    id: String,
    variant: String,
    status: String,
    challenger: String,
    challenged: Option<String>,
    side: String,
    x_player: Option<String>,
    o_player: Option<String>,
    moves: String,
    turn: Option<String>,
    winner: Option<String>,
    end_reason: Option<String>,
    undo_offer: Option<String>,
    version: i64,
    created_at: i64,
    updated_at: i64,
    started_at: Option<i64>,
    finished_at: Option<i64>,
    challenger_name: String,
    challenged_name: Option<String>,
    x_name: Option<String>,
    o_name: Option<String>,
    days_per_move: Option<i64>,
    turn_since: Option<i64>,
}

impl TryFrom<GameColumns> for GameRow {
    type Error = anyhow::Error;

    fn try_from(c: GameColumns) -> anyhow::Result<GameRow> {
        let moves = c
            .moves
            .split_whitespace()
            .map(|m| m.parse::<Square>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| anyhow::anyhow!("a stored move is not a square: {e}"))?;
        Ok(GameRow {
            variant: api::Variant::parse(&c.variant)
                .ok_or_else(|| anyhow::anyhow!("unknown stored variant {}", c.variant))?
                .into(),
            status: Status::from_api(&c.status)
                .ok_or_else(|| anyhow::anyhow!("unknown stored status {}", c.status))?,
            side: match c.side.as_str() {
                "x" => Player::X,
                "o" => Player::O,
                other => anyhow::bail!("unknown stored side {other}"),
            },
            moves,
            winner: c
                .winner
                .map(|w| Side::from_api(&w).ok_or_else(|| anyhow::anyhow!("stored winner {w}")))
                .transpose()?,
            end_reason: c
                .end_reason
                .map(|e| EndReason::from_api(&e).ok_or_else(|| anyhow::anyhow!("stored end {e}")))
                .transpose()?,
            id: c.id,
            challenger: c.challenger,
            challenged: c.challenged,
            x_player: c.x_player,
            o_player: c.o_player,
            turn: c.turn,
            undo_offer: c.undo_offer,
            version: c.version,
            created_at: c.created_at,
            updated_at: c.updated_at,
            started_at: c.started_at,
            finished_at: c.finished_at,
            challenger_name: c.challenger_name,
            challenged_name: c.challenged_name,
            x_name: c.x_name,
            o_name: c.o_name,
            days_per_move: c.days_per_move,
            turn_since: c.turn_since,
        })
    }
}

impl GameRow {
    /// Reads a row selected with [`select_games`], its columns by name.
    ///
    /// # Errors
    /// A column missing or a stored word or move the server does not know
    /// (a damaged row).
    pub fn from_row(r: &AnyRow) -> anyhow::Result<GameRow> {
        GameRow::try_from(GameColumns::from_row(r)?)
    }

    /// The moves replayed through the rules.
    ///
    /// # Errors
    /// A stored game the rules refuse (a damaged row).
    pub fn game(&self) -> ApiResult<Game> {
        Game::from_moves(self.moves.iter().copied())
            .map_err(|e| ApiError::Internal(anyhow::anyhow!("stored game {}: {e}", self.id)))
    }

    /// The side a player (key) holds, if they play in this game.
    #[must_use]
    pub fn side_of(&self, key: &str) -> Option<Player> {
        if self.x_player.as_deref() == Some(key) {
            Some(Player::X)
        } else if self.o_player.as_deref() == Some(key) {
            Some(Player::O)
        } else {
            None
        }
    }

    /// The key of the player holding `side`.
    #[must_use]
    pub fn player(&self, side: Player) -> Option<&str> {
        match side {
            Player::X => self.x_player.as_deref(),
            Player::O => self.o_player.as_deref(),
        }
    }

    /// Both players' keys (those known).
    #[must_use]
    pub fn players(&self) -> Vec<String> {
        let mut v: Vec<String> = [&self.x_player, &self.o_player]
            .into_iter()
            .flatten()
            .cloned()
            .collect();
        if v.is_empty() {
            v.push(self.challenger.clone());
            v.extend(self.challenged.clone());
        }
        v
    }

    /// Whether `key` is one of the two players (or, before acceptance, the
    /// challenger or the challenged).
    #[must_use]
    pub fn involves(&self, key: &str) -> bool {
        self.side_of(key).is_some()
            || self.challenger == key
            || self.challenged.as_deref() == Some(key)
    }

    fn name(&self, side: Player) -> Option<&str> {
        match side {
            Player::X => self.x_name.as_deref(),
            Player::O => self.o_name.as_deref(),
        }
    }

    /// When the player to move runs out of time (Unix milliseconds): a game
    /// being played with a time limit.
    #[must_use]
    pub fn deadline(&self) -> Option<i64> {
        if self.status != Status::Active {
            return None;
        }
        let days = self.days_per_move?;
        let since = self.turn_since.or(self.started_at)?;
        Some(since.saturating_add(days.saturating_mul(day_ms())))
    }

    /// [`GameRow::deadline`] as the API writes it (RFC 3339, UTC).
    #[must_use]
    pub fn deadline_iso(&self) -> Option<String> {
        // to the millisecond: a client must not see it pass before the server does
        self.deadline()
            .and_then(time)
            .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Millis, true))
    }

    /// Whether the player to move is out of time at `now`.
    #[must_use]
    pub fn out_of_time(&self, now: i64) -> bool {
        self.deadline().is_some_and(|d| now >= d)
    }

    /// The history as the API spells it: `["E5", "C8", …]`.
    #[must_use]
    pub fn history(&self) -> Vec<String> {
        self.moves.iter().map(ToString::to_string).collect()
    }

    /// The name (as spelt) of the player who must act: the mover, or the
    /// challenged.
    #[must_use]
    pub fn turn_name(&self) -> Option<String> {
        self.turn.as_ref().and_then(|t| {
            if Some(t) == self.x_player.as_ref() {
                self.x_name.clone()
            } else if Some(t) == self.o_player.as_ref() {
                self.o_name.clone()
            } else if Some(t) == self.challenged.as_ref() {
                self.challenged_name.clone()
            } else {
                None
            }
        })
    }

    /// The game object: the `scribe score --json` object plus `id`,
    /// `players`, `history`, `status` and the server's own fields; `now`
    /// decides `out_of_time`.
    ///
    /// # Errors
    /// A damaged row.
    pub fn to_api(&self, now: i64) -> ApiResult<api::Game> {
        let game = self.game()?;
        // `record` writes the score; the API reads it as its own type.
        let pos = game.position();
        let mut score: api::Score = serde_json::to_value(score_json(pos))
            .and_then(serde_json::from_value)
            .map_err(|e| ApiError::Internal(e.into()))?;
        // The glyphs' squares, for drawing them.
        for g in &mut score.grids {
            if let Some(index) = scribe_rules::GridIndex::from_number(g.grid) {
                g.found = crate::domain::delta::found(pos, index);
            }
        }
        let turn = self.turn_name();
        let undo_offer = self.undo_offer.as_ref().and_then(|u| {
            self.side_of(u)
                .and_then(|s| self.name(s).map(str::to_string))
        });
        Ok(api::Game {
            score,
            id: self.id.clone(),
            players: self.players_api(),
            history: self.history(),
            status: self.status,
            variant: self.variant.into(),
            turn,
            winner: self.winner,
            end: self.end_reason,
            undo_offer,
            challenger: self.challenger_name.clone(),
            challenged: self.challenged_name.clone(),
            days_per_move: self.days_per_move,
            deadline: self.deadline_iso(),
            out_of_time: self.out_of_time(now),
            created: iso(self.created_at),
            updated: iso(self.updated_at),
            next_grid: crate::domain::delta::next_grid(pos),
            super_glyph_so_far: Some(crate::domain::delta::super_glyph_so_far(pos)),
        })
    }

    fn players_api(&self) -> api::Players {
        api::Players {
            x: self.x_name.clone(),
            o: self.o_name.clone(),
        }
    }

    /// A short summary for lists, as `me` (a key) sees it: id, players,
    /// status, whose turn, moves.
    #[must_use]
    pub fn summary(&self, me: &str) -> api::GameSummary {
        let summary = api::GameSummary {
            id: self.id.clone(),
            variant: self.variant.into(),
            status: self.status,
            players: self.players_api(),
            challenger: self.challenger_name.clone(),
            challenged: self.challenged_name.clone(),
            moves: self.moves.len(),
            winner: self.winner,
            waiting_for_you: self.turn.as_deref() == Some(me),
            days_per_move: self.days_per_move,
            deadline: self.deadline_iso(),
            updated: iso(self.updated_at),
            end: None,
            finished: None,
            majority: None,
            super_glyph: None,
        };
        with_result(summary, self)
    }

    /// The name of the player holding `side`, if known.
    #[must_use]
    pub fn name_of(&self, side: Player) -> Option<&str> {
        self.name(side)
    }

    /// The record of the game (players, variant, moves, dates): what the
    /// save file holds.
    ///
    /// # Errors
    /// A damaged row.
    pub fn record(&self) -> ApiResult<GameRecord> {
        let game = self.game()?;
        let players = ByPlayer {
            x: PlayerInfo::human(self.x_name.clone().unwrap_or_else(|| "X".into())),
            o: PlayerInfo::human(self.o_name.clone().unwrap_or_else(|| "O".into())),
        };
        let mut record = GameRecord::new(self.variant, players);
        let full = game.position().is_over();
        record.game = game;
        record.started = self.started_at.and_then(time);
        // A game that ended before its board was full: who lost, and how.
        let loser = self.winner.map(|w| Player::from(w).other());
        record.ended = match (self.status, self.end_reason, loser) {
            (Status::Finished, Some(EndReason::Resigned), Some(p)) if !full => {
                Some(Ending::Resigned(p))
            }
            (Status::Finished, Some(EndReason::OutOfTime), Some(p)) if !full => {
                Some(Ending::OutOfTime(p))
            }
            _ => None,
        };
        record.finished = if full || record.ended.is_some() {
            self.finished_at.and_then(time)
        } else {
            None
        };
        Ok(record)
    }

    /// The text board (capital letter = each player's latest move) and a
    /// line or two on the state of the game.
    ///
    /// # Errors
    /// A damaged row.
    pub fn board_text(&self) -> ApiResult<String> {
        let game = self.game()?;
        let pos = game.position();
        let who = |side: Player| match self.name(side) {
            Some(n) => format!("{} ({n})", letter(side)),
            None => letter(side).to_string(),
        };
        let mut out = format!(
            "Game {} ({}): {} against {}\n",
            self.id,
            self.variant,
            who(Player::X),
            who(Player::O)
        );
        out.push_str(&text_board_in(pos, MarkStyle::PlusO));
        let result = pos.result();
        out.push_str(&format!(
            "Mini grids won: {} {}, {} {}\n",
            letter(Player::X),
            result.majority.score.x,
            letter(Player::O),
            result.majority.score.o
        ));
        match self.status {
            Status::Challenge => out.push_str("Waiting for the challenge to be accepted.\n"),
            Status::Declined => out.push_str("The challenge was declined.\n"),
            Status::Cancelled => out.push_str("The challenge was cancelled.\n"),
            Status::Finished => {
                let how = self.end_reason.map_or("over", EndReason::as_str);
                match self.winner {
                    Some(w) => {
                        out.push_str(&format!(
                            "The game is over ({how}): {} wins.\n",
                            who(w.into())
                        ));
                    }
                    None => out.push_str(&format!("The game is over ({how}).\n")),
                }
            }
            Status::Active => {
                let p = pos.to_move();
                let place = match pos.target() {
                    Target::Anywhere => "anywhere".to_string(),
                    t @ Target::Grid(_) => format!("in {t}"),
                };
                out.push_str(&format!(
                    "Move {}: {} to play {}.\n",
                    pos.moves_played() + 1,
                    who(p),
                    place
                ));
            }
        }
        if let Some(deadline) = self.deadline() {
            let days = self.days_per_move.unwrap_or(1);
            let limit = format!("{days} day{} a move", if days == 1 { "" } else { "s" });
            let p = pos.to_move();
            let when = time(deadline)
                .map(|t| t.format("%Y-%m-%d %H:%M UTC").to_string())
                .unwrap_or_default();
            if self.out_of_time(crate::db::now_ms()) {
                out.push_str(&format!(
                    "{} ran out of time at {when} ({limit}): {} may claim the game.\n",
                    who(p),
                    who(p.other())
                ));
            } else {
                out.push_str(&format!("{} must move by {when} ({limit}).\n", who(p)));
            }
        }
        if let Some(asker) = self.undo_offer.as_deref().and_then(|k| self.side_of(k)) {
            let n = self.moves.len();
            let square = self
                .moves
                .last()
                .map(ToString::to_string)
                .unwrap_or_default();
            out.push_str(&format!(
                "{} asks to take back their move {n} ({square}).\n",
                self.name(asker).unwrap_or(letter(asker))
            ));
        }
        Ok(out)
    }
}

/// A finished game's summary carries how and when it ended and both
/// variants' results (for the history pages).
fn with_result(mut s: api::GameSummary, row: &GameRow) -> api::GameSummary {
    if row.status != Status::Finished {
        return s;
    }
    s.end = row.end_reason;
    s.finished = row.finished_at.and_then(iso);
    // A damaged row keeps its summary, without the results.
    if let Ok(game) = row.game() {
        let result = game.position().result();
        let tally = |v: scribe_rules::VariantResult| api::Tally {
            x: v.score.x,
            o: v.score.o,
            winner: v.winner.map(Side::from),
        };
        s.majority = Some(tally(result.majority));
        s.super_glyph = result.super_glyph.map(tally);
    }
    s
}

fn time(ms: i64) -> Option<DateTime<Utc>> {
    Utc.timestamp_millis_opt(ms).single()
}

fn iso(ms: i64) -> Option<String> {
    time(ms).map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
}
