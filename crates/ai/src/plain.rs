//! A textbook plain UCT, kept as a test opponent for the engine.
//!
//! Uniformly random playouts ([`Board::playout`]), UCB1 with exploration
//! constant c = 1 (mean + c·√(ln N / n)), one new node a iteration, no
//! solver, no tree reuse (a fresh tree every move), a budget in iterations.
//! It plays the move whose child was visited most. Nothing in it is tuned:
//! it is the yardstick the levels are measured against (`scribe match
//! --a grandmaster --b plain-uct:50000`).

use super::board::{Board, Move, MoveList};
use scribe_rng::Rng;
use scribe_rules::Variant;

/// The UCB1 exploration constant of the plain UCT.
pub const PLAIN_EXPLORATION: f64 = 1.0;

/// One node: the move into it, its statistics for the player who made that
/// move, its children and the moves not tried yet.
struct PlainNode {
    mv: Option<Move>,
    parent: u32,
    visits: u32,
    wins: u32,
    children: Vec<u32>,
    untried: MoveList,
}

/// A plain UCT player: a fresh tree every move, `iterations` iterations.
#[derive(Debug, Clone)]
pub struct PlainUct {
    variant: Variant,
    iterations: u64,
    rng: Rng,
}

/// The root statistics of one plain UCT search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlainStats {
    /// The move chosen (most visits; ties: the first expanded).
    pub best: Move,
    /// Each root child as (move, visits, wins for the player to move).
    pub children: Vec<(Move, u32, u32)>,
}

impl PlainUct {
    /// A plain UCT playing to win `variant` with `iterations` a move (at least 1).
    #[must_use]
    pub fn new(variant: Variant, iterations: u64, seed: u64) -> PlainUct {
        PlainUct {
            variant,
            iterations: iterations.max(1),
            rng: Rng::new(seed),
        }
    }

    /// Its iterations a move.
    #[must_use]
    pub const fn iterations(&self) -> u64 {
        self.iterations
    }

    /// The move to play at `board`, or `None` if the board is full.
    pub fn choose(&mut self, board: &Board) -> Option<Move> {
        self.search(board).map(|s| s.best)
    }

    /// Searches `board` with a fresh tree; `None` if the board is full.
    pub fn search(&mut self, board: &Board) -> Option<PlainStats> {
        let root_moves = board.legal_moves();
        if root_moves.is_empty() {
            return None;
        }
        let cap = usize::try_from(self.iterations.min(1 << 24)).unwrap_or(1 << 24) + 1;
        let mut nodes: Vec<PlainNode> = Vec::with_capacity(cap);
        nodes.push(PlainNode {
            mv: None,
            parent: u32::MAX,
            visits: 0,
            wins: 0,
            children: Vec::new(),
            untried: root_moves,
        });
        let root_mover = board.to_move();
        for _ in 0..self.iterations {
            let mut b = *board;
            let mut node = 0usize;
            // Selection: down through fully expanded nodes by UCB1.
            while nodes[node].untried.is_empty() && !nodes[node].children.is_empty() {
                node = Self::ucb1(&nodes, node);
                if let Some(m) = nodes[node].mv {
                    b.play(m);
                }
            }
            // Expansion: one untried move, chosen at random.
            if !nodes[node].untried.is_empty() && nodes.len() < cap {
                let k = self.rng.below(nodes[node].untried.len() as u32) as usize;
                let m = nodes[node].untried.swap_remove(k);
                b.play(m);
                let child = nodes.len() as u32;
                nodes.push(PlainNode {
                    mv: Some(m),
                    parent: node as u32,
                    visits: 0,
                    wins: 0,
                    children: Vec::new(),
                    untried: b.legal_moves(),
                });
                nodes[node].children.push(child);
                node = child as usize;
            }
            // Simulation: uniformly random moves to the last square.
            let winner = b.playout(&mut self.rng).winner(self.variant);
            // Backpropagation: each node counts wins for the player who
            // made the move into it; the root's mover made none.
            let mut at = node;
            let mut mover_is_root_player = Self::depth(&nodes, node) % 2 == 1;
            loop {
                let n = &mut nodes[at];
                n.visits += 1;
                let mover = if mover_is_root_player {
                    root_mover
                } else {
                    root_mover.other()
                };
                n.wins += u32::from(winner == mover);
                if n.parent == u32::MAX {
                    break;
                }
                at = n.parent as usize;
                mover_is_root_player = !mover_is_root_player;
            }
        }
        let children: Vec<(Move, u32, u32)> = nodes[0]
            .children
            .iter()
            .filter_map(|&c| {
                let n = &nodes[c as usize];
                n.mv.map(|m| (m, n.visits, n.wins))
            })
            .collect();
        let mut best = children.first().map(|c| c.0)?;
        let mut most = 0;
        for &(m, v, _) in &children {
            if v > most {
                most = v;
                best = m;
            }
        }
        Some(PlainStats { best, children })
    }

    fn depth(nodes: &[PlainNode], mut at: usize) -> usize {
        let mut d = 0;
        while nodes[at].parent != u32::MAX {
            at = nodes[at].parent as usize;
            d += 1;
        }
        d
    }

    /// The child of `node` with the highest UCB1 value.
    fn ucb1(nodes: &[PlainNode], node: usize) -> usize {
        let log_n = f64::from(nodes[node].visits.max(1)).ln();
        let mut best = nodes[node].children[0] as usize;
        let mut best_value = f64::NEG_INFINITY;
        for &c in &nodes[node].children {
            let n = &nodes[c as usize];
            let visits = f64::from(n.visits.max(1));
            let value = f64::from(n.wins) / visits + PLAIN_EXPLORATION * (log_n / visits).sqrt();
            if value > best_value {
                best_value = value;
                best = c as usize;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the player to move at `b` wins with perfect play.
    fn wins(b: &Board, variant: Variant) -> bool {
        let moves = b.legal_moves();
        if moves.is_empty() {
            return false;
        }
        moves.as_slice().iter().any(|&m| {
            let mut after = *b;
            after.play(m);
            if after.is_over() {
                after.winner(variant) == Some(b.to_move())
            } else {
                !wins(&after, variant)
            }
        })
    }

    fn random_board(seed: u64, empties: u32) -> Board {
        let mut rng = Rng::new(seed);
        let mut b = Board::new();
        while b.empties() > empties {
            let l = b.legal_moves();
            b.play(l.as_slice()[rng.below(l.len() as u32) as usize]);
        }
        b
    }

    #[test]
    fn plays_legal_moves_to_the_end() {
        for variant in [Variant::Majority, Variant::SuperGlyph] {
            let mut p = PlainUct::new(variant, 200, 3);
            let mut b = Board::new();
            while !b.is_over() {
                let m = p.choose(&b).unwrap_or_else(|| unreachable!());
                assert!(b.is_legal(m), "{m:?} at\n{b:?}");
                b.play(m);
            }
            assert_eq!(p.choose(&b), None);
        }
    }

    #[test]
    fn finds_the_winning_move_of_small_endgames() {
        // Positions where some moves win and some lose: with enough
        // iterations UCT's most visited move is a winning one (a wrong
        // backup sign or selection would pick the losers).
        let mut tested = 0;
        for seed in 0..400 {
            let variant = if seed % 2 == 0 {
                Variant::Majority
            } else {
                Variant::SuperGlyph
            };
            let b = random_board(seed, 5);
            let winning: Vec<Move> = b
                .legal_moves()
                .as_slice()
                .iter()
                .copied()
                .filter(|&m| {
                    let mut a = b;
                    a.play(m);
                    !wins(&a, variant)
                })
                .collect();
            if winning.is_empty() || winning.len() == b.legal_moves().len() {
                continue;
            }
            let m = PlainUct::new(variant, 3000, seed)
                .choose(&b)
                .unwrap_or_else(|| unreachable!());
            assert!(winning.contains(&m), "{m:?} loses at\n{b:?}");
            tested += 1;
        }
        assert!(tested >= 10, "only {tested} split endgames");
    }

    #[test]
    fn visits_follow_ucb1() {
        // Two empty squares: each root move decides the game at once (the
        // reply is forced), so every playout through a child gives the
        // same result. UCB1 with c = 1 then gives the visits exactly.
        let variant = Variant::Majority;
        let mut checked = 0;
        for seed in 0..300 {
            let b = random_board(seed, 2);
            if b.legal_moves().len() != 2 {
                continue;
            }
            let stats = PlainUct::new(variant, 1000, seed)
                .search(&b)
                .unwrap_or_else(|| unreachable!());
            let rewards: Vec<u32> = stats
                .children
                .iter()
                .map(|&(_, v, w)| u32::from(w == v))
                .collect();
            if rewards[0] == rewards[1] {
                continue;
            }
            // Replay UCB1 on those fixed rewards: the first expansion order
            // is the tree's; after both are tried, the argmax (first on ties).
            let mut visits = [1u32, 1];
            for total in 2..1000u32 {
                let log_n = f64::from(total).ln();
                let value =
                    |i: usize| f64::from(rewards[i]) + (log_n / f64::from(visits[i])).sqrt();
                let i = usize::from(value(1) > value(0));
                visits[i] += 1;
            }
            let got: Vec<u32> = stats.children.iter().map(|c| c.1).collect();
            assert_eq!(got, visits.to_vec(), "rewards {rewards:?}");
            // the losing move gets about ln N visits, the winner the rest
            assert!(got[usize::from(rewards[0] != 1)] > 900);
            checked += 1;
        }
        assert!(checked >= 5, "only {checked} positions");
    }
}
