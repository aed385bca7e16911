//! A board as its photo shows it, straightened: what the app puts beside
//! the board it read, so that the player compares square by square.

use crate::{Homography, ScanError, ScannedBoard};
use image::RgbImage;

/// The part of the sheet shown, in squares from the top-left corner of A1:
/// the board, its markers and the tallies' row under it.
pub const VIEW: [[f32; 2]; 2] = [[-0.8, -0.8], [11.0, 13.4]];

/// A board's part of the photo, straightened (A1 top-left, the rows
/// level), as RGBA pixels.
#[derive(Debug, Clone, PartialEq)]
pub struct Straightened {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// The pixels, RGBA, row by row.
    pub rgba: Vec<u8>,
    /// Pixels per square: board point `(x, y)` (squares from A1's corner)
    /// is pixel `((x - VIEW[0][0]) * scale, (y - VIEW[0][1]) * scale)`.
    pub scale: f32,
}

impl Straightened {
    /// Where a board point is, in pixels of this image.
    #[must_use]
    pub fn pixel(&self, [x, y]: [f32; 2]) -> [f32; 2] {
        [(x - VIEW[0][0]) * self.scale, (y - VIEW[0][1]) * self.scale]
    }
}

/// Reads every board of a photo as [`crate::scan`] does, and straightens
/// each one's part of the photo at `scale` pixels a square.
///
/// # Errors
/// As [`crate::scan`].
pub fn scan_straightened(
    bytes: &[u8],
    scale: f32,
) -> Result<Vec<(ScannedBoard, Straightened)>, ScanError> {
    let img = image::load_from_memory(bytes).map_err(|e| ScanError::NotAnImage(e.to_string()))?;
    let rgb = img.to_rgb8();
    let luma = img.to_luma8();
    drop(img);
    let (w, h) = luma.dimensions();
    let boards = crate::scan_gray(&crate::Gray::from_raw(w, h, luma.into_raw()))?;
    Ok(boards
        .into_iter()
        .map(|b| {
            let view = straighten(&rgb, &b.to_photo, scale);
            (b, view)
        })
        .collect())
}

/// Samples the photo through `to_photo` (board squares → photo pixels),
/// bilinear, white outside the photo.
fn straighten(photo: &RgbImage, to_photo: &Homography, scale: f32) -> Straightened {
    let [[x0, y0], [x1, y1]] = VIEW;
    let width = ((x1 - x0) * scale).round().max(1.0) as u32;
    let height = ((y1 - y0) * scale).round().max(1.0) as u32;
    let (pw, ph) = photo.dimensions();
    let mut rgba = Vec::with_capacity((width * height * 4) as usize);
    for py in 0..height {
        for px in 0..width {
            let at = [
                x0 + (px as f32 + 0.5) / scale,
                y0 + (py as f32 + 0.5) / scale,
            ];
            let [sx, sy] = to_photo.apply(at);
            let (fx, fy) = (sx - 0.5, sy - 0.5);
            let (ix, iy) = (fx.floor(), fy.floor());
            let (tx, ty) = (fx - ix, fy - iy);
            let mut out = [0.0f32; 3];
            for (dx, dy, wgt) in [
                (0.0, 0.0, (1.0 - tx) * (1.0 - ty)),
                (1.0, 0.0, tx * (1.0 - ty)),
                (0.0, 1.0, (1.0 - tx) * ty),
                (1.0, 1.0, tx * ty),
            ] {
                let (x, y) = (ix + dx, iy + dy);
                let pixel = if x >= 0.0 && y >= 0.0 && (x as u32) < pw && (y as u32) < ph {
                    photo.get_pixel(x as u32, y as u32).0
                } else {
                    [255, 255, 255]
                };
                for c in 0..3 {
                    out[c] += wgt * f32::from(pixel[c]);
                }
            }
            rgba.extend(out.map(|v| v.round().clamp(0.0, 255.0) as u8));
            rgba.push(255);
        }
    }
    Straightened {
        width,
        height,
        rgba,
        scale,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_straightened_view_samples_through_the_homography() {
        // a photo whose left half is black: board x < 2 maps there
        let mut photo = RgbImage::from_pixel(100, 100, image::Rgb([255, 255, 255]));
        for y in 0..100 {
            for x in 0..50 {
                photo.put_pixel(x, y, image::Rgb([0, 0, 0]));
            }
        }
        // one square is 10 pixels; A1's corner at (30, 30)
        let to_photo = Homography([10.0, 0.0, 30.0, 0.0, 10.0, 30.0, 0.0, 0.0, 1.0]);
        let v = straighten(&photo, &to_photo, 4.0);
        let at = |p: [f32; 2]| {
            let [x, y] = v.pixel(p);
            v.rgba[((y as u32 * v.width + x as u32) * 4) as usize]
        };
        assert_eq!(at([1.0, 1.0]), 0, "x 1 is photo x 40: black");
        assert_eq!(at([3.0, 1.0]), 255, "x 3 is photo x 60: white");
        assert_eq!(v.rgba.len() as u32, v.width * v.height * 4);
    }
}
