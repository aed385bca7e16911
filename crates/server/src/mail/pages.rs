//! The small HTML pages a mailed link opens (verified, unsubscribed, the
//! new-password form): plain HTML, no script, no style from outside, every
//! word from the database escaped.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// Escapes text for HTML.
#[must_use]
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A page titled `title` (plain text) whose body is `body` (HTML, already
/// escaped), with `status`.
#[must_use]
pub fn page(status: StatusCode, title: &str, body: &str) -> Response {
    let html = format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"referrer\" content=\"no-referrer\">\n\
         <title>{t} · Scribe</title>\n</head>\n<body>\n<main>\n<h1>{t}</h1>\n{body}\n\
         <p><a href=\"/\">Go to the Scribe server</a></p>\n</main>\n</body>\n</html>\n",
        t = escape(title)
    );
    let mut response = (status, html).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    // The link's secret is in the address: never cached, never sent on.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'none'; form-action 'self'; frame-ancestors 'none'"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}

/// `text` (HTML, already escaped) and a form of one button, `label`,
/// posting to `action` (with the hidden field `field`, if any).
#[must_use]
pub fn button(text: &str, action: &str, field: Option<(&str, &str)>, label: &str) -> String {
    let hidden = field.map_or_else(String::new, |(name, value)| {
        format!(
            "<input type=\"hidden\" name=\"{}\" value=\"{}\">\n",
            escape(name),
            escape(value)
        )
    });
    format!(
        "{text}\n<form method=\"post\" action=\"{}\">\n{hidden}\
         <p><button type=\"submit\">{}</button></p>\n</form>",
        escape(action),
        escape(label)
    )
}

/// The form that sets a new password, posting to `action`.
#[must_use]
pub fn reset_form(name: &str, action: &str, problem: Option<&str>) -> String {
    let problem = problem.map_or_else(String::new, |p| {
        format!("<p role=\"alert\"><strong>{}</strong></p>\n", escape(p))
    });
    format!(
        "{problem}<p>Choose a new password for <strong>{}</strong> (8 to 200 characters). \
         Every sign-in of this account is then ended.</p>\n\
         <form method=\"post\" action=\"{}\">\n\
         <p><label>New password<br><input type=\"password\" name=\"password\" \
         autocomplete=\"new-password\" minlength=\"8\" maxlength=\"200\" required></label></p>\n\
         <p><label>The same again<br><input type=\"password\" name=\"again\" \
         autocomplete=\"new-password\" minlength=\"8\" maxlength=\"200\" required></label></p>\n\
         <p><button type=\"submit\">Set the new password</button></p>\n</form>",
        escape(name),
        escape(action)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_from_outside_are_escaped() {
        assert_eq!(
            escape("<b>\"a\" & 'b'</b>"),
            "&lt;b&gt;&quot;a&quot; &amp; &#39;b&#39;&lt;/b&gt;"
        );
        let f = reset_form("ann<script>", "/reset/ab", Some("too <short>"));
        assert!(!f.contains("<script>") && f.contains("too &lt;short&gt;"));
    }
}
