//! Finding a high-scoring crossword for a roll.
//!
//! [`solve`] is a beam search over crosswords built word by word, as in a
//! crossword game: the first word across, then each word laid through (or
//! against) the letters already down, every run it makes checked against the
//! word list, so every crossword on the way is legal. Each level keeps the
//! `beam` best crosswords (score so far, the cubes left over subtracted);
//! the search stops when no crossword grows or after `node_budget`
//! expansions. Same roll, same settings, same answer.
//!
//! [`exhaustive`] is the reference for small rolls: it grows crosswords
//! square by square in every way (any letter of the roll, a joker as any
//! letter), keeping only those whose runs are all pieces of words, so it
//! finds the true best crossword; it is slow past eight cubes.

use super::crossword::{Crossword, Tile};
use super::cubes::{Letter, Roll};
use super::score::{Scoring, score_unchecked};
use super::words::WordList;
use std::collections::{HashMap, HashSet};

/// Side of the search grid: a crossword of 13 cubes started in the middle fits.
const N: usize = 27;
/// The middle square.
const MID: usize = 13 * N + 13;
const JOKER: u8 = 0x40;

/// Settings of [`solve`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolverConfig {
    /// Crosswords kept at each level.
    pub beam: usize,
    /// The most crosswords expanded in all.
    pub node_budget: u64,
    /// Breaks ties between equal scores (the same seed, the same answer).
    pub seed: u64,
}

impl Default for SolverConfig {
    fn default() -> SolverConfig {
        SolverConfig {
            beam: 60,
            node_budget: 600,
            seed: 1,
        }
    }
}

/// A crossword found, its scoring, and the work done.
#[derive(Debug, Clone)]
pub struct Solution {
    /// The crossword (trimmed); empty if no word can be made.
    pub crossword: Crossword,
    /// Its scoring.
    pub scoring: Scoring,
    /// Crosswords expanded (or, for [`exhaustive`], visited).
    pub nodes: u64,
    /// Whether the search ran to the end (not cut by its budget).
    pub complete: bool,
}

/// A word that the roll can make, with jokers.
struct Cand {
    letters: Vec<u8>,
    counts: [u8; 26],
}

/// The words the roll's faces can make, and a fast membership test.
struct Lexicon {
    cands: Vec<Cand>,
    /// For each letter: (word, position of the letter in it).
    by_letter: Vec<Vec<(u32, u8)>>,
    set: HashSet<u128>,
}

fn pack(letters: impl Iterator<Item = u8>) -> u128 {
    letters.fold(0u128, |acc, l| (acc << 5) | u128::from(l + 1))
}

fn makeable(word_counts: &[u8; 26], have: &[u8; 26], jokers: u8) -> bool {
    let short: u32 = (0..26)
        .map(|i| u32::from(word_counts[i].saturating_sub(have[i])))
        .sum();
    short <= u32::from(jokers)
}

impl Lexicon {
    fn new(words: &WordList, have: &[u8; 26], jokers: u8, total: usize) -> Lexicon {
        let mut cands = Vec::new();
        let mut set = HashSet::new();
        for w in words.words() {
            if w.len() > total {
                continue;
            }
            let letters: Vec<u8> = w.bytes().map(|b| b - b'a').collect();
            let mut counts = [0u8; 26];
            for &l in &letters {
                counts[usize::from(l)] += 1;
            }
            if makeable(&counts, have, jokers) {
                set.insert(pack(letters.iter().copied()));
                cands.push(Cand { letters, counts });
            }
        }
        let mut by_letter = vec![Vec::new(); 26];
        for (i, c) in cands.iter().enumerate() {
            for (p, &l) in c.letters.iter().enumerate() {
                by_letter[usize::from(l)].push((i as u32, p as u8));
            }
        }
        Lexicon {
            cands,
            by_letter,
            set,
        }
    }
}

/// A crossword under construction on the search grid.
#[derive(Clone)]
struct State {
    grid: Vec<u8>,
    rack: [u8; 26],
    jokers: u8,
    cells: Vec<usize>,
    score: i64,
}

impl State {
    fn new(have: [u8; 26], jokers: u8) -> State {
        State {
            grid: vec![0; N * N],
            rack: have,
            jokers,
            cells: Vec::new(),
            score: 0,
        }
    }

    fn letter(&self, i: usize) -> Option<u8> {
        match self.grid[i] {
            0 => None,
            v => Some((v & 0x1f) - 1),
        }
    }

    /// Words' values less the cubes left over.
    fn evaluate(&self) -> i64 {
        let mut total: i64 = 0;
        for &step in &[1usize, N] {
            for &c in &self.cells {
                // count each run from its first square
                if c >= step && self.grid[c - step] != 0 {
                    continue;
                }
                if self.grid[c + step] == 0 {
                    continue;
                }
                let mut i = c;
                while self.grid[i] != 0 {
                    total += i64::from(tile_value(self.grid[i]));
                    i += step;
                }
            }
        }
        let left: u32 = (0..26)
            .map(|l| u32::from(self.rack[l]) * Letter::from_index(l).value())
            .sum();
        total - i64::from(left)
    }

    fn key(&self) -> Vec<u16> {
        let r0 = self.cells.iter().map(|c| c / N).min().unwrap_or(0);
        let c0 = self.cells.iter().map(|c| c % N).min().unwrap_or(0);
        let mut k: Vec<u16> = self
            .cells
            .iter()
            .map(|&c| (((c / N - r0) * N + (c % N - c0)) as u16) << 7 | u16::from(self.grid[c]))
            .collect();
        k.sort_unstable();
        k
    }

    fn crossword(&self) -> Crossword {
        let mut cw = Crossword::empty(N, N);
        for &c in &self.cells {
            let v = self.grid[c];
            let l = Letter::from_index(usize::from((v & 0x1f) - 1));
            let t = if v & JOKER != 0 {
                Tile::joker(l)
            } else {
                Tile::letter(l)
            };
            cw.set(c / N, c % N, Some(t));
        }
        cw.trimmed()
    }

    /// Lays `word` from `start` along `step`; `None` if it does not fit.
    fn lay(&self, lex: &Lexicon, word: &[u8], start: usize, step: usize) -> Option<State> {
        let len = word.len();
        let (r, c) = (start / N, start % N);
        let end = start + (len - 1) * step;
        if step == 1 && (c + len > N - 1 || c == 0) || step == N && (r + len > N - 1 || r == 0) {
            return None;
        }
        if self.grid[start - step] != 0 || self.grid[end + step] != 0 {
            return None;
        }
        let mut next = self.clone();
        let mut new = 0;
        let mut touches = self.cells.is_empty();
        for (k, &l) in word.iter().enumerate() {
            let i = start + k * step;
            match self.letter(i) {
                Some(have) if have == l => touches = true,
                Some(_) => return None,
                None => {
                    let v = if next.rack[usize::from(l)] > 0 {
                        next.rack[usize::from(l)] -= 1;
                        l + 1
                    } else if next.jokers > 0 {
                        next.jokers -= 1;
                        (l + 1) | JOKER
                    } else {
                        return None;
                    };
                    next.grid[i] = v;
                    next.cells.push(i);
                    new += 1;
                }
            }
        }
        if new == 0 {
            return None;
        }
        // the cross runs through each new square
        let cross = if step == 1 { N } else { 1 };
        for &i in &next.cells[self.cells.len()..] {
            let mut a = i;
            while a >= cross && next.grid[a - cross] != 0 {
                a -= cross;
            }
            let mut b = i;
            while next.grid[b + cross] != 0 {
                b += cross;
            }
            if a != b {
                touches = true;
                let run = (0..=(b - a) / cross).map(|k| (next.grid[a + k * cross] & 0x1f) - 1);
                if !lex.set.contains(&pack(run)) {
                    return None;
                }
            }
        }
        if !touches {
            return None;
        }
        next.score = next.evaluate();
        Some(next)
    }

    /// Every crossword one word larger.
    fn children(&self, lex: &Lexicon) -> Vec<State> {
        let mut out = Vec::new();
        if self.cells.is_empty() {
            for c in &lex.cands {
                if let Some(s) = self.lay(lex, &c.letters, MID, 1) {
                    out.push(s);
                }
            }
            return out;
        }
        // letters a word may use: the rack's and those already down
        let mut avail = self.rack;
        for &c in &self.cells {
            if let Some(l) = self.letter(c) {
                avail[usize::from(l)] += 1;
            }
        }
        let mut tried = HashSet::new();
        for &cell in &self.cells {
            let Some(l) = self.letter(cell) else { continue };
            for &(w, p) in &lex.by_letter[usize::from(l)] {
                let cand = &lex.cands[w as usize];
                if !makeable(&cand.counts, &avail, self.jokers) {
                    continue;
                }
                for step in [1usize, N] {
                    let Some(start) = cell.checked_sub(usize::from(p) * step) else {
                        continue;
                    };
                    if !tried.insert((w, start, step)) {
                        continue;
                    }
                    if let Some(s) = self.lay(lex, &cand.letters, start, step) {
                        out.push(s);
                    }
                }
            }
        }
        out
    }
}

fn tile_value(v: u8) -> u32 {
    if v & JOKER != 0 {
        0
    } else {
        Letter::from_index(usize::from((v & 0x1f) - 1)).value()
    }
}

fn mix(seed: u64, key: &[u16]) -> u64 {
    let mut h = seed ^ 0x9E37_79B9_7F4A_7C15;
    for &k in key {
        h = (h ^ u64::from(k)).wrapping_mul(0x0100_0000_01B3);
        h ^= h >> 29;
    }
    h
}

fn solution(best: &State, roll: &Roll, nodes: u64, complete: bool) -> Solution {
    let crossword = best.crossword();
    let scoring = score_unchecked(&crossword, Some(roll));
    Solution {
        crossword,
        scoring,
        nodes,
        complete,
    }
}

/// The best crossword the beam search finds for `roll` (see the module doc).
/// The empty crossword (every cube left over) if the roll makes no word.
#[must_use]
pub fn solve(roll: &Roll, words: &WordList, cfg: &SolverConfig) -> Solution {
    let (have, jokers) = roll.counts();
    let lex = Lexicon::new(words, &have, jokers, roll.faces().len());
    let root = State::new(have, jokers);
    let mut best = State {
        score: root.evaluate(),
        ..root.clone()
    };
    let mut level = vec![root];
    let mut seen: HashSet<Vec<u16>> = HashSet::new();
    let mut nodes = 0u64;
    let mut complete = true;
    while !level.is_empty() {
        let mut next: HashMap<Vec<u16>, State> = HashMap::new();
        for s in &level {
            if nodes >= cfg.node_budget {
                complete = false;
                break;
            }
            nodes += 1;
            for child in s.children(&lex) {
                let key = child.key();
                if seen.contains(&key) {
                    continue;
                }
                next.entry(key).or_insert(child);
            }
        }
        let mut ranked: Vec<(Vec<u16>, State)> = next.into_iter().collect();
        ranked.sort_by_cached_key(|(k, s)| (std::cmp::Reverse(s.score), mix(cfg.seed, k)));
        ranked.truncate(cfg.beam.max(1));
        for (k, s) in &ranked {
            seen.insert(k.clone());
            if s.score > best.score {
                best = s.clone();
            }
        }
        if !complete {
            break;
        }
        level = ranked.into_iter().map(|(_, s)| s).collect();
    }
    solution(&best, roll, nodes, complete)
}

/// The true best crossword for a small roll, by trying every connected
/// crossword square by square (see the module doc); `None` if more than
/// `max_nodes` crosswords would be visited.
#[must_use]
pub fn exhaustive(roll: &Roll, words: &WordList, max_nodes: u64) -> Option<Solution> {
    let (have, jokers) = roll.counts();
    let lex = Lexicon::new(words, &have, jokers, roll.faces().len());
    // every piece (2+ letters) of every word the roll can make
    let mut pieces: HashSet<u128> = HashSet::new();
    for c in &lex.cands {
        for a in 0..c.letters.len() {
            for b in a + 2..=c.letters.len() {
                pieces.insert(pack(c.letters[a..b].iter().copied()));
            }
        }
    }
    let root = State::new(have, jokers);
    let mut best = State {
        score: root.evaluate(),
        ..root.clone()
    };
    let mut seen: HashSet<Vec<u16>> = HashSet::new();
    let mut stack = vec![root];
    let mut nodes = 0u64;
    while let Some(s) = stack.pop() {
        nodes += 1;
        if nodes > max_nodes {
            return None;
        }
        if s.cells.len() >= 2 && all_runs_in(&s, &lex.set) {
            let score = s.evaluate();
            if score > best.score {
                best = State { score, ..s.clone() };
            }
        }
        let spots: Vec<usize> = if s.cells.is_empty() {
            vec![MID]
        } else {
            let mut v: Vec<usize> = s
                .cells
                .iter()
                .flat_map(|&c| [c - 1, c + 1, c - N, c + N])
                .filter(|&i| {
                    s.grid[i] == 0 && i % N != 0 && i % N != N - 1 && i / N != 0 && i / N != N - 1
                })
                .collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        for i in spots {
            for l in 0..26u8 {
                let mut flags = Vec::with_capacity(2);
                if s.rack[usize::from(l)] > 0 {
                    flags.push(0);
                }
                if s.jokers > 0 {
                    flags.push(JOKER);
                }
                for flag in flags {
                    let mut t = s.clone();
                    t.grid[i] = (l + 1) | flag;
                    if flag == JOKER {
                        t.jokers -= 1;
                    } else {
                        t.rack[usize::from(l)] -= 1;
                    }
                    t.cells.push(i);
                    if runs_through_in(&t, i, &pieces) && seen.insert(t.key()) {
                        stack.push(t);
                    }
                }
            }
        }
    }
    Some(solution(&best, roll, nodes, true))
}

/// The runs through square `i` (across and down) are pieces of words.
fn runs_through_in(s: &State, i: usize, pieces: &HashSet<u128>) -> bool {
    for step in [1usize, N] {
        let mut a = i;
        while s.grid[a - step] != 0 {
            a -= step;
        }
        let mut b = i;
        while s.grid[b + step] != 0 {
            b += step;
        }
        if a != b {
            let run = (0..=(b - a) / step).map(|k| (s.grid[a + k * step] & 0x1f) - 1);
            if !pieces.contains(&pack(run)) {
                return false;
            }
        }
    }
    true
}

/// Every run of 2+ letters is a word.
fn all_runs_in(s: &State, set: &HashSet<u128>) -> bool {
    for step in [1usize, N] {
        for &c in &s.cells {
            if s.grid[c - step] != 0 || s.grid[c + step] == 0 {
                continue;
            }
            let mut i = c;
            let mut run = Vec::new();
            while s.grid[i] != 0 {
                run.push((s.grid[i] & 0x1f) - 1);
                i += step;
            }
            if !set.contains(&pack(run.into_iter())) {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score;

    #[test]
    fn the_solver_finds_a_legal_crossword_the_scorer_agrees_with() {
        let words = WordList::builtin();
        for seed in 0..4 {
            let roll = Roll::seeded(seed);
            let s = solve(&roll, words, &SolverConfig::default());
            let again = score(&s.crossword, Some(&roll), words).expect("legal");
            assert_eq!(again, s.scoring);
            assert!(s.scoring.total() > 0, "{roll}: {}", s.scoring.total());
        }
    }

    #[test]
    fn exhaustive_matches_a_hand_count_on_a_tiny_roll() {
        let words = WordList::builtin();
        let roll = Roll::parse("CAT").unwrap();
        let s = exhaustive(&roll, words, 1_000_000).unwrap();
        // ACT / CAT: 5; nothing uses the letters twice
        assert_eq!(s.scoring.total(), 5);
        let beam = solve(&roll, words, &SolverConfig::default());
        assert_eq!(beam.scoring.total(), 5);
    }
}
