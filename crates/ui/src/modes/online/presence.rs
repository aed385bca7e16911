//! "Your move" on the desktop, whether or not the window draws frames.
//!
//! The live stream's thread hears a move that makes it the player's turn
//! and leaves it here as pending. A frame that follows (the stream wakes the
//! window) decides: in front, nothing; behind another window, a
//! notification. A window that draws no frame within [`FRAMELESS`] is
//! minimized or hidden (eframe skips or throttles its frames there), and the
//! notification goes out from a timer thread instead of waiting for one.

use crate::notify::{self, Notice};
use scribe_online::stream::Heard;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// How long a heard move waits for a frame before the window is taken to
/// be minimized.
pub(crate) const FRAMELESS: Duration = Duration::from_millis(1500);

/// What the stream's thread and the frames share.
#[derive(Debug, Default)]
pub(crate) struct Presence {
    /// Who is signed in ("" before).
    me: Mutex<String>,
    /// Frames drawn by the online mode so far.
    frames: AtomicU64,
    /// A notice heard and not yet decided, with the frame count then.
    pending: Mutex<Option<(Notice, u64)>>,
}

impl Presence {
    /// The listener the worker calls for each thing the stream hears.
    pub(crate) fn listener(self: &Arc<Self>) -> scribe_online::worker::Listener {
        let me = Arc::clone(self);
        Arc::new(move |heard: &Heard| me.heard(heard))
    }

    fn heard(self: &Arc<Self>, heard: &Heard) {
        let Heard::Event(e) = heard else { return };
        let Some(scribe_api::Event::Move(m)) = e.api() else {
            return;
        };
        let me = self
            .me
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        let mine = m
            .turn
            .as_deref()
            .is_some_and(|t| t.eq_ignore_ascii_case(&me));
        if me.is_empty() || !mine || m.by.eq_ignore_ascii_case(&me) {
            return;
        }
        let seen = self.frames.load(Ordering::Relaxed);
        *self.pending.lock().unwrap_or_else(PoisonError::into_inner) =
            Some((Notice::your_move(&m.by, &m.game, &m.square), seen));
        let me = Arc::clone(self);
        let _ = std::thread::Builder::new()
            .name("scribe-your-move".into())
            .spawn(move || {
                std::thread::sleep(FRAMELESS);
                me.no_frame_since(seen);
            });
    }

    /// No frame came since the move was heard: the window is not shown.
    fn no_frame_since(&self, seen: u64) {
        if self.frames.load(Ordering::Relaxed) != seen {
            return;
        }
        let mut pending = self.pending.lock().unwrap_or_else(PoisonError::into_inner);
        if pending.as_ref().is_some_and(|(_, at)| *at == seen)
            && let Some((notice, _)) = pending.take()
        {
            notify::show(notice);
        }
    }

    /// A frame of the online mode: who is signed in, and whether the window
    /// is in front; a pending notice is shown when it is not.
    pub(crate) fn frame(&self, me: Option<&str>, in_front: bool) {
        {
            let mut name = self.me.lock().unwrap_or_else(PoisonError::into_inner);
            if name.as_str() != me.unwrap_or("") {
                *name = me.unwrap_or("").to_string();
            }
        }
        self.frames.fetch_add(1, Ordering::Relaxed);
        let taken = self
            .pending
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some((notice, _)) = taken
            && !in_front
        {
            notify::show(notice);
        }
    }
}
