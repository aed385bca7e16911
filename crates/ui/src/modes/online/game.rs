//! Game → Play online…: the egui-free side of the online mode. An
//! [`OnlineGame`] is a game on the server as this player sees it: the
//! server's moves, the player's own moves not yet acknowledged (the queue,
//! drawn on the board), the chat, and how each answer and each event of
//! the live stream changes it. [`OnlineAction`] is what the mode's panel
//! asks for. The mode itself (the panel, the worker) is `modes/online.rs`.

use scribe_api as api;
use scribe_rules::{Game, Player, Position, Square, Variant};

/// A text field of the online panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// The server's address.
    Server,
    /// A certificate authority's file to trust too (a club's own).
    CaFile,
    /// The player's name.
    Name,
    /// The password.
    Password,
    /// The player to challenge.
    Opponent,
    /// The chat line being written.
    Chat,
    /// The account's e-mail address.
    Email,
}

/// What the online panel asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OnlineAction {
    /// A field was edited.
    Field(Field, String),
    /// Sign in with the name and password.
    SignIn,
    /// Make the account, then sign in.
    SignUp,
    /// Sign out.
    SignOut,
    /// Read the games and challenges again.
    Refresh,
    /// The variant of the next challenge.
    Variant(Variant),
    /// My side in a new challenge (`None`: at random).
    Side(Option<Player>),
    /// The days each move may take in a new challenge (`None`: no limit).
    Days(Option<u32>),
    /// Challenge the player named (or anyone).
    Challenge,
    /// The level of the computer to play.
    ComputerLevel(scribe_ai::Level),
    /// Play the server's computer at the level chosen (it accepts at once).
    PlayComputer,
    /// Accept a challenge.
    Accept(String),
    /// Decline a challenge.
    Decline(String),
    /// Withdraw my challenge.
    Cancel(String),
    /// Play a game.
    Open(String),
    /// Back to the list of games.
    List,
    /// Resign: asks first.
    Resign,
    /// Claim the game: the opponent ran out of time.
    Claim,
    /// The answer to "resign?".
    ConfirmResign(bool),
    /// Propose to take back the last move.
    ProposeUndo,
    /// Answer the opponent's proposal.
    AnswerUndo(bool),
    /// Send the chat line.
    Send,
    /// The finished game into the app's own game (review, PDF).
    Review,
    /// A finished game: challenge the same opponent again, sides swapped.
    Rematch,
    /// Save the e-mail address in the form (empty: remove it).
    SaveEmail,
    /// A finished game from the history into the app's own game.
    ReviewGame(String),
    /// The panel's page (no game open).
    Page(super::state::Page),
    /// The variant whose standings are shown.
    StandingsVariant(Variant),
    /// A player's page (ratings, record, rating over time, finished games).
    ShowPlayer(String),
    /// The player page's Back: to the game it was opened from, else the
    /// page before.
    PlayerBack,
    /// Challenge the player named, with the New challenge form's variant,
    /// side and time a move.
    ChallengePlayer(String),
}

/// A game on the server, as this player sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct OnlineGame {
    /// The game's id.
    pub id: String,
    /// Majority or Super Glyph.
    pub variant: Variant,
    /// The players' names (`None` before a challenge is accepted).
    pub names: [Option<String>; 2],
    /// The moves the server has.
    pub history: Vec<Square>,
    /// A challenge, active, finished, declined or cancelled.
    pub status: api::Status,
    /// The winner, once finished.
    pub winner: Option<Player>,
    /// How it ended: the board full, a resignation, out of time.
    pub end: Option<api::EndReason>,
    /// Who proposes an undo.
    pub undo_offer: Option<String>,
    /// In a game with a time limit, when the player to move runs out of time.
    pub deadline: Option<chrono::DateTime<chrono::Utc>>,
    /// The signed-in player.
    pub me: String,
    /// My moves not yet acknowledged: (the number each will have, square).
    pub pending: Vec<(usize, Square)>,
    /// The chat: (number, who, text).
    pub chat: Vec<(u64, String, String)>,
    /// Events of the stream taken (moves, undos, the end): an answer asked
    /// for before one of them may be older than it.
    pub events: u64,
}

fn squares(history: &[String]) -> Vec<Square> {
    history.iter().filter_map(|s| s.parse().ok()).collect()
}

/// A time the API writes (RFC 3339).
fn deadline(v: Option<&str>) -> Option<chrono::DateTime<chrono::Utc>> {
    v.and_then(|t| chrono::DateTime::parse_from_rfc3339(t).ok())
        .map(|t| t.with_timezone(&chrono::Utc))
}

/// The variant as the API spells it.
#[must_use]
pub fn variant_api(v: Variant) -> &'static str {
    api::Variant::from(v).as_str()
}

impl OnlineGame {
    /// The game object of the API, seen by `me`.
    #[must_use]
    pub fn from_api(v: &api::Game, me: &str) -> OnlineGame {
        let mut game = OnlineGame {
            id: v.id.clone(),
            variant: Variant::Majority,
            names: [None, None],
            history: Vec::new(),
            status: api::Status::Challenge,
            winner: None,
            end: None,
            undo_offer: None,
            deadline: None,
            me: me.to_string(),
            pending: Vec::new(),
            chat: Vec::new(),
            events: 0,
        };
        game.update(v);
        game
    }

    /// Takes the server's game object: its moves replace ours; my queued
    /// moves that the server now has (or that can no longer be the next)
    /// leave the queue.
    pub fn update(&mut self, v: &api::Game) {
        if v.id != self.id {
            return;
        }
        self.variant = v.variant.into();
        self.names = [v.players.x.clone(), v.players.o.clone()];
        self.history = squares(&v.history);
        self.status = v.status;
        self.winner = v.winner.map(Into::into);
        self.end = v.end;
        self.undo_offer.clone_from(&v.undo_offer);
        self.deadline = deadline(v.deadline.as_deref());
        self.settle();
    }

    /// As [`OnlineGame::update`], unless the object is behind what is shown
    /// (fewer moves: an answer overtaken by the opponent's next move, whose
    /// event came first). An undo's answer shortens the history rightly,
    /// but its event says so too.
    pub fn update_forward(&mut self, v: &api::Game) {
        let behind = v.history.len() < self.history.len() && v.status == api::Status::Active;
        if !behind {
            self.update(v);
        }
    }

    /// Drops queued moves the server's history has overtaken.
    fn settle(&mut self) {
        let n = self.history.len();
        self.pending.retain(|&(number, _)| number > n);
        if !self.is_active() {
            self.pending.clear();
        }
    }

    /// The server's position is the truth: forget the queue (after a refusal).
    pub fn resync(&mut self, v: &api::Game) {
        self.pending.clear();
        self.update(v);
    }

    /// What a move changed (a `move` event, or the answer to my move):
    /// the next move is added; one known already changes nothing. `false`:
    /// it cannot be placed (moves before it were missed, or it is not the
    /// move known by its number), and the game must be read again.
    pub fn apply_move(&mut self, m: &api::MoveEvent) -> bool {
        if m.game != self.id {
            return true;
        }
        let Ok(square) = m.square.parse::<Square>() else {
            return false;
        };
        let n = self.history.len();
        if m.number == 0 || m.number > n + 1 {
            return false;
        }
        if m.number <= n {
            // an answer overtaken by the opponent's next move, or a retry
            return self.history[m.number - 1] == square;
        }
        self.history.push(square);
        self.status = m.status;
        self.winner = m.winner.map(Into::into);
        self.end = m.end;
        self.undo_offer = None;
        self.deadline = deadline(m.deadline.as_deref());
        self.settle();
        true
    }

    /// A `move` event ([`OnlineGame::apply_move`]).
    pub fn heard_move(&mut self, data: &api::MoveEvent) -> bool {
        self.events += 1;
        self.apply_move(data)
    }

    /// An `undo` event.
    pub fn heard_undo(&mut self, data: &api::UndoEvent) {
        self.events += 1;
        match data.action {
            api::UndoAction::Proposed => self.undo_offer = Some(data.by.clone()),
            api::UndoAction::Accepted => {
                self.undo_offer = None;
                if let Some(after) = &data.after {
                    self.history = squares(&after.history);
                    self.pending.clear();
                }
                self.deadline = deadline(data.after.as_ref().and_then(|a| a.deadline.as_deref()));
            }
            api::UndoAction::Declined => self.undo_offer = None,
        }
    }

    /// A chat line (an event, or the answer to mine); each once.
    pub fn heard_chat(&mut self, line: &api::ChatLine) {
        if !self.chat.iter().any(|(m, _, _)| *m == line.n) {
            self.chat.push((line.n, line.by.clone(), line.text.clone()));
            self.chat.sort_by_key(|(m, _, _)| *m);
        }
    }

    /// The whole chat (`GET /games/ID/chat`'s `chat`), merged with the
    /// lines already heard.
    pub fn set_chat(&mut self, chat: &[api::ChatLine]) {
        for line in chat {
            self.heard_chat(line);
        }
    }

    /// An `end` event.
    pub fn heard_end(&mut self, data: &api::EndEvent) {
        self.events += 1;
        self.status = api::Status::Finished;
        self.winner = data.winner.map(Into::into);
        self.end = data.reason;
        self.deadline = None;
        self.pending.clear();
    }

    /// Whether the opponent, to move, is out of time by this computer's
    /// clock (the server decides when the game is claimed).
    #[must_use]
    pub fn opponent_out_of_time(&self, now: chrono::DateTime<chrono::Utc>) -> bool {
        self.is_active() && !self.my_turn() && self.deadline.is_some_and(|d| now >= d)
    }

    /// The game on the server's moves, then mine still queued.
    #[must_use]
    pub fn game(&self) -> Game {
        let mut game = Game::new();
        for &sq in self
            .history
            .iter()
            .chain(self.pending.iter().map(|(_, s)| s))
        {
            if game.play(sq).is_err() {
                break;
            }
        }
        game
    }

    /// The position drawn: the server's moves and mine queued.
    #[must_use]
    pub fn position(&self) -> Position {
        *self.game().position()
    }

    /// My side, if I play in this game.
    #[must_use]
    pub fn my_side(&self) -> Option<Player> {
        Player::ALL
            .into_iter()
            .find(|p| self.names[p.index()].as_deref() == Some(self.me.as_str()))
    }

    /// A player's name ("?" before the challenge is accepted).
    #[must_use]
    pub fn name(&self, p: Player) -> &str {
        self.names[p.index()].as_deref().unwrap_or("?")
    }

    /// The opponent's name.
    #[must_use]
    pub fn opponent(&self) -> &str {
        match self.my_side() {
            Some(p) => self.name(p.other()),
            None => "?",
        }
    }

    /// The game's last move on the server, as the undo words name it:
    /// "move 12 (E5)".
    #[must_use]
    pub fn last_move_words(&self) -> String {
        match self.history.last() {
            Some(sq) => format!("move {} ({sq})", self.history.len()),
            None => "no move".to_string(),
        }
    }

    /// Whether I may ask to take back a move now (the one undo rule of
    /// docs/online/api.md): only my own last move, while the opponent is to
    /// move, none of mine waiting to be sent, and no request pending.
    #[must_use]
    pub fn may_ask_undo(&self) -> bool {
        let last_mover = match self.history.len() {
            0 => None,
            n if n % 2 == 1 => Some(Player::X),
            _ => Some(Player::O),
        };
        self.is_active()
            && self.undo_offer.is_none()
            && self.pending.is_empty()
            && last_mover.is_some()
            && last_mover == self.my_side()
    }

    /// Whether moves are being played.
    #[must_use]
    pub fn is_active(&self) -> bool {
        self.status == api::Status::Active
    }

    /// Whether it is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.status == api::Status::Finished
    }

    /// Whether I am to move (counting my queued moves).
    #[must_use]
    pub fn my_turn(&self) -> bool {
        let pos = self.position();
        self.is_active() && !pos.is_over() && self.my_side() == Some(pos.to_move())
    }

    /// Queues my move `sq`: the number it will have, or why not.
    ///
    /// # Errors
    /// Not my turn, the game not in play, or an illegal move (the rules' words).
    pub fn queue(&mut self, sq: Square) -> Result<usize, String> {
        if !self.is_active() {
            return Err(if self.is_over() {
                "the game is over".to_string()
            } else {
                "the game has not started".to_string()
            });
        }
        if !self.my_turn() {
            return Err(format!("it is {}'s move", self.opponent()));
        }
        let mut game = self.game();
        game.play(sq).map_err(|e| e.reason.to_string())?;
        let number = game.moves().len();
        self.pending.push((number, sq));
        Ok(number)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().expect("a square")
    }

    /// Ann (X) against Bob, these moves played (the score is not read).
    fn object(history: &[&str]) -> api::Game {
        // the game object as the server sends it (docs/API.md)
        let mut g: api::Game = serde_json::from_str(
            r#"{
            "moves": 0, "finished": false, "to_move": "X", "grids": [],
            "majority": {"x": 0, "o": 0, "winner": null}, "super_glyph": null,
            "id": "g1", "players": {"x": "ann", "o": "bob"}, "history": [],
            "status": "active", "variant": "majority", "turn": "ann", "winner": null,
            "end": null, "undo_offer": null, "challenger": "ann", "challenged": "bob",
            "days_per_move": null, "deadline": null, "out_of_time": false,
            "created": null, "updated": null
        }"#,
        )
        .unwrap();
        g.history = history.iter().map(ToString::to_string).collect();
        g
    }

    /// What move `number` changed, as the server says (only the fields
    /// the game reads filled in).
    fn moved(number: usize, square: &str, side: api::Side) -> api::MoveEvent {
        let by = if side == api::Side::X { "ann" } else { "bob" };
        api::MoveEvent {
            game: "g1".into(),
            number,
            square: square.into(),
            by: by.into(),
            side,
            status: api::Status::Active,
            turn: Some(if by == "ann" { "bob" } else { "ann" }.into()),
            next_grid: None,
            grid: api::Grid {
                grid: 5,
                x: 0,
                o: 0,
                winner: None,
                glyphs: api::Glyphs {
                    x: vec![],
                    o: vec![],
                },
                found: vec![],
            },
            majority: api::Tally {
                x: 0,
                o: 0,
                winner: None,
            },
            super_glyph: None,
            winner: None,
            end: None,
            deadline: None,
            super_glyph_so_far: None,
        }
    }

    #[test]
    fn queued_moves_are_drawn_numbered_and_settled_by_the_server() {
        let mut g = OnlineGame::from_api(&object(&[]), "ann");
        assert_eq!(g.my_side(), Some(Player::X));
        assert_eq!(g.opponent(), "bob");
        assert!(g.my_turn());
        assert_eq!(g.queue(sq("E5")), Ok(1));
        assert_eq!(g.position().moves_played(), 1);
        assert!(!g.my_turn());
        assert!(g.queue(sq("E4")).unwrap_err().contains("bob"));
        // the server has it (the answer), and bob's reply (the event)
        assert!(g.apply_move(&moved(1, "E5", api::Side::X)));
        assert_eq!(g.history, vec![sq("E5")]);
        assert!(g.pending.is_empty());
        assert!(g.heard_move(&moved(2, "E4", api::Side::O)));
        assert!(g.my_turn());
        // the answer to a retry, or an event heard twice: nothing changes
        assert!(g.apply_move(&moved(2, "E4", api::Side::O)));
        assert!(g.apply_move(&moved(1, "E5", api::Side::X)));
        assert_eq!(g.history, vec![sq("E5"), sq("E4")]);
        // a move whose number is not the one known, or one beyond the
        // next (an event missed): read the game again
        assert!(!g.apply_move(&moved(2, "D4", api::Side::O)));
        assert!(!g.heard_move(&moved(4, "D4", api::Side::O)));
        assert_eq!(g.history.len(), 2);
        // an illegal move is refused in the rules' words, nothing queued
        assert!(g.queue(sq("A1")).is_err());
        assert!(g.pending.is_empty());
    }

    #[test]
    fn a_refusal_resyncs_and_chat_lines_come_once() {
        let mut g = OnlineGame::from_api(&object(&[]), "ann");
        g.queue(sq("E5")).unwrap();
        g.resync(&object(&["D6", "C8"]));
        assert!(g.pending.is_empty());
        assert_eq!(g.history, vec![sq("D6"), sq("C8")]);
        let line = api::ChatLine {
            n: 1,
            by: "bob".into(),
            text: "hi".into(),
        };
        g.heard_chat(&line);
        g.heard_chat(&line);
        assert_eq!(g.chat.len(), 1);
        g.heard_undo(&api::UndoEvent {
            game: "g1".into(),
            by: "bob".into(),
            action: api::UndoAction::Proposed,
            after: None,
        });
        assert_eq!(g.undo_offer.as_deref(), Some("bob"));
        // an answer overtaken by an event does not take the board back
        g.update_forward(&object(&["D6"]));
        assert_eq!(g.history.len(), 2);
        g.heard_end(&api::EndEvent {
            game: "g1".into(),
            winner: Some(api::Side::O),
            winner_name: Some("bob".into()),
            reason: Some(api::EndReason::Resigned),
        });
        assert!(g.is_over());
        assert_eq!(g.winner, Some(Player::O));
        assert_eq!(g.end, Some(api::EndReason::Resigned));
    }
}
