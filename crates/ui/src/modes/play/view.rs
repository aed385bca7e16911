//! The play mode's views: the two lines above the board (whose turn, the
//! mini grids won), the left panel (the end-of-game summary, else the glyph
//! legend), the demo's controls in the toolbar and the arrow keys that step
//! through the moves. They read the mode and emit [`Action`]s; the move
//! list is `moves.rs`.

use super::PlayMode;
use super::summary::{SummaryChoice, summary_panel};
use crate::action::{Action, PlayAction};
use crate::widgets::ink::{self, MarkStyle};
use egui::{Key, Modifiers, RichText, Ui};
use scribe_rules::{Player, Target, Variant};

/// The line above the board and its colour: whose turn, the end, or the
/// earlier position looked at.
pub(super) fn turn_line(m: &PlayMode, style: MarkStyle) -> (String, egui::Color32) {
    let game = &m.game.record().game;
    if let Some(n) = m.game.view() {
        let better = m
            .game
            .reviewed()
            .and_then(|r| crate::widgets::review::better_move(r, n).map(|b| (r, b)));
        if let Some((r, b)) = better {
            let played = game.moves()[n - 1];
            let mover = if n % 2 == 1 { Player::X } else { Player::O };
            return (
                format!(
                    "Move {n}: {} played {played}{}; better was {b}, in pencil (read-only)",
                    style.symbol(mover),
                    crate::widgets::review::annotation(r, n)
                ),
                ink::FAINT,
            );
        }
        return (
            format!(
                "Looking at the board after move {n} of {} (read-only)",
                game.moves().len()
            ),
            ink::FAINT,
        );
    }
    let pos = game.position();
    if let Some(end) = m.game.record().ended_early() {
        let w = end.winner();
        return (
            format!(
                "Game over: {}; {} wins.",
                end.describe(&m.who(end.loser(), style)),
                m.who(w, style)
            ),
            ink::ink(w),
        );
    }
    if pos.is_over() {
        let variant = m.game.record().variant;
        return match pos.result().winner(variant) {
            Some(w) => (
                format!("Game over: {} wins ({}).", m.who(w, style), variant.name()),
                ink::ink(w),
            ),
            None => ("Game over.".to_string(), ink::PENCIL),
        };
    }
    let p = pos.to_move();
    let thinking = if m.thinking { ", thinking" } else { "" };
    let side = m.who(p, style);
    // the squares first: a narrow window cuts the end of the line, and
    // the grid's name says less than its squares
    let whereto = match pos.target() {
        Target::Anywhere => "may play anywhere".to_string(),
        Target::Grid(g) => format!(
            "must play in {}, the {} mini grid",
            g.span(),
            g.position_name()
        ),
    };
    (format!("{side} to move{thinking}: {whereto}"), ink::ink(p))
}

/// The line under it: the mini grids won (and the Super Glyph points) in
/// the position shown (an earlier one while looking back or reviewing).
pub(super) fn score_line(m: &PlayMode, style: MarkStyle) -> String {
    let game = &m.game.record().game;
    let pos = m
        .game
        .view()
        .map_or(*game.position(), |n| game.position_at(n));
    let result = pos.result();
    let won = result.majority.score;
    let mut line = format!(
        "Mini grids won: {} {} · {} {}",
        m.who(Player::X, style),
        won.x,
        m.who(Player::O, style),
        won.o
    );
    if m.game.record().variant == Variant::SuperGlyph {
        let points = result.won.map(scribe_rules::grid_points);
        line.push_str(&format!(
            "   Super Glyph points: {} {} · {} {}",
            style.symbol(Player::X),
            points.x,
            style.symbol(Player::O),
            points.o
        ));
    }
    line
}

/// The left panel: the end-of-game summary, else the glyph legend (the
/// glyph under the pointer washes the board).
pub(super) fn panel(m: &PlayMode, ui: &mut Ui, style: MarkStyle, actions: &mut Vec<Action>) {
    let mut glyph = None;
    if m.summary_open && m.game.view().is_none() {
        let choice = summary_panel(ui, m.game.record(), style);
        actions.extend(choice.map(|c| match c {
            SummaryChoice::PlayAgain => Action::Game(PlayAction::PlayAgain { swap: false }),
            SummaryChoice::SwapSides => Action::Game(PlayAction::PlayAgain { swap: true }),
            SummaryChoice::Export => Action::GamePdf,
            SummaryChoice::Review => Action::Game(PlayAction::Review),
            SummaryChoice::Close => Action::Game(PlayAction::CloseSummary),
        }));
    } else {
        ui.label(RichText::new("Glyphs").size(20.0));
        ui.label(RichText::new("hover one to find it on the board").color(ink::FAINT));
        glyph = crate::widgets::legend::show(ui);
    }
    if glyph != m.glyph {
        actions.push(Action::Game(PlayAction::Glyph(glyph)));
    }
}

/// Pause, Step and speed for a computer-against-computer game.
pub(super) fn demo_controls(m: &PlayMode, ui: &mut Ui, actions: &mut Vec<Action>) {
    ui.separator();
    let pause = if m.demo.paused { "Resume" } else { "Pause" };
    let size = egui::vec2(76.0, ui.spacing().interact_size.y);
    if ui.add_sized(size, egui::Button::new(pause)).clicked() {
        actions.push(Action::Game(PlayAction::DemoPause(!m.demo.paused)));
    }
    if ui
        .add_enabled(m.demo.paused, egui::Button::new("Step"))
        .on_hover_text("Play one move")
        .clicked()
    {
        actions.push(Action::Game(PlayAction::DemoStep));
    }
    let label = ui.label("Pause between moves:");
    let mut delay = m.demo.delay;
    ui.add(
        egui::DragValue::new(&mut delay)
            .range(0.0..=5.0)
            .speed(0.05)
            .suffix(" s"),
    )
    .labelled_by(label.id);
    if delay != m.demo.delay {
        actions.push(Action::Game(PlayAction::DemoDelay(
            (delay * 1000.0).round() as u32,
        )));
    }
}

/// The arrow keys, Home and End step through the moves (when nothing has
/// the keyboard).
pub(super) fn keys(m: &PlayMode, ui: &Ui, actions: &mut Vec<Action>) {
    let played = m.game.record().game.moves().len();
    let shown = m.game.shown();
    let step = ui.input_mut(|i| {
        if i.consume_key(Modifiers::NONE, Key::ArrowLeft) {
            Some(shown.saturating_sub(1))
        } else if i.consume_key(Modifiers::NONE, Key::ArrowRight) {
            Some((shown + 1).min(played))
        } else if i.consume_key(Modifiers::NONE, Key::Home) {
            Some(0)
        } else if i.consume_key(Modifiers::NONE, Key::End) {
            Some(played)
        } else {
            None
        }
    });
    if let Some(n) = step {
        actions.push(Action::Game(PlayAction::View((n < played).then_some(n))));
    }
}
