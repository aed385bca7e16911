//! `scribe move`, `scribe bench` and `scribe match` from the outside.

mod common;
use common::scribe;
use scribe::ai::Rng;
use scribe::rules::{Game, Position, Square};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn random_moves(seed: u64, n: usize) -> String {
    let mut rng = Rng::new(seed);
    let mut pos = Position::new();
    let mut out = Vec::new();
    for _ in 0..n {
        let legal: Vec<Square> = pos.legal_moves().iter().collect();
        let sq = legal[rng.below(legal.len() as u32) as usize];
        pos.play(sq).unwrap();
        out.push(sq.to_string());
    }
    out.join(" ")
}

#[test]
fn move_prints_a_legal_square_on_the_last_line() {
    for (moves, variant) in [("", "majority"), ("E5 D4 F6", "super")] {
        let out = scribe(&[
            "move",
            "--moves",
            moves,
            "--level",
            "easy",
            "--variant",
            variant,
            "--seed",
            "3",
        ]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let stdout = text(&out.stdout);
        let last: Square = stdout.lines().last().unwrap().trim().parse().unwrap();
        let mut played: Vec<Square> = moves
            .split_whitespace()
            .map(|s| s.parse().unwrap())
            .collect();
        played.push(last);
        assert!(
            Game::from_moves(played).is_ok(),
            "{last} is illegal after '{moves}'"
        );
        // Same seed, same square.
        let again = scribe(&[
            "move",
            "--moves",
            moves,
            "--level",
            "easy",
            "--variant",
            variant,
            "--seed",
            "3",
        ]);
        assert_eq!(text(&again.stdout).lines().last(), stdout.lines().last());
    }
}

#[test]
fn move_with_a_time_limit_works() {
    let out = scribe(&["move", "--moves", "E5", "--think-ms", "50"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let last = text(&out.stdout);
    assert!(last.lines().last().unwrap().parse::<Square>().is_ok());
}

#[test]
fn a_finished_or_illegal_game_is_a_clear_error() {
    let full = random_moves(4, 81);
    let bad = "E5 E5".to_string();
    for moves in [full, bad] {
        let out = scribe(&["move", "--moves", &moves, "--level", "easy"]);
        assert!(!out.status.success());
        assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
        let stderr = text(&out.stderr);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.starts_with("error: "), "{stderr}");
    }
}

#[test]
fn bench_prints_both_rates() {
    let out = scribe(&["bench", "--playouts", "2000", "--iterations", "2000"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.lines().any(|l| l.contains("playouts/s")), "{stdout}");
    // the yardstick's rate and the ratio
    assert!(
        stdout
            .lines()
            .any(|l| l.starts_with("plain bitboard: 2000 playouts")
                && l.contains("Board's rate is x")),
        "{stdout}"
    );
    assert!(
        stdout.lines().any(|l| l.contains("iterations/s")),
        "{stdout}"
    );
}

#[test]
fn bench_solver_solves_positions_and_refuses_bad_counts() {
    let out = scribe(&[
        "bench",
        "--solver",
        "--empties",
        "12,14",
        "--positions",
        "3",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    for variant in ["Majority", "Super Glyph"] {
        let (line, n) = numbers_on_line(&stdout, &format!("solver: {variant}, 3 games of Medium"));
        assert!(n[1] <= 3, "{line}");
        for empties in [12, 14] {
            let (line, n) = numbers_on_line(
                &stdout,
                &format!("solver: {variant}, {empties} empty squares: solved"),
            );
            // solved 3 of 3, the X and O wins adding up to 3; Medium solves
            // the game from 14 empty squares, so whoever the solver says
            // wins went on to win
            assert_eq!((n[1], n[2], n[3] + n[4], n[5]), (3, 3, 3, 3), "{line}");
        }
    }
    for (args, says) in [
        (["--empties", "0"], "--empties 0 is out of range"),
        (["--empties", "81"], "--empties 81 is out of range"),
        (["--positions", "0"], "--positions 0 is out of range"),
    ] {
        let out = scribe(&["bench", "--solver", args[0], args[1]]);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(text(&out.stderr).contains(says), "{}", text(&out.stderr));
    }
}

/// The line of `out` that starts with `prefix`, and the numbers in it.
fn numbers_on_line<'a>(out: &'a str, prefix: &str) -> (&'a str, Vec<u32>) {
    let line = out
        .lines()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no line '{prefix}' in {out}"));
    let numbers = line
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect();
    (line, numbers)
}

/// `scribe match --a medium --b random` with `more` options: its output.
fn medium_against_random(more: &[&str]) -> String {
    let mut args = vec!["match", "--a", "medium", "--b", "random"];
    args.extend_from_slice(more);
    let out = scribe(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
}

#[test]
fn match_prints_the_score() {
    let stdout = medium_against_random(&["--games", "2", "--scale", "1", "--variant", "super"]);
    let last = stdout.lines().last().unwrap();
    assert!(last.starts_with("result: A Medium"), "{stdout}");
    assert_eq!(stdout.lines().filter(|l| l.starts_with("game")).count(), 2);
    // Colours alternate: A was X once and O once, and the colour tally
    // agrees with the games.
    let (colour, numbers) = numbers_on_line(&stdout, "by colour:");
    let [x, o, a_x, played_x, a_o, played_o] = numbers[..] else {
        panic!("{colour}");
    };
    assert_eq!((x + o, played_x, played_o), (2, 1, 1), "{colour}");
    let games: Vec<&str> = stdout.lines().filter(|l| l.starts_with("game")).collect();
    let x_won = games
        .iter()
        .filter(|l| {
            let a_is_x = l.contains("X Medium");
            l.contains("A wins") == a_is_x
        })
        .count() as u32;
    assert_eq!(x, x_won, "{stdout}");
    assert_eq!(a_x + a_o, 2, "Medium beats Random in both games: {stdout}");
}

#[test]
fn match_plays_pairs_from_random_openings() {
    let stdout = medium_against_random(&["--games", "4", "--opening-moves", "4"]);
    let openings: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("game"))
        .map(|l| l.split(" | from ").nth(1).unwrap_or_else(|| panic!("{l}")))
        .collect();
    assert_eq!(openings.len(), 4, "{stdout}");
    for o in &openings {
        assert_eq!(o.split(' ').count(), 4, "{o}");
    }
    assert_eq!(
        openings[0], openings[1],
        "a pair shares its opening: {stdout}"
    );
    assert_eq!(openings[2], openings[3], "{stdout}");
    assert_ne!(openings[0], openings[2], "{stdout}");
    assert!(stdout.contains("X Medium vs O Random: A wins"), "{stdout}");
    assert!(stdout.contains("X Random vs O Medium: A wins"), "{stdout}");
    assert!(
        stdout.contains("pairs: A won 2, B won 0, 0 split"),
        "Medium wins both pairs: {stdout}"
    );
    let (grids, n) = numbers_on_line(&stdout, "mini grids:");
    assert_eq!(n.len(), 2, "{grids}");
    assert_eq!(n[0] + n[1], 36, "nine mini grids a game: {grids}");
    assert!(n[0] > n[1], "{grids}");

    let out = easy_against_random(&["--games", "3", "--opening-moves", "4"]);
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains("--games 3") && err.contains("even"), "{err}");
    assert_match_refused(
        &["--opening-moves", "21"],
        "--opening-moves 21 is out of range",
    );
    // the tuning override of a level's threads is bounded too
    assert_match_refused(&["--threads-a", "0"], "--threads-a 0 is out of range");
    // and so is the grid weight's (eighths of a playout's value)
    assert_match_refused(
        &["--grid-weight-b", "9"],
        "--grid-weight-b 9 is out of range",
    );
}

/// `scribe match --a easy --b random` with `more`, as it ran.
fn easy_against_random(more: &[&str]) -> std::process::Output {
    let mut args = vec!["match", "--a", "easy", "--b", "random"];
    args.extend_from_slice(more);
    scribe(&args)
}

/// `scribe match --a easy --b random` with `extra` fails and says `says`.
fn assert_match_refused(extra: &[&str], says: &str) {
    let out = easy_against_random(extra);
    assert!(!out.status.success(), "{extra:?}");
    let err = text(&out.stderr);
    assert!(err.contains(says), "{extra:?}: {err}");
}

#[test]
fn a_match_can_give_player_a_one_colour_in_every_game() {
    let out = easy_against_random(&["--games", "3", "--a-plays", "o"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let games: Vec<&str> = stdout.lines().filter(|l| l.starts_with("game")).collect();
    assert_eq!(games.len(), 3, "{stdout}");
    for g in &games {
        assert!(g.contains("X Random vs O Easy"), "{stdout}");
    }
    assert!(stdout.contains("of 0 as X and"), "{stdout}");
    assert!(stdout.contains("of 3 as O"), "{stdout}");
    // pairs swap colours by design: the two cannot go together
    assert_match_refused(
        &["--games", "2", "--a-plays", "x", "--opening-moves", "4"],
        "--opening-moves",
    );
}

#[test]
fn the_levels_above_expert_and_the_plain_uct_parse() {
    // scribe move knows the new levels (a short think keeps the test quick)
    for level in ["master", "grandmaster", "champion"] {
        let out = scribe(&[
            "move",
            "--moves",
            "E5 D4",
            "--level",
            level,
            "--think-ms",
            "20",
        ]);
        assert!(out.status.success(), "{level}: {}", text(&out.stderr));
        let stdout = text(&out.stdout);
        assert!(stdout.to_lowercase().starts_with(level), "{stdout}");
    }
    // scribe match knows them and the plain UCT, by either spelling
    let out = scribe(&[
        "match",
        "--a",
        "master",
        "--b",
        "plain-uct:200",
        "--games",
        "2",
        "--scale",
        "0.01",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout
            .lines()
            .last()
            .unwrap()
            .starts_with("result: A Master"),
        "{stdout}"
    );
    assert!(stdout.contains("PlainUCT:200"), "{stdout}");
    let out = scribe(&[
        "match",
        "--a",
        "Plain-UCT:300",
        "--b",
        "champion",
        "--games",
        "1",
        "--scale",
        "0.0001",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("PlainUCT:300 (A) vs Champion (B)"));
    // a bad player is refused with the names
    for bad in ["plain-uct:0", "plain-uct:x", "legend"] {
        let out = scribe(&["match", "--a", bad, "--b", "easy", "--games", "1"]);
        assert!(!out.status.success(), "{bad}");
        let err = text(&out.stderr);
        assert!(err.contains(bad), "{bad}: {err}");
    }
    let out = scribe(&["match", "--a", "legend", "--b", "easy"]);
    assert!(
        text(&out.stderr).contains("champion"),
        "{}",
        text(&out.stderr)
    );
}

/// `scribe rate`: the round robin appends each pair, plays the same games
/// as `scribe match`, resumes without playing a pair twice, and fits from
/// the file alone.
#[test]
fn rate_plays_resumes_and_fits_from_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("results.txt");
    let path = file.to_str().unwrap();
    std::fs::write(&file, "# earlier\n").unwrap();
    let rate = [
        "rate",
        "android",
        "random",
        "beginner",
        "--games",
        "4",
        "--results",
        path,
    ];
    let out = scribe(&rate);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let table = text(&out.stdout);
    assert!(table.contains("Android            1000 anchor"), "{table}");
    let written = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = written.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines.len(), 3, "{written}");
    // the pair's line is `scribe match`'s result for the same seed
    let m = text(&scribe(&["match", "--a", "beginner", "--b", "android", "--games", "4"]).stdout);
    let result = m.lines().last().unwrap();
    let beginner = lines
        .iter()
        .find(|l| l.starts_with("beginner android "))
        .unwrap();
    let fields: Vec<&str> = beginner.split_whitespace().collect();
    assert!(
        result.contains(&format!("Beginner {} - {} B", fields[2], fields[3])),
        "{result} / {beginner}"
    );
    // again: nothing new to play, the file is unchanged
    let again = scribe(&rate);
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), written);
    // the fit alone, as JSON: think times unknown
    let fit = scribe(&["rate", "--results", path, "--fit-only", "--json"]);
    assert!(fit.status.success(), "{}", text(&fit.stderr));
    let json: serde_json::Value = serde_json::from_slice(&fit.stdout).unwrap();
    let players = json["players"].as_array().unwrap();
    assert_eq!(players.len(), 3);
    assert!(
        players
            .iter()
            .all(|p| p["think_ms"].is_null() && p["games"] == 8)
    );
    let android = players.iter().find(|p| p["player"] == "android").unwrap();
    assert_eq!(android["rating"], 1000.0);
    // bad input: one line, no panic
    std::fs::write(&file, "beginner android 3\n").unwrap();
    let bad = scribe(&["rate", "--results", path, "--fit-only"]);
    assert!(!bad.status.success());
    let err = text(&bad.stderr);
    assert!(
        err.contains("line 1: 'beginner android 3': give PLAYER-A PLAYER-B WINS-A WINS-B"),
        "{err}"
    );
    let no_anchor = scribe(&["rate", "easy", "beginner", "--games", "1"]);
    assert!(
        text(&no_anchor.stderr).contains("android must play"),
        "{}",
        text(&no_anchor.stderr)
    );
}
