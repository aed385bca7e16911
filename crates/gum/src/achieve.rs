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
    /// Tiles first scored on their gold side this turn (players on paper,
    /// [`Achievements::claim`]): they flip at the end of the turn.
    flip_at_turn_end: Vec<usize>,
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
            flip_at_turn_end: Vec::new(),
        }
    }

    /// `n` different tiles chosen at random (the solo version's three).
    #[must_use]
    pub fn random_tiles(n: usize, rng: &mut scribe_rng::Rng) -> Vec<Achievement> {
        let mut all = Achievement::ALL.to_vec();
        for i in (1..all.len()).rev() {
            let j = rng.below(i as u32 + 1) as usize;
            all.swap(i, j);
        }
        all.truncate(n.min(all.len()));
        all
    }

    /// A player on paper says they met tile `i` this turn (the mother moth
    /// records it): they score what the tile shows now. A tile first scored
    /// this turn stays gold for everyone else who scores it this turn and
    /// flips at [`Achievements::end_turn`]. Returns the points.
    ///
    /// # Errors
    /// Already scored by that player, removed from the game, or out of range.
    pub fn claim(&mut self, p: usize, i: usize) -> Result<u32, String> {
        if i >= self.tiles.len() || p >= self.scored.len() {
            return Err(format!("there is no achievement {}", letter(i)));
        }
        if self.scored[p][i].is_some() {
            return Err(format!("achievement {} is already scored", letter(i)));
        }
        if self.sides[i] == Side::Removed {
            return Err(format!("achievement {} is out of the game", letter(i)));
        }
        let pts = self.worth(i);
        self.scored[p][i] = Some(pts);
        if self.sides[i] == Side::Gold && !self.flip_at_turn_end.contains(&i) {
            self.flip_at_turn_end.push(i);
        }
        Ok(pts)
    }

    /// Takes back a claim made this turn by mistake (before the turn ends).
    pub fn unclaim(&mut self, p: usize, i: usize) {
        if let Some(s) = self.scored.get_mut(p).and_then(|s| s.get_mut(i)) {
            *s = None;
        }
        let still = self
            .scored
            .iter()
            .any(|s| s.get(i).is_some_and(Option::is_some));
        if !still {
            self.flip_at_turn_end.retain(|&t| t != i);
        }
    }

    /// Whether tile `i` was first scored in the turn still in progress (a
    /// claim on it can still be taken back).
    #[must_use]
    pub fn claimed_this_turn(&self, i: usize) -> bool {
        self.flip_at_turn_end.contains(&i)
    }

    /// The end of a turn: tiles first scored on gold this turn flip to silver.
    pub fn end_turn(&mut self) {
        for i in std::mem::take(&mut self.flip_at_turn_end) {
            if self.sides[i] == Side::Gold {
                self.sides[i] = Side::Silver;
            }
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

    /// Solo: the tiles neither scored nor out of the game (those a round
    /// may flip).
    pub fn open_tiles(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.tiles.len()).filter(|&i| {
            self.scored.first().is_none_or(|s| s[i].is_none()) && self.sides[i] != Side::Removed
        })
    }

    /// Solo: [`Achievements::solo_flip`], said in words: "Achievement B
    /// (Trails) flipped to silver: now worth 2." or "… is out of the game."
    ///
    /// # Errors
    /// As [`Achievements::solo_flip`].
    pub fn solo_flip_said(&mut self, i: usize) -> Result<String, String> {
        let was = self.sides.get(i).copied();
        self.solo_flip(i)?;
        let t = self.tiles[i];
        Ok(if was == Some(Side::Gold) {
            format!(
                "Achievement {} ({}) flipped to silver: now worth {}.",
                letter(i),
                t.title(),
                self.worth(i)
            )
        } else {
            format!(
                "Achievement {} ({}) is out of the game.",
                letter(i),
                t.title()
            )
        })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paper_claims_score_gold_for_all_first_on_a_turn_then_silver() {
        let mut a = Achievements::new(vec![Achievement::Canopy, Achievement::Trails], 3);
        assert_eq!(a.claim(0, 0), Ok(6));
        assert_eq!(a.claim(1, 0), Ok(6), "same turn: gold too");
        assert!(a.claim(1, 0).is_err(), "not twice");
        a.end_turn();
        assert_eq!(a.sides[0], Side::Silver);
        assert_eq!(a.claim(2, 0), Ok(3), "a later turn: silver");
        assert_eq!(a.sides[1], Side::Gold);
        assert_eq!(a.points(0), 6);
        assert_eq!(a.points(2), 3);
        // a claim taken back in its turn leaves the tile gold
        assert_eq!(a.claim(0, 1), Ok(4));
        a.unclaim(0, 1);
        a.end_turn();
        assert_eq!(a.sides[1], Side::Gold);
        assert_eq!(a.points(0), 6);
        // solo on paper: a removed tile cannot be claimed
        let mut s = Achievements::new(vec![Achievement::Roots], 1);
        s.solo_flip(0).unwrap();
        assert_eq!(s.claim(0, 0), Ok(3));
        let mut s = Achievements::new(vec![Achievement::Roots], 1);
        s.solo_flip(0).unwrap();
        s.solo_flip(0).unwrap();
        assert!(s.claim(0, 0).is_err());
    }

    #[test]
    fn random_tiles_are_different() {
        let mut rng = scribe_rng::Rng::new(3);
        for _ in 0..50 {
            let t = Achievements::random_tiles(3, &mut rng);
            assert_eq!(t.len(), 3);
            assert!(t[0] != t[1] && t[1] != t[2] && t[0] != t[2]);
        }
    }
}
