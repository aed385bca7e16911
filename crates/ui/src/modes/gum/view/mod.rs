//! The Scribbly Gum mode's views: the left panel (pages, the turn's
//! buttons), the middle (setup forms, the mother moth's tile, the score
//! helper's table, the solo tree sheet, the rules page) and the right side
//! (achievements and scores). Views emit [`GumAction`]s only.

mod moth;
mod paint;
mod rules;
mod score;
mod tree;

use super::moth::Version;
use super::session::{MAX_NAMED, Screen};
use super::{GumAction, GumSession, SoloGame};
use crate::widgets::ink;
use egui::{Key, Modifiers, RichText, Ui};
use scribe_gum::{Achievements, CREDIT, Food, Side, TREE_NAMES, letter, solo_rating};

/// A big button (the turn's main buttons).
fn big_button(ui: &mut Ui, text: &str, enabled: bool) -> bool {
    ui.add_enabled(
        enabled,
        egui::Button::new(RichText::new(text).size(20.0))
            .min_size(egui::vec2(ui.available_width(), 40.0)),
    )
    .clicked()
}

/// The left panel.
pub(crate) fn panel(s: &GumSession, ui: &mut Ui, out: &mut Vec<GumAction>) {
    ui.label(RichText::new("Scribbly Gum").size(24.0));
    ui.label(RichText::new(CREDIT).small().color(ink::FAINT));
    ui.add_space(6.0);
    for (screen, text) in [
        (Screen::Moth, "Mother moth (players on paper)"),
        (Screen::Score, "Score helper"),
        (Screen::Solo, "Solo on screen"),
    ] {
        if ui
            .selectable_label(s.screen == screen && !s.rules, text)
            .clicked()
        {
            out.push(GumAction::Show(screen));
        }
    }
    if ui
        .selectable_label(s.rules, "Rules of Scribbly Gum")
        .clicked()
    {
        out.push(GumAction::Rules(!s.rules));
    }
    ui.separator();
    match s.screen {
        Screen::Moth => {
            if let Some(g) = &s.moth {
                if g.flip_due() {
                    flip_buttons(&g.achievements, g.open_tiles().collect(), ui, out);
                }
                let label = if g.is_over() {
                    "All tiles turned"
                } else {
                    "Next tile"
                };
                if big_button(ui, label, !g.is_over() && !g.flip_due()) {
                    out.push(GumAction::Next);
                }
                ui.label(RichText::new("Space or Enter turns the next tile.").color(ink::FAINT));
                ui.add_space(6.0);
                if ui.button("Score this game…").clicked() {
                    out.push(GumAction::ScoreFromMoth);
                }
                if ui.button("New deal").clicked() {
                    out.push(GumAction::NewGame);
                }
            }
        }
        Screen::Solo => {
            if let Some(g) = &s.solo {
                solo_panel(g, ui, out);
            }
        }
        Screen::Score => {
            ui.horizontal(|ui| {
                if ui.button("Add a player").clicked() {
                    out.push(GumAction::ScorePlayers(true));
                }
                if ui.button("Remove a player").clicked() {
                    out.push(GumAction::ScorePlayers(false));
                }
            });
            if s.moth.is_some() && ui.button("Players from the mother moth").clicked() {
                out.push(GumAction::ScoreFromMoth);
            }
            if ui.button("Clear the scores").clicked() {
                out.push(GumAction::NewGame);
            }
        }
    }
}

fn flip_buttons(a: &Achievements, open: Vec<usize>, ui: &mut Ui, out: &mut Vec<GumAction>) {
    ui.label(RichText::new("Before the round: choose an achievement to flip").strong());
    for i in open {
        let t = a.tiles[i];
        let text = match a.sides[i] {
            Side::Gold => format!("Flip {} {} to silver", letter(i), t.title()),
            _ => format!("Remove {} {}", letter(i), t.title()),
        };
        if ui.button(text).clicked() {
            out.push(GumAction::SoloFlip(i));
        }
    }
    ui.add_space(4.0);
}

fn solo_panel(g: &SoloGame, ui: &mut Ui, out: &mut Vec<GumAction>) {
    if g.flip_due() {
        flip_buttons(&g.achievements, g.open_tiles().collect(), ui, out);
    }
    if g.pending_wild().is_some() {
        ui.label(RichText::new("A wild circle: which food?").strong());
        for (f, text) in [
            (Food::Nut, "Nut (N)"),
            (Food::Leaf, "Leaf (L)"),
            (Food::Blossom, "Blossom (B)"),
        ] {
            if big_button(ui, text, true) {
                out.push(GumAction::Wild(f));
            }
        }
    }
    let waiting = !g.in_turn() && g.pending_wild().is_none() && !g.is_over() && !g.flip_due();
    if big_button(
        ui,
        if g.is_over() {
            "Game over"
        } else {
            "Next tile"
        },
        waiting,
    ) {
        out.push(GumAction::Next);
    }
    if let Some(t) = g.moth().current() {
        ui.horizontal(|ui| {
            ui.label("Tile:");
            let (rect, resp) = ui.allocate_exact_size(egui::vec2(90.0, 90.0), egui::Sense::hover());
            paint::tile(ui.painter(), rect, t);
            let (_, turn) = g.moth().round_turn();
            let label = format!("Tile {turn} of 7: {}", t.name());
            resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, label.clone()));
        });
        let names: Vec<&str> = g
            .moth()
            .revealed_this_round()
            .iter()
            .map(|m| m.name())
            .collect();
        ui.label(RichText::new(format!("This round: {}", names.join(", "))).color(ink::FAINT));
    }
    ui.label(RichText::new(
        "Click a circle ringed in gold, or Tab to it and press Enter; or choose among the lines with the arrow keys and press Enter. Space turns the next tile.",
    ).color(ink::FAINT));
    ui.add_space(6.0);
    if ui.button("New solo game").clicked() {
        out.push(GumAction::NewGame);
    }
}

/// The right side: achievements and scores.
pub(crate) fn contents(s: &GumSession, ui: &mut Ui, out: &mut Vec<GumAction>) {
    egui::ScrollArea::vertical()
        .id_salt("gum-contents")
        .auto_shrink([false, false])
        .show(ui, |ui| match s.screen {
            Screen::Moth => match &s.moth {
                Some(g) if !g.tiles().is_empty() => {
                    ui.label(RichText::new("Achievements").size(18.0));
                    for i in 0..g.tiles().len() {
                        achievement_line(&g.achievements, i, ui);
                        for p in 0..g.achievements.scored.len() {
                            let name = g.name(p);
                            // each player's row keeps its height whether it
                            // holds the button or the score: a claim never
                            // pushes the next player's button down
                            let height = ui
                                .spacing()
                                .interact_size
                                .y
                                .max(
                                    ui.text_style_height(&egui::TextStyle::Button)
                                        + 2.0 * ui.spacing().button_padding.y,
                                )
                                .ceil();
                            let size = egui::vec2(ui.available_width(), height);
                            let row = egui::Layout::left_to_right(egui::Align::Center);
                            ui.allocate_ui_with_layout(size, row, |ui| {
                                ui.set_min_height(height);
                            if let Some(pts) = g.achievements.scored[p][i] {
                                ui.horizontal(|ui| {
                                    ui.label(format!("{name} scored {pts}"));
                                    if g.achievements.claimed_this_turn(i)
                                        && ui
                                            .small_button("take back")
                                            .on_hover_text(format!(
                                                "{name} did not score {} after all",
                                                letter(i)
                                            ))
                                            .clicked()
                                    {
                                        out.push(GumAction::Unclaim(p, i));
                                    }
                                });
                            } else if g.achievements.sides[i] != Side::Removed
                                && ui.button(format!("{name} scored {}", letter(i))).clicked()
                            {
                                out.push(GumAction::Claim(p, i));
                            }
                            });
                        }
                        ui.add_space(6.0);
                    }
                    ui.label(RichText::new("At the end of each turn, press a player's button when they meet an achievement.").color(ink::FAINT));
                }
                Some(_) => {
                    ui.label(RichText::new("The basic version: no achievements.").color(ink::FAINT));
                }
                None => {}
            },
            Screen::Solo => {
                if let Some(g) = &s.solo {
                    solo_scores(g, ui);
                }
            }
            Screen::Score => {
                ui.label(RichText::new("Ties").size(18.0));
                ui.label("The highest final score wins. On a tie, the tied player with the most column bonus points wins; still tied, they win together.");
                ui.add_space(6.0);
                ui.label(RichText::new("Extra moves score nothing themselves: they are more lines, more food.").color(ink::FAINT));
            }
        });
}

fn achievement_line(a: &Achievements, i: usize, ui: &mut Ui) {
    let t = a.tiles[i];
    let (side, color) = match a.sides[i] {
        Side::Gold => ("gold", paint::GOLD),
        Side::Silver => ("silver", paint::SILVER),
        Side::Removed => ("out of the game", ink::FAINT),
    };
    let worth = a.worth(i);
    let soon = if a.claimed_this_turn(i) {
        " (silver from the next turn)"
    } else {
        ""
    };
    let text = format!(
        "{} {}: {side}, {}",
        letter(i),
        t.title(),
        crate::modes::gum::points(worth)
    );
    // the line's room for the longest it can be (with the note): a claim
    // that adds the note never pushes the players' buttons down
    let longest = egui::WidgetText::from(
        RichText::new(format!("{text} (silver from the next turn)")).strong(),
    )
    .into_galley(
        ui,
        Some(egui::TextWrapMode::Wrap),
        ui.available_width(),
        egui::TextStyle::Body,
    );
    let height = longest.size().y.ceil();
    let size = egui::vec2(ui.available_width(), height);
    let layout = egui::Layout::top_down(egui::Align::Min);
    ui.allocate_ui_with_layout(size, layout, |ui| {
        ui.set_min_height(height);
        ui.label(
            RichText::new(format!("{text}{soon}"))
                .strong()
                .color(if color == paint::GOLD {
                    egui::Color32::from_rgb(0x9A, 0x6E, 0x00)
                } else {
                    color
                }),
        )
        .on_hover_text(t.text());
    });
    ui.label(RichText::new(t.text()).small().color(ink::FAINT));
}

fn solo_scores(g: &SoloGame, ui: &mut Ui) {
    ui.label(RichText::new("Achievements").size(18.0));
    for i in 0..g.achievements.tiles.len() {
        match g.achievements.scored[0][i] {
            Some(pts) => {
                let t = g.achievements.tiles[i];
                ui.label(
                    RichText::new(format!(
                        "{} {}: scored, {}",
                        letter(i),
                        t.title(),
                        crate::modes::gum::points(pts)
                    ))
                    .strong()
                    .color(ink::CURSOR),
                );
                ui.label(RichText::new(t.text()).small().color(ink::FAINT));
            }
            None => achievement_line(&g.achievements, i, ui),
        }
    }
    ui.add_space(6.0);
    ui.label(RichText::new("Score").size(18.0));
    let t = &g.tree;
    for r in 0..3 {
        let v = g
            .sheet
            .round_meals
            .get(r)
            .map_or("–".to_string(), u32::to_string);
        ui.label(format!("Round {} meals: {v}", r + 1));
    }
    ui.label(format!("Column bonus: {}", g.sheet.column_bonus(t)));
    ui.label(format!("Achievements: {}", g.achievements.points(0)));
    ui.label(
        RichText::new(format!(
            "{}: {}",
            if g.is_over() {
                "Final score"
            } else {
                "Score so far"
            },
            g.score()
        ))
        .size(18.0)
        .strong(),
    );
    ui.label(format!("Extra moves: {}", g.sheet.extra_moves));
    if g.is_over() {
        ui.add_space(6.0);
        ui.label(RichText::new("The solo chart").size(18.0));
        let mine = solo_rating(g.score());
        for (band, at) in [
            ("0–19", 0),
            ("20–24", 20),
            ("25–29", 25),
            ("30–34", 30),
            ("35–39", 35),
            ("40+", 40),
        ] {
            let text = solo_rating(at);
            let line = RichText::new(format!("{band}: {text}"));
            ui.label(if text == mine {
                line.strong().color(ink::CURSOR)
            } else {
                line.small().color(ink::FAINT)
            });
        }
    }
}

/// The middle of the window.
pub(crate) fn canvas(s: &GumSession, ui: &mut Ui, out: &mut Vec<GumAction>) {
    if s.rules {
        rules::page(ui);
        return;
    }
    keys(s, ui, out);
    let rect = ui.available_rect_before_wrap();
    match s.screen {
        Screen::Moth => match &s.moth {
            Some(g) => {
                moth::table(g, ui, rect);
                ui.allocate_rect(rect, egui::Sense::hover());
            }
            None => setup(s, ui, out),
        },
        Screen::Solo => match &s.solo {
            Some(g) => {
                tree::sheet(g, ui, rect, out);
                ui.allocate_rect(rect, egui::Sense::hover());
            }
            None => setup(s, ui, out),
        },
        Screen::Score => score::table(&s.score, ui, out),
    }
}

/// Space and Enter turn the next tile (or draw the keyboard's line); the
/// arrow keys choose among the lines; N, L, B answer a wild circle. Only
/// while no field or button has the keyboard.
fn keys(s: &GumSession, ui: &Ui, out: &mut Vec<GumAction>) {
    if ui.memory(|m| m.focused().is_some()) || ui.ctx().any_popup_open() {
        return;
    }
    let pressed = |k: Key| ui.input_mut(|i| i.consume_key(Modifiers::NONE, k));
    match s.screen {
        Screen::Moth if s.moth.is_some() && (pressed(Key::Space) || pressed(Key::Enter)) => {
            out.push(GumAction::Next);
        }
        Screen::Solo => {
            let Some(g) = &s.solo else { return };
            if g.pending_wild().is_some() {
                for (k, f) in [
                    (Key::N, Food::Nut),
                    (Key::L, Food::Leaf),
                    (Key::B, Food::Blossom),
                ] {
                    if pressed(k) {
                        out.push(GumAction::Wild(f));
                    }
                }
            } else if g.in_turn() {
                if pressed(Key::ArrowRight) || pressed(Key::ArrowDown) {
                    out.push(GumAction::Select(1));
                }
                if pressed(Key::ArrowLeft) || pressed(Key::ArrowUp) {
                    out.push(GumAction::Select(-1));
                }
                // Enter only: Space (the next tile) pressed once too often
                // must not draw a line
                if pressed(Key::Enter) {
                    out.push(GumAction::DrawSelected);
                }
            } else if !g.is_over() && (pressed(Key::Space) || pressed(Key::Enter)) {
                out.push(GumAction::Next);
            }
        }
        _ => {}
    }
}

/// The setup form of the mother moth or of solo on screen.
fn setup(s: &GumSession, ui: &mut Ui, out: &mut Vec<GumAction>) {
    let mut form = s.setup.clone();
    ui.add_space(12.0);
    ui.spacing_mut().item_spacing.y = 8.0;
    match s.screen {
        Screen::Moth => {
            ui.label(RichText::new("A new game with the app as the mother moth").size(22.0));
            ui.label("Everyone draws on a paper tree sheet (print ours: More games → Print a Scribbly Gum tree sheet…); the app turns the tiles.");
            ui.horizontal(|ui| {
                ui.label("Version:");
                for v in Version::ALL {
                    ui.radio_value(&mut form.version, v, v.name());
                }
            });
            if form.version == Version::Advanced {
                ui.horizontal(|ui| {
                    ui.label("Achievements:");
                    for n in 1..=3 {
                        ui.radio_value(&mut form.achievements, n, n.to_string());
                    }
                });
            }
            if form.version != Version::Basic {
                let n = if form.version == Version::Solo {
                    1
                } else {
                    form.names.len()
                };
                ui.label("Names (for the achievements):");
                egui::Grid::new("gum-names").show(ui, |ui| {
                    for p in 0..n {
                        let label = ui.label(format!("Player {}", p + 1));
                        ui.add_sized(
                            [200.0, 24.0],
                            egui::TextEdit::singleline(&mut form.names[p]).char_limit(24),
                        )
                        .labelled_by(label.id);
                        ui.end_row();
                    }
                });
                if form.version == Version::Advanced {
                    ui.horizontal(|ui| {
                        if ui
                            .add_enabled(
                                form.names.len() < MAX_NAMED,
                                egui::Button::new("Add a player"),
                            )
                            .clicked()
                        {
                            form.names.push(String::new());
                        }
                        if ui
                            .add_enabled(form.names.len() > 1, egui::Button::new("Remove a player"))
                            .clicked()
                        {
                            form.names.pop();
                        }
                    });
                }
            }
        }
        _ => {
            ui.label(RichText::new("A solo game on screen").size(22.0));
            ui.label("You draw on one of our trees; the app turns the tiles and keeps your tracker and achievements.");
            ui.horizontal(|ui| {
                ui.label("Tree:");
                for (i, name) in TREE_NAMES.iter().enumerate() {
                    let text = match *name {
                        "ironbark" => "Ironbark (fuller)",
                        _ => "Paperbark (harder)",
                    };
                    ui.radio_value(&mut form.tree, i, text);
                }
            });
        }
    }
    ui.horizontal(|ui| {
        let label = ui.label("Deal number");
        ui.add(
            egui::TextEdit::singleline(&mut form.deal)
                .desired_width(120.0)
                .char_limit(19)
                .hint_text(RichText::new("random").italics().color(ink::FAINT)),
        )
        .labelled_by(label.id);
        ui.label(RichText::new("(the same number deals the same tiles)").color(ink::FAINT));
    });
    if form != s.setup {
        out.push(GumAction::Setup(form));
    }
    ui.add_space(8.0);
    let start = if s.screen == Screen::Moth {
        "Start"
    } else {
        "Start solo game"
    };
    if ui
        .add(egui::Button::new(RichText::new(start).size(20.0)).min_size(egui::vec2(160.0, 40.0)))
        .clicked()
    {
        out.push(GumAction::Start);
    }
}
