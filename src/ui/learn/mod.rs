//! Help → Learn to play: a short course on the real board. Each step is a
//! few sentences and a task the rules check (mark a square, point at one,
//! or answer a question); the learner can leave and come back to the step
//! they left (kept in the settings file). Offered at the first start until
//! the offer is answered, then never again (Help → Learn to play opens it).
//!
//! [`session`] holds the course's logic without egui, [`course`] its
//! content, [`view`] the panels. The course is a mode of its own
//! ([`crate::ui::app::Mode::Learn`]): the game behind it waits untouched,
//! and the course has no Undo.

mod course;
mod session;
mod view;

pub use course::{Figure, STEPS, Step, Task};
pub use session::{Feedback, LearnSession, Progress};
pub(in crate::ui) use view::{board, contents, offer, panel};

use crate::rules::Square;
use crate::ui::actions::Action;
use crate::ui::app::{Mode, ScribeApp};
use crate::ui::store;

/// What the learner asks for in the course.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LearnAction {
    /// Help → Learn to play: open the course where it was left.
    Open,
    /// The first start's offer was answered (true: learn now).
    Offered(bool),
    /// A square chosen on the board.
    Square(Square),
    /// An answer to the step's question.
    Answer(usize),
    /// The next step (or skip this one).
    Next,
    /// The step before.
    Previous,
    /// A step from the contents.
    Go(usize),
    /// This step from the start.
    Restart,
    /// Back to the game.
    Leave,
    /// Leave the course and open New game.
    NewGame,
}

impl ScribeApp {
    /// Whether the course is in front (it has no Undo, Redo or Hint).
    #[must_use]
    pub(crate) fn learning(&self) -> bool {
        matches!(self.mode, Mode::Learn(_))
    }

    /// The course's step, when it is in front (for tests).
    #[must_use]
    pub fn course_step(&self) -> Option<usize> {
        match &self.mode {
            Mode::Learn(s) => Some(s.index()),
            _ => None,
        }
    }

    /// Whether the first start's offer of the course is showing.
    #[must_use]
    pub fn offering_course(&self) -> bool {
        self.learn_offer
    }

    pub(crate) fn apply_learn(&mut self, action: LearnAction) {
        let style = self.style;
        match action {
            LearnAction::Open => {
                self.view = None;
                self.course_answered();
                let session = LearnSession::resume(self.settings.learn);
                let n = session.index() + 1;
                self.mode = Mode::Learn(session);
                self.set_info(format!(
                    "Learn to play: step {n} of {}. Your game waits; Back to my game returns to it.",
                    LearnSession::len()
                ));
            }
            LearnAction::Offered(learn) => {
                self.course_answered();
                if learn {
                    self.apply_learn(LearnAction::Open);
                } else {
                    self.set_info("Help → Learn to play opens the course at any time.".into());
                }
            }
            LearnAction::Leave | LearnAction::NewGame => {
                if self.learning() {
                    self.mode = Mode::Play;
                    self.set_info(
                        "Back to the game. Help → Learn to play resumes the course.".into(),
                    );
                }
                if action == LearnAction::NewGame {
                    let ctx = self.workers.ctx();
                    self.apply(Action::NewGame, &ctx);
                }
            }
            _ => {
                let Mode::Learn(s) = &mut self.mode else {
                    return;
                };
                let said = match action {
                    LearnAction::Square(sq) => Some(s.point(sq, style).clone()),
                    LearnAction::Answer(i) => Some(s.answer(i, style).clone()),
                    LearnAction::Next => {
                        s.next_step();
                        None
                    }
                    LearnAction::Previous => {
                        s.previous_step();
                        None
                    }
                    LearnAction::Go(i) => {
                        s.go(i);
                        None
                    }
                    LearnAction::Restart => {
                        s.restart();
                        None
                    }
                    _ => None,
                };
                let step = s.index();
                let title = s.step().title;
                match said {
                    Some(f) if f.right => self.set_info(f.text),
                    Some(f) => self.set_error(f.text),
                    None => self.set_info(format!(
                        "Step {} of {}: {title}.",
                        step + 1,
                        LearnSession::len()
                    )),
                }
                if self.settings.learn.step != step {
                    self.settings.learn.step = step;
                    self.saver.save(store::SETTINGS, self.settings.to_ron());
                }
            }
        }
    }

    /// The offer was answered, or the course opened: never offer it again.
    fn course_answered(&mut self) {
        self.learn_offer = false;
        if !self.settings.learn.offered {
            self.settings.learn.offered = true;
            self.saver.save(store::SETTINGS, self.settings.to_ron());
        }
    }

    /// At the start: offer the course to a newcomer (a data folder, no game
    /// in progress, never offered before). Answered either way, it is not
    /// offered again.
    pub(crate) fn offer_course_at_start(&mut self, file_given: bool) {
        let fresh = self.record.game.moves().is_empty();
        self.learn_offer =
            self.saver.dir().is_some() && !self.settings.learn.offered && fresh && !file_given;
    }
}
