//! The built-in file chooser, for a desktop where no native file dialog can
//! be shown (no xdg-desktop-portal, no zenity): a path to type, and the
//! folder's games (or PDFs) to click.

use crate::ui::files::Purpose;
use crate::ui::ink;
use egui::{Context, Key, RichText};
use std::path::{Path, PathBuf};

/// The prompt's state.
#[derive(Debug, Clone)]
pub(crate) struct PathPrompt {
    purpose: Purpose,
    text: String,
}

/// What happened this frame.
pub(super) enum Outcome {
    Open,
    Cancel,
    Chosen(Purpose, PathBuf),
}

impl PathPrompt {
    pub(crate) fn new(purpose: Purpose, suggested: PathBuf) -> PathPrompt {
        PathPrompt {
            purpose,
            text: suggested.display().to_string(),
        }
    }
}

fn title(purpose: Purpose) -> &'static str {
    match purpose {
        Purpose::Open => "Open a game: type its path",
        Purpose::Save => "Save the game: type a path",
        Purpose::BlankBoards | Purpose::GamePdf => "Save the PDF: type a path",
    }
}

/// The files in the folder of `text` worth offering, sorted.
fn neighbours(text: &str, purpose: Purpose) -> Vec<PathBuf> {
    let path = Path::new(text);
    let dir = if path.is_dir() {
        path
    } else {
        path.parent().unwrap_or(Path::new("."))
    };
    let wanted: &[&str] = match purpose {
        Purpose::Open | Purpose::Save => &["ron", "txt"],
        _ => &["pdf"],
    };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.is_dir()
                || p.extension()
                    .is_some_and(|e| wanted.iter().any(|w| e.eq_ignore_ascii_case(w)))
        })
        .filter(|p| {
            !p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .take(200)
        .collect();
    files.sort();
    files
}

pub(super) fn show(ctx: &Context, prompt: &mut PathPrompt, escape: bool) -> Outcome {
    let mut outcome = if escape {
        Outcome::Cancel
    } else {
        Outcome::Open
    };
    egui::Window::new(title(prompt.purpose))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            ui.label(
                RichText::new(
                    "No file dialog can be shown on this desktop (it needs \
                     xdg-desktop-portal or zenity).",
                )
                .color(ink::FAINT),
            );
            let label = ui.label("Path:");
            let field = ui
                .add(egui::TextEdit::singleline(&mut prompt.text).desired_width(460.0))
                .labelled_by(label.id);
            super::focus_first(ui, &field);
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
            egui::ScrollArea::vertical()
                .max_height(180.0)
                .show(ui, |ui| {
                    for p in neighbours(&prompt.text, prompt.purpose) {
                        let name = p.file_name().unwrap_or_default().to_string_lossy();
                        let shown = if p.is_dir() {
                            format!("{name}/")
                        } else {
                            name.to_string()
                        };
                        if ui.selectable_label(false, shown).clicked() {
                            prompt.text = if p.is_dir() {
                                format!("{}/", p.display())
                            } else {
                                p.display().to_string()
                            };
                        }
                    }
                });
            ui.horizontal(|ui| {
                let ok = ui.button(match prompt.purpose {
                    Purpose::Open => "Open",
                    _ => "Save",
                });
                if (ok.clicked() || entered) && !prompt.text.trim().is_empty() {
                    outcome = Outcome::Chosen(prompt.purpose, PathBuf::from(prompt.text.trim()));
                }
                if ui.button("Cancel").clicked() {
                    outcome = Outcome::Cancel;
                }
            });
            if !matches!(outcome, Outcome::Open) {
                super::forget_focus(ctx, field.id);
            }
        });
    outcome
}
