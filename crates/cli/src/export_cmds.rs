//! `scribe boards` and `scribe export`: PDFs of blank boards and of games.

use super::GameSource;
use clap::{Args, ValueEnum};
use scribe_export::{self as export, GameExport, Paper, Template, TemplateError};
use scribe_fsio::write_atomic;
use std::path::PathBuf;

/// Paper sizes on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PaperArg {
    /// ISO A4 (210 x 297 mm).
    A4,
    /// US Letter (8.5 x 11 in).
    Letter,
}

impl From<PaperArg> for Paper {
    fn from(p: PaperArg) -> Paper {
        match p {
            PaperArg::A4 => Paper::A4,
            PaperArg::Letter => Paper::Letter,
        }
    }
}

/// Arguments of `scribe boards`.
#[derive(Debug, Clone, Args)]
pub struct BoardsArgs {
    /// The PDF to write.
    #[arg(short, long, value_name = "FILE.pdf")]
    pub output: PathBuf,
    /// Paper size of the built-in templates.
    #[arg(long, value_enum, default_value = "a4")]
    pub paper: PaperArg,
    /// Boards per page with the built-in templates (2 = the A4 car-trip sheet).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2))]
    pub per_page: u8,
    /// Number of pages.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=1000))]
    pub pages: u16,
    /// A RON template file instead of the built-in layouts (see templates/; at most 1 MiB).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["paper", "per_page"])]
    pub template: Option<PathBuf>,
    /// Also write where every square is printed, as JSON: `{"pages": [{"width": W, "height": H,
    /// "boards": [{"squares": [[x0, y0, x1, y1], ...81...]}]}]}` in PDF points from the page's
    /// top-left corner (y down), squares A1, B1, … I1, A2, … I9.
    #[arg(long, value_name = "FILE.json")]
    pub layout: Option<PathBuf>,
}

/// Arguments of `scribe export`.
#[derive(Debug, Clone, Args)]
pub struct ExportArgs {
    /// The game.
    #[command(flatten)]
    pub source: GameSource,
    /// The PDF to write.
    #[arg(short, long, value_name = "FILE.pdf")]
    pub output: PathBuf,
    /// Paper size.
    #[arg(long, value_enum, default_value = "a4")]
    pub paper: PaperArg,
    /// Draw the first player's marks as "+" (Steere's sheet) instead of "X".
    #[arg(long)]
    pub plus: bool,
    /// Add a page with the engine's review: the win-chance graph and each
    /// mistake and blunder with its better move (the save file's review if
    /// it has one for these moves, otherwise a new one at the default setting).
    #[arg(long)]
    pub analysis: bool,
}

pub(super) fn boards(args: &BoardsArgs) -> anyhow::Result<()> {
    super::check_output(&args.output)?;
    let template = match &args.template {
        Some(path) => Template::load(path).map_err(|e| match e {
            // The message names the file already.
            TemplateError::Io { .. } => anyhow::Error::new(e),
            e => anyhow::anyhow!("template {}: {e}", super::shown(path)),
        })?,
        None => Template::builtin(args.paper.into(), usize::from(args.per_page))?,
    };
    if let Some(layout) = &args.layout {
        super::check_output(layout)?;
    }
    let pdf = export::blank_boards(&template, usize::from(args.pages))?;
    write_atomic(&args.output, &pdf)?;
    if let Some(path) = &args.layout {
        let layout = export::blank_layout(&template, usize::from(args.pages));
        let mut json = serde_json::to_string(&layout)?;
        json.push('\n');
        write_atomic(path, json.as_bytes())?;
    }
    Ok(())
}

pub(super) fn export(args: &ExportArgs) -> anyhow::Result<()> {
    super::check_output(&args.output)?;
    let mut record = args.source.load()?;
    if !args.analysis {
        record.review = None;
    } else if record.game.moves().is_empty() {
        anyhow::bail!("--analysis: the game has no moves to review");
    } else {
        let fits = match record.review_of_game() {
            Ok(found) => found.is_some(),
            Err(e) => {
                eprintln!("note: the stored review does not fit the game ({e}): reviewing again");
                false
            }
        };
        if !fits {
            let config = super::review_config(None, None);
            let variant = record.variant;
            record.review = Some(Box::new(super::run_review(&record, variant, &config, 1)?));
        }
    }
    let opts = GameExport {
        paper: args.paper.into(),
        marks: scribe_record::MarkStyle::with_plus(args.plus),
    };
    let pdf = export::game_pdf_with(&record, &opts)?;
    write_atomic(&args.output, &pdf)
}
