//! The mother moth's table: the tile face up, large enough to read across
//! a classroom or a car, and the round's seven places in a row under it
//! (tiles turned over so far, the rest face down).

use super::paint;
use crate::modes::gum::MothGame;
use egui::{Id, Rect, Role, Sense, Ui, WidgetInfo, pos2, vec2};

/// Draws the table in `rect`.
pub(super) fn table(g: &MothGame, ui: &mut Ui, rect: Rect) {
    let (round, turn) = g.moth().round_turn();
    let revealed = g.moth().revealed_this_round();
    let gap = 10.0;
    // room for the ring round the newest tile of the row
    let rect = rect.shrink(5.0);
    let row_h = (rect.height() * 0.2).clamp(70.0, 150.0);
    let small = ((rect.width() - gap * 6.0) / 7.0).min(row_h);
    let big_h = rect.height() - small - gap * 2.0;
    let big_w = (big_h * 1.35).min(rect.width() - 20.0);
    let big = Rect::from_center_size(
        pos2(rect.center().x, rect.top() + big_h / 2.0),
        vec2(big_w, big_h),
    );
    let p = ui.painter_at(rect.expand(5.0));
    let label = match g.moth().current() {
        Some(m) => {
            paint::tile(&p, big, m);
            format!("Tile {turn} of 7: {}", m.name())
        }
        None => {
            paint::tile_back(&p, big, "Press Next tile or Space");
            format!("Round {round}: no tile turned over yet")
        }
    };
    let resp = ui.interact(big, Id::unique("gum-big-tile"), Sense::hover());
    resp.widget_info(|| WidgetInfo::labeled(Role::Image, true, label.clone()));
    // the round's row
    let row_w = small * 7.0 + gap * 6.0;
    let x0 = rect.center().x - row_w / 2.0;
    let y0 = rect.bottom() - small;
    for i in 0..7 {
        let r = Rect::from_min_size(pos2(x0 + i as f32 * (small + gap), y0), vec2(small, small));
        let label = match revealed.get(i) {
            Some(&m) => {
                paint::tile(&p, r, m);
                if i + 1 == revealed.len() {
                    p.rect_stroke(
                        r.expand(3.0),
                        egui::CornerRadius::same(10),
                        egui::Stroke::new(3.0, crate::widgets::ink::CURSOR),
                        egui::StrokeKind::Outside,
                    );
                }
                format!("Round {round}, tile {} of 7: {}", i + 1, m.name())
            }
            None => {
                paint::tile_back(&p, r, "");
                format!("Round {round}, tile {} of 7: not turned over yet", i + 1)
            }
        };
        let resp = ui.interact(r, Id::unique(("gum-row-tile", i)), Sense::hover());
        resp.widget_info(|| WidgetInfo::labeled(Role::Image, true, label.clone()));
    }
}
