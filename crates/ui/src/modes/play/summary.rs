//! The end-of-game summary.

use crate::widgets::ink::{self, MarkStyle};
use egui::{RichText, Ui};
use scribe_record::GameRecord;
use scribe_rules::{GridIndex, Player, Variant};

/// What the player asks for in the summary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SummaryChoice {
    /// A new game with the same players and sides.
    PlayAgain,
    /// A new game with the players' sides swapped.
    SwapSides,
    /// Review the game with the engine.
    Review,
    /// Export the game as a PDF.
    Export,
    /// Close the summary (the glyph legend comes back).
    Close,
}

/// The end-of-game summary, in the left panel beside the board (it never
/// covers the board): the winner, both variants' results, what next.
pub fn summary_panel(ui: &mut Ui, record: &GameRecord, style: MarkStyle) -> Option<SummaryChoice> {
    let mut choice = None;
    let result = record.game.position().result();
    let who = |p: Player| scribe_record::who(record, style, p);
    ui.label(RichText::new("Game over").size(20.0));
    if let Some(end) = record.ended_early() {
        ui.label(format!("{}.", end.describe(&who(end.loser()))));
    }
    if let Some(w) = record.winner() {
        ui.label(
            RichText::new(format!("{} wins!", who(w)))
                .size(26.0)
                .color(ink::ink(w)),
        );
        ui.label(format!("Played as {}.", record.variant.name()));
    }
    ui.add_space(6.0);
    ui.horizontal(|ui| {
        // the nine mini grids' winners, as the Super Glyph board
        let rows: Vec<String> = (0..3)
            .map(|r| {
                (0..3)
                    .map(|c| {
                        let g = GridIndex::ALL[r * 3 + c];
                        if result.won.x.contains(g) {
                            'x'
                        } else if result.won.o.contains(g) {
                            'o'
                        } else {
                            '.'
                        }
                    })
                    .collect()
            })
            .collect();
        crate::widgets::diagram::example_grid(ui, &rows.join("/"), style);
        ui.label(RichText::new("who won each mini grid:\nthe Super Glyph board").color(ink::FAINT));
    });
    ui.add_space(6.0);
    for v in Variant::ALL {
        let Some(r) = result.for_variant(v) else {
            continue;
        };
        let what = match v {
            Variant::Majority => "Majority (grids won)",
            Variant::SuperGlyph => "Super Glyph (points)",
        };
        ui.label(RichText::new(what).strong());
        ui.label(format!(
            "{} {} · {} {} — {}",
            style.symbol(Player::X),
            r.score.x,
            style.symbol(Player::O),
            r.score.o,
            r.winner
                .map_or_else(|| "undecided".to_string(), |w| format!("{} wins", who(w)))
        ));
    }
    ui.add_space(8.0);
    for (text, c) in [
        ("Play again", SummaryChoice::PlayAgain),
        ("Swap sides", SummaryChoice::SwapSides),
        ("Review the game", SummaryChoice::Review),
        ("Export as PDF…", SummaryChoice::Export),
        ("Show the glyphs", SummaryChoice::Close),
    ] {
        if ui.button(text).clicked() {
            choice = Some(c);
        }
    }
    choice
}
