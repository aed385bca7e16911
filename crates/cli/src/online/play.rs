//! `scribe online challenge`, `accept`, `decline`, `cancel`, `move`,
//! `resign`, `rematch`, `claim`, `undo`, `chat`, `report`.

use super::read::{board, word};
use super::{Session, game_path};
use scribe_api as api;
use scribe_rules::escape_shown;

/// `challenge NAME | --open`: the game's id is printed last.
pub(super) fn challenge(
    s: &Session,
    to: Option<&str>,
    variant: api::Variant,
    side: api::SideChoice,
    days: Option<u32>,
) -> anyhow::Result<()> {
    let body = api::NewChallenge::new(to.map(str::to_string), variant, side, days);
    let g: api::Game = s.signed_in()?.post("/challenges", &body)?;
    let who = match to {
        None => "anyone".to_string(),
        Some(name) => escape_shown(name, 40),
    };
    if g.status == api::Status::Active {
        // A computer player accepts at once.
        println!(
            "{who} accepted: the game has started. Play with `scribe online move ID SQUARE` \
             (`scribe online show ID` shows the board)."
        );
    } else {
        println!(
            "Challenge sent to {who}. When it is accepted, play with `scribe online move ID SQUARE`."
        );
    }
    println!("{}", word(&g.id));
    Ok(())
}

/// `accept ID`: the game starts; its board is shown.
pub(super) fn accept(s: &Session, id: &str) -> anyhow::Result<()> {
    let c = s.signed_in()?;
    let _: api::Game = c.post_empty(&game_path(id, "/accept")?)?;
    print!("{}", board(&c, id)?);
    println!();
    Ok(())
}

/// `decline ID`.
pub(super) fn decline(s: &Session, id: &str) -> anyhow::Result<()> {
    let _: api::Game = s.signed_in()?.post_empty(&game_path(id, "/decline")?)?;
    println!("Challenge {} declined.", escape_shown(id, 40));
    Ok(())
}

/// `cancel ID`.
pub(super) fn cancel(s: &Session, id: &str) -> anyhow::Result<()> {
    let _: api::Game = s.signed_in()?.post_empty(&game_path(id, "/cancel")?)?;
    println!("Challenge {} cancelled.", escape_shown(id, 40));
    Ok(())
}

/// `move ID SQUARE [--expect N]`: the board after it is shown.
pub(super) fn play(s: &Session, id: &str, square: &str, expect: Option<u64>) -> anyhow::Result<()> {
    let c = s.signed_in()?;
    let body = api::NewMove {
        square: square.to_string(),
        number: expect,
    };
    let moved: api::MoveAnswer = c.post(&game_path(id, "/moves")?, &body)?;
    if moved.repeated {
        println!("(this move was already made; nothing changed)");
    }
    println!("{}", board(&c, id)?);
    Ok(())
}

/// `resign ID`.
pub(super) fn resign(s: &Session, id: &str) -> anyhow::Result<()> {
    let g: api::Game = s.signed_in()?.post_empty(&game_path(id, "/resign")?)?;
    println!(
        "You resigned game {}; {} wins.",
        word(&g.id),
        side(g.winner)
    );
    Ok(())
}

/// `rematch ID`: a new challenge to the same opponent, same variant and
/// time limit, the sides swapped; its id is printed last.
pub(super) fn rematch(s: &Session, id: &str) -> anyhow::Result<()> {
    let client = s.signed_in()?;
    // the sides of the game played, swapped (a challenge names no sides)
    let old: api::Game = client.get(&game_path(id, "")?)?;
    let g: api::Game = client.post_empty(&game_path(id, "/rematch")?)?;
    let to = g.challenged.as_deref().unwrap_or("your opponent");
    let mine = if old.players.x.as_deref() == Some(to) {
        "X"
    } else {
        "O"
    };
    println!(
        "Rematch sent to {} ({}, you play {mine}). When it is accepted, play with `scribe online move ID SQUARE`.",
        escape_shown(to, 40),
        g.variant
    );
    println!("{}", word(&g.id));
    Ok(())
}

/// `claim ID`: the opponent ran out of time.
pub(super) fn claim(s: &Session, id: &str) -> anyhow::Result<()> {
    let g: api::Game = s.signed_in()?.post_empty(&game_path(id, "/claim")?)?;
    println!(
        "You claimed game {}: your opponent ran out of time; {} wins.",
        word(&g.id),
        side(g.winner)
    );
    Ok(())
}

/// `undo ID [--accept | --decline]`: proposes, or answers a proposal.
pub(super) fn undo(s: &Session, id: &str, accept: bool, decline: bool) -> anyhow::Result<()> {
    let c = s.signed_in()?;
    let tail = match (accept, decline) {
        (true, _) => "/undo/accept",
        (_, true) => "/undo/decline",
        _ => "/undo",
    };
    let g: api::Game = c.post_empty(&game_path(id, tail)?)?;
    if g.undo_offer.is_none() {
        println!("{}", board(&c, id)?);
    } else {
        // Only one's own last move can be asked back (docs/online/api.md).
        let opponent = [&g.players.x, &g.players.o]
            .into_iter()
            .flatten()
            .find(|n| Some(n.as_str()) != g.undo_offer.as_deref())
            .map_or_else(|| "your opponent".into(), |n| word(n));
        println!(
            "You ask to take back your move {} ({}); {opponent} must accept it.",
            g.history.len(),
            g.history.last().map_or("-", |m| m.as_str())
        );
    }
    Ok(())
}

/// `chat ID [TEXT]`: says TEXT, if given; prints the chat.
pub(super) fn chat(s: &Session, id: &str, text: Option<&str>) -> anyhow::Result<()> {
    let c = s.signed_in()?;
    let path = game_path(id, "/chat")?;
    if let Some(text) = text {
        let said = api::Say {
            text: text.to_string(),
        };
        let _: api::ChatPost = c.post(&path, &said)?;
    }
    let chat: api::Chat = c.get(&path)?;
    for l in chat.chat {
        println!("{}: {}", word(&l.by), escape_shown(&l.text, 300));
    }
    Ok(())
}

/// A side's mark as the terminal shows it, the one the app and the web page
/// draw (`+` for X; `-` for none).
pub(super) fn side(s: Option<api::Side>) -> &'static str {
    match s {
        Some(api::Side::X) => "+",
        Some(api::Side::O) => "O",
        None => "-",
    }
}

/// `report ID N`: reports the other player's chat line N.
pub(super) fn report(s: &Session, id: &str, n: u64) -> anyhow::Result<()> {
    let path = game_path(id, &format!("/chat/{n}/report"))?;
    let done: api::Reported = s.signed_in()?.post(&path, &())?;
    println!(
        "Line {} of game {} is reported to the server's keepers.",
        done.n,
        escape_shown(&done.game, 40)
    );
    Ok(())
}
