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
    /// My games and the challenges ([`Answered::Games`]).
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
    /// A game and its chat ([`Answered::Game`]).
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
    /// the same variant and time limit, the sides swapped ([`Answered::Game`]).
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
    /// The game's save file ([`Answered::Save`]).
    Save(String),
    /// The save files of finished games, to keep: each game's id with the
    /// file it is kept in. A game whose file is there already is not
    /// fetched, so that each is fetched once ([`Answered::Keep`]).
    Keep(Vec<(String, PathBuf)>),
    /// Set the account's e-mail address (`None`: remove it); the server
    /// mails a link to verify a new one ([`Answered::Email`]).
    Email(Option<String>),
    /// The standings of a variant (`majority`, `super-glyph`):
    /// [`Answered::Standings`].
    Standings(String),
    /// A player's page: ratings, rating over time, finished games
    /// ([`Answered::Player`]).
    Player(String),
    /// Who is online on the server ([`Answered::Online`]).
    Online,
    /// Who I am to the server, my address, and whether it sends mail
    /// ([`Answered::Me`]).
    Me,
}

/// A request with the server's answer, typed to that request: each
/// variant holds what was asked and what the server says to it (or why
/// not), so that no answer is ever read as another request's.
#[derive(Debug, Clone)]
pub enum Answered {
    /// [`Request::SignIn`] (the password is not kept): the token.
    SignIn {
        /// The server's address.
        server: String,
        /// The name typed.
        name: String,
        /// The account was made first.
        signup: bool,
        /// The name as the server spells it, and the token.
        result: Result<api::Token, Failure>,
    },
    /// [`Request::SignOut`]: signed out here; `Err`: the server could not
    /// be told.
    SignOut(Result<(), Failure>),
    /// [`Request::Games`]: my games and the challenges.
    Games(Result<Lists, Failure>),
    /// [`Request::Challenge`]: the game it made.
    Challenge {
        /// The player challenged (`None`: an open challenge).
        opponent: Option<String>,
        /// The new game (active at once against a computer).
        result: Result<Box<api::Game>, Failure>,
    },
    /// [`Request::Accept`], [`Request::Decline`] or [`Request::Cancel`]:
    /// the game after the answer.
    Answer {
        /// What was answered, and how.
        to: ChallengeAnswer,
        /// The game's id.
        id: String,
        /// The game.
        result: Result<Box<api::Game>, Failure>,
    },
    /// [`Request::Game`]: a game and its chat.
    Game {
        /// The game's id.
        id: String,
        /// The game, and its chat.
        result: Result<(Box<api::Game>, Vec<api::ChatLine>), Failure>,
    },
    /// [`Request::Move`]: the game after the move (`repeated`: it had been
    /// made already).
    Move {
        /// The game's id.
        game: String,
        /// The square.
        square: String,
        /// The number the move has.
        number: usize,
        /// The change.
        result: Result<Box<api::MoveAnswer>, Failure>,
    },
    /// [`Request::Chat`]: my line, as the server numbered it.
    Chat {
        /// The game's id.
        game: String,
        /// The line.
        text: String,
        /// The line as kept.
        result: Result<api::ChatPost, Failure>,
    },
    /// [`Request::Resign`], [`Request::Claim`] or [`Request::Undo`]: the
    /// game after it.
    Turn {
        /// What was asked.
        what: TurnAsk,
        /// The game's id.
        id: String,
        /// The game.
        result: Result<Box<api::Game>, Failure>,
    },
    /// [`Request::Rematch`]: the new challenge (active at once against a
    /// computer).
    Rematch {
        /// The finished game's id.
        id: String,
        /// The new game.
        result: Result<Box<api::Game>, Failure>,
    },
    /// [`Request::Save`]: the save file (RON text).
    Save {
        /// The game's id.
        id: String,
        /// The text.
        result: Result<String, Failure>,
    },
    /// [`Request::Keep`]: what was fetched.
    Keep {
        /// The games asked for, with their files.
        asked: Vec<(String, PathBuf)>,
        /// What was found.
        result: Result<Saves, Failure>,
    },
    /// [`Request::Email`]: what the server did with the address.
    Email(Result<api::EmailAnswer, Failure>),
    /// [`Request::Standings`]: the table.
    Standings(Result<api::Standings, Failure>),
    /// [`Request::Player`]: the player's page.
    Player {
        /// The name asked for.
        name: String,
        /// The page.
        result: Result<Box<api::PlayerPage>, Failure>,
    },
    /// [`Request::Online`]: who is online.
    Online(Result<api::OnlinePlayers, Failure>),
    /// [`Request::Me`]: who I am, and whether the server sends mail.
    Me(Result<api::Me, Failure>),
}

/// My games and the challenges ([`Answered::Games`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Lists {
    /// My games and challenges (`GET /games`).
    pub games: Vec<api::GameSummary>,
    /// Challenges to me, mine, and open ones (`GET /challenges`).
    pub challenges: Vec<api::GameSummary>,
}

/// What [`Request::Keep`] found ([`Answered::Keep`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Saves {
    /// The games fetched: each id with its save file (RON text).
    pub fetched: Vec<(String, String)>,
    /// The games whose file was there already.
    pub known: Vec<String>,
    /// Why some games were not fetched (the server refused one, or
    /// stopped answering midway: those are asked for again later).
    pub trouble: Option<String>,
}

/// How a challenge was answered ([`Answered::Answer`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChallengeAnswer {
    /// Accepted: the game begins.
    Accept,
    /// Declined.
    Decline,
    /// My own, withdrawn.
    Cancel,
}

/// What was asked of a game under way ([`Answered::Turn`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnAsk {
    /// Resign.
    Resign,
    /// Claim a game whose opponent ran out of time.
    Claim,
    /// Propose an undo (`None`), or answer the opponent's.
    Undo(Option<bool>),
}

impl Answered {
    /// The outbox's request it answers: a move or a chat line (the
    /// others are never queued).
    #[must_use]
    pub fn queued(&self) -> Option<Request> {
        match self {
            Answered::Move {
                game,
                square,
                number,
                ..
            } => Some(Request::Move {
                game: game.clone(),
                square: square.clone(),
                number: *number,
            }),
            Answered::Chat { game, text, .. } => Some(Request::Chat {
                game: game.clone(),
                text: text.clone(),
            }),
            _ => None,
        }
    }

    /// Why it failed, if it did.
    #[must_use]
    pub fn failure(&self) -> Option<&Failure> {
        fn of<T>(r: &Result<T, Failure>) -> Option<&Failure> {
            r.as_ref().err()
        }
        match self {
            Answered::SignIn { result, .. } => of(result),
            Answered::SignOut(r) => of(r),
            Answered::Games(r) => of(r),
            Answered::Challenge { result, .. }
            | Answered::Answer { result, .. }
            | Answered::Turn { result, .. }
            | Answered::Rematch { result, .. } => of(result),
            Answered::Game { result, .. } => of(result),
            Answered::Move { result, .. } => of(result),
            Answered::Chat { result, .. } => of(result),
            Answered::Save { result, .. } => of(result),
            Answered::Keep { result, .. } => of(result),
            Answered::Email(r) => of(r),
            Answered::Standings(r) => of(r),
            Answered::Player { result, .. } => of(result),
            Answered::Online(r) => of(r),
            Answered::Me(r) => of(r),
        }
    }
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

/// Makes the HTTP calls of `request` (not a sign-in or sign-out: the
/// worker's own) and pairs the answer with it.
pub(super) fn call(c: &Client, request: Request) -> Answered {
    let game = |id: &str, tail: &str| -> Result<Box<api::Game>, Failure> {
        let g: api::Game = fail(c.post_empty(&game_path(id, tail)?))?;
        Ok(Box::new(g))
    };
    match request {
        Request::SignIn {
            server,
            name,
            signup,
            ..
        } => Answered::SignIn {
            server,
            name,
            signup,
            result: Err(Failure::Unreachable("a sign-in is the worker's".into())),
        },
        Request::SignOut => Answered::SignOut(Ok(())),
        Request::Games => Answered::Games((|| {
            let games: api::GameList = fail(c.get("/games"))?;
            let challenges: api::ChallengeList = fail(c.get("/challenges"))?;
            Ok(Lists {
                games: games.games,
                challenges: challenges.challenges,
            })
        })()),
        Request::Challenge {
            opponent,
            variant,
            side,
            days,
        } => {
            let body = api::NewChallenge {
                opponent: opponent.clone(),
                variant: Some(variant),
                side: Some(side),
                days,
            };
            let result = fail(c.post::<_, api::Game>("/challenges", &body)).map(Box::new);
            Answered::Challenge { opponent, result }
        }
        Request::Accept(id) => answer(ChallengeAnswer::Accept, game(&id, "/accept"), id),
        Request::Decline(id) => answer(ChallengeAnswer::Decline, game(&id, "/decline"), id),
        Request::Cancel(id) => answer(ChallengeAnswer::Cancel, game(&id, "/cancel"), id),
        Request::Game(id) => {
            let result = (|| {
                let g: api::Game = fail(c.get(&game_path(&id, "")?))?;
                let chat: api::Chat = fail(c.get(&game_path(&id, "/chat")?))?;
                Ok((Box::new(g), chat.chat))
            })();
            Answered::Game { id, result }
        }
        Request::Move {
            game,
            square,
            number,
        } => {
            let body = api::NewMove {
                square: square.clone(),
                number: u64::try_from(number).ok(),
            };
            let result = game_path(&game, "/moves")
                .and_then(|path| fail(c.post::<_, api::MoveAnswer>(&path, &body)))
                .map(Box::new);
            Answered::Move {
                game,
                square,
                number,
                result,
            }
        }
        Request::Chat { game, text } => {
            let body = api::Say { text: text.clone() };
            let result = game_path(&game, "/chat").and_then(|path| fail(c.post(&path, &body)));
            Answered::Chat { game, text, result }
        }
        Request::Resign(id) => turn(TurnAsk::Resign, game(&id, "/resign"), id),
        Request::Claim(id) => turn(TurnAsk::Claim, game(&id, "/claim"), id),
        Request::Undo { game: id, answer } => {
            let tail = match answer {
                None => "/undo",
                Some(true) => "/undo/accept",
                Some(false) => "/undo/decline",
            };
            turn(TurnAsk::Undo(answer), game(&id, tail), id)
        }
        Request::Rematch(id) => Answered::Rematch {
            result: game(&id, "/rematch"),
            id,
        },
        Request::Save(id) => Answered::Save {
            result: game_path(&id, "/save").and_then(|path| fail(c.get_text(&path))),
            id,
        },
        Request::Keep(asked) => Answered::Keep {
            result: keep(c, &asked),
            asked,
        },
        Request::Email(address) => {
            let body = api::NewEmail {
                email: address,
                notify: None,
            };
            Answered::Email(fail(c.post("/me/email", &body)))
        }
        Request::Standings(variant) => {
            let variant: String = variant
                .chars()
                .filter(|c| c.is_ascii_lowercase() || *c == '-')
                .collect();
            Answered::Standings(fail(c.get(&format!("/standings?variant={variant}"))))
        }
        Request::Player(name) => Answered::Player {
            result: player_path(&name)
                .and_then(|path| fail(c.get::<api::PlayerPage>(&path)))
                .map(Box::new),
            name,
        },
        Request::Online => Answered::Online(fail(c.get("/players/online"))),
        Request::Me => Answered::Me(fail(c.get("/me"))),
    }
}

fn answer(to: ChallengeAnswer, result: Result<Box<api::Game>, Failure>, id: String) -> Answered {
    Answered::Answer { to, id, result }
}

fn turn(what: TurnAsk, result: Result<Box<api::Game>, Failure>, id: String) -> Answered {
    Answered::Turn { what, id, result }
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
fn keep(c: &Client, games: &[(String, PathBuf)]) -> Result<Saves, Failure> {
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
    Ok(Saves {
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
    fn each_answer_comes_back_paired_with_its_own_request() {
        // refused before any call (a bad id): no server needed
        let c = Client::new("http://127.0.0.1:9".to_string(), None);
        let asked = Request::Move {
            game: "../x".into(),
            square: "E5".into(),
            number: 3,
        };
        let answered = call(&c, asked.clone());
        match &answered {
            Answered::Move {
                game,
                square,
                number,
                result: Err(Failure::Refused(r)),
            } => {
                assert_eq!((game.as_str(), square.as_str(), *number), ("../x", "E5", 3));
                assert_eq!(r.code, ErrorCode::BadId);
            }
            other => panic!("{other:?}"),
        }
        // the outbox knows which of its moves this answers
        assert_eq!(answered.queued(), Some(asked));
        assert!(matches!(answered.failure(), Some(Failure::Refused(_))));
        let chat = call(
            &c,
            Request::Chat {
                game: "a b".into(),
                text: "hi".into(),
            },
        );
        assert!(matches!(&chat, Answered::Chat { text, result: Err(_), .. } if text == "hi"));
        // a request that is never queued answers for no move of the outbox
        let page = call(&c, Request::Player("bob/evil".into()));
        assert!(matches!(&page, Answered::Player { name, result: Err(_) } if name == "bob/evil"));
        assert_eq!(page.queued(), None);
        let resigned = call(&c, Request::Resign(String::new()));
        assert!(matches!(
            resigned,
            Answered::Turn {
                what: TurnAsk::Resign,
                ..
            }
        ));
    }

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
