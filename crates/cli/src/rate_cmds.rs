//! `scribe rate`: a round robin of computer players and their ratings on
//! one Elo scale, the 2010 Android app's player anchored at 1000 (the fit
//! is [`crate::elo_fit`]).
//!
//! The results file has one line a pair: `PLAYER-A PLAYER-B WINS-A WINS-B`
//! (e.g. `grandmaster android 40 0`); `#` starts a comment, to the end of
//! the line; blank lines are skipped. Lines for the same pair (in either
//! order) add up. Players are spelt as in `scribe match` (any case).

use crate::ai_cmds::{MAX_GAMES, MAX_SCALE, check_positive, check_range};
use crate::args::VariantArg;
use crate::elo_fit::{PRIOR_DRAWS, Rated, Results};
use crate::match_cmds::{Contender, MatchPlayer, Pairing, parse_match_player};
use anyhow::{Context, bail};
use clap::{Args, ValueEnum};
use scribe_ai::Level;
use scribe_rules::Variant;
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The anchor of the scale and its rating.
pub const ANCHOR: (&str, f64) = ("android", 1000.0);

/// Arguments of `scribe rate`.
#[derive(Debug, Args)]
pub struct RateArgs {
    /// The players of the round robin, as `scribe match` names them
    /// (default: android and beginner to grandmaster; champion only when
    /// named, it takes about 1 s a move). android, the anchor, must be one.
    #[arg(value_name = "PLAYER", value_parser = parse_match_player)]
    pub players: Vec<MatchPlayer>,
    /// Games a pair (1 to 10000); colours alternate. A pair with this many
    /// in the results file already is not played again; one with fewer
    /// plays the rest.
    #[arg(long, default_value_t = 20)]
    pub games: u32,
    /// The variant all play for.
    #[arg(long, value_enum, default_value = "majority")]
    pub variant: VariantArg,
    /// Base seed; game i of a pair uses seed + i, as `scribe match`.
    #[arg(long, default_value_t = 1, value_parser = crate::parse_seed)]
    pub seed: u64,
    /// Multiply every level's playout and solver budgets by this factor
    /// (above 0, at most 10), as `scribe match --scale`.
    #[arg(long, default_value_t = 1.0)]
    pub scale: f64,
    /// Pair results: read before playing (those pairs are not played
    /// again), and each pair's result appended as it is played. One line a
    /// pair: `PLAYER-A PLAYER-B WINS-A WINS-B`, `#` comments.
    #[arg(long, value_name = "FILE")]
    pub results: Option<PathBuf>,
    /// Fit the ratings from --results without playing.
    #[arg(long, requires = "results")]
    pub fit_only: bool,
    /// Print the table as JSON.
    #[arg(long)]
    pub json: bool,
}

/// The default players: the anchor and Beginner to Grandmaster.
const DEFAULT_PLAYERS: [Contender; 8] = [
    Contender::Android,
    Contender::Level(Level::Beginner),
    Contender::Level(Level::Easy),
    Contender::Level(Level::Medium),
    Contender::Level(Level::Hard),
    Contender::Level(Level::Expert),
    Contender::Level(Level::Master),
    Contender::Level(Level::Grandmaster),
];

/// A player's name in the results file: `scribe match`'s spelling in
/// lower case (`grandmaster`, `plain-uct:50000`).
fn key(p: MatchPlayer) -> String {
    match p {
        MatchPlayer::Named(c) => c.to_possible_value().map_or_else(
            || p.name().to_ascii_lowercase(),
            |v| v.get_name().to_string(),
        ),
        MatchPlayer::PlainUct(n) => format!("plain-uct:{n}"),
    }
}

/// Reads a results file's text into `results`.
///
/// # Errors
/// A line that is not two players and two whole numbers, naming the line.
pub(crate) fn parse_results(text: &str, results: &mut Results) -> anyhow::Result<()> {
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [a, b, wa, wb] = fields[..] else {
            bail!(
                "line {}: '{}': give PLAYER-A PLAYER-B WINS-A WINS-B, e.g. `grandmaster android 40 0`",
                n + 1,
                scribe_rules::escape_shown(line, 80)
            );
        };
        let player =
            |s: &str| parse_match_player(s).map_err(|e| anyhow::anyhow!("line {}: {e}", n + 1));
        let (pa, pb) = (player(a)?, player(b)?);
        if pa == pb {
            bail!("line {}: a player against itself ({a})", n + 1);
        }
        let wins = |s: &str| {
            s.parse::<u32>()
                .ok()
                .filter(|&w| w <= 1_000_000)
                .ok_or_else(|| {
                    anyhow::anyhow!(
                        "line {}: '{}' is not a number of games won (0 to 1000000)",
                        n + 1,
                        scribe_rules::escape_shown(s, 20)
                    )
                })
        };
        results.add(&key(pa), &key(pb), wins(wa)?, wins(wb)?);
    }
    Ok(())
}

/// Reads the results file, or nothing when it does not exist yet and
/// `may_be_missing`.
fn load(path: &Path, may_be_missing: bool) -> anyhow::Result<Results> {
    let mut results = Results::new();
    if may_be_missing && !path.exists() {
        return Ok(results);
    }
    let text = scribe_fsio::read_text(path)?;
    parse_results(&text, &mut results).with_context(|| crate::shown(path))?;
    Ok(results)
}

/// Appends one pair's line to the results file (created if missing).
fn append(path: &Path, line: &str) -> anyhow::Result<()> {
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(|| format!("{}: cannot append", crate::shown(path)))?;
    writeln!(f, "{line}")
        .and_then(|()| f.sync_data())
        .with_context(|| format!("{}: cannot append", crate::shown(path)))
}

/// `scribe rate`: plays the pairs not yet played, then fits and prints.
pub(super) fn rate(args: &RateArgs) -> anyhow::Result<()> {
    check_range("--games", args.games, 1, MAX_GAMES, "")?;
    check_positive("--scale", args.scale, MAX_SCALE)?;
    let mut results = match &args.results {
        Some(path) => load(path, !args.fit_only)?,
        None => Results::new(),
    };
    // think time a move, per player, of the games played now
    let mut think: HashMap<String, (Duration, u32)> = HashMap::new();
    if !args.fit_only {
        let players: Vec<MatchPlayer> = if args.players.is_empty() {
            DEFAULT_PLAYERS.map(MatchPlayer::Named).to_vec()
        } else {
            args.players.clone()
        };
        if !players.iter().any(|&p| key(p) == ANCHOR.0) {
            bail!(
                "{} must play: it is the anchor of the scale, at {}",
                ANCHOR.0,
                ANCHOR.1
            );
        }
        for (i, p) in players.iter().enumerate() {
            if players[..i].contains(p) {
                bail!("{} is named twice", key(*p));
            }
        }
        play_round_robin(args, &players, &mut results, &mut think)?;
    }
    let rated = results
        .fit(ANCHOR.0, ANCHOR.1)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let think_ms = |name: &str| {
        think
            .get(name)
            .filter(|(_, moves)| *moves > 0)
            .map(|(d, moves)| d.as_secs_f64() * 1000.0 / f64::from(*moves))
    };
    if args.json {
        println!("{}", json(&rated, &think_ms));
    } else {
        print!("{}", table(&rated, &think_ms));
    }
    Ok(())
}

/// Plays every pair of `players` that has fewer than `--games` games in
/// `results`, appending each to the results file.
fn play_round_robin(
    args: &RateArgs,
    players: &[MatchPlayer],
    results: &mut Results,
    think: &mut HashMap<String, (Duration, u32)>,
) -> anyhow::Result<()> {
    let variant = Variant::from(args.variant);
    // the stronger (named later) is player A, as in the ladder's lines
    let mut todo = Vec::new();
    for (i, &b) in players.iter().enumerate() {
        for &a in &players[i + 1..] {
            let have = results.games_between(&key(a), &key(b));
            if have < args.games {
                todo.push((a, b, have));
            }
        }
    }
    let total: u64 = todo
        .iter()
        .map(|&(_, _, have)| u64::from(args.games - have))
        .sum();
    let bar = indicatif::ProgressBar::with_draw_target(
        Some(total),
        indicatif::ProgressDrawTarget::stderr(),
    );
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} games {pos}/{len} [{bar:30}] {elapsed} (eta {eta}) {msg}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    bar.enable_steady_tick(Duration::from_millis(200));
    for (a, b, have) in todo {
        bar.set_message(format!("{} vs {}", a.name(), b.name()));
        let pairing = Pairing {
            players: [a, b],
            variant,
            scale: args.scale,
            exploration: [None, None],
            playouts: [None, None],
            threads: [None, None],
            grid_weight: [None, None],
            a_plays: None,
            opening_moves: 0,
        };
        let mut wins = [0u32; 2];
        let mut pair_think = [(Duration::ZERO, 0u32); 2];
        for game in have..args.games {
            let g = pairing.play(game, args.seed)?;
            wins[usize::from(!g.a_won)] += 1;
            for (side, (t, m)) in pair_think.iter_mut().zip(g.think.iter().zip(g.moves)) {
                side.0 += *t;
                side.1 += m;
            }
            bar.inc(1);
        }
        let ms = |(d, m): (Duration, u32)| d.as_secs_f64() * 1000.0 / f64::from(m.max(1));
        let line = format!(
            "{} {} {} {}  # {} games from game {}, seed {}, {}, scale {}; {:.1} ms/move {}, {:.1} ms/move {}",
            key(a),
            key(b),
            wins[0],
            wins[1],
            args.games - have,
            have + 1,
            args.seed,
            variant,
            args.scale,
            ms(pair_think[0]),
            key(a),
            ms(pair_think[1]),
            key(b),
        );
        if let Some(path) = &args.results {
            append(path, &line)?;
        }
        // each pair's line as it is played (above the bar on a terminal)
        if bar.is_hidden() {
            eprintln!("{line}");
        } else {
            bar.println(&line);
        }
        results.add(&key(a), &key(b), wins[0], wins[1]);
        for (p, (d, m)) in [a, b].into_iter().zip(pair_think) {
            let t = think.entry(key(p)).or_default();
            t.0 += d;
            t.1 += m;
        }
    }
    bar.finish_and_clear();
    Ok(())
}

/// A player's name as the table shows it (`Grandmaster`).
fn shown_name(key: &str) -> String {
    parse_match_player(key).map_or_else(|_| key.to_string(), MatchPlayer::name)
}

/// The ratings, weakest first.
fn sorted(rated: &[Rated]) -> Vec<&Rated> {
    let mut v: Vec<&Rated> = rated.iter().collect();
    v.sort_by(|x, y| x.rating.total_cmp(&y.rating));
    v
}

/// The table: player, rating, ±, games, score, think time a move.
fn table(rated: &[Rated], think_ms: &dyn Fn(&str) -> Option<f64>) -> String {
    let mut out = format!(
        "{:<16} {:>6} {:>5} {:>6} {:>6} {:>12}\n",
        "player", "rating", "±", "games", "score", "ms a move"
    );
    for r in sorted(rated) {
        let err = if r.name == ANCHOR.0 {
            "anchor".to_string()
        } else {
            format!("{:.0}", r.error)
        };
        out.push_str(&format!(
            "{:<16} {:>6.0} {:>5} {:>6} {:>5.0}% {:>12}\n",
            shown_name(&r.name),
            r.rating,
            err,
            r.games,
            f64::from(r.wins) * 100.0 / f64::from(r.games.max(1)),
            think_ms(&r.name).map_or_else(|| "unknown".to_string(), |ms| format!("{ms:.1}")),
        ));
    }
    out.push_str(&format!(
        "Elo scale, {} anchored at {}; maximum likelihood with {} virtual drawn game a pair \
         that played; ± is 1.96 sigma (95 %) from the inverse Hessian, the anchor fixed\n",
        ANCHOR.0, ANCHOR.1, PRIOR_DRAWS
    ));
    out
}

/// The table as JSON.
fn json(rated: &[Rated], think_ms: &dyn Fn(&str) -> Option<f64>) -> serde_json::Value {
    let players: Vec<serde_json::Value> = sorted(rated)
        .into_iter()
        .map(|r| {
            serde_json::json!({
                "player": r.name,
                "name": shown_name(&r.name),
                "rating": (r.rating * 10.0).round() / 10.0,
                "error": (r.error * 10.0).round() / 10.0,
                "games": r.games,
                "wins": r.wins,
                "score": f64::from(r.wins) / f64::from(r.games.max(1)),
                "think_ms": think_ms(&r.name),
            })
        })
        .collect();
    serde_json::json!({
        "anchor": ANCHOR.0,
        "anchor_rating": ANCHOR.1,
        "prior_draws_a_pair": PRIOR_DRAWS,
        "error_bar": "1.96 sigma from the inverse Hessian, anchor fixed",
        "players": players,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_lines_parse_and_add_up() {
        let mut r = Results::new();
        parse_results(
            "# header\n\nbeginner android 21 19  # ladder\nAndroid Beginner 1 0\nplain-uct:50000 grandmaster 9 31\ngrandmaster beginner 20 0\n",
            &mut r,
        )
        .unwrap();
        assert_eq!(r.games_between("android", "beginner"), 41);
        assert_eq!(r.games_between("grandmaster", "plain-uct:50000"), 40);
        let fit = r.fit("android", 1000.0).unwrap();
        assert_eq!(fit.len(), 4);
        assert!(fit.iter().all(|p| p.rating.is_finite()));
    }

    #[test]
    fn bad_lines_are_named() {
        for (text, want) in [
            (
                "beginner android 21\n",
                "line 1: 'beginner android 21': give PLAYER-A",
            ),
            (
                "# x\nbeginer android 1 2\n",
                "line 2: 'beginer' is not a player",
            ),
            (
                "easy android 1 -2\n",
                "line 1: '-2' is not a number of games won",
            ),
            ("easy easy 1 2\n", "line 1: a player against itself (easy)"),
        ] {
            let e = parse_results(text, &mut Results::new())
                .unwrap_err()
                .to_string();
            assert!(e.starts_with(want), "{e}");
        }
    }

    #[test]
    fn the_table_names_the_anchor_and_unknown_times() {
        let mut r = Results::new();
        r.add("grandmaster", "android", 40, 0);
        let fit = r.fit("android", 1000.0).unwrap();
        let t = table(&fit, &|n| (n == "android").then_some(0.1));
        assert!(t.contains("Android            1000 anchor"), "{t}");
        assert!(t.contains("Grandmaster") && t.contains("unknown"), "{t}");
        let j = json(&fit, &|_| None);
        assert_eq!(j["players"][1]["name"], "Grandmaster");
        assert_eq!(j["players"][0]["rating"], 1000.0);
    }
}
