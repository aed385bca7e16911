//! `scribe serve`'s `/play/`: the browser build of the app, served from a
//! folder (`--web-dir`) through real sockets on loopback: content types,
//! gzip, revalidation, no way out of the folder, and the page shown when
//! there is no build.

mod online_common;

use online_common::{Server, free_port};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// One answer read off the socket: the status, the header lines (lower
/// case) and the body's bytes.
struct Answer {
    status: u16,
    head: String,
    body: Vec<u8>,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.head.lines().find_map(|line| {
            let (n, v) = line.split_once(':')?;
            (n.trim() == name).then(|| v.trim())
        })
    }
}

/// Sends `GET path` with extra header lines and reads the whole answer.
fn get(port: u16, path: &str, headers: &[&str]) -> Answer {
    let mut conn = TcpStream::connect(("127.0.0.1", port)).unwrap();
    conn.set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut request = format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n");
    for h in headers {
        request.push_str(h);
        request.push_str("\r\n");
    }
    request.push_str("\r\n");
    conn.write_all(request.as_bytes()).unwrap();
    let mut raw = Vec::new();
    conn.read_to_end(&mut raw).unwrap();
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("an answer with headers");
    let head = String::from_utf8_lossy(&raw[..split]).to_ascii_lowercase();
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    Answer {
        status,
        head,
        body: raw[split + 4..].to_vec(),
    }
}

const INDEX: &str =
    "<!doctype html><title>Scribe</title><script type=\"module\" src=\"scribe_web.js\"></script>";

/// A build like `packaging/web/build.sh`'s, in `dir/web`, and a file
/// beside it that must never be served.
fn build(dir: &Path) -> (std::path::PathBuf, Vec<u8>, Vec<u8>) {
    let web = dir.join("web");
    std::fs::create_dir_all(web.join("fonts")).unwrap();
    std::fs::write(web.join("index.html"), INDEX).unwrap();
    let js: String = (0..400)
        .map(|i| format!("export function f{i}(x) {{ return x + {i}; }}\n"))
        .collect();
    std::fs::write(web.join("scribe_web.js"), &js).unwrap();
    let mut wasm = b"\0asm\x01\0\0\0".to_vec();
    wasm.extend((0..20_000u32).map(|i| (i % 7) as u8));
    std::fs::write(web.join("scribe_web_bg.wasm"), &wasm).unwrap();
    std::fs::write(web.join("worker.js"), "self.onmessage = () => {};\n").unwrap();
    std::fs::write(web.join("fonts/Hand.ttf"), [0u8, 1, 0, 0]).unwrap();
    std::fs::write(dir.join("secret.txt"), "the keeper's secret").unwrap();
    (web, js.into_bytes(), wasm)
}

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut out)
        .expect("a gzip body");
    out
}

#[test]
fn the_build_is_served_with_types_gzip_and_revalidation() {
    let dir = tempfile::tempdir().unwrap();
    let (web, js, wasm) = build(dir.path());
    let server = Server::start(
        &format!("sqlite:{}", dir.path().join("s.sqlite3").display()),
        free_port(),
        &["--web-dir", web.to_str().unwrap()],
    );
    let port = server.port;

    let page = get(port, "/play/", &[]);
    assert_eq!(page.status, 200, "{}", page.head);
    assert_eq!(
        page.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    assert_eq!(page.header("cache-control"), Some("no-cache"));
    assert_eq!(page.body, INDEX.as_bytes());

    let bare = get(port, "/play", &[]);
    assert!(matches!(bare.status, 301 | 308), "{}", bare.head);
    assert_eq!(bare.header("location"), Some("/play/"));

    let w = get(port, "/play/scribe_web_bg.wasm", &[]);
    assert_eq!(w.status, 200);
    assert_eq!(w.header("content-type"), Some("application/wasm"));
    assert_eq!(w.header("content-encoding"), None);
    assert_eq!(w.body, wasm);
    assert_eq!(w.header("vary"), Some("accept-encoding"));
    assert!(w.header("last-modified").is_some(), "{}", w.head);
    let j = get(port, "/play/scribe_web.js", &[]);
    assert_eq!(
        j.header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
    assert_eq!(j.body, js);
    let f = get(port, "/play/fonts/Hand.ttf", &[]);
    assert_eq!(
        (f.status, f.header("content-type")),
        (200, Some("font/ttf"))
    );

    // gzip when asked for, decoding to the same bytes.
    for (path, plain) in [
        ("/play/scribe_web_bg.wasm", &wasm),
        ("/play/scribe_web.js", &js),
    ] {
        let z = get(port, path, &["Accept-Encoding: gzip, deflate, br"]);
        assert_eq!(z.status, 200);
        assert_eq!(z.header("content-encoding"), Some("gzip"), "{path}");
        assert!(
            z.body.len() < plain.len() / 2,
            "{path}: {} bytes",
            z.body.len()
        );
        assert_eq!(&gunzip(&z.body), plain, "{path}");
        assert_eq!(z.header("vary"), Some("accept-encoding"));
        // Not when refused.
        let no = get(port, path, &["Accept-Encoding: gzip;q=0, br"]);
        assert_eq!(no.header("content-encoding"), None);
        assert_eq!(&no.body, plain);
    }

    // Revalidation: the ETag given back is 304 with no body, either form.
    let tag = w.header("etag").expect("an ETag").to_string();
    let again = get(
        port,
        "/play/scribe_web_bg.wasm",
        &[&format!("If-None-Match: {tag}")],
    );
    assert_eq!(again.status, 304, "{}", again.head);
    assert!(again.body.is_empty());
    let z = get(port, "/play/scribe_web_bg.wasm", &["Accept-Encoding: gzip"]);
    let ztag = z.header("etag").unwrap().to_string();
    assert_ne!(ztag, tag, "the gzip body has its own ETag");
    let again = get(
        port,
        "/play/scribe_web_bg.wasm",
        &["Accept-Encoding: gzip", &format!("If-None-Match: {ztag}")],
    );
    assert_eq!(again.status, 304);
    let stale = get(
        port,
        "/play/scribe_web_bg.wasm",
        &["If-None-Match: \"0000\""],
    );
    assert_eq!(stale.status, 200);
    let since = w.header("last-modified").unwrap().to_string();
    let again = get(
        port,
        "/play/scribe_web.js",
        &[&format!("If-Modified-Since: {since}")],
    );
    assert!(matches!(again.status, 200 | 304));

    // Nothing outside the folder, however the path is spelt.
    for path in [
        "/play/../secret.txt",
        "/play/%2e%2e/secret.txt",
        "/play/fonts/..%2f..%2fsecret.txt",
        "/play/fonts/%2e%2e/%2e%2e/secret.txt",
        "/play//etc/passwd",
        "/play/..%5csecret.txt",
        "/play/missing.js",
    ] {
        let a = get(port, path, &[]);
        assert!(a.status == 404 || a.status == 400, "{path}: {}", a.head);
        let text = String::from_utf8_lossy(&a.body);
        assert!(
            !text.contains("secret") && !text.contains("root:"),
            "{path}: {text}"
        );
    }

    // The landing page links to it.
    let landing = get(port, "/", &[]);
    assert!(String::from_utf8_lossy(&landing.body).contains("href=\"/play/\""));
}

#[test]
fn without_a_build_play_says_how_to_make_one() {
    // No --web-dir, and no web/ folder beside the test build's executable:
    // a browser build made here (packaging/web/build.sh writes target/web/,
    // which `scribe serve` of this target folder finds) leaves nothing to test
    let exe = std::path::Path::new(env!("CARGO_BIN_EXE_scribe"));
    let beside = [exe.parent(), exe.parent().and_then(std::path::Path::parent)];
    if let Some(web) = beside
        .into_iter()
        .flatten()
        .map(|d| d.join("web"))
        .find(|w| w.join("index.html").is_file())
    {
        eprintln!(
            "skipped: {} holds a browser build, which the server serves",
            web.display()
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let server = Server::sqlite(dir.path());
    for path in ["/play/", "/play/scribe_web.js"] {
        let a = get(server.port, path, &[]);
        assert_eq!(a.status, 404, "{path}");
        assert_eq!(a.header("content-type"), Some("text/html; charset=utf-8"));
        let text = String::from_utf8_lossy(&a.body);
        assert!(text.contains("packaging/web/build.sh"), "{text}");
        assert!(
            text.contains("--web-dir") && text.contains("href=\"/\""),
            "{text}"
        );
    }
    let bare = get(server.port, "/play", &[]);
    assert_eq!(bare.header("location"), Some("/play/"));
}

/// `scribe serve` with `args` must stop at once with one line naming `want`.
fn refused(dir: &Path, args: &[&str], want: &str) {
    let out = Command::new(env!("CARGO_BIN_EXE_scribe"))
        .args(["serve", "--listen", &format!("127.0.0.1:{}", free_port())])
        .args([
            "--database",
            &format!("sqlite:{}", dir.join("r.sqlite3").display()),
        ])
        .args(args)
        .env("XDG_DATA_HOME", dir)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(want), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
}

#[test]
fn a_wrong_or_too_large_folder_stops_the_server_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let nowhere = dir.path().join("nowhere");
    refused(
        dir.path(),
        &["--web-dir", nowhere.to_str().unwrap()],
        "no index.html there",
    );
    let big = dir.path().join("big");
    std::fs::create_dir(&big).unwrap();
    std::fs::write(big.join("index.html"), INDEX).unwrap();
    // A sparse file: 65 MB on paper, nothing on the disk.
    let f = std::fs::File::create(big.join("huge.wasm")).unwrap();
    f.set_len(65 << 20).unwrap();
    refused(
        dir.path(),
        &["--web-dir", big.to_str().unwrap()],
        "larger than 64 MB",
    );
}
