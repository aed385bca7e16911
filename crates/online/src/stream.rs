//! The live stream (`GET /api/v1/events`, Server-Sent Events, see
//! docs/online/api.md): a line parser, and a listener on a thread of its own
//! that reconnects with backoff and hands each event to a callback.

use serde_json::Value;
#[cfg(not(target_arch = "wasm32"))]
use std::io::{BufRead, BufReader, Read};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// One event of the stream: its kind (`move`, `chat`, …) and its JSON data.
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    /// The `event:` line (`message` when there is none).
    pub kind: String,
    /// The `data:` lines as JSON (`Null` when they are not JSON).
    pub data: Value,
}

impl Event {
    /// The event as the API's type (`None`: a kind this build does not
    /// know, or data that is not that kind's).
    #[must_use]
    pub fn api(&self) -> Option<scribe_api::Event> {
        let both = serde_json::json!({ "kind": self.kind, "data": self.data });
        serde_json::from_value(both).ok()
    }
}

/// Turns the stream's lines into events (the SSE format: `event:`,
/// `data:` lines, a blank line ends an event, `:` starts a comment).
#[derive(Debug, Default)]
pub struct Parser {
    kind: String,
    data: String,
}

impl Parser {
    /// Takes one line (without its line end); an event when it ends one.
    pub fn line(&mut self, line: &str) -> Option<Event> {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.is_empty() {
            if self.data.is_empty() && self.kind.is_empty() {
                return None;
            }
            let kind = std::mem::take(&mut self.kind);
            let data = std::mem::take(&mut self.data);
            return Some(Event {
                kind: if kind.is_empty() {
                    "message".to_string()
                } else {
                    kind
                },
                data: serde_json::from_str(&data).unwrap_or(Value::Null),
            });
        }
        if line.starts_with(':') {
            return None;
        }
        let (field, value) = line.split_once(':').unwrap_or((line, ""));
        let value = value.strip_prefix(' ').unwrap_or(value);
        match field {
            "event" => self.kind = value.to_string(),
            "data" => {
                if !self.data.is_empty() {
                    self.data.push('\n');
                }
                self.data.push_str(value);
            }
            _ => {}
        }
        None
    }
}

/// What the listener reports.
#[derive(Debug, Clone, PartialEq)]
pub enum Heard {
    /// The stream is open (again): events missed meanwhile are lost, so
    /// read the games again.
    Connected,
    /// An event.
    Event(Event),
    /// The stream could not be opened or broke; it is tried again.
    Lost(String),
    /// The server refused the token (401): the listener stops.
    SignedOut(String),
}

/// The longest line read; a longer one is skipped.
#[cfg(not(target_arch = "wasm32"))]
const MAX_LINE: u64 = 256 * 1024;

/// How long the stream may stay silent: the server sends a keep-alive every
/// 15 s, so three missed ones mean a dead connection (a laptop that slept,
/// a Wi-Fi that changed) that no error will ever report. It is reopened.
pub const IDLE_LIMIT: Duration = Duration::from_secs(45);

/// Opens the stream once and reads it until it ends, calling `heard` for
/// each event. `Ok` when the server closed it, `Err` when it could not be
/// opened or broke.
#[cfg(target_arch = "wasm32")]
fn listen_once(
    server: &str,
    _token: &str,
    _stop: &AtomicBool,
    _idle: Duration,
    _heard: &dyn Fn(Heard),
) -> Result<(), Heard> {
    // no sockets in the browser (see crate::transport)
    Err(Heard::Lost(format!(
        "{} ({server})",
        crate::transport::NOT_IN_BROWSER
    )))
}

#[cfg(not(target_arch = "wasm32"))]
fn listen_once(
    server: &str,
    token: &str,
    stop: &AtomicBool,
    idle: Duration,
    heard: &dyn Fn(Heard),
) -> Result<(), Heard> {
    let agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_connect(Some(Duration::from_secs(5)))
        .timeout_recv_response(Some(Duration::from_secs(20)))
        .timeout_per_read(Some(idle))
        .tls_config(crate::tls::config())
        .build()
        .new_agent();
    let resp = agent
        .get(format!("{server}/api/v1/events"))
        .header("Authorization", format!("Bearer {token}"))
        .header("Accept", "text/event-stream")
        .call()
        .map_err(|e| match crate::tls::certificate_problem(&e) {
            Some(why) => Heard::Lost(format!("cannot talk to {server}: {why}")),
            None => Heard::Lost(format!("cannot reach {server} ({e})")),
        })?;
    match resp.status().as_u16() {
        200 => {}
        401 => {
            return Err(Heard::SignedOut(
                "the server no longer knows this sign-in".into(),
            ));
        }
        s => {
            return Err(Heard::Lost(format!(
                "{server} answered {s} for the live stream"
            )));
        }
    }
    heard(Heard::Connected);
    let mut reader = BufReader::new(resp.into_body().into_reader());
    let mut parser = Parser::default();
    let mut buf = Vec::new();
    loop {
        if stop.load(Ordering::Relaxed) {
            return Ok(());
        }
        buf.clear();
        let n = (&mut reader)
            .take(MAX_LINE)
            .read_until(b'\n', &mut buf)
            .map_err(|e| {
                Heard::Lost(if is_timeout(&e) {
                    format!(
                        "the live stream from {server} fell silent for {} s",
                        idle.as_secs_f32().round()
                    )
                } else {
                    format!("the live stream from {server} broke ({e})")
                })
            })?;
        if n == 0 {
            return Err(Heard::Lost(format!("{server} closed the live stream")));
        }
        if buf.last() != Some(&b'\n') && n as u64 == MAX_LINE {
            // a line too long: skip the rest of it
            let mut sink = Vec::new();
            let _ = reader.read_until(b'\n', &mut sink);
            continue;
        }
        let text = String::from_utf8_lossy(&buf);
        if let Some(event) = parser.line(text.trim_end_matches('\n'))
            && !stop.load(Ordering::Relaxed)
        {
            heard(Heard::Event(event));
        }
    }
}

/// Whether a read failed for want of data (ureq's per-read timeout).
#[cfg(not(target_arch = "wasm32"))]
fn is_timeout(e: &std::io::Error) -> bool {
    e.kind() == std::io::ErrorKind::TimedOut
        || e.get_ref()
            .and_then(|inner| inner.downcast_ref::<ureq::Error>())
            .is_some_and(|u| matches!(u, ureq::Error::Timeout(_)))
}

/// Listens to `server`'s stream for `token` on a thread called
/// `scribe-online-stream` until `stop` is set (seen at the next event or
/// keep-alive, at most ~15 s later), reconnecting with backoff (0.25 s
/// doubling to 4 s) after a failure. `heard` is called on that thread.
///
/// # Errors
/// The thread could not be started.
pub fn spawn(
    server: String,
    token: String,
    stop: Arc<AtomicBool>,
    heard: impl Fn(Heard) + Send + 'static,
) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name("scribe-online-stream".into())
        .spawn(move || {
            let mut wait = Duration::from_millis(250);
            while !stop.load(Ordering::Relaxed) {
                let opened = std::sync::atomic::AtomicBool::new(false);
                let result = listen_once(&server, &token, &stop, IDLE_LIMIT, &|h| {
                    if h == Heard::Connected {
                        opened.store(true, Ordering::Relaxed);
                    }
                    heard(h);
                });
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                if opened.load(Ordering::Relaxed) {
                    wait = Duration::from_millis(250);
                }
                match result {
                    Err(h @ Heard::SignedOut(_)) => {
                        heard(h);
                        return;
                    }
                    Err(h) => heard(h),
                    Ok(()) => return,
                }
                std::thread::sleep(wait);
                wait = (wait * 2).min(Duration::from_secs(4));
            }
        })
        .map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A server that opens the stream, sends one event and then nothing,
    /// not even a keep-alive: the connection is given up as dead.
    #[test]
    fn a_silent_stream_is_given_up() {
        use std::io::Write;
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let server = format!("http://{}", listener.local_addr().unwrap());
        let held = std::thread::spawn(move || {
            let (mut socket, _) = listener.accept().unwrap();
            let mut request = [0u8; 4096];
            let _ = socket.read(&mut request).unwrap();
            socket
                .write_all(
                    b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n\
                      transfer-encoding: chunked\r\n\r\n\
                      1c\r\nevent: ready\ndata: {\"a\":1}\n\n\r\n",
                )
                .unwrap();
            socket.flush().unwrap();
            // silent, and open, until the client gives up
            let _ = socket.read(&mut request);
        });
        let heard = std::sync::Mutex::new(Vec::new());
        let stop = AtomicBool::new(false);
        let started = std::time::Instant::now();
        let result = listen_once(&server, "t", &stop, Duration::from_millis(300), &|h| {
            heard.lock().unwrap().push(h);
        });
        let Err(Heard::Lost(why)) = result else {
            panic!("not given up: {result:?}");
        };
        assert!(why.contains("fell silent"), "{why}");
        assert!(started.elapsed() < Duration::from_secs(20));
        let heard = heard.into_inner().unwrap();
        assert_eq!(heard[0], Heard::Connected);
        assert!(
            matches!(&heard[1], Heard::Event(e) if e.kind == "ready"),
            "{heard:?}"
        );
        held.join().unwrap();
    }

    #[test]
    fn parses_events_comments_and_multi_line_data() {
        let mut p = Parser::default();
        let mut got = Vec::new();
        for line in [
            ": keep-alive",
            "event: ready",
            "data: {\"name\":\"ann\"}",
            "",
            "",
            "event: chat\r",
            "data: {\"text\":",
            "data: \"hi\"}",
            "",
        ] {
            got.extend(p.line(line));
        }
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].kind, "ready");
        assert_eq!(got[0].data["name"], "ann");
        assert_eq!(got[1].kind, "chat");
        assert_eq!(got[1].data["text"], "hi");
        assert_eq!(
            got[0].api(),
            Some(scribe_api::Event::Ready(scribe_api::Ready {
                name: "ann".into()
            }))
        );
        assert_eq!(got[1].api(), None, "a chat line without its game");
    }
}
