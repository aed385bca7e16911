//! `GET /metrics`: the server's figures in the Prometheus text format
//! (OpenMetrics, through `prometheus-client`): requests by route template
//! and status, their latency, moves played, live streams open, games in
//! progress and the database pool.
//!
//! Who may read them: clients on this machine (loopback) whose request
//! came through no proxy (no `X-Forwarded-For`, `Forwarded` or
//! `X-Real-IP` header), unless the server runs with `--metrics-public`.
//! Everyone else gets a 404, as for a path that does not exist.

use crate::AppState;
use crate::error::ApiError;
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;
use std::net::SocketAddr;
use std::time::Duration;

/// The route of a move: a 2xx answer to a POST here is a move played.
pub const MOVE_ROUTE: &str = "/api/v1/games/{id}/moves";

/// What labels a request: its method (one of HTTP's own, else `other`: see
/// [`method_label`]), its route template (`/api/v1/games/{id}`, never the
/// raw path; `unmatched` for a path no route takes) and its status. Each
/// label has a fixed set of values, so no request can add a series.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    method: String,
    route: String,
    status: String,
}

/// A route template alone (the latency histogram's label).
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabel {
    route: String,
}

fn latency_histogram() -> Histogram {
    // 1 ms to about 16 s
    Histogram::new(exponential_buckets(0.001, 2.0, 15))
}

/// The server's metrics: counters kept as requests pass, gauges read when
/// `/metrics` is asked.
#[derive(Debug)]
pub struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    latency: Family<RouteLabel, Histogram, fn() -> Histogram>,
    moves: Counter,
    streams: Gauge,
    games: Gauge,
    pool_size: Gauge,
    pool_idle: Gauge,
    /// Anyone may read `/metrics` (`--metrics-public`).
    public: bool,
}

impl Metrics {
    /// A fresh set; `public`: anyone may read them (else this machine only).
    #[must_use]
    pub fn new(public: bool) -> Metrics {
        let mut registry = Registry::with_prefix("scribe");
        let requests = Family::<RequestLabels, Counter>::default();
        let latency = Family::<RouteLabel, Histogram, fn() -> Histogram>::new_with_constructor(
            latency_histogram,
        );
        let (moves, streams, games) = (Counter::default(), Gauge::default(), Gauge::default());
        let (pool_size, pool_idle) = (Gauge::default(), Gauge::default());
        registry.register(
            "http_requests",
            "HTTP requests answered, by method, route template and status",
            requests.clone(),
        );
        registry.register(
            "http_request_duration_seconds",
            "Time to answer a request (to the first byte of a live stream), by route template",
            latency.clone(),
        );
        registry.register(
            "moves",
            "Moves played (accepted answers to POST /api/v1/games/{id}/moves); moves a second is its rate",
            moves.clone(),
        );
        registry.register(
            "event_streams_open",
            "Live event streams open on this server",
            streams.clone(),
        );
        registry.register(
            "games_in_progress",
            "Games started and not finished (in the whole database)",
            games.clone(),
        );
        registry.register(
            "db_pool_connections",
            "Database connections open in the pool",
            pool_size.clone(),
        );
        registry.register(
            "db_pool_idle_connections",
            "Database connections open and idle in the pool",
            pool_idle.clone(),
        );
        Metrics {
            registry,
            requests,
            latency,
            moves,
            streams,
            games,
            pool_size,
            pool_idle,
            public,
        }
    }

    /// Counts one answered request.
    pub fn request(&self, method: &str, route: &str, status: u16, took: Duration) {
        self.requests
            .get_or_create(&RequestLabels {
                method: method_label(method).to_string(),
                route: route.to_string(),
                status: status.to_string(),
            })
            .inc();
        self.latency
            .get_or_create(&RouteLabel {
                route: route.to_string(),
            })
            .observe(took.as_secs_f64());
        if method == "POST" && route == MOVE_ROUTE && (200..300).contains(&status) {
            self.moves.inc();
        }
    }
}

/// A method's label: HTTP's own methods (RFC 9110, and PATCH) by name, any
/// other (a client may send any token) as `other`, so that made-up methods
/// add no series: each new one would otherwise stay in memory, and in every
/// `/metrics` answer, for good.
#[must_use]
pub fn method_label(method: &str) -> &'static str {
    const KNOWN: &[&str] = &[
        "GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH",
    ];
    KNOWN
        .iter()
        .find(|m| **m == method)
        .copied()
        .unwrap_or("other")
}

/// Whether a request may read the metrics: from loopback and not through a
/// proxy, unless they are public.
fn allowed(metrics: &Metrics, client: SocketAddr, headers: &HeaderMap) -> bool {
    if metrics.public {
        return true;
    }
    let proxied = ["x-forwarded-for", "forwarded", "x-real-ip"]
        .iter()
        .any(|h| headers.contains_key(*h));
    client.ip().to_canonical().is_loopback() && !proxied
}

/// `GET /metrics`.
pub async fn metrics(
    State(state): State<AppState>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let m = &state.metrics;
    if !allowed(m, client, &headers) {
        return Err(ApiError::NotFound(
            "no such path: /metrics is served to this machine only (see docs/online/running.md)"
                .into(),
        ));
    }
    m.streams
        .set(i64::try_from(state.hub.open_streams()).unwrap_or(i64::MAX));
    let games: Option<i64> = sqlx::query_scalar("SELECT COUNT(*) FROM games WHERE status = $1")
        .bind(scribe_api::Status::Active.as_str())
        .fetch_one(&state.db.pool)
        .await
        .ok();
    if let Some(n) = games {
        m.games.set(n);
    }
    m.pool_size.set(i64::from(state.db.pool.size()));
    m.pool_idle
        .set(i64::try_from(state.db.pool.num_idle()).unwrap_or(i64::MAX));
    let mut text = String::new();
    prometheus_client::encoding::text::encode(&mut text, &m.registry)
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("cannot write the metrics: {e}")))?;
    Ok((
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/openmetrics-text; version=1.0.0; charset=utf-8"),
        )],
        text,
    )
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn made_up_methods_share_one_label() {
        assert_eq!(method_label("GET"), "GET");
        assert_eq!(method_label("PATCH"), "PATCH");
        assert_eq!(method_label("get"), "other");
        assert_eq!(method_label("BREW"), "other");
        let m = Metrics::new(false);
        for i in 0..100 {
            m.request(&format!("X{i}"), "/healthz", 405, Duration::ZERO);
        }
        let mut text = String::new();
        prometheus_client::encoding::text::encode(&mut text, &m.registry).unwrap();
        assert!(!text.contains("X1"), "{text}");
        assert!(
            text.contains(r#"method="other",route="/healthz",status="405"} 100"#),
            "{text}"
        );
    }

    #[test]
    fn only_this_machine_through_no_proxy_unless_public() {
        let private = Metrics::new(false);
        let none = HeaderMap::new();
        let mut proxied = HeaderMap::new();
        proxied.insert("x-forwarded-for", HeaderValue::from_static("203.0.113.9"));
        let at = |s: &str| s.parse::<SocketAddr>().unwrap();
        assert!(allowed(&private, at("127.0.0.1:4000"), &none));
        assert!(allowed(&private, at("[::1]:4000"), &none));
        assert!(allowed(&private, at("[::ffff:127.0.0.1]:4000"), &none));
        assert!(!allowed(&private, at("192.0.2.7:4000"), &none));
        assert!(!allowed(&private, at("[2001:db8::7]:4000"), &none));
        assert!(!allowed(&private, at("127.0.0.1:4000"), &proxied));
        let public = Metrics::new(true);
        assert!(allowed(&public, at("192.0.2.7:4000"), &proxied));
    }
}
