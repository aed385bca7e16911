//! Scribe Desk: Mark Steere's pen-and-paper game Scribe.
//!
//! Layers, each depending only on those above it in this list:
//! - [`rules`]: board, moves, glyphs, scoring (no IO, no UI).
//! - [`ai`]: the computer opponent (rules only).
//! - [`record`]: notation, text boards, save files, JSON results.
//! - [`pen`]: the hand-drawn stroke generator and glyph diagrams shared by screen and paper.
//! - [`export`]: printable boards and annotated game PDFs.
//! - [`ui`]: the egui desktop app.
//! - [`scribbage`], [`gum`]: the companion games' rules and solvers, beside
//!   [`rules`] and [`ai`] (they use only `rules::quote` and `ai::Rng`).
//! - [`server`]: the network server `scribe serve` (rules and record only).
//! - [`online`]: the HTTP client of a server (its API and live stream), used
//!   by the app's online mode and by `scribe online`; it knows the server
//!   only by its API.
//! - [`cli`]: the command line, which wires everything together.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod ai;
pub mod api;
pub mod cli;
pub mod export;
pub mod fsio;
pub mod gum;
pub mod online;
pub mod pen;
pub mod record;
pub mod rules;
pub mod scribbage;
pub mod server;
pub mod ui;
