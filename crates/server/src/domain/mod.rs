//! The domain: a game as the database holds it and its views ([`model`]),
//! every change to a game as a pure function of its row and the clock
//! ([`changes`]), and what a move changed ([`delta`]). Nothing here writes
//! to the database or imports the layers above (the store, the mail, the
//! computer, the HTTP handlers, which build on it); it uses the shared
//! base (errors, names) and the live bus's [`crate::live::Event`].

pub mod changes;
pub mod delta;
pub mod model;
