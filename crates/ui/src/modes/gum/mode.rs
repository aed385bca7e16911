//! More games → Scribbly Gum as a mode: [`GumSession`] (the mother moth,
//! the score helper, solo on screen) in front of the game, which waits
//! untouched. It draws the middle itself ([`Mode::canvas`]); Undo and Redo
//! take back the solo game's lines of the turn in progress.

use crate::action::{Action, ModeAction};
use crate::modes::gum::{GumAction, GumSession, view};
use crate::modes::{History, Middle, Mode, ModeKind, Reply, Status};
use crate::widgets::ink::MarkStyle;
use scribe_rules::Square;

/// Scribbly Gum in front of the game.
#[derive(Debug)]
pub(crate) struct GumMode {
    session: GumSession,
}

impl GumMode {
    /// A fresh mode; random deal numbers come from `seed`.
    pub(crate) fn new(seed: u64) -> GumMode {
        GumMode {
            session: GumSession::new(seed),
        }
    }
}

fn emit(actions: Vec<GumAction>, out: &mut Vec<Action>) {
    out.extend(
        actions
            .into_iter()
            .map(|a| Action::Mode(ModeAction::new(ModeKind::Gum, a))),
    );
}

fn reply(done: Result<String, String>) -> Reply {
    match done {
        Ok(text) if text.is_empty() => Reply::default(),
        Ok(text) => Reply::status(Status::info(text)),
        Err(text) => Reply::status(Status::error(text)),
    }
}

impl Mode for GumMode {
    fn kind(&self) -> ModeKind {
        ModeKind::Gum
    }

    /// A game under way survives a visit to the Scribe game: More games →
    /// Scribbly Gum… brings it back as it was.
    fn kept(&self) -> bool {
        true
    }

    fn middle(&self, _style: MarkStyle) -> Middle {
        let (heading, detail) = self.session.heading();
        Middle::Canvas { heading, detail }
    }

    fn choose(&mut self, _sq: Square, _style: MarkStyle) -> Reply {
        Reply::status(Status::error(
            "Scribbly Gum has no Scribe squares: click the circles of the tree.",
        ))
    }

    fn history(&self) -> Option<History> {
        let (undo, redo) = self.session.can_undo_redo();
        Some(History { undo, redo })
    }

    fn undo(&mut self, _style: MarkStyle) -> Reply {
        reply(self.session.undo())
    }

    fn redo(&mut self, _style: MarkStyle) -> Reply {
        reply(self.session.redo())
    }

    fn panel(&self, ui: &mut egui::Ui, _style: MarkStyle, out: &mut Vec<Action>) {
        let mut acts = Vec::new();
        view::panel(&self.session, ui, &mut acts);
        emit(acts, out);
    }

    fn panel_width(&self) -> f32 {
        280.0
    }

    fn contents(&self, ui: &mut egui::Ui, _style: MarkStyle, out: &mut Vec<Action>) -> bool {
        let mut acts = Vec::new();
        view::contents(&self.session, ui, &mut acts);
        emit(acts, out);
        true
    }

    fn own_rules(&mut self, style: MarkStyle) -> Option<Reply> {
        let open = ModeAction::new(ModeKind::Gum, GumAction::Rules(true));
        Some(self.act(open, style))
    }

    fn canvas(&self, ui: &mut egui::Ui, _style: MarkStyle, out: &mut Vec<Action>) {
        let mut acts = Vec::new();
        view::canvas(&self.session, ui, &mut acts);
        emit(acts, out);
    }

    fn act(&mut self, action: ModeAction, _style: MarkStyle) -> Reply {
        let Some(action) = action.take::<GumAction>() else {
            return Reply::default();
        };
        reply(self.session.act(action))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_reach_the_session_and_refusals_are_errors() {
        let mut m = GumMode::new(1);
        let r = m.act(
            ModeAction::new(ModeKind::Gum, GumAction::Next),
            MarkStyle::PlusO,
        );
        assert!(r.status.is_some_and(|s| s.error));
        let r = m.act(
            ModeAction::new(ModeKind::Gum, GumAction::Start),
            MarkStyle::PlusO,
        );
        assert!(
            r.status
                .is_some_and(|s| !s.error && s.text.contains("Deal"))
        );
        let r = m.choose(Square::ALL[0], MarkStyle::PlusO);
        assert!(r.status.is_some_and(|s| s.error));
    }
}
