//! Scribe Desk: Mark Steere's pen-and-paper game Scribe.
//!
//! The workspace's crates are the layers, each depending only on those above
//! it in this list (the compiler keeps the arrows pointing one way); this
//! crate gathers them under one name for the `scribe` binary and the
//! integration tests:
//! - [`rules`] (`crates/rules`): board, moves, glyphs, scoring (no IO, no UI).
//! - [`ai`] (`crates/ai`): the computer opponent (rules only).
//! - [`record`] (`crates/record`): notation, text boards, save files, JSON results.
//! - [`pen`] (`crates/pen`): the hand-drawn stroke generator and glyph
//!   diagrams shared by screen and paper; [`fsio`] (`crates/fsio`): careful
//!   reads and writes, the data folder.
//! - [`scribbage`], [`gum`]: the companion games' rules and solvers, beside
//!   [`rules`] and [`ai`].
//! - [`library`] (`crates/library`): the game library: every game kept as a
//!   save file, its index, import, filters and statistics (no UI).
//! - [`export`] (`crates/export`): printable boards and annotated game PDFs.
//! - [`api`] (`crates/api`): the wire protocol of the server, serde types
//!   shared by the server and its clients (no IO).
//! - [`server`] (`crates/server`): the network server `scribe serve` (rules
//!   and record only).
//! - [`online`] (`crates/online`): the HTTP client of a server, used by the
//!   app's online mode and by `scribe online`; it knows the server only by its API.
//! - [`ui`] (`crates/ui`): the egui desktop app.
//! - [`cli`] (`crates/cli`): the command line, which wires everything together.

pub use scribe_ai as ai;
pub use scribe_api as api;
pub use scribe_cli as cli;
pub use scribe_export as export;
pub use scribe_fsio as fsio;
pub use scribe_gum as gum;
pub use scribe_library as library;
pub use scribe_online as online;
pub use scribe_pen as pen;
pub use scribe_record as record;
pub use scribe_rules as rules;
pub use scribe_scribbage as scribbage;
pub use scribe_server as server;
pub use scribe_ui as ui;
