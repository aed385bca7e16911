//! The built-in file chooser, for a desktop where no native file dialog can
//! be shown (no xdg-desktop-portal, no zenity): a path to type, "Up a
//! folder", and the folder's games (or PDFs) to click. A click on a file
//! puts it in the field; Enter (wherever the keyboard is in the window) or a
//! double click chooses it; a click on a folder goes into it.

use crate::action::PathPrompt;
use crate::action::Purpose;
use crate::widgets::ink;
use egui::{Context, Key, RichText};
use std::path::{Path, PathBuf};

/// What happened this frame.
pub(super) enum Outcome {
    Open,
    Cancel,
    Chosen(Purpose, PathBuf),
}

fn title(purpose: Purpose) -> &'static str {
    match purpose {
        Purpose::Open => "Open a game: type its path",
        Purpose::Save => "Save the game: type a path",
        Purpose::BlankBoards
        | Purpose::GamePdf
        | Purpose::PuzzleBook
        | Purpose::GumSheet
        | Purpose::LibraryBook => "Save the PDF: type a path",
        Purpose::LibraryMoves => "Save the move lists: type a path",
        Purpose::ImportFile => "Import a game: type its path",
        Purpose::ImportFolder => "Import a folder of games: type its path",
        Purpose::ScanPhoto => "Scan a paper board: type the photo's path",
    }
}

/// The folder the field's text is in (the text itself when it names one).
fn folder_of(text: &str) -> PathBuf {
    let path = Path::new(text);
    if path.is_dir() {
        path.to_path_buf()
    } else {
        path.parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."))
            .to_path_buf()
    }
}

/// The file name in the field, if it names one (not a folder).
fn file_part(text: &str) -> Option<String> {
    let path = Path::new(text);
    (!path.is_dir() && !text.ends_with('/'))
        .then(|| path.file_name().map(|n| n.to_string_lossy().into_owned()))
        .flatten()
}

/// The files in the folder of `text` worth offering, sorted.
fn neighbours(text: &str, purpose: Purpose) -> Vec<PathBuf> {
    let dir = folder_of(text);
    let dir = dir.as_path();
    let wanted: &[&str] = match purpose {
        Purpose::Open | Purpose::Save | Purpose::ImportFile | Purpose::ImportFolder => {
            &["ron", "txt"]
        }
        Purpose::LibraryMoves => &["txt"],
        Purpose::ScanPhoto => &["jpg", "jpeg", "png"],
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
        .min_width(520.0)
        .max_width(520.0)
        .collapsible(false)
        .resizable(false)
        .pivot(egui::Align2::CENTER_TOP)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 70.0))
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
            crate::widgets::focus::focus_first(ui, &field);
            // Enter chooses, from the field or from a file clicked in the list
            let entered = ui.input(|i| i.key_pressed(Key::Enter))
                && (field.lost_focus() || !field.has_focus());
            let folder = folder_of(&prompt.text);
            ui.horizontal(|ui| {
                let up = folder.parent().map(Path::to_path_buf);
                if ui
                    .add_enabled(up.is_some(), egui::Button::new("Up a folder"))
                    .clicked()
                    && let Some(up) = up
                {
                    let name = file_part(&prompt.text).unwrap_or_default();
                    prompt.text = up.join(name).display().to_string();
                }
                ui.label(RichText::new(folder.display().to_string()).color(ink::FAINT));
            });
            let mut chosen = None;
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
                        let selected = !p.is_dir() && Path::new(&prompt.text) == p;
                        let resp = ui.selectable_label(selected, shown);
                        if resp.double_clicked() && !p.is_dir() {
                            chosen = Some(p.clone());
                        } else if resp.clicked() {
                            prompt.text = if p.is_dir() {
                                // into the folder, keeping the name typed
                                let name = file_part(&prompt.text).unwrap_or_default();
                                p.join(name).display().to_string()
                            } else {
                                p.display().to_string()
                            };
                        }
                    }
                });
            ui.horizontal(|ui| {
                let ok = ui.button(match prompt.purpose {
                    Purpose::Open => "Open",
                    Purpose::ImportFile | Purpose::ImportFolder => "Import",
                    Purpose::ScanPhoto => "Scan",
                    _ => "Save",
                });
                let text = prompt.text.trim();
                let folder_ok = prompt.purpose == Purpose::ImportFolder;
                if (ok.clicked() || entered)
                    && !text.is_empty()
                    && (folder_ok || !Path::new(text).is_dir())
                {
                    outcome = Outcome::Chosen(prompt.purpose, PathBuf::from(text));
                }
                if ui.button("Cancel").clicked() {
                    outcome = Outcome::Cancel;
                }
            });
            if let Some(p) = chosen {
                outcome = Outcome::Chosen(prompt.purpose, p);
            }
            if !matches!(outcome, Outcome::Open) {
                crate::widgets::focus::forget_focus(ctx, field.id);
            }
        });
    outcome
}
