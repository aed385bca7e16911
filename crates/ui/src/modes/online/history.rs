//! The online panel's other pages: **History** (every finished game with
//! its date, opponent, variant, result, both variants' totals and how it
//! ended, each with *Open in review*) and **Standings** (a variant's
//! players by rating, rounded, provisional ones marked). A player's name
//! opens their page (`player.rs`). They read the mode and emit
//! [`OnlineAction`]s, as `view.rs` does.

use super::game::OnlineAction;
use super::state::{OnlineMode, Page};
use crate::action::{Action, ModeAction, ModeKind};
use crate::widgets::ink::{self, MarkStyle};
use egui::{RichText, Ui};
use scribe_api::{self as api, GameSummary};
use scribe_rules::{Player, Variant};

fn emit(out: &mut Vec<Action>, a: OnlineAction) {
    out.push(Action::Mode(ModeAction::new(ModeKind::Online, a)));
}

/// The row of page buttons: Games, History, Standings.
pub(super) fn pages(m: &OnlineMode, ui: &mut Ui, out: &mut Vec<Action>) {
    ui.horizontal(|ui| {
        for (page, name) in [
            (Page::Games, "Games"),
            (Page::History, "History"),
            (Page::Standings, "Standings"),
        ] {
            if ui.selectable_label(m.page == page, name).clicked() && m.page != page {
                emit(out, OnlineAction::Page(page));
            }
        }
    });
}

/// "Sat 21 Nov 2026" from an RFC 3339 time ("" when unreadable).
fn date(t: Option<&str>) -> String {
    t.and_then(|t| chrono::DateTime::parse_from_rfc3339(t).ok())
        .map(|t| {
            t.with_timezone(&chrono::Local)
                .format("%a %-d %b %Y")
                .to_string()
        })
        .unwrap_or_default()
}

fn side_name(g: &GameSummary, side: api::Side) -> &str {
    match side {
        api::Side::X => g.players.x.as_deref().unwrap_or("?"),
        api::Side::O => g.players.o.as_deref().unwrap_or("?"),
    }
}

/// The words of one finished game: its heading ("vs bob · Majority · Sat
/// 21 Nov 2026"), its result and how it ended ("You won: bob resigned"),
/// and both variants' totals ("Majority + 5 · O 4 · Super Glyph + 31 ·
/// O 28"). `you`: `me` is the one signed in ("You won"); else `me`'s
/// games are told by name ("bob won", "bob resigned").
#[must_use]
pub fn finished_words(me: &str, you: bool, g: &GameSummary, style: MarkStyle) -> [String; 3] {
    let my_side = if g.players.x.as_deref() == Some(me) {
        Some(api::Side::X)
    } else if g.players.o.as_deref() == Some(me) {
        Some(api::Side::O)
    } else {
        None
    };
    let opponent = match my_side {
        Some(api::Side::X) => side_name(g, api::Side::O),
        Some(api::Side::O) => side_name(g, api::Side::X),
        None => "?",
    };
    let when = date(g.finished.as_deref().or(g.updated.as_deref()));
    let heading = format!(
        "vs {opponent} · {} · {when}",
        Variant::from(g.variant).name()
    );
    let result = match g.winner {
        Some(w) if you && Some(w) == my_side => "You won".to_string(),
        Some(w) => format!("{} won", side_name(g, w)),
        None => "No winner".to_string(),
    };
    let loser = g.winner.map(|w| match w {
        api::Side::X => api::Side::O,
        api::Side::O => api::Side::X,
    });
    let who = |s: Option<api::Side>| match s {
        Some(s) if you && Some(s) == my_side => "you".to_string(),
        Some(s) => side_name(g, s).to_string(),
        None => "?".to_string(),
    };
    let how = match g.end {
        Some(api::EndReason::BoardFull) => format!("the board full, {} moves", g.moves),
        Some(api::EndReason::Resigned) => {
            format!("{} resigned at move {}", who(loser), g.moves + 1)
        }
        Some(api::EndReason::OutOfTime) => format!("{} ran out of time", who(loser)),
        None => "over".to_string(),
    };
    let tally = |t: &Option<api::Tally>| match t {
        Some(t) => format!(
            "{} {} · {} {}",
            style.symbol(Player::X),
            t.x,
            style.symbol(Player::O),
            t.o
        ),
        None => "—".to_string(),
    };
    let totals = format!(
        "Majority {} · Super Glyph {}",
        tally(&g.majority),
        tally(&g.super_glyph)
    );
    [heading, format!("{result}: {how}"), totals]
}

/// The History page: every finished game, most recent first.
pub(super) fn history(
    m: &OnlineMode,
    me: &str,
    ui: &mut Ui,
    style: MarkStyle,
    out: &mut Vec<Action>,
) {
    let finished: Vec<&GameSummary> = m
        .games
        .iter()
        .filter(|g| g.status == api::Status::Finished)
        .collect();
    ui.label(RichText::new("Finished games").strong());
    if !m.listed {
        ui.label(RichText::new("Reading…").color(ink::FAINT));
    } else if finished.is_empty() {
        ui.label(RichText::new("None finished yet.").color(ink::FAINT));
    }
    egui::ScrollArea::vertical()
        .id_salt("online-history")
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for g in finished {
                finished_row(m, me, true, g, ui, style, out);
            }
        });
}

/// One finished game of `player`'s, as History and a player's page list
/// it: heading, result, totals, *Open in review* and the opponent's name
/// (a link to their page). `you`: `player` is the one signed in.
pub(super) fn finished_row(
    m: &OnlineMode,
    player: &str,
    you: bool,
    g: &GameSummary,
    ui: &mut Ui,
    style: MarkStyle,
    out: &mut Vec<Action>,
) {
    let [heading, result, totals] = finished_words(player, you, g, style);
    let opponent = if g.players.x.as_deref() == Some(player) {
        g.players.o.as_deref()
    } else {
        g.players.x.as_deref()
    };
    ui.group(|ui| {
        ui.set_width(ui.available_width());
        ui.label(RichText::new(heading).strong());
        ui.label(result);
        ui.label(RichText::new(totals).color(ink::FAINT));
        ui.horizontal(|ui| {
            let busy = m.busy.is_some();
            if ui
                .add_enabled(!busy, egui::Button::new("Open in review"))
                .on_hover_text(format!("game {}", g.id))
                .clicked()
            {
                emit(out, OnlineAction::ReviewGame(g.id.clone()));
            }
            if let Some(o) = opponent {
                super::player::player_link(ui, o, out);
            }
        });
    });
}

/// "1662 ±45", and "1500 ±350 (provisional)" while the deviation is high.
#[must_use]
pub fn rating_words(s: &api::Standing) -> String {
    rating_words_of(s.rating, s.deviation)
}

/// "1662 ±45", "1500 ±350 (provisional)": a rating and its deviation.
#[must_use]
pub fn rating_words_of(rating: f64, deviation: f64) -> String {
    // one rule for every client: scribe_api's (the web page writes "1662?")
    let mut text = format!("{:.0} ±{:.0}", rating.round(), deviation.round());
    if api::provisional(deviation) {
        text.push_str(" (provisional)");
    }
    text
}

/// The Standings page: a variant's players by rating.
pub(super) fn standings(m: &OnlineMode, ui: &mut Ui, out: &mut Vec<Action>) {
    ui.horizontal(|ui| {
        for v in Variant::ALL {
            if ui.radio(m.standings_variant == v, v.name()).clicked() && m.standings_variant != v {
                emit(out, OnlineAction::StandingsVariant(v));
            }
        }
    });
    let Some(table) = m
        .standings
        .as_ref()
        .filter(|t| Variant::from(t.variant) == m.standings_variant)
    else {
        ui.label(RichText::new("Reading…").color(ink::FAINT));
        return;
    };
    if table.standings.is_empty() {
        ui.label(RichText::new("No rated games yet.").color(ink::FAINT));
        return;
    }
    egui::ScrollArea::vertical()
        .id_salt("online-standings")
        .auto_shrink([false, true])
        .show(ui, |ui| {
            egui::Grid::new("standings")
                .num_columns(4)
                .striped(true)
                .show(ui, |ui| {
                    for h in ["#", "Player", "Rating", "Won–lost"] {
                        ui.label(RichText::new(h).strong());
                    }
                    ui.end_row();
                    for s in &table.standings {
                        ui.label(s.rank.to_string());
                        super::player::player_link(ui, &s.name, out);
                        ui.label(rating_words(s))
                            .on_hover_text(
                                "Glicko-2: the rating ± its deviation; provisional while the deviation is above 110",
                            );
                        ui.label(format!("{}–{}", s.wins, s.losses));
                        ui.end_row();
                    }
                });
            ui.label(
                RichText::new("Provisional: too few rated games yet for the rating to mean much.")
                    .color(ink::FAINT),
            );
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(json: &str) -> GameSummary {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn a_finished_game_names_its_date_opponent_result_totals_and_end() {
        let g = summary(
            r#"{"id":"g1","variant":"majority","status":"finished","players":{"x":"ann","o":"bob"},
            "challenger":"ann","challenged":"bob","moves":12,"winner":"X","waiting_for_you":false,
            "days_per_move":null,"deadline":null,"updated":"2026-11-21T10:00:00Z","end":"resigned",
            "finished":"2026-11-21T10:00:00Z","majority":{"x":2,"o":1,"winner":"X"}}"#,
        );
        let [heading, result, totals] = finished_words("ann", true, &g, MarkStyle::PlusO);
        assert!(heading.starts_with("vs bob · Majority · "), "{heading}");
        assert!(heading.contains("Nov 2026"), "{heading}");
        assert_eq!(result, "You won: bob resigned at move 13");
        assert_eq!(totals, "Majority + 2 · O 1 · Super Glyph —");
        let [_, result, _] = finished_words("bob", true, &g, MarkStyle::PlusO);
        assert_eq!(result, "ann won: you resigned at move 13");
        // on bob's page, seen by someone else
        let [heading, result, _] = finished_words("bob", false, &g, MarkStyle::PlusO);
        assert!(heading.starts_with("vs ann · "), "{heading}");
        assert_eq!(result, "ann won: bob resigned at move 13");
    }

    #[test]
    fn ratings_are_rounded_and_provisional_ones_marked() {
        let s = |rating, deviation| api::Standing {
            computer: false,
            rank: 1,
            name: "ann".into(),
            rating,
            deviation,
            volatility: 0.06,
            games: 3,
            wins: 2,
            losses: 1,
        };
        assert_eq!(rating_words(&s(1662.4, 290.2)), "1662 ±290 (provisional)");
        assert_eq!(rating_words(&s(1700.0, 60.0)), "1700 ±60");
    }
}
