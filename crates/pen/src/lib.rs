//! The hand-drawn look, shared by the screen and the paper.
//!
//! Every function returns plain polylines (`Vec<[f32; 2]>`) in the caller's
//! units with y pointing **down**; the egui layer turns them into shapes, the
//! PDF layer into paths (flipping y). Strokes are seeded, so the same seed
//! gives the same wobble on every frame and every page.

use scribe_rules::{GLYPHS, Glyph, GridMask};

/// The hand every piece of text is written in, on screen and on paper: Scribe
/// Hand, a TrueType font made from Patrick Hand (SIL OFL 1.1) with a serifed
/// I and a dotted zero; see `fonts/README.md`.
pub const HAND_FONT: &[u8] = include_bytes!("../../../fonts/ScribeHand-Regular.ttf");

/// A point, y down.
pub type Point = [f32; 2];
/// A polyline.
pub type Stroke = Vec<Point>;

/// A small deterministic random source (SplitMix64).
#[derive(Debug, Clone)]
pub struct Jitter(u64);

impl Jitter {
    /// A source for `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Jitter {
        Jitter(seed ^ 0x9E37_79B9_7F4A_7C15)
    }

    /// A seed made from several numbers (e.g. a kind of stroke and a square).
    #[must_use]
    pub fn seed_of(parts: &[u64]) -> u64 {
        let mut j = Jitter(0x5C21_BE00_D35C_0FFE);
        for &p in parts {
            j.0 ^= p;
            j.next_u64();
        }
        j.next_u64()
    }

    /// Next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `[-1, 1)`.
    pub fn signed(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 23) as f32 - 1.0
    }
}

/// A wobbly line from `a` to `b`. `wobble` is the largest sideways drift in
/// the caller's units; the ends overshoot or stop short a little, like a pen.
#[must_use]
pub fn line(a: Point, b: Point, wobble: f32, seed: u64) -> Stroke {
    let mut j = Jitter::new(seed);
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let len = (dx * dx + dy * dy).sqrt().max(1e-6);
    let (ux, uy) = (dx / len, dy / len);
    let (nx, ny) = (-uy, ux);
    let start_ext = j.signed() * wobble * 0.8;
    let end_ext = j.signed() * wobble * 0.8;
    let bow = j.signed() * wobble;
    let ripple = j.signed() * wobble * 0.35;
    let phase = j.signed() * std::f32::consts::PI;
    let segments = ((len / (wobble.max(0.01) * 6.0)) as usize).clamp(4, 48);
    let tilt = j.signed() * wobble * 0.5;
    (0..=segments)
        .map(|i| {
            let t = i as f32 / segments as f32;
            let along = -start_ext + t * (len + start_ext + end_ext);
            let side = bow * (std::f32::consts::PI * t).sin()
                + ripple * (3.0 * std::f32::consts::PI * t + phase).sin()
                + tilt * (t - 0.5);
            [a[0] + ux * along + nx * side, a[1] + uy * along + ny * side]
        })
        .collect()
}

/// A hand-drawn loop around `center` with radii `rx`, `ry`: it starts at a
/// random angle and overlaps its start a little, like a quickly drawn O.
#[must_use]
pub fn ellipse(center: Point, rx: f32, ry: f32, wobble: f32, seed: u64) -> Stroke {
    let mut j = Jitter::new(seed);
    let start = j.signed() * std::f32::consts::PI;
    let overlap = 0.25 + 0.15 * j.signed();
    let squash = 1.0 + 0.06 * j.signed();
    let (p1, a1) = (j.signed() * 3.0, j.signed() * wobble * 0.5);
    let n = 40;
    let sweep = std::f32::consts::TAU + overlap;
    (0..=n)
        .map(|i| {
            let t = i as f32 / n as f32;
            let ang = start + sweep * t;
            // spiral slightly so the overlap does not sit on the start
            let r = 1.0 + (t - 0.5) * wobble / rx.max(1e-6) * 0.6;
            let wob = a1 * (2.0 * ang + p1).sin();
            [
                center[0] + (rx * r * squash + wob) * ang.cos(),
                center[1] + (ry * r / squash + wob) * ang.sin(),
            ]
        })
        .collect()
}

/// The two strokes of an X inside a square of side `size` at `center`.
#[must_use]
pub fn mark_x(center: Point, size: f32, wobble: f32, seed: u64) -> Vec<Stroke> {
    let h = size * 0.5;
    vec![
        line(
            [center[0] - h, center[1] - h],
            [center[0] + h, center[1] + h],
            wobble,
            seed,
        ),
        line(
            [center[0] + h, center[1] - h],
            [center[0] - h, center[1] + h],
            wobble,
            seed ^ 0xA5,
        ),
    ]
}

/// The two strokes of a + (Steere's mark for the first player).
#[must_use]
pub fn mark_plus(center: Point, size: f32, wobble: f32, seed: u64) -> Vec<Stroke> {
    let h = size * 0.55;
    vec![
        line(
            [center[0] - h, center[1]],
            [center[0] + h, center[1]],
            wobble,
            seed,
        ),
        line(
            [center[0], center[1] - h],
            [center[0], center[1] + h],
            wobble,
            seed ^ 0x5A,
        ),
    ]
}

/// An O mark.
#[must_use]
pub fn mark_o(center: Point, size: f32, wobble: f32, seed: u64) -> Vec<Stroke> {
    vec![ellipse(center, size * 0.5, size * 0.5, wobble, seed)]
}

/// The steepness of the slash: its run over its rise. A slash at 45 degrees
/// lies on an X's own stroke (and a slashed X looked like a live one), so
/// the slash stands at about 67 degrees from the horizontal, about 22 degrees
/// from each stroke of an X and of a +.
pub const SLASH_RUN: f32 = 0.42;

/// The slash through an older move: one steep stroke from lower left to upper
/// right, `size` tall, so it sticks out above and below a mark drawn in a
/// smaller box; at an angle that no stroke of an X or a + has
/// ([`SLASH_RUN`]), so a slashed mark never looks like a live one.
#[must_use]
pub fn slash(center: Point, size: f32, wobble: f32, seed: u64) -> Stroke {
    let h = size * 0.5;
    let w = h * SLASH_RUN;
    line(
        [center[0] - w, center[1] + h],
        [center[0] + w, center[1] - h],
        wobble,
        seed,
    )
}

/// A hand-drawn arrow from `from` to `to`: the shaft and the two strokes of
/// its head, each `head` long (routing diagrams in the Rules and the course).
#[must_use]
pub fn arrow(from: Point, to: Point, head: f32, wobble: f32, seed: u64) -> Vec<Stroke> {
    let (dx, dy) = (to[0] - from[0], to[1] - from[1]);
    let len = (dx * dx + dy * dy).sqrt().max(1e-6);
    let (ux, uy) = (dx / len, dy / len);
    // the head's strokes leave the tip at 150 degrees either side of the shaft
    let (c, s) = (0.866_f32, 0.5_f32);
    let wing = |sign: f32| {
        let (wx, wy) = (-ux * c - sign * uy * s, -uy * c + sign * ux * s);
        [to[0] + wx * head, to[1] + wy * head]
    };
    vec![
        line(from, to, wobble, seed),
        line(to, wing(1.0), wobble * 0.5, seed ^ 0x51),
        line(to, wing(-1.0), wobble * 0.5, seed ^ 0x52),
    ]
}

/// The outline of a set of cells of a 3x3 grid as closed loops of corner
/// points, in cell units (the grid spans 0..3 on both axes), inset by
/// `inset` cells so that neighbouring outlines do not touch.
#[must_use]
pub fn outline_loops(cells: GridMask, inset: f32) -> Vec<Vec<Point>> {
    let has = |c: i32, r: i32| {
        (0..3).contains(&c) && (0..3).contains(&r) && cells.0 & (1 << (r * 3 + c)) != 0
    };
    // Directed boundary edges, cell interior on the left when walking
    // clockwise on screen (y down): top edges go right, right edges go down...
    let mut edges: Vec<((i32, i32), (i32, i32))> = Vec::new();
    for r in 0..3 {
        for c in 0..3 {
            if !has(c, r) {
                continue;
            }
            if !has(c, r - 1) {
                edges.push(((c, r), (c + 1, r)));
            }
            if !has(c + 1, r) {
                edges.push(((c + 1, r), (c + 1, r + 1)));
            }
            if !has(c, r + 1) {
                edges.push(((c + 1, r + 1), (c, r + 1)));
            }
            if !has(c - 1, r) {
                edges.push(((c, r + 1), (c, r)));
            }
        }
    }
    let mut loops = Vec::new();
    while let Some(first) = edges.pop() {
        let mut corners = vec![first.0];
        let mut at = first.1;
        let mut dir = (first.1.0 - first.0.0, first.1.1 - first.0.1);
        while at != first.0 {
            // prefer turning right (clockwise) so touching corners split loops
            let candidates: Vec<usize> = edges
                .iter()
                .enumerate()
                .filter(|(_, e)| e.0 == at)
                .map(|(i, _)| i)
                .collect();
            let Some(&pick) = candidates.iter().max_by_key(|&&i| {
                let e = edges[i];
                let d = (e.1.0 - e.0.0, e.1.1 - e.0.1);
                // cross product: right turn positive (y down)
                dir.0 * d.1 - dir.1 * d.0
            }) else {
                break;
            };
            let e = edges.swap_remove(pick);
            let d = (e.1.0 - e.0.0, e.1.1 - e.0.1);
            if d != dir {
                corners.push(at);
            }
            dir = d;
            at = e.1;
        }
        loops.push(inset_loop(&corners, inset));
    }
    loops
}

/// Moves each corner of a clockwise (y down) rectilinear loop inwards.
fn inset_loop(corners: &[(i32, i32)], inset: f32) -> Vec<Point> {
    let n = corners.len();
    (0..n)
        .map(|i| {
            let p = corners[i];
            let prev = corners[(i + n - 1) % n];
            let next = corners[(i + 1) % n];
            let d_in = ((p.0 - prev.0).signum(), (p.1 - prev.1).signum());
            let d_out = ((next.0 - p.0).signum(), (next.1 - p.1).signum());
            // inward normal of a clockwise edge with y down is (-dy, dx)
            let n1 = (-d_in.1, d_in.0);
            let n2 = (-d_out.1, d_out.0);
            [
                p.0 as f32 + inset * (n1.0 + n2.0) as f32,
                p.1 as f32 + inset * (n1.1 + n2.1) as f32,
            ]
        })
        .collect()
}

/// A closed hand-drawn path through `corners` (each side a wobbly line).
#[must_use]
pub fn closed_path(corners: &[Point], wobble: f32, seed: u64) -> Vec<Stroke> {
    (0..corners.len())
        .map(|i| {
            let a = corners[i];
            let b = corners[(i + 1) % corners.len()];
            line(a, b, wobble, seed.wrapping_add(i as u64))
        })
        .collect()
}

/// The dots of a glyph's diagram as (column, row) in its drawing.
#[must_use]
pub fn glyph_dots(glyph: Glyph) -> Vec<(usize, usize)> {
    glyph
        .rows()
        .enumerate()
        .flat_map(|(r, row)| {
            row.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'#')
                .map(move |(c, _)| (c, r))
        })
        .collect()
}

/// The legend as printed on Steere's sheet: one entry per glyph with its
/// caption, e.g. `"Squat-T 4"`.
#[must_use]
pub fn legend() -> Vec<(Glyph, String)> {
    GLYPHS
        .iter()
        .map(|&g| (g, format!("{} {}", g.name(), g.points())))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strokes_are_deterministic_and_near_their_line() {
        let a = line([0.0, 0.0], [100.0, 0.0], 2.0, 7);
        assert_eq!(a, line([0.0, 0.0], [100.0, 0.0], 2.0, 7));
        assert_ne!(a, line([0.0, 0.0], [100.0, 0.0], 2.0, 8));
        assert!(
            a.iter()
                .all(|p| p[1].abs() <= 2.0 * 1.9 && p[0] > -3.0 && p[0] < 103.0)
        );
    }

    #[test]
    fn outlines_follow_the_cells() {
        // a single cell: one loop of four corners
        let l = outline_loops(GridMask(1), 0.0);
        assert_eq!(
            l,
            vec![vec![[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]]]
                .into_iter()
                .map(|v: Vec<Point>| v)
                .collect::<Vec<_>>()
                .iter()
                .map(|v| rotate_to(&l[0], v))
                .collect::<Vec<_>>()
        );
        // the O glyph: an outer and an inner loop
        assert_eq!(outline_loops(Glyph::O.mask(), 0.1).len(), 2);
        // the Pipe: one loop of six corners
        let pipe = outline_loops(Glyph::Pipe.mask(), 0.1);
        assert_eq!(pipe.len(), 1);
        assert_eq!(pipe[0].len(), 6);
        // inset moves corners inside the cells' box
        assert!(
            pipe[0]
                .iter()
                .all(|p| p[0] > 0.0 && p[0] < 3.0 && p[1] > 0.0 && p[1] < 2.0)
        );
    }

    fn rotate_to(actual: &[Point], expected: &[Point]) -> Vec<Point> {
        // the loop may start at any corner; rotate `expected` to match
        let start = expected.iter().position(|p| *p == actual[0]).unwrap_or(0);
        expected[start..]
            .iter()
            .chain(&expected[..start])
            .copied()
            .collect()
    }

    /// The direction of a stroke from its first to its last point, in
    /// degrees from 0 to 180 (a line has no arrow).
    fn direction(s: &Stroke) -> f32 {
        let (a, b) = (s[0], s[s.len() - 1]);
        (b[1] - a[1])
            .atan2(b[0] - a[0])
            .to_degrees()
            .rem_euclid(180.0)
    }

    /// The smaller angle between two line directions, in degrees.
    fn apart(a: f32, b: f32) -> f32 {
        let d = (a - b).rem_euclid(180.0);
        d.min(180.0 - d)
    }

    #[test]
    fn a_slash_is_unlike_every_stroke_of_an_x_and_a_plus() {
        // The marks as the screen draws them (the paper's are in the same
        // proportions): the slash's box is about 1.4 times the mark's.
        for seed in 0..50 {
            let c = [10.0, 10.0];
            let slash = slash(c, 0.8, 0.025, seed);
            let marks = [
                ("X", mark_x(c, 0.58 * 0.85, 0.03, seed)),
                ("+", mark_plus(c, 0.58, 0.03, seed)),
            ];
            for (name, strokes) in &marks {
                for s in strokes {
                    let d = apart(direction(&slash), direction(s));
                    assert!(
                        d >= 15.0,
                        "the slash lies {d:.0} degrees from a stroke of {name} (seed {seed})"
                    );
                }
                // and it sticks out above and below the mark
                let top = |s: &Stroke| s.iter().map(|p| p[1]).fold(f32::MAX, f32::min);
                let bottom = |s: &Stroke| s.iter().map(|p| p[1]).fold(f32::MIN, f32::max);
                let mark_top = strokes.iter().map(top).fold(f32::MAX, f32::min);
                let mark_bottom = strokes.iter().map(bottom).fold(f32::MIN, f32::max);
                assert!(top(&slash) < mark_top - 0.02, "{name} (seed {seed})");
                assert!(bottom(&slash) > mark_bottom + 0.02, "{name} (seed {seed})");
            }
        }
    }

    #[test]
    fn an_arrow_ends_at_its_tip_with_a_head_behind_it() {
        let a = arrow([0.0, 0.0], [10.0, 0.0], 2.0, 0.0, 3);
        assert_eq!(a.len(), 3);
        for wing in &a[1..] {
            let (tip, end) = (wing[0], wing[wing.len() - 1]);
            assert!(
                (tip[0] - 10.0).abs() < 1e-4 && tip[1].abs() < 1e-4,
                "{tip:?}"
            );
            // behind the tip, to one side
            assert!(end[0] < 9.0 && end[1].abs() > 0.5, "{end:?}");
        }
    }

    #[test]
    fn glyph_dots_count_their_points() {
        for g in GLYPHS {
            assert_eq!(glyph_dots(g).len(), usize::from(g.points()));
        }
    }
}
