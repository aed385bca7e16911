//! Keeping a server (issue 31, parts 2 and 3): `scribe serve backup` taken
//! while 20 games move, restored and played on; `scribe admin` (players,
//! reset-password, ban and unban, delete, reports) on a running server;
//! a player reporting a chat line and deleting their own account; tokens
//! that expire. Real servers on loopback, on SQLite and (when
//! `SCRIBE_TEST_POSTGRES` is set) on PostgreSQL.

mod online_common;

use online_common::{Http, Player, Server, Stream, free_port, fresh, postgres, random_moves};
use serde_json::{Value, json};
use std::path::Path;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Streams check their token every 300 ms here (10 s in a real server).
const CHECK: (&str, &str) = ("SCRIBE_SERVE_TOKEN_CHECK_MS", "300");

fn scribe(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_scribe"))
        .args(args)
        .output()
        .unwrap()
}

/// `scribe admin --database DB ARGS…`, which must succeed: its output.
fn admin(db: &str, args: &[&str]) -> String {
    let out = scribe(&[&["admin", "--database", db][..], args].concat());
    assert!(
        out.status.success(),
        "scribe admin {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `scribe admin --database DB ARGS…`, which must fail with one line: it.
fn admin_refused(db: &str, args: &[&str]) -> String {
    let out = scribe(&[&["admin", "--database", db][..], args].concat());
    assert!(!out.status.success(), "scribe admin {args:?} succeeded");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "not one line: {err}");
    err
}

fn sqlite_url(dir: &Path) -> String {
    format!("sqlite:{}", dir.join("server.sqlite3").display())
}

fn history(http: &Http, id: &str) -> Vec<String> {
    let (s, g) = http.get(&format!("/games/{id}"), None);
    assert_eq!(s, 200, "{g}");
    serde_json::from_value(g["history"].clone()).unwrap()
}

#[test]
fn a_backup_taken_while_twenty_games_move_holds_every_acknowledged_move() {
    let dir = tempfile::tempdir().unwrap();
    let db = sqlite_url(dir.path());
    let server = Server::start(&db, free_port(), &["--auth-per-minute", "1000"]);
    let http = Http::new(&server);
    let players: Vec<String> = (0..40).map(|i| http.account(&format!("p{i}"))).collect();
    let games: Vec<String> = (0..20)
        .map(|g| {
            let o = format!("p{}", 2 * g + 1);
            http.game(&players[2 * g], &players[2 * g + 1], &o, "majority")
        })
        .collect();

    // Each game moves on its own thread; a move is recorded once answered.
    let acked: Arc<Mutex<Vec<Vec<String>>>> = Arc::new(Mutex::new(vec![Vec::new(); 20]));
    let stop = Arc::new(AtomicBool::new(false));
    let movers: Vec<_> = (0..20)
        .map(|g| {
            let (acked, stop) = (acked.clone(), stop.clone());
            let (id, x, o) = (
                games[g].clone(),
                players[2 * g].clone(),
                players[2 * g + 1].clone(),
            );
            let url = server.url.clone();
            std::thread::spawn(move || {
                let http = Http::at(&url);
                for (i, sq) in random_moves(g as u64 + 1, 81).iter().enumerate() {
                    if stop.load(Ordering::SeqCst) {
                        return;
                    }
                    let me = if i % 2 == 0 { &x } else { &o };
                    let (s, v) = http.post(
                        &format!("/games/{id}/moves"),
                        Some(me),
                        json!({"square": sq.to_string(), "number": i + 1}),
                    );
                    assert_eq!(s, 200, "game {g} move {}: {v}", i + 1);
                    acked.lock().unwrap()[g].push(sq.to_string());
                }
            })
        })
        .collect();
    let total = |a: &Vec<Vec<String>>| a.iter().map(Vec::len).sum::<usize>();
    let wait_for = |n: usize| {
        for _ in 0..600 {
            if total(&acked.lock().unwrap()) >= n {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("the games did not reach {n} moves");
    };
    // Early in play, while the write-ahead log holds the recent commits
    // (a plain copy of the file then lacks even the games).
    wait_for(20);

    // Every move answered before the backup starts must be in it.
    let before = acked.lock().unwrap().clone();
    let backup = dir.path().join("backup.sqlite3");
    let out = scribe(&[
        "serve",
        "backup",
        backup.to_str().unwrap(),
        "--database",
        &db,
    ]);
    assert!(
        out.status.success(),
        "backup: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("backed up"));
    // The games went on during and after it: the backup was taken mid-play.
    wait_for(total(&before) + 40);
    stop.store(true, Ordering::SeqCst);
    for m in movers {
        m.join().unwrap();
    }
    // No temporary file is left beside the backup.
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("backup"))
        .collect();
    assert_eq!(names, ["backup.sqlite3"]);

    // Restore: the backup file becomes a server's database.
    let restored_dir = tempfile::tempdir().unwrap();
    std::fs::copy(&backup, restored_dir.path().join("server.sqlite3")).unwrap();
    let restored = Server::start(&sqlite_url(restored_dir.path()), free_port(), &[]);
    let rh = Http::new(&restored);
    let mut held = 0;
    for (g, id) in games.iter().enumerate() {
        let h = history(&rh, id);
        assert!(
            h.len() >= before[g].len() && h[..before[g].len()] == before[g][..],
            "game {g}: acknowledged {:?}, restored {:?}",
            before[g],
            h
        );
        held += h.len();
        // The game goes on from where the backup has it.
        let n = h.len();
        if n < 81 {
            let sq = random_moves(g as u64 + 1, 81)[n].to_string();
            let me = rh.signin(
                &format!("p{}", 2 * g + n % 2),
                &format!("p{}-password", 2 * g + n % 2),
            );
            let (s, v) = rh.post(
                &format!("/games/{id}/moves"),
                Some(&me),
                json!({"square": sq, "number": n + 1}),
            );
            assert_eq!(s, 200, "game {g} after the restore: {v}");
        }
    }
    assert!(held >= total(&before));
}

#[test]
fn backup_refuses_to_overwrite_and_names_pg_dump_for_postgres() {
    let dir = tempfile::tempdir().unwrap();
    let db = sqlite_url(dir.path());
    drop(Server::start(&db, free_port(), &[]));
    let file = dir.path().join("b.sqlite3");
    std::fs::write(&file, "keep me").unwrap();
    let out = scribe(&["serve", "backup", file.to_str().unwrap(), "--database", &db]);
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--force"), "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "keep me");
    let out = scribe(&[
        "serve",
        "--database",
        &db,
        "backup",
        file.to_str().unwrap(),
        "--force",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_ne!(std::fs::read(&file).unwrap(), b"keep me");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let mode = std::fs::metadata(&file).unwrap().permissions().mode();
        assert_eq!(mode & 0o077, 0, "a backup holds password hashes: {mode:o}");
    }
    // No database there: one line, no file made.
    let none = dir.path().join("none.sqlite3");
    let out = scribe(&[
        "serve",
        "backup",
        dir.path().join("c.sqlite3").to_str().unwrap(),
        "--database",
        &format!("sqlite:{}", none.display()),
    ]);
    assert!(!out.status.success());
    assert!(!none.exists() && !dir.path().join("c.sqlite3").exists());
    // PostgreSQL: pg_dump, as the docs say.
    let out = scribe(&[
        "serve",
        "backup",
        "x.dump",
        "--database",
        "postgres://u@127.0.0.1:1/x",
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("pg_dump"), "{err}");
}

/// The admin's commands on a running server on `db` (whose names start
/// with `p`, so that several runs can share a PostgreSQL database).
fn admin_commands(db: &str, p: &str) {
    let server = Server::start_with(db, free_port(), &[], &[CHECK]);
    let http = Http::new(&server);
    let (an, bn, cn) = (format!("{p}ann"), format!("{p}bob"), format!("{p}cy"));
    let ann = http.account(&an);
    let bob = http.account(&bn);
    let id = http.game(&ann, &bob, &bn, "majority");
    let (s, v) = http.post(
        &format!("/games/{id}/moves"),
        Some(&ann),
        json!({"square": "E5", "number": 1}),
    );
    assert_eq!(s, 200, "{v}");

    let list = admin(db, &["players"]);
    assert!(list.contains(&an) && list.contains(&bn), "{list}");
    assert!(admin_refused(db, &["ban", &format!("{p}nobody")]).contains("no player"));

    // A ban: the stream ends, the token is refused, sign-in is refused
    // with the reason, the game stays.
    let stream = Stream::open(&server.url, &ann);
    admin(db, &["ban", &an, "--reason", "rude in chat"]);
    stream.ends();
    assert_eq!(http.get("/me", Some(&ann)).0, 401);
    let (s, v) = http.post(
        "/session",
        None,
        json!({"name": an, "password": format!("{an}-password")}),
    );
    assert_eq!(s, 403, "{v}");
    assert_eq!(v["error"], "banned");
    assert!(v["message"].as_str().unwrap().contains("rude in chat"));
    assert_eq!(history(&http, &id), ["E5"]);
    let list = admin(db, &["players"]);
    let line = list.lines().find(|l| l.starts_with(&an)).unwrap();
    assert!(line.contains("rude in chat"), "{line}");
    admin(db, &["unban", &an]);
    let ann = http.signin(&an, &format!("{an}-password"));

    // A reset password: printed once, the old one and the old tokens gone.
    let stream = Stream::open(&server.url, &bob);
    let out = admin(db, &["reset-password", &bn]);
    let new = out
        .split_whitespace()
        .skip_while(|w| *w != "is")
        .nth(1)
        .unwrap()
        .to_string();
    stream.ends();
    assert_eq!(http.get("/me", Some(&bob)).0, 401);
    let (s, _) = http.post(
        "/session",
        None,
        json!({"name": bn, "password": format!("{bn}-password")}),
    );
    assert_eq!(s, 401);
    let bob = http.signin(&bn, &new);

    // A deletion: the games stay, under "deleted player"; the name is
    // not given out again, and nobody can challenge it.
    let cy = http.account(&cn);
    let (s, v) = http.post(
        "/challenges",
        Some(&ann),
        json!({"opponent": cn, "variant": "majority", "side": "x"}),
    );
    assert_eq!(s, 201, "{v}");
    let waiting = v["id"].as_str().unwrap().to_string();
    let stream = Stream::open(&server.url, &ann);
    admin(db, &["delete", &an]);
    stream.ends();
    let (_, g) = http.get(&format!("/games/{id}"), None);
    assert_eq!(g["players"]["x"], "deleted player", "{g}");
    assert_eq!(g["history"], json!(["E5"]));
    assert_eq!(http.get("/me", Some(&ann)).0, 401);
    let (s, _) = http.post(
        "/session",
        None,
        json!({"name": an, "password": format!("{an}-password")}),
    );
    assert_eq!(s, 401);
    let (s, v) = http.post(
        "/accounts",
        None,
        json!({"name": an, "password": "another password"}),
    );
    assert_eq!(s, 409, "{v}");
    let (s, _) = http.post(
        "/challenges",
        Some(&bob),
        json!({"opponent": an, "variant": "majority", "side": "x"}),
    );
    assert_eq!(s, 404);
    // Their waiting challenge was withdrawn.
    let (_, w) = http.get(&format!("/games/{waiting}"), Some(&cy));
    assert_eq!(w["status"], "cancelled", "{w}");
    let list = admin(db, &["players"]);
    assert!(!list.contains(&an), "{list}");
    assert!(admin_refused(db, &["delete", &an]).contains("no player"));
}

#[test]
fn admin_commands_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    admin_commands(&sqlite_url(dir.path()), "s");
    // No database: one line, nothing made.
    let none = dir.path().join("none.sqlite3");
    let err = admin_refused(&format!("sqlite:{}", none.display()), &["players"]);
    assert!(err.contains("no server database"), "{err}");
    assert!(!none.exists());
}

#[test]
fn on_sqlite_a_ban_ends_the_players_stream_before_the_next_chat_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = sqlite_url(dir.path());
    // Streams check their tokens every 10 s here, as in a real server.
    let server = Server::start(&db, free_port(), &[]);
    let http = Http::new(&server);
    let ann = http.account("ann");
    let bob = http.account("bob");
    let id = http.game(&ann, &bob, "bob", "majority");
    let stream = Stream::open(&server.url, &ann);
    admin(&db, &["ban", "ann", "--reason", "rude in chat"]);
    // bob's lines after the ban never reach ann: her stream ends first.
    for i in 0..5 {
        let (s, v) = http.post(
            &format!("/games/{id}/chat"),
            Some(&bob),
            json!({"text": format!("line {i}")}),
        );
        assert_eq!(s, 200, "{v}");
    }
    stream.ends();
}

#[test]
fn admin_commands_on_postgres() {
    let Some(url) = postgres() else { return };
    admin_commands(&url, &fresh("q"));
}

/// Reports and deleting one's own account, on `db`.
fn reports_and_self_deletion(db: &str, p: &str) {
    let server = Server::start_with(db, free_port(), &[], &[CHECK]);
    let http = Http::new(&server);
    let (an, bn, cn) = (format!("{p}ann"), format!("{p}bob"), format!("{p}cy"));
    let ann = http.account(&an);
    let bob = http.account(&bn);
    let cy = http.account(&cn);
    let id = http.game(&ann, &bob, &bn, "majority");
    let say = |who: &str, text: &str| {
        let (s, v) = http.post(
            &format!("/games/{id}/chat"),
            Some(who),
            json!({"text": text}),
        );
        assert_eq!(s, 200, "{v}");
    };
    say(&ann, "good luck");
    for i in 0..21 {
        say(&bob, &format!("rude line {i}"));
    }
    let report = |who: &str, n: u64| -> (u16, Value) {
        http.post(
            &format!("/games/{id}/chat/{n}/report"),
            Some(who),
            json!({}),
        )
    };
    // Only the other player's lines, only by a player of the game, once.
    assert_eq!(report(&ann, 1).1["error"], "own_line");
    assert_eq!(report(&cy, 2).1["error"], "not_your_game");
    assert_eq!(report(&ann, 99).0, 404);
    let (s, v) = report(&ann, 2);
    assert_eq!((s, v["reported"].clone()), (200, json!(true)), "{v}");
    assert_eq!(report(&ann, 2).1["error"], "already_reported");
    let (s, v) = report(&bob, 1);
    assert_eq!(s, 200, "{v}");
    // At most 20 a day.
    for n in 3..=21 {
        assert_eq!(report(&ann, n).0, 200, "report {n}");
    }
    let (s, v) = report(&ann, 22);
    assert_eq!((s, v["error"].clone()), (429, json!("rate_limited")), "{v}");

    let reports = admin(db, &["reports"]);
    let mine: Vec<&str> = reports.lines().filter(|l| l.contains(&id)).collect();
    assert_eq!(mine.len(), 21, "{reports}");
    assert!(
        mine.iter().any(|l| l.contains("line 2 ")
            && l.contains(&format!("by {bn}"))
            && l.contains(&format!("reported by {an}"))
            && l.contains("rude line 0")),
        "{reports}"
    );

    // Deleting one's own account takes the password.
    let stream = Stream::open(&server.url, &bob);
    let (s, v) = http.post(
        "/me/delete",
        Some(&bob),
        json!({"password": "not it at all"}),
    );
    assert_eq!(
        (s, v["error"].clone()),
        (403, json!("wrong_password")),
        "{v}"
    );
    assert_eq!(http.get("/me", Some(&bob)).0, 200);
    let (s, v) = http.post(
        "/me/delete",
        Some(&bob),
        json!({"password": format!("{bn}-password")}),
    );
    assert_eq!((s, v["deleted"].clone()), (200, json!(bn)), "{v}");
    stream.ends();
    assert_eq!(http.get("/me", Some(&bob)).0, 401);
    let (_, g) = http.get(&format!("/games/{id}"), None);
    assert_eq!(g["players"]["o"], "deleted player", "{g}");
    let (_, chat) = http.get(&format!("/games/{id}/chat"), Some(&ann));
    assert_eq!(chat["chat"][1]["by"], "deleted player", "{chat}");
    // The reports stand, under the name the account has now.
    let reports = admin(db, &["reports"]);
    assert!(reports.contains("by deleted player"), "{reports}");
}

#[test]
fn reports_and_self_deletion_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    reports_and_self_deletion(&sqlite_url(dir.path()), "s");
}

#[test]
fn reports_and_self_deletion_on_postgres() {
    let Some(url) = postgres() else { return };
    reports_and_self_deletion(&url, &fresh("r"));
}

#[test]
fn tokens_expire_when_unused_and_when_old() {
    let dir = tempfile::tempdir().unwrap();
    let db = sqlite_url(dir.path());
    // Here a token unused for 3 s expires, and any token after 8 s.
    let server = Server::start_with(
        &db,
        free_port(),
        &[],
        &[
            CHECK,
            ("SCRIBE_SERVE_TOKEN_IDLE_MS", "3000"),
            ("SCRIBE_SERVE_TOKEN_MAX_AGE_MS", "8000"),
        ],
    );
    let http = Http::new(&server);
    let used = http.account("ann");
    let idle = http.signin("ann", "ann-password");
    let stream = Stream::open(&server.url, &idle);
    // `used` is used every second: each use counts.
    for _ in 0..5 {
        std::thread::sleep(Duration::from_millis(1000));
        assert_eq!(http.get("/me", Some(&used)).0, 200);
    }
    // `idle` was not used for 5 s: expired, and its stream ended.
    let (s, v) = http.get("/me", Some(&idle));
    assert_eq!(s, 401);
    assert!(v["message"].as_str().unwrap().contains("expired"), "{v}");
    stream.ends();
    // Used or not, no token outlives its maximum age.
    for _ in 0..4 {
        std::thread::sleep(Duration::from_millis(1000));
        let _ = http.get("/me", Some(&used));
    }
    assert_eq!(http.get("/me", Some(&used)).0, 401);
    // Signing in again gives a good token.
    let again = http.signin("ann", "ann-password");
    assert_eq!(http.get("/me", Some(&again)).0, 200);
    // The players' list shows when the player was last seen.
    let list = admin(&db, &["players"]);
    let line = list.lines().find(|l| l.starts_with("ann")).unwrap();
    // (created and last seen: two times)
    assert_eq!(line.matches(':').count(), 2, "{line}");
}

#[test]
fn scribe_online_reports_a_line_and_deletes_an_account() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::sqlite(dir.path());
    let (ann, bob) = (Player::new("ann", &server), Player::new("bob", &server));
    ann.signup();
    bob.signup();
    let out = ann.ok(&["challenge", "bob", "--side", "x"]);
    let id = out.lines().last().unwrap().trim().to_string();
    bob.ok(&["accept", &id]);
    bob.ok(&["chat", &id, "you will lose"]);
    let out = ann.ok(&["report", &id, "1"]);
    assert!(out.contains("reported"), "{out}");
    let err = ann.refused(&["report", &id, "1"]);
    assert!(err.contains("already"), "{err}");
    let err = bob.refused(&["report", &id, "1"]);
    assert!(err.contains("other player"), "{err}");
    let reports = admin(&sqlite_url(dir.path()), &["reports"]);
    assert!(reports.contains("you will lose"), "{reports}");

    // Without the right password nothing happens.
    let out = bob.online_in(&["delete-account", "--password-stdin"], "wrong password\n");
    assert!(!out.status.success());
    bob.ok(&["games"]);
    let out = bob.online_in(&["delete-account", "--password-stdin"], "bob-password\n");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("deleted"));
    let err = bob.refused(&["games"]);
    assert!(err.contains("not signed in"), "{err}");
    let shown = ann.ok(&["games"]);
    assert!(shown.contains("deleted player"), "{shown}");
}

/// `URL` with its database name replaced by `name`.
fn with_database(url: &str, name: &str) -> String {
    let (base, _) = url.rsplit_once('/').unwrap();
    format!("{base}/{name}")
}

fn run_ok(program: &str, args: &[&str]) {
    let out = Command::new(program).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{program} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_postgres_server_restored_with_pg_dump_and_pg_restore_as_documented() {
    let Some(url) = postgres() else { return };
    if Command::new("pg_dump").arg("--version").output().is_err() {
        println!("skipped: no pg_dump");
        return;
    }
    let (src, dst) = (fresh("scribe_src_"), fresh("scribe_dst_"));
    run_ok("psql", &[&url, "-qc", &format!("CREATE DATABASE {src}")]);
    run_ok("psql", &[&url, "-qc", &format!("CREATE DATABASE {dst}")]);
    let (src_url, dst_url) = (with_database(&url, &src), with_database(&url, &dst));
    let server = Server::start(&src_url, free_port(), &[]);
    let http = Http::new(&server);
    let ann = http.account("ann");
    let bob = http.account("bob");
    let id = http.game(&ann, &bob, "bob", "majority");
    let moves = random_moves(3, 81);
    for (i, sq) in moves[..6].iter().enumerate() {
        let me = if i % 2 == 0 { &ann } else { &bob };
        let (s, v) = http.post(
            &format!("/games/{id}/moves"),
            Some(me),
            json!({"square": sq.to_string(), "number": i + 1}),
        );
        assert_eq!(s, 200, "{v}");
    }
    // Taken while the server runs, as ONLINE.md says.
    let dir = tempfile::tempdir().unwrap();
    let dump = dir.path().join("scribe.dump");
    run_ok(
        "pg_dump",
        &[
            "--format=custom",
            "--file",
            dump.to_str().unwrap(),
            &src_url,
        ],
    );
    drop(server);
    run_ok(
        "pg_restore",
        &["--no-owner", "--dbname", &dst_url, dump.to_str().unwrap()],
    );
    let restored = Server::start(&dst_url, free_port(), &[]);
    let rh = Http::new(&restored);
    let want: Vec<String> = moves[..6].iter().map(ToString::to_string).collect();
    assert_eq!(history(&rh, &id), want);
    let ann = rh.signin("ann", "ann-password");
    let (s, v) = rh.post(
        &format!("/games/{id}/moves"),
        Some(&ann),
        json!({"square": moves[6].to_string(), "number": 7}),
    );
    assert_eq!(s, 200, "{v}");
    drop(restored);
    for db in [&src, &dst] {
        run_ok(
            "psql",
            &[&url, "-qc", &format!("DROP DATABASE {db} WITH (FORCE)")],
        );
    }
}
