//! `scribe analyze`: the engine reviews a game, move by move.

use super::GameSource;
use super::args::VariantArg;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use scribe_ai::review::{GameReview, MoveClass, MoveReview, ReviewConfig, review_game};
use scribe_fsio::write_atomic;
use scribe_record::{GameRecord, Review, chance_text, counted, review_json};
use scribe_rules::{Player, Variant};
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Arguments of `scribe analyze`.
#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// The game.
    #[command(flatten)]
    pub source: GameSource,
    /// The variant to judge by (default: the save file's; Majority for move lists).
    #[arg(long, value_enum)]
    pub variant: Option<VariantArg>,
    /// Search playouts per position (default 100000; the same seed gives the same review).
    #[arg(long, value_name = "N", conflicts_with = "think_ms",
          value_parser = clap::builder::RangedI64ValueParser::<u64>::new().range(100..=10_000_000))]
    pub playouts: Option<u64>,
    /// Think this many milliseconds per position instead (1 to 60000; the
    /// review then depends on the machine's speed).
    #[arg(long, value_name = "N", value_parser = clap::builder::RangedI64ValueParser::<u64>::new().range(1..=60_000))]
    pub think_ms: Option<u64>,
    /// Seed of the search's random numbers.
    #[arg(long, default_value_t = 1, value_parser = super::parse_seed)]
    pub seed: u64,
    /// Print one JSON object instead of the annotated move list.
    #[arg(long)]
    pub json: bool,
    /// Also write the game with its review as a save file (.ron).
    #[arg(short, long, value_name = "FILE.ron")]
    pub output: Option<PathBuf>,
}

/// The review settings for optional playouts or thinking time per position.
#[must_use]
pub fn review_config(playouts: Option<u64>, think_ms: Option<u64>) -> ReviewConfig {
    let mut config = ReviewConfig::default();
    if let Some(n) = playouts {
        config.iterations = n;
    }
    if let Some(ms) = think_ms {
        config.iterations = u64::MAX;
        config.time_limit = Some(Duration::from_millis(ms));
    }
    config
}

/// Reviews `record`'s game, with a progress bar on stderr when it is a terminal.
///
/// # Errors
/// An illegal move in the game (it was replayed already, so only a bug).
pub fn run_review(
    record: &GameRecord,
    variant: Variant,
    config: &ReviewConfig,
    seed: u64,
) -> anyhow::Result<Review> {
    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(0);
        if let Ok(style) = ProgressStyle::with_template(
            "reviewing {bar:40} {pos}/{len} positions, {elapsed} (about {eta} left)",
        ) {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    let stop = AtomicBool::new(false);
    let review = review_game(
        record.game.moves(),
        variant,
        config,
        seed,
        &mut |done, total| {
            bar.set_length(total as u64);
            bar.set_position(done as u64);
        },
        &stop,
    );
    bar.finish_and_clear();
    Ok(Review::from_engine(&review?, config, seed))
}

/// `scribe analyze`.
pub(super) fn analyze(args: &AnalyzeArgs) -> anyhow::Result<()> {
    // The output path is checked before the review (minutes of work).
    if let Some(path) = &args.output {
        super::check_output(path)?;
    }
    let mut record = args.source.load()?;
    let variant = args.variant.map_or(record.variant, Variant::from);
    if record.game.moves().is_empty() {
        anyhow::bail!("the game has no moves to review");
    }
    let config = review_config(args.playouts, args.think_ms);
    let stored = run_review(&record, variant, &config, args.seed)?;
    let review = stored.for_game(&record.game)?;
    let out = if args.json {
        let json = review_json(&record, &stored, &review);
        format!("{}\n", serde_json::to_string(&json)?)
    } else {
        review_text(&record, &stored, &review)
    };
    // The file first: on failure nothing is printed on stdout.
    if let Some(path) = &args.output {
        record.review = Some(Box::new(stored));
        record.review_note = None;
        write_atomic(path, record.to_ron().as_bytes())?;
    }
    print!("{out}");
    Ok(())
}

/// "X", or "X (Ann)" when the player has a name of their own (escaped).
fn who(record: &GameRecord, p: Player) -> String {
    scribe_record::terminal_who(record, p)
}

/// One move as a line of the annotated move list.
#[must_use]
pub fn move_line(m: &MoveReview) -> String {
    let played = format!("{}{}", m.played, m.class.suffix());
    let mut line = format!(
        "{:>3}. {} {:<5} {:>5} -> {:<5} {}",
        m.number,
        m.player,
        played,
        chance_text(m.win_before, m.proven_before),
        chance_text(m.win_after, m.proven_after),
        if m.forced { "forced" } else { m.class.name() }
    );
    if m.best != m.played && m.class > MoveClass::Good {
        let _ = write!(line, "; better {}", m.best);
    }
    line
}

/// The plain text of `scribe analyze`: a heading, the annotated move list,
/// each player's summary and the turning point.
#[must_use]
pub fn review_text(record: &GameRecord, stored: &Review, review: &GameReview) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Review of {} vs {}: {}",
        who(record, Player::X),
        who(record, Player::O),
        stored.settings_line()
    );
    let _ = writeln!(
        out,
        "Win chances are the mover's, before and after the move; ?! inaccuracy, ? mistake, ?? blunder."
    );
    for m in &review.moves {
        let _ = writeln!(out, "{}", move_line(m));
    }
    let _ = writeln!(out);
    for p in Player::ALL {
        let s = &review.players[p];
        let accuracy = s.accuracy.map_or("-".to_string(), |a| format!("{:.0}%", a));
        let _ = writeln!(
            out,
            "{}: accuracy {accuracy}, {}: {} best, {} good, {}, {}, {}",
            who(record, p),
            counted(s.moves, "move", "moves"),
            s.count(MoveClass::Best),
            s.count(MoveClass::Good),
            counted(s.count(MoveClass::Inaccuracy), "inaccuracy", "inaccuracies"),
            counted(s.count(MoveClass::Mistake), "mistake", "mistakes"),
            counted(s.count(MoveClass::Blunder), "blunder", "blunders"),
        );
    }
    match review
        .turning_point
        .and_then(|n| review.moves.get(n.wrapping_sub(1)))
    {
        Some(m) => {
            let _ = writeln!(
                out,
                "Turning point: move {}, {} {}{} ({} -> {}); better {}",
                m.number,
                m.player,
                m.played,
                m.class.suffix(),
                chance_text(m.win_before, m.proven_before),
                chance_text(m.win_after, m.proven_after),
                m.best
            );
        }
        None => {
            let _ = writeln!(out, "Turning point: none (no move lost much)");
        }
    }
    let pos = record.game.position();
    if pos.is_over()
        && let Some(w) = pos.result().winner(review.variant)
    {
        let _ = writeln!(out, "{} wins the {} game.", who(record, w), review.variant);
    } else if !pos.is_over() {
        let _ = writeln!(
            out,
            "The game is not finished ({} of 81 moves).",
            pos.moves_played()
        );
    }
    out
}

/// `scribe bench --review`: plays a Medium-against-Medium game from `seed`,
/// then times its review at the default setting on one thread.
pub(super) fn bench_review(seed: u64) -> anyhow::Result<()> {
    use scribe_ai::{Level, Searcher};
    use std::time::Instant;
    let stop = AtomicBool::new(false);
    let variant = Variant::Majority;
    let mut sides = [
        Searcher::new(variant, Level::Medium, seed),
        Searcher::new(variant, Level::Medium, seed ^ 0xB),
    ];
    let mut game = scribe_rules::Game::new();
    while !game.position().is_over() {
        let side = game.position().to_move().index();
        let sq = sides[side].think(game.moves(), &stop)?.best;
        game.play(sq)?;
    }
    let config = ReviewConfig::default();
    let start = Instant::now();
    let mut solved = 0;
    let review = review_game(game.moves(), variant, &config, seed, &mut |_, _| {}, &stop)?;
    let secs = start.elapsed().as_secs_f64();
    solved += review
        .moves
        .iter()
        .filter(|m| m.proven_before.is_some())
        .count();
    let classes: Vec<String> = MoveClass::ALL
        .iter()
        .map(|&c| {
            let n = review.moves.iter().filter(|m| m.class == c).count();
            format!("{n} {c}")
        })
        .collect();
    println!(
        "review: {} moves (Medium vs Medium, seed {seed}) at {} playouts a position, solver from {} empty squares: {:.2} s on one thread ({} positions proved; {})",
        review.moves.len(),
        config.iterations,
        config.solver_empties,
        secs,
        solved,
        classes.join(", ")
    );
    Ok(())
}
