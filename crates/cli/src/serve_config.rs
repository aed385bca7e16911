//! `scribe serve --config FILE`: the server's settings in a TOML file, the
//! flags' names as keys. A flag given on the command line wins over the
//! file; a key the server does not know is refused, naming the key and the
//! file (a misspelt setting never passes silently).
//!
//! ```toml
//! listen = "127.0.0.1:7607"
//! database = "sqlite:/var/lib/scribe-serve/server.sqlite3"
//! auth-per-minute = 30
//! max-connections-per-address = 128
//! trusted-proxy = ["127.0.0.1"]   # the proxies in front (X-Forwarded-For)
//! proxy-header = "x-forwarded-for"  # or "forwarded" (RFC 7239)
//! sqlite-sync = "full"        # or "normal"
//! log-format = "text"         # or "json"
//! public = false
//! metrics-public = false
//! no-computer = false         # true: no computer players
//! computer-threads = 1        # their search threads
//! tls-cert = "/etc/scribe-desk/fullchain.pem"   # https without a proxy,
//! tls-key = "/etc/scribe-desk/privkey.pem"      # both or neither
//! smtp = "smtp://127.0.0.1:25"                  # mail: all three,
//! mail-from = "Scribe <scribe@example.org>"     # or none
//! public-url = "https://scribe.example.org"
//! web-dir = "/usr/share/scribe-desk/web"        # the browser app at /play/
//! ```

use crate::online::{LogFormatArg, ProxyHeaderArg, ServeArgs, SyncArg};
use anyhow::anyhow;
use serde::Deserialize;
use std::net::SocketAddr;
use std::path::Path;

/// The settings a file may hold (each one optional).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct ServeFile {
    listen: Option<SocketAddr>,
    public: Option<bool>,
    database: Option<String>,
    auth_per_minute: Option<u32>,
    max_connections_per_address: Option<usize>,
    trusted_proxy: Option<Vec<std::net::IpAddr>>,
    proxy_header: Option<ProxyHeaderArg>,
    sqlite_sync: Option<SyncArg>,
    log_format: Option<LogFormatArg>,
    metrics_public: Option<bool>,
    no_computer: Option<bool>,
    computer_threads: Option<u16>,
    tls_cert: Option<std::path::PathBuf>,
    tls_key: Option<std::path::PathBuf>,
    smtp: Option<String>,
    mail_from: Option<String>,
    public_url: Option<String>,
    web_dir: Option<std::path::PathBuf>,
}

/// Reads `path`.
///
/// # Errors
/// One line naming the file (and the line) and saying what is wrong: it
/// cannot be read, is not TOML, holds a key the server does not know or a
/// value of the wrong kind.
pub(crate) fn load(path: &Path) -> anyhow::Result<ServeFile> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| anyhow!("--config {}: cannot read it: {e}", path.display()))?;
    parse(&text).map_err(|e| anyhow!("--config {}: {e}", path.display()))
}

/// Reads a file's text; the error is one line (`line N: what`).
fn parse(text: &str) -> Result<ServeFile, String> {
    toml::from_str::<ServeFile>(text).map_err(|e| {
        let what = e.message().split_whitespace().collect::<Vec<_>>().join(" ");
        match e.span() {
            Some(span) => {
                let line = text[..span.start.min(text.len())].matches('\n').count() + 1;
                format!("line {line}: {what}")
            }
            None => what,
        }
    })
}

impl ServeFile {
    /// The settings in force: each flag given, else the file's value.
    pub(crate) fn under(self, flags: &ServeArgs) -> ServeArgs {
        ServeArgs {
            config: flags.config.clone(),
            listen: flags.listen.or(self.listen),
            public: flags.public || self.public.unwrap_or(false),
            database: flags.database.clone().or(self.database),
            auth_per_minute: flags.auth_per_minute.or(self.auth_per_minute),
            max_connections_per_address: flags
                .max_connections_per_address
                .or(self.max_connections_per_address),
            trusted_proxy: if flags.trusted_proxy.is_empty() {
                self.trusted_proxy.unwrap_or_default()
            } else {
                flags.trusted_proxy.clone()
            },
            proxy_header: flags.proxy_header.or(self.proxy_header),
            sqlite_sync: flags.sqlite_sync.or(self.sqlite_sync),
            log_format: flags.log_format.or(self.log_format),
            metrics_public: flags.metrics_public || self.metrics_public.unwrap_or(false),
            no_computer: flags.no_computer || self.no_computer.unwrap_or(false),
            computer_threads: flags.computer_threads.or(self.computer_threads),
            tls_cert: flags.tls_cert.clone().or(self.tls_cert),
            tls_key: flags.tls_key.clone().or(self.tls_key),
            smtp: flags.smtp.clone().or(self.smtp),
            mail_from: flags.mail_from.clone().or(self.mail_from),
            public_url: flags.public_url.clone().or(self.public_url),
            web_dir: flags.web_dir.clone().or(self.web_dir),
            action: flags.action.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_setting_is_read_and_flags_win() {
        let file = parse(
            "listen = \"127.0.0.1:9000\"\npublic = true\ndatabase = \"sqlite:/tmp/x.db\"\n\
             auth-per-minute = 5\nmax-connections-per-address = 7\nsqlite-sync = \"normal\"\n\
             log-format = \"json\"\nmetrics-public = true\nno-computer = true\ncomputer-threads = 3\ntls-cert = \"/c.pem\"\ntls-key = \"/k.pem\"\n\
             smtp = \"smtp://127.0.0.1:25\"\nmail-from = \"s@example.org\"\n\
             public-url = \"https://s.example.org\"\ntrusted-proxy = [\"10.0.0.2\", \"::1\"]\n\
             proxy-header = \"forwarded\"\nweb-dir = \"/w\"\n",
        )
        .unwrap();
        let flags = ServeArgs {
            listen: Some("127.0.0.1:9001".parse().unwrap()),
            auth_per_minute: Some(9),
            mail_from: Some("flag@example.org".into()),
            ..ServeArgs::default()
        };
        let got = file.under(&flags);
        assert_eq!(got.listen, Some("127.0.0.1:9001".parse().unwrap()));
        assert_eq!(got.auth_per_minute, Some(9));
        assert!(got.public && got.metrics_public && got.no_computer);
        assert_eq!(got.computer_threads, Some(3));
        assert_eq!(got.database.as_deref(), Some("sqlite:/tmp/x.db"));
        assert_eq!(got.max_connections_per_address, Some(7));
        assert_eq!(got.sqlite_sync, Some(SyncArg::Normal));
        assert_eq!(got.log_format, Some(LogFormatArg::Json));
        assert_eq!(got.tls_cert.as_deref(), Some(Path::new("/c.pem")));
        assert_eq!(got.tls_key.as_deref(), Some(Path::new("/k.pem")));
        assert_eq!(got.smtp.as_deref(), Some("smtp://127.0.0.1:25"));
        assert_eq!(got.mail_from.as_deref(), Some("flag@example.org"));
        assert_eq!(got.public_url.as_deref(), Some("https://s.example.org"));
        let proxies: Vec<std::net::IpAddr> =
            vec!["10.0.0.2".parse().unwrap(), "::1".parse().unwrap()];
        assert_eq!(got.trusted_proxy, proxies);
        assert_eq!(got.proxy_header, Some(ProxyHeaderArg::Forwarded));
        assert_eq!(got.web_dir.as_deref(), Some(Path::new("/w")));
        let flags = ServeArgs {
            trusted_proxy: vec!["192.0.2.1".parse().unwrap()],
            ..ServeArgs::default()
        };
        let file = parse("trusted-proxy = [\"10.0.0.2\"]\n").unwrap();
        assert_eq!(file.under(&flags).trusted_proxy, flags.trusted_proxy);
    }

    #[test]
    fn an_unknown_key_is_named_on_one_line() {
        let err = parse("listen = \"127.0.0.1:9000\"\n\nlisten-port = 80\n").unwrap_err();
        assert!(err.starts_with("line 3: "), "{err}");
        assert!(err.contains("`listen-port`"), "{err}");
        assert!(!err.contains('\n'), "{err}");
    }

    #[test]
    fn a_bad_value_says_where() {
        let err = parse("sqlite-sync = \"sometimes\"\n").unwrap_err();
        assert!(err.starts_with("line 1: "), "{err}");
        let err = parse("auth-per-minute = \"many\"\n").unwrap_err();
        assert!(err.starts_with("line 1: "), "{err}");
        let err = parse("listen = [\n").unwrap_err();
        assert!(!err.contains('\n'), "{err}");
    }
}
