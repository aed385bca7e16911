//! The widgets shared by the views and the modes: the Scribe board
//! ([`board`]), paper and ink ([`ink`]), the glyph legend, the small pen
//! figures of the rules and the course (`diagram`), and the review's win
//! graph ([`review`]). A leaf: nothing here knows the app, its state or a
//! mode.

pub mod board;
pub(crate) mod diagram;
pub(crate) mod focus;
pub mod ink;
pub(crate) mod legend;
pub mod review;
