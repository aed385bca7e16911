//! Helpers for the server's socket suites: a `scribe serve` started in
//! this process ([`scribe_server::start`], on port 0) on SQLite in a
//! temporary folder or on the PostgreSQL named by `SCRIBE_TEST_POSTGRES`,
//! raw HTTP through ureq, a reader of the live event stream.
#![allow(dead_code)]

mod wire;
pub use wire::*;

use scribe_server::{Config, Database, LogFormat, ProxyHeader, Running};
use std::net::SocketAddr;
use std::path::Path;

/// The `sqlite:` URL of a database file in `dir`.
pub fn sqlite_url(dir: &Path) -> String {
    format!("sqlite:{}", dir.join("server.sqlite3").display())
}

/// What `scribe serve --database DATABASE` would run with, on loopback
/// port 0 (the system picks a free one), without the PDFs (they are drawn
/// by `crates/export`, above the server).
pub fn config(database: &str) -> Config {
    Config {
        listen: SocketAddr::from(([127, 0, 0, 1], 0)),
        public: false,
        database: Database::parse(database).expect("a database URL"),
        auth_per_minute: 30,
        max_connections_per_address: scribe_server::DEFAULT_CONNECTIONS_PER_ADDRESS,
        trusted_proxies: Vec::new(),
        proxy_header: ProxyHeader::XForwardedFor,
        sqlite_sync_full: true,
        tls: None,
        log_format: LogFormat::Text,
        metrics_public: false,
        computer_threads: Some(scribe_server::DEFAULT_COMPUTER_THREADS),
        mail: None,
        pdf: None,
        web_dir: None,
    }
}

/// The access log of the servers in this process goes nowhere: the first
/// subscriber set is kept (the server's own then gives way), and the tests'
/// output stays readable.
fn quiet_access_log() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let _ =
            tracing::subscriber::set_global_default(tracing::subscriber::NoSubscriber::default());
    });
}

/// A server running in this process; stopped when dropped.
pub struct Server {
    pub running: Option<Running>,
    pub port: u16,
    pub database: String,
    pub url: String,
}

impl Server {
    /// A server on a fresh SQLite file in `dir`.
    pub fn sqlite(dir: &Path) -> Server {
        Server::start(&sqlite_url(dir))
    }

    /// A server on `database` with the defaults of [`config`].
    pub fn start(database: &str) -> Server {
        Server::with(database, |_| {})
    }

    /// A server on `database`, its [`config`] changed by `change`.
    pub fn with(database: &str, change: impl FnOnce(&mut Config)) -> Server {
        quiet_access_log();
        let mut config = config(database);
        change(&mut config);
        let running = scribe_server::start(config).expect("the server starts");
        let port = running.local_addr().port();
        Server {
            running: Some(running),
            port,
            database: database.to_string(),
            url: format!("http://127.0.0.1:{port}"),
        }
    }

    /// Stops the server gracefully and waits until it has stopped.
    pub fn stop(&mut self) {
        if let Some(running) = self.running.take() {
            running.stop().expect("the server stops cleanly");
        }
    }
}

impl Http {
    /// A client of `server`.
    pub fn new(server: &Server) -> Http {
        Http::at(&server.url)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(running) = self.running.take() {
            let _ = running.stop();
        }
    }
}
