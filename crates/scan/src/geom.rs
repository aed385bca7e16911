//! Plane projective transforms (homographies) fitted to point pairs.

/// A 3x3 projective transform of the plane, row-major.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Homography(pub [f64; 9]);

impl Homography {
    /// Scaling by `s` in both directions.
    #[must_use]
    pub fn scale(s: f32) -> Homography {
        let s = f64::from(s);
        Homography([s, 0.0, 0.0, 0.0, s, 0.0, 0.0, 0.0, 1.0])
    }

    /// The transform of a point.
    #[must_use]
    pub fn apply(&self, [x, y]: [f32; 2]) -> [f32; 2] {
        let m = &self.0;
        let (x, y) = (f64::from(x), f64::from(y));
        let w = m[6] * x + m[7] * y + m[8];
        let w = if w.abs() < 1e-12 { 1e-12 } else { w };
        [
            ((m[0] * x + m[1] * y + m[2]) / w) as f32,
            ((m[3] * x + m[4] * y + m[5]) / w) as f32,
        ]
    }

    /// `self` after `first`: `self.then(first).apply(p) == self.apply(first.apply(p))`.
    #[must_use]
    pub fn then(&self, first: &Homography) -> Homography {
        let (a, b) = (&self.0, &first.0);
        let mut m = [0.0; 9];
        for r in 0..3 {
            for c in 0..3 {
                m[r * 3 + c] = (0..3).map(|k| a[r * 3 + k] * b[k * 3 + c]).sum();
            }
        }
        Homography(m)
    }

    /// The inverse transform, if there is one.
    #[must_use]
    pub fn inverse(&self) -> Option<Homography> {
        let m = &self.0;
        let c = [
            m[4] * m[8] - m[5] * m[7],
            m[2] * m[7] - m[1] * m[8],
            m[1] * m[5] - m[2] * m[4],
            m[5] * m[6] - m[3] * m[8],
            m[0] * m[8] - m[2] * m[6],
            m[2] * m[3] - m[0] * m[5],
            m[3] * m[7] - m[4] * m[6],
            m[1] * m[6] - m[0] * m[7],
            m[0] * m[4] - m[1] * m[3],
        ];
        let det = m[0] * c[0] + m[1] * c[3] + m[2] * c[6];
        if det.abs() < 1e-15 {
            return None;
        }
        Some(Homography(c.map(|v| v / det)))
    }

    /// The least-squares homography taking each `from` point to its `to`
    /// point (at least four pairs, no three of the first four in a line).
    #[must_use]
    pub fn fit(from: &[[f32; 2]], to: &[[f32; 2]]) -> Option<Homography> {
        if from.len() < 4 || from.len() != to.len() {
            return None;
        }
        // normalise both sides for a well-conditioned system
        let norm = |pts: &[[f32; 2]]| {
            let n = pts.len() as f64;
            let cx = pts.iter().map(|p| f64::from(p[0])).sum::<f64>() / n;
            let cy = pts.iter().map(|p| f64::from(p[1])).sum::<f64>() / n;
            let d = pts
                .iter()
                .map(|p| (f64::from(p[0]) - cx).hypot(f64::from(p[1]) - cy))
                .sum::<f64>()
                / n;
            let s = if d > 1e-9 { 1.0 / d } else { 1.0 };
            Homography([s, 0.0, -s * cx, 0.0, s, -s * cy, 0.0, 0.0, 1.0])
        };
        let (nf, nt) = (norm(from), norm(to));
        let mut ata = [[0.0f64; 8]; 8];
        let mut atb = [0.0f64; 8];
        for (p, q) in from.iter().zip(to) {
            let [x, y] = nf.apply(*p).map(f64::from);
            let [u, v] = nt.apply(*q).map(f64::from);
            let rows = [
                ([x, y, 1.0, 0.0, 0.0, 0.0, -u * x, -u * y], u),
                ([0.0, 0.0, 0.0, x, y, 1.0, -v * x, -v * y], v),
            ];
            for (a, b) in rows {
                for i in 0..8 {
                    atb[i] += a[i] * b;
                    for j in 0..8 {
                        ata[i][j] += a[i] * a[j];
                    }
                }
            }
        }
        let h = solve8(ata, atb)?;
        let core = Homography([h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], 1.0]);
        Some(nt.inverse()?.then(&core).then(&nf))
    }
}

/// Solves an 8x8 linear system by Gaussian elimination with partial pivoting.
fn solve8(mut a: [[f64; 8]; 8], mut b: [f64; 8]) -> Option<[f64; 8]> {
    for col in 0..8 {
        let pivot = (col..8).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        for r in col + 1..8 {
            let f = a[r][col] / a[col][col];
            let pivot_row = a[col];
            for (x, p) in a[r][col..].iter_mut().zip(&pivot_row[col..]) {
                *x -= f * p;
            }
            b[r] -= f * b[col];
        }
    }
    let mut x = [0.0; 8];
    for r in (0..8).rev() {
        let s: f64 = (r + 1..8).map(|c| a[r][c] * x[c]).sum();
        x[r] = (b[r] - s) / a[r][r];
    }
    Some(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fitted_homography_maps_the_points_and_inverts() {
        let from = [
            [0.0, 0.0],
            [10.0, 0.0],
            [10.0, 10.0],
            [0.0, 10.0],
            [5.0, 3.0],
        ];
        let truth = Homography([1.2, 0.1, 100.0, -0.2, 0.9, 50.0, 0.001, 0.002, 1.0]);
        let to: Vec<[f32; 2]> = from.iter().map(|&p| truth.apply(p)).collect();
        let h = Homography::fit(&from, &to).unwrap();
        for (p, q) in from.iter().zip(&to) {
            let r = h.apply(*p);
            assert!((r[0] - q[0]).abs() < 1e-3 && (r[1] - q[1]).abs() < 1e-3);
            let back = h.inverse().unwrap().apply(r);
            assert!((back[0] - p[0]).abs() < 1e-3 && (back[1] - p[1]).abs() < 1e-3);
        }
    }
}
