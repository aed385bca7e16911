//! The car-trip pack: `scribe score --board` (the paper-board referee) and
//! `scribe puzzles` (the puzzle book).

use super::export_cmds::PaperArg;
use super::{VariantArg, level_parser};
use clap::{Args, ValueEnum};
use scribe_ai::{Difficulty, Goal, Level, Puzzle, PuzzleConfig, SearchConfig, generate_puzzles};
use scribe_export::{self as export, PuzzleExport};
use scribe_fsio::write_atomic;
use scribe_record::{paper_score_json, parse_paper_board, text_board};
use scribe_rules::{Player, Position, Variant};
use serde::Serialize;
use std::fmt::Write as _;
use std::io::IsTerminal as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The most puzzles one run makes.
pub const MAX_PUZZLES: u16 = 200;

/// A difficulty on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DifficultyArg {
    /// 6 to 11 empty squares.
    Easy,
    /// 12 to 14 empty squares.
    Medium,
    /// 15 to 18 empty squares.
    Hard,
}

impl From<DifficultyArg> for Difficulty {
    fn from(d: DifficultyArg) -> Difficulty {
        match d {
            DifficultyArg::Easy => Difficulty::Easy,
            DifficultyArg::Medium => Difficulty::Medium,
            DifficultyArg::Hard => Difficulty::Hard,
        }
    }
}

/// Arguments of `scribe puzzles`.
#[derive(Debug, Clone, Args)]
pub struct PuzzlesArgs {
    /// The PDF to write (puzzles, then the solutions on the last page).
    #[arg(short, long, value_name = "FILE.pdf", required_unless_present = "json")]
    pub output: Option<PathBuf>,
    /// How many puzzles.
    #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u16).range(1..=i64::from(MAX_PUZZLES)))]
    pub count: u16,
    /// Seed of the self-play games (same seed, same puzzles).
    #[arg(long, default_value_t = 1, value_parser = super::parse_seed)]
    pub seed: u64,
    /// The variant the puzzles' games are won in.
    #[arg(long, value_enum, default_value = "majority")]
    pub variant: VariantArg,
    /// How far ahead one has to see (how many squares are still empty).
    #[arg(long, value_enum, default_value = "medium")]
    pub difficulty: DifficultyArg,
    /// Print the puzzles as a JSON array on stdout.
    #[arg(long)]
    pub json: bool,
    /// Paper size.
    #[arg(long, value_enum, default_value = "a4")]
    pub paper: PaperArg,
    /// Draw the first player's marks as "+" (Steere's sheet) instead of "X".
    #[arg(long)]
    pub plus: bool,
    /// The engine level of the self-play games (default Medium; for tests).
    #[arg(long, value_parser = level_parser(), hide = true)]
    pub play_level: Option<Level>,
}

/// `scribe score --board FILE`.
pub(super) fn score_board(path: &Path, json: bool) -> anyhow::Result<()> {
    let text = scribe_fsio::read_text(path)?;
    let position =
        parse_paper_board(&text).map_err(|e| anyhow::anyhow!("{}: {e}", super::shown(path)))?;
    if json {
        println!("{}", serde_json::to_string(&paper_score_json(&position))?);
    } else {
        print!("{}", paper_score_text(&position));
    }
    Ok(())
}

/// Text for `scribe score --board` without `--json`: the board as read,
/// then each mini grid's tallies, glyphs and winner, and both variants.
#[must_use]
pub fn paper_score_text(position: &Position) -> String {
    let mut out = text_board(position);
    out.push('\n');
    out.push_str(&super::game_cmds::result_lines(position));
    let _ = writeln!(
        out,
        "Marks: {} of 81 (X {}, O {})",
        position.moves_played(),
        position.moves_played().div_ceil(2),
        position.moves_played() / 2
    );
    out
}

/// One puzzle in `scribe puzzles --json`.
#[derive(Debug, Serialize)]
struct PuzzleJson {
    moves: String,
    variant: &'static str,
    to_move: &'static str,
    answer: String,
    goal: String,
    difficulty: &'static str,
}

fn puzzle_json(p: &Puzzle) -> PuzzleJson {
    PuzzleJson {
        moves: scribe_record::format_move_list(&p.moves),
        variant: match p.variant {
            Variant::Majority => "majority",
            Variant::SuperGlyph => "super",
        },
        to_move: match p.to_move {
            Player::X => "X",
            Player::O => "O",
        },
        answer: p.answer.to_string(),
        goal: match p.goal {
            Goal::Game => "game".to_string(),
            Goal::Grid(g) => format!("grid {}", g.number()),
        },
        difficulty: p.difficulty.name(),
    }
}

/// `scribe puzzles`.
pub(super) fn puzzles(args: &PuzzlesArgs) -> anyhow::Result<()> {
    if let Some(path) = &args.output {
        super::check_output(path)?;
    }
    let mut config = PuzzleConfig::new(
        usize::from(args.count),
        args.seed,
        Variant::from(args.variant),
        Difficulty::from(args.difficulty),
    );
    if let Some(level) = args.play_level {
        config.play = SearchConfig::for_level(level);
    }
    let stop = AtomicBool::new(false);
    let started = Instant::now();
    let bar = progress_bar(u64::from(args.count));
    let made = generate_puzzles(&config, &stop, |n| bar.set_position(n as u64));
    bar.finish_and_clear();
    let puzzles = made?;
    if let Some(path) = &args.output {
        let opts = PuzzleExport {
            paper: args.paper.into(),
            marks: scribe_record::MarkStyle::with_plus(args.plus),
        };
        let pdf = export::puzzles_pdf(&puzzles, &opts)?;
        write_atomic(path, &pdf)?;
    }
    if args.json {
        let list: Vec<PuzzleJson> = puzzles.iter().map(puzzle_json).collect();
        println!("{}", serde_json::to_string(&list)?);
    }
    if std::io::stderr().is_terminal() {
        eprintln!(
            "{} {} in {:.1} s",
            puzzles.len(),
            if puzzles.len() == 1 {
                format!("{} puzzle", Difficulty::from(args.difficulty).name())
            } else {
                format!("{} puzzles", Difficulty::from(args.difficulty).name())
            },
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

/// A progress bar on stderr, drawn only when stderr is a terminal.
fn progress_bar(len: u64) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::with_draw_target(
        Some(len),
        indicatif::ProgressDrawTarget::stderr(),
    );
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} puzzles {pos}/{len} [{bar:30}] {elapsed}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    bar
}
