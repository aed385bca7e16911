//! The bodies clients send to change a game. (Account bodies are in
//! [`super::account`].)
//!
//! A challenge's `variant` and `side` travel as text, read by
//! [`NewChallenge::variant`] and [`NewChallenge::side`]: the server answers
//! a word it does not know with its own refusal (`bad_variant`,
//! `bad_side`), not with a generic `bad_request`.

use super::{SideChoice, Variant};
use serde::{Deserialize, Serialize};

/// `POST /challenges`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct NewChallenge {
    /// The player challenged; none for an open challenge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<String>,
    /// `majority` (the default) or `super-glyph`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// The challenger's side: `x` (moves first), `o`, or `random` (the default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    /// The days each move may take, 1 to 30; none for no limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days: Option<u32>,
}

impl NewChallenge {
    /// A challenge to `opponent` (or anyone).
    #[must_use]
    pub fn new(
        opponent: Option<String>,
        variant: Variant,
        side: SideChoice,
        days: Option<u32>,
    ) -> NewChallenge {
        NewChallenge {
            opponent,
            variant: Some(variant.as_str().to_string()),
            side: Some(side.as_str().to_string()),
            days,
        }
    }

    /// The variant asked for: `Ok(None)` when none is given, `Err` (the
    /// text) for a word that is not one.
    ///
    /// # Errors
    /// Not a variant.
    pub fn variant(&self) -> Result<Option<Variant>, &str> {
        self.variant
            .as_deref()
            .map(|v| Variant::parse(v).ok_or(v))
            .transpose()
    }

    /// The side asked for, as [`NewChallenge::variant`].
    ///
    /// # Errors
    /// Not a side.
    pub fn side(&self) -> Result<Option<SideChoice>, &str> {
        self.side
            .as_deref()
            .map(|s| SideChoice::parse(s).ok_or(s))
            .transpose()
    }
}

/// `POST /games/{id}/moves`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewMove {
    /// The square, `E5`.
    pub square: String,
    /// The number the move will have (1 for the first): a retry is then
    /// applied once, and a move for a changed position refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<u64>,
}

/// `POST /games/{id}/chat`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Say {
    /// One line.
    pub text: String,
}

#[cfg(test)]
mod tests {
    use super::super::game::tests::round_trip;
    use super::*;

    #[test]
    fn requests_round_trip_and_read_their_words() {
        let c: NewChallenge =
            round_trip(r#"{"opponent":"bob","variant":"majority","side":"x","days":3}"#);
        assert_eq!(c.variant(), Ok(Some(Variant::Majority)));
        assert_eq!(c.side(), Ok(Some(SideChoice::X)));
        let open: NewChallenge = round_trip("{}");
        assert_eq!(open.variant(), Ok(None));
        let odd = NewChallenge {
            side: Some("left".into()),
            variant: Some("Super Glyph".into()),
            ..NewChallenge::default()
        };
        assert_eq!(odd.side(), Err("left"));
        assert_eq!(odd.variant(), Ok(Some(Variant::SuperGlyph)));
        let made = NewChallenge::new(None, Variant::SuperGlyph, SideChoice::Random, None);
        assert_eq!(
            serde_json::to_string(&made).unwrap(),
            r#"{"variant":"super-glyph","side":"random"}"#
        );
        let m: NewMove = round_trip(r#"{"square":"E5","number":12}"#);
        assert_eq!(m.number, Some(12));
        let _: NewMove = round_trip(r#"{"square":"E5"}"#);
        let _: Say = round_trip(r#"{"text":"good luck"}"#);
    }
}
