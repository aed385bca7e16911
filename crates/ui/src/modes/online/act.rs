//! What the online panel asks for ([`OnlineAction`]): the form's fields,
//! the account, challenges, the game open, and the pages. Each asks the
//! connection worker and says so in the status line; the answer comes back
//! as a note (`notes/`).

use super::state::{self, OnlineMode};
use crate::modes::online::game::{Field, OnlineAction, variant_api};
use crate::modes::{Reply, Status};
use scribe_online::worker::Request;
use scribe_rules::Player;

impl OnlineMode {
    /// One of the panel's actions.
    pub(super) fn act_on(&mut self, action: OnlineAction) -> Reply {
        match action {
            OnlineAction::Field(field, text) => {
                let f = &mut self.form;
                let slot = match field {
                    Field::Server => &mut f.server,
                    Field::CaFile => &mut f.ca_file,
                    Field::Name => &mut f.name,
                    Field::Password => &mut f.password,
                    Field::Opponent => &mut f.opponent,
                    Field::Chat => &mut f.chat,
                    Field::Email => &mut f.email,
                };
                *slot = text;
                Reply::default()
            }
            OnlineAction::SignIn => self.sign_in(false),
            OnlineAction::SignUp => self.sign_in(true),
            OnlineAction::SignOut => {
                self.ask(Request::SignOut);
                Reply::status(Status::info("Signing out…".to_string()))
            }
            OnlineAction::Refresh => {
                self.ask(Request::Games);
                Reply::default()
            }
            OnlineAction::Variant(v) => {
                self.form.variant = v;
                Reply::default()
            }
            OnlineAction::Side(side) => {
                self.form.side = side;
                Reply::default()
            }
            OnlineAction::Days(days) => {
                self.form.days = days;
                Reply::default()
            }
            OnlineAction::Challenge => {
                let o = self.form.opponent.trim().to_string();
                self.challenge((!o.is_empty()).then_some(o));
                Reply::status(Status::info("Sending the challenge…".to_string()))
            }
            OnlineAction::ComputerLevel(level) => {
                self.form.computer = level;
                Reply::default()
            }
            OnlineAction::PlayComputer => {
                self.ask(Request::Challenge {
                    opponent: Some(scribe_ai::computer_name(self.form.computer)),
                    variant: variant_api(self.form.variant).to_string(),
                    side: match self.form.side {
                        Some(Player::X) => "x",
                        Some(Player::O) => "o",
                        None => "random",
                    }
                    .to_string(),
                    days: None,
                });
                Reply::status(Status::info("Asking the computer…".to_string()))
            }
            OnlineAction::Accept(id) => {
                self.ask(Request::Accept(id));
                Reply::status(Status::info("Accepting…".to_string()))
            }
            OnlineAction::Decline(id) => {
                self.ask(Request::Decline(id));
                Reply::default()
            }
            OnlineAction::Cancel(id) => {
                self.ask(Request::Cancel(id));
                Reply::default()
            }
            OnlineAction::Open(id) => {
                self.open(id);
                Reply::status(Status::info("Opening the game…".to_string()))
            }
            OnlineAction::List => {
                self.game = None;
                self.confirm_resign = false;
                self.ask(Request::Games);
                Reply::default()
            }
            OnlineAction::Resign => {
                self.confirm_resign = true;
                Reply::default()
            }
            OnlineAction::SaveEmail => {
                let address = self.form.email.trim().to_string();
                let removing = address.is_empty();
                self.ask(Request::Email((!removing).then_some(address)));
                Reply::status(Status::info(
                    if removing {
                        "Removing your address…"
                    } else {
                        "Saving your address…"
                    }
                    .to_string(),
                ))
            }
            OnlineAction::Rematch => match &self.game {
                Some(g) => {
                    let id = g.id.clone();
                    self.ask(Request::Rematch(id));
                    Reply::status(Status::info("Sending a rematch…".to_string()))
                }
                None => Reply::default(),
            },
            OnlineAction::Claim => match &self.game {
                Some(g) => {
                    let id = g.id.clone();
                    self.ask(Request::Claim(id));
                    Reply::status(Status::info("Claiming the game…".to_string()))
                }
                None => Reply::default(),
            },
            OnlineAction::ConfirmResign(yes) => {
                self.confirm_resign = false;
                match (&self.game, yes) {
                    (Some(g), true) => {
                        let id = g.id.clone();
                        self.ask(Request::Resign(id));
                        Reply::status(Status::info("Resigning…".to_string()))
                    }
                    _ => Reply::default(),
                }
            }
            OnlineAction::ProposeUndo | OnlineAction::AnswerUndo(_) => {
                let Some(g) = &self.game else {
                    return Reply::default();
                };
                let answer = match action {
                    OnlineAction::AnswerUndo(yes) => Some(yes),
                    _ => None,
                };
                let id = g.id.clone();
                self.ask(Request::Undo { game: id, answer });
                Reply::default()
            }
            OnlineAction::Send => {
                let text = self.form.chat.trim().to_string();
                let Some(g) = &self.game else {
                    return Reply::default();
                };
                if text.is_empty() {
                    return Reply::default();
                }
                let id = g.id.clone();
                self.form.chat.clear();
                self.ask(Request::Chat { game: id, text });
                Reply::default()
            }
            OnlineAction::Page(page) => {
                self.go_to(page);
                Reply::default()
            }
            OnlineAction::ShowPlayer(name) => {
                if self.page != state::Page::Player {
                    self.player_back = self.page;
                    self.player_from_game = self.game.as_ref().map(|g| g.id.clone());
                }
                self.page = state::Page::Player;
                // from a game's panel: back to the list, then the page
                self.game = None;
                self.confirm_resign = false;
                self.player_name.clone_from(&name);
                self.ask(Request::Player(name));
                Reply::default()
            }
            OnlineAction::PlayerBack => {
                if let Some(id) = self.player_from_game.take() {
                    self.page = self.player_back;
                    self.open(id);
                    return Reply::status(Status::info("Back to the game…".to_string()));
                }
                self.go_to(self.player_back);
                Reply::default()
            }
            OnlineAction::ChallengePlayer(name) => {
                self.challenge(Some(name.clone()));
                Reply::status(Status::info(format!("Sending a challenge to {name}…")))
            }
            OnlineAction::StandingsVariant(v) => {
                self.standings_variant = v;
                self.ask(Request::Standings(variant_api(v).to_string()));
                Reply::default()
            }
            OnlineAction::ReviewGame(id) => {
                self.busy = Some("Fetching the game…");
                self.ask(Request::Save(id));
                Reply::status(Status::info("Fetching the game for review…".to_string()))
            }
            OnlineAction::Review => {
                let Some(g) = &self.game else {
                    return Reply::default();
                };
                let id = g.id.clone();
                self.busy = Some("Fetching the game…");
                self.ask(Request::Save(id));
                Reply::status(Status::info("Fetching the game for review…".to_string()))
            }
        }
    }
}
