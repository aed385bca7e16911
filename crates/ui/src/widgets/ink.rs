//! Paper and ink: the colours of the sheet, the two mark styles, and the
//! bridge from [`scribe_pen`] polylines (in board units) to egui shapes.

use egui::{Color32, Painter, Pos2, Shape, Stroke};
use scribe_pen as pen;
use scribe_rules::Player;

/// The sheet of paper.
pub const PAPER: Color32 = Color32::from_rgb(0xFB, 0xF7, 0xE9);
/// The margins around the sheet (a slightly darker paper).
pub const MARGIN: Color32 = Color32::from_rgb(0xF2, 0xEC, 0xD8);
/// The background of text fields (a brighter paper).
pub const FIELD: Color32 = Color32::from_rgb(0xFF, 0xFD, 0xF5);
/// Pencil: grid lines, coordinates, provisional tallies.
pub const PENCIL: Color32 = Color32::from_rgb(0x3B, 0x3A, 0x42);
/// Faint pencil for secondary text (still 4.5:1 on the margin, WCAG AA).
pub const FAINT: Color32 = Color32::from_rgb(0x6B, 0x67, 0x5E);
/// The first player's ink (blue).
pub const INK_X: Color32 = Color32::from_rgb(0x1C, 0x3F, 0xA0);
/// The second player's ink (red-brown).
pub const INK_O: Color32 = Color32::from_rgb(0xA8, 0x26, 0x22);
/// The highlighter wash over the mini grid the player to move must use.
pub const HIGHLIGHT: Color32 = Color32::from_rgba_premultiplied(107, 95, 25, 107);
/// The highlighter's stronger edge.
pub const HIGHLIGHT_EDGE: Color32 = Color32::from_rgb(0xF0, 0xB4, 0x1E);
/// The wash over groups shaped like the legend glyph under the pointer.
pub const GLYPH_WASH: Color32 = Color32::from_rgba_premultiplied(30, 72, 42, 90);
/// The keyboard cursor's box: a strong green ink, unlike either player's
/// ink, the pencil and the highlighter.
pub const CURSOR: Color32 = Color32::from_rgb(0x0B, 0x6A, 0x48);
/// A refused move's flash round the mini grid that must be used (vermilion).
pub const FLASH: Color32 = Color32::from_rgb(0xD9, 0x38, 0x1E);

/// The wash behind a player's last move (their one mark not slashed): a
/// light tint of their ink, unlike the highlighter and the glyph wash.
#[must_use]
pub fn last_move_wash(player: Player) -> Color32 {
    ink(player).gamma_multiply(0.16)
}

/// A slashed mark: the player's ink, paler than a live mark.
#[must_use]
pub fn slashed(player: Player) -> Color32 {
    ink(player).gamma_multiply(0.5)
}

/// The move that was played, drawn beside the review's better move (which
/// is in pencil): the mover's ink, a little paler than a mark on the board.
#[must_use]
pub fn played_move(player: Player) -> Color32 {
    ink(player).gamma_multiply(0.8)
}

pub use scribe_record::MarkStyle;

/// Drawing a [`MarkStyle`]'s marks with the pen (the style itself lives in
/// [`scribe_record`], shared with paper and the terminal).
pub trait MarkStrokes {
    /// The strokes of a player's mark centred at `center` in a box of side `size`.
    fn strokes(self, player: Player, center: pen::Point, size: f32, seed: u64) -> Vec<pen::Stroke>;
}

impl MarkStrokes for MarkStyle {
    fn strokes(self, player: Player, center: pen::Point, size: f32, seed: u64) -> Vec<pen::Stroke> {
        let wobble = size * 0.06;
        match (self, player) {
            (MarkStyle::PlusO, Player::X) => pen::mark_plus(center, size, wobble, seed),
            (MarkStyle::XO, Player::X) => pen::mark_x(center, size * 0.85, wobble, seed),
            (_, Player::O) => pen::mark_o(center, size * 0.9, wobble, seed),
        }
    }
}

/// A player's ink.
#[must_use]
pub const fn ink(player: Player) -> Color32 {
    match player {
        Player::X => INK_X,
        Player::O => INK_O,
    }
}

/// Paints pen strokes given in board units (one unit = one square) onto the
/// screen: `origin` is where the unit origin lands and `unit` is pixels per unit.
#[derive(Clone, Copy)]
pub struct Sheet<'a> {
    /// Where shapes go.
    pub painter: &'a Painter,
    /// Screen position of the board-unit origin.
    pub origin: Pos2,
    /// Pixels per board unit.
    pub unit: f32,
}

impl Sheet<'_> {
    /// A board-unit point on the screen.
    #[must_use]
    pub fn pos(&self, p: pen::Point) -> Pos2 {
        Pos2::new(
            self.origin.x + p[0] * self.unit,
            self.origin.y + p[1] * self.unit,
        )
    }

    /// Draws strokes with a pen `width` given in board units.
    pub fn draw(&self, strokes: &[pen::Stroke], width: f32, color: Color32) {
        let stroke = Stroke::new((width * self.unit).max(0.8), color);
        for s in strokes {
            let points: Vec<Pos2> = s.iter().map(|&p| self.pos(p)).collect();
            self.painter.add(Shape::line(points, stroke));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// WCAG 2.x relative luminance of an opaque colour.
    fn luminance(c: Color32) -> f64 {
        let lin = |v: u8| {
            let v = f64::from(v) / 255.0;
            if v <= 0.04045 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(c.r()) + 0.7152 * lin(c.g()) + 0.0722 * lin(c.b())
    }

    /// WCAG 2.x contrast ratio, from 1 (none) to 21 (black on white).
    fn contrast(a: Color32, b: Color32) -> f64 {
        let (la, lb) = (luminance(a), luminance(b));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    /// `over` (premultiplied, possibly translucent) painted on opaque `under`.
    fn over(over: Color32, under: Color32) -> Color32 {
        let keep = 1.0 - f32::from(over.a()) / 255.0;
        let mix = |o: u8, u: u8| (f32::from(o) + f32::from(u) * keep).round().min(255.0) as u8;
        Color32::from_rgb(
            mix(over.r(), under.r()),
            mix(over.g(), under.g()),
            mix(over.b(), under.b()),
        )
    }

    #[test]
    fn the_contrast_formula_matches_the_wcag_examples() {
        assert!((contrast(Color32::BLACK, Color32::WHITE) - 21.0).abs() < 1e-9);
        assert!((contrast(Color32::WHITE, Color32::WHITE) - 1.0).abs() < 1e-9);
        // #767676 on white is the classic "just passes AA" grey: 4.54:1
        let grey = Color32::from_gray(0x76);
        assert!((contrast(grey, Color32::WHITE) - 4.54).abs() < 0.01);
    }

    #[test]
    fn every_text_colour_reads_on_every_paper() {
        let texts = [
            ("PENCIL", PENCIL),
            ("FAINT", FAINT),
            ("INK_X", INK_X),
            ("INK_O", INK_O),
        ];
        let papers = [
            ("PAPER", PAPER),
            ("MARGIN", MARGIN),
            ("FIELD", FIELD),
            // tallies and coordinates may sit on the highlighter's wash
            ("HIGHLIGHT on PAPER", over(HIGHLIGHT, PAPER)),
        ];
        for (tn, t) in texts {
            for (pn, p) in papers {
                let r = contrast(t, p);
                assert!(r >= 4.5, "{tn} on {pn}: {r:.2}:1, WCAG AA needs 4.5:1");
            }
        }
    }
}
