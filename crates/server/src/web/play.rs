//! `/play/`: the browser build of the desktop app (issue 45), served as
//! static files when a build is found beside the server.
//!
//! `packaging/web/build.sh` writes the build into `target/web/` (an
//! `index.html`, wasm-bindgen's `.js` and `.wasm`, a worker, fonts…). The
//! server reads such a folder once, at start: the one named by
//! `--web-dir DIR`, else a `web/` folder beside the executable (or beside
//! its folder: `target/web/` for `target/release/scribe`). The folder is
//! opaque: every regular file in it and its subfolders is served by its
//! path, and nothing else is: a request names a key of that table, never a
//! path on the disk, so `..` reaches nothing.
//!
//! Each file is kept with its content type, an ETag (a hash of its bytes)
//! and its Last-Modified time; a text or wasm file also gzip-compressed,
//! once, when that is smaller. The names are not content-hashed, so every
//! file is `Cache-Control: no-cache`: the browser keeps it and asks again
//! with `If-None-Match`, answered `304 Not Modified` while it is unchanged.
//! A folder of more than [`MAX_BYTES`] or [`MAX_FILES`] is refused at start.
//! Without a build, `/play/` is a page saying how to make one.

use anyhow::{Context, anyhow, bail};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path as UrlPath, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;

/// The largest build read, in bytes (all its files together).
pub const MAX_BYTES: u64 = 64 << 20;
/// The most files a build may hold.
pub const MAX_FILES: usize = 4096;
/// How deep its subfolders may nest.
const MAX_DEPTH: usize = 16;

/// One file of the build.
struct File {
    mime: &'static str,
    body: Bytes,
    /// The gzip-compressed body, when it is smaller.
    gzip: Option<Bytes>,
    /// A hash of the body, quoted; the gzip form adds `-gz` inside the quotes.
    etag: String,
    last_modified: Option<String>,
}

/// The build served at `/play/`, or none.
pub struct Play {
    /// Where it was read from (`None`: no build found).
    dir: Option<PathBuf>,
    /// The files by their path under `/play/` (`index.html`, `pkg/a.js`).
    files: HashMap<String, File>,
    /// All their bytes, uncompressed.
    bytes: u64,
}

impl Play {
    /// No build: `/play/` says how to make one.
    #[must_use]
    pub fn missing() -> Play {
        Play {
            dir: None,
            files: HashMap::new(),
            bytes: 0,
        }
    }

    /// Finds and reads the build: `dir` (`--web-dir`), which must hold an
    /// `index.html`; else `web/` beside the executable or beside its
    /// folder, when one holds an `index.html`; else none.
    ///
    /// # Errors
    /// `dir` is not a build folder, or a build found cannot be read or is
    /// larger than [`MAX_BYTES`] or [`MAX_FILES`]: one line saying which.
    pub fn find(dir: Option<&Path>) -> anyhow::Result<Play> {
        if let Some(dir) = dir {
            if !dir.join("index.html").is_file() {
                bail!(
                    "--web-dir {}: no index.html there (build the browser app with packaging/web/build.sh; it writes target/web/)",
                    dir.display()
                );
            }
            return Play::read(dir).map_err(|e| anyhow!("--web-dir {}: {e:#}", dir.display()));
        }
        let Some(exe_dir) = std::env::current_exe()
            .ok()
            .and_then(|exe| exe.parent().map(Path::to_path_buf))
        else {
            return Ok(Play::missing());
        };
        let beside = [
            Some(exe_dir.join("web")),
            exe_dir.parent().map(|p| p.join("web")),
        ];
        for dir in beside.into_iter().flatten() {
            if dir.join("index.html").is_file() {
                return Play::read(&dir).map_err(|e| {
                    anyhow!(
                        "the browser app in {}: {e:#} (move the folder away, or name another with --web-dir)",
                        dir.display()
                    )
                });
            }
        }
        Ok(Play::missing())
    }

    /// Reads every file under `dir`.
    fn read(dir: &Path) -> anyhow::Result<Play> {
        let mut play = Play {
            dir: Some(dir.to_path_buf()),
            files: HashMap::new(),
            bytes: 0,
        };
        play.walk(dir, "", 0)?;
        Ok(play)
    }

    fn walk(&mut self, dir: &Path, prefix: &str, depth: usize) -> anyhow::Result<()> {
        if depth > MAX_DEPTH {
            bail!(
                "{}: folders nested more than {MAX_DEPTH} deep",
                dir.display()
            );
        }
        let entries =
            std::fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))?;
        for entry in entries {
            let entry = entry.with_context(|| format!("cannot read {}", dir.display()))?;
            let path = entry.path();
            let Some(name) = entry.file_name().to_str().map(str::to_string) else {
                bail!("{}: a file name that is not UTF-8", path.display());
            };
            if name.starts_with('.') || name.chars().any(char::is_control) {
                continue; // .gitignore, editors' files: not served
            }
            let meta = std::fs::metadata(&path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            let key = format!("{prefix}{name}");
            if meta.is_dir() {
                self.walk(&path, &format!("{key}/"), depth + 1)?;
                continue;
            }
            if !meta.is_file() {
                continue;
            }
            if self.files.len() >= MAX_FILES {
                bail!("more than {MAX_FILES} files");
            }
            self.bytes += meta.len();
            if self.bytes > MAX_BYTES {
                bail!(
                    "larger than {} MB (the most the server reads at start)",
                    MAX_BYTES >> 20
                );
            }
            let body =
                std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
            // A file that grew since its size was read is counted again.
            self.bytes += (body.len() as u64).saturating_sub(meta.len());
            if self.bytes > MAX_BYTES {
                bail!("larger than {} MB", MAX_BYTES >> 20);
            }
            let last_modified = meta.modified().ok().map(http_date);
            self.files
                .insert(key.clone(), File::new(&key, body, last_modified));
        }
        Ok(())
    }

    /// One line for the server's start: where the build comes from, or how
    /// to make one.
    #[must_use]
    pub fn summary(&self) -> String {
        match &self.dir {
            Some(dir) => format!(
                "scribe serve: the browser app at /play/ from {} ({} files, {:.1} MB)",
                dir.display(),
                self.files.len(),
                self.bytes as f64 / 1_048_576.0
            ),
            None => "scribe serve: no browser app beside the server (no web/ folder, no --web-dir): /play/ says how to build one".to_string(),
        }
    }
}

impl File {
    fn new(key: &str, body: Vec<u8>, last_modified: Option<String>) -> File {
        let mime = mime(key);
        let hash = Sha256::digest(&body);
        let etag = format!(
            "\"{}\"",
            hash[..12]
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect::<String>()
        );
        let gzip = compressible(mime).then(|| gzip(&body)).flatten();
        File {
            mime,
            body: Bytes::from(body),
            gzip,
            etag,
            last_modified,
        }
    }

    fn etag_gzip(&self) -> String {
        format!("{}-gz\"", self.etag.trim_end_matches('"'))
    }
}

/// The body gzip-compressed, if that is smaller.
fn gzip(body: &[u8]) -> Option<Bytes> {
    let mut out = flate2::write::GzEncoder::new(
        Vec::with_capacity(body.len() / 3),
        flate2::Compression::best(),
    );
    out.write_all(body).ok()?;
    let packed = out.finish().ok()?;
    (packed.len() < body.len()).then(|| Bytes::from(packed))
}

/// A content type by the file's extension.
fn mime(key: &str) -> &'static str {
    let ext = key
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default();
    match ext.as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "webmanifest" => "application/manifest+json",
        "txt" | "md" => "text/plain; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "ttf" => "font/ttf",
        "otf" => "font/otf",
        "woff" => "font/woff",
        "woff2" => "font/woff2",
        "ron" => "text/plain; charset=utf-8",
        "pdf" => "application/pdf",
        _ => "application/octet-stream",
    }
}

/// Worth compressing: text, wasm, uncompressed fonts and icons.
fn compressible(mime: &str) -> bool {
    mime.starts_with("text/")
        || matches!(
            mime,
            "application/wasm"
                | "application/json"
                | "application/manifest+json"
                | "image/svg+xml"
                | "image/x-icon"
                | "font/ttf"
                | "font/otf"
                | "application/octet-stream"
        )
}

/// An HTTP date (RFC 9110's IMF-fixdate).
fn http_date(time: SystemTime) -> String {
    let secs = time
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let secs = i64::try_from(secs).unwrap_or(0);
    chrono::DateTime::from_timestamp(secs, 0)
        .unwrap_or_default()
        .format("%a, %d %b %Y %H:%M:%S GMT")
        .to_string()
}

/// The client takes gzip: `gzip` (or `*`) in Accept-Encoding with a
/// weight above 0, and not `gzip;q=0`.
fn takes_gzip(headers: &HeaderMap) -> bool {
    let mut star = false;
    for value in headers.get_all(header::ACCEPT_ENCODING) {
        let Ok(text) = value.to_str() else { continue };
        for item in text.split(',') {
            let mut parts = item.split(';');
            let name = parts.next().unwrap_or_default().trim().to_ascii_lowercase();
            let q = parts
                .filter_map(|p| p.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            match name.as_str() {
                "gzip" | "x-gzip" => return q > 0.0,
                "*" => star = q > 0.0,
                _ => {}
            }
        }
    }
    star
}

/// The client's copy is this one: If-None-Match names one of the file's
/// ETags (or `*`); without it, If-Modified-Since is its Last-Modified.
fn not_modified(headers: &HeaderMap, file: &File) -> bool {
    if let Some(tags) = headers.get(header::IF_NONE_MATCH) {
        let Ok(tags) = tags.to_str() else {
            return false;
        };
        let gz = file.etag_gzip();
        return tags.split(',').map(str::trim).any(|tag| {
            let tag = tag.strip_prefix("W/").unwrap_or(tag);
            tag == "*" || tag == file.etag || tag == gz
        });
    }
    match (headers.get(header::IF_MODIFIED_SINCE), &file.last_modified) {
        (Some(since), Some(modified)) => since.to_str().is_ok_and(|s| s == modified),
        _ => false,
    }
}

/// The routes of `/play`.
pub fn router<S: Clone + Send + Sync + 'static>(play: Arc<Play>) -> Router<S> {
    Router::new()
        .route("/play", get(|| async { Redirect::permanent("/play/") }))
        .route("/play/", get(index))
        .route("/play/{*path}", get(file))
        .with_state(play)
}

async fn index(State(play): State<Arc<Play>>, headers: HeaderMap) -> Response {
    if play.dir.is_none() {
        return no_build();
    }
    serve(&play, "index.html", &headers)
}

async fn file(
    State(play): State<Arc<Play>>,
    UrlPath(path): UrlPath<String>,
    headers: HeaderMap,
) -> Response {
    if play.dir.is_none() {
        return no_build();
    }
    // A folder's address is its index.html.
    let key = if path.is_empty() || path.ends_with('/') {
        format!("{path}index.html")
    } else {
        path
    };
    serve(&play, &key, &headers)
}

fn serve(play: &Play, key: &str, headers: &HeaderMap) -> Response {
    let Some(file) = play.files.get(key) else {
        let mut response = (StatusCode::NOT_FOUND, "no such file\n").into_response();
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/plain; charset=utf-8"),
        );
        return response;
    };
    let gzip = file.gzip.as_ref().filter(|_| takes_gzip(headers));
    let etag = if gzip.is_some() {
        file.etag_gzip()
    } else {
        file.etag.clone()
    };
    let mut response = if not_modified(headers, file) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let mut r = gzip.unwrap_or(&file.body).clone().into_response();
        if gzip.is_some() {
            r.headers_mut()
                .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        }
        r
    };
    let h = response.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(file.mime));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    if file.gzip.is_some() {
        h.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    }
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, v);
    }
    if let Some(v) = file
        .last_modified
        .as_deref()
        .and_then(|m| HeaderValue::from_str(m).ok())
    {
        h.insert(header::LAST_MODIFIED, v);
    }
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}

/// The page at `/play/` without a build.
const NO_BUILD: &str = "<!doctype html>
<html lang=\"en\">
<head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">
<title>Scribe in your browser: not on this server</title></head>
<body style=\"font-family: sans-serif; max-width: 40em; margin: 2em auto; padding: 0 1em; line-height: 1.5\">
<h1>Scribe in your browser is not on this server</h1>
<p>This server has no browser build of Scribe Desk to hand out, so the whole app (against the computer,
the course, puzzles, review, printing) cannot be played here.</p>
<p><a href=\"/\">The online page</a> plays online games: against other players and the computer players.</p>
<p>For the keeper of this server: build the browser app with <code>packaging/web/build.sh</code> (it writes
<code>target/web/</code>), then put that folder beside the <code>scribe</code> executable as <code>web/</code>,
or start the server with <code>scribe serve --web-dir target/web</code> (or <code>web-dir</code> in its
<code>--config</code> file).</p>
</body>
</html>
";

fn no_build() -> Response {
    let mut response = (StatusCode::NOT_FOUND, NO_BUILD).into_response();
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(value: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_str(value).unwrap(),
        );
        h
    }

    #[test]
    fn accept_encoding_is_read_with_its_weights() {
        assert!(takes_gzip(&with("gzip, deflate, br")));
        assert!(takes_gzip(&with("br;q=1.0, gzip;q=0.5")));
        assert!(takes_gzip(&with("*")));
        assert!(!takes_gzip(&with("gzip;q=0")));
        assert!(!takes_gzip(&with("*, gzip;q=0")));
        assert!(!takes_gzip(&with("identity")));
        assert!(!takes_gzip(&HeaderMap::new()));
    }

    #[test]
    fn types_by_extension() {
        assert_eq!(mime("scribe_web_bg.wasm"), "application/wasm");
        assert_eq!(mime("scribe_web.js"), "text/javascript; charset=utf-8");
        assert_eq!(mime("index.html"), "text/html; charset=utf-8");
        assert_eq!(mime("fonts/Hand.TTF"), "font/ttf");
        assert_eq!(mime("LICENSE"), "application/octet-stream");
    }

    #[test]
    fn dates_are_http_dates() {
        let t = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(784_111_777);
        assert_eq!(http_date(t), "Sun, 06 Nov 1994 08:49:37 GMT");
    }
}
