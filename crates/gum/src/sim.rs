//! Simulated players, to check that a tree plays well: a random player
//! (any allowed line, any food for a wild circle) and a greedy one (the
//! line that best raises its lowest column, then its food, then extra moves).

use super::achieve::{Achievement, Achievements};
use super::play::{Choice, Final, Sheet, winners};
use super::tiles::MotherMoth;
use super::tree::{Circle, Food, Tree};
use scribe_rng::Rng;

/// How a simulated player chooses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strategy {
    /// Uniformly among the allowed lines (and foods).
    Random,
    /// The best immediate gain.
    Greedy,
}

fn choices(tree: &Tree, opts: &[Choice]) -> Vec<(Choice, Option<Food>)> {
    let mut out = Vec::new();
    for &o in opts {
        if tree.nodes[o.to].circle == Circle::Wild {
            out.extend(Food::ALL.iter().map(|&f| (o, Some(f))));
        } else {
            out.push((o, None));
        }
    }
    out
}

fn pick(
    tree: &Tree,
    sheet: &Sheet,
    opts: &[Choice],
    s: Strategy,
    rng: &mut Rng,
) -> (Choice, Option<Food>) {
    let all = choices(tree, opts);
    match s {
        Strategy::Random => all[rng.below(all.len() as u32) as usize],
        Strategy::Greedy => {
            let mut best = (i64::MIN, all[0]);
            for &(o, w) in &all {
                let mut t = sheet.tracker();
                let (food, k) = match tree.nodes[o.to].circle {
                    Circle::Food(f, k) => (f, k),
                    _ => (w.unwrap_or(Food::Nut), 1),
                };
                let mut extra = 0;
                for _ in 0..k {
                    let c = food.column();
                    if t[c] < 15 {
                        if tree.tracker.arrows[c][usize::from(t[c])] {
                            extra += 1;
                        }
                        t[c] += 1;
                    }
                }
                let lowest = i64::from(*t.iter().min().unwrap_or(&0));
                let sum: i64 = t.iter().map(|&x| i64::from(x)).sum();
                let h = (10 * lowest + sum + 4 * extra) * 1000 + i64::from(rng.below(1000));
                if h > best.0 {
                    best = (h, (o, w));
                }
            }
            best.1
        }
    }
}

/// What one simulated game gave each player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameOutcome {
    /// Each player's final tally.
    pub finals: Vec<Final>,
    /// Each player's sheet at the end.
    pub sheets: Vec<Sheet>,
    /// The winners by the seed's tie rules.
    pub winners: Vec<usize>,
}

/// Plays a whole game on `tree`: the players' strategies, achievement tiles
/// (empty for the basic game; with one player and tiles, the solo rules).
#[must_use]
pub fn play_game(
    tree: &Tree,
    players: &[Strategy],
    tiles: &[Achievement],
    seed: u64,
) -> GameOutcome {
    let mut rng = Rng::new(seed ^ 0x5EED);
    let mut moth = MotherMoth::new(seed);
    let mut sheets: Vec<Sheet> = players.iter().map(|_| Sheet::new(tree)).collect();
    let mut ach = Achievements::new(tiles.to_vec(), players.len());
    let solo = players.len() == 1 && !tiles.is_empty();
    let mut round_started = 0;
    while let Some(tile) = moth.reveal() {
        if solo && moth.round() > round_started {
            round_started = moth.round();
            // flip the first tile not yet scored nor removed
            let open = (0..tiles.len()).find(|&i| ach.scored[0][i].is_none() && ach.worth(i) > 0);
            if let Some(i) = open {
                let _ = ach.solo_flip(i);
            }
        }
        for (p, sheet) in sheets.iter_mut().enumerate() {
            if !sheet.begin_turn(tree, tile) {
                continue;
            }
            while let Some(now) = sheet.now() {
                let opts = sheet.options(tree, now);
                let (o, w) = pick(tree, sheet, &opts, players[p], &mut rng);
                if sheet.draw(tree, o, w).is_err() {
                    break;
                }
            }
        }
        ach.check(tree, &sheets);
        if moth.round_over() {
            for s in &mut sheets {
                s.end_round(tree);
            }
        }
    }
    let finals: Vec<Final> = sheets
        .iter()
        .enumerate()
        .map(|(p, s)| Final {
            score: s.base_score(tree) + ach.points(p),
            column_bonus: s.column_bonus(tree),
        })
        .collect();
    let winners = winners(&finals);
    GameOutcome {
        finals,
        sheets,
        winners,
    }
}

/// Figures over many solo games of one strategy.
#[derive(Debug, Clone, PartialEq)]
pub struct Balance {
    /// Games played.
    pub games: u32,
    /// Mean final score.
    pub mean: f64,
    /// Standard deviation of the final score.
    pub sd: f64,
    /// Lowest and highest final score.
    pub range: (u32, u32),
    /// Share of turns on which the tile allowed no line.
    pub stuck_share: f64,
    /// Mean extra moves used per game.
    pub extra_moves: f64,
    /// Mean column bonus points per game.
    pub column_bonus: f64,
}

/// Plays `games` one-player games (with solo achievements if `tiles` is not
/// empty) and sums them up.
#[must_use]
pub fn balance(tree: &Tree, s: Strategy, tiles: &[Achievement], games: u32, seed: u64) -> Balance {
    let mut scores = Vec::new();
    let (mut stuck, mut extra, mut bonus) = (0u64, 0u64, 0u64);
    for g in 0..u64::from(games) {
        let out = play_game(
            tree,
            &[s],
            tiles,
            seed.wrapping_mul(1_000_003).wrapping_add(g),
        );
        scores.push(out.finals[0].score);
        stuck += u64::from(out.sheets[0].stuck_turns);
        extra += u64::from(out.sheets[0].extra_moves);
        bonus += u64::from(out.finals[0].column_bonus);
    }
    let n = f64::from(games.max(1));
    let mean = scores.iter().map(|&x| f64::from(x)).sum::<f64>() / n;
    let var = scores
        .iter()
        .map(|&x| (f64::from(x) - mean).powi(2))
        .sum::<f64>()
        / n;
    Balance {
        games,
        mean,
        sd: var.sqrt(),
        range: (
            scores.iter().copied().min().unwrap_or(0),
            scores.iter().copied().max().unwrap_or(0),
        ),
        stuck_share: stuck as f64 / (n * 21.0),
        extra_moves: extra as f64 / n,
        column_bonus: bonus as f64 / n,
    }
}
