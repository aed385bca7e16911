//! The machine-readable result of `scribe score --json`, as docs/FORMATS.md describes it.

use scribe_rules::{Player, Position};
use serde::Serialize;

/// The whole JSON object; field order is the order printed.
#[derive(Debug, Serialize)]
pub struct ScoreJson {
    moves: usize,
    finished: bool,
    to_move: Option<&'static str>,
    grids: Vec<GridJson>,
    majority: MajorityJson,
    super_glyph: Option<TallyJson>,
}

#[derive(Debug, Serialize)]
struct GridJson {
    grid: u8,
    x: u8,
    o: u8,
    winner: Option<&'static str>,
    glyphs: GlyphsJson,
}

#[derive(Debug, Serialize)]
struct GlyphsJson {
    x: Vec<&'static str>,
    o: Vec<&'static str>,
}

#[derive(Debug, Serialize)]
struct MajorityJson {
    x: u8,
    o: u8,
    winner: Option<&'static str>,
}

#[derive(Debug, Serialize)]
struct TallyJson {
    x: u8,
    o: u8,
    winner: Option<&'static str>,
}

fn letter(p: Player) -> &'static str {
    match p {
        Player::X => "X",
        Player::O => "O",
    }
}

/// Builds the JSON result of a position. Serialise it with `serde_json::to_string`
/// for the one-line form.
#[must_use]
pub fn score_json(position: &Position) -> ScoreJson {
    let result = position.result();
    let finished = position.is_over();
    ScoreJson {
        moves: position.moves_played(),
        finished,
        to_move: (!finished).then(|| letter(position.to_move())),
        grids: result
            .grids
            .iter()
            .zip(1u8..)
            .map(|(g, number)| GridJson {
                grid: number,
                x: g.points.x,
                o: g.points.o,
                winner: g.winner.map(letter),
                glyphs: GlyphsJson {
                    x: g.glyph_names(Player::X),
                    o: g.glyph_names(Player::O),
                },
            })
            .collect(),
        majority: MajorityJson {
            x: result.majority.score.x,
            o: result.majority.score.o,
            winner: result.majority.winner.map(letter),
        },
        super_glyph: result.super_glyph.map(|s| TallyJson {
            x: s.score.x,
            o: s.score.o,
            winner: s.winner.map(letter),
        }),
    }
}

/// The JSON result of a paper board ([`super::parse_paper_board`]): as
/// [`score_json`], but `to_move` is always `null`, since a board without
/// move order has no routing.
#[must_use]
pub fn paper_score_json(position: &Position) -> ScoreJson {
    ScoreJson {
        to_move: None,
        ..score_json(position)
    }
}
