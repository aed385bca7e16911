//! A game session: one game on a board and everything that belongs to it —
//! the record, the file it was saved to and whether it changed since, the
//! position being looked at, undo and redo, the last Hint and the review.
//!
//! No egui and no threads here: the play mode (and later the tutorial or an
//! online game) owns one and draws it; the computer, the review and the
//! files run as jobs (see [`crate::jobs`]) whose results are handed back.
//! A session counts its changes ([`GameSession::generation`]) so that a job
//! started for an older state of the game can be recognised and dropped.

use chrono::{DateTime, Utc};
use scribe_ai::review::GameReview;
use scribe_record::{Ending, GameRecord, Review};
use scribe_rules::{IllegalMove, Player, Square};
use std::path::PathBuf;

/// Why a move was not played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// An earlier position is shown (read-only): after this many moves.
    Looking(usize),
    /// The rules refuse it.
    Illegal(IllegalMove),
    /// The game ended before its board was full (a resignation).
    Ended(Ending),
}

/// One game and its history.
#[derive(Debug, Clone, Default)]
pub struct GameSession {
    record: GameRecord,
    /// The file it was last saved to or opened from (RON only).
    path: Option<PathBuf>,
    /// Changed since it was last saved or opened.
    dirty: bool,
    /// `Some(n)`: the board after the first `n` moves is shown, read-only.
    view: Option<usize>,
    /// The square the last Hint suggested, until the game changes.
    hint: Option<Square>,
    /// The stored review, unpacked (kept in step with the record).
    reviewed: Option<GameReview>,
    /// Bumped on every change to the game.
    generation: u64,
}

impl GameSession {
    /// A session on `record`, known to be saved in `path` when there is one.
    #[must_use]
    pub fn new(record: GameRecord, path: Option<PathBuf>) -> GameSession {
        let reviewed = record.review_of_game().ok().flatten();
        GameSession {
            record,
            path,
            reviewed,
            ..GameSession::default()
        }
    }

    /// A game not known to be saved anywhere (the game in progress found in
    /// the data folder): dirty when it has moves, so replacing it asks first.
    #[must_use]
    pub fn unsaved(record: GameRecord, path: Option<PathBuf>) -> GameSession {
        let dirty = record.game.position().moves_played() > 0;
        GameSession {
            dirty,
            ..GameSession::new(record, path)
        }
    }

    /// The game.
    #[must_use]
    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    /// The file it belongs to.
    #[must_use]
    pub fn path(&self) -> Option<&PathBuf> {
        self.path.as_ref()
    }

    /// Forgets the file (a demonstration game belongs to none).
    pub fn forget_path(&mut self) {
        self.path = None;
    }

    /// Whether it changed since it was last saved or opened.
    #[must_use]
    pub fn is_dirty(&self) -> bool {
        self.dirty
    }

    /// The number of moves of the position shown, when it is not the game itself.
    #[must_use]
    pub fn view(&self) -> Option<usize> {
        self.view
    }

    /// Shows the board after `n` moves (`None`, or `n` at the end: the game).
    pub fn set_view(&mut self, n: Option<usize>) {
        let played = self.record.game.moves().len();
        self.view = n.filter(|&n| n < played);
    }

    /// The number of moves of the position shown.
    #[must_use]
    pub fn shown(&self) -> usize {
        self.view.unwrap_or(self.record.game.moves().len())
    }

    /// The last Hint's square.
    #[must_use]
    pub fn hint(&self) -> Option<Square> {
        self.hint
    }

    /// A Hint asked for in state `generation` arrived; dropped if the game
    /// changed since. Returns whether it was kept.
    pub fn set_hint(&mut self, generation: u64, sq: Option<Square>) -> bool {
        if generation != self.generation {
            return false;
        }
        self.hint = sq;
        true
    }

    /// The review, unpacked.
    #[must_use]
    pub fn reviewed(&self) -> Option<&GameReview> {
        self.reviewed.as_ref()
    }

    /// Changes so far: a job's answer for another generation is stale.
    #[must_use]
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Whether replacing it would lose something: under way, unfinished, and
    /// changed since it was last saved.
    #[must_use]
    pub fn needs_asking(&self) -> bool {
        let pos = self.record.game.position();
        self.dirty && pos.moves_played() > 0 && !self.record.is_over()
    }

    /// Plays `sq` for the player to move; returns who played it.
    ///
    /// # Errors
    /// An earlier position is shown, or the rules refuse the move.
    pub fn play(&mut self, sq: Square, now: DateTime<Utc>) -> Result<Player, Refused> {
        if let Some(n) = self.view {
            return Err(Refused::Looking(n));
        }
        if let Some(end) = self.record.ended_early() {
            return Err(Refused::Ended(end));
        }
        let mover = self.record.game.position().to_move();
        self.record.play(sq, now).map_err(Refused::Illegal)?;
        self.changed();
        Ok(mover)
    }

    /// Whether there is a move to take back.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        !self.record.game.moves().is_empty()
    }

    /// Whether there is a move to play again.
    #[must_use]
    pub fn can_redo(&self) -> bool {
        !self.record.game.undone().is_empty()
    }

    /// Takes back the last move; when `computer` says the computer plays the
    /// side now to move and not the other, its reply goes too, so that it is
    /// the person's turn again. Returns the squares taken back, newest first.
    pub fn undo(&mut self, computer: impl Fn(Player) -> bool) -> Vec<Square> {
        let Some(sq) = self.record.game.undo() else {
            return Vec::new();
        };
        let mut taken = vec![sq];
        let to_move = self.record.game.position().to_move();
        if computer(to_move)
            && !computer(to_move.other())
            && let Some(mine) = self.record.game.undo()
        {
            taken.push(mine);
        }
        self.record.finished = None;
        // taking a move back takes back the resignation that ended the game
        self.record.ended = None;
        self.changed();
        taken
    }

    /// Plays the last move taken back again.
    pub fn redo(&mut self, now: DateTime<Utc>) -> Option<Square> {
        let sq = self.record.game.redo()?;
        if self.record.game.position().is_over() {
            self.record.finished = Some(now);
        }
        self.changed();
        Some(sq)
    }

    /// A review made for state `generation` arrived: kept with the game (and
    /// so in its save file). Returns whether it was kept.
    pub fn attach_review(&mut self, generation: u64, review: Review) -> bool {
        if generation != self.generation {
            return false;
        }
        self.record.review = Some(Box::new(review));
        self.reviewed = self.record.review_of_game().ok().flatten();
        self.dirty = true;
        true
    }

    /// The game was saved to `path` (`None`: to a file Save must not write
    /// over, such as a PDF or a move list).
    pub fn saved(&mut self, path: Option<PathBuf>) {
        if path.is_some() {
            self.path = path;
            self.dirty = false;
        }
    }

    /// After every change to the moves: what belonged to the old position goes.
    fn changed(&mut self) {
        self.generation += 1;
        // a review belongs to the moves it was made for
        self.reviewed = self.record.review_of_game().ok().flatten();
        if self.reviewed.is_none() {
            self.record.review = None;
        }
        self.view = None;
        self.hint = None;
        self.dirty = true;
    }

    /// Puts another game in its place (a new game, a file opened).
    pub fn replace(&mut self, record: GameRecord, path: Option<PathBuf>) {
        let generation = self.generation + 1;
        *self = GameSession::new(record, path);
        self.generation = generation;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use scribe_record::{PlayerInfo, PlayerKind};
    use scribe_rules::{ByPlayer, Variant};

    fn sq(s: &str) -> Square {
        s.parse().expect("a square")
    }

    fn played(s: &GameSession) -> Vec<String> {
        s.record()
            .game
            .moves()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn moves_undo_and_redo_keep_the_flags() {
        let mut s = GameSession::default();
        assert!(!s.is_dirty() && !s.can_undo() && !s.needs_asking());
        assert_eq!(s.play(sq("D6"), Utc::now()), Ok(Player::X));
        assert_eq!(s.play(sq("H4"), Utc::now()), Ok(Player::O));
        assert!(s.is_dirty() && s.needs_asking());
        s.saved(Some(PathBuf::from("/tmp/g.ron")));
        assert!(!s.is_dirty() && !s.needs_asking());
        assert_eq!(s.undo(|_| false), [sq("H4")]);
        assert!(s.is_dirty() && s.can_redo());
        assert_eq!(s.redo(Utc::now()), Some(sq("H4")));
        assert_eq!(s.redo(Utc::now()), None);
        assert_eq!(played(&s), ["D6", "H4"]);
        assert!(matches!(
            s.play(sq("A1"), Utc::now()),
            Err(Refused::Illegal(_))
        ));
    }

    #[test]
    fn undo_against_the_computer_takes_back_its_reply_too() {
        let mut s = GameSession::new(
            GameRecord::new(
                Variant::Majority,
                ByPlayer {
                    x: PlayerInfo::human("Ann"),
                    o: PlayerInfo {
                        name: "Computer".into(),
                        kind: PlayerKind::Computer(scribe_ai::Level::Hard),
                    },
                },
            ),
            None,
        );
        for m in ["D6", "H4", "C8", "E2"] {
            s.play(sq(m), Utc::now()).expect("legal");
        }
        let computer = |p: Player| p == Player::O;
        assert_eq!(s.undo(computer), [sq("E2"), sq("C8")]);
        assert_eq!(played(&s), ["D6", "H4"]);
    }

    #[test]
    fn looking_back_is_read_only_and_a_change_ends_it() {
        let mut s = GameSession::default();
        for m in ["D6", "H4", "C8"] {
            s.play(sq(m), Utc::now()).expect("legal");
        }
        s.set_view(Some(1));
        assert_eq!(s.shown(), 1);
        assert_eq!(s.play(sq("E2"), Utc::now()), Err(Refused::Looking(1)));
        s.set_view(Some(3));
        assert_eq!(s.view(), None, "the end is the game itself");
        s.set_view(Some(0));
        s.undo(|_| false);
        assert_eq!(s.view(), None);
    }

    #[test]
    fn stale_hints_and_reviews_are_dropped() {
        let mut s = GameSession::default();
        s.play(sq("D6"), Utc::now()).expect("legal");
        let g = s.generation();
        assert!(s.set_hint(g, Some(sq("H4"))));
        assert_eq!(s.hint(), Some(sq("H4")));
        s.play(sq("H4"), Utc::now()).expect("legal");
        assert_eq!(s.hint(), None, "a move clears the hint");
        assert!(!s.set_hint(g, Some(sq("C8"))), "asked before the move");
        let old = s.generation();
        s.replace(GameRecord::default(), None);
        assert!(s.generation() > old, "a new game is a new generation");
        assert!(!s.is_dirty() && !s.can_undo());
    }
}
