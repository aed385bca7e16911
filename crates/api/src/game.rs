//! The game object (`GET /games/{id}` and the answer to every change of a
//! game but a move, whose answer is what it changed), the summaries of the
//! lists, and the chat.

use super::{EndReason, Side, Status, Variant};
use serde::{Deserialize, Serialize};

/// The `scribe score --json` object (docs/FORMATS.md): the score of a
/// position. The game object holds it flattened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// The number of moves played.
    pub moves: usize,
    /// Whether the board is full.
    pub finished: bool,
    /// Who moves next (`null` once the board is full).
    pub to_move: Option<Side>,
    /// The nine mini grids, 1 to 9.
    pub grids: Vec<Grid>,
    /// The majority result: mini grids won.
    pub majority: Tally,
    /// The super glyph result, once the board is full.
    pub super_glyph: Option<Tally>,
}

/// One mini grid of a [`Score`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Grid {
    /// Its number, 1 to 9.
    pub grid: u8,
    /// X's points.
    pub x: u8,
    /// O's points.
    pub o: u8,
    /// Who won it, once decided.
    pub winner: Option<Side>,
    /// The glyphs each player made in it.
    pub glyphs: Glyphs,
    /// Those glyphs with their squares, for drawing them (left out when
    /// there are none, and by servers before it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub found: Vec<Found>,
}

/// A glyph made in a mini grid: whose, which, and where (found by the
/// rules, so a client draws it without knowing the glyph table).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Found {
    /// Whose marks make it.
    pub side: Side,
    /// The glyph's name (`"Squat-T"`).
    pub glyph: String,
    /// Its points.
    pub points: u8,
    /// Its squares, `["D4", "E4"]`.
    pub squares: Vec<String>,
}

/// `GET /api/v1/glyphs`: the rules' table of the 19 glyphs, for a legend.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GlyphTable {
    /// The glyphs, smallest first.
    pub glyphs: Vec<GlyphShape>,
}

/// One glyph of the [`GlyphTable`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GlyphShape {
    /// Its name (`"Squat-T"`).
    pub name: String,
    /// Its points (its squares).
    pub points: u8,
    /// Its drawing, top row first: `#` marked, `.` blank (`["###", ".#."]`).
    pub rows: Vec<String>,
}

/// The glyphs each player made in a mini grid, by name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Glyphs {
    /// X's.
    pub x: Vec<String>,
    /// O's.
    pub o: Vec<String>,
}

/// A count for each player and its winner.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// X's.
    pub x: u8,
    /// O's.
    pub o: u8,
    /// Who wins by it, if anyone.
    pub winner: Option<Side>,
}

/// The players' names (`null` before a challenge is accepted).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Players {
    /// X's name.
    pub x: Option<String>,
    /// O's name.
    pub o: Option<String>,
}

/// The game object: the score of its position plus the server's fields
/// (docs/online/api.md, "The game object").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    /// The score of the position (its keys are the object's own).
    #[serde(flatten)]
    pub score: Score,
    /// The game's id.
    pub id: String,
    /// Both players' names.
    pub players: Players,
    /// The moves, `["E5", "C8", …]`.
    pub history: Vec<String>,
    /// Where it stands.
    pub status: Status,
    /// The variant.
    pub variant: Variant,
    /// The name of the player who must act (the mover, or the challenged).
    pub turn: Option<String>,
    /// The winner, once finished.
    pub winner: Option<Side>,
    /// How it ended, once finished.
    pub end: Option<EndReason>,
    /// The name of the player proposing an undo.
    pub undo_offer: Option<String>,
    /// The challenger's name.
    pub challenger: String,
    /// The challenged player's name (`null`: an open challenge not taken).
    pub challenged: Option<String>,
    /// The days each move may take (`null`: no limit).
    pub days_per_move: Option<i64>,
    /// When the player to move runs out of time (RFC 3339, milliseconds).
    pub deadline: Option<String>,
    /// Whether that time has passed.
    pub out_of_time: bool,
    /// When the challenge was made (RFC 3339).
    pub created: Option<String>,
    /// When the game last changed (RFC 3339).
    pub updated: Option<String>,
    /// The mini grid (1 to 9) the player to move must play in (`null`: any
    /// empty square, or the game is over; absent from servers before it).
    #[serde(default)]
    pub next_grid: Option<u8>,
    /// The super glyph count so far: the mini grids won, scored as one
    /// grid (the result is [`Score::super_glyph`], once the board is full;
    /// absent from servers before it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub super_glyph_so_far: Option<Tally>,
}

/// The answer to a move (`POST /games/{id}/moves`): what the move changed,
/// the same fields as the `move` event ([`crate::MoveEvent`]), not the
/// whole game object; and `"repeated": true` when the move had been made
/// already (a retry, which changed nothing: the fields then describe the
/// game's last move as it stands now, which may be the opponent's reply).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveAnswer {
    /// What the move changed.
    #[serde(flatten)]
    pub change: crate::MoveEvent,
    /// The move had been made already.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub repeated: bool,
}

/// A game (or challenge) in a list, and the data of a `challenge` event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSummary {
    /// The game's id.
    pub id: String,
    /// The variant.
    pub variant: Variant,
    /// Where it stands.
    pub status: Status,
    /// Both players' names.
    pub players: Players,
    /// The challenger's name.
    pub challenger: String,
    /// The challenged player's name (`null`: open).
    pub challenged: Option<String>,
    /// The number of moves played.
    pub moves: usize,
    /// The winner, once finished.
    pub winner: Option<Side>,
    /// Whether the reader must act (move, or answer the challenge).
    pub waiting_for_you: bool,
    /// The days each move may take (`null`: no limit).
    pub days_per_move: Option<i64>,
    /// When the player to move runs out of time (RFC 3339).
    pub deadline: Option<String>,
    /// When the game last changed (RFC 3339).
    pub updated: Option<String>,
    /// How a finished game ended (absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<EndReason>,
    /// When a finished game ended (RFC 3339; absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finished: Option<String>,
    /// A finished game's majority result (mini grids won).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub majority: Option<Tally>,
    /// A finished game's super glyph result, when its board is full (not
    /// after a resignation or a claim).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub super_glyph: Option<Tally>,
}

/// `GET /games`, and `GET /playing` (games being played, for anyone).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct GameList {
    /// My games and challenges, those waiting for me first.
    pub games: Vec<GameSummary>,
}

/// `GET /challenges`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ChallengeList {
    /// Challenges to me, mine, and open ones.
    pub challenges: Vec<GameSummary>,
}

/// One line of a game's chat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatLine {
    /// Its number in the game, from 1.
    pub n: u64,
    /// Who said it.
    pub by: String,
    /// What was said.
    pub text: String,
}

/// `GET /games/{id}/chat`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chat {
    /// The game's id.
    pub game: String,
    /// The lines, in order.
    pub chat: Vec<ChatLine>,
}

/// The answer to `POST /games/{id}/chat/{n}/report`: the line is reported
/// to the server's keepers (`scribe admin reports`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reported {
    /// The game's id.
    pub game: String,
    /// The line's number.
    pub n: u64,
    /// Always `true`.
    pub reported: bool,
}

/// A line said: the answer to `POST /games/{id}/chat` and the `chat` event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatPost {
    /// The game's id.
    pub game: String,
    /// The line's number.
    pub n: u64,
    /// Who said it.
    pub by: String,
    /// What was said.
    pub text: String,
}

impl ChatPost {
    /// The line without its game.
    #[must_use]
    pub fn line(&self) -> ChatLine {
        ChatLine {
            n: self.n,
            by: self.by.clone(),
            text: self.text.clone(),
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use serde::de::DeserializeOwned;
    use serde_json::Value;

    /// Reads `sample` as `T` and writes it back: the same JSON.
    pub(crate) fn round_trip<T: Serialize + DeserializeOwned>(sample: &str) -> T {
        let want: Value = serde_json::from_str(sample).unwrap();
        let typed: T = serde_json::from_str(sample).unwrap();
        let back = serde_json::to_value(&typed).unwrap();
        assert_eq!(back, want, "{sample}");
        typed
    }

    /// A game object as the server sends it (an open challenge taken by
    /// bob, two moves in, with a time limit and an undo proposed).
    pub(crate) const GAME: &str = r#"{"moves":2,"finished":false,"to_move":"X",
        "grids":[{"grid":1,"x":0,"o":0,"winner":null,"glyphs":{"x":[],"o":[]}},
                 {"grid":5,"x":1,"o":0,"winner":"X","glyphs":{"x":["dot"],"o":[]}}],
        "majority":{"x":0,"o":0,"winner":null},"super_glyph":null,
        "id":"k3x9q0a2bd","players":{"x":"ann","o":"bob"},"history":["E5","D4"],
        "status":"active","variant":"super-glyph","turn":"ann","winner":null,"end":null,
        "undo_offer":"bob","challenger":"ann","challenged":"bob","days_per_move":3,
        "deadline":"2026-11-28T10:00:00.123Z","out_of_time":false,
        "created":"2026-11-25T09:00:00Z","updated":"2026-11-25T10:00:00Z","next_grid":4,
        "super_glyph_so_far":{"x":1,"o":0,"winner":null}}"#;

    #[test]
    fn the_game_object_round_trips() {
        let g: Game = round_trip(GAME);
        assert_eq!(g.status, Status::Active);
        assert_eq!(g.variant, Variant::SuperGlyph);
        assert_eq!(g.score.to_move, Some(Side::X));
        let finished = GAME
            .replace(r#""status":"active""#, r#""status":"finished""#)
            .replace(
                r#""winner":null,"end":null"#,
                r#""winner":"O","end":"out of time""#,
            );
        let g: Game = round_trip(&finished);
        assert_eq!(g.end, Some(EndReason::OutOfTime));
        assert_eq!(g.winner, Some(Side::O));
    }

    /// A move answer as the server sends it (move 3, ann's D4): the
    /// fields of the `move` event.
    pub(crate) const MOVE: &str = r#"{"game":"k3x9q0a2bd","number":3,"square":"D4","by":"ann",
        "side":"X","status":"active","turn":"bob","next_grid":1,
        "grid":{"grid":4,"x":1,"o":0,"winner":null,"glyphs":{"x":["Single"],"o":[]},
            "found":[{"side":"X","glyph":"Single","points":1,"squares":["D4"]}]},
        "majority":{"x":0,"o":0,"winner":null},"super_glyph":null,
        "winner":null,"end":null,"deadline":null,
        "super_glyph_so_far":{"x":0,"o":0,"winner":null}}"#;

    #[test]
    fn a_move_answer_says_repeated_only_when_it_was() {
        let a: MoveAnswer = round_trip(MOVE);
        assert!(!a.repeated);
        assert_eq!(a.change.next_grid, Some(1));
        assert_eq!(a.change.grid.grid, 4);
        let repeated = MOVE.replacen('{', r#"{"repeated":true,"#, 1);
        let a: MoveAnswer = round_trip(&repeated);
        assert!(a.repeated);
        // smaller than the whole game object
        assert!(MOVE.len() < GAME.len());
    }

    #[test]
    fn summaries_lists_and_chat_round_trip() {
        let summary = r#"{"id":"k3x9q0a2bd","variant":"majority","status":"challenge",
            "players":{"x":null,"o":null},"challenger":"ann","challenged":null,"moves":0,
            "winner":null,"waiting_for_you":false,"days_per_move":null,"deadline":null,
            "updated":"2026-11-25T09:00:00Z"}"#;
        let s: GameSummary = round_trip(summary);
        assert_eq!(s.status, Status::Challenge);
        let list: GameList = round_trip(&format!(r#"{{"games":[{summary}]}}"#));
        assert_eq!(list.games.len(), 1);
        let _: ChallengeList = round_trip(&format!(r#"{{"challenges":[{summary}]}}"#));
        let chat: Chat = round_trip(r#"{"game":"g1","chat":[{"n":1,"by":"ann","text":"hi"}]}"#);
        assert_eq!(chat.chat[0].by, "ann");
        let post: ChatPost = round_trip(r#"{"game":"g1","n":2,"by":"bob","text":"good luck"}"#);
        let r: Reported = round_trip(r#"{"game":"g1","n":2,"reported":true}"#);
        assert!(r.reported);
        assert_eq!(post.line().n, 2);
    }
}
