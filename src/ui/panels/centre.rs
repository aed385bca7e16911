//! The middle of the window: the turn line, the score line and the board.
//! The two lines have fixed heights (long text is shortened, the whole of it
//! shown on hover), so the board never moves when their text changes.

use crate::rules::{Player, Target, Variant};
use crate::ui::actions::Action;
use crate::ui::app::{Mode, ScribeApp};
use crate::ui::board::BoardView;
use crate::ui::ink;
use egui::{RichText, Ui};

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

pub(crate) fn board(app: &mut ScribeApp, ui: &mut Ui, actions: &mut Vec<Action>) {
    // learn: the course draws its own board
    if app.learning() {
        return crate::ui::learn::board(app, ui, actions);
    }
    if !matches!(app.mode, Mode::Play) {
        return other_board(app, ui, actions);
    }
    let (turn, color) = turn_line(app);
    fixed_line(ui, RichText::new(turn).size(22.0).color(color), 30.0);
    fixed_line(ui, RichText::new(score_line(app)).color(ink::PENCIL), 22.0);
    // A reviewed move with a better one: the position it was played in,
    // with the better move in pencil; otherwise the board after the move.
    let better = app.view.and_then(|n| {
        app.reviewed
            .as_ref()
            .and_then(|r| crate::ui::review::better_move(r, n))
    });
    let shown = match (app.view, better) {
        (Some(n), Some(_)) => n - 1,
        _ => app.view.unwrap_or(app.record.game.moves().len()),
    };
    let position = app.record.game.position_at(shown);
    let pos = *app.record.game.position();
    let live = app.view.is_none() && (pos.is_over() || !app.is_computer(pos.to_move()));
    let board = BoardView {
        position: &position,
        style: app.style,
        live,
        glyph: app.glyph,
        // the live Hint, or the review's better move
        hint: if app.view.is_none() { app.hint } else { better },
        reduce_motion: app.settings.reduce_motion,
        busy: app.thinking,
        scores: true,
    }
    .show(ui);
    if let Some(sq) = board.clicked {
        actions.push(Action::Play(sq));
    }
}

/// The board of a paper board being scored, or of a puzzle.
fn other_board(app: &ScribeApp, ui: &mut Ui, actions: &mut Vec<Action>) {
    let sym = |p: Player| app.style.symbol(p);
    let (heading, detail, position, hint) = match &app.mode {
        Mode::Referee(r) => {
            let n = r.counts();
            let detail = match r.problem() {
                Some(p) => format!(
                    "{} {} · {} {} marks: {p}",
                    sym(Player::X),
                    n.x,
                    sym(Player::O),
                    n.o
                ),
                None => format!(
                    "{} {} · {} {} marks; tallies and winners as on paper",
                    sym(Player::X),
                    n.x,
                    sym(Player::O),
                    n.o
                ),
            };
            (
                "Scoring a paper board: click a square for first player, again for second, again to empty"
                    .to_string(),
                detail,
                r.sketch(),
                None,
            )
        }
        Mode::Puzzles(s) => {
            let (i, n) = s.progress();
            let (heading, hint) = match s.current() {
                Some(p) => (
                    format!(
                        "Puzzle {i} of {n}: {} to move, {} — find the only move that does",
                        sym(p.to_move),
                        p.goal.describe()
                    ),
                    s.answer_shown().then_some(p.answer),
                ),
                None => ("No puzzles".to_string(), None),
            };
            (
                heading,
                format!("Solved {} of {n}", s.solved()),
                s.position(),
                hint,
            )
        }
        Mode::PuzzlesComing | Mode::Play | Mode::Learn(_) => (
            "Making puzzles…".to_string(),
            String::new(),
            crate::rules::Position::new(),
            None,
        ),
    };
    fixed_line(
        ui,
        RichText::new(heading).size(22.0).color(ink::PENCIL),
        30.0,
    );
    fixed_line(ui, RichText::new(detail).color(ink::PENCIL), 22.0);
    let board = BoardView {
        position: &position,
        style: app.style,
        live: !matches!(app.mode, Mode::PuzzlesComing),
        glyph: app.glyph,
        hint,
        reduce_motion: app.settings.reduce_motion,
        busy: false,
        scores: true,
    }
    .show(ui);
    if let Some(sq) = board.clicked {
        actions.push(Action::Play(sq));
    }
}

/// The side a player is, as the heading names it: "Bob (O, computer, Hard)".
fn side(app: &ScribeApp, p: Player) -> String {
    let who = app.who(p);
    match app.record.players[p].kind {
        crate::record::PlayerKind::Computer(level) if app.provider.is_some() => {
            match who.strip_suffix(')') {
                Some(named) => format!("{named}, computer, {})", level.name()),
                None => format!("{who} (computer, {})", level.name()),
            }
        }
        _ => who,
    }
}

pub(crate) fn turn_line(app: &ScribeApp) -> (String, egui::Color32) {
    let game = &app.record.game;
    if let Some(n) = app.view {
        let better = app
            .reviewed
            .as_ref()
            .and_then(|r| crate::ui::review::better_move(r, n).map(|b| (r, b)));
        if let Some((r, b)) = better {
            let played = game.moves()[n - 1];
            let mover = if n % 2 == 1 { Player::X } else { Player::O };
            return (
                format!(
                    "Move {n}: {} played {played}{}; better was {b}, in pencil (read-only)",
                    app.style.symbol(mover),
                    crate::ui::review::annotation(r, n)
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
    if pos.is_over() {
        return match pos.result().winner(app.record.variant) {
            Some(w) => (
                format!(
                    "Game over: {} wins ({}).",
                    app.who(w),
                    app.record.variant.name()
                ),
                ink::ink(w),
            ),
            None => ("Game over.".to_string(), ink::PENCIL),
        };
    }
    let p = pos.to_move();
    let thinking = if app.thinking { ", thinking" } else { "" };
    let side = side(app, p);
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
    let result = app.record.game.position().result();
    let won = result.majority.score;
    let mut line = format!(
        "Mini grids won: {} {} · {} {}",
        app.who(Player::X),
        won.x,
        app.who(Player::O),
        won.o
    );
    if app.record.variant == Variant::SuperGlyph {
        let points = result.won.map(crate::rules::grid_points);
        line.push_str(&format!(
            "   Super Glyph points: {} {} · {} {}",
            app.style.symbol(Player::X),
            points.x,
            app.style.symbol(Player::O),
            points.o
        ));
    }
    line
}
