//! The online mode's side of the connection: each note of the worker (an
//! answer, the outbox, an event of the live stream) changes the mode and
//! may bring a sentence for the status line.

use super::state::{Link, OnlineMode, end_words, turn_words};
use crate::online::stream::Heard;
use crate::online::worker::{Failure, Note, Request};
use crate::record::GameRecord;
use crate::record::MarkStyle;
use crate::ui::modes::Status;
use crate::ui::modes::online::game::OnlineGame;
use serde_json::Value;

impl OnlineMode {
    pub(super) fn take(&mut self, note: Note, style: MarkStyle) -> Option<Status> {
        match note {
            Note::Answer { request, result } => self.answered(request, result, style),
            Note::Outbox { waiting, trouble } => {
                let was = self.link.trouble.is_some();
                self.link.waiting = waiting;
                self.link.trouble = trouble;
                match self.link_status() {
                    Some(s) => Some(s),
                    None if was => Some(Status::info("The server is back.".to_string())),
                    None => None,
                }
            }
            Note::Dropped { count, .. } => Some(Status::error(format!(
                "{count} queued move(s) after it were not sent."
            ))),
            Note::Heard(h) => self.heard(h, style),
            Note::Problem(m) => Some(Status::error(format!("{}.", capital(&m)))),
            Note::Restored(requests) => {
                let moves = requests
                    .iter()
                    .filter(|r| matches!(r, Request::Move { .. }))
                    .count();
                self.restored = requests;
                self.show_restored();
                Some(Status::info(format!(
                    "{moves} move(s) made while the server was away in your last session: sending them now."
                )))
            }
        }
    }

    /// Draws the moves kept from an earlier run on the open game.
    pub(super) fn show_restored(&mut self) {
        let Some(g) = &mut self.game else { return };
        for r in &self.restored {
            if let Request::Move {
                game,
                square,
                number,
            } = r
                && *game == g.id
                && *number > g.history.len()
                && !g.pending.iter().any(|(n, _)| n == number)
                && let Ok(sq) = square.parse()
            {
                g.pending.push((*number, sq));
            }
        }
        g.pending.sort_by_key(|(n, _)| *n);
    }

    fn heard(&mut self, heard: Heard, style: MarkStyle) -> Option<Status> {
        match heard {
            Heard::Connected => {
                let was = !self.link.live && self.link.trouble.is_some();
                self.link.live = true;
                // events may have been missed: read again
                self.ask(Request::Games);
                if let Some(g) = &self.game {
                    let id = g.id.clone();
                    self.ask_game(id);
                }
                if was && self.link.waiting == 0 {
                    self.link.trouble = None;
                    return Some(Status::info("The server is back.".to_string()));
                }
                None
            }
            Heard::Lost(m) => {
                self.link.live = false;
                if self.link.trouble.is_none() {
                    self.link.trouble = Some(m);
                }
                self.link_status()
            }
            Heard::SignedOut(m) => {
                self.signed_out();
                Some(Status::error(format!("Signed out: {m}. Sign in again.")))
            }
            Heard::Event(e) => self.event(&e.kind, &e.data, style),
        }
    }

    pub(super) fn signed_out(&mut self) {
        self.me = None;
        self.game = None;
        self.games.clear();
        self.challenges.clear();
        self.listed = false;
        self.link = Link::default();
    }

    fn event(&mut self, kind: &str, data: &Value, style: MarkStyle) -> Option<Status> {
        let id = data["game"].as_str().unwrap_or("");
        let open = self.game.as_ref().is_some_and(|g| g.id == id);
        if !open || matches!(kind, "start" | "end") {
            self.ask(Request::Games);
        }
        let me = self.me.clone().unwrap_or_default();
        let by = data["by"].as_str().unwrap_or("?").to_string();
        match kind {
            "move" if open => {
                let g = self.game.as_mut()?;
                g.heard_move(data);
                (by != me).then(|| {
                    let sq = data["square"].as_str().unwrap_or("?");
                    Status::info(format!("{by} played {sq}. {}", turn_words(g, style)))
                })
            }
            "chat" if open => {
                self.game.as_mut()?.heard_chat(data);
                None
            }
            "undo" if open => {
                let g = self.game.as_mut()?;
                g.heard_undo(data);
                (by != me).then(|| {
                    Status::info(match data["action"].as_str() {
                        Some("proposed") => {
                            format!("{by} proposes to take back the last move.")
                        }
                        Some("accepted") => format!("{by} accepted: the last move is taken back."),
                        _ => format!("{by} declined the undo."),
                    })
                })
            }
            "end" if open => {
                let g = self.game.as_mut()?;
                g.heard_end(data);
                let id = g.id.clone();
                self.ask_game(id);
                Some(Status::info(end_words(self.game.as_ref()?, style)))
            }
            "challenge" => Some(Status::info(format!(
                "{} challenges you.",
                data["challenger"].as_str().unwrap_or("Someone")
            ))),
            "start" if data["x"].as_str() != Some(&me) || data["o"].as_str() != Some(&me) => {
                let other = if data["x"].as_str() == Some(&me) {
                    data["o"].as_str()
                } else {
                    data["x"].as_str()
                };
                Some(Status::info(format!(
                    "A game with {} begins.",
                    other.unwrap_or("?")
                )))
            }
            "lagged" => {
                if let Some(g) = &self.game {
                    let id = g.id.clone();
                    self.ask_game(id);
                }
                None
            }
            _ => None,
        }
    }

    fn answered(
        &mut self,
        request: Request,
        result: Result<Value, Failure>,
        style: MarkStyle,
    ) -> Option<Status> {
        self.restored.retain(|r| *r != request);
        let failed = |what: &str, e: &Failure| {
            let e = e.to_string();
            let stop = if e.ends_with(['.', '?', '!']) {
                ""
            } else {
                "."
            };
            Some(Status::error(format!("{what}: {e}{stop}")))
        };
        match (request, result) {
            (Request::SignIn { server, signup, .. }, Ok(v)) => {
                self.busy = None;
                let name = v["name"].as_str().unwrap_or("?").to_string();
                self.me = Some(name.clone());
                self.server = server.clone();
                self.ask(Request::Games);
                Some(Status::info(if signup {
                    format!(
                        "Welcome, {name}: your account on {server} is made and you are signed in."
                    )
                } else {
                    format!("Signed in to {server} as {name}.")
                }))
            }
            (Request::SignIn { signup, .. }, Err(e)) => {
                self.busy = None;
                failed(
                    if signup {
                        "Sign up failed"
                    } else {
                        "Sign in failed"
                    },
                    &e,
                )
            }
            (Request::SignOut, result) => {
                self.signed_out();
                Some(match result {
                    Ok(_) => Status::info("Signed out.".to_string()),
                    Err(e) => Status::info(format!(
                        "Signed out here (the server could not be told: {e})."
                    )),
                })
            }
            (Request::Games, Ok(v)) => {
                self.games = list(&v["games"])
                    .into_iter()
                    .filter(|g| matches!(g["status"].as_str(), Some("active" | "finished")))
                    .collect();
                self.challenges = list(&v["challenges"]);
                self.listed = true;
                None
            }
            (Request::Games, Err(Failure::Refused(r))) if r.code == "not_signed_in" => {
                self.signed_out();
                Some(Status::error(
                    "The server no longer knows your sign-in: sign in again.".to_string(),
                ))
            }
            (Request::Games, Err(e)) => failed("Cannot read your games", &e),
            (Request::Challenge { opponent, .. }, Ok(_)) => {
                self.ask(Request::Games);
                self.form.opponent.clear();
                Some(Status::info(match opponent {
                    Some(o) => format!("Challenge sent to {o}."),
                    None => "Open challenge posted: anyone may accept it.".to_string(),
                }))
            }
            (Request::Challenge { .. }, Err(e)) => failed("Challenge not sent", &e),
            (Request::Accept(id), Ok(_)) => {
                self.ask(Request::Games);
                self.open(id);
                Some(Status::info(
                    "Challenge accepted: the game begins.".to_string(),
                ))
            }
            (Request::Decline(_) | Request::Cancel(_), Ok(_)) => {
                self.ask(Request::Games);
                Some(Status::info("Done.".to_string()))
            }
            (Request::Accept(_) | Request::Decline(_) | Request::Cancel(_), Err(e)) => {
                self.ask(Request::Games);
                failed("Refused", &e)
            }
            (Request::Game(id), Ok(v)) => {
                let me = self.me.clone().unwrap_or_default();
                match &mut self.game {
                    Some(g) if g.id == id => {
                        if g.events == self.game_asked {
                            g.update(&v["game"]);
                        }
                        g.set_chat(&v["chat"]);
                        None
                    }
                    _ if self.opening.as_deref() == Some(id.as_str()) => {
                        self.opening = None;
                        match OnlineGame::from_json(&v["game"], &me) {
                            Ok(mut g) => {
                                g.set_chat(&v["chat"]);
                                let words = if g.is_over() {
                                    end_words(&g, style)
                                } else {
                                    turn_words(&g, style)
                                };
                                let s = format!("Game with {}: {words}", g.opponent());
                                self.game = Some(g);
                                self.show_restored();
                                Some(Status::info(s))
                            }
                            Err(e) => Some(Status::error(e)),
                        }
                    }
                    _ => None,
                }
            }
            (Request::Game(_), Err(e)) => {
                self.opening = None;
                failed("Cannot read the game", &e)
            }
            (Request::Move { game, square, .. }, Ok(v)) => {
                let Some(g) = self.game.as_mut().filter(|g| g.id == game) else {
                    self.ask(Request::Games);
                    return Some(Status::info(format!(
                        "You played {square} (a move kept while the server was away)."
                    )));
                };
                g.update_forward(&v);
                Some(Status::info(format!(
                    "You played {square}. {}",
                    turn_words(g, style)
                )))
            }
            (Request::Move { game, square, .. }, Err(Failure::Refused(r))) => {
                let text = format!("{square} was refused by the server: {}", r.message);
                if let Some(g) = self.game.as_mut().filter(|g| g.id == game) {
                    match &r.game {
                        Some(v) => g.resync(v),
                        None => {
                            g.pending.clear();
                            self.ask_game(game);
                        }
                    }
                }
                Some(Status::error(format!(
                    "{text}. The board shows the server's position."
                )))
            }
            (Request::Chat { game, .. }, Ok(v)) => {
                if let Some(g) = self.game.as_mut().filter(|g| g.id == game) {
                    g.heard_chat(&v);
                }
                None
            }
            (Request::Chat { .. }, Err(e)) => failed("The chat line was refused", &e),
            (Request::Resign(_) | Request::Claim(_) | Request::Undo { .. }, Ok(v)) => {
                if let Some(g) = &mut self.game {
                    g.update_forward(&v);
                }
                let g = self.game.as_ref()?;
                Some(Status::info(if g.is_over() {
                    end_words(g, style)
                } else if g.undo_offer.as_deref() == self.me.as_deref() {
                    format!(
                        "You propose to take back the last move; {} decides.",
                        g.opponent()
                    )
                } else {
                    turn_words(g, style)
                }))
            }
            (Request::Resign(_), Err(e)) => failed("Not resigned", &e),
            (Request::Claim(_), Err(e)) => failed("Not claimed", &e),
            (Request::Undo { .. }, Err(e)) => failed("Undo", &e),
            (Request::Save(_), Ok(Value::String(text))) => {
                self.busy = None;
                match GameRecord::from_ron(&text) {
                    Ok(record) => {
                        self.review = Some(record);
                        None
                    }
                    Err(e) => Some(Status::error(format!(
                        "The server's save file cannot be read: {e}"
                    ))),
                }
            }
            (Request::Save(_), Ok(_)) => None,
            (Request::Save(_), Err(e)) => {
                self.busy = None;
                failed("Cannot fetch the game", &e)
            }
            (Request::Move { .. }, Err(e)) => failed("Move not sent", &e),
        }
    }
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

fn list(v: &Value) -> Vec<Value> {
    v.as_array().cloned().unwrap_or_default()
}
