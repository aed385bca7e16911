//! The server keeper's commands: `scribe serve backup FILE` and `scribe
//! admin …`, both on the server's database (the server may be running).
//! The work is in `scribe_server` ([`scribe_server::backup`],
//! [`scribe_server::run_admin`]); this is the command line.

use anyhow::anyhow;
use clap::{Args, Subcommand};
use scribe_server::{AdminCommand, Database};
use std::io::Write as _;
use std::path::PathBuf;

/// What `scribe serve` does instead of serving.
#[derive(Debug, Clone, Subcommand)]
pub enum ServeAction {
    /// A consistent copy of a running SQLite server's database (for
    /// PostgreSQL use pg_dump: see docs/online/running.md).
    Backup {
        /// The backup file to write (refused if it exists, unless --force).
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// Replace FILE if it exists.
        #[arg(long)]
        force: bool,
        /// The server's database, as for scribe serve (default:
        /// server.sqlite3 in the data folder).
        #[arg(long, value_name = "URL")]
        database: Option<String>,
    },
}

/// `scribe admin`.
#[derive(Debug, Clone, Args)]
pub struct AdminArgs {
    /// The server's database, as for scribe serve: sqlite:PATH (default:
    /// server.sqlite3 in the data folder) or postgres://USER@HOST/NAME.
    #[arg(long, value_name = "URL", global = true)]
    pub database: Option<String>,
    /// What to do.
    #[command(subcommand)]
    pub command: AdminSub,
}

/// `scribe admin`'s commands.
#[derive(Debug, Clone, Subcommand)]
pub enum AdminSub {
    /// The players: name, created, last seen, games, ratings, banned.
    Players,
    /// A new random password for NAME, printed once; their sign-ins are revoked.
    ResetPassword {
        /// The player.
        name: String,
    },
    /// NAME cannot sign in any more (sign-ins revoked, live streams closed); their games stay.
    Ban {
        /// The player.
        name: String,
        /// Why (the player is told when a sign-in is refused).
        #[arg(long)]
        reason: Option<String>,
    },
    /// NAME may sign in again.
    Unban {
        /// The player.
        name: String,
    },
    /// Deletes NAME's account; their games are kept under "deleted player".
    Delete {
        /// The player.
        name: String,
    },
    /// The chat lines players reported.
    Reports,
}

/// The database of `--database`, or the default one of `scribe serve`.
fn database(arg: Option<&str>) -> anyhow::Result<Database> {
    match arg {
        Some(url) => Database::parse(url),
        None => {
            let dir = scribe_fsio::data_dir().ok_or_else(|| {
                anyhow!("no data folder (no home folder?): give --database sqlite:PATH")
            })?;
            Ok(Database::Sqlite(dir.join("server.sqlite3")))
        }
    }
}

fn print(text: &str) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// `scribe serve ACTION`; `serve_database` is `scribe serve --database`.
pub(super) fn serve_action(
    serve_database: Option<&str>,
    action: &ServeAction,
) -> anyhow::Result<()> {
    match action {
        ServeAction::Backup {
            file,
            force,
            database: own,
        } => {
            let db = database(own.as_deref().or(serve_database))?;
            print(&scribe_server::backup(&db, file, *force)?)
        }
    }
}

/// `scribe admin`.
pub(super) fn admin(args: &AdminArgs) -> anyhow::Result<()> {
    let db = database(args.database.as_deref())?;
    let command = match &args.command {
        AdminSub::Players => AdminCommand::Players,
        AdminSub::Reports => AdminCommand::Reports,
        AdminSub::ResetPassword { name } => AdminCommand::ResetPassword { name: name.clone() },
        AdminSub::Ban { name, reason } => AdminCommand::Ban {
            name: name.clone(),
            reason: reason.clone(),
        },
        AdminSub::Unban { name } => AdminCommand::Unban { name: name.clone() },
        AdminSub::Delete { name } => AdminCommand::Delete { name: name.clone() },
    };
    print(&scribe_server::run_admin(&db, &command)?)
}
