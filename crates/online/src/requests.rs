//! The requests a window makes of a server, and how each becomes HTTP
//! calls of the API (docs/online/api.md); a refusal stays one, anything else
//! may be tried again.

use super::client::{Client, Refusal};
use scribe_api::{self as api, ErrorCode};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

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
    /// My games and the challenges ([`Answer::Lists`]).
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
    /// A game and its chat ([`Answer::GameAndChat`]).
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
    /// A finished game's rematch: a new challenge to the same opponent,
    /// the same variant and time limit, the sides swapped ([`Answer::Game`]).
    Rematch(String),
    /// Claim a game whose opponent ran out of time.
    Claim(String),
    /// Propose an undo (`None`), or answer the opponent's (accept: `true`).
    Undo {
        /// The game's id.
        game: String,
        /// The answer to a proposal.
        answer: Option<bool>,
    },
    /// The game's save file ([`Answer::Save`]).
    Save(String),
    /// The save files of finished games, to keep: each game's id with the
    /// file it is kept in. A game whose file is there already is not
    /// fetched, so that each is fetched once ([`Answer::Saves`]).
    Keep(Vec<(String, PathBuf)>),
    /// Set the account's e-mail address (`None`: remove it); the server
    /// mails a link to verify a new one ([`Answer::Email`]).
    Email(Option<String>),
    /// The standings of a variant (`majority`, `super-glyph`):
    /// [`Answer::Standings`].
    Standings(String),
    /// A player's page: ratings, rating over time, finished games
    /// ([`Answer::Player`]).
    Player(String),
    /// Who is online on the server ([`Answer::Online`]).
    Online,
    /// Who I am to the server, my address, and whether it sends mail
    /// ([`Answer::Me`]).
    Me,
}

/// What the server answered a request, read as the API's types.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// Nothing to read (signed out).
    Done,
    /// Signed in: the name as the server spells it, and the token.
    SignedIn(api::Token),
    /// My games and the challenges.
    Lists {
        /// My games and challenges (`GET /games`).
        games: Vec<api::GameSummary>,
        /// Challenges to me, mine, and open ones (`GET /challenges`).
        challenges: Vec<api::GameSummary>,
    },
    /// The game after a challenge, an answer to one, a resignation, a
    /// claim, an undo.
    Game(Box<api::Game>),
    /// The game after a move (`repeated`: it had been made already).
    Moved(Box<api::MoveAnswer>),
    /// A game and its chat.
    GameAndChat {
        /// The game.
        game: Box<api::Game>,
        /// Its chat.
        chat: Vec<api::ChatLine>,
    },
    /// My chat line, as the server numbered it.
    Said(api::ChatPost),
    /// The save file (RON text).
    Save(String),
    /// What [`Request::Keep`] found.
    Saves {
        /// The games fetched: each id with its save file (RON text).
        fetched: Vec<(String, String)>,
        /// The games whose file was there already.
        known: Vec<String>,
        /// Why some games were not fetched (the server refused one, or
        /// stopped answering midway: those are asked for again later).
        trouble: Option<String>,
    },
    /// The standings.
    Standings(api::Standings),
    /// What the server did with the address.
    Email(api::EmailAnswer),
    /// A player's page.
    Player(Box<api::PlayerPage>),
    /// Who is online.
    Online(api::OnlinePlayers),
    /// Who I am, and whether the server sends mail.
    Me(api::Me),
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

pub(super) fn call(c: &Client, request: &Request) -> Result<Answer, Failure> {
    let game = |id: &str, tail: &str| -> Result<Answer, Failure> {
        let g: api::Game = fail(c.post_empty(&game_path(id, tail)?))?;
        Ok(Answer::Game(Box::new(g)))
    };
    match request {
        Request::SignIn { .. } | Request::SignOut => Ok(Answer::Done),
        Request::Games => {
            let games: api::GameList = fail(c.get("/games"))?;
            let challenges: api::ChallengeList = fail(c.get("/challenges"))?;
            Ok(Answer::Lists {
                games: games.games,
                challenges: challenges.challenges,
            })
        }
        Request::Challenge {
            opponent,
            variant,
            side,
            days,
        } => {
            let body = api::NewChallenge {
                opponent: opponent.clone(),
                variant: Some(variant.clone()),
                side: Some(side.clone()),
                days: *days,
            };
            let g: api::Game = fail(c.post("/challenges", &body))?;
            Ok(Answer::Game(Box::new(g)))
        }
        Request::Accept(id) => game(id, "/accept"),
        Request::Decline(id) => game(id, "/decline"),
        Request::Cancel(id) => game(id, "/cancel"),
        Request::Game(id) => {
            let g: api::Game = fail(c.get(&game_path(id, "")?))?;
            let chat: api::Chat = fail(c.get(&game_path(id, "/chat")?))?;
            Ok(Answer::GameAndChat {
                game: Box::new(g),
                chat: chat.chat,
            })
        }
        Request::Move {
            game,
            square,
            number,
        } => {
            let body = api::NewMove {
                square: square.clone(),
                number: u64::try_from(*number).ok(),
            };
            let moved: api::MoveAnswer = fail(c.post(&game_path(game, "/moves")?, &body))?;
            Ok(Answer::Moved(Box::new(moved)))
        }
        Request::Chat { game, text } => {
            let body = api::Say { text: text.clone() };
            fail(c.post(&game_path(game, "/chat")?, &body)).map(Answer::Said)
        }
        Request::Resign(id) => game(id, "/resign"),
        Request::Rematch(id) => game(id, "/rematch"),
        Request::Claim(id) => game(id, "/claim"),
        Request::Undo { game: id, answer } => {
            let tail = match answer {
                None => "/undo",
                Some(true) => "/undo/accept",
                Some(false) => "/undo/decline",
            };
            game(id, tail)
        }
        Request::Save(id) => fail(c.get_text(&game_path(id, "/save")?)).map(Answer::Save),
        Request::Keep(games) => keep(c, games),
        Request::Email(address) => {
            let body = api::NewEmail {
                email: address.clone(),
                notify: None,
            };
            fail(c.post("/me/email", &body)).map(Answer::Email)
        }
        Request::Standings(variant) => {
            let variant: String = variant
                .chars()
                .filter(|c| c.is_ascii_lowercase() || *c == '-')
                .collect();
            fail(c.get(&format!("/standings?variant={variant}"))).map(Answer::Standings)
        }
        Request::Player(name) => {
            let page: api::PlayerPage = fail(c.get(&player_path(name)?))?;
            Ok(Answer::Player(Box::new(page)))
        }
        Request::Online => fail(c.get("/players/online")).map(Answer::Online),
        Request::Me => fail(c.get("/me")).map(Answer::Me),
    }
}

/// `/players/NAME` ([`api::player_path`]), or the refusal of a name the
/// server never makes.
fn player_path(name: &str) -> Result<String, Failure> {
    api::player_path(name).ok_or_else(|| {
        Failure::Refused(Refusal {
            status: 0,
            code: ErrorCode::NotFound,
            message: format!("{} is not a player's name", scribe_rules::quote(name)),
            game: None,
        })
    })
}

/// Fetches the save files of the games whose file is not there yet; stops
/// at the first game the server cannot be reached for (an error if none
/// was fetched), skips a game it refuses.
fn keep(c: &Client, games: &[(String, PathBuf)]) -> Result<Answer, Failure> {
    let (mut fetched, mut known, mut trouble) = (Vec::new(), Vec::new(), None);
    for (id, file) in games {
        if file.exists() {
            known.push(id.clone());
            continue;
        }
        match game_path(id, "/save").and_then(|path| fail(c.get_text(&path))) {
            Ok(text) => fetched.push((id.clone(), text)),
            Err(Failure::Refused(r)) => {
                trouble.get_or_insert(format!("game {id}: {}", r.message));
            }
            Err(e) if fetched.is_empty() => return Err(e),
            Err(e) => {
                trouble = Some(e.to_string());
                break;
            }
        }
    }
    Ok(Answer::Saves {
        fetched,
        known,
        trouble,
    })
}

/// `/games/ID…`, for an id as the server makes them (letters and digits).
fn game_path(id: &str, tail: &str) -> Result<String, Failure> {
    if id.is_empty() || id.len() > 40 || !id.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(Failure::Refused(Refusal {
            status: 0,
            code: ErrorCode::BadId,
            message: format!("{} is not a game id", scribe_rules::quote(id)),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_name_as_the_server_makes_them_reaches_the_players_path() {
        assert_eq!(player_path("bob_2-x").unwrap(), "/players/bob_2-x");
        for bad in [
            "",
            "../games",
            "bob?x=1",
            "bob/evil",
            "zoë",
            &"a".repeat(41),
        ] {
            match player_path(bad) {
                Err(Failure::Refused(r)) => {
                    assert!(
                        r.message.contains("is not a player's name"),
                        "{}",
                        r.message
                    );
                }
                other => panic!("{bad:?} gave {other:?}"),
            }
        }
    }
}
