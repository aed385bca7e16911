//! The requests a window makes of a server, and how each becomes HTTP
//! calls of the API (docs/ONLINE.md); a refusal stays one, anything else
//! may be tried again.

use super::client::{Client, Refusal};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// What the window asks of the server.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Request {
    /// Sign in (or make the account first: `signup`) on `server`.
    SignIn {
        /// The server's address (normalised).
        server: String,
        /// The player's name.
        name: String,
        /// The password (blanked in the answer's copy).
        password: String,
        /// Make the account first.
        signup: bool,
    },
    /// Sign out: the token is revoked and forgotten.
    SignOut,
    /// My games and the challenges: `{"games": […], "challenges": […]}`.
    Games,
    /// Challenge a player, or anyone (`None`).
    Challenge {
        /// The player challenged.
        opponent: Option<String>,
        /// `majority` or `super-glyph`.
        variant: String,
        /// The challenger's side: `x`, `o` or `random`.
        side: String,
        /// The days each move may take (`None`: no limit).
        days: Option<u32>,
    },
    /// Accept a challenge.
    Accept(String),
    /// Decline a challenge.
    Decline(String),
    /// Withdraw my challenge.
    Cancel(String),
    /// A game and its chat: `{"game": {…}, "chat": […]}`.
    Game(String),
    /// A move, queued (the outbox).
    Move {
        /// The game's id.
        game: String,
        /// The square, `E5`.
        square: String,
        /// The number the move will have (1 for the first).
        number: usize,
    },
    /// A chat line, queued (the outbox).
    Chat {
        /// The game's id.
        game: String,
        /// The line.
        text: String,
    },
    /// Resign a game.
    Resign(String),
    /// Claim a game whose opponent ran out of time.
    Claim(String),
    /// Propose an undo (`None`), or answer the opponent's (accept: `true`).
    Undo {
        /// The game's id.
        game: String,
        /// The answer to a proposal.
        answer: Option<bool>,
    },
    /// The game's save file (RON text, as a JSON string).
    Save(String),
}

impl Request {
    /// Whether it goes to the outbox (kept and tried again until delivered).
    #[must_use]
    pub fn queued(&self) -> bool {
        matches!(self, Request::Move { .. } | Request::Chat { .. })
    }
}

/// Why a request did not succeed.
#[derive(Debug, Clone)]
pub enum Failure {
    /// The server could not be reached (or the answer was lost).
    Unreachable(String),
    /// The server said no.
    Refused(Refusal),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Unreachable(m) => f.write_str(m),
            Failure::Refused(r) => f.write_str(&r.message),
        }
    }
}

pub(super) fn call(c: &Client, request: &Request) -> Result<Value, Failure> {
    match request {
        Request::SignIn { .. } | Request::SignOut => Ok(Value::Null),
        Request::Games => {
            let games = fail(c.get("/games"))?;
            let challenges = fail(c.get("/challenges"))?;
            Ok(json!({"games": games["games"], "challenges": challenges["challenges"]}))
        }
        Request::Challenge {
            opponent,
            variant,
            side,
            days,
        } => {
            let mut body = json!({"variant": variant, "side": side, "days": days});
            if let Some(o) = opponent {
                body["opponent"] = json!(o);
            }
            fail(c.post("/challenges", &body))
        }
        Request::Accept(id) => fail(c.post(&game_path(id, "/accept")?, &json!({}))),
        Request::Decline(id) => fail(c.post(&game_path(id, "/decline")?, &json!({}))),
        Request::Cancel(id) => fail(c.post(&game_path(id, "/cancel")?, &json!({}))),
        Request::Game(id) => {
            let game = fail(c.get(&game_path(id, "")?))?;
            let chat = fail(c.get(&game_path(id, "/chat")?))?;
            Ok(json!({"game": game, "chat": chat["chat"]}))
        }
        Request::Move {
            game,
            square,
            number,
        } => fail(c.post(
            &game_path(game, "/moves")?,
            &json!({"square": square, "number": number}),
        )),
        Request::Chat { game, text } => {
            fail(c.post(&game_path(game, "/chat")?, &json!({"text": text})))
        }
        Request::Resign(id) => fail(c.post(&game_path(id, "/resign")?, &json!({}))),
        Request::Claim(id) => fail(c.post(&game_path(id, "/claim")?, &json!({}))),
        Request::Undo { game, answer } => {
            let tail = match answer {
                None => "/undo",
                Some(true) => "/undo/accept",
                Some(false) => "/undo/decline",
            };
            fail(c.post(&game_path(game, tail)?, &json!({})))
        }
        Request::Save(id) => fail(c.get_text(&game_path(id, "/save")?)).map(Value::String),
    }
}

/// `/games/ID…`, for an id as the server makes them (letters and digits).
fn game_path(id: &str, tail: &str) -> Result<String, Failure> {
    if id.is_empty() || id.len() > 40 || !id.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(Failure::Refused(Refusal {
            status: 0,
            code: "bad_id".into(),
            message: format!("{} is not a game id", crate::rules::quote(id)),
            game: None,
        }));
    }
    Ok(format!("/games/{id}{tail}"))
}

/// A refusal stays one; anything else (no connection, a lost or garbled
/// answer) may be tried again.
pub(super) fn fail<T>(r: anyhow::Result<T>) -> Result<T, Failure> {
    r.map_err(|e| match e.downcast_ref::<Refusal>() {
        Some(refusal) => Failure::Refused(refusal.clone()),
        None => Failure::Unreachable(format!("{e:#}")),
    })
}
