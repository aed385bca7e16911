//! Helpers shared by the integration tests. Each test binary uses a part of
//! them, so the rest is dead code there.
#![allow(dead_code)]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use scribe::ai::Rng;
use scribe::rules::{Game, Position, Square, Variant};
use scribe::ui::ScribeApp;
use std::process::{Command, Output};

/// Whether the player to move wins with perfect play, by brute force over
/// the rules' own positions (no engine code).
pub fn brute_force_wins(pos: &Position, variant: Variant) -> bool {
    pos.legal_moves()
        .iter()
        .any(|sq| move_wins(pos, sq, variant))
}

/// Whether playing `sq` wins for the player to move with perfect play.
pub fn move_wins(pos: &Position, sq: Square, variant: Variant) -> bool {
    let mut p = *pos;
    p.play(sq).unwrap();
    if p.is_over() {
        p.result().winner(variant) == Some(pos.to_move())
    } else {
        !brute_force_wins(&p, variant)
    }
}

/// A position reached by `n` uniformly random legal moves, and the moves.
pub fn random_game(seed: u64, n: usize) -> (Position, Vec<Square>) {
    let mut rng = Rng::new(seed);
    let mut pos = Position::new();
    let mut moves = Vec::new();
    while moves.len() < n && !pos.is_over() {
        let legal: Vec<Square> = pos.legal_moves().iter().collect();
        let sq = legal[rng.below(legal.len() as u32) as usize];
        pos.play(sq).unwrap();
        moves.push(sq);
    }
    (pos, moves)
}

/// Plays a game choosing among the legal moves with the given numbers.
pub fn play_choices(choices: &[u8]) -> Game {
    let mut g = Game::new();
    for &c in choices {
        let legal: Vec<Square> = g.position().legal_moves().iter().collect();
        if legal.is_empty() {
            break;
        }
        g.play(legal[usize::from(c) % legal.len()]).unwrap();
    }
    g
}

/// Runs the `scribe` binary with `args` (no input) and waits for it.
pub fn scribe(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_scribe"))
        .args(args)
        .output()
        .expect("the scribe binary runs")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Bad input, as every command must report it: a non-zero exit, nothing on
/// stdout, and exactly one line on stderr, `error: ...`, holding `expected`
/// once. (The one check for every test binary: the copies differed.)
pub fn assert_clear_error(o: &Output, expected: &str) {
    assert!(!o.status.success(), "exit status {:?}", o.status);
    assert_eq!(stdout(o), "", "nothing on stdout");
    let err = stderr(o);
    assert_eq!(err.lines().count(), 1, "one line on stderr: {err:?}");
    assert!(
        err.starts_with("error: "),
        "{err:?} should start with \"error: \""
    );
    assert_eq!(
        err.matches(expected).count(),
        1,
        "{err:?} should contain {expected:?} once"
    );
}

/// The app at 1280x860 with no data folder, after its first frames.
pub fn app() -> Harness<'static, ScribeApp> {
    let mut h = Harness::builder()
        .with_size([1280.0, 860.0])
        .with_max_steps(32)
        .build_eframe(|cc| ScribeApp::new(cc));
    h.run();
    h
}

/// Clicks the widget labelled `label` and lets the UI settle.
pub fn press<S>(h: &mut Harness<'_, S>, label: &str) {
    h.get_by_label(label).click();
    h.run();
}

/// When the UI asked for its next frame (`None`: not until there is input).
pub fn next_frame<S>(h: &Harness<'_, S>) -> Option<std::time::Duration> {
    let delay = h.output().viewport_output[&egui::ViewportId::ROOT].repaint_delay;
    (delay < std::time::Duration::from_secs(3600)).then_some(delay)
}

/// The hidden temporary files `write_atomic` leaves if it is interrupted.
pub fn temp_files(dir: &std::path::Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".scribe-") && n.ends_with(".tmp"))
        .collect()
}
