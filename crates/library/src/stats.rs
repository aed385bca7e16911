//! Statistics: every player's record (games, wins, losses) in each variant
//! and against each opponent (a person by name, the computer by level),
//! with the win share and the average Super Glyph margin; one player's
//! results over time; and the suggestion of a stronger level when a player
//! keeps beating one ("you have won 5 of your last 6 against Hard: try
//! Expert"). Only finished games count; damaged files never do.

use super::{Entry, Opponent, State, Summary};
use chrono::{DateTime, Utc};
use scribe_ai::Level;
use scribe_record::PlayerKind;
use scribe_rules::{Player, Variant};
use serde::Serialize;
use std::collections::BTreeMap;

/// Games, wins and losses (a game neither won nor lost is a tie).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Record {
    /// Finished games.
    pub games: u32,
    /// Won.
    pub wins: u32,
    /// Lost.
    pub losses: u32,
    /// Sum of Super Glyph margins (own points less the other's), over the
    /// games with a full board.
    #[serde(skip)]
    margin_sum: i64,
    /// Games with a full board (for the average margin).
    #[serde(skip)]
    margin_games: u32,
}

impl Record {
    fn add(&mut self, s: &Summary, side: Player) {
        self.games += 1;
        match s.winner {
            Some(w) if w == side => self.wins += 1,
            Some(_) => self.losses += 1,
            None => {}
        }
        if let Some(sg) = s.super_glyph {
            self.margin_sum += i64::from(sg[side]) - i64::from(sg[side.other()]);
            self.margin_games += 1;
        }
    }

    /// Wins as a share of games (0 with no games).
    #[must_use]
    pub fn win_share(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            f64::from(self.wins) / f64::from(self.games)
        }
    }

    /// The average Super Glyph margin over games with a full board.
    #[must_use]
    pub fn super_margin(&self) -> Option<f64> {
        #[allow(clippy::cast_precision_loss)]
        (self.margin_games > 0).then(|| self.margin_sum as f64 / f64::from(self.margin_games))
    }
}

/// A record against one opponent.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OpponentRecord {
    /// The opponent: a person's name, or "Computer (Hard)".
    pub name: String,
    /// The computer's level, for a computer.
    #[serde(skip)]
    pub level: Option<Level>,
    /// Games, wins, losses.
    #[serde(flatten)]
    pub record: Record,
    /// The same in each variant.
    pub variants: BTreeMap<&'static str, Record>,
}

/// One player's statistics.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerStats {
    /// The name, as first seen.
    pub name: String,
    /// All finished games.
    #[serde(flatten)]
    pub record: Record,
    /// The same in each variant ("Majority", "Super Glyph").
    pub variants: BTreeMap<&'static str, Record>,
    /// Against each opponent, most games first.
    pub opponents: Vec<OpponentRecord>,
    /// Each finished game in date order: when, and won (1), lost (-1) or tied (0).
    #[serde(skip)]
    pub timeline: Vec<(Option<DateTime<Utc>>, i8)>,
}

/// Every human player's statistics.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Stats {
    /// Players, most games first.
    pub players: Vec<PlayerStats>,
}

impl Stats {
    /// The statistics of the entries (finished, readable games only).
    #[must_use]
    pub fn of(entries: &[Entry]) -> Stats {
        let mut games: Vec<&Summary> = entries
            .iter()
            .filter_map(Entry::summary)
            .filter(|s| s.state == State::Finished)
            .collect();
        games.sort_by_key(|s| s.date());
        let mut by_name: BTreeMap<String, PlayerStats> = BTreeMap::new();
        for s in games {
            for side in Player::ALL {
                let me = &s.players[side];
                if me.kind != PlayerKind::Human {
                    continue;
                }
                let key = me.name.trim().to_lowercase();
                let p = by_name.entry(key).or_insert_with(|| PlayerStats {
                    name: me.name.trim().to_string(),
                    record: Record::default(),
                    variants: BTreeMap::new(),
                    opponents: Vec::new(),
                    timeline: Vec::new(),
                });
                p.record.add(s, side);
                p.variants.entry(s.variant.name()).or_default().add(s, side);
                let name = s.opponent_name(side);
                let level = match s.players[side.other()].kind {
                    PlayerKind::Computer(l) => Some(l),
                    PlayerKind::Human => None,
                };
                let i = match p
                    .opponents
                    .iter()
                    .position(|o| o.name.eq_ignore_ascii_case(&name))
                {
                    Some(i) => i,
                    None => {
                        p.opponents.push(OpponentRecord {
                            name,
                            level,
                            record: Record::default(),
                            variants: BTreeMap::new(),
                        });
                        p.opponents.len() - 1
                    }
                };
                let o = &mut p.opponents[i];
                o.record.add(s, side);
                o.variants.entry(s.variant.name()).or_default().add(s, side);
                let outcome = match s.winner {
                    Some(w) if w == side => 1,
                    Some(_) => -1,
                    None => 0,
                };
                p.timeline.push((s.date(), outcome));
            }
        }
        let mut players: Vec<PlayerStats> = by_name.into_values().collect();
        for p in &mut players {
            p.opponents.sort_by(|a, b| {
                b.record
                    .games
                    .cmp(&a.record.games)
                    .then(a.name.cmp(&b.name))
            });
        }
        players.sort_by(|a, b| {
            b.record
                .games
                .cmp(&a.record.games)
                .then(a.name.cmp(&b.name))
        });
        Stats { players }
    }

    /// One player's statistics (any case).
    #[must_use]
    pub fn player(&self, name: &str) -> Option<&PlayerStats> {
        self.players
            .iter()
            .find(|p| p.name.eq_ignore_ascii_case(name.trim()))
    }

    /// The JSON of `scribe library stats --json`.
    #[must_use]
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }
}

/// The player whose library it is, as far as it can tell: the person with
/// the most games ("you"), if any.
#[must_use]
pub fn likely_owner(stats: &Stats) -> Option<String> {
    stats.players.first().map(|p| p.name.clone())
}

/// How many of the last games against a level count for the suggestion.
pub const SUGGEST_WINDOW: usize = 6;
/// How many of them must be won.
pub const SUGGEST_WINS: usize = 5;

/// "You have won 5 of your last 6 against Hard: try Expert", when the
/// player has won at least 5 of their last 6 finished games against a
/// level below the strongest (the strongest such level is named).
#[must_use]
pub fn suggestion(entries: &[Entry], me: &str) -> Option<String> {
    let mut games: Vec<&Summary> = entries
        .iter()
        .filter_map(Entry::summary)
        .filter(|s| s.state == State::Finished && matches!(s.opponent, Opponent::Computer(_)))
        .collect();
    games.sort_by_key(|s| std::cmp::Reverse(s.date()));
    let mut best: Option<(Level, usize)> = None;
    for level in Level::ALL.iter().rev().skip(1) {
        let mut last = Vec::new();
        for s in &games {
            let Some(side) = s.side_of(me) else { continue };
            if s.players[side].kind != PlayerKind::Human {
                continue;
            }
            if s.players[side.other()].kind == PlayerKind::Computer(*level) {
                last.push(s.winner == Some(side));
                if last.len() == SUGGEST_WINDOW {
                    break;
                }
            }
        }
        let wins = last.iter().filter(|w| **w).count();
        if last.len() == SUGGEST_WINDOW && wins >= SUGGEST_WINS {
            best = Some((*level, wins));
            break;
        }
    }
    let (level, wins) = best?;
    let i = Level::ALL.iter().position(|l| *l == level)?;
    let next = Level::ALL.get(i + 1)?;
    Some(format!(
        "You have won {wins} of your last {SUGGEST_WINDOW} against {}: try {}.",
        level.name(),
        next.name()
    ))
}

/// A variant's key in the JSON ("Majority", "Super Glyph").
#[must_use]
pub fn variant_key(v: Variant) -> &'static str {
    v.name()
}
