//! A game's answers: the game read, my move, my chat line, resign, claim
//! and undo, the save file to review.

use super::super::game::OnlineGame;
use super::super::state::{OnlineMode, end_words, turn_words};
use super::failed;
use crate::modes::Status;
use scribe_api as api;
use scribe_online::worker::{Failure, TurnAsk};
use scribe_record::{GameRecord, MarkStyle};

impl OnlineMode {
    /// The game `id` and its chat, read: the game open brought up to date,
    /// or the game being opened shown.
    pub(super) fn game_answer(
        &mut self,
        id: &str,
        result: Result<(Box<api::Game>, Vec<api::ChatLine>), Failure>,
        style: MarkStyle,
    ) -> Option<Status> {
        let (game, chat) = match result {
            Ok(answer) => answer,
            Err(e) => {
                self.opening = None;
                return failed("Cannot read the game", &e);
            }
        };
        let me = self.me.clone().unwrap_or_default();
        match &mut self.game {
            Some(g) if g.id == id => {
                if g.events == self.game_asked {
                    g.update(&game);
                }
                g.set_chat(&chat);
                None
            }
            _ if self.opening.as_deref() == Some(id) => {
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

    /// My move `square` in `game`, delivered (or refused: the board shows
    /// the server's position).
    pub(super) fn move_answer(
        &mut self,
        game: String,
        square: &str,
        result: Result<Box<api::MoveAnswer>, Failure>,
        style: MarkStyle,
    ) -> Option<Status> {
        match result {
            Ok(moved) => {
                let Some(g) = self.game.as_mut().filter(|g| g.id == game) else {
                    self.ask(scribe_online::worker::Request::Games);
                    return Some(Status::info(format!(
                        "You played {square} (a move kept while the server was away)."
                    )));
                };
                let placed = g.apply_move(&moved.change);
                let status = Some(Status::info(format!(
                    "You played {square}. {}",
                    turn_words(g, style)
                )));
                if !placed {
                    self.ask_game(game);
                }
                status
            }
            Err(Failure::Refused(r)) => {
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
            Err(e) => failed("Move not sent", &e),
        }
    }

    /// My chat line in `game`, kept by the server.
    pub(super) fn chat_answer(
        &mut self,
        game: &str,
        result: Result<api::ChatPost, Failure>,
    ) -> Option<Status> {
        match result {
            Ok(said) => {
                if let Some(g) = self.game.as_mut().filter(|g| g.id == game) {
                    g.heard_chat(&said.line());
                }
                None
            }
            Err(e) => failed("The chat line was refused", &e),
        }
    }

    /// Resigned, claimed, or an undo asked or answered: the game after it.
    pub(super) fn turn_answer(
        &mut self,
        what: TurnAsk,
        result: Result<Box<api::Game>, Failure>,
        style: MarkStyle,
    ) -> Option<Status> {
        let v = match result {
            Ok(v) => v,
            Err(e) => {
                let what = match what {
                    TurnAsk::Resign => "Not resigned",
                    TurnAsk::Claim => "Not claimed",
                    TurnAsk::Undo(_) => "Undo",
                };
                return failed(what, &e);
            }
        };
        if let Some(g) = &mut self.game {
            g.update_forward(&v);
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

    /// The save file of game `id`, to review on the board.
    pub(super) fn save_answer(
        &mut self,
        id: String,
        result: Result<String, Failure>,
    ) -> Option<Status> {
        self.busy = None;
        let text = match result {
            Ok(text) => text,
            Err(e) => return failed("Cannot fetch the game", &e),
        };
        match GameRecord::from_ron(&text) {
            Ok(record) => {
                self.review = Some((id, record));
                None
            }
            Err(e) => Some(Status::error(format!(
                "The server's save file cannot be read: {e}"
            ))),
        }
    }
}
