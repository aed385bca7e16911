//! What the server's socket suites and the end-to-end ones at the
//! workspace's root (which include this file) share: the PostgreSQL to use,
//! fresh names, random games, raw HTTP through ureq, a reader of the live
//! event stream. Each test binary uses a part of it.
#![allow(dead_code)]

use scribe_rules::{Game, Square};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The PostgreSQL named by `SCRIBE_TEST_POSTGRES` (`.ci/run` starts a
/// throw-away cluster), or `None`, said on both outputs: the test skips.
pub fn postgres() -> Option<String> {
    match std::env::var("SCRIBE_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            println!("skipped: PostgreSQL tests (set SCRIBE_TEST_POSTGRES)");
            eprintln!("skipped: PostgreSQL tests (set SCRIBE_TEST_POSTGRES)");
            None
        }
    }
}

/// Names no earlier run on the same database has used.
pub fn fresh(prefix: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    format!(
        "{prefix}{:x}{:x}",
        std::process::id() % 0xffff,
        nanos % 0xfff_ffff
    )
}

/// A random legal game of `n` moves (all 81 with n = 81), by seed.
pub fn random_moves(seed: u64, n: usize) -> Vec<Square> {
    let mut state = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
    let mut game = Game::new();
    while game.moves().len() < n && !game.position().is_over() {
        let legal: Vec<Square> = game.position().legal_moves().iter().collect();
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let pick = ((state >> 33) as usize) % legal.len();
        game.play(legal[pick]).unwrap();
    }
    game.moves().to_vec()
}

/// Raw HTTP to a server, as any client (or attacker) would.
pub struct Http {
    pub base: String,
    agent: ureq::Agent,
}

impl Http {
    /// A client of the server at `url`. Each request has a connection of
    /// its own: a refusal answered before its body was read (a 401 from the
    /// token check) closes the connection, and a pooled one reused just then
    /// failed as "Peer disconnected" (seen 2 runs in 8 of `security`).
    pub fn at(url: &str) -> Http {
        Http {
            base: format!("{url}/api/v1"),
            agent: ureq::Agent::config_builder()
                .http_status_as_error(false)
                .max_idle_connections_per_host(0)
                .timeout_global(Some(Duration::from_secs(60)))
                .build()
                .new_agent(),
        }
    }

    /// GET a file: the status, the content type and the bytes.
    pub fn get_bytes(&self, path: &str) -> (u16, String, Vec<u8>) {
        let resp = self
            .agent
            .get(&format!("{}{path}", self.base))
            .call()
            .expect("the server answers");
        let status = resp.status().as_u16();
        let kind = resp
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string();
        let bytes = resp
            .into_body()
            .with_config()
            .limit(10 << 20)
            .read_to_vec()
            .expect("the body reads");
        (status, kind, bytes)
    }

    fn finish(resp: ureq::http::Response<ureq::Body>) -> (u16, Value) {
        let status = resp.status().as_u16();
        let text = resp.into_body().read_to_string().unwrap_or_default();
        let v = serde_json::from_str(&text).unwrap_or(Value::String(text));
        (status, v)
    }

    /// POST a JSON body (a raw string), with a token or none.
    pub fn post_raw(&self, path: &str, token: Option<&str>, body: &str) -> (u16, Value) {
        self.try_post_raw(path, token, body)
            .expect("the server answers")
    }

    /// As [`Http::post_raw`], `None` when the server cannot be reached.
    pub fn try_post_raw(
        &self,
        path: &str,
        token: Option<&str>,
        body: &str,
    ) -> Option<(u16, Value)> {
        let mut req = self
            .agent
            .post(format!("{}{path}", self.base))
            .header("Content-Type", "application/json");
        if let Some(t) = token {
            req = req.header("Authorization", format!("Bearer {t}"));
        }
        req.send(body).ok().map(Http::finish)
    }

    pub fn post(&self, path: &str, token: Option<&str>, body: Value) -> (u16, Value) {
        self.post_raw(path, token, &body.to_string())
    }

    pub fn get(&self, path: &str, token: Option<&str>) -> (u16, Value) {
        let mut req = self.agent.get(format!("{}{path}", self.base));
        if let Some(t) = token {
            req = req.header("Authorization", format!("Bearer {t}"));
        }
        Http::finish(req.call().unwrap())
    }

    pub fn delete(&self, path: &str, token: Option<&str>) -> (u16, Value) {
        let mut req = self.agent.delete(format!("{}{path}", self.base));
        if let Some(t) = token {
            req = req.header("Authorization", format!("Bearer {t}"));
        }
        Http::finish(req.call().unwrap())
    }

    /// Signs `name` up and in; the token.
    pub fn account(&self, name: &str) -> String {
        let pw = format!("{name}-password");
        let (s, v) = self.post("/accounts", None, json!({"name": name, "password": pw}));
        assert_eq!(s, 201, "signup {name}: {v}");
        self.signin(name, &pw)
    }

    pub fn signin(&self, name: &str, pw: &str) -> String {
        let (s, v) = self.post("/session", None, json!({"name": name, "password": pw}));
        assert_eq!(s, 200, "signin {name}: {v}");
        v["token"].as_str().unwrap().to_string()
    }

    /// A started game between `x` and `o` (tokens); its id.
    pub fn game(&self, x: &str, o: &str, o_name: &str, variant: &str) -> String {
        let (s, v) = self.post(
            "/challenges",
            Some(x),
            json!({"opponent": o_name, "variant": variant, "side": "x"}),
        );
        assert_eq!(s, 201, "{v}");
        let id = v["id"].as_str().unwrap().to_string();
        let (s, v) = self.post(&format!("/games/{id}/accept"), Some(o), json!({}));
        assert_eq!(s, 200, "{v}");
        id
    }
}

/// Sends raw bytes to `port` on loopback from the source address `from`
/// (any of 127.0.0.0/8) and reads the answer until the server closes the
/// connection or 10 s pass: the answer as text.
pub fn raw_from(from: &str, port: u16, request: &[u8]) -> String {
    send_from(from, port, request, Duration::from_secs(10)).0
}

/// Whether the server closes a connection from `from` that sent `sent`
/// (within 20 s); what it answered before closing.
pub fn closed_after(from: &str, port: u16, sent: &[u8]) -> Option<String> {
    let (answer, closed) = send_from(from, port, sent, Duration::from_secs(20));
    closed.then_some(answer)
}

/// Sends `request` from `from` to `port` and reads for `wait` at most:
/// what came back, and whether the server closed the connection by then.
fn send_from(from: &str, port: u16, request: &[u8], wait: Duration) -> (String, bool) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
        let mut conn = socket
            .connect(format!("127.0.0.1:{port}").parse().unwrap())
            .await
            .unwrap();
        conn.write_all(request).await.unwrap();
        let mut out = Vec::new();
        let closed = tokio::time::timeout(wait, conn.read_to_end(&mut out))
            .await
            .is_ok();
        (String::from_utf8_lossy(&out).into_owned(), closed)
    })
}

/// A raw answer read: the status, the header lines (lower case) and the
/// body as JSON (a string if it is not JSON).
pub fn parse_answer(answer: &str) -> (u16, String, Value) {
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let (head, text) = answer.split_once("\r\n\r\n").unwrap_or((answer, ""));
    let body = serde_json::from_str(text).unwrap_or(Value::String(text.into()));
    (status, head.to_ascii_lowercase(), body)
}

/// POSTs JSON to `/api/v1{path}` from the source address `from` (see
/// [`raw_from`]): the status and the body.
pub fn post_from(from: &str, port: u16, path: &str, body: &Value) -> (u16, Value) {
    let body = body.to_string();
    let request = format!(
        "POST /api/v1{path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let answer = raw_from(from, port, request.as_bytes());
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let text = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    (
        status,
        serde_json::from_str(text).unwrap_or(Value::String(text.into())),
    )
}

/// A player's live stream, read on a thread: events arrive as (kind, data).
pub struct Stream {
    pub rx: mpsc::Receiver<(String, Value)>,
}

impl Stream {
    /// Opens `GET /api/v1/events` with `token` and waits for `ready`.
    pub fn open(base_url: &str, token: &str) -> Stream {
        Stream::open_at(base_url, "/events", Some(token))
    }

    /// Opens the stream at `/api/v1{path}` (with `token`, if any) and waits
    /// for `ready`: a spectator's is `/games/{id}/events`, without a token.
    pub fn open_at(base_url: &str, path: &str, token: Option<&str>) -> Stream {
        let (tx, rx) = mpsc::channel();
        let url = format!("{base_url}/api/v1{path}");
        let token = token.map(str::to_string);
        std::thread::spawn(move || {
            let agent = ureq::Agent::config_builder()
                .http_status_as_error(false)
                .build()
                .new_agent();
            let mut req = agent.get(&url);
            if let Some(token) = token {
                req = req.header("Authorization", format!("Bearer {token}"));
            }
            let Ok(resp) = req.call() else {
                return;
            };
            let reader = BufReader::new(resp.into_body().into_reader());
            let mut kind = String::new();
            for line in reader.lines() {
                let Ok(line) = line else { return };
                if let Some(k) = line.strip_prefix("event: ") {
                    kind = k.to_string();
                } else if let Some(d) = line.strip_prefix("data: ") {
                    let v = serde_json::from_str(d).unwrap_or(Value::Null);
                    if tx.send((kind.clone(), v)).is_err() {
                        return;
                    }
                }
            }
        });
        let s = Stream { rx };
        let (kind, _) = s.next();
        assert_eq!(kind, "ready");
        s
    }

    /// The next event (waits up to 30 s).
    pub fn next(&self) -> (String, Value) {
        self.rx
            .recv_timeout(Duration::from_secs(30))
            .expect("an event on the live stream")
    }

    /// Waits (up to 30 s) for the server to end the stream; no move or
    /// chat line may arrive before it ends.
    pub fn ends(&self) {
        loop {
            match self.rx.recv_timeout(Duration::from_secs(30)) {
                Ok((kind, v)) => assert!(
                    kind != "move" && kind != "chat",
                    "an event on a stream that should have ended: {kind} {v}"
                ),
                Err(mpsc::RecvTimeoutError::Disconnected) => return,
                Err(mpsc::RecvTimeoutError::Timeout) => panic!("the stream did not end"),
            }
        }
    }

    /// The next event of `kind`, skipping others.
    pub fn next_of(&self, kind: &str) -> Value {
        loop {
            let (k, v) = self.next();
            if k == kind {
                return v;
            }
        }
    }
}

/// `name`'s rating in `variant` on the standings (`None`: not listed).
pub fn standing(http: &Http, name: &str, variant: &str) -> Option<Value> {
    let (_, st) = http.get(&format!("/standings?variant={variant}"), None);
    st["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == json!(name))
        .cloned()
}

/// `name`'s rating in `variant` on the player's page (`None`: not rated).
pub fn page_rating(http: &Http, name: &str, variant: &str) -> Option<Value> {
    let (s, page) = http.get(&format!("/players/{name}"), None);
    assert_eq!(s, 200, "{page}");
    page["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["variant"] == json!(variant))
        .cloned()
}

/// Makes `name` (token `token`, a new account) established: five games
/// against computer-beginner (established from the start), each resigned
/// after four moves, in `variant`; she is listed in the standings only
/// after the fifth.
pub fn establish(http: &Http, token: &str, name: &str, variant: &str) {
    let ann = token;
    // Five games against computer-beginner (established from the start),
    // each resigned by ann after four moves.
    for g in 0..5u64 {
        assert_eq!(
            standing(http, name, variant),
            None,
            "listed after {g} games"
        );
        let (s, v) = http.post(
            "/challenges",
            Some(ann),
            json!({"opponent": "computer-beginner", "variant": variant, "side": "x"}),
        );
        assert_eq!(s, 201, "{v}");
        let id = v["id"].as_str().unwrap().to_string();
        for n in [1, 3] {
            let end = std::time::Instant::now() + std::time::Duration::from_secs(60);
            let history = loop {
                let (_, game) = http.get(&format!("/games/{id}"), None);
                let h: Vec<String> = game["history"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s.as_str().unwrap().to_string())
                    .collect();
                if h.len() == n - 1 {
                    break h;
                }
                assert!(std::time::Instant::now() < end, "stalled: {game}");
                std::thread::sleep(std::time::Duration::from_millis(20));
            };
            let played: Vec<Square> = history.iter().map(|s| s.parse().unwrap()).collect();
            let game = Game::from_moves(played.iter().copied()).unwrap();
            let sq = game
                .position()
                .legal_moves()
                .iter()
                .nth(g as usize)
                .unwrap();
            let (s, v) = http.post(
                &format!("/games/{id}/moves"),
                Some(ann),
                json!({"square": sq.to_string(), "number": n}),
            );
            assert_eq!(s, 200, "{v}");
        }
        let end = std::time::Instant::now() + std::time::Duration::from_secs(60);
        loop {
            let (_, game) = http.get(&format!("/games/{id}"), None);
            if game["history"].as_array().unwrap().len() == 4 {
                break;
            }
            assert!(std::time::Instant::now() < end, "stalled: {game}");
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let (s, v) = http.post(&format!("/games/{id}/resign"), Some(ann), json!({}));
        assert_eq!(s, 200, "{v}");
        let r = page_rating(http, name, variant).expect("rated");
        assert_eq!(r["games"], json!(g + 1), "{r}");
    }
    assert!(
        standing(http, name, variant).is_some(),
        "{name} is established"
    );
}

/// The game's moves as squares.
pub fn history(g: &Value) -> Vec<Square> {
    g["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().parse().unwrap())
        .collect()
}

/// Waits (up to `secs`) until `pred` holds for game `id`; the game then.
pub fn wait_for(http: &Http, id: &str, secs: u64, pred: impl Fn(&Value) -> bool) -> Value {
    let end = Instant::now() + Duration::from_secs(secs);
    loop {
        let (s, g) = http.get(&format!("/games/{id}"), None);
        assert_eq!(s, 200, "{g}");
        if pred(&g) {
            return g;
        }
        assert!(Instant::now() < end, "game {id} stalled: {g}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Plays game `id` as `me` (token; name `name`) against the computer to the
/// end, choosing moves with `pick` from the legal ones; the squares this
/// client played, by move number.
pub fn play_to_the_end(
    http: &Http,
    id: &str,
    me: &str,
    name: &str,
    seed: u64,
) -> Vec<(usize, Square)> {
    let mut mine = Vec::new();
    let mut state = seed.wrapping_mul(6_364_136_223_846_793_005) | 1;
    loop {
        let g = wait_for(http, id, 120, |g| {
            g["status"] == "finished" || g["turn"] == json!(name)
        });
        if g["status"] == "finished" {
            return mine;
        }
        let moves = history(&g);
        let game = Game::from_moves(moves.iter().copied()).unwrap();
        let legal: Vec<Square> = game.position().legal_moves().iter().collect();
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let sq = legal[((state >> 33) as usize) % legal.len()];
        let n = moves.len() + 1;
        let (s, v) = http.post(
            &format!("/games/{id}/moves"),
            Some(me),
            json!({"square": sq.to_string(), "number": n}),
        );
        assert_eq!(s, 200, "move {n} {sq}: {v}");
        mine.push((n, sq));
    }
}

/// A GET from loopback with extra header lines: the whole answer as text.
pub fn raw_get(port: u16, path: &str, headers: &str) -> String {
    let mut conn = TcpStream::connect(("127.0.0.1", port)).unwrap();
    conn.set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    write!(
        conn,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{headers}Connection: close\r\n\r\n"
    )
    .unwrap();
    let mut out = String::new();
    let _ = conn.read_to_string(&mut out);
    out
}

/// A request with any method (even a made-up one) from loopback: the
/// whole answer as text.
pub fn raw_request(port: u16, method: &str, path: &str, body: &str) -> String {
    let mut conn = TcpStream::connect(("127.0.0.1", port)).unwrap();
    conn.set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    write!(
        conn,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\
         Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut out = String::new();
    let _ = conn.read_to_string(&mut out);
    out
}

/// Opens a live stream with raw HTTP and waits for its `ready` event.
pub fn open_stream(port: u16, token: &str) -> TcpStream {
    let mut conn = TcpStream::connect(("127.0.0.1", port)).unwrap();
    conn.set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    write!(
        conn,
        "GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n\
         Accept: text/event-stream\r\n\r\n"
    )
    .unwrap();
    let mut seen = Vec::new();
    let mut buf = [0u8; 4096];
    while !String::from_utf8_lossy(&seen).contains("event: ready") {
        let n = conn.read(&mut buf).expect("the stream answers");
        assert!(n > 0, "the stream closed before ready");
        seen.extend_from_slice(&buf[..n]);
    }
    assert!(String::from_utf8_lossy(&seen).starts_with("HTTP/1.1 200"));
    conn
}
