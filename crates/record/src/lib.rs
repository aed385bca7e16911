//! Games as kept and as text: the game record, move-list notation, the text
//! board of the play-by-email server, RON save files and the JSON result.
//!
//! Modules: `game_record` (a game with its players, dates and how it ended:
//! [`GameRecord`]); `save` (the RON save file, one struct for the file and
//! the review optional, and reading it back; `ron_message` the parser's
//! messages); `review` (the stored review: its checks, its words, `scribe
//! analyze --json`); `notation` (move lists); `text_board`; `paper_board`
//! (a played paper board as text) and `paper_game` (an order of moves that
//! leaves a paper board's marks, found backwards from the board); `json`
//! (the JSON result); `names` (the mark style and the one player-name
//! formatter shared by screen, paper and terminal); `lookalike` (naming
//! characters that look like others in error messages).

mod game_record;
mod json;
mod lookalike;
mod names;
mod notation;
mod paper_board;
mod paper_game;
mod review;
mod ron_message;
mod save;
mod text_board;

pub use game_record::{Ending, GameRecord, PlayerInfo, PlayerKind};
pub use json::{ScoreJson, paper_score_json, score_json};
pub use lookalike::{describe_char, describe_non_ascii};
pub use names::{MarkStyle, is_default_name, paper_who, shown_name, terminal_who, who};
pub use notation::{MoveListError, format_move_list, format_numbered, parse_move_list, replay};
pub use paper_board::{PaperBoardError, parse_paper_board};
pub use paper_game::{PAPER_GAME_BUDGET, PaperOrderError, paper_game, paper_game_ending};
pub use review::{
    Chance, REVIEW_VERSION, Review, ReviewJson, ReviewMismatch, ReviewedMove, chance_text, percent,
    review_json,
};
pub use ron_message::ron_message;
pub use save::{FORMAT_VERSION, GameTextError, LoadError};
pub use text_board::{text_board, text_board_in};

/// A count with its noun, singular for one: `counted(1, "mark", "marks")`
/// is "1 mark", `counted(3, "mark", "marks")` is "3 marks".
#[must_use]
pub fn counted(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}
