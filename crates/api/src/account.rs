//! Accounts and sessions, the standings, and the server's hello.

use super::Variant;
use serde::{Deserialize, Serialize};

/// `GET /`: what this server is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hello {
    /// Always `scribe`.
    pub server: String,
    /// The API's version (1).
    pub api: u32,
    /// The server program's version.
    pub version: String,
}

/// `POST /accounts` and `POST /session`: a name and a password.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Credentials {
    /// The player's name.
    pub name: String,
    /// The password.
    pub password: String,
}

/// The answer to `POST /accounts` (201).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignedUp {
    /// The name, as written.
    pub name: String,
}

/// The answer to `POST /session`: a bearer token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Token {
    /// The name, as the player spelt it at sign-up.
    pub name: String,
    /// The token, for `Authorization: Bearer …`.
    pub token: String,
}

/// `GET /me`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Me {
    /// Who the token belongs to.
    pub name: String,
    /// Their e-mail address, if they gave one (servers before mail
    /// leave it out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<super::EmailState>,
    /// Whether this server sends mail (`scribe serve --smtp`).
    #[serde(default)]
    pub mail: bool,
}

/// `DELETE /session` and `DELETE /sessions`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignedOut {
    /// Who signed out.
    pub signed_out: String,
    /// How many tokens were revoked (`DELETE /sessions` only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tokens: Option<u64>,
}

/// `POST /me/password`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewPassword {
    /// The password now.
    pub old: String,
    /// The password wanted.
    pub new: String,
}

/// The answer to `POST /me/password`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PasswordChanged {
    /// Whose password.
    pub name: String,
    /// Always `changed`.
    pub password: String,
}

/// `POST /me/delete`: the password, to delete one's own account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeleteAccount {
    /// The password now.
    pub password: String,
}

/// The answer to `POST /me/delete`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AccountDeleted {
    /// The name the account had.
    pub deleted: String,
}

/// `GET /standings`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Standings {
    /// The variant rated.
    pub variant: Variant,
    /// Players by rating, highest first.
    pub standings: Vec<Standing>,
}

/// One player in the standings (Glicko-2).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    /// 1 for the highest rating.
    pub rank: u64,
    /// The player's name.
    pub name: String,
    /// The rating, rounded.
    pub rating: f64,
    /// The rating deviation, rounded.
    pub deviation: f64,
    /// The volatility.
    pub volatility: f64,
    /// Rated games played.
    pub games: i64,
    /// Won.
    pub wins: i64,
    /// Lost.
    pub losses: i64,
}

#[cfg(test)]
mod tests {
    use super::super::game::tests::round_trip;
    use super::*;

    #[test]
    fn account_answers_round_trip() {
        let h: Hello = round_trip(r#"{"server":"scribe","api":1,"version":"0.9.0"}"#);
        assert_eq!(h.api, 1);
        let _: Credentials = round_trip(r#"{"name":"ann","password":"a long password"}"#);
        let _: SignedUp = round_trip(r#"{"name":"ann"}"#);
        let t: Token = round_trip(r#"{"name":"Ann","token":"1f0c9a.4be1"}"#);
        assert_eq!(t.name, "Ann");
        let me: Me = serde_json::from_str(r#"{"name":"ann"}"#).unwrap();
        assert!(me.email.is_none() && !me.mail);
        let _: Me = round_trip(
            r#"{"name":"ann","email":{"address":"a@b.org","verified":true,"notify":true},"mail":true}"#,
        );
        let one: SignedOut = round_trip(r#"{"signed_out":"ann"}"#);
        assert_eq!(one.tokens, None);
        let all: SignedOut = round_trip(r#"{"signed_out":"ann","tokens":3}"#);
        assert_eq!(all.tokens, Some(3));
        let _: NewPassword = round_trip(r#"{"old":"a long password","new":"another one!"}"#);
        let _: PasswordChanged = round_trip(r#"{"name":"ann","password":"changed"}"#);
        let _: DeleteAccount = round_trip(r#"{"password":"a long password"}"#);
        let _: AccountDeleted = round_trip(r#"{"deleted":"Ann"}"#);
    }

    #[test]
    fn standings_round_trip() {
        let s: Standings = round_trip(
            r#"{"variant":"majority","standings":[{"rank":1,"name":"ann","rating":1662.0,
                "deviation":290.0,"volatility":0.05999,"games":1,"wins":1,"losses":0}]}"#,
        );
        assert_eq!(s.variant, Variant::Majority);
        assert_eq!(s.standings[0].rank, 1);
    }
}
