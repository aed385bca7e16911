//! Achievement tiles (advanced and solo versions). The seed gives their
//! rules but not their faces, so these eight are our own; each is worth more
//! on its gold side than on its silver side.

use super::play::Sheet;
use super::tree::{Circle, Tree};

/// An achievement tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Achievement {
    /// Fill every circle on the top row of the tree.
    Canopy,
    /// Fill every circle on the bottom row of the tree.
    Roots,
    /// Fill three circles that hold three food.
    Threes,
    /// Fill three wild circles.
    Wild,
    /// Draw three dotted lines.
    Trails,
    /// Fill a circle in the leftmost column and one in the rightmost.
    Edges,
    /// Have eight meals (the eighth row of the tracker complete).
    Feast,
    /// Earn two extra moves in one turn.
    Chain,
}

impl Achievement {
    /// All eight.
    pub const ALL: [Achievement; 8] = [
        Achievement::Canopy,
        Achievement::Roots,
        Achievement::Threes,
        Achievement::Wild,
        Achievement::Trails,
        Achievement::Edges,
        Achievement::Feast,
        Achievement::Chain,
    ];

    /// The tile's title.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Achievement::Canopy => "Canopy",
            Achievement::Roots => "Roots",
            Achievement::Threes => "Threes",
            Achievement::Wild => "Wild ones",
            Achievement::Trails => "Trails",
            Achievement::Edges => "Edge to edge",
            Achievement::Feast => "Feast",
            Achievement::Chain => "Chain",
        }
    }

    /// What the player must do.
    #[must_use]
    pub fn text(self) -> &'static str {
        match self {
            Achievement::Canopy => "Fill every circle on the top row of the tree.",
            Achievement::Roots => "Fill every circle on the bottom row of the tree.",
            Achievement::Threes => "Fill three circles that hold three food.",
            Achievement::Wild => "Fill three wild circles.",
            Achievement::Trails => "Draw three dotted lines.",
            Achievement::Edges => "Fill a circle in the leftmost column and one in the rightmost.",
            Achievement::Feast => "Have eight meals on your tracker.",
            Achievement::Chain => "Earn two extra moves in one turn.",
        }
    }

    /// Points on the gold side and on the silver side.
    #[must_use]
    pub fn points(self) -> (u32, u32) {
        match self {
            Achievement::Canopy | Achievement::Roots => (6, 3),
            Achievement::Threes | Achievement::Feast => (5, 3),
            Achievement::Wild | Achievement::Trails | Achievement::Chain => (4, 2),
            Achievement::Edges => (3, 1),
        }
    }

    /// Whether `sheet` meets it now (checked at the end of each turn).
    #[must_use]
    pub fn met(self, tree: &Tree, sheet: &Sheet) -> bool {
        let filled = |ns: Vec<usize>| !ns.is_empty() && ns.iter().all(|&n| sheet.is_filled(n));
        let count = |f: &dyn Fn(Circle) -> bool| {
            (0..tree.nodes.len())
                .filter(|&n| sheet.is_filled(n) && f(tree.nodes[n].circle))
                .count()
        };
        match self {
            Achievement::Canopy => filled(tree.top_row()),
            Achievement::Roots => filled(tree.bottom_row()),
            Achievement::Threes => count(&|c| matches!(c, Circle::Food(_, 3))) >= 3,
            Achievement::Wild => count(&|c| c == Circle::Wild) >= 3,
            Achievement::Trails => sheet.dotted_drawn >= 3,
            Achievement::Edges => {
                let last = tree.cols.saturating_sub(1);
                let any = |col: u8| {
                    (0..tree.nodes.len()).any(|n| tree.nodes[n].col == col && sheet.is_filled(n))
                };
                any(0) && any(last)
            }
            Achievement::Feast => sheet.tracker().iter().all(|&t| t >= 8),
            Achievement::Chain => sheet.extra_this_turn >= 2,
        }
    }
}

/// Which side of a tile is up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// Not yet scored: the higher points.
    Gold,
    /// Scored by someone (or flipped in solo): the lower points.
    Silver,
    /// Removed from the game (solo).
    Removed,
}

/// The achievement tiles of a game (1–3, labelled A, B, C) and who scored them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Achievements {
    /// The tiles, A first.
    pub tiles: Vec<Achievement>,
    /// Each tile's side.
    pub sides: Vec<Side>,
    /// Points each player scored on each tile (`None`: not yet).
    pub scored: Vec<Vec<Option<u32>>>,
}

impl Achievements {
    /// Tiles on their gold sides for `players` players.
    #[must_use]
    pub fn new(tiles: Vec<Achievement>, players: usize) -> Achievements {
        let n = tiles.len();
        Achievements {
            tiles,
            sides: vec![Side::Gold; n],
            scored: vec![vec![None; n]; players],
        }
    }

    /// The points a tile is worth now (0 if removed).
    #[must_use]
    pub fn worth(&self, i: usize) -> u32 {
        let (gold, silver) = self.tiles[i].points();
        match self.sides[i] {
            Side::Gold => gold,
            Side::Silver => silver,
            Side::Removed => 0,
        }
    }

    /// The end-of-turn check: every player who now meets a tile they have
    /// not scored scores its current points (all of the first to do so on the
    /// same turn score gold); then tiles scored on gold flip to silver.
    /// Returns (player, tile, points) for each new score.
    pub fn check(&mut self, tree: &Tree, sheets: &[Sheet]) -> Vec<(usize, usize, u32)> {
        let mut new = Vec::new();
        for (p, sheet) in sheets.iter().enumerate() {
            for i in 0..self.tiles.len() {
                if self.scored[p][i].is_none()
                    && self.sides[i] != Side::Removed
                    && self.tiles[i].met(tree, sheet)
                {
                    new.push((p, i, self.worth(i)));
                }
            }
        }
        for &(p, i, pts) in &new {
            self.scored[p][i] = Some(pts);
            if self.sides[i] == Side::Gold {
                self.sides[i] = Side::Silver;
            }
        }
        new
    }

    /// Solo: at the start of a round, the chosen unscored tile flips (gold
    /// to silver) or, already silver, leaves the game.
    ///
    /// # Errors
    /// A tile already scored or removed, or out of range.
    pub fn solo_flip(&mut self, i: usize) -> Result<(), String> {
        if i >= self.tiles.len() {
            return Err(format!("there is no achievement {}", letter(i)));
        }
        if self.scored.first().is_some_and(|s| s[i].is_some()) {
            return Err(format!("achievement {} is already scored", letter(i)));
        }
        self.sides[i] = match self.sides[i] {
            Side::Gold => Side::Silver,
            Side::Silver => Side::Removed,
            Side::Removed => return Err(format!("achievement {} is out of the game", letter(i))),
        };
        Ok(())
    }

    /// Player `p`'s achievement points.
    #[must_use]
    pub fn points(&self, p: usize) -> u32 {
        self.scored[p].iter().flatten().sum()
    }
}

/// "A", "B", "C".
#[must_use]
pub fn letter(i: usize) -> char {
    char::from(b'A' + i as u8)
}
