//! Solo play on screen on one of our trees: the app turns the tiles, the
//! player draws each turn's line by a click (or the keyboard), the sheet
//! ([`scribe_gum::Sheet`]) fills the circle, collects the food and grants
//! extra moves; the solo version's achievements are checked at the end of
//! each turn, one flipped (or removed) before each round; the seed's chart
//! rates the score.

use scribe_ai::Rng;
use scribe_gum::{
    Achievements, Allowed, Choice, Circle, Food, MotherMoth, Movement, Sheet, Tree, letter,
    solo_rating,
};

/// A solo game on screen.
#[derive(Debug, Clone)]
pub struct SoloGame {
    /// The tree played on.
    pub tree: Tree,
    /// The player's sheet.
    pub sheet: Sheet,
    /// The deal number.
    pub seed: u64,
    moth: MotherMoth,
    /// The three achievements.
    pub achievements: Achievements,
    flip_due: bool,
    /// A wild circle chosen, waiting for its food.
    pending_wild: Option<Choice>,
    /// The line the keyboard has chosen (an index into [`SoloGame::options`]).
    selected: usize,
    /// What happened, newest last.
    pub log: Vec<String>,
}

impl SoloGame {
    /// A new game on `tree` dealt from `seed`.
    #[must_use]
    pub fn new(tree: Tree, seed: u64) -> SoloGame {
        let tiles = Achievements::random_tiles(3, &mut Rng::new(seed ^ 0xAC4E));
        SoloGame {
            sheet: Sheet::new(&tree),
            tree,
            seed,
            moth: MotherMoth::new(seed),
            achievements: Achievements::new(tiles, 1),
            flip_due: true,
            pending_wild: None,
            selected: 0,
            log: Vec::new(),
        }
    }

    /// The mother moth: the tile face up, this round's tiles, the round and turn.
    #[must_use]
    pub fn moth(&self) -> &MotherMoth {
        &self.moth
    }

    /// Whether the game is over (the 21st turn done).
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.moth.is_over() && self.sheet.now().is_none() && self.pending_wild.is_none()
    }

    /// Whether a line is to be drawn now (the tile's or an extra move).
    #[must_use]
    pub fn in_turn(&self) -> bool {
        self.sheet.now().is_some()
    }

    /// A wild circle waiting for its food.
    #[must_use]
    pub fn pending_wild(&self) -> Option<Choice> {
        self.pending_wild
    }

    /// Whether a tile must be flipped before the next round.
    #[must_use]
    pub fn flip_due(&self) -> bool {
        self.flip_due && self.open_tiles().next().is_some()
    }

    /// The tiles not yet scored nor removed.
    pub fn open_tiles(&self) -> impl Iterator<Item = usize> + '_ {
        self.achievements.open_tiles()
    }

    /// The lines that may be drawn now.
    #[must_use]
    pub fn options(&self) -> Vec<Choice> {
        match self.sheet.now() {
            Some(now) if self.pending_wild.is_none() => self.sheet.options(&self.tree, now),
            _ => Vec::new(),
        }
    }

    /// The line the keyboard has chosen.
    #[must_use]
    pub fn selected(&self) -> Option<Choice> {
        let o = self.options();
        o.get(self.selected.min(o.len().saturating_sub(1))).copied()
    }

    /// Moves the keyboard's choice on (or back) among the allowed lines.
    pub fn select(&mut self, step: i32) {
        let n = self.options().len() as i32;
        if n > 0 {
            self.selected = (self.selected as i32 + step).rem_euclid(n) as usize;
        }
    }

    /// What may be drawn now, in words.
    #[must_use]
    pub fn task(&self) -> String {
        if self.pending_wild.is_some() {
            return "A wild circle: choose a nut, a leaf or a blossom.".into();
        }
        match self.sheet.now() {
            Some(Allowed::Tile(Movement::Dotted)) => {
                "Draw along a dotted line from a filled circle.".into()
            }
            Some(Allowed::Tile(m)) => format!(
                "Draw a line {} from a filled circle.",
                match m {
                    Movement::Left => "left",
                    Movement::Right => "right",
                    Movement::Up => "up",
                    Movement::Down => "down",
                    Movement::LeftRight => "left or right",
                    _ => "up or down",
                }
            ),
            Some(Allowed::Extra) => {
                "Extra move: a solid line up, down, left or right from a filled circle.".into()
            }
            None if self.is_over() => "The game is over.".into(),
            None if self.flip_due() => {
                "Choose an achievement to flip before the round starts.".into()
            }
            None => "Turn the next tile over.".into(),
        }
    }

    /// Turns over the next tile and starts the turn.
    ///
    /// # Errors
    /// A line still to draw, a flip due, or the game over.
    pub fn turn_tile(&mut self) -> Result<String, String> {
        if self.in_turn() || self.pending_wild.is_some() {
            return Err(format!("First draw your line: {}", self.task()));
        }
        if self.is_over() {
            return Err(format!("The game is over: {} points.", self.score()));
        }
        if self.flip_due() {
            return Err(self.task());
        }
        let tile = self.moth.reveal().ok_or("The game is over.")?;
        self.selected = 0;
        let (round, turn) = self.moth.round_turn();
        let mut said = format!("Round {round}, tile {turn} of 7: {}.", tile.name());
        if self.sheet.begin_turn(&self.tree, tile) {
            said.push(' ');
            said.push_str(&self.task());
        } else {
            said.push_str(" No line that way from a filled circle: nothing to draw this turn.");
            said.push_str(&self.end_turn());
        }
        self.log.push(said.clone());
        Ok(said)
    }

    /// Draws the line to circle `to` (a click on it).
    ///
    /// # Errors
    /// No line allowed now reaches that circle.
    pub fn draw_to(&mut self, to: usize) -> Result<String, String> {
        let Some(choice) = self.options().into_iter().find(|c| c.to == to) else {
            return Err(match self.sheet.now() {
                None => format!("No line to draw now. {}", self.task()),
                Some(_) => format!(
                    "No line allowed now reaches {}. {}",
                    self.circle_name(to),
                    self.task()
                ),
            });
        };
        self.draw(choice)
    }

    /// Draws the line the keyboard has chosen.
    ///
    /// # Errors
    /// No line to draw now.
    pub fn draw_selected(&mut self) -> Result<String, String> {
        let c = self
            .selected()
            .ok_or_else(|| format!("No line to draw now. {}", self.task()))?;
        self.draw(c)
    }

    fn draw(&mut self, c: Choice) -> Result<String, String> {
        if self.tree.nodes[c.to].circle == Circle::Wild {
            self.pending_wild = Some(c);
            return Ok(self.task());
        }
        self.finish_draw(c, None)
    }

    /// The food chosen for the wild circle waiting.
    ///
    /// # Errors
    /// No wild circle is waiting.
    pub fn wild(&mut self, food: Food) -> Result<String, String> {
        let c = self
            .pending_wild
            .take()
            .ok_or("No wild circle is waiting for a food.")?;
        self.finish_draw(c, Some(food))
    }

    fn finish_draw(&mut self, c: Choice, wild: Option<Food>) -> Result<String, String> {
        let earned = self
            .sheet
            .draw(&self.tree, c, wild)
            .map_err(|e| e.to_string())?;
        self.selected = 0;
        let what = match (self.tree.nodes[c.to].circle, wild) {
            (Circle::Food(f, k), _) => food_words(f, k),
            (_, Some(f)) => food_words(f, 1),
            _ => String::new(),
        };
        let mut said = format!("{}: {what}.", self.place(c.to));
        if earned > 0 {
            said.push_str(&format!(
                " {} extra move{}!",
                earned,
                if earned == 1 { "" } else { "s" }
            ));
        }
        if self.in_turn() {
            said.push(' ');
            said.push_str(&self.task());
        } else {
            said.push_str(&self.end_turn());
        }
        self.log.push(said.clone());
        Ok(said)
    }

    /// The end of a turn: the achievements are checked; at a round's end
    /// the meals are written.
    fn end_turn(&mut self) -> String {
        let mut said = String::new();
        let sheets = std::slice::from_ref(&self.sheet);
        for (_, i, pts) in self.achievements.check(&self.tree, sheets) {
            said.push_str(&format!(
                " Achievement {} ({}): {}!",
                letter(i),
                self.achievements.tiles[i].title(),
                super::points(pts)
            ));
        }
        if self.moth.round_over() {
            let round = self.moth.round();
            self.sheet.end_round(&self.tree);
            let meals = self.sheet.meals(&self.tree);
            said.push_str(&format!(" Round {round} is over: {meals} meals."));
            if self.moth.is_over() {
                said.push_str(&format!(
                    " Final score {}: {}",
                    self.score(),
                    solo_rating(self.score())
                ));
            } else {
                self.flip_due = true;
            }
        }
        said
    }

    /// Flips (or removes) achievement `i` before a round.
    ///
    /// # Errors
    /// No flip due, or the tile scored or out of the game.
    pub fn solo_flip(&mut self, i: usize) -> Result<String, String> {
        if !self.flip_due() {
            return Err("No achievement is to be flipped now.".into());
        }
        let said = format!(
            "{} Turn the first tile over.",
            self.achievements.solo_flip_said(i)?
        );
        self.flip_due = false;
        self.log.push(said.clone());
        Ok(said)
    }

    /// Meals of the finished rounds, column bonus, achievements.
    #[must_use]
    pub fn score(&self) -> u32 {
        self.sheet.base_score(&self.tree) + self.achievements.points(0)
    }

    /// "row 4, column 3".
    #[must_use]
    pub fn place(&self, n: usize) -> String {
        let node = self.tree.nodes[n];
        format!("row {}, column {}", node.row + 1, node.col + 1)
    }

    /// A circle's accessible name: "Circle at row 4, column 3: 2 nuts, filled".
    #[must_use]
    pub fn circle_name(&self, n: usize) -> String {
        let what = match self.tree.nodes[n].circle {
            Circle::Start => "a starting circle".to_string(),
            Circle::Food(f, k) => food_words(f, k),
            Circle::Wild => match self.sheet.wild_taken(n) {
                Some(f) => format!("wild, taken as {}", food_words(f, 1)),
                None => "wild (a nut, leaf or blossom)".to_string(),
            },
        };
        let state = if self.sheet.is_filled(n) {
            "filled"
        } else if self.options().iter().any(|c| c.to == n) {
            "empty, a line can reach it now"
        } else {
            "empty"
        };
        format!("Circle at {}: {what}, {state}", self.place(n))
    }
}

/// "1 nut", "2 leaves", "3 blossoms".
#[must_use]
pub fn food_words(f: Food, k: u8) -> String {
    let name = match (f, k) {
        (Food::Leaf, 1) => "leaf",
        (Food::Leaf, _) => "leaves",
        (f, 1) => f.name(),
        (Food::Nut, _) => "nuts",
        (Food::Blossom, _) => "blossoms",
    };
    format!("{k} {name}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use scribe_gum::Side;
    use scribe_gum::tree;

    fn game() -> SoloGame {
        SoloGame::new(tree("ironbark").unwrap(), 42)
    }

    #[test]
    fn a_flip_before_each_round_then_seven_turns() {
        let mut g = game();
        assert!(g.turn_tile().is_err(), "flip first");
        let i = g.open_tiles().next().unwrap();
        g.solo_flip(i).unwrap();
        assert_eq!(g.achievements.sides[i], Side::Silver);
        let said = g.turn_tile().unwrap();
        let first = scribe_gum::deal_game(42)[0].revealed[0];
        assert_eq!(g.moth().current(), Some(first));
        assert!(said.contains(first.name()));
        assert!(
            g.turn_tile().is_err() || !g.in_turn(),
            "a line to draw first"
        );
    }

    #[test]
    fn clicks_fill_circles_collect_food_and_end_the_game_with_a_rating() {
        let mut g = game();
        let mut turns = 0;
        while !g.is_over() {
            if g.flip_due() {
                let i = g.open_tiles().next().unwrap();
                g.solo_flip(i).unwrap();
                continue;
            }
            if let Some(c) = g.pending_wild() {
                g.wild(Food::Blossom).unwrap();
                // the circle keeps the food taken, as ringed on paper
                assert_eq!(g.sheet.wild_taken(c.to), Some(Food::Blossom));
                assert!(
                    g.circle_name(c.to)
                        .contains("wild, taken as 1 blossom, filled"),
                    "{}",
                    g.circle_name(c.to)
                );
                continue;
            }
            if g.in_turn() {
                let before: u32 = g.sheet.tracker().iter().map(|&t| u32::from(t)).sum();
                let c = g.options()[0];
                assert!(!g.sheet.is_filled(c.to));
                assert!(
                    g.circle_name(c.to)
                        .ends_with("empty, a line can reach it now")
                );
                // a click on a circle no line reaches is refused, nothing changes
                let start = (0..g.tree.nodes.len())
                    .find(|&n| g.tree.nodes[n].circle == Circle::Start)
                    .unwrap();
                assert!(g.draw_to(start).is_err());
                g.draw_to(c.to).unwrap();
                if g.pending_wild().is_none() {
                    assert!(g.sheet.is_filled(c.to));
                    assert!(g.sheet.is_drawn(c.line));
                    assert!(g.circle_name(c.to).ends_with("filled"));
                    let after: u32 = g.sheet.tracker().iter().map(|&t| u32::from(t)).sum();
                    assert!(after >= before);
                }
                continue;
            }
            g.turn_tile().unwrap();
            turns += 1;
        }
        assert_eq!(turns, 21);
        assert_eq!(g.sheet.round_meals.len(), 3);
        assert_eq!(
            g.score(),
            g.sheet.round_meals.iter().sum::<u32>()
                + g.sheet.column_bonus(&g.tree)
                + g.achievements.points(0)
        );
        assert!(g.log.last().unwrap().contains("Final score"));
        assert!(g.turn_tile().is_err());
    }

    #[test]
    fn the_keyboard_cycles_through_the_allowed_lines() {
        let mut g = game();
        let i = g.open_tiles().next().unwrap();
        g.solo_flip(i).unwrap();
        g.turn_tile().unwrap();
        while !g.in_turn() {
            g.turn_tile().unwrap();
        }
        let opts = g.options();
        assert_eq!(g.selected(), Some(opts[0]));
        g.select(-1);
        assert_eq!(g.selected(), opts.last().copied());
        g.select(1);
        let c = g.selected().unwrap();
        g.draw_selected().unwrap();
        if g.pending_wild().is_some() {
            g.wild(Food::Nut).unwrap();
        }
        assert!(g.sheet.is_filled(c.to));
    }

    #[test]
    fn food_words_read_well() {
        assert_eq!(food_words(Food::Leaf, 2), "2 leaves");
        assert_eq!(food_words(Food::Nut, 1), "1 nut");
        assert_eq!(food_words(Food::Blossom, 3), "3 blossoms");
    }
}
