//! Game → Puzzles: puzzles made by a job at the difficulty chosen, one at a
//! time; a wrong answer's refutation is found by a job too. No undo: a try
//! is never taken back (the toolbar shows no Undo).

pub mod session;

use super::{Middle, Mode, ModeKind, Reply, Shown, Status};
use crate::action::{Action, ModeAction, Purpose};
use crate::jobs::{Ctl, Job, Progress, Task};
use crate::modes::puzzles::session::{PuzzleSession, Verdict, refute};
use crate::widgets::ink::MarkStyle;
use egui::RichText;
use scribe_ai::{Difficulty, Puzzle, PuzzleConfig};
use scribe_rules::{Player, Square};
use serde::{Deserialize, Serialize};

/// What the puzzles' panel asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PuzzleAction {
    /// The next, or previous, puzzle.
    Step(bool),
    /// Show the puzzle's answer.
    Answer,
    /// Step through the answer's main line: forward or back.
    Line(bool),
    /// New puzzles of this difficulty.
    Difficulty(Difficulty),
    /// Print these puzzles as a book (a PDF).
    Book,
}

/// A puzzle action as the app's action.
fn act(a: PuzzleAction) -> Action {
    Action::Mode(ModeAction::new(ModeKind::Puzzles, a))
}

/// How many puzzles a visit makes.
const COUNT: usize = 6;

/// The puzzles, or the wait for them.
#[derive(Debug)]
pub(crate) struct PuzzleMode {
    difficulty: Difficulty,
    variant: scribe_rules::Variant,
    /// `None` while they are being made.
    session: Option<PuzzleSession>,
    /// Bumped when new puzzles are asked for, so older ones are dropped.
    batch: u64,
    /// How many of the batch being made are found so far (the panel says).
    found: std::sync::Arc<Progress>,
}

/// The answer of the job making puzzles.
struct Made(u64, Result<Vec<Puzzle>, String>);

/// Making a batch of puzzles, as a [`Task`] (in the browser, a worker's):
/// each proved by the exact solver; stopped when the player leaves.
#[derive(Debug, Serialize, Deserialize)]
pub struct MakePuzzles {
    seed: u64,
    variant: scribe_rules::Variant,
    difficulty: Difficulty,
}

impl Task for MakePuzzles {
    const NAME: &'static str = "scribe-puzzles";
    type Output = Result<Vec<Puzzle>, String>;

    fn run(self, ctl: &Ctl<'_>) -> Self::Output {
        let config = PuzzleConfig::new(COUNT, self.seed, self.variant, self.difficulty);
        scribe_ai::generate_puzzles(&config, ctl.stop, |n| (ctl.progress)(n, COUNT))
            .map_err(|e| e.to_string())
    }
}

/// The computer's reply that refutes a wrong try, as a [`Task`].
#[derive(Debug, Serialize, Deserialize)]
pub struct Refute {
    puzzle: Puzzle,
    tried: Square,
}

impl Task for Refute {
    const NAME: &'static str = "scribe-refute";
    type Output = Option<Square>;

    fn run(self, ctl: &Ctl<'_>) -> Option<Square> {
        refute(&self.puzzle, self.tried, ctl.stop)
    }
}

/// The answer of the job refuting a wrong try.
struct Refuted {
    batch: u64,
    puzzle: usize,
    tried: Square,
    reply: Option<Square>,
}

impl PuzzleMode {
    /// Puzzles for `variant` at `difficulty`: the mode, and the job making them.
    pub(crate) fn new(
        variant: scribe_rules::Variant,
        difficulty: Difficulty,
    ) -> (PuzzleMode, Reply) {
        let mut mode = PuzzleMode {
            difficulty,
            variant,
            session: None,
            batch: 0,
            found: std::sync::Arc::default(),
        };
        let reply = mode.make();
        (mode, reply)
    }

    fn make(&mut self) -> Reply {
        self.batch += 1;
        self.session = None;
        let (batch, variant, difficulty) = (self.batch, self.variant, self.difficulty);
        // seeded by the clock so each visit brings new ones
        let seed = web_time::SystemTime::now()
            .duration_since(web_time::UNIX_EPOCH)
            .map_or(1, |d| d.as_secs());
        self.found = std::sync::Arc::new(Progress::new(COUNT));
        Reply {
            // measured with `scribe puzzles --count 6` (release, a quiet
            // 2-core machine): 5-8 s by difficulty; a busy one takes longer
            status: Some(Status::info(format!(
                "Making {} puzzles: about 5 to 15 seconds…",
                difficulty.name()
            ))),
            job: Some(
                Job::task(
                    MakePuzzles {
                        seed,
                        variant,
                        difficulty,
                    },
                    move |made| Made(batch, made),
                )
                .with_progress(std::sync::Arc::clone(&self.found)),
            ),
            ..Reply::default()
        }
    }

    /// The session, once the puzzles are made (tests).
    #[cfg(test)]
    pub(crate) fn with_puzzles(puzzles: Vec<Puzzle>) -> PuzzleMode {
        PuzzleMode {
            difficulty: Difficulty::Medium,
            variant: scribe_rules::Variant::Majority,
            session: Some(PuzzleSession::new(puzzles)),
            batch: 1,
            found: std::sync::Arc::default(),
        }
    }
}

impl PuzzleMode {
    /// The board and the two lines above it.
    pub(crate) fn board(&self, style: MarkStyle) -> Shown {
        let sym = |p: Player| style.symbol(p);
        let Some(s) = &self.session else {
            return Shown {
                heading: format!("Making puzzles… ({})", self.variant.name()),
                detail: String::new(),
                position: scribe_rules::Position::new(),
                hint: None,
                live: false,
                scores: true,
                guidance: true,
                heading_ink: crate::widgets::ink::PENCIL,
                glyph: None,
                played: None,
                busy: false,
                outline: None,
                check: Vec::new(),
            };
        };
        let (i, n) = s.progress();
        let (heading, hint) = match s.current() {
            Some(p) => (
                format!(
                    "Puzzle {i} of {n} ({}, {}): {} to move, {} — find the only move that does",
                    p.difficulty.name(),
                    p.variant.name(),
                    sym(p.to_move),
                    p.goal.describe()
                ),
                (s.answer_shown() || s.found()).then_some(p.answer),
            ),
            None => ("No puzzles".to_string(), None),
        };
        let (shown, len) = s.line_progress();
        let detail = if shown > 0 {
            format!(
                "Solved {} of {n} · main line: move {shown} of {len}",
                s.solved()
            )
        } else {
            format!("Solved {} of {n} (right at the first try)", s.solved())
        };
        Shown {
            heading,
            detail,
            position: s.position(),
            hint,
            live: shown == 0,
            scores: true,
            guidance: true,
            heading_ink: crate::widgets::ink::PENCIL,
            glyph: None,
            played: None,
            busy: false,
            outline: None,
            check: Vec::new(),
        }
    }
}

impl Mode for PuzzleMode {
    fn kind(&self) -> ModeKind {
        ModeKind::Puzzles
    }

    /// A set being solved survives a visit to the game: Game → Puzzles
    /// brings it back where it was left. A set still being made is not kept
    /// (its job stops when the puzzles are left): the next visit makes one.
    fn kept(&self) -> bool {
        self.session.is_some()
    }

    fn middle(&self, style: MarkStyle) -> Middle {
        Middle::Board(self.board(style))
    }

    fn choose(&mut self, sq: Square, style: MarkStyle) -> Reply {
        let batch = self.batch;
        let Some(s) = &mut self.session else {
            return Reply::default();
        };
        if s.line_progress().0 > 0 {
            return Reply::status(Status::error(
                "The answer is on the board: step through its main line, or go to the next puzzle.",
            ));
        }
        match s.check(sq) {
            Verdict::Right => {
                let first = s.tries().is_empty() && !s.answer_shown();
                Reply::status(Status::info(if first {
                    format!("{sq} is right: it is the only move that wins. Solved.")
                } else {
                    format!("{sq} is right: it is the only move that wins (not at the first try).")
                }))
            }
            Verdict::Wrong => {
                let job = s.refutable().map(|puzzle| {
                    let index = s.progress().0;
                    Job::task(Refute { puzzle, tried: sq }, move |reply| Refuted {
                        batch,
                        puzzle: index,
                        tried: sq,
                        reply,
                    })
                });
                Reply {
                    status: Some(Status::error(format!(
                        "{sq} does not reach the goal. Try again."
                    ))),
                    job,
                    ..Reply::default()
                }
            }
            Verdict::Illegal(reason) => Reply::status(Status::error(format!(
                "{sq} is not allowed: {}.",
                crate::words::refusal(reason, style)
            ))),
        }
    }

    fn panel(&self, ui: &mut egui::Ui, _style: MarkStyle, out: &mut Vec<Action>) {
        ui.label(RichText::new("Puzzles").size(20.0));
        let label = ui.label("Difficulty");
        let mut chosen = self.difficulty;
        egui::ComboBox::from_id_salt("puzzle-difficulty")
            .selected_text(chosen.name())
            .show_ui(ui, |ui| {
                for d in Difficulty::ALL {
                    ui.selectable_value(&mut chosen, d, d.name());
                }
            })
            .response
            .labelled_by(label.id);
        if chosen != self.difficulty {
            out.push(act(PuzzleAction::Difficulty(chosen)));
        }
        ui.label(format!("Variant: {}", self.variant.name()))
            .on_hover_text("The puzzles' goals are scored by the game's variant");
        let Some(s) = &self.session else {
            let found = self.found.get().0;
            ui.label(format!(
                "Making six puzzles, each proved by the exact solver: {found} of {COUNT} found."
            ));
            // the count moves on its own: a look four times a second
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(250));
            return;
        };
        ui.label(
            "Older marks are slashed; the highlighter shows where the player to move must play.",
        );
        ui.add_space(8.0);
        if ui.button("Show the answer").clicked() {
            out.push(act(PuzzleAction::Answer));
        }
        let (shown, len) = s.line_progress();
        ui.horizontal(|ui| {
            if ui
                .add_enabled(shown > 0, egui::Button::new("Line back"))
                .on_hover_text("One move back in the answer's main line")
                .clicked()
            {
                out.push(act(PuzzleAction::Line(false)));
            }
            if ui
                .add_enabled(shown > 0 && shown < len, egui::Button::new("Line forward"))
                .on_hover_text("The next move of the answer's main line")
                .clicked()
            {
                out.push(act(PuzzleAction::Line(true)));
            }
        });
        let (i, n) = s.progress();
        ui.horizontal(|ui| {
            if ui
                .add_enabled(i > 1, egui::Button::new("Previous"))
                .clicked()
            {
                out.push(act(PuzzleAction::Step(false)));
            }
            if ui.add_enabled(i < n, egui::Button::new("Next")).clicked() {
                out.push(act(PuzzleAction::Step(true)));
            }
        });
        ui.add_space(8.0);
        if ui.button("Print these puzzles…").clicked() {
            out.push(act(PuzzleAction::Book));
        }
    }

    fn act(&mut self, action: ModeAction, style: MarkStyle) -> Reply {
        let Some(action) = action.take::<PuzzleAction>() else {
            return Reply::default();
        };
        if let PuzzleAction::Difficulty(d) = action {
            self.difficulty = d;
            return self.make();
        }
        let Some(s) = &mut self.session else {
            return Reply::default();
        };
        match action {
            PuzzleAction::Step(forward) => {
                let moved = if forward {
                    s.next_puzzle()
                } else {
                    s.previous_puzzle()
                };
                if moved {
                    return Reply::status(Status::default());
                }
                Reply::default()
            }
            PuzzleAction::Answer => match s.show_answer() {
                Some((answer, line)) => {
                    let line: Vec<String> = line.iter().map(ToString::to_string).collect();
                    Reply::status(Status::info(format!(
                        "The answer: {answer}, drawn on the board. The main line: {}.",
                        line.join(" ")
                    )))
                }
                None => Reply::default(),
            },
            PuzzleAction::Line(forward) => {
                if forward {
                    s.line_forward();
                } else {
                    s.line_back();
                }
                let (shown, len) = s.line_progress();
                let line = s.current().map(|p| p.line.clone()).unwrap_or_default();
                let text = match shown.checked_sub(1).and_then(|k| line.get(k)) {
                    Some(sq) => {
                        let mover = if k_is_mover(&s.puzzle_position(), shown) {
                            style.symbol(Player::X)
                        } else {
                            style.symbol(Player::O)
                        };
                        format!("Main line, move {shown} of {len}: {mover} {sq}.")
                    }
                    None => "The puzzle as it was set.".to_string(),
                };
                Reply::status(Status::info(text))
            }
            PuzzleAction::Book => Reply {
                ask: Some(Purpose::PuzzleBook),
                ..Reply::default()
            },
            // taken above
            PuzzleAction::Difficulty(_) => Reply::default(),
        }
    }

    fn job_done(&mut self, result: Box<dyn std::any::Any + Send>, _style: MarkStyle) -> Reply {
        let result = match result.downcast::<Made>() {
            Ok(made) => {
                let Made(batch, made) = *made;
                if batch != self.batch {
                    return Reply::default();
                }
                return match made {
                    Ok(puzzles) => {
                        self.session = Some(PuzzleSession::new(puzzles));
                        Reply::status(Status::info(
                            "Find the only move that reaches the goal; click it on the board.",
                        ))
                    }
                    Err(e) => Reply::status(Status::error(format!("No puzzles: {e}."))),
                };
            }
            Err(other) => other,
        };
        let Ok(r) = result.downcast::<Refuted>() else {
            return Reply::default();
        };
        let still = self.batch == r.batch
            && self
                .session
                .as_ref()
                .is_some_and(|s| s.progress().0 == r.puzzle && !s.found());
        match r.reply {
            Some(reply) if still => Reply::status(Status::error(format!(
                "{} does not win: the reply {reply} beats it. Try again.",
                r.tried
            ))),
            _ => Reply::default(),
        }
    }

    fn export(&self, purpose: Purpose, style: MarkStyle) -> Option<crate::jobs::Make> {
        if purpose != Purpose::PuzzleBook {
            return None;
        }
        let puzzles = self.session.as_ref()?.puzzles().to_vec();
        Some(Box::new(move || {
            let opts = scribe_export::PuzzleExport {
                marks: style,
                ..scribe_export::PuzzleExport::default()
            };
            Ok(scribe_export::puzzles_pdf(&puzzles, &opts)?.into())
        }))
    }
}

/// Whether the `shown`-th move of the main line (from 1) is the first
/// player's, from the puzzle's position.
fn k_is_mover(puzzle: &scribe_rules::Position, shown: usize) -> bool {
    let first = puzzle.to_move();
    let mover = if shown % 2 == 1 { first } else { first.other() };
    mover == Player::X
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;

    fn act_on(m: &mut PuzzleMode, a: PuzzleAction, style: MarkStyle) -> Reply {
        m.act(ModeAction::new(ModeKind::Puzzles, a), style)
    }

    #[test]
    fn the_job_making_puzzles_stops_when_told() {
        let (_, reply) = PuzzleMode::new(scribe_rules::Variant::Majority, Difficulty::Hard);
        let job = reply.job.expect("the job making puzzles");
        // the mode was left at once: its stop flag is set
        let started = web_time::Instant::now();
        let made = job.run_now(&AtomicBool::new(true));
        let Ok(made) = made.downcast::<Made>() else {
            panic!("puzzles come back");
        };
        let Made(_, made) = *made;
        let e = made.expect_err("stopped before any puzzle was made");
        assert!(e.contains("stopped"), "{e}");
        assert!(started.elapsed() < std::time::Duration::from_secs(2));
    }

    #[test]
    fn the_difficulty_can_be_chosen_and_stale_puzzles_are_dropped() {
        let (mut m, reply) = PuzzleMode::new(scribe_rules::Variant::Majority, Difficulty::Easy);
        assert!(reply.job.is_some());
        let first = m.batch;
        let again = act_on(
            &mut m,
            PuzzleAction::Difficulty(Difficulty::Hard),
            MarkStyle::PlusO,
        );
        assert!(again.job.is_some());
        assert_eq!(m.difficulty, Difficulty::Hard);
        // the easy batch arrives late: dropped
        m.job_done(Box::new(Made(first, Ok(Vec::new()))), MarkStyle::PlusO);
        assert!(m.session.is_none());
    }

    #[test]
    fn the_variant_is_named_and_a_set_in_progress_is_kept() {
        // making: named, and not kept (its job stops when left)
        for v in scribe_rules::Variant::ALL {
            let (m, _) = PuzzleMode::new(v, Difficulty::Easy);
            assert!(m.board(MarkStyle::PlusO).heading.contains(v.name()));
            assert!(!m.kept(), "a set still being made is not kept");
        }
        let mut config =
            PuzzleConfig::new(1, 3, scribe_rules::Variant::SuperGlyph, Difficulty::Easy);
        config.play = scribe_ai::SearchConfig::for_level(scribe_ai::Level::Easy);
        config.empties = 5..=7;
        let puzzles =
            scribe_ai::generate_puzzles(&config, &AtomicBool::new(false), |_| {}).expect("puzzles");
        let m = PuzzleMode::with_puzzles(puzzles);
        let heading = m.board(MarkStyle::PlusO).heading;
        assert!(heading.contains("(easy, Super Glyph)"), "{heading}");
        assert!(m.kept(), "a set being solved is kept");
    }

    #[test]
    fn a_wrong_try_is_refuted_by_a_job_and_the_answer_is_drawn() {
        let mut config = PuzzleConfig::new(1, 3, scribe_rules::Variant::Majority, Difficulty::Easy);
        config.play = scribe_ai::SearchConfig::for_level(scribe_ai::Level::Easy);
        config.empties = 5..=7;
        let puzzles =
            scribe_ai::generate_puzzles(&config, &AtomicBool::new(false), |_| {}).expect("puzzles");
        let p = puzzles[0].clone();
        let mut m = PuzzleMode::with_puzzles(puzzles);
        let style = MarkStyle::PlusO;
        let wrong = p
            .position()
            .legal_moves()
            .iter()
            .find(|&s| s != p.answer)
            .expect("another move");
        let reply = m.choose(wrong, style);
        assert!(reply.status.is_some_and(|s| s.error));
        // the refutation is never worked out on the UI thread
        assert_eq!(reply.job.is_some(), matches!(p.goal, scribe_ai::Goal::Game));
        let shown = act_on(&mut m, PuzzleAction::Answer, style);
        assert!(
            shown
                .status
                .is_some_and(|s| s.text.contains("drawn on the board"))
        );
        let board = m.board(style);
        assert_eq!(board.hint, Some(p.answer));
        assert_eq!(board.position.at(p.answer), Some(p.to_move));
        assert!(!board.live, "the answer's board is not for playing");
        act_on(&mut m, PuzzleAction::Line(false), style);
        assert!(m.board(style).position.at(p.answer).is_none());
        assert!(m.history().is_none(), "no undo in the puzzles");
    }
}
