//! The connection worker: a window's link to a server that never makes the
//! window wait. Requests go to a thread (`scribe-online`) that makes the
//! HTTP calls one after the other and sends each answer back as a [`Note`];
//! the live stream is read on a second thread. After each note a waker is
//! called (the app's is `ctx.request_repaint`).
//!
//! Moves and chat lines go to an outbox: they are sent in order, and while
//! the server cannot be reached the head is tried again with backoff (0.25 s
//! doubling to 4 s, and at once when the stream comes back). A move carries
//! the number it will have, so a retry whose first attempt had in fact been
//! committed is answered "repeated" and never applied twice. A refused move
//! drops the moves queued after it in the same game (they were made on the
//! position it would have made). The outbox is kept on disk beside the
//! token file (`online-outbox.json`) while it holds anything, so moves made
//! while the server was away survive closing the app: the next start with
//! the same sign-in sends them (and says so with [`Note::Restored`]).

use super::client::{Account, Client, Remembered};
pub use super::requests::{Answered, ChallengeAnswer, Failure, Lists, Request, Saves, TurnAsk};
use super::requests::{call, fail};
use super::stream::{self, Heard};
use scribe_api as api;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::{Duration, Instant};

/// Called after each note, from the worker's threads.
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// Called with each thing the live stream hears, on the stream's thread,
/// before the app's next frame: what must not wait for a frame (a desktop
/// notification: a minimized window draws none) is done here.
pub type Listener = Arc<dyn Fn(&Heard) + Send + Sync>;

/// The file beside the token file that keeps the outbox.
pub const OUTBOX_FILE: &str = "online-outbox.json";

/// What comes back to the window.
#[derive(Debug, Clone)]
pub enum Note {
    /// A request with its answer, typed to it.
    Answered(Answered),
    /// The outbox: how many moves and chat lines wait, and why (`None`:
    /// they are on their way, or there are none).
    Outbox {
        /// Moves waiting.
        moves: usize,
        /// Chat lines waiting (counted apart: a line is not a move).
        lines: usize,
        /// The server could not be reached: the last error.
        trouble: Option<String>,
    },
    /// Moves queued after a refused one were dropped.
    Dropped {
        /// The game.
        game: String,
        /// How many.
        count: usize,
    },
    /// From the live stream.
    Heard(Heard),
    /// Moves and lines kept from an earlier run, being sent now.
    Restored(Vec<Request>),
    /// Something went wrong in this machine (a file that cannot be written).
    Problem(String),
}

/// How many of the outbox's requests are moves (the rest are chat lines).
fn moves_in(outbox: &VecDeque<Request>) -> usize {
    outbox
        .iter()
        .filter(|r| matches!(r, Request::Move { .. }))
        .count()
}

/// The outbox on disk: whose it is, and what waits.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Kept {
    server: String,
    name: String,
    requests: Vec<Request>,
}

enum Command {
    Ask(Request),
    /// The stream is back: try the outbox now.
    Wake,
    Quit,
}

/// The window's handle on the worker; dropping it stops the worker once
/// its outbox is delivered.
pub struct Worker {
    tx: Sender<Command>,
    rx: Receiver<Note>,
}

impl std::fmt::Debug for Worker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Worker")
    }
}

impl Worker {
    /// Starts the worker. `account`: a remembered sign-in on `server` (the
    /// stream opens at once); `tokens`: the `online.json` to remember
    /// sign-ins in (`None`: nothing is kept).
    ///
    /// # Errors
    /// A thread could not be started.
    pub fn start(
        server: String,
        account: Option<Account>,
        tokens: Option<PathBuf>,
        waker: Waker,
        listener: Listener,
    ) -> std::io::Result<Worker> {
        let (tx, cmd_rx) = channel();
        let (note_tx, rx) = channel();
        let name = account.as_ref().map(|a| a.name.clone());
        let mut inner = Inner {
            client: Client::new(server, account.map(|a| a.token)),
            name,
            kept: false,
            tokens,
            notes: note_tx,
            waker,
            listener,
            commands: tx.clone(),
            stream_stop: None,
        };
        inner.open_stream();
        std::thread::Builder::new()
            .name("scribe-online".into())
            .spawn(move || inner.run(&cmd_rx))?;
        Ok(Worker { tx, rx })
    }

    /// Sends a request; its answer comes back as a [`Note::Answered`].
    pub fn ask(&self, request: Request) {
        let _ = self.tx.send(Command::Ask(request));
    }

    /// A note, if one arrived.
    pub fn try_recv(&self) -> Option<Note> {
        self.rx.try_recv().ok()
    }

    /// Waits at most `limit` for a note (tests and benchmarks).
    pub fn recv_timeout(&self, limit: Duration) -> Option<Note> {
        self.rx.recv_timeout(limit).ok()
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        let _ = self.tx.send(Command::Quit);
    }
}

struct Inner {
    client: Client,
    /// Who is signed in (whose outbox it is).
    name: Option<String>,
    /// The outbox as it stands is on disk.
    kept: bool,
    tokens: Option<PathBuf>,
    notes: Sender<Note>,
    waker: Waker,
    listener: Listener,
    commands: Sender<Command>,
    stream_stop: Option<Arc<AtomicBool>>,
}

const FIRST_WAIT: Duration = Duration::from_millis(250);
const LONGEST_WAIT: Duration = Duration::from_secs(4);

impl Inner {
    fn note(&self, note: Note) {
        let _ = self.notes.send(note);
        (self.waker)();
    }

    fn close_stream(&mut self) {
        if let Some(stop) = self.stream_stop.take() {
            stop.store(true, Ordering::Relaxed);
        }
    }

    fn open_stream(&mut self) {
        self.close_stream();
        let Some(token) = self.client.token().map(str::to_string) else {
            return;
        };
        let stop = Arc::new(AtomicBool::new(false));
        let (notes, waker, listener, commands) = (
            self.notes.clone(),
            self.waker.clone(),
            self.listener.clone(),
            self.commands.clone(),
        );
        let seen = stop.clone();
        let started = stream::spawn(self.client.server.clone(), token, stop.clone(), move |h| {
            if seen.load(Ordering::Relaxed) {
                return;
            }
            if h == Heard::Connected {
                let _ = commands.send(Command::Wake);
            }
            listener(&h);
            let _ = notes.send(Note::Heard(h));
            waker();
        });
        match started {
            Ok(()) => self.stream_stop = Some(stop),
            Err(e) => self.note(Note::Heard(Heard::Lost(format!(
                "cannot start the live stream: {e}"
            )))),
        }
    }

    fn outbox_path(&self) -> Option<PathBuf> {
        self.tokens.as_ref().map(|t| t.with_file_name(OUTBOX_FILE))
    }

    /// The outbox an earlier run left for this sign-in.
    fn restore(&self) -> VecDeque<Request> {
        let (Some(path), Some(name)) = (self.outbox_path(), &self.name) else {
            return VecDeque::new();
        };
        let Ok(text) = std::fs::read_to_string(path) else {
            return VecDeque::new();
        };
        match serde_json::from_str::<Kept>(&text) {
            Ok(k) if k.server == self.client.server && &k.name == name => {
                k.requests.into_iter().filter(Request::queued).collect()
            }
            _ => VecDeque::new(),
        }
    }

    /// Keeps the outbox on disk while it holds anything (best effort: the
    /// moves are still sent in this run if the folder cannot be written).
    fn keep(&mut self, outbox: &VecDeque<Request>) {
        self.kept = false;
        let (Some(path), Some(name)) = (self.outbox_path(), &self.name) else {
            return;
        };
        if outbox.is_empty() {
            let _ = std::fs::remove_file(path);
            return;
        }
        let kept = Kept {
            server: self.client.server.clone(),
            name: name.clone(),
            requests: outbox.iter().cloned().collect(),
        };
        let Some(dir) = path.parent() else { return };
        let written = serde_json::to_string(&kept).ok().and_then(|text| {
            let _ = std::fs::create_dir_all(dir);
            let mut tmp = tempfile::Builder::new()
                .prefix(".online-outbox-")
                .suffix(".tmp")
                .tempfile_in(dir)
                .ok()?;
            std::io::Write::write_all(&mut tmp, text.as_bytes()).ok()?;
            tmp.as_file().sync_all().ok()?;
            tmp.persist(&path).ok()
        });
        self.kept = written.is_some();
        if written.is_none() {
            self.note(Note::Problem(format!(
                "the moves waiting cannot be kept in {} for the next start",
                dir.display()
            )));
        }
    }

    fn run(mut self, commands: &Receiver<Command>) {
        let mut outbox = self.restore();
        if !outbox.is_empty() {
            self.note(Note::Restored(outbox.iter().cloned().collect()));
        }
        let mut retry_at = Instant::now();
        let mut wait = FIRST_WAIT;
        let mut troubled = false;
        let mut quitting = false;
        loop {
            let command = if quitting {
                // kept on disk, the next start sends them; else keep trying
                if outbox.is_empty() || self.kept {
                    break;
                }
                std::thread::sleep(retry_at.saturating_duration_since(Instant::now()));
                None
            } else if outbox.is_empty() {
                match commands.recv() {
                    Ok(c) => Some(c),
                    Err(_) => break,
                }
            } else {
                match commands.recv_timeout(retry_at.saturating_duration_since(Instant::now())) {
                    Ok(c) => Some(c),
                    Err(RecvTimeoutError::Timeout) => None,
                    Err(RecvTimeoutError::Disconnected) => {
                        quitting = true;
                        None
                    }
                }
            };
            match command {
                Some(Command::Ask(r)) if r.queued() => {
                    outbox.push_back(r);
                    self.keep(&outbox);
                    if troubled {
                        self.note(Note::Outbox {
                            moves: moves_in(&outbox),
                            lines: outbox.len() - moves_in(&outbox),
                            trouble: Some("waiting for the server".into()),
                        });
                    }
                }
                Some(Command::Ask(r)) => self.answer(r),
                Some(Command::Wake) => {
                    retry_at = Instant::now();
                    wait = FIRST_WAIT;
                }
                Some(Command::Quit) => quitting = true,
                None => {}
            }
            // the outbox, in order, while the server answers
            while let Some(head) = outbox.front().cloned() {
                if Instant::now() < retry_at {
                    break;
                }
                let answered = call(&self.client, head);
                if let Some(Failure::Unreachable(m)) = answered.failure() {
                    troubled = true;
                    retry_at = Instant::now() + wait;
                    wait = (wait * 2).min(LONGEST_WAIT);
                    self.note(Note::Outbox {
                        moves: moves_in(&outbox),
                        lines: outbox.len() - moves_in(&outbox),
                        trouble: Some(m.clone()),
                    });
                    break;
                }
                outbox.pop_front();
                wait = FIRST_WAIT;
                if let Answered::Move {
                    game,
                    result: Err(Failure::Refused(_)),
                    ..
                } = &answered
                {
                    let queued = outbox.len();
                    outbox.retain(|r| !matches!(r, Request::Move { game: g, .. } if g == game));
                    let count = queued - outbox.len();
                    if count > 0 {
                        self.note(Note::Dropped {
                            game: game.clone(),
                            count,
                        });
                    }
                }
                self.keep(&outbox);
                if troubled && outbox.is_empty() {
                    troubled = false;
                }
                // the queue first: the answer's words are the last
                self.note(Note::Outbox {
                    moves: moves_in(&outbox),
                    lines: outbox.len() - moves_in(&outbox),
                    trouble: None,
                });
                self.note(Note::Answered(answered));
            }
        }
        self.close_stream();
    }

    /// Answers a request that is not queued (sign-in changes the client).
    fn answer(&mut self, request: Request) {
        let answered = match request {
            Request::SignIn {
                server,
                name,
                password,
                signup,
            } => {
                let result = self.sign_in(&server, &name, &password, signup);
                Answered::SignIn {
                    server,
                    name,
                    signup,
                    result,
                }
            }
            Request::SignOut => Answered::SignOut(self.sign_out()),
            other => call(&self.client, other),
        };
        self.note(Note::Answered(answered));
    }

    fn sign_in(
        &mut self,
        server: &str,
        name: &str,
        password: &str,
        signup: bool,
    ) -> Result<api::Token, Failure> {
        self.close_stream();
        self.client = Client::new(server.to_string(), None);
        let body = api::Credentials {
            name: name.to_string(),
            password: password.to_string(),
        };
        if signup {
            let _: api::SignedUp = fail(self.client.post("/accounts", &body))?;
        }
        let v: api::Token = fail(self.client.post("/session", &body))?;
        let (token, name) = (v.token.clone(), v.name.clone());
        self.client.set_token(Some(token.clone()));
        self.name = Some(name.clone());
        self.remember(|m| {
            m.server = Some(server.to_string());
            m.accounts
                .insert(server.to_string(), Account { name, token });
        });
        self.open_stream();
        Ok(v)
    }

    fn sign_out(&mut self) -> Result<(), Failure> {
        self.close_stream();
        let server = self.client.server.clone();
        // forgotten here even when the server cannot be told
        let told: Result<api::SignedOut, _> = fail(self.client.delete("/session"));
        self.client.set_token(None);
        self.name = None;
        self.remember(|m| {
            m.accounts.remove(&server);
        });
        match told {
            Err(Failure::Refused(_)) | Ok(_) => Ok(()),
            Err(e) => Err(e),
        }
    }

    /// Updates the token file, if there is one; a failure is reported as a
    /// lost stream would be (the sign-in still works for this run).
    fn remember(&self, change: impl FnOnce(&mut Remembered)) {
        let Some(path) = &self.tokens else { return };
        let result = Remembered::load_from(path).and_then(|mut m| {
            change(&mut m);
            m.store_in(path)
        });
        if let Err(e) = result {
            self.note(Note::Problem(format!(
                "the sign-in cannot be kept for the next start: {e:#}"
            )));
        }
    }
}
