//! The online mode's views: the left panel (sign in, the games and
//! challenges, a new challenge; in a game: the players, Resign, undo) and
//! the right side of a game (its moves and the chat). They read the mode
//! and emit [`OnlineAction`]s.

use super::state::{OnlineMode, end_words};
use crate::action::{Action, ModeAction, ModeKind};
use crate::modes::online::game::{Field, OnlineAction, OnlineGame};
use crate::widgets::ink::{self, MarkStyle};
use egui::{RichText, Ui};
use scribe_api::{self as api, GameSummary};
use scribe_rules::{Player, Variant};

fn emit(out: &mut Vec<Action>, a: OnlineAction) {
    out.push(Action::Mode(ModeAction::new(ModeKind::Online, a)));
}

/// A labelled one-line field; Enter in it is `enter`.
fn field(
    ui: &mut Ui,
    label: &str,
    value: &str,
    which: Field,
    password: bool,
    out: &mut Vec<Action>,
) -> bool {
    let l = ui.label(label);
    let mut text = value.to_string();
    let r = ui
        .add(
            egui::TextEdit::singleline(&mut text)
                .password(password)
                .desired_width(f32::INFINITY),
        )
        .labelled_by(l.id);
    if text != value {
        emit(out, OnlineAction::Field(which, text));
    }
    r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter))
}

pub(super) fn panel(m: &OnlineMode, ui: &mut Ui, style: MarkStyle, out: &mut Vec<Action>) {
    ui.label(RichText::new("Play online").size(20.0));
    match (&m.me, &m.game) {
        (None, _) => sign_in(m, ui, out),
        (Some(_), Some(g)) => game_panel(m, g, ui, style, out),
        (Some(me), None) => {
            super::history::pages(m, ui, out);
            match m.page {
                super::Page::Games => lists(m, me, ui, out),
                super::Page::History => super::history::history(m, me, ui, style, out),
                super::Page::Standings => super::history::standings(m, ui, out),
                super::Page::Player => super::player::page(m, me, ui, style, out),
            }
        }
    }
}

fn sign_in(m: &OnlineMode, ui: &mut Ui, out: &mut Vec<Action>) {
    field(ui, "Server", &m.form.server, Field::Server, false, out);
    field(ui, "Name", &m.form.name, Field::Name, false, out);
    let enter = field(ui, "Password", &m.form.password, Field::Password, true, out);
    ui.collapsing("Certificate authority (a club's own)", |ui| {
        field(
            ui,
            "Authority's certificate file (PEM)",
            &m.form.ca_file,
            Field::CaFile,
            false,
            out,
        );
        ui.label(
            RichText::new(
                "For an https server whose certificate a club signs itself. \
                 The system's authorities (and SSL_CERT_FILE) are always trusted.",
            )
            .color(ink::FAINT),
        );
    });
    ui.add_space(4.0);
    let idle = m.busy.is_none();
    ui.horizontal(|ui| {
        if ui.add_enabled(idle, egui::Button::new("Sign in")).clicked() || (enter && idle) {
            emit(out, OnlineAction::SignIn);
        }
        if ui.add_enabled(idle, egui::Button::new("Sign up")).clicked() {
            emit(out, OnlineAction::SignUp);
        }
    });
    if let Some(b) = m.busy {
        ui.label(RichText::new(b).color(ink::FAINT));
    }
    ui.add_space(6.0);
    ui.label(
        RichText::new(
            "New here? Choose a name (2-20 letters, digits, _ or -) and a password of 8 characters \
             or more, then Sign up. The Server is your club's address, as its keeper gave it. \
             With no club to join, play the computer or a friend on this screen (Game → New game…).",
        )
        .color(ink::FAINT),
    );
}

/// A player's name in a summary ("?" before a challenge is accepted).
fn name(n: &Option<String>) -> &str {
    n.as_deref().unwrap_or("?")
}

/// The opponent's name in a game of `me`'s.
fn other<'a>(me: &str, g: &'a GameSummary) -> &'a str {
    let players = &g.players;
    if name(&players.x) == me {
        name(&players.o)
    } else {
        name(&players.x)
    }
}

/// "bob · move 12 · your move".
fn game_line(me: &str, g: &GameSummary) -> String {
    let players = &g.players;
    let other = other(me, g);
    let moves = g.moves;
    let finished = g.status == api::Status::Finished;
    let state = if finished {
        match g.winner {
            Some(w) => {
                let winner = match w {
                    api::Side::X => name(&players.x),
                    api::Side::O => name(&players.o),
                };
                if winner == me {
                    "you won".to_string()
                } else {
                    format!("{winner} won")
                }
            }
            None => "over".to_string(),
        }
    } else if g.waiting_for_you {
        "your move".to_string()
    } else {
        format!("{other}'s move")
    };
    let number = if finished {
        format!("{moves} move{}", if moves == 1 { "" } else { "s" })
    } else {
        format!("move {}", moves + 1)
    };
    format!("{other} · {number} · {state}")
}

fn variant_name(v: api::Variant) -> &'static str {
    Variant::from(v).name()
}

/// The challenges' room, always this tall, scrolling beyond: two incoming
/// challenges (a line and its buttons each) and one's own, whole.
const CHALLENGES_ROOM: f32 = 132.0;
/// The games' room before they scroll: five whole rows at most…
const GAMES_ROOM: f32 = 136.0;
/// …and three at least (the panel scrolls as a whole below that).
const GAMES_MIN_ROOM: f32 = 82.0;

fn lists(m: &OnlineMode, me: &str, ui: &mut Ui, out: &mut Vec<Action>) {
    ui.horizontal_wrapped(|ui| {
        ui.label(format!("Signed in as {me}"));
        if ui.button("Refresh").clicked() {
            emit(out, OnlineAction::Refresh);
        }
        if ui.button("Sign out").clicked() {
            emit(out, OnlineAction::SignOut);
        }
    });
    // (a short heading: the panel is narrow); offered only by a server
    // that sends mail
    if m.mail == Some(false) {
        ui.label(RichText::new("This server sends no mail.").color(ink::FAINT));
    } else {
        email(m, ui, out);
    }
    lists_below(m, me, ui, out);
}

/// The e-mail settings, folded.
fn email(m: &OnlineMode, ui: &mut Ui, out: &mut Vec<Action>) {
    ui.collapsing("E-mail", |ui| {
        let enter = field(
            ui,
            "E-mail address",
            &m.form.email,
            Field::Email,
            false,
            out,
        );
        ui.horizontal(|ui| {
            if ui.button("Save address").clicked() || enter {
                emit(out, OnlineAction::SaveEmail);
            }
        });
        ui.label(
            RichText::new(
                "For \"your move\" mail, reminders before a time limit and a password \
                 reset. The server mails a link to verify it. Empty: no address.",
            )
            .color(ink::FAINT),
        );
    });
}

/// The lists, the computer and the new challenge.
fn lists_below(m: &OnlineMode, me: &str, ui: &mut Ui, out: &mut Vec<Action>) {
    ui.add_space(6.0);
    // Challenges first (they wait for an answer), then the games. Each
    // list has its heading outside its own scrolling, and room for a few
    // whole rows; the panel scrolls as a whole below that, so nothing is
    // squeezed to a sliver or cut in half however long the lists grow.
    ui.label(RichText::new("Challenges").strong());
    // a room of one height however many come and go: the games below
    // never move under the pointer when a challenge arrives
    egui::ScrollArea::vertical()
        .id_salt("online-challenges")
        .min_scrolled_height(CHALLENGES_ROOM)
        .max_height(CHALLENGES_ROOM)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            if m.listed && m.challenges.is_empty() {
                ui.label(RichText::new("None.").color(ink::FAINT));
            }
            for c in &m.challenges {
                challenge_row(me, c, ui, out);
            }
        });
    ui.add_space(6.0);
    ui.label(RichText::new("Your games").strong());
    if !m.listed {
        ui.label(RichText::new("Reading…").color(ink::FAINT));
    } else if m.games.is_empty() {
        ui.label(RichText::new("None yet: challenge someone below.").color(ink::FAINT));
    }
    // the games take what the computer and the form below leave (measured
    // last frame), between three rows and five: the panel fits a laptop's
    // height without scrolling whenever it can
    let below_id = egui::Id::unique("online-below-games");
    let below = ui
        .ctx()
        .data(|d| d.get_temp::<f32>(below_id))
        .unwrap_or(260.0);
    let room = (ui.available_height() - below - 8.0).clamp(GAMES_MIN_ROOM, GAMES_ROOM);
    egui::ScrollArea::vertical()
        .id_salt("online-lists")
        .max_height(room)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for g in &m.games {
                // the opponent's name opens their page; the rest, the game
                // (read whole: "bob · move 12 · your move")
                let line = game_line(me, g);
                let opponent = other(me, g);
                let rest = line
                    .strip_prefix(opponent)
                    .and_then(|r| r.strip_prefix(" · "))
                    .unwrap_or(&line)
                    .to_string();
                let mut rich = RichText::new(rest);
                if g.waiting_for_you {
                    rich = rich.strong();
                }
                ui.horizontal(|ui| {
                    super::player::player_link(ui, opponent, out);
                    let r = ui
                        .add(egui::Button::new(rich).wrap_mode(egui::TextWrapMode::Truncate))
                        .on_hover_text(format!("{} game {}", variant_name(g.variant), g.id));
                    r.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::accesskit::Role::Button, true, &line)
                    });
                    if r.clicked() {
                        emit(out, OnlineAction::Open(g.id.clone()));
                    }
                });
            }
        });
    let top = ui.cursor().top();
    ui.separator();
    play_the_computer(m, ui, out);
    ui.label(RichText::new("New challenge").strong());
    // the label and its field on one row: the form fits a laptop's height
    // below the lists without scrolling
    let enter = ui
        .horizontal(|ui| {
            let l = ui.label("Opponent");
            let mut text = m.form.opponent.clone();
            let r = ui
                .add(
                    egui::TextEdit::singleline(&mut text)
                        .hint_text(RichText::new("anyone").italics().color(ink::FAINT))
                        .desired_width(f32::INFINITY),
                )
                .labelled_by(l.id);
            if text != m.form.opponent {
                emit(out, OnlineAction::Field(Field::Opponent, text));
            }
            r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter))
        })
        .inner;
    ui.horizontal(|ui| {
        for v in Variant::ALL {
            if ui.radio(m.form.variant == v, v.name()).clicked() {
                emit(out, OnlineAction::Variant(v));
            }
        }
    });
    ui.horizontal(|ui| {
        ui.label("You play");
        for (side, name) in [
            (None, "either"),
            (Some(Player::X), "first"),
            (Some(Player::O), "second"),
        ] {
            if ui.radio(m.form.side == side, name).clicked() {
                emit(out, OnlineAction::Side(side));
            }
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Time a move");
        for (days, name) in [
            (None, "no limit"),
            (Some(1), "1 day"),
            (Some(3), "3 days"),
            (Some(7), "7 days"),
        ] {
            if ui.radio(m.form.days == days, name).clicked() {
                emit(out, OnlineAction::Days(days));
            }
        }
    });
    let label = if m.form.opponent.trim().is_empty() {
        "Post an open challenge"
    } else {
        "Challenge"
    };
    if ui.button(label).clicked() || enter {
        emit(out, OnlineAction::Challenge);
    }
    let used = (ui.cursor().top() - top).ceil();
    if (used - below).abs() > 0.5 {
        ui.ctx().data_mut(|d| d.insert_temp(below_id, used));
        ui.ctx().request_repaint();
    }
}

/// A challenge's time limit, as read before accepting: "no time limit",
/// "1 day a move", "3 days a move".
fn limit_words(days: Option<i64>) -> String {
    match days {
        None => "no time limit".to_string(),
        Some(1) => "1 day a move".to_string(),
        Some(n) => format!("{n} days a move"),
    }
}

fn challenge_row(me: &str, c: &GameSummary, ui: &mut Ui, out: &mut Vec<Action>) {
    let id = c.id.clone();
    let from = c.challenger.as_str();
    let variant = format!(
        "{}, {}",
        variant_name(c.variant),
        limit_words(c.days_per_move)
    );
    if from == me {
        let to = c.challenged.as_deref().unwrap_or("anyone");
        ui.horizontal(|ui| {
            ui.add(egui::Label::new(format!("You → {to} ({variant})")).truncate());
            if ui.small_button("Cancel").clicked() {
                emit(out, OnlineAction::Cancel(id));
            }
        });
        return;
    }
    let open = c.challenged.is_none();
    ui.add(
        egui::Label::new(if open {
            format!("{from} → anyone ({variant})")
        } else {
            format!("{from} challenges you ({variant})")
        })
        .truncate(),
    );
    ui.horizontal(|ui| {
        if ui.button("Accept").clicked() {
            emit(out, OnlineAction::Accept(id.clone()));
        }
        if !open && ui.button("Decline").clicked() {
            emit(out, OnlineAction::Decline(id));
        }
    });
}

fn game_panel(
    m: &OnlineMode,
    g: &OnlineGame,
    ui: &mut Ui,
    style: MarkStyle,
    out: &mut Vec<Action>,
) {
    for p in Player::ALL {
        let me = Some(p) == g.my_side();
        let known = g.names[p.index()].is_some();
        if me || !known {
            let you = if me { " (you)" } else { "" };
            let text = format!("{} {}{you}", style.symbol(p), g.name(p));
            ui.label(RichText::new(text).color(ink::ink(p)).size(18.0));
        } else {
            // the opponent's name opens their page
            ui.horizontal(|ui| {
                let symbol = RichText::new(style.symbol(p)).color(ink::ink(p)).size(18.0);
                ui.label(symbol);
                let name = g.name(p);
                let text = RichText::new(name).size(18.0);
                super::player::player_link_in(ui, text, name, out);
            });
        }
    }
    ui.label(RichText::new(format!("{} · game {}", g.variant.name(), g.id)).color(ink::FAINT));
    ui.add_space(6.0);
    if g.is_over() {
        summary(g, ui, style, out);
    } else if g.is_active() {
        if m.confirm_resign {
            ui.label(RichText::new("Resign this game?").strong());
            ui.horizontal(|ui| {
                if ui.button("Yes, resign").clicked() {
                    emit(out, OnlineAction::ConfirmResign(true));
                }
                if ui.button("No, play on").clicked() {
                    emit(out, OnlineAction::ConfirmResign(false));
                }
            });
        } else if ui.button("Resign").clicked() {
            emit(out, OnlineAction::Resign);
        }
        if let Some(deadline) = g.deadline {
            let now = chrono::Utc::now();
            let local = deadline
                .with_timezone(&chrono::Local)
                .format("%a %-d %b, %H:%M");
            if g.opponent_out_of_time(now) {
                ui.label(format!("{} is out of time (since {local}).", g.opponent()));
                if ui.button("Claim the game (out of time)").clicked() {
                    emit(out, OnlineAction::Claim);
                }
            } else {
                let who = if g.my_turn() { "You" } else { g.opponent() };
                ui.label(RichText::new(format!("{who} must move by {local}.")).color(ink::FAINT));
                if let Ok(left) = (deadline - now).to_std() {
                    // (shown again when the time runs out)
                    ui.ctx().request_repaint_after(left);
                }
            }
        }
        ui.add_space(4.0);
        // The one undo rule (docs/online/api.md): only your own last move, while
        // the opponent is to move; accepting takes back exactly that move.
        match g.undo_offer.as_deref() {
            Some(by) if by == g.me => {
                ui.label(
                    RichText::new(format!(
                        "You asked to take back your {}; {} decides.",
                        g.last_move_words(),
                        g.opponent()
                    ))
                    .color(ink::FAINT),
                );
            }
            Some(by) => {
                ui.label(format!(
                    "{by} asks to take back their {}.",
                    g.last_move_words()
                ));
                ui.horizontal(|ui| {
                    if ui.button("Accept undo").clicked() {
                        emit(out, OnlineAction::AnswerUndo(true));
                    }
                    if ui.button("Decline undo").clicked() {
                        emit(out, OnlineAction::AnswerUndo(false));
                    }
                });
            }
            None if g.may_ask_undo() => {
                let label = format!("Ask to take back your {}", g.last_move_words());
                if ui.button(label).clicked() {
                    emit(out, OnlineAction::ProposeUndo);
                }
            }
            None => {
                // (kept in place, greyed, so the panel does not move)
                ui.add_enabled(false, egui::Button::new("Ask to take back your last move"))
                    .on_disabled_hover_text(format!(
                        "Only your own last move, while {} is to move.",
                        g.opponent()
                    ));
            }
        }
    }
    ui.add_space(6.0);
    // the stream's state matters while the game goes on, not after it
    if !g.is_over() {
        let link = if m.link.trouble.is_some() {
            RichText::new("Server unreachable: moves wait").color(ink::INK_O)
        } else if m.link.live {
            RichText::new("Live: moves arrive as they are made").color(ink::FAINT)
        } else {
            RichText::new("Connecting…").color(ink::FAINT)
        };
        ui.label(link);
    }
    ui.add_space(6.0);
    if ui.button("Back to the list").clicked() {
        emit(out, OnlineAction::List);
    }
}

fn summary(g: &OnlineGame, ui: &mut Ui, style: MarkStyle, out: &mut Vec<Action>) {
    ui.label(RichText::new(end_words(g, style)).strong().size(18.0));
    let pos = g.position();
    let result = pos.result();
    for v in Variant::ALL {
        let vr = result.for_variant(v);
        let line = match vr {
            Some(vr) => format!(
                "{}: {} {} · {} {}{}",
                v.name(),
                style.symbol(Player::X),
                vr.score.x,
                style.symbol(Player::O),
                vr.score.o,
                vr.winner
                    .map_or_else(String::new, |w| format!(" — {} ahead", style.symbol(w)))
            ),
            None => format!("{}: not decided (the board is not full)", v.name()),
        };
        ui.label(line);
    }
    ui.add_space(4.0);
    if ui
        .button("Open in review")
        .on_hover_text("The game on your own board: Review the game, Export as PDF")
        .clicked()
    {
        emit(out, OnlineAction::Review);
    }
    if g.my_side().is_some()
        && ui
            .button("Rematch")
            .on_hover_text(format!(
                "A new challenge to {}: the same variant and time limit, the sides swapped",
                g.opponent()
            ))
            .clicked()
    {
        emit(out, OnlineAction::Rematch);
    }
}

/// The right side of a game: its moves, then the chat.
pub(super) fn contents(
    g: &OnlineGame,
    chat: &str,
    ui: &mut Ui,
    style: MarkStyle,
    out: &mut Vec<Action>,
) {
    ui.label(RichText::new("Moves").strong());
    let height = (ui.available_height() * 0.4).max(80.0);
    egui::ScrollArea::vertical()
        .id_salt("online-moves")
        .max_height(height)
        .auto_shrink([false, false])
        .stick_to_bottom(true)
        .show(ui, |ui| {
            let pending = g.pending.iter().map(|(_, sq)| (sq, true));
            let all: Vec<_> = g
                .history
                .iter()
                .map(|sq| (sq, false))
                .chain(pending)
                .collect();
            // each move numbered, in its player's ink, as the offline list
            // writes it: "1. + E5   2. O E3"
            ui.spacing_mut().item_spacing.y = 2.0;
            for (pair, moves) in all.chunks(2).enumerate() {
                ui.horizontal(|ui| {
                    for (k, (sq, waiting)) in moves.iter().enumerate() {
                        let n = pair * 2 + k + 1;
                        let p = if k == 0 { Player::X } else { Player::O };
                        let wait = if *waiting { " (waiting)" } else { "" };
                        ui.add_sized(
                            [94.0, 18.0],
                            egui::Label::new(
                                RichText::new(format!("{n}. {} {sq}{wait}", style.symbol(p)))
                                    .color(ink::ink(p)),
                            ),
                        );
                    }
                });
            }
            if all.is_empty() {
                ui.label(RichText::new("No moves yet.").color(ink::FAINT));
            }
        });
    ui.separator();
    ui.label(RichText::new("Chat").strong());
    let height = (ui.available_height() - 70.0).max(60.0);
    egui::ScrollArea::vertical()
        .id_salt("online-chat")
        .max_height(height)
        .auto_shrink([false, false])
        .stick_to_bottom(true)
        .show(ui, |ui| {
            for (_, by, text) in &g.chat {
                let who = if *by == g.me { "you" } else { by.as_str() };
                ui.label(RichText::new(format!("{who}: {text}")));
            }
            if g.chat.is_empty() {
                ui.label(RichText::new("Say hello.").color(ink::FAINT));
            }
        });
    let enter = field(ui, "Chat message", chat, Field::Chat, false, out);
    if ui.button("Send").clicked() || enter {
        emit(out, OnlineAction::Send);
    }
}

/// "Play the computer": a level and one click (the side and variant are the
/// challenge form's below). The server's computer accepts at once.
fn play_the_computer(m: &OnlineMode, ui: &mut Ui, out: &mut Vec<Action>) {
    ui.label(RichText::new("The computer").strong());
    // each level with its rating (`scribe rate`'s scale), whole, in a list
    // that opens (eight radios wrapped in the narrow panel cut the names)
    ui.horizontal(|ui| {
        let label = ui.label("Level");
        let r = egui::ComboBox::from_id_salt("online-computer-level")
            .width(ui.available_width().min(210.0))
            .selected_text(crate::windows::level_choice(m.form.computer))
            .show_ui(ui, |ui| {
                for level in scribe_ai::Level::ALL {
                    if ui
                        .selectable_label(
                            m.form.computer == level,
                            crate::windows::level_choice(level),
                        )
                        .on_hover_text(crate::windows::level_description(level))
                        .clicked()
                    {
                        emit(out, OnlineAction::ComputerLevel(level));
                    }
                }
            });
        r.response.labelled_by(label.id);
    });
    if ui
        .button("Play the computer")
        .on_hover_text("It accepts at once; you play the side chosen below")
        .clicked()
    {
        emit(out, OnlineAction::PlayComputer);
    }
    ui.separator();
}
