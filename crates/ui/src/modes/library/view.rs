//! The library's views: the panel (filters and buttons), the table of
//! games (a row is one widget a screen reader reads whole, only the rows in
//! sight are laid out), and the statistics page with its small chart.

use super::session::{LibrarySession, Page};
use super::{LibraryAction, LibraryMode, act};
use crate::action::Action;
use crate::widgets::ink;
use egui::{Align2, FontId, Rect, RichText, Role, Sense, Stroke, Ui, Vec2, WidgetInfo};
use scribe_ai::Level;
use scribe_library::filter::OpponentFilter;
use scribe_library::{Column, Entry, ResultFilter};
use scribe_rules::Variant;

/// The widths of the columns whose text has one length (date, variant,
/// moves) and of those shown only where there is room (opponent, ending),
/// by [`Column::ALL`]'s order; 0: the column shares what is left.
const FIXED: [f32; 7] = [132.0, 0.0, 132.0, 96.0, 0.0, 66.0, 110.0];
/// The shares of what is left: the players and the result.
const SHARES: [f32; 7] = [0.0, 0.42, 0.0, 0.0, 0.58, 0.0, 0.0];
/// What the players and the result need at least, together.
const FLEXIBLE_MIN: f32 = 330.0;
/// The columns dropped first when the table is narrow: the ending, then
/// the opponent (the players' names tell it: "Computer (Hard)"), then the
/// variant.
const DROPPED: [usize; 3] = [6, 2, 3];
/// Room kept right of a header's name for the sort arrow.
const ARROW_ROOM: f32 = 14.0;
const ROW_HEIGHT: f32 = 24.0;

/// The width of a date field: a whole date or its hint ("YYYY-MM-DD") in
/// the body font, the field's margins (8 px each side) and the cursor.
fn date_width(ui: &Ui) -> f32 {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let text = ["YYYY-MM-DD", "0000-00-00"]
        .iter()
        .map(|t| {
            ui.fonts_mut(|f| {
                f.layout_no_wrap((*t).to_string(), font.clone(), egui::Color32::BLACK)
                    .size()
                    .x
            })
        })
        .fold(0.0_f32, f32::max);
    text + 24.0
}

/// The left panel: the page, the filters, the buttons.
pub(super) fn panel(m: &LibraryMode, ui: &mut Ui, out: &mut Vec<Action>) {
    ui.label(RichText::new("Library").size(20.0));
    let Some(s) = m.session() else {
        ui.label(m.problem().unwrap_or("Reading the library…"));
        return;
    };
    ui.horizontal(|ui| {
        for (page, name) in [(Page::Games, "Games"), (Page::Stats, "Statistics")] {
            if ui.selectable_label(s.page == page, name).clicked() {
                out.push(act(LibraryAction::Page(page)));
            }
        }
    });
    ui.separator();
    let label = ui.label("Name");
    let mut text = s.filter.text.clone();
    ui.add(
        egui::TextEdit::singleline(&mut text)
            .desired_width(f32::INFINITY)
            .hint_text(
                RichText::new("type a player's name")
                    .italics()
                    .color(ink::FAINT),
            ),
    )
    .labelled_by(label.id);
    if text != s.filter.text {
        out.push(act(LibraryAction::Text(text)));
    }
    combo(
        ui,
        "Variant",
        s.filter.variant,
        out,
        LibraryAction::Variant,
        &[
            (None, "any variant"),
            (Some(Variant::Majority), "Majority"),
            (Some(Variant::SuperGlyph), "Super Glyph"),
        ],
    );
    let results: Vec<(Option<ResultFilter>, &str)> = std::iter::once((None, "any result"))
        .chain(ResultFilter::ALL.iter().map(|r| (Some(*r), r.name())))
        .collect();
    combo(
        ui,
        "Result",
        s.filter.result,
        out,
        LibraryAction::Result,
        &results,
    );
    let levels: Vec<String> = Level::ALL
        .iter()
        .map(|l| format!("computer, {}", l.name()))
        .collect();
    let mut opponents: Vec<(Option<OpponentFilter>, &str)> = vec![
        (None, "any opponent"),
        (Some(OpponentFilter::Person), "person"),
        (Some(OpponentFilter::Computer(None)), "computer, any level"),
    ];
    for (l, name) in Level::ALL.iter().zip(&levels) {
        opponents.push((Some(OpponentFilter::Computer(Some(*l))), name.as_str()));
    }
    opponents.push((Some(OpponentFilter::Online), "online"));
    combo(
        ui,
        "Opponent",
        s.filter.opponent,
        out,
        LibraryAction::Opponent,
        &opponents,
    );
    let (mut from, mut to) = (s.from_text.clone(), s.to_text.clone());
    let width = date_width(ui);
    ui.horizontal(|ui| {
        let l = ui.label("From");
        ui.add(
            egui::TextEdit::singleline(&mut from)
                .desired_width(width)
                .hint_text("YYYY-MM-DD"),
        )
        .labelled_by(l.id);
    });
    ui.horizontal(|ui| {
        let l = ui.label("To");
        ui.add(
            egui::TextEdit::singleline(&mut to)
                .desired_width(width)
                .hint_text("YYYY-MM-DD"),
        )
        .labelled_by(l.id);
    });
    // a date the filter cannot read is said, never silently ignored
    for (name, text) in [("From", &from), ("To", &to)] {
        if !text.trim().is_empty() && super::session::parse_day(text).is_none() {
            ui.label(
                RichText::new(format!(
                    "{name} is not a date yet: write it as 2026-11-27 (until then it filters nothing)."
                ))
                .color(ink::FLASH),
            );
        }
    }
    if from != s.from_text || to != s.to_text {
        out.push(act(LibraryAction::Dates(from, to)));
    }
    let people = s.people();
    if !people.is_empty() {
        let label = ui.label("You are");
        let me = s.filter.me.clone().unwrap_or_default();
        let mut chosen = me.clone();
        egui::ComboBox::from_id_salt("library-me")
            .selected_text(&me)
            .show_ui(ui, |ui| {
                for p in people.iter().take(50) {
                    ui.selectable_value(&mut chosen, p.clone(), p);
                }
            })
            .response
            .labelled_by(label.id);
        if chosen != me {
            out.push(act(LibraryAction::Me(chosen)));
        }
    }
    ui.separator();
    let chosen = s.chosen();
    let one = chosen.len() == 1 && chosen[0].summary().is_some();
    let open_text = match chosen.first().and_then(|e| e.summary()) {
        Some(sum) if sum.state == scribe_library::State::InProgress => "Continue the game",
        _ => "Open in review",
    };
    if ui.add_enabled(one, egui::Button::new(open_text)).clicked() {
        out.push(act(LibraryAction::Open));
    }
    let what = if chosen.is_empty() { "shown" } else { "chosen" };
    if ui.button(format!("Export {what} as PDF…")).clicked() {
        out.push(act(LibraryAction::Export(true)));
    }
    if ui.button(format!("Export {what} as move lists…")).clicked() {
        out.push(act(LibraryAction::Export(false)));
    }
    if ui
        .add_enabled(!chosen.is_empty(), egui::Button::new("Delete"))
        .clicked()
    {
        out.push(act(LibraryAction::Delete));
    }
    if ui
        .add_enabled(s.trashed.is_some(), egui::Button::new("Undo delete"))
        .clicked()
    {
        out.push(Action::Undo);
    }
    ui.separator();
    if ui.button("Import files…").clicked() {
        out.push(act(LibraryAction::AskImport(false)));
    }
    if ui.button("Import a folder…").clicked() {
        out.push(act(LibraryAction::AskImport(true)));
    }
    ui.label(RichText::new("Or drop files and folders on the window.").color(ink::FAINT));
}

/// A labelled choice among `options`.
fn combo<T: PartialEq + Copy>(
    ui: &mut Ui,
    name: &str,
    current: T,
    out: &mut Vec<Action>,
    make: impl Fn(T) -> LibraryAction,
    options: &[(T, &str)],
) {
    let label = ui.label(name);
    let mut chosen = current;
    let shown = options
        .iter()
        .find(|(v, _)| *v == current)
        .map_or("", |(_, n)| *n);
    egui::ComboBox::from_id_salt(("library-filter", name))
        .selected_text(shown)
        .width(ui.available_width() - 8.0)
        .show_ui(ui, |ui| {
            for (v, n) in options {
                ui.selectable_value(&mut chosen, *v, *n);
            }
        })
        .response
        .labelled_by(label.id);
    if chosen != current {
        out.push(act(make(chosen)));
    }
}

/// The cells of a row, in the columns' order; the result as "You are"
/// (`me`) sees it.
fn cells(e: &Entry, me: Option<&str>) -> [String; 7] {
    match &e.game {
        Ok(s) => [
            s.date().map_or_else(
                || "undated".to_string(),
                |d| d.format("%Y-%m-%d %H:%M").to_string(),
            ),
            format!("{} vs {}", s.players.x.name, s.players.o.name),
            s.opponent.describe(),
            s.variant.name().to_string(),
            short_result(s, me),
            s.moves.to_string(),
            s.ending_text(),
        ],
        Err(reason) => [
            "damaged".to_string(),
            e.file.clone(),
            String::new(),
            String::new(),
            reason.clone(),
            String::new(),
            String::new(),
        ],
    }
}

/// The result as the table shows it: "Ann won; grids 5-4, glyphs 12-7"
/// (Majority's mini grids, Super Glyph's points), "tie; …", "in progress";
/// from the side of "You are" when that player played: "Ann lost; …".
fn short_result(s: &scribe_library::Summary, me: Option<&str>) -> String {
    if s.state == scribe_library::State::InProgress {
        return "in progress".to_string();
    }
    let mine = me.and_then(|m| s.side_of(m));
    let who = match (s.winner, mine) {
        (None, _) => "tie".to_string(),
        (Some(w), Some(m)) if w != m => format!("{} lost", s.players[m].name),
        (Some(w), _) => format!("{} won", s.players[w].name),
    };
    match s.super_glyph {
        Some(g) => format!(
            "{who}; grids {}-{}, glyphs {}-{}",
            s.majority.x, s.majority.o, g.x, g.o
        ),
        None => format!("{who}; grids {}-{}", s.majority.x, s.majority.o),
    }
}

/// The columns a table this wide shows: every one where there is room,
/// else without those of [`DROPPED`], in that order.
fn shown_columns(width: f32) -> [bool; 7] {
    let mut shown = [true; 7];
    for drop in DROPPED {
        let fixed: f32 = (0..7).filter(|&i| shown[i]).map(|i| FIXED[i]).sum();
        if fixed + FLEXIBLE_MIN <= width {
            break;
        }
        shown[drop] = false;
    }
    shown
}

/// Each column's place in a row (`None` for a column not shown).
fn column_rects(row: Rect) -> [Option<Rect>; 7] {
    let shown = shown_columns(row.width());
    let fixed: f32 = (0..7).filter(|&i| shown[i]).map(|i| FIXED[i]).sum();
    let rest = (row.width() - fixed).max(0.0);
    let mut x = row.left();
    let mut out = [None; 7];
    for i in 0..7 {
        if !shown[i] {
            continue;
        }
        let w = FIXED[i] + SHARES[i] * rest;
        out[i] = Some(Rect::from_min_size(
            egui::pos2(x, row.top()),
            egui::vec2(w, row.height()),
        ));
        x += w;
    }
    out
}

/// `text` on one line in `rect`, cut with "…" where it does not fit.
fn paint_cut(ui: &Ui, rect: Rect, text: &str, font: &FontId, color: egui::Color32) {
    let mut job = egui::text::LayoutJob::simple_singleline(text.to_string(), font.clone(), color);
    job.wrap = egui::text::TextWrapping::truncate_at_width((rect.width() - 8.0).max(8.0));
    let galley = ui.painter().layout_job(job);
    let at = egui::pos2(rect.left() + 4.0, rect.center().y - galley.size().y / 2.0);
    ui.painter().galley(at, galley, color);
}

/// The table of games: a header of sort buttons, then the rows in sight.
pub(super) fn table(s: &LibrarySession, ui: &mut Ui, out: &mut Vec<Action>) {
    let width = ui.available_width();
    let (header, _) = ui.allocate_exact_size(Vec2::new(width, ROW_HEIGHT + 4.0), Sense::hover());
    for (c, rect) in Column::ALL.iter().zip(column_rects(header)) {
        let Some(rect) = rect else { continue };
        // the name on one line, cut rather than wrapped, with room for the
        // sort arrow after it
        let text = rect.shrink2(Vec2::new(2.0, 1.0));
        let room = Rect::from_min_max(text.min, egui::pos2(text.max.x - ARROW_ROOM, text.max.y));
        let r = ui
            .scope_builder(
                egui::UiBuilder::new()
                    .max_rect(room)
                    .layout(egui::Layout::left_to_right(egui::Align::Center)),
                |ui| {
                    ui.add(
                        egui::Button::new(RichText::new(c.name()).strong())
                            .frame(false)
                            .wrap_mode(egui::TextWrapMode::Truncate),
                    )
                },
            )
            .inner;
        // the column sorted by: a small pen triangle, pointing the way it runs
        if s.sort.0 == *c {
            let x = r.rect.right() + ARROW_ROOM / 2.0 - 1.0;
            let y = r.rect.center().y;
            let (tip, base) = if s.sort.1 { (-4.0, 3.0) } else { (4.0, -3.0) };
            let points = vec![
                egui::pos2(x - 4.0, y + base),
                egui::pos2(x + 4.0, y + base),
                egui::pos2(x, y + tip),
            ];
            ui.painter().add(egui::Shape::convex_polygon(
                points,
                ink::PENCIL,
                Stroke::NONE,
            ));
        }
        let order = match s.sort {
            (col, true) if col == *c => ", sorted in rising order",
            (col, false) if col == *c => ", sorted in falling order",
            _ => "",
        };
        let r = r.on_hover_text(format!("Sort by {}{order}", c.name().to_lowercase()));
        if r.clicked() {
            out.push(act(LibraryAction::Sort(*c)));
        }
    }
    ui.painter().hline(
        header.x_range(),
        header.bottom(),
        Stroke::new(1.0, ink::FAINT),
    );
    if s.shown() == 0 {
        ui.add_space(12.0);
        ui.label(if s.total() == 0 {
            "No games yet: every game you finish is kept here. Drop save files or folders here to import them."
        } else {
            "No game matches the filters."
        });
        return;
    }
    egui::ScrollArea::vertical()
        .id_salt("library-rows")
        .auto_shrink([false, false])
        .show_rows(ui, ROW_HEIGHT, s.shown(), |ui, range| {
            for i in range {
                if let Some(e) = s.row(i) {
                    row(s, e, ui, out);
                }
            }
        });
}

/// One row: its cells painted in the columns, one widget named with the
/// whole row for a screen reader.
fn row(s: &LibrarySession, e: &Entry, ui: &mut Ui, out: &mut Vec<Action>) {
    let width = ui.available_width();
    let (rect, resp) = ui.allocate_exact_size(Vec2::new(width, ROW_HEIGHT), Sense::click());
    let selected = s.selected.contains(&e.file);
    let cells = cells(e, s.filter.me.as_deref());
    let name = Column::ALL
        .iter()
        .zip(&cells)
        .filter(|(_, t)| !t.is_empty())
        .map(|(c, t)| format!("{}: {t}", c.name()))
        .collect::<Vec<_>>()
        .join(", ");
    resp.widget_info(|| WidgetInfo::selected(Role::Row, true, selected, &name));
    if resp.clicked() {
        let add = ui.input(|i| i.modifiers.command);
        out.push(act(LibraryAction::Select(e.file.clone(), add)));
    }
    if resp.double_clicked() {
        out.push(act(LibraryAction::Open));
    }
    if !ui.is_rect_visible(rect) {
        return;
    }
    let painter = ui.painter();
    if selected {
        painter.rect_filled(rect, 2.0, ink::HIGHLIGHT);
    } else if resp.hovered() {
        painter.rect_filled(rect, 2.0, ink::MARGIN);
    }
    if resp.has_focus() {
        painter.rect_stroke(
            rect,
            2.0,
            Stroke::new(1.5, ink::CURSOR),
            egui::StrokeKind::Inside,
        );
    }
    let color = if e.summary().is_some() {
        ink::PENCIL
    } else {
        ink::FLASH
    };
    let font = FontId::proportional(14.0);
    for (cell, text) in column_rects(rect).iter().zip(&cells) {
        if let Some(cell) = cell {
            paint_cut(ui, *cell, text, &font, color);
        }
    }
}

/// The statistics page: your record against each opponent, your results
/// over time, the suggestion.
pub(super) fn stats(s: &LibrarySession, ui: &mut Ui, _style: crate::widgets::ink::MarkStyle) {
    let Some(me) = s.filter.me.as_deref() else {
        ui.label("No finished games between people yet.");
        return;
    };
    let Some(p) = s.stats().player(me) else {
        ui.label(format!("{me} has no finished games."));
        return;
    };
    ui.label(
        RichText::new(format!(
            "{}: {} games, {} won, {} lost, {} tied ({:.0} % won)",
            p.name,
            p.record.games,
            p.record.wins,
            p.record.losses,
            p.record.games - p.record.wins - p.record.losses,
            p.record.win_share() * 100.0
        ))
        .size(18.0),
    );
    for (v, r) in &p.variants {
        ui.label(format!(
            "{v}: {} games, {} won, {} lost",
            r.games, r.wins, r.losses
        ));
    }
    if let Some(text) = s.suggestion() {
        ui.label(RichText::new(text).strong().color(ink::CURSOR));
    }
    ui.add_space(6.0);
    // a wide window: the table and the chart side by side, the chart as
    // tall as the table's room; else one above the other
    if ui.available_width() >= 1100.0 {
        let height = ui.available_height();
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| {
                ui.set_max_height(height);
                opponents_table(ui, p, height);
            });
            ui.add_space(24.0);
            ui.vertical(|ui| {
                ui.set_max_height(height.min(420.0));
                ui.label(
                    RichText::new("Results over time (wins less losses, game by game)").strong(),
                );
                chart(ui, &p.timeline, 400.0);
            });
        });
        return;
    }
    opponents_table(ui, p, ui.available_height() * 0.55);
    ui.add_space(8.0);
    ui.label(RichText::new("Results over time (wins less losses, game by game)").strong());
    chart(ui, &p.timeline, 220.0);
}

/// The record against each opponent, scrolling past `max_height`.
fn opponents_table(ui: &mut Ui, p: &scribe_library::PlayerStats, max_height: f32) {
    egui::ScrollArea::vertical()
        .id_salt("library-stats")
        .max_height(max_height)
        .show(ui, |ui| {
            egui::Grid::new("library-opponents")
                .striped(true)
                .num_columns(6)
                .spacing([18.0, 4.0])
                .show(ui, |ui| {
                    for h in [
                        "Against",
                        "Games",
                        "Won",
                        "Lost",
                        "Win share",
                        "Super Glyph margin",
                    ] {
                        ui.label(RichText::new(h).strong());
                    }
                    ui.end_row();
                    for o in &p.opponents {
                        ui.label(&o.name);
                        ui.label(o.record.games.to_string());
                        ui.label(o.record.wins.to_string());
                        ui.label(o.record.losses.to_string());
                        ui.label(format!("{:.0} %", o.record.win_share() * 100.0));
                        ui.label(
                            o.record
                                .super_margin()
                                .map_or_else(|| "-".to_string(), |m| format!("{m:+.1}")),
                        );
                        ui.end_row();
                    }
                });
        });
}

/// The running count of wins less losses, drawn with the painter.
fn chart(ui: &mut Ui, timeline: &[(Option<chrono::DateTime<chrono::Utc>>, i8)], tallest: f32) {
    let size = Vec2::new(
        ui.available_width().min(1100.0),
        ui.available_height().clamp(80.0, tallest),
    );
    let (rect, resp) = ui.allocate_exact_size(size, Sense::hover());
    // from 0 before the first game: three games are three steps
    let mut sum = 0i32;
    let points: Vec<i32> = std::iter::once(0)
        .chain(timeline.iter().map(|(_, o)| {
            sum += i32::from(*o);
            sum
        }))
        .collect();
    let (lo, hi) = points
        .iter()
        .fold((0, 0), |(lo, hi), v| (lo.min(*v), hi.max(*v)));
    let last = points.last().copied().unwrap_or(0);
    let first = timeline.first().and_then(|t| t.0);
    let end = timeline.last().and_then(|t| t.0);
    let day = |d: Option<chrono::DateTime<chrono::Utc>>| {
        d.map_or_else(|| "?".to_string(), |d| d.format("%Y-%m-%d").to_string())
    };
    resp.widget_info(|| {
        WidgetInfo::labeled(
            Role::Image,
            true,
            format!(
                "Chart of {} games from {} to {}: wins less losses ends at {last}, highest {hi}, lowest {lo}",
                timeline.len(),
                day(first),
                day(end)
            ),
        )
    });
    let painter = ui.painter_at(rect);
    painter.rect_stroke(
        rect,
        2.0,
        Stroke::new(1.0, ink::FAINT),
        egui::StrokeKind::Inside,
    );
    if points.len() < 2 {
        return;
    }
    // the summary above the line and the dates below it, never on it
    let font = FontId::proportional(12.0);
    let strip = 18.0;
    let inner = Rect::from_min_max(
        rect.min + Vec2::new(10.0, 6.0 + strip),
        rect.max - Vec2::new(10.0, 6.0 + strip),
    );
    let span = f32::from(u16::try_from((hi - lo).max(1)).unwrap_or(u16::MAX));
    #[allow(clippy::cast_precision_loss)]
    let n = (points.len() - 1) as f32;
    let y = |v: i32| {
        let v = f32::from(i16::try_from(v - lo).unwrap_or(0));
        inner.bottom() - v / span * inner.height()
    };
    let zero = y(0);
    painter.hline(inner.x_range(), zero, Stroke::new(1.0, ink::MARGIN));
    #[allow(clippy::cast_precision_loss)]
    let line: Vec<egui::Pos2> = points
        .iter()
        .enumerate()
        .map(|(i, v)| egui::pos2(inner.left() + i as f32 / n * inner.width(), y(*v)))
        .collect();
    // a dot a game where the games are few enough to count
    if line.len() <= 40 {
        for p in &line[1..] {
            painter.circle_filled(*p, 2.5, ink::INK_X);
        }
    }
    painter.add(egui::Shape::line(line, Stroke::new(2.0, ink::INK_X)));
    let below = inner.bottom() + 4.0;
    if day(first) == day(end) {
        painter.text(
            egui::pos2(inner.center().x, below),
            Align2::CENTER_TOP,
            format!("all on {}", day(first)),
            font.clone(),
            ink::FAINT,
        );
    } else {
        painter.text(
            egui::pos2(inner.left(), below),
            Align2::LEFT_TOP,
            day(first),
            font.clone(),
            ink::FAINT,
        );
        painter.text(
            egui::pos2(inner.right(), below),
            Align2::RIGHT_TOP,
            day(end),
            font.clone(),
            ink::FAINT,
        );
    }
    painter.text(
        egui::pos2(inner.left(), rect.top() + 6.0),
        Align2::LEFT_TOP,
        format!("now {last:+}, highest {hi:+}, lowest {lo:+}"),
        font,
        ink::PENCIL,
    );
}
