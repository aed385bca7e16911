//! Mail (`scribe serve --smtp smtp://HOST:PORT --mail-from ADDRESS
//! --public-url URL`): a player's optional, verified address; "your move"
//! mail; a reminder before a time limit runs out; one-click unsubscribe;
//! password reset by a one-time link.
//!
//! Every mail leaves from one background task through a bounded queue
//! ([`QUEUE`]): a request only hands a job over (`try_send`), so a slow or
//! dead SMTP server never slows or fails a move; when the queue is full the
//! job is dropped and logged. Nothing is sent anywhere but the `--smtp`
//! server. Without `--smtp` no mail is sent and the calls that would mail
//! say so (`mail_off`).
//!
//! A mail the SMTP server could not take for now (it is down, does not
//! answer, or answers with a temporary `4xx` refusal) is tried again after
//! [`retry_wait`] (30 s, then 2 and 8 minutes): [`ATTEMPTS`] in all, then
//! it is logged and given up. A permanent `5xx` refusal is not tried again.
//! At most [`RETRIES_WAITING`] mails wait for another attempt at once (a
//! mail past that is logged and dropped), so memory stays bounded however
//! long the SMTP server is away; they live in memory only (a restart of
//! the server forgets them). A "your move" mail tried again is only sent if
//! it still is that player's move and the quiet period allows, so it never
//! arrives twice.
//!
//! Layout: this file (the settings, the queue, the sender); [`letters`]
//! (each mail's words, a pure function); [`links`] (one-time links in the
//! database); [`turns`] (who is mailed after a game changes, the quiet
//! period, the reminders' scan); [`crate::http::mail`] (`POST /me/email`, the
//! password reset, the pages the links open); [`pages`] (those small HTML
//! pages).

pub mod letters;
pub mod links;
pub mod pages;
pub mod turns;

use crate::AppState;
use anyhow::{Context, bail};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::sync::mpsc;

pub use letters::Letter;

/// The jobs the queue holds at most; past that new jobs are dropped (and
/// logged), never waited for.
pub const QUEUE: usize = 256;
/// Mails sent at once.
const SENDERS: usize = 4;
/// How long one mail may take to reach the SMTP server.
const SEND_TIMEOUT: Duration = Duration::from_secs(10);
/// Attempts at one mail, the first included; then it is given up.
pub const ATTEMPTS: u32 = 4;
/// The mails waiting for another attempt at most; past that a failed mail
/// is logged and dropped.
pub const RETRIES_WAITING: usize = 256;
/// Verification mails allowed per account, and per mailbox, in an hour
/// (after a first burst of as many); and password-reset mails per
/// requester (the address a request comes from) and account.
pub const LINK_MAILS_PER_HOUR: u32 = 3;
/// Password-reset mails per account in an hour asked from addresses the
/// account never signed in from. The account's own addresses are not
/// counted here: strangers cannot use up the owner's allowance.
pub const STRANGER_RESETS_PER_HOUR: u32 = 10;

/// How `scribe serve` mails.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailConfig {
    /// The SMTP server: `smtp://HOST:PORT` (plain; `?tls=required` for
    /// STARTTLS), `smtps://HOST:PORT` (TLS), with `USER:PASSWORD@` if it
    /// wants a sign-in.
    pub smtp: String,
    /// The sender, `Scribe <scribe@example.org>` or a bare address.
    pub from: String,
    /// Where players reach the server (`https://scribe.example.org`): the
    /// links in mails start with it.
    pub public_url: String,
}

impl MailConfig {
    /// `--smtp` as messages show it (a password hidden).
    #[must_use]
    pub fn smtp_shown(&self) -> String {
        hide_password(&self.smtp)
    }

    /// Checks the settings (without contacting anything).
    ///
    /// # Errors
    /// One line naming the setting that is wrong and why.
    pub fn check(&self) -> anyhow::Result<()> {
        self.from
            .parse::<Mailbox>()
            .map_err(|e| anyhow::anyhow!("--mail-from {:?}: not an address ({e})", self.from))?;
        public_base(&self.public_url)?;
        transport(&self.smtp)?;
        Ok(())
    }
}

/// `--public-url` without a trailing `/`.
fn public_base(url: &str) -> anyhow::Result<String> {
    let url = url.trim();
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"));
    match rest {
        Some(host)
            if !host.is_empty() && !host.starts_with('/') && !url.contains(['#', '?', ' ']) =>
        {
            Ok(url.trim_end_matches('/').to_string())
        }
        _ => bail!(
            "--public-url {url:?}: give the address players open, e.g. https://scribe.example.org"
        ),
    }
}

/// The host of `--public-url`, for `EHLO` and the `Message-ID`s.
fn public_host(base: &str) -> String {
    let rest = base.split_once("://").map_or(base, |(_, r)| r);
    let host = rest.split(['/', '@']).next().unwrap_or("localhost");
    // [::1]:7607 or name:port
    let host = if let Some(v6) = host.strip_prefix('[') {
        v6.split(']').next().unwrap_or("localhost")
    } else {
        host.split(':').next().unwrap_or("localhost")
    };
    if host.is_empty() {
        "localhost".into()
    } else {
        host.to_string()
    }
}

/// The transport `--smtp` names.
fn transport(smtp: &str) -> anyhow::Result<AsyncSmtpTransport<Tokio1Executor>> {
    let builder = AsyncSmtpTransport::<Tokio1Executor>::from_url(smtp.trim()).map_err(|e| {
        anyhow::anyhow!(
            "--smtp {:?}: not an SMTP server's address, e.g. smtp://127.0.0.1:25 or \
             smtps://USER:PASSWORD@mail.example.org:465 ({e})",
            hide_password(smtp)
        )
    })?;
    Ok(builder.timeout(Some(SEND_TIMEOUT)).build())
}

/// `smtp://user:secret@host` → `smtp://user:***@host`.
fn hide_password(url: &str) -> String {
    match url.split_once("://") {
        Some((scheme, rest)) => match rest.split_once('@') {
            Some((cred, host)) if cred.contains(':') => {
                let user = cred.split(':').next().unwrap_or("");
                format!("{scheme}://{user}:***@{host}")
            }
            _ => url.to_string(),
        },
        None => url.to_string(),
    }
}

/// A job for the mail task.
#[derive(Debug)]
pub enum Job {
    /// It became `player`'s turn in game `game`: mailed "your move" unless
    /// the quiet period holds (see [`turns`]).
    YourMove {
        /// The game's id.
        game: String,
        /// The player's key.
        player: String,
    },
    /// A letter ready to go (a verification, a reset, a reminder).
    Send(Letter),
}

/// The server's mail: off, or the queue to the mail task.
pub struct Mail {
    on: Option<On>,
    /// Verification mails by account.
    pub by_account: DefaultKeyedRateLimiter<String>,
    /// Verification mails by mailbox ([`crate::http::mail::mailbox_key`]).
    pub by_address: DefaultKeyedRateLimiter<String>,
    /// Reset mails by requester (the request's address) and account.
    pub resets_by_requester: DefaultKeyedRateLimiter<(IpAddr, String)>,
    /// Reset mails by account, asked from addresses the account never
    /// signed in from.
    pub resets_by_stranger: DefaultKeyedRateLimiter<String>,
}

struct On {
    queue: mpsc::Sender<Job>,
    base: String,
}

impl std::fmt::Debug for Mail {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mail")
            .field("on", &self.on.as_ref().map(|o| &o.base))
            .finish_non_exhaustive()
    }
}

fn quota() -> Quota {
    per_hour(LINK_MAILS_PER_HOUR)
}

fn per_hour(n: u32) -> Quota {
    Quota::per_hour(NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN))
}

impl Mail {
    /// No mail: the calls that would mail answer `mail_off`.
    #[must_use]
    pub fn off() -> Mail {
        Mail {
            on: None,
            by_account: RateLimiter::keyed(quota()),
            by_address: RateLimiter::keyed(quota()),
            resets_by_requester: RateLimiter::keyed(quota()),
            resets_by_stranger: RateLimiter::keyed(per_hour(STRANGER_RESETS_PER_HOUR)),
        }
    }

    /// Whether this server mails.
    #[must_use]
    pub fn is_on(&self) -> bool {
        self.on.is_some()
    }

    /// The links' start (`--public-url` without a trailing `/`).
    #[must_use]
    pub fn base(&self) -> Option<&str> {
        self.on.as_ref().map(|o| o.base.as_str())
    }

    /// Hands `job` to the mail task; `false` if mail is off or the queue is
    /// full (the job is dropped and logged). Never waits.
    pub fn queue(&self, job: Job) -> bool {
        let Some(on) = &self.on else { return false };
        match on.queue.try_send(job) {
            Ok(()) => true,
            Err(mpsc::error::TrySendError::Full(job)) => {
                crate::warn(&format!(
                    "scribe serve: the mail queue is full ({QUEUE} waiting); dropped: {}",
                    job_shown(&job)
                ));
                false
            }
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        }
    }

    /// Whether a reset mail for account `key` may go, asked from
    /// `requester`; `own`: the account signed in from there before. Each
    /// requester has its own allowance for each account, and the
    /// strangers together another, so a stranger's requests never use up
    /// the owner's.
    pub fn reset_allowed(&self, requester: IpAddr, key: &str, own: bool) -> bool {
        self.resets_by_requester
            .check_key(&(requester, key.to_string()))
            .is_ok()
            && (own || self.resets_by_stranger.check_key(&key.to_string()).is_ok())
    }

    /// Forgets accounts and addresses whose limits have recovered.
    pub fn forget_old(&self) {
        self.by_account.retain_recent();
        self.by_address.retain_recent();
        self.resets_by_requester.retain_recent();
        self.resets_by_stranger.retain_recent();
    }
}

fn job_shown(job: &Job) -> String {
    match job {
        Job::YourMove { game, player } => format!("your move in game {game} for {player}"),
        Job::Send(l) => format!("{} for {}", l.kind.as_str(), l.player),
    }
}

/// Starts the mail task (on the running runtime) for `config`; the task
/// reads the database through `state` once it is made, so the state is
/// handed over later through the returned setter.
///
/// # Errors
/// A setting that is wrong (see [`MailConfig::check`]).
pub fn start(config: &MailConfig) -> anyhow::Result<(Mail, mpsc::Receiver<Job>, Sender)> {
    config.check()?;
    let from: Mailbox = config.from.parse().context("--mail-from")?;
    let base = public_base(&config.public_url)?;
    let host = public_host(&base);
    let smtp = transport(&config.smtp)?;
    let (tx, rx) = mpsc::channel(QUEUE);
    let mail = Mail {
        on: Some(On {
            queue: tx,
            base: base.clone(),
        }),
        by_account: RateLimiter::keyed(quota()),
        by_address: RateLimiter::keyed(quota()),
        resets_by_requester: RateLimiter::keyed(quota()),
        resets_by_stranger: RateLimiter::keyed(per_hour(STRANGER_RESETS_PER_HOUR)),
    };
    let sender = Sender {
        smtp: Arc::new(smtp),
        from,
        host,
        base,
        shown: hide_password(&config.smtp),
    };
    Ok((mail, rx, sender))
}

/// What the mail task sends with.
#[derive(Clone)]
pub struct Sender {
    smtp: Arc<AsyncSmtpTransport<Tokio1Executor>>,
    from: Mailbox,
    host: String,
    /// The links' start.
    base: String,
    shown: String,
}

/// Why a mail did not reach the SMTP server, in a line, and whether another
/// attempt may succeed (the server down, silent, or refusing for now).
#[derive(Debug)]
pub struct Failed {
    line: String,
    again: bool,
}

impl std::fmt::Display for Failed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.line)
    }
}

impl std::error::Error for Failed {}

impl Sender {
    /// Sends `letter`.
    ///
    /// # Errors
    /// [`Failed`] when the SMTP server did not take it (or the letter
    /// cannot be made, which is not tried again).
    async fn send(&self, letter: &Letter) -> Result<(), Failed> {
        let message = letter.message(&self.from, &self.host).map_err(|e| Failed {
            line: format!("{e:#}"),
            again: false,
        })?;
        match tokio::time::timeout(SEND_TIMEOUT * 3, self.smtp.send(message)).await {
            Ok(Ok(_)) => Ok(()),
            // a 5xx answer stays a refusal; down, silent or 4xx may pass
            Ok(Err(e)) => Err(Failed {
                again: !e.is_permanent(),
                line: format!("the SMTP server {} refused or failed: {e}", self.shown),
            }),
            Err(_) => Err(Failed {
                line: format!("the SMTP server {} did not answer in time", self.shown),
                again: true,
            }),
        }
    }
}

/// The wait before attempt `tried + 1`: 30 s, then four times longer each
/// time (2 min, 8 min). A debug build reads the first wait from
/// `SCRIBE_SERVE_MAIL_RETRY_MS` (tests).
#[must_use]
pub fn retry_wait(tried: u32) -> Duration {
    let first = test_ms("SCRIBE_SERVE_MAIL_RETRY_MS").unwrap_or(30_000);
    let first = u64::try_from(first).unwrap_or(30_000);
    Duration::from_millis(first.saturating_mul(4u64.saturating_pow(tried.saturating_sub(1))))
}

/// "30 s", "2 min", "200 ms".
fn wait_shown(wait: Duration) -> String {
    match wait.as_secs() {
        0 => format!("{} ms", wait.as_millis()),
        s if s < 60 => format!("{s} s"),
        s => format!("{} min", s / 60),
    }
}

/// What every delivery shares.
struct Post {
    state: AppState,
    sender: Sender,
    slots: Arc<tokio::sync::Semaphore>,
    /// Mails waiting for another attempt.
    waiting: AtomicUsize,
}

impl Post {
    /// One attempt at `job`: `Some` if the SMTP server did not take it
    /// (anything else that went wrong is logged here).
    async fn once(&self, job: &Job) -> Option<Failed> {
        let result = match job {
            Job::YourMove { game, player } => {
                turns::your_move(&self.state, &self.sender, game, player).await
            }
            Job::Send(letter) => self.sender.send(letter).await.map_err(anyhow::Error::from),
        };
        let e = result.err()?;
        match e.downcast::<Failed>() {
            Ok(failed) => Some(failed),
            Err(other) => {
                crate::warn(&format!(
                    "scribe serve: mail not sent ({}): {other:#}",
                    job_shown(job)
                ));
                None
            }
        }
    }

    /// Delivers `job`, trying again after [`retry_wait`] while the SMTP
    /// server cannot take it, [`ATTEMPTS`] times at most.
    async fn deliver(self: Arc<Post>, job: Job, slot: tokio::sync::OwnedSemaphorePermit) {
        let mut slot = Some(slot);
        let mut tried = 1;
        loop {
            let failed = self.once(&job).await;
            drop(slot.take());
            let Some(failed) = failed else { return };
            let shown = job_shown(&job);
            if !failed.again || tried >= ATTEMPTS {
                let after = if tried > 1 {
                    format!(" after {tried} attempts")
                } else {
                    String::new()
                };
                crate::warn(&format!(
                    "scribe serve: mail not sent ({shown}){after}, given up: {failed}"
                ));
                return;
            }
            if self.waiting.fetch_add(1, Ordering::SeqCst) >= RETRIES_WAITING {
                self.waiting.fetch_sub(1, Ordering::SeqCst);
                crate::warn(&format!(
                    "scribe serve: mail not sent ({shown}), and {RETRIES_WAITING} mails already \
                     wait to be tried again: dropped: {failed}"
                ));
                return;
            }
            let wait = retry_wait(tried);
            crate::warn(&format!(
                "scribe serve: mail not sent ({shown}), attempt {tried} of {ATTEMPTS}: {failed}; \
                 trying again in {}",
                wait_shown(wait)
            ));
            tokio::time::sleep(wait).await;
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            match self.slots.clone().acquire_owned().await {
                Ok(s) => slot = Some(s),
                Err(_) => return,
            }
            tried += 1;
        }
    }
}

/// The mail task: takes jobs from the queue and sends them, [`SENDERS`] at
/// once; a mail the SMTP server could not take for now is tried again
/// later (see the module's doc). Runs until the server stops.
pub async fn run(state: AppState, mut rx: mpsc::Receiver<Job>, sender: Sender) {
    let post = Arc::new(Post {
        state,
        sender,
        slots: Arc::new(tokio::sync::Semaphore::new(SENDERS)),
        waiting: AtomicUsize::new(0),
    });
    while let Some(job) = rx.recv().await {
        let Ok(slot) = post.slots.clone().acquire_owned().await else {
            return;
        };
        tokio::spawn(post.clone().deliver(job, slot));
    }
}

/// A debug build's test switch in milliseconds (`None` in release builds).
pub(crate) fn test_ms(var: &str) -> Option<i64> {
    if !cfg!(debug_assertions) {
        return None;
    }
    std::env::var(var)
        .ok()
        .and_then(|v| v.parse::<i64>().ok())
        .filter(|&ms| ms > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_checked_without_contacting_anything() {
        let good = MailConfig {
            smtp: "smtp://127.0.0.1:2525".into(),
            from: "Scribe <scribe@example.org>".into(),
            public_url: "https://scribe.example.org/".into(),
        };
        assert!(good.check().is_ok());
        let bad_from = MailConfig {
            from: "not an address".into(),
            ..good.clone()
        };
        assert!(
            bad_from
                .check()
                .unwrap_err()
                .to_string()
                .contains("--mail-from")
        );
        let bad_url = MailConfig {
            public_url: "scribe.example.org".into(),
            ..good.clone()
        };
        assert!(
            bad_url
                .check()
                .unwrap_err()
                .to_string()
                .contains("--public-url")
        );
        let bad_smtp = MailConfig {
            smtp: "imap://u:secret@mail.example.org".into(),
            ..good
        };
        let e = bad_smtp.check().unwrap_err().to_string();
        assert!(e.contains("--smtp") && !e.contains("secret"), "{e}");
    }

    #[test]
    fn a_failed_mail_is_tried_again_after_30_s_then_2_and_8_minutes() {
        let secs: Vec<u64> = (1..ATTEMPTS).map(|t| retry_wait(t).as_secs()).collect();
        assert_eq!(secs, vec![30, 120, 480]);
        assert_eq!(wait_shown(retry_wait(1)), "30 s");
        assert_eq!(wait_shown(retry_wait(3)), "8 min");
        assert_eq!(wait_shown(Duration::from_millis(200)), "200 ms");
    }

    #[test]
    fn the_public_host_names_the_server() {
        assert_eq!(
            public_base("https://a.example.org/").unwrap(),
            "https://a.example.org"
        );
        assert_eq!(public_host("https://a.example.org"), "a.example.org");
        assert_eq!(public_host("http://127.0.0.1:7607"), "127.0.0.1");
        assert_eq!(public_host("http://[::1]:7607"), "::1");
    }
}
