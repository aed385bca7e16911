//! How players are written, on screen, on paper and on a terminal: one mark
//! style type and one name formatter, so every place agrees on what an
//! unnamed player is called and escapes what a save file may smuggle in
//! (control characters, escape sequences).

use crate::{GameRecord, PlayerKind};
use scribe_rules::{Player, QUOTE_MAX_CHARS, escape_shown};
use serde::{Deserialize, Serialize};

/// How the two players' marks are written and drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum MarkStyle {
    /// "+" and "O", as on Steere's rules sheet.
    #[default]
    PlusO,
    /// "X" and "O", as on the play-by-email server.
    XO,
}

impl MarkStyle {
    /// Both styles.
    pub const ALL: [MarkStyle; 2] = [MarkStyle::PlusO, MarkStyle::XO];

    /// The style whose first player is "+" (`plus`) or "X".
    #[must_use]
    pub const fn with_plus(plus: bool) -> MarkStyle {
        if plus {
            MarkStyle::PlusO
        } else {
            MarkStyle::XO
        }
    }

    /// The symbol for a player's mark in text.
    #[must_use]
    pub const fn symbol(self, player: Player) -> &'static str {
        match (self, player) {
            (MarkStyle::PlusO, Player::X) => "+",
            (MarkStyle::XO, Player::X) => "X",
            (_, Player::O) => "O",
        }
    }

    /// A name for the style, as shown in the New game dialog.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            MarkStyle::PlusO => "+ and O (Steere's sheet)",
            MarkStyle::XO => "X and O",
        }
    }
}

/// Whether `name` is no name at all: empty, or only a mark ("X", "+", "O"),
/// as games are saved when nobody typed a name. (A mark as a name would
/// otherwise follow the player to the other side: "O (+) to move".)
#[must_use]
pub fn is_default_name(name: &str) -> bool {
    matches!(name.trim(), "" | "X" | "x" | "+" | "O" | "o")
}

/// A player's own name as it may be shown: trimmed, control characters
/// escaped, at most [`QUOTE_MAX_CHARS`] characters; `None` for no name
/// (see [`is_default_name`]).
#[must_use]
pub fn shown_name(name: &str) -> Option<String> {
    let name = name.trim();
    (!is_default_name(name)).then(|| escape_shown(name, QUOTE_MAX_CHARS))
}

/// A player as the app writes them: "Ann (+)", "Player +" for a person with
/// no name, "Computer (Hard)" for the computer, named and with its level
/// ("Bob (O, Hard)" when it was given another name).
#[must_use]
pub fn who(record: &GameRecord, style: MarkStyle, p: Player) -> String {
    let info = &record.players[p];
    let symbol = style.symbol(p);
    let name = shown_name(&info.name);
    match (info.kind, name) {
        (PlayerKind::Computer(level), None) => format!("Computer ({})", level.name()),
        (PlayerKind::Computer(level), Some(n)) if n == "Computer" => {
            format!("Computer ({})", level.name())
        }
        (PlayerKind::Computer(level), Some(n)) => format!("{n} ({symbol}, {})", level.name()),
        (PlayerKind::Human, None) => format!("Player {symbol}"),
        (PlayerKind::Human, Some(n)) => format!("{n} ({symbol})"),
    }
}

/// A player as the terminal writes them: "X", or "X (Ann)" when the player
/// has a name of their own (escaped: a name cannot drive the terminal).
#[must_use]
pub fn terminal_who(record: &GameRecord, p: Player) -> String {
    match shown_name(&record.players[p].name) {
        Some(name) => format!("{p} ({name})"),
        None => p.to_string(),
    }
}

/// A player as paper writes them: "Ann (X)", "X" with no name; the computer
/// "Computer (O, Hard)", or "Bob (O, computer, Hard)" when it was given
/// another name.
#[must_use]
pub fn paper_who(record: &GameRecord, style: MarkStyle, p: Player) -> String {
    let info = &record.players[p];
    let s = style.symbol(p);
    match (shown_name(&info.name), info.kind) {
        (None, PlayerKind::Human) => s.to_string(),
        (Some(name), PlayerKind::Human) => format!("{name} ({s})"),
        (Some(name), PlayerKind::Computer(level)) if !name.eq_ignore_ascii_case("computer") => {
            format!("{name} ({s}, computer, {})", level.name())
        }
        (_, PlayerKind::Computer(level)) => format!("Computer ({s}, {})", level.name()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PlayerInfo;
    use scribe_ai::Level;
    use scribe_rules::{ByPlayer, Variant};

    fn record(x: PlayerInfo, o: PlayerInfo) -> GameRecord {
        GameRecord::new(Variant::Majority, ByPlayer { x, o })
    }

    #[test]
    fn names_marks_and_the_computer() {
        let computer = |name: &str| PlayerInfo {
            name: name.into(),
            kind: PlayerKind::Computer(Level::Hard),
        };
        let r = record(PlayerInfo::human("Ann"), computer("Computer"));
        assert_eq!(who(&r, MarkStyle::PlusO, Player::X), "Ann (+)");
        assert_eq!(who(&r, MarkStyle::PlusO, Player::O), "Computer (Hard)");
        let r = record(PlayerInfo::human("O"), computer("Bob"));
        // a mark as a name is no name, whichever side it ended up on
        assert_eq!(who(&r, MarkStyle::PlusO, Player::X), "Player +");
        assert_eq!(who(&r, MarkStyle::XO, Player::O), "Bob (O, Hard)");
    }

    #[test]
    fn control_characters_are_escaped_on_screen_paper_and_terminal() {
        let r = record(PlayerInfo::human("Ann\u{1b}[2J"), PlayerInfo::human(""));
        assert_eq!(who(&r, MarkStyle::XO, Player::X), r"Ann\u{1b}[2J (X)");
        assert_eq!(who(&r, MarkStyle::XO, Player::O), "Player O");
        assert_eq!(
            paper_who(&r, MarkStyle::PlusO, Player::X),
            r"Ann\u{1b}[2J (+)"
        );
        assert_eq!(paper_who(&r, MarkStyle::PlusO, Player::O), "O");
        assert_eq!(terminal_who(&r, Player::X), r"X (Ann\u{1b}[2J)");
        assert_eq!(terminal_who(&r, Player::O), "O");
    }

    #[test]
    fn paper_says_computer_once() {
        let computer = |name: &str| PlayerInfo {
            name: name.into(),
            kind: PlayerKind::Computer(Level::Hard),
        };
        let r = record(computer("Computer"), PlayerInfo::human("Ann"));
        assert_eq!(
            paper_who(&r, MarkStyle::XO, Player::X),
            "Computer (X, Hard)"
        );
        let r = record(computer(""), computer("Bob"));
        assert_eq!(
            paper_who(&r, MarkStyle::XO, Player::X),
            "Computer (X, Hard)"
        );
        assert_eq!(
            paper_who(&r, MarkStyle::XO, Player::O),
            "Bob (O, computer, Hard)"
        );
    }
}
