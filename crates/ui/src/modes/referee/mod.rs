//! Game → Score a paper board…: copy a board played on paper by clicking
//! squares (empty → first player → second player → empty) and read the
//! tallies and winners live. Its undo and redo take back clicks, never a
//! move of the game waiting behind.

pub mod session;

use super::{History, Middle, Mode, ModeKind, Reply, Shown, Status};
use crate::action::{Action, ModeAction};
use crate::modes::referee::session::Referee;
use crate::widgets::ink::{self, MarkStyle};
use egui::RichText;
use scribe_rules::{Player, Square, Variant};

/// What the paper board's panel asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RefereeAction {
    /// Empty the paper board.
    Clear,
}

/// The paper board being copied, with its own undo.
#[derive(Debug, Default)]
pub(crate) struct RefereeMode {
    board: Referee,
    undo: Vec<Referee>,
    redo: Vec<Referee>,
}

impl RefereeMode {
    pub(crate) fn new() -> RefereeMode {
        RefereeMode::default()
    }

    /// Starts from the marks of a position (`SCRIBE_OPEN=referee`).
    pub(crate) fn from_position(position: &scribe_rules::Position) -> RefereeMode {
        RefereeMode {
            board: Referee::from_position(position),
            ..RefereeMode::default()
        }
    }

    fn change(&mut self, f: impl FnOnce(&mut Referee)) {
        let before = self.board.clone();
        f(&mut self.board);
        if self.board != before {
            self.undo.push(before);
            self.redo.clear();
        }
    }
}

impl RefereeMode {
    /// The board and the two lines above it.
    pub(crate) fn board(&self, style: MarkStyle) -> Shown {
        let sym = |p: Player| style.symbol(p);
        let n = self.board.counts();
        let marks = format!(
            "{} {} · {} {} marks",
            sym(Player::X),
            n.x,
            sym(Player::O),
            n.o
        );
        let detail = match self.board.problem() {
            Some(p) => format!("{marks}: {p}"),
            None => format!("{marks}; tallies and winners as on paper"),
        };
        Shown {
            heading: "Scoring a paper board: click a square for first player, again for second, again to empty"
                .to_string(),
            detail,
            position: self.board.sketch(),
            hint: None,
            live: true,
            scores: true,
            guidance: true,
            heading_ink: crate::widgets::ink::PENCIL,
            glyph: None,
            played: None,
            busy: false,
            outline: None,
        }
    }
}

impl Mode for RefereeMode {
    fn kind(&self) -> ModeKind {
        ModeKind::Referee
    }

    fn middle(&self, style: MarkStyle) -> Middle {
        Middle::Board(self.board(style))
    }

    fn choose(&mut self, sq: Square, _style: MarkStyle) -> Reply {
        self.change(|b| {
            b.cycle(sq);
        });
        Reply::default()
    }

    fn history(&self) -> Option<History> {
        Some(History {
            undo: !self.undo.is_empty(),
            redo: !self.redo.is_empty(),
        })
    }

    fn undo(&mut self, _style: MarkStyle) -> Reply {
        let Some(before) = self.undo.pop() else {
            return Reply::status(Status::error("Nothing to undo on the paper board."));
        };
        self.redo.push(std::mem::replace(&mut self.board, before));
        Reply::status(Status::info("Took back a click on the paper board."))
    }

    fn redo(&mut self, _style: MarkStyle) -> Reply {
        let Some(after) = self.redo.pop() else {
            return Reply::status(Status::error("Nothing to redo on the paper board."));
        };
        self.undo.push(std::mem::replace(&mut self.board, after));
        Reply::status(Status::info("Did the click again."))
    }

    fn panel(&self, ui: &mut egui::Ui, style: MarkStyle, out: &mut Vec<Action>) {
        let sym = |p: Player| style.symbol(p);
        ui.label(RichText::new("Paper board").size(20.0));
        match self.board.result() {
            Some(result) => {
                for v in Variant::ALL {
                    let what = match v {
                        Variant::Majority => "Majority (grids won)",
                        Variant::SuperGlyph => "Super Glyph (points)",
                    };
                    ui.label(RichText::new(what).strong());
                    match result.for_variant(v) {
                        Some(vr) => ui.label(format!(
                            "{} {} · {} {} — {}",
                            sym(Player::X),
                            vr.score.x,
                            sym(Player::O),
                            vr.score.o,
                            vr.winner.map_or_else(
                                || "undecided".to_string(),
                                |w| format!("{} wins", sym(w))
                            )
                        )),
                        None => ui.label("undecided until the board is full"),
                    };
                }
            }
            None => {
                ui.label(RichText::new(self.board.problem().unwrap_or_default()).color(ink::INK_O));
            }
        }
        ui.add_space(8.0);
        if ui.button("Clear the board").clicked() {
            out.push(Action::Mode(ModeAction::new(
                ModeKind::Referee,
                RefereeAction::Clear,
            )));
        }
    }

    fn act(&mut self, action: ModeAction, _style: MarkStyle) -> Reply {
        if action.take::<RefereeAction>() == Some(RefereeAction::Clear) {
            self.change(Referee::clear);
        }
        Reply::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undo_takes_back_clicks_and_clear() {
        let mut m = RefereeMode::new();
        let e5: Square = "E5".parse().expect("a square");
        assert_eq!(
            m.history(),
            Some(History {
                undo: false,
                redo: false
            })
        );
        m.choose(e5, MarkStyle::PlusO);
        m.choose(e5, MarkStyle::PlusO);
        m.act(
            ModeAction::new(ModeKind::Referee, RefereeAction::Clear),
            MarkStyle::PlusO,
        );
        assert_eq!(m.board.counts().o, 0);
        m.undo(MarkStyle::PlusO);
        assert_eq!(m.board.at(e5), Some(Player::O));
        m.undo(MarkStyle::PlusO);
        assert_eq!(m.board.at(e5), Some(Player::X));
        m.redo(MarkStyle::PlusO);
        assert_eq!(m.board.at(e5), Some(Player::O));
        assert_eq!(
            m.history(),
            Some(History {
                undo: true,
                redo: true
            })
        );
    }
}
