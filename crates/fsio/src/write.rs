//! [`write_atomic`]: a temporary file, flushed, renamed over the target.

use super::cleanup::in_flight;
use super::{MAX_SYMLINKS, kind_of, shown};
use anyhow::{Context, bail};
#[cfg(unix)]
use std::fs::File;
use std::fs::Metadata;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Follows symbolic links from `path` to the file they finally name (which
/// may not exist yet: a dangling link names the file to create).
fn resolve_links(path: &Path) -> anyhow::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..MAX_SYMLINKS {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = std::fs::read_link(&p).with_context(|| {
                    format!("cannot write {}: cannot read the link", shown(path))
                })?;
                p = match p.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            _ => return Ok(p),
        }
    }
    bail!(
        "cannot write {}: more than {MAX_SYMLINKS} symbolic links in a row",
        shown(path)
    )
}

/// What a write is about to replace, looked at before anything is written.
struct Target {
    /// The file finally named (symbolic links followed).
    file: PathBuf,
    /// The path as messages name it ("a.pdf (a link to b.pdf)").
    what: String,
    /// The existing file, if any.
    existing: Option<Metadata>,
    /// The folder the file is in.
    dir: PathBuf,
}

fn inspect(path: &Path) -> anyhow::Result<Target> {
    let file = resolve_links(path)?;
    let what = if file == path {
        shown(path)
    } else {
        format!("{} (a link to {})", shown(path), shown(&file))
    };
    let existing = match std::fs::metadata(&file) {
        Ok(m) => Some(m),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => bail!("cannot write {what}: {}", io_words(&e)),
    };
    if let Some(m) = &existing {
        if !m.is_file() {
            bail!(
                "cannot write {what}: it is {}, not a regular file; give a file name",
                kind_of(m)
            );
        }
        if m.permissions().readonly() {
            bail!("cannot write {what}: the file is read-only");
        }
    }
    let dir = match file.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    Ok(Target {
        file,
        what,
        existing,
        dir,
    })
}

/// An I/O error in words, without the path of a temporary file that the
/// `tempfile` crate adds ("at path .../.scribe-XXXX.tmp"): the message
/// around it names the user's file.
pub(crate) fn io_words(e: &std::io::Error) -> String {
    use std::io::ErrorKind as K;
    match e.kind() {
        K::PermissionDenied => "permission denied".to_string(),
        K::NotFound => "no such file or folder".to_string(),
        K::NotADirectory => "a part of the path is not a folder".to_string(),
        K::StorageFull => "the disk is full".to_string(),
        K::QuotaExceeded => "the disk quota is used up".to_string(),
        K::ReadOnlyFilesystem => "the file system is read-only".to_string(),
        K::FileTooLarge => {
            "the file is larger than the system allows (see `ulimit -f`)".to_string()
        }
        _ => match e.raw_os_error() {
            Some(code) => std::io::Error::from_raw_os_error(code).to_string(),
            None => e.kind().to_string(),
        },
    }
}

/// What [`check_output`] found at an output path that can be written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutputCheck {
    /// Other names (hard links) of the existing file. The write replaces
    /// the file under this name only; the other names keep the old content.
    pub other_links: u64,
}

/// Checks that [`write_atomic`] can write `path`, before minutes of work:
/// the same checks on the target (a regular file, not read-only), and a
/// temporary file created and removed in its folder. Stale temporary files
/// in that folder are swept (see [`super::sweep_stale_temporary_files`]).
///
/// # Errors
/// As [`write_atomic`], naming the path.
pub fn check_output(path: &Path) -> anyhow::Result<OutputCheck> {
    let _ = super::cleanup::ensure_signal_cleanup();
    let t = inspect(path)?;
    super::cleanup::sweep_once(&t.dir);
    let probe = {
        let mut list = in_flight();
        let probe = temp_builder().tempfile_in(&t.dir).map_err(|e| {
            anyhow::anyhow!(
                "cannot write {}: cannot create a file in {}: {}",
                t.what,
                shown(&t.dir),
                io_words(&e)
            )
        })?;
        list.push(probe.path().to_path_buf());
        probe
    };
    let probe_path = probe.path().to_path_buf();
    let closed = probe.close();
    in_flight().retain(|p| *p != probe_path);
    closed.map_err(|e| anyhow::anyhow!("cannot write {}: {}", t.what, io_words(&e)))?;
    #[cfg(unix)]
    let other_links = {
        use std::os::unix::fs::MetadataExt;
        t.existing
            .as_ref()
            .map_or(0, |m| m.nlink().saturating_sub(1))
    };
    #[cfg(not(unix))]
    let other_links = 0;
    Ok(OutputCheck { other_links })
}

fn temp_builder() -> tempfile::Builder<'static, 'static> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(".scribe-").suffix(".tmp");
    builder
}

/// A test-only hook (debug builds only): with `SCRIBE_HOLD_WRITE_MS=N` set,
/// a write pauses N milliseconds once its temporary file is complete and
/// flushed, before the rename, so that tests can send a signal while the
/// temporary file exists.
fn hold_for_tests() {
    #[cfg(debug_assertions)]
    if let Some(ms) = std::env::var("SCRIBE_HOLD_WRITE_MS")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
    {
        std::thread::sleep(std::time::Duration::from_millis(ms));
    }
}

/// Writes `bytes` to `path` atomically: a temporary file `.scribe-*.tmp` in
/// the target's folder, flushed to disk, renamed over the target, then the
/// folder flushed too. On any error the target is untouched and the
/// temporary file removed.
///
/// Cleanup is part of the writer, so that no caller can forget it: the first
/// write of a process installs the signal handling of
/// [`super::install_cli_signal_cleanup`] (SIGINT, SIGTERM and SIGHUP remove
/// the temporary files and exit; SIGXFSZ makes the write fail), unless the
/// program handles those signals itself ([`super::app_handles_signals`]);
/// the first write into a folder sweeps the stale temporary files a killed
/// writer left there ([`super::sweep_stale_temporary_files`]); and the
/// temporary file is locked while it is written, so no sweep takes it.
///
/// - A **symbolic link** is written through: its final target gets the new
///   content and the link stays a link (a dangling link creates its target).
/// - A file with other **hard links** is replaced under this name only: the
///   other names keep the old content. Writing in place would update them,
///   but a crash or a full disk midway would leave a half-written file under
///   every name; never leaving a damaged file comes first.
/// - An existing target must be a **regular file** that is not read-only:
///   folders, FIFOs and devices (`/dev/null`) are refused, even for root.
/// - An existing file's **mode** is kept, and on Unix its owner and group
///   where allowed (a non-root user keeps the group if they are a member;
///   "not permitted" is otherwise ignored). A new file gets `rw-r--r--` less
///   the umask.
///
/// # Errors
/// The folder does not exist or is not writable, the target is not a
/// regular file or is read-only, the disk is full, the file is over the size
/// limit, or the rename fails; the message names the user's path (never the
/// temporary file's).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let _ = super::cleanup::ensure_signal_cleanup();
    let Target {
        file: target,
        what,
        existing,
        dir,
    } = inspect(path)?;
    super::cleanup::sweep_once(&dir);
    // Windows: no owner or mode bits to carry over to the new file (its
    // access list comes from the folder), so `existing` and the builder's
    // permissions are Unix's alone.
    #[cfg(not(unix))]
    let _ = existing;
    #[cfg_attr(not(unix), allow(unused_mut))]
    let mut builder = temp_builder();
    #[cfg(unix)]
    let mode = {
        use std::os::unix::fs::PermissionsExt;
        existing.as_ref().map(|m| m.permissions().mode() & 0o777)
    };
    #[cfg(unix)]
    {
        // A temporary file is private (0600); a new file should be an
        // ordinary one, rw-r--r-- less the umask.
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(mode.unwrap_or(0o644)));
    }
    let mut tmp = {
        // Created and listed under the lock: a signal sees it or it does not exist.
        let mut list = in_flight();
        let tmp = builder.tempfile_in(&dir).map_err(|e| {
            anyhow::anyhow!(
                "cannot write {what}: cannot create a file in {}: {}",
                shown(&dir),
                io_words(&e)
            )
        })?;
        list.push(tmp.path().to_path_buf());
        tmp
    };
    let tmp_path = tmp.path().to_path_buf();
    let written = (|| -> std::io::Result<()> {
        // Held while written: a sweep never takes a running writer's file.
        // (Where locks are not supported, the sweep goes by age alone.)
        let _ = tmp.as_file().try_lock();
        // The file itself, not the wrapper: its errors carry no temporary path.
        tmp.as_file_mut().write_all(bytes)?;
        #[cfg(unix)]
        if let (Some(m), Some(mode)) = (&existing, mode) {
            keep_owner(tmp.as_file(), m)?;
            use std::os::unix::fs::PermissionsExt;
            tmp.as_file()
                .set_permissions(std::fs::Permissions::from_mode(mode))?;
        }
        tmp.as_file().sync_all()?;
        hold_for_tests();
        Ok(())
    })();
    let renamed = {
        let mut list = in_flight();
        let r = match written {
            Ok(()) => tmp.persist(&target).map(drop).map_err(|e| e.error),
            // Dropping the temporary file removes it.
            Err(e) => Err(e),
        };
        list.retain(|p| *p != tmp_path);
        r
    };
    renamed.map_err(|e| anyhow::anyhow!("cannot write {what}: {}", io_words(&e)))?;
    sync_folder(&dir).map_err(|e| {
        anyhow::anyhow!(
            "{what} was written, but its folder could not be flushed to disk: {}",
            io_words(&e)
        )
    })
}

/// Gives the temporary file the owner and group of the file it replaces,
/// as far as this user may: "not permitted" is not an error.
#[cfg(unix)]
fn keep_owner(file: &File, old: &Metadata) -> std::io::Result<()> {
    use std::os::unix::fs::{MetadataExt, fchown};
    let now = file.metadata()?;
    if (now.uid(), now.gid()) == (old.uid(), old.gid()) {
        return Ok(());
    }
    let not_permitted = |e: &std::io::Error| e.kind() == std::io::ErrorKind::PermissionDenied;
    match fchown(file, Some(old.uid()), Some(old.gid())) {
        Ok(()) => Ok(()),
        Err(e) if not_permitted(&e) => match fchown(file, None, Some(old.gid())) {
            Err(e) if !not_permitted(&e) => Err(e),
            _ => Ok(()),
        },
        Err(e) => Err(e),
    }
}

/// Flushes a folder's entries (the rename) to disk, where the system can.
fn sync_folder(dir: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        match File::open(dir).and_then(|d| d.sync_all()) {
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::InvalidInput | std::io::ErrorKind::Unsupported
                ) =>
            {
                Ok(())
            }
            r => r,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_files(dir: &Path) -> Vec<String> {
        std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with(".scribe-"))
            .collect()
    }

    #[test]
    fn writes_and_replaces() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a.txt");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"two");
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no temp file left"
        );
        assert!(in_flight().is_empty());
    }

    #[test]
    fn missing_folder_is_a_clear_error() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("no/such/dir/a.txt");
        let e = write_atomic(&p, b"x").unwrap_err();
        assert!(format!("{e:#}").contains("cannot write"), "{e:#}");
        assert!(!p.exists());
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_is_written_through_and_stays_a_link() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.pdf");
        let link = dir.path().join("link.pdf");
        std::fs::write(&real, b"old").unwrap();
        std::os::unix::fs::symlink("real.pdf", &link).unwrap();
        write_atomic(&link, b"new").unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
        // A dangling link creates its target.
        let dangling = dir.path().join("dangling.pdf");
        std::os::unix::fs::symlink("made.pdf", &dangling).unwrap();
        write_atomic(&dangling, b"made").unwrap();
        assert_eq!(std::fs::read(dir.path().join("made.pdf")).unwrap(), b"made");
        assert!(temp_files(dir.path()).is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn mode_is_kept_and_read_only_files_refused() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a.pdf");
        std::fs::write(&p, b"old").unwrap();
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_atomic(&p, b"new").unwrap();
        let mode = std::fs::metadata(&p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o444)).unwrap();
        let e = write_atomic(&p, b"newer").unwrap_err();
        assert!(format!("{e:#}").contains("read-only"), "{e:#}");
        assert_eq!(std::fs::read(&p).unwrap(), b"new");
        assert!(temp_files(dir.path()).is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn targets_that_are_not_regular_files_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        crate::make_fifo(&fifo);
        let e = write_atomic(&fifo, b"x").unwrap_err();
        assert!(format!("{e:#}").contains("named pipe"), "{e:#}");
        let e = write_atomic(dir.path(), b"x").unwrap_err();
        assert!(format!("{e:#}").contains("a folder"), "{e:#}");
        assert!(temp_files(dir.path()).is_empty());
    }
}
