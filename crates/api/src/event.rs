//! The live stream (`GET /events`, Server-Sent Events): each event is an
//! `event:` line (its kind) and a `data:` line of JSON. [`Event`] is both:
//! serialized it is `{"kind": …, "data": {…}}`, the two halves of an SSE
//! event (and what the servers pass each other through PostgreSQL).

use super::{ChatPost, EndReason, GameSummary, Grid, Side, Status, Tally, UndoAction};
use serde::{Deserialize, Serialize};

/// One event of a player's live stream.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "data", rename_all = "lowercase")]
pub enum Event {
    /// The stream is open (always first).
    Ready(Ready),
    /// A challenge to the reader: the game's summary.
    Challenge(GameSummary),
    /// A challenge was accepted: the game begins.
    Start(StartEvent),
    /// A challenge was declined.
    Declined(ByEvent),
    /// A challenge was withdrawn.
    Cancelled(ByEvent),
    /// A move in one of the reader's games.
    Move(MoveEvent),
    /// An undo proposed, accepted or declined.
    Undo(UndoEvent),
    /// A chat line.
    Chat(ChatPost),
    /// A game ended.
    End(EndEvent),
    /// The stream fell behind and dropped events: read the games again.
    Lagged(Lagged),
}

impl Event {
    /// The game an event is about, as its data's `game` says (a
    /// `challenge` carries a summary instead; `ready` and `lagged` none).
    #[must_use]
    pub fn game(&self) -> Option<&str> {
        match self {
            Event::Start(e) => Some(&e.game),
            Event::Declined(e) | Event::Cancelled(e) => Some(&e.game),
            Event::Move(e) => Some(&e.game),
            Event::Undo(e) => Some(&e.game),
            Event::Chat(e) => Some(&e.game),
            Event::End(e) => Some(&e.game),
            Event::Ready(_) | Event::Challenge(_) | Event::Lagged(_) => None,
        }
    }
}

/// `ready`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ready {
    /// Whose stream it is.
    pub name: String,
}

/// `lagged`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lagged {
    /// What to do about it.
    pub message: String,
}

/// `start`: the players' names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StartEvent {
    /// The game's id.
    pub game: String,
    /// X's name.
    pub x: String,
    /// O's name.
    pub o: String,
}

/// `declined` and `cancelled`: who did it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ByEvent {
    /// The game's id.
    pub game: String,
    /// Who.
    pub by: String,
}

/// `move`, and the answer to a move ([`crate::MoveAnswer`]): what the move
/// changed, not the whole game. A client that knows the game's first
/// `number - 1` moves appends `square`; one that knows fewer (it missed
/// an event) reads the game again; one that knows `number` or more has
/// it already.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveEvent {
    /// The game's id.
    pub game: String,
    /// The move's number (1 for the first).
    pub number: usize,
    /// The square, `E5`.
    pub square: String,
    /// Who played it.
    pub by: String,
    /// Their side.
    pub side: Side,
    /// Where the game stands after it.
    pub status: Status,
    /// The name of the player to move next (`null` once finished).
    pub turn: Option<String>,
    /// The mini grid (1 to 9) the next player must play in (`null`: any
    /// empty square, or the game is over).
    pub next_grid: Option<u8>,
    /// The mini grid the move was in, as it stands after it.
    pub grid: Grid,
    /// The majority result after it: mini grids won.
    pub majority: Tally,
    /// The super glyph result, once the board is full.
    pub super_glyph: Option<Tally>,
    /// The winner, once finished.
    pub winner: Option<Side>,
    /// How it ended, once finished.
    pub end: Option<EndReason>,
    /// When the next player runs out of time (RFC 3339), if there is a limit.
    pub deadline: Option<String>,
    /// The super glyph count so far (see [`crate::Game::super_glyph_so_far`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub super_glyph_so_far: Option<Tally>,
}

/// `undo`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UndoEvent {
    /// The game's id.
    pub game: String,
    /// Who proposed or answered.
    pub by: String,
    /// What happened.
    pub action: UndoAction,
    /// After an answer: the game's moves and deadline (absent for a
    /// proposal).
    #[serde(flatten)]
    pub after: Option<UndoAfter>,
}

/// The game after an undo was answered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UndoAfter {
    /// Every move that stands.
    pub history: Vec<String>,
    /// When the player to move runs out of time, if there is a limit.
    pub deadline: Option<String>,
}

/// `end`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndEvent {
    /// The game's id.
    pub game: String,
    /// The winner's side, if anyone won.
    pub winner: Option<Side>,
    /// The winner's name.
    pub winner_name: Option<String>,
    /// How the game ended.
    pub reason: Option<EndReason>,
}

#[cfg(test)]
mod tests {
    use super::super::game::tests::round_trip;
    use super::*;

    /// Each event as `{"kind", "data"}` (the kind and data lines of the
    /// stream), data as the server sends it.
    #[test]
    fn every_event_round_trips() {
        let ready: Event = round_trip(r#"{"kind":"ready","data":{"name":"ann"}}"#);
        assert_eq!(ready.game(), None);
        let mv: Event = round_trip(&format!(
            r#"{{"kind":"move","data":{}}}"#,
            super::super::game::tests::MOVE
        ));
        assert!(matches!(&mv, Event::Move(m) if m.side == Side::X && m.number == 3));
        assert_eq!(mv.game(), Some("k3x9q0a2bd"));
        let proposed: Event =
            round_trip(r#"{"kind":"undo","data":{"game":"g1","by":"bob","action":"proposed"}}"#);
        assert!(matches!(&proposed, Event::Undo(u) if u.after.is_none()));
        let accepted: Event = round_trip(
            r#"{"kind":"undo","data":{"game":"g1","by":"ann","action":"accepted",
                "history":["E5"],"deadline":"2026-11-28T10:00:00.123Z"}}"#,
        );
        assert!(matches!(&accepted, Event::Undo(u)
            if u.action == UndoAction::Accepted && u.after.as_ref().unwrap().history == ["E5"]));
        let declined: Event = round_trip(
            r#"{"kind":"undo","data":{"game":"g1","by":"ann","action":"declined",
                "history":["E5","D4"],"deadline":null}}"#,
        );
        assert!(matches!(&declined, Event::Undo(u) if u.after.is_some()));
        let _: Event =
            round_trip(r#"{"kind":"chat","data":{"game":"g1","n":1,"by":"ann","text":"hi"}}"#);
        let end: Event = round_trip(
            r#"{"kind":"end","data":{"game":"g1","winner":"X","winner_name":"ann",
                "reason":"resigned"}}"#,
        );
        assert!(matches!(&end, Event::End(e) if e.reason == Some(EndReason::Resigned)));
        let _: Event = round_trip(
            r#"{"kind":"end","data":{"game":"g1","winner":null,"winner_name":null,"reason":"board full"}}"#,
        );
        let _: Event = round_trip(r#"{"kind":"start","data":{"game":"g1","x":"ann","o":"bob"}}"#);
        let _: Event = round_trip(r#"{"kind":"declined","data":{"game":"g1","by":"bob"}}"#);
        let _: Event = round_trip(r#"{"kind":"cancelled","data":{"game":"g1","by":"ann"}}"#);
        let challenge: Event = round_trip(
            r#"{"kind":"challenge","data":{"id":"g1","variant":"majority","status":"challenge",
                "players":{"x":null,"o":null},"challenger":"ann","challenged":"bob","moves":0,
                "winner":null,"waiting_for_you":true,"days_per_move":2,"deadline":null,
                "updated":"2026-11-25T09:00:00Z"}}"#,
        );
        assert_eq!(challenge.game(), None);
        let _: Event = round_trip(
            r#"{"kind":"lagged","data":{"message":"some events were dropped; read your games again"}}"#,
        );
        assert!(serde_json::from_str::<Event>(r#"{"kind":"dance","data":{}}"#).is_err());
    }
}
