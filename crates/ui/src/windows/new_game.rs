//! The New game dialog. It stays where it opened whatever its text (a fixed
//! width, its top edge fixed, room kept for the level descriptions). Enter
//! starts the game as the form shows it: the key is taken before any
//! control can use it, so a focused radio button never changes the choice
//! on the way (Enter on Cancel cancels).

use crate::action::NewGameForm;
use crate::widgets::ink::{self, MarkStyle};
use egui::{Context, Key, Modifiers, RichText, Ui};
use scribe_ai::Level;
use scribe_record::PlayerKind;
use scribe_rules::{Player, Variant};

/// The dialog's width, in points.
const WIDTH: f32 = 600.0;

/// What the New game dialog asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormOutcome {
    /// Still open.
    Open,
    /// Start the game.
    Start,
    /// Closed without starting.
    Cancel,
}

/// Shows the New game dialog. `computer` says whether a computer opponent
/// is available; without one, the Computer choice is shown but disabled.
/// Escape cancels; Enter starts.
pub fn new_game(
    ctx: &Context,
    form: &mut NewGameForm,
    computer: bool,
    escape: bool,
) -> FormOutcome {
    let mut outcome = if escape {
        FormOutcome::Cancel
    } else {
        FormOutcome::Open
    };
    let mut open = true;
    let mut first = None;
    let cancel_id = egui::Id::unique("new-game-cancel");
    let cancel_button: Option<egui::Id> = ctx.data(|d| d.get_temp(cancel_id));
    // Enter belongs to the dialog, not to the focused control (unless a
    // drop-down list is open, where it picks the entry)
    let enter = !egui::Popup::is_any_open(ctx)
        && ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Enter));
    if enter && outcome == FormOutcome::Open {
        let on_cancel = cancel_button.is_some() && ctx.memory(|m| m.focused()) == cancel_button;
        outcome = if on_cancel {
            FormOutcome::Cancel
        } else {
            FormOutcome::Start
        };
    }
    egui::Window::new("New game")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .min_width(WIDTH)
        .max_width(WIDTH)
        .pivot(egui::Align2::CENTER_TOP)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 70.0))
        .show(ctx, |ui| {
            egui::Grid::new("new-game-grid")
                .num_columns(2)
                .spacing([12.0, 10.0])
                .show(ui, |ui| {
                    ui.label("Variant");
                    ui.horizontal(|ui| {
                        for v in Variant::ALL {
                            ui.radio_value(&mut form.variant, v, v.name());
                        }
                    });
                    ui.end_row();
                    ui.label("Marks");
                    ui.horizontal(|ui| {
                        for s in MarkStyle::ALL {
                            ui.radio_value(&mut form.style, s, s.name());
                        }
                    });
                    ui.end_row();
                    for p in Player::ALL {
                        let name = player_row(ui, form, p, computer);
                        if p == Player::X {
                            crate::widgets::focus::focus_first(ui, &name);
                            first = Some(name.id);
                        }
                    }
                });
            ui.add_space(6.0);
            // the descriptions in a space of fixed height: the buttons stay put
            let lines = [
                match form.variant {
                    Variant::Majority => {
                        "Majority: whoever wins more of the nine mini grids wins.".to_string()
                    }
                    Variant::SuperGlyph => "Super Glyph: the won mini grids form glyphs on a \
                         3x3 board, scored like a mini grid; the higher score wins."
                        .to_string(),
                },
                level_line(form, Player::X),
                level_line(form, Player::O),
            ];
            for line in lines {
                crate::panels::fixed_line(ui, RichText::new(line).color(ink::FAINT), 22.0);
            }
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                if ui.button("Start").on_hover_text("Enter").clicked() {
                    outcome = FormOutcome::Start;
                }
                let cancel = ui.button("Cancel");
                ui.ctx().data_mut(|d| d.insert_temp(cancel_id, cancel.id));
                if cancel.clicked() {
                    outcome = FormOutcome::Cancel;
                }
            });
        });
    if !open {
        outcome = FormOutcome::Cancel;
    }
    if outcome != FormOutcome::Open
        && let Some(id) = first
    {
        crate::widgets::focus::forget_focus(ctx, id);
    }
    outcome
}

/// The description of a computer player's level, or nothing for a person.
fn level_line(form: &NewGameForm, p: Player) -> String {
    match form.kinds[p] {
        PlayerKind::Computer(level) => {
            format!("{}: {}", form.style.symbol(p), level_description(level))
        }
        PlayerKind::Human => String::new(),
    }
}

/// What a level is: its name, its rating (`scribe rate`'s Elo scale, the
/// 2010 Android app's computer at 1000), what it does and the time a move
/// it quotes ([`Level::rating`], [`Level::think`]): "Hard · rated 1620 ·
/// perfect in the last 22 squares · under 0.01 s a move".
#[must_use]
pub fn level_description(level: Level) -> String {
    let what = match level {
        Level::Beginner => "new to the rules",
        Level::Easy => "a step above Beginner",
        Level::Medium => "a fair game, perfect in the last 14 squares",
        Level::Hard => "perfect in the last 22 squares",
        Level::Expert => "both cores, perfect in the last 26",
        Level::Master => "four times Expert's playouts",
        Level::Grandmaster => "both cores, perfect in the last 28",
        Level::Champion => "the full engine on both cores",
    };
    // the browser has one core for the computer: the two searches of
    // Expert and up run one after the other (scribe_ai's search), as strong
    let browser = if crate::platform::in_browser()
        && matches!(
            level,
            Level::Expert | Level::Master | Level::Grandmaster | Level::Champion
        ) {
        " (in the browser one core does both searches: about twice as long)"
    } else {
        ""
    };
    format!(
        "{} · {} · {what} · {}{browser}",
        level.name(),
        level.rating_text(),
        level.think_text()
    )
}

/// A level as a list of levels names it: "Hard · 1620", "Champion · not
/// yet rated".
#[must_use]
pub fn level_choice(level: Level) -> String {
    match level.rating() {
        Some(r) => format!("{} · {r}", level.name()),
        None => format!("{} · not yet rated", level.name()),
    }
}

/// A player's row; returns the name field.
fn player_row(ui: &mut Ui, form: &mut NewGameForm, p: Player, computer: bool) -> egui::Response {
    let title = match p {
        Player::X => format!("First player ({})", form.style.symbol(p)),
        Player::O => format!("Second player ({})", form.style.symbol(p)),
    };
    let label = ui.label(title);
    let mut field = None;
    ui.vertical(|ui| {
        field = Some(
            ui.text_edit_singleline(&mut form.names[p])
                .labelled_by(label.id),
        );
        ui.horizontal(|ui| {
            let human = matches!(form.kinds[p], PlayerKind::Human);
            if ui
                .radio(human, "Human")
                .on_hover_text(format!("{} is played by a person", p))
                .clicked()
            {
                form.set_kind(p, PlayerKind::Human);
            }
            let level = match form.kinds[p] {
                PlayerKind::Computer(l) => l,
                PlayerKind::Human => Level::default(),
            };
            let resp = ui
                .add_enabled(
                    computer,
                    egui::RadioButton::new(
                        !human,
                        if computer {
                            "Computer"
                        } else {
                            "Computer (coming soon)"
                        },
                    ),
                )
                .on_disabled_hover_text("The computer opponent is not built into this version yet");
            if resp.clicked() {
                form.set_kind(p, PlayerKind::Computer(level));
            }
            ui.add_enabled_ui(computer && !human, |ui| {
                let mut chosen = level;
                egui::ComboBox::new(("level", p.index()), "level")
                    .selected_text(chosen.name())
                    // every level at once, none hidden below a scroll
                    .height(400.0)
                    .show_ui(ui, |ui| {
                        for l in Level::ALL {
                            ui.selectable_value(&mut chosen, l, level_choice(l));
                        }
                    });
                if chosen != level {
                    form.kinds[p] = PlayerKind::Computer(chosen);
                }
            });
        });
    });
    ui.end_row();
    field.unwrap_or_else(|| label.clone())
}
