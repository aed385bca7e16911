//! The online mode's side of the connection: each note of the worker (an
//! answer, the outbox, an event of the live stream) changes the mode and
//! may bring a sentence for the status line.

use super::state::{Link, OnlineMode, end_words, turn_words};
use crate::modes::Status;
use crate::modes::online::game::OnlineGame;
use scribe_api::{self as api, ErrorCode, Event, UndoAction};
use scribe_online::stream::Heard;
use scribe_online::worker::{Answer, Failure, Note, Request};
use scribe_record::GameRecord;
use scribe_record::MarkStyle;

impl OnlineMode {
    pub(super) fn take(&mut self, note: Note, style: MarkStyle) -> Option<Status> {
        match note {
            Note::Answer { request, result } => self.answered(request, result, style),
            Note::Outbox {
                moves,
                lines,
                trouble,
            } => {
                let was = self.link.trouble.is_some();
                self.link.waiting = moves;
                self.link.lines = lines;
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
                if was && self.link.waiting == 0 && self.link.lines == 0 {
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
            Heard::Event(e) => self.event(e.api(), style),
        }
    }

    pub(super) fn signed_out(&mut self) {
        self.me = None;
        self.mail = None;
        self.game = None;
        self.games.clear();
        self.challenges.clear();
        self.listed = false;
        self.link = Link::default();
        self.keeping.clear();
        self.online = None;
        self.online_asked = None;
        self.player = None;
        self.page = super::Page::Games;
    }

    fn event(&mut self, event: Option<Event>, style: MarkStyle) -> Option<Status> {
        let id = event.as_ref().and_then(Event::game).unwrap_or("");
        let open = self.game.as_ref().is_some_and(|g| g.id == id);
        if !open || matches!(event, Some(Event::Start(_) | Event::End(_))) {
            self.ask(Request::Games);
        }
        let me = self.me.clone().unwrap_or_default();
        // ("your move" on the desktop: see `presence`, on the stream's thread)
        match event? {
            Event::Move(m) if open => {
                let g = self.game.as_mut()?;
                let placed = g.heard_move(&m);
                let status = (m.by != me).then(|| {
                    Status::info(format!(
                        "{} played {}. {}",
                        m.by,
                        m.square,
                        turn_words(g, style)
                    ))
                });
                if !placed {
                    // an event missed: the game as the server has it
                    self.ask_game(m.game);
                }
                status
            }
            Event::Chat(c) if open => {
                self.game.as_mut()?.heard_chat(&c.line());
                None
            }
            Event::Undo(u) if open => {
                let g = self.game.as_mut()?;
                // the move asked back, named before an acceptance removes it
                let asked = g.last_move_words();
                g.heard_undo(&u);
                let by = &u.by;
                (*by != me).then(|| {
                    Status::info(match u.action {
                        UndoAction::Proposed => {
                            format!("{by} asks to take back their {asked}.")
                        }
                        UndoAction::Accepted => {
                            format!("{by} accepted: your {asked} is taken back.")
                        }
                        UndoAction::Declined => {
                            format!("{by} declined: your {asked} stays.")
                        }
                    })
                })
            }
            Event::End(e) if open => {
                let g = self.game.as_mut()?;
                g.heard_end(&e);
                let id = g.id.clone();
                self.ask_game(id);
                Some(Status::info(end_words(self.game.as_ref()?, style)))
            }
            // An open challenge reaches every lobby: made, taken or withdrawn.
            Event::Challenge(c) if c.status != api::Status::Challenge => None,
            Event::Challenge(c) if c.challenged.is_none() => (c.challenger != me)
                .then(|| Status::info(format!("{} posts an open challenge.", c.challenger))),
            Event::Challenge(c) => Some(Status::info(format!("{} challenges you.", c.challenger))),
            Event::Start(s) if s.x != me || s.o != me => {
                let other = if s.x == me { s.o } else { s.x };
                Some(Status::info(format!("A game with {other} begins.")))
            }
            Event::Lagged(_) => {
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
        result: Result<Answer, Failure>,
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
                let name = match v {
                    Answer::SignedIn(t) => t.name,
                    _ => "?".to_string(),
                };
                self.me = Some(name.clone());
                self.server = server.clone();
                self.keeping.clear();
                self.ask(Request::Games);
                self.ask(Request::Me);
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
            (Request::Games, Ok(Answer::Lists { games, challenges })) => {
                self.games = games
                    .into_iter()
                    .filter(|g| matches!(g.status, api::Status::Active | api::Status::Finished))
                    .collect();
                self.challenges = challenges;
                self.listed = true;
                self.keep_finished();
                // who is online, read again with the list (the list is read
                // after the stream's events)
                self.ask_online();
                None
            }
            (Request::Games, Ok(_)) => None,
            (Request::Games, Err(Failure::Refused(r))) if r.code == ErrorCode::NotSignedIn => {
                self.signed_out();
                Some(Status::error(
                    "The server no longer knows your sign-in: sign in again.".to_string(),
                ))
            }
            (Request::Games, Err(e)) => failed("Cannot read your games", &e),
            (Request::Challenge { opponent, .. }, Ok(Answer::Game(g)))
                if g.status == scribe_api::Status::Active =>
            {
                // A computer player accepted at once: to the game.
                self.ask(Request::Games);
                self.open(g.id.clone());
                Some(Status::info(format!(
                    "{} accepted: the game begins.",
                    opponent.as_deref().unwrap_or("The computer")
                )))
            }
            (Request::Challenge { opponent, .. }, Ok(_)) => {
                self.ask(Request::Games);
                self.form.opponent.clear();
                Some(Status::info(match opponent {
                    Some(o) => format!("Challenge sent to {o}."),
                    None => "Open challenge posted: anyone may accept it.".to_string(),
                }))
            }
            (Request::Challenge { .. }, Err(e)) => failed("Challenge not sent", &e),
            (Request::Rematch(_), Ok(Answer::Game(g))) => {
                self.ask(Request::Games);
                // the sides of the game just finished, swapped (a
                // challenge names no sides)
                let side = match self.game.as_ref().and_then(OnlineGame::my_side) {
                    Some(scribe_rules::Player::X) => "second (O)",
                    _ => "first (+)",
                };
                let opponent = g.challenged.clone().unwrap_or_default();
                if g.status == scribe_api::Status::Active {
                    // a computer accepts at once: to the game
                    self.open(g.id.clone());
                    Some(Status::info(format!(
                        "{opponent} accepted the rematch: you play {side}."
                    )))
                } else {
                    self.game = None;
                    Some(Status::info(format!(
                        "Rematch sent to {opponent}: you play {side} if it is accepted."
                    )))
                }
            }
            (Request::Rematch(_), Ok(_)) => None,
            (Request::Email(_), Ok(Answer::Email(answer))) => Some(Status::info(format!(
                "{}.",
                capital(answer.message.trim_end_matches('.'))
            ))),
            (Request::Email(_), Ok(_)) => None,
            (Request::Email(_), Err(e)) => failed("The address was not saved", &e),
            (Request::Rematch(_), Err(e)) => failed("Rematch not sent", &e),
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
            (Request::Game(id), Ok(Answer::GameAndChat { game, chat })) => {
                let me = self.me.clone().unwrap_or_default();
                match &mut self.game {
                    Some(g) if g.id == id => {
                        if g.events == self.game_asked {
                            g.update(&game);
                        }
                        g.set_chat(&chat);
                        None
                    }
                    _ if self.opening.as_deref() == Some(id.as_str()) => {
                        self.opening = None;
                        let mut g = OnlineGame::from_api(&game, &me);
                        g.set_chat(&chat);
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
                    _ => None,
                }
            }
            (Request::Game(_), Ok(_)) => None,
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
                let placed = match &v {
                    Answer::Moved(m) => g.apply_move(&m.change),
                    _ => true,
                };
                let status = Some(Status::info(format!(
                    "You played {square}. {}",
                    turn_words(g, style)
                )));
                if !placed {
                    self.ask_game(game);
                }
                status
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
                if let (Some(g), Answer::Said(said)) =
                    (self.game.as_mut().filter(|g| g.id == game), &v)
                {
                    g.heard_chat(&said.line());
                }
                None
            }
            (Request::Chat { .. }, Err(e)) => failed("The chat line was refused", &e),
            (Request::Resign(_) | Request::Claim(_) | Request::Undo { .. }, Ok(v)) => {
                if let (Some(g), Answer::Game(v)) = (&mut self.game, &v) {
                    g.update_forward(v);
                }
                let g = self.game.as_ref()?;
                Some(Status::info(if g.is_over() {
                    end_words(g, style)
                } else if g.undo_offer.as_deref() == self.me.as_deref() {
                    format!(
                        "You asked to take back your {}; {} decides.",
                        g.last_move_words(),
                        g.opponent()
                    )
                } else {
                    turn_words(g, style)
                }))
            }
            (Request::Resign(_), Err(e)) => failed("Not resigned", &e),
            (Request::Claim(_), Err(e)) => failed("Not claimed", &e),
            (Request::Undo { .. }, Err(e)) => failed("Undo", &e),
            (Request::Save(id), Ok(Answer::Save(text))) => {
                self.busy = None;
                match GameRecord::from_ron(&text) {
                    Ok(record) => {
                        self.review = Some((id.clone(), record));
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
            (Request::Standings(_), Ok(Answer::Standings(table))) => {
                self.standings = Some(table);
                None
            }
            (Request::Standings(_), Ok(_)) => None,
            (Request::Standings(_), Err(e)) => failed("Cannot read the standings", &e),
            (Request::Player(name), Ok(Answer::Player(page))) => {
                if name.eq_ignore_ascii_case(&self.player_name) {
                    self.player = Some(*page);
                }
                None
            }
            (Request::Player(_), Ok(_)) => None,
            (Request::Player(name), Err(e)) => failed(&format!("Cannot read {name}'s page"), &e),
            (Request::Online, Ok(Answer::Online(list))) => {
                self.online = Some(list);
                None
            }
            // (read again with the list; the lists' own failure says why)
            (Request::Online, _) => None,
            (Request::Me, Ok(Answer::Me(me))) => {
                self.mail = Some(me.mail);
                if let Some(e) = me.email
                    && self.form.email.is_empty()
                {
                    self.form.email = e.address;
                }
                None
            }
            // (an older server: the settings stay, and Save says what it can)
            (Request::Me, _) => None,
            (
                Request::Keep(asked),
                Ok(Answer::Saves {
                    fetched,
                    known,
                    trouble,
                }),
            ) => self.kept(&asked, fetched, &known, trouble),
            (Request::Keep(asked), result) => {
                // asked for again at the next reading of the list
                for (id, _) in &asked {
                    self.keeping.remove(id);
                }
                match result {
                    Err(Failure::Refused(r)) => Some(Status::error(format!(
                        "Your finished games cannot be kept in the library: {}.",
                        r.message.trim_end_matches('.')
                    ))),
                    _ => None,
                }
            }
        }
    }

    /// The finished games fetched for the library: each checked to load,
    /// then handed to the app to write ([`OnlineMode::to_keep`]); those
    /// neither fetched nor known are asked for again later.
    fn kept(
        &mut self,
        asked: &[(String, std::path::PathBuf)],
        fetched: Vec<(String, String)>,
        known: &[String],
        trouble: Option<String>,
    ) -> Option<Status> {
        let mut bad = None;
        let mut added = 0;
        for (id, text) in &fetched {
            match GameRecord::from_ron(text) {
                Ok(record) => {
                    let file = scribe_library::online_file_name(&self.server, id);
                    self.to_keep.push((file, record.to_ron()));
                    added += 1;
                }
                Err(e) => {
                    bad.get_or_insert(format!("the save file of game {id} cannot be read: {e}"));
                }
            }
        }
        for (id, _) in asked {
            let done = known.contains(id) || fetched.iter().any(|(f, _)| f == id);
            if !done {
                self.keeping.remove(id);
            }
        }
        let kept = match added {
            0 => None,
            1 => Some("1 finished online game kept in the library.".to_string()),
            n => Some(format!("{n} finished online games kept in the library.")),
        };
        match (kept, bad.or(trouble)) {
            (None, None) => None,
            (Some(k), None) => Some(Status::info(k)),
            (k, Some(t)) => Some(Status::error(format!(
                "{}Some finished games are not kept yet: {}.",
                k.map(|k| k + " ").unwrap_or_default(),
                t.trim_end_matches('.')
            ))),
        }
    }
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
