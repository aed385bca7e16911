//! The online mode's state: the panel's fields, the link to the server,
//! the games and the game being played, with the few calls that ask the
//! worker; and the words the status line and the panel say about a game.
//! The mode's glue (`mod.rs`), its notes (`notes.rs`) and its views
//! (`view.rs`) read and change it; it knows none of them.

use super::game::OnlineGame;
use crate::modes::Status;
use scribe_online::worker::{Request, Worker};
use scribe_record::GameRecord;
use scribe_record::MarkStyle;
use scribe_rules::{Player, Target, Variant};
use std::collections::HashSet;
use std::path::PathBuf;

/// The fields of the panel.
#[derive(Debug, Clone, Default)]
pub(crate) struct Form {
    pub(crate) server: String,
    /// A certificate authority's PEM file trusted besides the system's.
    pub(crate) ca_file: String,
    pub(crate) name: String,
    pub(crate) password: String,
    pub(crate) opponent: String,
    pub(crate) chat: String,
    pub(crate) variant: Variant,
    /// The challenger's side: `x` (moves first), `o`, or `None` (at random).
    pub(crate) side: Option<Player>,
    /// The days each move may take (`None`: no limit).
    pub(crate) days: Option<u32>,
    /// The level of "Play the computer".
    pub(crate) computer: scribe_ai::Level,
    /// The account's e-mail address, as typed.
    pub(crate) email: String,
}

/// The page the panel shows when no game is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Page {
    /// The games being played, the challenges, a new challenge.
    #[default]
    Games,
    /// The finished games.
    History,
    /// The standings.
    Standings,
    /// A player's page (the player named in [`OnlineMode::player_name`]).
    Player,
}

/// How often who is online is read again while no game is open (as the
/// web page does); it is read again with the list of games too, which the
/// stream's events bring.
pub(crate) const ONLINE_EVERY: std::time::Duration = std::time::Duration::from_secs(20);

/// The link to the server, as the status line tells it.
#[derive(Debug, Clone, Default)]
pub(crate) struct Link {
    /// The live stream is open.
    pub(crate) live: bool,
    /// Moves waiting in the outbox.
    pub(crate) waiting: usize,
    /// Chat lines waiting in the outbox (not moves).
    pub(crate) lines: usize,
    /// Why they wait.
    pub(crate) trouble: Option<String>,
}

/// The online mode.
pub(crate) struct OnlineMode {
    pub(crate) worker: Option<Worker>,
    pub(crate) tokens: Option<PathBuf>,
    pub(crate) form: Form,
    /// Signed in as.
    pub(crate) me: Option<String>,
    /// The server signed in to.
    pub(crate) server: String,
    /// What is under way ("Signing in…").
    pub(crate) busy: Option<&'static str>,
    /// My games and the challenges (summaries), once read.
    pub(crate) games: Vec<scribe_api::GameSummary>,
    pub(crate) challenges: Vec<scribe_api::GameSummary>,
    pub(crate) listed: bool,
    /// The game being played.
    pub(crate) game: Option<OnlineGame>,
    /// The game asked for, until it arrives.
    pub(super) opening: Option<String>,
    /// "Resign this game?" is showing.
    pub(crate) confirm_resign: bool,
    /// The open game's event count when it was last asked for.
    pub(super) game_asked: u64,
    /// Moves kept from an earlier run, until they are answered.
    pub(super) restored: Vec<Request>,
    pub(crate) link: Link,
    pub(super) waker: scribe_online::worker::Waker,
    pub(super) ctx: egui::Context,
    /// The finished game fetched for review (with its id), to hand to the app.
    pub(super) review: Option<(String, GameRecord)>,
    /// The game library's folder (`None`: no data folder, nothing kept).
    pub(super) library: Option<PathBuf>,
    /// The finished games kept in the library or being fetched for it, by
    /// id (on this server), so that each is asked for once.
    pub(super) keeping: HashSet<String>,
    /// Finished games fetched, to hand to the app: file name and save text.
    pub(super) to_keep: Vec<(String, String)>,
    /// The page shown when no game is open.
    pub(crate) page: Page,
    /// The standings last read.
    pub(crate) standings: Option<scribe_api::Standings>,
    /// The variant whose standings are shown.
    pub(crate) standings_variant: Variant,
    /// The player whose page is shown (or asked for).
    pub(crate) player_name: String,
    /// Their page, once read.
    pub(crate) player: Option<scribe_api::PlayerPage>,
    /// The page the player page's Back returns to.
    pub(crate) player_back: Page,
    /// The game the player page was opened from: Back reopens it.
    pub(crate) player_from_game: Option<String>,
    /// Who is online, as last read.
    pub(crate) online: Option<scribe_api::OnlinePlayers>,
    /// When who is online was last asked for.
    pub(super) online_asked: Option<web_time::Instant>,
    /// Whether the server sends mail (`None`: not known yet): the e-mail
    /// settings are offered only where it does.
    pub(crate) mail: Option<bool>,
    /// "Your move" on the desktop, with or without frames.
    pub(super) presence: std::sync::Arc<super::presence::Presence>,
}

impl OnlineMode {
    pub(super) fn ask(&mut self, request: Request) {
        if let Some(w) = &self.worker {
            w.ask(request);
        }
    }

    /// Sends a challenge to `opponent` (`None`: an open one) with the
    /// variant, side and time limit of the New challenge form.
    pub(super) fn challenge(&mut self, opponent: Option<String>) {
        self.ask(Request::Challenge {
            opponent,
            variant: super::variant_api(self.form.variant).to_string(),
            side: match self.form.side {
                Some(Player::X) => "x",
                Some(Player::O) => "o",
                None => "random",
            }
            .to_string(),
            days: self.form.days,
        });
    }

    /// Asks the worker for the save files of the player's finished games
    /// the library has not got (after each reading of the list: at the
    /// sign-in, and when a game ends). The worker skips those whose file is
    /// there already; each is asked for once in a run.
    pub(super) fn keep_finished(&mut self) {
        let Some(dir) = &self.library else { return };
        let wanted: Vec<(String, PathBuf)> = self
            .games
            .iter()
            .filter(|g| g.status == scribe_api::Status::Finished && !self.keeping.contains(&g.id))
            .map(|g| {
                let file = scribe_library::online_file_name(&self.server, &g.id);
                (g.id.clone(), dir.join(file))
            })
            .collect();
        if wanted.is_empty() {
            return;
        }
        self.keeping.extend(wanted.iter().map(|(id, _)| id.clone()));
        self.ask(Request::Keep(wanted));
    }

    /// Asks who is online (after each reading of the list, and every
    /// [`ONLINE_EVERY`] while no game is open).
    pub(super) fn ask_online(&mut self) {
        self.online_asked = Some(web_time::Instant::now());
        self.ask(Request::Online);
    }

    /// Opens a game (from a dev switch or the list).
    pub(crate) fn open(&mut self, id: String) {
        self.opening = Some(id.clone());
        self.confirm_resign = false;
        self.ask_game(id);
    }

    /// Reads a game again. Its answer is taken only if no event changed
    /// the game meanwhile (the answer could be older than the event).
    pub(super) fn ask_game(&mut self, id: String) {
        if let Some(g) = self.game.as_ref().filter(|g| g.id == id) {
            self.game_asked = g.events;
        }
        self.ask(Request::Game(id));
    }

    /// What the status line says about the link, if anything is wrong.
    pub(super) fn link_status(&self) -> Option<Status> {
        self.link.trouble.as_ref()?;
        let waiting = waiting_words(self.link.waiting, self.link.lines);
        Some(Status::error(format!(
            "Server unreachable: {} does not answer; trying again.{waiting}",
            self.server
        )))
    }
}

impl std::fmt::Debug for OnlineMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OnlineMode")
            .field("me", &self.me)
            .field("server", &self.server)
            .field("game", &self.game)
            .finish_non_exhaustive()
    }
}

/// " 1 move and 1 chat line wait; they are sent in order when the server
/// is back." (moves and chat lines counted apart; empty for none).
pub(crate) fn waiting_words(moves: usize, lines: usize) -> String {
    let count = |n: usize, one: &str, many: &str| match n {
        0 => None,
        1 => Some(format!("1 {one}")),
        n => Some(format!("{n} {many}")),
    };
    let parts: Vec<String> = [
        count(moves, "move", "moves"),
        count(lines, "chat line", "chat lines"),
    ]
    .into_iter()
    .flatten()
    .collect();
    match (parts.len(), moves + lines) {
        (0, _) => String::new(),
        (_, 1) => format!(" {} waits; it is sent when the server is back.", parts[0]),
        _ => format!(
            " {} wait; they are sent in order when the server is back.",
            parts.join(" and ")
        ),
    }
}

/// "your move: play in the centre mini grid (D4-F6)", "bob's move".
pub(crate) fn turn_words(g: &OnlineGame, style: MarkStyle) -> String {
    if g.is_over() {
        return end_words(g, style);
    }
    if !g.is_active() {
        return format!("the game is {}", g.status);
    }
    let pos = g.position();
    if g.my_turn() {
        let whereto = match pos.target() {
            Target::Anywhere => "you may play anywhere".to_string(),
            Target::Grid(grid) => format!(
                "play in the {} mini grid ({})",
                grid.position_name(),
                grid.span()
            ),
        };
        format!("Your move: {whereto}.")
    } else {
        format!("{}'s move.", g.name(pos.to_move()))
    }
}

/// "You won (Majority, 5 grids to 4)." and the like.
pub(crate) fn end_words(g: &OnlineGame, style: MarkStyle) -> String {
    let how = if g.end == Some(scribe_api::EndReason::Resigned) {
        " by resignation"
    } else {
        ""
    };
    match g.winner {
        Some(w) if Some(w) == g.my_side() => format!("Game over: you won{how}."),
        Some(w) => format!("Game over: {} ({}) won{how}.", g.name(w), style.symbol(w)),
        None => "Game over.".to_string(),
    }
}
