//! Playing on a Scribe server as a client: the HTTP client and the token
//! store ([`client`]), the live stream's reader ([`stream`]), and a
//! connection worker for a window that must never wait on the network
//! ([`worker`]: every call on its own thread, moves queued and sent in
//! order, once, when the server is back).
//!
//! Beside `ui`, below `cli`: both use it. It knows the server only by its
//! HTTP API (docs/online/api.md), whose answers it reads as the types of
//! [`scribe_api`], never by its code, and knows no egui.

pub mod client;
mod requests;
pub mod stream;
#[cfg(not(target_arch = "wasm32"))]
pub mod tls;
/// The browser trusts the certificates it trusts: nothing to add.
#[cfg(target_arch = "wasm32")]
pub mod tls {
    /// Nothing to set in the browser.
    ///
    /// # Errors
    /// Never.
    pub fn set_extra_ca_file(_file: Option<&std::path::Path>) -> anyhow::Result<()> {
        Ok(())
    }
}
pub mod transport;
pub mod worker;

pub use client::{
    Account, Client, DEFAULT_SERVER, Refusal, Remembered, TOKENS_FILE, normalise_server,
};
