//! What the board says: each square's accessible name ("C8, O, last move")
//! and the name of a scoring group ("Pipe, 4 points"), for screen readers,
//! tests and tooltips. Plain functions of the position, so they can be
//! pinned by unit tests.

use crate::widgets::ink::MarkStyle;
use scribe_rules::{GridScore, Player, Position, Square, Target};

/// A square named with what a sighted player sees on it: its mark and
/// whether it is the last move, the previous move or slashed; for an empty
/// square, whether the player to move may play there.
///
/// `live` says the player to move is at the keyboard (it is not the
/// computer's turn and the board shows the game, not an earlier position);
/// the player to move is then "you", otherwise their mark.
///
/// ```
/// use scribe_rules::{Game, Square};
/// use scribe_ui::{MarkStyle, board::square_name};
/// let sq = |s: &str| s.parse::<Square>().unwrap();
/// let game = Game::from_moves([sq("D6"), sq("H4"), sq("C8")]).unwrap();
/// let pos = game.position();
/// let name = |s| square_name(pos, sq(s), MarkStyle::PlusO, true);
/// assert_eq!(name("C8"), "C8, +, last move");
/// assert_eq!(name("H4"), "H4, O, previous move");
/// assert_eq!(name("D6"), "D6, +, slashed");
/// assert_eq!(name("E5"), "E5, empty");
/// // O's last move (H4) routes O to the upper-middle mini grid
/// assert_eq!(name("E2"), "E2, empty, in the mini grid you must play");
/// ```
#[must_use]
pub fn square_name(pos: &Position, sq: Square, style: MarkStyle, live: bool) -> String {
    let who = if live {
        "you".to_string()
    } else {
        style.symbol(pos.to_move()).to_string()
    };
    match pos.at(sq) {
        Some(p) => {
            let symbol = style.symbol(p);
            let state = if pos.is_slashed(sq) {
                "slashed"
            } else if p == last_mover(pos) {
                "last move"
            } else {
                "previous move"
            };
            format!("{sq}, {symbol}, {state}")
        }
        None => match pos.target() {
            Target::Grid(g) if g == sq.grid() => {
                format!("{sq}, empty, in the mini grid {who} must play")
            }
            Target::Grid(_) => format!("{sq}, empty"),
            Target::Anywhere => {
                let may = if live { "you may" } else { "may" };
                let who = if live {
                    String::new()
                } else {
                    format!("{who} ")
                };
                format!("{sq}, empty, {who}{may} play anywhere")
            }
        },
    }
}

/// The player who made the most recent move (X before the first move, which
/// never matters: no square holds a mark then).
fn last_mover(pos: &Position) -> Player {
    pos.to_move().other()
}

/// The scoring group holding `sq`, named as the printed game labels it:
/// "Pipe, 4 points" ("… so far" while its mini grid is not full). `None` for
/// an empty square or a group that forms no glyph.
#[must_use]
pub fn group_name(pos: &Position, score: &GridScore, sq: Square) -> Option<String> {
    let p = pos.at(sq)?;
    let group = score.groups[p]
        .iter()
        .find(|group| group.cells.contains(sq.cell()))?;
    let glyph = group.glyph?;
    let points = glyph.points();
    let unit = if points == 1 { "point" } else { "points" };
    let so_far = if pos.is_grid_full(sq.grid()) {
        ""
    } else {
        " so far"
    };
    Some(format!("{}, {points} {unit}{so_far}", glyph.name()))
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::super::testing::{game, sq};

    #[test]
    fn the_empty_board_offers_every_square() {
        let pos = Position::new();
        for s in Square::ALL {
            assert_eq!(
                square_name(&pos, s, MarkStyle::PlusO, true),
                format!("{s}, empty, you may play anywhere")
            );
        }
        assert_eq!(
            square_name(&pos, sq("A1"), MarkStyle::XO, false),
            "A1, empty, X may play anywhere"
        );
    }

    #[test]
    fn marks_are_named_with_the_chosen_symbol() {
        let pos = game("D6 H4 C8 E2");
        let name = |s, style| square_name(&pos, sq(s), style, true);
        assert_eq!(name("E2", MarkStyle::PlusO), "E2, O, last move");
        assert_eq!(name("C8", MarkStyle::PlusO), "C8, +, previous move");
        assert_eq!(name("C8", MarkStyle::XO), "C8, X, previous move");
        assert_eq!(name("D6", MarkStyle::XO), "D6, X, slashed");
        assert_eq!(name("H4", MarkStyle::PlusO), "H4, O, slashed");
        // + (to move) is routed by C8 to the middle-right mini grid
        assert_eq!(
            name("H5", MarkStyle::PlusO),
            "H5, empty, in the mini grid you must play"
        );
        assert_eq!(
            square_name(&pos, sq("H5"), MarkStyle::XO, false),
            "H5, empty, in the mini grid X must play"
        );
        assert_eq!(name("A1", MarkStyle::PlusO), "A1, empty");
    }

    #[test]
    fn groups_are_named_with_glyph_and_points() {
        // + draws column A of the upper-left mini grid: a Line (3 points);
        // O's H8 and I9 touch only diagonally: two Singles
        let pos = game("D1 I9 A1 H8 A2 E5 A4 F6 A3");
        let score = pos.grid_score(sq("A1").grid());
        for s in ["A1", "A2", "A3"] {
            assert_eq!(
                group_name(&pos, &score, sq(s)).as_deref(),
                Some("Line, 3 points so far"),
                "{s}"
            );
        }
        assert_eq!(group_name(&pos, &score, sq("B2")), None);
        let score = pos.grid_score(sq("I9").grid());
        assert_eq!(
            group_name(&pos, &score, sq("H8")).as_deref(),
            Some("Single, 1 point so far")
        );
    }

    #[test]
    fn a_full_mini_grid_names_its_final_glyphs() {
        // a whole game, always the first legal square
        let mut pos = Position::new();
        while let Some(next) = pos.legal_moves().iter().next() {
            pos.play(next).expect("legal");
        }
        let mut named = 0;
        for sq in Square::ALL {
            let score = pos.grid_score(sq.grid());
            let p = pos.at(sq).expect("a full board");
            let group = score.groups[p]
                .iter()
                .find(|g| g.cells.contains(sq.cell()))
                .expect("every mark is in a group");
            let name = group_name(&pos, &score, sq);
            match group.glyph {
                Some(glyph) => {
                    let text = name.expect("a glyph is named");
                    assert!(text.starts_with(glyph.name()), "{text}");
                    assert!(
                        text.ends_with(" points") || text.ends_with(" point"),
                        "{text}"
                    );
                    assert!(text.contains(&format!(", {} point", glyph.points())));
                    named += 1;
                }
                None => assert_eq!(name, None, "{sq}"),
            }
        }
        assert!(named > 0);
    }
}
