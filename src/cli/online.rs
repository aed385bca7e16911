//! `scribe serve` and `scribe online`: the server's flags, and the
//! command-line client that talks to a server over its HTTP API.

use crate::online::{Account, Client, Refusal, Remembered, normalise_server};
use crate::rules::escape_shown;
use crate::server::{self, Database};
use anyhow::{Context, anyhow, bail};
use clap::{Args, Subcommand, ValueEnum};
use serde_json::{Value, json};
use std::io::Read as _;
use std::net::SocketAddr;
use std::path::PathBuf;

/// `scribe serve`.
#[derive(Debug, Clone, Args)]
pub struct ServeArgs {
    /// The address to listen on (default 127.0.0.1:7607: this machine only).
    #[arg(long, value_name = "ADDR")]
    pub listen: Option<SocketAddr>,
    /// Allow listening beyond this machine (an address other than loopback).
    /// Put TLS in front: see docs/ONLINE.md.
    #[arg(long)]
    pub public: bool,
    /// The database: sqlite:PATH (default: server.sqlite3 in the data folder)
    /// or postgres://USER@HOST/NAME.
    #[arg(long, value_name = "URL")]
    pub database: Option<String>,
    /// Sign-in and sign-up attempts allowed per minute from one address.
    #[arg(long, value_name = "N", default_value_t = 30)]
    pub auth_per_minute: u32,
    /// SQLite: `full` syncs every move to disk before answering (safe from
    /// kill -9 and power cuts); `normal` hands it to the operating system
    /// (safe from kill -9, not from a power cut; many times faster).
    #[arg(long, value_enum, default_value = "full")]
    pub sqlite_sync: SyncArg,
}

/// How SQLite commits.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum SyncArg {
    /// To the disk (fsync) at every commit.
    Full,
    /// To the operating system at every commit, to the disk at checkpoints.
    Normal,
}

pub(super) fn serve(args: &ServeArgs) -> anyhow::Result<()> {
    let database = match &args.database {
        Some(url) => Database::parse(url)?,
        None => {
            let dir = crate::fsio::data_dir().ok_or_else(|| {
                anyhow!("no data folder (no home folder?): give --database sqlite:PATH")
            })?;
            Database::Sqlite(dir.join("server.sqlite3"))
        }
    };
    let listen = args
        .listen
        .unwrap_or_else(|| SocketAddr::from(([127, 0, 0, 1], server::DEFAULT_PORT)));
    server::run(server::Config {
        listen,
        public: args.public,
        database,
        auth_per_minute: args.auth_per_minute,
        sqlite_sync_full: matches!(args.sqlite_sync, SyncArg::Full),
    })
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
    /// Players by rating (Glicko-2).
    Standings {
        /// The variant.
        #[arg(long, value_enum, default_value = "majority")]
        variant: OnlineVariant,
        /// One line of JSON.
        #[arg(long)]
        json: bool,
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

/// `--days`: the days a move may take.
fn parse_days(text: &str) -> Result<u32, String> {
    text.trim()
        .parse::<u32>()
        .ok()
        .filter(|d| (1..=30).contains(d))
        .ok_or_else(|| "the days a move may take: a whole number from 1 to 30".to_string())
}

fn variant_api(v: OnlineVariant) -> &'static str {
    match v {
        OnlineVariant::Majority => "majority",
        OnlineVariant::SuperGlyph => "super-glyph",
    }
}

fn read_password_lines(flag: bool, lines: usize) -> anyhow::Result<Vec<String>> {
    if !flag {
        bail!(
            "give --password-stdin: the password is read from standard input, never from the command line"
        );
    }
    let mut text = String::new();
    std::io::stdin()
        .take(64 * 1024)
        .read_to_string(&mut text)
        .context("cannot read the password from standard input")?;
    let got: Vec<String> = text
        .lines()
        .map(|l| l.trim_end_matches('\r').to_string())
        .take(lines)
        .collect();
    if got.len() < lines || got.iter().any(String::is_empty) {
        bail!(
            "standard input holds no password{}",
            if lines > 1 {
                " (the old one on the first line, the new one on the second)"
            } else {
                ""
            }
        );
    }
    Ok(got)
}

/// Shown text from the server: nothing in it can drive the terminal.
fn safe(text: &str) -> String {
    text.lines()
        .map(|l| escape_shown(l, 400))
        .collect::<Vec<_>>()
        .join("\n")
}

fn s(v: &Value) -> String {
    match v {
        Value::String(t) => escape_shown(t, 40),
        Value::Null => "-".into(),
        other => escape_shown(&other.to_string(), 40),
    }
}

/// Runs `scribe online`.
///
/// # Errors
/// A refusal, as one line saying what and why.
pub(super) fn online(args: &OnlineArgs) -> anyhow::Result<()> {
    let mut memory = Remembered::load()?;
    let server = match &args.server {
        Some(s) => normalise_server(s)?,
        None => memory
            .server
            .clone()
            .unwrap_or_else(|| format!("http://127.0.0.1:{}", server::DEFAULT_PORT)),
    };
    let account = memory.accounts.get(&server).cloned();
    let signed_in = || -> anyhow::Result<Client> {
        match &account {
            Some(a) => Ok(Client::new(server.clone(), Some(a.token.clone()))),
            None => Err(anyhow!(
                "not signed in to {server}: run `scribe online --server {server} login NAME --password-stdin`"
            )),
        }
    };
    match &args.command {
        OnlineCommand::Signup {
            name,
            password_stdin,
        } => {
            let pw = read_password_lines(*password_stdin, 1)?.remove(0);
            let c = Client::new(server.clone(), None);
            c.post("/accounts", &json!({ "name": name, "password": pw }))?;
            sign_in(&c, &mut memory, name, pw)?;
            println!(
                "Signed up and signed in as {} on {server}.",
                escape_shown(name, 40)
            );
            Ok(())
        }
        OnlineCommand::Login {
            name,
            password_stdin,
        } => {
            let pw = read_password_lines(*password_stdin, 1)?.remove(0);
            let c = Client::new(server.clone(), None);
            sign_in(&c, &mut memory, name, pw)?;
            println!("Signed in as {} on {server}.", escape_shown(name, 40));
            Ok(())
        }
        OnlineCommand::Logout => {
            let c = signed_in()?;
            match c.delete("/session") {
                Ok(_) => {}
                // A token the server no longer knows is forgotten all the same.
                Err(e) if e.downcast_ref::<Refusal>().is_some_and(|r| r.status == 401) => {}
                Err(e) => return Err(e),
            }
            memory.accounts.remove(&server);
            memory.store()?;
            println!("Signed out of {server}.");
            Ok(())
        }
        OnlineCommand::Password { password_stdin } => {
            let pw = read_password_lines(*password_stdin, 2)?;
            signed_in()?.post("/me/password", &json!({ "old": pw[0], "new": pw[1] }))?;
            println!("Password changed; your other sign-ins were revoked.");
            Ok(())
        }
        OnlineCommand::Challenge {
            name,
            open,
            variant,
            side,
            days,
        } => {
            let side = match side {
                SideArg::X => "x",
                SideArg::O => "o",
                SideArg::Random => "random",
            };
            let body = json!({
                "opponent": if *open { None } else { name.clone() },
                "variant": variant_api(*variant),
                "side": side,
                "days": days,
            });
            let g = signed_in()?.post("/challenges", &body)?;
            let who = if *open {
                "anyone".to_string()
            } else {
                escape_shown(name.as_deref().unwrap_or(""), 40)
            };
            println!(
                "Challenge sent to {who}. When it is accepted, play with `scribe online move ID SQUARE`."
            );
            println!("{}", s(&g["id"]));
            Ok(())
        }
        OnlineCommand::Challenges { json } => {
            let v = signed_in()?.get("/challenges")?;
            if *json {
                println!("{v}");
            } else {
                let list = v["challenges"].as_array().cloned().unwrap_or_default();
                if list.is_empty() {
                    println!("No challenges.");
                }
                for c in list {
                    println!(
                        "{}  {} challenges {}  ({})",
                        s(&c["id"]),
                        s(&c["challenger"]),
                        if c["challenged"].is_null() {
                            "anyone".into()
                        } else {
                            s(&c["challenged"])
                        },
                        s(&c["variant"])
                    );
                }
            }
            Ok(())
        }
        OnlineCommand::Accept { id } => {
            let c = signed_in()?;
            c.post(&format!("/games/{}/accept", path_id(id)?), &json!({}))?;
            print!(
                "{}",
                safe(&c.get_text(&format!("/games/{}/board", path_id(id)?))?)
            );
            println!();
            Ok(())
        }
        OnlineCommand::Decline { id } => {
            signed_in()?.post(&format!("/games/{}/decline", path_id(id)?), &json!({}))?;
            println!("Challenge {} declined.", escape_shown(id, 40));
            Ok(())
        }
        OnlineCommand::Cancel { id } => {
            signed_in()?.post(&format!("/games/{}/cancel", path_id(id)?), &json!({}))?;
            println!("Challenge {} cancelled.", escape_shown(id, 40));
            Ok(())
        }
        OnlineCommand::Move { id, square, expect } => {
            let c = signed_in()?;
            let mut body = json!({ "square": square });
            if let Some(n) = expect {
                body["number"] = json!(n);
            }
            let g = c.post(&format!("/games/{}/moves", path_id(id)?), &body)?;
            if g["repeated"].as_bool() == Some(true) {
                println!("(this move was already made; nothing changed)");
            }
            println!(
                "{}",
                safe(&c.get_text(&format!("/games/{}/board", path_id(id)?))?)
            );
            Ok(())
        }
        OnlineCommand::Show { id, json } => {
            let c = Client::new(server.clone(), account.as_ref().map(|a| a.token.clone()));
            if *json {
                println!("{}", c.get(&format!("/games/{}", path_id(id)?))?);
            } else {
                print!(
                    "{}",
                    safe(&c.get_text(&format!("/games/{}/board", path_id(id)?))?)
                );
                println!();
            }
            Ok(())
        }
        OnlineCommand::Games { next, json } => {
            let path = if *next { "/games?next=true" } else { "/games" };
            let v = signed_in()?.get(path)?;
            if *json {
                println!("{v}");
            } else {
                print_games(&v);
            }
            Ok(())
        }
        OnlineCommand::Resign { id } => {
            let g = signed_in()?.post(&format!("/games/{}/resign", path_id(id)?), &json!({}))?;
            println!(
                "You resigned game {}; {} wins.",
                s(&g["id"]),
                s(&g["winner"])
            );
            Ok(())
        }
        OnlineCommand::Claim { id } => {
            let g = signed_in()?.post(&format!("/games/{}/claim", path_id(id)?), &json!({}))?;
            println!(
                "You claimed game {}: your opponent ran out of time; {} wins.",
                s(&g["id"]),
                s(&g["winner"])
            );
            Ok(())
        }
        OnlineCommand::Undo {
            id,
            accept,
            decline,
        } => {
            let c = signed_in()?;
            let path = match (accept, decline) {
                (true, _) => format!("/games/{}/undo/accept", path_id(id)?),
                (_, true) => format!("/games/{}/undo/decline", path_id(id)?),
                _ => format!("/games/{}/undo", path_id(id)?),
            };
            let g = c.post(&path, &json!({}))?;
            if g["undo_offer"].is_null() {
                println!(
                    "{}",
                    safe(&c.get_text(&format!("/games/{}/board", path_id(id)?))?)
                );
            } else {
                println!("Undo proposed; your opponent must accept it.");
            }
            Ok(())
        }
        OnlineCommand::Chat { id, text } => {
            let c = signed_in()?;
            let path = format!("/games/{}/chat", path_id(id)?);
            if let Some(text) = text {
                c.post(&path, &json!({ "text": text }))?;
            }
            let v = c.get(&path)?;
            for l in v["chat"].as_array().cloned().unwrap_or_default() {
                println!(
                    "{}: {}",
                    s(&l["by"]),
                    l["text"]
                        .as_str()
                        .map_or(String::new(), |t| escape_shown(t, 300))
                );
            }
            Ok(())
        }
        OnlineCommand::Standings { variant, json } => {
            let c = Client::new(server.clone(), None);
            let v = c.get(&format!("/standings?variant={}", variant_api(*variant)))?;
            if *json {
                println!("{v}");
            } else {
                let list = v["standings"].as_array().cloned().unwrap_or_default();
                if list.is_empty() {
                    println!("No rated games yet.");
                }
                for p in list {
                    println!(
                        "{:>3}. {:<20} {:>5} ±{:<4} {} games, {} won",
                        s(&p["rank"]),
                        s(&p["name"]),
                        s(&p["rating"]),
                        s(&p["deviation"]),
                        s(&p["games"]),
                        s(&p["wins"])
                    );
                }
            }
            Ok(())
        }
        OnlineCommand::Save { id, output } => {
            let c = Client::new(server.clone(), None);
            let text = c.get_text(&format!("/games/{}/save", path_id(id)?))?;
            // What is written must be a save file this program reads.
            crate::record::GameRecord::from_ron(&text)
                .map_err(|e| anyhow!("the server sent a save file that does not load: {e}"))?;
            match output {
                Some(path) => {
                    crate::fsio::write_atomic(path, text.as_bytes())?;
                    println!("Wrote {}.", path.display());
                }
                None => print!("{text}"),
            }
            Ok(())
        }
    }
}

fn sign_in(c: &Client, memory: &mut Remembered, name: &str, pw: String) -> anyhow::Result<()> {
    let v = c.post("/session", &json!({ "name": name, "password": pw }))?;
    let token = v["token"]
        .as_str()
        .ok_or_else(|| anyhow!("the server sent no token"))?
        .to_string();
    let name = v["name"].as_str().unwrap_or(name).to_string();
    memory
        .accounts
        .insert(c.server.clone(), Account { name, token });
    memory.server = Some(c.server.clone());
    memory.store()
}

/// A game id as it goes in a URL: letters and digits only.
fn path_id(id: &str) -> anyhow::Result<&str> {
    if !id.is_empty() && id.len() <= 32 && id.bytes().all(|b| b.is_ascii_alphanumeric()) {
        Ok(id)
    } else {
        bail!(
            "{} is not a game id (letters and digits)",
            crate::rules::quote(id)
        )
    }
}

fn print_games(v: &Value) {
    let list = v["games"].as_array().cloned().unwrap_or_default();
    if list.is_empty() {
        println!("No games.");
    }
    for g in list {
        let players = format!("X {} v O {}", s(&g["players"]["x"]), s(&g["players"]["o"]));
        let state = match g["status"].as_str() {
            Some("challenge") => format!(
                "challenge from {} to {}",
                s(&g["challenger"]),
                if g["challenged"].is_null() {
                    "anyone".into()
                } else {
                    s(&g["challenged"])
                }
            ),
            Some("finished") => format!("finished, {} won", s(&g["winner"])),
            Some(other) => escape_shown(other, 20),
            None => "-".into(),
        };
        let mine = if g["waiting_for_you"].as_bool() == Some(true) {
            "  <- your turn"
        } else {
            ""
        };
        println!(
            "{}  {:<9} {:<34} {} moves  {}{}",
            s(&g["id"]),
            s(&g["variant"]),
            players,
            s(&g["moves"]),
            state,
            mine
        );
    }
}
