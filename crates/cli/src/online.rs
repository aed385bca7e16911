//! `scribe serve` and `scribe online`: the server's flags, and the
//! command-line client that talks to a server over its HTTP API (the types
//! of [`scribe_api`]). Each `scribe online` command is one function:
//! signing in and out in `online/account.rs`, challenges and play in
//! `online/play.rs`, reading (show, games, standings, save) in
//! `online/read.rs`; [`online`] picks one.

mod account;
mod play;
mod read;

use anyhow::{anyhow, bail};
use clap::{Args, Subcommand, ValueEnum};
use scribe_api as api;
use scribe_online::{Account, Client, Remembered, normalise_server};
use scribe_server::{self as server, Database};
use std::net::SocketAddr;
use std::path::PathBuf;

/// `scribe serve`. Every setting may come from `--config FILE` instead
/// (see `crate::serve_config`); a flag given wins over the file.
#[derive(Debug, Clone, Default, Args)]
pub struct ServeArgs {
    /// A TOML file of settings, the flags' names as keys (e.g.
    /// `listen = "127.0.0.1:7607"`); flags given win over it.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// The address to listen on (default 127.0.0.1:7607: this machine only).
    #[arg(long, value_name = "ADDR")]
    pub listen: Option<SocketAddr>,
    /// Allow listening beyond this machine (an address other than loopback).
    /// Put TLS in front: see docs/online/running.md.
    #[arg(long)]
    pub public: bool,
    /// The database: sqlite:PATH (default: server.sqlite3 in the data folder)
    /// or postgres://USER@HOST/NAME.
    #[arg(long, value_name = "URL")]
    pub database: Option<String>,
    /// Sign-in and sign-up attempts allowed per minute from one address
    /// (default 30).
    #[arg(long, value_name = "N")]
    pub auth_per_minute: Option<u32>,
    /// The most connections one address may hold open at once (default 128;
    /// 0: no cap; 127.0.0.1 and ::1, a proxy's or a benchmark's, are never
    /// capped).
    #[arg(long, value_name = "N")]
    pub max_connections_per_address: Option<usize>,
    /// A proxy in front of the server (Caddy, nginx), by address; give it
    /// once per proxy. A request from one comes from the address it writes
    /// in X-Forwarded-For (or Forwarded: see --proxy-header), so each client
    /// behind it has its own limits; from anyone else that header is
    /// ignored.
    #[arg(long = "trusted-proxy", value_name = "ADDR")]
    pub trusted_proxy: Vec<std::net::IpAddr>,
    /// The header the trusted proxies write the client's address in:
    /// `x-forwarded-for` (the default; Caddy's, nginx's usual) or
    /// `forwarded` (RFC 7239's `Forwarded: for=…`). Only that one is read:
    /// a proxy passes the other on as the client wrote it.
    #[arg(long, value_enum, value_name = "HEADER")]
    pub proxy_header: Option<ProxyHeaderArg>,
    /// SQLite: `full` (the default) syncs every move to disk before
    /// answering (safe from kill -9 and power cuts); `normal` hands it to the
    /// operating system (safe from kill -9, not from a power cut; many times
    /// faster).
    #[arg(long, value_enum)]
    pub sqlite_sync: Option<SyncArg>,
    /// The access log on standard output: `text` (the default) or `json`
    /// (one object a line).
    #[arg(long, value_enum)]
    pub log_format: Option<LogFormatArg>,
    /// Anyone may read /metrics (else only clients on this machine that
    /// came through no proxy).
    #[arg(long)]
    pub metrics_public: bool,
    /// Run without the computer players (computer-beginner … computer-champion).
    #[arg(long)]
    pub no_computer: bool,
    /// The search threads the computer players think on, however many
    /// games they play (default 1): their games never take more.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=64))]
    pub computer_threads: Option<u16>,
    /// Serve https: the certificate chain (PEM), with --tls-key.
    #[arg(long, value_name = "FILE", requires = "tls_key")]
    pub tls_cert: Option<PathBuf>,
    /// The private key (PEM) of --tls-cert.
    #[arg(long, value_name = "FILE", requires = "tls_cert")]
    pub tls_key: Option<PathBuf>,
    /// Send mail (address verification, "your move", reminders, password
    /// reset) through this SMTP server: smtp://HOST:PORT, smtp://HOST:PORT?tls=required
    /// (STARTTLS) or smtps://USER:PASSWORD@HOST:465; with --mail-from and
    /// --public-url. Without it no mail is sent.
    #[arg(long, value_name = "URL")]
    pub smtp: Option<String>,
    /// The sender of the server's mail, e.g. "Scribe <scribe@example.org>".
    #[arg(long, value_name = "ADDRESS")]
    pub mail_from: Option<String>,
    /// Where players open the server, e.g. `https://scribe.example.org`: the
    /// links in mails start with it.
    #[arg(long, value_name = "URL")]
    pub public_url: Option<String>,
    /// The browser build of the app to serve at /play/ (what
    /// packaging/web/build.sh writes in target/web/). Default: a web/
    /// folder beside the scribe executable, if there is one.
    #[arg(long, value_name = "DIR")]
    pub web_dir: Option<PathBuf>,
    /// Instead of serving: `backup FILE`.
    #[command(subcommand)]
    pub action: Option<super::admin_cmds::ServeAction>,
}

/// How SQLite commits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SyncArg {
    /// To the disk (fsync) at every commit.
    Full,
    /// To the operating system at every commit, to the disk at checkpoints.
    Normal,
}

/// The header the trusted proxies write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ProxyHeaderArg {
    /// `X-Forwarded-For: 203.0.113.9`.
    XForwardedFor,
    /// `Forwarded: for=203.0.113.9` (RFC 7239).
    Forwarded,
}

/// How the access log is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LogFormatArg {
    /// Plain lines: time, level, then `key=value` fields.
    Text,
    /// One JSON object a line.
    Json,
}

pub(super) fn serve(args: &ServeArgs) -> anyhow::Result<()> {
    if let Some(action) = &args.action {
        return super::admin_cmds::serve_action(args.database.as_deref(), action);
    }
    let args = match &args.config {
        Some(path) => crate::serve_config::load(path)?.under(args),
        None => args.clone(),
    };
    if args.tls_cert.is_some() != args.tls_key.is_some() {
        bail!("tls-cert and tls-key go together: give both (or neither) for https");
    }
    let database = match &args.database {
        Some(url) => Database::parse(url)?,
        None => {
            let dir = scribe_fsio::data_dir().ok_or_else(|| {
                anyhow!("no data folder (no home folder?): give --database sqlite:PATH")
            })?;
            Database::Sqlite(dir.join("server.sqlite3"))
        }
    };
    let mail = mail_config(&args)?;
    let listen = args
        .listen
        .unwrap_or_else(|| SocketAddr::from(([127, 0, 0, 1], server::DEFAULT_PORT)));
    server::run(server::Config {
        listen,
        public: args.public,
        database,
        auth_per_minute: args.auth_per_minute.unwrap_or(30),
        max_connections_per_address: args
            .max_connections_per_address
            .unwrap_or(server::DEFAULT_CONNECTIONS_PER_ADDRESS),
        trusted_proxies: args.trusted_proxy.clone(),
        proxy_header: match args.proxy_header {
            Some(ProxyHeaderArg::Forwarded) => server::ProxyHeader::Forwarded,
            Some(ProxyHeaderArg::XForwardedFor) | None => server::ProxyHeader::XForwardedFor,
        },
        sqlite_sync_full: args.sqlite_sync != Some(SyncArg::Normal),
        log_format: match args.log_format {
            Some(LogFormatArg::Json) => server::LogFormat::Json,
            Some(LogFormatArg::Text) | None => server::LogFormat::Text,
        },
        metrics_public: args.metrics_public,
        computer_threads: (!args.no_computer).then(|| {
            args.computer_threads
                .map_or(server::DEFAULT_COMPUTER_THREADS, usize::from)
        }),
        tls: args.tls_cert.clone().zip(args.tls_key.clone()),
        mail,
        pdf: Some(game_pdf),
        web_dir: args.web_dir.clone(),
    })
}

/// The server's game PDFs: `scribe export`'s drawing.
fn game_pdf(record: &scribe_record::GameRecord) -> Result<Vec<u8>, String> {
    scribe_export::game_pdf(record).map_err(|e| e.to_string())
}

/// `--smtp`, `--mail-from`, `--public-url`: all three, or none.
fn mail_config(args: &ServeArgs) -> anyhow::Result<Option<server::MailConfig>> {
    match (&args.smtp, &args.mail_from, &args.public_url) {
        (None, None, _) => Ok(None),
        (Some(smtp), Some(from), Some(url)) => {
            let config = server::MailConfig {
                smtp: smtp.clone(),
                from: from.clone(),
                public_url: url.clone(),
            };
            config.check()?;
            Ok(Some(config))
        }
        (None, Some(_), _) => bail!(
            "--mail-from needs --smtp (the SMTP server that sends the mail; see docs/online/running.md)"
        ),
        (Some(_), None, _) => {
            bail!("--smtp needs --mail-from (the sender, e.g. \"Scribe <scribe@example.org>\")")
        }
        (Some(_), Some(_), None) => bail!(
            "--smtp needs --public-url (where players open the server, e.g. \
             https://scribe.example.org: the links in mails start with it)"
        ),
    }
}

/// `scribe online`: play on a Scribe server.
#[derive(Debug, Clone, Args)]
pub struct OnlineArgs {
    /// The server, e.g. http://127.0.0.1:7607 (remembered after a login;
    /// default: the last one, else this machine's).
    #[arg(long, global = true, value_name = "URL")]
    pub server: Option<String>,
    /// What to do.
    #[command(subcommand)]
    pub command: OnlineCommand,
}

/// A variant, as the command line spells it.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum OnlineVariant {
    /// Whoever wins more mini grids wins.
    Majority,
    /// The mini grids won form a super glyph.
    SuperGlyph,
}

/// The challenger's side.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum SideArg {
    /// X, who moves first.
    X,
    /// O.
    O,
    /// Toss a coin.
    Random,
}

/// The `scribe online` commands.
#[derive(Debug, Clone, Subcommand)]
pub enum OnlineCommand {
    /// Make an account (the password is read from standard input) and sign in.
    Signup {
        /// 2-20 letters, digits, '_' or '-', starting with a letter.
        name: String,
        /// Read the password from standard input (its first line).
        #[arg(long)]
        password_stdin: bool,
    },
    /// Sign in; the token is kept in the data folder, for this server.
    Login {
        /// Your name.
        name: String,
        /// Read the password from standard input (its first line).
        #[arg(long)]
        password_stdin: bool,
    },
    /// Sign out (the token is revoked on the server and forgotten here).
    Logout,
    /// Change your password: standard input holds the old one, then the new one.
    Password {
        /// Read both passwords from standard input, one a line.
        #[arg(long)]
        password_stdin: bool,
    },
    /// Challenge a player (or, with --open, anyone); the game's id is printed last.
    Challenge {
        /// Who to challenge.
        #[arg(required_unless_present = "open")]
        name: Option<String>,
        /// An open challenge that anyone may accept.
        #[arg(long, conflicts_with = "name")]
        open: bool,
        /// The variant.
        #[arg(long, value_enum, default_value = "majority")]
        variant: OnlineVariant,
        /// Your side: x moves first.
        #[arg(long, value_enum, default_value = "random")]
        side: SideArg,
        /// A time limit: the days each move may take (1 to 30); a player
        /// out of time loses the game when the opponent claims it.
        #[arg(long, value_name = "N", value_parser = parse_days)]
        days: Option<u32>,
    },
    /// The challenges to you, yours, and the open ones.
    Challenges {
        /// One line of JSON.
        #[arg(long)]
        json: bool,
    },
    /// Accept a challenge: the game starts.
    Accept {
        /// The game's id.
        id: String,
    },
    /// Decline a challenge.
    Decline {
        /// The game's id.
        id: String,
    },
    /// Cancel your own challenge.
    Cancel {
        /// The game's id.
        id: String,
    },
    /// Play a move.
    Move {
        /// The game's id.
        id: String,
        /// The square, e.g. E5.
        square: String,
        /// The number this move will have (1 for the first): a retry is then
        /// applied once, and a move for a position that has changed is refused.
        #[arg(long, value_name = "N")]
        expect: Option<u64>,
    },
    /// Show a game: the text board (capital letter = latest move), or JSON.
    Show {
        /// The game's id.
        id: String,
        /// The `scribe score --json` object plus id, players, history, status.
        #[arg(long)]
        json: bool,
    },
    /// Your games, the ones waiting for you first.
    Games {
        /// Only the games waiting for you.
        #[arg(long)]
        next: bool,
        /// One line of JSON.
        #[arg(long)]
        json: bool,
    },
    /// Resign a game.
    Resign {
        /// The game's id.
        id: String,
    },
    /// Challenge the opponent of a finished game again: same variant and
    /// time limit, the sides swapped. The new game's id is printed last.
    Rematch {
        /// The finished game's id.
        id: String,
    },
    /// Claim a game whose opponent ran out of time (a game with --days).
    Claim {
        /// The game's id.
        id: String,
    },
    /// Propose taking back the last move, or answer a proposal.
    Undo {
        /// The game's id.
        id: String,
        /// Agree to your opponent's proposal.
        #[arg(long, conflicts_with = "decline")]
        accept: bool,
        /// Refuse your opponent's proposal.
        #[arg(long)]
        decline: bool,
    },
    /// Say something in a game's chat; without TEXT, print the chat.
    Chat {
        /// The game's id.
        id: String,
        /// One line, at most 300 characters.
        text: Option<String>,
    },
    /// Report the other player's chat line N to the server's keepers.
    Report {
        /// The game's id.
        id: String,
        /// The line's number: the first line `chat ID` prints is 1.
        n: u64,
    },
    /// Give the server your e-mail address (it mails a link to verify it),
    /// turn "your move" mail on or off, or remove the address; without
    /// arguments, show what the server has.
    Email {
        /// The address, e.g. ann@example.org.
        address: Option<String>,
        /// Mail me when it is my move and before my time runs out.
        #[arg(long, value_enum, value_name = "on|off")]
        notify: Option<OnOff>,
        /// Remove the address: the server mails nothing.
        #[arg(long, conflicts_with_all = ["address", "notify"])]
        remove: bool,
    },
    /// Forgot your password? The server mails a link to set a new one to
    /// the account's verified address.
    ForgotPassword {
        /// Your name, or your verified address.
        account: String,
    },
    /// Delete your account (the password is read from standard input); your
    /// games stay, under "deleted player".
    DeleteAccount {
        /// Read the password from standard input (its first line).
        #[arg(long)]
        password_stdin: bool,
    },
    /// Players by rating (Glicko-2).
    Standings {
        /// The variant.
        #[arg(long, value_enum, default_value = "majority")]
        variant: OnlineVariant,
        /// One line of JSON.
        #[arg(long)]
        json: bool,
    },
    /// A player's page (yours without NAME): ratings, rating over time, and
    /// finished games with date, opponent, variant, result, both variants'
    /// scores and how each ended.
    Player {
        /// The player's name.
        name: Option<String>,
        /// One line of JSON.
        #[arg(long)]
        json: bool,
    },
    /// Who has the server open now.
    Who {
        /// One line of JSON.
        #[arg(long)]
        json: bool,
    },
    /// Keep your finished games in the game library (each once, however often it is run).
    Keep {
        /// The library folder (default: the app's, `<data folder>/library`).
        #[arg(long, value_name = "DIR")]
        library: Option<PathBuf>,
    },
    /// Write a game's save file (for `scribe export`); to standard output without -o.
    Save {
        /// The game's id.
        id: String,
        /// The file to write.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
}

/// On or off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OnOff {
    /// On.
    On,
    /// Off.
    Off,
}

/// `--days`: the days a move may take.
fn parse_days(text: &str) -> Result<u32, String> {
    text.trim()
        .parse::<u32>()
        .ok()
        .filter(|d| (1..=30).contains(d))
        .ok_or_else(|| "the days a move may take: a whole number from 1 to 30".to_string())
}

impl From<OnlineVariant> for api::Variant {
    fn from(v: OnlineVariant) -> api::Variant {
        match v {
            OnlineVariant::Majority => api::Variant::Majority,
            OnlineVariant::SuperGlyph => api::Variant::SuperGlyph,
        }
    }
}

impl From<SideArg> for api::SideChoice {
    fn from(s: SideArg) -> api::SideChoice {
        match s {
            SideArg::X => api::SideChoice::X,
            SideArg::O => api::SideChoice::O,
            SideArg::Random => api::SideChoice::Random,
        }
    }
}

/// What every `scribe online` command starts from: the server, what the
/// data folder remembers, and the sign-in there.
struct Session {
    server: String,
    memory: Remembered,
    account: Option<Account>,
}

impl Session {
    /// A client signed in to the server, or the advice to sign in.
    fn signed_in(&self) -> anyhow::Result<Client> {
        match &self.account {
            Some(a) => Ok(Client::new(self.server.clone(), Some(a.token.clone()))),
            None => Err(anyhow!(
                "not signed in to {0}: run `scribe online --server {0} login NAME --password-stdin`",
                self.server
            )),
        }
    }

    /// A client with the sign-in if there is one.
    fn maybe_signed_in(&self) -> Client {
        Client::new(
            self.server.clone(),
            self.account.as_ref().map(|a| a.token.clone()),
        )
    }

    /// A client without a sign-in.
    fn anonymous(&self) -> Client {
        Client::new(self.server.clone(), None)
    }
}

/// Runs `scribe online`.
///
/// # Errors
/// A refusal, as one line saying what and why.
pub(super) fn online(args: &OnlineArgs) -> anyhow::Result<()> {
    let memory = Remembered::load()?;
    let server = match &args.server {
        Some(s) => normalise_server(s)?,
        None => memory
            .server
            .clone()
            .unwrap_or_else(|| format!("http://127.0.0.1:{}", server::DEFAULT_PORT)),
    };
    let account = memory.accounts.get(&server).cloned();
    let mut session = Session {
        server,
        memory,
        account,
    };
    let s = &mut session;
    match &args.command {
        OnlineCommand::Signup {
            name,
            password_stdin,
        } => account::signup(s, name, *password_stdin),
        OnlineCommand::Login {
            name,
            password_stdin,
        } => account::login(s, name, *password_stdin),
        OnlineCommand::Logout => account::logout(s),
        OnlineCommand::Password { password_stdin } => account::password(s, *password_stdin),
        OnlineCommand::Challenge {
            name,
            open,
            variant,
            side,
            days,
        } => {
            let to = if *open { None } else { name.as_deref() };
            play::challenge(s, to, (*variant).into(), (*side).into(), *days)
        }
        OnlineCommand::Challenges { json } => read::challenges(s, *json),
        OnlineCommand::Accept { id } => play::accept(s, id),
        OnlineCommand::Decline { id } => play::decline(s, id),
        OnlineCommand::Cancel { id } => play::cancel(s, id),
        OnlineCommand::Move { id, square, expect } => play::play(s, id, square, *expect),
        OnlineCommand::Show { id, json } => read::show(s, id, *json),
        OnlineCommand::Games { next, json } => read::games(s, *next, *json),
        OnlineCommand::Resign { id } => play::resign(s, id),
        OnlineCommand::Claim { id } => play::claim(s, id),
        OnlineCommand::Rematch { id } => play::rematch(s, id),
        OnlineCommand::Undo {
            id,
            accept,
            decline,
        } => play::undo(s, id, *accept, *decline),
        OnlineCommand::Chat { id, text } => play::chat(s, id, text.as_deref()),
        OnlineCommand::Report { id, n } => play::report(s, id, *n),
        OnlineCommand::Email {
            address,
            notify,
            remove,
        } => account::email(
            s,
            address.as_deref(),
            notify.map(|n| n == OnOff::On),
            *remove,
        ),
        OnlineCommand::ForgotPassword { account } => account::forgot_password(s, account),
        OnlineCommand::DeleteAccount { password_stdin } => {
            account::delete_account(s, *password_stdin)
        }
        OnlineCommand::Standings { variant, json } => read::standings(s, (*variant).into(), *json),
        OnlineCommand::Player { name, json } => read::player(s, name.as_deref(), *json),
        OnlineCommand::Who { json } => read::who(s, *json),
        OnlineCommand::Save { id, output } => read::save(s, id, output.as_deref()),
        OnlineCommand::Keep { library } => read::keep(s, library.as_deref()),
    }
}

/// A game id as it goes in a URL: letters and digits only.
fn path_id(id: &str) -> anyhow::Result<&str> {
    if !id.is_empty() && id.len() <= 32 && id.bytes().all(|b| b.is_ascii_alphanumeric()) {
        Ok(id)
    } else {
        bail!(
            "{} is not a game id (letters and digits)",
            scribe_rules::quote(id)
        )
    }
}

/// `/games/ID…`.
fn game_path(id: &str, tail: &str) -> anyhow::Result<String> {
    Ok(format!("/games/{}{tail}", path_id(id)?))
}
