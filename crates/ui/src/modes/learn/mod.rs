//! Help → Learn to play: a short course on the real board. Each step is a
//! few sentences and a task the rules check (mark a square, point at one,
//! or answer a question); the learner can leave and come back to the step
//! they left (kept in the settings file). Offered at the first start until
//! the offer is answered, then never again (Help → Learn to play opens it).
//!
//! [`session`] holds the course's logic without egui, [`course`] its
//! content, [`view`] the panels. The course is a mode of its own
//! ([`crate::modes::LearnMode`]): the game behind it waits untouched,
//! and the course has no Undo.

mod course;
mod mode;
mod session;
mod view;

pub use course::{Figure, STEPS, Step, Task};
pub(crate) use mode::LearnMode;
pub use session::{Feedback, LearnSession, Progress};
pub(crate) use view::{board_seen, contents, offer, panel};

/// What the learner asks for in the course's panels (the board's squares
/// come as [`crate::action::Action::Play`], leaving as
/// [`crate::action::Action::BackToPlay`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LearnAction {
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
}
