//! The lists' answers: my games and the challenges, a challenge sent or
//! answered, the rematch, the standings and a player's page.

use super::super::game::OnlineGame;
use super::super::state::OnlineMode;
use super::failed;
use crate::modes::Status;
use scribe_api::{self as api, ErrorCode};
use scribe_online::worker::{ChallengeAnswer, Failure, Lists, Request};

impl OnlineMode {
    /// My games and the challenges, read.
    pub(super) fn listed_answer(&mut self, result: Result<Lists, Failure>) -> Option<Status> {
        match result {
            Ok(Lists { games, challenges }) => {
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
            Err(Failure::Refused(r)) if r.code == ErrorCode::NotSignedIn => {
                self.signed_out();
                Some(Status::error(
                    "The server no longer knows your sign-in: sign in again.".to_string(),
                ))
            }
            Err(e) => failed("Cannot read your games", &e),
        }
    }

    /// My challenge to `opponent` (`None`: anyone) was made.
    pub(super) fn challenge_answer(
        &mut self,
        opponent: Option<String>,
        result: Result<Box<api::Game>, Failure>,
    ) -> Option<Status> {
        let g = match result {
            Ok(g) => g,
            Err(e) => return failed("Challenge not sent", &e),
        };
        self.ask(Request::Games);
        if g.status == api::Status::Active {
            // A computer player accepted at once: to the game.
            self.open(g.id.clone());
            return Some(Status::info(format!(
                "{} accepted: the game begins.",
                opponent.as_deref().unwrap_or("The computer")
            )));
        }
        self.form.opponent.clear();
        Some(Status::info(match opponent {
            Some(o) => format!("Challenge sent to {o}."),
            None => "Open challenge posted: anyone may accept it.".to_string(),
        }))
    }

    /// A challenge accepted, declined or withdrawn.
    pub(super) fn challenge_answered(
        &mut self,
        to: ChallengeAnswer,
        id: String,
        result: Result<Box<api::Game>, Failure>,
    ) -> Option<Status> {
        self.ask(Request::Games);
        match (to, result) {
            (_, Err(e)) => failed("Refused", &e),
            (ChallengeAnswer::Accept, Ok(_)) => {
                self.open(id);
                Some(Status::info(
                    "Challenge accepted: the game begins.".to_string(),
                ))
            }
            (ChallengeAnswer::Decline | ChallengeAnswer::Cancel, Ok(_)) => {
                Some(Status::info("Done.".to_string()))
            }
        }
    }

    /// The rematch of the game open: a challenge with the sides swapped.
    pub(super) fn rematch_answer(
        &mut self,
        result: Result<Box<api::Game>, Failure>,
    ) -> Option<Status> {
        let g = match result {
            Ok(g) => g,
            Err(e) => return failed("Rematch not sent", &e),
        };
        self.ask(Request::Games);
        // the sides of the game just finished, swapped (a challenge names
        // no sides)
        let side = match self.game.as_ref().and_then(OnlineGame::my_side) {
            Some(scribe_rules::Player::X) => "second (O)",
            _ => "first (+)",
        };
        let opponent = g.challenged.clone().unwrap_or_default();
        if g.status == api::Status::Active {
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

    /// The standings, read.
    pub(super) fn standings_answer(
        &mut self,
        result: Result<api::Standings, Failure>,
    ) -> Option<Status> {
        match result {
            Ok(table) => {
                self.standings = Some(table);
                None
            }
            Err(e) => failed("Cannot read the standings", &e),
        }
    }

    /// `name`'s page, read (kept if it is still the page asked for).
    pub(super) fn player_answer(
        &mut self,
        name: &str,
        result: Result<Box<api::PlayerPage>, Failure>,
    ) -> Option<Status> {
        match result {
            Ok(page) => {
                if name.eq_ignore_ascii_case(&self.player_name) {
                    self.player = Some(*page);
                }
                None
            }
            Err(e) => failed(&format!("Cannot read {name}'s page"), &e),
        }
    }
}
