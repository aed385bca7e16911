//! One player's sheet: the circles and lines drawn, the meal tracker, the
//! turn in progress (the tile's line, then any extra moves), the meals of
//! each round, and the final score.

use super::tiles::{Dir, Movement};
use super::tree::{Circle, Food, Tree};

/// What the player may draw now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Allowed {
    /// The revealed tile's line.
    Tile(Movement),
    /// An extra move: a solid line up, down, left or right.
    Extra,
}

/// A line the player may draw: the line's index and the new circle it reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice {
    /// From this filled circle.
    pub from: usize,
    /// Along this line.
    pub line: usize,
    /// To this empty circle.
    pub to: usize,
}

/// Why a line cannot be drawn.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DrawError {
    /// No turn is in progress (or it is finished).
    #[error("no line to draw now: the turn is over")]
    NoTurn,
    /// The line is not one the tile (or the extra move) allows from a filled circle to an empty one.
    #[error("that line is not allowed now: {0}")]
    NotAllowed(String),
    /// A wild circle needs a choice of food.
    #[error("a wild circle: choose a nut, leaf or blossom")]
    NeedsChoice,
}

/// One player's sheet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sheet {
    filled: Vec<bool>,
    /// The food taken at each filled wild circle.
    wild_taken: Vec<Option<Food>>,
    drawn: Vec<bool>,
    tracker: [u8; 3],
    now: Option<Allowed>,
    extra: u32,
    /// Extra moves earned in the turn in progress.
    pub extra_this_turn: u32,
    /// Dotted lines drawn in the game.
    pub dotted_drawn: u32,
    /// Turns on which the tile allowed no line.
    pub stuck_turns: u32,
    /// Extra moves used in the game.
    pub extra_moves: u32,
    /// Meals written at the end of each round.
    pub round_meals: Vec<u32>,
}

impl Sheet {
    /// A clean sheet: only the four starting circles filled.
    #[must_use]
    pub fn new(tree: &Tree) -> Sheet {
        Sheet {
            filled: tree
                .nodes
                .iter()
                .map(|n| n.circle == Circle::Start)
                .collect(),
            wild_taken: vec![None; tree.nodes.len()],
            drawn: vec![false; tree.lines.len()],
            tracker: [0; 3],
            now: None,
            extra: 0,
            extra_this_turn: 0,
            dotted_drawn: 0,
            stuck_turns: 0,
            extra_moves: 0,
            round_meals: Vec::new(),
        }
    }

    /// Whether circle `n` is filled in.
    #[must_use]
    pub fn is_filled(&self, n: usize) -> bool {
        self.filled[n]
    }

    /// The food taken at wild circle `n`, once it is filled (on paper: the
    /// one of its three foods ringed).
    #[must_use]
    pub fn wild_taken(&self, n: usize) -> Option<Food> {
        self.wild_taken[n]
    }

    /// Whether line `l` is drawn.
    #[must_use]
    pub fn is_drawn(&self, l: usize) -> bool {
        self.drawn[l]
    }

    /// Food filled on the tracker per column (nut, leaf, blossom), 0–15.
    #[must_use]
    pub fn tracker(&self) -> [u8; 3] {
        self.tracker
    }

    /// What may be drawn now, or `None` when the turn is over.
    #[must_use]
    pub fn now(&self) -> Option<Allowed> {
        self.now
    }

    /// Extra moves still to draw in this turn (after the current one).
    #[must_use]
    pub fn extra_pending(&self) -> u32 {
        self.extra
    }

    /// The lines allowed by `allowed`: from a filled circle to an empty one.
    #[must_use]
    pub fn options(&self, tree: &Tree, allowed: Allowed) -> Vec<Choice> {
        let mut out = Vec::new();
        for from in (0..tree.nodes.len()).filter(|&n| self.filled[n]) {
            match allowed {
                Allowed::Tile(Movement::Dotted) => {
                    for (line, to) in tree.dotted_from(from) {
                        if !self.filled[to] {
                            out.push(Choice { from, line, to });
                        }
                    }
                }
                _ => {
                    let dirs: &[Dir] = match allowed {
                        Allowed::Tile(m) => m.dirs(),
                        Allowed::Extra => &Dir::ALL,
                    };
                    for &d in dirs {
                        if let Some((line, to)) = tree.line_towards(from, d)
                            && !self.filled[to]
                        {
                            out.push(Choice { from, line, to });
                        }
                    }
                }
            }
        }
        out
    }

    /// Starts a turn with the revealed tile. If no line is allowed the turn
    /// passes at once ("you simply do nothing that turn"); returns whether
    /// the player has a line to draw.
    pub fn begin_turn(&mut self, tree: &Tree, tile: Movement) -> bool {
        self.extra = 0;
        self.extra_this_turn = 0;
        self.now = Some(Allowed::Tile(tile));
        if self.options(tree, Allowed::Tile(tile)).is_empty() {
            self.stuck_turns += 1;
            self.now = None;
            return false;
        }
        true
    }

    /// Draws `opt` (one of [`Sheet::options`] for [`Sheet::now`]),
    /// collecting the food (`wild` chooses for a wild circle). Extra moves
    /// earned follow in the same turn; when none is left (or none can be
    /// drawn) the turn ends. Returns the extra moves this line earned.
    ///
    /// # Errors
    /// No turn in progress, a line not allowed now, a wild circle without a choice.
    pub fn draw(&mut self, tree: &Tree, opt: Choice, wild: Option<Food>) -> Result<u32, DrawError> {
        let allowed = self.now.ok_or(DrawError::NoTurn)?;
        if !self.options(tree, allowed).contains(&opt) {
            let what = match allowed {
                Allowed::Tile(m) => format!("the tile is {m}"),
                Allowed::Extra => {
                    "an extra move goes up, down, left or right along a solid line".into()
                }
            };
            return Err(DrawError::NotAllowed(what));
        }
        let (food, count) = match tree.nodes[opt.to].circle {
            Circle::Food(f, k) => (f, k),
            Circle::Wild => (wild.ok_or(DrawError::NeedsChoice)?, 1),
            Circle::Start => unreachable!("start circles are filled from the beginning"),
        };
        self.filled[opt.to] = true;
        if tree.nodes[opt.to].circle == Circle::Wild {
            self.wild_taken[opt.to] = Some(food);
        }
        self.drawn[opt.line] = true;
        if tree.lines[opt.line].dotted {
            self.dotted_drawn += 1;
        }
        if allowed == Allowed::Extra {
            self.extra_moves += 1;
        }
        let earned = self.collect(tree, food, count);
        self.extra += earned;
        self.extra_this_turn += earned;
        self.next_move(tree);
        Ok(earned)
    }

    /// Fills `count` of `food` on the tracker, top down; the extra moves earned.
    fn collect(&mut self, tree: &Tree, food: Food, count: u8) -> u32 {
        let col = food.column();
        let mut earned = 0;
        for _ in 0..count {
            if self.tracker[col] >= 15 {
                break; // a full column: the food is drawn on the tree only
            }
            if tree.tracker.arrows[col][usize::from(self.tracker[col])] {
                earned += 1;
            }
            self.tracker[col] += 1;
        }
        earned
    }

    fn next_move(&mut self, tree: &Tree) {
        while self.extra > 0 {
            self.extra -= 1;
            if !self.options(tree, Allowed::Extra).is_empty() {
                self.now = Some(Allowed::Extra);
                return;
            }
        }
        self.now = None;
    }

    /// Meals now: the number next to the lowest row complete in all three columns (0 if none).
    #[must_use]
    pub fn meals(&self, tree: &Tree) -> u32 {
        let rows = usize::from(*self.tracker.iter().min().unwrap_or(&0));
        if rows == 0 {
            0
        } else {
            tree.tracker.meals[rows - 1]
        }
    }

    /// Ends a round: writes the meals in its circle.
    pub fn end_round(&mut self, tree: &Tree) {
        self.now = None;
        self.extra = 0;
        let m = self.meals(tree);
        self.round_meals.push(m);
    }

    /// Column bonus points: for each full column of 15.
    #[must_use]
    pub fn column_bonus(&self, tree: &Tree) -> u32 {
        self.tracker.iter().filter(|&&t| t >= 15).count() as u32 * tree.tracker.column_bonus
    }

    /// The three rounds' meals plus the column bonus (achievements are added by the caller).
    #[must_use]
    pub fn base_score(&self, tree: &Tree) -> u32 {
        self.round_meals.iter().sum::<u32>() + self.column_bonus(tree)
    }
}

/// A player's final tally, for ranking.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Final {
    /// Meals of the three rounds, column bonus and achievements.
    pub score: u32,
    /// Column bonus points (the first tie-break).
    pub column_bonus: u32,
}

/// The winners by the seed's rules: the highest score; on a tie, the tied
/// player with the most column bonus points; still tied, they win together.
#[must_use]
pub fn winners(finals: &[Final]) -> Vec<usize> {
    let Some(best) = finals.iter().map(|f| (f.score, f.column_bonus)).max() else {
        return Vec::new();
    };
    (0..finals.len())
        .filter(|&i| (finals[i].score, finals[i].column_bonus) == best)
        .collect()
}

/// The solo chart's verdict on a score.
#[must_use]
pub fn solo_rating(score: u32) -> &'static str {
    match score {
        0..=19 => "You're still just a larva, but there is plenty of time to grow.",
        20..=24 => "Gum on, you can do better than that!",
        25..=29 => "Nice scribbling! Can you improve even more?",
        30..=34 => "Now you're really starting to blossom!",
        35..=39 => "You are a regular moth Matisse!",
        _ => "Scribbly Gum champion of the bush!",
    }
}
