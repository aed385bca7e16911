//! `scribe gum …`: the mother moth's tiles, tree sheets to print, and the
//! trees' balance figures.

use super::PaperArg;
use anyhow::Context;
use clap::Subcommand;
use scribe_gum::{self as gum, Achievement, Strategy, TREE_NAMES, balance, deal_game};
use std::path::PathBuf;

/// `scribe gum` subcommands.
#[derive(Debug, Subcommand)]
pub enum GumCommand {
    /// Print the three rounds' movement tiles in the order they are revealed.
    Tiles {
        /// Seed of the shuffle (same seed, same tiles); without it, a new deal.
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Write a printable tree sheet (our own trees).
    Sheet {
        /// The PDF to write.
        #[arg(short, long, value_name = "FILE.pdf")]
        output: PathBuf,
        /// The tree: ironbark or paperbark.
        #[arg(long, default_value = "ironbark")]
        tree: String,
        /// Paper size.
        #[arg(long, value_enum, default_value = "a4")]
        paper: PaperArg,
    },
    /// Play many simulated solo games on each tree and print the figures.
    Balance {
        /// Games per tree and player.
        #[arg(long, default_value_t = 2000)]
        games: u32,
        /// Seed of the games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

pub(super) fn run(cmd: &GumCommand) -> anyhow::Result<()> {
    match cmd {
        GumCommand::Tiles { seed } => {
            let seed = seed.unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos() as u64)
            });
            for (i, round) in deal_game(seed).iter().enumerate() {
                let names: Vec<&str> = round.revealed.iter().map(|t| t.name()).collect();
                println!("Round {}: {}", i + 1, names.join(", "));
            }
            Ok(())
        }
        GumCommand::Sheet {
            output,
            tree,
            paper,
        } => {
            scribe_fsio::install_cli_signal_cleanup()?;
            let t = named_tree(tree)?;
            let pdf = scribe_export::gum_sheet_pdf(&t, (*paper).into())?;
            scribe_fsio::write_atomic(output, &pdf)
        }
        GumCommand::Balance { games, seed } => {
            let solo = [
                Achievement::Canopy,
                Achievement::Threes,
                Achievement::Trails,
            ];
            for name in TREE_NAMES {
                let t = named_tree(name)?;
                for (label, s) in [("random", Strategy::Random), ("greedy", Strategy::Greedy)] {
                    for (mode, tiles) in [("basic", &[][..]), ("solo", &solo[..])] {
                        let b = balance(&t, s, tiles, *games, *seed);
                        println!(
                            "{name:9} {label:6} {mode:5} {} games: score mean {:.1} sd {:.1} range {}-{}; no legal line on {:.1}% of turns; {:.1} extra moves; column bonus {:.1}",
                            b.games,
                            b.mean,
                            b.sd,
                            b.range.0,
                            b.range.1,
                            100.0 * b.stuck_share,
                            b.extra_moves,
                            b.column_bonus
                        );
                    }
                }
            }
            Ok(())
        }
    }
}

fn named_tree(name: &str) -> anyhow::Result<gum::Tree> {
    gum::tree(name).with_context(|| {
        format!(
            "--tree {}: no such tree (give {})",
            scribe_rules::quote(name),
            TREE_NAMES.join(" or ")
        )
    })
}
