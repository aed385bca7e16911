//! Game → Scan a paper board…: a photo read on a worker
//! ([`scribe_scan::scan_straightened`]) opens in the paper board's editor.
//! Here: the boards read and the one open, each player's last move named
//! by the sheet (their one unslashed mark), and the photo beside the board.

use crate::jobs::{Ctl, Task};
use scribe_rules::{ByPlayer, Player, Square};
use scribe_scan::{Class, Homography, ScannedBoard, Straightened};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Pixels a square in the straightened photo.
const PHOTO_SCALE: f32 = 40.0;

/// A photo read on a job: its boards, or why none (one line).
pub(super) struct Scanned {
    pub(super) name: String,
    pub(super) boards: Result<Vec<(ScannedBoard, Straightened)>, String>,
}

/// Reading a photo, as a task: a thread on the desktop, the browser's Web
/// Worker there (the photo's bytes then travel in the task's JSON, as
/// base64).
#[derive(Debug, Serialize, Deserialize)]
pub struct ScanTask {
    /// The photo's file name, for the messages.
    name: String,
    photo: Photo,
}

/// Where the photo is.
#[derive(Debug, Serialize, Deserialize)]
enum Photo {
    /// A file (the desktop).
    Path(PathBuf),
    /// Its bytes, base64 (an upload in the browser).
    Bytes(String),
}

impl ScanTask {
    /// Reads the file at `path`.
    pub(super) fn file(path: PathBuf) -> ScanTask {
        ScanTask {
            name: file_name(&path),
            photo: Photo::Path(path),
        }
    }

    /// Reads `bytes`, a file called `name` (an upload).
    pub(super) fn bytes(name: String, bytes: &[u8]) -> ScanTask {
        ScanTask {
            name,
            photo: Photo::Bytes(base64::encode(bytes)),
        }
    }
}

/// What [`ScanTask`] answers: each board read and its straightened photo
/// (RGBA as base64), or why none.
#[derive(Debug, Serialize, Deserialize)]
pub struct ScanOutput {
    name: String,
    boards: Result<Vec<BoardRead>, String>,
}

/// One board as [`ScanOutput`] carries it.
#[derive(Debug, Serialize, Deserialize)]
struct BoardRead {
    /// [`Class::index`] of each square, A1 … I9.
    classes: Vec<u8>,
    confidence: Vec<f32>,
    to_photo: [f64; 9],
    width: u32,
    height: u32,
    scale: f32,
    /// RGBA, base64.
    rgba: String,
}

impl Task for ScanTask {
    const NAME: &'static str = "scribe-scan";
    type Output = ScanOutput;

    fn run(self, _ctl: &Ctl<'_>) -> ScanOutput {
        let bytes = match self.photo {
            Photo::Path(path) => std::fs::read(path).map_err(|e| format!("cannot read it: {e}")),
            Photo::Bytes(text) => {
                base64::decode(&text).ok_or_else(|| "the upload was damaged".to_string())
            }
        };
        let boards = bytes.and_then(|bytes| {
            std::panic::catch_unwind(|| scribe_scan::scan_straightened(&bytes, PHOTO_SCALE))
                .unwrap_or_else(|_| {
                    Err(scribe_scan::ScanError::NotAnImage(
                        "the reader stopped unexpectedly".to_string(),
                    ))
                })
                .map_err(|e| e.to_string())
        });
        let boards = boards.map(|boards| {
            boards
                .into_iter()
                .map(|(b, s)| BoardRead {
                    classes: (0..81)
                        .map(|i| Class::of(b.squares[i], b.slashed[i]).index() as u8)
                        .collect(),
                    confidence: b.confidence.to_vec(),
                    to_photo: b.to_photo.0,
                    width: s.width,
                    height: s.height,
                    scale: s.scale,
                    rgba: base64::encode(&s.rgba),
                })
                .collect()
        });
        ScanOutput {
            name: self.name,
            boards,
        }
    }
}

impl From<ScanOutput> for Scanned {
    fn from(out: ScanOutput) -> Scanned {
        let board = |b: BoardRead| -> Option<(ScannedBoard, Straightened)> {
            let mut read = ScannedBoard {
                squares: [None; 81],
                slashed: [false; 81],
                confidence: b.confidence.try_into().ok()?,
                to_photo: Homography(b.to_photo),
            };
            for (i, &k) in b.classes.iter().enumerate().take(81) {
                let class = *Class::ALL.get(usize::from(k))?;
                read.squares[i] = class.mark();
                read.slashed[i] = class.slashed();
            }
            let rgba = base64::decode(&b.rgba)?;
            (rgba.len() == (b.width * b.height * 4) as usize).then_some(())?;
            let view = Straightened {
                width: b.width,
                height: b.height,
                rgba,
                scale: b.scale,
            };
            Some((read, view))
        };
        let boards = out.boards.and_then(|v| {
            v.into_iter()
                .map(board)
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| "the reader's answer was damaged".to_string())
        });
        Scanned {
            name: out.name,
            boards,
        }
    }
}

/// A path's file name, for the messages.
fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// Bytes as text for a task's JSON (RFC 4648 base64, padded).
mod base64 {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

    pub(super) fn encode(bytes: &[u8]) -> String {
        let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
        for chunk in bytes.chunks(3) {
            let b = [
                chunk[0],
                chunk.get(1).copied().unwrap_or(0),
                chunk.get(2).copied().unwrap_or(0),
            ];
            let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
            for k in 0..4 {
                if k <= chunk.len() {
                    out.push(char::from(ALPHABET[(n >> (18 - 6 * k) & 63) as usize]));
                } else {
                    out.push('=');
                }
            }
        }
        out
    }

    /// `None` for text that is not [`encode`]'s.
    pub(super) fn decode(text: &str) -> Option<Vec<u8>> {
        let text = text.as_bytes();
        if text.len() % 4 != 0 {
            return None;
        }
        let mut table = [u8::MAX; 256];
        for (i, &a) in ALPHABET.iter().enumerate() {
            table[usize::from(a)] = i as u8;
        }
        let value = |c: u8| match table[usize::from(c)] {
            u8::MAX => None,
            v => Some(u32::from(v)),
        };
        let mut out = Vec::with_capacity(text.len() / 4 * 3);
        for chunk in text.chunks(4) {
            let pad = chunk.iter().rev().take_while(|&&c| c == b'=').count();
            if pad > 2 {
                return None;
            }
            let mut n = 0u32;
            for &c in &chunk[..4 - pad] {
                n = (n << 6) | value(c)?;
            }
            n <<= 6 * pad as u32;
            let three = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
            out.extend_from_slice(&three[..3 - pad]);
        }
        Some(out)
    }

    #[cfg(test)]
    mod tests {
        #[test]
        fn bytes_come_back_whole_through_text() {
            assert_eq!(super::encode(b"Man"), "TWFu");
            assert_eq!(super::encode(b"Ma"), "TWE=");
            assert_eq!(super::encode(b"M"), "TQ==");
            for n in 0..300usize {
                let bytes: Vec<u8> = (0..n).map(|i| (i * 37 + n) as u8).collect();
                assert_eq!(super::decode(&super::encode(&bytes)), Some(bytes));
            }
            assert_eq!(super::decode("TQ="), None);
            assert_eq!(super::decode("T!=="), None);
        }
    }
}

/// One board of the photo: what was read and its part of the photo.
#[derive(Debug)]
pub(super) struct Board {
    pub(super) read: ScannedBoard,
    pub(super) photo: Arc<egui::ColorImage>,
    /// Pixels a square in `photo` (see [`Straightened::pixel`]).
    pub(super) scale: f32,
}

/// The boards read from one photo and the one in the editor.
#[derive(Debug)]
pub(super) struct Scan {
    /// The photo's file name.
    pub(super) name: String,
    pub(super) boards: Vec<Board>,
    /// The board open (0-based).
    pub(super) at: usize,
    /// Tells photos apart in egui's texture cache.
    pub(super) id: u64,
    /// Each board's game's start, a second apart: each full board is a
    /// file of its own in the library (a corrected board replaces its own).
    pub(super) started: Vec<chrono::DateTime<chrono::Utc>>,
}

impl Scan {
    pub(super) fn new(name: String, boards: Vec<(ScannedBoard, Straightened)>, id: u64) -> Scan {
        let boards: Vec<Board> = boards
            .into_iter()
            .map(|(read, s)| Board {
                read,
                photo: Arc::new(egui::ColorImage::from_rgba_unmultiplied(
                    [s.width as usize, s.height as usize],
                    &s.rgba,
                )),
                scale: s.scale,
            })
            .collect();
        let now = chrono::Utc::now();
        let started = (0..boards.len())
            .map(|k| now + chrono::TimeDelta::seconds(k as i64))
            .collect();
        Scan {
            name,
            boards,
            at: 0,
            id,
            started,
        }
    }

    pub(super) fn board(&self) -> &Board {
        &self.boards[self.at.min(self.boards.len().saturating_sub(1))]
    }
}

/// The squares read with low confidence.
pub(super) fn unsure(read: &ScannedBoard) -> Vec<Square> {
    read.unsure().into_iter().map(|i| Square::ALL[i]).collect()
}

/// Each player's last move as the sheet names it: their one mark left
/// unslashed; `Err` says why not, for a player with none or several.
pub(super) fn live_marks(read: &ScannedBoard) -> (ByPlayer<Option<Square>>, Option<String>) {
    let mut live = ByPlayer::<Option<Square>>::default();
    let mut why = Vec::new();
    for p in [Player::X, Player::O] {
        let unslashed: Vec<Square> = (0..81)
            .filter(|&i| read.squares[i] == Some(p) && !read.slashed[i])
            .map(|i| Square::ALL[i])
            .collect();
        match unslashed.as_slice() {
            [one] => live[p] = Some(*one),
            [] => why.push(format!("{} has no unslashed mark", whose(p))),
            many => why.push(format!(
                "{} has {} unslashed marks ({})",
                whose(p),
                many.len(),
                many.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        }
    }
    (live, (!why.is_empty()).then(|| why.join(" and ")))
}

fn whose(p: Player) -> &'static str {
    match p {
        Player::X => "the first player",
        Player::O => "the second player",
    }
}

/// The photo of the open board, scaled to fit the space left, with the
/// squares to check ringed as on the board.
pub(super) fn show_photo(ui: &mut egui::Ui, scan: &Scan, check: &[Square]) {
    let board = scan.board();
    let id = egui::Id::unique(("scribe-scan-photo", scan.id, scan.at));
    let texture = ui.ctx().data_mut(|d| d.get_temp::<egui::TextureHandle>(id));
    let texture = texture.unwrap_or_else(|| {
        let t = ui.ctx().load_texture(
            format!("scan-{}-{}", scan.id, scan.at),
            Arc::clone(&board.photo),
            egui::TextureOptions::LINEAR,
        );
        ui.ctx().data_mut(|d| d.insert_temp(id, t.clone()));
        t
    });
    let [w, h] = board.photo.size.map(|v| v as f32);
    let avail = ui.available_size();
    let k = (avail.x / w).min(avail.y / h).min(1.5);
    let size = egui::vec2(w, h) * k;
    let response = ui.add(egui::Image::new((texture.id(), size)).alt_text(format!(
        "The photo {}: board {} of {}",
        scan.name,
        scan.at + 1,
        scan.boards.len()
    )));
    let rect = response.rect;
    let painter = ui.painter_at(rect);
    let [x0, y0] = scribe_scan::VIEW[0];
    for sq in check {
        let [x, y] = scribe_scan::square_origin(sq.index());
        let at = egui::vec2(x + 0.5 - x0, y + 0.5 - y0) * board.scale;
        let centre = rect.min + at * k;
        painter.circle_stroke(
            centre,
            0.6 * board.scale * k,
            egui::Stroke::new(2.0, crate::widgets::ink::FLASH),
        );
    }
}
