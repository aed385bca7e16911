//! Finding the printed markers and grouping them into boards.

use super::{Gray, Homography, MARKER_CENTERS, square_origin};

/// A marker found on the photo.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Found {
    /// Centre, pixels.
    pub at: [f32; 2],
    /// Side, pixels (square root of the ring's bounding box area).
    pub side: f32,
}

/// One dark connected component.
#[derive(Debug, Clone, Copy)]
struct Blob {
    area: u32,
    sx: f64,
    sy: f64,
    x0: u32,
    y0: u32,
    x1: u32,
    y1: u32,
}

impl Blob {
    fn center(&self) -> [f32; 2] {
        [
            (self.sx / f64::from(self.area)) as f32 + 0.5,
            (self.sy / f64::from(self.area)) as f32 + 0.5,
        ]
    }
    fn w(&self) -> f32 {
        (self.x1 - self.x0 + 1) as f32
    }
    fn h(&self) -> f32 {
        (self.y1 - self.y0 + 1) as f32
    }
}

/// Dark pixels: darker than the mean around them by a margin.
fn binarize(img: &Gray, ratio: f32) -> Vec<bool> {
    let (w, h) = (img.width() as usize, img.height() as usize);
    let px = img.pixels();
    let mut integral = vec![0u64; (w + 1) * (h + 1)];
    for y in 0..h {
        let mut row = 0u64;
        for x in 0..w {
            row += u64::from(px[y * w + x]);
            integral[(y + 1) * (w + 1) + x + 1] = integral[y * (w + 1) + x + 1] + row;
        }
    }
    let r = (w.max(h) / 60).max(6);
    let mut dark = vec![false; w * h];
    for y in 0..h {
        let (ya, yb) = (y.saturating_sub(r), (y + r + 1).min(h));
        for x in 0..w {
            let (xa, xb) = (x.saturating_sub(r), (x + r + 1).min(w));
            let sum = integral[yb * (w + 1) + xb] + integral[ya * (w + 1) + xa]
                - integral[ya * (w + 1) + xb]
                - integral[yb * (w + 1) + xa];
            let mean = sum as f32 / ((yb - ya) * (xb - xa)) as f32;
            let v = f32::from(px[y * w + x]);
            dark[y * w + x] = v < mean * ratio && mean - v > 12.0;
        }
    }
    dark
}

/// The dark connected components (8-connected), by runs and union-find.
fn blobs(dark: &[bool], w: usize, h: usize) -> Vec<Blob> {
    // runs: (y, x0, x1)
    let mut runs: Vec<(u32, u32, u32)> = Vec::new();
    let mut row_start = vec![0usize; h + 1];
    for y in 0..h {
        row_start[y] = runs.len();
        let row = &dark[y * w..(y + 1) * w];
        let mut x = 0;
        while x < w {
            if row[x] {
                let s = x;
                while x < w && row[x] {
                    x += 1;
                }
                runs.push((y as u32, s as u32, (x - 1) as u32));
            } else {
                x += 1;
            }
        }
    }
    row_start[h] = runs.len();
    let mut parent: Vec<usize> = (0..runs.len()).collect();
    fn root(p: &mut [usize], mut i: usize) -> usize {
        while p[i] != i {
            p[i] = p[p[i]];
            i = p[i];
        }
        i
    }
    for y in 1..h {
        let (prev, cur) = (
            row_start[y - 1]..row_start[y],
            row_start[y]..row_start[y + 1],
        );
        let mut j = prev.start;
        for i in cur {
            let (_, a0, a1) = runs[i];
            while j < prev.end && runs[j].2 + 1 < a0 {
                j += 1;
            }
            let mut k = j;
            while k < prev.end && runs[k].1 <= a1 + 1 {
                let (ri, rk) = (root(&mut parent, i), root(&mut parent, k));
                if ri != rk {
                    parent[ri.max(rk)] = ri.min(rk);
                }
                k += 1;
            }
        }
    }
    let mut index = vec![usize::MAX; runs.len()];
    let mut out: Vec<Blob> = Vec::new();
    for (i, &(y, x0, x1)) in runs.iter().enumerate() {
        let r = root(&mut parent, i);
        if index[r] == usize::MAX {
            index[r] = out.len();
            out.push(Blob {
                area: 0,
                sx: 0.0,
                sy: 0.0,
                x0,
                y0: y,
                x1,
                y1: y,
            });
        }
        let b = &mut out[index[r]];
        let n = x1 - x0 + 1;
        b.area += n;
        b.sx += f64::from(n) * (f64::from(x0) + f64::from(x1)) / 2.0;
        b.sy += f64::from(n) * f64::from(y);
        b.x0 = b.x0.min(x0);
        b.x1 = b.x1.max(x1);
        b.y1 = b.y1.max(y);
    }
    out
}

/// The markers on an image: a ring with a square in its centre.
///
/// Two thresholds: a blurred marker's gap between ring and centre can be
/// darker than the first, a faint or shaded marker lighter than the second.
pub(crate) fn find(img: &Gray) -> Vec<Found> {
    let mut found = find_at(img, 0.7);
    for f in find_at(img, 0.5) {
        let seen = found
            .iter()
            .any(|g| (g.at[0] - f.at[0]).hypot(g.at[1] - f.at[1]) < 0.5 * g.side);
        if !seen {
            found.push(f);
        }
    }
    found
}

/// [`find`] with one threshold (a pixel is dark below `ratio` times the
/// mean around it).
fn find_at(img: &Gray, ratio: f32) -> Vec<Found> {
    let (w, h) = (img.width() as usize, img.height() as usize);
    let dark = binarize(img, ratio);
    let all = blobs(&dark, w, h);
    let max_side = w.max(h) as f32 / 6.0;
    // dots in a coarse hash by centre
    const CELL: f32 = 16.0;
    let gw = (w as f32 / CELL) as usize + 1;
    let mut grid: std::collections::HashMap<usize, Vec<usize>> = std::collections::HashMap::new();
    for (i, b) in all.iter().enumerate() {
        if b.area >= 2 && b.w() <= max_side / 2.0 {
            let [cx, cy] = b.center();
            let key = (cy / CELL) as usize * gw + (cx / CELL) as usize;
            grid.entry(key).or_default().push(i);
        }
    }
    let mut found = Vec::new();
    for ring in &all {
        let (rw, rh) = (ring.w(), ring.h());
        if rw < 6.0 || rh < 6.0 || rw > max_side || rh > max_side {
            continue;
        }
        if rw.max(rh) > 2.5 * rw.min(rh) {
            continue;
        }
        let fill = ring.area as f32 / (rw * rh);
        if !(0.2..=0.8).contains(&fill) {
            continue;
        }
        let [cx, cy] = ring.center();
        let size = rw.max(rh);
        let (gx, gy) = ((cx / CELL) as i64, (cy / CELL) as i64);
        let reach = (size / CELL).ceil() as i64;
        let mut best: Option<(f32, &Blob)> = None;
        for yy in gy - reach..=gy + reach {
            for xx in gx - reach..=gx + reach {
                if yy < 0 || xx < 0 {
                    continue;
                }
                let Some(list) = grid.get(&(yy as usize * gw + xx as usize)) else {
                    continue;
                };
                for &d in list {
                    let dot = &all[d];
                    let [dx, dy] = dot.center();
                    let off = (dx - cx).hypot(dy - cy);
                    if off > 0.18 * size {
                        continue;
                    }
                    let (fw, fh) = (dot.w() / rw, dot.h() / rh);
                    if !(0.18..=0.62).contains(&fw) || !(0.18..=0.62).contains(&fh) {
                        continue;
                    }
                    let ratio = ring.area as f32 / dot.area as f32;
                    if !(1.0..=8.0).contains(&ratio) {
                        continue;
                    }
                    if dot.x0 <= ring.x0
                        || dot.x1 >= ring.x1
                        || dot.y0 <= ring.y0
                        || dot.y1 >= ring.y1
                    {
                        continue;
                    }
                    if best.is_none_or(|(o, _)| off < o) {
                        best = Some((off, dot));
                    }
                }
            }
        }
        if let Some((_, dot)) = best {
            let [dx, dy] = dot.center();
            let (a, b) = (ring.area as f32, dot.area as f32);
            found.push(Found {
                at: [(cx * a + dx * b) / (a + b), (cy * a + dy * b) / (a + b)],
                side: (rw * rh).sqrt(),
            });
        } else if ring_profile(img, [cx, cy], (rw * rh).sqrt()) {
            found.push(Found {
                at: [cx, cy],
                side: (rw * rh).sqrt(),
            });
        }
    }
    found
}

/// Whether the grey around `at` is a marker whose gap between ring and
/// centre has partly filled in (a small marker under blur: the ring and
/// the centre are one dark component): dark at the centre, light all
/// round a circle through the gap, darker again at the ring, paper
/// outside. A smudge or a filled square darkens steadily towards its
/// middle, and a slashed O has ink across the gap, so neither passes.
fn ring_profile(img: &Gray, at: [f32; 2], side: f32) -> bool {
    let module = side / 6.0;
    let circle = |r: f32| -> [f32; 16] {
        std::array::from_fn(|k| {
            let a = k as f32 * std::f32::consts::TAU / 16.0;
            img.sample(at[0] + r * a.cos(), at[1] + r * a.sin())
        })
    };
    let mean = |v: &[f32; 16]| v.iter().sum::<f32>() / 16.0;
    let centre = (img.sample(at[0], at[1]) + mean(&circle(0.3 * module))) / 2.0;
    let gap = circle(1.35 * module);
    let ring = mean(&circle(2.2 * module));
    let paper = mean(&circle(4.2 * module));
    let contrast = paper - centre;
    let gap_lightest_dark = gap.iter().copied().fold(f32::MAX, f32::min);
    contrast > 40.0
        && gap_lightest_dark - centre > 0.3 * contrast
        && mean(&gap) - ring > 0.12 * contrast
        && paper - ring > 0.3 * contrast
}

/// Groups markers into boards, each as the homography from board
/// coordinates (squares from the top-left corner of A1) to the image.
pub(crate) fn group(work: &Gray, found: &[Found]) -> Vec<Homography> {
    let top_span = MARKER_CENTERS[2][0] - MARKER_CENTERS[0][0];
    let mid_t = (MARKER_CENTERS[1][0] - MARKER_CENTERS[0][0]) / top_span;
    let mut candidates: Vec<(f32, [usize; 5], Homography)> = Vec::new();
    let n = found.len();
    for a in 0..n {
        for b in 0..n {
            if a == b {
                continue;
            }
            let (pa, pb) = (found[a].at, found[b].at);
            let d = [pb[0] - pa[0], pb[1] - pa[1]];
            let len = d[0].hypot(d[1]);
            let side = (found[a].side + found[b].side) / 2.0;
            let ratio = found[a].side / found[b].side;
            if !(0.5..=2.0).contains(&ratio) || len < 5.0 * side || len > 40.0 * side {
                continue;
            }
            for m in 0..n {
                if m == a || m == b {
                    continue;
                }
                let pm = found[m].at;
                let rel = [pm[0] - pa[0], pm[1] - pa[1]];
                let t = (rel[0] * d[0] + rel[1] * d[1]) / (len * len);
                let off = (rel[0] * d[1] - rel[1] * d[0]).abs() / len;
                if (t - mid_t).abs() > 0.15 || off > 0.6 * side {
                    continue;
                }
                // predict the bottom markers by a similarity from the top edge
                let s = len / top_span;
                let (u, v) = ([d[0] / len, d[1] / len], [-d[1] / len, d[0] / len]);
                let predict = |c: [f32; 2]| {
                    let (x, y) = (c[0] - MARKER_CENTERS[0][0], c[1] - MARKER_CENTERS[0][1]);
                    [
                        pa[0] + s * (x * u[0] + y * v[0]),
                        pa[1] + s * (x * u[1] + y * v[1]),
                    ]
                };
                let mut pick = [usize::MAX; 2];
                for (k, c) in [MARKER_CENTERS[3], MARKER_CENTERS[4]]
                    .into_iter()
                    .enumerate()
                {
                    let p = predict(c);
                    let tol = 0.45 * (p[0] - pa[0]).hypot(p[1] - pa[1]);
                    let mut best = f32::MAX;
                    for (q, f) in found.iter().enumerate() {
                        if [a, b, m].contains(&q) {
                            continue;
                        }
                        let dist = (f.at[0] - p[0]).hypot(f.at[1] - p[1]);
                        if dist < tol && dist < best {
                            best = dist;
                            pick[k] = q;
                        }
                    }
                }
                if pick.contains(&usize::MAX) || pick[0] == pick[1] {
                    continue;
                }
                let ids = [a, m, b, pick[0], pick[1]];
                let img: Vec<[f32; 2]> = ids.iter().map(|&i| found[i].at).collect();
                let Some(h) = Homography::fit(&MARKER_CENTERS, &img) else {
                    continue;
                };
                let err = MARKER_CENTERS
                    .iter()
                    .zip(&img)
                    .map(|(c, p)| {
                        let q = h.apply(*c);
                        (q[0] - p[0]).hypot(q[1] - p[1])
                    })
                    .fold(0.0, f32::max);
                // five markers fitted to a fraction of a marker's side are
                // a board even where a shadow or glare weakens its lines
                let grid_needed = if err < 0.25 * side { 0.25 } else { 0.6 };
                if err > 0.8 * side || grid_score(work, &h) < grid_needed {
                    continue;
                }
                candidates.push((err / side, ids, h));
            }
        }
    }
    candidates.sort_by(|x, y| x.0.total_cmp(&y.0));
    let mut used = vec![false; n];
    let mut out = Vec::new();
    for (_, ids, h) in candidates {
        if ids.iter().any(|&i| used[i]) {
            continue;
        }
        ids.iter().for_each(|&i| used[i] = true);
        out.push(h);
    }
    out
}

/// The part of the mini grids' printed borders that the homography `h`
/// finds darker than the paper on both sides of them: near 1 for a real
/// board, low for markers grouped wrongly.
fn grid_score(img: &Gray, h: &Homography) -> f32 {
    let (mut pass, mut total) = (0, 0);
    let at = |p: [f32; 2]| {
        let [x, y] = h.apply(p);
        img.sample(x, y)
    };
    for g in 0..9 {
        let [x0, y0] = square_origin((g / 3) * 27 + (g % 3) * 3);
        for k in 0..3 {
            let t = k as f32 + 0.5;
            // top, bottom (horizontal lines), left, right (vertical lines)
            for (p, o) in [
                ([x0 + t, y0], [0.0, 0.2]),
                ([x0 + t, y0 + 3.0], [0.0, 0.2]),
                ([x0, y0 + t], [0.2, 0.0]),
                ([x0 + 3.0, y0 + t], [0.2, 0.0]),
            ] {
                let line = at(p);
                let a = at([p[0] + o[0], p[1] + o[1]]);
                let b = at([p[0] - o[0], p[1] - o[1]]);
                total += 1;
                if a.min(b) - line > 6.0 {
                    pass += 1;
                }
            }
        }
    }
    pass as f32 / total as f32
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 1200 × 1200 photo of paper (grey 200: the binarizing window is
    /// a sixtieth of the photo, as on a real one) with one shape in its
    /// middle drawn in ink (grey 40) by `ink(x, y)` (in modules from the
    /// shape's centre, a module `module` pixels, turned by 20°), blurred
    /// by a Gaussian of `sigma` pixels.
    fn photo(module: f32, sigma: f32, ink: impl Fn(f32, f32) -> bool) -> Gray {
        let n = 200usize;
        let (c, s) = (20f32.to_radians().cos(), 20f32.to_radians().sin());
        let mut px: Vec<f32> = (0..n * n)
            .map(|k| {
                // four samples a pixel
                let hits = [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)]
                    .iter()
                    .filter(|(ox, oy)| {
                        let (x, y) = ((k % n) as f32 + ox - 100.0, (k / n) as f32 + oy - 100.0);
                        ink((c * x + s * y) / module, (-s * x + c * y) / module)
                    })
                    .count();
                200.0 - 40.0 * hits as f32
            })
            .collect();
        let r = (3.0 * sigma).ceil() as i64;
        let kernel: Vec<f32> = (-r..=r)
            .map(|d| (-(d * d) as f32 / (2.0 * sigma * sigma)).exp())
            .collect();
        let total: f32 = kernel.iter().sum();
        for along_x in [true, false] {
            let from = px.clone();
            for (k, v) in px.iter_mut().enumerate() {
                let (x, y) = ((k % n) as i64, (k / n) as i64);
                *v = (-r..=r)
                    .map(|d| {
                        let (xx, yy) = if along_x { (x + d, y) } else { (x, y + d) };
                        let (xx, yy) = (xx.clamp(0, n as i64 - 1), yy.clamp(0, n as i64 - 1));
                        from[yy as usize * n + xx as usize] * kernel[(d + r) as usize]
                    })
                    .sum::<f32>()
                    / total;
            }
        }
        let big = 1200usize;
        let at = (big - n) / 2;
        let mut out = vec![200u8; big * big];
        for y in 0..n {
            for x in 0..n {
                out[(y + at) * big + x + at] = px[y * n + x] as u8;
            }
        }
        Gray::from_raw(big as u32, big as u32, out)
    }

    /// The printed marker: a ring one module wide, 6 across, and a centre
    /// 2 across (Chebyshev distance from the centre, in modules).
    fn marker(x: f32, y: f32) -> bool {
        let d = x.abs().max(y.abs());
        d <= 1.0 || (2.0..=3.0).contains(&d)
    }

    #[test]
    fn a_small_blurred_marker_has_the_ring_profile_and_is_found() {
        // the two-board sheet photographed small: modules of 3.5 pixels,
        // blurred by up to 2.2 pixels (tests/blur.rs: whole photos, where
        // the ring and its centre become one dark component)
        for sigma in [0.5, 1.4, 1.8, 2.2] {
            let img = photo(3.5, sigma, marker);
            assert!(ring_profile(&img, [600.0, 600.0], 21.0), "blur {sigma}");
            let found = find(&img);
            assert_eq!(found.len(), 1, "blur {sigma}: {found:?}");
            let [x, y] = found[0].at;
            assert!((x - 600.0).hypot(y - 600.0) < 1.5, "{found:?}");
        }
    }

    #[test]
    fn blurred_blots_and_slashed_rings_are_not_markers() {
        let solid = |x: f32, y: f32| x.abs().max(y.abs()) <= 3.0;
        let disc = |x: f32, y: f32| x.hypot(y) <= 3.0;
        let hollow = |x: f32, y: f32| (2.0..=3.0).contains(&x.abs().max(y.abs()));
        let slashed_o = |x: f32, y: f32| {
            (2.2..=3.0).contains(&x.hypot(y)) || ((x - y).abs() < 0.7 && x.abs() < 3.2)
        };
        for (name, shape) in [
            ("a filled square", &solid as &dyn Fn(f32, f32) -> bool),
            ("a blot", &disc),
            ("a ring without its centre", &hollow),
            ("a slashed O", &slashed_o),
        ] {
            for sigma in [0.5, 1.2, 1.8] {
                let img = photo(3.5, sigma, shape);
                assert!(
                    !ring_profile(&img, [600.0, 600.0], 21.0),
                    "{name}, blur {sigma}"
                );
                let found = find(&img);
                assert!(found.is_empty(), "{name}, blur {sigma}: {found:?}");
            }
        }
    }
}
