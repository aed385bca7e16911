//! The solo player's tree sheet on screen: the tree (circles with food,
//! solid and dotted lines, the moth and its four starting circles) and the
//! meal tracker; drawn lines and filled circles in the player's marker.
//! Each circle has an accessible name; the circles a line may reach now are
//! buttons (Tab reaches them, Enter draws), the keyboard's choice ringed.

use super::paint::{self, BARK, GOLD, MARKER, TRACK_TINT, TREE_TINT, WILD};
use crate::modes::gum::{GumAction, SoloGame};
use crate::widgets::ink;
use egui::{
    Align2, Color32, CornerRadius, FontId, Id, Rect, Role, Sense, Stroke, Ui, Vec2, WidgetInfo,
    pos2, vec2,
};
use scribe_gum::{Circle, Food};

/// Draws the sheet in `rect`.
pub(super) fn sheet(g: &SoloGame, ui: &mut Ui, rect: Rect, out: &mut Vec<GumAction>) {
    let track_w = (rect.width() * 0.2).clamp(120.0, 190.0);
    let (tree_rect, track_rect) = rect.split_left_right_at_x(rect.right() - track_w);
    tree(g, ui, tree_rect.shrink2(vec2(4.0, 0.0)), out);
    tracker(g, ui, track_rect.shrink2(vec2(4.0, 0.0)));
}

fn tree(g: &SoloGame, ui: &mut Ui, rect: Rect, out: &mut Vec<GumAction>) {
    let p = ui.painter_at(rect);
    p.rect_filled(rect, CornerRadius::same(8), TREE_TINT);
    let t = &g.tree;
    let (cols, rows) = (f32::from(t.cols), f32::from(t.rows));
    let step = ((rect.width() - 12.0) / cols).min((rect.height() - 12.0) / rows);
    let origin = rect.center() - vec2(step * cols, step * rows) / 2.0 + vec2(step, step) / 2.0;
    let at = |n: usize| {
        let node = t.nodes[n];
        origin + vec2(step * f32::from(node.col), step * f32::from(node.row))
    };
    let r = step * 0.32;
    let options = g.options();
    let selected = g.selected();
    let pending = g.pending_wild();
    // printed lines, then the player's
    for (i, l) in t.lines.iter().enumerate() {
        let (a, b) = (at(l.a), at(l.b));
        let d = (b - a).normalized();
        let (a, b) = (a + d * (r + 2.0), b - d * (r + 2.0));
        if g.sheet.is_drawn(i) {
            p.line_segment([a, b], Stroke::new((step * 0.07).max(3.0), MARKER));
        } else if l.dotted {
            paint::dotted(&p, a, b, (step * 0.022).max(1.2), BARK);
        } else {
            p.line_segment([a, b], Stroke::new((step * 0.025).max(1.2), BARK));
        }
    }
    // the lines allowed now, in pencil; the keyboard's choice (or the wild
    // circle's line) in the cursor's green
    for c in &options {
        let (a, b) = (at(c.from), at(c.to));
        let d = (b - a).normalized();
        let chosen = selected == Some(*c);
        let color = if chosen {
            ink::CURSOR
        } else {
            ink::HIGHLIGHT_EDGE
        };
        p.line_segment(
            [a + d * (r + 2.0), b - d * (r + 2.0)],
            Stroke::new(if chosen { 4.0 } else { 2.5 }, color),
        );
    }
    if let Some(c) = pending {
        let (a, b) = (at(c.from), at(c.to));
        let d = (b - a).normalized();
        p.line_segment(
            [a + d * (r + 2.0), b - d * (r + 2.0)],
            Stroke::new(4.0, ink::CURSOR),
        );
    }
    for (n, node) in t.nodes.iter().enumerate() {
        let c = at(n);
        let filled = g.sheet.is_filled(n);
        let target = options.iter().any(|o| o.to == n);
        match node.circle {
            Circle::Start => {
                p.circle_filled(c, r * 0.8, BARK);
            }
            Circle::Food(f, k) => {
                p.circle(c, r, Color32::WHITE, Stroke::new(1.4, BARK));
                let s = r * [0.55, 0.42, 0.36][usize::from(k - 1)];
                let spots: &[(f32, f32)] = match k {
                    1 => &[(0.0, 0.0)],
                    2 => &[(-0.42, 0.0), (0.42, 0.0)],
                    _ => &[(0.0, -0.4), (-0.42, 0.3), (0.42, 0.3)],
                };
                for (dx, dy) in spots {
                    paint::food(&p, f, c + vec2(dx * r, dy * r), s);
                }
            }
            Circle::Wild => {
                p.circle(
                    c,
                    r,
                    Color32::from_rgb(0xFF, 0xFA, 0xE6),
                    Stroke::new(1.6, WILD),
                );
                for f in [Food::Nut, Food::Leaf, Food::Blossom] {
                    paint::food(&p, f, c + wild_spot(f, r), r * 0.34);
                }
            }
        }
        if filled && node.circle != Circle::Start {
            // filled in with the marker: the food still shows through
            p.circle_filled(c, r, Color32::from_rgba_unmultiplied(0x1C, 0x3F, 0xA0, 150));
            p.circle_stroke(c, r, Stroke::new(2.0, MARKER));
        }
        // a wild circle's food taken, ringed as a player would on paper
        if let Some(f) = g.sheet.wild_taken(n) {
            let at = wild_spot(f, r);
            p.circle_filled(c + at, r * 0.42, Color32::WHITE);
            paint::food(&p, f, c + at, r * 0.34);
            p.circle_stroke(c + at, r * 0.42, Stroke::new(2.2, GOLD));
        }
        let chosen = selected.is_some_and(|s| s.to == n) || pending.is_some_and(|s| s.to == n);
        if chosen {
            p.circle_stroke(c, r + 4.0, Stroke::new(4.0, ink::CURSOR));
        } else if target {
            p.circle_stroke(c, r + 3.0, Stroke::new(2.5, ink::HIGHLIGHT_EDGE));
        }
        let hit = Rect::from_center_size(c, vec2(r * 2.2, r * 2.2));
        let id = Id::unique(("gum-circle", n));
        let sense = if target { Sense::click() } else { Sense::CLICK };
        let resp = ui.interact(hit, id, sense);
        let name = g.circle_name(n);
        resp.widget_info(|| {
            WidgetInfo::labeled(
                if target { Role::Button } else { Role::Image },
                true,
                name.clone(),
            )
        });
        if resp.has_focus() {
            p.circle_stroke(c, r + 7.0, Stroke::new(2.0, ink::CURSOR));
        }
        if resp.clicked() {
            out.push(GumAction::Draw(n));
        }
        if target {
            resp.on_hover_text(format!("Draw the line to {}", g.place(n)));
        }
    }
    let (mc, mr) = t.moth;
    let m = origin + vec2(step * f32::from(mc), step * f32::from(mr));
    paint::moth(&p, m, step * 0.55, Color32::from_rgb(0xD6, 0xC7, 0xA8));
}

fn tracker(g: &SoloGame, ui: &mut Ui, rect: Rect) {
    let p = ui.painter_at(rect);
    p.rect_filled(rect, CornerRadius::same(8), TRACK_TINT);
    let tr = &g.tree.tracker;
    let filled = g.sheet.tracker();
    let head = rect.top() + 44.0;
    let foot = 26.0;
    let row_h = (rect.bottom() - head - foot) / 15.0;
    let num_w = 26.0;
    let cw = (rect.width() - num_w - 6.0) / 3.0;
    let cr = (row_h * 0.36).min(cw * 0.3);
    p.text(
        pos2(rect.center().x, rect.top() + 4.0),
        Align2::CENTER_TOP,
        "Meal tracker",
        FontId::proportional(15.0),
        BARK,
    );
    let meals = g.sheet.meals(&g.tree) as usize;
    for row in 0..15 {
        let cy = head + row_h * (row as f32 + 0.5);
        let complete = row < meals;
        p.text(
            pos2(rect.left() + num_w * 0.6, cy),
            Align2::CENTER_CENTER,
            tr.meals[row].to_string(),
            FontId::proportional(if complete { 14.0 } else { 12.0 }),
            if complete { MARKER } else { ink::FAINT },
        );
    }
    for (k, f) in Food::ALL.into_iter().enumerate() {
        let cx = rect.left() + num_w + cw * (k as f32 + 0.5);
        paint::food(&p, f, pos2(cx, head - 13.0), 7.0);
        for row in 0..15 {
            let c = pos2(cx, head + row_h * (row as f32 + 0.5));
            let done = row < usize::from(filled[k]);
            p.circle(
                c,
                cr,
                if done { MARKER } else { Color32::WHITE },
                Stroke::new(1.0, BARK),
            );
            if tr.arrows[k][row] {
                paint::extra_arrows(&p, c, cr, if done { MARKER } else { BARK });
            }
        }
        let full = filled[k] >= 15;
        p.text(
            pos2(cx, rect.bottom() - foot * 0.5),
            Align2::CENTER_CENTER,
            format!("+{}", tr.column_bonus),
            FontId::proportional(13.0),
            if full { GOLD } else { BARK },
        );
    }
    // one accessible summary for the tracker
    let resp = ui.interact(rect, Id::unique("gum-tracker"), Sense::hover());
    let text = format!(
        "Meal tracker: {} nuts, {} leaves, {} blossoms; {} meals",
        filled[0], filled[1], filled[2], meals
    );
    resp.widget_info(|| WidgetInfo::labeled(Role::Image, true, text.clone()));
}

/// Where a wild circle of radius `r` shows each food, from its centre.
fn wild_spot(f: Food, r: f32) -> Vec2 {
    match f {
        Food::Nut => vec2(0.0, -r * 0.38),
        Food::Leaf => vec2(-r * 0.4, r * 0.3),
        Food::Blossom => vec2(r * 0.4, r * 0.3),
    }
}
