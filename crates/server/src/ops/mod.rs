//! Running a club: what the keeper uses and watches. `scribe admin`
//! ([`admin`]), `scribe serve backup` ([`backup`]), `GET /metrics`
//! ([`metrics`]), the accept loop with its timeouts, cap per address and TLS
//! ([`connections`]), and the access log ([`access`]).

pub mod access;
pub mod admin;
pub mod backup;
pub mod connections;
pub mod metrics;
