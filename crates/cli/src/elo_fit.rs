//! A batch Elo fit: every player's rating from pair results, by maximum
//! likelihood, for `scribe rate`.
//!
//! The model is Elo's (Bradley-Terry on a base-10 scale of 400):
//! P(a beats b) = 1 / (1 + 10^((Rb − Ra) / 400)). One player, the anchor,
//! is held at a fixed rating; the others maximise the likelihood of the
//! results by Newton's method (the log-likelihood is concave, so the
//! iteration converges from anywhere; a step that would lower it is
//! halved). A **prior** keeps a clean sweep finite: as in BayesElo, each
//! pair that played gets one drawn game more (half a win to each side).
//! The **error bar** of a rating is ±1.96 σ, σ from the inverse of the
//! (negated) Hessian of the log-posterior at the maximum, the anchor fixed:
//! it is the uncertainty of the difference from the anchor.
//!
//! Scribe has no draws, so the records are wins and losses only.

use std::collections::BTreeMap;

/// The virtual draws added to each pair that played (BayesElo's prior).
pub const PRIOR_DRAWS: f64 = 1.0;

/// ln(10) / 400: one Elo point in the logistic's units.
const K: f64 = std::f64::consts::LN_10 / 400.0;

/// What a pair of players played: the games each won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PairRecord {
    /// Games the first player won.
    pub wins_a: u32,
    /// Games the second player won.
    pub wins_b: u32,
}

/// One player's fitted rating.
#[derive(Debug, Clone, PartialEq)]
pub struct Rated {
    /// The player's name as given.
    pub name: String,
    /// The rating on the Elo scale (the anchor's is fixed).
    pub rating: f64,
    /// The 95 % error bar, ±1.96 σ (0 for the anchor).
    pub error: f64,
    /// Games played (real ones, not the prior's).
    pub games: u32,
    /// Games won.
    pub wins: u32,
}

/// Why a fit is impossible.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FitError {
    /// The anchor is not among the players.
    NoAnchor(String),
    /// Some players never played anyone linked (by games) to the anchor.
    Unlinked(Vec<String>),
}

impl std::fmt::Display for FitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FitError::NoAnchor(a) => write!(f, "the anchor {a} has played no games"),
            FitError::Unlinked(names) => write!(
                f,
                "{} played no one linked by games to the anchor: no rating on its scale",
                names.join(", ")
            ),
        }
    }
}

impl std::error::Error for FitError {}

/// Results between players: for each unordered pair, the games each won.
/// Players are kept in the order they first appear.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Results {
    players: Vec<String>,
    /// (i, j) with i < j → wins of i, wins of j.
    pairs: BTreeMap<(usize, usize), PairRecord>,
}

impl Results {
    /// No results.
    #[must_use]
    pub fn new() -> Results {
        Results::default()
    }

    /// Adds a player with no games yet (it is then listed, and a fit says
    /// it is unlinked until it plays).
    pub fn add_player(&mut self, name: &str) -> usize {
        if let Some(i) = self.players.iter().position(|p| p == name) {
            return i;
        }
        self.players.push(name.to_string());
        self.players.len() - 1
    }

    /// Adds games between `a` and `b`: `wins_a` won by `a`, `wins_b` by `b`
    /// (added to what the pair already has, in either order).
    pub fn add(&mut self, a: &str, b: &str, wins_a: u32, wins_b: u32) {
        let i = self.add_player(a);
        let j = self.add_player(b);
        if i == j {
            return;
        }
        let (key, (wa, wb)) = if i < j {
            ((i, j), (wins_a, wins_b))
        } else {
            ((j, i), (wins_b, wins_a))
        };
        let r = self.pairs.entry(key).or_default();
        r.wins_a += wa;
        r.wins_b += wb;
    }

    /// The games `a` and `b` have played against each other.
    #[must_use]
    pub fn games_between(&self, a: &str, b: &str) -> u32 {
        let find = |n: &str| self.players.iter().position(|p| p == n);
        match (find(a), find(b)) {
            (Some(i), Some(j)) if i != j => self
                .pairs
                .get(&(i.min(j), i.max(j)))
                .map_or(0, |r| r.wins_a + r.wins_b),
            _ => 0,
        }
    }

    /// Fits every player's rating, `anchor` held at `anchor_rating`.
    /// Players are returned in the order they first appeared.
    ///
    /// # Errors
    /// The anchor has no games, or a player is not linked to it by games.
    pub fn fit(&self, anchor: &str, anchor_rating: f64) -> Result<Vec<Rated>, FitError> {
        let n = self.players.len();
        let Some(a) = self.players.iter().position(|p| p == anchor) else {
            return Err(FitError::NoAnchor(anchor.to_string()));
        };
        // who is linked to the anchor by games
        let mut linked = vec![false; n];
        linked[a] = true;
        let mut changed = true;
        while changed {
            changed = false;
            for (&(i, j), r) in &self.pairs {
                if r.wins_a + r.wins_b > 0 && linked[i] != linked[j] {
                    linked[i] = true;
                    linked[j] = true;
                    changed = true;
                }
            }
        }
        let unlinked: Vec<String> = (0..n)
            .filter(|&i| !linked[i])
            .map(|i| self.players[i].clone())
            .collect();
        if !unlinked.is_empty() {
            if unlinked.len() == n - 1 {
                return Err(FitError::NoAnchor(anchor.to_string()));
            }
            return Err(FitError::Unlinked(unlinked));
        }
        // wins with the prior: w[i][j] = games i won against j
        let mut w = vec![vec![0.0f64; n]; n];
        for (&(i, j), r) in &self.pairs {
            if r.wins_a + r.wins_b == 0 {
                continue;
            }
            w[i][j] = f64::from(r.wins_a) + PRIOR_DRAWS / 2.0;
            w[j][i] = f64::from(r.wins_b) + PRIOR_DRAWS / 2.0;
        }
        // free parameters: every player but the anchor, in logistic units
        let free: Vec<usize> = (0..n).filter(|&i| i != a).collect();
        let mut r = vec![0.0f64; n];
        let log_lik = |r: &[f64]| -> f64 {
            let mut l = 0.0;
            for i in 0..n {
                for j in 0..n {
                    if w[i][j] > 0.0 {
                        l += w[i][j] * log_sigmoid(r[i] - r[j]);
                    }
                }
            }
            l
        };
        let mut info = vec![vec![0.0; free.len()]; free.len()];
        for _ in 0..100 {
            let (grad, h) = gradient_and_information(&w, &r, &free);
            info = h;
            let Some(step) = solve(&info, &grad) else {
                break;
            };
            let before = log_lik(&r);
            let mut scale = 1.0;
            let mut next = r.clone();
            for _ in 0..40 {
                for (k, &i) in free.iter().enumerate() {
                    next[i] = r[i] + scale * step[k];
                }
                if log_lik(&next) >= before - 1e-12 {
                    break;
                }
                scale /= 2.0;
            }
            let moved = free
                .iter()
                .map(|&i| (next[i] - r[i]).abs())
                .fold(0.0, f64::max);
            r = next;
            if moved < 1e-10 {
                let (_, h) = gradient_and_information(&w, &r, &free);
                info = h;
                break;
            }
        }
        let cov = invert(&info);
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            let sigma = free
                .iter()
                .position(|&f| f == i)
                .and_then(|k| cov.as_ref().map(|c| c[k][k].max(0.0).sqrt()))
                .unwrap_or(0.0);
            let (mut games, mut wins) = (0u32, 0u32);
            for (&(p, q), rec) in &self.pairs {
                if p == i {
                    games += rec.wins_a + rec.wins_b;
                    wins += rec.wins_a;
                } else if q == i {
                    games += rec.wins_a + rec.wins_b;
                    wins += rec.wins_b;
                }
            }
            out.push(Rated {
                name: self.players[i].clone(),
                rating: anchor_rating + (r[i] - r[a]) / K,
                error: 1.96 * sigma / K,
                games,
                wins,
            });
        }
        Ok(out)
    }
}

/// log σ(x) = −ln(1 + e^(−x)), without overflow.
fn log_sigmoid(x: f64) -> f64 {
    if x >= 0.0 {
        -(-x).exp().ln_1p()
    } else {
        x - x.exp().ln_1p()
    }
}

/// σ(x) = 1 / (1 + e^(−x)).
fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The log-likelihood's gradient over the free players, and the negated
/// Hessian (the observed information), both in logistic units.
fn gradient_and_information(
    w: &[Vec<f64>],
    r: &[f64],
    free: &[usize],
) -> (Vec<f64>, Vec<Vec<f64>>) {
    let n = r.len();
    let m = free.len();
    let slot = |i: usize| free.iter().position(|&f| f == i);
    let mut grad = vec![0.0; m];
    let mut info = vec![vec![0.0; m]; m];
    for i in 0..n {
        for j in (i + 1)..n {
            let games = w[i][j] + w[j][i];
            if games == 0.0 {
                continue;
            }
            let p = sigmoid(r[i] - r[j]);
            let g = w[i][j] - games * p; // d/dr_i; d/dr_j is −g
            let v = games * p * (1.0 - p);
            let (si, sj) = (slot(i), slot(j));
            if let Some(si) = si {
                grad[si] += g;
                info[si][si] += v;
            }
            if let Some(sj) = sj {
                grad[sj] -= g;
                info[sj][sj] += v;
            }
            if let (Some(si), Some(sj)) = (si, sj) {
                info[si][sj] -= v;
                info[sj][si] -= v;
            }
        }
    }
    (grad, info)
}

/// Solves `m x = b` by Gaussian elimination with partial pivoting; `None`
/// when `m` is singular.
fn solve(m: &[Vec<f64>], b: &[f64]) -> Option<Vec<f64>> {
    let n = b.len();
    let mut a: Vec<Vec<f64>> = m
        .iter()
        .zip(b)
        .map(|(row, &bi)| {
            let mut r = row.clone();
            r.push(bi);
            r
        })
        .collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() < 1e-300 {
            return None;
        }
        a.swap(col, pivot);
        for row in 0..n {
            if row != col {
                let f = a[row][col] / a[col][col];
                if f != 0.0 {
                    let pivot_row = a[col].clone();
                    for (x, p) in a[row].iter_mut().zip(&pivot_row).skip(col) {
                        *x -= f * p;
                    }
                }
            }
        }
    }
    Some((0..n).map(|i| a[i][n] / a[i][i]).collect())
}

/// The inverse of `m`, one column at a time; `None` when singular.
fn invert(m: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = m.len();
    let mut inv = vec![vec![0.0; n]; n];
    for c in 0..n {
        let mut e = vec![0.0; n];
        e[c] = 1.0;
        let col = solve(m, &e)?;
        for r in 0..n {
            inv[r][c] = col[r];
        }
    }
    Some(inv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use scribe_ai::Rng;

    /// Games drawn from players of known ratings: every pair plays `games`.
    fn simulate(ratings: &[f64], games: u32, seed: u64) -> Results {
        let mut rng = Rng::new(seed);
        let mut res = Results::new();
        for (i, &ri) in ratings.iter().enumerate() {
            for (j, &rj) in ratings.iter().enumerate().skip(i + 1) {
                let p = 1.0 / (1.0 + 10f64.powf((rj - ri) / 400.0));
                let mut wi = 0;
                for _ in 0..games {
                    let u = f64::from(rng.below(1_000_000)) / 1_000_000.0;
                    wi += u32::from(u < p);
                }
                res.add(&format!("p{i}"), &format!("p{j}"), wi, games - wi);
            }
        }
        res
    }

    #[test]
    fn known_ratings_come_back_within_the_error_bars() {
        let truth = [1000.0, 1150.0, 1300.0, 1380.0, 1500.0, 1700.0, 1850.0];
        let res = simulate(&truth, 200, 7);
        let fit = res.fit("p0", 1000.0).unwrap();
        let mut outside = 0;
        for (r, t) in fit.iter().zip(truth) {
            assert!(r.error > 0.0 || r.name == "p0", "{r:?}");
            assert!(
                (r.rating - t).abs() < 1.5 * r.error.max(1.0),
                "{} fitted {:.0} ± {:.0}, drawn at {t}",
                r.name,
                r.rating,
                r.error
            );
            outside += usize::from((r.rating - t).abs() > r.error);
        }
        // a 95 % bar: at most one of six may miss
        assert!(
            outside <= 1,
            "{outside} ratings outside their error bars: {fit:?}"
        );
    }

    #[test]
    fn the_anchor_stays_where_it_is_put() {
        let res = simulate(&[1000.0, 1400.0, 1800.0], 40, 3);
        for anchor_rating in [1000.0, 1500.0] {
            let fit = res.fit("p1", anchor_rating).unwrap();
            assert_eq!(fit[1].rating, anchor_rating);
            assert_eq!(fit[1].error, 0.0);
            // the others move with the anchor: the differences are the same
            let other = res.fit("p1", 0.0).unwrap();
            assert!(
                (fit[2].rating - fit[1].rating - (other[2].rating - other[1].rating)).abs() < 1e-6
            );
        }
    }

    #[test]
    fn identical_records_give_identical_ratings() {
        let mut res = Results::new();
        res.add("anchor", "a", 10, 10);
        res.add("anchor", "b", 10, 10);
        res.add("a", "c", 15, 5);
        res.add("b", "c", 15, 5);
        let fit = res.fit("anchor", 1000.0).unwrap();
        assert!((fit[1].rating - fit[2].rating).abs() < 1e-9, "{fit:?}");
        assert!((fit[1].error - fit[2].error).abs() < 1e-9, "{fit:?}");
        assert!((fit[1].rating - 1000.0).abs() < 1e-9, "{fit:?}");
        assert!(fit[3].rating < 1000.0, "{fit:?}");
    }

    #[test]
    fn a_clean_sweep_stays_finite() {
        let mut res = Results::new();
        res.add("android", "beginner", 19, 21);
        res.add("grandmaster", "beginner", 40, 0);
        let fit = res.fit("android", 1000.0).unwrap();
        let gm = &fit[2];
        assert!(gm.rating.is_finite() && gm.error.is_finite(), "{gm:?}");
        // 40.5 to 0.5 with the virtual draw: log10(81) * 400 above Beginner
        let step = gm.rating - fit[1].rating;
        assert!((step - 400.0 * 81f64.log10()).abs() < 1.0, "{step}");
        assert_eq!((gm.games, gm.wins), (40, 40));
    }

    #[test]
    fn more_games_shrink_the_error_bars() {
        let truth = [1000.0, 1200.0, 1500.0];
        let few = simulate(&truth, 20, 11).fit("p0", 1000.0).unwrap();
        let many = simulate(&truth, 200, 11).fit("p0", 1000.0).unwrap();
        for (f, m) in few.iter().zip(&many).skip(1) {
            assert!(m.error < f.error * 0.5, "{f:?} {m:?}");
        }
    }

    #[test]
    fn a_player_without_a_link_to_the_anchor_is_named() {
        let mut res = Results::new();
        res.add("android", "beginner", 20, 20);
        res.add("master", "expert", 30, 10);
        let e = res.fit("android", 1000.0).unwrap_err();
        assert_eq!(
            e,
            FitError::Unlinked(vec!["master".into(), "expert".into()])
        );
        assert!(matches!(
            res.fit("champion", 1000.0),
            Err(FitError::NoAnchor(_))
        ));
        // results in either order add up
        res.add("beginner", "android", 1, 0);
        assert_eq!(res.games_between("android", "beginner"), 41);
    }
}
