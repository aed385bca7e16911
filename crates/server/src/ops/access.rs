//! The access log: one line per request through `tracing` (method, path
//! without its query, route template, status, milliseconds, the client's
//! address: through a trusted proxy, the client the proxy names, and the
//! proxy's address as `proxy`), as text or JSON lines (`--log-format json`), on standard
//! output. A header (the token in `Authorization`), a body (a password) or
//! a query string never reaches it, and neither does a mailed link's
//! secret: the path of a link (`/reset/…`, `/mail/verify/…`,
//! `/mail/unsubscribe/…`) is written as its route, `/reset/{secret}`
//! ([`shown_path`]). The same middleware counts the request in the
//! [`crate::ops::metrics`].

use crate::AppState;
use axum::extract::{ConnectInfo, MatchedPath, Request, State};
use axum::middleware::Next;
use axum::response::Response;
use std::net::SocketAddr;
use std::time::Instant;

/// How log lines are written.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum LogFormat {
    /// `2026-11-26T03:20:00.1Z  INFO access: method=GET path=/api/v1/me …`
    #[default]
    Text,
    /// One JSON object a line, its fields at the top level.
    Json,
}

/// The target of the access log's events.
pub const TARGET: &str = "access";

/// The longest path written (a longer one is cut, marked with `…`).
const MAX_PATH: usize = 200;

/// The paths whose last part is a secret (a mailed link's): each start, and
/// the route written in its place. Matched on the path itself, so that a
/// method the route does not take (a 405) or an extra `/` hides it too.
const SECRET_PATHS: &[(&str, &str)] = &[
    ("/reset/", "/reset/{secret}"),
    ("/mail/verify/", "/mail/verify/{secret}"),
    ("/mail/unsubscribe/", "/mail/unsubscribe/{key}"),
];

/// The path as the log writes it: without a mailed link's secret, and cut
/// at [`MAX_PATH`].
fn shown_path(path: &str) -> String {
    if let Some((_, route)) = SECRET_PATHS
        .iter()
        .find(|(start, _)| path.starts_with(start))
    {
        return (*route).to_string();
    }
    let mut path = path.to_string();
    if path.len() > MAX_PATH {
        let mut cut = MAX_PATH;
        while !path.is_char_boundary(cut) {
            cut -= 1;
        }
        path.truncate(cut);
        path.push('…');
    }
    path
}

/// Installs the log writer (standard output, level INFO and above) unless
/// one is installed already (a second server in the same process). As with
/// the server's other lines, output that cannot be written is dropped and
/// the server serves on; output that is not read (a full pipe) holds it up,
/// as any program's would: run it under systemd (the journal reads it) or
/// send it to a file.
pub fn init(format: LogFormat) {
    use tracing_subscriber::layer::SubscriberExt as _;
    use tracing_subscriber::util::SubscriberInitExt as _;
    // The access log only: the libraries' own events (sqlx's PostgreSQL
    // notices, its statements) stay out of it, as before there was a log.
    let only_access =
        tracing_subscriber::filter::Targets::new().with_target(TARGET, tracing::Level::INFO);
    let builder = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::INFO)
        .with_writer(std::io::stdout)
        // A reader of the log that went away: lines are dropped, quietly
        // (not a complaint on standard error for every request).
        .log_internal_errors(false);
    let _ = match format {
        LogFormat::Text => builder.finish().with(only_access).try_init(),
        LogFormat::Json => builder
            .json()
            .flatten_event(true)
            .with_current_span(false)
            .with_span_list(false)
            .finish()
            .with(only_access)
            .try_init(),
    };
}

/// The middleware: times the request, logs it and counts it.
pub async fn record(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let start = Instant::now();
    let method = req.method().as_str().to_string();
    // The path alone: `uri().path()` leaves the query out.
    let path = shown_path(req.uri().path());
    let route = req
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "unmatched".to_string(), |m| m.as_str().to_string());
    // The connection's address; from a trusted proxy, the client it names
    // (the address every limit counts), and the proxy beside it.
    let peer = req
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0);
    let (client, proxy) = match peer {
        None => ("-".to_string(), None),
        Some(peer) if state.proxies.contains(&peer.ip()) => (
            crate::client::client_ip(peer.ip(), req.headers(), &state.proxies).to_string(),
            Some(peer.to_string()),
        ),
        Some(peer) => (peer.to_string(), None),
    };
    let response = next.run(req).await;
    let took = start.elapsed();
    let status = response.status().as_u16();
    state.metrics.request(&method, &route, status, took);
    let ms = (took.as_secs_f64() * 10_000.0).round() / 10.0;
    match proxy {
        None => tracing::info!(
            target: TARGET,
            method = %method,
            path = %path,
            route = %route,
            status,
            ms,
            client = %client,
        ),
        Some(proxy) => tracing::info!(
            target: TARGET,
            method = %method,
            path = %path,
            route = %route,
            status,
            ms,
            client = %client,
            proxy = %proxy,
        ),
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mailed_links_secret_is_written_as_its_route_and_long_paths_are_cut() {
        let secret = "ab".repeat(32);
        assert_eq!(shown_path(&format!("/reset/{secret}")), "/reset/{secret}");
        assert_eq!(
            shown_path(&format!("/mail/verify/{secret}/")),
            "/mail/verify/{secret}"
        );
        assert_eq!(
            shown_path(&format!("/mail/unsubscribe/{secret}")),
            "/mail/unsubscribe/{key}"
        );
        assert_eq!(shown_path("/api/v1/games/abc"), "/api/v1/games/abc");
        let long = shown_path(&"é".repeat(300));
        assert!(long.ends_with('…') && long.len() <= MAX_PATH + '…'.len_utf8());
    }
}
