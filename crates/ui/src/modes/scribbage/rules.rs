//! The rules page of Scribbage: the rules in our words, the 13 cubes' faces,
//! the letter values, the word list, and what the app does at time up.

use super::common::act;
use super::cubes::{self, Look, Shows};
use crate::action::Action;
use crate::modes::scribbage::session::ScribbageAction;
use crate::widgets::ink;
use egui::{RichText, Sense, Ui};
use scribe_scribbage::{CREDIT, LETTER_VALUES_SOURCE, Letter, WORDS_SOURCE, cube_faces};

const RULES: &[&str] = &[
    "The 13 cubes are rolled and the timer is set. Using only the letters on top, \
     the player forms words across and down, in crossword fashion, all connected \
     in one crossword. Only words of a standard dictionary count: no proper nouns, \
     abbreviations, slang or foreign words.",
    "The two jokers stand for any letter and score nothing; a joker shared by two \
     words is the same letter in both. The cubes may be rearranged freely until \
     time is up; then the player stops and takes the score.",
    "Scoring: the values of the across words and of the down words are added (a \
     letter in both counts twice); the values of the cubes not used are subtracted.",
    "Players take turns, passing the cubes (here, the laptop) to the left. The \
     game is won by the highest score after a chosen number of turns, or by the \
     highest score past 200 (or any agreed figure). Solitaire: how high can you \
     score in one throw?",
];

/// The rules' scoring example: the roll and its crossword (QUIZ and CAT
/// down, IVORY across; B and K left over).
const EXAMPLE_ROLL: &str = "Q U I Z V O R Y C A T B K";
const EXAMPLE_GRID: [&str; 5] = ["Q....", "U.C..", "IVORY", "Z.A..", "..T.."];

/// The example's sums, in their columns: (label, number, unit).
const EXAMPLE: [(&str, &str, &str); 7] = [
    ("Horizontal Words", "11", " points"),
    ("Vertical Words", "28", ""),
    ("", "-----", ""),
    ("", "39", ""),
    ("less cube left over", "8", ""),
    ("", "-----", ""),
    ("TOTAL SCORE", "31", " points"),
];

/// The example's crossword as small squares, a row's accessible name its
/// letters ("Row 3: I V O R Y").
fn example_grid(ui: &mut Ui) {
    let cell = 24.0;
    for (r, row) in EXAMPLE_GRID.iter().enumerate() {
        let size = egui::vec2(cell * row.len() as f32, cell);
        let (rect, resp) = ui.allocate_exact_size(size, Sense::hover());
        let letters: Vec<String> = row
            .chars()
            .map(|c| {
                if c == '.' {
                    "blank".into()
                } else {
                    c.to_string()
                }
            })
            .collect();
        let name = format!("Row {}: {}", r + 1, letters.join(" "));
        resp.widget_info(|| egui::WidgetInfo::labeled(egui::accesskit::Role::Label, true, &name));
        for (c, ch) in row.chars().enumerate() {
            if ch == '.' {
                continue;
            }
            let square = egui::Rect::from_min_size(
                rect.min + egui::vec2(cell * c as f32, 0.0),
                egui::vec2(cell, cell),
            )
            .shrink(1.0);
            let painter = ui.painter();
            painter.rect_stroke(
                square,
                3.0,
                egui::Stroke::new(1.0, ink::PENCIL),
                egui::StrokeKind::Inside,
            );
            painter.text(
                square.center(),
                egui::Align2::CENTER_CENTER,
                ch,
                egui::FontId::proportional(16.0),
                ink::PENCIL,
            );
        }
    }
}

/// The page, in a scrolled area filling the middle.
pub(super) fn page(ui: &mut Ui, out: &mut Vec<Action>) {
    egui::ScrollArea::vertical()
        .id_salt("scribbage-rules")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.set_max_width(820.0);
            ui.spacing_mut().item_spacing.y = 6.0;
            if ui.button("Close the rules").clicked() {
                out.push(act(ScribbageAction::Rules(false)));
            }
            ui.label(RichText::new(CREDIT).strong());
            for p in RULES {
                ui.label(*p);
            }
            ui.label(RichText::new("A scoring example").strong());
            ui.label(format!("The cubes show {EXAMPLE_ROLL}; the crossword:"));
            example_grid(ui);
            ui.label("QUIZ and CAT down, IVORY across; B and K are left over.");
            for (label, n, unit) in EXAMPLE {
                super::canvas::score_line(ui, &format!("{label:<22}{n:>5}{unit}"));
            }
            ui.label(
                "In this app, at time up: cubes not joined to the crossword, and a joker \
                 whose letter was not chosen, go back to the cup and count as left over; \
                 if a run that is not a word remains, the crossword does not count and \
                 every cube is left over. The checks beside the grid show both as you build.",
            );
            ui.add_space(6.0);
            ui.label(RichText::new("The 13 cubes").size(18.0).strong());
            ui.label(
                RichText::new(
                    "The original cubes' faces are not in the rules; these are ours: \
                     76 letters in roughly English proportions, the rare letters on \
                     different cubes, and two jokers (blue, starred).",
                )
                .color(ink::FAINT),
            );
            egui::Grid::new("scribbage-cubes")
                .num_columns(2)
                .spacing([12.0, 4.0])
                .show(ui, |ui| {
                    for i in 0..13 {
                        let faces = cube_faces(i);
                        let text: Vec<String> =
                            faces.iter().map(|f| f.char().to_string()).collect();
                        ui.label(format!("Cube {}: {}", i + 1, text.join(" ")));
                        ui.horizontal(|ui| {
                            for f in faces {
                                let (rect, _) =
                                    ui.allocate_exact_size(egui::vec2(30.0, 30.0), Sense::hover());
                                cubes::paint(ui.painter(), rect, Shows::face(f), Look::default());
                            }
                        });
                        ui.end_row();
                    }
                });
            ui.add_space(6.0);
            ui.label(RichText::new("Letter values").size(18.0).strong());
            ui.label(
                RichText::new(format!("From {LETTER_VALUES_SOURCE}; a joker scores 0."))
                    .color(ink::FAINT),
            );
            for half in [0..13, 13..26] {
                ui.horizontal(|ui| {
                    for i in half {
                        let l = Letter::from_index(i);
                        let (rect, resp) =
                            ui.allocate_exact_size(egui::vec2(44.0, 44.0), Sense::hover());
                        let v = l.value();
                        resp.widget_info(|| {
                            egui::WidgetInfo::labeled(
                                egui::Role::Image,
                                true,
                                format!("{l}, {v} point{}", if v == 1 { "" } else { "s" }),
                            )
                        });
                        cubes::paint(
                            ui.painter(),
                            rect,
                            Shows {
                                letter: Some(l.upper()),
                                joker: false,
                            },
                            Look::default(),
                        );
                    }
                });
            }
            let table: Vec<String> = (0..26)
                .map(|i| {
                    let l = Letter::from_index(i);
                    format!("{l} {}", l.value())
                })
                .collect();
            ui.label(table.join(" · "));
            ui.add_space(6.0);
            ui.label(RichText::new("Words").size(18.0).strong());
            ui.label(format!(
                "{WORDS_SOURCE}. Its licence is shipped with the program (data/scowl/COPYRIGHT)."
            ));
        });
}
