//! Game → Score a paper board…: copy a board played on paper by clicking
//! squares (empty → first player → second player → empty) and read the
//! tallies and winners live. Its undo and redo take back clicks, never a
//! move of the game waiting behind. A full board is kept in the game
//! library as a save file: a job finds an order of moves that leaves its
//! marks ([`scribe_record::paper_game`]), and each board scored in one visit
//! is one file (a corrected board replaces it).
//!
//! Game → Scan a paper board… (or a photo dropped on the window) fills the
//! board from a photo read on a job ([`scan`]): the squares read with low
//! confidence are circled until clicked, the photo, straightened, stands
//! in the right column, and the kept order of moves ends with each
//! player's unslashed mark, their last move on the sheet.

mod scan;
pub mod session;

use super::{History, Middle, Mode, ModeKind, Reply, Shown, Status};
use crate::action::{Action, ModeAction, Purpose};
use crate::jobs::Job;
use crate::modes::referee::session::Referee;
use crate::widgets::ink::{self, MarkStyle};
use chrono::{DateTime, Utc};
use egui::RichText;
use scan::{Scan, Scanned};
pub use scan::{ScanOutput, ScanTask, UPLOAD_LIMIT, upload_refused};
use scribe_record::{GameRecord, PaperOrderError};
use scribe_rules::{ByPlayer, Game, Player, Square, Variant};
use std::path::PathBuf;

/// What the paper board's panel asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RefereeAction {
    /// Empty the paper board.
    Clear,
    /// Open this board of the scanned photo (0-based).
    Board(usize),
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
    /// The photo read, when the board came from one.
    scan: Option<Scan>,
    /// The photos asked for so far (each one's texture is its own).
    scans: u64,
    /// Squares circled for the player to check (read with low confidence),
    /// until clicked.
    check: Vec<Square>,
    /// Each player's last move as the sheet names it (their unslashed mark).
    live: ByPlayer<Option<Square>>,
}

/// A finished paper board's game, found on a job.
struct Ordered {
    board: Referee,
    game: Result<Game, PaperOrderError>,
    /// The last moves asked for, and whether the order ends with them.
    ending: Option<(ByPlayer<Option<Square>>, bool)>,
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
            scan: None,
            scans: 0,
            check: Vec::new(),
            live: ByPlayer::default(),
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
        let live = self.live_now();
        Reply {
            job: Some(Job::new("scribe-paper-order", move |_stop| {
                let budget = scribe_record::PAPER_GAME_BUDGET;
                if live.x.is_none() && live.o.is_none() {
                    return Ordered {
                        board,
                        game: scribe_record::paper_game(&position, budget),
                        ending: None,
                    };
                }
                match scribe_record::paper_game_ending(&position, live, budget) {
                    Ok(game) => Ordered {
                        board,
                        game: Ok(game),
                        ending: Some((live, true)),
                    },
                    // no order ends so: any order, said plainly
                    Err(_) => Ordered {
                        board,
                        game: scribe_record::paper_game(&position, budget),
                        ending: Some((live, false)),
                    },
                }
            })),
            ..Reply::default()
        }
    }

    /// The sheet's last moves still on the board as it stands.
    fn live_now(&self) -> ByPlayer<Option<Square>> {
        ByPlayer::new_with(|p| self.live[p].filter(|sq| self.board.at(*sq) == Some(p)))
    }

    /// Fills the board with board `at` of the photo read (a click's undo
    /// takes it back), circles its unsure squares and takes its last moves.
    fn open_board(&mut self, at: usize) -> Reply {
        let Some(scan) = &mut self.scan else {
            return Reply::default();
        };
        let Some(board) = scan.boards.get(at) else {
            return Reply::default();
        };
        scan.at = at;
        if let Some(started) = scan.started.get(at) {
            self.started = *started;
        }
        let read = board.read.clone();
        let (n, name) = (scan.boards.len(), scan.name.clone());
        self.check = scan::unsure(&read);
        let (live, why_not) = scan::live_marks(&read);
        self.live = live;
        self.keeping = None;
        let reply = self.change(|b| {
            for sq in Square::ALL {
                b.set(sq, read.squares[sq.index()]);
            }
        });
        let which = if n > 1 {
            format!("board {} of {n}", at + 1)
        } else {
            "its board".to_string()
        };
        let check = match self.check.len() {
            0 => "every square read with confidence; compare with the photo".to_string(),
            1 => {
                "1 square circled: read with low confidence, check it against the photo".to_string()
            }
            k => format!(
                "{k} squares circled: read with low confidence, check them against the photo"
            ),
        };
        let last = why_not.map_or_else(String::new, |w| {
            format!(" The last moves are not known ({w}): any order of moves is kept.")
        });
        Reply {
            status: Some(Status::info(format!(
                "Read {name}: {which}; {check}. A click corrects a square.{last}"
            ))),
            ..reply
        }
    }

    /// A photo was read (or not).
    fn scanned(&mut self, scanned: Scanned) -> Reply {
        match scanned.boards {
            Err(e) => Reply::status(Status::error(format!(
                "Could not read {}: {e}.",
                scanned.name
            ))),
            Ok(boards) if boards.is_empty() => Reply::status(Status::error(format!(
                "Could not read {}: no board found.",
                scanned.name
            ))),
            Ok(boards) => {
                self.scan = Some(Scan::new(scanned.name, boards, self.scans));
                self.open_board(0)
            }
        }
    }

    /// A photo the browser handed over: read on the worker as the
    /// desktop's file is, or refused in the same words.
    fn uploaded(&mut self, photo: crate::jobs::Uploaded) -> Reply {
        let name = photo.name;
        match photo
            .bytes
            .and_then(|bytes| ScanTask::bytes(name.clone(), bytes))
        {
            Ok(task) => {
                self.scans += 1;
                Reply {
                    status: Some(Status::info(format!("Reading {name}…"))),
                    job: Some(Job::task(task, Scanned::from)),
                    ..Reply::default()
                }
            }
            Err(e) => self.scanned(Scanned {
                name,
                boards: Err(e),
            }),
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
            // short enough for the centre column at 1366 x 768 (it was cut
            // off at "again to e…")
            heading: format!(
                "Scoring a paper board: click for {}, again for {}, again to empty",
                sym(Player::X),
                sym(Player::O)
            ),
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
            check: self.check.clone(),
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
        self.check.retain(|c| *c != sq);
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
        if let Some(scan) = &self.scan {
            ui.label(RichText::new(format!("From the photo {}", scan.name)).strong());
            let n = scan.boards.len();
            if n > 1 {
                ui.horizontal(|ui| {
                    let to = |at: usize| {
                        Action::Mode(ModeAction::new(ModeKind::Referee, RefereeAction::Board(at)))
                    };
                    if ui
                        .add_enabled(scan.at > 0, egui::Button::new("Previous"))
                        .clicked()
                    {
                        out.push(to(scan.at - 1));
                    }
                    ui.label(format!("Board {} of {n}", scan.at + 1));
                    if ui
                        .add_enabled(scan.at + 1 < n, egui::Button::new("Next"))
                        .clicked()
                    {
                        out.push(to(scan.at + 1));
                    }
                });
            }
            match self.check.len() {
                0 => ui.label("Nothing left circled."),
                k => ui.label(RichText::new(format!("{k} circled to check")).color(ink::FLASH)),
            };
            let live = self.live_now();
            if live.x.is_some() || live.o.is_some() {
                let say =
                    |p: Player| live[p].map_or_else(String::new, |sq| format!("{} {sq}", sym(p)));
                ui.label(format!(
                    "Last moves (unslashed): {} {}",
                    say(Player::X),
                    say(Player::O)
                ));
            }
            ui.add_space(8.0);
        }
        if ui.button("Clear the board").clicked() {
            out.push(Action::Mode(ModeAction::new(
                ModeKind::Referee,
                RefereeAction::Clear,
            )));
        }
    }

    fn act(&mut self, action: ModeAction, _style: MarkStyle) -> Reply {
        match action.take::<RefereeAction>() {
            Some(RefereeAction::Clear) => {
                self.check.clear();
                self.change(Referee::clear)
            }
            Some(RefereeAction::Board(at)) => self.open_board(at),
            None => Reply::default(),
        }
    }

    fn picked(&mut self, purpose: Purpose, path: PathBuf, _style: MarkStyle) -> Reply {
        if purpose != Purpose::ScanPhoto {
            return Reply::default();
        }
        self.scans += 1;
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        Reply {
            status: Some(Status::info(format!("Reading {name}…"))),
            job: Some(Job::task(ScanTask::file(path), Scanned::from)),
            ..Reply::default()
        }
    }

    fn list_width(&self, middle: f32) -> f32 {
        // the photo wants room beside the board; a narrow window keeps the
        // board's room and shows the photo in the usual column, small
        if self.scan.is_some() && middle >= 760.0 {
            (middle * 0.4).clamp(super::LIST_WIDTH, 520.0)
        } else {
            super::LIST_WIDTH
        }
    }

    fn contents(&self, ui: &mut egui::Ui, _style: MarkStyle, _out: &mut Vec<Action>) -> bool {
        let Some(scan) = &self.scan else {
            return false;
        };
        ui.label(RichText::new("The photo").size(18.0));
        scan::show_photo(ui, scan, &self.check);
        true
    }

    fn job_done(&mut self, result: Box<dyn std::any::Any + Send>, _style: MarkStyle) -> Reply {
        let result = match result.downcast::<Scanned>() {
            Ok(scanned) => return self.scanned(*scanned),
            Err(other) => other,
        };
        // the browser's upload: read on its worker
        let result = match result.downcast::<crate::jobs::Uploaded>() {
            Ok(photo) => return self.uploaded(*photo),
            Err(other) => other,
        };
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
                let ends = |live: ByPlayer<Option<Square>>| {
                    [Player::X, Player::O]
                        .iter()
                        .filter_map(|&p| live[p].map(|sq| format!("{} {sq}", record.name(p))))
                        .collect::<Vec<_>>()
                        .join(" and ")
                };
                let text = match ordered.ending {
                    None => format!(
                        "The full board ({}: {winner}) is kept in the library, with an order of moves that leaves it: Game → Library… opens it in review.",
                        self.variant.name()
                    ),
                    Some((live, true)) => format!(
                        "The full board ({}: {winner}) is kept in the library, with an order of moves ending with the unslashed marks ({}): Game → Library… opens it in review.",
                        self.variant.name(),
                        ends(live)
                    ),
                    Some((live, false)) => format!(
                        "No order of moves ends with the unslashed marks ({}): the full board ({}: {winner}) is kept in the library with another order. Check those marks and their slashes.",
                        ends(live),
                        self.variant.name()
                    ),
                };
                let text = match self.check.len() {
                    0 => text,
                    1 => format!("{text} 1 circled square is still to check."),
                    k => format!("{text} {k} circled squares are still to check."),
                };
                Reply {
                    keep: vec![(file, record.to_ron())],
                    status: Some(if ordered.ending.is_some_and(|(_, ok)| !ok) {
                        Status::error(text)
                    } else {
                        Status::info(text)
                    }),
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

    #[test]
    fn a_photo_the_browser_hands_over_opens_as_a_file_does() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../docs/images/scan-example-a4.jpg");
        let open = |m: &mut RefereeMode, reply: Reply| -> Reply {
            let job = reply.job.expect("read on a worker");
            let answer = job.run_now(&std::sync::atomic::AtomicBool::new(false));
            m.job_done(answer, MarkStyle::PlusO)
        };
        // the desktop: a path
        let mut desktop = RefereeMode::new(Variant::Majority);
        let reply = desktop.picked(Purpose::ScanPhoto, path.clone(), MarkStyle::PlusO);
        let said = open(&mut desktop, reply).status.expect("a status").text;
        // the browser: the uploaded bytes
        let mut browser = RefereeMode::new(Variant::Majority);
        let photo = crate::jobs::Uploaded {
            name: "scan-example-a4.jpg".into(),
            bytes: Ok(std::fs::read(&path).expect("the example photo")),
        };
        let reply = browser.job_done(Box::new(photo), MarkStyle::PlusO);
        let reading = reply.status.as_ref().expect("a status").text.clone();
        assert_eq!(reading, "Reading scan-example-a4.jpg…");
        let said_here = open(&mut browser, reply).status.expect("a status").text;
        assert_eq!(said_here, said);
        assert!(
            said.starts_with("Read scan-example-a4.jpg: its board; 1 square circled"),
            "{said}"
        );
        assert_eq!(browser.board, desktop.board);
        assert_eq!(browser.check, desktop.check);
        assert!(browser.scan.is_some(), "the photo beside the board");
        // refused: one line, as the desktop says what it cannot read
        let photo = crate::jobs::Uploaded {
            name: "huge.png".into(),
            bytes: Err(scan::upload_refused(3e7).expect("too big")),
        };
        let reply = browser.job_done(Box::new(photo), MarkStyle::PlusO);
        assert!(reply.job.is_none());
        let status = reply.status.expect("said");
        assert!(status.error);
        assert_eq!(
            status.text,
            "Could not read huge.png: the photo is too big (28.6 MB): the browser reads photos up to 20 MB; send a smaller one (a phone's photo of a sheet is 3 to 6 MB)."
        );
    }

    /// A whole random game's board as a sheet shows it, read with
    /// confidence.
    fn read_full(seed: u64) -> scribe_scan::ScannedBoard {
        let mut pos = scribe_rules::Position::new();
        let mut state = seed;
        while !pos.is_over() {
            let legal: Vec<Square> = pos.legal_moves().iter().collect();
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let _ = pos.play(legal[(state >> 33) as usize % legal.len()]);
        }
        scribe_scan::ScannedBoard {
            squares: Square::ALL.map(|sq| pos.at(sq)),
            slashed: Square::ALL.map(|sq| pos.is_slashed(sq)),
            confidence: [1.0; 81],
            to_photo: scribe_scan::Homography::scale(1.0),
        }
    }

    #[test]
    fn each_board_of_a_photo_is_its_own_file_and_ends_with_its_live_marks() {
        let view = || scribe_scan::Straightened {
            width: 1,
            height: 1,
            rgba: vec![255; 4],
            scale: 1.0,
        };
        let mut m = RefereeMode::new(Variant::Majority);
        let boards = vec![(read_full(1), view()), (read_full(2), view())];
        let reply = m.scanned(Scanned {
            name: "two.jpg".into(),
            boards: Ok(boards),
        });
        let run = |reply: Reply| -> Ordered {
            let job = reply.job.expect("a full board is ordered on a job");
            *job.run_now(&std::sync::atomic::AtomicBool::new(false))
                .downcast::<Ordered>()
                .expect("an order")
        };
        let first = run(reply);
        assert_eq!(first.ending.map(|(_, ok)| ok), Some(true));
        let game = first.game.as_ref().expect("an order").clone();
        let (x, o) = (game.moves()[80], game.moves()[79]);
        assert_eq!(
            m.live,
            ByPlayer {
                x: Some(x),
                o: Some(o)
            }
        );
        let kept_first = m.job_done(Box::new(first), MarkStyle::PlusO).keep;
        let second = run(m.act(
            ModeAction::new(ModeKind::Referee, RefereeAction::Board(1)),
            MarkStyle::PlusO,
        ));
        let kept_second = m.job_done(Box::new(second), MarkStyle::PlusO).keep;
        assert_eq!((kept_first.len(), kept_second.len()), (1, 1));
        assert_ne!(kept_first[0].0, kept_second[0].0, "two files");
    }
}
