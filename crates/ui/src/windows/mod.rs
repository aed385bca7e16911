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

pub use new_game::FormOutcome;
pub(crate) use new_game::{level_choice, level_description};

use crate::action::{Action, Window};
use crate::state::ScribeApp;
use egui::{Context, Key, Modifiers};

/// Shows the open windows and collects what the player asked for. Each
/// window draws a copy of its fields; an edit comes back as an action.
pub(crate) fn show(app: &ScribeApp, ctx: &Context, actions: &mut Vec<Action>) {
    // Escape closes the topmost window only (the order they stack in).
    let escape = ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Escape));
    let mut escape_left = escape;
    let mut take_escape = || std::mem::take(&mut escape_left);
    let w = &app.windows;
    if let Some(prompt) = &w.prompt {
        let mut edited = prompt.clone();
        match path_prompt::show(ctx, &mut edited, take_escape()) {
            path_prompt::Outcome::Open => {}
            path_prompt::Outcome::Cancel => actions.push(Action::Close(Window::Prompt)),
            path_prompt::Outcome::Chosen(purpose, path) => {
                actions.push(Action::PathChosen(purpose, path));
            }
        }
        if &edited != prompt {
            actions.push(Action::Prompt(edited));
        }
    }
    if let Some(r) = &app.play.confirm {
        let moves = app.play.game.record().game.position().moves_played();
        let saved_once = app.play.game.path().is_some();
        if let Some(choice) = confirm::show(ctx, moves, saved_once, &r.next, take_escape()) {
            actions.push(Action::Confirm(choice));
        }
    }
    if let Some(form) = &w.form {
        let mut edited = form.clone();
        let outcome =
            new_game::new_game(ctx, &mut edited, app.play.provider.is_some(), take_escape());
        if &edited != form {
            actions.push(Action::Form(edited));
        }
        match outcome {
            FormOutcome::Open => {}
            FormOutcome::Cancel => actions.push(Action::Close(Window::NewGame)),
            FormOutcome::Start => actions.push(Action::StartGame),
        }
    }
    if let Some(opts) = &w.printing {
        let mut edited = *opts;
        let outcome = print::show(ctx, &mut edited, take_escape());
        if edited != *opts {
            actions.push(Action::Printing(edited));
        }
        match outcome {
            print::Outcome::Open => {}
            print::Outcome::Cancel => actions.push(Action::Close(Window::Print)),
            print::Outcome::Choose => actions.push(Action::PrintChosen),
        }
    }
    let mut simple = |open: bool, window: Window, show: &dyn Fn(&mut bool, bool)| {
        if open {
            let mut still = true;
            show(&mut still, take_escape());
            if !still {
                actions.push(Action::Close(window));
            }
        }
    };
    simple(w.about, Window::About, &|open, esc| {
        help::about(ctx, open, esc)
    });
    simple(w.shortcuts, Window::Shortcuts, &|open, esc| {
        help::shortcuts(ctx, open, esc);
    });
    let style = app.settings.style;
    simple(w.rules, Window::Rules, &|open, esc| {
        rules::rules(ctx, open, style, esc);
    });
}
