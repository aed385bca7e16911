use super::*;
use scribe_scribbage::{SolverConfig, solve};

/// Seed 0: the first roll is `Roll::seeded(1)`, NRECMRWATRP?? (two jokers).
fn table(players: usize, end: End, timer: Option<u32>) -> ScribbageSession {
    let mut s = ScribbageSession::new(0);
    s.act(ScribbageAction::Players(players));
    s.act(ScribbageAction::End(end));
    s.act(ScribbageAction::Timer(timer));
    s.act(ScribbageAction::Start);
    assert_eq!(s.phase(), Phase::Ready);
    assert!(
        s.act(ScribbageAction::Roll(1_000)),
        "a roll starts the solver"
    );
    assert_eq!(s.roll().unwrap().to_string(), "NRECMRWATRP??");
    s
}

fn type_at(s: &mut ScribbageSession, r: usize, c: usize, text: &str) {
    s.act(ScribbageAction::Cursor(r, c));
    for ch in text.chars() {
        s.act(ScribbageAction::Type(ch));
    }
}

fn letters(s: &ScribbageSession) -> String {
    s.crossword().trimmed().to_text()
}

/// CRANE across, MAT down through its A.
fn crane_mat(s: &mut ScribbageSession) {
    type_at(s, 6, 3, "CRANE");
    type_at(s, 5, 5, "M");
    type_at(s, 7, 5, "T");
}

#[test]
fn setup_keeps_one_to_six_names_and_starts_a_sheet() {
    let mut s = ScribbageSession::new(3);
    assert_eq!(s.phase(), Phase::Setup);
    s.act(ScribbageAction::Players(9));
    assert_eq!(s.setup().names.len(), MAX_PLAYERS);
    s.act(ScribbageAction::Players(0));
    assert_eq!(s.setup().names, vec![""]);
    s.act(ScribbageAction::Name(0, "  ".into()));
    s.act(ScribbageAction::Start);
    let sheet = s.sheet().unwrap();
    assert_eq!(sheet.players(), ["Player 1"], "an empty name is filled in");
    assert_eq!(sheet.end(), End::Turns(1), "solitaire: one throw");
    s.act(ScribbageAction::NewGame);
    s.act(ScribbageAction::Players(3));
    assert_eq!(
        s.setup().end,
        End::Target(200),
        "a table plays to the seed's 200"
    );
    // no roll, no placing before the turn
    s.act(ScribbageAction::Type('A'));
    assert_eq!(s.cells().count(), 0);
}

#[test]
fn typing_places_matching_cubes_and_the_cursor_runs_on() {
    let mut s = table(1, End::Turns(1), None);
    type_at(&mut s, 6, 3, "crane");
    assert_eq!(letters(&s), "CRANE\n");
    assert_eq!(s.cursor(), (6, 8));
    assert_eq!(s.unused().len(), 8);
    // down: the last arrow sets the direction
    s.act(ScribbageAction::Cursor(5, 5));
    s.act(ScribbageAction::Step(-1, 0));
    s.act(ScribbageAction::Step(1, 0));
    s.act(ScribbageAction::Type('M'));
    assert_eq!(s.cursor(), (6, 5), "down after a down arrow");
    type_at(&mut s, 7, 5, "T");
    let live = s.live();
    assert!(live.problems.is_empty(), "{:?}", live.problems);
    let sc = live.scoring.as_ref().expect("a legal crossword scores");
    assert_eq!((sc.across_total(), sc.down_total()), (7, 5));
    // W R R P ? ? left over: 4 + 1 + 1 + 3
    assert_eq!(sc.left_over_total(), 9);
    assert_eq!(sc.total(), 3);
}

#[test]
fn a_letter_no_cube_shows_takes_a_joker_then_is_refused() {
    let mut s = table(1, End::Turns(1), None);
    type_at(&mut s, 0, 0, "SSS");
    assert_eq!(letters(&s), "?S?S\n", "two jokers as S, then none left");
    assert!(s.message().unwrap().1, "the third S is refused");
    assert_eq!(s.message().unwrap().0, "No S left among the cubes.");
}

#[test]
fn a_joker_asks_for_its_letter_by_key_or_by_button() {
    let mut s = table(1, End::Turns(1), None);
    type_at(&mut s, 6, 3, "?");
    assert_eq!(s.waiting_joker(), Some((6, 3)));
    assert!(s.live().scoring.is_none(), "no score while a joker waits");
    s.act(ScribbageAction::Type('c'));
    assert_eq!(s.waiting_joker(), None);
    type_at(&mut s, 6, 4, "AT");
    assert_eq!(letters(&s), "?CAT\n");
    let sc = s.live().scoring.clone().unwrap();
    assert_eq!(sc.across_total(), 2, "the joker C scores nothing");
    // by the button: a joker picked and put down with the mouse
    let j = s
        .unused()
        .into_iter()
        .find(|&i| s.face(i) == Some(Face::Joker));
    s.act(ScribbageAction::Pick(j.unwrap()));
    s.act(ScribbageAction::Cell(7, 3));
    assert_eq!(s.waiting_joker(), Some((7, 3)));
    s.act(ScribbageAction::Joker(Letter::from_char('U').unwrap()));
    assert_eq!(letters(&s), "?CAT\n?U..\n");
}

#[test]
fn the_mouse_picks_puts_moves_and_takes_back() {
    let mut s = table(1, End::Turns(1), None);
    let w = 6; // cube 7 shows W
    assert_eq!(s.cube_name(w), "Cube 7, W, 4 points");
    s.act(ScribbageAction::Pick(w));
    assert_eq!(s.picked(), Some(w));
    s.act(ScribbageAction::Cell(2, 2));
    assert_eq!(s.at(2, 2).map(|p| p.cube), Some(w));
    assert_eq!(s.picked(), None);
    // click it: picked up; click elsewhere: moved
    s.act(ScribbageAction::Cell(2, 2));
    assert_eq!(s.picked(), Some(w));
    s.act(ScribbageAction::Cell(4, 4));
    assert_eq!((s.at(2, 2), s.place_of(w)), (None, Some((4, 4))));
    // another cube on it sends W back to the tray
    s.act(ScribbageAction::Pick(0));
    s.act(ScribbageAction::Cell(4, 4));
    assert_eq!(s.place_of(w), None);
    s.act(ScribbageAction::Clear(4, 4));
    assert_eq!(s.cells().count(), 0);
    assert_eq!(s.unused().len(), 13);
}

#[test]
fn backspace_and_delete_take_cubes_back() {
    let mut s = table(1, End::Turns(1), None);
    type_at(&mut s, 6, 3, "CRANE");
    s.act(ScribbageAction::Back);
    assert_eq!(letters(&s), "CRAN\n");
    assert_eq!(s.cursor(), (6, 7));
    s.act(ScribbageAction::Cursor(6, 3));
    s.act(ScribbageAction::Remove);
    assert_eq!(letters(&s), "RAN\n");
    s.act(ScribbageAction::ClearAll);
    assert_eq!(s.cells().count(), 0);
}

#[test]
fn live_checks_mark_non_words_and_loose_cubes() {
    let mut s = table(1, End::Turns(1), None);
    type_at(&mut s, 6, 3, "CRANW");
    assert_eq!(
        s.live().not_words,
        (3..8).map(|c| (6, c)).collect::<Vec<_>>()
    );
    assert!(s.live().scoring.is_none());
    s.act(ScribbageAction::Cursor(6, 7));
    s.act(ScribbageAction::Type('E'));
    assert!(s.live().not_words.is_empty());
    type_at(&mut s, 11, 11, "P");
    assert_eq!(s.live().loose, vec![(11, 11)]);
    assert!(matches!(
        s.live().problems[..],
        [Problem::NotConnected { .. }]
    ));
}

#[test]
fn time_up_takes_the_score_and_loose_cubes_are_left_over() {
    let mut s = table(1, End::Turns(1), Some(60));
    crane_mat(&mut s);
    type_at(&mut s, 11, 11, "P");
    assert_eq!(s.remaining(31_000), Some(30_000));
    s.act(ScribbageAction::Tick(31_000));
    assert_eq!(s.phase(), Phase::Turn, "half a minute left");
    s.act(ScribbageAction::Tick(61_000));
    assert_eq!(s.phase(), Phase::Scored);
    let r = s.result().unwrap();
    assert!(r.timed_out);
    assert_eq!(r.notes, ["Not connected, so left over: P."]);
    assert_eq!(r.scoring.total(), 3);
    assert_eq!(r.crossword.to_text(), "..M..\nCRANE\n..T..\n");
    // the scorer's own lines
    let again = score(&r.crossword, s.roll(), WordList::builtin()).unwrap();
    assert_eq!(again.lines(), r.scoring.lines());
    assert_eq!(s.sheet().unwrap().scores(0), [3]);
    assert_eq!(s.winners(), Some(vec![0]), "solitaire: one throw");
    // the P went back to the tray; nothing more can be placed
    assert!(s.at(11, 11).is_none());
    assert_eq!(s.cells().count(), 7);
    s.act(ScribbageAction::Type('W'));
    assert_eq!(s.cells().count(), 7);
}

#[test]
fn a_non_word_at_the_end_leaves_every_cube_over() {
    let mut s = table(1, End::Turns(1), None);
    type_at(&mut s, 6, 3, "CRANW");
    s.act(ScribbageAction::Done);
    let r = s.result().unwrap();
    assert!(!r.timed_out);
    assert_eq!(
        r.notes,
        [
            "CRANW is not in the word list, so the crossword does not count: every cube is left over."
        ]
    );
    assert_eq!(r.scoring.left_over.len(), 13);
    assert_eq!(r.scoring.total(), -i64::from(s.roll().unwrap().value()));
}

#[test]
fn players_pass_the_laptop_and_the_game_ends_at_the_target() {
    let mut s = table(2, End::Target(3), Some(120));
    s.act(ScribbageAction::Name(0, "Ann".into()));
    assert_eq!(
        s.name(0),
        "Player 1",
        "names are fixed once the game starts"
    );
    assert_eq!(s.player(), Some(0));
    crane_mat(&mut s);
    s.act(ScribbageAction::Done);
    assert_eq!(s.winners(), None, "the second player still plays the round");
    s.act(ScribbageAction::Next);
    assert_eq!((s.phase(), s.player()), (Phase::Ready, Some(1)));
    assert!(s.roll().is_none());
    assert!(s.act(ScribbageAction::Roll(500_000)));
    assert_eq!(s.roll_number(), 2);
    assert_ne!(s.roll().unwrap().to_string(), "NRECMRWATRP??");
    s.act(ScribbageAction::Done);
    let sheet = s.sheet().unwrap();
    assert_eq!(sheet.scores(0), [3]);
    assert_eq!(sheet.scores(1).len(), 1);
    assert_eq!(s.winners(), Some(vec![0]));
    // Next after the end: a new game with the same set-up
    s.act(ScribbageAction::Next);
    assert_eq!(s.phase(), Phase::Setup);
    assert_eq!(s.setup().names.len(), 2);
}

#[test]
fn the_solvers_answer_is_kept_only_for_its_roll() {
    let mut s = table(1, End::Turns(2), None);
    let roll = Roll::parse("CAT").unwrap();
    let solution = solve(&roll, WordList::builtin(), &SolverConfig::default());
    s.found(Best {
        roll: 7,
        solution: solution.clone(),
        millis: 1,
    });
    assert!(s.best().is_none(), "an older roll's answer is dropped");
    s.found(Best {
        roll: s.roll_number(),
        solution,
        millis: 1,
    });
    assert_eq!(s.best().unwrap().solution.scoring.total(), 5);
}
