//! The course on screen: the step's text, figure, task and answers in the
//! left panel, the board in the middle, the steps on the right, and the
//! first start's offer. Reads the session and emits actions.
//!
//! The keyboard follows the task: when a step begins, the board (for a task
//! on the board) or the first answer has the focus; once the task is done,
//! "Next step" has it, so Enter goes on.

use super::course::Figure;
use super::{LearnAction, LearnSession};
use crate::action::{Action, ModeAction, ModeKind};
use crate::widgets::board::{BoardResponse, board_id};
use crate::widgets::ink;
use egui::{Id, RichText, Ui};
use scribe_rules::{GridIndex, Player, Square, Target};

fn push(actions: &mut Vec<Action>, a: LearnAction) {
    actions.push(Action::Mode(ModeAction::new(ModeKind::Learn, a)));
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
pub(crate) fn panel(
    s: &LearnSession,
    style: ink::MarkStyle,
    ui: &mut Ui,
    actions: &mut Vec<Action>,
) {
    let step = s.step();
    let (i, n) = (s.index(), LearnSession::len());
    let focus = focus_due(ui, i, s.done());
    ui.label(RichText::new("Learn to play").size(20.0));
    ui.label(RichText::new(format!("Step {} of {n}", i + 1)).color(ink::FAINT));
    // From the bottom up: the ways on, the feedback, the answers and the
    // task stay in view whatever the window's height (at 1366x768 they fell
    // below the fold); the step's words scroll in the space above them.
    // (the side panel puts "Back to my game" under this: room is kept)
    let back = ui.spacing().interact_size.y + 8.0 + 2.0 * ui.spacing().item_spacing.y + 8.0;
    let size = egui::vec2(ui.available_width(), ui.available_height() - back);
    ui.allocate_ui_with_layout(size, egui::Layout::bottom_up(egui::Align::Min), |ui| {
        ways_on(s, i, n, focus, ui, actions);
        ui.add_space(6.0);
        // (bottom up: the answers sit right above the step buttons, and the
        // feedback above them, so nothing under the pointer moves when it
        // appears)
        let answers = s.answers(style);
        if !answers.is_empty() {
            // a block of the height the buttons took last frame (they wrap),
            // laid out top down inside the bottom-up column
            let id = Id::unique("learn-answers-height").with(i);
            let height = ui.ctx().data(|d| d.get_temp::<f32>(id)).unwrap_or(30.0);
            let size = egui::vec2(ui.available_width(), height);
            let block =
                ui.allocate_ui_with_layout(size, egui::Layout::top_down(egui::Align::Min), |ui| {
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
                    })
                    .response
                    .rect
                    .height()
                });
            let used = block.inner.ceil();
            if (used - height).abs() > 0.5 {
                ui.ctx().data_mut(|d| d.insert_temp(id, used));
                ui.ctx().request_discard("the answers wrapped anew");
            }
            ui.add_space(4.0);
        }
        // a wrong answer is said here; a right one goes up with the step's
        // text: after a move on the board it takes that text's place (which
        // spoke of the board before the move), after a question it follows it
        let done = s.feedback().filter(|f| f.right && s.done());
        if let Some(f) = s.feedback().filter(|f| !(f.right && s.done())) {
            let color = if f.right { ink::PENCIL } else { ink::INK_O };
            ui.label(RichText::new(&f.text).color(color));
            ui.add_space(4.0);
        }
        if !step.task_text.is_empty() {
            ui.label(RichText::new(s.task_text(style)).strong().color(ink::INK_X));
        }
        ui.add_space(6.0);
        ui.with_layout(egui::Layout::top_down(egui::Align::Min), |ui| {
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    ui.add_space(4.0);
                    ui.label(RichText::new(step.title).size(22.0).strong());
                    match done {
                        Some(f) if step.task.on_board() => {
                            ui.label(RichText::new(&f.text).color(ink::PENCIL));
                        }
                        Some(f) => {
                            ui.label(s.text(style));
                            ui.add_space(4.0);
                            ui.label(RichText::new(&f.text).color(ink::PENCIL));
                        }
                        None => {
                            ui.label(s.text(style));
                        }
                    }
                    figure(s, step.figure, style, ui);
                });
        });
    });
    if focus && !s.done() && step.task.on_board() {
        ui.memory_mut(|m| m.request_focus(board_id()));
    }
}

/// Previous step, Next step (or Skip, or Start a new game), Start this step
/// again: the last rows of the panel, drawn first from the bottom up.
fn ways_on(
    s: &LearnSession,
    i: usize,
    n: usize,
    focus: bool,
    ui: &mut Ui,
    actions: &mut Vec<Action>,
) {
    let step = s.step();
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
                actions.push(Action::BackToPlay);
                actions.push(Action::NewGame);
            }
        }
    });
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
            crate::widgets::diagram::routing_map(ui, sq.grid(), sq.cell(), Player::X, style, 176.0);
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
            crate::widgets::diagram::mini_grid(ui, &rows.join("/"), style, 36.0);
        }
    }
}

/// After the board is drawn: the square under the pointer or the cursor,
/// for the routing map beside the text.
pub(crate) fn board_seen(ui: &Ui, board: &BoardResponse) {
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
}

/// The right side: the course's steps, the current one marked; click one to go there.
pub(crate) fn contents(s: &LearnSession, ui: &mut Ui, actions: &mut Vec<Action>) {
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
    // a question about points: the glyphs and their points in view (the
    // game's legend is not shown during the course)
    let task = s.step().task;
    if task.is_question() && task != super::Task::Majority {
        ui.add_space(8.0);
        ui.label(RichText::new("Glyphs").size(20.0));
        crate::widgets::legend::show_in_columns(ui, 3);
    }
}

/// The first start's offer, in a small window over the legend (never over
/// the board): learn now, or not now.
pub(crate) fn offer(showing: bool, ctx: &egui::Context, actions: &mut Vec<Action>) {
    if !showing {
        return;
    }
    let escape = ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape));
    if escape {
        actions.push(Action::CourseOffer(false));
        return;
    }
    egui::Window::new("New to Scribe?")
        .collapsible(false)
        .resizable(false)
        // over the move list's foot, empty at a first start: the glyph
        // legend on the left and the board stay in sight
        .anchor(egui::Align2::RIGHT_BOTTOM, [-8.0, -40.0])
        .default_width(186.0)
        .show(ctx, |ui| {
            ui.label(
                "Learn to play in a few minutes, on the board: ten short steps, \
                 each with a task. You can leave at any time and come back later \
                 (Help → Learn to play).",
            );
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                let learn = ui.button("Learn to play");
                crate::widgets::focus::focus_first(ui, &learn);
                if learn.clicked() {
                    actions.push(Action::CourseOffer(true));
                }
                if ui.button("Not now").clicked() {
                    actions.push(Action::CourseOffer(false));
                }
            });
        });
}
