//! Motion on the board, kept short and finite: a new mark is drawn by the
//! pen in [`DRAW_SECONDS`], and a refused click makes the mini grid that
//! must be used flash for [`FLASH_SECONDS`]. The widget asks for repaints
//! only while something moves; with "reduce motion" marks appear at once and
//! the flash is a still outline that disappears.

use egui::{Context, Id};
use scribe_pen::{Point, Stroke};
use scribe_rules::{GridIndex, Position, Square};

/// How long the pen takes to draw a new mark (and its slash), in seconds.
pub const DRAW_SECONDS: f64 = 0.2;
/// How long a refused click's flash lasts, in seconds.
pub const FLASH_SECONDS: f64 = 0.9;

/// What the pen is drawing: a new mark, or the slash through an older one.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Drawing {
    pub square: Square,
    pub slash: bool,
    pub start: f64,
}

/// The new strokes between two positions shown one after the other: the
/// marks added and the slashes they bring. Only when the second position
/// follows from the first by one or two moves (a move, or a move and the
/// computer's quick reply); a new game, an undo or an opened file draws at once.
#[must_use]
pub(super) fn new_strokes(old: &Position, new: &Position, start: f64) -> Vec<Drawing> {
    let added = new.moves_played().wrapping_sub(old.moves_played());
    if !(1..=2).contains(&added) {
        return Vec::new();
    }
    if Square::ALL
        .iter()
        .any(|&s| old.at(s).is_some() && old.at(s) != new.at(s))
    {
        return Vec::new();
    }
    let mut out = Vec::new();
    for square in Square::ALL {
        if new.at(square).is_none() {
            continue;
        }
        if old.at(square).is_none() {
            out.push(Drawing {
                square,
                slash: false,
                start,
            });
        }
        if new.is_slashed(square) && !old.is_slashed(square) {
            out.push(Drawing {
                square,
                slash: true,
                start,
            });
        }
    }
    out
}

/// How far the pen has come, 0 to 1, eased so the stroke slows at its end.
#[must_use]
pub(super) fn progress(start: f64, now: f64) -> f32 {
    let t = ((now - start) / DRAW_SECONDS).clamp(0.0, 1.0) as f32;
    1.0 - (1.0 - t).powi(3)
}

/// The first `t` (0 to 1) of a set of strokes by length, in drawing order:
/// the strokes growing along their path.
#[must_use]
pub(super) fn partial(strokes: &[Stroke], t: f32) -> Vec<Stroke> {
    if t >= 1.0 {
        return strokes.to_vec();
    }
    let length = |s: &Stroke| -> f32 { s.windows(2).map(|w| dist(w[0], w[1])).sum() };
    let total: f32 = strokes.iter().map(length).sum();
    let mut left = total * t.max(0.0);
    let mut out = Vec::new();
    for s in strokes {
        if left <= 0.0 {
            break;
        }
        let mut part: Stroke = Vec::with_capacity(s.len());
        let Some(&first) = s.first() else { continue };
        part.push(first);
        for w in s.windows(2) {
            let d = dist(w[0], w[1]);
            if d <= left {
                part.push(w[1]);
                left -= d;
            } else {
                let f = left / d.max(1e-9);
                part.push([
                    w[0][0] + (w[1][0] - w[0][0]) * f,
                    w[0][1] + (w[1][1] - w[0][1]) * f,
                ]);
                left = 0.0;
                break;
            }
        }
        if part.len() > 1 {
            out.push(part);
        }
    }
    out
}

fn dist(a: Point, b: Point) -> f32 {
    ((b[0] - a[0]).powi(2) + (b[1] - a[1]).powi(2)).sqrt()
}

fn flash_id() -> Id {
    Id::unique("scribe-board-flash")
}

/// Makes the board flash the outline of mini grid `grid` now (the app calls
/// this when it refuses a move because it must go in that mini grid).
pub fn flash_grid(ctx: &Context, grid: GridIndex) {
    let now = ctx.input(|i| i.time);
    ctx.data_mut(|d| d.insert_temp(flash_id(), (grid, now)));
    ctx.request_repaint_after(std::time::Duration::from_secs_f64(1.0 / 60.0));
}

/// The mini grid flashing now, if any (for tests and the app).
#[must_use]
pub fn flashing_grid(ctx: &Context) -> Option<GridIndex> {
    let now = ctx.input(|i| i.time);
    flashing(ctx, now).map(|(g, _)| g)
}

/// The mini grid flashing now and how far its flash has come (0 to 1).
#[must_use]
pub(super) fn flashing(ctx: &Context, now: f64) -> Option<(GridIndex, f32)> {
    let (grid, start) = ctx.data(|d| d.get_temp::<(GridIndex, f64)>(flash_id()))?;
    let t = (now - start) / FLASH_SECONDS;
    if (0.0..1.0).contains(&t) {
        Some((grid, t as f32))
    } else {
        ctx.data_mut(|d| d.remove::<(GridIndex, f64)>(flash_id()));
        None
    }
}

/// The flash's strength at `t` (0 to 1): two pulses, or a steady outline
/// when motion is reduced.
#[must_use]
pub(super) fn flash_strength(t: f32, reduce_motion: bool) -> f32 {
    if reduce_motion {
        1.0
    } else {
        (std::f32::consts::TAU * t).sin().abs() * (1.0 - 0.4 * t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::super::testing::{game, sq};

    #[test]
    fn a_move_draws_its_mark_and_the_slash_it_brings() {
        let before = game("D6 H4");
        let after = game("D6 H4 C8");
        let drawn = new_strokes(&before, &after, 1.5);
        assert_eq!(
            drawn,
            [
                Drawing {
                    square: sq("D6"),
                    slash: true,
                    start: 1.5
                },
                Drawing {
                    square: sq("C8"),
                    slash: false,
                    start: 1.5
                },
            ]
        );
        // a move and the computer's reply in one go
        let reply = game("D6 H4 C8 E2");
        assert_eq!(new_strokes(&before, &reply, 0.0).len(), 4);
    }

    #[test]
    fn other_changes_draw_at_once() {
        let a = game("D6 H4 C8");
        // undo, a new game, an opened game of many moves, the same position
        assert!(new_strokes(&a, &game("D6 H4"), 0.0).is_empty());
        assert!(new_strokes(&a, &Position::new(), 0.0).is_empty());
        assert!(new_strokes(&Position::new(), &a, 0.0).is_empty());
        assert!(new_strokes(&a, &a, 0.0).is_empty());
        // a different game of the same length plus one
        assert!(new_strokes(&a, &game("D6 H4 C9 E2"), 0.0).is_empty());
    }

    #[test]
    fn partial_strokes_grow_along_their_path() {
        let strokes = vec![vec![[0.0, 0.0], [1.0, 0.0]], vec![[0.0, 1.0], [0.0, 2.0]]];
        assert!(partial(&strokes, 0.0).is_empty());
        assert_eq!(partial(&strokes, 0.25), [vec![[0.0, 0.0], [0.5, 0.0]]]);
        assert_eq!(
            partial(&strokes, 0.75),
            [vec![[0.0, 0.0], [1.0, 0.0]], vec![[0.0, 1.0], [0.0, 1.5]]]
        );
        assert_eq!(partial(&strokes, 1.0), strokes);
        assert_eq!(progress(10.0, 10.0), 0.0);
        assert_eq!(progress(10.0, 10.0 + DRAW_SECONDS), 1.0);
        assert!(progress(10.0, 10.05) > 0.25, "eased out: fast at first");
    }

    #[test]
    fn the_flash_pulses_and_ends() {
        assert!(flash_strength(0.0, false) < 0.01);
        assert!(flash_strength(0.25, false) > 0.8);
        assert!(flash_strength(0.75, false) > 0.6);
        assert!((0..=100).all(|i| flash_strength(i as f32 / 100.0, true) == 1.0));
        let ctx = Context::default();
        let g = GridIndex::from_number(7).expect("grid 7");
        flash_grid(&ctx, g);
        assert_eq!(flashing(&ctx, 0.1).map(|f| f.0), Some(g));
        assert_eq!(flashing(&ctx, FLASH_SECONDS + 0.1), None);
        assert_eq!(flashing(&ctx, 0.1), None, "forgotten once over");
    }
}
