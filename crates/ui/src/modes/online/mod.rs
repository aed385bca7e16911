//! Game → Play online…: sign in to a server, the list of games and
//! challenges, and a game on the same board as any other. Every call to the
//! server is made by the connection worker ([`scribe_online::worker`]) on
//! its own threads; its notes are taken each frame in [`Mode::poll`] and it
//! wakes the window when one arrives. Its parts: `state.rs` (what the mode
//! holds), `act.rs` (what the panel asks for), `notes/` (the worker's
//! answers, each typed to its request, and the live stream's events),
//! `game.rs` (an online game as the player sees it, egui-free),
//! `presence.rs` ("your move" while the window is not in front); the panel
//! and the right side are drawn in `view.rs`, the panel's History and
//! Standings pages in `history.rs`, a player's page and who is online in
//! `player.rs`.

mod act;
pub mod game;
mod history;
mod notes;
mod player;
mod presence;
mod state;
mod view;

pub(crate) use state::OnlineMode;
pub use state::Page;
use state::{Form, Link, end_words};

use super::{Middle, Mode, ModeKind, Reply, Shown, Status};
use crate::action::{Action, ModeAction};
use crate::modes::online::game::{OnlineAction, variant_api};
use crate::widgets::ink::MarkStyle;
use scribe_online::worker::{Request, Worker};
use scribe_online::{Account, DEFAULT_SERVER, Remembered, normalise_server};
use scribe_rules::{Player, Square, Variant};
use std::path::PathBuf;

impl OnlineMode {
    /// The mode; `tokens` is the `online.json` of the data folder (`None`:
    /// nothing is remembered), `library` the game library's folder, where
    /// the player's finished games are kept (`None`: none are). A sign-in
    /// remembered there for the last server is used at once.
    pub(crate) fn new(
        ctx: &egui::Context,
        tokens: Option<PathBuf>,
        library: Option<PathBuf>,
        server: Option<String>,
    ) -> (OnlineMode, Reply) {
        let memory = tokens
            .as_deref()
            .and_then(|p| Remembered::load_from(p).ok())
            .unwrap_or_default();
        let server = server
            .and_then(|s| normalise_server(&s).ok())
            .or_else(|| memory.server.clone())
            .unwrap_or_else(|| DEFAULT_SERVER.to_string());
        let account = memory.accounts.get(&server).cloned();
        // The club's certificate authority, as set the last time; a file
        // gone since is told when signing in.
        let _ = scribe_online::tls::set_extra_ca_file(memory.ca_file.as_deref());
        let ctx2 = ctx.clone();
        let waker: scribe_online::worker::Waker = std::sync::Arc::new(move || {
            ctx2.request_repaint();
        });
        let mut mode = OnlineMode {
            worker: None,
            tokens,
            form: Form {
                server: server.clone(),
                ca_file: memory
                    .ca_file
                    .as_ref()
                    .map(|p| p.display().to_string())
                    .unwrap_or_default(),
                name: account.as_ref().map(|a| a.name.clone()).unwrap_or_default(),
                ..Form::default()
            },
            me: account.as_ref().map(|a| a.name.clone()),
            server: server.clone(),
            busy: None,
            games: Vec::new(),
            challenges: Vec::new(),
            listed: false,
            game: None,
            opening: None,
            confirm_resign: false,
            game_asked: 0,
            restored: Vec::new(),
            link: Link::default(),
            waker,
            ctx: ctx.clone(),
            review: None,
            library,
            keeping: std::collections::HashSet::new(),
            to_keep: Vec::new(),
            page: state::Page::Games,
            standings: None,
            standings_variant: Variant::Majority,
            player_name: String::new(),
            player: None,
            player_back: state::Page::Games,
            player_from_game: None,
            online: None,
            online_asked: None,
            presence: std::sync::Arc::default(),
            mail: None,
        };
        let status = mode.start_worker(server, account);
        if mode.me.is_some() {
            mode.ask(Request::Games);
            mode.ask(Request::Me);
        }
        (mode, Reply::status(status))
    }

    /// Shows a page of the panel, asking the server for what it lists.
    fn go_to(&mut self, page: state::Page) {
        self.page = page;
        match page {
            state::Page::Standings => {
                let v = variant_api(self.standings_variant).to_string();
                self.ask(Request::Standings(v));
            }
            state::Page::Games | state::Page::History => self.ask(Request::Games),
            state::Page::Player => {
                let name = self.player_name.clone();
                self.ask(Request::Player(name));
            }
        }
    }

    fn start_worker(&mut self, server: String, account: Option<Account>) -> Status {
        let signed = account.as_ref().map(|a| a.name.clone());
        match Worker::start(
            server.clone(),
            account,
            self.tokens.clone(),
            self.waker.clone(),
            self.presence.listener(),
        ) {
            Ok(w) => {
                self.worker = Some(w);
                match signed {
                    Some(name) => Status::info(format!("Signed in to {server} as {name}.")),
                    None => Status::info(format!(
                        "Play online: sign in to {server} (or sign up), or give another server."
                    )),
                }
            }
            Err(e) => Status::error(format!("Cannot start the connection: {e}")),
        }
    }

    /// Trusts the certificate authority's file of the form (none when the
    /// field is empty) and remembers it in `online.json`.
    fn trust_ca_file(&mut self) -> anyhow::Result<()> {
        let text = self.form.ca_file.trim();
        let file = (!text.is_empty()).then(|| PathBuf::from(text));
        scribe_online::tls::set_extra_ca_file(file.as_deref())?;
        if let Some(tokens) = &self.tokens {
            let mut memory = Remembered::load_from(tokens).unwrap_or_default();
            if memory.ca_file != file {
                memory.ca_file = file;
                memory.store_in(tokens)?;
            }
        }
        Ok(())
    }

    fn sign_in(&mut self, signup: bool) -> Reply {
        let server = match normalise_server(&self.form.server) {
            Ok(s) => s,
            Err(e) => return Reply::status(Status::error(format!("Server: {e}"))),
        };
        let name = self.form.name.trim().to_string();
        if name.is_empty() || self.form.password.is_empty() {
            return Reply::status(Status::error(
                "Give your name and password first.".to_string(),
            ));
        }
        if let Err(why) = self.trust_ca_file() {
            return Reply::status(Status::error(format!("Certificate authority: {why}")));
        }
        let password = std::mem::take(&mut self.form.password);
        self.form.server.clone_from(&server);
        self.busy = Some(if signup {
            "Signing up…"
        } else {
            "Signing in…"
        });
        self.ask(Request::SignIn {
            server,
            name,
            password,
            signup,
        });
        Reply::status(Status::info(if signup {
            "Signing up…"
        } else {
            "Signing in…"
        }))
    }
}

impl OnlineMode {
    /// The board and the two lines above it.
    pub(crate) fn board(&self, style: MarkStyle) -> Shown {
        let sym = |p: Player| style.symbol(p);
        let Some(g) = &self.game else {
            let heading = match &self.me {
                Some(me) => format!("Play online: signed in as {me}"),
                None => "Play online: sign in or sign up".to_string(),
            };
            // signed out: the server the Server field names (where Sign in
            // goes), not the one used last
            let detail = match &self.me {
                Some(_) => self.server.clone(),
                None => self.form.server.trim().to_string(),
            };
            return Shown {
                heading,
                detail,
                position: scribe_rules::Position::new(),
                hint: None,
                live: false,
                scores: true,
                guidance: false,
                heading_ink: crate::widgets::ink::PENCIL,
                glyph: None,
                played: None,
                busy: false,
                outline: None,
                check: Vec::new(),
            };
        };
        let pos = g.position();
        let who = |p: Player| {
            if Some(p) == g.my_side() {
                format!("You ({})", sym(p))
            } else {
                format!("{} ({})", g.name(p), sym(p))
            }
        };
        let state = if g.is_over() {
            // "game over: bob (O) won": only the first letter lowered
            let words = end_words(g, style);
            let words = words.trim_end_matches('.');
            let mut chars = words.chars();
            chars.next().map_or_else(String::new, |c| {
                c.to_lowercase().chain(chars).collect::<String>()
            })
        } else if g.my_turn() {
            "your move".to_string()
        } else if g.is_active() {
            format!("{}'s move", g.name(pos.to_move()))
        } else {
            g.status.to_string()
        };
        // the player first
        let (a, b) = match g.my_side() {
            Some(Player::O) => (Player::O, Player::X),
            _ => (Player::X, Player::O),
        };
        let heading = format!("{} vs {} — {state}", who(a), who(b));
        let won = pos.result().majority.score;
        let mut detail = format!(
            "Move {} · mini grids won: {} {} · {} {} · {}",
            pos.moves_played() + usize::from(!pos.is_over()),
            sym(Player::X),
            won.x,
            sym(Player::O),
            won.o,
            g.variant.name()
        );
        if !g.pending.is_empty() {
            detail.push_str(&format!(" · {} waiting to be sent", g.pending.len()));
        }
        Shown {
            heading,
            detail,
            position: pos,
            hint: None,
            live: g.my_turn(),
            scores: true,
            // a game not under way (a challenge, a resignation) has no mini grid to play
            guidance: g.is_active(),
            heading_ink: crate::widgets::ink::PENCIL,
            glyph: None,
            played: None,
            busy: false,
            outline: None,
            check: Vec::new(),
        }
    }
}

impl Mode for OnlineMode {
    fn kind(&self) -> ModeKind {
        ModeKind::Online
    }

    fn middle(&self, style: MarkStyle) -> Middle {
        // a player's page takes the middle: the left column is too narrow
        // for its chart and its games, and the empty board said nothing
        if self.game.is_none() && self.me.is_some() && self.page == state::Page::Player {
            return Middle::Canvas {
                heading: format!("{}'s page", self.player_name),
                detail: format!("on {}", self.server),
            };
        }
        Middle::Board(self.board(style))
    }

    fn canvas(&self, ui: &mut egui::Ui, style: MarkStyle, out: &mut Vec<Action>) {
        if let Some(me) = &self.me {
            player::page_body(self, me, ui, style, out);
        }
    }

    fn choose(&mut self, sq: Square, style: MarkStyle) -> Reply {
        let Some(g) = &mut self.game else {
            return Reply::status(Status::error(
                "Open a game from the list first.".to_string(),
            ));
        };
        let pos = g.position();
        if g.is_active()
            && g.my_turn()
            && let Err(e) = pos.check(sq)
        {
            if let scribe_rules::IllegalReason::WrongGrid { required, .. } = e {
                crate::widgets::board::flash_grid(&self.ctx, required);
            }
            return Reply::status(Status::error(format!(
                "{sq} is not allowed: {}.",
                crate::words::refusal(e, style)
            )));
        }
        match g.queue(sq) {
            Ok(number) => {
                let game = g.id.clone();
                let waiting = self.link.trouble.is_some();
                self.ask(Request::Move {
                    game,
                    square: sq.to_string(),
                    number,
                });
                Reply::status(if waiting {
                    Status::error(format!(
                        "{sq} is kept: the server is unreachable; it is sent when it is back."
                    ))
                } else {
                    Status::info(format!("Sending {sq}…"))
                })
            }
            Err(e) => Reply::status(Status::error(format!("{sq}: {e}."))),
        }
    }

    fn panel(&self, ui: &mut egui::Ui, style: MarkStyle, out: &mut Vec<Action>) {
        view::panel(self, ui, style, out);
    }

    fn panel_width(&self) -> f32 {
        290.0
    }

    fn contents(&self, ui: &mut egui::Ui, style: MarkStyle, out: &mut Vec<Action>) -> bool {
        match (&self.game, &self.me) {
            (Some(g), _) => {
                view::contents(g, &self.form.chat, ui, style, out);
                true
            }
            (None, Some(me)) => {
                player::online_now(self, me, ui, out);
                true
            }
            (None, None) => false,
        }
    }

    fn poll(&mut self, style: MarkStyle) -> Reply {
        let mut reply = Reply::default();
        // "your move" heard while the window is behind another
        let in_front = self.ctx.input(|i| {
            let v = i.viewport();
            v.focused != Some(false) && v.minimized != Some(true)
        });
        self.presence.frame(self.me.as_deref(), in_front);
        // who is online, read again now and then while the list shows
        let due = self
            .online_asked
            .is_some_and(|t| t.elapsed() >= state::ONLINE_EVERY);
        if due && self.me.is_some() && self.game.is_none() {
            self.ask_online();
        }
        while let Some(note) = self.worker.as_ref().and_then(Worker::try_recv) {
            if let Some(s) = self.take(note, style) {
                reply.status = Some(s);
            }
        }
        reply.keep = std::mem::take(&mut self.to_keep);
        if let Some((id, record)) = self.review.take() {
            reply.game = Some(record);
            reply.online = Some((self.server.clone(), id));
        }
        reply
    }

    fn act(&mut self, action: ModeAction, _style: MarkStyle) -> Reply {
        match action.take::<OnlineAction>() {
            Some(action) => self.act_on(action),
            None => Reply::default(),
        }
    }
}
