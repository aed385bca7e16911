//! `scribe move` and `scribe bench`: the computer opponent on the command
//! line (`scribe match` is [`crate::match_cmds`]).

use super::GameSource;
use super::args::{VariantArg, level_parser};
use anyhow::bail;
use clap::Args;
use scribe_ai::{Board, Level, Outcome, PlainBitboard, Rng, SearchConfig, Searcher, Tree};
use scribe_record::GameRecord;
use scribe_rules::{Player, Variant};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The longest `scribe move --think-ms`: 10 minutes.
pub const MAX_THINK_MS: u64 = 600_000;
/// The largest `scribe match --scale`.
pub const MAX_SCALE: f64 = 10.0;
/// The most games of one `scribe match`.
pub const MAX_GAMES: u32 = 10_000;
/// The largest exploration constant `scribe match` takes (the levels use about 0.5-1).
pub const MAX_EXPLORATION: f32 = 10.0;
/// The most random playouts of `scribe bench`.
pub const MAX_BENCH_PLAYOUTS: u64 = 100_000_000;
/// The most search iterations of `scribe bench`.
pub const MAX_BENCH_ITERATIONS: u64 = 10_000_000;

/// Refuses an option's value outside `lo..=hi` (NaN included), naming the
/// option, the value and the range.
pub(super) fn check_range<T: PartialOrd + std::fmt::Display>(
    option: &str,
    value: T,
    lo: T,
    hi: T,
    unit: &str,
) -> anyhow::Result<()> {
    if value >= lo && value <= hi {
        Ok(())
    } else {
        bail!("{option} {value} is out of range: give {lo} to {hi}{unit}")
    }
}

/// Refuses a value that is not above 0 and at most `hi` (NaN included).
pub(super) fn check_positive(option: &str, value: f64, hi: f64) -> anyhow::Result<()> {
    if value > 0.0 && value <= hi {
        Ok(())
    } else {
        // `{:?}` writes 1e300 as "1e300", not 301 digits.
        bail!("{option} {value:?} is out of range: give a number above 0 and at most {hi}")
    }
}

/// Arguments of `scribe move`.
#[derive(Debug, Args)]
pub struct MoveArgs {
    /// The game.
    #[command(flatten)]
    pub source: GameSource,
    /// How strongly to play.
    #[arg(long, value_parser = level_parser(), default_value = "medium")]
    pub level: Level,
    /// Think for this many milliseconds instead of the level's playout budget
    /// (1 to 600000, ten minutes).
    #[arg(long, value_name = "N", value_parser = super::parse_whole)]
    pub think_ms: Option<u64>,
    /// The variant to play for (default: the save file's; Majority for move lists).
    #[arg(long, value_enum)]
    pub variant: Option<VariantArg>,
    /// Seed of the search's random numbers (same seed, same move).
    #[arg(long, default_value_t = 1, value_parser = super::parse_seed)]
    pub seed: u64,
}

/// Arguments of `scribe bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Seed of the playouts and the search.
    #[arg(long, default_value_t = 1, value_parser = super::parse_seed)]
    pub seed: u64,
    /// Random playouts from the empty board (1 to 100000000).
    #[arg(long, default_value_t = 2_000_000, value_parser = super::parse_whole)]
    pub playouts: u64,
    /// Search iterations from the empty board, one thread (1 to 10000000).
    #[arg(long, default_value_t = 300_000, value_parser = super::parse_whole)]
    pub iterations: u64,
    /// Instead, time a game review (`scribe analyze`) at the default setting
    /// of an 81-move game of Medium against Medium, seeded by --seed.
    #[arg(long)]
    pub review: bool,
    /// Instead, time the exact endgame solver on positions from seeded games
    /// of a level against itself (--level, Medium unless told; both
    /// variants), and say who wins them with perfect play.
    #[arg(long, conflicts_with_all = ["review", "online"])]
    pub solver: bool,
    /// With --solver: the numbers of empty squares to solve at (1 to 80).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "20,24,28",
        requires = "solver"
    )]
    pub empties: Vec<u32>,
    /// With --solver: positions at each number of empty squares (1 to 1000).
    #[arg(long, default_value_t = 10, requires = "solver")]
    pub positions: u32,
    /// With --solver: the level playing both sides of the games the
    /// positions are taken from.
    #[arg(long, value_parser = level_parser(), default_value = "medium", requires = "solver")]
    pub level: Level,
    /// With --solver: the node budget of each position (1 to 10000000000).
    #[arg(long, default_value_t = 1_000_000_000, requires = "solver", value_parser = super::parse_whole)]
    pub solver_nodes: u64,
    /// Instead, load-test the online server (`scribe serve` on loopback):
    /// concurrent games, moves per second, move and live-event latency, memory.
    #[arg(long, conflicts_with = "review")]
    pub online: bool,
    /// With --online: the numbers of concurrent games, one level each.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "10,100,1000",
        requires = "online"
    )]
    pub games: Vec<usize>,
    /// With --online: the database (default: SQLite in a temporary folder).
    #[arg(long, value_name = "URL", requires = "online")]
    pub database: Option<String>,
    /// With --online: the longest a level plays, in seconds.
    #[arg(long, default_value_t = 20, requires = "online")]
    pub seconds: u64,
    /// With --online: SQLite commits synced to disk (`full`) or to the
    /// operating system (`normal`), as `scribe serve --sqlite-sync`.
    #[arg(
        long,
        value_name = "full|normal",
        default_value = "full",
        requires = "online"
    )]
    pub sqlite_sync: String,
    /// With --online: how long each player thinks before a move, in
    /// milliseconds (each pause drawn between half and one and a half
    /// times this). 0: every move at once, the server's most.
    #[arg(long, value_name = "MS", default_value_t = 0, requires = "online", value_parser = super::parse_whole)]
    pub think: u64,
    /// With --online: as many more players each play the server's computer
    /// at the same time, at the same pace (their games are not in the
    /// table's figures, which are people's games; a line of their own).
    #[arg(long, value_name = "N", default_value_t = 0, requires = "online")]
    pub computer_games: usize,
    /// With --online --computer-games: the computer's level.
    #[arg(long, value_parser = level_parser(), default_value = "medium", requires = "online")]
    pub computer_level: Level,
    /// With --online --computer-games: `scribe serve --computer-threads`.
    #[arg(long, value_name = "N", default_value_t = 1, requires = "online")]
    pub computer_threads: u16,
    /// With --online: as many spectators watch the people's games at the
    /// same time (32 from each address, named through X-Forwarded-For).
    #[arg(long, value_name = "N", default_value_t = 0, requires = "online")]
    pub spectators: usize,
    /// With --online: this many wrong sign-ins a second from one address
    /// at the same time (the server then limits sign-ins as by default).
    #[arg(long, value_name = "N", default_value_t = 0, requires = "online")]
    pub wrong_signins: u32,
}

/// `scribe move`: prints a line of search figures, then the square on the last line.
pub(super) fn choose(args: &MoveArgs) -> anyhow::Result<()> {
    if let Some(ms) = args.think_ms {
        check_range("--think-ms", ms, 1, MAX_THINK_MS, " (milliseconds)")?;
    }
    let record: GameRecord = args.source.load()?;
    let variant = args.variant.map_or(record.variant, Variant::from);
    let position = *record.game.position();
    if position.is_over() {
        bail!("the game is over: all 81 squares are filled, there is no move to choose");
    }
    let level = args.level;
    let mut config = SearchConfig::for_level(level);
    if let Some(ms) = args.think_ms {
        config.iterations = u64::MAX;
        config.time_limit = Some(Duration::from_millis(ms));
    }
    let mut searcher = Searcher::with_config(variant, config, args.seed);
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let thought = searcher.think_position(&position, &stop)?;
    let proof = match thought.proof {
        Some(true) => " (solved: a win)",
        Some(false) => " (solved: a loss against perfect play)",
        None => "",
    };
    println!(
        "{} {} ({}): {} playouts, {} nodes, {:.0} ms, win rate {}{}",
        level,
        position.to_move(),
        variant,
        thought.iterations,
        thought.nodes,
        start.elapsed().as_secs_f64() * 1000.0,
        if thought.win_rate.is_nan() {
            "n/a (only move)".to_string()
        } else {
            format!("{:.1}%", thought.win_rate * 100.0)
        },
        proof
    );
    println!("{}", thought.best);
    Ok(())
}

/// `scribe bench`: playouts per second (the engine's board and the plain
/// bitboard yardstick, and their ratio) and search iterations per second.
pub(super) fn bench(args: &BenchArgs) -> anyhow::Result<()> {
    if args.review {
        return super::review_cmds::bench_review(args.seed);
    }
    if args.solver {
        for &e in &args.empties {
            check_range("--empties", e, 1, 80, " empty squares")?;
        }
        check_range("--positions", args.positions, 1, 1000, "")?;
        check_range("--solver-nodes", args.solver_nodes, 1, 10_000_000_000, "")?;
        super::solver_bench::run(&super::solver_bench::SolverBench {
            empties: args.empties.clone(),
            positions: args.positions,
            level: args.level,
            nodes: args.solver_nodes,
            seed: args.seed,
        });
        return Ok(());
    }
    if args.online {
        if args.games.iter().any(|&g| g == 0 || g > 10_000) {
            anyhow::bail!("--games: each level is 1 to 10000 games");
        }
        return super::online_bench::run(&super::online_bench::OnlineBench {
            levels: args.games.clone(),
            database: args.database.clone(),
            seconds: args.seconds.clamp(1, 600),
            serve_flags: vec![
                "--sqlite-sync".into(),
                args.sqlite_sync.clone(),
                "--computer-threads".into(),
                args.computer_threads.clamp(1, 64).to_string(),
            ],
            think: Duration::from_millis(args.think.min(60_000)),
            computer_games: args.computer_games.min(10_000),
            computer_level: args.computer_level,
            spectators: args.spectators.min(20_000),
            flood_per_second: args.wrong_signins.min(10_000),
        });
    }
    check_range("--playouts", args.playouts, 1, MAX_BENCH_PLAYOUTS, "")?;
    check_range("--iterations", args.iterations, 1, MAX_BENCH_ITERATIONS, "")?;
    let mut rng = Rng::new(args.seed);
    let board = Board::new();
    let (secs, x_majority, x_super) = time_playouts(args.playouts, || board.playout(&mut rng));
    println!(
        "playouts: {} from the empty board in {:.3} s: {:.0} playouts/s (X wins {} Majority, {} Super Glyph)",
        args.playouts,
        secs,
        args.playouts as f64 / secs,
        x_majority,
        x_super
    );
    // the yardstick: the same rules as a plain bitboard, the same number of
    // playouts with the same seed
    let mut rng = Rng::new(args.seed);
    let plain = PlainBitboard::new();
    let (plain_secs, x_majority, x_super) =
        time_playouts(args.playouts, || plain.playout(&mut rng));
    println!(
        "plain bitboard: {} playouts in {:.3} s: {:.0} playouts/s (X wins {} Majority, {} Super Glyph); Board's rate is x{:.2} this one",
        args.playouts,
        plain_secs,
        args.playouts as f64 / plain_secs,
        x_majority,
        x_super,
        plain_secs / secs
    );

    let config = SearchConfig::for_level(Level::Hard);
    let mut tree = Tree::new(board, args.seed, config.max_nodes, config.exploration);
    let start = Instant::now();
    for _ in 0..args.iterations {
        tree.iterate(Variant::Majority);
    }
    let secs = start.elapsed().as_secs_f64();
    let best = tree
        .root_stats()
        .into_iter()
        .max_by_key(|s| (s.visits, std::cmp::Reverse(s.mv)))
        .map_or_else(|| "-".to_string(), |s| s.mv.square().to_string());
    println!(
        "search: {} iterations from the empty board in {:.3} s: {:.0} iterations/s ({} nodes, best {})",
        args.iterations,
        secs,
        args.iterations as f64 / secs,
        tree.len(),
        best
    );
    Ok(())
}

/// Times `n` playouts: (seconds, X's wins in Majority, X's wins in Super Glyph).
fn time_playouts(n: u64, mut playout: impl FnMut() -> Outcome) -> (f64, u64, u64) {
    let (mut x_majority, mut x_super) = (0u64, 0u64);
    let start = Instant::now();
    for _ in 0..n {
        let o = playout();
        x_majority += u64::from(o.winner(Variant::Majority) == Player::X);
        x_super += u64::from(o.winner(Variant::SuperGlyph) == Player::X);
    }
    (start.elapsed().as_secs_f64(), x_majority, x_super)
}
