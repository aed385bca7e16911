//! The course on screen: the step's text, figure, task and answers in the
//! left panel, the board in the middle, the steps on the right, and the
//! first start's offer. Reads the session and emits actions.
//!
//! The keyboard follows the task: when a step begins, the board (for a task
//! on the board) or the first answer has the focus; once the task is done,
//! "Next step" has it, so Enter goes on.

use super::course::Figure;
use super::{LearnAction, LearnSession};
use crate::rules::{GridIndex, Player, Square, Target};
use crate::ui::actions::Action;
use crate::ui::app::{Mode, ScribeApp};
use crate::ui::board::{BoardView, board_id};
use crate::ui::ink;
use crate::ui::panels::fixed_line;
use egui::{Id, RichText, Ui};

fn push(actions: &mut Vec<Action>, a: LearnAction) {
    actions.push(Action::Learn(a));
}

/// The square the routing map shows: last frame's pointer or cursor square.
fn considered_id() -> Id {
    Id::unique("learn-considered-square")
}

/// Where the keyboard was last sent: (step, done).
fn focus_id() -> Id {
    Id::unique("learn-focus-given")
}

/// Whether the keyboard should move for this (step, done) now; remembers it.
fn focus_due(ui: &Ui, step: usize, done: bool) -> bool {
    let due = ui.ctx().data(|d| d.get_temp::<(usize, bool)>(focus_id())) != Some((step, done));
    if due {
        ui.ctx()
            .data_mut(|d| d.insert_temp(focus_id(), (step, done)));
    }
    due
}

/// The left panel: the step's words, its figure, its task and answers, and
/// the ways on.
pub(in crate::ui) fn panel(app: &ScribeApp, ui: &mut Ui, actions: &mut Vec<Action>) {
    let Mode::Learn(s) = &app.mode else { return };
    let style = app.style;
    let step = s.step();
    let (i, n) = (s.index(), LearnSession::len());
    let focus = focus_due(ui, i, s.done());
    ui.label(RichText::new("Learn to play").size(20.0));
    ui.label(RichText::new(format!("Step {} of {n}", i + 1)).color(ink::FAINT));
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .max_height(ui.available_height() - 112.0)
        .show(ui, |ui| {
            ui.add_space(4.0);
            ui.label(RichText::new(step.title).size(22.0).strong());
            ui.label(s.text(style));
            figure(s, step.figure, style, ui);
            if !step.task_text.is_empty() {
                ui.add_space(6.0);
                ui.label(RichText::new(s.task_text(style)).strong().color(ink::INK_X));
            }
            let answers = s.answers(style);
            if !answers.is_empty() {
                ui.add_space(4.0);
                ui.horizontal_wrapped(|ui| {
                    for (k, a) in answers.iter().enumerate() {
                        let r = ui.button(a);
                        if k == 0 && focus && !s.done() {
                            r.request_focus();
                        }
                        if r.clicked() {
                            push(actions, LearnAction::Answer(k));
                        }
                    }
                });
            }
            if let Some(f) = s.feedback() {
                ui.add_space(6.0);
                let color = if f.right { ink::PENCIL } else { ink::INK_O };
                ui.label(RichText::new(&f.text).color(color));
            }
        });
    if focus && !s.done() && step.task.on_board() {
        ui.memory_mut(|m| m.request_focus(board_id()));
    }
    ui.add_space(6.0);
    let last = i + 1 == n;
    ui.horizontal(|ui| {
        if ui
            .add_enabled(i > 0, egui::Button::new("Previous step"))
            .clicked()
        {
            push(actions, LearnAction::Previous);
        }
        if !last {
            let label = if s.done() {
                "Next step"
            } else {
                "Skip this step"
            };
            let r = ui.button(label);
            if focus && s.done() {
                r.request_focus();
            }
            if r.clicked() {
                push(actions, LearnAction::Next);
            }
        } else {
            let r = ui.button("Start a new game");
            if focus {
                r.request_focus();
            }
            if r.clicked() {
                push(actions, LearnAction::NewGame);
            }
        }
    });
    ui.horizontal(|ui| {
        if ui
            .add_enabled(
                step.task.on_board(),
                egui::Button::new("Start this step again"),
            )
            .clicked()
        {
            push(actions, LearnAction::Restart);
        }
    });
    if ui.button("Back to my game").clicked() {
        push(actions, LearnAction::Leave);
    }
}

/// The step's figure: the routing map or the won mini grids.
fn figure(s: &LearnSession, figure: Figure, style: ink::MarkStyle, ui: &mut Ui) {
    let pos = s.position();
    match figure {
        Figure::None => {}
        Figure::Routing => {
            let considered = ui
                .ctx()
                .data(|d| d.get_temp::<Option<Square>>(considered_id()))
                .flatten()
                .filter(|&q| pos.check(q).is_ok());
            let Some(sq) = considered.or_else(|| s.last_mark()) else {
                return;
            };
            ui.add_space(6.0);
            let what = if considered.is_some() {
                format!("{sq} would send you to the mini grid in highlighter:")
            } else {
                format!("Your last mark, {sq}, sends you to the mini grid in highlighter:")
            };
            ui.label(RichText::new(what).color(ink::FAINT));
            crate::ui::diagram::routing_map(ui, sq.grid(), sq.cell(), Player::X, style, 176.0);
            if considered.is_none()
                && let Target::Anywhere = pos.target()
            {
                ui.label(RichText::new("…which is full: you may play anywhere.").color(ink::FAINT));
            }
        }
        Figure::WonGrids => {
            let won = pos.won_grids();
            let rows: Vec<String> = (0..3)
                .map(|r| {
                    (0..3)
                        .map(|c| {
                            let g = GridIndex::ALL[r * 3 + c];
                            if won.x.contains(g) {
                                'x'
                            } else if won.o.contains(g) {
                                'o'
                            } else {
                                '.'
                            }
                        })
                        .collect()
                })
                .collect();
            ui.add_space(6.0);
            ui.label(RichText::new("The won mini grids as marks:").color(ink::FAINT));
            crate::ui::diagram::mini_grid(ui, &rows.join("/"), style, 36.0);
        }
    }
}

/// The middle: the step's heading, whose turn and where, and the board.
pub(in crate::ui) fn board(app: &ScribeApp, ui: &mut Ui, actions: &mut Vec<Action>) {
    let Mode::Learn(s) = &app.mode else { return };
    let step = s.step();
    let pos = s.position();
    fixed_line(
        ui,
        RichText::new(format!(
            "Learn to play, step {} of {}: {}",
            s.index() + 1,
            LearnSession::len(),
            step.title
        ))
        .size(22.0)
        .color(ink::PENCIL),
        30.0,
    );
    let line = if pos.is_over() {
        "All 81 squares are filled: the game is over.".to_string()
    } else if !step.task.on_board() {
        s.task_text(app.style)
    } else {
        let p = app.style.symbol(pos.to_move());
        match pos.target() {
            Target::Anywhere => format!("{p} to move: may play anywhere"),
            Target::Grid(g) => format!(
                "{p} to move: must play in the {} mini grid ({})",
                g.position_name(),
                g.span()
            ),
        }
    };
    fixed_line(ui, RichText::new(line).color(ink::PENCIL), 22.0);
    let board = BoardView {
        position: pos,
        style: app.style,
        live: step.task.on_board() && !s.done(),
        glyph: None,
        hint: None,
        reduce_motion: app.settings.reduce_motion,
        busy: false,
        scores: step.scores,
    }
    .show(ui);
    // the map beside the text is drawn before the board: show a new square next frame
    let considered = board.hovered.or(board.cursor);
    let before = ui
        .ctx()
        .data(|d| d.get_temp::<Option<Square>>(considered_id()))
        .flatten();
    if before != considered {
        ui.ctx()
            .data_mut(|d| d.insert_temp(considered_id(), considered));
        ui.ctx().request_repaint();
    }
    if let Some(sq) = board.clicked {
        push(actions, LearnAction::Square(sq));
    }
}

/// The right side: the course's steps, the current one marked; click one to go there.
pub(in crate::ui) fn contents(app: &ScribeApp, ui: &mut Ui, actions: &mut Vec<Action>) {
    let Mode::Learn(s) = &app.mode else { return };
    ui.label(RichText::new("Steps").size(20.0));
    for (k, step) in super::STEPS.iter().enumerate() {
        let here = k == s.index();
        let text = format!("{}. {}", k + 1, step.title);
        let text = if here {
            RichText::new(text).strong()
        } else {
            RichText::new(text)
        };
        if ui.selectable_label(here, text).clicked() && !here {
            push(actions, LearnAction::Go(k));
        }
    }
}

/// The first start's offer, in a small window over the legend (never over
/// the board): learn now, or not now.
pub(in crate::ui) fn offer(app: &ScribeApp, ctx: &egui::Context, actions: &mut Vec<Action>) {
    if !app.learn_offer {
        return;
    }
    let escape = ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape));
    if escape {
        push(actions, LearnAction::Offered(false));
        return;
    }
    egui::Window::new("New to Scribe?")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::LEFT_BOTTOM, [12.0, -40.0])
        .default_width(300.0)
        .show(ctx, |ui| {
            ui.label(
                "Learn to play in a few minutes, on the board: ten short steps, \
                 each with a task. You can leave at any time and come back later \
                 (Help → Learn to play).",
            );
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                let learn = ui.button("Learn to play");
                crate::ui::windows::focus_first(ui, &learn);
                if learn.clicked() {
                    push(actions, LearnAction::Offered(true));
                }
                if ui.button("Not now").clicked() {
                    push(actions, LearnAction::Offered(false));
                }
            });
        });
}
