//! Game → Score a paper board…: copy a board played on paper by clicking
//! squares (empty → first player → second player → empty) and read the
//! tallies and winners live. Its undo and redo take back clicks, never a
//! move of the game waiting behind. A full board is kept in the game
//! library as a save file: a job finds an order of moves that leaves its
//! marks ([`scribe_record::paper_game`]), and each board scored in one visit
//! is one file (a corrected board replaces it).

pub mod session;

use super::{History, Middle, Mode, ModeKind, Reply, Shown, Status};
use crate::action::{Action, ModeAction};
use crate::jobs::Job;
use crate::modes::referee::session::Referee;
use crate::widgets::ink::{self, MarkStyle};
use chrono::{DateTime, Utc};
use egui::RichText;
use scribe_record::{GameRecord, PaperOrderError};
use scribe_rules::{Game, Player, Square, Variant};

/// What the paper board's panel asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RefereeAction {
    /// Empty the paper board.
    Clear,
}

/// The paper board being copied, with its own undo.
#[derive(Debug)]
pub(crate) struct RefereeMode {
    board: Referee,
    undo: Vec<Referee>,
    redo: Vec<Referee>,
    /// The variant the kept game is filed under (the game's at the back).
    variant: Variant,
    /// When the mode was opened: the kept game's start, so that the boards
    /// scored in one visit are one file of the library.
    started: DateTime<Utc>,
    /// The full board last sent to be kept (not sent again).
    keeping: Option<Referee>,
}

/// A finished paper board's game, found on a job.
struct Ordered {
    board: Referee,
    game: Result<Game, PaperOrderError>,
}

impl RefereeMode {
    pub(crate) fn new(variant: Variant) -> RefereeMode {
        RefereeMode {
            board: Referee::new(),
            undo: Vec::new(),
            redo: Vec::new(),
            variant,
            started: Utc::now(),
            keeping: None,
        }
    }

    /// Starts from the marks of a position (`SCRIBE_OPEN=referee`).
    pub(crate) fn from_position(
        position: &scribe_rules::Position,
        variant: Variant,
    ) -> RefereeMode {
        RefereeMode {
            board: Referee::from_position(position),
            ..RefereeMode::new(variant)
        }
    }

    fn change(&mut self, f: impl FnOnce(&mut Referee)) -> Reply {
        let before = self.board.clone();
        f(&mut self.board);
        if self.board != before {
            self.undo.push(before);
            self.redo.clear();
        }
        self.keep_if_full()
    }

    /// A full board that a game can leave, not kept yet: a job finds its
    /// order of moves (see [`RefereeMode::job_done`]).
    fn keep_if_full(&mut self) -> Reply {
        let full =
            self.board.result().is_some() && self.board.counts().x + self.board.counts().o == 81;
        if !full || self.keeping.as_ref() == Some(&self.board) {
            return Reply::default();
        }
        let Ok(position) = self.board.position() else {
            return Reply::default();
        };
        self.keeping = Some(self.board.clone());
        let board = self.board.clone();
        Reply {
            job: Some(Job::new("scribe-paper-order", move |_stop| Ordered {
                board,
                game: scribe_record::paper_game(&position, scribe_record::PAPER_GAME_BUDGET),
            })),
            ..Reply::default()
        }
    }

    /// The record kept for a full board: both players by their marks, the
    /// visit's start, finished now.
    fn record(&self, game: Game) -> GameRecord {
        GameRecord {
            game,
            started: Some(self.started),
            finished: Some(Utc::now()),
            ..GameRecord::new(self.variant, GameRecord::default().players)
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
        })
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
        Reply {
            status: Some(Status::info("Took back a click on the paper board.")),
            ..self.keep_if_full()
        }
    }

    fn redo(&mut self, _style: MarkStyle) -> Reply {
        let Some(after) = self.redo.pop() else {
            return Reply::status(Status::error("Nothing to redo on the paper board."));
        };
        self.undo.push(std::mem::replace(&mut self.board, after));
        Reply {
            status: Some(Status::info("Did the click again.")),
            ..self.keep_if_full()
        }
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
            return self.change(Referee::clear);
        }
        Reply::default()
    }

    fn job_done(&mut self, result: Box<dyn std::any::Any + Send>, _style: MarkStyle) -> Reply {
        let Ok(ordered) = result.downcast::<Ordered>() else {
            return Reply::default();
        };
        // a board changed since is kept by its own job
        if ordered.board != self.board {
            return Reply::default();
        }
        match ordered.game {
            Ok(game) => {
                let record = self.record(game);
                let file = scribe_library::file_name(&record);
                let winner = record.winner().map_or_else(
                    || "a tie".to_string(),
                    |w| format!("{} wins", record.name(w)),
                );
                Reply {
                    keep: vec![(file, record.to_ron())],
                    status: Some(Status::info(format!(
                        "The full board ({}: {winner}) is kept in the library, with an order of moves that leaves it: Game → Library… opens it in review.",
                        self.variant.name()
                    ))),
                    ..Reply::default()
                }
            }
            Err(e) => Reply::status(Status::error(format!(
                "The full board is not kept in the library: {e}."
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undo_takes_back_clicks_and_clear() {
        let mut m = RefereeMode::new(Variant::Majority);
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
