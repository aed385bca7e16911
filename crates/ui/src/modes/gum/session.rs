//! The Scribbly Gum mode's state: which page is shown (mother moth, score
//! helper, solo on screen), the setup form, the games, the rules page.

use super::GumAction;
use super::moth::{MothGame, Version};
use super::score::ScoreHelper;
use super::solo::SoloGame;
use scribe_ai::Rng;
use scribe_gum::{TREE_NAMES, tree};

/// The mode's pages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    /// The app turns the tiles for players on paper.
    Moth,
    /// Add up the paper sheets.
    Score,
    /// Play alone on screen.
    Solo,
}

/// The setup form, shared by the pages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// The mother moth's rules.
    pub version: Version,
    /// The players' names (the mother moth's game; one in solo).
    pub names: Vec<String>,
    /// Achievement tiles in the advanced version (1–3).
    pub achievements: usize,
    /// The tree for solo on screen (an index into [`TREE_NAMES`]).
    pub tree: usize,
    /// The deal number typed (blank: a new random one).
    pub deal: String,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            version: Version::Basic,
            names: vec![String::new(); 2],
            achievements: 2,
            tree: 0,
            deal: String::new(),
        }
    }
}

/// Most players the mother moth keeps names for (more can play on paper).
pub const MAX_NAMED: usize = 8;

/// Everything the Scribbly Gum mode holds.
#[derive(Debug, Clone)]
pub struct GumSession {
    /// The page shown.
    pub screen: Screen,
    /// Whether the rules page covers it.
    pub rules: bool,
    /// The setup form.
    pub setup: Setup,
    /// The mother moth's game, once started.
    pub moth: Option<MothGame>,
    /// The score helper.
    pub score: ScoreHelper,
    /// The solo game on screen, once started.
    pub solo: Option<SoloGame>,
    /// Solo: the game before each line drawn this turn (a tile turned over
    /// cannot be taken back: that would show the next tile).
    undo: Vec<SoloGame>,
    redo: Vec<SoloGame>,
    rng: Rng,
}

impl GumSession {
    /// A session whose random deal numbers come from `seed`.
    #[must_use]
    pub fn new(seed: u64) -> GumSession {
        GumSession {
            screen: Screen::Moth,
            rules: false,
            setup: Setup::default(),
            moth: None,
            score: ScoreHelper::default(),
            solo: None,
            undo: Vec::new(),
            redo: Vec::new(),
            rng: Rng::new(seed),
        }
    }

    /// The deal number typed, or a new random one.
    fn deal(&mut self) -> Result<u64, String> {
        let text = self.setup.deal.trim();
        if text.is_empty() {
            return Ok(u64::from(self.rng.below(1_000_000)));
        }
        text.parse().map_err(|_| {
            format!(
                "Deal number: {text:?} is not a whole number (leave it blank for a random deal)."
            )
        })
    }

    /// Whether a line drawn in the solo game can be taken back, and put back.
    #[must_use]
    pub fn can_undo_redo(&self) -> (bool, bool) {
        let solo = self.screen == Screen::Solo && !self.rules;
        (solo && !self.undo.is_empty(), solo && !self.redo.is_empty())
    }

    /// Solo: takes back the last line drawn this turn.
    ///
    /// # Errors
    /// Nothing drawn this turn.
    pub fn undo(&mut self) -> Result<String, String> {
        if !self.can_undo_redo().0 {
            return Err("Nothing to undo: only the lines of this turn can be taken back.".into());
        }
        let before = self.undo.pop().ok_or("Nothing to undo.")?;
        if let Some(now) = self.solo.replace(before) {
            self.redo.push(now);
        }
        Ok("Took back the last line.".into())
    }

    /// Solo: draws again the line taken back.
    ///
    /// # Errors
    /// Nothing taken back.
    pub fn redo(&mut self) -> Result<String, String> {
        if !self.can_undo_redo().1 {
            return Err("Nothing to redo.".into());
        }
        let after = self.redo.pop().ok_or("Nothing to redo.")?;
        if let Some(now) = self.solo.replace(after) {
            self.undo.push(now);
        }
        Ok("Drew the line again.".into())
    }

    /// Applies `action`; the status line's text, or why it was refused.
    ///
    /// # Errors
    /// The action cannot be done now (the text says why).
    pub fn act(&mut self, action: GumAction) -> Result<String, String> {
        let draws = matches!(
            action,
            GumAction::Draw(_) | GumAction::DrawSelected | GumAction::Wild(_)
        );
        let before = draws.then(|| self.solo.clone()).flatten();
        let turns = matches!(
            action,
            GumAction::Next | GumAction::Start | GumAction::NewGame
        ) && self.screen == Screen::Solo;
        let done = self.apply(action);
        if done.is_ok() {
            if let Some(b) = before {
                self.undo.push(b);
                self.redo.clear();
            } else if turns {
                self.undo.clear();
                self.redo.clear();
            }
        }
        done
    }

    fn apply(&mut self, action: GumAction) -> Result<String, String> {
        match action {
            GumAction::Show(s) => {
                self.screen = s;
                self.rules = false;
                Ok(match s {
                    Screen::Moth => "Mother moth: the app turns the tiles for players on paper.",
                    Screen::Score => "Score helper: enter each player's circles; the app adds up.",
                    Screen::Solo => "Solo on screen: you draw on one of our trees.",
                }
                .to_string())
            }
            GumAction::Rules(open) => {
                self.rules = open;
                Ok(String::new())
            }
            GumAction::Setup(mut s) => {
                s.names.truncate(MAX_NAMED);
                if s.names.is_empty() {
                    s.names.push(String::new());
                }
                s.achievements = s.achievements.clamp(1, 3);
                s.tree = s.tree.min(TREE_NAMES.len() - 1);
                self.setup = s;
                Ok(String::new())
            }
            GumAction::Start => self.start(),
            GumAction::NewGame => {
                match self.screen {
                    Screen::Moth => self.moth = None,
                    Screen::Solo => self.solo = None,
                    Screen::Score => self.score = ScoreHelper::default(),
                }
                Ok("A new game: choose, then start.".into())
            }
            GumAction::Next => match self.screen {
                Screen::Moth => self.moth_mut()?.turn_tile(),
                Screen::Solo => self.solo_mut()?.turn_tile(),
                Screen::Score => Err("The score helper has no tiles to turn.".into()),
            },
            GumAction::Claim(p, i) => self.moth_mut()?.claim(p, i),
            GumAction::Unclaim(p, i) => self.moth_mut()?.unclaim(p, i),
            GumAction::SoloFlip(i) => match self.screen {
                Screen::Solo => self.solo_mut()?.solo_flip(i),
                _ => self.moth_mut()?.solo_flip(i),
            },
            GumAction::Meals(p, r, m) => {
                self.score.set_meals(p, r, m);
                Ok(String::new())
            }
            GumAction::Columns(p, c) => {
                self.score.set_columns(p, c);
                Ok(String::new())
            }
            GumAction::AchievementPoints(p, i, pts) => {
                self.score.set_achievement(p, i, pts);
                Ok(String::new())
            }
            GumAction::ScoreName(p, name) => {
                if let Some(n) = self.score.names.get_mut(p) {
                    *n = name.chars().take(24).collect();
                }
                Ok(String::new())
            }
            GumAction::ScorePlayers(more) => {
                self.score.players(more);
                Ok(String::new())
            }
            GumAction::ScoreFromMoth => {
                let game = self
                    .moth
                    .as_ref()
                    .ok_or("No mother moth game to take the players from.")?;
                self.score.from_moth(game);
                self.screen = Screen::Score;
                Ok("The players and their achievements are in the score helper: enter the meals and columns.".into())
            }
            GumAction::Draw(n) => self.solo_mut()?.draw_to(n),
            GumAction::Select(step) => {
                self.solo_mut()?.select(step);
                Ok(String::new())
            }
            GumAction::DrawSelected => self.solo_mut()?.draw_selected(),
            GumAction::Wild(f) => self.solo_mut()?.wild(f),
        }
    }

    fn start(&mut self) -> Result<String, String> {
        let seed = self.deal()?;
        match self.screen {
            Screen::Moth => {
                let s = &self.setup;
                let g = MothGame::new(s.version, seed, s.names.clone(), s.achievements);
                let mut said = format!(
                    "Deal {seed}, the {} version: press Next tile (or Space) to turn the first tile over.",
                    s.version.name()
                );
                if g.flip_due() {
                    said = format!(
                        "Deal {seed}, the solo version: choose an achievement to flip, then turn the first tile over."
                    );
                }
                self.moth = Some(g);
                Ok(said)
            }
            Screen::Solo => {
                let name = TREE_NAMES[self.setup.tree.min(TREE_NAMES.len() - 1)];
                let t = tree(name).ok_or_else(|| format!("the {name} tree cannot be read"))?;
                let g = SoloGame::new(t, seed);
                let said = format!(
                    "Deal {seed} on {}: choose an achievement to flip, then turn the first tile over.",
                    g.tree.name
                );
                self.solo = Some(g);
                Ok(said)
            }
            Screen::Score => Ok(String::new()),
        }
    }

    fn moth_mut(&mut self) -> Result<&mut MothGame, String> {
        self.moth
            .as_mut()
            .ok_or_else(|| "Start a mother moth game first.".to_string())
    }

    fn solo_mut(&mut self) -> Result<&mut SoloGame, String> {
        self.solo
            .as_mut()
            .ok_or_else(|| "Start a solo game first.".to_string())
    }

    /// The line above the middle and the line under it.
    #[must_use]
    pub fn heading(&self) -> (String, String) {
        if self.rules {
            return (
                "Scribbly Gum: the rules".into(),
                scribe_gum::CREDIT.to_string(),
            );
        }
        match self.screen {
            Screen::Moth => match &self.moth {
                None => (
                    "Scribbly Gum: the mother moth".into(),
                    "For players on paper: the app turns the movement tiles.".into(),
                ),
                Some(g) => {
                    let (round, turn) = g.moth().round_turn();
                    let h = if turn == 0 {
                        format!("Round {round} of 3: no tile turned over yet")
                    } else if g.is_over() {
                        "Round 3 of 3 is over: write your meals, then add up".to_string()
                    } else if g.round_over() {
                        format!("Round {round} of 3 is over: write your meals")
                    } else {
                        format!("Round {round} of 3, turn {turn} of 7")
                    };
                    (
                        h,
                        format!("Deal {} · the {} version", g.seed, g.version.name()),
                    )
                }
            },
            Screen::Score => (
                "Scribbly Gum: the score helper".into(),
                "Meals of each round, full columns, achievements: added up as the rules say."
                    .into(),
            ),
            Screen::Solo => match &self.solo {
                None => (
                    "Scribbly Gum: solo on screen".into(),
                    "Choose a tree; the app turns the tiles, you draw the lines.".into(),
                ),
                Some(g) => {
                    let (round, turn) = g.moth().round_turn();
                    let between = !g.in_turn() && g.pending_wild().is_none();
                    let at = if turn == 0 || (turn == 7 && between) {
                        let r = if turn == 0 { round } else { round + 1 };
                        format!("Before round {r} of 3")
                    } else {
                        format!("Round {round} of 3, turn {turn} of 7")
                    };
                    let heading = if g.is_over() {
                        format!(
                            "The game is over: {} points. {}",
                            g.score(),
                            scribe_gum::solo_rating(g.score())
                        )
                    } else {
                        format!("{at} · {}", g.task())
                    };
                    (
                        heading,
                        format!(
                            "{} · deal {} · meals now {} · score so far {}",
                            g.tree.name,
                            g.seed,
                            g.sheet.meals(&g.tree),
                            g.score()
                        ),
                    )
                }
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solo_lines_of_the_turn_can_be_taken_back_but_not_a_tile() {
        let mut s = GumSession::new(3);
        s.act(GumAction::Show(Screen::Solo)).unwrap();
        s.act(GumAction::Start).unwrap();
        assert_eq!(s.can_undo_redo(), (false, false));
        s.act(GumAction::SoloFlip(0)).unwrap();
        loop {
            s.act(GumAction::Next).unwrap();
            if s.solo.as_ref().unwrap().in_turn() {
                break;
            }
        }
        let before = s.solo.as_ref().unwrap().sheet.clone();
        let c = s.solo.as_ref().unwrap().options()[0];
        s.act(GumAction::Draw(c.to)).unwrap();
        if s.solo.as_ref().unwrap().pending_wild().is_some() {
            s.act(GumAction::Wild(scribe_gum::Food::Leaf)).unwrap();
        }
        assert!(s.can_undo_redo().0);
        let after = s.solo.as_ref().unwrap().sheet.clone();
        while s.can_undo_redo().0 {
            s.undo().unwrap();
        }
        assert_eq!(s.solo.as_ref().unwrap().sheet, before);
        while s.can_undo_redo().1 {
            s.redo().unwrap();
        }
        assert_eq!(s.solo.as_ref().unwrap().sheet, after);
        // a refused click is not a step to undo
        let undo_steps = s.undo.len();
        assert!(s.act(GumAction::Draw(usize::MAX)).is_err() || s.undo.len() == undo_steps);
        if !s.solo.as_ref().unwrap().in_turn() {
            s.act(GumAction::Next).unwrap();
            assert_eq!(s.can_undo_redo(), (false, false), "the tile stays turned");
        }
    }

    #[test]
    fn a_typed_deal_number_gives_the_cli_deal_and_a_bad_one_is_refused() {
        let mut s = GumSession::new(1);
        let mut setup = s.setup.clone();
        setup.deal = "12x".into();
        s.act(GumAction::Setup(setup.clone())).unwrap();
        assert!(
            s.act(GumAction::Start)
                .unwrap_err()
                .contains("\"12x\" is not a whole number")
        );
        setup.deal = " 12 ".into();
        s.act(GumAction::Setup(setup)).unwrap();
        s.act(GumAction::Start).unwrap();
        s.act(GumAction::Next).unwrap();
        let g = s.moth.as_ref().unwrap();
        assert_eq!(
            g.moth().current(),
            Some(scribe_gum::deal_game(12)[0].revealed[0])
        );
        assert!(s.act(GumAction::Draw(0)).is_err(), "no solo game");
    }

    #[test]
    fn the_score_helper_takes_the_mother_moths_players() {
        let mut s = GumSession::new(2);
        let mut setup = s.setup.clone();
        setup.version = Version::Advanced;
        setup.names = vec!["Ann".into(), "Ben".into(), "Cy".into()];
        s.act(GumAction::Setup(setup)).unwrap();
        s.act(GumAction::Start).unwrap();
        s.act(GumAction::Next).unwrap();
        s.act(GumAction::Claim(2, 0)).unwrap();
        s.act(GumAction::ScoreFromMoth).unwrap();
        assert_eq!(s.screen, Screen::Score);
        assert_eq!(s.score.names.len(), 3);
        assert!(s.score.scores[2].achievements[0] > 0);
    }
}
