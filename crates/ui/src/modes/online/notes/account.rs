//! The account's answers: signed in, signed out, who I am to the server.

use super::super::state::OnlineMode;
use super::failed;
use crate::modes::Status;
use scribe_api as api;
use scribe_online::worker::{Failure, Request};

impl OnlineMode {
    /// Signed in (or the account made first: `signup`) on `server`.
    pub(super) fn signed_in(
        &mut self,
        server: String,
        signup: bool,
        result: Result<api::Token, Failure>,
    ) -> Option<Status> {
        self.busy = None;
        let name = match result {
            Ok(token) => token.name,
            Err(e) => {
                let what = if signup {
                    "Sign up failed"
                } else {
                    "Sign in failed"
                };
                return failed(what, &e);
            }
        };
        self.me = Some(name.clone());
        self.server = server.clone();
        self.keeping.clear();
        self.ask(Request::Games);
        self.ask(Request::Me);
        Some(Status::info(if signup {
            format!("Welcome, {name}: your account on {server} is made and you are signed in.")
        } else {
            format!("Signed in to {server} as {name}.")
        }))
    }

    /// Signed out here, whether or not the server could be told.
    pub(super) fn signed_out_answer(&mut self, result: Result<(), Failure>) -> Status {
        self.signed_out();
        match result {
            Ok(()) => Status::info("Signed out.".to_string()),
            Err(e) => Status::info(format!(
                "Signed out here (the server could not be told: {e})."
            )),
        }
    }

    /// Who I am: whether the server sends mail, and my address. (An older
    /// server has no answer: the settings stay, and Save says what it can.)
    pub(super) fn me_answer(&mut self, result: Result<api::Me, Failure>) {
        let Ok(me) = result else { return };
        self.mail = Some(me.mail);
        if let Some(e) = me.email
            && self.form.email.is_empty()
        {
            self.form.email = e.address;
        }
    }
}
