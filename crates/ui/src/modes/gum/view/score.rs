//! The score helper's table: a row a player, a field a circle of the paper
//! sheet (three rounds' meals, full columns, achievements A–C), the total,
//! and who wins by the seed's tie rules.

use crate::modes::gum::{GumAction, ScoreHelper};
use crate::widgets::ink;
use egui::{RichText, Ui};
use scribe_gum::letter;

/// A number field named for a screen reader ("Ann, round 1 meals"); blank
/// reads as 0. Returns the new value when it changed.
fn number(ui: &mut Ui, value: u32, name: String, id: (usize, usize)) -> Option<u32> {
    let mut text = if value == 0 {
        String::new()
    } else {
        value.to_string()
    };
    let resp = ui.add_sized(
        [52.0, 26.0],
        egui::TextEdit::singleline(&mut text)
            .id_salt(("gum-score", id))
            .char_limit(3)
            .align(egui::Align2::CENTER_CENTER)
            .hint_text(RichText::new("0").color(ink::FAINT)),
    );
    ui.ctx()
        .accesskit_node_builder(resp.id, |n| n.set_label(name));
    if !resp.changed() {
        return None;
    }
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    Some(digits.parse().unwrap_or(0))
}

/// The table in the middle.
pub(super) fn table(s: &ScoreHelper, ui: &mut Ui, out: &mut Vec<GumAction>) {
    ui.add_space(8.0);
    ui.label(
        RichText::new("Enter each player's circles from the bottom of their sheet").size(18.0),
    );
    ui.add_space(6.0);
    let winners = s.winners();
    let tiles: Vec<String> = (0..3)
        .map(|i| match s.tiles.get(i) {
            Some(t) => format!("{} {}", letter(i), t.title()),
            None => letter(i).to_string(),
        })
        .collect();
    egui::ScrollArea::both()
        .id_salt("gum-score-table")
        .max_height(ui.available_height() - 90.0)
        .show(ui, |ui| {
            egui::Grid::new("gum-score-grid")
                .striped(true)
                .spacing(egui::vec2(10.0, 6.0))
                .show(ui, |ui| {
                    for h in ["Player", "Round 1", "Round 2", "Round 3", "Full columns"] {
                        ui.label(RichText::new(h).strong());
                    }
                    for t in &tiles {
                        ui.label(RichText::new(t).strong());
                    }
                    ui.label(RichText::new("Final score").strong());
                    ui.end_row();
                    for (p, sc) in s.scores.iter().enumerate() {
                        let who = s.name(p);
                        let mut name = s.names[p].clone();
                        let resp = ui.add_sized(
                            [150.0, 26.0],
                            egui::TextEdit::singleline(&mut name)
                                .id_salt(("gum-score-name", p))
                                .char_limit(24)
                                .hint_text(
                                    RichText::new(format!("Player {}", p + 1)).color(ink::FAINT),
                                ),
                        );
                        let label = format!("Player {}'s name", p + 1);
                        ui.ctx()
                            .accesskit_node_builder(resp.id, |n| n.set_label(label));
                        if resp.changed() {
                            out.push(GumAction::ScoreName(p, name));
                        }
                        for r in 0..3 {
                            if let Some(v) = number(
                                ui,
                                sc.meals[r],
                                format!("{who}, round {} meals", r + 1),
                                (p, r),
                            ) {
                                out.push(GumAction::Meals(p, r, v));
                            }
                        }
                        if let Some(v) =
                            number(ui, sc.full_columns, format!("{who}, full columns"), (p, 3))
                        {
                            out.push(GumAction::Columns(p, v));
                        }
                        for i in 0..3 {
                            if let Some(v) = number(
                                ui,
                                sc.achievements[i],
                                format!("{who}, achievement {}", letter(i)),
                                (p, 4 + i),
                            ) {
                                out.push(GumAction::AchievementPoints(p, i, v));
                            }
                        }
                        let won = winners.contains(&p) && s.scores.len() > 1 && sc.total() > 0;
                        let total = RichText::new(format!(
                            "{}{}",
                            sc.total(),
                            if won { "  wins" } else { "" }
                        ))
                        .size(18.0)
                        .strong();
                        ui.label(if won { total.color(ink::CURSOR) } else { total })
                            .on_hover_text(format!(
                                "meals {} + column bonus {} + achievements {}",
                                sc.meals.iter().sum::<u32>(),
                                sc.column_bonus(),
                                sc.achievements.iter().sum::<u32>()
                            ));
                        ui.end_row();
                    }
                });
        });
    ui.add_space(8.0);
    for (p, sc) in s.scores.iter().enumerate() {
        for d in sc.doubts() {
            ui.label(RichText::new(format!("{}: {d}", s.name(p))).color(ink::FLASH));
        }
    }
    if s.scores.iter().any(|sc| sc.total() > 0) {
        ui.label(RichText::new(s.verdict()).size(22.0).color(ink::CURSOR));
    }
    ui.label(RichText::new("Full columns: 3 points each (the column bonus). Round meals count the whole game so far.").color(ink::FAINT));
}
