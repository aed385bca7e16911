//! The keyboard cursor: where it starts each turn and how the arrow keys
//! move it. Plain functions of the position, pinned by unit tests.

use scribe_rules::{GridIndex, Position, Square, Target};

/// An arrow key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Step {
    Left,
    Right,
    Up,
    Down,
}

/// The square one step away in that direction, across the gaps between mini
/// grids. At the edge of the board the cursor stops (it does not wrap, so a
/// screen reader user hears the same square again and knows the edge).
#[must_use]
pub(super) fn step(sq: Square, dir: Step) -> Square {
    let (c, r) = (sq.col(), sq.row());
    let (c, r) = match dir {
        Step::Left => (c.saturating_sub(1), r),
        Step::Right => ((c + 1).min(8), r),
        Step::Up => (c, r.saturating_sub(1)),
        Step::Down => (c, (r + 1).min(8)),
    };
    Square::new(c, r).unwrap_or(sq)
}

/// Where the cursor starts a turn: the centre of the mini grid the player
/// must use, or its first empty square (reading order) when the centre is
/// taken. When they may play anywhere, the cursor stays where it was if that
/// square is free, else it goes to the free square nearest the board's
/// centre. A full board keeps the cursor where it was.
#[must_use]
pub(super) fn start(pos: &Position, previous: Option<Square>) -> Square {
    let centre = |g: GridIndex| Square::from_grid_cell(g, GridIndex::ALL[4]);
    let here = previous.unwrap_or_else(|| centre(GridIndex::ALL[4]));
    if pos.is_over() {
        return here;
    }
    match pos.target() {
        Target::Grid(g) => {
            if pos.at(centre(g)).is_none() {
                centre(g)
            } else {
                g.squares().find(|&s| pos.at(s).is_none()).unwrap_or(here)
            }
        }
        Target::Anywhere => {
            if pos.at(here).is_none() {
                return here;
            }
            let distance = |s: Square| {
                let (dc, dr) = (i32::from(s.col()) - 4, i32::from(s.row()) - 4);
                (dc * dc + dr * dr, s.index())
            };
            pos.legal_moves()
                .iter()
                .min_by_key(|&s| distance(s))
                .unwrap_or(here)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::super::testing::{game, sq};

    #[test]
    fn arrows_cross_mini_grid_gaps_and_stop_at_the_edges() {
        assert_eq!(step(sq("C8"), Step::Right), sq("D8"));
        assert_eq!(step(sq("D8"), Step::Left), sq("C8"));
        assert_eq!(step(sq("E3"), Step::Down), sq("E4"));
        assert_eq!(step(sq("E4"), Step::Up), sq("E3"));
        assert_eq!(step(sq("A1"), Step::Left), sq("A1"));
        assert_eq!(step(sq("A1"), Step::Up), sq("A1"));
        assert_eq!(step(sq("I9"), Step::Right), sq("I9"));
        assert_eq!(step(sq("I9"), Step::Down), sq("I9"));
        // every square can reach every other
        for a in Square::ALL {
            let mut s = sq("A1");
            for _ in 0..a.col() {
                s = step(s, Step::Right);
            }
            for _ in 0..a.row() {
                s = step(s, Step::Down);
            }
            assert_eq!(s, a);
        }
    }

    #[test]
    fn the_cursor_starts_in_the_mini_grid_that_must_be_used() {
        // the first move may go anywhere: the centre of the board
        assert_eq!(start(&Position::new(), None), sq("E5"));
        // D6 routes + to the lower-left mini grid: its centre is B8
        let pos = game("D6 H4");
        assert_eq!(start(&pos, Some(sq("E5"))), sq("B8"));
        // O's H4 routes O to the upper-middle mini grid; its centre E2 is free
        assert_eq!(start(&game("D6 H4 C8"), None), sq("E2"));
        // a taken centre: the first empty square of the grid
        let pos = game("E5 E4");
        assert_eq!(pos.target(), Target::Grid(sq("E5").grid()));
        assert_eq!(start(&pos, None), sq("D4"));
        // every start is a legal square for every position of a game
        let mut pos = Position::new();
        let mut cursor = None;
        while !pos.is_over() {
            let s = start(&pos, cursor);
            assert!(
                pos.check(s).is_ok(),
                "{s} after {} moves",
                pos.moves_played()
            );
            cursor = Some(s);
            let next = pos.legal_moves().iter().last().expect("a legal move");
            pos.play(next).expect("legal");
        }
    }
}
