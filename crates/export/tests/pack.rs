//! The car-trip pack: the paper-board referee and the puzzle book.

#[path = "../../ai/tests/common/mod.rs"]
mod common;
use common::play_choices;
use lopdf::Document;
use proptest::prelude::*;
use scribe_ai::{Difficulty, Goal, Level, Puzzle, PuzzleConfig, SearchConfig, generate_puzzles};
use scribe_export::{PuzzleExport, puzzles_pdf};
use scribe_record::{PaperBoardError, paper_score_json, parse_paper_board, score_json, text_board};
use scribe_rules::{MarksError, Player, Position, Square, Variant};
use std::sync::OnceLock;
use std::sync::atomic::AtomicBool;

// ---------------------------------------------------------------- referee

/// How a board is written on paper.
#[derive(Debug, Clone)]
struct Spelling {
    /// Per square: which of the spellings of its mark to use.
    picks: Vec<u8>,
    labels: bool,
    header: bool,
    spaces: bool,
    blank_lines: bool,
}

fn spelling() -> impl Strategy<Value = Spelling> {
    (
        prop::collection::vec(any::<u8>(), 81),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(picks, labels, header, spaces, blank_lines)| Spelling {
            picks,
            labels,
            header,
            spaces,
            blank_lines,
        })
}

/// Writes the marks of `p` (no move order) the way `s` says.
fn write_board(p: &Position, s: &Spelling) -> String {
    let sep = if s.spaces { " " } else { "" };
    let mut out = String::new();
    if s.header {
        out.push_str("  A B C D E F G H I\n");
    }
    for row in 0..9u8 {
        let mut cells: Vec<String> = Vec::new();
        if s.labels {
            cells.push((row + 1).to_string());
        }
        for col in 0..9u8 {
            let sq = Square::new(col, row).unwrap();
            let k = usize::from(s.picks[sq.index()]);
            let c = match p.at(sq) {
                Some(Player::X) => ["x", "X", "+"][k % 3],
                Some(Player::O) => ["o", "O"][k % 2],
                None => [".", "-"][k % 2],
            };
            cells.push(c.to_string());
        }
        if s.labels {
            cells.push((row + 1).to_string());
        }
        out.push_str(&cells.join(sep));
        out.push('\n');
        if s.blank_lines && row % 3 == 2 {
            out.push_str("\n# a comment\n");
        }
    }
    if s.header {
        out.push_str("  A B C D E F G H I\n");
    }
    out
}

fn check_referee(choices: &[u8], s: &Spelling) -> Result<(), TestCaseError> {
    let game = play_choices(choices);
    let moved = *game.position();
    let text = write_board(&moved, s);
    let paper =
        parse_paper_board(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    let (a, b) = (paper.result(), moved.result());
    prop_assert_eq!(&a.grids, &b.grids);
    prop_assert_eq!(a.won, b.won);
    prop_assert_eq!(a.majority, b.majority);
    prop_assert_eq!(a.super_glyph, b.super_glyph);
    prop_assert_eq!(paper.moves_played(), moved.moves_played());
    // the JSON is the move-by-move one, except that to_move is always null
    let mut expected = serde_json::to_value(score_json(&moved)).unwrap();
    expected["to_move"] = serde_json::Value::Null;
    prop_assert_eq!(
        serde_json::to_value(paper_score_json(&paper)).unwrap(),
        expected
    );
    // no move order: nothing slashed, no last moves
    prop_assert!(Square::ALL.iter().all(|&sq| !paper.is_slashed(sq)));
    prop_assert_eq!(paper.last_move(Player::X), None);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Finished games: the referee agrees with the move-by-move scorer.
    #[test]
    fn referee_agrees_on_finished_games(choices in prop::collection::vec(any::<u8>(), 81), s in spelling()) {
        check_referee(&choices, &s)?;
    }

    /// Unfinished games too.
    #[test]
    fn referee_agrees_on_partial_games(choices in prop::collection::vec(any::<u8>(), 0..81), s in spelling()) {
        check_referee(&choices, &s)?;
    }
}

#[test]
fn the_printed_text_board_reads_back() {
    let game = play_choices(&[7; 81]);
    let p = parse_paper_board(&text_board(game.position())).unwrap();
    assert_eq!(p.result(), game.position().result());
}

#[test]
fn bad_boards_name_the_row_and_column() {
    let empty = ".........\n";
    let cases: [(String, &str); 6] = [
        (
            format!("{}....#....\n{}", empty.repeat(6), empty.repeat(2)),
            "line 7, row 7, column E: '#' is not a mark",
        ),
        (
            format!("{}{}", empty.repeat(4), "x o . . . . . . . .\n") + &empty.repeat(4),
            "line 5, row 5: 10 marks",
        ),
        (empty.repeat(7), "row 8 is missing"),
        (empty.repeat(10), "line 10: a tenth row"),
        (
            format!("xxx......\no........\n{}", empty.repeat(7)),
            "X has 3 marks and O 1",
        ),
        (
            format!("  A B C D E F G H I\n1{}3{}", empty, empty.repeat(8)),
            "line 3, row 2: the row is labelled 3",
        ),
    ];
    for (text, expected) in cases {
        let e = parse_paper_board(&text).unwrap_err().to_string();
        assert!(e.contains(expected), "{e:?} should contain {expected:?}");
        assert_eq!(e.lines().count(), 1);
    }
    assert!(matches!(
        parse_paper_board(&format!("o........\n{}", empty.repeat(8))),
        Err(PaperBoardError::Marks(MarksError::Counts { x: 0, o: 1 }))
    ));
}

// ---------------------------------------------------------------- puzzles

/// Puzzles small enough for the brute force below: Easy self-play, 5 to 7
/// empty squares, four puzzles (one with a mini grid as its goal).
fn small_puzzles() -> &'static [Puzzle] {
    static P: OnceLock<Vec<Puzzle>> = OnceLock::new();
    P.get_or_init(|| {
        let mut config = PuzzleConfig::new(5, 11, Variant::Majority, Difficulty::Easy);
        config.play = SearchConfig::for_level(Level::Easy);
        config.empties = 5..=7;
        generate_puzzles(&config, &AtomicBool::new(false), |_| {}).unwrap()
    })
}

/// Plain minimax over every remaining move, no tables, no ordering:
/// can `player` reach `goal` from `p` whatever the other does?
fn reaches(p: &Position, goal: Goal, variant: Variant, player: Player) -> bool {
    match goal {
        Goal::Grid(g) if p.is_grid_full(g) => return p.grid_score(g).winner == Some(player),
        Goal::Game if p.is_over() => return p.result().winner(variant) == Some(player),
        _ => {}
    }
    let ours = p.to_move() == player;
    let mut children = p.legal_moves().iter().map(|sq| {
        let mut c = *p;
        c.play(sq).unwrap();
        reaches(&c, goal, variant, player)
    });
    if ours {
        children.any(|w| w)
    } else {
        children.all(|w| w)
    }
}

#[test]
fn every_answer_is_the_only_winning_move_by_brute_force() {
    let puzzles = small_puzzles();
    assert_eq!(puzzles.len(), 5);
    assert!(puzzles.iter().any(|p| matches!(p.goal, Goal::Grid(_))));
    assert!(puzzles.iter().any(|p| p.goal == Goal::Game));
    for puzzle in puzzles {
        let pos = puzzle.position();
        assert!((5..=7).contains(&puzzle.empties()));
        assert_eq!(pos.to_move(), puzzle.to_move);
        let winners: Vec<Square> = pos
            .legal_moves()
            .iter()
            .filter(|&sq| {
                let mut c = pos;
                c.play(sq).unwrap();
                reaches(&c, puzzle.goal, puzzle.variant, puzzle.to_move)
            })
            .collect();
        assert_eq!(winners, vec![puzzle.answer], "{puzzle:?}");
        assert!(pos.legal_moves().len() >= 3);
        // the main line starts with the answer and is legal
        assert_eq!(puzzle.line.first(), Some(&puzzle.answer));
        let mut after = pos;
        for &sq in &puzzle.line {
            after.play(sq).unwrap();
        }
        if let Goal::Grid(g) = puzzle.goal {
            assert_eq!(pos.target(), scribe_rules::Target::Grid(g));
            assert!(after.is_grid_full(g));
            assert_eq!(after.grid_score(g).winner, Some(puzzle.to_move));
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzles() {
    let mut config = PuzzleConfig::new(5, 11, Variant::Majority, Difficulty::Easy);
    config.play = SearchConfig::for_level(Level::Easy);
    config.empties = 5..=7;
    let again = generate_puzzles(&config, &AtomicBool::new(false), |_| {}).unwrap();
    assert_eq!(again, small_puzzles());
}

#[test]
fn super_glyph_puzzles_are_won_in_super_glyph() {
    let mut config = PuzzleConfig::new(1, 2, Variant::SuperGlyph, Difficulty::Easy);
    config.play = SearchConfig::for_level(Level::Easy);
    config.empties = 5..=7;
    let p = generate_puzzles(&config, &AtomicBool::new(false), |_| {}).unwrap();
    let puzzle = &p[0];
    let pos = puzzle.position();
    for sq in pos.legal_moves().iter() {
        let mut c = pos;
        c.play(sq).unwrap();
        let wins = reaches(&c, Goal::Game, Variant::SuperGlyph, puzzle.to_move);
        assert_eq!(wins, sq == puzzle.answer, "{sq}");
    }
}

#[test]
fn the_pdf_has_the_puzzles_then_every_answer_at_the_back() {
    let puzzles = small_puzzles();
    let pdf = puzzles_pdf(puzzles, &PuzzleExport::default()).unwrap();
    let doc = Document::load_mem(&pdf).unwrap();
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    assert_eq!(
        pages.len(),
        2 + 1,
        "5 puzzles on two pages, then the solutions"
    );
    for &n in &pages {
        let t = doc.extract_text(&[n]).unwrap();
        assert!(t.contains("Mark Steere"), "credit on page {n}");
    }
    let first = doc.extract_text(&[pages[0]]).unwrap();
    for i in 1..=4 {
        assert!(first.contains(&format!("Puzzle {i}")), "{first}");
    }
    assert!(first.contains("to play"));
    assert!(first.contains("Goal"));
    let last = doc.extract_text(&[pages[2]]).unwrap();
    assert!(last.contains("Solutions"));
    for (i, p) in puzzles.iter().enumerate() {
        let line = format!("{}. {} plays {}", i + 1, p.to_move, p.answer);
        assert!(last.contains(&line), "{line:?} in {last}");
    }
    assert!(!first.contains(" plays "), "no answers among the puzzles");
    assert!(puzzles_pdf(&[], &PuzzleExport::default()).is_err());
}
