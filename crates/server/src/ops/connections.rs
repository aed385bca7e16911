//! The connection loop: hyper's HTTP/1 server under the router, with a
//! timeout for headers and idle connections (hyper's own, which needs a
//! timer that `axum::serve` does not give it) and a cap on the connections
//! one address holds; the body timeout is the JSON body extractor's
//! ([`crate::http::extract::Body`]). With a certificate and key the same loop
//! speaks https (rustls): see [`load_tls`].

use axum::Router;
use axum::extract::ConnectInfo;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::pin::pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};
use tower_service::Service as _;

/// The connections open, by address.
#[derive(Debug, Default)]
struct Open(Mutex<HashMap<IpAddr, usize>>);

/// One connection counted against its address; uncounted when dropped.
struct Slot {
    open: Arc<Open>,
    ip: IpAddr,
}

impl Open {
    /// A slot for `ip`, unless it holds `cap` already (0: no cap; loopback's
    /// own 127.0.0.1 and ::1 are never capped, nor the trusted `proxies`).
    fn take(self: &Arc<Open>, ip: IpAddr, cap: usize, proxies: &[IpAddr]) -> Option<Slot> {
        let mut map = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let n = map.entry(ip).or_insert(0);
        let exempt = cap == 0
            || ip == IpAddr::from([127, 0, 0, 1])
            || ip == IpAddr::from(std::net::Ipv6Addr::LOCALHOST)
            || proxies.contains(&ip.to_canonical());
        if !exempt && *n >= cap {
            if *n == 0 {
                map.remove(&ip);
            }
            return None;
        }
        *n += 1;
        Some(Slot {
            open: self.clone(),
            ip,
        })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut map = self.open.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(n) = map.get_mut(&self.ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                map.remove(&self.ip);
            }
        }
    }
}

/// Logs at most once a minute (per kind of message).
#[derive(Default)]
struct Quiet(Option<Instant>);

impl Quiet {
    fn say(&mut self, line: &str) {
        if self
            .0
            .is_none_or(|t| t.elapsed() >= Duration::from_secs(60))
        {
            crate::warn(line);
            self.0 = Some(Instant::now());
        }
    }
}

/// Serves `app` on `listener` until `stop` resolves; then lets each
/// connection finish its request in flight and returns once all are
/// closed (the caller bounds the wait: a live stream never finishes).
pub async fn serve(
    listener: tokio::net::TcpListener,
    app: Router,
    (cap, proxies): (usize, Arc<[IpAddr]>),
    tls: Option<tokio_rustls::TlsAcceptor>,
    stop: impl Future<Output = ()>,
) {
    let open = Arc::new(Open::default());
    // Dropped at the end: every connection starts its graceful shutdown.
    let (stopping, stop_rx) = tokio::sync::watch::channel(());
    // Every connection holds a receiver: `closed()` once all ended.
    let (all_closed, close_rx) = tokio::sync::watch::channel(());
    let (mut capped, mut failed) = (Quiet::default(), Quiet::default());
    let mut stop = pin!(stop);
    loop {
        let (tcp, addr) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    // Out of file descriptors, most likely: wait a moment.
                    failed.say(&format!(
                        "scribe serve: cannot accept a connection: {e} (logged once a minute)"
                    ));
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        let Some(slot) = open.take(addr.ip(), cap, &proxies) else {
            capped.say(&format!(
                "scribe serve: {} holds {cap} connections, the most one address may \
                 (--max-connections-per-address); more are closed at once (logged once a minute)",
                addr.ip()
            ));
            drop(tcp);
            continue;
        };
        let _ = tcp.set_nodelay(true);
        let app = app.clone();
        let stop_rx = stop_rx.clone();
        let close_rx = close_rx.clone();
        let tls = tls.clone();
        tokio::spawn(async move {
            let _slot = slot;
            let _close_rx = close_rx;
            match tls {
                None => connection(tcp, addr, app, stop_rx).await,
                Some(acceptor) => {
                    // A handshake gets the same time as a request's headers.
                    // A client that cannot or will not finish the handshake
                    // (plain HTTP to the TLS port, a stall) is dropped.
                    if let Ok(Ok(stream)) =
                        tokio::time::timeout(crate::timeout(), Box::pin(acceptor.accept(tcp))).await
                    {
                        // Boxed: a TLS connection's state is kilobytes, and
                        // inline it would make every plain connection's
                        // task as big (72 MB more with 18,000 connections).
                        Box::pin(connection(stream, addr, app, stop_rx)).await;
                    }
                }
            }
        });
    }
    drop(stopping);
    drop(close_rx);
    all_closed.closed().await;
}

/// The answer to one request, as hyper waits for it.
type Answer = std::pin::Pin<
    Box<dyn Future<Output = Result<axum::response::Response, std::convert::Infallible>> + Send>,
>;

/// One connection, plain or inside TLS, served until it ends; a change on
/// `stop_rx` starts its graceful shutdown.
async fn connection<Io>(
    io: Io,
    addr: SocketAddr,
    app: Router,
    mut stop_rx: tokio::sync::watch::Receiver<()>,
) where
    Io: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let service =
        hyper::service::service_fn(move |mut req: hyper::Request<hyper::body::Incoming>| {
            req.extensions_mut().insert(ConnectInfo::<SocketAddr>(addr));
            let mut app = app.clone();
            // Boxed: hyper keeps a box as big as this future for the whole
            // life of the connection (610 bytes, 11 MB with 18,000 live
            // streams and connections, by heaptrack); boxed, it is 16 bytes
            // there, and the future's own box lives while its request does.
            let answer: Answer =
                Box::pin(async move { app.call(req.map(axum::body::Body::new)).await });
            answer
        });
    let mut conn = pin!(
        hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(crate::timeout())
            .serve_connection(TokioIo::new(io), service)
    );
    let mut shutting = false;
    loop {
        tokio::select! {
            _ = conn.as_mut() => break,
            _ = stop_rx.changed(), if !shutting => {
                shutting = true;
                conn.as_mut().graceful_shutdown();
            }
        }
    }
}

/// The certificate chain and private key (PEM files) for `scribe serve
/// --tls-cert --tls-key`, made into an acceptor.
///
/// # Errors
/// A file cannot be read, holds no certificate or key, or they do not match;
/// each told in one line naming the file.
pub fn load_tls(
    cert: &std::path::Path,
    key: &std::path::Path,
) -> anyhow::Result<tokio_rustls::TlsAcceptor> {
    use anyhow::Context as _;
    use rustls::pki_types::pem::PemObject as _;
    use rustls::pki_types::{CertificateDer, PrivateKeyDer};
    let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(cert)
        .with_context(|| format!("--tls-cert {}: cannot read it", cert.display()))?
        .collect::<Result<_, _>>()
        .with_context(|| format!("--tls-cert {}: not a PEM certificate file", cert.display()))?;
    if chain.is_empty() {
        anyhow::bail!(
            "--tls-cert {}: holds no certificate (BEGIN CERTIFICATE)",
            cert.display()
        );
    }
    let private = PrivateKeyDer::from_pem_file(key).with_context(|| {
        format!(
            "--tls-key {}: no private key could be read from it",
            key.display()
        )
    })?;
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .context("TLS: no protocol version available")?
        .with_no_client_auth()
        .with_single_cert(chain, private)
        .with_context(|| {
            format!(
                "--tls-key {} does not fit --tls-cert {}",
                key.display(),
                cert.display()
            )
        })?;
    Ok(tokio_rustls::TlsAcceptor::from(Arc::new(config)))
}
