//! `scribe scan PHOTO…`: played paper boards read from photos.

use scribe_record::parse_paper_board;
use scribe_rules::Player;
use scribe_scan::{LOW_CONFIDENCE, ScannedBoard};
use serde::Serialize;
use std::fmt::Write as _;
use std::path::PathBuf;

/// The largest photo read, bytes.
const MAX_PHOTO_BYTES: u64 = 64 << 20;

/// Arguments of `scribe scan`.
#[derive(Debug, Clone, clap::Args)]
pub struct ScanArgs {
    /// Photos (JPEG or PNG) of sheets printed by `scribe boards`.
    #[arg(value_name = "PHOTO", required = true)]
    pub photos: Vec<PathBuf>,
    /// Print `{"boards": [{"squares": [...81...], "slashed": [...81...], "confidence": [...81...]}]}`
    /// (squares A1, B1, … I9: "x", "o" or null; every board of every photo, in order).
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
struct BoardJson {
    squares: Vec<Option<&'static str>>,
    slashed: Vec<bool>,
    confidence: Vec<f64>,
}

#[derive(Serialize)]
struct ScanJson {
    boards: Vec<BoardJson>,
}

/// `scribe scan`: reads every photo first, so that nothing is printed
/// half-read; a photo that cannot be read is an error naming it.
pub(super) fn scan(args: &ScanArgs) -> anyhow::Result<()> {
    let mut read = Vec::new();
    let mut failures = Vec::new();
    for path in &args.photos {
        match read_photo(path) {
            Ok(boards) => read.push((path, boards)),
            Err(e) => failures.push(format!("{}: {e}", super::shown(path))),
        }
    }
    if !failures.is_empty() {
        anyhow::bail!("{}", failures.join("\n"));
    }
    if args.json {
        let boards = read
            .iter()
            .flat_map(|(_, b)| b.iter())
            .map(|b| BoardJson {
                squares: b
                    .squares
                    .iter()
                    .map(|m| m.map(|p| if p == Player::X { "x" } else { "o" }))
                    .collect(),
                slashed: b.slashed.to_vec(),
                confidence: b
                    .confidence
                    .iter()
                    .map(|&c| (f64::from(c) * 1000.0).round() / 1000.0)
                    .collect(),
            })
            .collect();
        println!("{}", serde_json::to_string(&ScanJson { boards })?);
        return Ok(());
    }
    let mut out = String::new();
    for (path, boards) in &read {
        for (k, b) in boards.iter().enumerate() {
            if !out.is_empty() {
                out.push('\n');
            }
            let _ = writeln!(
                out,
                "# {}, board {} of {}",
                super::shown(path),
                k + 1,
                boards.len()
            );
            out.push_str(&board_text(b));
        }
    }
    print!("{out}");
    Ok(())
}

fn read_photo(path: &std::path::Path) -> anyhow::Result<Vec<ScannedBoard>> {
    use std::io::Read as _;
    let file = std::fs::File::open(path).map_err(|e| anyhow::anyhow!("cannot read: {e}"))?;
    let mut bytes = Vec::new();
    file.take(MAX_PHOTO_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| anyhow::anyhow!("cannot read: {e}"))?;
    if bytes.len() as u64 > MAX_PHOTO_BYTES {
        anyhow::bail!("larger than {} MiB", MAX_PHOTO_BYTES >> 20);
    }
    Ok(scribe_scan::scan(&bytes)?)
}

/// The board as `scribe score --board` reads it (the live marks in capitals,
/// the slashed ones in lower case), the squares to check, then the referee.
#[must_use]
pub fn board_text(b: &ScannedBoard) -> String {
    let mut out = String::new();
    let unsure: Vec<String> = b
        .unsure()
        .iter()
        .map(|&i| {
            let sq = scribe_rules::Square::ALL[i];
            format!("{sq} ({:.0} %)", b.confidence[i] * 100.0)
        })
        .collect();
    if !unsure.is_empty() {
        let _ = writeln!(
            out,
            "# check (read with confidence below {:.0} %): {}",
            LOW_CONFIDENCE * 100.0,
            unsure.join(", ")
        );
    }
    let mut rows = String::from("   A B C D E F G H I\n");
    for r in 0..9 {
        let _ = write!(rows, "{} ", r + 1);
        for c in 0..9 {
            let i = r * 9 + c;
            let ch = match (b.squares[i], b.slashed[i]) {
                (None, _) => '.',
                (Some(Player::X), false) => 'X',
                (Some(Player::X), true) => 'x',
                (Some(Player::O), false) => 'O',
                (Some(Player::O), true) => 'o',
            };
            let _ = write!(rows, " {ch}");
        }
        rows.push('\n');
    }
    out.push_str(&rows);
    out.push('\n');
    match parse_paper_board(&rows) {
        Ok(position) => out.push_str(&super::game_cmds::result_lines(&position)),
        Err(e) => {
            let _ = writeln!(out, "The referee cannot score this board: {e}");
        }
    }
    out
}
