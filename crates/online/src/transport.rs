//! How a request reaches the server: the one place where the platform
//! decides. On the desktop, a blocking `ureq` agent (http, or https through
//! rustls with the roots of [`crate::tls`]); in the browser (wasm32) there
//! are no sockets and no threads to block, and the server's own web page
//! plays online games: every request is refused with that sentence.

use anyhow::anyhow;

/// What the browser app says instead of going online.
pub const NOT_IN_BROWSER: &str = "online play is not in the browser app: \
     open the server's own web page (its address in a new tab) to play online";

/// A way to the server.
pub struct Transport {
    #[cfg(not(target_arch = "wasm32"))]
    agent: ureq::Agent,
    server: String,
}

impl Transport {
    /// A transport to `server` (its base URL, for messages).
    #[must_use]
    pub fn new(server: &str) -> Transport {
        Transport {
            #[cfg(not(target_arch = "wasm32"))]
            agent: ureq::Agent::config_builder()
                .http_status_as_error(false)
                .timeout_global(Some(std::time::Duration::from_secs(30)))
                .timeout_connect(Some(std::time::Duration::from_secs(10)))
                .tls_config(crate::tls::config())
                .build()
                .new_agent(),
            server: server.to_string(),
        }
    }

    /// Sends `method` to `url` with the `Authorization` header `auth` and
    /// a JSON `body`; the answer's status and text (at most 4 MiB).
    ///
    /// # Errors
    /// The server could not be reached, or the answer not read, said in
    /// one line naming the server.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn call(
        &self,
        method: &str,
        url: &str,
        auth: Option<&str>,
        body: Option<&str>,
    ) -> anyhow::Result<(u16, String)> {
        let resp = match (method, body) {
            ("POST", body) => {
                let mut req = self
                    .agent
                    .post(url)
                    .header("Content-Type", "application/json");
                if let Some(a) = auth {
                    req = req.header("Authorization", a);
                }
                req.send(body.unwrap_or("{}"))
            }
            ("DELETE", _) => {
                let mut req = self.agent.delete(url);
                if let Some(a) = auth {
                    req = req.header("Authorization", a);
                }
                req.call()
            }
            _ => {
                let mut req = self.agent.get(url);
                if let Some(a) = auth {
                    req = req.header("Authorization", a);
                }
                req.call()
            }
        };
        let mut resp = resp.map_err(|e| self.error(&e))?;
        let status = resp.status().as_u16();
        let text = resp
            .body_mut()
            .with_config()
            .limit(4 << 20)
            .read_to_string()
            .map_err(|e| self.error(&e))?;
        Ok((status, text))
    }

    /// In the browser: refused, saying where to play online.
    ///
    /// # Errors
    /// Always: [`NOT_IN_BROWSER`].
    #[cfg(target_arch = "wasm32")]
    pub fn call(
        &self,
        _method: &str,
        _url: &str,
        _auth: Option<&str>,
        _body: Option<&str>,
    ) -> anyhow::Result<(u16, String)> {
        Err(anyhow!("{} ({})", NOT_IN_BROWSER, self.server))
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn error(&self, e: &ureq::Error) -> anyhow::Error {
        let server = &self.server;
        if let Some(why) = crate::tls::certificate_problem(e) {
            return anyhow!("cannot talk to {server}: {why}");
        }
        match e {
            ureq::Error::Io(_) | ureq::Error::ConnectionFailed | ureq::Error::HostNotFound => {
                anyhow!(
                    "server unreachable: cannot connect to {server} ({e}); is `scribe serve` running there?"
                )
            }
            ureq::Error::Timeout(_) => {
                anyhow!("server unreachable: {server} did not answer in time")
            }
            ureq::Error::BadUri(_) => anyhow!("--server {server}: not a valid address"),
            other => anyhow!("cannot talk to {server}: {other}"),
        }
    }
}
