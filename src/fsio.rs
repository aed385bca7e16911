//! Reading a user's files with bounds, and writing files without ever leaving
//! a truncated one (or a stray temporary file) behind.
//!
//! - [`read_text`] reads a game or template: a regular file of at most
//!   [`MAX_INPUT_BYTES`], UTF-8, a leading byte-order mark skipped. Folders,
//!   FIFOs and devices are refused at once, never read (so never waited on).
//! - [`write_atomic`] writes through a temporary file in the target's folder,
//!   then renames it over the target. Every temporary file in flight is listed
//!   in a process-wide registry, so that a signal handler can remove them:
//!   [`install_cli_signal_cleanup`] (the command line) or
//!   [`remove_temporary_files`] (an app with its own handler).

use anyhow::{Context, bail};
use std::fs::{File, Metadata};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// The largest game or template file read: 1 MiB. A finished game's save file
/// is under 2 KB and a template under 4 KB.
pub const MAX_INPUT_BYTES: u64 = 1 << 20;

/// How many symbolic links [`write_atomic`] follows before giving up (as Linux does).
const MAX_SYMLINKS: usize = 40;

/// Why a file cannot be read. The message names the file and says why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot read {}: {reason}", shown(path))]
pub struct ReadError {
    /// The file.
    pub path: PathBuf,
    /// Why, e.g. `it is a folder, not a file`.
    pub reason: String,
}

/// A path as a message shows it: control characters escaped, at most 200 characters.
fn shown(path: &Path) -> String {
    crate::rules::escape_shown(&path.display().to_string(), 200)
}

/// What a file that is not a regular file is, for a message ("a folder").
fn kind_of(meta: &Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    "not a regular file"
}

/// Reads a whole text file: a game (save file or move list) or a template.
///
/// The file must be a regular file (a symbolic link to one is fine) of at most
/// [`MAX_INPUT_BYTES`] (1 MiB) of UTF-8 text. Folders, FIFOs, devices and
/// sockets are refused without being read, so this never blocks on a FIFO;
/// at most `MAX_INPUT_BYTES + 1` bytes are ever read. A byte-order mark at
/// the start is skipped.
///
/// # Errors
/// The file cannot be opened, is not a regular file, is too large, or is not
/// UTF-8 text; the message names the path and says which.
pub fn read_text(path: &Path) -> Result<String, ReadError> {
    let fail = |reason: String| ReadError {
        path: path.to_path_buf(),
        reason,
    };
    let io_reason = |e: std::io::Error| match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => e.to_string(),
    };
    let check = |meta: &Metadata| -> Result<(), ReadError> {
        if !meta.is_file() {
            return Err(fail(format!(
                "it is {}; a game or template must be a regular file",
                kind_of(meta)
            )));
        }
        if meta.len() > MAX_INPUT_BYTES {
            return Err(too_big(path, Some(meta.len())));
        }
        Ok(())
    };
    // Look before opening: opening a FIFO for reading would wait for a writer.
    check(&std::fs::metadata(path).map_err(|e| fail(io_reason(e)))?)?;
    let file = open_nonblocking(path).map_err(|e| fail(io_reason(e)))?;
    // And again on what was opened, in case the file was swapped meanwhile.
    check(&file.metadata().map_err(|e| fail(io_reason(e)))?)?;
    let mut bytes = Vec::new();
    file.take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| fail(io_reason(e)))?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(too_big(path, None));
    }
    let mut text = String::from_utf8(bytes).map_err(|e| {
        fail(format!(
            "not a text file (not UTF-8 at byte {})",
            e.utf8_error().valid_up_to()
        ))
    })?;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}

/// A file over the limit; `len` is its size when known (a file that grew
/// while being read is only known to be larger).
fn too_big(path: &Path, len: Option<u64>) -> ReadError {
    ReadError {
        path: path.to_path_buf(),
        reason: format!(
            "it is larger than 1 MiB{}; a game or template file is at most {MAX_INPUT_BYTES} bytes",
            len.map_or(String::new(), |n| format!(" ({n} bytes)"))
        ),
    }
}

#[cfg(unix)]
fn open_nonblocking(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
fn open_nonblocking(path: &Path) -> std::io::Result<File> {
    File::open(path)
}

/// The temporary files being written now, removed by [`remove_temporary_files`].
static IN_FLIGHT: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn in_flight() -> MutexGuard<'static, Vec<PathBuf>> {
    IN_FLIGHT.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Removes every temporary file that [`write_atomic`] is writing now (the
/// targets are untouched). For a signal handler's thread, just before the
/// process exits; see [`remove_temporary_files_and_exit`] to do both with no
/// gap in which a new temporary file could appear.
pub fn remove_temporary_files() {
    for p in in_flight().drain(..) {
        let _ = std::fs::remove_file(p);
    }
}

/// Removes every temporary file in flight and exits with `code`, holding the
/// registry's lock so that no new temporary file can be created in between.
/// A write that is renaming its file finishes first (the target is then
/// complete).
pub fn remove_temporary_files_and_exit(code: i32) -> ! {
    let mut list = in_flight();
    for p in list.drain(..) {
        let _ = std::fs::remove_file(p);
    }
    std::process::exit(code)
}

/// For commands that write files: on SIGINT, SIGTERM or SIGHUP, remove the
/// temporary files in flight and exit with status 128 + the signal number.
/// The removal runs on a named thread fed by `signal-hook`, not in the signal
/// handler. Calling it again does nothing more. (On systems without these
/// signals it installs nothing.)
///
/// # Errors
/// The handler or its thread cannot be set up.
pub fn install_cli_signal_cleanup() -> anyhow::Result<()> {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        static INSTALLED: Mutex<bool> = Mutex::new(false);
        let mut installed = INSTALLED.lock().unwrap_or_else(PoisonError::into_inner);
        if *installed {
            return Ok(());
        }
        let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])
            .context("cannot install the signal handler")?;
        std::thread::Builder::new()
            .name("signal-cleanup".into())
            .spawn(move || {
                if let Some(sig) = signals.forever().next() {
                    remove_temporary_files_and_exit(128 + sig);
                }
            })
            .context("cannot start the signal-handling thread")?;
        *installed = true;
    }
    Ok(())
}

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
/// temporary file removed; on a signal, see [`install_cli_signal_cleanup`].
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
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let e = write_atomic(&fifo, b"x").unwrap_err();
        assert!(format!("{e:#}").contains("named pipe"), "{e:#}");
        let e = write_atomic(dir.path(), b"x").unwrap_err();
        assert!(format!("{e:#}").contains("a folder"), "{e:#}");
        assert!(temp_files(dir.path()).is_empty());
    }

    #[test]
    fn reads_are_bounded_and_checked() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("g.txt");
        std::fs::write(&p, "\u{feff}D6 H4").unwrap();
        assert_eq!(read_text(&p).unwrap(), "D6 H4");
        std::fs::write(&p, vec![b' '; MAX_INPUT_BYTES as usize]).unwrap();
        assert_eq!(read_text(&p).unwrap().len(), MAX_INPUT_BYTES as usize);
        std::fs::write(&p, vec![b' '; MAX_INPUT_BYTES as usize + 1]).unwrap();
        let e = read_text(&p).unwrap_err();
        assert!(e.to_string().contains("at most 1048576 bytes"), "{e}");
        let e = read_text(dir.path()).unwrap_err();
        assert!(e.to_string().contains("it is a folder"), "{e}");
        std::fs::write(&p, [b'D', 0xff]).unwrap();
        let e = read_text(&p).unwrap_err();
        assert!(e.to_string().contains("not UTF-8 at byte 1"), "{e}");
    }

    #[cfg(unix)]
    #[test]
    fn fifos_and_devices_are_refused_without_reading() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let e = read_text(&fifo).unwrap_err();
        assert!(e.to_string().contains("named pipe"), "{e}");
        let e = read_text(Path::new("/dev/zero")).unwrap_err();
        assert!(e.to_string().contains("character device"), "{e}");
    }
}
