//! The glyph legend in the margin, as on Steere's printed board: every glyph
//! as a dot diagram with its name and points. Hovering an entry reports the
//! glyph so the board can wash its occurrences.

use super::ink;
use egui::{Align2, FontId, Rect, Role, Sense, Shape, Ui, Vec2, WidgetInfo};
use scribe_pen as pen;
use scribe_rules::Glyph;

/// Draws the legend in two columns; returns the glyph under the pointer.
pub fn show(ui: &mut Ui) -> Option<Glyph> {
    show_in_columns(ui, 2)
}

/// Draws the legend in `columns` columns (more columns: a shorter legend,
/// as beside the course's steps); returns the glyph under the pointer.
pub fn show_in_columns(ui: &mut Ui, columns: usize) -> Option<Glyph> {
    let mut hovered = None;
    let entries = pen::legend();
    let columns = columns.max(1);
    let rows = entries.len().div_ceil(columns);
    let width = ui.available_width();
    let col_w = (width / columns as f32).floor();
    let entry_h = (ui.available_height() / rows as f32).clamp(44.0, 70.0);
    let (area, _) = ui.allocate_exact_size(Vec2::new(width, entry_h * rows as f32), Sense::hover());
    for (i, (glyph, caption)) in entries.into_iter().enumerate() {
        let (col, row) = (i % columns, i / columns);
        let min = area.min + Vec2::new(col as f32 * col_w, row as f32 * entry_h);
        let rect = Rect::from_min_size(min, Vec2::new(col_w, entry_h));
        let resp = ui.interact(rect, ui.make_persistent_id(("legend", i)), Sense::hover());
        resp.widget_info(|| WidgetInfo::labeled(Role::Image, true, format!("Glyph {caption}")));
        let hot = resp.hovered();
        if hot {
            hovered = Some(glyph);
            ui.painter().add(Shape::rect_filled(
                rect.shrink(1.0),
                4.0,
                ink::GLYPH_WASH.gamma_multiply(0.6),
            ));
        }
        paint_entry(ui, rect, glyph, &caption);
    }
    hovered
}

fn paint_entry(ui: &Ui, rect: Rect, glyph: Glyph, caption: &str) {
    let painter = ui.painter();
    let text_h = 15.0;
    let step = ((rect.height() - text_h - 8.0) / 3.0).min(11.0);
    let (w, h) = glyph.size();
    let size = Vec2::new(w as f32, h as f32) * step;
    // dots sit right above their caption, centred in a 3x3 box
    let caption_top = rect.max.y - text_h - 3.0;
    let top = caption_top - 3.0 * step - 2.0 + (3.0 * step - size.y) * 0.5;
    let left = rect.center().x - size.x * 0.5;
    for (c, r) in pen::glyph_dots(glyph) {
        let center = egui::pos2(
            left + (c as f32 + 0.5) * step,
            top + (r as f32 + 0.5) * step,
        );
        painter.circle_filled(center, step * 0.28, ink::PENCIL);
    }
    painter.text(
        egui::pos2(rect.center().x, rect.max.y - text_h * 0.5 - 2.0),
        Align2::CENTER_CENTER,
        caption,
        FontId::proportional(13.0),
        ink::PENCIL,
    );
}
