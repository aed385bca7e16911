//! The HTTP client of `scribe online` and of the app's online mode: a
//! blocking request ([`crate::transport`]), the server's JSON errors turned into one line each, and
//! the sign-in tokens kept in the data folder (`online.json`, readable by
//! its owner only), one per server.

use anyhow::{Context, anyhow, bail};
use scribe_api::{self as api, ErrorCode};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The file in the data folder that keeps the tokens.
pub const TOKENS_FILE: &str = "online.json";

/// What the data folder remembers: the last server, and a sign-in per server.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Remembered {
    /// The server of the last `login` or `signup`.
    #[serde(default)]
    pub server: Option<String>,
    /// Server URL → who is signed in there.
    #[serde(default)]
    pub accounts: BTreeMap<String, Account>,
    /// A certificate authority's file trusted besides the system's (the
    /// app's setting; see [`crate::tls`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ca_file: Option<PathBuf>,
}

/// A sign-in on one server.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Account {
    /// The player's name.
    pub name: String,
    /// The bearer token.
    pub token: String,
}

fn tokens_path() -> anyhow::Result<PathBuf> {
    scribe_fsio::data_dir()
        .map(|d| d.join(TOKENS_FILE))
        .ok_or_else(|| anyhow!("no data folder (no home folder?) to keep the sign-in in"))
}

/// The address used when none is given or remembered.
pub const DEFAULT_SERVER: &str = "http://127.0.0.1:7607";

impl Remembered {
    /// Reads the file; a missing file is an empty memory.
    ///
    /// # Errors
    /// An unreadable or damaged file, named.
    pub fn load() -> anyhow::Result<Remembered> {
        Remembered::load_from(&tokens_path()?)
    }

    /// Reads `path` (an `online.json`); a missing file is an empty memory.
    ///
    /// # Errors
    /// An unreadable or damaged file, named.
    pub fn load_from(path: &std::path::Path) -> anyhow::Result<Remembered> {
        match std::fs::read_to_string(path) {
            Ok(text) => serde_json::from_str(&text).with_context(|| {
                format!("{} is damaged; remove it and log in again", path.display())
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Remembered::default()),
            Err(e) => Err(anyhow!("cannot read {}: {e}", path.display())),
        }
    }

    /// Writes the file (mode 0600), replacing the old one whole.
    ///
    /// # Errors
    /// The folder cannot be made or written.
    pub fn store(&self) -> anyhow::Result<()> {
        self.store_in(&tokens_path()?)
    }

    /// Writes `path` (an `online.json`, mode 0600), replacing it whole.
    ///
    /// # Errors
    /// The folder cannot be made or written.
    pub fn store_in(&self, path: &std::path::Path) -> anyhow::Result<()> {
        let dir = path.parent().map(PathBuf::from).unwrap_or_default();
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("cannot create the folder {}", dir.display()))?;
        let text = serde_json::to_string_pretty(self)?;
        let mut builder = tempfile::Builder::new();
        builder.prefix(".online-").suffix(".tmp");
        // The sign-in tokens: only their owner may read them. On Windows
        // the folder (%APPDATA%) is the user's own by its access list, and
        // a new file takes the folder's; there are no mode bits to set.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(std::fs::Permissions::from_mode(0o600));
        }
        let mut tmp = builder
            .tempfile_in(&dir)
            .with_context(|| format!("cannot write in {}", dir.display()))?;
        std::io::Write::write_all(&mut tmp, text.as_bytes())?;
        tmp.as_file().sync_all()?;
        tmp.persist(path)
            .map_err(|e| anyhow!("cannot write {}: {}", path.display(), e.error))?;
        Ok(())
    }
}

/// Normalises a server address: `host:port` becomes `http://host:port`, no
/// trailing slash.
///
/// # Errors
/// A scheme other than http or https.
pub fn normalise_server(text: &str) -> anyhow::Result<String> {
    let t = text.trim().trim_end_matches('/');
    if t.is_empty() {
        bail!("--server: give the server's address, e.g. http://127.0.0.1:7607");
    }
    let url = if t.contains("://") {
        t.to_string()
    } else {
        format!("http://{t}")
    };
    if !(url.starts_with("http://") || url.starts_with("https://")) {
        bail!(
            "--server {}: the address starts with http:// or https://",
            scribe_rules::quote(t)
        );
    }
    Ok(url)
}

/// A connection to one server, signed in or not.
pub struct Client {
    /// The server's base URL.
    pub server: String,
    token: Option<String>,
    transport: crate::transport::Transport,
}

/// A refusal from the server: its status, code, message and body.
#[derive(Debug, Clone)]
pub struct Refusal {
    /// The HTTP status.
    pub status: u16,
    /// The API's error code (`not_your_turn`, …; [`ErrorCode::Unknown`]
    /// when the answer has none this build knows).
    pub code: ErrorCode,
    /// The server's sentence.
    pub message: String,
    /// The game as it stands, when the refusal brings it (a stale move
    /// number, an illegal move, the game over).
    pub game: Option<Box<api::Game>>,
}

/// A refusal's body as read: as [`api::ErrorBody`], each part on its own,
/// so that a part this build cannot read loses only itself.
#[derive(Deserialize)]
struct RefusalBody {
    #[serde(default)]
    error: Option<ErrorCode>,
    #[serde(default)]
    message: Option<String>,
    #[serde(default)]
    game: Option<serde_json::Value>,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Refusal {}

impl Client {
    /// A client for `server`, with a token if one is given.
    #[must_use]
    pub fn new(server: String, token: Option<String>) -> Client {
        Client {
            transport: crate::transport::Transport::new(&server),
            server,
            token,
        }
    }

    /// The bearer token, when signed in.
    #[must_use]
    pub fn token(&self) -> Option<&str> {
        self.token.as_deref()
    }

    /// Signs in (or out, with `None`) for the next requests.
    pub fn set_token(&mut self, token: Option<String>) {
        self.token = token;
    }

    fn url(&self, path: &str) -> String {
        format!("{}/api/v1{path}", self.server)
    }

    /// The server's answer as status and text, or an error saying why
    /// there is none.
    fn finish(&self, answer: anyhow::Result<(u16, String)>) -> anyhow::Result<String> {
        let (status, text) = answer?;
        if (200..300).contains(&status) {
            return Ok(text);
        }
        let body = serde_json::from_str::<RefusalBody>(&text).ok();
        let (code, message, game) =
            body.map_or((None, None, None), |b| (b.error, b.message, b.game));
        let code = code.unwrap_or(ErrorCode::Unknown);
        let message = match message {
            Some(m) => scribe_rules::escape_shown(&m, 300),
            None => format!(
                "the server answered {status} (is {} a Scribe server?)",
                self.server
            ),
        };
        let game = game
            .and_then(|g| serde_json::from_value::<api::Game>(g).ok())
            .map(Box::new);
        Err(Refusal {
            status,
            code,
            message,
            game,
        }
        .into())
    }

    fn auth(&self) -> Option<String> {
        self.token.as_ref().map(|t| format!("Bearer {t}"))
    }

    /// GET a path, the body as text.
    ///
    /// # Errors
    /// Unreachable, or refused (a [`Refusal`]).
    pub fn get_text(&self, path: &str) -> anyhow::Result<String> {
        self.finish(
            self.transport
                .call("GET", &self.url(path), self.auth().as_deref(), None),
        )
    }

    /// GET a path, the answer read as `T` (an [`api`] type, or
    /// `serde_json::Value` to keep it as it came).
    ///
    /// # Errors
    /// As [`Client::get_text`], or an answer that is not a `T`.
    pub fn get<T: DeserializeOwned>(&self, path: &str) -> anyhow::Result<T> {
        read(&self.get_text(path)?)
    }

    /// POST `body` as JSON to a path, the answer read as `T`.
    ///
    /// # Errors
    /// As [`Client::get`].
    pub fn post<B: Serialize + ?Sized, T: DeserializeOwned>(
        &self,
        path: &str,
        body: &B,
    ) -> anyhow::Result<T> {
        let body = serde_json::to_string(body)?;
        read(&self.finish(self.transport.call(
            "POST",
            &self.url(path),
            self.auth().as_deref(),
            Some(&body),
        ))?)
    }

    /// POST with an empty object for a body (accept, resign, undo, …).
    ///
    /// # Errors
    /// As [`Client::get`].
    pub fn post_empty<T: DeserializeOwned>(&self, path: &str) -> anyhow::Result<T> {
        self.post(path, &serde_json::Map::new())
    }

    /// DELETE a path, the answer read as `T`.
    ///
    /// # Errors
    /// As [`Client::get`].
    pub fn delete<T: DeserializeOwned>(&self, path: &str) -> anyhow::Result<T> {
        read(&self.finish(self.transport.call(
            "DELETE",
            &self.url(path),
            self.auth().as_deref(),
            None,
        ))?)
    }
}

/// Reads an answer as `T`.
fn read<T: DeserializeOwned>(text: &str) -> anyhow::Result<T> {
    serde_json::from_str(text).context("the server's answer is not what the API says it is")
}
