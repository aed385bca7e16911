//! The HTTP layer: what every handler shares ([`extract`]: a request's body,
//! path and query, refused as JSON), and the handlers, one file per
//! resource: [`accounts`], [`challenges`], [`games`] (play), [`chat`] (and
//! reports), [`standings`], [`players`] (a player's page, the games being
//! played), [`pdf`], [`events`] (the live streams, who is online) and
//! [`mail`] (addresses, mailed links, password reset). They call the
//! layers below (the store, the computer, the mail queue, the live bus);
//! nothing below imports them.

pub mod accounts;
pub mod challenges;
pub mod chat;
pub mod events;
pub mod extract;
pub mod games;
pub mod mail;
pub mod pdf;
pub mod players;
pub mod standings;
