//! `scribe library`: list, statistics, import and export of the game
//! library (`crates/library`), the app's data folder's by default.

use super::{VariantArg, shown};
use anyhow::{Context, bail};
use clap::{Args, Subcommand};
use scribe_library::filter::{OpponentFilter, Prepared, sort};
use scribe_library::{Column, Filter, Imported, Library, ResultFilter, Stats};
use std::path::PathBuf;

/// Arguments of `scribe library`.
#[derive(Debug, Clone, Args)]
pub struct LibraryArgs {
    /// The library folder (default: the app's, `<data folder>/library`).
    #[arg(long, value_name = "DIR", global = true)]
    pub library: Option<PathBuf>,
    /// What to do.
    #[command(subcommand)]
    pub command: LibraryCommand,
}

/// The filters of `list` and `export`.
#[derive(Debug, Clone, Args)]
pub struct FilterArgs {
    /// Part of a player's name (any case).
    #[arg(long, value_name = "TEXT")]
    pub name: Option<String>,
    /// Only games of this variant.
    #[arg(long, value_enum)]
    pub variant: Option<VariantArg>,
    /// won, lost, drawn (for --me), in-progress or damaged.
    #[arg(long, value_parser = parse_result)]
    pub result: Option<ResultFilter>,
    /// person, computer, online, or a level (hard).
    #[arg(long, value_parser = parse_opponent)]
    pub opponent: Option<OpponentFilter>,
    /// From this day on (YYYY-MM-DD).
    #[arg(long, value_name = "DATE")]
    pub from: Option<chrono::NaiveDate>,
    /// Up to this day (YYYY-MM-DD).
    #[arg(long, value_name = "DATE")]
    pub to: Option<chrono::NaiveDate>,
    /// Whose wins and losses --result means (default: the person with the most games).
    #[arg(long, value_name = "NAME")]
    pub me: Option<String>,
}

fn parse_result(s: &str) -> Result<ResultFilter, String> {
    s.parse()
}

fn parse_opponent(s: &str) -> Result<OpponentFilter, String> {
    s.parse()
}

/// The subcommands of `scribe library`.
#[derive(Debug, Clone, Subcommand)]
pub enum LibraryCommand {
    /// List the games, newest first (damaged files last, with the reason).
    List {
        /// The filters.
        #[command(flatten)]
        filter: FilterArgs,
        /// One JSON array of games.
        #[arg(long)]
        json: bool,
    },
    /// Every player's games, wins and losses, by variant and by opponent.
    Stats {
        /// One JSON object: {"players": [{"name", "games", "wins", "losses",
        /// "variants", "opponents": [{"name", "games", "wins", "losses", "variants"}]}]}.
        #[arg(long)]
        json: bool,
    },
    /// Import save files or move lists, or whole folders; a game already there is skipped.
    Import {
        /// Files or folders.
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
    },
    /// Add N random games to the library (to try it at scale: the benchmark's generator).
    #[command(hide = true)]
    Generate {
        /// How many.
        #[arg(value_parser = clap::value_parser!(u32).range(1..=100_000))]
        count: u32,
        /// The same seed, the same games.
        #[arg(long, default_value_t = 1, value_parser = super::parse_seed)]
        seed: u64,
    },
    /// Write the chosen games as one PDF game book (newest first).
    Export {
        /// The PDF to write.
        #[arg(short, long, value_name = "FILE.pdf")]
        output: PathBuf,
        /// The filters.
        #[command(flatten)]
        filter: FilterArgs,
    },
}

fn open(args: &LibraryArgs) -> anyhow::Result<Library> {
    let dir = match &args.library {
        Some(d) => d.clone(),
        None => scribe_library::default_dir()
            .context("no data folder on this system: give --library DIR")?,
    };
    if dir.exists() && !dir.is_dir() {
        bail!("--library {}: not a folder", shown(&dir));
    }
    Ok(Library::open(&dir)?)
}

impl FilterArgs {
    fn filter(&self, lib: &Library) -> Filter {
        let me = self.me.clone().or_else(|| {
            self.result
                .and_then(|_| scribe_library::stats::likely_owner(&Stats::of(lib.entries())))
        });
        Filter {
            text: self.name.clone().unwrap_or_default(),
            variant: self.variant.map(Into::into),
            result: self.result,
            opponent: self.opponent,
            from: self.from,
            to: self.to,
            me,
        }
    }
}

/// The chosen games' indices, newest first.
fn chosen(lib: &Library, filter: &FilterArgs) -> Vec<usize> {
    let f = filter.filter(lib);
    let mut rows = f.apply(lib.entries(), &Prepared::new(lib.entries()));
    sort(lib.entries(), &mut rows, Column::Date, false);
    rows
}

pub(super) fn run(args: &LibraryArgs) -> anyhow::Result<()> {
    match &args.command {
        LibraryCommand::List { filter, json } => list(&open(args)?, filter, *json),
        LibraryCommand::Stats { json } => stats(&open(args)?, *json),
        LibraryCommand::Import { paths } => import(&mut open(args)?, paths),
        LibraryCommand::Generate { count, seed } => {
            let lib = open(args)?;
            let names = scribe_library::generate::write_games(lib.dir(), *count as usize, *seed)?;
            let lib = Library::open(lib.dir())?;
            println!(
                "{} games written; the library holds {}",
                names.len(),
                lib.entries().len()
            );
            Ok(())
        }
        LibraryCommand::Export { output, filter } => {
            super::check_output(output)?;
            export(&open(args)?, filter, output)
        }
    }
}

fn list(lib: &Library, filter: &FilterArgs, json: bool) -> anyhow::Result<()> {
    let rows = chosen(lib, filter);
    if json {
        let games: Vec<serde_json::Value> = rows
            .iter()
            .map(|&i| {
                let e = &lib.entries()[i];
                match &e.game {
                    Ok(s) => serde_json::json!({
                        "file": e.file,
                        "date": s.date().map(|d| d.to_rfc3339()),
                        "x": s.players.x.name,
                        "o": s.players.o.name,
                        "opponent": s.opponent.describe(),
                        "variant": s.variant.name(),
                        "state": match s.state {
                            scribe_library::State::InProgress => "in progress",
                            scribe_library::State::Finished => "finished",
                        },
                        "winner": s.winner.map(|p| s.players[p].name.clone()),
                        "majority": [s.majority.x, s.majority.o],
                        "super_glyph": s.super_glyph.map(|g| [g.x, g.o]),
                        "moves": s.moves,
                        "ending": s.ending_text(),
                    }),
                    Err(reason) => serde_json::json!({"file": e.file, "damaged": reason}),
                }
            })
            .collect();
        println!("{}", serde_json::Value::Array(games));
        return Ok(());
    }
    for &i in &rows {
        let e = &lib.entries()[i];
        match &e.game {
            Ok(s) => println!(
                "{}  {} vs {}  {}  {}  {}  {} moves  {}",
                s.date().map_or_else(
                    || "undated   ".to_string(),
                    |d| d.format("%Y-%m-%d").to_string()
                ),
                s.players.x.name,
                s.players.o.name,
                s.opponent.describe(),
                s.variant.name(),
                s.result_text(),
                s.moves,
                s.ending_text()
            ),
            Err(reason) => println!("damaged  {}: {reason}", e.file),
        }
    }
    println!("{} of {} games", rows.len(), lib.entries().len());
    Ok(())
}

fn stats(lib: &Library, json: bool) -> anyhow::Result<()> {
    let stats = Stats::of(lib.entries());
    if json {
        println!("{}", stats.to_json());
        return Ok(());
    }
    if stats.players.is_empty() {
        println!("no finished games");
    }
    for p in &stats.players {
        println!(
            "{}: {} games, {} won, {} lost ({:.0} %)",
            p.name,
            p.record.games,
            p.record.wins,
            p.record.losses,
            p.record.win_share() * 100.0
        );
        for o in &p.opponents {
            let margin = o
                .record
                .super_margin()
                .map_or_else(String::new, |m| format!(", Super Glyph margin {m:+.1}"));
            println!(
                "  against {}: {} games, {} won, {} lost ({:.0} %){margin}",
                o.name,
                o.record.games,
                o.record.wins,
                o.record.losses,
                o.record.win_share() * 100.0
            );
        }
        if let Some(s) = scribe_library::stats::suggestion(lib.entries(), &p.name) {
            println!("  {s}");
        }
    }
    Ok(())
}

fn import(lib: &mut Library, paths: &[PathBuf]) -> anyhow::Result<()> {
    let out = lib.import(paths);
    let (mut added, mut dups, mut refused) = (0, 0, 0);
    for (path, what) in &out {
        match what {
            Imported::Added(f) => {
                added += 1;
                println!("added {} as {f}", shown(path));
            }
            Imported::Duplicate(f) => {
                dups += 1;
                println!("already in the library: {} (as {f})", shown(path));
            }
            Imported::Refused(reason) => {
                refused += 1;
                eprintln!("not imported: {}: {reason}", shown(path));
            }
        }
    }
    println!("{added} added, {dups} already there, {refused} not games");
    if added + dups == 0 && refused > 0 {
        bail!("nothing imported");
    }
    Ok(())
}

fn export(lib: &Library, filter: &FilterArgs, output: &std::path::Path) -> anyhow::Result<()> {
    let rows = chosen(lib, filter);
    let mut records = Vec::new();
    for &i in &rows {
        let e = &lib.entries()[i];
        if e.summary().is_none() {
            continue;
        }
        records.push(lib.load(&e.file)?);
    }
    if records.is_empty() {
        bail!("no games match: nothing to export");
    }
    let pdf = scribe_export::game_book_pdf(&records, &scribe_export::GameExport::default())?;
    scribe_fsio::write_atomic(output, &pdf)?;
    println!("{} games written to {}", records.len(), shown(output));
    Ok(())
}
