//! Who a request comes from: the [`Client`] extractor. The connection's
//! own address, unless the connection comes from a trusted proxy
//! (`--trusted-proxy ADDR`, e.g. the Caddy or nginx in front of the
//! server): then the address the proxy wrote in its header, `X-Forwarded-For`
//! or (`--proxy-header forwarded`) RFC 7239's `Forwarded: for=…`. Every
//! limit per address (sign-ins, sign-ups, resets, spectators) counts this
//! address, and the access log names it, so clients behind the proxy are
//! limited each on their own and the proxy's address is never limited as
//! one client. A client that is not a trusted proxy cannot choose its
//! address: both headers are ignored. Only the header the proxies are said
//! to write is read: a proxy passes the other one on as the client sent it,
//! so believing it would let the client choose its address again.

use crate::AppState;
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::HeaderMap;
use axum::http::request::Parts;
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

/// The address a request comes from (see the module's documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Client(pub IpAddr);

/// The header in which the trusted proxies name the client
/// (`--proxy-header`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ProxyHeader {
    /// `X-Forwarded-For: 203.0.113.9` (Caddy's and nginx's usual one).
    #[default]
    XForwardedFor,
    /// RFC 7239: `Forwarded: for=203.0.113.9;proto=https`.
    Forwarded,
}

/// The trusted proxies and the header they write.
#[derive(Debug, Clone, Default)]
pub struct Proxies {
    /// Their addresses (canonical).
    pub addrs: Arc<[IpAddr]>,
    /// Their header.
    pub header: ProxyHeader,
}

impl Proxies {
    /// Whether `ip` is a trusted proxy.
    #[must_use]
    pub fn contains(&self, ip: &IpAddr) -> bool {
        self.addrs.contains(&ip.to_canonical())
    }
}

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
/// of `proxies`, the last address in their header (`X-Forwarded-For`, or
/// `Forwarded`'s `for=`) that is not a trusted proxy itself. Each proxy
/// appends the address it was reached from, so the addresses before are
/// the client's own say and are not believed. A header that cannot be read
/// (`for=unknown`, an obfuscated `for=_hidden`, an element without `for=`)
/// leaves `peer`.
#[must_use]
pub fn client_ip(peer: IpAddr, headers: &HeaderMap, proxies: &Proxies) -> IpAddr {
    let peer = peer.to_canonical();
    if !proxies.contains(&peer) {
        return peer;
    }
    let read = match proxies.header {
        ProxyHeader::XForwardedFor => parse_hop,
        ProxyHeader::Forwarded => forwarded_for,
    };
    let hops: Vec<Option<IpAddr>> = header_values(headers, proxies.header)
        .flat_map(|v| v.split(','))
        .map(read)
        .collect();
    for hop in hops.iter().rev() {
        let Some(ip) = hop else {
            return peer;
        };
        if !proxies.contains(ip) {
            return *ip;
        }
    }
    peer
}

/// The values of the proxies' header, as text (a value that is not is
/// skipped).
fn header_values(headers: &HeaderMap, header: ProxyHeader) -> impl Iterator<Item = &str> {
    let name = match header {
        ProxyHeader::XForwardedFor => "x-forwarded-for",
        ProxyHeader::Forwarded => "forwarded",
    };
    headers.get_all(name).iter().filter_map(|v| v.to_str().ok())
}

/// The address of one element of `Forwarded` (RFC 7239):
/// `for=192.0.2.7;proto=https`, `for="[2001:db8::7]:4711"`, `For=192.0.2.7`;
/// `None` without a readable `for=`.
fn forwarded_for(element: &str) -> Option<IpAddr> {
    let value = element.split(';').find_map(|pair| {
        let (key, value) = pair.split_once('=')?;
        key.trim()
            .eq_ignore_ascii_case("for")
            .then_some(value.trim())
    })?;
    let value = value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .unwrap_or(value);
    if let Some(v6) = value.strip_prefix('[').and_then(|v| v.strip_suffix(']')) {
        return v6.parse::<IpAddr>().ok().map(|ip| ip.to_canonical());
    }
    parse_hop(value)
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

    fn trusted(addrs: &[&str], header: ProxyHeader) -> Proxies {
        Proxies {
            addrs: addrs.iter().map(|a| ip(a)).collect(),
            header,
        }
    }

    fn rfc7239(values: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in values {
            h.append("forwarded", HeaderValue::from_str(v).unwrap());
        }
        h
    }

    #[test]
    fn only_a_trusted_proxy_says_who_the_client_is_in_forwarded_too() {
        let proxies = trusted(&["127.0.0.1", "10.0.0.2"], ProxyHeader::Forwarded);
        let at = |h: &HeaderMap| client_ip(ip("127.0.0.1"), h, &proxies);
        assert_eq!(at(&rfc7239(&["for=203.0.113.9"])), ip("203.0.113.9"));
        assert_eq!(
            at(&rfc7239(&[
                "For=\"203.0.113.9:4711\";proto=https;by=10.0.0.2"
            ])),
            ip("203.0.113.9")
        );
        assert_eq!(
            at(&rfc7239(&["proto=https;for=\"[2001:db8::7]:4711\""])),
            ip("2001:db8::7")
        );
        assert_eq!(at(&rfc7239(&["for=\"[2001:db8::7]\""])), ip("2001:db8::7"));
        // The last element the proxies did not write wins, over lines too.
        assert_eq!(
            at(&rfc7239(&[
                "for=198.51.100.7, for=203.0.113.9, for=10.0.0.2"
            ])),
            ip("203.0.113.9")
        );
        assert_eq!(
            at(&rfc7239(&["for=198.51.100.7", "for=203.0.113.9"])),
            ip("203.0.113.9")
        );
        // Unknown, hidden, or no for=: the proxy itself.
        for v in [
            "for=unknown",
            "for=_hidden",
            "proto=https",
            "for=\"[bad]\"",
            "",
        ] {
            assert_eq!(at(&rfc7239(&[v])), ip("127.0.0.1"), "{v}");
        }
        // Not a proxy: the header is the client's own say.
        let h = rfc7239(&["for=203.0.113.9"]);
        assert_eq!(client_ip(ip("192.0.2.1"), &h, &proxies), ip("192.0.2.1"));
        // Only the proxies' header is read: the other is the client's.
        assert_eq!(at(&forwarded(&["203.0.113.9"])), ip("127.0.0.1"));
        let xff = trusted(&["127.0.0.1"], ProxyHeader::XForwardedFor);
        assert_eq!(
            client_ip(ip("127.0.0.1"), &rfc7239(&["for=203.0.113.9"]), &xff),
            ip("127.0.0.1")
        );
    }

    #[test]
    fn only_a_trusted_proxy_says_who_the_client_is() {
        let proxies = trusted(&["127.0.0.1", "10.0.0.2"], ProxyHeader::XForwardedFor);
        let h = forwarded(&["203.0.113.9"]);
        assert_eq!(client_ip(ip("127.0.0.1"), &h, &proxies), ip("203.0.113.9"));
        assert_eq!(
            client_ip(ip("::ffff:127.0.0.1"), &h, &proxies),
            ip("203.0.113.9")
        );
        // Not a proxy: the header is the client's own say.
        assert_eq!(client_ip(ip("192.0.2.1"), &h, &proxies), ip("192.0.2.1"));
        assert_eq!(
            client_ip(ip("127.0.0.1"), &h, &Proxies::default()),
            ip("127.0.0.1")
        );
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
