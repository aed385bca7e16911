//! Who a request comes from: the [`Client`] extractor. The connection's
//! own address, unless the connection comes from a trusted proxy
//! (`--trusted-proxy ADDR`, e.g. the Caddy or nginx in front of the
//! server): then the address the proxy wrote in `X-Forwarded-For`. Every
//! limit per address (sign-ins, sign-ups, resets, spectators) counts this
//! address, so clients behind the proxy are limited each on their own and
//! the proxy's address is never limited as one client. A client that is
//! not a trusted proxy cannot choose its address: its `X-Forwarded-For` is
//! ignored.

use super::AppState;
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::HeaderMap;
use axum::http::request::Parts;
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};

/// The address a request comes from (see the module's documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Client(pub IpAddr);

impl FromRequestParts<AppState> for Client {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Client, Infallible> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::from([0, 0, 0, 0]), |c| c.0.ip());
        Ok(Client(client_ip(peer, &parts.headers, &state.proxies)))
    }
}

/// The client's address: `peer` (the connection's), or, when `peer` is one
/// of `proxies`, the last address in `X-Forwarded-For` that is not a
/// trusted proxy itself. Each proxy appends the address it was reached
/// from, so the addresses before are the client's own say and are not
/// believed. A header that cannot be read leaves `peer`.
#[must_use]
pub fn client_ip(peer: IpAddr, headers: &HeaderMap, proxies: &[IpAddr]) -> IpAddr {
    let peer = peer.to_canonical();
    if !proxies.contains(&peer) {
        return peer;
    }
    let hops: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .collect();
    for hop in hops.iter().rev() {
        let Some(ip) = parse_hop(hop) else {
            return peer;
        };
        if !proxies.contains(&ip) {
            return ip;
        }
    }
    peer
}

/// One address of `X-Forwarded-For`: `192.0.2.7`, `2001:db8::7`, with a
/// port (`192.0.2.7:4000`, `[2001:db8::7]:4000`) or not.
fn parse_hop(hop: &str) -> Option<IpAddr> {
    let hop = hop.trim();
    if let Ok(ip) = hop.parse::<IpAddr>() {
        return Some(ip.to_canonical());
    }
    hop.parse::<SocketAddr>()
        .ok()
        .map(|a| a.ip().to_canonical())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    fn forwarded(values: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in values {
            h.append("x-forwarded-for", HeaderValue::from_str(v).unwrap());
        }
        h
    }

    #[test]
    fn only_a_trusted_proxy_says_who_the_client_is() {
        let proxies = [ip("127.0.0.1"), ip("10.0.0.2")];
        let h = forwarded(&["203.0.113.9"]);
        assert_eq!(client_ip(ip("127.0.0.1"), &h, &proxies), ip("203.0.113.9"));
        assert_eq!(
            client_ip(ip("::ffff:127.0.0.1"), &h, &proxies),
            ip("203.0.113.9")
        );
        // Not a proxy: the header is the client's own say.
        assert_eq!(client_ip(ip("192.0.2.1"), &h, &proxies), ip("192.0.2.1"));
        assert_eq!(client_ip(ip("127.0.0.1"), &h, &[]), ip("127.0.0.1"));
        // The last address the proxies did not write wins.
        let h = forwarded(&["198.51.100.7, 203.0.113.9, 10.0.0.2"]);
        assert_eq!(client_ip(ip("127.0.0.1"), &h, &proxies), ip("203.0.113.9"));
        let h = forwarded(&["198.51.100.7", "203.0.113.9:4000"]);
        assert_eq!(client_ip(ip("127.0.0.1"), &h, &proxies), ip("203.0.113.9"));
        let h = forwarded(&["[2001:db8::7]:4000"]);
        assert_eq!(client_ip(ip("127.0.0.1"), &h, &proxies), ip("2001:db8::7"));
        // No header, or one that cannot be read: the proxy itself.
        assert_eq!(
            client_ip(ip("127.0.0.1"), &HeaderMap::new(), &proxies),
            ip("127.0.0.1")
        );
        let h = forwarded(&["unknown"]);
        assert_eq!(client_ip(ip("127.0.0.1"), &h, &proxies), ip("127.0.0.1"));
    }
}
