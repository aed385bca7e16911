//! `scribe serve backup FILE`: a consistent copy of a SQLite server's
//! database, taken while the server runs.
//!
//! Copying `server.sqlite3` is not a backup: the latest commits may still
//! be in its write-ahead log (`-wal`). `VACUUM INTO` copies the database as
//! one read transaction sees it, the log included, into a new file: every
//! commit made before the backup began is in it, and nothing half-made.
//! It is written to a temporary file beside FILE (only its owner may read
//! it: it holds password hashes), synced, then renamed, so FILE is either
//! absent or a whole backup. For PostgreSQL, `pg_dump` does the same (see
//! `docs/online/running.md`).

use crate::db::Database;
use anyhow::{Context, bail};
use sqlx::ConnectOptions as _;
use std::path::Path;

/// Backs `database` up into `file` (which must not exist unless `force`);
/// what to print.
///
/// # Errors
/// A PostgreSQL database (the answer names `pg_dump`), no database, a FILE
/// that exists, or a failed copy: one line. A failed copy leaves no FILE.
pub fn backup(database: &Database, file: &Path, force: bool) -> anyhow::Result<String> {
    let source = match database {
        Database::Postgres(_) => bail!(
            "a PostgreSQL server is backed up with pg_dump: pg_dump --format=custom --file {} \
             URL (see docs/online/running.md, \"Backups\")",
            file.display()
        ),
        Database::Sqlite(path) => path,
    };
    if !source.is_file() {
        bail!("no server database at {}", source.display());
    }
    if file.exists() && !force {
        bail!(
            "{} exists; give --force to replace it, or another name",
            file.display()
        );
    }
    let name = file
        .file_name()
        .with_context(|| format!("{} is not a file name", file.display()))?;
    let dir = match file.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let temp = dir.join(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        crate::auth::random_hex(4)?
    ));
    let result = copy(source, &temp).and_then(|()| {
        std::fs::rename(&temp, file)
            .with_context(|| format!("cannot rename the backup to {}", file.display()))
    });
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result?;
    let size = std::fs::metadata(file).map_or(0, |m| m.len());
    Ok(format!(
        "backed up {} to {} ({size} bytes)\n",
        source.display(),
        file.display()
    ))
}

/// `VACUUM INTO` from `source` (opened read-only) to `temp`, then synced.
fn copy(source: &Path, temp: &Path) -> anyhow::Result<()> {
    crate::db::create_private(temp).with_context(|| format!("cannot create {}", temp.display()))?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the backup's thread")?;
    let shown = source.display().to_string();
    runtime.block_on(async {
        let options = sqlx::sqlite::SqliteConnectOptions::new()
            .filename(source)
            .read_only(true)
            .busy_timeout(std::time::Duration::from_secs(30));
        let mut conn = options
            .connect()
            .await
            .with_context(|| format!("cannot open the database {shown}"))?;
        let ours: Option<(String,)> = sqlx::query_as(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name = '_sqlx_migrations'",
        )
        .fetch_optional(&mut conn)
        .await
        .with_context(|| format!("cannot read the database {shown}"))?;
        if ours.is_none() {
            bail!("{shown} is not a Scribe server's database");
        }
        sqlx::query("VACUUM INTO $1")
            .bind(temp.to_string_lossy().into_owned())
            .execute(&mut conn)
            .await
            .with_context(|| format!("cannot copy the database {shown}"))?;
        Ok::<_, anyhow::Error>(())
    })?;
    std::fs::File::open(temp)
        .and_then(|f| f.sync_all())
        .with_context(|| format!("cannot sync {}", temp.display()))?;
    Ok(())
}
