//! `scribe online show`, `games`, `challenges`, `standings`, `player`,
//! `who`, `save`, and how the terminal shows what a server sends.

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

/// One finished game as a player's page lists it: date, opponent, variant,
/// result, both variants' scores and how it ended.
fn finished_line(name: &str, g: &api::GameSummary) -> String {
    let same = |p: Option<&str>| p.is_some_and(|p| p.eq_ignore_ascii_case(name));
    let (mine, theirs) = if same(g.players.x.as_deref()) {
        (Some(api::Side::X), g.players.o.as_deref())
    } else if same(g.players.o.as_deref()) {
        (Some(api::Side::O), g.players.x.as_deref())
    } else {
        (None, None)
    };
    let result = match (g.winner, mine) {
        (Some(w), Some(m)) if w == m => "won",
        (Some(_), Some(_)) => "lost",
        _ => "-",
    };
    let tally = |t: Option<&api::Tally>| {
        t.map_or_else(|| "-".to_string(), |t| format!("+ {} O {}", t.x, t.o))
    };
    let day = g
        .finished
        .as_deref()
        .or(g.updated.as_deref())
        .and_then(|d| d.get(..10))
        .unwrap_or("-");
    format!(
        "{}  {day}  vs {:<20} {:<11} {:<4} Majority {:<9} Super Glyph {:<9} {} moves, {}",
        word(&g.id),
        maybe(theirs),
        g.variant.as_str(),
        result,
        tally(g.majority.as_ref()),
        tally(g.super_glyph.as_ref()),
        g.moves,
        g.end.map_or("-", |e| e.as_str()),
    )
}

/// `player [NAME] [--json]`: a player's page (yours without NAME): ratings,
/// rating over time, finished games.
pub(super) fn player(s: &Session, name: Option<&str>, json: bool) -> anyhow::Result<()> {
    let name = match name {
        Some(n) => n.to_string(),
        None => s
            .account
            .as_ref()
            .map(|a| a.name.clone())
            .ok_or_else(|| anyhow!("give a player's name, or sign in to see your own page"))?,
    };
    let path = api::player_path(&name).ok_or_else(|| {
        anyhow!(
            "{} is not a player's name (letters, digits, _ and -)",
            scribe_rules::quote(&name)
        )
    })?;
    let v: Value = s.anonymous().get(&path)?;
    if json {
        println!("{v}");
        return Ok(());
    }
    let page: api::PlayerPage = serde_json::from_value(v)?;
    println!(
        "{}{}",
        word(&page.name),
        if page.online { " (online now)" } else { "" }
    );
    if page.ratings.is_empty() {
        println!("No rated games yet.");
    }
    for r in &page.ratings {
        println!(
            "{}: {} ±{:.0}{}",
            r.variant.as_str(),
            api::rating_shown(r.rating, r.deviation),
            r.deviation.round(),
            if api::provisional(r.deviation) {
                " (provisional)"
            } else {
                ""
            }
        );
    }
    for variant in page.ratings.iter().map(|r| r.variant) {
        let points: Vec<String> = page
            .history
            .iter()
            .filter(|p| p.variant == variant)
            .map(|p| format!("{:.0}", p.rating))
            .collect();
        if !points.is_empty() {
            println!(
                "{} over time (after each rated game): {}",
                variant.as_str(),
                points.join(" ")
            );
        }
    }
    if page.games.is_empty() {
        println!("No finished games.");
    } else {
        println!("Finished games, the latest first:");
    }
    for g in &page.games {
        println!("{}", finished_line(&page.name, g));
    }
    Ok(())
}

/// `who [--json]`: who has the server open now (signed-in players may ask).
pub(super) fn who(s: &Session, json: bool) -> anyhow::Result<()> {
    let v: Value = s.signed_in()?.get("/players/online")?;
    if json {
        println!("{v}");
        return Ok(());
    }
    let list: api::OnlinePlayers = serde_json::from_value(v)?;
    if list.count == 0 {
        println!("Nobody is online.");
        return Ok(());
    }
    let names: Vec<String> = list.players.iter().map(|n| word(n)).collect();
    let more = list.count.saturating_sub(list.players.len());
    println!(
        "{} online: {}{}",
        list.count,
        names.join(", "),
        if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        }
    );
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
