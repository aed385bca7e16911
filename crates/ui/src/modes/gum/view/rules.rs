//! The rules page of Scribbly Gum, in our words, with our own tiles.

use egui::{RichText, Ui};
use scribe_gum::{Achievement, CREDIT, solo_rating};

const PARTS: &[(&str, &str)] = &[
    (
        "The game",
        "Everyone has a tree sheet and a dark pen. The game has 3 rounds of 7 turns; everyone plays each turn at the same time. The mother moth (the oldest player, or this app) turns over one movement tile a turn.",
    ),
    (
        "A round",
        "Shuffle the 8 movement tiles, put the top one back in the box unseen, and turn the other 7 over one at a time. Keep the round's tiles in view.",
    ),
    (
        "A turn",
        "Choose any filled circle (the four around the moth count) and draw a line from it along a printed line in the tile's direction: LEFT, RIGHT, UP, DOWN, LEFT/RIGHT or UP/DOWN (your choice of the two), or DOTTED LINE: along a dotted line. Fill in the new circle and fill its food on your meal tracker: the next leaves, nuts or blossoms, one to three; a wild circle gives one of the three, your choice. Never draw over a line or circle already drawn; no legal line: do nothing this turn.",
    ),
    (
        "The meal tracker",
        "Fill each column from the top. A full column of 15 takes no more. A tracker circle with four arrows gives an extra move at once: a solid line up, down, left or right from any filled circle (never a dotted one); extra moves can follow one another.",
    ),
    (
        "Meals and the end",
        "At the end of each round, write the number next to the lowest row complete in all three columns: your meals of the whole game so far. After round 3, each full column scores 3 (column bonus). Final score: the three rounds' meals, the column bonus and any achievements. Highest wins; a tie goes to the most column bonus points; still tied, they win together.",
    ),
    (
        "Advanced version",
        "1 to 3 achievement tiles (A, B, C), gold side up. At the end of each turn, whoever meets one scores it; the first to do so scores the gold points (all of them, if several on the same turn), then the tile turns to its silver side for everyone else.",
    ),
    (
        "Solo version",
        "Like the advanced version with 3 random achievements. Before each round, choose one you have not scored: gold turns to silver, silver leaves the game. Score what the tile shows when you meet it.",
    ),
];

/// The page, in a scrolled area.
pub(super) fn page(ui: &mut Ui) {
    egui::ScrollArea::vertical()
        .id_salt("gum-rules")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.set_max_width(760.0);
            ui.label(RichText::new("Scribbly Gum").size(28.0));
            ui.label(RichText::new(CREDIT).italics());
            ui.add_space(6.0);
            for (title, text) in PARTS {
                ui.label(RichText::new(*title).size(20.0).strong());
                ui.label(RichText::new(*text).size(16.0));
                ui.add_space(6.0);
            }
            ui.label(RichText::new("Our tiles").size(20.0).strong());
            ui.label(RichText::new(
                "The rulebook names seven kinds of movement tile for eight tiles; our eighth is a second DOTTED LINE. Our achievements (gold / silver points):",
            ).size(16.0));
            for a in Achievement::ALL {
                let (g, s) = a.points();
                ui.label(RichText::new(format!("{} ({g} / {s}): {}", a.title(), a.text())).size(16.0));
            }
            ui.add_space(6.0);
            ui.label(RichText::new("The solo chart").size(20.0).strong());
            for (band, at) in [("0–19", 0), ("20–24", 20), ("25–29", 25), ("30–34", 30), ("35–39", 35), ("40+", 40)] {
                ui.label(RichText::new(format!("{band}: {}", solo_rating(at))).size(16.0));
            }
            ui.add_space(6.0);
            ui.label(RichText::new("In this app").size(20.0).strong());
            ui.label(RichText::new(
                "Mother moth: turns the tiles for players on paper (Next tile, Space or Enter); the same deal number gives the same tiles as `scribe gum tiles --seed N`. Score helper: adds up the paper sheets. Solo on screen: click a circle ringed in gold (or Tab to it, or use the arrow keys, then Enter) to draw the line to it. Print tree sheets with More games → Print a Scribbly Gum tree sheet… (or `scribe gum sheet -o tree.pdf`).",
            ).size(16.0));
        });
}
