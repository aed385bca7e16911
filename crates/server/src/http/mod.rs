//! The HTTP layer: what every handler shares ([`extract`]).

pub mod extract;
