//! A run through the course: the step, the board set up for it, the
//! learner's answers checked by the rules, and the progress kept between
//! runs. No egui here; the view draws [`LearnSession::position`] and sends
//! board clicks to [`LearnSession::point`] and answers to [`LearnSession::answer`].

use super::course::{STEPS, Step, Task};
use scribe_record::MarkStyle;
use scribe_rules::{
    Game, GridIndex, GridMask, Player, Position, Square, Target, grid_groups, grid_points,
};
use serde::{Deserialize, Serialize};

/// The course as kept in the settings file between runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Progress {
    /// The course was offered (at the first start): it is not offered again.
    pub offered: bool,
    /// The step the learner was on when they left, from 0.
    pub step: usize,
}

/// What the learner was told after a try.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Feedback {
    /// The words, for the panel and the status line.
    pub text: String,
    /// Whether the try did the task.
    pub right: bool,
}

/// The learner's way through the course.
#[derive(Debug, Clone)]
pub struct LearnSession {
    step: usize,
    game: Game,
    done: bool,
    feedback: Option<Feedback>,
    /// Wrong tries at this step.
    tries: usize,
}

/// The board a step starts from.
fn setup(step: &Step) -> Game {
    let squares: Vec<Square> = step
        .moves
        .split_whitespace()
        .filter_map(|s| s.parse().ok())
        .collect();
    // every setup is proved legal by a unit test; an empty board otherwise
    Game::from_moves(squares).unwrap_or_default()
}

fn grid(n: u8) -> GridIndex {
    GridIndex::from_number(n).unwrap_or(GridIndex::ALL[4])
}

impl LearnSession {
    /// How many steps the course has.
    #[must_use]
    pub fn len() -> usize {
        STEPS.len()
    }

    /// The course at `step` (from 0; past the end, the last step).
    #[must_use]
    pub fn at(step: usize) -> LearnSession {
        let step = step.min(STEPS.len() - 1);
        LearnSession {
            step,
            game: setup(&STEPS[step]),
            done: matches!(STEPS[step].task, Task::Read),
            feedback: None,
            tries: 0,
        }
    }

    /// Where a learner coming back starts: where they left, or at the
    /// beginning if they had finished.
    #[must_use]
    pub fn resume(progress: Progress) -> LearnSession {
        if progress.step + 1 >= STEPS.len() {
            LearnSession::at(0)
        } else {
            LearnSession::at(progress.step)
        }
    }

    /// The step, from 0.
    #[must_use]
    pub fn index(&self) -> usize {
        self.step
    }

    /// The step's content.
    #[must_use]
    pub fn step(&self) -> &'static Step {
        &STEPS[self.step]
    }

    /// Whether this step's task is done.
    #[must_use]
    pub fn done(&self) -> bool {
        self.done
    }

    /// What the learner was last told at this step.
    #[must_use]
    pub fn feedback(&self) -> Option<&Feedback> {
        self.feedback.as_ref()
    }

    /// Wrong tries at this step.
    #[must_use]
    pub fn tries(&self) -> usize {
        self.tries
    }

    /// The position on the board.
    #[must_use]
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// The step's text with the learner's mark.
    #[must_use]
    pub fn text(&self, style: MarkStyle) -> String {
        with_mark(self.step().text, style)
    }

    /// The step's task with the learner's mark.
    #[must_use]
    pub fn task_text(&self, style: MarkStyle) -> String {
        with_mark(self.step().task_text, style)
    }

    /// The next step (returns whether there is one).
    pub fn next_step(&mut self) -> bool {
        self.go(self.step + 1)
    }

    /// The previous step (returns whether there is one).
    pub fn previous_step(&mut self) -> bool {
        self.step > 0 && self.go(self.step - 1)
    }

    /// Goes to a step, its board set up afresh.
    pub fn go(&mut self, step: usize) -> bool {
        if step >= STEPS.len() {
            return false;
        }
        *self = LearnSession::at(step);
        true
    }

    /// Starts this step again.
    pub fn restart(&mut self) {
        *self = LearnSession::at(self.step);
    }

    /// What to keep in the settings file: the step (the `offered` flag is
    /// the caller's).
    #[must_use]
    pub fn progress(&self, offered: bool) -> Progress {
        Progress {
            offered,
            step: self.step,
        }
    }

    /// The learner chose a square on the board (a click, Enter on the
    /// keyboard cursor, a screen reader's click).
    pub fn point(&mut self, sq: Square, style: MarkStyle) -> &Feedback {
        let feedback = self.judge_square(sq, style);
        self.record(feedback)
    }

    /// The learner chose answer `i` of [`Self::answers`].
    pub fn answer(&mut self, i: usize, style: MarkStyle) -> &Feedback {
        let feedback = match self.question(style) {
            Some((answers, right)) if i < answers.len() => {
                if i == right {
                    Feedback {
                        text: format!("Right: {}. {}", answers[i], sentence(&self.explain(style))),
                        right: true,
                    }
                } else {
                    Feedback {
                        text: format!("Not {}. {} Try again.", answers[i], self.step().hint),
                        right: false,
                    }
                }
            }
            _ => Feedback {
                text: "There is no question at this step.".to_string(),
                right: false,
            },
        };
        self.record(feedback)
    }

    /// The answers to choose from, when the step asks a question.
    #[must_use]
    pub fn answers(&self, style: MarkStyle) -> Vec<String> {
        self.question(style).map(|(a, _)| a).unwrap_or_default()
    }

    fn record(&mut self, feedback: Feedback) -> &Feedback {
        if feedback.right {
            self.done = true;
        } else if !self.done {
            self.tries += 1;
        }
        self.feedback.insert(feedback)
    }

    /// The learner's mark and the symbol of a player, for texts.
    fn sym(style: MarkStyle, p: Player) -> &'static str {
        style.symbol(p)
    }

    fn judge_square(&mut self, sq: Square, style: MarkStyle) -> Feedback {
        let task = self.step().task;
        let wrong = |text: String| Feedback { text, right: false };
        if self.done && task.on_board() {
            return Feedback {
                text: "Done: go on with Next step.".to_string(),
                right: true,
            };
        }
        let pos = *self.game.position();
        let me = Self::sym(style, Player::X);
        match task {
            Task::Read => wrong("Nothing to do on the board here: go on with Next step.".into()),
            t if t.is_question() => wrong("Choose an answer beside the board.".into()),
            Task::NewestMark(p) => {
                let who = Self::sym(style, p);
                match pos.at(sq) {
                    _ if pos.last_move(p) == Some(sq) => {
                        let next = sq.cell();
                        Feedback {
                            text: format!(
                                "Right: {sq} is {who}'s newest mark. It sits in the {} of its \
                                 mini grid, so {who} must play in the {} mini grid next.",
                                crate::words::cell_phrase(next),
                                next.position_name()
                            ),
                            right: true,
                        }
                    }
                    None => wrong(format!("{sq} is empty. {}", self.step().hint)),
                    Some(q) if q != p => wrong(format!(
                        "{sq} is {}'s mark. {}",
                        Self::sym(style, q),
                        self.step().hint
                    )),
                    Some(_) => wrong(format!(
                        "{sq} is slashed: an older {who}. {}",
                        self.step().hint
                    )),
                }
            }
            _ => {
                if let Err(reason) = pos.check(sq) {
                    return wrong(format!(
                        "{sq} is not allowed: {}.",
                        crate::words::refusal(reason, style)
                    ));
                }
                let mut after = self.game.clone();
                if after.play(sq).is_err() {
                    return wrong(format!("{sq} is not allowed."));
                }
                let verdict = judge_move(task, &pos, after.position(), sq, style);
                match verdict {
                    Ok(text) => {
                        self.game = after;
                        let mut text = text;
                        // O answers a move at once, so that the highlighter
                        // shows where the learner goes next (not O's grid)
                        let answers =
                            matches!(task, Task::FirstMark | Task::RouteTo(_) | Task::PlayIn(_));
                        if answers
                            && let Some(reply) = reply(self.game.position())
                            && self.game.play(reply).is_ok()
                        {
                            let o = Self::sym(style, Player::O);
                            text = if task == Task::FirstMark {
                                format!(
                                    "You marked {sq}, and {o} answered with {reply}: one mark \
                                     each, turn by turn. {me} plays first, so {me} makes 41 \
                                     marks and {o} 40."
                                )
                            } else {
                                format!(
                                    "{text} {o} answered with {reply}; the highlighter shows \
                                     where you play now."
                                )
                            };
                        }
                        Feedback { text, right: true }
                    }
                    Err(text) => wrong(format!("{text} {}", self.step().hint)),
                }
            }
        }
    }

    /// The question's answers and the index of the right one.
    fn question(&self, style: MarkStyle) -> Option<(Vec<String>, usize)> {
        let pos = self.game.position();
        let sym = |p: Player| Self::sym(style, p);
        let by = |p: Player, d: u32| format!("{} by {d}", sym(p));
        match self.step().task {
            Task::GridPoints(n) => {
                let cells = pos.grid_cells(grid(n))[Player::X];
                let right = u32::from(grid_points(cells));
                let answers: Vec<String> = (0..=cells.count().max(3))
                    .map(|k| format!("{k} point{}", if k == 1 { "" } else { "s" }))
                    .collect();
                Some((answers, right as usize))
            }
            Task::GridWinner(n) => {
                let score = pos.grid_score(grid(n));
                let w = score.winner?;
                let d = u32::from(score.points[w].abs_diff(score.points[w.other()]));
                Some(players_by(d, &by, w))
            }
            Task::Majority => {
                let result = pos.result();
                let w = result.majority.winner?;
                let k = result.majority.score[w];
                // 5 to 9 mini grids won: 5-7 or 7-9
                let window = if k <= 7 { [5, 6, 7] } else { [7, 8, 9] };
                let mut answers = Vec::new();
                let mut right = 0;
                for p in Player::ALL {
                    for k2 in window {
                        if p == w && k2 == k {
                            right = answers.len();
                        }
                        answers.push(format!("{} wins, {k2} mini grids to {}", sym(p), 9 - k2));
                    }
                }
                Some((answers, right))
            }
            Task::SuperGlyph => {
                let result = pos.result();
                let sg = result.super_glyph?;
                let w = sg.winner?;
                let d = u32::from(sg.score[w].abs_diff(sg.score[w.other()]));
                Some(players_by(d, &by, w))
            }
            _ => None,
        }
    }

    /// Why the right answer is right, from the rules' own scoring.
    fn explain(&self, style: MarkStyle) -> String {
        let pos = self.game.position();
        let sym = |p: Player| Self::sym(style, p);
        match self.step().task {
            Task::GridPoints(n) => {
                let cells = pos.grid_cells(grid(n))[Player::X];
                groups_in_words(cells)
            }
            Task::GridWinner(n) => {
                let g = grid(n);
                let score = pos.grid_score(g);
                let cells = pos.grid_cells(g);
                Player::ALL
                    .map(|p| {
                        format!(
                            "{} has {} marks: {}",
                            sym(p),
                            cells[p].count(),
                            groups_in_words(cells[p])
                        )
                    })
                    .join(" ")
                    + &format!(
                        " {} wins it, {} to {}.",
                        score.winner.map_or("Nobody", sym),
                        score.points.x.max(score.points.o),
                        score.points.x.min(score.points.o)
                    )
            }
            Task::Majority => {
                let won = pos.result().majority.score;
                format!(
                    "{} won {} mini grids and O {}. Under Majority that is all that counts.",
                    sym(Player::X),
                    won.x,
                    won.o
                )
            }
            Task::SuperGlyph => {
                let won = pos.won_grids();
                let names = Player::ALL.map(|p| {
                    format!(
                        "{}'s {} won mini grids: {}",
                        sym(p),
                        won[p].count(),
                        groups_in_words(won[p])
                    )
                });
                format!(
                    "{} {} More mini grids do not always win here.",
                    names[0], names[1]
                )
            }
            _ => String::new(),
        }
    }

    /// Where the learner's last mark sends them, for the routing map: the
    /// mini grid it is in and its place there.
    #[must_use]
    pub fn last_mark(&self) -> Option<Square> {
        self.position().last_move(Player::X)
    }
}

/// Judges a legal move for a board task: `Ok` with the words of praise, or
/// `Err` with what the move did instead.
fn judge_move(
    task: Task,
    before: &Position,
    after: &Position,
    sq: Square,
    style: MarkStyle,
) -> Result<String, String> {
    let me = style.symbol(Player::X);
    match task {
        Task::FirstMark => Ok(format!("You marked {sq}.")),
        Task::RouteTo(n) => {
            let sent = after.target_for(Player::X);
            let cell = sq.cell();
            let words = format!(
                "{sq} sits in the {} of its mini grid, so it sends you to the {} mini grid",
                crate::words::cell_phrase(cell),
                cell.position_name()
            );
            if sent == Target::Grid(grid(n)) {
                Ok(format!("Right: {words}."))
            } else {
                Err(format!("{sq} is allowed, but {words}."))
            }
        }
        Task::PlayIn(n) => {
            if sq.grid() == grid(n) {
                let was = match before.target() {
                    Target::Anywhere => "allowed because the mini grid your mark points to is full",
                    Target::Grid(_) => "allowed",
                };
                Ok(format!("Right: {sq} is {was}."))
            } else {
                Err(format!(
                    "{sq} is allowed, but it is in the {} mini grid.",
                    sq.grid().position_name()
                ))
            }
        }
        Task::MakeGlyph(glyph) => {
            let cells = after.grid_cells(sq.grid())[Player::X];
            let group = grid_groups(cells)
                .into_iter()
                .find(|g| g.cells.contains(sq.cell()));
            let made = group.and_then(|g| g.glyph);
            if made == Some(glyph) {
                Ok(format!(
                    "Right: your four marks make a {} worth {} points.",
                    glyph.name(),
                    glyph.points()
                ))
            } else {
                let what = match made {
                    Some(g) => format!("a {} ({} points)", g.name(), g.points()),
                    None => "a shape that is no glyph".to_string(),
                };
                Err(format!("{sq} makes {what}, not a {}.", glyph.name()))
            }
        }
        _ => Err(format!("{me} cannot do that here.")),
    }
}

/// `text` as a sentence: its first letter a capital ("a group of 4…" after
/// "Right: 1 point." read as a typo).
fn sentence(text: &str) -> String {
    let mut c = text.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// O's answer at the first step: the free square nearest the board's centre.
fn reply(pos: &Position) -> Option<Square> {
    pos.legal_moves().iter().min_by_key(|s| {
        let (dc, dr) = (i32::from(s.col()) - 4, i32::from(s.row()) - 4);
        (dc * dc + dr * dr, s.index())
    })
}

/// Three margins in a row that hold `d`, not always with `d` in the middle:
/// 1-3, 4-6, 7-9.
fn window_of(d: u32) -> [u32; 3] {
    let base = (d.max(1) - 1) / 3 * 3 + 1;
    [base, base + 1, base + 2]
}

/// "+ by 1" … "O by 3": both players with three margins; the index of the right one.
fn players_by(d: u32, by: &dyn Fn(Player, u32) -> String, w: Player) -> (Vec<String>, usize) {
    let mut answers = Vec::new();
    let mut right = 0;
    for p in Player::ALL {
        for m in window_of(d) {
            if p == w && m == d {
                right = answers.len();
            }
            answers.push(by(p, m));
        }
    }
    (answers, right)
}

/// A player's groups in a mini grid in words: "a Single (1) and a group of
/// four that is no glyph (0): 1 point."
fn groups_in_words(cells: GridMask) -> String {
    let groups = grid_groups(cells);
    if groups.is_empty() {
        return "no marks: 0 points.".to_string();
    }
    let parts: Vec<String> = groups
        .iter()
        .map(|g| match g.glyph {
            Some(glyph) => format!("a {} ({})", glyph.name(), glyph.points()),
            None => format!("a group of {} that is no glyph (0)", g.cells.count()),
        })
        .collect();
    let total = grid_points(cells);
    let list = match parts.as_slice() {
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
        [] => String::new(),
    };
    format!(
        "{list}: {total} point{}.",
        if total == 1 { "" } else { "s" }
    )
}

/// A text with `{me}` replaced by the first player's mark.
fn with_mark(text: &str, style: MarkStyle) -> String {
    text.replace("{me}", style.symbol(Player::X))
}

#[cfg(test)]
#[path = "session_tests.rs"]
mod tests;
