//! `scribe online show`, `games`, `challenges`, `standings`, `save`, and
//! how the terminal shows what a server sends.

use super::{Session, game_path};
use anyhow::anyhow;
use scribe_api as api;
use scribe_online::Client;
use scribe_rules::escape_shown;
use serde_json::Value;
use std::path::Path;

/// Shown text from the server: nothing in it can drive the terminal.
fn safe(text: &str) -> String {
    text.lines()
        .map(|l| escape_shown(l, 400))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A word from the server (a name, an id), as the terminal shows it.
pub(super) fn word(text: &str) -> String {
    escape_shown(text, 40)
}

/// A word that may be missing (`-`).
fn maybe(text: Option<&str>) -> String {
    text.map_or_else(|| "-".to_string(), word)
}

/// The text board of game `id`, made safe to show.
pub(super) fn board(c: &Client, id: &str) -> anyhow::Result<String> {
    Ok(safe(&c.get_text(&game_path(id, "/board")?)?))
}

/// `show ID [--json]`: the text board, or the game object.
pub(super) fn show(s: &Session, id: &str, json: bool) -> anyhow::Result<()> {
    let c = s.maybe_signed_in();
    if json {
        println!("{}", c.get::<Value>(&game_path(id, "")?)?);
    } else {
        print!("{}", board(&c, id)?);
        println!();
    }
    Ok(())
}

/// `challenges [--json]`.
pub(super) fn challenges(s: &Session, json: bool) -> anyhow::Result<()> {
    let v: Value = s.signed_in()?.get("/challenges")?;
    if json {
        println!("{v}");
        return Ok(());
    }
    let list: api::ChallengeList = serde_json::from_value(v)?;
    if list.challenges.is_empty() {
        println!("No challenges.");
    }
    for c in list.challenges {
        println!(
            "{}  {} challenges {}  ({})",
            word(&c.id),
            word(&c.challenger),
            c.challenged
                .as_deref()
                .map_or_else(|| "anyone".into(), word),
            c.variant
        );
    }
    Ok(())
}

/// `games [--next] [--json]`: waiting for me first.
pub(super) fn games(s: &Session, next: bool, json: bool) -> anyhow::Result<()> {
    let path = if next { "/games?next=true" } else { "/games" };
    let v: Value = s.signed_in()?.get(path)?;
    if json {
        println!("{v}");
        return Ok(());
    }
    let list: api::GameList = serde_json::from_value(v)?;
    if list.games.is_empty() {
        println!("No games.");
    }
    for g in list.games {
        let players = format!(
            "+ {} v O {}",
            maybe(g.players.x.as_deref()),
            maybe(g.players.o.as_deref())
        );
        let state = match g.status {
            api::Status::Challenge => format!(
                "challenge from {} to {}",
                word(&g.challenger),
                g.challenged
                    .as_deref()
                    .map_or_else(|| "anyone".into(), word)
            ),
            api::Status::Finished => {
                format!("finished, {} won", super::play::side(g.winner))
            }
            other => other.to_string(),
        };
        let mine = if g.waiting_for_you {
            "  <- your turn"
        } else {
            ""
        };
        println!(
            "{}  {:<9} {:<34} {} moves  {}{}",
            word(&g.id),
            g.variant.as_str(),
            players,
            g.moves,
            state,
            mine
        );
    }
    Ok(())
}

/// `standings [--variant V] [--json]`.
pub(super) fn standings(s: &Session, variant: api::Variant, json: bool) -> anyhow::Result<()> {
    let v: Value = s
        .anonymous()
        .get(&format!("/standings?variant={variant}"))?;
    if json {
        println!("{v}");
        return Ok(());
    }
    let list: api::Standings = serde_json::from_value(v)?;
    if list.standings.is_empty() {
        println!("No rated games yet.");
    }
    for p in &list.standings {
        println!(
            "{:>3}. {:<20} {:>5} ±{:<4.0} {} games, {} won{}",
            p.rank,
            word(&p.name),
            api::rating_shown(p.rating, p.deviation),
            p.deviation.round(),
            p.games,
            p.wins,
            if p.computer { " (computer)" } else { "" }
        );
    }
    if list.standings.iter().any(|p| api::provisional(p.deviation)) {
        println!(
            "? provisional: a deviation above {:.0}, too few games yet",
            api::PROVISIONAL_DEVIATION
        );
    }
    Ok(())
}

/// `save ID [-o FILE]`: the save file, checked to load, to FILE or out.
pub(super) fn save(s: &Session, id: &str, output: Option<&Path>) -> anyhow::Result<()> {
    let text = s.anonymous().get_text(&game_path(id, "/save")?)?;
    // What is written must be a save file this program reads.
    scribe_record::GameRecord::from_ron(&text)
        .map_err(|e| anyhow!("the server sent a save file that does not load: {e}"))?;
    match output {
        Some(path) => {
            scribe_fsio::write_atomic(path, text.as_bytes())?;
            println!("Wrote {}.", path.display());
        }
        None => print!("{text}"),
    }
    Ok(())
}

/// `keep [--library DIR]`: the signed-in player's finished games into the
/// game library, keyed by server and game id, so that each is kept once.
pub(super) fn keep(s: &Session, library: Option<&Path>) -> anyhow::Result<()> {
    let c = s.signed_in()?;
    let list: api::GameList = c.get("/games")?;
    let dir = match library {
        Some(d) => d.to_path_buf(),
        None => scribe_library::default_dir()
            .ok_or_else(|| anyhow!("no data folder on this system: give --library DIR"))?,
    };
    let mut lib = scribe_library::Library::open(&dir)?;
    let (mut added, mut known) = (0, 0);
    for g in list
        .games
        .iter()
        .filter(|g| g.status == api::Status::Finished)
    {
        if lib.has_online(&s.server, &g.id) {
            known += 1;
            continue;
        }
        let text = c.get_text(&game_path(&g.id, "/save")?)?;
        let record = scribe_record::GameRecord::from_text(&text).map_err(|e| {
            anyhow!(
                "the server sent a save file of game {} that does not load: {e}",
                word(&g.id)
            )
        })?;
        if lib.add_online(&s.server, &g.id, &record)?.is_some() {
            added += 1;
        }
    }
    println!("{added} finished games kept in the library, {known} already there");
    Ok(())
}
