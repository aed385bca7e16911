//! The data behind the windows' fields: plain values, no egui. A window
//! draws a copy, and an edit comes back as an [`super::action::Action`].

use super::action::Purpose;
use super::widgets::ink::MarkStyle;
use crate::record::{GameRecord, PlayerInfo, PlayerKind};
use crate::rules::{ByPlayer, Variant};
use std::path::PathBuf;

/// The New game dialog's fields.
#[derive(Debug, Clone, PartialEq, Eq)]
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
            // a player named only by a mark is unnamed: the field stays empty
            names: ByPlayer::new_with(|p| {
                let name = record.players[p].name.trim();
                if crate::record::is_default_name(name) {
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

/// The built-in path prompt's state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PathPrompt {
    /// What the path is for.
    pub purpose: Purpose,
    /// The path typed so far.
    pub text: String,
}

impl PathPrompt {
    /// A prompt for `purpose` starting at `suggested`.
    #[must_use]
    pub fn new(purpose: Purpose, suggested: PathBuf) -> PathPrompt {
        PathPrompt {
            purpose,
            text: suggested.display().to_string(),
        }
    }
}
