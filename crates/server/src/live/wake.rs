//! On SQLite, `scribe admin` is another process: the events of its changes
//! (a ban's, a deletion's or a new password's revocation, the withdrawn
//! challenges) have no stream in it. It hands them to the running server
//! through a Unix socket beside the database (`server.sqlite3.wake`, only
//! the server's own user may connect), and the server delivers them on its
//! own bus, as for a sign-out: a banned player's streams end before the
//! admin command returns. (On PostgreSQL the events go through `NOTIFY`.
//! Where there is no socket — Windows, a server that does not run, a
//! keeper without the right to it — the streams end at their next check
//! of their tokens, [`crate::live::token_check_period`].)

use crate::live::{Event, Hub};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The socket beside the SQLite database `db`: its path with `.wake` added.
#[must_use]
pub fn path(db: &Path) -> PathBuf {
    let mut p = db.as_os_str().to_owned();
    p.push(".wake");
    PathBuf::from(p)
}

/// The most bytes of events one connection may send.
#[cfg(unix)]
const MAX_EVENTS: u64 = 64 * 1024;

/// How long a connection may take, either side.
#[cfg(unix)]
const WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// Listens on `path` (an old socket left there is replaced) before it
/// returns, and from then on delivers the events each connection sends to
/// `hub`, until the server stops. If the socket cannot be made, says so
/// once (the streams then end at their next check).
#[cfg(unix)]
pub fn listen(path: PathBuf, hub: Arc<Hub>) {
    use std::os::unix::fs::{FileTypeExt as _, PermissionsExt as _};
    if std::fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_socket()) {
        let _ = std::fs::remove_file(&path);
    }
    let listener = match tokio::net::UnixListener::bind(&path) {
        Ok(l) => l,
        Err(e) => {
            crate::warn(&format!(
                "scribe serve: cannot make {} ({e}): scribe admin's bans reach open streams \
                 within {} s instead of at once",
                path.display(),
                crate::live::token_check_period().as_secs()
            ));
            return;
        }
    };
    let _ = std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600));
    tokio::spawn(async move {
        loop {
            let Ok((conn, _)) = listener.accept().await else {
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                continue;
            };
            let hub = hub.clone();
            tokio::spawn(async move {
                let _ = tokio::time::timeout(WAIT, serve(conn, &hub)).await;
            });
        }
    });
}

/// One connection: reads its events (JSON, to the end), delivers them,
/// answers `ok`.
#[cfg(unix)]
async fn serve(mut conn: tokio::net::UnixStream, hub: &Hub) -> std::io::Result<()> {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    let mut text = Vec::new();
    (&mut conn).take(MAX_EVENTS).read_to_end(&mut text).await?;
    let Ok(events) = serde_json::from_slice::<Vec<Event>>(&text) else {
        return conn.write_all(b"not events\n").await;
    };
    for e in &events {
        hub.deliver(e);
    }
    conn.write_all(b"ok\n").await
}

/// No socket where there are no Unix sockets: nothing to listen on.
#[cfg(not(unix))]
pub fn listen(_path: PathBuf, _hub: Arc<Hub>) {}

/// Hands `events` to the server running on the SQLite database `db`:
/// whether it took them (false: no server, no socket, no answer in time).
#[cfg(unix)]
pub async fn send(db: &Path, events: &[Event]) -> bool {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    if events.is_empty() {
        return true;
    }
    let Ok(text) = serde_json::to_vec(events) else {
        return false;
    };
    let talk = async {
        let mut conn = tokio::net::UnixStream::connect(path(db)).await?;
        conn.write_all(&text).await?;
        conn.shutdown().await?;
        let mut answer = String::new();
        conn.take(64).read_to_string(&mut answer).await?;
        Ok::<bool, std::io::Error>(answer.trim() == "ok")
    };
    matches!(tokio::time::timeout(WAIT, talk).await, Ok(Ok(true)))
}

/// Never taken where there are no Unix sockets.
#[cfg(not(unix))]
pub async fn send(_db: &Path, _events: &[Event]) -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_socket_sits_beside_the_database() {
        assert_eq!(
            path(Path::new("/var/lib/scribe-serve/server.sqlite3")),
            PathBuf::from("/var/lib/scribe-serve/server.sqlite3.wake")
        );
    }

    #[cfg(unix)]
    #[tokio::test]
    async fn events_sent_to_the_socket_reach_the_hub() {
        let dir = std::env::temp_dir().join(format!("scribe-wake-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let db = dir.join("s.sqlite3");
        let hub = Arc::new(Hub::default());
        listen(path(&db), hub.clone());
        let event = crate::live::Revoked::default().event("ann");
        assert!(send(&db, std::slice::from_ref(&event)).await);
        assert!(!send(&dir.join("other.sqlite3"), &[event]).await);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
