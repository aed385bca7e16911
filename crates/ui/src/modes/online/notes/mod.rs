//! The online mode's side of the connection: each note of the worker (an
//! answer, the outbox, an event of the live stream) changes the mode and
//! may bring a sentence for the status line. Each answer comes paired with
//! its request ([`Answered`]), and is taken by the part it belongs to:
//! `account.rs` (sign-in, sign-out, who I am, the e-mail address),
//! `lists.rs` (my games, challenges and their answers, the rematch, the
//! standings, a player's page, who is online), `play.rs` (a game, a move,
//! a chat line, resign, claim, undo, the save file), `library.rs` (the
//! finished games kept); `heard.rs` takes the live stream.

mod account;
mod heard;
mod library;
mod lists;
mod play;

use super::state::OnlineMode;
use crate::modes::Status;
use scribe_online::worker::{Answered, Failure, Note, Request};
use scribe_record::MarkStyle;

impl OnlineMode {
    pub(super) fn take(&mut self, note: Note, style: MarkStyle) -> Option<Status> {
        match note {
            Note::Answered(answered) => self.answered(answered, style),
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

    /// An answer, to the part it belongs to.
    fn answered(&mut self, answered: Answered, style: MarkStyle) -> Option<Status> {
        // a move kept from an earlier run is drawn until it is answered
        if let Some(request) = answered.queued() {
            self.restored.retain(|r| *r != request);
        }
        match answered {
            Answered::SignIn {
                server,
                signup,
                result,
                ..
            } => self.signed_in(server, signup, result),
            Answered::SignOut(result) => Some(self.signed_out_answer(result)),
            Answered::Me(result) => {
                self.me_answer(result);
                None
            }
            Answered::Email(result) => email_answer(result),
            Answered::Games(result) => self.listed_answer(result),
            Answered::Challenge { opponent, result } => self.challenge_answer(opponent, result),
            Answered::Answer { to, id, result } => self.challenge_answered(to, id, result),
            Answered::Rematch { result, .. } => self.rematch_answer(result),
            Answered::Standings(result) => self.standings_answer(result),
            Answered::Player { name, result } => self.player_answer(&name, result),
            Answered::Online(result) => {
                // (read again with the list; the lists' own failure says why)
                if let Ok(list) = result {
                    self.online = Some(list);
                }
                None
            }
            Answered::Game { id, result } => self.game_answer(&id, result, style),
            Answered::Move {
                game,
                square,
                result,
                ..
            } => self.move_answer(game, &square, result, style),
            Answered::Chat { game, result, .. } => self.chat_answer(&game, result),
            Answered::Turn { what, result, .. } => self.turn_answer(what, result, style),
            Answered::Save { id, result } => self.save_answer(id, result),
            Answered::Keep { asked, result } => self.keep_answer(&asked, result),
        }
    }
}

/// "`what`: why." for the status line, in red.
fn failed(what: &str, e: &Failure) -> Option<Status> {
    let e = e.to_string();
    let stop = if e.ends_with(['.', '?', '!']) {
        ""
    } else {
        "."
    };
    Some(Status::error(format!("{what}: {e}{stop}")))
}

/// The address answer's words, as the server says them.
fn email_answer(result: Result<scribe_api::EmailAnswer, Failure>) -> Option<Status> {
    match result {
        Ok(answer) => Some(Status::info(format!(
            "{}.",
            capital(answer.message.trim_end_matches('.'))
        ))),
        Err(e) => failed("The address was not saved", &e),
    }
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
