//! A small SMTP sink on loopback for the mail tests: it answers a client
//! (such as lettre) just enough to take its mails, and hands each one over
//! with the moment it arrived. Nothing leaves the machine.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

/// One mail the sink took.
#[derive(Debug, Clone)]
pub struct Mail {
    /// `RCPT TO` addresses.
    pub to: Vec<String>,
    /// The headers, names in lower case, values unfolded.
    pub headers: Vec<(String, String)>,
    /// The body, quoted-printable decoded if it was.
    pub body: String,
    /// When its `DATA` ended.
    pub at: Instant,
}

impl Mail {
    /// The first header `name` (lower case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The subject.
    pub fn subject(&self) -> &str {
        self.header("subject").unwrap_or("")
    }

    /// Every link (`http://…`) in the body.
    pub fn links(&self) -> Vec<String> {
        self.body
            .split_whitespace()
            .filter(|w| w.starts_with("http://") || w.starts_with("https://"))
            .map(|w| w.trim_end_matches(['.', ',', ')', '>']).to_string())
            .collect()
    }

    /// The link whose path holds `part`.
    pub fn link_with(&self, part: &str) -> String {
        self.links()
            .into_iter()
            .find(|l| l.contains(part))
            .unwrap_or_else(|| panic!("no link with {part:?} in: {}", self.body))
    }
}

/// How the sink turns a session away (see [`Sink::refuse_next`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// `451 4.3.0 try again later` to `MAIL FROM`: refused for now.
    ForNow,
    /// The connection is closed at once, before a greeting: as a server
    /// that is down (or restarting) looks.
    Down,
}

/// Sessions still to turn away, and how.
#[derive(Default)]
struct Refusing {
    left: AtomicUsize,
    how: Mutex<Option<Refusal>>,
    /// Sessions turned away so far.
    refused: AtomicUsize,
}

impl Refusing {
    /// Whether to turn this session away, and how.
    fn take(&self) -> Option<Refusal> {
        let taken = self
            .left
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .is_ok();
        if !taken {
            return None;
        }
        self.refused.fetch_add(1, Ordering::SeqCst);
        *self.how.lock().unwrap()
    }
}

/// The sink: its port and the mails as they come.
pub struct Sink {
    pub port: u16,
    rx: mpsc::Receiver<Mail>,
    refusing: Arc<Refusing>,
}

impl Sink {
    /// Starts a sink on a free port of 127.0.0.1.
    pub fn start() -> Sink {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let (tx, rx) = mpsc::channel();
        let refusing = Arc::new(Refusing::default());
        let r = refusing.clone();
        std::thread::spawn(move || {
            for conn in listener.incoming() {
                let Ok(conn) = conn else { return };
                let tx = tx.clone();
                let refusal = r.take();
                std::thread::spawn(move || {
                    let _ = session(conn, &tx, refusal);
                });
            }
        });
        Sink { port, rx, refusing }
    }

    /// Turns the next `n` sessions away as `how` says (the ones after
    /// are served as usual).
    pub fn refuse_next(&self, n: usize, how: Refusal) {
        *self.refusing.how.lock().unwrap() = Some(how);
        self.refusing.left.store(n, Ordering::SeqCst);
    }

    /// The sessions turned away so far.
    pub fn refused(&self) -> usize {
        self.refusing.refused.load(Ordering::SeqCst)
    }

    /// `smtp://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// The next mail (waits up to `secs` seconds).
    pub fn next_within(&self, secs: u64) -> Option<Mail> {
        self.rx.recv_timeout(Duration::from_secs(secs)).ok()
    }

    /// The next mail, which must come within 30 s.
    pub fn next(&self) -> Mail {
        self.next_within(30).expect("a mail in the SMTP sink")
    }

    /// No mail comes within `secs` seconds.
    pub fn quiet_for(&self, secs: u64) {
        if let Some(m) = self.next_within(secs) {
            panic!("an unexpected mail: {} to {:?}", m.subject(), m.to);
        }
    }
}

fn session(
    conn: TcpStream,
    tx: &mpsc::Sender<Mail>,
    refusal: Option<Refusal>,
) -> std::io::Result<()> {
    if refusal == Some(Refusal::Down) {
        return Ok(()); // dropped: closed before a word
    }
    conn.set_read_timeout(Some(Duration::from_secs(60)))?;
    let mut out = conn.try_clone()?;
    let mut lines = BufReader::new(conn);
    out.write_all(b"220 sink.test ESMTP ready\r\n")?;
    let mut to = Vec::new();
    loop {
        let mut line = String::new();
        if lines.read_line(&mut line)? == 0 {
            return Ok(());
        }
        let cmd = line.trim_end().to_ascii_uppercase();
        if cmd.starts_with("EHLO") {
            out.write_all(b"250-sink.test\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n")?;
        } else if cmd.starts_with("MAIL FROM") && refusal == Some(Refusal::ForNow) {
            out.write_all(b"451 4.3.0 try again later\r\n")?;
        } else if cmd.starts_with("HELO")
            || cmd.starts_with("MAIL FROM")
            || cmd.starts_with("RSET")
            || cmd.starts_with("NOOP")
        {
            out.write_all(b"250 OK\r\n")?;
        } else if cmd.starts_with("RCPT TO") {
            let addr = line.trim_end()[8..].trim().trim_start_matches('<');
            to.push(addr.split('>').next().unwrap_or("").to_string());
            out.write_all(b"250 OK\r\n")?;
        } else if cmd == "DATA" {
            out.write_all(b"354 go on\r\n")?;
            let mut data = String::new();
            loop {
                let mut l = String::new();
                if lines.read_line(&mut l)? == 0 {
                    return Ok(());
                }
                if l == ".\r\n" || l == ".\n" {
                    break;
                }
                // A line that starts with a dot had one more put before it.
                data.push_str(l.strip_prefix('.').unwrap_or(&l));
            }
            let mail = parse(&data, std::mem::take(&mut to));
            out.write_all(b"250 OK queued\r\n")?;
            let _ = tx.send(mail);
        } else if cmd.starts_with("QUIT") {
            out.write_all(b"221 bye\r\n")?;
            return Ok(());
        } else {
            out.write_all(b"502 not here\r\n")?;
        }
    }
}

fn parse(data: &str, to: Vec<String>) -> Mail {
    let at = Instant::now();
    let data = data.replace("\r\n", "\n");
    let (head, body) = data.split_once("\n\n").unwrap_or((&data, ""));
    let mut headers: Vec<(String, String)> = Vec::new();
    for line in head.lines() {
        if line.starts_with([' ', '\t']) {
            if let Some(last) = headers.last_mut() {
                last.1.push(' ');
                last.1.push_str(line.trim());
            }
        } else if let Some((n, v)) = line.split_once(':') {
            headers.push((n.trim().to_ascii_lowercase(), v.trim().to_string()));
        }
    }
    let qp = headers.iter().any(|(n, v)| {
        n == "content-transfer-encoding" && v.eq_ignore_ascii_case("quoted-printable")
    });
    let body = if qp { unquote(body) } else { body.to_string() };
    Mail {
        to,
        headers,
        body,
        at,
    }
}

/// Decodes quoted-printable text.
fn unquote(text: &str) -> String {
    let text = text.replace("=\n", "");
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'='
            && i + 2 < bytes.len()
            && let Ok(b) = u8::from_str_radix(&text[i + 1..i + 3], 16)
        {
            out.push(b);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A server that takes connections and never says a word: a dead SMTP
/// server, as a hung relay looks. Its port.
pub fn black_hole() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for conn in listener.incoming() {
            let Ok(conn) = conn else { return };
            held.push(conn);
        }
    });
    port
}
