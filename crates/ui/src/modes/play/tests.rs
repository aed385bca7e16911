//! The play mode on its own, without the app: its actions, its jobs and
//! the one path every move takes. A job is run here and now
//! ([`Job::run_now`]) and its answer handed back as the app would.

use super::*;
use crate::computer::FirstLegal;
use scribe_record::PlayerInfo;
use scribe_rules::{ByPlayer, Variant};
use std::sync::atomic::AtomicBool;

/// A game of `x` against `o` on the board of a fresh play mode whose
/// computer plays the first legal square.
fn mode(x: PlayerKind, o: PlayerKind) -> PlayMode {
    let mut play = PlayMode::new(egui::Context::default(), Some(Arc::new(FirstLegal)));
    let players = ByPlayer {
        x: PlayerInfo {
            name: "Ann".into(),
            kind: x,
        },
        o: PlayerInfo {
            name: String::new(),
            kind: o,
        },
    };
    let reply = play.install(Replacement::new_game(Variant::Majority, players, None));
    // the app writes a game it installs itself, never to the library
    assert!(!reply.changed && reply.played && reply.job.is_none());
    play
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// Runs the reply's job here and hands its answer back to the mode.
fn finish(play: &mut PlayMode, reply: Reply) -> Reply {
    let job = reply.job.expect("a job was started");
    let answer = job.run_now(&AtomicBool::new(false));
    play.job_done(answer, MarkStyle::PlusO)
}

const ANN_AGAINST_THE_COMPUTER: (PlayerKind, PlayerKind) =
    (PlayerKind::Human, PlayerKind::Computer(Level::Beginner));

/// Ann played E5 against the computer: its turn, asked for (the job's
/// reply not yet run).
fn at_the_computers_turn() -> (PlayMode, Reply) {
    let (x, o) = ANN_AGAINST_THE_COMPUTER;
    let mut play = mode(x, o);
    play.choose(sq("E5"), MarkStyle::PlusO);
    let turn = play.computer_turn();
    (play, turn)
}

#[test]
fn the_computers_answer_is_played_by_the_same_path_as_a_click() {
    let (x, o) = ANN_AGAINST_THE_COMPUTER;
    let mut play = mode(x, o);
    // no job while it is the person's turn
    assert!(play.computer_turn().job.is_none());
    let mine = play.choose(sq("E5"), MarkStyle::PlusO);
    assert!(mine.changed && mine.played, "{mine:?}");
    // the computer's turn: one job, once
    let turn = play.computer_turn();
    assert!(play.thinking && turn.job.is_some());
    assert!(play.computer_turn().job.is_none(), "asked twice");
    let theirs = finish(&mut play, turn);
    assert!(!play.thinking);
    // a move like the person's: the game changed (written, its jobs for
    // the old position stopped); the Square field is left as typed
    assert!(theirs.changed && !theirs.played, "{theirs:?}");
    let status = theirs.status.unwrap();
    assert!(
        !status.error && status.text.starts_with("Computer (Beginner) played "),
        "{status:?}"
    );
    assert_eq!(play.game.record().game.moves().len(), 2);
}

#[test]
fn a_click_on_the_computers_turn_is_refused_and_its_answer_returns_to_the_game() {
    let (mut play, turn) = at_the_computers_turn();
    let refused = play.choose(sq("E4"), MarkStyle::PlusO);
    assert_eq!(
        refused.status.map(|s| (s.error, s.text)),
        Some((true, "Wait: it is the computer's turn.".to_string()))
    );
    assert!(!refused.changed);
    // the person looks at the empty board meanwhile: the answer is played
    // on the game itself, and the board shows it
    assert!(play.act_game(PlayAction::View(Some(0))).job.is_none());
    assert_eq!(play.game.view(), Some(0));
    let theirs = finish(&mut play, turn);
    assert!(theirs.changed);
    assert_eq!(play.game.view(), None);
    assert_eq!(play.game.record().game.moves().len(), 2);
}

#[test]
fn an_answer_for_a_game_that_changed_meanwhile_is_dropped() {
    let (mut play, turn) = at_the_computers_turn();
    let undone = play.undo(MarkStyle::PlusO);
    assert!(undone.changed && !play.thinking);
    let late = finish(&mut play, turn);
    assert!(!late.changed && late.status.is_none(), "{late:?}");
    assert!(play.game.record().game.moves().is_empty());
}

#[test]
fn hint_is_a_job_of_the_game_and_says_its_square() {
    let (x, o) = ANN_AGAINST_THE_COMPUTER;
    let mut play = mode(x, o);
    assert!(play.can_hint());
    let asked = play.act_game(PlayAction::Hint);
    assert!(play.hinting && !play.can_hint(), "one Hint at a time");
    assert!(play.act_game(PlayAction::Hint).job.is_none());
    let hint = finish(&mut play, asked);
    assert!(!play.hinting);
    let text = hint.status.unwrap().text;
    assert!(text.starts_with("Hint: Ann (+) could play "), "{text}");
    assert!(play.game.hint().is_some());
    assert!(!hint.changed, "a hint is not a move");
}

#[test]
fn move_now_hurries_only_a_search_under_way() {
    let (x, o) = ANN_AGAINST_THE_COMPUTER;
    let mut play = mode(x, o);
    assert!(!play.act_game(PlayAction::MoveNow).hurry);
    play.choose(sq("E5"), MarkStyle::PlusO);
    let _turn = play.computer_turn();
    assert!(play.act_game(PlayAction::MoveNow).hurry);
}

#[test]
fn a_finished_review_is_kept_with_the_game_and_written_again() {
    let mut play = mode(PlayerKind::Human, PlayerKind::Human);
    play.review_config = scribe_ai::review::ReviewConfig::quick();
    for s in ["E5", "E4", "D6"] {
        assert!(play.choose(sq(s), MarkStyle::PlusO).changed);
    }
    let started = play.act_game(PlayAction::Review);
    // the bar counts what the review will count: the empty board and the
    // three positions after it (it said 3, then 4, before)
    assert_eq!(
        play.review_task.as_ref().map(ReviewTask::progress),
        Some((0, 4))
    );
    assert!(
        play.act_game(PlayAction::Review).job.is_none(),
        "one review at a time"
    );
    let done = finish(&mut play, started);
    assert!(play.review_task.is_none() && play.game.reviewed().is_some());
    // written again (with the library's copy), but no move: the jobs go on
    assert!(done.rewrite && !done.changed, "{done:?}");
}

#[test]
fn a_failed_job_leaves_nothing_waiting() {
    let (mut play, _turn) = at_the_computers_turn();
    play.job_failed();
    assert!(!play.thinking);
    // the turn can be asked again
    assert!(play.computer_turn().job.is_some());
}

#[test]
fn play_again_swapped_is_a_new_game_for_the_app_to_put_on_the_board() {
    let (x, o) = ANN_AGAINST_THE_COMPUTER;
    let mut play = mode(x, o);
    let again = play.act_game(PlayAction::PlayAgain { swap: true });
    let r = again.replace.expect("a replacement");
    assert_eq!(r.record.players.o.name, "Ann");
    assert_eq!(r.record.players.x.name, "Computer");
    // the game on the board is untouched until the app installs it
    assert_eq!(play.game.record().players.x.name, "Ann");
}
