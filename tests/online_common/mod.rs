//! Helpers for the online tests: a real `scribe serve` on loopback, players
//! with data folders of their own driving `scribe online`, raw HTTP through
//! ureq, a reader of the live event stream.
#![allow(dead_code)]

pub mod smtp;
// HTTP, the live stream, random games, the PostgreSQL to use: kept once
// with the server's own socket suites
#[path = "../../crates/server/tests/common/wire.rs"]
mod wire;
#[allow(unused_imports)] // each test binary uses a part
pub use wire::*;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

/// A free port on loopback (bound, then released).
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A running `scribe serve`.
pub struct Server {
    pub child: Child,
    pub port: u16,
    pub database: String,
    pub url: String,
    pub home: tempfile::TempDir,
}

impl Server {
    /// A server on a fresh SQLite file in `dir`.
    pub fn sqlite(dir: &Path) -> Server {
        let db = format!("sqlite:{}", dir.join("server.sqlite3").display());
        Server::start(&db, free_port(), &[])
    }

    /// A server on a fresh SQLite file in `dir` whose "day" (for time limits
    /// per move) lasts `day_ms` (`SCRIBE_SERVE_DAY_MS`, debug builds only).
    pub fn sqlite_with_day(dir: &Path, day_ms: u64) -> Server {
        let db = format!("sqlite:{}", dir.join("server.sqlite3").display());
        let day = day_ms.to_string();
        Server::start_with(&db, free_port(), &[], &[("SCRIBE_SERVE_DAY_MS", &day)])
    }

    /// A server on `database` at `port`, with extra flags.
    pub fn start(database: &str, port: u16, extra: &[&str]) -> Server {
        Server::start_with(database, port, extra, &[])
    }

    /// As [`Server::start`], with environment variables (test switches of
    /// debug builds, such as `SCRIBE_SERVE_DAY_MS`).
    pub fn start_with(database: &str, port: u16, extra: &[&str], env: &[(&str, &str)]) -> Server {
        let home = tempfile::tempdir().unwrap();
        let listen = format!("127.0.0.1:{port}");
        let mut child = Command::new(env!("CARGO_BIN_EXE_scribe"))
            .args(["serve", "--listen", &listen, "--database", database])
            .args(extra)
            .envs(env.iter().copied())
            .env("XDG_DATA_HOME", home.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("scribe serve starts");
        // The first line says where it listens; then it answers.
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        assert!(line.contains("listening on"), "scribe serve said: {line}");
        std::thread::spawn(move || {
            let mut sink = String::new();
            let _ = out.read_to_string(&mut sink);
        });
        Server {
            child,
            port,
            database: database.to_string(),
            url: format!("http://127.0.0.1:{port}"),
            home,
        }
    }

    /// Kills the server with SIGKILL (kill -9) and waits for it.
    pub fn kill9(&mut self) {
        let _ = Command::new("kill")
            .args(["-9", &self.child.id().to_string()])
            .status();
        let _ = self.child.wait();
    }

    /// Starts the server again on the same database and port.
    pub fn restart(&mut self) {
        let again = Server::start(&self.database, self.port, &[]);
        let old = std::mem::replace(self, again);
        drop(old);
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
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A player of the command-line client, with a data folder of their own.
pub struct Player {
    pub name: String,
    pub home: tempfile::TempDir,
    pub server: String,
}

impl Player {
    pub fn new(name: &str, server: &Server) -> Player {
        Player {
            name: name.to_string(),
            home: tempfile::tempdir().unwrap(),
            server: server.url.clone(),
        }
    }

    /// `scribe online --server URL ARGS…` with `input` on standard input.
    pub fn online_in(&self, args: &[&str], input: &str) -> Output {
        let mut child = Command::new(env!("CARGO_BIN_EXE_scribe"))
            .arg("online")
            .args(["--server", &self.server])
            .args(args)
            .env("XDG_DATA_HOME", self.home.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        child.wait_with_output().unwrap()
    }

    /// `scribe online --server URL ARGS…`.
    pub fn online(&self, args: &[&str]) -> Output {
        self.online_in(args, "")
    }

    /// As [`Player::online`], which must succeed; its standard output.
    pub fn ok(&self, args: &[&str]) -> String {
        let out = self.online(args);
        assert!(
            out.status.success(),
            "scribe online {args:?} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    }

    /// As [`Player::online`], which must fail with one line on stderr; that line.
    pub fn refused(&self, args: &[&str]) -> String {
        let out = self.online(args);
        assert!(!out.status.success(), "scribe online {args:?} succeeded");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "not one line: {err}");
        err
    }

    /// Signs up (and so in) with a password of `NAME-password`.
    pub fn signup(&self) {
        let pw = format!("{}-password\n", self.name);
        let out = self.online_in(&["signup", &self.name, "--password-stdin"], &pw);
        assert!(
            out.status.success(),
            "signup {}: {}",
            self.name,
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// The data folder's token file.
    pub fn tokens_file(&self) -> PathBuf {
        self.home.path().join("scribe-desk").join("online.json")
    }
}

/// A certificate authority and a server certificate for localhost and
/// 127.0.0.1 signed by it, written as PEM files in `dir`:
/// (authority's certificate, server's chain, server's key).
pub fn make_pki(dir: &Path, ca_name: &str) -> (PathBuf, PathBuf, PathBuf) {
    let ca_key = rcgen::KeyPair::generate().unwrap();
    let mut ca = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
    ca.distinguished_name.push(
        rcgen::DnType::CommonName,
        format!("{ca_name} test authority"),
    );
    ca.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    ca.key_usages = vec![
        rcgen::KeyUsagePurpose::KeyCertSign,
        rcgen::KeyUsagePurpose::CrlSign,
    ];
    let ca_cert = ca.self_signed(&ca_key).unwrap();
    let issuer = rcgen::Issuer::new(ca, ca_key);

    let key = rcgen::KeyPair::generate().unwrap();
    let mut leaf =
        rcgen::CertificateParams::new(vec!["localhost".to_string(), "127.0.0.1".to_string()])
            .unwrap();
    leaf.distinguished_name
        .push(rcgen::DnType::CommonName, "localhost");
    let cert = leaf.signed_by(&key, &issuer).unwrap();

    let ca_file = dir.join(format!("{ca_name}-ca.pem"));
    let cert_file = dir.join(format!("{ca_name}-server.pem"));
    let key_file = dir.join(format!("{ca_name}-server.key"));
    std::fs::write(&ca_file, ca_cert.pem()).unwrap();
    std::fs::write(&cert_file, cert.pem()).unwrap();
    std::fs::write(&key_file, key.serialize_pem()).unwrap();
    (ca_file, cert_file, key_file)
}
