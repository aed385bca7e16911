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
    /// The server program's version: servers no longer tell it (it would
    /// tell an attacker which holes are open); kept so that older servers'
    /// answers still read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
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
    /// A computer player of the server (`computer-hard`, …), not a person.
    /// Absent (false) from servers before it.
    #[serde(default)]
    pub computer: bool,
}

/// `GET /computers`: the computer players this server hosts (none when it
/// runs with `--no-computer`), weakest first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Computers {
    /// One a level.
    pub computers: Vec<Computer>,
}

/// A computer player: challenge it by `name` and it accepts at once.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Computer {
    /// The account's name (`computer-beginner`, …).
    pub name: String,
    /// The level's name (`Beginner`, …).
    pub level: String,
    /// Its Glicko-2 rating in Majority, rounded.
    pub rating: f64,
    /// Its rating in Super Glyph, rounded.
    pub rating_super_glyph: f64,
    /// The level's measured rating (`scribe rate`'s Elo scale, the 2010
    /// Android app's computer at 1000, Majority), the same on every server;
    /// `null` while the level is not yet rated, and from servers older than
    /// the field.
    #[serde(default)]
    pub level_rating: Option<u32>,
    /// The time a move the level quotes, in seconds (`null` from servers
    /// older than the field).
    #[serde(default)]
    pub think_seconds: Option<f64>,
}

/// `GET /players/online`: who has a live stream open on this server.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct OnlinePlayers {
    /// Their names, sorted (at most 100).
    pub players: Vec<String>,
    /// How many there are in all.
    pub count: usize,
}

/// A player's rating in one variant, as the player's page shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayerRating {
    /// The variant.
    pub variant: Variant,
    /// The rating, rounded.
    pub rating: f64,
    /// The rating deviation, rounded (above [`PROVISIONAL_DEVIATION`]:
    /// provisional).
    pub deviation: f64,
    /// Rated games played.
    pub games: i64,
    /// Won.
    pub wins: i64,
    /// Lost.
    pub losses: i64,
}

/// A rating deviation above this marks a rating provisional ("1500?"):
/// too few games yet to say much.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// Whether `c` may be in a player's name: an ASCII letter or digit, `_` or
/// `-` (the server's rule for names, [`player_path`]'s for paths).
#[must_use]
pub fn name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

/// `/players/NAME` (a player's page), for a name as the server makes them
/// (letters, digits, `_` and `-`, at most 40): `None` for anything else,
/// so nothing but a name reaches the path.
#[must_use]
pub fn player_path(name: &str) -> Option<String> {
    let fits = !name.is_empty() && name.len() <= 40 && name.chars().all(name_char);
    fits.then(|| format!("/players/{name}"))
}

/// Whether a rating with this deviation is provisional.
#[must_use]
pub fn provisional(deviation: f64) -> bool {
    deviation > PROVISIONAL_DEVIATION
}

/// A rating as people read it: whole, `?` after a provisional one
/// (`"1662?"`, `"1504"`).
#[must_use]
pub fn rating_shown(rating: f64, deviation: f64) -> String {
    format!(
        "{:.0}{}",
        rating.round(),
        if provisional(deviation) { "?" } else { "" }
    )
}

/// One point of a player's rating over time: the rating after a rated game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RatingPoint {
    /// The variant.
    pub variant: Variant,
    /// The game that moved it.
    pub game: String,
    /// When (RFC 3339).
    pub at: Option<String>,
    /// The rating after it, rounded.
    pub rating: f64,
    /// The deviation after it, rounded.
    pub deviation: f64,
}

/// `GET /players/{name}`: a player's page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayerPage {
    /// The name as spelt.
    pub name: String,
    /// Their ratings, one a variant played rated.
    pub ratings: Vec<PlayerRating>,
    /// Their rating after each rated game, oldest first (the last 400).
    pub history: Vec<RatingPoint>,
    /// Their finished games, most recent first (the last 100).
    pub games: Vec<crate::GameSummary>,
    /// Whether they have a live stream open on this server.
    pub online: bool,
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
    fn computers_round_trip_and_old_servers_still_parse() {
        let c: Computers = round_trip(
            r#"{"computers":[{"name":"computer-hard","level":"Hard","rating":1500.0,
                "rating_super_glyph":1500.0,"level_rating":1750,"think_seconds":0.007},
                {"name":"computer-champion","level":"Champion","rating":1500.0,
                "rating_super_glyph":1500.0,"level_rating":null,"think_seconds":3.0}]}"#,
        );
        assert_eq!(c.computers[0].level_rating, Some(1750));
        assert_eq!(c.computers[1].level_rating, None);
        // a server from before the level's rating
        let old: Computers = serde_json::from_str(
            r#"{"computers":[{"name":"computer-hard","level":"Hard","rating":1500.0,
                "rating_super_glyph":1500.0}]}"#,
        )
        .unwrap();
        assert_eq!(old.computers[0].level_rating, None);
        assert_eq!(old.computers[0].think_seconds, None);
    }

    #[test]
    fn standings_round_trip() {
        let s: Standings = round_trip(
            r#"{"variant":"majority","standings":[{"rank":1,"name":"ann","rating":1662.0,
                "deviation":290.0,"volatility":0.05999,"games":1,"wins":1,"losses":0,"computer":false}]}"#,
        );
        assert_eq!(s.variant, Variant::Majority);
        assert_eq!(s.standings[0].rank, 1);
    }

    #[test]
    fn ratings_are_shown_whole_and_provisional_ones_marked() {
        assert_eq!(rating_shown(1662.4, 290.0), "1662?");
        assert_eq!(rating_shown(1503.5, 110.0), "1504");
        assert_eq!(rating_shown(1499.6, 110.4), "1500?");
        assert!(provisional(PROVISIONAL_DEVIATION + 0.5));
        assert!(!provisional(PROVISIONAL_DEVIATION));
    }

    #[test]
    fn player_pages_and_who_is_online_round_trip() {
        let o: OnlinePlayers = round_trip(r#"{"players":["ann","bob"],"count":2}"#);
        assert_eq!(o.count, 2);
        let p: PlayerPage = round_trip(
            r#"{"name":"ann","ratings":[{"variant":"majority","rating":1662.0,"deviation":290.0,
                "games":1,"wins":1,"losses":0}],"history":[{"variant":"majority","game":"g1",
                "at":"2026-11-26T06:00:00Z","rating":1662.0,"deviation":290.0}],
                "games":[{"id":"g1","variant":"majority","status":"finished",
                "players":{"x":"ann","o":"bob"},"challenger":"ann","challenged":"bob","moves":9,
                "winner":"X","waiting_for_you":false,"days_per_move":null,"deadline":null,
                "updated":"2026-11-26T06:00:00Z","end":"resigned","finished":"2026-11-26T06:00:00Z",
                "majority":{"x":1,"o":0,"winner":"X"}}],"online":true}"#,
        );
        assert_eq!(p.history[0].game, "g1");
        let g = &p.games[0];
        assert_eq!(g.end, Some(crate::EndReason::Resigned));
        assert!(g.majority.is_some() && g.super_glyph.is_none());
    }
}
