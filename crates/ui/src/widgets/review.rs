//! Game review in the app: the win-chance graph widget, the marks for the
//! move list, and the review running on a worker thread.
//!
//! The review itself runs as a job ([`crate::jobs::ReviewTask`]).
//! - [`WinGraph`] draws the win chances of a finished review with the pen;
//!   a click anywhere above a move selects that move (each move's strip is
//!   its own clickable area named "Move 17: + A3??, 61% to 32%").
//! - [`annotation`] gives the `?!`, `?`, `??` after a move in the list, and
//!   [`better_move`] the square to draw in pencil on that move's position.

use super::ink::{self, MarkStyle};
use egui::{Align2, Color32, FontId, Pos2, Rect, Role, Sense, Shape, Stroke, Ui, Vec2, WidgetInfo};
use scribe_ai::review::{GameReview, MoveClass};
use scribe_pen::{self as pen, Jitter};
use scribe_record::percent;
use scribe_rules::{Player, Square};

/// The mark after move `number` (from 1): `?!`, `?`, `??`, or `""`.
#[must_use]
pub fn annotation(review: &GameReview, number: usize) -> &'static str {
    review
        .moves
        .get(number.wrapping_sub(1))
        .map_or("", |m| m.class.suffix())
}

/// The engine's better move at move `number`, when the move played was an
/// inaccuracy or worse (the square to draw in pencil on the position before).
#[must_use]
pub fn better_move(review: &GameReview, number: usize) -> Option<Square> {
    review
        .moves
        .get(number.wrapping_sub(1))
        .filter(|m| m.class >= MoveClass::Inaccuracy && m.best != m.played)
        .map(|m| m.best)
}

/// The win-chance graph: the first player's chance below the curve in a wash
/// of their ink, the second player's above, mistakes and blunders as dots,
/// the turning point dashed, the selected move ringed.
pub struct WinGraph<'a> {
    /// The review to draw.
    pub review: &'a GameReview,
    /// The move shown on the board (from 1), if any.
    pub selected: Option<usize>,
    /// How players are written.
    pub style: MarkStyle,
    /// The height in points (the width is what the ui has).
    pub height: f32,
}

/// What happened on the graph this frame.
#[derive(Debug, Clone, Copy, Default)]
pub struct GraphResponse {
    /// The move (from 1) whose strip was clicked.
    pub clicked: Option<usize>,
    /// The move under the pointer.
    pub hovered: Option<usize>,
}

impl WinGraph<'_> {
    /// Lays out, handles and paints the graph.
    pub fn show(self, ui: &mut Ui) -> GraphResponse {
        // 1. size
        let width = ui.available_width().max(120.0);
        let size = Vec2::new(width, self.height.max(60.0));
        // 2. allocate
        let (area, response) = ui.allocate_exact_size(size, Sense::hover());
        response.widget_info(|| WidgetInfo::labeled(Role::Canvas, true, "Win chance graph"));
        let plot = Rect::from_min_max(
            area.min + Vec2::new(34.0, 8.0),
            area.max - Vec2::new(6.0, 16.0),
        );
        let curve = self.review.x_curve();
        let n = (curve.len() - 1).max(1);
        let px = |k: usize| plot.left() + plot.width() * k as f32 / n as f32;
        let py = |p: f64| plot.bottom() - plot.height() * p as f32;

        // 3. interact: one strip per move
        let mut out = GraphResponse::default();
        let base = ui.make_persistent_id("win-graph-moves");
        let half = plot.width() / n as f32 / 2.0;
        for m in &self.review.moves {
            let k = m.number;
            let strip = Rect::from_min_max(
                Pos2::new(px(k) - half, plot.top()),
                Pos2::new(px(k) + half, plot.bottom()),
            );
            let resp = ui.interact(strip, base.with(k), Sense::click());
            let label = format!(
                "Move {k}: {} {}{}, {} to {}",
                self.style.symbol(m.player),
                m.played,
                m.class.suffix(),
                percent(m.win_before),
                percent(m.win_after)
            );
            if resp.hovered() {
                out.hovered = Some(k);
            }
            if resp.clicked() {
                out.clicked = Some(k);
            }
            resp.on_hover_text(&label)
                .widget_info(|| WidgetInfo::labeled(Role::Button, true, &label));
        }

        // 4. paint
        let painter = ui.painter_at(area);
        let pts: Vec<Pos2> = curve
            .iter()
            .enumerate()
            .map(|(k, &p)| Pos2::new(px(k), py(p)))
            .collect();
        Self::paint_washes(&painter, plot, &pts);
        let faint = Stroke::new(1.0, ink::FAINT);
        paint_pen_line(&painter, plot.left_top(), plot.right_top(), ink::PENCIL, 1);
        paint_pen_line(
            &painter,
            plot.right_top(),
            plot.right_bottom(),
            ink::PENCIL,
            2,
        );
        paint_pen_line(
            &painter,
            plot.right_bottom(),
            plot.left_bottom(),
            ink::PENCIL,
            3,
        );
        paint_pen_line(
            &painter,
            plot.left_bottom(),
            plot.left_top(),
            ink::PENCIL,
            4,
        );
        painter.add(Shape::dashed_line(
            &[
                Pos2::new(plot.left(), py(0.5)),
                Pos2::new(plot.right(), py(0.5)),
            ],
            faint,
            5.0,
            4.0,
        ));
        let small = FontId::proportional(11.0);
        for (p, label) in [(1.0, "100%"), (0.5, "50%"), (0.0, "0%")] {
            painter.text(
                Pos2::new(plot.left() - 4.0, py(p)),
                Align2::RIGHT_CENTER,
                label,
                small.clone(),
                ink::FAINT,
            );
        }
        // which way is whose: + near the top (their chance is high), O
        // near the bottom, each in their ink
        let (x, o) = (self.style.symbol(Player::X), self.style.symbol(Player::O));
        painter.text(
            Pos2::new(plot.left() + 4.0, plot.top() + 2.0),
            Align2::LEFT_TOP,
            format!("{x} ahead"),
            small.clone(),
            ink::ink(Player::X),
        );
        painter.text(
            Pos2::new(plot.left() + 4.0, plot.bottom() - 2.0),
            Align2::LEFT_BOTTOM,
            format!("{o} ahead"),
            small.clone(),
            ink::ink(Player::O),
        );
        let mut k = 10;
        while k < n {
            painter.text(
                Pos2::new(px(k), plot.bottom() + 2.0),
                Align2::CENTER_TOP,
                k.to_string(),
                small.clone(),
                ink::FAINT,
            );
            k += 10;
        }
        if let Some(t) = self.review.turning_point.filter(|&t| t <= n) {
            painter.add(Shape::dashed_line(
                &[
                    Pos2::new(px(t), plot.top()),
                    Pos2::new(px(t), plot.bottom()),
                ],
                Stroke::new(1.2, ink::PENCIL),
                4.0,
                3.0,
            ));
        }
        if let Some(k) = out.hovered.or(self.selected).filter(|&k| k <= n) {
            painter.line_segment(
                [
                    Pos2::new(px(k), plot.top()),
                    Pos2::new(px(k), plot.bottom()),
                ],
                Stroke::new(1.0, ink::HIGHLIGHT_EDGE),
            );
        }
        painter.add(Shape::line(pts.clone(), Stroke::new(2.0, ink::PENCIL)));
        for m in &self.review.moves {
            if m.class >= MoveClass::Mistake {
                let at = pts[m.number.min(n)];
                painter.circle_filled(at, 3.5, ink::ink(m.player));
            }
        }
        if let Some(k) = self.selected.filter(|&k| k <= n) {
            let c = pts[k];
            let seed = Jitter::seed_of(&[0x6EA7, k as u64]);
            let ring: Vec<Pos2> = pen::ellipse([c.x, c.y], 7.0, 7.0, 0.6, seed)
                .into_iter()
                .map(|p| Pos2::new(p[0], p[1]))
                .collect();
            painter.add(Shape::line(ring, Stroke::new(1.6, ink::HIGHLIGHT_EDGE)));
        }
        ui.label(
            egui::RichText::new(legend(self.style))
                .size(12.0)
                .color(ink::FAINT),
        );
        out
    }

    fn paint_washes(painter: &egui::Painter, plot: Rect, pts: &[Pos2]) {
        // a column of two quads per segment: convex pieces egui can fill
        for w in pts.windows(2) {
            let (a, b) = (w[0], w[1]);
            let x_wash = ink::ink(Player::X).gamma_multiply(0.16);
            let o_wash = ink::ink(Player::O).gamma_multiply(0.14);
            painter.add(Shape::convex_polygon(
                vec![
                    a,
                    b,
                    Pos2::new(b.x, plot.bottom()),
                    Pos2::new(a.x, plot.bottom()),
                ],
                x_wash,
                Stroke::NONE,
            ));
            painter.add(Shape::convex_polygon(
                vec![Pos2::new(a.x, plot.top()), Pos2::new(b.x, plot.top()), b, a],
                o_wash,
                Stroke::NONE,
            ));
        }
    }
}

/// The words under the graph: what the line is and which way is whose.
#[must_use]
pub fn legend(style: MarkStyle) -> String {
    let (x, o) = (style.symbol(Player::X), style.symbol(Player::O));
    format!(
        "The line: {x}'s chance to win after each move; high, {x} ahead; \
         low, {o} ahead. Dots: mistakes and blunders; dashes: the turning point."
    )
}

/// A hand-drawn line between two screen points.
fn paint_pen_line(painter: &egui::Painter, a: Pos2, b: Pos2, color: Color32, salt: u64) {
    let s = pen::line(
        [a.x, a.y],
        [b.x, b.y],
        1.2,
        Jitter::seed_of(&[0x6EA8, salt]),
    );
    let pts: Vec<Pos2> = s.into_iter().map(|p| Pos2::new(p[0], p[1])).collect();
    painter.add(Shape::line(pts, Stroke::new(1.2, color)));
}
