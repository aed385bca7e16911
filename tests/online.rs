//! The online server for real: `scribe serve` on loopback with a temporary
//! SQLite file, two players through `scribe online` and through the HTTP
//! API, every refusal, a kill -9 in the middle, and a final score equal to
//! `scribe score` on the same moves.

mod online_common;

use online_common::{Http, Player, Server, Stream, random_moves};
use scribe::record::{Ending, GameRecord};
use scribe::rules::Player as Side;
use serde_json::{Value, json};
use std::process::Command;

/// A game's save file, as `scribe online save` writes it.
fn saved_record(player: &Player, id: &str) -> GameRecord {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.ron");
    player.ok(&["save", id, "-o", path.to_str().unwrap()]);
    GameRecord::from_ron(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

fn scribe_score_json(moves: &str) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_scribe"))
        .args(["score", "--json", "--moves", moves])
        .output()
        .unwrap();
    assert!(out.status.success());
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The `scribe score --json` fields of a game object.
fn score_part(game: &Value) -> Value {
    let mut v = json!({});
    for k in [
        "moves",
        "finished",
        "to_move",
        "grids",
        "majority",
        "super_glyph",
    ] {
        v[k] = game[k].clone();
    }
    // Each grid's glyphs with their squares (for drawing) are the server's
    // own: they name the same glyphs as `scribe score`, then are set aside.
    if let Some(grids) = v["grids"].as_array_mut() {
        for g in grids {
            let found = g
                .as_object_mut()
                .and_then(|o| o.remove("found"))
                .unwrap_or(json!([]));
            for (side, key) in [("X", "x"), ("O", "o")] {
                let mut names: Vec<String> = found
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|f| f["side"] == json!(side))
                    .map(|f| f["glyph"].as_str().unwrap().to_string())
                    .collect();
                names.sort_unstable();
                assert_eq!(
                    json!(names),
                    g["glyphs"][key],
                    "grid {}: {found}",
                    g["grid"]
                );
            }
        }
    }
    v
}

#[test]
fn two_players_play_a_whole_game_through_the_cli_with_a_kill_9_in_the_middle() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = Server::sqlite(dir.path());
    let ann = Player::new("Ann", &server);
    let bob = Player::new("bob", &server);
    ann.signup();
    bob.signup();

    // The token file is the owner's only.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(ann.tokens_file())
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
    }

    let out = ann.ok(&["challenge", "bob", "--side", "x"]);
    let id = out.lines().last().unwrap().trim().to_string();
    assert!(!id.is_empty() && id.chars().all(|c| c.is_ascii_alphanumeric()));
    let listed = bob.ok(&["games", "--next"]);
    assert!(listed.contains(&id), "{listed}");
    let board = bob.ok(&["accept", &id]);
    assert!(board.contains("A B C D E F G H I"), "{board}");

    let moves = random_moves(7, 81);
    for (i, sq) in moves.iter().enumerate() {
        let n = i + 1;
        if n == 40 {
            server.kill9();
            // While it is down, the client says so in one line.
            let err = ann.refused(&["show", &id]);
            assert!(err.contains("server unreachable"), "{err}");
            server.restart();
        }
        let (me, other) = if n % 2 == 1 {
            (&ann, &bob)
        } else {
            (&bob, &ann)
        };
        if n == 10 {
            // The one who waits is told it is not their turn.
            let err = other.refused(&["move", &id, &sq.to_string(), "--expect", &n.to_string()]);
            assert!(err.contains("not your turn"), "{err}");
            let waiting = me.ok(&["games", "--next", "--json"]);
            let v: Value = serde_json::from_str(&waiting).unwrap();
            assert_eq!(v["games"][0]["id"], json!(id));
        }
        let board = me.ok(&["move", &id, &sq.to_string(), "--expect", &n.to_string()]);
        // The latest move is + (X's) or O on the board, as the app draws it.
        let letter = if n % 2 == 1 { '+' } else { 'O' };
        let row: usize = sq.to_string()[1..].parse().unwrap();
        let line = board
            .lines()
            .find(|l| l.starts_with(&format!("{row} ")))
            .unwrap();
        assert!(line.contains(letter), "{board}");
        if n == 20 {
            // A retry of the same move with the same number changes nothing.
            let again = me.ok(&["move", &id, &sq.to_string(), "--expect", &n.to_string()]);
            assert!(again.contains("already made"), "{again}");
        }
    }

    let shown = ann.ok(&["show", &id, "--json"]);
    let game: Value = serde_json::from_str(&shown).unwrap();
    let list: Vec<String> = moves.iter().map(ToString::to_string).collect();
    assert_eq!(game["history"], json!(list));
    assert_eq!(game["id"], json!(id));
    assert_eq!(game["players"], json!({"x": "Ann", "o": "bob"}));
    assert_eq!(game["status"], json!("finished"));
    assert_eq!(
        score_part(&game),
        scribe_score_json(&list.join(" ")),
        "the server's score is scribe score's"
    );

    // The finished game as a save file that `scribe export` accepts.
    let save = dir.path().join("game.ron");
    ann.ok(&["save", &id, "-o", save.to_str().unwrap()]);
    let pdf = dir.path().join("game.pdf");
    let out = Command::new(env!("CARGO_BIN_EXE_scribe"))
        .args([
            "export",
            save.to_str().unwrap(),
            "-o",
            pdf.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    // A game between two new (provisional) players is not rated: the
    // standings list only established players (issue 44, D).
    let standings: Value = serde_json::from_str(&ann.ok(&["standings", "--json"])).unwrap();
    let names: Vec<&str> = standings["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert!(
        !names.contains(&"Ann") && !names.contains(&"bob"),
        "{names:?}"
    );

    // --server is remembered after a login.
    let out = Command::new(env!("CARGO_BIN_EXE_scribe"))
        .args(["online", "games"])
        .env("XDG_DATA_HOME", ann.home.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains(&id));

    ann.ok(&["logout"]);
    let err = ann.refused(&["games"]);
    assert!(err.contains("not signed in"), "{err}");
}

#[test]
fn every_refusal_through_the_cli_is_one_clear_line() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::sqlite(dir.path());
    let ann = Player::new("ann", &server);
    let bob = Player::new("bob", &server);
    let eve = Player::new("eve", &server);
    // Not signed in.
    let err = ann.refused(&["challenge", "bob"]);
    assert!(err.contains("not signed in"), "{err}");
    ann.signup();
    bob.signup();
    eve.signup();
    // A wrong password and an unknown name get the same answer.
    let wrong = ann.online_in(&["login", "ann", "--password-stdin"], "nope-nope-nope\n");
    let unknown = ann.online_in(&["login", "nobody", "--password-stdin"], "nope-nope-nope\n");
    assert!(!wrong.status.success() && !unknown.status.success());
    assert_eq!(wrong.stderr, unknown.stderr);
    ann.signup_again_is_refused();

    let id = ann.ok(&["challenge", "bob", "--side", "x"]);
    let id = id.lines().last().unwrap().trim().to_string();
    // Only the player challenged accepts.
    let err = eve.refused(&["accept", &id]);
    assert!(err.contains("not your challenge"), "{err}");
    bob.ok(&["accept", &id]);
    // Not your game.
    let err = eve.refused(&["move", &id, "E5"]);
    assert!(err.contains("not your game"), "{err}");
    // Not your turn.
    let err = bob.refused(&["move", &id, "E5", "--expect", "1"]);
    assert!(err.contains("not your turn"), "{err}");
    ann.ok(&["move", &id, "E5", "--expect", "1"]);
    // A stale move number.
    let err = bob.refused(&["move", &id, "D4", "--expect", "1"]);
    assert!(err.contains("stale move number"), "{err}");
    // An illegal move, in the rules' own words.
    let err = bob.refused(&["move", &id, "E5", "--expect", "2"]);
    assert!(err.contains("already taken"), "{err}");
    bob.ok(&["move", &id, "A1", "--expect", "2"]);
    // X's E5 routes X to the centre mini grid.
    let err = ann.refused(&["move", &id, "A2", "--expect", "3"]);
    assert!(err.contains("must play in the centre mini grid"), "{err}");
    // A square that is not one.
    let err = ann.refused(&["move", &id, "Z9"]);
    assert!(err.contains("Z9"), "{err}");
    // No such game.
    let err = bob.refused(&["show", "nosuchgame"]);
    assert!(err.contains("no game"), "{err}");
    // Undo: only one's own last move, while the opponent is to move. Ann
    // (to move) cannot ask back bob's A1.
    let err = ann.refused(&["undo", &id]);
    assert!(err.contains("only your own last move"), "{err}");
    assert!(err.contains("move 2 (A1) is O (bob)'s"), "{err}");
    // bob asks back his A1, and ann reads exactly what is asked.
    let asked = bob.ok(&["undo", &id]);
    assert!(asked.contains("move 2 (A1)"), "{asked}");
    let err = bob.refused(&["undo", &id, "--accept"]);
    assert!(err.contains("opponent must answer"), "{err}");
    let shown = ann.ok(&["show", &id]);
    assert!(
        shown.contains("bob asks to take back their move 2 (A1)"),
        "{shown}"
    );
    ann.ok(&["undo", &id, "--accept"]);
    let g: Value = serde_json::from_str(&bob.ok(&["show", &id, "--json"])).unwrap();
    assert_eq!(g["history"], json!(["E5"]));
    assert_eq!(g["to_move"], json!("O"));
    // Chat, and resign.
    let chat = bob.ok(&["chat", &id, "good luck"]);
    assert!(chat.contains("bob: good luck"), "{chat}");
    let err = eve.refused(&["chat", &id, "hello"]);
    assert!(err.contains("not your game"), "{err}");
    bob.ok(&["resign", &id]);
    let err = ann.refused(&["move", &id, "D4"]);
    assert!(err.contains("game is over"), "{err}");
    assert_eq!(
        saved_record(&ann, &id).ended,
        Some(Ending::Resigned(Side::O)),
        "the save file says bob resigned"
    );
    // Declining.
    let id2 = ann.ok(&["challenge", "eve"]);
    let id2 = id2.lines().last().unwrap().trim().to_string();
    let err = bob.refused(&["decline", &id2]);
    assert!(err.contains("not your challenge"), "{err}");
    eve.ok(&["decline", &id2]);
    // A server that is not there.
    let gone = Player {
        name: "ann".into(),
        home: tempfile::tempdir().unwrap(),
        server: format!("http://127.0.0.1:{}", online_common::free_port()),
    };
    let err = gone.refused(&["show", "abc"]);
    assert!(err.contains("server unreachable"), "{err}");
}

trait SignupAgain {
    fn signup_again_is_refused(&self);
}

impl SignupAgain for Player {
    fn signup_again_is_refused(&self) {
        let upper = self.name.to_uppercase();
        let out = self.online_in(&["signup", &upper, "--password-stdin"], "whatever-123\n");
        assert!(!out.status.success());
        assert!(String::from_utf8_lossy(&out.stderr).contains("taken"));
    }
}

/// The answer to move `played.len()` (and its `move` event) against the
/// game object read after it: the same turn, status, scores of the mini
/// grid played in and totals, the routing of the next move; no history,
/// and smaller than the game object.
fn answer_agrees(answer: &Value, game: &Value, played: &[scribe::rules::Square]) -> [usize; 2] {
    let n = played.len();
    let last = played[n - 1];
    assert_eq!(answer["game"], game["id"]);
    assert_eq!(answer["square"], json!(last.to_string()));
    assert_eq!(answer["side"], json!(if n % 2 == 1 { "X" } else { "O" }));
    for k in [
        "status",
        "turn",
        "winner",
        "end",
        "deadline",
        "majority",
        "super_glyph",
    ] {
        assert_eq!(answer[k], game[k], "move {n}: {k}");
    }
    let grid = usize::from(last.grid().number());
    assert_eq!(answer["grid"], game["grids"][grid - 1], "move {n}");
    let replayed = scribe::rules::Game::from_moves(played.iter().copied()).unwrap();
    let pos = replayed.position();
    let next = match pos.target() {
        scribe::rules::Target::Grid(g) if !pos.is_over() => json!(g.number()),
        _ => Value::Null,
    };
    assert_eq!(answer["next_grid"], next, "move {n}");
    assert!(answer.get("history").is_none(), "{answer}");
    let (small, whole) = (answer.to_string().len(), game.to_string().len());
    assert!(small < whole, "move {n}: {small} bytes, the game {whole}");
    [small, whole]
}

#[test]
fn two_players_play_a_whole_game_through_the_http_api_with_live_streams() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::sqlite(dir.path());
    let http = Http::new(&server);
    let ann = http.account("ann");
    let bob = http.account("bob");
    let bob_stream = Stream::open(&server.url, &bob);
    let ann_stream = Stream::open(&server.url, &ann);

    let (s, g) = http.post(
        "/challenges",
        Some(&ann),
        json!({"opponent": "bob", "variant": "super-glyph", "side": "o"}),
    );
    assert_eq!(s, 201, "{g}");
    let id = g["id"].as_str().unwrap().to_string();
    assert_eq!(g["status"], json!("challenge"));
    let ch = bob_stream.next_of("challenge");
    assert_eq!(ch["id"], json!(id));
    let (s, g) = http.post(&format!("/games/{id}/accept"), Some(&bob), json!({}));
    assert_eq!(s, 200, "{g}");
    // Ann chose O: Bob moves first.
    assert_eq!(g["players"], json!({"x": "bob", "o": "ann"}));
    assert_eq!(ann_stream.next_of("start")["game"], json!(id));

    let moves = random_moves(11, 81);
    // The bytes of the answers, and of the game objects they replace.
    let mut bytes = [0, 0];
    for (i, sq) in moves.iter().enumerate() {
        let n = i + 1;
        let (me, watcher) = if n % 2 == 1 {
            (&bob, &ann_stream)
        } else {
            (&ann, &bob_stream)
        };
        let (s, g) = http.post(
            &format!("/games/{id}/moves"),
            Some(me),
            json!({"square": sq.to_string(), "number": n}),
        );
        assert_eq!(s, 200, "move {n}: {g}");
        assert_eq!(g["number"], json!(n));
        // The answer is what the move changed, and agrees with the game.
        let (_, whole) = http.get(&format!("/games/{id}"), None);
        let [small, whole] = answer_agrees(&g, &whole, &moves[..n]);
        bytes[0] += small;
        bytes[1] += whole;
        // The opponent sees it without polling (their stream also carries
        // their own moves: skip those): the same object as the answer.
        let e = loop {
            let e = watcher.next_of("move");
            if e["number"] == json!(n) {
                break e;
            }
        };
        assert_eq!(e, g);
        assert_eq!(e["game"], json!(id));
        assert_eq!(e["square"], json!(sq.to_string()));
        if n == 30 {
            // The same request again: applied once, answered the same.
            let (s, g) = http.post(
                &format!("/games/{id}/moves"),
                Some(me),
                json!({"square": sq.to_string(), "number": n}),
            );
            assert_eq!(s, 200);
            assert_eq!(g["repeated"], json!(true));
            assert_eq!(g["number"], json!(n));
            assert_eq!(g["square"], json!(sq.to_string()));
            // A stale number is refused with the current position.
            let other = if me == &ann { &bob } else { &ann };
            let (s, g) = http.post(
                &format!("/games/{id}/moves"),
                Some(other),
                json!({"square": "A1", "number": n - 1}),
            );
            assert_eq!(s, 409);
            assert_eq!(g["error"], json!("stale_move_number"));
            assert_eq!(g["game"]["moves"], json!(n));
        }
    }
    eprintln!(
        "81 moves: the answers {} bytes (mean {}), the game objects {} (mean {})",
        bytes[0],
        bytes[0] / 81,
        bytes[1],
        bytes[1] / 81
    );
    let end = ann_stream.next_of("end");
    assert_eq!(end["game"], json!(id));
    let (_, g) = http.get(&format!("/games/{id}"), None);
    assert_eq!(g["status"], json!("finished"));
    let list: Vec<String> = moves.iter().map(ToString::to_string).collect();
    assert_eq!(score_part(&g), scribe_score_json(&list.join(" ")));
    let sg = &g["super_glyph"];
    let expected_winner = sg["winner"].clone();
    assert_eq!(
        g["winner"], expected_winner,
        "the Super Glyph variant decides"
    );

    // The text board: + and O for the two latest moves only.
    let board = ureq::get(format!("{}/api/v1/games/{id}/board", server.url))
        .call()
        .unwrap()
        .into_body()
        .read_to_string()
        .unwrap();
    let grid: String = board
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    assert_eq!(grid.matches('+').count(), 1, "{board}");
    assert_eq!(grid.matches('O').count(), 1, "{board}");

    // Standings for the variant: a game between two new players is not
    // rated (issue 44, D), so neither is listed.
    let (_, st) = http.get("/standings?variant=super-glyph", None);
    assert_eq!(st["standings"].as_array().unwrap().len(), 0, "{st}");
    let (_, st) = http.get("/standings", None);
    assert_eq!(st["standings"].as_array().unwrap().len(), 0, "{st}");
}

/// A game with a time limit (`--days`): the player waiting may claim it once
/// the player to move is out of time, not before, and nobody else may. A
/// "day" lasts three seconds here (`SCRIBE_SERVE_DAY_MS`, debug builds).
#[test]
fn a_player_out_of_time_loses_when_the_opponent_claims() {
    if !cfg!(debug_assertions) {
        eprintln!("skipped: SCRIBE_SERVE_DAY_MS exists in debug builds only");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let server = Server::sqlite_with_day(dir.path(), 3000);
    let ann = Player::new("ann", &server);
    let bob = Player::new("bob", &server);
    let eve = Player::new("eve", &server);
    for p in [&ann, &bob, &eve] {
        p.signup();
    }
    let out = ann.online(&["challenge", "bob", "--days", "0"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("a whole number from 1 to 30"), "{err}");
    let id = ann.ok(&["challenge", "bob", "--side", "x", "--days", "1"]);
    let id = id.lines().last().unwrap().trim().to_string();
    bob.ok(&["accept", &id]);
    let g: Value = serde_json::from_str(&bob.ok(&["show", &id, "--json"])).unwrap();
    assert_eq!(g["days_per_move"], json!(1));
    assert!(g["deadline"].is_string(), "{g}");
    assert_eq!(g["out_of_time"], json!(false));
    assert!(bob.ok(&["show", &id]).contains("must move by"));
    // Too soon, and not for the player to move, nor for a stranger.
    let err = bob.refused(&["claim", &id]);
    assert!(err.contains("still has time"), "{err}");
    let err = ann.refused(&["claim", &id]);
    assert!(err.contains("it is your move"), "{err}");
    // A move starts the other player's time afresh.
    ann.ok(&["move", &id, "E5", "--expect", "1"]);
    let err = ann.refused(&["claim", &id]);
    assert!(err.contains("still has time"), "{err}");
    // Bob lets his time run out.
    let mut out_of_time = false;
    for _ in 0..100 {
        let g: Value = serde_json::from_str(&ann.ok(&["show", &id, "--json"])).unwrap();
        if g["out_of_time"] == json!(true) {
            out_of_time = true;
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert!(out_of_time, "bob's time never ran out");
    let board = ann.ok(&["show", &id]);
    assert!(board.contains("ran out of time"), "{board}");
    let err = eve.refused(&["claim", &id]);
    assert!(err.contains("not your game"), "{err}");
    let said = ann.ok(&["claim", &id]);
    assert!(said.contains("+ wins"), "{said}");
    let g: Value = serde_json::from_str(&bob.ok(&["show", &id, "--json"])).unwrap();
    assert_eq!(g["status"], json!("finished"));
    assert_eq!(g["winner"], json!("X"));
    assert_eq!(g["end"], json!("out of time"));
    let err = bob.refused(&["move", &id, "D4"]);
    assert!(err.contains("game is over"), "{err}");
    let record = saved_record(&bob, &id);
    assert_eq!(record.ended, Some(Ending::OutOfTime(Side::O)));
    assert_eq!(record.winner(), Some(Side::X));
    // The result is rated like any other: not at all between two new
    // players (issue 44, D).
    let standings = ann.ok(&["standings", "--json"]);
    assert!(!standings.contains("\"ann\""), "{standings}");
    // A game without a limit has nothing to claim; the API bounds the days.
    let id2 = ann.ok(&["challenge", "bob", "--side", "x"]);
    let id2 = id2.lines().last().unwrap().trim().to_string();
    bob.ok(&["accept", &id2]);
    let err = bob.refused(&["claim", &id2]);
    assert!(err.contains("no time limit"), "{err}");
    let http = Http::new(&server);
    let token = http.signin("ann", "ann-password");
    let (status, body) = http.post(
        "/challenges",
        Some(&token),
        json!({"opponent": "bob", "days": 31}),
    );
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["error"], json!("bad_days"), "{body}");
}

/// On SQLite the moves of games played at once are committed together
/// (the store's group commit, one fsync for all): every acknowledged move
/// is kept, in order and once, and of one move sent three times at once
/// exactly one applies (each write has a savepoint of its own, and one
/// that lost its compare-and-set is rolled back alone).
#[test]
fn moves_of_many_games_at_once_are_each_kept_once_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let port = online_common::free_port();
    let db = format!("sqlite:{}", dir.path().join("s.sqlite3").display());
    let server = Server::start(&db, port, &["--auth-per-minute", "1000"]);
    let http = Http::new(&server);
    let games: Vec<(String, String, String)> = (0..8)
        .map(|g| {
            let (xn, on) = (format!("x{g}"), format!("o{g}"));
            let x = http.account(&xn);
            let o = http.account(&on);
            let id = http.game(&x, &o, &on, "majority");
            (id, x, o)
        })
        .collect();
    let plies = 12;
    std::thread::scope(|s| {
        for (g, (id, x, o)) in games.iter().enumerate() {
            let url = server.url.clone();
            s.spawn(move || {
                for (i, sq) in random_moves(100 + g as u64, plies).iter().enumerate() {
                    let n = i + 1;
                    let token = if i % 2 == 0 { x } else { o };
                    let body = json!({"square": sq.to_string(), "number": n});
                    let path = format!("/games/{id}/moves");
                    let answers: Vec<(u16, Value)> = std::thread::scope(|s2| {
                        let sent: Vec<_> = (0..3)
                            .map(|_| {
                                let (url, path, body) = (&url, &path, body.clone());
                                s2.spawn(move || Http::at(url).post(path, Some(token), body))
                            })
                            .collect();
                        sent.into_iter().map(|t| t.join().unwrap()).collect()
                    });
                    for (st, v) in &answers {
                        assert_eq!(*st, 200, "game {g} move {n}: {v}");
                        assert_eq!(v["number"], json!(n), "game {g} move {n}: {v}");
                    }
                }
            });
        }
    });
    for (g, (id, _, _)) in games.iter().enumerate() {
        let (s, v) = http.get(&format!("/games/{id}"), None);
        assert_eq!(s, 200, "{v}");
        let want: Vec<String> = random_moves(100 + g as u64, plies)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(v["history"], json!(want), "game {g}");
    }
}
