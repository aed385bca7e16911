//! Pictures for Scribbly Gum on screen, our own: movement tiles (big
//! arrows and the tile's name), food (leaf, nut, blossom), the moth, the
//! tracker's arrows. Drawn with egui's painter, no images.

use egui::{
    Align2, Color32, CornerRadius, FontId, Painter, Pos2, Rect, Shape, Stroke, StrokeKind, Vec2,
    pos2, vec2,
};
use scribe_gum::{Food, Movement};

pub(super) const BARK: Color32 = Color32::from_rgb(0x4D, 0x3D, 0x2E);
pub(super) const LEAF: Color32 = Color32::from_rgb(0x38, 0x85, 0x3D);
pub(super) const NUT: Color32 = Color32::from_rgb(0x8C, 0x54, 0x21);
pub(super) const NUT_CAP: Color32 = Color32::from_rgb(0x54, 0x33, 0x14);
pub(super) const PETAL: Color32 = Color32::from_rgb(0xDB, 0x61, 0x94);
pub(super) const GOLD: Color32 = Color32::from_rgb(0xED, 0xB8, 0x26);
pub(super) const SILVER: Color32 = Color32::from_rgb(0x5E, 0x66, 0x70);
pub(super) const WILD: Color32 = Color32::from_rgb(0x73, 0x40, 0x99);
pub(super) const TREE_TINT: Color32 = Color32::from_rgb(0xEF, 0xF4, 0xEA);
pub(super) const TRACK_TINT: Color32 = Color32::from_rgb(0xEB, 0xEB, 0xF0);
/// The player's marker.
pub(super) const MARKER: Color32 = Color32::from_rgb(0x1C, 0x3F, 0xA0);
const TILE_FACE: Color32 = Color32::from_rgb(0xFF, 0xFB, 0xEE);
const TILE_BACK: Color32 = Color32::from_rgb(0x7A, 0x63, 0x4A);

/// An arrow from `a` to `b` (heads at `b`, and at `a` too if `both`).
pub(super) fn arrow(p: &Painter, a: Pos2, b: Pos2, width: f32, color: Color32, both: bool) {
    let d = (b - a).normalized();
    let n = d.rot90();
    let head = width * 2.6;
    let tip = |t: Pos2, d: Vec2| {
        Shape::convex_polygon(
            vec![
                t,
                t - d * head * 1.3 + n * head,
                t - d * head * 1.3 - n * head,
            ],
            color,
            Stroke::NONE,
        )
    };
    let a2 = if both { a + d * head } else { a };
    p.line_segment([a2, b - d * head], Stroke::new(width, color));
    p.add(tip(b, d));
    if both {
        p.add(tip(a, -d));
    }
}

/// A dotted line between two points.
pub(super) fn dotted(p: &Painter, a: Pos2, b: Pos2, radius: f32, color: Color32) {
    let spacing = radius * 3.2;
    for s in Shape::dotted_line(&[a, b], color, spacing, radius) {
        p.add(s);
    }
}

/// A movement tile face up in `rect`: big arrows above, its name below.
pub(super) fn tile(p: &Painter, rect: Rect, m: Movement) {
    let h = rect.height();
    let w = rect.width();
    let round = CornerRadius::same((h * 0.08).min(24.0) as u8);
    p.rect(
        rect,
        round,
        TILE_FACE,
        Stroke::new((h * 0.025).max(1.5), BARK),
        StrokeKind::Inside,
    );
    let art = Rect::from_min_max(
        rect.min + vec2(w * 0.1, h * 0.1),
        pos2(rect.max.x - w * 0.1, rect.min.y + h * 0.68),
    );
    let c = art.center();
    let width = (h * 0.05).max(2.0);
    let half_w = art.width().min(art.height() * 1.6) * 0.45;
    let half_h = art.height() * 0.45;
    // an arrow from one end to the other (both heads for the two-way tiles)
    let (x, y) = (vec2(half_w, 0.0), vec2(0.0, half_h));
    let line = match m {
        Movement::Left => Some((c + x, c - x, false)),
        Movement::Right => Some((c - x, c + x, false)),
        Movement::Up => Some((c + y, c - y, false)),
        Movement::Down => Some((c - y, c + y, false)),
        Movement::LeftRight => Some((c - x, c + x, true)),
        Movement::UpDown => Some((c - y, c + y, true)),
        Movement::Dotted => None,
    };
    match line {
        Some((from, to, both)) => arrow(p, from, to, width, BARK, both),
        None => {
            let r = art.height() * 0.13;
            let a = c + vec2(-half_w.min(half_h * 1.3) * 0.8, half_h * 0.7);
            let b = c + vec2(half_w.min(half_h * 1.3) * 0.8, -half_h * 0.7);
            let d = (b - a).normalized();
            dotted(p, a + d * (r * 1.5), b - d * (r * 1.5), width * 0.55, BARK);
            p.circle_filled(a, r, BARK);
            p.circle_stroke(b, r, Stroke::new(width * 0.6, BARK));
        }
    }
    let name = m.name();
    let size = (h * 0.17).min(w * 0.92 / (name.len() as f32 * 0.5));
    p.text(
        pos2(c.x, rect.min.y + h * 0.82),
        Align2::CENTER_CENTER,
        name,
        FontId::proportional(size),
        BARK,
    );
}

/// A movement tile face down (not turned over yet).
pub(super) fn tile_back(p: &Painter, rect: Rect, text: &str) {
    let h = rect.height();
    let round = CornerRadius::same((h * 0.08).min(24.0) as u8);
    p.rect(
        rect,
        round,
        TILE_BACK,
        Stroke::new((h * 0.025).max(1.5), BARK),
        StrokeKind::Inside,
    );
    p.rect_stroke(
        rect.shrink(h * 0.07),
        round,
        Stroke::new((h * 0.012).max(1.0), Color32::from_rgb(0xC9, 0xB8, 0x96)),
        StrokeKind::Inside,
    );
    moth(
        p,
        rect.center() - vec2(0.0, h * 0.08),
        h * 0.3,
        Color32::from_rgb(0xE8, 0xDC, 0xC0),
    );
    if !text.is_empty() {
        let size = (h * 0.08).min(rect.width() * 0.9 / (text.len() as f32 * 0.48));
        p.text(
            pos2(rect.center().x, rect.min.y + h * 0.8),
            Align2::CENTER_CENTER,
            text,
            FontId::proportional(size),
            Color32::from_rgb(0xF5, 0xEE, 0xDC),
        );
    }
}

/// The moth: four wings and a body.
pub(super) fn moth(p: &Painter, c: Pos2, s: f32, wing: Color32) {
    for (dx, dy, rx, ry) in [
        (-0.42, -0.22, 0.42, 0.3),
        (0.42, -0.22, 0.42, 0.3),
        (-0.32, 0.26, 0.3, 0.22),
        (0.32, 0.26, 0.3, 0.22),
    ] {
        let pts = ellipse(c + vec2(dx * s, dy * s), rx * s, ry * s);
        p.add(Shape::convex_polygon(pts, wing, Stroke::new(1.0, BARK)));
    }
    p.add(Shape::convex_polygon(
        ellipse(c, s * 0.12, s * 0.42),
        BARK,
        Stroke::NONE,
    ));
    for sx in [-1.0, 1.0] {
        p.line_segment(
            [
                c + vec2(sx * s * 0.05, -s * 0.4),
                c + vec2(sx * s * 0.25, -s * 0.72),
            ],
            Stroke::new((s * 0.04).max(1.0), BARK),
        );
    }
}

fn ellipse(c: Pos2, rx: f32, ry: f32) -> Vec<Pos2> {
    (0..24)
        .map(|i| {
            let a = std::f32::consts::TAU * i as f32 / 24.0;
            c + vec2(rx * a.cos(), ry * a.sin())
        })
        .collect()
}

/// A food picture of size `s` (about its half-width) at `c`.
pub(super) fn food(p: &Painter, f: Food, c: Pos2, s: f32) {
    match f {
        Food::Leaf => {
            let (ca, sa) = ((-0.6f32).cos(), (-0.6f32).sin());
            let rot = |x: f32, y: f32| c + vec2(x * ca - y * sa, x * sa + y * ca);
            let mut pts = Vec::new();
            for i in 0..=24 {
                let t = i as f32 / 24.0;
                let (x, y) = if i <= 12 {
                    let u = t * 2.0;
                    (
                        -s + 2.0 * s * u,
                        -s * 0.42 * (std::f32::consts::PI * u).sin(),
                    )
                } else {
                    let u = (t - 0.5) * 2.0;
                    (s - 2.0 * s * u, s * 0.42 * (std::f32::consts::PI * u).sin())
                };
                pts.push(rot(x, y));
            }
            pts.pop();
            p.add(Shape::convex_polygon(pts, LEAF, Stroke::NONE));
            p.line_segment(
                [rot(-s * 0.8, 0.0), rot(s * 0.8, 0.0)],
                Stroke::new((s * 0.08).max(0.6), Color32::from_rgb(0xE8, 0xF5, 0xE0)),
            );
        }
        Food::Nut => {
            p.add(Shape::convex_polygon(
                ellipse(c + vec2(0.0, s * 0.2), s * 0.62, s * 0.72),
                NUT,
                Stroke::NONE,
            ));
            let mut cap = Vec::new();
            for i in 0..=16 {
                let a = std::f32::consts::PI * i as f32 / 16.0;
                cap.push(c + vec2(-s * 0.78 * a.cos(), -s * 0.15 - s * 0.5 * a.sin()));
            }
            p.add(Shape::convex_polygon(cap, NUT_CAP, Stroke::NONE));
        }
        Food::Blossom => {
            for k in 0..5 {
                let a = std::f32::consts::TAU * k as f32 / 5.0 - std::f32::consts::FRAC_PI_2;
                p.circle_filled(c + vec2(a.cos(), a.sin()) * s * 0.52, s * 0.36, PETAL);
            }
            p.circle_filled(c, s * 0.25, GOLD);
        }
    }
}

/// Four little arrows round a tracker circle (an extra move).
pub(super) fn extra_arrows(p: &Painter, c: Pos2, r: f32, color: Color32) {
    let d = r + r * 0.25;
    let k = r * 0.32;
    for u in [
        vec2(1.0, 0.0),
        vec2(-1.0, 0.0),
        vec2(0.0, 1.0),
        vec2(0.0, -1.0),
    ] {
        let n = u.rot90();
        let base = c + u * d;
        p.add(Shape::convex_polygon(
            vec![base + u * k * 1.3, base + n * k, base - n * k],
            color,
            Stroke::NONE,
        ));
    }
}
