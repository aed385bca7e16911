//! [`read_text`]: a game or template file, bounded and checked.

use super::{MAX_INPUT_BYTES, kind_of, shown};
use std::fs::{File, Metadata};
use std::io::Read;
use std::path::{Path, PathBuf};

/// Why a file cannot be read. The message names the file and says why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot read {}: {reason}", shown(path))]
pub struct ReadError {
    /// The file.
    pub path: PathBuf,
    /// Why, e.g. `it is a folder, not a file`.
    pub reason: String,
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

#[cfg(test)]
mod tests {
    use super::*;

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
        crate::make_fifo(&fifo);
        let e = read_text(&fifo).unwrap_err();
        assert!(e.to_string().contains("named pipe"), "{e}");
        let e = read_text(Path::new("/dev/zero")).unwrap_err();
        assert!(e.to_string().contains("character device"), "{e}");
    }
}
