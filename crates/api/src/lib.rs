//! The wire protocol of `scribe serve` (`/api/v1`, docs/online/api.md and
//! docs/API.md): a serde type for every request body, every answer, every
//! refusal and every event of the live stream. The server serializes them,
//! the Rust clients (`online`, the CLI, the app) deserialize them; the web
//! client (`server/web/*.js`) reads the same JSON.
//!
//! It depends on serde alone (and on `rules` only for the conversions of
//! [`Variant`] and [`Side`]): no IO, no async, so that it can become a crate
//! of its own that server and clients share.
//!
//! Every word of the API (a status, a side, a variant, an error code, an
//! undo's action, an end's reason) is an enum whose spelling is written in
//! exactly one place, its `words!` list.
//!
//! Layout: the words here; [`game`] (the game object, summaries, chat);
//! [`account`] (accounts, standings, the server's hello); [`mail`] (the
//! address, its verification, the password reset by mail); [`request`] (the
//! bodies clients send); [`event`] (the live stream); [`error`] (refusals).

pub mod account;
pub mod error;
pub mod event;
pub mod game;
pub mod mail;
pub mod request;

pub use account::{
    AccountDeleted, Computer, Computers, Credentials, DeleteAccount, Hello, Me, NewPassword,
    OnlinePlayers, PROVISIONAL_DEVIATION, PasswordChanged, PlayerPage, PlayerRating, RatingPoint,
    SignedOut, SignedUp, Standing, Standings, Token, name_char, player_path, provisional,
    rating_shown,
};
pub use error::{ErrorBody, ErrorCode};
pub use event::{
    ByEvent, EndEvent, Event, Lagged, MoveEvent, Ready, StartEvent, UndoAfter, UndoEvent,
};
pub use game::{
    ChallengeList, Chat, ChatLine, ChatPost, Found, Game, GameList, GameSummary, GlyphShape,
    GlyphTable, Glyphs, Grid, MoveAnswer, Players, Reported, Score, Tally,
};
pub use mail::{
    EmailAnswer, EmailState, NewEmail, PasswordReset, PasswordResetConfirm, PasswordResetSent,
};
pub use request::{NewChallenge, NewMove, Say};

/// Declares an enum of API words: each variant and its one spelling, with
/// `as_str`, `from_api`, `Display` and serde (as the plain string). `read`
/// is how a string is read back (exact, or more lenient).
macro_rules! words {
    (
        $(#[$meta:meta])*
        $name:ident, read = $read:path {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name {
            $( $(#[$vmeta])* $variant, )+
        }

        impl $name {
            /// Every value, in the order declared.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The API's spelling.
            #[must_use]
            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }

            /// Reads the API's exact spelling.
            #[must_use]
            pub fn from_api(text: &str) -> Option<$name> {
                $name::ALL.iter().copied().find(|w| w.as_str() == text)
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = <String as serde::Deserialize>::deserialize(d)?;
                $read(&text).ok_or_else(|| {
                    serde::de::Error::custom(format!(
                        "unknown {} {text:?}",
                        stringify!($name)
                    ))
                })
            }
        }
    };
}
pub(crate) use words;

words! {
    /// A variant of the game.
    Variant, read = Variant::parse {
        /// Whoever wins more mini grids wins.
        Majority = "majority",
        /// The mini grids won form a super glyph.
        SuperGlyph = "super-glyph",
    }
}

impl Variant {
    /// Reads a variant as a person may write it: any case, `_` or a space
    /// for `-`, `superglyph`.
    #[must_use]
    pub fn parse(text: &str) -> Option<Variant> {
        let t = text.to_ascii_lowercase().replace(['_', ' '], "-");
        Variant::from_api(&t).or_else(|| (t == "superglyph").then_some(Variant::SuperGlyph))
    }
}

impl From<scribe_rules::Variant> for Variant {
    fn from(v: scribe_rules::Variant) -> Variant {
        match v {
            scribe_rules::Variant::Majority => Variant::Majority,
            scribe_rules::Variant::SuperGlyph => Variant::SuperGlyph,
        }
    }
}

impl From<Variant> for scribe_rules::Variant {
    fn from(v: Variant) -> scribe_rules::Variant {
        match v {
            Variant::Majority => scribe_rules::Variant::Majority,
            Variant::SuperGlyph => scribe_rules::Variant::SuperGlyph,
        }
    }
}

words! {
    /// A side of a game, as answers spell it (`"X"`, `"O"`; read in either
    /// case).
    Side, read = Side::parse {
        /// X, who moves first.
        X = "X",
        /// O.
        O = "O",
    }
}

impl Side {
    /// Reads `X` or `O` in either case.
    #[must_use]
    pub fn parse(text: &str) -> Option<Side> {
        Side::from_api(&text.to_ascii_uppercase())
    }
}

impl From<scribe_rules::Player> for Side {
    fn from(p: scribe_rules::Player) -> Side {
        match p {
            scribe_rules::Player::X => Side::X,
            scribe_rules::Player::O => Side::O,
        }
    }
}

impl From<Side> for scribe_rules::Player {
    fn from(s: Side) -> scribe_rules::Player {
        match s {
            Side::X => scribe_rules::Player::X,
            Side::O => scribe_rules::Player::O,
        }
    }
}

words! {
    /// The side a challenger asks for (a request's `side`; read in any case).
    SideChoice, read = SideChoice::parse {
        /// X, who moves first.
        X = "x",
        /// O.
        O = "o",
        /// A coin decides.
        Random = "random",
    }
}

impl SideChoice {
    /// Reads `x`, `o` or `random` in any case.
    #[must_use]
    pub fn parse(text: &str) -> Option<SideChoice> {
        SideChoice::from_api(&text.to_ascii_lowercase())
    }
}

words! {
    /// Where a game (or challenge) stands.
    Status, read = Status::from_api {
        /// A challenge waiting for an answer.
        Challenge = "challenge",
        /// Being played.
        Active = "active",
        /// Over.
        Finished = "finished",
        /// The challenge was declined.
        Declined = "declined",
        /// The challenge was withdrawn.
        Cancelled = "cancelled",
    }
}

words! {
    /// How a finished game ended.
    EndReason, read = EndReason::from_api {
        /// Every square was played.
        BoardFull = "board full",
        /// A player resigned.
        Resigned = "resigned",
        /// The player to move ran out of time and the other claimed the game.
        OutOfTime = "out of time",
    }
}

words! {
    /// What happened to an undo (the `undo` event's `action`).
    UndoAction, read = UndoAction::from_api {
        /// A player proposes to take back the last move.
        Proposed = "proposed",
        /// The other player agreed: the move is taken back.
        Accepted = "accepted",
        /// The other player refused.
        Declined = "declined",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_round_trip_and_read_leniently_where_people_write() {
        for v in Variant::ALL {
            let text = serde_json::to_string(v).unwrap();
            assert_eq!(serde_json::from_str::<Variant>(&text).unwrap(), *v);
        }
        assert_eq!(
            serde_json::to_string(&Variant::SuperGlyph).unwrap(),
            "\"super-glyph\""
        );
        assert_eq!(Variant::parse("Super_Glyph"), Some(Variant::SuperGlyph));
        assert_eq!(Variant::parse("superglyph"), Some(Variant::SuperGlyph));
        assert_eq!(Variant::parse("chess"), None);
        assert_eq!(serde_json::from_str::<Side>("\"o\"").unwrap(), Side::O);
        assert_eq!(serde_json::to_string(&Side::X).unwrap(), "\"X\"");
        assert_eq!(SideChoice::parse("RANDOM"), Some(SideChoice::Random));
        assert_eq!(
            serde_json::to_string(&EndReason::OutOfTime).unwrap(),
            "\"out of time\""
        );
        assert!(serde_json::from_str::<Status>("\"paused\"").is_err());
        for s in Status::ALL {
            assert_eq!(Status::from_api(s.as_str()), Some(*s));
        }
    }
}
