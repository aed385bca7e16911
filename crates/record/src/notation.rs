//! Move-list notation: squares separated by whitespace or commas, `#` starts
//! a comment that runs to the end of the line. Tokens like `12.` (move
//! numbers, as [`format_numbered`] writes them) are skipped.

use scribe_rules::{Game, IllegalMove, ParseSquareError, Square};

/// Why a move list cannot be read or played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveListError {
    /// A token is not a square.
    #[error("line {line}, column {column}: {error}{}", look_alikes(&error.text))]
    BadSquare {
        /// One-based line of the token.
        line: usize,
        /// One-based column (in characters) of the token.
        column: usize,
        /// What is wrong with it. (Not named `source`: the message includes
        /// it, and a `source` would be printed a second time by `{e:#}`.)
        error: ParseSquareError,
    },
    /// A square was read but the move is illegal.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
}

/// "; it holds 'С' (U+0421, Cyrillic capital C)" for a token with
/// characters that are not ASCII (look-alikes of A-I, 1-9).
fn look_alikes(text: &str) -> String {
    super::describe_non_ascii(text).map_or(String::new(), |d| format!(" (it holds {d})"))
}

/// Parses a move list into squares (without checking legality).
///
/// # Errors
/// The first token that is not a square, with its line and column.
///
/// ```
/// let moves = scribe_record::parse_move_list("d6, h4 # opening\nC8 E2").unwrap();
/// assert_eq!(moves.len(), 4);
/// ```
pub fn parse_move_list(text: &str) -> Result<Vec<Square>, MoveListError> {
    let mut out = Vec::new();
    for (line_no, line) in text.lines().enumerate() {
        let code = line.split('#').next().unwrap_or("");
        let mut start: Option<usize> = None;
        let chars: Vec<char> = code.chars().collect();
        for i in 0..=chars.len() {
            let sep = i == chars.len() || chars[i].is_whitespace() || chars[i] == ',';
            match (sep, start) {
                (false, None) => start = Some(i),
                (true, Some(s)) => {
                    let token: String = chars[s..i].iter().collect();
                    start = None;
                    if is_move_number(&token) {
                        continue;
                    }
                    let sq = token.parse().map_err(|error| MoveListError::BadSquare {
                        line: line_no + 1,
                        column: s + 1,
                        error,
                    })?;
                    out.push(sq);
                }
                _ => {}
            }
        }
    }
    Ok(out)
}

fn is_move_number(token: &str) -> bool {
    token.len() > 1
        && token.ends_with('.')
        && token[..token.len() - 1].bytes().all(|b| b.is_ascii_digit())
}

/// Parses a move list and plays it from the empty board.
///
/// # Errors
/// A token that is not a square, or the first illegal move.
pub fn replay(text: &str) -> Result<Game, MoveListError> {
    Ok(Game::from_moves(parse_move_list(text)?)?)
}

/// The moves separated by single spaces, e.g. `D6 H4 C8`.
#[must_use]
pub fn format_move_list(moves: &[Square]) -> String {
    moves
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The moves numbered in pairs, one pair a line: `1. D6 H4`.
#[must_use]
pub fn format_numbered(moves: &[Square]) -> String {
    moves
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| {
            let pair: Vec<String> = pair.iter().map(ToString::to_string).collect();
            format!("{}. {}", i + 1, pair.join(" "))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn separators_comments_and_case() {
        let m = parse_move_list("d6,H4\t c8 # X must go lower-left\n\n e2,").unwrap();
        assert_eq!(format_move_list(&m), "D6 H4 C8 E2");
    }

    #[test]
    fn numbered_output_reads_back() {
        let m = parse_move_list("D6 H4 C8 E2 B9").unwrap();
        let text = format_numbered(&m);
        assert_eq!(text, "1. D6 H4\n2. C8 E2\n3. B9");
        assert_eq!(parse_move_list(&text).unwrap(), m);
    }

    #[test]
    fn bad_token_names_line_and_column() {
        let err = parse_move_list("D6 H4\nC8 J2").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2, column 4: 'J2' is not a square: the column must be a letter A-I"
        );
    }

    #[test]
    fn illegal_move_names_number_square_and_reason() {
        // X: D6 routes X to grid 7; O: H4 routes O to grid 2; X plays C8 (grid 7, cell 8).
        // O must play in grid 2 but tries E5.
        let err = replay("D6 H4 C8 E5").unwrap_err();
        assert_eq!(
            err.to_string(),
            "move 4 (E5): O must play in the upper-middle mini grid (D1-F3)"
        );
        let err = replay("D6 D6").unwrap_err();
        assert_eq!(
            err.to_string(),
            "move 2 (D6): the square is already taken by X"
        );
    }
}
