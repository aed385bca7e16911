//! Monte Carlo tree search (UCT) over a node pool.
//!
//! Nodes live in one `Vec` (an arena); a node's children are contiguous.
//! A leaf is expanded the second time it is reached (the root at once), all
//! its children at a time, in a seeded random order. The pool never grows
//! past its cap: once full, the tree stops growing and the search goes on
//! with playouts from its leaves. Moving the root to a later position
//! copies the surviving subtree into a fresh pool and frees the rest, so a
//! tree's memory stays below about twice `max_nodes *` [`NODE_BYTES`].
//!
//! A playout is worth 1 to its winner and 0 to the loser; with a grid
//! weight (see [`Tree::set_grid_weight`]), part of that is shared by the
//! mini grids each player won, so that of two lines the search prefers the
//! one that wins, or loses, by more grids.

use super::board::{Board, Move};
use scribe_rng::Rng;
use scribe_rules::{GridIndex, Player, Variant};

/// The most a playout is worth with a grid weight, in a node's value units
/// (eighths of the weight times ninths of the grids); without one a
/// playout is worth 1.
const WEIGHTED_UNIT: u32 = 72;

/// The highest grid weight, in eighths: all of a playout's value from its
/// mini grids.
pub const MAX_GRID_WEIGHT: u32 = 8;

/// One node: the move that led to it and its statistics, counted for the
/// player who made that move: `value` is the playouts won (times the tree's
/// unit, with the grids' share when there is a grid weight).
#[derive(Debug, Clone, Copy)]
struct Node {
    visits: u32,
    value: u32,
    first_child: u32,
    children: u8,
    mv: Move,
}

/// Bytes one node takes in the pool.
pub const NODE_BYTES: usize = std::mem::size_of::<Node>();

/// Statistics of one move at the root.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveStats {
    /// The move.
    pub mv: Move,
    /// Playouts through it.
    pub visits: u32,
    /// Of those, playouts won by the player to move at the root. With a
    /// grid weight ([`Tree::set_grid_weight`]), each playout counts that
    /// share of its value by the mini grids won, so this is the value the
    /// search gave the move, in playouts.
    pub wins: u32,
}

/// A search tree for one thread.
#[derive(Debug)]
pub struct Tree {
    nodes: Vec<Node>,
    board: Board,
    rng: Rng,
    max_nodes: usize,
    exploration: f32,
    grid_weight: u32,
    path: Vec<u32>,
}

impl Tree {
    /// An empty tree rooted at `board`.
    #[must_use]
    pub fn new(board: Board, seed: u64, max_nodes: usize, exploration: f32) -> Tree {
        let mut t = Tree {
            nodes: Vec::new(),
            board,
            rng: Rng::new(seed),
            max_nodes: max_nodes.max(82),
            exploration,
            grid_weight: 0,
            path: Vec::with_capacity(82),
        };
        t.reset(board);
        t
    }

    /// Throws the tree away and starts again at `board`.
    pub fn reset(&mut self, board: Board) {
        // The whole pool at once: it never moves, and pages the tree does
        // not reach are never touched.
        self.nodes = Vec::with_capacity(self.max_nodes);
        self.nodes.push(Node {
            visits: 0,
            value: 0,
            first_child: 0,
            children: 0,
            mv: Move::new(GridIndex::ALL[0], GridIndex::ALL[0]),
        });
        self.board = board;
    }

    /// Changes the pool cap and the exploration constant for later iterations.
    pub fn set_limits(&mut self, max_nodes: usize, exploration: f32) {
        self.max_nodes = max_nodes.max(82);
        self.exploration = exploration;
    }

    /// How many eighths of a playout's value come from the share of mini
    /// grids each player won (0 to [`MAX_GRID_WEIGHT`], larger is taken as
    /// the most); the rest goes to the winner. 0, the default, counts wins
    /// alone. The tree starts again at its root when this changes, since
    /// its values are counted in the weight's units.
    pub fn set_grid_weight(&mut self, weight: u32) {
        let weight = weight.min(MAX_GRID_WEIGHT);
        if weight != self.grid_weight {
            self.grid_weight = weight;
            self.reset(self.board);
        }
    }

    /// A playout's most value, in the nodes' units.
    const fn unit(&self) -> u32 {
        if self.grid_weight == 0 {
            1
        } else {
            WEIGHTED_UNIT
        }
    }

    /// The position at the root.
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// Nodes in the pool.
    #[must_use]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree is only its root.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.nodes.len() <= 1
    }

    /// Playouts through the root so far.
    #[must_use]
    pub fn root_visits(&self) -> u32 {
        self.nodes[0].visits
    }

    /// Moves the root to `board` if it is the root or a position one or two
    /// moves below it that the tree has reached, keeping that subtree;
    /// otherwise starts a fresh tree. Returns whether anything was kept.
    pub fn advance_to(&mut self, board: &Board) -> bool {
        if *board == self.board {
            return true;
        }
        let root = self.nodes[0];
        for i in Self::child_range(root) {
            let mut b1 = self.board;
            b1.play(self.nodes[i].mv);
            if b1 == *board {
                self.reroot(i, b1);
                return true;
            }
            let child = self.nodes[i];
            for j in Self::child_range(child) {
                let mut b2 = b1;
                b2.play(self.nodes[j].mv);
                if b2 == *board {
                    self.reroot(j, b2);
                    return true;
                }
            }
        }
        self.reset(*board);
        false
    }

    fn child_range(n: Node) -> std::ops::Range<usize> {
        let first = n.first_child as usize;
        first..first + usize::from(n.children)
    }

    /// Copies the subtree under node `at` into a fresh pool (breadth first,
    /// so children stay contiguous) and makes it the root.
    fn reroot(&mut self, at: usize, board: Board) {
        let mut fresh = Vec::with_capacity(self.max_nodes);
        let mut origin: Vec<u32> = Vec::new();
        fresh.push(self.nodes[at]);
        origin.push(at as u32);
        let mut i = 0;
        while i < fresh.len() {
            let old = self.nodes[origin[i] as usize];
            if old.children > 0 {
                fresh[i].first_child = fresh.len() as u32;
                for k in Self::child_range(old) {
                    fresh.push(self.nodes[k]);
                    origin.push(k as u32);
                }
            }
            i += 1;
        }
        self.nodes = fresh;
        self.board = board;
    }

    /// Adds the children of `node`; false if the pool has no room.
    fn expand(&mut self, node: usize, board: &Board) -> bool {
        let mut moves = board.legal_moves();
        if moves.is_empty() || self.nodes.len() + moves.len() > self.max_nodes {
            return false;
        }
        let slice = moves.as_mut_slice();
        for i in (1..slice.len()).rev() {
            let j = self.rng.below(i as u32 + 1) as usize;
            slice.swap(i, j);
        }
        let first = self.nodes.len() as u32;
        for &mv in moves.as_slice() {
            self.nodes.push(Node {
                visits: 0,
                value: 0,
                first_child: 0,
                children: 0,
                mv,
            });
        }
        self.nodes[node].first_child = first;
        self.nodes[node].children = moves.len() as u8;
        true
    }

    /// The UCT choice among the children of `node`: an unvisited child
    /// first, otherwise the highest mean + exploration bonus.
    fn select(&self, node: usize) -> usize {
        let parent = self.nodes[node];
        let log_n = (parent.visits.max(1) as f32).ln();
        let unit = self.unit() as f32;
        let mut best = 0;
        let mut best_value = f32::NEG_INFINITY;
        for i in Self::child_range(parent) {
            let c = self.nodes[i];
            if c.visits == 0 {
                return i;
            }
            let n = c.visits as f32;
            let value = c.value as f32 / (n * unit) + self.exploration * (log_n / n).sqrt();
            if value > best_value {
                best_value = value;
                best = i;
            }
        }
        best
    }

    /// One iteration: select, expand, play out, back up.
    pub fn iterate(&mut self, variant: Variant) {
        let mut board = self.board;
        let mut node = 0usize;
        self.path.clear();
        self.path.push(0);
        loop {
            let n = self.nodes[node];
            if n.children == 0
                && (board.is_over() || !((node == 0 || n.visits > 0) && self.expand(node, &board)))
            {
                break;
            }
            let child = self.select(node);
            board.play(self.nodes[child].mv);
            self.path.push(child as u32);
            node = child;
            if self.nodes[child].visits == 0 {
                break;
            }
        }
        let outcome = board.playout(&mut self.rng);
        let winner = outcome.winner(variant);
        // what the playout is worth to X and to O
        let (x_value, o_value) = if self.grid_weight == 0 {
            (
                u32::from(winner == Player::X),
                u32::from(winner == Player::O),
            )
        } else {
            let w = self.grid_weight;
            let x_grids = outcome.x_grids().count_ones();
            let for_winner = WEIGHTED_UNIT - 9 * w;
            (
                for_winner * u32::from(winner == Player::X) + w * x_grids,
                for_winner * u32::from(winner == Player::O) + w * (9 - x_grids),
            )
        };
        // The node at depth d was entered by a move of the root's mover when
        // d is odd; the root itself counts for the other player.
        let root_mover = self.board.to_move();
        for (d, &ix) in self.path.iter().enumerate() {
            let mover = if d % 2 == 1 {
                root_mover
            } else {
                root_mover.other()
            };
            let n = &mut self.nodes[ix as usize];
            n.visits += 1;
            let gained = if mover == Player::X { x_value } else { o_value };
            // a node has at most about 10^7 visits (a whole game's budget at
            // the largest scale), times 72: far below u32::MAX
            n.value = n.value.saturating_add(gained);
        }
    }

    /// The statistics of each root move, in the tree's order.
    #[must_use]
    pub fn root_stats(&self) -> Vec<MoveStats> {
        let unit = self.unit();
        Self::child_range(self.nodes[0])
            .map(|i| {
                let n = self.nodes[i];
                MoveStats {
                    mv: n.mv,
                    visits: n.visits,
                    wins: (n.value + unit / 2) / unit,
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visits_add_up_and_pool_is_bounded() {
        let mut t = Tree::new(Board::new(), 1, 2000, 0.7);
        for _ in 0..3000 {
            t.iterate(Variant::Majority);
        }
        assert!(t.len() <= 2000);
        assert_eq!(t.root_visits(), 3000);
        let sum: u32 = t.root_stats().iter().map(|s| s.visits).sum();
        assert_eq!(sum, 3000);
    }

    #[test]
    fn advancing_keeps_the_subtree() {
        let mut t = Tree::new(Board::new(), 2, 100_000, 0.7);
        for _ in 0..5000 {
            t.iterate(Variant::SuperGlyph);
        }
        let best = t
            .root_stats()
            .into_iter()
            .max_by_key(|s| s.visits)
            .unwrap_or_else(|| unreachable!());
        let mut b = Board::new();
        b.play(best.mv);
        assert!(t.advance_to(&b));
        assert_eq!(t.root_visits(), best.visits);
        let sum: u32 = t.root_stats().iter().map(|s| s.visits).sum();
        assert_eq!(sum + 1, best.visits, "first visit made the node a leaf");
    }

    /// Boards with two empty squares where the player to move wins
    /// Majority with either move, by a different count of mini grids:
    /// (board, [(move, mover's grids after it)]).
    fn two_winning_moves(seed: u64, wanted: usize) -> Vec<(Board, [(Move, u32); 2])> {
        use super::super::Rng as R;
        let mut rng = R::new(seed);
        let mut found = Vec::new();
        for _ in 0..200_000 {
            let mut b = Board::new();
            b.random_moves(&mut rng, 79);
            let moves = b.legal_moves();
            if moves.len() != 2 {
                continue;
            }
            let me = b.to_move();
            let mut outcomes = [(moves.as_slice()[0], 0); 2];
            let mut all_win = true;
            for (k, &m) in moves.as_slice().iter().enumerate() {
                let mut c = b;
                c.play(m);
                let last = c.legal_moves().as_slice()[0];
                c.play(last);
                let outcome = c.outcome();
                let x = outcome.x_grids().count_ones();
                all_win &= outcome.winner(Variant::Majority) == me;
                outcomes[k] = (m, if me == Player::X { x } else { 9 - x });
            }
            if all_win && outcomes[0].1 != outcomes[1].1 {
                found.push((b, outcomes));
                if found.len() == wanted {
                    break;
                }
            }
        }
        found
    }

    #[test]
    fn a_grid_weight_prefers_the_win_by_more_grids() {
        let cases = two_winning_moves(11, 6);
        assert_eq!(cases.len(), 6, "not enough positions found");
        for (board, outcomes) in cases {
            // the win alone: both moves are worth the same, every playout won
            let mut plain = Tree::new(board, 1, 1000, crate::EXPLORATION);
            for _ in 0..400 {
                plain.iterate(Variant::Majority);
            }
            for s in plain.root_stats() {
                assert_eq!(s.wins, s.visits, "{board:?}");
                assert!(s.visits >= 150, "{board:?}: {s:?}");
            }
            // a quarter from the grids: the bigger win is searched most, and
            // each move's value is (1 - 2/8) + (2/8) * grids / 9 a playout
            let mut weighted = Tree::new(board, 1, 1000, crate::EXPLORATION);
            weighted.set_grid_weight(2);
            for _ in 0..400 {
                weighted.iterate(Variant::Majority);
            }
            let stats = weighted.root_stats();
            let bigger = outcomes.iter().max_by_key(|o| o.1).map(|o| o.0);
            let most = stats.iter().max_by_key(|s| s.visits).map(|s| s.mv);
            assert_eq!(most, bigger, "{board:?}: {stats:?} {outcomes:?}");
            for s in &stats {
                let grids = outcomes.iter().find(|o| o.0 == s.mv).map_or(0, |o| o.1);
                let each = 0.75 + 0.25 * f64::from(grids) / 9.0;
                let expected = (f64::from(s.visits) * each).round();
                assert!(
                    (f64::from(s.wins) - expected).abs() <= 1.0,
                    "{board:?}: {s:?}, {grids} grids, expected {expected}"
                );
            }
        }
    }

    #[test]
    fn changing_the_grid_weight_starts_the_tree_again() {
        let mut t = Tree::new(Board::new(), 3, 10_000, crate::EXPLORATION);
        for _ in 0..500 {
            t.iterate(Variant::Majority);
        }
        t.set_grid_weight(0);
        assert_eq!(t.root_visits(), 500, "the same weight keeps the tree");
        t.set_grid_weight(3);
        assert_eq!(t.root_visits(), 0);
        assert!(t.is_empty());
        for _ in 0..500 {
            t.iterate(Variant::Majority);
        }
        let sum: u32 = t.root_stats().iter().map(|s| s.wins).sum();
        assert!(sum <= 500 + 81, "values are counted in playouts: {sum}");
    }
}
