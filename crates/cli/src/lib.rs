//! The `scribe` command line: every command, and the wiring of the layers
//! (the app itself is `scribe_ui`, which [`run`]'s default command starts).
//!
//! Modules, one a family of commands: `args` (arguments several share: a
//! level, a variant); `game_cmds`, `export_cmds`, `review_cmds`,
//! `pack_cmds`, `scan_cmds`, `library_cmds`, `scribbage_cmds`, `gum_cmds`;
//! `ai_cmds` (`scribe move`, `bench`; `solver_bench`: `bench --solver`);
//! `match_cmds` (`scribe match`: its paired openings, one game between two
//! players, shared by `rate_cmds`, the round robin, and `elo_fit`, the Elo
//! fit with its error bars); `online` (`scribe serve`'s flags, with
//! `serve_config` for `--config FILE`, and `scribe online`, one function a
//! command in `online/`); `online_bench` (`scribe bench --online`);
//! `admin_cmds` (`scribe serve backup`, `scribe admin`).

mod admin_cmds;
mod ai_cmds;
mod args;
mod elo_fit;
mod export_cmds;
mod game_cmds;
mod gum_cmds;
mod library_cmds;
mod match_cmds;
mod online;
mod online_bench;
mod pack_cmds;
mod rate_cmds;
mod review_cmds;
mod scan_cmds;
mod scribbage_cmds;
mod serve_config;
mod solver_bench;

pub use admin_cmds::{AdminArgs, AdminSub, ServeAction};
pub use ai_cmds::{BenchArgs, MoveArgs};
pub use args::{VariantArg, level_parser};
pub use export_cmds::{BoardsArgs, ExportArgs, PaperArg};
pub use gum_cmds::GumCommand;
pub use library_cmds::{FilterArgs, LibraryArgs, LibraryCommand};
pub use match_cmds::{Contender, MatchArgs};
pub use online::{LogFormatArg, OnlineArgs, OnlineCommand, ServeArgs, SyncArg};
pub use pack_cmds::{DifficultyArg, MAX_PUZZLES, PuzzlesArgs, paper_score_text};
pub use rate_cmds::RateArgs;
pub use review_cmds::{AnalyzeArgs, move_line, review_config, review_text, run_review};
pub use scan_cmds::ScanArgs;
pub use scribbage_cmds::{BenchArgs as ScribbageBenchArgs, BestArgs, ScribbageCommand, SheetArgs};
pub use scribe_online::{Client, Refusal, normalise_server};

use anyhow::bail;
use clap::{Args, Parser, Subcommand};
use scribe_record::{GameRecord, replay};
use std::path::{Path, PathBuf};

/// Play Mark Steere's pen-and-paper game Scribe. With no command, opens the
/// desktop app (on GAME, if given).
#[derive(Debug, Parser)]
#[command(
    name = "scribe",
    version,
    about,
    propagate_version = true,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// What to do; with none, the desktop app opens.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// A game to open in the app: a save file (.ron) or a move list.
    #[arg(value_name = "GAME")]
    pub file: Option<PathBuf>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print the text board, the tallies, whose turn it is and where they must play.
    Show(GameSource),
    /// Print the result of a game (both variants), or of a board as on paper (--board).
    #[command(mut_arg("path", |a| a.required_unless_present_any(["moves", "board"])))]
    Score {
        /// The game.
        #[command(flatten)]
        source: GameSource,
        /// Print the result as one line of JSON (the format in docs/FORMATS.md).
        #[arg(long)]
        json: bool,
        /// A board as on paper instead of a game: nine rows of nine marks
        /// (x X + for the first player, o O for the second, . - for empty).
        #[arg(long, value_name = "FILE", conflicts_with_all = ["path", "moves"])]
        board: Option<PathBuf>,
    },
    /// Write a PDF of blank boards to print (with the 19 glyphs in both margins).
    Boards(BoardsArgs),
    /// Read played paper boards from photos of sheets printed by `scribe boards`.
    Scan(ScanArgs),
    /// Write a PDF of a game: marks, scoring glyphs, tallies, results, move list.
    Export(ExportArgs),
    /// Let the computer choose a move; the square is printed on the last line.
    Move(MoveArgs),
    /// Measure the engine: random playouts per second (against a plain bitboard of the same
    /// rules) and search iterations per second.
    Bench(BenchArgs),
    /// Play levels (or a random player) against each other, colours alternating.
    Match(MatchArgs),
    /// Rate computer players on one Elo scale (the Android app's at 1000): a round robin, or --fit-only.
    Rate(RateArgs),
    /// Write a puzzle book: positions where exactly one move wins, solutions at the back.
    Puzzles(PuzzlesArgs),
    /// Review a game: each move's win chances, the better move, ?! ? ?? marks, a summary.
    Analyze(AnalyzeArgs),
    /// Scribbage (E. S. Lowe, 1963): roll, score a crossword, the best crossword, a score sheet.
    #[command(subcommand)]
    Scribbage(ScribbageCommand),
    /// Scribbly Gum (Phil Walker-Harding; unofficial): the tiles, tree sheets, balance figures.
    #[command(subcommand)]
    Gum(GumCommand),
    /// Run a Scribe server: accounts, challenges, live games, ratings (see docs/online/README.md).
    Serve(ServeArgs),
    /// Play on a Scribe server: signup, login, challenge, move, show, games, ...
    Online(OnlineArgs),
    /// Keep a Scribe server: players, reset-password, ban, unban, delete, reports.
    Admin(AdminArgs),
    /// The game library: list, stats, import, export (the app's data folder's by default).
    Library(LibraryArgs),
}

/// Where a game comes from: a save file, a move-list file, or `--moves`.
#[derive(Debug, Clone, Args)]
pub struct GameSource {
    /// A save file (.ron) or a text file holding a move list (at most 1 MiB).
    #[arg(value_name = "GAME", required_unless_present = "moves")]
    pub path: Option<PathBuf>,
    /// The moves inline instead of a file, e.g. "E5 C8 D6" ("" is the empty board).
    // A value starting with '-' ("-1 D6") is still the moves, so that the
    // bad token is named rather than taken for an option.
    #[arg(
        long,
        value_name = "MOVES",
        conflicts_with = "path",
        allow_hyphen_values = true
    )]
    pub moves: Option<String>,
}

impl GameSource {
    /// Loads the game, replaying every move through the rules.
    ///
    /// # Errors
    /// An unreadable file, a malformed save file, a bad square or an illegal
    /// move, each with a message naming where.
    pub fn load(&self) -> anyhow::Result<GameRecord> {
        if let Some(moves) = &self.moves {
            return Ok(GameRecord::from_game(replay(moves)?));
        }
        let Some(path) = &self.path else {
            bail!("give a GAME file or --moves");
        };
        load_game_file(path)
    }
}

/// Loads a save file or a move-list file (a regular file of at most
/// [`scribe_fsio::MAX_INPUT_BYTES`]); which one is told by the first
/// character that is not white space or a comment: `(` starts a save file.
///
/// # Errors
/// As [`GameSource::load`], prefixed with the path.
pub fn load_game_file(path: &std::path::Path) -> anyhow::Result<GameRecord> {
    let text = scribe_fsio::read_text(path)?;
    let record = GameRecord::from_text(&text).map_err(|e| {
        let hint = match e {
            scribe_record::GameTextError::Empty => "; the empty board is `--moves \"\"`",
            _ => "",
        };
        anyhow::anyhow!("{}: {e}{hint}", shown(path))
    })?;
    if let Some(note) = &record.review_note {
        eprintln!("note: {}: {note}", shown(path));
    }
    Ok(record)
}

/// A path as a message names it: control characters escaped, cut to 200 characters.
pub(crate) fn shown(path: &Path) -> String {
    scribe_rules::escape_shown(&path.display().to_string(), 200)
}

/// Checks an output path (`-o`) before the work that fills it: `-` is
/// refused (standard output is not written), then
/// [`scribe_fsio::check_output`]; a file with other names (hard links) gets
/// a note that only this name is replaced.
///
/// # Errors
/// `-`, or a path that cannot be written, naming it once.
pub(crate) fn check_output(path: &Path) -> anyhow::Result<()> {
    if path.as_os_str() == "-" {
        bail!(
            "-o -: writing to standard output is not supported; give a file name (`./-` for a file named -)"
        );
    }
    let check = scribe_fsio::check_output(path)?;
    if check.other_links > 0 {
        let n = check.other_links;
        eprintln!(
            "note: {} has {n} other name{} (hard link{}); it is replaced under this name only, the other name{} keep{} the old content",
            shown(path),
            if n == 1 { "" } else { "s" },
            if n == 1 { "" } else { "s" },
            if n == 1 { "" } else { "s" },
            if n == 1 { "s" } else { "" },
        );
    }
    Ok(())
}

/// The command line's definition, every option that takes a value
/// accepting a negative number as its value: `--seed -1` is then refused by
/// the option itself ("invalid value '-1' for '--seed'"), never with clap's
/// tip to write `-- -1`, which fails as well.
#[must_use]
pub fn command() -> clap::Command {
    fn negatives(cmd: clap::Command) -> clap::Command {
        cmd.mut_args(|a| {
            if a.get_action().takes_values() {
                a.allow_negative_numbers(true)
            } else {
                a
            }
        })
        .mut_subcommands(negatives)
    }
    negatives(<Cli as clap::CommandFactory>::command())
}

/// Parses the process's arguments with [`command`], exiting with clap's
/// message on a bad one.
#[must_use]
pub fn parse() -> Cli {
    let matches = command().get_matches();
    <Cli as clap::FromArgMatches>::from_arg_matches(&matches).unwrap_or_else(|e| e.exit())
}

/// A seed: a whole number from 0 (for clap).
///
/// # Errors
/// Anything else, in words.
pub fn parse_seed(text: &str) -> Result<u64, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("a seed is a whole number from 0 to {}", u64::MAX))
}

/// A whole number from 0 (for clap; the option checks its own range after).
///
/// # Errors
/// Anything else, in words.
pub fn parse_whole(text: &str) -> Result<u64, String> {
    text.trim()
        .parse()
        .map_err(|_| "give a whole number (0, 1, 2, ...)".to_string())
}

impl Cli {
    /// Whether this is a command that prints to a terminal or a pipe (not
    /// the desktop app and not `scribe serve`).
    #[must_use]
    pub fn prints_text(&self) -> bool {
        !matches!(self.command, None | Some(Command::Serve(_)))
    }
}

/// Runs the command line.
///
/// # Errors
/// Any failure, as one line for stderr.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        None => scribe_ui::run(cli.file),
        Some(Command::Show(source)) => game_cmds::show(&source.load()?),
        Some(Command::Score {
            board: Some(board),
            json,
            ..
        }) => pack_cmds::score_board(&board, json),
        Some(Command::Score { source, json, .. }) => game_cmds::score(&source.load()?, json),
        Some(Command::Boards(args)) => export_cmds::boards(&args),
        Some(Command::Scan(args)) => scan_cmds::scan(&args),
        Some(Command::Export(args)) => export_cmds::export(&args),
        Some(Command::Move(args)) => ai_cmds::choose(&args),
        Some(Command::Bench(args)) => ai_cmds::bench(&args),
        Some(Command::Match(args)) => match_cmds::play_match(&args),
        Some(Command::Rate(args)) => rate_cmds::rate(&args),
        Some(Command::Puzzles(args)) => pack_cmds::puzzles(&args),
        Some(Command::Analyze(args)) => review_cmds::analyze(&args),
        Some(Command::Scribbage(cmd)) => scribbage_cmds::run(&cmd),
        Some(Command::Gum(cmd)) => gum_cmds::run(&cmd),
        Some(Command::Serve(args)) => online::serve(&args),
        Some(Command::Online(args)) => online::online(&args),
        Some(Command::Admin(args)) => admin_cmds::admin(&args),
        Some(Command::Library(args)) => library_cmds::run(&args),
    }
}
