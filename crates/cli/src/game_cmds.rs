//! `scribe show` and `scribe score`.

use scribe_record::{GameRecord, score_json, text_board};
use scribe_rules::{GridIndex, Player, Target};
use std::fmt::Write as _;

/// Text for `scribe show`.
#[must_use]
pub fn show_text(record: &GameRecord) -> String {
    let pos = record.game.position();
    let result = pos.result();
    let mut out = text_board(pos);
    out.push('\n');
    // The tallies laid out as the mini grids are, each column as wide as its
    // widest cell, columns three spaces apart.
    let cells: Vec<String> = result
        .grids
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let mark = g.winner.map_or(String::new(), |w| format!(", {w} wins"));
            format!("grid {}: X {} O {}{}", i + 1, g.points.x, g.points.o, mark)
        })
        .collect();
    let widths: Vec<usize> = (0..3)
        .map(|col| {
            (0..3)
                .map(|row| cells[row * 3 + col].len())
                .max()
                .unwrap_or(0)
        })
        .collect();
    for row in 0..3 {
        let line: String = (0..3)
            .map(|col| format!("{:<w$}   ", cells[row * 3 + col], w = widths[col]))
            .collect();
        let _ = writeln!(out, "{}", line.trim_end());
    }
    let _ = writeln!(
        out,
        "Mini grids won: X {}, O {}",
        result.majority.score.x, result.majority.score.o
    );
    if let Some(end) = record.ended_early() {
        let _ = writeln!(
            out,
            "The game is over: {} after {} moves.",
            end.describe(&who(record, end.loser())),
            pos.moves_played()
        );
        let winner = who(record, end.winner());
        let _ = writeln!(out, "{winner} wins the {} game.", record.variant);
    } else if pos.is_over() {
        let _ = writeln!(out, "The game is over.");
        if let Some(w) = result.winner(record.variant) {
            let _ = writeln!(out, "{} wins the {} game.", who(record, w), record.variant);
        }
    } else {
        let p = pos.to_move();
        let where_ = match pos.target() {
            Target::Anywhere if pos.last_move(p).is_none() => "anywhere (first move)".to_string(),
            Target::Anywhere => "anywhere (the routed mini grid is full)".to_string(),
            t @ Target::Grid(_) => t.to_string(),
        };
        let _ = writeln!(
            out,
            "Move {}: {} to play in {}.",
            pos.moves_played() + 1,
            who(record, p),
            where_
        );
    }
    out
}

/// "X", or "X (Ann)" when the player has a name of their own.
fn who(record: &GameRecord, p: Player) -> String {
    scribe_record::terminal_who(record, p)
}

pub(super) fn show(record: &GameRecord) -> anyhow::Result<()> {
    print!("{}", show_text(record));
    Ok(())
}

/// Text for `scribe score` without `--json`.
#[must_use]
pub fn score_text(record: &GameRecord) -> String {
    let pos = record.game.position();
    let mut out = result_lines(pos);
    let _ = writeln!(out, "Moves played: {} of 81", pos.moves_played());
    out
}

/// Each mini grid's tallies, glyphs and winner, then both variants' results:
/// the body of `scribe score` and `scribe score --board`.
#[must_use]
pub fn result_lines(pos: &scribe_rules::Position) -> String {
    let result = pos.result();
    let mut out = String::new();
    for (g, grid) in GridIndex::ALL.iter().zip(&result.grids) {
        let glyphs = |p: Player| {
            let names = grid.glyph_names(p);
            if names.is_empty() {
                "-".to_string()
            } else {
                names.join(", ")
            }
        };
        let status = match grid.winner {
            Some(w) => format!("won by {w}"),
            None => "in play".to_string(),
        };
        let _ = writeln!(
            out,
            "grid {} ({}): X {} [{}]  O {} [{}]  {}",
            g.number(),
            g.span(),
            grid.points.x,
            glyphs(Player::X),
            grid.points.o,
            glyphs(Player::O),
            status
        );
    }
    let win = |w: Option<Player>| w.map_or("undecided".to_string(), |w| format!("{w} wins"));
    let _ = writeln!(
        out,
        "Majority: X {} O {} - {}",
        result.majority.score.x,
        result.majority.score.o,
        win(result.majority.winner)
    );
    match result.super_glyph {
        Some(s) => {
            let _ = writeln!(
                out,
                "Super Glyph: X {} O {} - {}",
                s.score.x,
                s.score.o,
                win(s.winner)
            );
        }
        None => {
            let _ = writeln!(out, "Super Glyph: undecided until the board is full");
        }
    }
    out
}

pub(super) fn score(record: &GameRecord, json: bool) -> anyhow::Result<()> {
    if json {
        println!(
            "{}",
            serde_json::to_string(&score_json(record.game.position()))?
        );
    } else {
        print!("{}", score_text(record));
    }
    Ok(())
}
