//! Reads played paper boards from photos: images in, squares out.
//!
//! The blank boards of `scribe boards` carry five markers each (a black
//! square ring around a black square, see `scribe-export`'s `markers`
//! module): three on the row of column letters, two under the board. The
//! reader
//!
//! 1. decodes the photo and shrinks it to at most [`WORK_SIDE`] pixels a side,
//! 2. binarizes it against the local mean (uneven light and shadows) and
//!    finds the markers among the dark connected components (a ring whose
//!    centre holds a square; or, a small marker blurred so that its ring
//!    and centre are one component, by its grey profile),
//! 3. groups them into boards (three in a line, two below on the right
//!    side, which fixes the orientation) and fits a homography to the five,
//! 4. samples every square through the homography and classifies the
//!    patch with a small neural network trained on generated photos
//!    ([`synth`], `examples/train.rs`): empty, the first player's mark
//!    (+ or X), O, each slashed or not, with the probability as confidence.
//!
//! ```no_run
//! let bytes = std::fs::read("photo.jpg").unwrap();
//! for board in scribe_scan::scan(&bytes).unwrap() {
//!     println!("{:?}", board.squares);
//! }
//! ```

mod classify;
mod geom;
mod gray;
mod markers;
mod straight;
pub mod synth;

pub use geom::Homography;
pub use gray::Gray;
pub use straight::{Straightened, VIEW, scan_straightened};

use scribe_rules::Player;

/// The working resolution: photos are shrunk (by a whole factor) until
/// their longer side is at most this many pixels.
pub const WORK_SIDE: u32 = 2000;

/// A square's confidence (the chance that it is read right, calibrated on
/// generated photos, see `CALIBRATION`) below this is "low": the app
/// circles it. Chosen on seeds 7000–7199 and 8000–8299 (not those
/// reported) so that nine squares read wrong in ten are circled: about
/// two right squares in a hundred are circled with them.
pub const LOW_CONFIDENCE: f32 = 0.995;

/// The centres of a board's five markers, in squares from the top-left
/// corner of A1 (x right, y down). The same numbers as
/// `scribe_export::MARKER_CENTERS` (a test checks it).
pub const MARKER_CENTERS: [[f32; 2]; 5] = [
    [-0.4, -0.4],
    [3.375, -0.4],
    [7.125, -0.4],
    [-0.4, 12.95],
    [10.225, 12.95],
];

/// The side of a marker, in squares (as `scribe_export::MARKER_SIDE`).
pub const MARKER_SIDE: f32 = 0.65;

/// Column gap between mini grids, in squares (as the printed board).
const GAP_X: f32 = 0.75;
/// Row gap between mini grids, in squares.
const GAP_Y: f32 = 1.25;

/// The top-left corner of square `index` (0 = A1, 1 = B1, … 80 = I9) in
/// squares from the top-left corner of A1.
#[must_use]
pub fn square_origin(index: usize) -> [f32; 2] {
    let (c, r) = (index % 9, index / 9);
    [
        c as f32 + (c / 3) as f32 * GAP_X,
        r as f32 + (r / 3) as f32 * GAP_Y,
    ]
}

/// One board read from a photo.
#[derive(Debug, Clone, PartialEq)]
pub struct ScannedBoard {
    /// Each square's mark, A1, B1, … I9: `None` when empty.
    pub squares: [Option<Player>; 81],
    /// Whether each square's mark is slashed.
    pub slashed: [bool; 81],
    /// How sure the reader is of each square (mark and slash), 0 to 1.
    pub confidence: [f32; 81],
    /// From board coordinates (squares from the top-left of A1) to the
    /// photo's pixels.
    pub to_photo: Homography,
}

impl ScannedBoard {
    /// The squares read with low confidence ([`LOW_CONFIDENCE`]).
    #[must_use]
    pub fn unsure(&self) -> Vec<usize> {
        (0..81)
            .filter(|&i| self.confidence[i] < LOW_CONFIDENCE)
            .collect()
    }
}

/// Why a photo cannot be read. The messages say what to do.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ScanError {
    /// The bytes are not a JPEG or PNG image.
    #[error("not an image (JPEG or PNG): {0}")]
    NotAnImage(String),
    /// The photo is smaller than a board could be read from.
    #[error("the photo is too small ({0} x {1} pixels)")]
    TooSmall(u32, u32),
    /// Too dark, or no contrast at all.
    #[error("too dark: take the photo in more light")]
    TooDark,
    /// So blurred that no marker can be found.
    #[error("too blurred: hold the camera still and let it focus")]
    TooBlurred,
    /// Markers were found, but not all five of any board.
    #[error(
        "cut off: {0} marker(s) found but no whole board; the whole board with its five corner marks must be in the photo"
    )]
    CutOff(usize),
    /// No markers at all: an old sheet, or no board.
    #[error("no markers found: print a new sheet with `scribe boards`, or enter the board by hand")]
    NoMarkers,
}

/// Reads every board on a photo (JPEG or PNG bytes), in reading order (top
/// to bottom, then left to right on the sheet as printed).
///
/// # Errors
/// Not an image, too small, too dark, too blurred, a board cut off, or no
/// markers: see [`ScanError`]. Nothing is returned half-read.
pub fn scan(bytes: &[u8]) -> Result<Vec<ScannedBoard>, ScanError> {
    let gray = grey_of(bytes)?;
    scan_gray(&gray)
}

/// [`scan`] on a grayscale image already decoded.
///
/// # Errors
/// As [`scan`].
pub fn scan_gray(photo: &Gray) -> Result<Vec<ScannedBoard>, ScanError> {
    scan_gray_moved(photo, [0.0, 0.0])
}

/// [`scan`] with every board's fit moved by `by` (in squares, x right, y
/// down) before its squares are read: a misfit made on purpose, for
/// checking that the confidence sees it (`tests/confidence.rs`).
///
/// # Errors
/// As [`scan`].
#[doc(hidden)]
pub fn scan_moved(bytes: &[u8], by: [f32; 2]) -> Result<Vec<ScannedBoard>, ScanError> {
    scan_gray_moved(&grey_of(bytes)?, by)
}

/// [`scan_gray`], the boards' fits moved by `by` squares.
fn scan_gray_moved(photo: &Gray, by: [f32; 2]) -> Result<Vec<ScannedBoard>, ScanError> {
    let (w, h) = (photo.width(), photo.height());
    if w.min(h) < 200 {
        return Err(ScanError::TooSmall(w, h));
    }
    let factor = work_factor(w, h);
    let work = photo.shrink(factor);
    let found = markers::find(&work);
    let boards = markers::group(&work, &found);
    if boards.is_empty() {
        // the whole frame's light, only when no board is found: a grey
        // sheet on a dark table is dark on the whole and reads well
        let (lo, hi, mean) = work.levels();
        if mean < 35.0 || hi - lo < 40.0 {
            return Err(ScanError::TooDark);
        }
        if found.len() >= 2 {
            return Err(ScanError::CutOff(found.len()));
        }
        if work.sharpness() < 0.06 {
            return Err(ScanError::TooBlurred);
        }
        return Err(ScanError::NoMarkers);
    }
    let scale = Homography::scale(factor as f32);
    let mut out: Vec<ScannedBoard> = boards
        .iter()
        .map(|h| {
            let moved = Homography([
                1.0,
                0.0,
                f64::from(by[0]),
                0.0,
                1.0,
                f64::from(by[1]),
                0.0,
                0.0,
                1.0,
            ]);
            read_board(&work, &h.then(&moved), &scale).0
        })
        .collect();
    order(&mut out);
    Ok(out)
}

/// What the reader saw of one square: for tuning the confidence
/// (`examples/calibrate.rs`). Not a stable interface.
#[doc(hidden)]
#[derive(Debug, Clone, PartialEq)]
pub struct Evidence {
    /// The network's probabilities for the square sampled where the
    /// homography puts it.
    pub probs: [f32; 5],
    /// The same, the board moved by each of [`PROBE_SHIFTS`].
    pub shifted: Vec<[f32; 5]>,
    /// Whether the rules-keeping step ([`decode`]) changed the square.
    pub changed: bool,
    /// How evenly the square is lit (`classify::evenness`).
    pub evenness: f32,
}

/// The moves (in squares) of the extra samples of [`Evidence`].
#[doc(hidden)]
pub const PROBE_SHIFTS: [[f32; 2]; 8] = [
    [0.05, 0.0],
    [-0.05, 0.0],
    [0.0, 0.05],
    [0.0, -0.05],
    [0.1, 0.0],
    [-0.1, 0.0],
    [0.0, 0.1],
    [0.0, -0.1],
];

/// [`scan`] with what was seen of every square: for tuning.
///
/// # Errors
/// As [`scan`].
#[doc(hidden)]
pub fn scan_evidence(bytes: &[u8]) -> Result<Vec<(ScannedBoard, Vec<Evidence>)>, ScanError> {
    let photo = grey_of(bytes)?;
    let factor = work_factor(photo.width(), photo.height());
    let work = photo.shrink(factor);
    let found = markers::find(&work);
    let boards = markers::group(&work, &found);
    let scale = Homography::scale(factor as f32);
    let mut read: Vec<(ScannedBoard, Vec<Evidence>)> = boards
        .iter()
        .map(|h| {
            let (b, probs, classes) = read_board(&work, h, &scale);
            let ev = (0..81)
                .map(|i| {
                    let [x, y] = square_origin(i);
                    Evidence {
                        probs: probs[i],
                        shifted: PROBE_SHIFTS
                            .iter()
                            .map(|[dx, dy]| {
                                classify::probabilities(&classify::patch(
                                    &work,
                                    h,
                                    [x + dx, y + dy],
                                ))
                            })
                            .collect(),
                        changed: classes[i].index() != argmax(&probs[i]),
                        evenness: classify::evenness(&classify::samples(&work, h, [x, y])),
                    }
                })
                .collect();
            (b, ev)
        })
        .collect();
    let mut boards: Vec<ScannedBoard> = read.iter().map(|(b, _)| b.clone()).collect();
    order(&mut boards);
    let mut out = Vec::new();
    for b in &boards {
        if let Some(k) = read.iter().position(|(r, _)| r.to_photo == b.to_photo) {
            out.push(read.swap_remove(k));
        }
    }
    Ok(out)
}

/// The index of the largest of five.
fn argmax(p: &[f32; 5]) -> usize {
    (0..5).max_by(|&a, &b| p[a].total_cmp(&p[b])).unwrap_or(0)
}

/// Reads the 81 squares of one board whose markers gave `to_work`; with
/// the network's probabilities and the classes read.
fn read_board(
    work: &Gray,
    to_work: &Homography,
    scale: &Homography,
) -> (ScannedBoard, Vec<[f32; 5]>, [Class; 81]) {
    let mut squares = [None; 81];
    let mut slashed = [false; 81];
    let mut confidence = [0.0; 81];
    let samples: Vec<Vec<f32>> = (0..81)
        .map(|i| classify::samples(work, to_work, square_origin(i)))
        .collect();
    let probs: Vec<[f32; 5]> = samples
        .iter()
        .map(|v| classify::probabilities(&classify::normalised(v.clone())))
        .collect();
    let classes = decode(&probs);
    for i in 0..81 {
        let class = classes[i];
        squares[i] = class.mark();
        slashed[i] = class.slashed();
        // the class read, as sure where the board is moved a little: a
        // mark half out of the patch, or a border's ink in it, is not
        let [x, y] = square_origin(i);
        let moved = NUDGES
            .iter()
            .map(|[dx, dy]| {
                classify::probabilities(&classify::patch(work, to_work, [x + dx, y + dy]))
                    [class.index()]
            })
            .sum::<f32>()
            / NUDGES.len() as f32;
        confidence[i] = calibrated(probs[i][class.index()].min(moved));
        // a shadow's edge across the square: the network may take the
        // darker side for ink, however sure it is
        if classify::evenness(&samples[i]) < UNEVEN {
            confidence[i] = confidence[i].min(LOW_CONFIDENCE * 0.99);
        }
    }
    let mut board = ScannedBoard {
        squares,
        slashed,
        confidence,
        to_photo: scale.then(to_work),
    };
    second_opinion(&mut board);
    (board, probs, classes)
}

/// A square lit less evenly than this (`classify::evenness`: the darker
/// half's paper over the lighter's) has low confidence: a shadow's edge
/// crosses it. Chosen on tuning seeds 20000–20299 (59 squares of 32 400
/// under 0.88, 7 of them read wrong, three of those sure: empty squares
/// read as slashed O at 0.98–0.997 with evenness 0.82–0.84) and the photo
/// of seed 11115 (two such, 0.82); even light and the generator's ramps
/// stay above 0.9.
const UNEVEN: f32 = 0.88;

/// The moves of the board (in squares) at which each square is classified
/// again for its confidence: a twentieth of a square each way.
const NUDGES: [[f32; 2]; 4] = [[0.05, 0.0], [-0.05, 0.0], [0.0, 0.05], [0.0, -0.05]];

/// From the reader's score of a square (the least of the network's
/// probability for the class read and its mean over [`NUDGES`]) to the
/// chance that the square is read right, as measured on generated photos
/// of seeds 7000–7199 and 8000–8299 (tuning only, never reported;
/// `examples/calibrate.rs`): (score, share of the squares so scored read
/// right), interpolated. Scored under 0.7: 21 wrong of 180 (the rules
/// mend most squares the network doubts); 0.7–0.9: 8 of 388; 0.9–0.97: 3
/// of 481; 0.97–0.999: none of 3259; above: 2 of 49 557. A score of 0.97
/// is [`LOW_CONFIDENCE`]: under it, the square is circled.
const CALIBRATION: [[f32; 2]; 6] = [
    [0.0, 0.85],
    [0.7, 0.9],
    [0.85, 0.98],
    [0.97, LOW_CONFIDENCE],
    [0.99, 0.9995],
    [1.0, 0.99996],
];

/// A square's confidence from its score: see [`CALIBRATION`].
fn calibrated(score: f32) -> f32 {
    let s = score.clamp(0.0, 1.0);
    for w in CALIBRATION.windows(2) {
        let ([x0, y0], [x1, y1]) = (w[0], w[1]);
        if s <= x1 {
            return y0 + (y1 - y0) * (s - x0) / (x1 - x0).max(f32::EPSILON);
        }
    }
    CALIBRATION[CALIBRATION.len() - 1][1]
}

/// Whether a board's reading keeps the sheet's rules: each player who has
/// marks has exactly one unslashed (their last move), and the first player
/// has as many marks as the second or one more.
fn keeps_rules(classes: &[Class; 81]) -> bool {
    let count = |c: Class| classes.iter().filter(|&&k| k == c).count();
    let (x, xs, o, os) = (
        count(Class::X),
        count(Class::XSlashed),
        count(Class::O),
        count(Class::OSlashed),
    );
    let one_live = |live: usize, dead: usize| live == usize::from(live + dead > 0);
    one_live(x, xs) && one_live(o, os) && (x + xs == o + os || x + xs == o + os + 1)
}

/// The most likely reading of a board (each square's class probabilities,
/// A1 … I9) that keeps the sheet's rules ([`keeps_rules`]): the network's
/// best guess for every square if it keeps them, else the least unlikely
/// change of one or two squares that does (among the [`ALTERNATIVES`]
/// likeliest second guesses, none less likely than [`LEAST_LIKELY`] of the
/// first). When none does, the network's best guess stands (the
/// confidence then flags it, see [`second_opinion`]).
fn decode(probs: &[[f32; 5]]) -> [Class; 81] {
    let mut best = [Class::Empty; 81];
    for (i, p) in probs.iter().enumerate().take(81) {
        let k = (0..5).max_by(|&a, &b| p[a].total_cmp(&p[b])).unwrap_or(0);
        best[i] = Class::ALL[k];
    }
    if keeps_rules(&best) {
        return best;
    }
    // second guesses: (cost in log-likelihood, square, class)
    let mut alts: Vec<(f32, usize, Class)> = Vec::new();
    for (i, p) in probs.iter().enumerate().take(81) {
        let first = p[best[i].index()].max(1e-9);
        for c in Class::ALL {
            if c != best[i] && p[c.index()] >= first * LEAST_LIKELY {
                alts.push(((first / p[c.index()].max(1e-9)).ln(), i, c));
            }
        }
    }
    alts.sort_by(|a, b| a.0.total_cmp(&b.0));
    alts.truncate(ALTERNATIVES);
    let mut chosen: Option<(f32, [Class; 81])> = None;
    let mut consider = |cost: f32, b: [Class; 81]| {
        if chosen.as_ref().is_none_or(|(c, _)| cost < *c) && keeps_rules(&b) {
            chosen = Some((cost, b));
        }
    };
    for (a, &(ca, ia, ka)) in alts.iter().enumerate() {
        let mut b = best;
        b[ia] = ka;
        consider(ca, b);
        for &(cb, ib, kb) in &alts[a + 1..] {
            if ib != ia {
                let mut b2 = b;
                b2[ib] = kb;
                consider(ca + cb, b2);
            }
        }
    }
    chosen.map_or(best, |(_, b)| b)
}

/// How many second guesses [`decode`] weighs.
const ALTERNATIVES: usize = 16;
/// The least likely second guess [`decode`] takes, against the first.
const LEAST_LIKELY: f32 = 1e-4;

/// The sheet's own rules as a second opinion on the network's confidence:
/// every mark of a player is slashed but their last, and the first player
/// has as many marks as the second or one more. A board read against them
/// has a square read wrong, however sure the network was: the squares that
/// may be it are brought under [`LOW_CONFIDENCE`] (circled in the app), so
/// that a wrong board is rarely shown as a sure one.
fn second_opinion(b: &mut ScannedBoard) {
    let flag = |b: &mut ScannedBoard, i: usize| {
        b.confidence[i] = b.confidence[i].min(LOW_CONFIDENCE * 0.99);
    };
    let least_sure = |b: &ScannedBoard, of: &[usize]| {
        of.iter()
            .copied()
            .min_by(|&i, &j| b.confidence[i].total_cmp(&b.confidence[j]))
    };
    let mut counts = [0usize; 2];
    for (k, p) in [Player::X, Player::O].into_iter().enumerate() {
        let marks: Vec<usize> = (0..81).filter(|&i| b.squares[i] == Some(p)).collect();
        counts[k] = marks.len();
        let unslashed: Vec<usize> = marks.iter().copied().filter(|&i| !b.slashed[i]).collect();
        match unslashed.len() {
            // a mark of theirs was read unslashed (or is not theirs)
            2.. => {
                for i in unslashed {
                    flag(b, i);
                }
            }
            // their last mark was read slashed
            0 if !marks.is_empty() => {
                if let Some(i) = least_sure(b, &marks) {
                    flag(b, i);
                }
            }
            _ => {}
        }
    }
    let [x, o] = counts;
    if x != o && x != o + 1 {
        // a mark read as the wrong player's, or missed, or seen in an
        // empty square: the least sure square of the board
        let all: Vec<usize> = (0..81).collect();
        if let Some(i) = least_sure(b, &all) {
            flag(b, i);
        }
        // and as many of the marks of the player with too many as they
        // have too many, the least sure first
        let (who, excess) = if o > x {
            (Player::O, o - x)
        } else {
            (Player::X, x.saturating_sub(o + 1))
        };
        let mut theirs: Vec<usize> = (0..81).filter(|&i| b.squares[i] == Some(who)).collect();
        theirs.sort_by(|&i, &j| b.confidence[i].total_cmp(&b.confidence[j]));
        for &i in theirs.iter().take(excess) {
            flag(b, i);
        }
    }
}

/// Puts boards in reading order on the sheet: the first board's frame says
/// which way is up.
fn order(boards: &mut [ScannedBoard]) {
    let Some(first) = boards.first() else {
        return;
    };
    let Some(inv) = first.to_photo.inverse() else {
        return;
    };
    let key = |b: &ScannedBoard| {
        let p = b.to_photo.apply([0.0, 0.0]);
        let [x, y] = inv.apply(p);
        // rows of boards: 4 squares apart at least
        ((y / 4.0).round() as i64, x)
    };
    boards.sort_by(|a, b| {
        let (ka, kb) = (key(a), key(b));
        ka.0.cmp(&kb.0).then(ka.1.total_cmp(&kb.1))
    });
}

/// Training support: the classifier's input for each square of each board
/// found on a photo (boards in reading order), each sampled again with the
/// board moved by each of `shifts` (in squares: the misplacement a curl
/// gives). Used by `examples/train.rs`.
///
/// # Errors
/// As [`scan`].
pub fn patches(bytes: &[u8], shifts: &[[f32; 2]]) -> Result<Vec<Vec<Vec<f32>>>, ScanError> {
    let photo = grey_of(bytes)?;
    let factor = work_factor(photo.width(), photo.height());
    let work = photo.shrink(factor);
    let found = markers::find(&work);
    let boards = markers::group(&work, &found);
    let scale = Homography::scale(factor as f32);
    let mut read: Vec<(ScannedBoard, Vec<Vec<f32>>)> = boards
        .iter()
        .map(|h| {
            let ps = shifts
                .iter()
                .flat_map(|&[dx, dy]| {
                    (0..81).map(move |i| {
                        let [x, y] = square_origin(i);
                        (i, [x + dx, y + dy])
                    })
                })
                .map(|(_, o)| classify::patch(&work, h, o))
                .collect();
            (
                ScannedBoard {
                    squares: [None; 81],
                    slashed: [false; 81],
                    confidence: [0.0; 81],
                    to_photo: scale.then(h),
                },
                ps,
            )
        })
        .collect();
    // the same order as scan
    let mut boards: Vec<ScannedBoard> = read.iter().map(|(b, _)| b.clone()).collect();
    order(&mut boards);
    let mut out = Vec::new();
    for b in &boards {
        if let Some(k) = read.iter().position(|(r, _)| r.to_photo == b.to_photo) {
            out.push(read.swap_remove(k).1);
        }
    }
    Ok(out)
}

pub use classify::{Class, INPUT, Net, bundled, softmax};

/// The markers found on a photo (centre and side in the working image's
/// pixels) and the working image's shrink factor: for debugging.
///
/// # Errors
/// Not an image.
pub fn markers_found(bytes: &[u8]) -> Result<(MarkersFound, u32), ScanError> {
    let photo = grey_of(bytes)?;
    let factor = work_factor(photo.width(), photo.height());
    let work = photo.shrink(factor);
    Ok((
        markers::find(&work)
            .iter()
            .map(|f| (f.at, f.side))
            .collect(),
        factor,
    ))
}

/// Markers found: centre and side, pixels.
pub type MarkersFound = Vec<([f32; 2], f32)>;

/// A photo's bytes (JPEG or PNG) as grey.
fn grey_of(bytes: &[u8]) -> Result<Gray, ScanError> {
    let img = image::load_from_memory(bytes).map_err(|e| ScanError::NotAnImage(e.to_string()))?;
    let luma = img.to_luma8();
    let (w, h) = luma.dimensions();
    Ok(Gray::from_raw(w, h, luma.into_raw()))
}

/// The whole factor a photo is shrunk by.
fn work_factor(w: u32, h: u32) -> u32 {
    (w.max(h) / WORK_SIDE).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board read with full confidence: `marks` as (index, player, slashed).
    fn sure(marks: &[(usize, Player, bool)]) -> ScannedBoard {
        let mut b = ScannedBoard {
            squares: [None; 81],
            slashed: [false; 81],
            confidence: [1.0; 81],
            to_photo: Homography::scale(1.0),
        };
        for &(i, p, s) in marks {
            b.squares[i] = Some(p);
            b.slashed[i] = s;
        }
        b
    }

    /// Probabilities for a board: `marks` as (index, class, probability of
    /// it; the rest goes to `second`), every other square surely empty.
    fn probs(marks: &[(usize, Class, f32, Class)]) -> Vec<[f32; 5]> {
        let mut p = vec![[1.0, 0.0, 0.0, 0.0, 0.0]; 81];
        for &(i, c, q, second) in marks {
            p[i] = [0.0; 5];
            p[i][c.index()] = q;
            p[i][second.index()] = 1.0 - q;
        }
        p
    }

    #[test]
    fn the_reading_kept_is_the_likeliest_that_keeps_the_sheets_rules() {
        use Class::{Empty, O, OSlashed, X, XSlashed};
        // keeps the rules: as the network read it
        let p = probs(&[
            (0, XSlashed, 0.9, X),
            (1, O, 0.6, OSlashed),
            (2, X, 0.99, Empty),
        ]);
        let d = decode(&p);
        assert_eq!(&d[..4], &[XSlashed, O, X, Empty]);
        // two X unslashed: the less sure one was slashed
        let p = probs(&[
            (0, X, 0.7, XSlashed),
            (1, O, 0.99, Empty),
            (2, X, 0.95, XSlashed),
        ]);
        assert_eq!(&decode(&p)[..3], &[XSlashed, O, X]);
        // O read for X's slashed mark: two O for one X
        let p = probs(&[
            (0, OSlashed, 0.6, XSlashed),
            (1, O, 0.99, Empty),
            (2, X, 0.99, Empty),
        ]);
        assert_eq!(&decode(&p)[..3], &[XSlashed, O, X]);
        // no change of one or two likely squares mends it: left as read
        let p = probs(&[
            (0, X, 0.999_99, Empty),
            (1, X, 0.999_99, Empty),
            (2, X, 0.999_99, Empty),
        ]);
        assert_eq!(&decode(&p)[..3], &[X, X, X]);
    }

    #[test]
    fn the_calibration_is_monotone_and_circles_under_its_knot() {
        let mut last = 0.0;
        for k in 0..=1000 {
            let c = calibrated(k as f32 / 1000.0);
            assert!((0.0..=1.0).contains(&c) && c >= last, "{k}: {c}");
            last = c;
        }
        assert!(calibrated(0.969) < LOW_CONFIDENCE);
        assert!(calibrated(0.971) >= LOW_CONFIDENCE);
        assert!(calibrated(1.0) > 0.9999);
    }

    #[test]
    fn a_board_against_the_sheets_rules_is_never_all_sure() {
        use Player::{O, X};
        // as played: X slashed, O slashed, X last, O last
        let mut b = sure(&[(0, X, true), (1, O, true), (2, X, false), (3, O, false)]);
        second_opinion(&mut b);
        assert!(b.unsure().is_empty());
        // two X unslashed: either may be the one read wrong
        let mut b = sure(&[(0, X, false), (1, O, false), (2, X, false)]);
        second_opinion(&mut b);
        assert_eq!(b.unsure(), vec![0, 2]);
        // O's last move read slashed: the least sure of O's marks
        let mut b = sure(&[(0, X, false), (1, O, true), (3, O, true), (4, X, true)]);
        b.confidence[3] = 0.97;
        second_opinion(&mut b);
        assert_eq!(b.unsure(), vec![3]);
        // O has more marks than X: the least sure square of the board
        let mut b = sure(&[(0, O, false), (5, X, false), (6, O, true)]);
        b.confidence[40] = 0.95;
        b.confidence[6] = 0.999;
        second_opinion(&mut b);
        // and O's least sure mark, O having one mark too many
        assert_eq!(b.unsure(), vec![6, 40]);
    }
}
