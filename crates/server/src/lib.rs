//! `scribe serve`: the network Scribe server, heir of the 2007 play-by-email
//! server. Accounts, challenges, games with numbered moves, chat, undo by
//! agreement, Glicko-2 ratings and a live event stream per player, behind a
//! versioned JSON API (`/api/v1/…`, see `docs/online/api.md`).
//!
//! It stands on `rules` (every move is checked by them), `record` (the
//! JSON result, the text board, the save file) and `ai` (the computer
//! players and their levels); nothing below knows of it.
//! It speaks the wire protocol of [`scribe_api`]: every answer, refusal and
//! event is one of its types.
//!
//! Layout, in layers, each folder importing only those below it (a unit
//! test, `layers::tests`, keeps it so):
//! - [`http`]: the routes' handlers, one file per resource, and the shared
//!   extractors ([`http::extract`]);
//! - [`ops`]: the keeper's side: `scribe admin` ([`ops::admin`]), backups,
//!   `GET /metrics`, the accept loop (timeouts, a cap per address, TLS),
//!   the access log;
//! - [`mail`] (`--smtp`: verified addresses, "your move" mail, reminders,
//!   password reset) and [`computer`] (the computer players and their pool):
//!   they react to a game's change through the store's
//!   [`store::Reaction`]s, registered here;
//! - [`store`]: the one writer of the games (the retry, the compare-and-set,
//!   ratings and events, then the after-commit reactions in one place) and
//!   the ratings ([`store::ratings`]);
//! - [`domain`]: a game and its views, every change as a pure function of
//!   its row, what a move changed;
//! - [`live`]: the live bus behind the streams (and [`live::wake`], through
//!   which `scribe admin` reaches a server on SQLite);
//! - the shared base: [`db`] (opening, migrations), [`auth`] (names,
//!   passwords, tokens, the signed-in player), [`client`] (who a request
//!   comes from, behind a trusted proxy too), [`error`]; and [`web`], the
//!   page at `/`.
// These docs are for us, read with `cargo doc --document-private-items`
// (CONTRIBUTING.md): links to the crate's private items are meant.
#![allow(rustdoc::private_intra_doc_links)]

mod auth;
mod client;
mod computer;
mod db;
mod domain;
mod error;
mod http;
#[cfg(test)]
mod layers;
mod live;
mod mail;
mod ops;
mod store;
mod web;

use anyhow::{Context, bail};
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Arc;

pub use auth::random_hex;
pub use client::ProxyHeader;
pub use db::Database;
pub use http::pdf::PdfMaker;
pub use mail::MailConfig;
pub use ops::access::LogFormat;
pub use ops::admin::{AdminCommand, DELETED_NAME, run as run_admin};
pub use ops::backup::backup;

/// The port `scribe serve` listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 7607;
/// The largest request body accepted, in bytes.
pub const MAX_BODY: usize = 8 * 1024;
/// The longest chat line, in characters.
pub const MAX_CHAT_CHARS: usize = 300;
/// The most chat lines a game keeps.
pub const MAX_CHAT_LINES: i64 = 200;

/// The default of [`Config::max_connections_per_address`]: a club behind
/// one address (a school's NAT) with dozens of players, each with a live
/// stream and a few requests, fits; one host cannot take the server's
/// file descriptors.
pub const DEFAULT_CONNECTIONS_PER_ADDRESS: usize = 128;

/// How long a request's headers may take to arrive, a connection may wait
/// idle for its next request, and a request's body may take to arrive: 30
/// s. (A live stream is a response: it is not read from, and keeps itself
/// alive.) A debug build reads `SCRIBE_SERVE_TIMEOUT_MS`, for tests.
#[must_use]
pub fn timeout() -> std::time::Duration {
    let ms = if cfg!(debug_assertions) {
        std::env::var("SCRIBE_SERVE_TIMEOUT_MS")
            .ok()
            .and_then(|v| v.parse::<u64>().ok())
            .filter(|&ms| ms > 0)
    } else {
        None
    };
    std::time::Duration::from_millis(ms.unwrap_or(30_000))
}

/// How the server is started.
#[derive(Debug, Clone)]
pub struct Config {
    /// Where to listen.
    pub listen: SocketAddr,
    /// Allow an address other than loopback.
    pub public: bool,
    /// The database.
    pub database: Database,
    /// Sign-in and sign-up attempts allowed per minute from one address
    /// (and sign-ins per account), after a first burst of as many.
    pub auth_per_minute: u32,
    /// The most connections one address may hold open at once (0: no
    /// cap). 127.0.0.1 and ::1 are never capped: behind a proxy every
    /// connection comes from there, and the proxy must cap them itself.
    /// Nor are the trusted proxies.
    pub max_connections_per_address: usize,
    /// The proxies in front of the server (`--trusted-proxy ADDR`): a
    /// request from one of them comes from the address it names in
    /// [`Config::proxy_header`] (see [`client`]); from anyone else that
    /// header is ignored.
    pub trusted_proxies: Vec<IpAddr>,
    /// The header the trusted proxies write (`--proxy-header`):
    /// `X-Forwarded-For` (the default) or RFC 7239's `Forwarded`.
    pub proxy_header: ProxyHeader,
    /// SQLite: sync every commit to disk (`synchronous=FULL`, the default)
    /// rather than to the operating system (`NORMAL`).
    pub sqlite_sync_full: bool,
    /// Serve https with this certificate chain and private key (PEM
    /// files) rather than plain HTTP.
    pub tls: Option<(std::path::PathBuf, std::path::PathBuf)>,
    /// How the access log is written.
    pub log_format: LogFormat,
    /// Anyone may read `/metrics` (else only clients on this machine that
    /// came through no proxy).
    pub metrics_public: bool,
    /// Host the computer players (`computer-beginner` … `computer-champion`)
    /// and play their games on this many search threads; `None`: no
    /// computer (`--no-computer`).
    pub computer_threads: Option<usize>,
    /// Mail through an SMTP server (`None`: no mail is sent).
    pub mail: Option<MailConfig>,
    /// Draws a game's PDF for `GET /games/{id}/pdf` (`None`: that call
    /// answers 503). The server stands beside `crates/export`, not on it,
    /// so the caller hands it the drawing.
    pub pdf: Option<PdfMaker>,
    /// The browser build of the desktop app served at `/play/`
    /// (`--web-dir`); `None`: a `web/` folder beside the executable, if
    /// any (see [`web::play`]).
    pub web_dir: Option<std::path::PathBuf>,
}

/// The default of [`Config::computer_threads`]: one search thread.
pub const DEFAULT_COMPUTER_THREADS: usize = 1;

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    /// The database.
    pub db: db::Db,
    /// The live streams open on this server.
    pub hub: Arc<live::Hub>,
    /// Sign-in and sign-up attempts by address.
    pub by_address: Arc<DefaultKeyedRateLimiter<IpAddr>>,
    /// Sign-in attempts by account and address.
    pub by_account: Arc<DefaultKeyedRateLimiter<(String, IpAddr)>>,
    /// New accounts by address, a day ([`http::accounts::SIGNUPS_PER_DAY`]).
    pub signups: Arc<DefaultKeyedRateLimiter<IpAddr>>,
    /// Wrong passwords by account, and the addresses players signed in from.
    pub guard: Arc<auth::SignInGuard>,
    /// The figures `/metrics` shows.
    pub metrics: Arc<ops::metrics::Metrics>,
    /// The computer players' pool (`None`: `--no-computer`).
    pub computer: Option<Arc<computer::Computer>>,
    /// Mail: off, or the queue to the mail task.
    pub mail: Arc<mail::Mail>,
    /// The game PDFs' maker and its slots (`None`: no PDFs).
    pub pdf: Option<Arc<http::pdf::Pdf>>,
    /// The trusted proxies ([`Config::trusted_proxies`]) and their header.
    pub proxies: client::Proxies,
    /// What reacts to a game's change once it is committed, in order,
    /// after the live bus (see [`store`]): the "your move" mail, the
    /// computer's turn.
    pub reactions: Arc<[Arc<dyn store::Reaction>]>,
    /// The browser app's files, served at `/play/`.
    pub play: Arc<web::play::Play>,
    /// On SQLite, the group commit of game writes (see [`store::group`]);
    /// `None` on PostgreSQL.
    pub group: Option<store::group::Queue>,
}

/// The API's routes (everything under `/api/v1`) and the web client at `/`.
pub fn router(state: AppState) -> Router {
    let api = Router::new()
        .route("/", get(http::accounts::hello))
        .route("/accounts", post(http::accounts::signup))
        .route(
            "/session",
            post(http::accounts::signin).delete(http::accounts::signout),
        )
        .route(
            "/sessions",
            axum::routing::delete(http::accounts::signout_all),
        )
        .route("/me", get(http::accounts::me))
        .route("/me/password", post(http::accounts::change_password))
        .route("/me/delete", post(http::accounts::delete_me))
        .route("/me/email", post(http::mail::set_email))
        .route("/password-reset", post(http::mail::password_reset))
        .route("/password-reset/confirm", post(http::mail::reset_confirm))
        .route(
            "/challenges",
            post(http::challenges::challenge).get(http::challenges::challenges),
        )
        .route("/games", get(http::games::my_games))
        .route("/games/{id}", get(http::games::show))
        .route("/games/{id}/board", get(http::games::board))
        .route("/games/{id}/save", get(http::games::save_file))
        .route("/games/{id}/pdf", get(http::pdf::game_pdf))
        .route("/games/{id}/events", get(http::events::watch_game))
        .route("/games/{id}/rematch", post(http::challenges::rematch))
        .route("/playing", get(http::players::playing))
        .route("/players/online", get(http::events::online))
        .route("/players/{name}", get(http::players::player))
        .route("/games/{id}/accept", post(http::challenges::accept))
        .route("/games/{id}/decline", post(http::challenges::decline))
        .route("/games/{id}/cancel", post(http::challenges::cancel))
        .route("/games/{id}/moves", post(http::games::play))
        .route("/games/{id}/resign", post(http::games::resign))
        .route("/games/{id}/claim", post(http::games::claim))
        .route("/games/{id}/undo", post(http::games::undo_propose))
        .route("/games/{id}/undo/accept", post(http::games::undo_accept))
        .route("/games/{id}/undo/decline", post(http::games::undo_decline))
        .route(
            "/games/{id}/chat",
            get(http::chat::chat_read).post(http::chat::chat_say),
        )
        .route("/games/{id}/chat/{n}/report", post(http::chat::report))
        .route("/standings", get(http::standings::standings))
        .route("/computers", get(computer::list))
        .route("/glyphs", get(http::games::glyphs))
        .route("/events", get(http::events::stream))
        .fallback(http::accounts::no_route)
        .method_not_allowed_fallback(http::accounts::wrong_method);
    Router::new()
        .route("/api/v1/", get(http::accounts::hello))
        .route("/healthz", get(http::accounts::healthz))
        .route("/readyz", get(http::accounts::readyz))
        .route("/metrics", get(ops::metrics::metrics))
        .route(
            "/mail/verify/{secret}",
            get(http::mail::verify_page).post(http::mail::verify_post),
        )
        .route(
            "/mail/unsubscribe/{key}",
            get(http::mail::unsubscribe_page).post(http::mail::unsubscribe_post),
        )
        .route(
            "/reset/{secret}",
            get(http::mail::reset_page).post(http::mail::reset_form),
        )
        .nest("/api/v1", api)
        .merge(web::router())
        .merge(web::play::router(state.play.clone()))
        .fallback(http::accounts::no_route)
        .method_not_allowed_fallback(http::accounts::wrong_method)
        .layer(axum::middleware::map_response(http::accounts::nosniff))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        // Outermost, after routing (so the route template is known): the
        // access log and the request metrics.
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            ops::access::record,
        ))
        .with_state(state)
}

/// Runs the server until Ctrl-C (or SIGTERM): [`start`], then waits.
///
/// # Errors
/// The database cannot be used, the address cannot be bound, or a
/// non-loopback address without `public`.
pub fn run(config: Config) -> anyhow::Result<()> {
    launch(config, true)?.wait()
}

/// Starts the server in this process, on a runtime on a thread of its
/// own, and returns once it listens: for tests and embedders. Listen on
/// port 0 and read the port from [`Running::local_addr`]. Unlike [`run`]
/// it does not stop on Ctrl-C: [`Running::stop`] (or dropping it) stops it.
///
/// # Errors
/// As [`run`]: the server did not start (nothing is left running).
pub fn start(config: Config) -> anyhow::Result<Running> {
    launch(config, false)
}

/// A server started by [`start`]: stopped gracefully (live streams ended,
/// requests in flight finished, the database closed) by [`Running::stop`]
/// or when dropped.
#[derive(Debug)]
pub struct Running {
    local: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<anyhow::Result<()>>>,
}

impl Running {
    /// The address the server listens on (the port the system chose, for
    /// port 0).
    #[must_use]
    pub fn local_addr(&self) -> SocketAddr {
        self.local
    }

    /// Stops the server and waits until it has stopped.
    ///
    /// # Errors
    /// The server failed while it ran.
    pub fn stop(mut self) -> anyhow::Result<()> {
        self.halt()
    }

    /// Tells the server to stop, and waits for its thread.
    fn halt(&mut self) -> anyhow::Result<()> {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        self.wait_thread()
    }

    /// Waits until the server stops (a signal, for [`run`]).
    fn wait(mut self) -> anyhow::Result<()> {
        self.wait_thread()
    }

    fn wait_thread(&mut self) -> anyhow::Result<()> {
        match self.thread.take().map(std::thread::JoinHandle::join) {
            None => Ok(()),
            Some(Ok(result)) => result,
            Some(Err(_)) => bail!("the server's thread panicked"),
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.halt();
    }
}

/// The one way a server starts: checks, then [`serve`] on a runtime on its
/// own thread; back once it listens (or failed). `signals`: Ctrl-C and
/// SIGTERM stop it too.
fn launch(config: Config, signals: bool) -> anyhow::Result<Running> {
    if !config.listen.ip().is_loopback() && !config.public {
        bail!(
            "--listen {}: listening beyond this machine needs --public (and TLS: --tls-cert and --tls-key, or a proxy in front; see docs/online/running.md)",
            config.listen
        );
    }
    no_huge_pages();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("scribe-serve")
        .build()
        .context("cannot start the server's threads")?;
    // A second server in the same process keeps the first one's log.
    ops::access::init(config.log_format);
    let (ready_tx, ready_rx) = std::sync::mpsc::channel();
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel();
    let thread = std::thread::Builder::new()
        .name("scribe-serve".into())
        .spawn(move || {
            let stop = async move {
                let _ = stop_rx.await;
            };
            let result = runtime.block_on(serve(config, signals, stop, ready_tx));
            // Tasks still running (timers, a search) are not waited for long.
            runtime.shutdown_timeout(GRACE);
            result
        })
        .context("cannot start the server's thread")?;
    let mut running = Running {
        local: SocketAddr::from(([127, 0, 0, 1], 0)),
        stop: Some(stop_tx),
        thread: Some(thread),
    };
    if let Ok(local) = ready_rx.recv() {
        running.local = local;
        return Ok(running);
    }
    // It ended before it listened: its error.
    running.stop = None;
    running.wait_thread()?;
    bail!("the server stopped before it listened")
}

async fn serve(
    config: Config,
    signals: bool,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
    ready: std::sync::mpsc::Sender<SocketAddr>,
) -> anyhow::Result<()> {
    // The certificate first: a wrong file is told before anything starts.
    let tls = match &config.tls {
        Some((cert, key)) => Some(ops::connections::load_tls(cert, key)?),
        None => None,
    };
    // The mail settings too (nothing is contacted yet).
    let mail = match &config.mail {
        Some(m) => Some(mail::start(m)?),
        None => None,
    };
    // And the browser app's files, read once.
    let play = Arc::new(web::play::Play::find(config.web_dir.as_deref())?);
    let db = db::open(&config.database, config.sqlite_sync_full).await?;
    let per_minute = NonZeroU32::new(config.auth_per_minute.max(1)).unwrap_or(NonZeroU32::MIN);
    let quota = Quota::per_minute(per_minute);
    let hub = Arc::new(live::Hub::default());
    if db.postgres {
        tokio::spawn(live::listen_postgres(db.url.clone(), hub.clone()));
    }
    if let Database::Sqlite(path) = &config.database {
        // `scribe admin`'s revocations, at once (see `wake`).
        live::wake::listen(live::wake::path(path), hub.clone());
    }
    let (group, group_rx) = store::group::queue();
    let group = (!db.postgres).then_some(group);
    let state = AppState {
        group,
        db,
        hub,
        by_address: Arc::new(RateLimiter::keyed(quota)),
        by_account: Arc::new(RateLimiter::keyed(quota)),
        signups: Arc::new(RateLimiter::keyed(http::accounts::signups_quota())),
        guard: Arc::new(auth::SignInGuard::new(quota)),
        metrics: Arc::new(ops::metrics::Metrics::new(config.metrics_public)),
        computer: config
            .computer_threads
            .map(|n| Arc::new(computer::Computer::new(n))),
        mail: Arc::new(mail::Mail::off()),
        pdf: config.pdf.map(|make| Arc::new(http::pdf::Pdf::new(make))),
        proxies: client::Proxies {
            addrs: config
                .trusted_proxies
                .iter()
                .map(|ip| ip.to_canonical())
                .collect(),
            header: config.proxy_header,
        },
        reactions: Arc::new([
            Arc::new(mail::turns::YourMove) as Arc<dyn store::Reaction>,
            Arc::new(computer::ItsTurn),
        ]),
        play,
    };
    let (state, mail_line) = match mail {
        Some((on, queue, sender)) => {
            let state = AppState {
                mail: Arc::new(on),
                ..state
            };
            tokio::spawn(mail::run(state.clone(), queue, sender));
            tokio::spawn(mail::turns::reminders(state.clone()));
            let m = config.mail.as_ref().map(|m| (m.smtp_shown(), m.from.clone()));
            let (smtp, from) = m.unwrap_or_default();
            let base = state.mail.base().unwrap_or_default().to_string();
            (state, format!("scribe serve: mail through {smtp} from {from}, links under {base}"))
        }
        None => (
            state,
            "scribe serve: no mail (no --smtp): e-mail addresses and password resets by mail are off"
                .to_string(),
        ),
    };
    if state.group.is_some() {
        tokio::spawn(store::group::run(state.clone(), group_rx));
    }
    if state.computer.is_some() {
        computer::make_accounts(&state.db)
            .await
            .context("cannot make the computer players' accounts")?;
        tokio::spawn(computer::sweep(state.clone()));
    }
    tokio::spawn(live::check_tokens(state.clone()));
    let limits = (
        state.by_address.clone(),
        state.by_account.clone(),
        state.guard.clone(),
        state.mail.clone(),
        state.signups.clone(),
    );
    tokio::spawn(async move {
        // Forget addresses and accounts whose limits have recovered.
        loop {
            tokio::time::sleep(std::time::Duration::from_secs(60)).await;
            limits.0.retain_recent();
            limits.1.retain_recent();
            limits.2.forget_old();
            limits.3.forget_old();
            limits.4.retain_recent();
        }
    });
    // Before the server says it listens: a signal from then on stops it
    // (with `signals`), as does `stop`.
    let signalled = shutdown(signals);
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .with_context(|| format!("cannot listen on {}", config.listen))?;
    let local = listener.local_addr()?;
    let scheme = if tls.is_some() { "https" } else { "http" };
    say(&format!(
        "scribe serve: listening on {scheme}://{local}/ (API under /api/v1), database {}",
        config.database.shown()
    ));
    if let Some(c) = &state.computer {
        say(&format!(
            "scribe serve: computer players {} to {}, thinking on {} search thread{}",
            computer::account_name(scribe_ai::Level::Beginner),
            computer::account_name(scribe_ai::Level::Champion),
            c.threads(),
            if c.threads() == 1 { "" } else { "s" }
        ));
    }
    say(&mail_line);
    say(&state.play.summary());
    if !local.ip().is_loopback() && tls.is_none() {
        say(&format!(
            "scribe serve: this server speaks plain HTTP. Put TLS in front of it before players \
             sign in over a network, e.g. Caddy: `caddy reverse-proxy --from scribe.example.org \
             --to {local}` (see docs/online/running.md)."
        ));
    }
    let _ = ready.send(local);
    // On Ctrl-C or SIGTERM: stop accepting, end the live streams at once
    // (they would otherwise hold their connections open), let requests in
    // flight finish (their answers follow their commits), then close the
    // database.
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    tokio::spawn(async move {
        tokio::select! {
            () = signalled => {},
            () = stop => {},
        }
        let _ = stop_tx.send(true);
    });
    let stopping = move || {
        let mut rx = stop_rx.clone();
        async move {
            let _ = rx.wait_for(|stop| *stop).await;
        }
    };
    let (hub, pool) = (state.hub.clone(), state.db.pool.clone());
    let thinking = state.computer.clone();
    let proxies = state.proxies.addrs.clone();
    let server = ops::connections::serve(
        listener,
        router(state),
        (config.max_connections_per_address, proxies),
        tls,
        {
            let stopped = stopping();
            async move {
                stopped.await;
                hub.close();
                if let Some(c) = thinking {
                    c.stop();
                }
            }
        },
    );
    tokio::select! {
        () = server => {},
        () = async {
            stopping().await;
            tokio::time::sleep(GRACE).await;
        } => warn(&format!(
            "scribe serve: requests still in flight after {} s were cut short",
            GRACE.as_secs()
        )),
    }
    // SQLite: the last connection closed checkpoints the write-ahead log.
    if tokio::time::timeout(GRACE, pool.close()).await.is_err() {
        warn("scribe serve: the database did not close in time");
    }
    say("scribe serve: stopped");
    Ok(())
}

/// Turns transparent huge pages off for this process. The server's memory
/// is many small pieces (a few kilobytes a live stream) spread over the
/// allocator's regions; backed by 2 MiB pages, the parts of them not yet
/// used counted as resident too: 16,000 streams held 434–438 MB with
/// them, 314 MB without (docs/online/load.md). Where
/// the kernel refuses, the server runs on as it is.
fn no_huge_pages() {
    #[cfg(target_os = "linux")]
    let _ = rustix::thread::disable_transparent_huge_pages(true);
}

/// How long requests in flight (and then the database) may take to finish
/// once the server is told to stop.
const GRACE: std::time::Duration = std::time::Duration::from_secs(5);

/// A line on standard output. A server whose output was closed (its log
/// reader gone) carries on serving: the line is dropped, never a panic.
pub(crate) fn say(line: &str) {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}").and_then(|()| out.flush());
}

/// A line on standard error, dropped if it cannot be written (see [`say`]).
pub(crate) fn warn(line: &str) {
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// Ctrl-C or SIGTERM (never, without `signals`). The handlers are
/// installed when this is called (not when the future is first polled), so
/// a signal that comes right after the server said it listens is not the
/// default one, which would kill it.
fn shutdown(signals: bool) -> std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send>> {
    if !signals {
        return Box::pin(std::future::pending());
    }
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let int = signal(SignalKind::interrupt()).ok();
        let term = signal(SignalKind::terminate()).ok();
        Box::pin(async move {
            let wait = |s: Option<tokio::signal::unix::Signal>| async move {
                match s {
                    Some(mut s) => {
                        s.recv().await;
                    }
                    None => std::future::pending::<()>().await,
                }
            };
            tokio::select! {
                () = wait(int) => {},
                () = wait(term) => {},
            }
        })
    }
    #[cfg(not(unix))]
    Box::pin(async {
        let _ = tokio::signal::ctrl_c().await;
    })
}
