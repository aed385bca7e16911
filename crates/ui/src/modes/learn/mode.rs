//! Help → Learn to play as a mode: the course ([`LearnSession`]) in front of
//! the game, which waits untouched. No undo (the toolbar shows none); the
//! step reached is kept in the settings by the reducer
//! ([`Mode::course_step`]).

use crate::action::{Action, ModeAction};
use crate::modes::learn::{self, LearnAction, LearnSession, Progress};
use crate::modes::{Middle, Mode, ModeKind, Reply, Shown, Status};
use crate::widgets::board::BoardResponse;
use crate::widgets::ink::MarkStyle;
use scribe_rules::{Square, Target};

/// The course, at one of its steps.
#[derive(Debug)]
pub(crate) struct LearnMode {
    session: LearnSession,
}

impl LearnMode {
    /// The course where `progress` left it.
    pub(crate) fn resume(progress: Progress) -> LearnMode {
        LearnMode {
            session: LearnSession::resume(progress),
        }
    }
}

impl LearnMode {
    /// The board and the two lines above it.
    pub(crate) fn board(&self, style: MarkStyle) -> Shown {
        let s = &self.session;
        let step = s.step();
        let pos = s.position();
        let heading = format!(
            "Learn to play, step {} of {}: {}",
            s.index() + 1,
            LearnSession::len(),
            step.title
        );
        let detail = if pos.is_over() {
            "All 81 squares are filled: the game is over.".to_string()
        } else if !step.task.on_board() {
            s.task_text(style)
        } else {
            let p = style.symbol(pos.to_move());
            match pos.target() {
                Target::Anywhere => format!("{p} to move: may play anywhere"),
                Target::Grid(g) => format!(
                    "{p} to move: must play in {}, the {} mini grid",
                    g.span(),
                    g.position_name()
                ),
            }
        };
        Shown {
            heading,
            detail,
            position: *pos,
            hint: None,
            live: step.task.on_board() && !s.done(),
            scores: step.scores,
            guidance: true,
            heading_ink: crate::widgets::ink::PENCIL,
            glyph: None,
            played: None,
            busy: false,
            // the groups a points question spoke of, once it is answered
            outline: match step.task {
                learn::Task::GridPoints(n) if s.done() => scribe_rules::GridIndex::ALL
                    .get(usize::from(n).saturating_sub(1))
                    .map(|&g| (g, scribe_rules::Player::X)),
                _ => None,
            },
            check: Vec::new(),
        }
    }
}

impl Mode for LearnMode {
    fn kind(&self) -> ModeKind {
        ModeKind::Learn
    }

    fn middle(&self, style: MarkStyle) -> Middle {
        Middle::Board(self.board(style))
    }

    fn choose(&mut self, sq: Square, style: MarkStyle) -> Reply {
        let f = self.session.point(sq, style).clone();
        Reply::status(if f.right {
            Status::info(f.text)
        } else {
            Status::error(f.text)
        })
    }

    fn panel(&self, ui: &mut egui::Ui, style: MarkStyle, out: &mut Vec<Action>) {
        learn::panel(&self.session, style, ui, out);
    }

    fn panel_width(&self) -> f32 {
        // the course's text needs a wider panel
        340.0
    }

    fn contents(&self, ui: &mut egui::Ui, _style: MarkStyle, out: &mut Vec<Action>) -> bool {
        learn::contents(&self.session, ui, out);
        true
    }

    fn board_seen(&self, ui: &egui::Ui, board: &BoardResponse) {
        learn::board_seen(ui, board);
    }

    fn course_step(&self) -> Option<usize> {
        Some(self.session.index())
    }

    fn act(&mut self, action: ModeAction, style: MarkStyle) -> Reply {
        let Some(action) = action.take::<LearnAction>() else {
            return Reply::default();
        };
        let s = &mut self.session;
        let said = match action {
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
        };
        Reply::status(match said {
            Some(f) if f.right => Status::info(f.text),
            Some(f) => Status::error(f.text),
            None => Status::info(format!(
                "Step {} of {}: {}.",
                s.index() + 1,
                LearnSession::len(),
                s.step().title
            )),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_course_has_no_undo_and_keeps_its_step() {
        let mut m = LearnMode::resume(Progress {
            offered: true,
            step: 1,
        });
        assert!(m.history().is_none(), "no undo in the course");
        assert_eq!(m.course_step(), Some(1));
        m.act(
            ModeAction::new(ModeKind::Learn, LearnAction::Next),
            MarkStyle::PlusO,
        );
        assert_eq!(m.course_step(), Some(2));
        assert!(m.board(MarkStyle::PlusO).heading.contains("step 3 of"));
    }

    #[test]
    fn step_6_outlines_its_groups_once_answered() {
        let style = MarkStyle::PlusO;
        let mut m = LearnMode::resume(Progress {
            offered: true,
            step: 5,
        });
        assert_eq!(m.session.step().title, "Only whole groups count");
        assert_eq!(m.board(style).outline, None, "not before the answer");
        let right = (0..m.session.answers(style).len())
            .find(|&i| {
                let mut probe = LearnSession::at(5);
                probe.answer(i, style).right
            })
            .expect("a right answer");
        m.session.answer(right, style);
        assert_eq!(
            m.board(style).outline,
            Some((scribe_rules::GridIndex::ALL[0], scribe_rules::Player::X)),
            "the learner's groups in the upper-left mini grid"
        );
    }
}
