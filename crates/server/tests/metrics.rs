//! The Prometheus metrics at `GET /metrics` (issue 31, part 5), through
//! real sockets on loopback: requests, moves, streams and games counted;
//! made-up methods add no series; `metrics_public` serves proxied requests.

mod common;

use common::{Http, Server, open_stream, random_moves, raw_get, raw_request};
use serde_json::json;

/// The value of the series `name` (with its labels, as written) in a
/// metrics text.
fn series(text: &str, name: &str) -> Option<f64> {
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok())
}

#[test]
fn metrics_count_requests_moves_streams_and_games() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite:{}", dir.path().join("s.sqlite3").display());
    let mut server = Server::start(&db);
    let port = server.port;
    let http = Http::new(&server);
    let metrics = || {
        let answer = raw_get(port, "/metrics", "");
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
        assert!(
            answer
                .to_ascii_lowercase()
                .contains("content-type: application/openmetrics-text")
        );
        answer.split_once("\r\n\r\n").unwrap().1.to_string()
    };
    let before = metrics();
    assert_eq!(series(&before, "scribe_moves_total"), Some(0.0), "{before}");
    assert_eq!(series(&before, "scribe_event_streams_open"), Some(0.0));
    assert_eq!(series(&before, "scribe_games_in_progress"), Some(0.0));
    assert!(
        series(&before, "scribe_db_pool_connections").unwrap() >= 1.0,
        "{before}"
    );
    assert!(series(&before, "scribe_db_pool_idle_connections").is_some());

    let ann = http.account("ann");
    let bob = http.account("bob");
    let id = http.game(&ann, &bob, "bob", "majority");
    let _s1 = open_stream(port, &ann);
    let _s2 = open_stream(port, &bob);
    for (n, (sq, who)) in random_moves(3, 3)
        .iter()
        .zip([&ann, &bob, &ann])
        .enumerate()
    {
        let (s, v) = http.post(
            &format!("/games/{id}/moves"),
            Some(who),
            json!({"square": sq.to_string(), "number": n + 1}),
        );
        assert_eq!(s, 200, "{v}");
    }
    let (s, _) = http.post(
        &format!("/games/{id}/moves"),
        Some(&ann),
        json!({"square": "A1"}),
    );
    assert_ne!(s, 200);
    let after = metrics();
    assert_eq!(series(&after, "scribe_moves_total"), Some(3.0), "{after}");
    assert_eq!(
        series(
            &after,
            r#"scribe_http_requests_total{method="POST",route="/api/v1/games/{id}/moves",status="200"}"#
        ),
        Some(3.0),
        "{after}"
    );
    assert_eq!(
        series(
            &after,
            r#"scribe_http_requests_total{method="POST",route="/api/v1/accounts",status="201"}"#
        ),
        Some(2.0),
        "{after}"
    );
    assert_eq!(
        series(&after, "scribe_event_streams_open"),
        Some(2.0),
        "{after}"
    );
    assert_eq!(
        series(&after, "scribe_games_in_progress"),
        Some(1.0),
        "{after}"
    );
    assert_eq!(
        series(
            &after,
            r#"scribe_http_request_duration_seconds_count{route="/api/v1/games/{id}/moves"}"#
        ),
        Some(4.0),
        "{after}"
    );
    assert!(after.contains(r#"scribe_http_request_duration_seconds_bucket{le="0.001",route="#)
        || after.contains(r#"scribe_http_request_duration_seconds_bucket{route="/api/v1/games/{id}/moves",le="0.001"}"#),
        "{after}");
    // The raw path (the game's id) is never a label.
    assert!(!after.contains(&id), "{after}");
    // Through a proxy (or from beyond this machine): as if there were none.
    let proxied = raw_get(port, "/metrics", "X-Forwarded-For: 203.0.113.9\r\n");
    assert!(proxied.starts_with("HTTP/1.1 404"), "{proxied}");
    let proxied = raw_get(port, "/metrics", "Forwarded: for=203.0.113.9\r\n");
    assert!(proxied.starts_with("HTTP/1.1 404"), "{proxied}");
    // It stops cleanly (`Server::stop` asserts so).
    server.stop();
}

#[test]
fn made_up_methods_are_counted_as_other_and_add_no_series() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite:{}", dir.path().join("s.sqlite3").display());
    let mut server = Server::start(&db);
    let port = server.port;
    let metrics = || {
        let answer = raw_get(port, "/metrics", "");
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
        answer.split_once("\r\n\r\n").unwrap().1.to_string()
    };
    let lines = |text: &str| text.lines().count();
    let made_up: Vec<String> = (0..40).map(|i| format!("BREW{i}")).collect();
    // The first made-up method may add the `other` series; later ones none.
    let answer = raw_request(port, "COFFEE", "/healthz", "");
    assert!(answer.starts_with("HTTP/1.1 405"), "{answer}");
    let before = metrics();
    for m in &made_up {
        let answer = raw_request(port, m, "/healthz", "");
        assert!(answer.starts_with("HTTP/1.1 405"), "{answer}");
    }
    let after = metrics();
    for m in made_up.iter().map(String::as_str).chain(["COFFEE"]) {
        assert!(!after.contains(m), "the method {m} is a label:\n{after}");
    }
    assert_eq!(
        series(
            &after,
            r#"scribe_http_requests_total{method="other",route="/healthz",status="405"}"#
        ),
        Some(41.0),
        "{after}"
    );
    // Only the counts changed (and the series of the first /metrics read).
    let read = |t: &str| t.lines().filter(|l| l.contains("/metrics")).count();
    assert_eq!(
        lines(&after) - read(&after),
        lines(&before) - read(&before),
        "before:\n{before}\nafter:\n{after}"
    );
    // It stops cleanly (`Server::stop` asserts so).
    server.stop();
}

#[test]
fn metrics_public_serves_proxied_requests() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite:{}", dir.path().join("s.sqlite3").display());
    let server = Server::with(&db, |c| c.metrics_public = true);
    let port = server.port;
    let answer = raw_get(port, "/metrics", "X-Forwarded-For: 203.0.113.9\r\n");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("scribe_moves_total"));
    drop(server);
}
