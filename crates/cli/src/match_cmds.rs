//! `scribe match`: two computer players (a level, the plain UCT test
//! opponent, the 2010 Android app's computer or random moves) play games,
//! colours alternating, or in pairs from the same random opening with
//! colours swapped.

use crate::ai_cmds::{
    MAX_BENCH_ITERATIONS, MAX_EXPLORATION, MAX_GAMES, MAX_SCALE, check_positive, check_range,
};
use crate::args::VariantArg;
use anyhow::bail;
use clap::builder::PossibleValue;
use clap::{Args, ValueEnum};
use scribe_ai::{
    Board, Level, MAX_GRID_WEIGHT, PlainUct, Rng, SearchConfig, Searcher, android_move,
};
use scribe_rules::{Player, Position, Square, Variant};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// A player in `scribe match`: a level, uniformly random moves, or the
/// 2010 Android app's computer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Contender {
    /// Uniformly random legal moves.
    Random,
    /// The 2010 Android app's computer: a random allowed mini grid, then the
    /// square there that most improves its tally minus the opponent's.
    Android,
    /// A level of the engine.
    Level(Level),
}

impl Contender {
    /// Every contender: random, android, then the levels weakest first.
    const ALL: [Contender; 2 + Level::ALL.len()] = {
        let mut all = [Contender::Random; 2 + Level::ALL.len()];
        all[1] = Contender::Android;
        let mut i = 0;
        while i < Level::ALL.len() {
            all[2 + i] = Contender::Level(Level::ALL[i]);
            i += 1;
        }
        all
    };

    fn level(self) -> Option<Level> {
        match self {
            Contender::Random | Contender::Android => None,
            Contender::Level(l) => Some(l),
        }
    }

    fn name(self) -> &'static str {
        match self {
            Contender::Random => "Random",
            Contender::Android => "Android",
            Contender::Level(l) => l.name(),
        }
    }
}

impl ValueEnum for Contender {
    fn value_variants<'a>() -> &'a [Self] {
        &Contender::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(match self {
            Contender::Random => PossibleValue::new("random").help("Uniformly random legal moves"),
            Contender::Android => PossibleValue::new("android").help(
                "The 2010 Android app's computer: a random allowed mini grid, then the \
                 square there that most improves its tally minus the opponent's",
            ),
            Contender::Level(l) => {
                PossibleValue::new(l.key()).help(format!("The {} level", l.name()))
            }
        })
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
    /// Override the search threads of player A (for tuning; 1 to 8).
    #[arg(long, hide = true)]
    pub threads_a: Option<usize>,
    /// Override the search threads of player B (for tuning; 1 to 8).
    #[arg(long, hide = true)]
    pub threads_b: Option<usize>,
    /// Override the grid weight of player A in Majority (for tuning; 0 to 8
    /// eighths of a playout's value from its mini grids).
    #[arg(long, hide = true)]
    pub grid_weight_a: Option<u32>,
    /// Override the grid weight of player B in Majority (for tuning; 0 to 8).
    #[arg(long, hide = true)]
    pub grid_weight_b: Option<u32>,
    /// Play in pairs: both games of a pair start from the same N uniformly
    /// random moves (1 to 20), with colours swapped; the pairs each player
    /// won are printed. --games must be even. 0: every game from the empty
    /// board.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub opening_moves: u32,
    /// A plays this colour in every game (x: first, o: second), to measure
    /// one side's play; the games' seeds are as without it. By default the
    /// colours alternate.
    #[arg(
        long,
        value_enum,
        value_name = "COLOUR",
        conflicts_with = "opening_moves"
    )]
    pub a_plays: Option<ColourArg>,
}

/// A colour on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColourArg {
    /// The first player.
    X,
    /// The second player.
    O,
}

/// The most search threads `scribe match --threads-a/-b` takes.
pub const MAX_THREADS: usize = 8;

/// The longest `scribe match --opening-moves`.
pub const MAX_OPENING_MOVES: u32 = 20;

/// The opening of pair `pair` (games `2 pair` and `2 pair + 1`) of a match
/// with base seed `seed`: `moves` uniformly random legal moves from the
/// empty board.
#[must_use]
pub fn opening(seed: u64, pair: u32, moves: u32) -> Vec<Square> {
    // a salt, so an opening's moves are not the first moves of a game's own
    // random numbers
    let mut rng = Rng::new(seed.wrapping_add(u64::from(pair)) ^ 0x0BE7_1A55_u64);
    let mut position = Position::new();
    let mut played = Vec::with_capacity(moves as usize);
    for _ in 0..moves {
        let Some(sq) = random_legal(&position, &mut rng) else {
            break;
        };
        if position.play(sq).is_err() {
            break;
        }
        played.push(sq);
    }
    played
}

/// A uniformly random legal move (`None` when the board is full): the
/// `random` player's move and an opening's.
fn random_legal(position: &Position, rng: &mut Rng) -> Option<Square> {
    let legal: Vec<Square> = position.legal_moves().iter().collect();
    if legal.is_empty() {
        return None;
    }
    Some(legal[rng.below(legal.len() as u32) as usize])
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
    /// Search threads overriding the levels' (tuning).
    pub threads: [Option<usize>; 2],
    /// Grid weights overriding the levels' (tuning).
    pub grid_weight: [Option<u32>; 2],
    /// A's colour in every game (`None`: alternating).
    pub a_plays: Option<ColourArg>,
    /// Random moves both games of a pair start from (0: none; see
    /// [`opening`]).
    pub opening_moves: u32,
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
    /// Mini grids A and B won.
    pub grids: [u8; 2],
    /// The random opening the game started from.
    pub opening: Vec<Square>,
}

impl Pairing {
    /// Plays game number `game` (from 0): A is X when `game` is even, and
    /// the game's seed is `seed + game`, as in `scribe match`. With
    /// `opening_moves`, games `2k` and `2k + 1` start from [`opening`]`(seed,
    /// k, opening_moves)`.
    pub(super) fn play(&self, game: u32, seed: u64) -> anyhow::Result<GameOutcome> {
        let variant = self.variant;
        let stop = AtomicBool::new(false);
        let opening = if self.opening_moves == 0 {
            Vec::new()
        } else {
            opening(seed, game / 2, self.opening_moves)
        };
        let seed = seed.wrapping_add(u64::from(game));
        let make = |i: usize| {
            let salt = [0xA, 0xB][i];
            match self.players[i] {
                MatchPlayer::PlainUct(n) => {
                    Side::Plain(Box::new(PlainUct::new(variant, n, seed ^ salt)))
                }
                MatchPlayer::Named(Contender::Android) => Side::Android(Rng::new(seed ^ salt)),
                MatchPlayer::Named(c) => match c.level() {
                    None => Side::Random(Rng::new(seed ^ salt)),
                    Some(level) => {
                        let mut config = SearchConfig::for_level(level).scaled(self.scale);
                        if let Some(e) = self.exploration[i] {
                            config.exploration = e;
                        }
                        if let Some(n) = self.playouts[i] {
                            config.iterations = n;
                        }
                        if let Some(t) = self.threads[i] {
                            config.threads = t;
                        }
                        if let Some(w) = self.grid_weight[i] {
                            config.grid_weight = w;
                        }
                        Side::Engine(Box::new(Searcher::with_config(
                            variant,
                            config,
                            seed ^ salt,
                        )))
                    }
                },
            }
        };
        let mut sides = [make(0), make(1)];
        // A is X in odd-numbered games (game index even), unless told.
        let a_is_x = match self.a_plays {
            None => game.is_multiple_of(2),
            Some(c) => c == ColourArg::X,
        };
        let mut think = [Duration::ZERO; 2];
        let mut moves_made = [0u32; 2];
        let mut position = Position::new();
        let mut moves: Vec<Square> = Vec::with_capacity(81);
        for &sq in &opening {
            position.play(sq)?;
            moves.push(sq);
        }
        while !position.is_over() {
            let x_to_move = position.to_move() == Player::X;
            let who = usize::from(x_to_move != a_is_x);
            let t0 = Instant::now();
            let sq = match &mut sides[who] {
                Side::Random(rng) => random_legal(&position, rng)
                    .ok_or_else(|| anyhow::anyhow!("no move on a board with empty squares"))?,
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
        let grids = result.majority.score;
        Ok(GameOutcome {
            a_is_x,
            a_won: (winner == Player::X) == a_is_x,
            score: score.map_or(String::new(), |s| format!(" {}-{}", s.x, s.o)),
            think,
            moves: moves_made,
            grids: if a_is_x {
                [grids.x, grids.o]
            } else {
                [grids.o, grids.x]
            },
            opening,
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
    for (option, t) in [
        ("--threads-a", args.threads_a),
        ("--threads-b", args.threads_b),
    ] {
        if let Some(t) = t {
            check_range(option, t, 1, MAX_THREADS, "")?;
        }
    }
    for (option, w) in [
        ("--grid-weight-a", args.grid_weight_a),
        ("--grid-weight-b", args.grid_weight_b),
    ] {
        if let Some(w) = w {
            check_range(option, w, 0, MAX_GRID_WEIGHT, "")?;
        }
    }
    check_range(
        "--opening-moves",
        args.opening_moves,
        0,
        MAX_OPENING_MOVES,
        "",
    )?;
    if args.opening_moves > 0 && !args.games.is_multiple_of(2) {
        bail!(
            "--games {} with --opening-moves: give an even number, each opening is played twice",
            args.games
        );
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
        threads: [args.threads_a, args.threads_b],
        grid_weight: [args.grid_weight_a, args.grid_weight_b],
        opening_moves: args.opening_moves,
        a_plays: args.a_plays,
    };
    if args.opening_moves > 0 {
        println!(
            "in pairs: each opening of {} random moves is played twice, colours swapped",
            args.opening_moves
        );
    }
    // Mini grids A and B took, and pairs A won, B won and split.
    let mut grids = [0u32; 2];
    let mut pairs = [0u32; 3];
    let mut first_of_pair_won = false;
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
            grids[i] += u32::from(g.grids[i]);
        }
        let from = if g.opening.is_empty() {
            String::new()
        } else {
            let squares: Vec<String> = g.opening.iter().map(ToString::to_string).collect();
            format!(" | from {}", squares.join(" "))
        };
        if args.opening_moves > 0 {
            if game.is_multiple_of(2) {
                first_of_pair_won = g.a_won;
            } else {
                pairs[match (first_of_pair_won, g.a_won) {
                    (true, true) => 0,
                    (false, false) => 1,
                    _ => 2,
                }] += 1;
            }
        }
        println!(
            "game {:>3}: X {} vs O {}: {} wins{} | A {} B {}{}",
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
            wins[1],
            from
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
    if args.opening_moves > 0 {
        println!(
            "pairs: A won {}, B won {}, {} split (both games of a pair to one player wins the pair)",
            pairs[0], pairs[1], pairs[2]
        );
    }
    println!("mini grids: A took {}, B took {}", grids[0], grids[1]);
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
            Ok(MatchPlayer::Named(Contender::Level(Level::Grandmaster)))
        );
        assert_eq!(
            parse_match_player("master"),
            Ok(MatchPlayer::Named(Contender::Level(Level::Master)))
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

    #[test]
    fn an_opening_is_random_legal_and_shared_by_its_pair() {
        for pair in 0..50 {
            let moves = opening(7, pair, 4);
            assert_eq!(moves.len(), 4);
            let mut p = Position::new();
            for &sq in &moves {
                assert!(p.play(sq).is_ok(), "pair {pair}: {moves:?}");
            }
            assert_eq!(
                opening(7, pair, 4),
                moves,
                "the same seed, the same opening"
            );
            // a longer opening starts with the shorter one
            assert_eq!(opening(7, pair, 9)[..4], moves[..]);
        }
        let distinct: std::collections::HashSet<Vec<Square>> =
            (0..50).map(|pair| opening(7, pair, 4)).collect();
        assert!(
            distinct.len() > 45,
            "{} openings of 50 differ",
            distinct.len()
        );
        assert!(opening(7, 0, 0).is_empty());
    }

    #[test]
    fn both_games_of_a_pair_start_from_its_opening_with_colours_swapped() {
        let pairing = Pairing {
            players: [
                MatchPlayer::Named(Contender::Random),
                MatchPlayer::Named(Contender::Android),
            ],
            variant: Variant::Majority,
            scale: 1.0,
            exploration: [None, None],
            playouts: [None, None],
            threads: [None, None],
            grid_weight: [None, None],
            a_plays: None,
            opening_moves: 4,
        };
        for pair in 0..5 {
            let first = pairing.play(2 * pair, 11).unwrap();
            let second = pairing.play(2 * pair + 1, 11).unwrap();
            assert_eq!(first.opening, opening(11, pair, 4));
            assert_eq!(second.opening, first.opening);
            assert!(first.a_is_x && !second.a_is_x);
            for g in [&first, &second] {
                assert_eq!(g.grids[0] + g.grids[1], 9);
                // the opening's moves are nobody's: 77 moves are left
                assert_eq!(g.moves[0] + g.moves[1], 77);
                // Majority: the winner took more mini grids
                assert_eq!(g.a_won, g.grids[0] > g.grids[1]);
            }
        }
    }
}
