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

/// The largest photo the browser reads (bytes). A phone's 12-megapixel
/// JPEG is 3 to 6 MB and a sheet needs far less; the page holds the file,
/// sends it to its worker as text (base64, a third more) and the worker
/// decodes it (a 48-megapixel photo is about 150 MB of pixels): beyond
/// this a tab may run short of memory. The desktop reads a file of any
/// size.
pub const UPLOAD_LIMIT: u64 = 20 * 1024 * 1024;

/// Why an upload of `size` bytes is refused (one line), or `None`.
#[must_use]
pub fn upload_refused(size: f64) -> Option<String> {
    let mb = |b: f64| b / (1024.0 * 1024.0);
    (size > UPLOAD_LIMIT as f64).then(|| {
        format!(
            "the photo is too big ({:.1} MB): the browser reads photos up to {:.0} MB; send a smaller one (a phone's photo of a sheet is 3 to 6 MB)",
            mb(size),
            mb(UPLOAD_LIMIT as f64)
        )
    })
}

/// A photo read on a job: its boards, or why none (one line).
pub(super) struct Scanned {
    pub(super) name: String,
    pub(super) boards: Result<Vec<(ScannedBoard, Straightened)>, String>,
}

/// Reading a photo, as a task: on the desktop a thread reads the file;
/// in the browser the page sends the uploaded bytes to its Web Worker
/// (in the task's JSON, as base64) and the page never waits.
#[derive(Debug, Serialize, Deserialize)]
pub struct ScanTask {
    /// The photo's file name, for the messages.
    name: String,
    photo: Photo,
}

/// Where the photo is.
#[derive(Serialize, Deserialize)]
enum Photo {
    /// A file (the desktop).
    Path(PathBuf),
    /// Its bytes (an upload in the browser), base64 in JSON.
    Bytes(#[serde(with = "base64")] Vec<u8>),
}

impl std::fmt::Debug for Photo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Photo::Path(path) => write!(f, "Path({})", path.display()),
            Photo::Bytes(bytes) => write!(f, "Bytes({} bytes)", bytes.len()),
        }
    }
}

impl ScanTask {
    /// Reads the file at `path`.
    #[must_use]
    pub fn file(path: PathBuf) -> ScanTask {
        ScanTask {
            name: file_name(&path),
            photo: Photo::Path(path),
        }
    }

    /// Reads `bytes`, a file called `name` (an upload).
    ///
    /// # Errors
    /// Too big for the browser ([`UPLOAD_LIMIT`], said as
    /// [`upload_refused`] says it).
    pub fn bytes(name: String, bytes: Vec<u8>) -> Result<ScanTask, String> {
        if let Some(why) = upload_refused(bytes.len() as f64) {
            return Err(why);
        }
        Ok(ScanTask {
            name,
            photo: Photo::Bytes(bytes),
        })
    }
}

/// What [`ScanTask`] answers: each board read and its straightened photo,
/// or why none.
#[derive(Debug, Serialize, Deserialize)]
pub struct ScanOutput {
    name: String,
    boards: Result<Vec<BoardRead>, String>,
}

/// One board as [`ScanOutput`] carries it.
#[derive(Serialize, Deserialize)]
struct BoardRead {
    /// [`Class::index`] of each square, A1 … I9.
    classes: Vec<u8>,
    confidence: Vec<f32>,
    to_photo: [f64; 9],
    width: u32,
    height: u32,
    scale: f32,
    /// RGBA, base64 in JSON.
    #[serde(with = "base64")]
    rgba: Vec<u8>,
}

impl std::fmt::Debug for BoardRead {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "BoardRead({} x {})", self.width, self.height)
    }
}

impl Task for ScanTask {
    const NAME: &'static str = "scribe-scan";
    type Output = ScanOutput;

    fn run(self, _ctl: &Ctl<'_>) -> ScanOutput {
        let bytes = match self.photo {
            Photo::Path(path) => std::fs::read(path).map_err(|e| format!("cannot read it: {e}")),
            Photo::Bytes(bytes) => Ok(bytes),
        };
        let boards = bytes.and_then(|bytes| {
            // a reader's bug is said, not a crash (on the desktop; in the
            // browser a panic ends the worker, and the page says so)
            std::panic::catch_unwind(|| scribe_scan::scan_straightened(&bytes, PHOTO_SCALE))
                .unwrap_or_else(|_| {
                    Err(scribe_scan::ScanError::NotAnImage(
                        "the reader failed on it".into(),
                    ))
                })
                .map_err(|e| e.to_string())
        });
        let boards = boards.map(|boards| {
            boards
                .into_iter()
                .map(|(b, s)| BoardRead {
                    classes: (0..81)
                        .map(|i| {
                            u8::try_from(Class::of(b.squares[i], b.slashed[i]).index())
                                .unwrap_or(u8::MAX)
                        })
                        .collect(),
                    confidence: b.confidence.to_vec(),
                    to_photo: b.to_photo.0,
                    width: s.width,
                    height: s.height,
                    scale: s.scale,
                    rgba: s.rgba,
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
            (b.classes.len() == 81).then_some(())?;
            for (i, &k) in b.classes.iter().enumerate() {
                let class = *Class::ALL.get(usize::from(k))?;
                read.squares[i] = class.mark();
                read.slashed[i] = class.slashed();
            }
            let pixels = u64::from(b.width) * u64::from(b.height) * 4;
            (b.rgba.len() as u64 == pixels).then_some(())?;
            let view = Straightened {
                width: b.width,
                height: b.height,
                rgba: b.rgba,
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

/// Bytes as text for a task's JSON (RFC 4648 base64, padded: the
/// `base64` crate's standard engine).
mod base64 {
    use ::base64::Engine as _;
    use ::base64::engine::general_purpose::STANDARD;

    pub(super) fn encode(bytes: &[u8]) -> String {
        STANDARD.encode(bytes)
    }

    /// As serde's `with`: bytes as one base64 string.
    pub(super) fn serialize<S: serde::Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&encode(bytes))
    }

    /// As serde's `with`: [`serialize`]'s string back to bytes.
    pub(super) fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        let text = <String as serde::Deserialize>::deserialize(d)?;
        decode(&text).ok_or_else(|| serde::de::Error::custom("damaged base64"))
    }

    /// `None` for text that is not [`encode`]'s.
    pub(super) fn decode(text: &str) -> Option<Vec<u8>> {
        STANDARD.decode(text).ok()
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;

    /// A generated photo of a played A4 sheet (docs/SCAN.md).
    fn photo() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/images/scan-example-a4.jpg")
    }

    /// `task` run here, as the desktop's thread runs it.
    fn run(task: ScanTask) -> Scanned {
        let stop = AtomicBool::new(false);
        Scanned::from(task.run(&Ctl {
            stop: &stop,
            progress: &|_, _| {},
        }))
    }

    #[test]
    fn an_upload_read_in_the_workers_json_reads_as_the_file_does() {
        let from_file = run(ScanTask::file(photo()));
        // the browser's way: the bytes in the task's JSON to the worker
        // (the same program), its answer back as JSON
        let bytes = std::fs::read(photo()).expect("the example photo");
        let task = ScanTask::bytes("scan-example-a4.jpg".into(), bytes).expect("small enough");
        let payload = serde_json::to_string(&task).expect("JSON");
        let out = crate::jobs::task::run_named(ScanTask::NAME, &payload, &|_, _| {})
            .expect("the worker's answer");
        let output: ScanOutput = serde_json::from_str(&out).expect("a ScanOutput");
        let from_upload = Scanned::from(output);
        assert_eq!(from_file.name, "scan-example-a4.jpg");
        assert_eq!(from_upload.name, from_file.name);
        let (file, upload) = (
            from_file.boards.expect("a board in the photo"),
            from_upload.boards.expect("a board in the upload"),
        );
        assert_eq!(file.len(), 1);
        assert_eq!(upload.len(), file.len());
        let ((a, a_view), (b, b_view)) = (&file[0], &upload[0]);
        assert_eq!(a.squares, b.squares);
        assert_eq!(a.slashed, b.slashed);
        assert_eq!(a.confidence, b.confidence);
        assert_eq!(unsure(a), unsure(b));
        assert!(!unsure(a).is_empty(), "the example has a square to check");
        assert_eq!(a_view, b_view, "the photo beside the board");
        for (x, y) in a.to_photo.0.iter().zip(b.to_photo.0) {
            assert!((x - y).abs() <= 1e-9 * x.abs().max(1.0), "{x} {y}");
        }
        assert!(a.squares.iter().filter(|s| s.is_some()).count() > 60);
    }

    #[test]
    fn an_upload_not_a_photo_or_too_big_is_said_as_on_the_desktop() {
        let dir = tempfile::tempdir().expect("a folder");
        let notes = dir.path().join("notes.jpg");
        std::fs::write(&notes, "not a photo").expect("written");
        let Err(file) = run(ScanTask::file(notes)).boards else {
            panic!("text is no photo");
        };
        let task = ScanTask::bytes("notes.jpg".into(), b"not a photo".to_vec()).expect("small");
        let Err(upload) = run(task).boards else {
            panic!("text is no photo");
        };
        assert_eq!(upload, file);
        assert!(file.starts_with("not an image (JPEG or PNG)"), "{file}");
        // too big for the page: refused before it goes to the worker
        let limit = usize::try_from(UPLOAD_LIMIT).expect("a size");
        assert!(ScanTask::bytes("big.jpg".into(), vec![0; limit]).is_ok());
        let e = ScanTask::bytes("huge.png".into(), vec![0; limit + 1]).expect_err("too big");
        assert!(e.starts_with("the photo is too big (20.0 MB)"), "{e}");
        assert_eq!(
            upload_refused(31.4 * 1024.0 * 1024.0).as_deref(),
            Some(
                "the photo is too big (31.4 MB): the browser reads photos up to 20 MB; send a smaller one (a phone's photo of a sheet is 3 to 6 MB)"
            )
        );
        assert_eq!(upload_refused(5e6), None);
    }
}
