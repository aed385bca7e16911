//! The HTTP layer: what every handler shares ([`extract`]), and the
//! handlers ([`events`]: the live streams).

pub mod events;
pub mod extract;
