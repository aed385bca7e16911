//! The rules pinned to the worked examples of RULES.md and the seed texts.

use scribe_record::{replay, text_board};
use scribe_rules::{
    ByPlayer, GLYPHS, Game, Glyph, GridIndex, GridMask, GridScore, IllegalReason, Player, Position,
    Square, Target, grid_points,
};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn grid(n: u8) -> GridIndex {
    GridIndex::from_number(n).unwrap()
}

/// A mini grid written as in RULES.md: `xox/oxo/oox`.
fn filling(text: &str) -> ByPlayer<GridMask> {
    let mut cells = ByPlayer::<GridMask>::default();
    for (i, c) in text.chars().filter(|&c| c != '/').enumerate() {
        match c {
            'x' | '+' => cells.x.0 |= 1 << i,
            'o' => cells.o.0 |= 1 << i,
            _ => {}
        }
    }
    cells
}

#[test]
fn worked_examples_of_rules_md() {
    // (grid, X points, O points, X glyphs, O glyphs)
    type Case = (
        &'static str,
        u8,
        u8,
        &'static [&'static str],
        &'static [&'static str],
    );
    let cases: [Case; 4] = [
        ("xox/oxo/oox", 4, 2, &["Single"; 4], &["Single"; 2]),
        ("xxo/oxo/oxo", 4, 5, &["Pipe"], &["Double", "Line"]),
        ("xxo/xxx/xxo", 7, 2, &["House"], &["Single", "Single"]),
        ("ooo/xxo/xxx", 0, 4, &[], &["Pipe"]),
    ];
    for (text, x, o, xg, og) in cases {
        let s = GridScore::new(filling(text));
        assert_eq!((s.points.x, s.points.o), (x, o), "{text}");
        assert_eq!(s.glyph_names(Player::X), xg, "{text}");
        assert_eq!(s.glyph_names(Player::O), og, "{text}");
        assert_eq!(s.winner, Some(if x > o { Player::X } else { Player::O }));
    }
}

#[test]
fn seed_003_example_and_the_l_that_is_not_a_glyph() {
    // "++o / o+o / o+o": Pipe for +, Double and Line for o; o wins 5 to 4.
    let s = GridScore::new(filling("++o/o+o/o+o"));
    assert_eq!((s.points.x, s.points.o), (4, 5));
    assert_eq!(s.winner, Some(Player::O));
    // "*/*/***": the L is no glyph; the Pipe inside it does not count.
    assert_eq!(grid_points(filling("x../x../xxx").x), 0);
}

#[test]
fn subsets_do_not_count() {
    // Figure 3 of Steere's sheet: O's L-shaped three is not a Double plus a Single.
    let s = GridScore::new(filling("xox/oxo/oox"));
    assert_eq!(s.groups.o.len(), 3);
    assert_eq!(s.groups.o.iter().filter(|g| g.glyph.is_none()).count(), 1);
}

#[test]
fn every_glyph_scores_its_size_alone_in_a_grid() {
    for g in GLYPHS {
        assert_eq!(grid_points(g.mask()), g.points(), "{g}");
        assert_eq!(Glyph::from_name(g.name()), Some(g));
    }
}

/// An independent scorer: breadth-first search over coordinates and shapes
/// compared as sorted coordinate lists under the 8 symmetries.
fn brute_points(mask: u16) -> u8 {
    type Shape = Vec<(i32, i32)>;
    fn norm(mut s: Shape) -> Shape {
        let (mr, mc) = (
            s.iter().map(|p| p.0).min().unwrap(),
            s.iter().map(|p| p.1).min().unwrap(),
        );
        for p in &mut s {
            *p = (p.0 - mr, p.1 - mc);
        }
        s.sort_unstable();
        s
    }
    fn forms(s: &Shape) -> Vec<Shape> {
        let mut out = Vec::new();
        let mut cur = s.clone();
        for _ in 0..4 {
            cur = cur.iter().map(|&(r, c)| (c, -r)).collect();
            out.push(norm(cur.clone()));
            out.push(norm(cur.iter().map(|&(r, c)| (r, -c)).collect()));
        }
        out
    }
    let glyph_shapes: Vec<(Shape, u8)> = GLYPHS
        .iter()
        .map(|g| {
            let s: Shape = g
                .rows()
                .enumerate()
                .flat_map(|(r, row)| {
                    row.chars()
                        .enumerate()
                        .filter(|&(_, ch)| ch == '#')
                        .map(move |(c, _)| (r as i32, c as i32))
                })
                .collect();
            (norm(s), g.points())
        })
        .collect();
    let mut seen = [false; 9];
    let mut total = 0;
    for start in 0..9 {
        if mask & (1 << start) == 0 || seen[start] {
            continue;
        }
        let mut group = vec![];
        let mut queue = vec![start];
        seen[start] = true;
        while let Some(i) = queue.pop() {
            let (r, c) = ((i / 3) as i32, (i % 3) as i32);
            group.push((r, c));
            for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                let (nr, nc) = (r + dr, c + dc);
                if (0..3).contains(&nr) && (0..3).contains(&nc) {
                    let j = (nr * 3 + nc) as usize;
                    if mask & (1 << j) != 0 && !seen[j] {
                        seen[j] = true;
                        queue.push(j);
                    }
                }
            }
        }
        let f = forms(&group);
        if let Some((_, p)) = glyph_shapes.iter().find(|(s, _)| f.contains(s)) {
            total += p;
        }
    }
    total
}

#[test]
fn the_table_agrees_with_an_independent_scorer_on_all_512_sets() {
    for m in 0u16..512 {
        assert_eq!(grid_points(GridMask(m)), brute_points(m), "cells {m:09b}");
    }
}

#[test]
fn no_full_mini_grid_ties_and_the_counts_are_what_they_are() {
    let mut x_wins = 0;
    for m in 0u16..512 {
        let (x, o) = (brute_points(m), brute_points(!m & 0x1FF));
        assert_ne!(x, o, "filling {m:09b} would tie");
        x_wins += usize::from(x > o);
    }
    // By symmetry (swap the players) exactly half the fillings go to X.
    assert_eq!(x_wins, 256);
}

#[test]
fn seed_001_figures_3a_to_3c() {
    let fig_3a = "  A B C D E F G H I
1 . . . . . . . . . 1
2 . . . . . . . . . 2
3 . . . . . . . . . 3
4 . . . . . . . O . 4
5 . . . . . . . . . 5
6 . . . X . . . . . 6
7 . . . . . . . . . 7
8 . . . . . . . . . 8
9 . . . . . . . . . 9
  A B C D E F G H I
";
    let fig_3b = fig_3a
        .replace("6 . . . X", "6 . . . x")
        .replace("8 . . . . .", "8 . . X . .");
    let fig_3c = fig_3b
        .replace("2 . . . . . .", "2 . . . . O .")
        .replace(". O . 4", ". o . 4");
    assert_eq!(text_board(replay("D6 H4").unwrap().position()), fig_3a);
    assert_eq!(text_board(replay("D6 H4 C8").unwrap().position()), fig_3b);
    assert_eq!(
        text_board(replay("D6 H4 C8 E2").unwrap().position()),
        fig_3c
    );
}

#[test]
fn seed_001_routing_example() {
    // X's last move D6 is the lower-left corner of the centre grid: X must play lower-left.
    let g = replay("D6 H4").unwrap();
    assert_eq!(g.position().target(), Target::Grid(grid(7)));
    assert!(g.position().legal_moves().contains(sq("C8")));
    // O's last move H4 is top-middle of the middle-right grid: O must play top-middle.
    let g = replay("D6 H4 C8").unwrap();
    assert_eq!(g.position().target(), Target::Grid(grid(2)));
    assert_eq!(
        g.position().check(sq("E5")),
        Err(IllegalReason::WrongGrid {
            player: Player::O,
            required: grid(2)
        })
    );
    assert!(g.position().check(sq("E2")).is_ok());
}

#[test]
fn routing_uses_the_movers_own_last_move_for_every_square() {
    for first in Square::ALL {
        for reply in Square::ALL {
            if reply == first {
                continue;
            }
            let mut p = Position::new();
            p.play(first).unwrap();
            p.play(reply).unwrap();
            // X's target comes from X's own move, not from O's reply.
            assert_eq!(p.target(), Target::Grid(first.cell()));
            // every legal move lies in that grid, and all its empty squares are legal
            let legal: Vec<Square> = p.legal_moves().iter().collect();
            let expected: Vec<Square> = first
                .cell()
                .squares()
                .filter(|&s| s != first && s != reply)
                .collect();
            assert_eq!(legal, expected, "after {first} {reply}");
        }
    }
}

#[test]
fn a_full_routed_grid_frees_the_player() {
    // Always playing the lowest legal square soon routes a player into a full grid.
    let mut g = Game::new();
    let mut freed = 0;
    while !g.position().is_over() {
        let p = *g.position();
        if let Some(last) = p.last_move(p.to_move()) {
            if p.is_grid_full(last.cell()) {
                assert_eq!(p.target(), Target::Anywhere);
                let empties = Square::ALL.iter().filter(|&&s| p.at(s).is_none()).count();
                assert_eq!(
                    p.legal_moves().len(),
                    empties,
                    "anywhere means every empty square"
                );
                freed += 1;
            } else {
                assert_eq!(p.target(), Target::Grid(last.cell()));
            }
        }
        let first = p.legal_moves().iter().next().unwrap();
        g.play(first).unwrap();
    }
    assert!(freed > 0, "some routed grid was full during the game");
}

#[test]
fn illegal_moves_leave_the_game_unchanged() {
    let mut g = replay("D6 H4 C8").unwrap();
    let before = g.clone();
    let err = g.play(sq("E5")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "move 4 (E5): O must play in the upper-middle mini grid (D1-F3)"
    );
    assert_eq!(g, before);
    let err = g.play(sq("C8")).unwrap_err();
    assert_eq!(err.reason, IllegalReason::Occupied(Player::X));
    assert_eq!(g, before);
}

#[test]
fn undo_redo_and_slashes() {
    let mut g = replay("D6 H4 C8 E2").unwrap();
    let p = g.position();
    assert!(p.is_slashed(sq("D6")) && p.is_slashed(sq("H4")));
    assert!(!p.is_slashed(sq("C8")) && !p.is_slashed(sq("E2")));
    assert!(!p.is_slashed(sq("A1")), "an empty square is not slashed");
    assert_eq!(g.undo(), Some(sq("E2")));
    assert_eq!(g.undo(), Some(sq("C8")));
    assert!(!g.position().is_slashed(sq("D6")), "D6 is X's latest again");
    assert_eq!(g.redo(), Some(sq("C8")));
    assert_eq!(g.moves().len(), 3);
    // a different move clears what could be redone
    g.play(sq("D1")).unwrap();
    assert_eq!(g.redo(), None);
    assert_eq!(g.position_at(2), *replay("D6 H4").unwrap().position());
    while g.undo().is_some() {}
    assert_eq!(*g.position(), Position::new());
}

#[test]
fn the_last_mover_in_a_grid_draws_the_mark() {
    let g = replay("D6 H4 C8 E2").unwrap();
    assert_eq!(g.last_mover_in(grid(5)), Some(Player::X));
    assert_eq!(g.last_mover_in(grid(2)), Some(Player::O));
    assert_eq!(g.last_mover_in(grid(1)), None);
}
