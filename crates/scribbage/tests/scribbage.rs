//! Scribbage: the rules from the seed's own text, property tests of the
//! solver against the scorer (the command line and the printed sheet:
//! tests/scribbage_cli.rs at the workspace's root).

use proptest::prelude::*;
use scribbage::{Roll, SolverConfig, WordList, check, exhaustive, parse_file, score, solve};
use scribe_scribbage as scribbage;

const SEED_EXAMPLE: &str = include_str!("data/scribbage_seed_example.txt");

fn scored(text: &str) -> Result<scribbage::Scoring, scribbage::Problems> {
    let (roll, cw) = parse_file(text).expect("the file parses");
    score(&cw, roll.as_ref(), WordList::builtin())
}

fn problems(text: &str) -> Vec<String> {
    let (roll, cw) = parse_file(text).expect("the file parses");
    check(&cw, roll.as_ref(), WordList::builtin())
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn the_seeds_example_scores_11_and_28_less_8_is_31() {
    let s = scored(SEED_EXAMPLE).unwrap();
    assert_eq!(s.across_total(), 11, "IVORY");
    assert_eq!(s.down_total(), 28, "QUIZ and COAT");
    assert_eq!(s.left_over_total(), 8, "B and K");
    assert_eq!(s.total(), 31);
    let lines = s.lines();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Horizontal Words") && l.contains("11 points"))
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Vertical Words") && l.ends_with("28"))
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("less cubes left over") && l.ends_with('8'))
    );
    assert_eq!(
        lines.last().unwrap().split_whitespace().collect::<Vec<_>>(),
        ["TOTAL", "SCORE", "31", "points"]
    );
}

#[test]
fn a_letter_in_both_words_counts_twice() {
    // C is in CAT (across) and CAB (down)
    let s = scored("roll: CATAB\nCAT\nA..\nB..\n").unwrap();
    assert_eq!((s.across_total(), s.down_total(), s.total()), (5, 7, 12));
}

#[test]
fn jokers_score_nothing_and_keep_one_letter_in_both_words() {
    // the joker is the C of CAT and of CAB: it scores in neither
    let s = scored("roll: ?ATAB\n?CAT\nA..\nB..\n").unwrap();
    assert_eq!((s.across_total(), s.down_total(), s.total()), (2, 4, 6));
    // one joker is one letter: a ? followed by a letter is one square
    let (_, cw) = parse_file("?CAT\n").unwrap();
    assert_eq!(cw.width(), 3);
    // a joker used where the roll has none
    let p = problems("roll: CATAB\n?CAT\nA..\nB..\n");
    assert!(
        p.iter()
            .any(|m| m == "the crossword uses 1 joker but the roll shows 0"),
        "{p:?}"
    );
}

#[test]
fn every_cube_used_must_be_in_one_crossword() {
    let p = problems("roll: CATDOG\nCAT.\n....\nDOG.\n");
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(p[0].starts_with("not connected to the crossword: D at row 3, column 1, O at row 3, column 2, G at row 3, column 3"), "{}", p[0]);
    let p = problems("roll: CATQ\nCAT\n...\n..Q\n");
    assert!(p[0].contains("Q at row 3, column 3"), "{p:?}");
    assert!(problems("Q\n")[0].contains("a single letter, not a word"));
}

#[test]
fn unused_cubes_are_subtracted_and_a_word_not_in_the_list_is_named() {
    let s = scored("roll: CATQZ\nCAT\n").unwrap();
    assert_eq!((s.left_over_total(), s.total()), (20, -15));
    let p = problems("roll: CATS\nCTAS\n");
    assert_eq!(
        p,
        ["across word CTAS at row 1, column 1 is not in the word list"]
    );
    let p = problems("CAT\nA..\nX..\n");
    assert_eq!(
        p,
        ["down word CAX at row 1, column 1 is not in the word list"]
    );
    // a run made by accident must be a word too
    let p = problems("CAT\nAT.\n");
    assert!(
        p.iter()
            .any(|m| m == "down word CA at row 1, column 1 is not in the word list"),
        "{p:?}"
    );
    let p = problems("roll: CAT\nCATT\n");
    assert!(
        p.iter()
            .any(|m| m == "the crossword uses 2 Ts but the roll shows 1"),
        "{p:?}"
    );
    // the empty crossword: every cube left over
    let s = scored("roll: CAT\n").unwrap();
    assert_eq!(s.total(), -5);
}

#[test]
fn the_cubes_give_playable_rolls() {
    // every seeded roll of 200 allows a word of five letters or more
    let words = WordList::builtin();
    for seed in 0..200 {
        let roll = Roll::seeded(seed);
        let (have, jokers) = roll.counts();
        let five = words.words().iter().any(|w| {
            w.len() >= 5 && {
                let mut c = [0u8; 26];
                w.bytes().for_each(|b| c[usize::from(b - b'a')] += 1);
                (0..26)
                    .map(|i| u32::from(c[i].saturating_sub(have[i])))
                    .sum::<u32>()
                    <= u32::from(jokers)
            }
        });
        assert!(five, "roll {roll} makes no word of 5+ letters");
    }
}

#[test]
fn the_solver_matches_the_exhaustive_search_on_tiny_rolls() {
    let words = WordList::builtin();
    let cfg = SolverConfig {
        beam: 20,
        node_budget: 200,
        seed: 1,
    };
    for letters in ["CAT", "DOGS", "QUIZ"] {
        let roll = Roll::parse(letters).unwrap();
        let ex = exhaustive(&roll, words, 5_000_000).expect("small");
        let beam = solve(&roll, words, &cfg);
        assert_eq!(beam.scoring.total(), ex.scoring.total(), "{letters}");
        assert!(score(&ex.crossword, Some(&roll), words).is_ok());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]
    #[test]
    fn the_solvers_crossword_is_always_accepted_by_the_scorer(seed in any::<u64>(), size in 3usize..=13) {
        let full = Roll::seeded(seed);
        let roll = Roll::from_faces(full.faces()[..size].to_vec()).unwrap();
        let cfg = SolverConfig { beam: 6, node_budget: 12, seed };
        let words = WordList::builtin();
        let found = solve(&roll, words, &cfg);
        let again = score(&found.crossword, Some(&roll), words);
        prop_assert_eq!(again, Ok(found.scoring.clone()));
        // and it reads back from its own text
        let text = format!("roll: {roll}\n{}", found.crossword);
        let (r2, cw2) = parse_file(&text).unwrap();
        prop_assert_eq!(r2.as_ref(), Some(&roll));
        prop_assert_eq!(cw2, found.crossword);
    }

    #[test]
    fn random_grids_either_score_or_name_a_problem(cells in proptest::collection::vec((0usize..5, 0usize..5, 0u8..26, any::<bool>()), 1..10)) {
        let mut cw = scribbage::Crossword::empty(5, 5);
        for (r, c, l, j) in cells {
            let l = scribbage::Letter::from_index(usize::from(l));
            cw.set(r, c, Some(if j { scribbage::Tile::joker(l) } else { scribbage::Tile::letter(l) }));
        }
        let words = WordList::builtin();
        match score(&cw, None, words) {
            Ok(s) => prop_assert!(s.total() >= 0),
            Err(p) => prop_assert!(!p.0.is_empty() && p.0.iter().all(|x| !x.to_string().is_empty())),
        }
    }
}
