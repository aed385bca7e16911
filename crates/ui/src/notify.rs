//! Desktop notifications: "Your move against bob, game 12" through the
//! freedesktop.org notification interface (`org.freedesktop.Notifications`
//! on the session D-Bus, the bus `DBUS_SESSION_BUS_ADDRESS` names), sent by
//! zbus on a short-lived thread of its own so the window never waits. Where
//! there is no session bus or no notification server, nothing is shown and
//! nothing is said: a notification is a courtesy, never an error.
//!
//! Only the freedesktop desktops (Linux and the BSDs) have this interface;
//! elsewhere (Windows, macOS) [`show`] does nothing: the in-window status
//! and the title bar say whose move it is, and no platform toast API is
//! pulled in for one courtesy (see `cfg` below).

/// The notification's words: the summary and the body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// "Your move against bob, game 12".
    pub summary: String,
    /// "bob played E5."
    pub body: String,
}

impl Notice {
    /// The notice that it is my move: `opponent` played `square` in `game`.
    #[must_use]
    pub fn your_move(opponent: &str, game: &str, square: &str) -> Notice {
        Notice {
            summary: format!("Your move against {opponent}, game {game}"),
            body: format!("{opponent} played {square}."),
        }
    }
}

/// Shows `notice` on the desktop, from a thread of its own (`scribe-notify`);
/// returns at once. Failures (no bus, no notification server) are dropped.
pub fn show(notice: Notice) {
    // Windows and macOS have no session D-Bus: quietly absent there.
    #[cfg(not(all(unix, not(target_os = "macos"))))]
    {
        let _ = notice;
    }
    #[cfg(all(unix, not(target_os = "macos")))]
    let _ = std::thread::Builder::new()
        .name("scribe-notify".into())
        .spawn(move || {
            let _ = async_io::block_on(send(&notice));
        });
}

/// Sends `notice` to the session bus's notification server; its id.
///
/// # Errors
/// No session bus, no notification server, or its refusal.
#[cfg(all(unix, not(target_os = "macos")))]
pub async fn send(notice: &Notice) -> zbus::Result<u32> {
    let bus = zbus::Connection::session().await?;
    let hints: std::collections::HashMap<&str, zbus::zvariant::Value<'_>> =
        std::collections::HashMap::new();
    let reply = bus
        .call_method(
            Some("org.freedesktop.Notifications"),
            "/org/freedesktop/Notifications",
            Some("org.freedesktop.Notifications"),
            "Notify",
            &(
                "Scribe Desk",
                0u32,
                super::APP_ID,
                notice.summary.as_str(),
                notice.body.as_str(),
                Vec::<&str>::new(),
                hints,
                -1i32,
            ),
        )
        .await?;
    reply.body().deserialize::<u32>()
}
