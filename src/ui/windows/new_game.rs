//! The New game dialog.

use crate::ai::Level;
use crate::record::{GameRecord, PlayerInfo, PlayerKind};
use crate::rules::{ByPlayer, Player, Variant};
use crate::ui::ink::{self, MarkStyle};
use egui::{Context, RichText, Ui};

/// The New game dialog's fields.
#[derive(Debug, Clone)]
pub struct NewGameForm {
    /// How the winner is decided.
    pub variant: Variant,
    /// The players' names.
    pub names: ByPlayer<String>,
    /// Human or computer (with a level).
    pub kinds: ByPlayer<PlayerKind>,
    /// How marks are drawn.
    pub style: MarkStyle,
}

impl NewGameForm {
    /// A form filled in from the current game.
    #[must_use]
    pub fn from_record(record: &GameRecord, style: MarkStyle) -> NewGameForm {
        NewGameForm {
            variant: record.variant,
            // a player named only by their mark is unnamed: the field stays empty
            names: ByPlayer::new_with(|p| {
                let name = record.players[p].name.trim();
                if name == p.letter().to_string() || name == style.symbol(p) {
                    String::new()
                } else {
                    name.to_string()
                }
            }),
            kinds: ByPlayer::new_with(|p| record.players[p].kind),
            style,
        }
    }

    /// The players the form describes; blank names become the marks' symbols.
    #[must_use]
    pub fn players(&self) -> ByPlayer<PlayerInfo> {
        ByPlayer::new_with(|p| {
            let name = self.names[p].trim();
            PlayerInfo {
                name: if name.is_empty() {
                    self.style.symbol(p).to_string()
                } else {
                    name.to_string()
                },
                kind: self.kinds[p],
            }
        })
    }
}

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
    egui::Window::new("New game")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            egui::Grid::new("new-game-grid")
                .num_columns(2)
                .spacing([12.0, 10.0])
                .show(ui, |ui| {
                    ui.label("Variant");
                    ui.horizontal(|ui| {
                        for (i, v) in Variant::ALL.into_iter().enumerate() {
                            let r = ui.radio_value(&mut form.variant, v, v.name());
                            if i == 0 {
                                super::focus_first(ui, &r);
                                first = Some(r.id);
                            }
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
                        player_row(ui, form, p, computer);
                    }
                });
            ui.add_space(6.0);
            ui.label(
                RichText::new(match form.variant {
                    Variant::Majority => "Majority: whoever wins more of the nine mini grids wins.",
                    Variant::SuperGlyph => {
                        "Super Glyph: the won mini grids form glyphs on a 3x3 board, \
                         scored like a mini grid; the higher score wins."
                    }
                })
                .color(ink::FAINT),
            );
            for p in Player::ALL {
                if let PlayerKind::Computer(level) = form.kinds[p] {
                    ui.label(
                        RichText::new(format!(
                            "{}: {}",
                            form.style.symbol(p),
                            level_description(level)
                        ))
                        .color(ink::FAINT),
                    );
                }
            }
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                let enter = ui.input(|i| i.key_pressed(egui::Key::Enter))
                    && !egui::Popup::is_any_open(ui.ctx());
                if ui.button("Start").on_hover_text("Enter").clicked() || enter {
                    outcome = FormOutcome::Start;
                }
                if ui.button("Cancel").clicked() {
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
        super::forget_focus(ctx, id);
    }
    outcome
}

/// What a level is: strength, and the time a move as measured with
/// `scribe move` on a shared 2-core machine (each level wins about 4 games in
/// 5 against the one below it: see the README's ladder).
#[must_use]
pub fn level_description(level: Level) -> &'static str {
    match level {
        Level::Beginner => {
            "Beginner, plays like someone who has just learned the rules; under 0.01 s a move"
        }
        Level::Easy => "Easy, a step above Beginner; under 0.01 s a move",
        Level::Medium => {
            "Medium, a fair game for a casual player, perfect in the last 14 squares; \
             under 0.01 s a move"
        }
        Level::Hard => {
            "Hard, strong, perfect in the last 22 squares; usually under 0.01 s, \
             at most 0.2 s a move"
        }
        Level::Expert => {
            "Expert, the strongest, on both cores, perfect in the last 26 squares; \
             usually 0.02 s, at most 0.2 s a move"
        }
    }
}

fn player_row(ui: &mut Ui, form: &mut NewGameForm, p: Player, computer: bool) {
    let title = match p {
        Player::X => format!("First player ({})", form.style.symbol(p)),
        Player::O => format!("Second player ({})", form.style.symbol(p)),
    };
    let label = ui.label(title);
    ui.vertical(|ui| {
        ui.text_edit_singleline(&mut form.names[p])
            .labelled_by(label.id);
        ui.horizontal(|ui| {
            let human = matches!(form.kinds[p], PlayerKind::Human);
            if ui
                .radio(human, "Human")
                .on_hover_text(format!("{} is played by a person", p))
                .clicked()
            {
                form.kinds[p] = PlayerKind::Human;
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
                form.kinds[p] = PlayerKind::Computer(level);
            }
            ui.add_enabled_ui(computer && !human, |ui| {
                let mut chosen = level;
                egui::ComboBox::new(("level", p.index()), "level")
                    .selected_text(chosen.name())
                    .show_ui(ui, |ui| {
                        for l in Level::ALL {
                            ui.selectable_value(&mut chosen, l, l.name());
                        }
                    });
                if chosen != level {
                    form.kinds[p] = PlayerKind::Computer(chosen);
                }
            });
        });
    });
    ui.end_row();
}
