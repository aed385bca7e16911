//! E-mail: a player's address and its verification, the "your move" mail
//! switch, and the password reset by mail (`POST /me/email`,
//! `POST /password-reset`, `POST /password-reset/confirm`).

use serde::{Deserialize, Serialize};

/// `POST /me/email`: sets (or, with `email` null or empty, removes) the
/// player's address; a new address is mailed a verification link. `notify`
/// turns the "your move" and reminder mails on or off (unchanged if left
/// out; a new address starts on).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewEmail {
    /// The address (`null` or `""`: remove it).
    #[serde(default)]
    pub email: Option<String>,
    /// Mail me when it is my move, and before my time runs out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notify: Option<bool>,
}

/// A player's address as the server keeps it (in `GET /me` and the answer
/// to `POST /me/email`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EmailState {
    /// The address.
    pub address: String,
    /// Whether its verification link was opened: only a verified address
    /// is mailed "your move", reminders and password resets.
    pub verified: bool,
    /// Whether "your move" and reminder mails are wanted.
    pub notify: bool,
}

/// The answer to `POST /me/email`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EmailAnswer {
    /// The address now (`None`: no address).
    pub email: Option<EmailState>,
    /// What happened, in a sentence (e.g. that a verification link was
    /// mailed).
    pub message: String,
}

/// `POST /password-reset`: a player's name, or a verified address.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PasswordReset {
    /// A name or an address.
    pub account: String,
}

/// The answer to `POST /password-reset`: always the same (202), whether
/// or not the account or address exists.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PasswordResetSent {
    /// What happens now, in a sentence.
    pub message: String,
}

/// `POST /password-reset/confirm`: the secret of a reset link and the new
/// password (the link's page sends this).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PasswordResetConfirm {
    /// The last part of the link's path.
    pub token: String,
    /// The password wanted.
    pub password: String,
}

#[cfg(test)]
mod tests {
    use super::super::game::tests::round_trip;
    use super::*;

    #[test]
    fn mail_bodies_round_trip() {
        let n: NewEmail = round_trip(r#"{"email":"ann@example.org","notify":false}"#);
        assert_eq!(n.notify, Some(false));
        let n: NewEmail = round_trip(r#"{"email":null}"#);
        assert_eq!(n.email, None);
        let a: EmailAnswer = round_trip(
            r#"{"email":{"address":"ann@example.org","verified":false,"notify":true},"message":"mailed"}"#,
        );
        assert!(!a.email.unwrap().verified);
        let _: PasswordReset = round_trip(r#"{"account":"ann"}"#);
        let _: PasswordResetSent = round_trip(r#"{"message":"if ..."}"#);
        let _: PasswordResetConfirm = round_trip(r#"{"token":"ab12","password":"a long one"}"#);
    }
}
