//! A generator of test photos: a printed sheet (drawn from its layout),
//! a random legal game handwritten on each board, then "photographed" in
//! software. Seeded: the same seed gives the same photo.
//!
//! The sheet is drawn from where its squares and markers are printed (for
//! example `scribe_export::blank_layout`): grid lines, markers, column and
//! row labels, the glyph legends' dots, rules for names and tallies. The
//! marks: + or X and O in pencil grey, blue or black ballpoint, of varied
//! size, stroke and wobble; a slash through every mark but each player's
//! last; smudges; a crossed-out mistake in the margin. The photograph:
//! perspective up to 30°, a curl, any rotation, uneven light and a shadow,
//! blur, noise, JPEG at quality 60–90, the sheet not filling the frame.

use super::Class;
use scribe_rules::{Game, Player, Square};

/// Where things are printed on a sheet, in millimetres from the top-left.
#[derive(Debug, Clone, PartialEq)]
pub struct Sheet {
    /// Page width, mm.
    pub width: f32,
    /// Page height, mm.
    pub height: f32,
    /// The boards.
    pub boards: Vec<SheetBoard>,
}

/// One board of a [`Sheet`].
#[derive(Debug, Clone, PartialEq)]
pub struct SheetBoard {
    /// `[x0, y0, x1, y1]` of each square, A1 … I9, mm.
    pub squares: Vec<[f32; 4]>,
    /// Marker centres, mm (empty for an old sheet).
    pub markers: Vec<[f32; 2]>,
    /// Marker side, mm.
    pub marker_side: f32,
}

/// How one photo was distorted (for the accuracy table).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Distortion {
    /// Tilt of the sheet away from the camera, degrees (0–30).
    pub tilt: f32,
    /// Rotation in the picture, degrees (0–360).
    pub rotation: f32,
    /// Height of the curl, as a fraction of the sheet's width.
    pub curl: f32,
    /// Gaussian blur, pixels (sigma).
    pub blur: f32,
    /// Noise, grey levels (sigma).
    pub noise: f32,
    /// JPEG quality.
    pub jpeg: u8,
    /// Whether a shadow falls on the sheet.
    pub shadow: bool,
    /// Darkest light over the sheet (1 = even light).
    pub light: f32,
    /// Part of the frame's shorter side the sheet takes.
    pub fill: f32,
    /// The pen: 0 pencil, 1 blue ballpoint, 2 black.
    pub pen: u8,
    /// The first player's mark is drawn "+" (else "X").
    pub plus: bool,
}

/// A generated photo with the truth.
#[derive(Debug, Clone)]
pub struct Photo {
    /// The JPEG bytes.
    pub jpeg: Vec<u8>,
    /// What each board holds, in reading order.
    pub truth: Vec<[Class; 81]>,
    /// How it was made.
    pub distortion: Distortion,
}

/// A small seeded random number generator (SplitMix64).
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// From a seed.
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x5EED_5CA1_AB1E)
    }
    /// The next 64 bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }
    /// Uniform in [a, b).
    pub fn range(&mut self, a: f32, b: f32) -> f32 {
        a + (b - a) * self.unit()
    }
    /// Uniform in 0..n.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
    /// Standard normal.
    pub fn normal(&mut self) -> f32 {
        let u = self.unit().max(1e-7);
        let v = self.unit();
        (-2.0 * u.ln()).sqrt() * (std::f32::consts::TAU * v).cos()
    }
    /// True with probability `p`.
    pub fn chance(&mut self, p: f32) -> bool {
        self.unit() < p
    }
}

/// An RGB canvas in millimetres, 0–1 per channel.
struct Canvas {
    w: usize,
    h: usize,
    ppm: f32,
    px: Vec<[f32; 3]>,
}

impl Canvas {
    fn new(width_mm: f32, height_mm: f32, ppm: f32, paper: [f32; 3]) -> Canvas {
        let (w, h) = ((width_mm * ppm) as usize, (height_mm * ppm) as usize);
        Canvas {
            w,
            h,
            ppm,
            px: vec![paper; w * h],
        }
    }

    /// Ink over the pixels: multiplies by the ink's colour where it covers.
    fn ink(&mut self, x: usize, y: usize, cover: f32, color: [f32; 3]) {
        let p = &mut self.px[y * self.w + x];
        for c in 0..3 {
            p[c] *= 1.0 - cover * (1.0 - color[c]);
        }
    }

    /// A stroke along a polyline (mm), `width` mm, `alpha` opacity.
    fn stroke(&mut self, pts: &[[f32; 2]], width: f32, color: [f32; 3], alpha: f32) {
        let s = self.ppm;
        let half = (width * s / 2.0).max(0.5);
        // coverage per pixel of the whole stroke (so joints are not inked twice)
        let mut cover: std::collections::HashMap<(usize, usize), f32> =
            std::collections::HashMap::new();
        for seg in pts.windows(2) {
            let (a, b) = (
                [seg[0][0] * s, seg[0][1] * s],
                [seg[1][0] * s, seg[1][1] * s],
            );
            let x0 = (a[0].min(b[0]) - half - 1.0).floor().max(0.0) as usize;
            let x1 = ((a[0].max(b[0]) + half + 1.0).ceil() as usize).min(self.w);
            let y0 = (a[1].min(b[1]) - half - 1.0).floor().max(0.0) as usize;
            let y1 = ((a[1].max(b[1]) + half + 1.0).ceil() as usize).min(self.h);
            let d = [b[0] - a[0], b[1] - a[1]];
            let l2 = (d[0] * d[0] + d[1] * d[1]).max(1e-6);
            for y in y0..y1 {
                for x in x0..x1 {
                    let p = [x as f32 + 0.5 - a[0], y as f32 + 0.5 - a[1]];
                    let t = ((p[0] * d[0] + p[1] * d[1]) / l2).clamp(0.0, 1.0);
                    let dist = (p[0] - t * d[0]).hypot(p[1] - t * d[1]);
                    let c = (half + 0.5 - dist).clamp(0.0, 1.0);
                    if c > 0.0 {
                        let e = cover.entry((x, y)).or_insert(0.0);
                        *e = e.max(c);
                    }
                }
            }
        }
        for ((x, y), c) in cover {
            self.ink(x, y, c * alpha, color);
        }
    }

    /// A filled axis-aligned rectangle (mm).
    fn rect(&mut self, x0: f32, y0: f32, x1: f32, y1: f32, color: [f32; 3]) {
        let s = self.ppm;
        let (px0, px1) = ((x0 * s).max(0.0) as usize, ((x1 * s) as usize).min(self.w));
        let (py0, py1) = ((y0 * s).max(0.0) as usize, ((y1 * s) as usize).min(self.h));
        for y in py0..py1 {
            for x in px0..px1 {
                self.ink(x, y, 1.0, color);
            }
        }
    }

    /// A soft round blob (mm): a smudge.
    fn blob(&mut self, c: [f32; 2], r: f32, color: [f32; 3], alpha: f32) {
        let s = self.ppm;
        let rp = r * s;
        let (cx, cy) = (c[0] * s, c[1] * s);
        let x0 = (cx - rp).max(0.0) as usize;
        let x1 = ((cx + rp) as usize + 1).min(self.w);
        let y0 = (cy - rp).max(0.0) as usize;
        let y1 = ((cy + rp) as usize + 1).min(self.h);
        for y in y0..y1 {
            for x in x0..x1 {
                let d = (x as f32 - cx).hypot(y as f32 - cy) / rp;
                if d < 1.0 {
                    let a = alpha * (1.0 - d * d);
                    self.ink(x, y, a, color);
                }
            }
        }
    }

    fn sample(&self, x: f32, y: f32) -> Option<[f32; 3]> {
        let (x, y) = (x * self.ppm - 0.5, y * self.ppm - 0.5);
        if x < 0.0 || y < 0.0 || x >= (self.w - 1) as f32 || y >= (self.h - 1) as f32 {
            return None;
        }
        let (xi, yi) = (x as usize, y as usize);
        let (fx, fy) = (x - xi as f32, y - yi as f32);
        let at = |xx: usize, yy: usize| self.px[yy * self.w + xx];
        let (a, b, c, d) = (
            at(xi, yi),
            at(xi + 1, yi),
            at(xi, yi + 1),
            at(xi + 1, yi + 1),
        );
        let mut o = [0.0; 3];
        for k in 0..3 {
            o[k] =
                (a[k] * (1.0 - fx) + b[k] * fx) * (1.0 - fy) + (c[k] * (1.0 - fx) + d[k] * fx) * fy;
        }
        Some(o)
    }
}

/// A wobbly hand-drawn line from `a` to `b` (mm): a few points with a
/// smooth sideways drift.
fn hand_line(rng: &mut Rng, a: [f32; 2], b: [f32; 2], wobble: f32) -> Vec<[f32; 2]> {
    let d = [b[0] - a[0], b[1] - a[1]];
    let len = d[0].hypot(d[1]).max(1e-3);
    let n = [-d[1] / len, d[0] / len];
    let (k1, k2) = (rng.normal() * wobble, rng.normal() * wobble * 0.5);
    let steps = 12;
    (0..=steps)
        .map(|i| {
            let t = i as f32 / steps as f32;
            let off =
                k1 * (std::f32::consts::PI * t).sin() + k2 * (std::f32::consts::TAU * t).sin();
            [a[0] + d[0] * t + n[0] * off, a[1] + d[1] * t + n[1] * off]
        })
        .collect()
}

/// The pen of one photo.
struct Pen {
    color: [f32; 3],
    alpha: f32,
    width: f32,
}

/// Draws one mark in the square `[x0, y0, x1, y1]` (mm).
fn draw_mark(cv: &mut Canvas, rng: &mut Rng, sq: [f32; 4], class: Class, plus: bool, pen: &Pen) {
    let cell = sq[2] - sq[0];
    let c = [
        (sq[0] + sq[2]) / 2.0 + rng.normal() * 0.05 * cell,
        (sq[1] + sq[3]) / 2.0 + rng.normal() * 0.05 * cell,
    ];
    let r = cell * rng.range(0.22, 0.38);
    let wob = cell * 0.02;
    let width = pen.width * rng.range(0.85, 1.2);
    let tilt = rng.normal() * 0.12;
    let rot = |ang: f32, rad: f32| [c[0] + rad * ang.cos(), c[1] + rad * ang.sin()];
    match class.mark() {
        Some(Player::X) => {
            let base = if plus {
                0.0
            } else {
                std::f32::consts::FRAC_PI_4
            };
            for k in 0..2 {
                let ang = base + tilt + k as f32 * std::f32::consts::FRAC_PI_2;
                let (ra, rb) = (r * rng.range(0.85, 1.1), r * rng.range(0.85, 1.1));
                let a = rot(ang + std::f32::consts::PI, ra);
                let b = rot(ang, rb);
                let pts = hand_line(rng, a, b, wob);
                cv.stroke(&pts, width, pen.color, pen.alpha);
            }
        }
        Some(Player::O) => {
            let (rx, ry) = (r * rng.range(0.8, 1.05), r * rng.range(0.8, 1.05));
            let start = rng.range(0.0, std::f32::consts::TAU);
            let sweep = std::f32::consts::TAU * rng.range(0.95, 1.12);
            let steps = 36;
            let pts: Vec<[f32; 2]> = (0..=steps)
                .map(|i| {
                    let t = start + sweep * i as f32 / steps as f32;
                    let wobble = 1.0 + 0.04 * (3.0 * t + start).sin();
                    let (x, y) = (rx * t.cos() * wobble, ry * t.sin() * wobble);
                    let (cs, sn) = (tilt.cos(), tilt.sin());
                    [c[0] + x * cs - y * sn, c[1] + x * sn + y * cs]
                })
                .collect();
            cv.stroke(&pts, width, pen.color, pen.alpha);
        }
        None => return,
    }
    if class.slashed() {
        // "/": from lower left to upper right, through the mark
        let ang = -rng.range(0.55, 1.05);
        let len = cell * rng.range(0.38, 0.5);
        let m = [
            c[0] + rng.normal() * 0.04 * cell,
            c[1] + rng.normal() * 0.04 * cell,
        ];
        let a = [m[0] - len * ang.cos(), m[1] - len * ang.sin()];
        let b = [m[0] + len * ang.cos(), m[1] + len * ang.sin()];
        let pts = hand_line(rng, a, b, wob);
        cv.stroke(&pts, width, pen.color, pen.alpha);
    }
}

/// A random legal game of `n` moves, as a class per square.
fn random_game(rng: &mut Rng, n: usize) -> [Class; 81] {
    let mut game = Game::new();
    for _ in 0..n {
        let legal: Vec<Square> = game.position().legal_moves().iter().collect();
        if legal.is_empty() {
            break;
        }
        let sq = legal[rng.below(legal.len())];
        if game.play(sq).is_err() {
            break;
        }
    }
    let pos = game.position();
    let mut out = [Class::Empty; 81];
    for sq in Square::ALL {
        out[sq.index()] = Class::of(pos.at(sq), pos.is_slashed(sq));
    }
    out
}

const PRINT_BLUE: [f32; 3] = [0.10, 0.18, 0.45];
const PRINT_BLACK: [f32; 3] = [0.08, 0.08, 0.10];
const PRINT_FAINT: [f32; 3] = [0.45, 0.50, 0.62];

/// Draws the printed sheet.
fn draw_sheet(cv: &mut Canvas, sheet: &Sheet, rng: &mut Rng) {
    for b in &sheet.boards {
        let cell = b.squares[0][2] - b.squares[0][0];
        let strong = (cell * 0.055).clamp(0.35, 0.8);
        for (i, sq) in b.squares.iter().enumerate() {
            let [x0, y0, x1, y1] = *sq;
            let pts = [[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]];
            cv.stroke(&pts, strong * 0.45, PRINT_BLUE, 1.0);
            let (c, r) = (i % 9, i / 9);
            if c % 3 == 0 && r % 3 == 0 {
                let e = b.squares[i + 20];
                let outer = [[x0, y0], [e[2], y0], [e[2], e[3]], [x0, e[3]], [x0, y0]];
                cv.stroke(&outer, strong, PRINT_BLUE, 1.0);
                // tally rules and the winner's box under the mini grid
                let yb = e[3] + cell * 0.75;
                cv.stroke(
                    &[[x0 + cell * 0.4, yb], [x0 + cell * 1.1, yb]],
                    0.2,
                    PRINT_FAINT,
                    1.0,
                );
                cv.stroke(
                    &[[x0 + cell * 1.5, yb], [x0 + cell * 2.1, yb]],
                    0.2,
                    PRINT_FAINT,
                    1.0,
                );
                let (bx, by) = (e[2], e[3] + cell * 0.625);
                let hs = cell * 0.3;
                cv.stroke(
                    &[
                        [bx - hs, by - hs],
                        [bx + hs, by - hs],
                        [bx + hs, by + hs],
                        [bx - hs, by + hs],
                        [bx - hs, by - hs],
                    ],
                    0.25,
                    PRINT_FAINT,
                    1.0,
                );
            }
            // labels: a small letter-like squiggle
            if r == 0 {
                let (lx, ly) = ((x0 + x1) / 2.0, y0 - cell * 0.4);
                cv.stroke(
                    &[[lx - 0.8, ly + 1.0], [lx, ly - 1.0], [lx + 0.8, ly + 1.0]],
                    0.25,
                    PRINT_BLUE,
                    1.0,
                );
            }
            if c == 0 {
                let (lx, ly) = (x0 - cell * 0.4, (y0 + y1) / 2.0);
                cv.stroke(&[[lx, ly - 1.0], [lx, ly + 1.0]], 0.25, PRINT_BLUE, 1.0);
            }
        }
        let m = b.marker_side / 6.0;
        for &[cx, cy] in &b.markers {
            let (x, y, s) = (
                cx - b.marker_side / 2.0,
                cy - b.marker_side / 2.0,
                b.marker_side,
            );
            cv.rect(x, y, x + s, y + m, PRINT_BLACK);
            cv.rect(x, y + s - m, x + s, y + s, PRINT_BLACK);
            cv.rect(x, y + m, x + m, y + s - m, PRINT_BLACK);
            cv.rect(x + s - m, y + m, x + s, y + s - m, PRINT_BLACK);
            cv.rect(
                x + 2.0 * m,
                y + 2.0 * m,
                x + 4.0 * m,
                y + 4.0 * m,
                PRINT_BLACK,
            );
        }
        // legends: columns of glyph dots and a word, both sides
        let left = b.squares[0][0];
        let right = b.squares[8][2];
        let top = b.squares[0][1];
        for (x, side) in [(left - cell * 3.4, 1.0), (right + cell * 0.8, 1.0)] {
            let _ = side;
            for k in 0..19 {
                let y = top - cell * 1.5 + k as f32 * cell * 0.8;
                if y > sheet.height - 5.0 || x < 2.0 || x > sheet.width - 20.0 {
                    continue;
                }
                let dots = 1 + rng.below(5);
                for d in 0..dots {
                    let c = [x + d as f32 * 1.6, y + (d % 2) as f32 * 1.6];
                    cv.blob(c, 0.7, PRINT_BLACK, 1.0);
                }
                cv.stroke(&[[x + 9.0, y], [x + 15.0, y]], 0.5, PRINT_BLUE, 0.8);
            }
        }
        // header and footer rules
        for k in 0..3 {
            let y = top - cell * (3.0 - k as f32 * 0.7);
            if y > 3.0 {
                cv.stroke(&[[left, y], [right, y]], 0.2, PRINT_BLUE, 1.0);
            }
            let y = b.squares[80][3] + cell * (3.2 + k as f32 * 1.2);
            if y < sheet.height - 3.0 {
                cv.stroke(&[[left, y], [right - cell * 3.0, y]], 0.2, PRINT_BLUE, 1.0);
            }
        }
    }
}

/// Draws the games, smudges and a crossed-out mistake; returns the truth.
fn draw_games(
    cv: &mut Canvas,
    sheet: &Sheet,
    rng: &mut Rng,
    pen: &Pen,
    plus: bool,
    given: Option<&[[Class; 81]]>,
) -> Vec<[Class; 81]> {
    let mut truth = Vec::new();
    for (k, b) in sheet.boards.iter().enumerate() {
        let n = if rng.chance(0.1) {
            rng.below(20)
        } else {
            20 + rng.below(62)
        };
        let random = random_game(rng, n);
        let game = given.and_then(|g| g.get(k)).copied().unwrap_or(random);
        for (i, &class) in game.iter().enumerate() {
            draw_mark(cv, rng, b.squares[i], class, plus, pen);
        }
        let cell = b.squares[0][2] - b.squares[0][0];
        // smudges: light graphite rubbed on the board
        for _ in 0..rng.below(4) {
            let sq = b.squares[rng.below(81)];
            let c = [rng.range(sq[0], sq[2]), rng.range(sq[1], sq[3])];
            cv.blob(
                c,
                cell * rng.range(0.2, 0.5),
                [0.3, 0.3, 0.3],
                rng.range(0.05, 0.15),
            );
        }
        // a mistake crossed out, in a tally strip
        let g = rng.below(9);
        let e = b.squares[(g / 3) * 27 + (g % 3) * 3 + 18];
        let c = [e[0] + cell * 0.8, e[3] + cell * 0.6];
        let sq = [
            c[0] - cell * 0.3,
            c[1] - cell * 0.3,
            c[0] + cell * 0.3,
            c[1] + cell * 0.3,
        ];
        draw_mark(cv, rng, sq, Class::O, plus, pen);
        for k in 0..4 {
            let y = c[1] - cell * 0.2 + k as f32 * cell * 0.13;
            let pts = hand_line(
                rng,
                [c[0] - cell * 0.3, y],
                [c[0] + cell * 0.3, y - cell * 0.1],
                cell * 0.02,
            );
            cv.stroke(&pts, pen.width, pen.color, pen.alpha);
        }
        truth.push(game);
    }
    truth
}

/// Options for [`photo`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Options {
    /// Photo width, pixels.
    pub width: u32,
    /// Photo height, pixels.
    pub height: u32,
    /// The sheet is drawn at this many pixels per millimetre.
    pub sheet_ppm: f32,
    /// The blur (sigma, pixels) instead of the seed's: for tests of one
    /// distortion. The seed's other choices stay as they are.
    pub blur: Option<f32>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            width: 3000,
            height: 2250,
            sheet_ppm: 6.0,
            blur: None,
        }
    }
}

/// Makes the photo of seed `seed` of a sheet.
#[must_use]
pub fn photo(sheet: &Sheet, seed: u64, opts: &Options) -> Photo {
    photo_of(sheet, None, seed, opts)
}

/// As [`photo`], the boards played as `games` says (board by board, in the
/// sheet's order; a board past its end is played at random): a test that
/// needs a given board, a full one say.
#[must_use]
pub fn photo_of(sheet: &Sheet, games: Option<&[[Class; 81]]>, seed: u64, opts: &Options) -> Photo {
    let mut rng = Rng::new(seed);
    let pen_kind = rng.below(3) as u8;
    let pen = match pen_kind {
        0 => Pen {
            color: [0.35, 0.35, 0.37],
            alpha: rng.range(0.55, 0.85),
            width: rng.range(0.35, 0.6),
        },
        1 => Pen {
            color: [0.12, 0.2, 0.6],
            alpha: rng.range(0.8, 1.0),
            width: rng.range(0.3, 0.55),
        },
        _ => Pen {
            color: [0.08, 0.08, 0.1],
            alpha: rng.range(0.85, 1.0),
            width: rng.range(0.3, 0.6),
        },
    };
    let plus = rng.chance(0.5);
    let tint = rng.range(-0.03, 0.02);
    let paper = [0.97 + tint, 0.96 + tint, 0.93 + tint * 1.5];
    let mut cv = Canvas::new(sheet.width, sheet.height, opts.sheet_ppm, paper);
    draw_sheet(&mut cv, sheet, &mut rng);
    let truth = draw_games(&mut cv, sheet, &mut rng, &pen, plus, games);

    // the camera
    let tilt = rng.range(0.0, 30.0);
    let axis = rng.range(0.0, std::f32::consts::TAU);
    let rotation = rng.range(0.0, 360.0);
    let curl = rng.range(0.0, 0.03);
    let curl_axis = rng.chance(0.5);
    let fill = rng.range(0.55, 0.92);
    let (sw, sh) = (sheet.width, sheet.height);
    let diag = sw.hypot(sh);
    let dist = diag * rng.range(1.6, 3.0);
    let (ta, ca, sa) = (tilt.to_radians(), axis.cos(), axis.sin());
    let (rc, rs) = (rotation.to_radians().cos(), rotation.to_radians().sin());
    // sheet (mm) to camera plane, before scaling and placing
    let project = |x: f32, y: f32| -> [f32; 2] {
        let (px, py) = (x - sw / 2.0, y - sh / 2.0);
        let t = if curl_axis { px / sw } else { py / sh };
        let z = curl * sw * (4.0 * t * t);
        // rotate about the in-plane axis (ca, sa) by the tilt
        let along = px * ca + py * sa;
        let across = -px * sa + py * ca;
        let (across2, z2) = (
            across * ta.cos() - z * ta.sin(),
            across * ta.sin() + z * ta.cos(),
        );
        let (x3, y3) = (along * ca - across2 * sa, along * sa + across2 * ca);
        let k = dist / (dist - z2);
        let (u, v) = (x3 * k, y3 * k);
        [u * rc - v * rs, u * rs + v * rc]
    };
    let corners = [[0.0, 0.0], [sw, 0.0], [sw, sh], [0.0, sh]].map(|[x, y]| project(x, y));
    let (mut lo, mut hi) = ([f32::MAX; 2], [f32::MIN; 2]);
    for c in &corners {
        for k in 0..2 {
            lo[k] = lo[k].min(c[k]);
            hi[k] = hi[k].max(c[k]);
        }
    }
    let (fw, fh) = (opts.width as f32, opts.height as f32);
    let scale = (fill * fw / (hi[0] - lo[0])).min(fill * fh / (hi[1] - lo[1]));
    let (bw, bh) = ((hi[0] - lo[0]) * scale, (hi[1] - lo[1]) * scale);
    let ox = rng.range(0.0, (fw - bw).max(0.0)) - lo[0] * scale;
    let oy = rng.range(0.0, (fh - bh).max(0.0)) - lo[1] * scale;
    let to_photo = |x: f32, y: f32| {
        let [u, v] = project(x, y);
        [u * scale + ox, v * scale + oy]
    };
    // inverse on a coarse mesh: Newton steps from the planar guess
    let step = 8usize;
    let (gw, gh) = (
        opts.width as usize / step + 2,
        opts.height as usize / step + 2,
    );
    let planar = {
        let from = [[0.0, 0.0], [sw, 0.0], [sw, sh], [0.0, sh]];
        let to: Vec<[f32; 2]> = from.iter().map(|&[x, y]| to_photo(x, y)).collect();
        super::Homography::fit(&to, &from)
    };
    let mut mesh = vec![[f32::NAN; 2]; gw * gh];
    if let Some(inv) = planar {
        for gy in 0..gh {
            for gx in 0..gw {
                let p = [(gx * step) as f32, (gy * step) as f32];
                let mut s = inv.apply(p);
                for _ in 0..4 {
                    let q = to_photo(s[0], s[1]);
                    let (e0, e1) = (inv.apply(q), inv.apply(p));
                    s = [s[0] + e1[0] - e0[0], s[1] + e1[1] - e0[1]];
                }
                mesh[gy * gw + gx] = s;
            }
        }
    }
    // light: a ramp and maybe a shadow
    let ramp_dir = rng.range(0.0, std::f32::consts::TAU);
    let ramp = rng.range(0.0, 0.35);
    let base = rng.range(0.8, 1.05);
    let shadow = rng.chance(0.5);
    let (sh_dir, sh_off, sh_depth, sh_soft) = (
        rng.range(0.0, std::f32::consts::TAU),
        rng.range(-0.3, 0.3),
        rng.range(0.25, 0.5),
        rng.range(0.01, 0.08),
    );
    let bg = [
        rng.range(0.15, 0.55),
        rng.range(0.12, 0.45),
        rng.range(0.1, 0.4),
    ];
    let (w, h) = (opts.width as usize, opts.height as usize);
    let mut out = vec![[0.0f32; 3]; w * h];
    let mut darkest: f32 = 1.0;
    for y in 0..h {
        for x in 0..w {
            let (gx, gy) = (x / step, y / step);
            let (fx, fy) = (
                (x % step) as f32 / step as f32,
                (y % step) as f32 / step as f32,
            );
            let m = |i: usize, j: usize| mesh[j * gw + i];
            let (a, b, c, d) = (m(gx, gy), m(gx + 1, gy), m(gx, gy + 1), m(gx + 1, gy + 1));
            let sx =
                (a[0] * (1.0 - fx) + b[0] * fx) * (1.0 - fy) + (c[0] * (1.0 - fx) + d[0] * fx) * fy;
            let sy =
                (a[1] * (1.0 - fx) + b[1] * fx) * (1.0 - fy) + (c[1] * (1.0 - fx) + d[1] * fx) * fy;
            let (nx, ny) = (x as f32 / fw - 0.5, y as f32 / fh - 0.5);
            let mut light = base * (1.0 - ramp * (0.5 + nx * ramp_dir.cos() + ny * ramp_dir.sin()));
            if shadow {
                let s = nx * sh_dir.cos() + ny * sh_dir.sin() - sh_off;
                let k = (s / sh_soft).clamp(-1.0, 1.0) * 0.5 + 0.5;
                light *= 1.0 - sh_depth * k;
            }
            let px = match cv.sample(sx, sy) {
                Some(v) => {
                    darkest = darkest.min(light);
                    v
                }
                None => {
                    let grain = 0.04 * ((x as f32 * 0.05).sin() * (y as f32 * 0.031).cos());
                    [bg[0] + grain, bg[1] + grain, bg[2] + grain]
                }
            };
            out[y * w + x] = px.map(|v| v * light);
        }
    }
    let blur = if rng.chance(0.3) {
        rng.range(0.0, 0.6)
    } else {
        rng.range(0.6, 2.0)
    };
    let blur = opts.blur.unwrap_or(blur);
    blur_rgb(&mut out, w, h, blur);
    let noise = rng.range(1.0, 8.0);
    let mut bytes = Vec::with_capacity(w * h * 3);
    for p in &out {
        for c in p {
            let v = c * 255.0 + rng.normal() * noise;
            bytes.push(v.clamp(0.0, 255.0) as u8);
        }
    }
    let quality = 60 + rng.below(31) as u8;
    let mut jpeg = Vec::new();
    let enc = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, quality);
    let _ = image::ImageEncoder::write_image(
        enc,
        &bytes,
        opts.width,
        opts.height,
        image::ExtendedColorType::Rgb8,
    );
    Photo {
        jpeg,
        truth,
        distortion: Distortion {
            tilt,
            rotation,
            curl,
            blur,
            noise,
            jpeg: quality,
            shadow,
            light: darkest,
            fill,
            pen: pen_kind,
            plus,
        },
    }
}

/// A separable Gaussian blur of sigma `s` pixels.
fn blur_rgb(px: &mut [[f32; 3]], w: usize, h: usize, s: f32) {
    if s < 0.3 {
        return;
    }
    let r = (s * 2.5).ceil() as i64;
    let k: Vec<f32> = (-r..=r)
        .map(|i| (-(i * i) as f32 / (2.0 * s * s)).exp())
        .collect();
    let total: f32 = k.iter().sum();
    let k: Vec<f32> = k.iter().map(|v| v / total).collect();
    let mut tmp = vec![[0.0f32; 3]; w * h];
    blur_pass(px, &mut tmp, w, h, &k, true);
    blur_pass(&tmp, px, w, h, &k, false);
}

/// One pass of [`blur_rgb`], along the rows (`along_x`) or the columns,
/// from `from` into `to`; the kernel `k` is centred, edges clamped.
fn blur_pass(from: &[[f32; 3]], to: &mut [[f32; 3]], w: usize, h: usize, k: &[f32], along_x: bool) {
    let r = (k.len() / 2) as i64;
    let n = if along_x { w } else { h } as i64;
    for y in 0..h {
        for x in 0..w {
            let at = if along_x { x } else { y } as i64;
            let mut acc = [0.0; 3];
            for (i, kv) in k.iter().enumerate() {
                let j = (at + i as i64 - r).clamp(0, n - 1) as usize;
                let p = if along_x {
                    from[y * w + j]
                } else {
                    from[j * w + x]
                };
                for c in 0..3 {
                    acc[c] += p[c] * kv;
                }
            }
            to[y * w + x] = acc;
        }
    }
}
