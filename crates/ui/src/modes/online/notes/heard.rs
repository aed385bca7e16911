//! What the live stream hears: the link coming and going, and the
//! server's events (a move, a chat line, an undo, a game's start and end,
//! a challenge).

use super::super::state::{Link, OnlineMode, end_words, turn_words};
use crate::modes::Status;
use scribe_api::{self as api, Event, UndoAction};
use scribe_online::stream::Heard;
use scribe_online::worker::Request;
use scribe_record::MarkStyle;

impl OnlineMode {
    pub(super) fn heard(&mut self, heard: Heard, style: MarkStyle) -> Option<Status> {
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
        self.page = super::super::Page::Games;
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
}
