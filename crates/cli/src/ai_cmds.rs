//! `scribe move`, `scribe bench` and `scribe match`: the computer opponent
//! on the command line.

use super::GameSource;
use super::args::{LevelArg, VariantArg};
use anyhow::bail;
use clap::{Args, ValueEnum};
use scribe_ai::{
    Board, Level, Outcome, PlainBitboard, PlainUct, Rng, SearchConfig, Searcher, Tree, android_move,
};
use scribe_record::GameRecord;
use scribe_rules::{Player, Position, Square, Variant};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// A player in `scribe match`: a level, uniformly random moves, or the
/// 2010 Android app's computer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Contender {
    /// Uniformly random legal moves.
    Random,
    /// The 2010 Android app's computer: a random allowed mini grid, then the
    /// square there that most improves its tally minus the opponent's.
    Android,
    /// The Beginner level.
    Beginner,
    /// The Easy level.
    Easy,
    /// The Medium level.
    Medium,
    /// The Hard level.
    Hard,
    /// The Expert level.
    Expert,
    /// The Master level.
    Master,
    /// The Grandmaster level.
    Grandmaster,
    /// The Champion level.
    Champion,
}

impl Contender {
    fn level(self) -> Option<Level> {
        match self {
            Contender::Random | Contender::Android => None,
            Contender::Beginner => Some(Level::Beginner),
            Contender::Easy => Some(Level::Easy),
            Contender::Medium => Some(Level::Medium),
            Contender::Hard => Some(Level::Hard),
            Contender::Expert => Some(Level::Expert),
            Contender::Master => Some(Level::Master),
            Contender::Grandmaster => Some(Level::Grandmaster),
            Contender::Champion => Some(Level::Champion),
        }
    }

    fn name(self) -> &'static str {
        match self {
            Contender::Random => "Random",
            Contender::Android => "Android",
            _ => self.level().map_or("?", Level::name),
        }
    }
}

/// The plain UCT's iterations a move when `plain-uct` names none.
pub const PLAIN_UCT_DEFAULT: u64 = 50_000;

/// A player of `scribe match`: a [`Contender`], or `plain-uct:N`, the
/// textbook plain UCT test opponent ([`PlainUct`]) with N iterations a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchPlayer {
    /// A level, random moves or the Android app's computer.
    Named(Contender),
    /// The plain UCT with this many iterations a move (not scaled by `--scale`).
    PlainUct(u64),
}

impl MatchPlayer {
    /// The name `scribe match` prints (`Grandmaster`, `PlainUCT:50000`).
    pub(super) fn name(self) -> String {
        match self {
            MatchPlayer::Named(c) => c.name().to_string(),
            MatchPlayer::PlainUct(n) => format!("PlainUCT:{n}"),
        }
    }
}

/// Parses `--a`/`--b` of `scribe match`: a contender's name, `plain-uct`
/// ([`PLAIN_UCT_DEFAULT`] iterations) or `plain-uct:N` (1 to 10000000).
pub(super) fn parse_match_player(s: &str) -> Result<MatchPlayer, String> {
    let t = s.trim().to_ascii_lowercase();
    if let Some(rest) = t.strip_prefix("plain-uct") {
        let n = match rest.strip_prefix(':') {
            None if rest.is_empty() => PLAIN_UCT_DEFAULT,
            Some(n) => n.replace('_', "").parse::<u64>().map_err(|_| {
                format!(
                    "'{s}': give plain-uct:N with N the iterations a move, e.g. plain-uct:50000"
                )
            })?,
            None => return Err(format!("'{s}' is not a player: did you mean plain-uct:N?")),
        };
        if !(1..=MAX_BENCH_ITERATIONS).contains(&n) {
            return Err(format!(
                "'{s}': the plain UCT's iterations are 1 to {MAX_BENCH_ITERATIONS}"
            ));
        }
        return Ok(MatchPlayer::PlainUct(n));
    }
    <Contender as ValueEnum>::from_str(&t, true)
        .map(MatchPlayer::Named)
        .map_err(|_| {
            let names: Vec<String> = Contender::value_variants()
                .iter()
                .filter_map(|c| c.to_possible_value().map(|v| v.get_name().to_string()))
                .collect();
            format!(
                "'{s}' is not a player: use {}, or plain-uct:N",
                names.join(", ")
            )
        })
}

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
    #[arg(long, value_enum, default_value = "medium")]
    pub level: LevelArg,
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
    #[arg(long, value_enum, default_value = "medium", requires = "online")]
    pub computer_level: LevelArg,
    /// With --online --computer-games: `scribe serve --computer-threads`.
    #[arg(long, value_name = "N", default_value_t = 1, requires = "online")]
    pub computer_threads: u16,
}

/// Arguments of `scribe match`.
#[derive(Debug, Args)]
pub struct MatchArgs {
    /// The first player (X in odd-numbered games): random, android,
    /// beginner, easy, medium, hard, expert, master, grandmaster, champion, or
    /// plain-uct:N (a textbook plain UCT, N iterations a move, default 50000).
    #[arg(long, value_name = "PLAYER", value_parser = parse_match_player)]
    pub a: MatchPlayer,
    /// The second player (X in even-numbered games), as --a.
    #[arg(long, value_name = "PLAYER", value_parser = parse_match_player)]
    pub b: MatchPlayer,
    /// Number of games (1 to 10000); colours alternate.
    #[arg(long, default_value_t = 20)]
    pub games: u32,
    /// The variant both play for.
    #[arg(long, value_enum, default_value = "majority")]
    pub variant: VariantArg,
    /// Base seed; game i uses seed + i.
    #[arg(long, default_value_t = 1, value_parser = super::parse_seed)]
    pub seed: u64,
    /// Multiply every level's playout and solver budgets by this factor
    /// (above 0, at most 10; 1 = real strength; smaller for quick matches).
    #[arg(long, default_value_t = 1.0)]
    pub scale: f64,
    /// Override the exploration constant of player A (for tuning; above 0, at most 10).
    #[arg(long, hide = true)]
    pub exploration_a: Option<f32>,
    /// Override the exploration constant of player B (for tuning; above 0, at most 10).
    #[arg(long, hide = true)]
    pub exploration_b: Option<f32>,
    /// Override the playouts a move of player A (for tuning levels; 1 to 10000000).
    #[arg(long, hide = true)]
    pub playouts_a: Option<u64>,
    /// Override the playouts a move of player B (for tuning levels; 1 to 10000000).
    #[arg(long, hide = true)]
    pub playouts_b: Option<u64>,
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
    let level = Level::from(args.level);
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
            computer_level: args.computer_level.into(),
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

/// One side of a match game.
enum Side {
    Random(Rng),
    Android(Rng),
    Engine(Box<Searcher>),
    Plain(Box<PlainUct>),
}

/// Two players of `scribe match` or `scribe rate` and how they play.
pub(super) struct Pairing {
    /// Player A and player B.
    pub players: [MatchPlayer; 2],
    /// The variant both play for.
    pub variant: Variant,
    /// `--scale`: every level's budgets multiplied by this.
    pub scale: f64,
    /// Exploration constants overriding the levels' (tuning).
    pub exploration: [Option<f32>; 2],
    /// Playouts a move overriding the levels' (tuning).
    pub playouts: [Option<u64>; 2],
}

/// One game of a [`Pairing`].
pub(super) struct GameOutcome {
    /// A played X.
    pub a_is_x: bool,
    /// A won.
    pub a_won: bool,
    /// The variant's score, " X-O" (empty when it has none).
    pub score: String,
    /// Time A and B spent choosing their moves.
    pub think: [Duration; 2],
    /// Moves A and B made.
    pub moves: [u32; 2],
}

impl Pairing {
    /// Plays game number `game` (from 0): A is X when `game` is even, and
    /// the game's seed is `seed + game`, as in `scribe match`.
    pub(super) fn play(&self, game: u32, seed: u64) -> anyhow::Result<GameOutcome> {
        let variant = self.variant;
        let stop = AtomicBool::new(false);
        let seed = seed.wrapping_add(u64::from(game));
        let make = |p: MatchPlayer, explore: Option<f32>, playouts: Option<u64>, salt: u64| match p
        {
            MatchPlayer::PlainUct(n) => {
                Side::Plain(Box::new(PlainUct::new(variant, n, seed ^ salt)))
            }
            MatchPlayer::Named(Contender::Android) => Side::Android(Rng::new(seed ^ salt)),
            MatchPlayer::Named(c) => match c.level() {
                None => Side::Random(Rng::new(seed ^ salt)),
                Some(level) => {
                    let mut config = SearchConfig::for_level(level).scaled(self.scale);
                    if let Some(e) = explore {
                        config.exploration = e;
                    }
                    if let Some(n) = playouts {
                        config.iterations = n;
                    }
                    Side::Engine(Box::new(Searcher::with_config(
                        variant,
                        config,
                        seed ^ salt,
                    )))
                }
            },
        };
        let mut sides = [
            make(self.players[0], self.exploration[0], self.playouts[0], 0xA),
            make(self.players[1], self.exploration[1], self.playouts[1], 0xB),
        ];
        // A is X in odd-numbered games (game index even).
        let a_is_x = game.is_multiple_of(2);
        let mut think = [Duration::ZERO; 2];
        let mut moves_made = [0u32; 2];
        let mut position = Position::new();
        let mut moves: Vec<Square> = Vec::with_capacity(81);
        while !position.is_over() {
            let x_to_move = position.to_move() == Player::X;
            let who = usize::from(x_to_move != a_is_x);
            let t0 = Instant::now();
            let sq = match &mut sides[who] {
                Side::Random(rng) => {
                    let legal: Vec<Square> = position.legal_moves().iter().collect();
                    legal[rng.below(legal.len() as u32) as usize]
                }
                Side::Android(rng) => android_move(&position, rng)
                    .ok_or_else(|| anyhow::anyhow!("no move on a board with empty squares"))?,
                Side::Engine(s) => s.think(&moves, &stop)?.best,
                Side::Plain(p) => p
                    .choose(&Board::from_position(&position))
                    .map(scribe_ai::Move::square)
                    .ok_or_else(|| anyhow::anyhow!("no move on a board with empty squares"))?,
            };
            think[who] += t0.elapsed();
            moves_made[who] += 1;
            position.play(sq)?;
            moves.push(sq);
        }
        let result = position.result();
        let winner = result
            .winner(variant)
            .ok_or_else(|| anyhow::anyhow!("a finished game without a winner"))?;
        let score = result.for_variant(variant).map(|r| r.score);
        Ok(GameOutcome {
            a_is_x,
            a_won: (winner == Player::X) == a_is_x,
            score: score.map_or(String::new(), |s| format!(" {}-{}", s.x, s.o)),
            think,
            moves: moves_made,
        })
    }
}

/// `scribe match`: plays games between two contenders and prints the score.
pub(super) fn play_match(args: &MatchArgs) -> anyhow::Result<()> {
    check_range("--games", args.games, 1, MAX_GAMES, "")?;
    check_positive("--scale", args.scale, MAX_SCALE)?;
    for (option, e) in [
        ("--exploration-a", args.exploration_a),
        ("--exploration-b", args.exploration_b),
    ] {
        if let Some(e) = e {
            check_positive(option, f64::from(e), f64::from(MAX_EXPLORATION))?;
        }
    }
    for (option, n) in [
        ("--playouts-a", args.playouts_a),
        ("--playouts-b", args.playouts_b),
    ] {
        if let Some(n) = n {
            check_range(option, n, 1, MAX_BENCH_ITERATIONS, "")?;
        }
    }
    let variant = Variant::from(args.variant);
    println!(
        "{} (A) vs {} (B), {} games, {}, budgets x{}, seed {}",
        args.a.name(),
        args.b.name(),
        args.games,
        variant,
        args.scale,
        args.seed
    );
    let pairing = Pairing {
        players: [args.a, args.b],
        variant,
        scale: args.scale,
        exploration: [args.exploration_a, args.exploration_b],
        playouts: [args.playouts_a, args.playouts_b],
    };
    let mut wins = [0u32; 2];
    // Games A won as [X, O], and games A played as [X, O].
    let mut a_won_as = [0u32; 2];
    let mut a_played_as = [0u32; 2];
    let mut think = [Duration::ZERO; 2];
    let mut moves_made = [0u32; 2];
    let started = Instant::now();
    for game in 0..args.games {
        let g = pairing.play(game, args.seed)?;
        wins[usize::from(!g.a_won)] += 1;
        a_played_as[usize::from(!g.a_is_x)] += 1;
        a_won_as[usize::from(!g.a_is_x)] += u32::from(g.a_won);
        for (i, (t, m)) in g.think.iter().zip(g.moves).enumerate() {
            think[i] += *t;
            moves_made[i] += m;
        }
        println!(
            "game {:>3}: X {} vs O {}: {} wins{} | A {} B {}",
            game + 1,
            if g.a_is_x {
                args.a.name()
            } else {
                args.b.name()
            },
            if g.a_is_x {
                args.b.name()
            } else {
                args.a.name()
            },
            if g.a_won { "A" } else { "B" },
            g.score,
            wins[0],
            wins[1]
        );
    }
    let x_wins = a_won_as[0] + (a_played_as[1] - a_won_as[1]);
    println!(
        "by colour: X won {}, O won {}; A won {} of {} as X and {} of {} as O",
        x_wins,
        args.games - x_wins,
        a_won_as[0],
        a_played_as[0],
        a_won_as[1],
        a_played_as[1]
    );
    let per_move = |i: usize| think[i].as_secs_f64() * 1000.0 / f64::from(moves_made[i].max(1));
    println!(
        "result: A {} {} - {} B {} ({:.0}% for A); {:.1} ms/move A, {:.1} ms/move B; {:.0} s",
        args.a.name(),
        wins[0],
        wins[1],
        args.b.name(),
        f64::from(wins[0]) * 100.0 / f64::from(args.games),
        per_move(0),
        per_move(1),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn match_players_parse() {
        assert_eq!(
            parse_match_player("plain-uct"),
            Ok(MatchPlayer::PlainUct(PLAIN_UCT_DEFAULT))
        );
        assert_eq!(
            parse_match_player("plain-uct:50_000"),
            Ok(MatchPlayer::PlainUct(50_000))
        );
        assert_eq!(
            parse_match_player("Grandmaster"),
            Ok(MatchPlayer::Named(Contender::Grandmaster))
        );
        assert_eq!(
            parse_match_player("master"),
            Ok(MatchPlayer::Named(Contender::Master))
        );
        for bad in [
            "plain-uct:0",
            "plain-uct:",
            "plain-uctx",
            "plain-uct:-3",
            "legend",
        ] {
            assert!(parse_match_player(bad).is_err(), "{bad}");
        }
        // every level is a contender of the same name
        for level in Level::ALL {
            let p = parse_match_player(level.name());
            assert_eq!(p.map(|p| p.name()), Ok(level.name().to_string()), "{level}");
        }
    }
}
