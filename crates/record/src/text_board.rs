//! The text board of the play-by-email server.

use crate::MarkStyle;
use scribe_rules::{Player, Position, Square};

/// Draws a position as the play-by-email server does: columns `A`–`I` above
/// and below, rows `1`–`9` down both sides, `.` for an empty square, a capital
/// letter for each player's latest move and lower case for older (slashed) ones.
///
/// ```
/// let game = scribe_record::replay("D6 H4").unwrap();
/// let board = scribe_record::text_board(game.position());
/// assert!(board.contains("4 . . . . . . . O . 4"));
/// ```
#[must_use]
pub fn text_board(position: &Position) -> String {
    text_board_in(position, MarkStyle::XO)
}

/// The text board in a mark style: [`text_board`] for "X and O"; for "+ and
/// O" (the app's and the web page's), `+` for the first player's latest move
/// and `*` (a `+` with its slash) for their older ones.
///
/// ```
/// use scribe_record::{MarkStyle, text_board_in};
/// let game = scribe_record::replay("E5 A1 D4").unwrap();
/// let board = text_board_in(game.position(), MarkStyle::PlusO);
/// assert!(board.contains("4 . . . + . . . . . 4"));
/// assert!(board.contains("5 . . . . * . . . . 5"));
/// ```
#[must_use]
pub fn text_board_in(position: &Position, style: MarkStyle) -> String {
    let header = "  A B C D E F G H I\n";
    let mut out = String::from(header);
    for row in 0..9u8 {
        out.push_str(&format!("{}", row + 1));
        for col in 0..9u8 {
            let Some(sq) = Square::new(col, row) else {
                continue;
            };
            let c = match (position.at(sq), style) {
                (None, _) => '.',
                (Some(Player::X), MarkStyle::PlusO) if position.is_slashed(sq) => '*',
                (Some(Player::X), MarkStyle::PlusO) => '+',
                (Some(p), _) if position.is_slashed(sq) => p.letter().to_ascii_lowercase(),
                (Some(p), _) => p.letter(),
            };
            out.push(' ');
            out.push(c);
        }
        out.push_str(&format!(" {}\n", row + 1));
    }
    out.push_str(header);
    out
}
