//! Every change a request makes to a game, as a pure function of the game's
//! row, the acting player and the time: no database, no async. [`Change`]
//! names the changes; [`Change::apply`] judges one against a row and gives
//! the row to write, the rating to record and the events to send (a
//! [`Write`]), nothing to write ([`Outcome::Unchanged`]: a move already
//! made), or the refusal. The store ([`crate::store::update`]) reads the
//! row, applies the change and writes it with a compare-and-set, judging
//! it again on a fresh row if another write came first.

use crate::auth::AuthUser;
use crate::domain::model::GameRow;
use crate::error::{ApiError, ApiResult, GameShown};
use crate::live::Event;
use scribe_api::{self as api, EndReason, ErrorCode, Status, UndoAction};
use scribe_rules::{Player, Square};

/// Who acts: a signed-in player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Actor {
    /// Their key (the name in lower case).
    pub key: String,
    /// Their name as spelt.
    pub name: String,
}

impl From<&AuthUser> for Actor {
    fn from(user: &AuthUser) -> Actor {
        Actor {
            key: user.key.clone(),
            name: user.name.clone(),
        }
    }
}

/// A change to one game (or challenge), asked by a player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// A move, with the number it will have if the client says.
    Move {
        /// The player.
        by: Actor,
        /// The square.
        square: Square,
        /// The move's number (1 for the first).
        number: Option<u64>,
    },
    /// The player gives up; the other wins.
    Resign(Actor),
    /// The player waiting claims the game: the opponent is out of time.
    Claim(Actor),
    /// Proposes to take back the last move (agrees, if the opponent did).
    ProposeUndo(Actor),
    /// Answers the opponent's proposal.
    AnswerUndo {
        /// The player.
        by: Actor,
        /// Agree.
        yes: bool,
    },
    /// Accepts a challenge: the game starts.
    Accept(Actor),
    /// The challenged player declines.
    Decline(Actor),
    /// The challenger withdraws.
    Cancel(Actor),
}

/// What a change makes of a game.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// Nothing to write: the game as it stands is the answer.
    Unchanged,
    /// The game to write.
    Write(Box<Write>),
}

/// A game to write, with what goes in the same transaction.
#[derive(Debug, Clone, PartialEq)]
pub struct Write {
    /// The row as it will be (`version` and `updated_at` are the store's).
    pub row: GameRow,
    /// A result to rate: the winner's and the loser's keys.
    pub rated: Option<(String, String)>,
    /// The events, sent once it is committed.
    pub events: Vec<Event>,
}

impl Outcome {
    /// `row` to write, with `events` and nothing to rate.
    fn write(row: GameRow, events: Vec<Event>) -> Outcome {
        Outcome::rated(row, None, events)
    }

    /// `row` to write, with a result to rate and `events`.
    fn rated(row: GameRow, rated: Option<(String, String)>, events: Vec<Event>) -> Outcome {
        Outcome::Write(Box::new(Write { row, rated, events }))
    }
}

/// The game as it stands, for a refusal.
pub(crate) fn shown(row: &GameRow, now: i64) -> GameShown {
    row.to_api(now).ok().map(Box::new)
}

/// Only the game's two players may.
pub(crate) fn not_your_game() -> ApiError {
    ApiError::Forbidden(
        ErrorCode::NotYourGame,
        "not your game: only its two players can do that".into(),
    )
}

impl Change {
    /// Who asks for it.
    #[must_use]
    pub fn by(&self) -> &Actor {
        match self {
            Change::Move { by, .. } | Change::AnswerUndo { by, .. } => by,
            Change::Resign(by)
            | Change::Claim(by)
            | Change::ProposeUndo(by)
            | Change::Accept(by)
            | Change::Decline(by)
            | Change::Cancel(by) => by,
        }
    }

    /// Judges the change against `old` at `now` (Unix milliseconds).
    ///
    /// # Errors
    /// The refusal: not the player's game or turn, not the game's state, an
    /// illegal move; a damaged row.
    pub fn apply(&self, old: &GameRow, now: i64) -> ApiResult<Outcome> {
        match self {
            Change::Move { by, square, number } => play(old, by, *square, *number, now),
            Change::Resign(by) => {
                let side = side(old, by, now)?;
                must_be_active(old, now)?;
                Ok(finish(old, side.other(), EndReason::Resigned, now))
            }
            Change::Claim(by) => claim(old, by, now),
            Change::ProposeUndo(by) => propose_undo(old, by, now),
            Change::AnswerUndo { by, yes } => answer_undo(old, by, *yes, now),
            Change::Accept(by) => accept(old, by, now),
            Change::Decline(by) => end_challenge(old, by, Status::Declined, now),
            Change::Cancel(by) => end_challenge(old, by, Status::Cancelled, now),
        }
    }
}

/// The side `by` holds. Refused: the challenger and the challenged of a
/// challenge not accepted (or declined, cancelled) are told the game's
/// state (`not_started`, `not_a_game`); anyone else `not_your_game`.
pub(crate) fn side(old: &GameRow, by: &Actor, now: i64) -> ApiResult<Player> {
    if let Some(side) = old.side_of(&by.key) {
        return Ok(side);
    }
    if old.involves(&by.key) {
        must_be_active(old, now)?;
    }
    Err(not_your_game())
}

/// Refuses unless the game is being played.
fn must_be_active(row: &GameRow, now: i64) -> ApiResult<()> {
    match row.status {
        Status::Active => Ok(()),
        Status::Challenge => Err(ApiError::Conflict(
            ErrorCode::NotStarted,
            "the game has not started: the challenge is not accepted yet".into(),
            None,
        )),
        Status::Finished => Err(ApiError::Conflict(
            ErrorCode::GameOver,
            "the game is over".into(),
            shown(row, now),
        )),
        other @ (Status::Declined | Status::Cancelled) => Err(ApiError::Conflict(
            ErrorCode::NotAGame,
            format!("the challenge was {other}; there is no game"),
            None,
        )),
    }
}

fn opponent_name(row: &GameRow, side: Player) -> String {
    format!(
        "{} ({})",
        scribe_record::MarkStyle::PlusO.symbol(side.other()),
        row.name_of(side.other()).unwrap_or("?")
    )
}

fn end_event(new: &GameRow) -> Event {
    let winner_name = new
        .winner
        .and_then(|w| new.name_of(w.into()))
        .map(str::to_string);
    Event::new(
        new.players(),
        &api::Event::End(api::EndEvent {
            game: new.id.clone(),
            winner: new.winner,
            winner_name,
            reason: new.end_reason,
        }),
    )
}

/// The moves a game must have for a resignation to be rated: each player
/// has moved at least twice. (A full board always is; so is a win on time,
/// which waits at least a day.)
pub const RATED_AFTER_MOVES: usize = 4;

/// The winner's and the loser's keys, when both are known and the game
/// counts for rating (see [`RATED_AFTER_MOVES`]).
fn rating(row: &GameRow, winner: Player, reason: EndReason) -> Option<(String, String)> {
    if reason == EndReason::Resigned && row.moves.len() < RATED_AFTER_MOVES {
        return None;
    }
    match (row.player(winner), row.player(winner.other())) {
        (Some(w), Some(l)) => Some((w.to_string(), l.to_string())),
        _ => None,
    }
}

fn play(
    old: &GameRow,
    by: &Actor,
    square: Square,
    number: Option<u64>,
    now: i64,
) -> ApiResult<Outcome> {
    let side = side(old, by, now)?;
    let count = old.moves.len();
    if let Some(n) = number {
        let n = usize::try_from(n).unwrap_or(usize::MAX);
        if n >= 1 && n <= count {
            let mover = if n % 2 == 1 { Player::X } else { Player::O };
            if old.moves[n - 1] == square && mover == side {
                // A retry of a move already made.
                return Ok(Outcome::Unchanged);
            }
        }
        if n != count + 1 {
            return Err(ApiError::Conflict(
                ErrorCode::StaleMoveNumber,
                format!(
                    "stale move number: you sent move {n}, but the game has {count} moves (the next is {})",
                    count + 1
                ),
                shown(old, now),
            ));
        }
    }
    must_be_active(old, now)?;
    if old.turn.as_deref() != Some(by.key.as_str()) {
        return Err(ApiError::Conflict(
            ErrorCode::NotYourTurn,
            format!(
                "not your turn: move {} is {}'s",
                count + 1,
                opponent_name(old, side)
            ),
            shown(old, now),
        ));
    }
    let mut game = old.game()?;
    if let Err(e) = game.play(square) {
        return Err(ApiError::Illegal(e.to_string(), shown(old, now)));
    }
    let pos = game.position();
    let mut new = old.clone();
    new.moves = game.moves().to_vec();
    new.undo_offer = None;
    new.turn_since = Some(now);
    let mut rated = None;
    if pos.is_over() {
        let winner = pos.result().winner(old.variant);
        new.status = Status::Finished;
        new.turn = None;
        new.winner = winner.map(Into::into);
        new.end_reason = Some(EndReason::BoardFull);
        new.finished_at = Some(now);
        rated = winner.and_then(|w| rating(old, w, EndReason::BoardFull));
    } else {
        new.turn = old.player(pos.to_move()).map(str::to_string);
    }
    let change = new
        .move_change(pos)
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a move without a move")))?;
    let mut events = vec![Event::new(old.players(), &api::Event::Move(change))];
    if new.status == Status::Finished {
        events.push(end_event(&new));
    }
    Ok(Outcome::rated(new, rated, events))
}

/// Ends a game being played before its board is full: `winner` wins, for
/// `reason`; rated as any result, with the end event.
fn finish(old: &GameRow, winner: Player, reason: EndReason, now: i64) -> Outcome {
    let mut new = old.clone();
    new.status = Status::Finished;
    new.turn = None;
    new.undo_offer = None;
    new.winner = Some(winner.into());
    new.end_reason = Some(reason);
    new.finished_at = Some(now);
    let events = vec![end_event(&new)];
    Outcome::rated(new, rating(old, winner, reason), events)
}

fn claim(old: &GameRow, by: &Actor, now: i64) -> ApiResult<Outcome> {
    let side = side(old, by, now)?;
    must_be_active(old, now)?;
    let Some(deadline) = old.deadline() else {
        return Err(ApiError::Conflict(
            ErrorCode::NoTimeLimit,
            "this game has no time limit: there is nothing to claim".into(),
            shown(old, now),
        ));
    };
    if old.turn.as_deref() == Some(by.key.as_str()) {
        return Err(ApiError::Conflict(
            ErrorCode::YourTurn,
            "it is your move: only the player waiting can claim the game".into(),
            shown(old, now),
        ));
    }
    if now < deadline {
        let when = chrono::DateTime::from_timestamp_millis(deadline)
            .map(|t| t.format("%Y-%m-%d %H:%M:%S UTC").to_string())
            .unwrap_or_default();
        return Err(ApiError::Conflict(
            ErrorCode::TimeLeft,
            format!(
                "{} still has time to move, until {when}",
                opponent_name(old, side)
            ),
            shown(old, now),
        ));
    }
    Ok(finish(old, side, EndReason::OutOfTime, now))
}

/// The one undo rule: a player may ask to take back their own last move
/// only, while it is the opponent's turn (the move not yet answered);
/// accepting removes exactly that move. A move by the opponent cancels the
/// request. Proposing when the opponent has asked already agrees to it.
fn propose_undo(old: &GameRow, by: &Actor, now: i64) -> ApiResult<Outcome> {
    let side = side(old, by, now)?;
    must_be_active(old, now)?;
    if old.moves.is_empty() {
        return Err(ApiError::Conflict(
            ErrorCode::NothingToUndo,
            "no move has been played".into(),
            None,
        ));
    }
    match old.undo_offer.as_deref() {
        // The opponent asked already: this agrees.
        Some(k) if k != by.key => return answer_undo(old, by, true, now),
        _ => {}
    }
    if last_mover(old) != Some(side) {
        return Err(ApiError::Conflict(
            ErrorCode::NotYourLastMove,
            format!(
                "you can take back only your own last move, while your opponent is to move; move {} ({}) is {}'s",
                old.moves.len(),
                old.moves[old.moves.len() - 1],
                opponent_name(old, side)
            ),
            shown(old, now),
        ));
    }
    match old.undo_offer.as_deref() {
        Some(k) if k == by.key => {
            return Err(ApiError::Conflict(
                ErrorCode::AlreadyProposed,
                "you have proposed an undo already; your opponent must answer".into(),
                None,
            ));
        }
        _ => {}
    }
    let mut new = old.clone();
    new.undo_offer = Some(by.key.clone());
    let e = Event::new(
        old.players(),
        &api::Event::Undo(api::UndoEvent {
            game: old.id.clone(),
            by: by.name.clone(),
            action: UndoAction::Proposed,
            after: None,
        }),
    );
    Ok(Outcome::write(new, vec![e]))
}

/// Who made the game's last move (moves alternate, X first).
fn last_mover(row: &GameRow) -> Option<Player> {
    match row.moves.len() {
        0 => None,
        n if n % 2 == 1 => Some(Player::X),
        _ => Some(Player::O),
    }
}

fn answer_undo(old: &GameRow, by: &Actor, yes: bool, now: i64) -> ApiResult<Outcome> {
    side(old, by, now)?;
    must_be_active(old, now)?;
    match old.undo_offer.as_deref() {
        None => {
            return Err(ApiError::Conflict(
                ErrorCode::NoUndoProposed,
                "no undo is proposed".into(),
                None,
            ));
        }
        Some(k) if k == by.key => {
            return Err(ApiError::Forbidden(
                ErrorCode::OwnProposal,
                "your opponent must answer your own proposal".into(),
            ));
        }
        Some(_) => {}
    }
    let mut new = old.clone();
    new.undo_offer = None;
    // Only the asker's own last move goes (a move since cancels the request,
    // so this holds; checked again for a row written by an older server).
    let asker = old.undo_offer.as_deref().and_then(|k| old.side_of(k));
    if yes && (asker.is_none() || asker != last_mover(old)) {
        return Err(ApiError::Conflict(
            ErrorCode::NoUndoProposed,
            "the undo asked for is no longer of its asker's last move".into(),
            shown(old, now),
        ));
    }
    if yes {
        let mut game = old.game()?;
        let _ = game.undo();
        new.moves = game.moves().to_vec();
        new.turn = old.player(game.position().to_move()).map(str::to_string);
        new.turn_since = Some(now);
    }
    let e = Event::new(
        old.players(),
        &api::Event::Undo(api::UndoEvent {
            game: old.id.clone(),
            by: by.name.clone(),
            action: if yes {
                UndoAction::Accepted
            } else {
                UndoAction::Declined
            },
            after: Some(api::UndoAfter {
                history: new.history(),
                deadline: new.deadline_iso(),
            }),
        }),
    );
    Ok(Outcome::write(new, vec![e]))
}

fn not_a_challenge(old: &GameRow, now: i64) -> ApiError {
    ApiError::Conflict(
        ErrorCode::NotAChallenge,
        format!(
            "game {} is not waiting for an answer (it is {})",
            old.id, old.status
        ),
        shown(old, now),
    )
}

fn accept(old: &GameRow, by: &Actor, now: i64) -> ApiResult<Outcome> {
    if old.status != Status::Challenge {
        return Err(not_a_challenge(old, now));
    }
    match &old.challenged {
        Some(k) if *k != by.key => {
            return Err(ApiError::Forbidden(
                ErrorCode::NotYourChallenge,
                "not your challenge: only the player challenged can accept it".into(),
            ));
        }
        None if old.challenger == by.key => {
            return Err(ApiError::Forbidden(
                ErrorCode::OwnChallenge,
                "you cannot accept your own challenge".into(),
            ));
        }
        _ => {}
    }
    let challenger = (old.challenger.clone(), old.challenger_name.clone());
    let taker = (by.key.clone(), by.name.clone());
    let (x, o) = if old.side == Player::X {
        (challenger, taker)
    } else {
        (taker, challenger)
    };
    let mut new = old.clone();
    new.status = Status::Active;
    new.challenged = Some(by.key.clone());
    new.challenged_name = Some(by.name.clone());
    new.x_player = Some(x.0.clone());
    new.o_player = Some(o.0.clone());
    new.x_name = Some(x.1.clone());
    new.o_name = Some(o.1.clone());
    new.turn = Some(x.0.clone());
    new.started_at = Some(now);
    new.turn_since = Some(now);
    let e = Event::new(
        vec![x.0, o.0],
        &api::Event::Start(api::StartEvent {
            game: old.id.clone(),
            x: x.1,
            o: o.1,
        }),
    );
    Ok(Outcome::write(new, vec![e]))
}

fn end_challenge(old: &GameRow, by: &Actor, how: Status, now: i64) -> ApiResult<Outcome> {
    if old.status != Status::Challenge {
        return Err(not_a_challenge(old, now));
    }
    let declining = how == Status::Declined;
    let allowed = if declining {
        old.challenged.as_deref() == Some(by.key.as_str())
    } else {
        old.challenger == by.key
    };
    if !allowed {
        let m = if declining {
            "not your challenge: only the player challenged can decline it"
        } else {
            "not your challenge: only the challenger can cancel it"
        };
        return Err(ApiError::Forbidden(ErrorCode::NotYourChallenge, m.into()));
    }
    let mut new = old.clone();
    new.status = how;
    new.turn = None;
    let data = api::ByEvent {
        game: old.id.clone(),
        by: by.name.clone(),
    };
    let event = if declining {
        api::Event::Declined(data)
    } else {
        api::Event::Cancelled(data)
    };
    Ok(Outcome::write(new, vec![Event::new(old.players(), &event)]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use scribe_rules::Variant;

    const NOW: i64 = 1_800_000_000_000;

    fn actor(name: &str) -> Actor {
        Actor {
            key: name.to_ascii_lowercase(),
            name: name.to_string(),
        }
    }

    /// Ann's challenge to Bob (Ann plays X).
    fn challenge() -> GameRow {
        GameRow {
            id: "g1".into(),
            variant: Variant::Majority,
            status: Status::Challenge,
            challenger: "ann".into(),
            challenged: Some("bob".into()),
            side: Player::X,
            x_player: None,
            o_player: None,
            moves: Vec::new(),
            turn: Some("bob".into()),
            winner: None,
            end_reason: None,
            undo_offer: None,
            version: 1,
            created_at: NOW - 1000,
            updated_at: NOW - 1000,
            started_at: None,
            finished_at: None,
            challenger_name: "Ann".into(),
            challenged_name: Some("Bob".into()),
            x_name: None,
            o_name: None,
            days_per_move: None,
            turn_since: None,
        }
    }

    fn written(outcome: ApiResult<Outcome>) -> Write {
        match outcome {
            Ok(Outcome::Write(w)) => *w,
            other => panic!("not a write: {other:?}"),
        }
    }

    fn code(outcome: ApiResult<Outcome>) -> ErrorCode {
        match outcome {
            Err(ApiError::Conflict(c, ..) | ApiError::Forbidden(c, _)) => c,
            Err(ApiError::Illegal(..)) => ErrorCode::IllegalMove,
            other => panic!("not a refusal: {other:?}"),
        }
    }

    /// The challenge accepted: Ann (X) to move.
    fn started() -> GameRow {
        written(Change::Accept(actor("Bob")).apply(&challenge(), NOW)).row
    }

    fn mv(by: &str, square: &str, number: Option<u64>) -> Change {
        Change::Move {
            by: actor(by),
            square: square.parse().unwrap(),
            number,
        }
    }

    #[test]
    fn accepting_starts_the_game_with_both_names() {
        let open = GameRow {
            challenged: None,
            challenged_name: None,
            turn: None,
            ..challenge()
        };
        assert_eq!(
            code(Change::Accept(actor("Ann")).apply(&open, NOW)),
            ErrorCode::OwnChallenge
        );
        assert_eq!(
            code(Change::Accept(actor("Cid")).apply(&challenge(), NOW)),
            ErrorCode::NotYourChallenge
        );
        let w = written(Change::Accept(actor("Cid")).apply(&open, NOW));
        assert_eq!(w.row.status, Status::Active);
        assert_eq!(w.row.x_name.as_deref(), Some("Ann"));
        assert_eq!(w.row.o_name.as_deref(), Some("Cid"));
        assert_eq!(w.row.challenged.as_deref(), Some("cid"));
        assert_eq!(w.row.turn.as_deref(), Some("ann"));
        assert_eq!(w.row.started_at, Some(NOW));
        assert_eq!(w.events.len(), 1);
        assert_eq!(w.events[0].kind(), "start");
        assert_eq!(w.events[0].what.halves().1["o"], "Cid");
        assert_eq!(w.events[0].to, ["ann", "cid"]);
        // the game object of the answer names both
        let g = w.row.to_api(NOW).unwrap();
        assert_eq!(g.players.o.as_deref(), Some("Cid"));
        assert_eq!(g.turn.as_deref(), Some("Ann"));
        // and a started game cannot be accepted again
        assert_eq!(
            code(Change::Accept(actor("Bob")).apply(&w.row, NOW)),
            ErrorCode::NotAChallenge
        );
    }

    #[test]
    fn only_the_challenged_declines_and_only_the_challenger_cancels() {
        let c = challenge();
        for (change, refused) in [
            (Change::Decline(actor("Ann")), true),
            (Change::Cancel(actor("Bob")), true),
            (Change::Decline(actor("Bob")), false),
            (Change::Cancel(actor("Ann")), false),
        ] {
            let outcome = change.apply(&c, NOW);
            if refused {
                assert_eq!(code(outcome), ErrorCode::NotYourChallenge);
            } else {
                let w = written(outcome);
                assert!(matches!(w.row.status, Status::Declined | Status::Cancelled));
                assert_eq!(w.row.turn, None);
                assert_eq!(w.events[0].kind(), w.row.status.as_str());
            }
        }
    }

    #[test]
    fn moves_are_the_mover_s_own_in_turn_and_legal() {
        let g = started();
        assert_eq!(
            code(mv("Cid", "E5", None).apply(&g, NOW)),
            ErrorCode::NotYourGame
        );
        assert_eq!(
            code(mv("Bob", "E5", None).apply(&g, NOW)),
            ErrorCode::NotYourTurn
        );
        assert_eq!(
            code(mv("Ann", "E5", Some(3)).apply(&g, NOW)),
            ErrorCode::StaleMoveNumber
        );
        // in a challenge not accepted: its players are told so, others not
        assert_eq!(
            code(Change::Resign(actor("Ann")).apply(&challenge(), NOW)),
            ErrorCode::NotStarted
        );
        assert_eq!(
            code(mv("Ann", "E5", Some(1)).apply(&challenge(), NOW)),
            ErrorCode::NotStarted
        );
        assert_eq!(
            code(Change::Resign(actor("Cid")).apply(&challenge(), NOW)),
            ErrorCode::NotYourGame
        );
        let w = written(mv("Ann", "E5", Some(1)).apply(&g, NOW));
        assert_eq!(w.row.history(), ["E5"]);
        assert_eq!(w.row.turn.as_deref(), Some("bob"));
        assert_eq!(w.row.turn_since, Some(NOW));
        assert_eq!(w.events[0].kind(), "move");
        assert_eq!(w.events[0].what.halves().1["side"], "X");
        assert_eq!(w.events[0].what.halves().1["number"], 1);
        // the same move again, numbered: nothing to write
        assert_eq!(
            mv("Ann", "E5", Some(1)).apply(&w.row, NOW).unwrap(),
            Outcome::Unchanged
        );
        // unnumbered, it is a move out of turn
        assert_eq!(
            code(mv("Ann", "E5", None).apply(&w.row, NOW)),
            ErrorCode::NotYourTurn
        );
        // E5 is taken
        assert_eq!(
            code(mv("Bob", "E5", Some(2)).apply(&w.row, NOW)),
            ErrorCode::IllegalMove
        );
    }

    #[test]
    fn resigning_ends_and_rates_the_game() {
        // before each player moved twice: not rated
        let w = written(Change::Resign(actor("Bob")).apply(&started(), NOW));
        assert_eq!(w.rated, None);
        let mut g = started();
        for (n, (by, sq)) in [("Ann", "E5"), ("Bob", "A1"), ("Ann", "D4"), ("Bob", "B2")]
            .into_iter()
            .enumerate()
        {
            let before = g.clone();
            g = written(mv(by, sq, Some(n as u64 + 1)).apply(&before, NOW)).row;
            if n == 2 {
                let early = written(Change::Resign(actor("Bob")).apply(&g, NOW));
                assert_eq!(early.rated, None);
            }
        }
        let w = written(Change::Resign(actor("Bob")).apply(&g, NOW));
        assert_eq!(w.row.status, Status::Finished);
        assert_eq!(w.row.winner, Some(api::Side::X));
        assert_eq!(w.row.end_reason, Some(EndReason::Resigned));
        assert_eq!(w.rated, Some(("ann".into(), "bob".into())));
        assert_eq!(w.events[0].kind(), "end");
        assert_eq!(w.events[0].what.halves().1["winner_name"], "Ann");
        assert_eq!(
            code(Change::Resign(actor("Ann")).apply(&w.row, NOW)),
            ErrorCode::GameOver
        );
    }

    #[test]
    fn a_claim_waits_for_the_deadline_and_the_player_waiting() {
        let g = GameRow {
            days_per_move: Some(1),
            ..started()
        };
        assert_eq!(
            code(Change::Claim(actor("Bob")).apply(&started(), NOW)),
            ErrorCode::NoTimeLimit
        );
        assert_eq!(
            code(Change::Claim(actor("Ann")).apply(&g, NOW)),
            ErrorCode::YourTurn
        );
        assert_eq!(
            code(Change::Claim(actor("Bob")).apply(&g, NOW)),
            ErrorCode::TimeLeft
        );
        let late = g.deadline().unwrap();
        let w = written(Change::Claim(actor("Bob")).apply(&g, late));
        assert_eq!(w.row.winner, Some(api::Side::O));
        assert_eq!(w.row.end_reason, Some(EndReason::OutOfTime));
        assert_eq!(w.row.finished_at, Some(late));
    }

    #[test]
    fn an_undo_is_proposed_by_one_and_answered_by_the_other() {
        let g = started();
        assert_eq!(
            code(Change::ProposeUndo(actor("Ann")).apply(&g, NOW)),
            ErrorCode::NothingToUndo
        );
        let g = written(mv("Ann", "E5", Some(1)).apply(&g, NOW)).row;
        let w = written(Change::ProposeUndo(actor("Ann")).apply(&g, NOW));
        assert_eq!(w.row.undo_offer.as_deref(), Some("ann"));
        assert_eq!(w.events[0].what.halves().1["action"], "proposed");
        assert!(w.events[0].what.halves().1.get("history").is_none());
        let offered = w.row;
        assert_eq!(
            code(Change::ProposeUndo(actor("Ann")).apply(&offered, NOW)),
            ErrorCode::AlreadyProposed
        );
        assert_eq!(
            code(
                Change::AnswerUndo {
                    by: actor("Ann"),
                    yes: true
                }
                .apply(&offered, NOW)
            ),
            ErrorCode::OwnProposal
        );
        let no = written(
            Change::AnswerUndo {
                by: actor("Bob"),
                yes: false,
            }
            .apply(&offered, NOW),
        );
        assert_eq!(no.row.history(), ["E5"]);
        assert_eq!(no.row.undo_offer, None);
        assert_eq!(no.events[0].what.halves().1["action"], "declined");
        // Bob proposing too agrees to Ann's proposal
        let yes = written(Change::ProposeUndo(actor("Bob")).apply(&offered, NOW + 5));
        assert!(yes.row.moves.is_empty());
        assert_eq!(yes.row.turn.as_deref(), Some("ann"));
        assert_eq!(yes.row.turn_since, Some(NOW + 5));
        assert_eq!(yes.events[0].what.halves().1["action"], "accepted");
        assert_eq!(
            yes.events[0].what.halves().1["history"],
            serde_json::json!([])
        );
    }

    #[test]
    fn only_ones_own_last_move_is_asked_back_and_exactly_it_goes() {
        let g = written(mv("Ann", "E5", Some(1)).apply(&started(), NOW)).row;
        // Bob's turn: Bob has no move to take back, Ann's is not his.
        assert_eq!(
            code(Change::ProposeUndo(actor("Bob")).apply(&g, NOW)),
            ErrorCode::NotYourLastMove
        );
        let g = written(mv("Bob", "D4", Some(2)).apply(&g, NOW)).row;
        // Ann's turn: the last move is Bob's, so Ann cannot ask it back.
        let message = match Change::ProposeUndo(actor("Ann")).apply(&g, NOW) {
            Err(ApiError::Conflict(ErrorCode::NotYourLastMove, m, _)) => m,
            other => panic!("{other:?}"),
        };
        assert!(message.contains("move 2 (D4) is O (Bob)'s"), "{message}");
        // Bob asks back his D4; Ann's accepting removes exactly it.
        let asked = written(Change::ProposeUndo(actor("Bob")).apply(&g, NOW)).row;
        let yes = written(
            Change::AnswerUndo {
                by: actor("Ann"),
                yes: true,
            }
            .apply(&asked, NOW),
        );
        assert_eq!(yes.row.history(), ["E5"]);
        assert_eq!(yes.row.turn.as_deref(), Some("bob"));
        // A move by Ann instead cancels Bob's request: nothing to accept.
        let moved = written(mv("Ann", "D5", Some(3)).apply(&asked, NOW)).row;
        assert_eq!(moved.undo_offer, None);
        assert_eq!(
            code(
                Change::AnswerUndo {
                    by: actor("Bob"),
                    yes: true
                }
                .apply(&moved, NOW)
            ),
            ErrorCode::NoUndoProposed
        );
        // A request an older server let through (by the player to move) takes
        // back nothing.
        let legacy = GameRow {
            undo_offer: Some("ann".into()),
            ..g
        };
        assert_eq!(
            code(
                Change::AnswerUndo {
                    by: actor("Bob"),
                    yes: true
                }
                .apply(&legacy, NOW)
            ),
            ErrorCode::NoUndoProposed
        );
    }
}
