//! The search behind [`super::paper_game`], backwards from the board.
//!
//! The board is a graph: the square at cell `c` of mini grid `g` is the
//! edge `g → c`, numbered `9g + c`, so a mini grid's nine squares are nine
//! adjacent bits of a `u128`, full when all nine are played. A player's
//! moves are a trail through their edges, broken only after a move into a
//! full grid (the next move may go anywhere).
//!
//! Searching forwards, the early moves are the hard choice and their
//! mistakes show late. Backwards, the search takes back the last move of
//! the player who made it and chooses that player's move before it (one
//! whose cell names the grid of the move taken back, or any move of theirs
//! into a grid full at that time). A grid that is not full with the moves
//! still on the board was not full at any earlier time, so the moves left
//! can break their trails only at grids full now: a test that becomes
//! strict fast. As soon as the moves left are, for each player, one
//! unbroken trail ending in their last move (Euler's condition on in and
//! out counts and connectedness), they are played that way and the search
//! is over: an unbroken trail is legal whichever grids are full. Two more
//! tests cut hopeless positions: the grids full now must be able to fill
//! in an order in which each trail starts before its grid is full and
//! every start but the first follows a break of the same player in a grid
//! already full (`closing_order`), and the other player must still be able
//! to take back their last move once the mover's is off the board.

use std::collections::HashSet;

/// No move chosen.
pub(super) const NONE: u8 = 255;

/// The nine edges out of grid `g` (its squares).
const fn out_of(g: u8) -> u128 {
    0x1FF << (9 * g as u32)
}

/// The nine edges into grid `h` (the squares at cell `h`, one per grid).
const fn into(h: u8) -> u128 {
    let mut m = 0u128;
    let mut g = 0;
    while g < 9 {
        m |= 1 << (9 * g + h as u32);
        g += 1;
    }
    m
}

/// The grids full among `used`, as bits.
fn full_grids(used: u128) -> u16 {
    (0..9u8)
        .filter(|g| used & out_of(*g) == out_of(*g))
        .fold(0, |m, g| m | 1 << g)
}

/// What the search found.
pub(super) enum Found {
    /// The moves, as edges, in order.
    Order(Vec<u8>),
    /// No order exists.
    Impossible,
    /// The budget ran out after this many positions.
    GaveUp(usize),
}

/// The moves still on the board and each player's last move among them
/// (`NONE`: not chosen yet, or none left).
#[derive(Clone, Copy)]
struct State {
    used: u128,
    last: [u8; 2],
}

/// A step of the search: its rank (fewer trails left to the mover, then
/// to the other player, then a chained move before a break), the move
/// taken back if any, and the state after.
type Step = ((Shape, Shape, u8, u8), Option<u8>, State);

/// How a player's moves left can be played: as one unbroken trail, or
/// only with breaks, or not at all.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum Shape {
    Trail,
    Breaks(u32),
}

pub(super) struct Solver {
    /// Each player's squares (X = 0, O = 1).
    own: [u128; 2],
    dead: HashSet<(u128, u8, u8)>,
    tried: usize,
    budget: usize,
    /// The moves taken back, last move of the game first.
    taken: Vec<u8>,
}

impl Solver {
    pub(super) fn new(own: [u128; 2]) -> Solver {
        Solver {
            own,
            dead: HashSet::new(),
            tried: 0,
            budget: 0,
            taken: Vec::with_capacity(81),
        }
    }

    /// The positions tried so far.
    #[cfg(test)]
    pub(super) fn tried(&self) -> usize {
        self.tried
    }

    /// The search with no last move given (the tests' way in).
    #[cfg(test)]
    pub(super) fn solve(&mut self, budget: usize) -> Found {
        self.solve_ending(budget, [NONE, NONE])
    }

    /// The search for an order of the marks within `budget` positions,
    /// each player's last move fixed unless `NONE` (the search would
    /// otherwise choose it first: the state it starts from is the one that
    /// choice leads to).
    pub(super) fn solve_ending(&mut self, budget: usize, last: [u8; 2]) -> Found {
        self.budget = budget;
        let start = State {
            used: self.own[0] | self.own[1],
            last,
        };
        match self.go(start) {
            Some(order) => order,
            None => Found::GaveUp(self.tried),
        }
    }

    /// `Some(Order)`: found; `Some(Impossible)`: none from here; `None`:
    /// the budget ran out.
    fn go(&mut self, s: State) -> Option<Found> {
        let full = full_grids(s.used);
        let shapes = [self.shape(s, 0, full), self.shape(s, 1, full)];
        let [Some(x), Some(o)] = shapes else {
            return Some(Found::Impossible);
        };
        if x == Shape::Trail && o == Shape::Trail {
            return Some(Found::Order(self.play_out(s)));
        }
        if !self.closing_order(s, full) {
            return Some(Found::Impossible);
        }
        let key = (s.used, s.last[0], s.last[1]);
        if self.dead.contains(&key) {
            return Some(Found::Impossible);
        }
        // the other player takes back a move next: if they cannot now, or
        // once p's move is off the board, they cannot after p's step (it
        // leaves fewer grids full)
        let n = s.used.count_ones();
        let p = usize::from(n.is_multiple_of(2));
        let mut after = s;
        if s.last[p] != NONE {
            // p's move to take back is known: gone before the other's turn
            after.used &= !(1u128 << s.last[p]);
        }
        if s.last[1 - p] != NONE && self.befores(after, 1 - p).next().is_none() {
            self.dead.insert(key);
            return Some(Found::Impossible);
        }
        self.tried += 1;
        if self.tried > self.budget {
            return None;
        }
        // the player who made the last move on the board: p
        let mine = self.own[p] & s.used;
        let mut options: Vec<Step> = Vec::new();
        if s.last[p] == NONE {
            // which of their moves was the last: chosen first, kept on the
            // board (the next step takes it back)
            for a in bits(mine) {
                let mut next = s;
                next.last[p] = a;
                if let Some(shape) = self.shape(next, p, full) {
                    options.push(((shape, Shape::Trail, 0, a), None, next));
                }
            }
        } else {
            for (next, shape, chain) in self.befores(s, p) {
                let b = next.last[p];
                let Some(other) = self.shape(next, 1 - p, full_grids(next.used)) else {
                    continue;
                };
                options.push(((shape, other, u8::from(!chain), b), Some(s.last[p]), next));
            }
        }
        options.sort_unstable_by(|x, y| x.0.cmp(&y.0));
        for (_, taken, next) in options {
            self.taken.extend(taken);
            match self.go(next) {
                Some(Found::Impossible) => {
                    if taken.is_some() {
                        self.taken.pop();
                    }
                }
                found_or_out => return found_or_out,
            }
        }
        self.dead.insert(key);
        Some(Found::Impossible)
    }

    /// The ways `q` takes back their last move `s.last[q]`: the states
    /// with it off the board and the move of theirs before it chosen, each
    /// with the shape of their moves left.
    fn befores(&self, s: State, q: usize) -> impl Iterator<Item = (State, Shape, bool)> + '_ {
        let a = s.last[q];
        let used = s.used & !(1u128 << a);
        let rest = self.own[q] & used;
        let full_before = full_grids(used);
        // the move before: chained to `a`, or into a grid full then
        let chained = rest & into(a / 9);
        let broken = (0..9u8)
            .filter(|h| full_before & 1 << h != 0)
            .fold(0u128, |m, h| m | into(h))
            & rest;
        let first = (rest == 0).then_some(NONE);
        bits(chained | broken).chain(first).filter_map(move |b| {
            let mut next = State { used, last: s.last };
            next.last[q] = b;
            let shape = self.shape(next, q, full_before)?;
            Some((next, shape, b == NONE || chained & 1 << b != 0))
        })
    }

    /// How `q`'s moves still on the board can be played before their last
    /// one (`s.last[q]`, or any when not chosen), with breaks only at the
    /// grids in `full`; `None`: they cannot.
    ///
    /// Without the last move, `q`'s edges must be covered by trails, each
    /// ending in a full grid but the final one, which ends where the last
    /// move starts (or in a full grid). So a grid that is not full takes
    /// no trail end (no more in than out) but that one; each connected
    /// part takes a trail of its own, and a part with no full grid to end
    /// in must hold that final end.
    fn shape(&self, s: State, q: usize, full: u16) -> Option<Shape> {
        let mut edges = self.own[q] & s.used;
        let last = s.last[q];
        // where the final trail ends: the last move's grid (any if unknown)
        let end = if last == NONE {
            None
        } else {
            edges &= !(1u128 << last);
            Some(last / 9)
        };
        if edges == 0 {
            return Some(Shape::Trail);
        }
        let mut parent = [0u8, 1, 2, 3, 4, 5, 6, 7, 8];
        let mut surplus = [0i32; 9];
        for e in bits(edges) {
            let (g, h) = (e / 9, e % 9);
            surplus[g as usize] += 1;
            surplus[h as usize] -= 1;
            let (a, b) = (root(&mut parent, g), root(&mut parent, h));
            parent[a as usize] = b;
        }
        let mut starts = [0u32; 9];
        let mut outside = [0u32; 9];
        let mut can_break = 0u16;
        let mut parts = 0u16;
        let mut ends_outside = 0;
        for v in 0..9u8 {
            if edges & (out_of(v) | into(v)) == 0 {
                continue;
            }
            let r = root(&mut parent, v);
            parts |= 1 << r;
            let d = surplus[v as usize];
            starts[r as usize] += d.max(0) as u32;
            if full & 1 << v != 0 {
                if edges & into(v) != 0 {
                    can_break |= 1 << r;
                }
            } else if d < 0 {
                // a trail end in a grid that is not full: the final one
                if end.is_some_and(|w| w != v) || d < -1 {
                    return None;
                }
                ends_outside += 1;
                outside[r as usize] += 1;
            }
        }
        let home = end.map(|w| root(&mut parent, w));
        let (mut trails, mut final_parts) = (0, 0);
        for r in 0..9u8 {
            if parts & 1 << r == 0 {
                continue;
            }
            trails += starts[r as usize].max(1);
            if can_break & 1 << r == 0 {
                // no full grid to end in: the final trail, where it ends
                if home.is_some_and(|h| h != r) || starts[r as usize] > 1 {
                    return None;
                }
                final_parts += 1;
            } else if outside[r as usize] > 0 {
                final_parts += 1;
            }
        }
        if ends_outside > 1 || final_parts > 1 {
            return None;
        }
        // one unbroken trail: one part, Euler's counts, ending where asked
        let one_part = parts.count_ones() == 1;
        let euler = starts.iter().sum::<u32>() <= 1
            && match end {
                Some(w) => {
                    home.is_some() && parts & 1 << root(&mut parent, w) != 0 && {
                        let d = surplus[w as usize];
                        d == -1 || (d == 0 && starts.iter().sum::<u32>() == 0)
                    }
                }
                None => true,
            };
        if one_part && euler {
            Some(Shape::Trail)
        } else {
            Some(Shape::Breaks(trails))
        }
    }

    /// Whether the grids in `full` can fill in some order that lets every
    /// trail start and break where the counts demand, for the moves still
    /// on the board. A trail of a player starting in a grid (more of their
    /// squares lead out of it than in) leaves it before it is full; a trail
    /// ending there (more lead in) breaks after it is full, and only a
    /// break lets that player start another trail, the first one aside.
    /// So with each grid's fill, a player's starts still to make must be
    /// paid from their breaks so far. A grid never full takes starts paid
    /// at the end. Grids asking no start fill first; the others are tried
    /// in every order (a few grids at most).
    fn closing_order(&self, s: State, full: u16) -> bool {
        let mut starts = [[0i32; 9]; 2];
        let mut ends = [[0i32; 9]; 2];
        for q in 0..2 {
            let edges = self.own[q] & s.used;
            // the last move on the board ends a trail but is no break: no
            // start follows it
            let last_end = (s.last[q] != NONE).then(|| s.last[q] % 9);
            for v in 0..9u8 {
                let d = (edges & out_of(v)).count_ones() as i32
                    - (edges & into(v)).count_ones() as i32
                    + i32::from(last_end == Some(v));
                starts[q][v as usize] = d.max(0);
                ends[q][v as usize] = (-d).max(0);
            }
        }
        // breaks in hand, the first trail's start counted as one
        let mut hand = [1i32; 2];
        let mut costly: Vec<usize> = Vec::new();
        for v in (0..9).filter(|v| full & 1 << v != 0) {
            if starts[0][v] == 0 && starts[1][v] == 0 {
                for q in 0..2 {
                    hand[q] += ends[q][v];
                }
            } else {
                costly.push(v);
            }
        }
        let k = costly.len();
        // the sets of costly grids that can be full, by bits of `costly`
        let mut reached = vec![false; 1 << k];
        reached[0] = true;
        for set in 0..1usize << k {
            if !reached[set] {
                continue;
            }
            let mut have = hand;
            for (i, v) in costly.iter().enumerate() {
                if set & 1 << i != 0 {
                    for q in 0..2 {
                        have[q] += ends[q][*v] - starts[q][*v];
                    }
                }
            }
            if set == (1 << k) - 1 {
                // the starts in grids never full, paid at the end
                return (0..2).all(|q| {
                    let never: i32 = (0..9)
                        .filter(|v| full & 1 << v == 0)
                        .map(|v| starts[q][v])
                        .sum();
                    never <= have[q]
                });
            }
            for (i, v) in costly.iter().enumerate() {
                if set & 1 << i == 0 && (0..2).all(|q| starts[q][*v] <= have[q]) {
                    reached[set | 1 << i] = true;
                }
            }
        }
        false
    }

    /// The whole order once the moves left on the board are, for each
    /// player, one unbroken trail: those trails, then the moves taken back.
    fn play_out(&self, s: State) -> Vec<u8> {
        let trails = [0, 1].map(|q| {
            let edges = self.own[q] & s.used;
            let last = s.last[q];
            match last {
                NONE => euler_trail(edges, None),
                a => {
                    let mut t = euler_trail(edges & !(1u128 << a), Some(a / 9));
                    t.push(a);
                    t
                }
            }
        });
        let mut order = Vec::with_capacity(81);
        for i in 0..trails[0].len() {
            order.push(trails[0][i]);
            if let Some(o) = trails[1].get(i) {
                order.push(*o);
            }
        }
        order.extend(self.taken.iter().rev());
        order
    }
}

/// An unbroken trail through all `edges` (which admit one), ending at
/// grid `end` when given (Hierholzer's algorithm, on the reversed edges
/// from the end).
fn euler_trail(edges: u128, end: Option<u8>) -> Vec<u8> {
    if edges == 0 {
        return Vec::new();
    }
    // reversed, the trail starts at its end: the grid with one more in
    // than out, or `end`, or any grid of a closed trail
    let mut surplus = [0i32; 9];
    for e in bits(edges) {
        surplus[(e % 9) as usize] += 1;
        surplus[(e / 9) as usize] -= 1;
    }
    let start = end
        .or_else(|| (0..9u8).find(|v| surplus[*v as usize] > 0))
        .unwrap_or_else(|| (edges.trailing_zeros() % 9) as u8);
    let mut left = edges;
    // the stack holds (grid, edge that led there in the reversed graph)
    let mut stack: Vec<(u8, u8)> = vec![(start, NONE)];
    let mut trail = Vec::new();
    while let Some(&(v, _)) = stack.last() {
        // reversed edges out of v: the edges into v
        let next = left & into(v);
        if next == 0 {
            let (_, e) = stack.pop().unwrap_or((0, NONE));
            if e != NONE {
                trail.push(e);
            }
        } else {
            let e = next.trailing_zeros() as u8;
            left &= !(1u128 << e);
            stack.push((e / 9, e));
        }
    }
    // popped in reversed-trail order backwards: that is the trail forwards
    trail
}

fn root(parent: &mut [u8; 9], mut v: u8) -> u8 {
    while parent[v as usize] != v {
        parent[v as usize] = parent[parent[v as usize] as usize];
        v = parent[v as usize];
    }
    v
}

/// The set bits of `m`, lowest first.
fn bits(mut m: u128) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let e = m.trailing_zeros() as u8;
            m &= m - 1;
            e
        })
    })
}
