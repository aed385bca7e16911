//! The web client at `/`: plain HTML, CSS and JavaScript modules (no build
//! step, nothing from outside the server) and the hand font, embedded in the
//! binary and served with their content types.
//!
//! The page is `index.html`; every other file lives under
//! `/assets/VERSION/`, where VERSION is a hash of all the files, so browsers
//! may keep them for a year and a new binary's files get new addresses. The
//! page itself is always revalidated. A strict Content-Security-Policy allows
//! only the server's own scripts, styles, fonts and API.

use axum::Router;
use axum::extract::Path;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use std::sync::OnceLock;

pub mod play;

/// One embedded file.
struct Asset {
    name: &'static str,
    mime: &'static str,
    body: &'static [u8],
}

const INDEX: &str = include_str!("web/index.html");

const ASSETS: &[Asset] = &[
    Asset {
        name: "app.js",
        mime: "text/javascript; charset=utf-8",
        body: include_bytes!("web/app.js"),
    },
    Asset {
        name: "api.js",
        mime: "text/javascript; charset=utf-8",
        body: include_bytes!("web/api.js"),
    },
    Asset {
        name: "board.js",
        mime: "text/javascript; charset=utf-8",
        body: include_bytes!("web/board.js"),
    },
    Asset {
        name: "pen.js",
        mime: "text/javascript; charset=utf-8",
        body: include_bytes!("web/pen.js"),
    },
    Asset {
        name: "squares.js",
        mime: "text/javascript; charset=utf-8",
        body: include_bytes!("web/squares.js"),
    },
    Asset {
        name: "style.css",
        mime: "text/css; charset=utf-8",
        body: include_bytes!("web/style.css"),
    },
    Asset {
        name: "pages.js",
        mime: "text/javascript; charset=utf-8",
        body: include_bytes!("web/pages.js"),
    },
    Asset {
        name: "notify.js",
        mime: "text/javascript; charset=utf-8",
        body: include_bytes!("web/notify.js"),
    },
    Asset {
        name: "account.js",
        mime: "text/javascript; charset=utf-8",
        body: include_bytes!("web/account.js"),
    },
    Asset {
        name: "computer.js",
        mime: "text/javascript; charset=utf-8",
        body: include_bytes!("web/computer.js"),
    },
    Asset {
        name: "icon-move.svg",
        mime: "image/svg+xml",
        body: include_bytes!("web/icon-move.svg"),
    },
    Asset {
        name: "icon.svg",
        mime: "image/svg+xml",
        body: include_bytes!("web/icon.svg"),
    },
    Asset {
        name: "ScribeHand-Regular.ttf",
        mime: "font/ttf",
        body: include_bytes!("../../../fonts/ScribeHand-Regular.ttf"),
    },
];

/// Only this server's own files and API; no inline script or style.
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; font-src 'self'; \
                   img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'; \
                   frame-ancestors 'none'";

/// A hash of every embedded file (FNV-1a, 64 bits), in hex: the assets'
/// folder name.
fn version() -> &'static str {
    static VERSION: OnceLock<String> = OnceLock::new();
    VERSION.get_or_init(|| {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for byte in INDEX
            .as_bytes()
            .iter()
            .chain(ASSETS.iter().flat_map(|a| a.body.iter()))
        {
            h ^= u64::from(*byte);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        format!("{h:016x}")
    })
}

/// The page, pointing at this binary's assets.
fn page() -> &'static str {
    static PAGE: OnceLock<String> = OnceLock::new();
    PAGE.get_or_init(|| INDEX.replace("{{ASSETS}}", &format!("/assets/{}", version())))
}

/// The routes of the web client (merged beside `/api/v1`).
pub fn router<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route("/", get(index))
        .route("/assets/{version}/{name}", get(asset))
}

fn headers(response: &mut Response, mime: &'static str, cache: &'static str) {
    let h = response.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(mime));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
}

async fn index() -> Response {
    let mut response = page().into_response();
    headers(&mut response, "text/html; charset=utf-8", "no-cache");
    response.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    response
}

async fn asset(Path((wanted, name)): Path<(String, String)>) -> Response {
    let Some(a) = ASSETS.iter().find(|a| a.name == name) else {
        return (StatusCode::NOT_FOUND, "no such file\n").into_response();
    };
    // An old page asking for an old version gets today's file, not kept.
    let cache = if wanted == version() {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    let mut response = a.body.into_response();
    headers(&mut response, a.mime, cache);
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(name: &str) -> &'static str {
        let a = ASSETS.iter().find(|a| a.name == name).unwrap();
        std::str::from_utf8(a.body).unwrap()
    }

    #[test]
    fn the_page_names_only_embedded_files() {
        let page = page();
        assert!(!page.contains("{{"), "a placeholder left in the page");
        let prefix = format!("/assets/{}/", version());
        for part in page.split(&prefix).skip(1) {
            let name = part.split('"').next().unwrap();
            assert!(
                ASSETS.iter().any(|a| a.name == name),
                "the page asks for {name}, which is not embedded"
            );
        }
        assert!(page.contains("app.js") && page.contains("style.css"));
    }

    #[test]
    fn every_module_import_is_embedded() {
        for a in ASSETS.iter().filter(|a| a.name.ends_with(".js")) {
            for line in text(a.name).lines() {
                let Some(from) = line.split(" from \"./").nth(1) else {
                    continue;
                };
                let name = from.split('"').next().unwrap();
                assert!(
                    ASSETS.iter().any(|b| b.name == name),
                    "{} imports {name}, which is not embedded",
                    a.name
                );
            }
        }
    }

    #[test]
    fn the_page_has_no_rules_of_its_own() {
        // Issue 45, item 6: the glyph table, the scoring and the routing
        // live in Rust; the page draws what the server sends.
        for a in ASSETS.iter().filter(|a| a.name.ends_with(".js")) {
            let code = text(a.name);
            for rule in scribe_rules::GLYPHS
                .iter()
                .filter(|g| g.points() >= 4 && g.name().len() > 1)
                .map(|g| format!("\"{}\"", g.name()))
                .chain([
                    "scoreCells".into(),
                    "canonical(".into(),
                    "cellOf(own)".into(),
                ])
            {
                assert!(!code.contains(&rule), "{} holds {rule}", a.name);
            }
        }
    }

    #[test]
    fn server_text_reaches_the_page_only_as_text() {
        // Names and chat come from other players: never parsed as HTML.
        for a in ASSETS.iter().filter(|a| a.name.ends_with(".js")) {
            let code = text(a.name);
            for risky in [
                "innerHTML",
                "outerHTML",
                "insertAdjacentHTML",
                "document.write",
                "eval(",
            ] {
                assert!(!code.contains(risky), "{} uses {risky}", a.name);
            }
        }
    }
}
