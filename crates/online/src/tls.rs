//! Which certificate authorities an `https://` server may be signed by.
//!
//! The client speaks TLS through rustls and trusts, together:
//! - Mozilla's root certificates (the `webpki-root-certs` list, built in);
//! - the system's certificate store, or the file named by `SSL_CERT_FILE`
//!   (and the folder `SSL_CERT_DIR`) when set, as other programs do
//!   (`rustls-native-certs`);
//! - one more file of PEM certificates the player names: the app's
//!   "Certificate authority" setting, for a club that signs its own
//!   server's certificate ([`set_extra_ca_file`]).
//!
//! The list is gathered once and kept until the extra file changes.

use anyhow::{Context as _, anyhow};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use ureq::tls::{Certificate, PemItem, RootCerts, TlsConfig};

/// The extra file and the configuration made with it.
static CACHE: Mutex<Option<(Option<PathBuf>, TlsConfig)>> = Mutex::new(None);
/// The extra certificate file named by the player.
static EXTRA: Mutex<Option<PathBuf>> = Mutex::new(None);

/// Trust the certificate authorities in `file` (PEM) too, from the next
/// request on; `None` forgets the file. The file is read at once, so a
/// missing or unreadable one is told here, in one line.
///
/// # Errors
/// The file cannot be read or holds no PEM certificate.
pub fn set_extra_ca_file(file: Option<&Path>) -> anyhow::Result<()> {
    if let Some(f) = file {
        read_pem_file(f)?;
    }
    *EXTRA.lock().unwrap_or_else(PoisonError::into_inner) = file.map(Path::to_path_buf);
    Ok(())
}

/// The TLS configuration every agent of this crate uses.
pub(crate) fn config() -> TlsConfig {
    let extra = EXTRA.lock().unwrap_or_else(PoisonError::into_inner).clone();
    let mut cache = CACHE.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((file, config)) = cache.as_ref()
        && *file == extra
    {
        return config.clone();
    }
    let config = TlsConfig::builder()
        .root_certs(RootCerts::Specific(Arc::new(roots(extra.as_deref()))))
        .build();
    *cache = Some((extra, config.clone()));
    config
}

/// Mozilla's roots, the system's (or `SSL_CERT_FILE`'s) and the extra file's.
fn roots(extra: Option<&Path>) -> Vec<Certificate<'static>> {
    let mut all: Vec<Certificate<'static>> = webpki_root_certs::TLS_SERVER_ROOT_CERTS
        .iter()
        .map(|der| Certificate::from_der(der.as_ref()).to_owned())
        .collect();
    // Errors name files of the store that could not be read; the others
    // still count (a store always has some odd file).
    let native = rustls_native_certs::load_native_certs();
    all.extend(
        native
            .certs
            .iter()
            .map(|der| Certificate::from_der(der.as_ref()).to_owned()),
    );
    if let Some(f) = extra
        && let Ok(certs) = read_pem_file(f)
    {
        all.extend(certs);
    }
    all
}

/// The certificates of a PEM file.
fn read_pem_file(file: &Path) -> anyhow::Result<Vec<Certificate<'static>>> {
    let text = std::fs::read(file)
        .with_context(|| format!("cannot read the certificate file {}", file.display()))?;
    let mut certs = Vec::new();
    for item in ureq::tls::parse_pem(&text) {
        match item {
            Ok(PemItem::Certificate(c)) => certs.push(c),
            Ok(_) => {}
            Err(e) => {
                return Err(anyhow!(
                    "{}: not a PEM certificate file ({e})",
                    file.display()
                ));
            }
        }
    }
    if certs.is_empty() {
        return Err(anyhow!(
            "{}: holds no certificate (a PEM file with BEGIN CERTIFICATE)",
            file.display()
        ));
    }
    Ok(certs)
}

/// Whether `e` is a refused certificate, and the words for it.
pub(crate) fn certificate_problem(e: &ureq::Error) -> Option<String> {
    let text = e.to_string();
    let lower = text.to_lowercase();
    (lower.contains("certificate") || lower.contains("unknownissuer")).then(|| {
        format!(
            "its certificate is not trusted ({text}); if the club signs its own, name the \
             certificate authority's file in SSL_CERT_FILE (or the app's Certificate authority setting)"
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_file_is_named() {
        let err = set_extra_ca_file(Some(Path::new("/nonexistent/ca.pem")))
            .unwrap_err()
            .to_string();
        assert!(err.contains("/nonexistent/ca.pem"), "{err}");
    }

    #[test]
    fn a_file_without_certificates_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("empty.pem");
        std::fs::write(&f, "hello\n").unwrap();
        let err = read_pem_file(&f).unwrap_err().to_string();
        assert!(err.contains("holds no certificate"), "{err}");
    }

    #[test]
    fn mozillas_roots_are_always_trusted() {
        assert!(roots(None).len() >= webpki_root_certs::TLS_SERVER_ROOT_CERTS.len());
    }
}
