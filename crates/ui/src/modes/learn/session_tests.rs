use super::*;
use scribe_rules::Glyph;
use scribe_rules::Variant;

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn find(title: &str) -> LearnSession {
    let i = STEPS.iter().position(|s| s.title == title).unwrap();
    LearnSession::at(i)
}

/// The right move or answer of a step, found by trying each on a copy:
/// `Ok(square)` for a board task, `Err(answer)` for a question.
fn solve(s: &LearnSession, style: MarkStyle) -> Option<Result<Square, usize>> {
    if s.step().task.is_question() {
        (0..s.answers(style).len())
            .find(|&i| s.clone().answer(i, style).right)
            .map(Err)
    } else if s.step().task.on_board() {
        Square::ALL
            .into_iter()
            .find(|&q| s.clone().point(q, style).right)
            .map(Ok)
    } else {
        None
    }
}

#[test]
fn every_setup_is_a_legal_game() {
    for step in STEPS {
        let n = step.moves.split_whitespace().count();
        let squares: Vec<Square> = step.moves.split_whitespace().map(sq).collect();
        let game = Game::from_moves(squares).unwrap_or_else(|e| panic!("{}: {e}", step.title));
        assert_eq!(game.moves().len(), n, "{}", step.title);
        // the learner always plays the first player
        if step.task.on_board() && !matches!(step.task, Task::NewestMark(_)) {
            assert_eq!(game.position().to_move(), Player::X, "{}", step.title);
        }
    }
}

#[test]
fn each_setup_shows_what_its_text_says() {
    let routing = find("Where you play next");
    assert_eq!(routing.position().target(), Target::Grid(grid(7)));
    assert_eq!(routing.last_mark(), Some(sq("D6")));

    let full = find("When that mini grid is full");
    let pos = full.position();
    let last = full.last_mark().unwrap();
    assert_eq!(last, sq("G4"));
    assert!(
        pos.is_grid_full(last.cell()),
        "G4 points to a full mini grid"
    );
    assert_eq!(pos.target(), Target::Anywhere);
    assert!(pos.moves_played() > 1, "not the free first move");

    let glyph = find("Glyphs");
    assert_eq!(glyph.position().target(), Target::Grid(grid(5)));
    let line = glyph.position().grid_cells(grid(5))[Player::X];
    assert_eq!(Glyph::of_group(line), Some(Glyph::Line));

    let groups = find("Only whole groups count");
    let cells = groups.position().grid_cells(grid(1))[Player::X];
    let found = grid_groups(cells);
    assert_eq!(found.len(), 2);
    assert!(
        found
            .iter()
            .any(|g| g.glyph.is_none() && g.cells.count() == 4)
    );

    let winner = find("Winning a mini grid");
    assert!(winner.position().is_grid_full(grid(5)));
    let cells = winner.position().grid_cells(grid(5));
    let score = winner.position().grid_score(grid(5));
    // the winner has fewer marks: more marks do not always win
    let w = score.winner.unwrap();
    assert!(cells[w].count() < cells[w.other()].count());

    let game = find("Majority");
    let result = game.position().result();
    assert!(game.position().is_over());
    assert_ne!(
        result.winner(Variant::Majority),
        result.winner(Variant::SuperGlyph),
        "the two versions disagree, so the Super Glyph step teaches something"
    );
}

#[test]
fn a_learner_completes_every_step_and_the_answers_are_the_rules_own() {
    let style = MarkStyle::PlusO;
    let mut s = LearnSession::at(0);
    let mut seen = Vec::new();
    loop {
        assert!(
            !s.done() || s.step().task == Task::Read,
            "{}",
            s.step().title
        );
        match solve(&s, style) {
            Some(Ok(q)) => {
                assert!(s.point(q, style).right);
                seen.push(q.to_string());
            }
            Some(Err(i)) => {
                let answer = s.answers(style)[i].clone();
                assert!(s.answer(i, style).right);
                seen.push(answer);
            }
            None => assert_eq!(s.step().task, Task::Read),
        }
        assert!(s.done(), "{}", s.step().title);
        if !s.next_step() {
            break;
        }
    }
    assert_eq!(s.index(), LearnSession::len() - 1);
    // worked out by hand from the boards, independently of the code
    assert_eq!(
        seen,
        [
            "A1",
            "C7",
            "D4",
            "D7",
            "D4",
            "1 point",
            "+ by 2",
            "+ wins, 5 mini grids to 4",
            "O by 4"
        ]
    );
}

#[test]
fn only_one_square_routes_to_the_upper_right() {
    let style = MarkStyle::PlusO;
    let s = find("Where you play next");
    let right: Vec<Square> = Square::ALL
        .into_iter()
        .filter(|&q| s.clone().point(q, style).right)
        .collect();
    assert_eq!(right, [sq("C7")]);
    let mut s = s;
    let f = s.point(sq("B8"), style).clone();
    assert!(!f.right);
    assert!(
        f.text
            .contains("B8 is allowed, but B8 sits in the centre of its mini grid"),
        "{}",
        f.text
    );
    assert_eq!(s.tries(), 1);
    assert_eq!(
        s.position().moves_played(),
        2,
        "a wrong try leaves the board"
    );
    let f = s.point(sq("A1"), style).clone();
    assert_eq!(
        f.text,
        "A1 is not allowed: + must play in the lower-left mini grid (A7-C9)."
    );
}

#[test]
fn the_first_mark_is_answered_by_o() {
    let mut s = LearnSession::at(0);
    let f = s.point(sq("E5"), MarkStyle::XO).clone();
    assert!(f.right, "{}", f.text);
    assert_eq!(s.position().moves_played(), 2);
    assert_eq!(s.position().to_move(), Player::X);
    assert!(
        f.text.starts_with("You marked E5, and O answered with "),
        "{}",
        f.text
    );
    assert!(f.text.contains("X plays first"), "{}", f.text);
    // once done, more clicks change nothing
    assert!(s.point(sq("A1"), MarkStyle::XO).right);
    assert_eq!(s.position().moves_played(), 2);
}

#[test]
fn wrong_answers_say_why_without_giving_the_answer() {
    let style = MarkStyle::PlusO;
    let mut s = find("Winning a mini grid");
    let answers = s.answers(style);
    assert_eq!(answers.len(), 6);
    let wrong = answers.iter().position(|a| a == "O by 1").unwrap();
    let f = s.answer(wrong, style).clone();
    assert!(!f.right && f.text.starts_with("Not O by 1."), "{}", f.text);
    assert!(!s.done());
    let right = answers.iter().position(|a| a == "+ by 2").unwrap();
    let f = s.answer(right, style).clone();
    assert!(f.right);
    assert!(
        f.text.contains("a group of 3 that is no glyph (0)"),
        "the explanation comes from the rules: {}",
        f.text
    );
    // the slashed-mark step: pointing at an older O is wrong
    let mut s = find("Slashes");
    assert!(s.point(sq("H4"), style).text.contains("slashed"));
    assert!(s.point(sq("D6"), style).text.contains("is +'s mark"));
    assert!(s.point(sq("A1"), style).text.contains("empty"));
    assert!(s.point(sq("D7"), style).right);
}

#[test]
fn the_glyph_step_names_the_shape_made() {
    let style = MarkStyle::XO;
    let mut s = find("Glyphs");
    let f = s.point(sq("E4"), style).clone();
    assert!(!f.right);
    assert!(
        f.text
            .starts_with("E4 makes a Squat-T (4 points), not a Pipe."),
        "{}",
        f.text
    );
    for q in ["D4", "F4", "D6", "F6"] {
        assert!(s.clone().point(sq(q), style).right, "{q}");
    }
}

#[test]
fn coming_back_resumes_where_the_learner_left() {
    let s = LearnSession::resume(Progress {
        offered: true,
        step: 3,
    });
    assert_eq!(s.index(), 3);
    assert_eq!(
        s.progress(true),
        Progress {
            offered: true,
            step: 3
        }
    );
    // after the last step, the course starts again
    let last = LearnSession::len() - 1;
    assert_eq!(
        LearnSession::resume(Progress {
            offered: true,
            step: last
        })
        .index(),
        0
    );
    assert_eq!(
        LearnSession::resume(Progress {
            offered: true,
            step: 99
        })
        .index(),
        0
    );
    let mut s = LearnSession::at(2);
    assert!(s.previous_step());
    assert_eq!(s.index(), 1);
    assert!(LearnSession::at(0).clone().go(last));
    assert!(!LearnSession::at(0).go(last + 1));
}

#[test]
fn texts_use_the_chosen_mark() {
    let s = LearnSession::at(0);
    assert!(s.text(MarkStyle::XO).contains("You are X"));
    assert!(s.text(MarkStyle::PlusO).contains("You are +"));
    for step in STEPS {
        assert!(
            !step.text.contains('#') && !step.text.contains('`'),
            "no Markdown: {}",
            step.title
        );
    }
}
