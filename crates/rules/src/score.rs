//! Scoring: groups, mini grid tallies, and the two ways of winning a game.

use super::glyph::{Glyph, component};
use super::mask::GridMask;
use super::player::{ByPlayer, Player};
use serde::{Deserialize, Serialize};
use std::fmt;

/// How the overall winner is decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Variant {
    /// Standard version: whoever wins more of the nine mini grids wins.
    #[default]
    Majority,
    /// Advanced version: won mini grids form glyphs on a 3x3 board, scored like a mini grid.
    SuperGlyph,
}

impl Variant {
    /// Both variants.
    pub const ALL: [Variant; 2] = [Variant::Majority, Variant::SuperGlyph];

    /// Human-readable name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Majority => "Majority",
            Variant::SuperGlyph => "Super Glyph",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Total glyph points of a player's cells in one mini grid, for every one of
/// the 512 possible sets of cells. Built at compile time.
pub const GRID_POINTS: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        let mut rest = m as u16;
        let mut total = 0u8;
        while rest != 0 {
            let group = component(rest);
            if let Some(g) = Glyph::of_group(GridMask(group)) {
                total += g.points();
            }
            rest &= !group;
        }
        table[m] = total;
        m += 1;
    }
    table
};

/// Total glyph points of a player's cells in one mini grid (a table lookup).
#[must_use]
pub const fn grid_points(cells: GridMask) -> u8 {
    GRID_POINTS[(cells.0 & 0x1FF) as usize]
}

/// One orthogonally connected group of a player's cells in a mini grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Group {
    /// The cells of the group.
    pub cells: GridMask,
    /// The glyph it forms, if any; a group that is no glyph scores 0.
    pub glyph: Option<Glyph>,
}

impl Group {
    /// Points the group scores.
    #[must_use]
    pub fn points(&self) -> u8 {
        self.glyph.map_or(0, Glyph::points)
    }
}

/// The groups of a set of cells, each with its glyph, ordered by lowest cell.
#[must_use]
pub fn grid_groups(cells: GridMask) -> Vec<Group> {
    let mut rest = cells.0 & 0x1FF;
    let mut out = Vec::new();
    while rest != 0 {
        let group = GridMask(component(rest));
        out.push(Group {
            cells: group,
            glyph: Glyph::of_group(group),
        });
        rest &= !group.0;
    }
    out
}

/// The score of one mini grid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GridScore {
    /// Each player's tally (provisional while the grid is not full).
    pub points: ByPlayer<u8>,
    /// The winner, once the grid is full (never a tie).
    pub winner: Option<Player>,
    /// Each player's groups.
    pub groups: ByPlayer<Vec<Group>>,
}

impl GridScore {
    /// Scores a mini grid from the cells each player holds.
    #[must_use]
    pub fn new(cells: ByPlayer<GridMask>) -> GridScore {
        let points = cells.map(grid_points);
        let full = cells.x.union(cells.o).is_full();
        let winner = match (full, points.x.cmp(&points.o)) {
            (false, _) => None,
            (true, std::cmp::Ordering::Greater) => Some(Player::X),
            (true, std::cmp::Ordering::Less) => Some(Player::O),
            // Cannot happen (proved by test over all 512 fillings); treat as
            // undecided rather than panic.
            (true, std::cmp::Ordering::Equal) => None,
        };
        GridScore {
            points,
            winner,
            groups: cells.map(grid_groups),
        }
    }

    /// A player's scoring glyph names, one per scoring group, sorted by byte order.
    #[must_use]
    pub fn glyph_names(&self, player: Player) -> Vec<&'static str> {
        let mut names: Vec<&'static str> = self.groups[player]
            .iter()
            .filter_map(|g| g.glyph.map(Glyph::name))
            .collect();
        names.sort_unstable();
        names
    }
}

/// The result of one variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VariantResult {
    /// X's and O's counts: mini grids won (Majority) or super-glyph points.
    pub score: ByPlayer<u8>,
    /// The winner, once the game is finished.
    pub winner: Option<Player>,
}

/// The scores of a whole position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameResult {
    /// The nine mini grids in reading order.
    pub grids: Vec<GridScore>,
    /// Mini grids won by each player; winner once the board is full.
    pub majority: VariantResult,
    /// The super grid scored as a mini grid; `None` until the board is full.
    pub super_glyph: Option<VariantResult>,
    /// Which mini grids each player has won.
    pub won: ByPlayer<GridMask>,
}

impl GameResult {
    /// The result for `variant`.
    #[must_use]
    pub fn for_variant(&self, variant: Variant) -> Option<VariantResult> {
        match variant {
            Variant::Majority => Some(self.majority),
            Variant::SuperGlyph => self.super_glyph,
        }
    }

    /// The overall winner under `variant`, once the game is finished.
    #[must_use]
    pub fn winner(&self, variant: Variant) -> Option<Player> {
        self.for_variant(variant).and_then(|r| r.winner)
    }
}

pub(crate) fn decide(score: ByPlayer<u8>, finished: bool) -> Option<Player> {
    if !finished {
        return None;
    }
    match score.x.cmp(&score.o) {
        std::cmp::Ordering::Greater => Some(Player::X),
        std::cmp::Ordering::Less => Some(Player::O),
        std::cmp::Ordering::Equal => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_mini_grid_never_ties() {
        for m in 0u16..512 {
            let x = GridMask(m);
            let o = x.complement();
            assert_ne!(grid_points(x), grid_points(o), "filling {m:09b} ties");
            let s = GridScore::new(ByPlayer { x, o });
            assert!(s.winner.is_some());
        }
    }

    #[test]
    fn table_agrees_with_groups() {
        for m in 0u16..512 {
            let total: u32 = grid_groups(GridMask(m))
                .iter()
                .map(|g| u32::from(g.points()))
                .sum();
            assert_eq!(u32::from(grid_points(GridMask(m))), total);
            let cells: u16 = grid_groups(GridMask(m)).iter().map(|g| g.cells.0).sum();
            assert_eq!(cells, m, "groups partition the cells");
        }
    }
}
