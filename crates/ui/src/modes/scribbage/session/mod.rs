//! More games → Scribbage: the table of one game, without egui. The players
//! are set up (names, the timer, when the game ends); each turn the player
//! to play rolls the 13 cubes, builds a crossword on a 13 × 13 grid against
//! the clock (by mouse: pick a cube, click a square; by keyboard: the arrows
//! move a cursor, a letter places a cube showing it), with live checks, and
//! the score is taken the moment time is up or the player says Done. The
//! score sheet ([`ScoreSheet`]) keeps every turn; the game ends after the
//! chosen turns or at the target.
//!
//! Time comes from outside (the UI clock, in milliseconds), so the session
//! never reads a clock and tests choose the time.
//!
//! **When time is up** with a crossword that breaks the rules, the app does
//! what a fair table would: cubes not joined to the crossword go back to the
//! cup (left over), a joker still waiting for its letter too; if a run that
//! is not a word remains, the crossword does not count and every cube is left
//! over. The live checks show both while the player builds.

#[cfg(test)]
mod tests;

use scribe_scribbage::{
    Crossword, End, Face, Letter, Problem, Roll, ScoreSheet, Scoring, Solution, Tile, WordList,
    check, score,
};

/// The grid's side.
pub const GRID: usize = 13;
/// The most players at one table (the seed suggests partners past six).
pub const MAX_PLAYERS: usize = 6;
/// The timer's choices, in seconds (`None`: untimed).
pub const TIMERS: [Option<u32>; 5] = [Some(60), Some(120), Some(180), Some(300), None];

/// What the player asks of the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScribbageAction {
    /// Set-up: the number of players (1 is solitaire).
    Players(usize),
    /// Set-up: a player's name.
    Name(usize, String),
    /// Set-up: the timer (seconds; `None`: untimed).
    Timer(Option<u32>),
    /// Set-up: when the game ends.
    End(End),
    /// Set-up done: the first turn waits for its roll.
    Start,
    /// Roll the cubes, at this time (ms of the UI clock).
    Roll(u64),
    /// Pick a cube of the tray (again: put it down).
    Pick(usize),
    /// A square clicked: put the picked cube there, or pick up the cube there.
    Cell(usize, usize),
    /// A square's cube back to the tray (a right click).
    Clear(usize, usize),
    /// The keyboard cursor to a square.
    Cursor(usize, usize),
    /// The cursor one square: (rows, columns).
    Step(i8, i8),
    /// A letter typed (or `?`, a joker), at the cursor.
    Type(char),
    /// Delete: the cube under the cursor back to the tray.
    Remove,
    /// Backspace: the cube under the cursor, or the one before it, back.
    Back,
    /// Every cube back to the tray.
    ClearAll,
    /// The letter a waiting joker stands for.
    Joker(Letter),
    /// "Done": take the score now.
    Done,
    /// The UI clock's time (ms): if the timer ran out, the score is taken.
    Tick(u64),
    /// After the score: the next player's turn.
    Next,
    /// A new game: back to the set-up.
    NewGame,
    /// Show (or hide) the rules page.
    Rules(bool),
}

/// Where the table is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Choosing players, timer and end.
    Setup,
    /// A player's turn waits for the roll (pass the laptop).
    Ready,
    /// Building the crossword.
    Turn,
    /// The turn's score is shown (and, if the game is over, the winner).
    Scored,
}

/// The set-up form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// 1 to [`MAX_PLAYERS`] names (an empty one is "Player N").
    pub names: Vec<String>,
    /// Seconds, or untimed.
    pub timer: Option<u32>,
    /// When the game ends.
    pub end: End,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            names: vec![String::new(), String::new()],
            timer: Some(180),
            end: End::Target(200),
        }
    }
}

/// A cube on the grid: which cube, and the letter it shows (a joker's is
/// `None` until the player says which letter it stands for).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placed {
    /// The cube's number in the roll (0–12).
    pub cube: usize,
    /// The letter shown; `None`: a joker waiting for its letter.
    pub letter: Option<Letter>,
}

/// What the live checks found on the grid as it stands.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Live {
    /// Every problem, for the list beside the grid.
    pub problems: Vec<Problem>,
    /// Squares in a run that is not a word.
    pub not_words: Vec<(usize, usize)>,
    /// Squares not joined to the crossword (or a single letter alone).
    pub loose: Vec<(usize, usize)>,
    /// The score if time were up now (a legal crossword only).
    pub scoring: Option<Scoring>,
}

/// A finished turn.
#[derive(Debug, Clone)]
pub struct TurnResult {
    /// Who played it.
    pub player: usize,
    /// The crossword that counted (trimmed).
    pub crossword: Crossword,
    /// Its scoring.
    pub scoring: Scoring,
    /// What was taken away at the end and why.
    pub notes: Vec<String>,
    /// Whether the clock ended it (else "Done").
    pub timed_out: bool,
}

/// The solver's best crossword for a roll.
#[derive(Debug, Clone)]
pub struct Best {
    /// The roll it was found for (its number in this session).
    pub roll: u64,
    /// The crossword and its scoring.
    pub solution: Solution,
    /// How long the search took, in milliseconds.
    pub millis: u64,
}

/// One Scribbage table.
#[derive(Debug, Clone)]
pub struct ScribbageSession {
    setup: Setup,
    phase: Phase,
    sheet: Option<ScoreSheet>,
    /// Roll `n` is `Roll::seeded(seed + n)`.
    seed: u64,
    rolls: u64,
    roll: Option<Roll>,
    grid: [[Option<Placed>; GRID]; GRID],
    picked: Option<usize>,
    cursor: (usize, usize),
    /// Typing moves the cursor across (else down).
    across: bool,
    /// When the timer runs out (ms of the UI clock).
    deadline: Option<u64>,
    live: Live,
    result: Option<TurnResult>,
    best: Option<Best>,
    rules: bool,
    message: Option<(String, bool)>,
}

impl ScribbageSession {
    /// A table at its set-up; rolls follow from `seed`.
    #[must_use]
    pub fn new(seed: u64) -> ScribbageSession {
        ScribbageSession {
            setup: Setup::default(),
            phase: Phase::Setup,
            sheet: None,
            seed,
            rolls: 0,
            roll: None,
            grid: [[None; GRID]; GRID],
            picked: None,
            cursor: (GRID / 2, GRID / 2 - 3),
            across: true,
            deadline: None,
            live: Live::default(),
            result: None,
            best: None,
            rules: false,
            message: None,
        }
    }

    /// The set-up form.
    #[must_use]
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// Where the table is.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The score sheet, once the game has started.
    #[must_use]
    pub fn sheet(&self) -> Option<&ScoreSheet> {
        self.sheet.as_ref()
    }

    /// The roll on the table.
    #[must_use]
    pub fn roll(&self) -> Option<&Roll> {
        self.roll.as_ref()
    }

    /// The number of the roll on the table (for [`Best::roll`]).
    #[must_use]
    pub fn roll_number(&self) -> u64 {
        self.rolls
    }

    /// The cube at a square.
    #[must_use]
    pub fn at(&self, row: usize, col: usize) -> Option<Placed> {
        self.grid.get(row)?.get(col).copied().flatten()
    }

    /// Where cube `i` is on the grid, if it is.
    #[must_use]
    pub fn place_of(&self, cube: usize) -> Option<(usize, usize)> {
        self.cells()
            .find(|(_, _, p)| p.cube == cube)
            .map(|(r, c, _)| (r, c))
    }

    /// The cube picked from the tray (or from the grid, to move it).
    #[must_use]
    pub fn picked(&self) -> Option<usize> {
        self.picked
    }

    /// The keyboard cursor (row, column).
    #[must_use]
    pub fn cursor(&self) -> (usize, usize) {
        self.cursor
    }

    /// What the live checks found.
    #[must_use]
    pub fn live(&self) -> &Live {
        &self.live
    }

    /// The last finished turn.
    #[must_use]
    pub fn result(&self) -> Option<&TurnResult> {
        self.result.as_ref()
    }

    /// The solver's best for the roll on the table, once found.
    #[must_use]
    pub fn best(&self) -> Option<&Best> {
        self.best.as_ref().filter(|b| b.roll == self.rolls)
    }

    /// Whether the rules page is open.
    #[must_use]
    pub fn rules_open(&self) -> bool {
        self.rules
    }

    /// The last message for the status line: (text, is it an error).
    #[must_use]
    pub fn message(&self) -> Option<&(String, bool)> {
        self.message.as_ref()
    }

    /// A joker on the grid waiting for its letter.
    #[must_use]
    pub fn waiting_joker(&self) -> Option<(usize, usize)> {
        self.cells()
            .find(|(_, _, p)| p.letter.is_none())
            .map(|(r, c, _)| (r, c))
    }

    /// Milliseconds left on the timer at `now` (`None`: untimed or no turn).
    #[must_use]
    pub fn remaining(&self, now: u64) -> Option<u64> {
        if self.phase != Phase::Turn {
            return None;
        }
        self.deadline.map(|d| d.saturating_sub(now))
    }

    /// The player whose turn it is (or was, when scored).
    #[must_use]
    pub fn player(&self) -> Option<usize> {
        match self.phase {
            Phase::Scored => self.result.as_ref().map(|r| r.player),
            _ => self.sheet.as_ref().and_then(ScoreSheet::to_play),
        }
    }

    /// The player's name.
    #[must_use]
    pub fn name(&self, p: usize) -> &str {
        self.sheet
            .as_ref()
            .and_then(|s| s.players().get(p))
            .map_or("", String::as_str)
    }

    /// The winners, when the game is over (several on a tie).
    #[must_use]
    pub fn winners(&self) -> Option<Vec<usize>> {
        self.sheet
            .as_ref()
            .filter(|s| s.is_over())
            .map(ScoreSheet::leaders)
    }

    /// The cubes not on the grid, in cube order.
    #[must_use]
    pub fn unused(&self) -> Vec<usize> {
        let n = self.roll.as_ref().map_or(0, |r| r.faces().len());
        (0..n).filter(|&i| self.place_of(i).is_none()).collect()
    }

    /// The face of cube `i`.
    #[must_use]
    pub fn face(&self, cube: usize) -> Option<Face> {
        self.roll.as_ref()?.faces().get(cube).copied()
    }

    /// Every cube on the grid.
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize, Placed)> + '_ {
        self.grid.iter().enumerate().flat_map(|(r, row)| {
            row.iter()
                .enumerate()
                .filter_map(move |(c, p)| p.map(|p| (r, c, p)))
        })
    }

    /// The grid as a crossword (a joker waiting for its letter left out).
    #[must_use]
    pub fn crossword(&self) -> Crossword {
        let mut cw = Crossword::empty(GRID, GRID);
        for (r, c, p) in self.cells() {
            if let (Some(letter), Some(face)) = (p.letter, self.face(p.cube)) {
                let tile = if face == Face::Joker {
                    Tile::joker(letter)
                } else {
                    Tile::letter(letter)
                };
                cw.set(r, c, Some(tile));
            }
        }
        cw
    }

    /// The solver's answer arrived.
    pub fn found(&mut self, best: Best) {
        if best.roll == self.rolls {
            self.best = Some(best);
        }
    }

    /// Does what the player asked. Returns whether a new roll is on the
    /// table (then the solver should start on it).
    pub fn act(&mut self, action: ScribbageAction) -> bool {
        self.message = None;
        use ScribbageAction as A;
        match action {
            A::Players(n) if self.phase == Phase::Setup => {
                let n = n.clamp(1, MAX_PLAYERS);
                // solitaire is one throw (the seed); a table plays to 200
                match (self.setup.names.len(), n) {
                    (1, 2..) => self.setup.end = End::Target(200),
                    (2.., 1) => self.setup.end = End::Turns(1),
                    _ => {}
                }
                let names = &mut self.setup.names;
                names.resize(n, String::new());
                names.truncate(n);
            }
            A::Name(i, name) if self.phase == Phase::Setup => {
                if let Some(slot) = self.setup.names.get_mut(i) {
                    *slot = name.chars().take(24).collect();
                }
            }
            A::Timer(t) if self.phase == Phase::Setup => self.setup.timer = t,
            A::End(end) if self.phase == Phase::Setup => self.setup.end = end,
            A::Start if self.phase == Phase::Setup => self.start(),
            A::Roll(now) if self.phase == Phase::Ready => {
                self.new_roll(now);
                return true;
            }
            A::Pick(cube) if self.phase == Phase::Turn => self.pick(cube),
            A::Cell(r, c) if self.phase == Phase::Turn && r < GRID && c < GRID => self.cell(r, c),
            A::Clear(r, c) if self.phase == Phase::Turn && r < GRID && c < GRID => {
                self.cursor = (r, c);
                self.take_back(r, c);
            }
            A::Cursor(r, c) if r < GRID && c < GRID => self.cursor = (r, c),
            A::Step(dr, dc) => {
                let (r, c) = self.cursor;
                let r = r.saturating_add_signed(isize::from(dr)).min(GRID - 1);
                let c = c.saturating_add_signed(isize::from(dc)).min(GRID - 1);
                self.cursor = (r, c);
                if dr != 0 || dc != 0 {
                    self.across = dc != 0;
                }
            }
            A::Type(ch) if self.phase == Phase::Turn => self.typed(ch),
            A::Remove if self.phase == Phase::Turn => {
                let (r, c) = self.cursor;
                self.take_back(r, c);
            }
            A::Back if self.phase == Phase::Turn => self.backspace(),
            A::ClearAll if self.phase == Phase::Turn => {
                self.grid = [[None; GRID]; GRID];
                self.picked = None;
                self.recheck();
            }
            A::Joker(letter) if self.phase == Phase::Turn => {
                if let Some((r, c)) = self.waiting_joker() {
                    self.set_joker(r, c, letter);
                }
            }
            A::Done if self.phase == Phase::Turn => self.finish(false),
            A::Tick(now) if self.remaining(now) == Some(0) => self.finish(true),
            A::Next if self.phase == Phase::Scored => {
                if self.sheet.as_ref().is_some_and(ScoreSheet::is_over) {
                    self.new_game();
                } else {
                    self.phase = Phase::Ready;
                    self.roll = None;
                    self.result = None;
                    self.grid = [[None; GRID]; GRID];
                    self.live = Live::default();
                }
            }
            A::NewGame => self.new_game(),
            A::Rules(open) => self.rules = open,
            _ => {}
        }
        false
    }

    fn say(&mut self, text: impl Into<String>) {
        self.message = Some((text.into(), false));
    }

    fn refuse(&mut self, text: impl Into<String>) {
        self.message = Some((text.into(), true));
    }

    fn start(&mut self) {
        let names: Vec<String> = self
            .setup
            .names
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let n = n.trim();
                if n.is_empty() {
                    format!("Player {}", i + 1)
                } else {
                    n.to_string()
                }
            })
            .collect();
        match ScoreSheet::new(names, self.setup.end) {
            Ok(sheet) => {
                self.sheet = Some(sheet);
                self.phase = Phase::Ready;
                self.result = None;
            }
            Err(e) => self.refuse(format!("Cannot start: {e}.")),
        }
    }

    fn new_game(&mut self) {
        let seed = self.seed;
        let rolls = self.rolls;
        let setup = self.setup.clone();
        *self = ScribbageSession::new(seed);
        self.rolls = rolls;
        self.setup = setup;
    }

    fn new_roll(&mut self, now: u64) {
        self.rolls += 1;
        self.roll = Some(Roll::seeded(self.seed.wrapping_add(self.rolls)));
        self.grid = [[None; GRID]; GRID];
        self.picked = None;
        self.cursor = (GRID / 2, GRID / 2 - 3);
        self.across = true;
        self.deadline = self.setup.timer.map(|s| now + u64::from(s) * 1000);
        self.result = None;
        self.phase = Phase::Turn;
        self.recheck();
    }

    fn pick(&mut self, cube: usize) {
        if self.face(cube).is_none() {
            return;
        }
        self.picked = if self.picked == Some(cube) {
            None
        } else {
            Some(cube)
        };
    }

    fn cell(&mut self, r: usize, c: usize) {
        self.cursor = (r, c);
        match (self.picked.take(), self.at(r, c)) {
            (Some(cube), _) => self.put(cube, r, c),
            (None, Some(p)) => {
                self.picked = Some(p.cube);
                self.say(format!(
                    "{} picked up: click a square to move it there, or right-click to put it back.",
                    self.cube_name(p.cube)
                ));
            }
            (None, None) => {}
        }
    }

    /// Puts cube `cube` at (r, c): moved if it was on the grid; the cube
    /// that was there goes back to the tray.
    fn put(&mut self, cube: usize, r: usize, c: usize) {
        let Some(face) = self.face(cube) else { return };
        if let Some((r0, c0)) = self.place_of(cube) {
            self.grid[r0][c0] = None;
        }
        let letter = match face {
            Face::Letter(l) => Some(l),
            Face::Joker => None,
        };
        self.grid[r][c] = Some(Placed { cube, letter });
        if letter.is_none() {
            self.say(format!(
                "Joker at row {}, column {}: type the letter it stands for (or choose it under the cubes).",
                r + 1,
                c + 1
            ));
        }
        self.recheck();
    }

    fn take_back(&mut self, r: usize, c: usize) {
        if let Some(p) = self.grid[r][c].take() {
            if self.picked == Some(p.cube) {
                self.picked = None;
            }
            self.say(format!("{} back to the tray.", self.cube_name(p.cube)));
            self.recheck();
        }
    }

    fn backspace(&mut self) {
        let (r, c) = self.cursor;
        if self.at(r, c).is_none() {
            let back = if self.across {
                (r, c.saturating_sub(1))
            } else {
                (r.saturating_sub(1), c)
            };
            self.cursor = back;
        }
        let (r, c) = self.cursor;
        self.take_back(r, c);
    }

    fn set_joker(&mut self, r: usize, c: usize, letter: Letter) {
        if let Some(p) = &mut self.grid[r][c] {
            p.letter = Some(letter);
        }
        self.say(format!(
            "The joker stands for {letter} (it scores nothing)."
        ));
        self.recheck();
    }

    fn advance(&mut self) {
        let (r, c) = self.cursor;
        self.cursor = if self.across {
            (r, (c + 1).min(GRID - 1))
        } else {
            ((r + 1).min(GRID - 1), c)
        };
    }

    fn typed(&mut self, ch: char) {
        let (r, c) = self.cursor;
        let here = self.at(r, c);
        if ch == '?' {
            match self.free_cube(Face::Joker) {
                Some(j) => self.put(j, r, c),
                None => self.refuse("No joker left among the cubes."),
            }
            return;
        }
        let Some(letter) = Letter::from_char(ch) else {
            return;
        };
        // a joker here waiting for its letter takes it
        if let Some(p) = here
            && p.letter.is_none()
        {
            self.set_joker(r, c, letter);
            self.advance();
            return;
        }
        if here.is_some_and(|p| p.letter == Some(letter)) {
            self.advance();
            return;
        }
        if let Some(cube) = self.free_cube(Face::Letter(letter)) {
            self.put(cube, r, c);
            self.advance();
        } else if let Some(j) = self.free_cube(Face::Joker) {
            self.put(j, r, c);
            self.set_joker(r, c, letter);
            self.say(format!(
                "No {letter} left among the cubes: a joker stands for it (it scores nothing)."
            ));
            self.advance();
        } else {
            self.refuse(format!("No {letter} left among the cubes."));
        }
    }

    /// The first cube showing `face` that is not on the grid.
    fn free_cube(&self, face: Face) -> Option<usize> {
        self.unused()
            .into_iter()
            .find(|&i| self.face(i) == Some(face))
    }

    /// "Cube 4, E, 1 point" (cubes counted from 1).
    #[must_use]
    pub fn cube_name(&self, cube: usize) -> String {
        match self.face(cube) {
            Some(face) => format!("Cube {}, {}", cube + 1, face_words(face)),
            None => format!("Cube {}", cube + 1),
        }
    }

    fn recheck(&mut self) {
        let Some(roll) = &self.roll else {
            self.live = Live::default();
            return;
        };
        let cw = self.crossword();
        let words = WordList::builtin();
        let problems = check(&cw, Some(roll), words);
        let mut live = Live::default();
        for p in &problems {
            match p {
                Problem::NotAWord {
                    word,
                    across,
                    row,
                    col,
                } => {
                    for k in 0..word.len() {
                        let sq = if *across {
                            (*row, col + k)
                        } else {
                            (row + k, *col)
                        };
                        if !live.not_words.contains(&sq) {
                            live.not_words.push(sq);
                        }
                    }
                }
                Problem::NotConnected { cubes } => {
                    live.loose.extend(cubes.iter().map(|&(r, c, _)| (r, c)));
                }
                Problem::LoneCube { row, col, .. } => live.loose.push((*row, *col)),
                Problem::NotRolled { .. } | Problem::NotOnCubes(_) => {}
            }
        }
        if self.waiting_joker().is_none() {
            live.scoring = score(&cw, Some(roll), words).ok();
        }
        live.problems = problems;
        self.live = live;
    }

    /// Time is up (or Done): the score, written on the sheet.
    fn finish(&mut self, timed_out: bool) {
        let Some(roll) = self.roll.clone() else {
            return;
        };
        let words = WordList::builtin();
        let mut notes = Vec::new();
        if let Some((r, c)) = self.waiting_joker() {
            self.grid[r][c] = None;
            notes.push("The joker without a letter went back to the cup.".to_string());
        }
        let mut cw = self.crossword();
        let mut loose = Vec::new();
        for p in check(&cw, Some(&roll), words) {
            match p {
                Problem::NotConnected { cubes } => loose.extend(cubes),
                Problem::LoneCube { row, col, tile } => loose.push((row, col, tile)),
                _ => {}
            }
        }
        if !loose.is_empty() {
            let list: Vec<String> = loose.iter().map(|(_, _, t)| t.text()).collect();
            notes.push(format!("Not connected, so left over: {}.", list.join(" ")));
            for (r, c, _) in loose {
                cw.set(r, c, None);
                // back to the tray, shown left over
                self.grid[r][c] = None;
            }
        }
        let scoring = match score(&cw, Some(&roll), words) {
            Ok(s) => s,
            Err(problems) => {
                let bad: Vec<String> = problems
                    .0
                    .iter()
                    .filter_map(|p| match p {
                        Problem::NotAWord { word, .. } => Some(word.clone()),
                        _ => None,
                    })
                    .collect();
                notes.push(format!(
                    "{} not in the word list, so the crossword does not count: every cube is left over.",
                    if bad.len() == 1 {
                        format!("{} is", bad[0])
                    } else {
                        format!("{} are", bad.join(", "))
                    }
                ));
                cw = Crossword::default();
                score(&cw, Some(&roll), words).unwrap_or(Scoring {
                    across: Vec::new(),
                    down: Vec::new(),
                    left_over: roll.faces().to_vec(),
                })
            }
        };
        let player = self
            .sheet
            .as_ref()
            .and_then(ScoreSheet::to_play)
            .unwrap_or(0);
        if let Some(sheet) = &mut self.sheet {
            let _ = sheet.record(scoring.total());
        }
        let total = scoring.total();
        self.result = Some(TurnResult {
            player,
            crossword: cw.trimmed(),
            scoring,
            notes,
            timed_out,
        });
        self.picked = None;
        self.phase = Phase::Scored;
        self.recheck();
        self.say(format!(
            "{}: {} scores {total}.",
            if timed_out { "Time is up" } else { "Done" },
            self.name(player)
        ));
    }
}

/// "E, 1 point", "Q, 10 points", "joker, 0 points".
#[must_use]
pub fn face_words(face: Face) -> String {
    let v = face.value();
    let points = if v == 1 { "point" } else { "points" };
    match face {
        Face::Letter(l) => format!("{l}, {v} {points}"),
        Face::Joker => "joker, any letter, 0 points".to_string(),
    }
}
