//! The online panel's player page and the names that open it: a player's
//! ratings (rounded, provisional ones marked, as Standings writes them),
//! record, rating over time (a small chart drawn with the painter) and
//! finished games (as History lists them, each with *Open in review*),
//! read from `GET /players/{name}` on the connection worker; and **Online
//! now** on the right side (free until a game opens), who has a live stream
//! open on the server, each name opening their page and offering a
//! challenge. A name is a link wherever it shows (Standings, History, the
//! game list, an open game, Online now).

use super::game::OnlineAction;
use super::history::{finished_row, rating_words_of};
use super::state::OnlineMode;
use crate::action::{Action, ModeAction, ModeKind};
use crate::widgets::ink::{self, MarkStyle};
use egui::accesskit::Role;
use egui::{Align2, FontId, RichText, Sense, Stroke, Ui, Vec2, WidgetInfo};
use scribe_api as api;
use scribe_rules::Variant;

fn emit(out: &mut Vec<Action>, a: OnlineAction) {
    out.push(Action::Mode(ModeAction::new(ModeKind::Online, a)));
}

/// A player's name as a link to their page (read as "bob's page").
pub(super) fn player_link(ui: &mut Ui, name: &str, out: &mut Vec<Action>) {
    player_link_in(ui, RichText::new(name), name, out);
}

/// As [`player_link`], the name written as `text` says.
pub(super) fn player_link_in(ui: &mut Ui, text: RichText, name: &str, out: &mut Vec<Action>) {
    let label = format!("{name}'s page");
    let r = ui
        .link(text)
        .on_hover_text(format!("{label}: rating, record, finished games"));
    r.widget_info(|| WidgetInfo::labeled(Role::Link, true, &label));
    if r.clicked() {
        emit(out, OnlineAction::ShowPlayer(name.to_string()));
    }
}

/// A button that challenges `name` with the New challenge form's settings
/// (variant, side, time a move), read as "Challenge bob".
fn challenge_button(ui: &mut Ui, name: &str, small: bool, out: &mut Vec<Action>) {
    let label = format!("Challenge {name}");
    let r = if small {
        ui.small_button("Challenge")
    } else {
        ui.button(&label)
    };
    r.widget_info(|| WidgetInfo::labeled(Role::Button, true, &label));
    if r.on_hover_text("With the variant, side and time a move chosen under New challenge")
        .clicked()
    {
        emit(out, OnlineAction::ChallengePlayer(name.to_string()));
    }
}

/// The right side while signed in with no game open: Online now, who has
/// the app or the web page open on this server (the panel is full at
/// 1366x768; this side is free until a game opens).
pub(super) fn online_now(m: &OnlineMode, me: &str, ui: &mut Ui, out: &mut Vec<Action>) {
    // who is online is read again now and then (see `OnlineMode::poll`)
    ui.ctx().request_repaint_after(super::state::ONLINE_EVERY);
    ui.label(RichText::new("Online now").size(20.0));
    ui.label(
        RichText::new("Your own game waits behind, untouched (Back to my game).").color(ink::FAINT),
    );
    ui.add_space(4.0);
    let Some(list) = &m.online else {
        ui.label(RichText::new("Reading…").color(ink::FAINT));
        return;
    };
    let others: Vec<&String> = list
        .players
        .iter()
        .filter(|n| !n.eq_ignore_ascii_case(me))
        .collect();
    if others.is_empty() {
        ui.label(RichText::new("Only you.").color(ink::FAINT));
    }
    egui::ScrollArea::vertical()
        .id_salt("online-now")
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for name in others {
                ui.horizontal(|ui| {
                    player_link(ui, name, out);
                    challenge_button(ui, name, true, out);
                });
            }
        });
    let more = list.count.saturating_sub(list.players.len());
    if more > 0 {
        ui.label(RichText::new(format!("and {more} more")).color(ink::FAINT));
    }
}

/// "Majority: 1662 ±290 (provisional) · 3 rated games, 2 won, 1 lost".
#[must_use]
pub fn rating_line(r: &api::PlayerRating) -> String {
    let games = if r.games == 1 { "game" } else { "games" };
    format!(
        "{}: {} · {} rated {games}, {} won, {} lost",
        Variant::from(r.variant).name(),
        rating_words_of(r.rating, r.deviation),
        r.games,
        r.wins,
        r.losses
    )
}

/// "Record: 5 won, 3 lost in 8 rated games" over every variant.
#[must_use]
pub fn record_words(ratings: &[api::PlayerRating]) -> String {
    let (games, wins, losses) = ratings.iter().fold((0, 0, 0), |(g, w, l), r| {
        (g + r.games, w + r.wins, l + r.losses)
    });
    if games == 0 {
        return "No rated games yet.".to_string();
    }
    let s = if games == 1 { "" } else { "s" };
    format!("Record: {wins} won, {losses} lost in {games} rated game{s}.")
}

/// The page of the player asked for (`m.player_name`), once it has come.
fn asked_page(m: &OnlineMode) -> Option<&scribe_api::PlayerPage> {
    m.player
        .as_ref()
        .filter(|p| p.name.eq_ignore_ascii_case(&m.player_name))
}

/// The player page (the page of `m.player_name`).
pub(super) fn page(
    m: &OnlineMode,
    me: &str,
    ui: &mut Ui,
    _style: MarkStyle,
    out: &mut Vec<Action>,
) {
    let name = m.player_name.as_str();
    ui.horizontal(|ui| {
        if ui
            .button("Back")
            .on_hover_text("To the page before")
            .clicked()
        {
            emit(out, OnlineAction::PlayerBack);
        }
        ui.label(RichText::new(name).size(18.0).strong());
    });
    let Some(p) = asked_page(m) else {
        ui.label(RichText::new("Reading…").color(ink::FAINT));
        return;
    };
    if p.online {
        ui.label(RichText::new("Online now.").color(ink::PENCIL));
    }
    if !p.name.eq_ignore_ascii_case(me) && !p.name.starts_with(scribe_ai::COMPUTER_PREFIX) {
        challenge_button(ui, &p.name, false, out);
    }
    ui.label(RichText::new("The page is in the middle of the window.").color(ink::FAINT));
}

/// The player's page itself, in the middle: the record, the ratings, the
/// rating over time, the finished games.
pub(super) fn page_body(
    m: &OnlineMode,
    me: &str,
    ui: &mut Ui,
    style: MarkStyle,
    out: &mut Vec<Action>,
) {
    let Some(p) = asked_page(m) else {
        ui.label(RichText::new("Reading…").color(ink::FAINT));
        return;
    };
    egui::ScrollArea::vertical()
        .id_salt("online-player")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.set_max_width(ui.available_width().min(760.0));
            if let Some(level) = scribe_ai::computer_level(&p.name) {
                // the computer's strength is the engine's, measured by
                // `scribe rate`; its games here count for nobody's rating
                let rating = level.rating().map_or_else(
                    || "not yet rated".to_string(),
                    |r| format!("rated {r} on the levels' scale (scribe rate)"),
                );
                ui.label(format!(
                    "The computer at level {}, {rating}. Games against it are not rated here.",
                    level.name()
                ));
            } else {
                ui.label(record_words(&p.ratings));
            }
            for r in &p.ratings {
                ui.label(rating_line(r));
            }
            ui.add_space(4.0);
            ui.label(RichText::new("Rating over time").strong());
            chart(ui, &p.name, &p.history);
            ui.horizontal(|ui| {
                for v in Variant::ALL {
                    if p.history.iter().any(|h| Variant::from(h.variant) == v) {
                        ui.label(RichText::new(format!("— {}", v.name())).color(variant_ink(v)));
                    }
                }
            });
            ui.add_space(4.0);
            ui.label(RichText::new("Finished games").strong());
            if p.games.is_empty() {
                ui.label(RichText::new("None finished yet.").color(ink::FAINT));
            }
            for g in &p.games {
                let you = p.name.eq_ignore_ascii_case(me);
                finished_row(m, &p.name, you, g, ui, style, out);
            }
        });
}

/// The ink of a variant's line: + ink for Majority, O ink for Super Glyph.
fn variant_ink(v: Variant) -> egui::Color32 {
    match v {
        Variant::Majority => ink::INK_X,
        Variant::SuperGlyph => ink::INK_O,
    }
}

/// The words a screen reader reads for the chart: each variant's first
/// and last rating, highest and lowest.
#[must_use]
pub fn chart_words(name: &str, history: &[api::RatingPoint]) -> String {
    let mut parts = Vec::new();
    for v in Variant::ALL {
        let pts: Vec<f64> = history
            .iter()
            .filter(|p| Variant::from(p.variant) == v)
            .map(|p| p.rating.round())
            .collect();
        let (Some(first), Some(last)) = (pts.first(), pts.last()) else {
            continue;
        };
        let hi = pts.iter().copied().fold(f64::MIN, f64::max);
        let lo = pts.iter().copied().fold(f64::MAX, f64::min);
        let s = if pts.len() == 1 { "" } else { "s" };
        parts.push(format!(
            "{}: {} rated game{s}, from {first:.0} to {last:.0}, highest {hi:.0}, lowest {lo:.0}",
            v.name(),
            pts.len()
        ));
    }
    if parts.is_empty() {
        format!("{name}'s rating over time: no rated games yet")
    } else {
        format!("{name}'s rating over time. {}", parts.join("; "))
    }
}

/// The rating after each rated game, one line a variant, drawn with the
/// painter (game by game from left to right).
fn chart(ui: &mut Ui, name: &str, history: &[api::RatingPoint]) {
    let size = Vec2::new(ui.available_width().min(420.0), 120.0);
    let (rect, resp) = ui.allocate_exact_size(size, Sense::hover());
    resp.widget_info(|| WidgetInfo::labeled(Role::Image, true, chart_words(name, history)));
    let painter = ui.painter_at(rect);
    painter.rect_stroke(
        rect,
        2.0,
        Stroke::new(1.0, ink::FAINT),
        egui::StrokeKind::Inside,
    );
    let font = FontId::proportional(12.0);
    if history.is_empty() {
        painter.text(
            rect.center(),
            Align2::CENTER_CENTER,
            "No rated games yet",
            font,
            ink::FAINT,
        );
        return;
    }
    let (lo, hi) = history.iter().fold((f64::MAX, f64::MIN), |(lo, hi), p| {
        (lo.min(p.rating), hi.max(p.rating))
    });
    let (lo, hi) = (lo.round(), hi.round().max(lo.round() + 1.0));
    let inner = egui::Rect::from_min_max(
        rect.min + Vec2::new(38.0, 8.0),
        rect.max - Vec2::new(8.0, 18.0),
    );
    #[allow(clippy::cast_precision_loss)]
    let steps = (history.len().max(2) - 1) as f32;
    #[allow(clippy::cast_possible_truncation)]
    let y = |r: f64| inner.bottom() - ((r - lo) / (hi - lo)) as f32 * inner.height();
    #[allow(clippy::cast_precision_loss)]
    let x = |i: usize| inner.left() + i as f32 / steps * inner.width();
    for (value, at) in [(hi, y(hi)), (lo, y(lo))] {
        painter.hline(inner.x_range(), at, Stroke::new(1.0, ink::MARGIN));
        painter.text(
            egui::pos2(inner.left() - 4.0, at),
            Align2::RIGHT_CENTER,
            format!("{value:.0}"),
            font.clone(),
            ink::FAINT,
        );
    }
    for v in Variant::ALL {
        let pts: Vec<egui::Pos2> = history
            .iter()
            .enumerate()
            .filter(|(_, p)| Variant::from(p.variant) == v)
            .map(|(i, p)| egui::pos2(x(i), y(p.rating)))
            .collect();
        let colour = variant_ink(v);
        if pts.len() > 1 {
            painter.add(egui::Shape::line(pts.clone(), Stroke::new(2.0, colour)));
        }
        for p in pts {
            painter.circle_filled(p, 3.0, colour);
        }
    }
    let day = |p: Option<&api::RatingPoint>| {
        p.and_then(|p| p.at.as_deref())
            .and_then(|t| chrono::DateTime::parse_from_rfc3339(t).ok())
            .map_or_else(String::new, |t| t.format("%-d %b %Y").to_string())
    };
    painter.text(
        egui::pos2(inner.left(), rect.bottom() - 2.0),
        Align2::LEFT_BOTTOM,
        day(history.first()),
        font.clone(),
        ink::FAINT,
    );
    painter.text(
        egui::pos2(inner.right(), rect.bottom() - 2.0),
        Align2::RIGHT_BOTTOM,
        day(history.last()),
        font,
        ink::FAINT,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rating(variant: api::Variant, rating: f64, deviation: f64) -> api::PlayerRating {
        api::PlayerRating {
            variant,
            rating,
            deviation,
            games: 3,
            wins: 2,
            losses: 1,
        }
    }

    #[test]
    fn a_players_ratings_and_record_read_as_standings_write_them() {
        let r = rating(api::Variant::Majority, 1662.4, 290.2);
        assert_eq!(
            rating_line(&r),
            "Majority: 1662 ±290 (provisional) · 3 rated games, 2 won, 1 lost"
        );
        let settled = rating(api::Variant::SuperGlyph, 1700.0, 60.0);
        assert_eq!(
            rating_line(&settled),
            "Super Glyph: 1700 ±60 · 3 rated games, 2 won, 1 lost"
        );
        assert_eq!(
            record_words(&[r, settled]),
            "Record: 4 won, 2 lost in 6 rated games."
        );
        assert_eq!(record_words(&[]), "No rated games yet.");
    }

    #[test]
    fn the_chart_reads_as_words() {
        let point = |variant, rating| api::RatingPoint {
            variant,
            game: "g".into(),
            at: None,
            rating,
            deviation: 200.0,
        };
        let h = [
            point(api::Variant::Majority, 1500.0),
            point(api::Variant::Majority, 1662.0),
            point(api::Variant::Majority, 1580.0),
        ];
        assert_eq!(
            chart_words("ann", &h),
            "ann's rating over time. Majority: 3 rated games, from 1500 to 1580, \
             highest 1662, lowest 1500"
        );
        assert_eq!(
            chart_words("bob", &[]),
            "bob's rating over time: no rated games yet"
        );
    }
}
