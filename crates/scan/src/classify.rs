//! Reading one square: its patch sampled through the homography, and a
//! small neural network (one hidden layer) trained on generated photos by
//! `examples/train.rs`, stored in `model.bin`.

use super::{Gray, Homography};
use scribe_rules::Player;
use std::sync::OnceLock;

/// Samples a side of a square's patch.
const SIDE: usize = 16;
/// Numbers in a patch: the classifier's input.
pub const INPUT: usize = SIDE * SIDE;
/// The part of the square sampled (the grid lines left out), in squares.
const MARGIN: f32 = 0.06;

/// What a square holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Class {
    /// Nothing.
    Empty,
    /// The first player's mark (+ or X), not slashed.
    X,
    /// The first player's mark, slashed.
    XSlashed,
    /// O, not slashed.
    O,
    /// O, slashed.
    OSlashed,
}

impl Class {
    /// All, in the network's output order.
    pub const ALL: [Class; 5] = [
        Class::Empty,
        Class::X,
        Class::XSlashed,
        Class::O,
        Class::OSlashed,
    ];

    /// From a mark and whether it is slashed.
    #[must_use]
    pub fn of(mark: Option<Player>, slashed: bool) -> Class {
        match (mark, slashed) {
            (None, _) => Class::Empty,
            (Some(Player::X), false) => Class::X,
            (Some(Player::X), true) => Class::XSlashed,
            (Some(Player::O), false) => Class::O,
            (Some(Player::O), true) => Class::OSlashed,
        }
    }

    /// The mark, if any.
    #[must_use]
    pub fn mark(self) -> Option<Player> {
        match self {
            Class::Empty => None,
            Class::X | Class::XSlashed => Some(Player::X),
            Class::O | Class::OSlashed => Some(Player::O),
        }
    }

    /// Whether the mark is slashed.
    #[must_use]
    pub fn slashed(self) -> bool {
        matches!(self, Class::XSlashed | Class::OSlashed)
    }

    /// Position in [`Class::ALL`].
    #[must_use]
    pub fn index(self) -> usize {
        Class::ALL.iter().position(|&c| c == self).unwrap_or(0)
    }
}

/// The classifier's input for the square whose top-left corner is `origin`
/// (board coordinates): ink darkness 0 (paper) to 1, row by row.
pub(crate) fn patch(img: &Gray, to_img: &Homography, origin: [f32; 2]) -> Vec<f32> {
    normalised(samples(img, to_img, origin))
}

/// The grey levels of the square whose top-left corner is `origin`, as
/// [`patch`] samples them (before they are made darkness), row by row.
pub(crate) fn samples(img: &Gray, to_img: &Homography, origin: [f32; 2]) -> Vec<f32> {
    let step = (1.0 - 2.0 * MARGIN) / SIDE as f32;
    let mut v = Vec::with_capacity(INPUT);
    for j in 0..SIDE {
        for i in 0..SIDE {
            let mut s = 0.0;
            for (di, dj) in [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)] {
                let x = origin[0] + MARGIN + (i as f32 + di) * step;
                let y = origin[1] + MARGIN + (j as f32 + dj) * step;
                let [px, py] = to_img.apply([x, y]);
                s += img.sample(px, py);
            }
            v.push(s / 4.0);
        }
    }
    v
}

/// [`samples`] made the classifier's input: darkness against the paper's
/// level (the 85th percentile: the marks are thin).
pub(crate) fn normalised(mut v: Vec<f32>) -> Vec<f32> {
    let mut sorted = v.clone();
    sorted.sort_by(f32::total_cmp);
    let paper = sorted[INPUT * 85 / 100].max(1.0);
    v.iter_mut()
        .for_each(|x| *x = ((paper - *x) / (paper * 0.6)).clamp(0.0, 1.0));
    v
}

/// How evenly the square is lit, from its [`samples`]: the paper's level
/// in the darker half over the lighter half's, the least over four ways
/// of halving it (left and right, top and bottom, either diagonal). Near
/// 1 in even light and under a soft ramp; well under where a shadow's
/// edge crosses the square, which the classifier (trained on one paper
/// level a square) may read as ink.
pub(crate) fn evenness(samples: &[f32]) -> f32 {
    let level = |keep: &dyn Fn(usize, usize) -> bool, side: bool| {
        let mut v: Vec<f32> = (0..INPUT)
            .filter(|&k| keep(k % SIDE, k / SIDE) == side)
            .map(|k| samples[k])
            .collect();
        v.sort_by(f32::total_cmp);
        v[v.len() * 85 / 100]
    };
    let splits: [&dyn Fn(usize, usize) -> bool; 4] = [
        &|i, _| i < SIDE / 2,
        &|_, j| j < SIDE / 2,
        &|i, j| i > j,
        &|i, j| i + j < SIDE - 1,
    ];
    splits
        .iter()
        .map(|split| {
            let (a, b) = (level(*split, true), level(*split, false));
            a.min(b) / a.max(b).max(1.0)
        })
        .fold(1.0, f32::min)
}

/// A trained network: `input` → `hidden` (ReLU) → 5 classes (softmax).
#[derive(Debug, Clone, PartialEq)]
pub struct Net {
    /// Hidden units.
    pub hidden: usize,
    /// `hidden` rows of `INPUT` weights.
    pub w1: Vec<f32>,
    /// `hidden` biases.
    pub b1: Vec<f32>,
    /// 5 rows of `hidden` weights.
    pub w2: Vec<f32>,
    /// 5 biases.
    pub b2: Vec<f32>,
}

impl Net {
    /// Class probabilities, in [`Class::ALL`]'s order.
    #[must_use]
    pub fn probabilities(&self, x: &[f32]) -> [f32; 5] {
        let mut h = vec![0.0f32; self.hidden];
        for (k, hk) in h.iter_mut().enumerate() {
            let row = &self.w1[k * INPUT..(k + 1) * INPUT];
            let s: f32 = row.iter().zip(x).map(|(w, v)| w * v).sum::<f32>() + self.b1[k];
            *hk = s.max(0.0);
        }
        let mut z = [0.0f32; 5];
        for (c, zc) in z.iter_mut().enumerate() {
            let row = &self.w2[c * self.hidden..(c + 1) * self.hidden];
            *zc = row.iter().zip(&h).map(|(w, v)| w * v).sum::<f32>() + self.b2[c];
        }
        softmax(z)
    }

    /// The bytes of `model.bin`: the hidden size, then the weights, little-endian.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = (self.hidden as u32).to_le_bytes().to_vec();
        for v in [&self.w1, &self.b1, &self.w2, &self.b2] {
            for x in v {
                out.extend(x.to_le_bytes());
            }
        }
        out
    }

    /// Reads [`Net::to_bytes`]'s output.
    #[must_use]
    pub fn from_bytes(b: &[u8]) -> Option<Net> {
        let hidden = u32::from_le_bytes(b.get(..4)?.try_into().ok()?) as usize;
        let mut floats = b[4..]
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]));
        let mut take = |n: usize| -> Option<Vec<f32>> {
            let v: Vec<f32> = floats.by_ref().take(n).collect();
            (v.len() == n).then_some(v)
        };
        let net = Net {
            hidden,
            w1: take(hidden * INPUT)?,
            b1: take(hidden)?,
            w2: take(5 * hidden)?,
            b2: take(5)?,
        };
        Some(net)
    }
}

/// Softmax of five scores.
#[must_use]
pub fn softmax(z: [f32; 5]) -> [f32; 5] {
    let m = z.iter().copied().fold(f32::MIN, f32::max);
    let e = z.map(|v| (v - m).exp());
    let s: f32 = e.iter().sum();
    e.map(|v| v / s)
}

static MODEL: &[u8] = include_bytes!("model.bin");

/// The bundled network (`None` only in a build without a trained model).
pub fn bundled() -> Option<&'static Net> {
    static NET: OnceLock<Option<Net>> = OnceLock::new();
    NET.get_or_init(|| Net::from_bytes(MODEL)).as_ref()
}

/// Each class's probability for a patch, in [`Class::ALL`]'s order.
pub(crate) fn probabilities(patch: &[f32]) -> [f32; 5] {
    let Some(net) = bundled() else {
        // no model: ink or not, never confident
        let ink = patch.iter().filter(|&&v| v > 0.4).count();
        return if ink > INPUT / 30 {
            [0.0, 0.5, 0.5, 0.0, 0.0]
        } else {
            [0.5, 0.25, 0.0, 0.25, 0.0]
        };
    };
    net.probabilities(patch)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A square of 64 × 64 pixels at the photo's top-left corner, paper
    /// of grey `light(x, y)` (x, y from 0 to 1 across it) with `ink` drawn
    /// at grey 40.
    fn square(light: impl Fn(f32, f32) -> f32, ink: impl Fn(f32, f32) -> bool) -> Vec<f32> {
        let n = 64u32;
        let px = (0..n * n)
            .map(|k| {
                let (x, y) = ((k % n) as f32 / n as f32, (k / n) as f32 / n as f32);
                if ink(x, y) { 40 } else { light(x, y) as u8 }
            })
            .collect();
        samples(
            &Gray::from_raw(n, n, px),
            &Homography::scale(n as f32),
            [0.0, 0.0],
        )
    }

    #[test]
    fn a_shadows_edge_across_a_square_is_uneven_light_and_marks_are_not() {
        let none = |_: f32, _: f32| false;
        let slashed_o = |x: f32, y: f32| {
            let r = (x - 0.5).hypot(y - 0.5);
            (0.25..0.31).contains(&r) || ((x - y).abs() < 0.05 && (0.15..0.85).contains(&x))
        };
        let plus = |x: f32, y: f32| {
            ((x - 0.5).abs() < 0.04 && (0.2..0.8).contains(&y))
                || ((y - 0.5).abs() < 0.04 && (0.2..0.8).contains(&x))
        };
        let even = |_: f32, _: f32| -> f32 { 200.0 };
        // the generator's strongest ramp: 35 % across the whole photo
        let ramp = |x: f32, _: f32| -> f32 { 200.0 - 6.0 * x };
        for (what, ink) in [
            ("empty", &none as &dyn Fn(f32, f32) -> bool),
            ("slashed O", &slashed_o),
            ("+", &plus),
        ] {
            for (light, name) in [(&even as &dyn Fn(f32, f32) -> f32, "even"), (&ramp, "ramp")] {
                let e = evenness(&square(light, ink));
                assert!(e > 0.95, "{what} in {name} light: {e}");
            }
            // a shadow a quarter deep, its edge straight or slanted
            let straight = |x: f32, _: f32| -> f32 { if x < 0.4 { 200.0 } else { 150.0 } };
            let slanted = |x: f32, y: f32| -> f32 { if x + 0.6 * y < 0.8 { 200.0 } else { 150.0 } };
            for (light, name) in [
                (&straight as &dyn Fn(f32, f32) -> f32, "straight"),
                (&slanted, "slanted"),
            ] {
                let e = evenness(&square(light, ink));
                assert!(e < crate::UNEVEN, "{what} across a {name} shadow edge: {e}");
            }
        }
    }
}
