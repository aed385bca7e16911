//! `scribe scribbage …`: roll the cubes, score a crossword, find the best
//! crossword for some letters, print a score sheet, measure the solver.

use super::PaperArg;
use anyhow::{Context, bail};
use clap::{Args, Subcommand};
use scribe_scribbage::{
    self as scribbage, Roll, ScoreSheet, SolverConfig, WordList, exhaustive, parse_file, solve,
};
use std::path::PathBuf;
use std::time::Instant;

/// `scribe scribbage` subcommands.
#[derive(Debug, Subcommand)]
pub enum ScribbageCommand {
    /// Roll the 13 cubes and print the faces on top (? is a joker).
    Roll {
        /// Seed of the roll (same seed, same roll); without it, a new roll each time.
        #[arg(long)]
        seed: Option<u64>,
        /// Print {"seed": N, "faces": ["A", …]} instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Score a crossword file (format: docs/COMPANIONS.md), or say what is wrong.
    Score {
        /// The crossword: rows of letters, . empty, ?E a joker as E; an optional "roll:" line first.
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
    /// Print the best crossword found for LETTERS, then its scoring lines.
    Best(BestArgs),
    /// Write a printable score sheet (players x turns, with the scoring lines).
    Sheet(SheetArgs),
    /// Measure the solver: time per roll, and how close it comes to an
    /// exhaustive search on small rolls.
    Bench(BenchArgs),
}

/// Arguments of `scribe scribbage best`.
#[derive(Debug, Clone, Args)]
pub struct BestArgs {
    /// The faces on top, e.g. AEINSTRLDG?QZ (1 to 13, each from a different cube; ? a joker).
    #[arg(value_name = "LETTERS")]
    pub letters: String,
    /// Crosswords kept at each level of the search.
    #[arg(long, default_value_t = SolverConfig::default().beam)]
    pub beam: usize,
    /// The most crosswords expanded.
    #[arg(long, default_value_t = SolverConfig::default().node_budget)]
    pub budget: u64,
    /// Breaks ties (same seed, same answer).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Try every crossword instead (for up to 8 cubes).
    #[arg(long)]
    pub exhaustive: bool,
}

/// Arguments of `scribe scribbage sheet`.
#[derive(Debug, Clone, Args)]
pub struct SheetArgs {
    /// The PDF to write.
    #[arg(short, long, value_name = "FILE.pdf")]
    pub output: PathBuf,
    /// Paper size.
    #[arg(long, value_enum, default_value = "a4")]
    pub paper: PaperArg,
    /// Players' names, comma-separated (blank columns if not given).
    #[arg(long, value_name = "NAMES")]
    pub players: Option<String>,
    /// Columns for players when no names are given.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(1..=6))]
    pub columns: u8,
    /// Turns (rows).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u8).range(1..=10))]
    pub turns: u8,
}

/// Arguments of `scribe scribbage bench`.
#[derive(Debug, Clone, Args)]
pub struct BenchArgs {
    /// Full rolls to solve.
    #[arg(long, default_value_t = 20)]
    pub rolls: u64,
    /// Small rolls to compare with the exhaustive search.
    #[arg(long, default_value_t = 20)]
    pub small: u64,
    /// Cubes in each small roll.
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u8).range(2..=8))]
    pub size: u8,
    /// Seed of the rolls.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

pub(super) fn run(cmd: &ScribbageCommand) -> anyhow::Result<()> {
    match cmd {
        ScribbageCommand::Roll { seed, json } => roll(*seed, *json),
        ScribbageCommand::Score { file } => score_file(file),
        ScribbageCommand::Best(args) => best(args),
        ScribbageCommand::Sheet(args) => sheet(args),
        ScribbageCommand::Bench(args) => bench(args),
    }
}

fn fresh_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

fn roll(seed: Option<u64>, json: bool) -> anyhow::Result<()> {
    let seed = seed.unwrap_or_else(fresh_seed);
    let r = Roll::seeded(seed);
    if json {
        let faces: Vec<String> = r.faces().iter().map(|f| f.char().to_string()).collect();
        println!("{}", serde_json::json!({ "seed": seed, "faces": faces }));
    } else {
        println!("roll: {r}");
        println!("seed {seed}");
    }
    Ok(())
}

fn score_file(path: &std::path::Path) -> anyhow::Result<()> {
    let shown = scribe_rules::escape_shown(&path.display().to_string(), 200);
    let text = scribe_fsio::read_text(path)?;
    let (roll, cw) = parse_file(&text).with_context(|| shown.clone())?;
    let s = scribbage::score(&cw, roll.as_ref(), WordList::builtin()).with_context(|| shown)?;
    for line in s.lines() {
        println!("{line}");
    }
    Ok(())
}

fn best(args: &BestArgs) -> anyhow::Result<()> {
    let roll = Roll::parse(&args.letters).context("LETTERS")?;
    let words = WordList::builtin();
    let found = if args.exhaustive {
        if roll.faces().len() > 8 {
            bail!(
                "--exhaustive: {} cubes is too many to try every crossword (at most 8)",
                roll.faces().len()
            );
        }
        exhaustive(&roll, words, 50_000_000)
            .context("--exhaustive: more than 50 million crosswords; give fewer letters")?
    } else {
        let cfg = SolverConfig {
            beam: args.beam,
            node_budget: args.budget,
            seed: args.seed,
        };
        solve(&roll, words, &cfg)
    };
    println!("roll: {roll}");
    if found.crossword.count() == 0 {
        println!("# no word can be made: every cube is left over");
    } else {
        print!("{}", found.crossword);
    }
    println!();
    for line in found.scoring.lines() {
        println!("{line}");
    }
    Ok(())
}

fn sheet(args: &SheetArgs) -> anyhow::Result<()> {
    scribe_fsio::install_cli_signal_cleanup()?;
    let names: Vec<String> = match &args.players {
        Some(list) => {
            let names: Vec<String> = list.split(',').map(|s| s.trim().to_string()).collect();
            if names.len() > 6 {
                bail!("--players: {} names; a sheet has room for 6", names.len());
            }
            ScoreSheet::new(names.clone(), scribbage::End::Turns(u32::from(args.turns)))
                .context("--players")?;
            names
        }
        None => vec![String::new(); usize::from(args.columns)],
    };
    let pdf =
        scribe_export::scribbage_sheet_pdf(&names, usize::from(args.turns), args.paper.into())?;
    scribe_fsio::write_atomic(&args.output, &pdf)
}

fn bench(args: &BenchArgs) -> anyhow::Result<()> {
    let t = Instant::now();
    let words = WordList::builtin();
    println!(
        "word list: {} words, read in {:.1?}",
        words.len(),
        t.elapsed()
    );
    let cfg = SolverConfig::default();
    let mut times = Vec::new();
    let mut scores = Vec::new();
    for i in 0..args.rolls {
        let roll = Roll::seeded(args.seed.wrapping_add(i));
        let t = Instant::now();
        let s = solve(&roll, words, &cfg);
        times.push(t.elapsed().as_secs_f64());
        scores.push(s.scoring.total());
        let again = scribbage::score(&s.crossword, Some(&roll), words);
        if again.as_ref().map(|a| a.total()) != Ok(s.scoring.total()) {
            bail!("the scorer does not accept the solver's crossword for {roll}");
        }
    }
    if !times.is_empty() {
        times.sort_by(f64::total_cmp);
        let mean = times.iter().sum::<f64>() / times.len() as f64;
        let avg = scores.iter().sum::<i64>() as f64 / scores.len() as f64;
        println!(
            "full rolls: {} solved (beam {}, budget {}), mean {:.2} s, median {:.2} s, max {:.2} s; mean best score {avg:.1}",
            times.len(),
            cfg.beam,
            cfg.node_budget,
            mean,
            times[times.len() / 2],
            times[times.len() - 1]
        );
    }
    let (mut same, mut beam_sum, mut best_sum, mut done) = (0, 0i64, 0i64, 0);
    let mut ex_time = 0.0;
    for i in 0..args.small {
        let full = Roll::seeded(args.seed.wrapping_add(1_000 + i));
        let faces: Vec<_> = full.faces()[..usize::from(args.size)].to_vec();
        let roll = Roll::from_faces(faces)?;
        let t = Instant::now();
        let Some(ex) = exhaustive(&roll, words, 20_000_000) else {
            println!("{roll}: too many crosswords to try, skipped");
            continue;
        };
        ex_time += t.elapsed().as_secs_f64();
        let b = solve(&roll, words, &cfg);
        done += 1;
        beam_sum += b.scoring.total();
        best_sum += ex.scoring.total();
        if b.scoring.total() == ex.scoring.total() {
            same += 1;
        }
    }
    if done > 0 {
        println!(
            "small rolls of {} cubes: solver found the true best on {same} of {done}; total {beam_sum} vs {best_sum} ({:.1}%); exhaustive mean {:.2} s",
            args.size,
            100.0 * beam_sum as f64 / best_sum.max(1) as f64,
            ex_time / f64::from(done)
        );
    }
    Ok(())
}
