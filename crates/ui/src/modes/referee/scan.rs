//! Game → Scan a paper board…: a photo read on a worker
//! ([`scribe_scan::scan_straightened`]) opens in the paper board's editor.
//! Here: the boards read and the one open, each player's last move named
//! by the sheet (their one unslashed mark), and the photo beside the board.

use scribe_rules::{ByPlayer, Player, Square};
use scribe_scan::{ScannedBoard, Straightened};
use std::path::Path;
use std::sync::Arc;

/// Pixels a square in the straightened photo.
const PHOTO_SCALE: f32 = 40.0;

/// A photo read on a job: its boards, or why none (one line).
pub(super) struct Scanned {
    pub(super) name: String,
    pub(super) boards: Result<Vec<(ScannedBoard, Straightened)>, String>,
}

/// Reads the photo at `path` (on a worker): never a panic, an error in words.
pub(super) fn read(path: &Path) -> Scanned {
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let boards = match std::fs::read(path) {
        Err(e) => Err(format!("cannot read it: {e}")),
        Ok(bytes) => {
            std::panic::catch_unwind(|| scribe_scan::scan_straightened(&bytes, PHOTO_SCALE))
                .unwrap_or_else(|_| {
                    Err(scribe_scan::ScanError::NotAnImage(
                        "the reader stopped unexpectedly".to_string(),
                    ))
                })
                .map_err(|e| e.to_string())
        }
    };
    Scanned { name, boards }
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
