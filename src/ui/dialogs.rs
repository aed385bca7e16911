//! The windows: New game, Rules, and the end-of-game summary.

use super::ink::{self, MarkStyle};
use crate::ai::Level;
use crate::pen;
use crate::record::{GameRecord, PlayerInfo, PlayerKind};
use crate::rules::{ByPlayer, GridIndex, Player, Variant};
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
            names: ByPlayer::new_with(|p| record.players[p].name.clone()),
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
pub fn new_game(ctx: &Context, form: &mut NewGameForm, computer: bool) -> FormOutcome {
    let mut outcome = FormOutcome::Open;
    let mut open = true;
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
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                if ui.button("Start").clicked() {
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
    outcome
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

/// A small mini grid drawn with the pen from rows like `xox/oxo/oox`.
fn example_grid(ui: &mut Ui, rows: &str, style: MarkStyle) {
    let unit = 17.0;
    let (rect, _) =
        ui.allocate_exact_size(egui::Vec2::splat(unit * 3.0 + 6.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let sheet = ink::Sheet {
        painter: &painter,
        origin: rect.min + egui::Vec2::splat(3.0),
        unit,
    };
    let seed = |parts: &[u64]| pen::Jitter::seed_of(parts);
    let mut lines = Vec::new();
    for i in 1..=2u8 {
        let d = f32::from(i);
        lines.push(pen::line(
            [d, 0.05],
            [d, 2.95],
            0.03,
            seed(&[40, u64::from(i)]),
        ));
        lines.push(pen::line(
            [0.05, d],
            [2.95, d],
            0.03,
            seed(&[41, u64::from(i)]),
        ));
    }
    sheet.draw(&lines, 0.05, ink::PENCIL);
    for (r, row) in rows.split('/').enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let player = match ch {
                'x' => Player::X,
                'o' => Player::O,
                _ => continue,
            };
            let center = [c as f32 + 0.5, r as f32 + 0.5];
            let strokes = style.strokes(player, center, 0.6, seed(&[42, r as u64, c as u64]));
            sheet.draw(&strokes, 0.08, ink::ink(player));
        }
    }
}

/// Shows the Rules window.
pub fn rules(ctx: &Context, open: &mut bool, style: MarkStyle) {
    egui::Window::new("Rules of Scribe")
        .open(open)
        .default_pos([250.0, 70.0])
        .default_width(760.0)
        .default_height(740.0)
        .vscroll(true)
        .show(ctx, |ui| {
            let h = |ui: &mut Ui, t: &str| {
                ui.add_space(8.0);
                ui.label(RichText::new(t).size(20.0).strong());
            };
            ui.label(
                "Scribe is a pen-and-paper game for two by Mark Steere (2006). \
                 The board is a big 3x3 grid of small 3x3 grids: 81 squares. \
                 Squares are named by column A-I and row 1-9, A1 top left.",
            );
            h(ui, "Taking turns");
            ui.label(
                "The first player (+ or X) and O take turns marking one empty square \
                 until all 81 are filled. Your first move may go anywhere. After that, \
                 where YOUR OWN last mark sits inside its small grid says which small \
                 grid you must play in next: a mark in the top-right corner sends you \
                 to the top-right small grid, and so on. Your opponent's moves do not \
                 route you. If that small grid is full, you may play anywhere.",
            );
            ui.label(
                "When you move, you slash your previous mark, so only each player's \
                 newest mark stands unslashed: it shows where they must go next.",
            );
            ui.label(RichText::new("Example").italics());
            ui.label(
                "X's last mark was D6, the lower-left corner of the centre grid, so X \
                 must play in the lower-left grid (A7-C9) and chooses C8. O's last mark \
                 was H4, the top-middle square of the middle-right grid, so O must play \
                 in the top-middle grid (D1-F3) and chooses E2.",
            );
            h(ui, "Glyphs");
            ui.label(
                "Your marks in one small grid that touch side by side (not corner to \
                 corner) form a group. A group scores one point per square if its \
                 shape, turned or flipped any way, is exactly one of the 19 glyphs in \
                 the legend; any other shape scores nothing. A glyph hidden inside a \
                 bigger group does not count.",
            );
            h(ui, "Winning a small grid");
            ui.label(
                "When a small grid fills up, each player adds up their glyphs there; \
                 the higher total wins it, and the winner's mark is drawn beside it. \
                 A full small grid can never tie.",
            );
            ui.label(RichText::new("Examples").italics());
            egui::Grid::new("rules-examples")
                .striped(true)
                .spacing([18.0, 6.0])
                .show(ui, |ui| {
                    ui.label("");
                    ui.label(format!("{} scores", style.symbol(Player::X)));
                    ui.label("O scores");
                    ui.end_row();
                    for row in [
                        [
                            "xox/oxo/oox",
                            "4: four Singles",
                            "2: two Singles; the L of 3 scores 0",
                        ],
                        ["xxo/oxo/oxo", "4: a Pipe", "5: a Line and a Double"],
                        ["xxo/xxx/xxo", "7: a House", "2: two Singles"],
                        ["ooo/xxo/xxx", "0: no glyph has that shape", "4: a Pipe"],
                    ] {
                        example_grid(ui, row[0], style);
                        ui.label(row[1]);
                        ui.label(row[2]);
                        ui.end_row();
                    }
                });
            h(ui, "Winning the game");
            ui.label(
                "Majority: whoever wins more of the nine small grids wins the game.\n\
                 Super Glyph: treat each won small grid as a mark of its winner on a \
                 3x3 board and score that board like a small grid; the higher score \
                 wins. Neither version can end in a draw.",
            );
            h(ui, "Using Scribe Desk");
            ui.label(
                "Click a square, or type it (e.g. C8) in the Square field and press \
                 Enter. The yellow highlight shows where the player to move must play. \
                 Hover a glyph in the legend to see where it occurs on the board. \
                 Click a move in the move list to look at the board as it was then. \
                 Undo: Ctrl+Z. Redo: Ctrl+Shift+Z or Ctrl+Y.",
            );
        });
}

/// Shows the end-of-game summary; returns true when the player asks for a new game.
pub fn summary(ctx: &Context, record: &GameRecord, style: MarkStyle, open: &mut bool) -> bool {
    let mut new_game = false;
    let result = record.game.position().result();
    let who = |p: Player| super::app::who(record, style, p);
    egui::Window::new("Game over")
        .open(open)
        .collapsible(false)
        .resizable(false)
        // Over the glyph legend at first (the board stays in view); movable.
        .pivot(egui::Align2::LEFT_BOTTOM)
        .default_pos(ctx.content_rect().left_bottom() + egui::vec2(8.0, -40.0))
        .show(ctx, |ui| {
            if let Some(w) = result.winner(record.variant) {
                ui.label(
                    RichText::new(format!("{} wins!", who(w)))
                        .size(26.0)
                        .color(ink::ink(w)),
                );
                ui.label(format!("Played as {}.", record.variant.name()));
            }
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                // the nine mini grids' winners, as the Super Glyph board
                let rows: Vec<String> = (0..3)
                    .map(|r| {
                        (0..3)
                            .map(|c| {
                                let g = GridIndex::ALL[r * 3 + c];
                                if result.won.x.contains(g) {
                                    'x'
                                } else if result.won.o.contains(g) {
                                    'o'
                                } else {
                                    '.'
                                }
                            })
                            .collect()
                    })
                    .collect();
                example_grid(ui, &rows.join("/"), style);
                ui.label(
                    RichText::new("who won each mini grid:\nthe Super Glyph board")
                        .color(ink::FAINT),
                );
            });
            ui.add_space(6.0);
            egui::Grid::new("summary-grid")
                .spacing([16.0, 6.0])
                .show(ui, |ui| {
                    ui.label("");
                    ui.label(who(Player::X));
                    ui.label(who(Player::O));
                    ui.label("winner");
                    ui.end_row();
                    for v in Variant::ALL {
                        let Some(r) = result.for_variant(v) else {
                            continue;
                        };
                        let what = match v {
                            Variant::Majority => "Majority (grids won)",
                            Variant::SuperGlyph => "Super Glyph (points)",
                        };
                        ui.label(what);
                        ui.label(r.score.x.to_string());
                        ui.label(r.score.o.to_string());
                        ui.label(r.winner.map_or_else(|| "-".to_string(), who));
                        ui.end_row();
                    }
                });
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button("New game…").clicked() {
                    new_game = true;
                }
            });
        });
    new_game
}
