//! The app as the mother moth for players on paper: each round it shuffles
//! the eight movement tiles, sets one aside unseen and turns the other seven
//! over one at a time ([`scribe_gum::MotherMoth`], the same deal as `scribe
//! gum tiles --seed N`); in the advanced and solo versions it keeps the
//! achievement tiles, gold or silver, and who scored them.

use scribe_ai::Rng;
use scribe_gum::{Achievement, Achievements, MotherMoth, letter};

/// Which rules the players on paper follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Version {
    /// No achievements.
    Basic,
    /// 1–3 achievement tiles, gold for the first to score them.
    Advanced,
    /// One player, three random achievements, one flipped each round.
    Solo,
}

impl Version {
    /// All three, in the setup's order.
    pub const ALL: [Version; 3] = [Version::Basic, Version::Advanced, Version::Solo];

    /// "basic", "advanced", "solo".
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Version::Basic => "basic",
            Version::Advanced => "advanced",
            Version::Solo => "solo",
        }
    }
}

/// A game of players on paper with the app turning the tiles.
#[derive(Debug, Clone)]
pub struct MothGame {
    /// The rules followed.
    pub version: Version,
    /// The deal number (`scribe gum tiles --seed N` shows the same tiles).
    pub seed: u64,
    /// The players' names (for the achievements' claims).
    pub names: Vec<String>,
    moth: MotherMoth,
    /// The achievement tiles (none in the basic version) and their claims.
    pub achievements: Achievements,
    /// Solo: the round about to start still needs a tile flipped.
    flip_due: bool,
}

impl MothGame {
    /// A new game: `tiles` achievements (advanced; three in solo), drawn
    /// from the deal number like the movement tiles.
    #[must_use]
    pub fn new(version: Version, seed: u64, names: Vec<String>, tiles: usize) -> MothGame {
        let names = match version {
            Version::Solo => names.into_iter().take(1).collect(),
            _ => names,
        };
        let n = match version {
            Version::Basic => 0,
            Version::Advanced => tiles.clamp(1, 3),
            Version::Solo => 3,
        };
        let chosen = Achievements::random_tiles(n, &mut Rng::new(seed ^ 0xAC4E));
        let players = names.len().max(1);
        MothGame {
            version,
            seed,
            names,
            moth: MotherMoth::new(seed),
            achievements: Achievements::new(chosen, players),
            flip_due: version == Version::Solo,
        }
    }

    /// The mother moth: the tile face up, this round's tiles, the round and turn.
    #[must_use]
    pub fn moth(&self) -> &MotherMoth {
        &self.moth
    }

    /// Whether the round of the last tile is complete.
    #[must_use]
    pub fn round_over(&self) -> bool {
        self.moth.round_over()
    }

    /// Whether all 21 tiles have been turned over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.moth.is_over()
    }

    /// Solo: whether a tile must be flipped before the next round starts.
    #[must_use]
    pub fn flip_due(&self) -> bool {
        self.flip_due && self.open_tiles().next().is_some()
    }

    /// Solo: the tiles not yet scored nor removed (those a round may flip).
    pub fn open_tiles(&self) -> impl Iterator<Item = usize> + '_ {
        self.achievements.open_tiles()
    }

    /// Turns over the next tile. The turn before it ends (tiles first
    /// scored in it flip to silver). Returns what to announce.
    ///
    /// # Errors
    /// The game is over, or (solo) an achievement must be flipped first.
    pub fn turn_tile(&mut self) -> Result<String, String> {
        if self.is_over() {
            return Err("All three rounds are over: add up the scores.".into());
        }
        if self.flip_due() {
            let (round, turn) = self.moth.round_turn();
            let round = if turn == 0 { round } else { round + 1 };
            return Err(format!(
                "Before round {round}: choose an achievement to flip (gold to silver, silver out of the game)."
            ));
        }
        self.achievements.end_turn();
        let tile = self.moth.reveal().ok_or("All three rounds are over.")?;
        let (round, turn) = self.moth.round_turn();
        let mut said = format!("Round {round}, tile {turn} of 7: {}.", tile.name());
        if self.round_over() {
            said.push_str(if self.is_over() {
                " The last tile: write your meals for round 3, then add up."
            } else {
                " The round's last tile: write your meals when you have drawn."
            });
            if self.version == Version::Solo && !self.is_over() {
                self.flip_due = true;
            }
        }
        Ok(said)
    }

    /// Solo: flips tile `i` at the start of a round.
    ///
    /// # Errors
    /// Not the solo version, no flip due, or a tile scored or out of the game.
    pub fn solo_flip(&mut self, i: usize) -> Result<String, String> {
        if self.version != Version::Solo || !self.flip_due() {
            return Err("No achievement is to be flipped now.".into());
        }
        let said = self.achievements.solo_flip_said(i)?;
        self.flip_due = false;
        Ok(said)
    }

    /// Player `p` scored achievement `i` this turn.
    ///
    /// # Errors
    /// No tile turned over yet, or the claim is not allowed.
    pub fn claim(&mut self, p: usize, i: usize) -> Result<String, String> {
        if self.moth.current().is_none() && !self.is_over() {
            return Err(
                "Achievements are checked at the end of a turn: turn a tile over first.".into(),
            );
        }
        let pts = self.achievements.claim(p, i)?;
        Ok(format!(
            "{} scores achievement {} ({}): {}.",
            self.name(p),
            letter(i),
            self.achievements.tiles[i].title(),
            super::points(pts)
        ))
    }

    /// Takes back a claim made this turn.
    ///
    /// # Errors
    /// The claim was made on an earlier turn (it stands) or never made.
    pub fn unclaim(&mut self, p: usize, i: usize) -> Result<String, String> {
        let made = self
            .achievements
            .scored
            .get(p)
            .and_then(|s| s.get(i))
            .is_some_and(Option::is_some);
        if !made || !self.achievements.claimed_this_turn(i) {
            return Err("Only a claim of this turn can be taken back.".into());
        }
        self.achievements.unclaim(p, i);
        Ok(format!(
            "{}'s claim of achievement {} taken back.",
            self.name(p),
            letter(i)
        ))
    }

    /// A player's name ("Player 2" if left blank).
    #[must_use]
    pub fn name(&self, p: usize) -> String {
        match self.names.get(p).map(|n| n.trim()) {
            Some(n) if !n.is_empty() => n.to_string(),
            _ => format!("Player {}", p + 1),
        }
    }

    /// The achievement tiles (A first).
    #[must_use]
    pub fn tiles(&self) -> &[Achievement] {
        &self.achievements.tiles
    }

    /// The tiles of every round, for the end of the game (set-aside tile last).
    #[must_use]
    pub fn deal(&self) -> &[scribe_gum::RoundDeal; 3] {
        self.moth.rounds()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use scribe_gum::Side;

    #[test]
    fn seven_tiles_a_round_in_the_deal_order_for_three_rounds() {
        let mut g = MothGame::new(Version::Basic, 42, vec![], 0);
        let deal = scribe_gum::deal_game(42);
        assert_eq!(g.moth().round_turn(), (1, 0));
        assert!(g.moth().current().is_none());
        for (r, round) in deal.iter().enumerate() {
            for (t, &tile) in round.revealed.iter().enumerate() {
                let said = g.turn_tile().unwrap();
                assert_eq!(g.moth().current(), Some(tile));
                assert_eq!(g.moth().round_turn(), (r + 1, t + 1));
                assert_eq!(g.moth().revealed_this_round(), &round.revealed[..=t]);
                assert!(said.contains(tile.name()), "{said}");
            }
            assert!(g.round_over());
        }
        assert!(g.is_over());
        assert!(g.turn_tile().is_err());
    }

    #[test]
    fn advanced_claims_gold_then_silver() {
        let names = vec!["Ann".to_string(), "Ben".to_string(), "Cy".to_string()];
        let mut g = MothGame::new(Version::Advanced, 7, names, 2);
        assert_eq!(g.tiles().len(), 2);
        assert!(g.claim(0, 0).is_err(), "no turn yet");
        g.turn_tile().unwrap();
        let gold = g.achievements.tiles[0].points().0;
        let silver = g.achievements.tiles[0].points().1;
        assert!(g.claim(0, 0).unwrap().contains(&format!("{gold} points")));
        assert!(g.claim(1, 0).unwrap().contains(&format!("{gold} points")));
        g.unclaim(1, 0).unwrap();
        g.turn_tile().unwrap();
        assert!(g.unclaim(0, 0).is_err(), "an earlier turn's claim stands");
        assert_eq!(g.achievements.sides[0], Side::Silver);
        assert!(g.claim(1, 0).unwrap().contains(&format!("{silver} points")));
        assert_eq!(g.achievements.points(0), gold);
        assert_eq!(g.achievements.points(1), silver);
        assert_eq!(g.name(2), "Cy");
    }

    #[test]
    fn solo_flips_one_tile_before_each_round() {
        let mut g = MothGame::new(Version::Solo, 3, vec!["Me".into(), "Extra".into()], 1);
        assert_eq!((g.names.len(), g.tiles().len()), (1, 3));
        assert!(g.turn_tile().unwrap_err().contains("round 1"));
        g.solo_flip(0).unwrap();
        assert_eq!(g.achievements.sides[0], Side::Silver);
        for _ in 0..7 {
            g.turn_tile().unwrap();
        }
        assert!(g.turn_tile().unwrap_err().contains("round 2"));
        assert!(g.solo_flip(0).unwrap().contains("out of the game"));
        assert!(g.claim(0, 0).is_err(), "removed");
        for _ in 0..7 {
            g.turn_tile().unwrap();
        }
        g.claim(0, 1).unwrap();
        assert!(g.solo_flip(1).is_err(), "scored");
        g.solo_flip(2).unwrap();
        g.turn_tile().unwrap();
        assert_eq!(g.moth().round_turn(), (3, 1));
    }
}
