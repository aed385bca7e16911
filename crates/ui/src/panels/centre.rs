//! The middle of the window: the turn line, the score line and the board.
//! The two lines have fixed heights (long text is shortened, the whole of it
//! shown on hover), so the board never moves when their text changes.

use crate::action::Action;
use crate::modes::Middle;
use crate::state::ScribeApp;
use crate::widgets::board::BoardView;
use crate::widgets::ink;
use egui::{RichText, Ui};
use scribe_rules::{Player, Target, Variant};

/// One line of text in a slot of fixed height, shortened with "…" when too long.
pub(crate) fn fixed_line(ui: &mut Ui, text: RichText, height: f32) {
    let width = ui.available_width();
    ui.allocate_ui_with_layout(
        egui::vec2(width, height),
        egui::Layout::left_to_right(egui::Align::Center),
        |ui| {
            ui.set_min_size(egui::vec2(width, height));
            ui.add(egui::Label::new(text).truncate());
        },
    );
}

pub(crate) fn board(app: &ScribeApp, ui: &mut Ui, actions: &mut Vec<Action>) {
    if let Some(mode) = &app.front {
        return front_board(app, mode.as_ref(), ui, actions);
    }
    let (turn, color) = turn_line(app);
    fixed_line(ui, RichText::new(turn).size(22.0).color(color), 30.0);
    fixed_line(ui, RichText::new(score_line(app)).color(ink::PENCIL), 22.0);
    let game = &app.play.game;
    let view = game.view();
    // A reviewed move with a better one: the position it was played in,
    // with the better move in pencil; otherwise the board after the move.
    let better = view.and_then(|n| {
        game.reviewed()
            .and_then(|r| crate::widgets::review::better_move(r, n))
    });
    let shown = match (view, better) {
        (Some(n), Some(_)) => n - 1,
        _ => game.shown(),
    };
    let record = game.record();
    let position = record.game.position_at(shown);
    let pos = *record.game.position();
    let live = view.is_none() && (record.is_over() || !app.is_computer(pos.to_move()));
    let board = zoomed(app, ui, |ui| {
        BoardView {
            position: &position,
            style: app.settings.style,
            live,
            glyph: app.glyph,
            // the live Hint, or the review's better move
            hint: if view.is_none() { game.hint() } else { better },
            // beside the better move, the move that was played
            played: better.and(view).map(|n| record.game.moves()[n - 1]),
            reduce_motion: app.settings.reduce_motion,
            busy: app.play.thinking,
            scores: true,
            // an earlier position, looked at, shows where its mover had to play
            guidance: view.is_some() || !record.is_over(),
        }
        .show(ui)
    });
    if let Some(sq) = board.clicked {
        actions.push(Action::Play(sq));
    }
}

/// The board in the space left, or, zoomed in (Ctrl+Plus), larger than it
/// in a scrolled area.
fn zoomed(
    app: &ScribeApp,
    ui: &mut Ui,
    show: impl FnOnce(&mut Ui) -> crate::widgets::board::BoardResponse,
) -> crate::widgets::board::BoardResponse {
    let zoom = app.settings.board_zoom();
    if zoom <= 1.0 {
        return show(ui);
    }
    let size = ui.available_size() * zoom;
    egui::ScrollArea::both()
        .id_salt("board-zoom")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.allocate_ui_with_layout(size, egui::Layout::top_down(egui::Align::Min), |ui| {
                ui.set_min_size(size);
                show(ui)
            })
            .inner
        })
        .inner
}

/// The two lines above a mode's board or canvas.
fn headings(ui: &mut Ui, heading: String, detail: String) {
    fixed_line(
        ui,
        RichText::new(heading).size(22.0).color(ink::PENCIL),
        30.0,
    );
    fixed_line(ui, RichText::new(detail).color(ink::PENCIL), 22.0);
}

/// The board (or the canvas) of the mode in front of the game.
fn front_board(
    app: &ScribeApp,
    mode: &dyn crate::modes::Mode,
    ui: &mut Ui,
    actions: &mut Vec<Action>,
) {
    let shown = match mode.middle(app.settings.style) {
        Middle::Board(shown) => shown,
        Middle::Canvas { heading, detail } => {
            headings(ui, heading, detail);
            mode.canvas(ui, app.settings.style, actions);
            return;
        }
    };
    headings(ui, shown.heading, shown.detail);
    let board = zoomed(app, ui, |ui| {
        BoardView {
            position: &shown.position,
            style: app.settings.style,
            live: shown.live,
            glyph: app.glyph,
            hint: shown.hint,
            played: None,
            reduce_motion: app.settings.reduce_motion,
            busy: false,
            scores: shown.scores,
            guidance: shown.guidance,
        }
        .show(ui)
    });
    mode.board_seen(ui, &board);
    if let Some(sq) = board.clicked {
        actions.push(Action::Play(sq));
    }
}

pub(crate) fn turn_line(app: &ScribeApp) -> (String, egui::Color32) {
    let game = &app.play.game.record().game;
    if let Some(n) = app.play.game.view() {
        let better = app
            .play
            .game
            .reviewed()
            .and_then(|r| crate::widgets::review::better_move(r, n).map(|b| (r, b)));
        if let Some((r, b)) = better {
            let played = game.moves()[n - 1];
            let mover = if n % 2 == 1 { Player::X } else { Player::O };
            return (
                format!(
                    "Move {n}: {} played {played}{}; better was {b}, in pencil (read-only)",
                    app.settings.style.symbol(mover),
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
    if let Some(end) = app.play.game.record().ended_early() {
        let w = end.winner();
        return (
            format!(
                "Game over: {}; {} wins.",
                end.describe(&app.who(end.loser())),
                app.who(w)
            ),
            ink::ink(w),
        );
    }
    if pos.is_over() {
        let variant = app.play.game.record().variant;
        return match pos.result().winner(variant) {
            Some(w) => (
                format!("Game over: {} wins ({}).", app.who(w), variant.name()),
                ink::ink(w),
            ),
            None => ("Game over.".to_string(), ink::PENCIL),
        };
    }
    let p = pos.to_move();
    let thinking = if app.play.thinking { ", thinking" } else { "" };
    let side = app.who(p);
    let whereto = match pos.target() {
        Target::Anywhere => "may play anywhere".to_string(),
        Target::Grid(g) => format!(
            "must play in the {} mini grid ({})",
            g.position_name(),
            g.span()
        ),
    };
    (format!("{side} to move{thinking}: {whereto}"), ink::ink(p))
}

fn score_line(app: &ScribeApp) -> String {
    let result = app.play.game.record().game.position().result();
    let won = result.majority.score;
    let mut line = format!(
        "Mini grids won: {} {} · {} {}",
        app.who(Player::X),
        won.x,
        app.who(Player::O),
        won.o
    );
    if app.play.game.record().variant == Variant::SuperGlyph {
        let points = result.won.map(scribe_rules::grid_points);
        line.push_str(&format!(
            "   Super Glyph points: {} {} · {} {}",
            app.settings.style.symbol(Player::X),
            points.x,
            app.settings.style.symbol(Player::O),
            points.o
        ));
    }
    line
}
