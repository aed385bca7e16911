//! Careful at the output path (issue 10): `scribe boards` and `scribe export`
//! write through symbolic links, refuse targets that are not regular files or
//! are read-only, keep an existing file's mode, and leave either the old file
//! or a complete PDF, with no temporary file, when killed by a signal.
#![cfg(unix)]

mod common;
use common::{assert_clear_error as assert_refused, scribe, temp_files};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};
use std::time::Instant;

/// A complete PDF: ends with `%%EOF` and lopdf loads it.
fn is_complete_pdf(bytes: &[u8]) -> bool {
    let tail = &bytes[bytes.len().saturating_sub(32)..];
    String::from_utf8_lossy(tail).trim_end().ends_with("%%EOF")
        && lopdf::Document::load_mem(bytes).is_ok()
}

const OLD: &[u8] = b"the old file, which must survive any interruption";

#[test]
fn a_symlink_is_written_through() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real.pdf");
    let link = dir.path().join("link.pdf");
    std::fs::write(&real, OLD).unwrap();
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let o = scribe(&["boards", "-o", link.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let meta = std::fs::symlink_metadata(&link).unwrap();
    assert!(meta.file_type().is_symlink(), "the link is still a link");
    assert!(
        is_complete_pdf(&std::fs::read(&real).unwrap()),
        "the target got the PDF"
    );
    assert!(temp_files(dir.path()).is_empty());
}

#[test]
fn targets_that_are_not_regular_files_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo.pdf");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    assert_refused(
        &scribe(&["boards", "-o", fifo.to_str().unwrap()]),
        "it is a named pipe (FIFO), not a regular file",
    );
    let meta = std::fs::symlink_metadata(&fifo).unwrap();
    assert!(
        std::os::unix::fs::FileTypeExt::is_fifo(&meta.file_type()),
        "the FIFO is still there"
    );
    let folder = dir.path().join("folder.pdf");
    std::fs::create_dir(&folder).unwrap();
    assert_refused(
        &scribe(&["export", "--moves", "D6", "-o", folder.to_str().unwrap()]),
        "it is a folder, not a regular file",
    );
    assert!(temp_files(dir.path()).is_empty());
}

#[test]
fn a_read_only_file_is_refused_and_a_mode_kept() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("boards.pdf");
    std::fs::write(&p, OLD).unwrap();
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o444)).unwrap();
    assert_refused(
        &scribe(&["boards", "-o", p.to_str().unwrap()]),
        "the file is read-only",
    );
    assert_eq!(std::fs::read(&p).unwrap(), OLD);
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o600)).unwrap();
    let o = scribe(&["boards", "-o", p.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mode = std::fs::metadata(&p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "the mode is kept");
    assert!(temp_files(dir.path()).is_empty());
}

/// Kills a writing `scribe` with SIGTERM or SIGINT at many points of its run,
/// and the moment its temporary file appears: afterwards the target is the
/// old file or a complete PDF, and no temporary file is left.
#[test]
fn a_signal_never_leaves_a_temporary_or_partial_file() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("T.pdf");
    let t = target.to_str().unwrap().to_string();
    let game = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/export_game.txt");
    let commands: [Vec<&str>; 3] = [
        vec!["boards", "--pages", "1000", "-o", &t],
        vec!["export", game, "-o", &t],
        // Shorter, for the runs stopped when the temporary file appears.
        vec!["boards", "--pages", "300", "-o", &t],
    ];
    // How long one uninterrupted run takes here, to spread the signals over it.
    let started = Instant::now();
    assert!(scribe(&commands[0]).status.success());
    let full = started.elapsed();
    // Per cent of a full run; `None`: the moment the temporary file appears.
    let points = [
        Some(0u32),
        Some(40),
        Some(90),
        None,
        None,
        None,
        None,
        None,
        Some(100),
        None,
    ];
    let (mut by_handler, mut during_write) = (0, 0);
    for (i, point) in (0u32..).zip(points) {
        std::fs::write(&target, OLD).unwrap();
        let args = match (i, point) {
            (9, _) => &commands[1],
            (_, None) => &commands[2],
            _ => &commands[0],
        };
        let (signal, name) = if i % 2 == 0 {
            (15, "-TERM")
        } else {
            (2, "-INT")
        };
        let mut child = Command::new(env!("CARGO_BIN_EXE_scribe"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        match point {
            Some(percent) => std::thread::sleep(full * percent / 100),
            None => loop {
                if !temp_files(dir.path()).is_empty() {
                    during_write += 1;
                    break;
                }
                if child.try_wait().unwrap().is_some() {
                    break;
                }
            },
        }
        let _ = Command::new("kill")
            .args([name, &child.id().to_string()])
            .stderr(Stdio::null())
            .status();
        let status = child.wait().unwrap();
        // Done, stopped by the handler (128 + signal), or killed before it was installed.
        let code = status.code();
        assert!(
            status.success() || code == Some(128 + signal) || status.signal() == Some(signal),
            "run {i}: {status:?}"
        );
        by_handler += usize::from(code == Some(128 + signal));
        let now = std::fs::read(&target).unwrap();
        assert!(
            now == OLD || is_complete_pdf(&now),
            "run {i} ({args:?}, {name} at {point:?}): the target is neither the old file nor a complete PDF ({} bytes)",
            now.len()
        );
        assert_eq!(temp_files(dir.path()), Vec::<String>::new(), "run {i}");
    }
    assert!(
        during_write > 0,
        "some signal was sent while a temporary file existed"
    );
    assert!(by_handler > 0, "some signal reached the handler");
}
