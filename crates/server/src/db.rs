//! Opening the database: SQLite (one file, the default) or PostgreSQL, the
//! same portable SQL on both through sqlx's `Any` driver, plain
//! `sqlx::query(..).bind(..)` (no compile-time checked macros, so a build
//! needs no database), and the versioned migrations in `migrations/`.
//!
//! A database that cannot be opened, is damaged, or is not a Scribe server's
//! stops the server at start with a message; it is never overwritten.

use anyhow::{Context, bail};
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Row};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Which database the server runs on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Database {
    /// A SQLite file.
    Sqlite(PathBuf),
    /// A PostgreSQL URL (`postgres://…`).
    Postgres(String),
}

impl Database {
    /// Reads `--database`: `sqlite:PATH`, a bare path, or `postgres://…` /
    /// `postgresql://…`.
    ///
    /// # Errors
    /// An empty value, or another scheme.
    pub fn parse(text: &str) -> anyhow::Result<Database> {
        let text = text.trim();
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            return Ok(Database::Postgres(text.to_string()));
        }
        let path = text
            .strip_prefix("sqlite://")
            .or_else(|| text.strip_prefix("sqlite:"))
            .unwrap_or(text);
        if path.is_empty() {
            bail!("--database: give sqlite:PATH or postgres://USER@HOST/NAME");
        }
        if let Some((scheme, _)) = path.split_once("://") {
            bail!(
                "--database: {} is not a database this server knows (sqlite:PATH or postgres://…)",
                scribe_rules::quote(scheme)
            );
        }
        Ok(Database::Sqlite(PathBuf::from(path)))
    }

    /// The database as messages show it (a PostgreSQL password hidden).
    #[must_use]
    pub fn shown(&self) -> String {
        match self {
            Database::Sqlite(p) => format!("sqlite:{}", p.display()),
            Database::Postgres(url) => hide_password(url),
        }
    }
}

fn hide_password(url: &str) -> String {
    // postgres://user:secret@host/db → postgres://user:***@host/db
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    match rest.split_once('@') {
        Some((cred, host)) if cred.contains(':') => {
            let user = cred.split(':').next().unwrap_or("");
            format!("{scheme}://{user}:***@{host}")
        }
        _ => url.to_string(),
    }
}

/// An open database: the pool, and which kind it is.
#[derive(Debug, Clone)]
pub struct Db {
    /// The connections: every read, and on PostgreSQL every write.
    pub pool: AnyPool,
    /// The connection SQLite's writes take ([`Db::begin`], [`Db::writer`]):
    /// one, so that writers queue in the order they came, here, instead of
    /// in SQLite's busy handler, which sleeps for up to 100 ms between
    /// looks at the lock. On PostgreSQL, `pool` itself.
    writer: AnyPool,
    /// PostgreSQL (live events go through `NOTIFY`) or SQLite.
    pub postgres: bool,
    /// The PostgreSQL URL, for the `LISTEN` connection.
    pub url: String,
}

/// Opens the database, checks it, and applies the migrations.
///
/// # Errors
/// A message naming the database and saying why it cannot be used.
pub async fn open(database: &Database, sync_full: bool) -> anyhow::Result<Db> {
    sqlx::any::install_default_drivers();
    let shown = database.shown();
    let db = match database {
        Database::Sqlite(path) => open_sqlite(path, sync_full).await?,
        Database::Postgres(url) => {
            let pool = AnyPoolOptions::new()
                .max_connections(16)
                .acquire_timeout(Duration::from_secs(10))
                .connect(url)
                .await
                .with_context(|| format!("cannot open the database {shown}"))?;
            Db {
                writer: pool.clone(),
                pool,
                postgres: true,
                url: url.clone(),
            }
        }
    };
    check_ours(&db)
        .await
        .with_context(|| format!("cannot use the database {shown}; it was left as it is"))?;
    sqlx::migrate!("src/migrations")
        .run(&db.pool)
        .await
        .with_context(|| {
            format!("cannot bring the database {shown} up to date; it was left as it is")
        })?;
    Ok(db)
}

async fn open_sqlite(path: &Path, sync_full: bool) -> anyhow::Result<Db> {
    let shown = format!("sqlite:{}", path.display());
    let exists = match std::fs::metadata(path) {
        Ok(m) if m.is_file() => true,
        Ok(_) => bail!("cannot open the database {shown}: it is not a regular file"),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => false,
        Err(e) => bail!("cannot open the database {shown}: {e}"),
    };
    if !exists && let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create the folder {}", dir.display()))?;
    }
    if !exists {
        create_private(path).with_context(|| format!("cannot create the database {shown}"))?;
    }
    if exists {
        // Looked at read-only first: a damaged file, or another program's
        // database, is refused before anything (even the journal mode) is
        // written to it.
        let ro = AnyPoolOptions::new()
            .max_connections(1)
            .connect(&format!("sqlite://{}?mode=ro", path.display()))
            .await
            .with_context(|| format!("cannot open the database {shown}"))?;
        let ro_db = Db {
            writer: ro.clone(),
            pool: ro,
            postgres: false,
            url: String::new(),
        };
        quick_check(&ro_db.pool, &shown).await?;
        check_ours(&ro_db)
            .await
            .with_context(|| format!("cannot use the database {shown}; it was left as it is"))?;
        ro_db.pool.close().await;
    }
    // An existing file is opened read-write but never created afresh.
    let mode = if exists { "rw" } else { "rwc" };
    let url = format!("sqlite://{}?mode={mode}", path.display());
    let options = || {
        AnyPoolOptions::new()
            .acquire_timeout(Duration::from_secs(30))
            .after_connect(move |conn, _| Box::pin(configure(conn, sync_full)))
    };
    let pool = options()
        .max_connections(8)
        .connect(&url)
        .await
        .with_context(|| format!("cannot open the database {shown}"))?;
    // No ping before each write: it would be one more round trip while
    // every other writer waits.
    let writer = options()
        .max_connections(1)
        .test_before_acquire(false)
        .connect(&url)
        .await
        .with_context(|| format!("cannot open the database {shown}"))?;
    quick_check(&pool, &shown).await?;
    Ok(Db {
        pool,
        writer,
        postgres: false,
        url,
    })
}

/// Sets up one SQLite connection.
async fn configure(conn: &mut sqlx::AnyConnection, sync_full: bool) -> sqlx::Result<()> {
    // WAL: readers never wait for the writer. synchronous=FULL: a commit is
    // on disk before the answer goes out, so neither kill -9 nor a power
    // cut loses an acknowledged move. NORMAL (--sqlite-sync normal): a
    // commit is in the operating system's hands, safe from kill -9 but not
    // from a power cut.
    sqlx::query("PRAGMA journal_mode = WAL")
        .execute(&mut *conn)
        .await?;
    let sync = if sync_full {
        "PRAGMA synchronous = FULL"
    } else {
        "PRAGMA synchronous = NORMAL"
    };
    sqlx::query(sync).execute(&mut *conn).await?;
    sqlx::query("PRAGMA busy_timeout = 10000")
        .execute(&mut *conn)
        .await?;
    sqlx::query("PRAGMA foreign_keys = ON")
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Creates an empty database file only its owner may read and write
/// (0600: it holds password hashes and tokens' hashes). SQLite gives its
/// `-wal` and `-shm` files the database's permissions, and takes an empty
/// file for a new database.
pub(crate) fn create_private(path: &Path) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    // Windows has no mode bits: the file takes its folder's access list, so
    // a keeper there puts the database in a folder only the server's
    // account may read (docs/online/running.md).
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.mode(0o600);
    }
    options.open(path).map(drop)
}

/// Refuses a SQLite database that `PRAGMA quick_check` finds damaged.
async fn quick_check(pool: &AnyPool, shown: &str) -> anyhow::Result<()> {
    let check: Vec<AnyRow> = sqlx::query("PRAGMA quick_check")
        .fetch_all(pool)
        .await
        .with_context(|| format!("cannot open the database {shown}"))?;
    let verdict: Vec<String> = check
        .iter()
        .filter_map(|r| r.try_get::<String, _>("quick_check").ok())
        .collect();
    if verdict != ["ok"] {
        bail!(
            "the database {shown} is damaged ({}); it was left as it is",
            verdict.first().map_or("no answer", String::as_str)
        );
    }
    Ok(())
}

/// Refuses a database that holds other tables but no migration record: it
/// belongs to something else.
async fn check_ours(db: &Db) -> anyhow::Result<()> {
    let sql = if db.postgres {
        "SELECT CAST(table_name AS TEXT) AS name FROM information_schema.tables \
         WHERE table_schema = current_schema()"
    } else {
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    };
    let tables: Vec<String> = sqlx::query(sql)
        .fetch_all(&db.pool)
        .await?
        .iter()
        .filter_map(|r| r.try_get::<String, _>("name").ok())
        .collect();
    if !tables.is_empty() && !tables.iter().any(|t| t == "_sqlx_migrations") {
        bail!(
            "it holds tables ({}) but is not a Scribe server's database",
            tables.join(", ")
        );
    }
    Ok(())
}

impl Db {
    /// Starts a write transaction. On SQLite it takes the write lock at once
    /// (`BEGIN IMMEDIATE`), so that a transaction which reads before it
    /// writes waits for another writer instead of failing.
    ///
    /// # Errors
    /// The database's.
    pub async fn begin(&self) -> sqlx::Result<sqlx::Transaction<'static, sqlx::Any>> {
        if self.postgres {
            self.pool.begin().await
        } else {
            self.writer.begin_with("BEGIN IMMEDIATE").await
        }
    }

    /// Where a single write outside a transaction goes: SQLite's one
    /// writing connection, or PostgreSQL's pool.
    #[must_use]
    pub fn writer(&self) -> &AnyPool {
        &self.writer
    }
}

/// Milliseconds since 1970, the times kept in the database.
#[must_use]
pub fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn database_urls() {
        assert_eq!(
            Database::parse("sqlite:/tmp/a.db").unwrap(),
            Database::Sqlite("/tmp/a.db".into())
        );
        assert_eq!(
            Database::parse("b.sqlite3").unwrap(),
            Database::Sqlite("b.sqlite3".into())
        );
        assert!(matches!(
            Database::parse("postgres://u@127.0.0.1/x").unwrap(),
            Database::Postgres(_)
        ));
        assert!(Database::parse("mysql://x").is_err());
        assert!(Database::parse("sqlite:").is_err());
        assert_eq!(
            hide_password("postgres://ann:secret@h/db"),
            "postgres://ann:***@h/db"
        );
    }
}
