//! The windows over the board: New game, Rules, Keyboard shortcuts, About,
//! "replace the unfinished game?", and the built-in path prompt. Every
//! window closes with Escape, confirms with Enter where it has a default
//! answer, and gives the keyboard to its first control when it opens.

mod confirm;
mod help;
mod new_game;
mod path_prompt;
mod print;
mod rules;
mod summary;

pub use new_game::{FormOutcome, NewGameForm};
pub(crate) use path_prompt::PathPrompt;
pub use summary::{SummaryChoice, summary_panel};

use crate::ui::actions::Action;
use crate::ui::app::ScribeApp;
use egui::{Context, Key, Modifiers};

/// Shows the open windows and collects what the player asked for.
pub(crate) fn show(app: &mut ScribeApp, ctx: &Context, actions: &mut Vec<Action>) {
    // Escape closes the topmost window only (the order they stack in).
    let escape = ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Escape));
    let mut escape_left = escape;
    let mut take_escape = || std::mem::take(&mut escape_left);
    if let Some(prompt) = &mut app.prompt {
        match path_prompt::show(ctx, prompt, take_escape()) {
            path_prompt::Outcome::Open => {}
            path_prompt::Outcome::Cancel => app.prompt = None,
            path_prompt::Outcome::Chosen(purpose, path) => {
                actions.push(Action::PathChosen(purpose, path));
            }
        }
    }
    if let Some(r) = &app.confirm {
        let moves = app.record.game.position().moves_played();
        if let Some(choice) = confirm::show(ctx, moves, &r.message, take_escape()) {
            actions.push(Action::Confirm(choice));
        }
    }
    if let Some(form) = &mut app.form {
        match new_game::new_game(ctx, form, app.provider.is_some(), take_escape()) {
            FormOutcome::Open => {}
            FormOutcome::Cancel => app.form = None,
            FormOutcome::Start => actions.push(Action::StartGame),
        }
    }
    if let Some(opts) = &mut app.printing {
        match print::show(ctx, opts, take_escape()) {
            print::Outcome::Open => {}
            print::Outcome::Cancel => app.printing = None,
            print::Outcome::Choose => actions.push(Action::PrintChosen),
        }
    }
    if app.about_open {
        help::about(ctx, &mut app.about_open, take_escape());
    }
    if app.shortcuts_open {
        help::shortcuts(ctx, &mut app.shortcuts_open, take_escape());
    }
    if app.rules_open {
        rules::rules(ctx, &mut app.rules_open, app.style, take_escape());
    }
}

/// The left panel in the paper-board and puzzle modes: results or the
/// puzzle's buttons, and the way back to the game.
pub(crate) fn mode_panel(app: &ScribeApp, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    use crate::rules::Player;
    use crate::ui::app::Mode;
    use egui::RichText;
    let sym = |p: Player| app.style.symbol(p);
    match &app.mode {
        Mode::Referee(r) => {
            ui.label(RichText::new("Paper board").size(20.0));
            match r.result() {
                Some(result) => {
                    for v in crate::rules::Variant::ALL {
                        let what = match v {
                            crate::rules::Variant::Majority => "Majority (grids won)",
                            crate::rules::Variant::SuperGlyph => "Super Glyph (points)",
                        };
                        ui.label(RichText::new(what).strong());
                        match result.for_variant(v) {
                            Some(vr) => ui.label(format!(
                                "{} {} · {} {} — {}",
                                sym(Player::X),
                                vr.score.x,
                                sym(Player::O),
                                vr.score.o,
                                vr.winner.map_or_else(
                                    || "undecided".to_string(),
                                    |w| format!("{} wins", sym(w))
                                )
                            )),
                            None => ui.label("undecided until the board is full"),
                        };
                    }
                }
                None => {
                    ui.label(
                        RichText::new(r.problem().unwrap_or_default()).color(crate::ui::ink::INK_O),
                    );
                }
            }
            ui.add_space(8.0);
            if ui.button("Clear the board").clicked() {
                actions.push(Action::RefereeClear);
            }
        }
        Mode::Puzzles(s) => {
            ui.label(RichText::new("Puzzles").size(20.0));
            ui.label("Older marks are slashed; the highlighter shows where the player to move must play.");
            ui.add_space(8.0);
            if ui.button("Show the answer").clicked() {
                actions.push(Action::PuzzleAnswer);
            }
            let (i, n) = s.progress();
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(i > 1, egui::Button::new("Previous"))
                    .clicked()
                {
                    actions.push(Action::PuzzleStep(false));
                }
                if ui.add_enabled(i < n, egui::Button::new("Next")).clicked() {
                    actions.push(Action::PuzzleStep(true));
                }
            });
        }
        Mode::PuzzlesComing | Mode::Play | Mode::Learn(_) => {
            ui.label(RichText::new("Puzzles").size(20.0));
            ui.label("Making six puzzles, each proved by the exact solver…");
        }
    }
    ui.add_space(8.0);
    if ui.button("Back to my game").clicked() {
        actions.push(Action::BackToPlay);
    }
}

/// Gives the keyboard to `response` the first frame its window is shown.
pub(crate) fn focus_first(ui: &egui::Ui, response: &egui::Response) {
    let id = response.id.with("first-focus");
    let done = ui.ctx().data(|d| d.get_temp::<bool>(id).unwrap_or(false));
    if !done {
        response.request_focus();
        ui.ctx().data_mut(|d| d.insert_temp(id, true));
    }
}

/// Forgets [`focus_first`] for a window that closed, so it focuses again next time.
pub(crate) fn forget_focus(ctx: &Context, response_id: egui::Id) {
    ctx.data_mut(|d| d.remove::<bool>(response_id.with("first-focus")));
}
