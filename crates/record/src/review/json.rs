//! The object `scribe analyze --json` prints.

use super::Chance;
use crate::{GameRecord, Review};
use scribe_ai::review::{GameReview, MoveClass};
use scribe_rules::Player;
use serde::Serialize;

/// The object `scribe analyze --json` prints (field order as printed).
#[derive(Debug, Serialize)]
pub struct ReviewJson {
    variant: &'static str,
    seed: u64,
    iterations: u64,
    think_ms: Option<u64>,
    winner: Option<&'static str>,
    turning_point: Option<usize>,
    moves: Vec<MoveJson>,
    players: PlayersJson,
}

#[derive(Debug, Serialize)]
struct MoveJson {
    number: usize,
    player: &'static str,
    square: String,
    best: String,
    win_before: f64,
    win_after: f64,
    class: &'static str,
    proven_before: Option<bool>,
    proven_after: Option<bool>,
    forced: bool,
}

#[derive(Debug, Serialize)]
struct PlayersJson {
    #[serde(rename = "X")]
    x: PlayerJson,
    #[serde(rename = "O")]
    o: PlayerJson,
}

#[derive(Debug, Serialize)]
struct PlayerJson {
    name: String,
    moves: u32,
    accuracy: Option<f64>,
    best: u32,
    good: u32,
    inaccuracies: u32,
    mistakes: u32,
    blunders: u32,
}

fn letter(p: Player) -> &'static str {
    match p {
        Player::X => "X",
        Player::O => "O",
    }
}

/// The JSON of a review of `record`'s game (`review` as from
/// [`Review::for_game`]; `stored` for the settings). Serialise it with
/// `serde_json::to_string` for one line.
#[must_use]
pub fn review_json(record: &GameRecord, stored: &Review, review: &GameReview) -> ReviewJson {
    let player = |p: Player| {
        let s = &review.players[p];
        PlayerJson {
            name: record.name(p).to_string(),
            moves: s.moves,
            accuracy: s.accuracy.map(|a| (a * 10.0).round() / 10.0),
            best: s.count(MoveClass::Best),
            good: s.count(MoveClass::Good),
            inaccuracies: s.count(MoveClass::Inaccuracy),
            mistakes: s.count(MoveClass::Mistake),
            blunders: s.count(MoveClass::Blunder),
        }
    };
    let pos = record.game.position();
    ReviewJson {
        variant: review.variant.name(),
        seed: stored.seed,
        iterations: stored.iterations,
        think_ms: stored.think_ms,
        winner: pos
            .is_over()
            .then(|| pos.result().winner(review.variant))
            .flatten()
            .map(letter),
        turning_point: review.turning_point,
        moves: review
            .moves
            .iter()
            .map(|m| MoveJson {
                number: m.number,
                player: letter(m.player),
                square: m.played.to_string(),
                best: m.best.to_string(),
                win_before: Chance::new(m.win_before).get(),
                win_after: Chance::new(m.win_after).get(),
                class: m.class.name(),
                proven_before: m.proven_before,
                proven_after: m.proven_after,
                forced: m.forced,
            })
            .collect(),
        players: PlayersJson {
            x: player(Player::X),
            o: player(Player::O),
        },
    }
}
