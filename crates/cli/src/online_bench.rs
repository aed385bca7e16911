//! `scribe bench --online`: a load benchmark of the server. It starts
//! `scribe serve` on loopback (SQLite in a temporary folder, or
//! `--database`), signs up two players per game, and at each level plays that
//! many games at once: in every game the mover sends a numbered move, the
//! opponent's live stream receives it, and the opponent answers. Reported per
//! level: moves per second, p50/p99 latency of a move (request to answer) and
//! of its arrival on the opponent's stream (request to event), the size of
//! a move's answer, and the server's memory (resident, and its peak). With
//! `--computer-games N`, N more players each play the server's computer at
//! the same pace meanwhile (a line of their own: their moves, and the
//! computer's replies from answer to event); the table stays people's. The
//! moves go over a shared set of keep-alive connections (one per game, up
//! to [`MOVE_CONNECTIONS`]), so that 8,000 games' 16,000 live streams fit
//! in 20,000 file descriptors.
//!
//! The client is a few lines of HTTP/1.1 over tokio sockets (keep-alive
//! requests, and the event stream read line by line), so that thousands of
//! players fit in one process without an HTTP client crate.

use anyhow::{Context, anyhow, bail};
use scribe_ai::Rng;
use scribe_api as api;
use scribe_rules::{Game, Square};
use serde_json::Value;
use std::io::BufRead as _;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::sync::{Semaphore, mpsc};

/// What `scribe bench --online` measures.
#[derive(Debug, Clone)]
pub struct OnlineBench {
    /// The numbers of concurrent games, one level each.
    pub levels: Vec<usize>,
    /// The database (`None`: SQLite in a temporary folder).
    pub database: Option<String>,
    /// The longest a level plays, in seconds.
    pub seconds: u64,
    /// Extra flags for `scribe serve` (e.g. `--sqlite-sync normal`).
    pub serve_flags: Vec<String>,
    /// How long a player thinks before each move (zero: at once).
    pub think: Duration,
    /// As many more players play the server's computer meanwhile.
    pub computer_games: usize,
    /// The computer's level in those games.
    pub computer_level: scribe_ai::Level,
    /// As many spectators watch the people's games meanwhile (streams
    /// without a sign-in, spread over the games), each group of 32 from an
    /// address of its own (named in `X-Forwarded-For`: the server trusts
    /// this machine as its proxy).
    pub spectators: usize,
    /// Wrong sign-ins a second from one address meanwhile (0: none); the
    /// server then limits sign-ins as it does by default.
    pub flood_per_second: u32,
}

/// What the spectators saw: streams opened, refused, move events.
#[derive(Debug, Default)]
struct Watched {
    opened: usize,
    refused: usize,
    events: usize,
}

/// Watches game `id` as a spectator from `from` (in `X-Forwarded-For`)
/// until `deadline`: whether the stream opened, and the move events it got.
async fn spectate(port: u16, id: String, from: String, deadline: Instant) -> (bool, usize) {
    let Ok(mut c) = Conn::open(port).await else {
        return (false, 0);
    };
    let head = format!(
        "GET /api/v1/games/{id}/events HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: {from}\r\n\r\n"
    );
    if c.io.get_mut().write_all(head.as_bytes()).await.is_err() {
        return (false, 0);
    }
    let Ok((200, _)) = c.read_head().await else {
        return (false, 0);
    };
    let mut events = 0;
    let mut line = String::new();
    loop {
        line.clear();
        let left = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, c.io.read_line(&mut line)).await {
            Ok(Ok(n)) if n > 0 => {
                if line.trim_end() == "event: move" {
                    events += 1;
                }
            }
            _ => return (true, events),
        }
    }
}

/// Sends `per_second` wrong sign-ins a second with made-up names from the
/// one address 203.0.113.66 (in `X-Forwarded-For`) until `deadline`: how
/// many were answered 401, 429, and anything else.
async fn flood(port: u16, per_second: u32, deadline: Instant) -> (usize, usize, usize) {
    let mut sent = Vec::new();
    let every = Duration::from_secs(1) / per_second.max(1);
    let mut tick = tokio::time::interval(every);
    let mut i = 0u64;
    while Instant::now() < deadline {
        tick.tick().await;
        i += 1;
        sent.push(tokio::spawn(async move {
            let mut c = Conn::open(port).await.ok()?;
            let body = format!(r#"{{"name":"nobody{i}","password":"wrong-password"}}"#);
            let head = format!(
                "POST /api/v1/session HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: 203.0.113.66\r\n\
                 Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
                body.len()
            );
            c.io.get_mut().write_all(head.as_bytes()).await.ok()?;
            c.read_head().await.ok().map(|(status, _)| status)
        }));
    }
    let (mut unauthorized, mut limited, mut other) = (0, 0, 0);
    for t in sent {
        match t.await.ok().flatten() {
            Some(401) => unauthorized += 1,
            Some(429) => limited += 1,
            _ => other += 1,
        }
    }
    (unauthorized, limited, other)
}

struct ServerProcess {
    child: Child,
    port: u16,
    /// Started under [`WRAP`] (a profiler).
    wrapped: bool,
    /// Killed already.
    ended: bool,
}

/// The environment variable naming a command to run the server under, for
/// profiling: `SCRIBE_BENCH_SERVE_WRAP="heaptrack -o /tmp/serve"` runs
/// `heaptrack -o /tmp/serve scribe serve …`. The memory figures are then
/// the server's own (the process below the wrapper that runs this binary),
/// and after the last level the server is killed (SIGKILL) with every
/// stream still open, so that the profiler's "leaked" memory is what the
/// open streams and connections hold.
pub const WRAP: &str = "SCRIBE_BENCH_SERVE_WRAP";

impl Drop for ServerProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

impl ServerProcess {
    /// Ends the server at once (under a wrapper, the server itself; the
    /// wrapper then writes its report).
    fn kill(&mut self) {
        if std::mem::replace(&mut self.ended, true) {
            return;
        }
        if self.wrapped {
            let server = self.server_pid();
            let _ = Command::new("kill")
                .args(["-KILL", &server.to_string()])
                .status();
        } else {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }

    /// The server's process: the child, or under a wrapper the first
    /// process below it that runs this binary.
    /// (Linux's `/proc`; elsewhere the child itself.)
    fn server_pid(&self) -> u32 {
        let me = std::env::current_exe().ok();
        let mut todo = vec![self.child.id()];
        while let Some(pid) = todo.pop() {
            let exe = std::fs::read_link(format!("/proc/{pid}/exe")).ok();
            if exe.is_some() && exe == me {
                return pid;
            }
            let children = std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children"))
                .unwrap_or_default();
            todo.extend(
                children
                    .split_whitespace()
                    .filter_map(|c| c.parse::<u32>().ok()),
            );
        }
        self.child.id()
    }

    /// The server's resident and peak memory in KiB, from Linux's `/proc`;
    /// (0, 0) on systems without it (Windows, macOS), said above the table.
    fn memory_kib(&self) -> (u64, u64) {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.server_pid()))
            .unwrap_or_default();
        let field = |name: &str| {
            status
                .lines()
                .find(|l| l.starts_with(name))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|n| n.parse().ok())
                .unwrap_or(0)
        };
        (field("VmRSS:"), field("VmHWM:"))
    }
}

fn start_server(database: &str, flags: &[String], limits: bool) -> anyhow::Result<ServerProcess> {
    let port = std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port();
    let wrap: Vec<String> = std::env::var(WRAP)
        .unwrap_or_default()
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let mut command = match wrap.split_first() {
        Some((program, args)) => {
            let mut c = Command::new(program);
            c.args(args).arg(std::env::current_exe()?);
            c
        }
        None => Command::new(std::env::current_exe()?),
    };
    let mut child = command
        .args(["serve", "--listen", &format!("127.0.0.1:{port}")])
        .args(["--database", database])
        .args(if limits {
            &[][..]
        } else {
            &["--auth-per-minute", "1000000"][..]
        })
        .args(flags)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .context("cannot start scribe serve")?;
    let out = child.stdout.take().ok_or_else(|| anyhow!("no output"))?;
    let mut out = std::io::BufReader::new(out);
    let mut line = String::new();
    // A wrapper (a profiler) may say a few lines of its own first.
    for _ in 0..20 {
        line.clear();
        if out.read_line(&mut line)? == 0 || line.contains("listening") {
            break;
        }
    }
    if !line.contains("listening") {
        bail!("scribe serve did not start: {line}");
    }
    Ok(ServerProcess {
        child,
        port,
        wrapped: !wrap.is_empty(),
        ended: false,
    })
}

/// One keep-alive HTTP/1.1 connection.
struct Conn {
    io: BufReader<TcpStream>,
    /// Header lines sent with every request (`X-Forwarded-For: …`).
    extra: String,
}

impl Conn {
    async fn open(port: u16) -> std::io::Result<Conn> {
        let s = TcpStream::connect(("127.0.0.1", port)).await?;
        s.set_nodelay(true)?;
        Ok(Conn {
            io: BufReader::new(s),
            extra: String::new(),
        })
    }

    /// A connection whose requests say they come from `from` (the server
    /// trusts this machine as its proxy).
    async fn open_as(port: u16, from: &str) -> std::io::Result<Conn> {
        let mut c = Conn::open(port).await?;
        c.extra = format!("X-Forwarded-For: {from}\r\n");
        Ok(c)
    }

    async fn send_head(
        &mut self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: &str,
    ) -> std::io::Result<()> {
        let auth = token.map_or(String::new(), |t| format!("Authorization: Bearer {t}\r\n"));
        let extra = &self.extra;
        let req = format!(
            "{method} /api/v1{path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{extra}{auth}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        self.io.get_mut().write_all(req.as_bytes()).await
    }

    async fn read_head(&mut self) -> std::io::Result<(u16, Option<usize>)> {
        let mut line = String::new();
        self.io.read_line(&mut line).await?;
        let status = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let mut length = None;
        loop {
            line.clear();
            if self.io.read_line(&mut line).await? == 0 {
                return Err(std::io::ErrorKind::UnexpectedEof.into());
            }
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            if let Some((k, v)) = l.split_once(':')
                && k.eq_ignore_ascii_case("content-length")
            {
                length = v.trim().parse().ok();
            }
        }
        Ok((status, length))
    }

    async fn request(
        &mut self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: &str,
    ) -> std::io::Result<(u16, Value)> {
        self.send_head(method, path, token, body).await?;
        let (status, length) = self.read_head().await?;
        let mut buf = vec![0; length.unwrap_or(0)];
        self.io.read_exact(&mut buf).await?;
        Ok((status, serde_json::from_slice(&buf).unwrap_or(Value::Null)))
    }

    /// As [`Conn::request`], the answer's body only counted.
    async fn request_len(
        &mut self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: &str,
    ) -> std::io::Result<(u16, usize)> {
        self.send_head(method, path, token, body).await?;
        let (status, length) = self.read_head().await?;
        let length = length.unwrap_or(0);
        let mut buf = vec![0; length];
        self.io.read_exact(&mut buf).await?;
        Ok((status, length))
    }
}

/// The keep-alive connections the games send their moves on: at most
/// [`MOVE_CONNECTIONS`] at once (one per game up to that), so that the
/// live streams, two a game, have the file descriptors.
struct Pool {
    port: u16,
    idle: std::sync::Mutex<Vec<Conn>>,
    gate: Semaphore,
}

/// The most connections the moves of a level use at once.
pub const MOVE_CONNECTIONS: usize = 2000;

impl Pool {
    fn new(port: u16, games: usize) -> Pool {
        Pool {
            port,
            idle: std::sync::Mutex::new(Vec::new()),
            gate: Semaphore::new(games.clamp(1, MOVE_CONNECTIONS)),
        }
    }

    /// Sends one request on an idle connection (or a new one): its status,
    /// its body's length in bytes, and how long it took from the moment a
    /// connection was at hand.
    async fn request(
        &self,
        method: &str,
        path: &str,
        token: &str,
        body: &str,
    ) -> anyhow::Result<(u16, usize, Duration)> {
        let _permit = self.gate.acquire().await?;
        let idle = self
            .idle
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .pop();
        let mut conn = match idle {
            Some(c) => c,
            None => Conn::open(self.port).await?,
        };
        let sent = Instant::now();
        let (status, bytes) = conn.request_len(method, path, Some(token), body).await?;
        let took = sent.elapsed();
        self.idle
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push(conn);
        Ok((status, bytes, took))
    }
}

/// Reads a player's event stream; sends (move number, arrival, square) for
/// moves.
async fn read_stream(
    port: u16,
    token: String,
    ready: tokio::sync::oneshot::Sender<()>,
    tx: mpsc::UnboundedSender<(u64, Instant, String)>,
) -> std::io::Result<()> {
    let mut c = Conn::open(port).await?;
    c.send_head("GET", "/events", Some(&token), "").await?;
    let (status, _) = c.read_head().await?;
    if status != 200 {
        return Err(std::io::Error::other(format!("events: {status}")));
    }
    let mut ready = Some(ready);
    let mut kind = String::new();
    let mut line = String::new();
    loop {
        line.clear();
        if c.io.read_line(&mut line).await? == 0 {
            return Ok(());
        }
        let l = line.trim_end();
        if let Some(k) = l.strip_prefix("event: ") {
            kind = k.to_string();
        } else if let Some(d) = l.strip_prefix("data: ") {
            if kind == "ready" {
                if let Some(r) = ready.take() {
                    let _ = r.send(());
                }
            } else if kind == "move"
                && let Ok(m) = serde_json::from_str::<api::MoveEvent>(d)
                && tx
                    .send((m.number as u64, Instant::now(), m.square))
                    .is_err()
            {
                return Ok(());
            }
        }
    }
}

fn random_game(seed: u64) -> Vec<Square> {
    let mut rng = Rng::new(seed);
    let mut game = Game::new();
    while !game.position().is_over() {
        let legal: Vec<Square> = game.position().legal_moves().iter().collect();
        let pick = rng.below(u32::try_from(legal.len()).unwrap_or(1)) as usize;
        if game.play(legal[pick]).is_err() {
            break;
        }
    }
    game.moves().to_vec()
}

#[derive(Default)]
struct Samples {
    moves: Vec<Duration>,
    arrivals: Vec<Duration>,
    /// The bytes of the move answers' bodies.
    answer_bytes: usize,
    errors: usize,
}

/// Plays one game until it ends or `deadline`.
async fn play_game(
    port: u16,
    pool: Arc<Pool>,
    id: String,
    tokens: [String; 2],
    moves: Vec<Square>,
    deadline: Instant,
    think: Duration,
) -> anyhow::Result<Samples> {
    let mut streams = Vec::new();
    for t in &tokens {
        let (tx, rx) = mpsc::unbounded_channel();
        let (ready_tx, ready_rx) = tokio::sync::oneshot::channel();
        tokio::spawn(read_stream(port, t.clone(), ready_tx, tx));
        ready_rx.await.map_err(|_| anyhow!("no event stream"))?;
        streams.push(rx);
    }
    let mut s = Samples::default();
    let mut jitter = Rng::new(
        id.bytes()
            .fold(0, |h: u64, b| h.wrapping_mul(31).wrapping_add(u64::from(b))),
    );
    for (i, sq) in moves.iter().enumerate() {
        if !think.is_zero() {
            // Between half and one and a half times the thinking time, so
            // that the games do not move in step.
            tokio::time::sleep(think.mul_f64(0.5 + jitter.unit())).await;
        }
        if Instant::now() > deadline {
            break;
        }
        let n = i as u64 + 1;
        let me = i % 2;
        let body = api::NewMove {
            square: sq.to_string(),
            number: Some(n),
        };
        let body = serde_json::to_string(&body).unwrap_or_default();
        let path = format!("/games/{id}/moves");
        let (status, bytes, took) = pool.request("POST", &path, &tokens[me], &body).await?;
        // The event's latency from when the request went out.
        let sent = Instant::now()
            .checked_sub(took)
            .unwrap_or_else(Instant::now);
        s.moves.push(took);
        s.answer_bytes += bytes;
        if status != 200 {
            s.errors += 1;
            break;
        }
        // The opponent's stream: wait for this move's event.
        let Some((at, _)) = event_of_move(&mut streams[1 - me], n, Duration::from_secs(30)).await
        else {
            s.errors += 1;
            return Ok(s);
        };
        s.arrivals.push(at.duration_since(sent));
    }
    Ok(s)
}

/// Plays one game against the computer (as X) until it ends or
/// `deadline`: the person's moves' latencies in `moves`, the computer's
/// replies (from the person's answer to the reply's event) in `arrivals`.
async fn play_computer(
    port: u16,
    pool: Arc<Pool>,
    id: String,
    token: String,
    deadline: Instant,
    think: Duration,
    seed: u64,
) -> anyhow::Result<Samples> {
    let (tx, mut rx) = mpsc::unbounded_channel();
    let (ready_tx, ready_rx) = tokio::sync::oneshot::channel();
    tokio::spawn(read_stream(port, token.clone(), ready_tx, tx));
    ready_rx.await.map_err(|_| anyhow!("no event stream"))?;
    let mut s = Samples::default();
    let mut rng = Rng::new(seed);
    let mut game = Game::new();
    while !game.position().is_over() {
        if !think.is_zero() {
            tokio::time::sleep(think.mul_f64(0.5 + rng.unit())).await;
        }
        if Instant::now() > deadline {
            break;
        }
        let legal: Vec<Square> = game.position().legal_moves().iter().collect();
        let sq = legal[rng.below(u32::try_from(legal.len()).unwrap_or(1)) as usize];
        let n = game.moves().len() as u64 + 1;
        let body = api::NewMove {
            square: sq.to_string(),
            number: Some(n),
        };
        let body = serde_json::to_string(&body).unwrap_or_default();
        let path = format!("/games/{id}/moves");
        let (status, bytes, took) = pool.request("POST", &path, &token, &body).await?;
        let answered = Instant::now();
        s.moves.push(took);
        s.answer_bytes += bytes;
        if status != 200 || game.play(sq).is_err() {
            s.errors += 1;
            break;
        }
        if game.position().is_over() {
            break;
        }
        // The computer's reply on my stream.
        let Some((at, square)) = event_of_move(&mut rx, n + 1, Duration::from_secs(120)).await
        else {
            s.errors += 1;
            break;
        };
        s.arrivals.push(at.saturating_duration_since(answered));
        let played = square.parse::<Square>().ok().map(|q| game.play(q));
        if !matches!(played, Some(Ok(_))) {
            s.errors += 1;
            break;
        }
    }
    // Unfinished at the deadline: resigned, so that the player's place
    // among their computer games (two at once) is free for the next level.
    if !game.position().is_over() {
        let path = format!("/games/{id}/resign");
        let _ = pool.request("POST", &path, &token, "{}").await;
    }
    Ok(s)
}

/// Waits on a stream for the event of move `number` (others are passed
/// over): when it arrived and its square, or `None` if nothing came within
/// `wait` or the stream ended.
async fn event_of_move(
    rx: &mut mpsc::UnboundedReceiver<(u64, Instant, String)>,
    number: u64,
    wait: Duration,
) -> Option<(Instant, String)> {
    loop {
        match tokio::time::timeout(wait, rx.recv()).await {
            Ok(Some((num, at, square))) if num == number => return Some((at, square)),
            Ok(Some(_)) => {}
            _ => return None,
        }
    }
}

fn percentile(v: &mut [Duration], p: f64) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort();
    let i = ((v.len() as f64 - 1.0) * p).round() as usize;
    v[i.min(v.len() - 1)].as_secs_f64() * 1000.0
}

/// Runs the benchmark and prints a table.
///
/// # Errors
/// The server does not start, or the requests fail.
pub fn run(bench: &OnlineBench) -> anyhow::Result<()> {
    let tmp = tempfile::tempdir()?;
    let database = bench
        .database
        .clone()
        .unwrap_or_else(|| format!("sqlite:{}", tmp.path().join("bench.sqlite3").display()));
    let mut flags = bench.serve_flags.clone();
    if bench.spectators > 0 || bench.flood_per_second > 0 {
        // The spectators' and the flood's addresses are named in
        // X-Forwarded-For; the players, from this machine itself, are the
        // proxy's own requests and never limited.
        flags.extend(["--trusted-proxy".to_string(), "127.0.0.1".to_string()]);
    }
    let mut server = start_server(&database, &flags, bench.flood_per_second > 0)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .thread_name("scribe-bench")
        .build()?;
    let shown = if database.starts_with("sqlite:") {
        "SQLite"
    } else {
        "PostgreSQL"
    };
    println!(
        "scribe bench --online: {shown}, server on 127.0.0.1:{}, players think {} ms a move",
        server.port,
        bench.think.as_millis()
    );
    if !cfg!(target_os = "linux") {
        println!("(the server's memory is read from Linux's /proc: RSS and peak show 0 here)");
    }
    println!(
        "{:>6} {:>8} {:>9} {:>9} {:>9} {:>10} {:>10} {:>9} {:>9} {:>9} {:>6}",
        "games",
        "moves",
        "moves/s",
        "move p50",
        "move p99",
        "event p50",
        "event p99",
        "RSS MB",
        "peak MB",
        "answer B",
        "errors"
    );
    runtime.block_on(async {
        let port = server.port;
        let most = bench.levels.iter().copied().max().unwrap_or(0);
        let prefix = scribe_server::random_hex(2)?;
        // Two players per game of the largest level, made once.
        let gate = Arc::new(Semaphore::new(8));
        let mut signups = Vec::new();
        // With the server's sign-in limits on, each player signs up from an
        // address of its own, as people do.
        let own_address = bench.flood_per_second > 0;
        for i in 0..most * 2 + bench.computer_games {
            let gate = gate.clone();
            let name = format!("b{prefix}p{i}");
            signups.push(tokio::spawn(async move {
                let _permit = gate.acquire().await;
                let mut c = if own_address {
                    let from = format!("10.{}.{}.{}", 100 + i / 65_536, i / 256 % 256, i % 256);
                    Conn::open_as(port, &from).await?
                } else {
                    Conn::open(port).await?
                };
                let cred = api::Credentials {
                    name: name.clone(),
                    password: "bench-password".into(),
                };
                let cred = serde_json::to_string(&cred)?;
                c.request("POST", "/accounts", None, &cred).await?;
                let (s, v) = c.request("POST", "/session", None, &cred).await?;
                if s != 200 {
                    return Err(anyhow!("sign-in failed: {s} {v}"));
                }
                let token = serde_json::from_value::<api::Token>(v)
                    .map_or_else(|_| String::new(), |t| t.token);
                Ok::<(String, String), anyhow::Error>((name, token))
            }));
        }
        let mut players = Vec::new();
        for s in signups {
            players.push(s.await??);
        }
        for (level_no, &n) in bench.levels.iter().enumerate() {
            let mut c = Conn::open(port).await?;
            let mut games = Vec::new();
            for g in 0..n {
                let (x, o) = (&players[2 * g], &players[2 * g + 1]);
                let body = api::NewChallenge {
                    opponent: Some(o.0.clone()),
                    side: Some(api::SideChoice::X.as_str().into()),
                    ..api::NewChallenge::default()
                };
                let body = serde_json::to_string(&body)?;
                let (_, v) = c.request("POST", "/challenges", Some(&x.1), &body).await?;
                let id =
                    serde_json::from_value::<api::Game>(v).map_or_else(|_| String::new(), |g| g.id);
                c.request("POST", &format!("/games/{id}/accept"), Some(&o.1), "{}")
                    .await?;
                games.push((id, [x.1.clone(), o.1.clone()]));
            }
            let mut against = Vec::new();
            for k in 0..bench.computer_games {
                let me = &players[most * 2 + k];
                let body = api::NewChallenge {
                    opponent: Some(scribe_ai::computer_name(bench.computer_level)),
                    side: Some(api::SideChoice::X.as_str().into()),
                    ..api::NewChallenge::default()
                };
                let body = serde_json::to_string(&body)?;
                let (status, v) = c.request("POST", "/challenges", Some(&me.1), &body).await?;
                if status != 201 {
                    bail!("a challenge to the computer was refused: {status} {v}");
                }
                let id =
                    serde_json::from_value::<api::Game>(v).map_or_else(|_| String::new(), |g| g.id);
                against.push((id, me.1.clone()));
            }
            let start = Instant::now();
            let deadline = start + Duration::from_secs(bench.seconds);
            let mut watchers = Vec::new();
            for i in 0..bench.spectators.min(n * 1000) {
                let id = games[i % n].0.clone();
                let group = i / 32;
                let from = format!("10.{}.{}.1", group / 256 % 256, group % 256);
                watchers.push(tokio::spawn(spectate(port, id, from, deadline)));
            }
            let flooding = (bench.flood_per_second > 0)
                .then(|| tokio::spawn(flood(port, bench.flood_per_second, deadline)));
            let mut tasks = Vec::new();
            let pool = Arc::new(Pool::new(port, n + bench.computer_games));
            let mut computer_tasks = Vec::new();
            for (k, (id, token)) in against.into_iter().enumerate() {
                computer_tasks.push(tokio::spawn(play_computer(
                    port,
                    pool.clone(),
                    id,
                    token,
                    deadline,
                    bench.think,
                    (level_no * 100_000 + k) as u64 + 7,
                )));
            }
            for (g, (id, tokens)) in games.into_iter().enumerate() {
                let moves = random_game((level_no * 100_000 + g) as u64 + 1);
                tasks.push(tokio::spawn(play_game(
                    port,
                    pool.clone(),
                    id,
                    tokens,
                    moves,
                    deadline,
                    bench.think,
                )));
            }
            let mut all = Samples::default();
            for t in tasks {
                match t.await? {
                    Ok(s) => {
                        all.moves.extend(s.moves);
                        all.arrivals.extend(s.arrivals);
                        all.answer_bytes += s.answer_bytes;
                        all.errors += s.errors;
                    }
                    Err(_) => all.errors += 1,
                }
            }
            let mut computer = Samples::default();
            for t in computer_tasks {
                match t.await? {
                    Ok(s) => {
                        computer.moves.extend(s.moves);
                        computer.arrivals.extend(s.arrivals);
                        computer.errors += s.errors;
                    }
                    Err(_) => computer.errors += 1,
                }
            }
            let mut watched = Watched::default();
            for w in watchers {
                match w.await {
                    Ok((true, events)) => {
                        watched.opened += 1;
                        watched.events += events;
                    }
                    _ => watched.refused += 1,
                }
            }
            let flooded = match flooding {
                Some(f) => Some(f.await?),
                None => None,
            };
            let elapsed = start.elapsed().as_secs_f64();
            let (rss, peak) = server.memory_kib();
            let count = all.moves.len();
            println!(
                "{:>6} {:>8} {:>9.0} {:>9.1} {:>9.1} {:>10.1} {:>10.1} {:>9.1} {:>9.1} {:>9} {:>6}",
                n,
                count,
                count as f64 / elapsed,
                percentile(&mut all.moves, 0.5),
                percentile(&mut all.moves, 0.99),
                percentile(&mut all.arrivals, 0.5),
                percentile(&mut all.arrivals, 0.99),
                rss as f64 / 1024.0,
                peak as f64 / 1024.0,
                all.answer_bytes / count.max(1),
                all.errors
            );
            if bench.computer_games > 0 {
                println!(
                    "       and {} games against computer-{}: {} moves by people, p50 {:.1} p99 {:.1} ms; \
                     the computer's {} replies p50 {:.1} p99 {:.1} ms (answer to event); {} errors",
                    bench.computer_games,
                    bench.computer_level.name().to_ascii_lowercase(),
                    computer.moves.len(),
                    percentile(&mut computer.moves, 0.5),
                    percentile(&mut computer.moves, 0.99),
                    computer.arrivals.len(),
                    percentile(&mut computer.arrivals, 0.5),
                    percentile(&mut computer.arrivals, 0.99),
                    computer.errors
                );
            }
            if bench.spectators > 0 {
                println!(
                    "       and {} spectators: {} streams open to the end, {} refused; {} move events seen",
                    bench.spectators, watched.opened, watched.refused, watched.events
                );
            }
            if let Some((unauthorized, limited, other)) = flooded {
                println!(
                    "       and {} wrong sign-ins a second from one address: {} answered 401, {} 429, {} other",
                    bench.flood_per_second, unauthorized, limited, other
                );
            }
        }
        if server.wrapped {
            // With every stream still open: the profile's snapshot.
            server.kill();
        }
        Ok::<(), anyhow::Error>(())
    })?;
    println!(
        "(latencies in ms; answer B: the mean body of a move's answer in bytes; a level stops after {} s)",
        bench.seconds
    );
    Ok(())
}
