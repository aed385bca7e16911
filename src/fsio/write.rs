//! [`write_atomic`]: a temporary file, flushed, renamed over the target.

use super::cleanup::in_flight;
use super::{MAX_SYMLINKS, kind_of, shown};
use anyhow::{Context, bail};
use std::fs::{File, Metadata};
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

/// Writes `bytes` to `path` atomically: a temporary file `.scribe-*.tmp` in
/// the target's folder, flushed to disk, renamed over the target, then the
/// folder flushed too. On any error the target is untouched and the
/// temporary file removed; on a signal, see [`super::install_cli_signal_cleanup`].
///
/// - A **symbolic link** is written through: its final target gets the new
///   content and the link stays a link (a dangling link creates its target).
/// - An existing target must be a **regular file** that is not read-only:
///   folders, FIFOs and devices (`/dev/null`) are refused, even for root.
/// - An existing file's **mode** is kept, and on Unix its owner and group
///   where allowed (a non-root user keeps the group if they are a member;
///   "not permitted" is otherwise ignored). A new file gets `rw-r--r--` less
///   the umask.
///
/// # Errors
/// The folder does not exist or is not writable, the target is not a
/// regular file or is read-only, the disk is full, or the rename fails; the
/// message names the path.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let target = resolve_links(path)?;
    let what = if target == path {
        shown(path)
    } else {
        format!("{} (a link to {})", shown(path), shown(&target))
    };
    let existing = match std::fs::metadata(&target) {
        Ok(m) => Some(m),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => bail!("cannot write {what}: {e}"),
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
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".scribe-").suffix(".tmp");
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
        let tmp = builder.tempfile_in(&dir).with_context(|| {
            format!(
                "cannot write {what}: cannot create a file in {}",
                shown(&dir)
            )
        })?;
        list.push(tmp.path().to_path_buf());
        tmp
    };
    let tmp_path = tmp.path().to_path_buf();
    let written = (|| -> std::io::Result<()> {
        tmp.write_all(bytes)?;
        #[cfg(unix)]
        if let (Some(m), Some(mode)) = (&existing, mode) {
            keep_owner(tmp.as_file(), m)?;
            use std::os::unix::fs::PermissionsExt;
            tmp.as_file()
                .set_permissions(std::fs::Permissions::from_mode(mode))?;
        }
        tmp.as_file().sync_all()
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
    renamed.with_context(|| format!("cannot write {what}"))?;
    sync_folder(&dir)
        .with_context(|| format!("{what} was written, but its folder could not be flushed to disk"))
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
        crate::fsio::make_fifo(&fifo);
        let e = write_atomic(&fifo, b"x").unwrap_err();
        assert!(format!("{e:#}").contains("named pipe"), "{e:#}");
        let e = write_atomic(dir.path(), b"x").unwrap_err();
        assert!(format!("{e:#}").contains("a folder"), "{e:#}");
        assert!(temp_files(dir.path()).is_empty());
    }
}
