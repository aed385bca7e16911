//! The words of each mail, as pure functions of what they tell (no
//! database, no network): a [`Letter`] is the address, the subject, the
//! text and the unsubscribe link; [`Letter::message`] makes the mail.

use lettre::Message;
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Body, Mailbox};

/// What a mail is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The link that verifies an address.
    Verify,
    /// It is the player's move.
    YourMove,
    /// The player's time runs out within a day.
    Reminder,
    /// The link that sets a new password.
    Reset,
}

impl Kind {
    /// The word logs use.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Verify => "verification",
            Kind::YourMove => "your move",
            Kind::Reminder => "reminder",
            Kind::Reset => "password reset",
        }
    }
}

/// One mail to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Letter {
    /// What it is for.
    pub kind: Kind,
    /// The player's name (for the logs and the greeting).
    pub player: String,
    /// The address.
    pub to: String,
    /// The subject.
    pub subject: String,
    /// The text (plain, lines of at most about 76 characters but links).
    pub text: String,
    /// The one-click unsubscribe link (`List-Unsubscribe`), for the mails a
    /// player may turn off.
    pub unsubscribe: Option<String>,
}

/// The verification mail: `link` verifies `to` for `player`.
#[must_use]
pub fn verify(player: &str, to: &str, link: &str, hours: i64) -> Letter {
    Letter {
        kind: Kind::Verify,
        player: player.into(),
        to: to.into(),
        subject: format!("Scribe: verify your address for {player}"),
        text: format!(
            "Hello {player},\n\nSomeone, probably you, gave this address to the Scribe server for the\n\
             player {player}. Open this link to verify it:\n\n{link}\n\n\
             From then on the server mails you when it is your move (at most one mail\n\
             per game an hour), a day before your time runs out in a game with a time\n\
             limit, and, when you ask, a link to set a new password.\n\n\
             The link works once, for {hours} hours. If it was not you, ignore this mail:\n\
             the address stays unverified and gets nothing more.\n"
        ),
        unsubscribe: None,
    }
}

/// Whom a mail about a game is for, and its links.
#[derive(Debug, Clone, Copy)]
pub struct About<'a> {
    /// The player's name.
    pub player: &'a str,
    /// Their address.
    pub to: &'a str,
    /// The opponent's name.
    pub opponent: &'a str,
    /// The game's id.
    pub game: &'a str,
    /// The game's link.
    pub link: &'a str,
    /// The one-click unsubscribe link.
    pub unsubscribe: &'a str,
}

/// "Your move against the opponent in the game", with the game's link,
/// after `moves` moves.
#[must_use]
pub fn your_move(a: &About<'_>, moves: usize, quiet_minutes: i64) -> Letter {
    let About {
        player,
        to,
        opponent,
        game,
        link,
        unsubscribe,
    } = *a;
    let last = if moves == 0 {
        "The game has started and you have the first move.".to_string()
    } else {
        format!("{opponent} played move {moves}.")
    };
    Letter {
        kind: Kind::YourMove,
        player: player.into(),
        to: to.into(),
        subject: format!("Scribe: your move against {opponent} in game {game}"),
        text: format!(
            "Hello {player},\n\nIt is your move against {opponent} in game {game}. {last}\n\n\
             Play it here: {link}\n\n\
             You get at most one such mail per game every {quiet_minutes} minutes.\n\
             No more mails when it is your move: {unsubscribe}\n"
        ),
        unsubscribe: Some(unsubscribe.into()),
    }
}

/// The reminder: the player's time in the game runs out at `deadline`
/// (UTC).
#[must_use]
pub fn reminder(a: &About<'_>, deadline: &str) -> Letter {
    let About {
        player,
        to,
        opponent,
        game,
        link,
        unsubscribe,
    } = *a;
    Letter {
        kind: Kind::Reminder,
        player: player.into(),
        to: to.into(),
        subject: format!("Scribe: your time against {opponent} in game {game} runs out soon"),
        text: format!(
            "Hello {player},\n\nYour move against {opponent} in game {game} is due by {deadline}.\n\
             After that {opponent} may claim the game.\n\n\
             Play it here: {link}\n\n\
             No more mails when it is your move: {unsubscribe}\n"
        ),
        unsubscribe: Some(unsubscribe.into()),
    }
}

/// The password reset: `link` sets a new password for `player`.
#[must_use]
pub fn reset(player: &str, to: &str, link: &str, minutes: i64) -> Letter {
    Letter {
        kind: Kind::Reset,
        player: player.into(),
        to: to.into(),
        subject: format!("Scribe: a new password for {player}"),
        text: format!(
            "Hello {player},\n\nSomeone, probably you, asked the Scribe server for a new password\n\
             for the player {player}. Open this link to choose one:\n\n{link}\n\n\
             The link works once, for {minutes} minutes. If it was not you, ignore this\n\
             mail: your password stays as it is.\n"
        ),
        unsubscribe: None,
    }
}

impl Letter {
    /// The mail from `from`, its `Message-ID` under `host`.
    ///
    /// # Errors
    /// An address that is not one (checked before it was kept, so only a
    /// damaged row).
    pub fn message(&self, from: &Mailbox, host: &str) -> anyhow::Result<Message> {
        let to: Mailbox = self
            .to
            .parse()
            .map_err(|e| anyhow::anyhow!("{:?} is not an address: {e}", self.to))?;
        let id = crate::auth::random_hex(12)?;
        let mut builder = Message::builder()
            .from(from.clone())
            .to(to)
            .subject(self.subject.clone())
            .message_id(Some(format!("<{id}@{host}>")))
            .header(ContentType::TEXT_PLAIN)
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("Auto-Submitted"),
                "auto-generated".into(),
            ));
        if let Some(link) = &self.unsubscribe {
            builder = builder
                .raw_header(HeaderValue::new(
                    HeaderName::new_from_ascii_str("List-Unsubscribe"),
                    format!("<{link}>"),
                ))
                .raw_header(HeaderValue::new(
                    HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
                    "List-Unsubscribe=One-Click".into(),
                ));
        }
        // lettre picks the encoding: 7-bit for short ASCII lines, else
        // quoted-printable (an unsubscribe link is longer than a line).
        let body = Body::new(self.text.clone());
        Ok(builder.body(body)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_your_move_mail_names_the_game_and_offers_one_click_unsubscribe() {
        let about = About {
            player: "ann",
            to: "ann@example.org",
            opponent: "bob",
            game: "k3x9q0a2bd",
            link: "https://s.example.org/#/game/k3x9q0a2bd",
            unsubscribe: "https://s.example.org/mail/unsubscribe/abc",
        };
        let l = your_move(&about, 12, 60);
        assert_eq!(
            l.subject,
            "Scribe: your move against bob in game k3x9q0a2bd"
        );
        assert!(l.text.contains("bob played move 12."));
        let from: Mailbox = "Scribe <scribe@example.org>".parse().unwrap();
        let raw =
            String::from_utf8(l.message(&from, "s.example.org").unwrap().formatted()).unwrap();
        assert!(
            raw.contains("List-Unsubscribe: <https://s.example.org/mail/unsubscribe/abc>"),
            "{raw}"
        );
        assert!(raw.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"));
        assert!(l.text.contains("https://s.example.org/#/game/k3x9q0a2bd"));
        assert!(raw.contains("@s.example.org>"));
    }

    #[test]
    fn link_mails_have_no_unsubscribe() {
        let v = verify("ann", "ann@example.org", "https://s/mail/verify/x", 24);
        let r = reset("ann", "ann@example.org", "https://s/reset/x", 60);
        let from: Mailbox = "scribe@example.org".parse().unwrap();
        for l in [v, r] {
            let raw = String::from_utf8(l.message(&from, "s").unwrap().formatted()).unwrap();
            assert!(!raw.contains("List-Unsubscribe"), "{raw}");
        }
    }
}
