//! More games → Scribbage…: the table ([`ScribbageSession`]) in front of the
//! game. The middle of the window is the mode's own ([`Mode::canvas`]): the
//! set-up, then each turn the cubes, the grid and the live checks, then the
//! score and the solver's best; the left panel holds the rules and the
//! credit, the right side the score sheet. The solver runs as a job from the
//! moment of the roll, so its answer is there when the turn ends.

mod canvas;
mod common;
mod cubes;
mod drag;
mod rules;
pub mod session;

use common::{act, timer_name};

use super::{Middle, Mode, ModeKind, Reply, Status};
use crate::action::{Action, ModeAction};
use crate::jobs::Job;
use crate::modes::scribbage::session::{Best, Phase, ScribbageAction, ScribbageSession};
use crate::widgets::ink::{self, MarkStyle};
use egui::RichText;
use scribe_scribbage::{CREDIT, End, SolverConfig, WordList, solve};
use std::any::Any;

/// The Scribbage table.
#[derive(Debug)]
pub(crate) struct ScribbageMode {
    session: ScribbageSession,
}

impl ScribbageMode {
    /// A table whose rolls follow from `seed`.
    pub(crate) fn new(seed: u64) -> ScribbageMode {
        ScribbageMode {
            session: ScribbageSession::new(seed),
        }
    }
}

/// "after 3 turns each", "first past 200".
pub(super) fn end_name(end: End) -> String {
    match end {
        End::Turns(1) => "after 1 turn each".to_string(),
        End::Turns(n) => format!("after {n} turns each"),
        End::Target(t) => format!("at {t} points (at the end of that round)"),
    }
}

impl Mode for ScribbageMode {
    fn kind(&self) -> ModeKind {
        ModeKind::Scribbage
    }

    fn middle(&self, _style: MarkStyle) -> Middle {
        let s = &self.session;
        let who = s.player().map(|p| s.name(p).to_string());
        let round = s.sheet().map_or(1, scribe_scribbage::ScoreSheet::round);
        let heading = match (s.phase(), who) {
            (_, _) if s.rules_open() => "Scribbage: the rules".to_string(),
            (Phase::Setup, _) => "Scribbage: who plays, and for how long".to_string(),
            (Phase::Ready, Some(w)) => format!("Scribbage: {w}'s turn (round {round})"),
            (Phase::Turn, Some(w)) => format!("{w}: build one crossword from the 13 cubes"),
            (Phase::Scored, Some(w)) => match s.winners() {
                Some(_) => "Scribbage: the game is over".to_string(),
                None => format!("{w}'s score"),
            },
            _ => "Scribbage".to_string(),
        };
        let detail = match s.sheet() {
            Some(sheet) => format!(
                "{} · timer {} · the game ends {} · {CREDIT}",
                sheet.players().len().to_string()
                    + if sheet.players().len() == 1 {
                        " player (solitaire)"
                    } else {
                        " players"
                    },
                timer_name(s.setup().timer),
                end_name(sheet.end())
            ),
            None => {
                "13 letter cubes, one crossword, a timer: for one player or a table".to_string()
            }
        };
        Middle::Canvas { heading, detail }
    }

    fn panel(&self, ui: &mut egui::Ui, _style: MarkStyle, out: &mut Vec<Action>) {
        ui.label(RichText::new("Scribbage").size(20.0));
        ui.label(RichText::new(CREDIT).color(ink::FAINT));
        ui.add_space(6.0);
        ui.label(
            "Roll 13 letter cubes, then build one crossword before the timer runs out. \
             Words score their letters (a letter in two words twice); cubes left over \
             are subtracted; jokers stand for any letter and score nothing.",
        );
        ui.add_space(6.0);
        ui.label(RichText::new("Mouse").strong());
        ui.label("Click a cube, then a square, or drag the cube there. Click or drag a placed cube to move it; right-click, or a drag to the tray, takes it back.");
        ui.label(RichText::new("Keyboard").strong());
        ui.label(
            "Arrows move the cursor on the grid; type a letter to place a cube \
             showing it (? a joker); Backspace or Delete takes one back; Enter puts \
             the picked cube there.",
        );
        ui.add_space(8.0);
        let open = self.session.rules_open();
        if ui
            .add(egui::Button::new("Rules of Scribbage").selected(open))
            .clicked()
        {
            out.push(act(ScribbageAction::Rules(!open)));
        }
        if self.session.phase() != Phase::Setup
            && ui
                .button("New game…")
                .on_hover_text("Back to the set-up: players, timer, end")
                .clicked()
        {
            out.push(act(ScribbageAction::NewGame));
        }
    }

    fn panel_width(&self) -> f32 {
        236.0
    }

    fn contents(&self, ui: &mut egui::Ui, _style: MarkStyle, _out: &mut Vec<Action>) -> bool {
        canvas::score_sheet(&self.session, ui);
        true
    }

    fn own_rules(&mut self, style: MarkStyle) -> Option<Reply> {
        let open = ModeAction::new(ModeKind::Scribbage, ScribbageAction::Rules(true));
        Some(self.act(open, style))
    }

    fn own_new_game(&mut self, style: MarkStyle) -> Option<Reply> {
        let new = ModeAction::new(ModeKind::Scribbage, ScribbageAction::NewGame);
        Some(self.act(new, style))
    }

    fn canvas(&self, ui: &mut egui::Ui, _style: MarkStyle, out: &mut Vec<Action>) {
        canvas::tick(&self.session, ui, out);
        if self.session.rules_open() {
            rules::page(ui, out);
        } else {
            canvas::show(&self.session, ui, out);
        }
    }

    fn act(&mut self, action: ModeAction, _style: MarkStyle) -> Reply {
        let Some(action) = action.take::<ScribbageAction>() else {
            return Reply::default();
        };
        let rolled = self.session.act(action);
        let status = self.session.message().map(|(text, error)| {
            if *error {
                Status::error(text.clone())
            } else {
                Status::info(text.clone())
            }
        });
        let job = rolled.then(|| self.solver_job()).flatten();
        let status = status.or_else(|| {
            rolled.then(|| {
                Status::info(match self.session.setup().timer {
                    Some(_) => "The cubes are rolled and the timer runs: build your crossword.",
                    None => "The cubes are rolled: build your crossword, then press Done.",
                })
            })
        });
        Reply {
            status,
            job,
            ..Reply::default()
        }
    }

    fn kept(&self) -> bool {
        true
    }

    fn resume(&mut self, _style: MarkStyle) -> Reply {
        // the solver's answer may have come while the table was away
        let lost = self.session.roll().is_some() && self.session.best().is_none();
        Reply {
            job: lost.then(|| self.solver_job()).flatten(),
            ..Reply::default()
        }
    }

    fn job_done(&mut self, result: Box<dyn Any + Send>, _style: MarkStyle) -> Reply {
        if let Ok(best) = result.downcast::<Best>() {
            self.session.found(*best);
        }
        Reply::default()
    }
}

impl ScribbageMode {
    /// The solver on the roll on the table, on a worker thread.
    fn solver_job(&self) -> Option<Job> {
        let roll = self.session.roll()?.clone();
        let number = self.session.roll_number();
        Some(Job::new("scribe-scribbage-solver", move |_stop| {
            let started = web_time::Instant::now();
            let solution = solve(&roll, WordList::builtin(), &SolverConfig::default());
            Best {
                roll: number,
                solution,
                millis: started.elapsed().as_millis() as u64,
            }
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn act_on(m: &mut ScribbageMode, a: ScribbageAction) -> Reply {
        m.act(ModeAction::new(ModeKind::Scribbage, a), MarkStyle::PlusO)
    }

    #[test]
    fn a_roll_starts_the_solver_and_its_answer_is_kept() {
        let mut m = ScribbageMode::new(0);
        assert!(act_on(&mut m, ScribbageAction::Start).job.is_none());
        let reply = act_on(&mut m, ScribbageAction::Roll(0));
        assert!(reply.job.is_some(), "the solver runs from the roll");
        assert!(!reply.status.unwrap().error);
        assert!(m.resume(MarkStyle::PlusO).job.is_some(), "no answer yet");
        let cat = scribe_scribbage::Roll::parse("CAT").unwrap();
        let best = Best {
            roll: m.session.roll_number(),
            solution: solve(&cat, WordList::builtin(), &SolverConfig::default()),
            millis: 0,
        };
        m.job_done(Box::new(best), MarkStyle::PlusO);
        assert!(m.session.best().is_some());
        assert!(m.resume(MarkStyle::PlusO).job.is_none(), "nothing lost");
        assert!(m.kept());
        // a refusal is an error on the status line
        for c in ['?', 'A', '?', 'B'] {
            let reply = act_on(&mut m, ScribbageAction::Type(c));
            assert!(!reply.status.unwrap().error);
        }
        let reply = act_on(&mut m, ScribbageAction::Type('?'));
        assert!(reply.status.unwrap().error, "no third joker");
    }
}
