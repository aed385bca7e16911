//! A grayscale image, 8 bits a pixel.

/// A grayscale image (0 black, 255 white), row by row.
#[derive(Debug, Clone, PartialEq)]
pub struct Gray {
    w: u32,
    h: u32,
    px: Vec<u8>,
}

impl Gray {
    /// From pixels row by row; missing pixels are white, extra ones dropped.
    #[must_use]
    pub fn from_raw(w: u32, h: u32, mut px: Vec<u8>) -> Gray {
        px.resize(w as usize * h as usize, 255);
        Gray { w, h, px }
    }

    /// Width in pixels.
    #[must_use]
    pub fn width(&self) -> u32 {
        self.w
    }

    /// Height in pixels.
    #[must_use]
    pub fn height(&self) -> u32 {
        self.h
    }

    /// The pixels, row by row.
    #[must_use]
    pub fn pixels(&self) -> &[u8] {
        &self.px
    }

    /// The pixel at (x, y); white outside.
    #[must_use]
    pub fn get(&self, x: i64, y: i64) -> u8 {
        if x < 0 || y < 0 || x >= i64::from(self.w) || y >= i64::from(self.h) {
            return 255;
        }
        self.px[y as usize * self.w as usize + x as usize]
    }

    /// Bilinear sample at (x, y), pixel centres at integer + 0.5.
    #[must_use]
    pub fn sample(&self, x: f32, y: f32) -> f32 {
        let (x, y) = (x - 0.5, y - 0.5);
        let (x0, y0) = (x.floor(), y.floor());
        let (fx, fy) = (x - x0, y - y0);
        let (xi, yi) = (x0 as i64, y0 as i64);
        let a = f32::from(self.get(xi, yi));
        let b = f32::from(self.get(xi + 1, yi));
        let c = f32::from(self.get(xi, yi + 1));
        let d = f32::from(self.get(xi + 1, yi + 1));
        (a * (1.0 - fx) + b * fx) * (1.0 - fy) + (c * (1.0 - fx) + d * fx) * fy
    }

    /// The image shrunk by a whole `factor` (the mean of each block).
    #[must_use]
    pub fn shrink(&self, factor: u32) -> Gray {
        if factor <= 1 {
            return self.clone();
        }
        let (w, h) = (self.w / factor, self.h / factor);
        let f = factor as usize;
        let mut sums = vec![0u32; w as usize];
        let mut px = Vec::with_capacity(w as usize * h as usize);
        let div = (f * f) as u32;
        for by in 0..h as usize {
            sums.iter_mut().for_each(|s| *s = 0);
            for y in by * f..by * f + f {
                let row = &self.px[y * self.w as usize..][..w as usize * f];
                for (s, chunk) in sums.iter_mut().zip(row.chunks_exact(f)) {
                    *s += chunk.iter().map(|&v| u32::from(v)).sum::<u32>();
                }
            }
            px.extend(sums.iter().map(|&s| (s / div) as u8));
        }
        Gray { w, h, px }
    }

    /// The 1st and 99th percentiles and the mean of the pixels.
    #[must_use]
    pub fn levels(&self) -> (f32, f32, f32) {
        let mut hist = [0u64; 256];
        for &v in &self.px {
            hist[v as usize] += 1;
        }
        let n = self.px.len().max(1) as u64;
        let pct = |p: u64| {
            let mut acc = 0;
            for (i, &c) in hist.iter().enumerate() {
                acc += c;
                if acc * 100 >= n * p {
                    return i as f32;
                }
            }
            255.0
        };
        let mean = hist
            .iter()
            .enumerate()
            .map(|(i, &c)| i as u64 * c)
            .sum::<u64>() as f32
            / n as f32;
        (pct(1), pct(99), mean)
    }

    /// How sharp the edges are: the 99.5th percentile of the gradient
    /// between neighbouring pixels, over the 1st–99th percentile range.
    /// Printed lines in focus give about 0.2 or more; heavy blur less than 0.05.
    #[must_use]
    pub fn sharpness(&self) -> f32 {
        let (lo, hi, _) = self.levels();
        let mut hist = [0u64; 256];
        let w = self.w as usize;
        for y in 0..self.h as usize - 1 {
            for x in 0..w - 1 {
                let v = i32::from(self.px[y * w + x]);
                let dx = (v - i32::from(self.px[y * w + x + 1])).abs();
                let dy = (v - i32::from(self.px[(y + 1) * w + x])).abs();
                hist[dx.max(dy) as usize] += 1;
            }
        }
        let n: u64 = hist.iter().sum();
        let mut acc = 0;
        let mut g = 0.0;
        for (i, &c) in hist.iter().enumerate() {
            acc += c;
            if acc * 1000 >= n * 995 {
                g = i as f32;
                break;
            }
        }
        g / (hi - lo).max(1.0)
    }
}
