//! A board as it is on paper: nine rows of nine marks, no move order.
//!
//! The layout is the one [`super::text_board()`] prints (and `scribe show`),
//! with everything but the marks optional: the column letters above and
//! below, the row numbers on either side, the spaces between marks. Marks
//! are `x`, `X` or `+` for the first player, `o` or `O` for the second, and
//! `.` or `-` for an empty square; the case of a letter (the server's
//! "latest move") is ignored, since a paper board has no move order. Blank
//! lines and lines starting with `#` are skipped, and text after the ninth
//! row (the tallies and the turn `scribe show` prints) ends the board.
//!
//! ```
//! use scribe_record::parse_paper_board;
//! let text = "xo.......\n".to_string() + &".........\n".repeat(8);
//! let p = parse_paper_board(&text).unwrap();
//! assert_eq!(p.moves_played(), 2);
//! ```

use scribe_rules::{GridMask, MarksError, Player, Position, Square};

/// Why a text is not a paper board. Rows and columns are the board's
/// (row `1`–`9`, column `A`–`I`); `line` is the line of the text (from 1).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PaperBoardError {
    /// A character that is neither a mark nor an empty square.
    #[error(
        "line {line}, row {row}, column {col}: {} is not a mark \
         (use x, X or + for the first player, o or O for the second, . or - for an empty square)",
        super::describe_char(*found)
    )]
    BadMark {
        /// Line of the text.
        line: usize,
        /// Board row, 1–9.
        row: u8,
        /// Board column, `A`–`I`.
        col: char,
        /// The character found.
        found: char,
    },
    /// A row with fewer or more than nine marks.
    #[error("line {line}, row {row}: {marks} mark{}, a row has nine (columns A to I){}", plural(*.marks), length_hint(.marks))]
    RowLength {
        /// Line of the text.
        line: usize,
        /// Board row, 1–9.
        row: u8,
        /// How many marks the row holds.
        marks: usize,
    },
    /// A row number that is not the row's place on the board.
    #[error("line {line}, row {row}: the row is labelled {label}")]
    RowLabel {
        /// Line of the text.
        line: usize,
        /// Board row (its place), 1–9.
        row: u8,
        /// The label written.
        label: char,
    },
    /// More than nine rows.
    #[error("line {line}: a tenth row; a board has nine rows (1 to 9)")]
    TooManyRows {
        /// Line of the text.
        line: usize,
    },
    /// Fewer than nine rows.
    #[error("row {} is missing: the board has {rows} row{}, it needs nine (1 to 9)", rows + 1, plural(*.rows))]
    MissingRows {
        /// Rows found.
        rows: usize,
    },
    /// Marks that no game can leave. (Not a `source`: the message says it
    /// all, and `{e:#}` would print a source a second time.)
    #[error("{}", marks_message(.0))]
    Marks(MarksError),
}

impl From<MarksError> for PaperBoardError {
    fn from(e: MarksError) -> PaperBoardError {
        PaperBoardError::Marks(e)
    }
}

fn marks_message(e: &MarksError) -> String {
    match *e {
        MarksError::Counts { x, o } => format!(
            "X has {} and O {o}: X, who moves first, has as many marks as O or one more",
            super::counted(x, "mark", "marks")
        ),
        other => other.to_string(),
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn length_hint(marks: &usize) -> String {
    match *marks {
        0 => String::new(),
        n @ 1..=8 => format!("; it stops after column {}", column(n - 1)),
        _ => "; the tenth mark is past column I".to_string(),
    }
}

fn column(index: usize) -> char {
    char::from(b'A' + index.min(8) as u8)
}

/// What one character of a row is.
fn mark(c: char) -> Option<Option<Player>> {
    match c {
        'x' | 'X' | '+' => Some(Some(Player::X)),
        'o' | 'O' => Some(Some(Player::O)),
        '.' | '-' => Some(None),
        _ => None,
    }
}

/// Whether a line is words rather than a row: it holds a letter that is no
/// mark (a row holds only x, o, +, ., - and digits) or a colon.
fn is_text(line: &str) -> bool {
    line.chars()
        .any(|c| c == ':' || (c.is_alphabetic() && !matches!(c.to_ascii_lowercase(), 'x' | 'o')))
}

/// Whether a line is the column letters `A`–`I` (any case, any spaces).
fn is_column_header(line: &str) -> bool {
    let letters: String = line.chars().filter(|c| !c.is_whitespace()).collect();
    letters.eq_ignore_ascii_case("ABCDEFGHI")
}

/// Reads a paper board.
///
/// # Errors
/// A bad character, a row of the wrong length or with the wrong number,
/// too few or too many rows (each naming the row and column, and the line of
/// the text), or marks no real game can give ([`MarksError`]).
pub fn parse_paper_board(text: &str) -> Result<Position, PaperBoardError> {
    let mut x = [GridMask::EMPTY; 9];
    let mut o = [GridMask::EMPTY; 9];
    let mut rows = 0usize;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if (rows == 0 || rows == 9) && is_column_header(trimmed) {
            continue;
        }
        if rows == 9 {
            // What `scribe show` prints under the board (tallies, whose
            // turn) is text, not a tenth row: the board ends there.
            if is_text(trimmed) {
                break;
            }
            return Err(PaperBoardError::TooManyRows { line });
        }
        let row = rows as u8 + 1;
        let mut chars: Vec<char> = trimmed.chars().filter(|c| !c.is_whitespace()).collect();
        // optional row numbers on either side
        for at_end in [false, true] {
            let label = if at_end { chars.last() } else { chars.first() };
            if let Some(&label) = label.filter(|c| c.is_ascii_digit()) {
                if label != char::from(b'0' + row) {
                    return Err(PaperBoardError::RowLabel { line, row, label });
                }
                if at_end {
                    chars.pop();
                } else {
                    chars.remove(0);
                }
            }
        }
        for (col, &c) in chars.iter().enumerate().take(9) {
            let Some(who) = mark(c) else {
                return Err(PaperBoardError::BadMark {
                    line,
                    row,
                    col: column(col),
                    found: c,
                });
            };
            let Some(sq) = Square::new(col as u8, row - 1) else {
                continue;
            };
            let bit = GridMask::single(sq.cell()).0;
            match who {
                Some(Player::X) => x[sq.grid().index()].0 |= bit,
                Some(Player::O) => o[sq.grid().index()].0 |= bit,
                None => {}
            }
        }
        if chars.len() != 9 {
            return Err(PaperBoardError::RowLength {
                line,
                row,
                marks: chars.len(),
            });
        }
        rows += 1;
    }
    if rows < 9 {
        return Err(PaperBoardError::MissingRows { rows });
    }
    Ok(Position::from_marks(x, o)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn empty_rows(n: usize) -> String {
        ".........\n".repeat(n)
    }

    #[test]
    fn labels_and_spaces_are_optional() {
        let game = crate::replay("D6 H4 C8 E2").unwrap();
        let printed = crate::text_board(game.position());
        let p = parse_paper_board(&printed).unwrap();
        let bare: String = printed
            .lines()
            .skip(1)
            .take(9)
            .map(|l| l[2..l.len() - 2].replace(' ', "") + "\n")
            .collect();
        assert_eq!(parse_paper_board(&bare).unwrap(), p);
        for sq in Square::ALL {
            assert_eq!(p.at(sq), game.position().at(sq));
        }
        assert_eq!(p.last_move(Player::X), None);
        assert!(!p.is_slashed("D6".parse().unwrap()));
    }

    #[test]
    fn errors_name_the_row_and_column() {
        let text = format!("{}..z......\n{}", empty_rows(3), empty_rows(5));
        let e = parse_paper_board(&text).unwrap_err();
        assert_eq!(
            e,
            PaperBoardError::BadMark {
                line: 4,
                row: 4,
                col: 'C',
                found: 'z'
            }
        );
        assert!(e.to_string().starts_with("line 4, row 4, column C: 'z'"));
        let short = format!("{}........\n{}", empty_rows(1), empty_rows(7));
        let e = parse_paper_board(&short).unwrap_err().to_string();
        assert!(
            e.contains("row 2: 8 marks") && e.contains("after column H"),
            "{e}"
        );
        let e = parse_paper_board(&empty_rows(8)).unwrap_err().to_string();
        assert!(e.starts_with("row 9 is missing"), "{e}");
        let e = parse_paper_board(&empty_rows(10)).unwrap_err().to_string();
        assert!(e.starts_with("line 10: a tenth row"), "{e}");
        let e = parse_paper_board(&format!("2.........\n{}", empty_rows(8)));
        assert!(matches!(e, Err(PaperBoardError::RowLabel { row: 1, .. })));
        let e = parse_paper_board(&format!("xx.......\n{}", empty_rows(8)));
        assert!(matches!(
            e,
            Err(PaperBoardError::Marks(MarksError::Counts { x: 2, o: 0 }))
        ));
        let e = parse_paper_board(&format!("o........\n{}", empty_rows(8)));
        assert!(matches!(
            e,
            Err(PaperBoardError::Marks(MarksError::Counts { x: 0, o: 1 }))
        ));
    }
}
