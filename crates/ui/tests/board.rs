//! The board widget through egui_kittest: one keyboard stop with a cursor,
//! 81 named squares in the AccessKit tree, the pen's short animation, the
//! refused move's flash and the names of scoring groups on hover.

mod common;
use common::{app, next_frame, press};
use egui::accesskit::Role;
use egui::epaint::{ColorMode, Shape};
use egui::{Color32, Rect};
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use scribe_rules::{Game, GridIndex, Player, Position, Square};
use scribe_ui::board::{self, BoardResponse, BoardView};
use scribe_ui::ink;
use scribe_ui::{MarkStyle, ScribeApp};

fn sq(s: &str) -> Square {
    s.parse().expect("a square")
}

fn position(moves: &str) -> Position {
    *Game::from_moves(moves.split_whitespace().map(sq))
        .expect("legal moves")
        .position()
}

/// The widget alone, with what it reported last frame.
struct Bench {
    position: Position,
    reduce_motion: bool,
    busy: bool,
    live: bool,
    hint: Option<Square>,
    played: Option<Square>,
    last: BoardResponse,
    clicks: Vec<Square>,
}

fn bench(moves: &str, reduce_motion: bool) -> Harness<'static, Bench> {
    bench_stepping(moves, reduce_motion, 0.25)
}

/// [`bench`] with each step `step_dt` seconds long.
fn bench_stepping(moves: &str, reduce_motion: bool, step_dt: f32) -> Harness<'static, Bench> {
    let state = Bench {
        position: position(moves),
        reduce_motion,
        busy: false,
        live: true,
        hint: None,
        played: None,
        last: BoardResponse::default(),
        clicks: Vec::new(),
    };
    let mut h = Harness::builder()
        .with_size([800.0, 720.0])
        .with_max_steps(32)
        .with_step_dt(step_dt)
        .build_ui_state(
            |ui, b: &mut Bench| {
                b.last = BoardView {
                    position: &b.position,
                    style: MarkStyle::PlusO,
                    live: b.live,
                    glyph: None,
                    hint: b.hint,
                    played: b.played,
                    reduce_motion: b.reduce_motion,
                    busy: b.busy,
                    outline: None,
                    check: &[],
                    scores: true,
                    guidance: true,
                }
                .show(ui);
                b.clicks.extend(b.last.clicked);
            },
            state,
        );
    h.run();
    h
}

/// The labels of the board's squares, in tree order.
fn square_labels<S>(h: &Harness<'_, S>) -> Vec<String> {
    let board = h.get_by_role_and_label(Role::Group, "Board");
    board
        .children_recursive()
        .filter(|n| n.accesskit_node().role() == Role::Button)
        .filter_map(|n| n.accesskit_node().label())
        .collect()
}

/// The label of the node a screen reader sees as focused.
fn focused<S>(h: &Harness<'_, S>) -> Option<String> {
    h.query_by(|n| n.is_focused())
        .and_then(|n| n.accesskit_node().label())
}

fn board_has_focus<S>(h: &Harness<'_, S>) -> bool {
    h.ctx.memory(|m| m.has_focus(board::board_id()))
}

#[test]
fn the_accesskit_tree_holds_81_squares_named_as_a_player_sees_them() {
    let h = bench("D6 H4 C8 E2", false);
    let labels = square_labels(&h);
    assert_eq!(labels.len(), 81, "{labels:#?}");
    for (label, square) in labels.iter().zip(Square::ALL) {
        assert!(label.starts_with(&format!("{square}, ")), "{label}");
    }
    for name in [
        "E2, O, last move",
        "C8, +, previous move",
        "D6, +, slashed",
        "H4, O, slashed",
        "A1, empty",
        // + is routed by C8 to the middle-right mini grid (G4-I6)
        "H5, empty, in the mini grid you must play",
    ] {
        assert!(labels.iter().any(|l| l == name), "{name} in {labels:#?}");
    }
    let must = labels
        .iter()
        .filter(|l| l.ends_with("in the mini grid you must play"))
        .count();
    // the middle-right mini grid's nine squares but O's H4
    assert_eq!(must, 8);
}

#[test]
fn a_screen_reader_clicks_a_square() {
    let mut h = bench("D6 H4", false);
    h.get_by_label("B8, empty, in the mini grid you must play")
        .click_accesskit();
    h.run();
    assert_eq!(h.state().clicks, [sq("B8")]);
    // the pointer too
    press(&mut h, "A1, empty");
    assert_eq!(h.state().clicks, [sq("B8"), sq("A1")]);
    // a screen reader's "focus this square" puts the cursor there
    h.get_by_label("C9, empty, in the mini grid you must play")
        .focus();
    h.run();
    assert!(board_has_focus(&h));
    assert_eq!(h.state().last.cursor, Some(sq("C9")));
    assert_eq!(
        focused(&h).as_deref(),
        Some("C9, empty, in the mini grid you must play")
    );
}

#[test]
fn the_board_is_one_keyboard_stop_and_its_cursor_plays() {
    let mut h = bench("D6 H4", false);
    assert!(h.state().last.cursor.is_none(), "no cursor without focus");
    h.key_press(Key::Tab);
    h.run();
    assert!(board_has_focus(&h));
    // the cursor starts at the centre of the mini grid + must use (A7-C9)
    assert_eq!(h.state().last.cursor, Some(sq("B8")));
    assert_eq!(
        focused(&h).as_deref(),
        Some("B8, empty, in the mini grid you must play")
    );
    // square by square, across the gap between mini grids
    for (key, at) in [
        (Key::ArrowRight, "C8"),
        (Key::ArrowRight, "D8"),
        (Key::ArrowUp, "D7"),
        (Key::ArrowUp, "D6"),
        (Key::ArrowLeft, "C6"),
        (Key::ArrowDown, "C7"),
        (Key::ArrowDown, "C8"),
    ] {
        h.key_press(key);
        h.run();
        assert_eq!(h.state().last.cursor, Some(sq(at)), "{key:?}");
        assert!(board_has_focus(&h), "{key:?} kept the focus");
    }
    assert_eq!(
        focused(&h).as_deref(),
        Some("C8, empty, in the mini grid you must play")
    );
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(h.state().clicks, [sq("C8")]);
    // Space plays too
    h.key_press(Key::Space);
    h.run();
    assert_eq!(h.state().clicks, [sq("C8"), sq("C8")]);
    // the edges stop the cursor
    for _ in 0..12 {
        h.key_press(Key::ArrowLeft);
    }
    h.run();
    assert_eq!(h.state().last.cursor, Some(sq("A8")));
    // a new turn puts the cursor in the mini grid that must be used
    h.state_mut().position = position("D6 H4 C8");
    h.run();
    assert_eq!(h.state().last.cursor, Some(sq("E2")));
    // Escape leaves the board, and the cursor goes
    h.key_press(Key::Escape);
    h.run();
    assert!(!board_has_focus(&h));
    assert!(h.state().last.cursor.is_none());
}

#[test]
fn a_new_mark_is_drawn_by_the_pen_then_the_board_is_still() {
    let mut h = bench("D6 H4", false);
    h.step();
    assert_eq!(next_frame(&h), None, "idle");
    h.state_mut().position = position("D6 H4 C8");
    h.step();
    // the pen draws at up to 60 frames a second …
    let next = next_frame(&h).expect("the pen animates");
    assert!(next.as_secs_f64() <= 1.0 / 50.0, "{next:?}");
    // … for DRAW_SECONDS (a step is a quarter of a second here), then stops
    const { assert!(board::DRAW_SECONDS < 0.25) };
    h.step();
    assert_eq!(next_frame(&h), None, "still");
    // with reduced motion the mark is there at once
    let mut h = bench("D6 H4", true);
    h.state_mut().position = position("D6 H4 C8");
    h.step();
    assert_eq!(next_frame(&h), None);
}

#[test]
fn while_the_computer_thinks_marks_appear_at_once() {
    // a new mark while busy: no stroke, no frame
    let mut h = bench("D6 H4", false);
    h.state_mut().busy = true;
    h.state_mut().position = position("D6 H4 C8");
    h.step();
    assert_eq!(next_frame(&h), None);
    // a stroke being drawn when a search starts is finished at once
    let mut h = bench_stepping("D6 H4", false, 1.0 / 60.0);
    h.state_mut().position = position("D6 H4 C8");
    h.step();
    h.step();
    assert!(next_frame(&h).is_some(), "the pen animates");
    h.state_mut().busy = true;
    h.step();
    assert_eq!(next_frame(&h), None);
}

#[test]
fn a_refused_move_flashes_the_mini_grid_for_a_moment() {
    let g = GridIndex::from_number(7).expect("grid 7");
    for reduce_motion in [false, true] {
        let mut h = bench("D6 H4", reduce_motion);
        board::flash_grid(&h.ctx, g);
        h.step();
        assert_eq!(board::flashing_grid(&h.ctx), Some(g));
        assert!(next_frame(&h).is_some(), "reduce motion {reduce_motion}");
        // it ends within FLASH_SECONDS, and nothing repaints after
        let steps = (board::FLASH_SECONDS / 0.25).ceil() as usize + 1;
        h.run_steps(steps);
        assert_eq!(
            board::flashing_grid(&h.ctx),
            None,
            "reduce motion {reduce_motion}"
        );
        assert_eq!(next_frame(&h), None, "reduce motion {reduce_motion}");
    }
}

#[test]
fn hovering_a_scoring_group_names_its_glyph_and_points() {
    // + draws column A of the upper-left mini grid: a Line, 3 points
    let mut h = bench("D1 I9 A1 H8 A2 E5 A4 F6 A3", false);
    h.get_by_label("A2, +, slashed").hover();
    h.run();
    h.run_steps(4);
    h.get_by_label("Line, 3 points so far");
    // the same name is the square's description for a screen reader
    let node = h.get_by_label("A3, +, last move");
    assert_eq!(
        node.accesskit_node().description().as_deref(),
        Some("Line, 3 points so far")
    );
}

#[test]
fn the_hint_and_the_cursor_leave_the_tree_alone() {
    // a hint changes no name; every square stays one node
    let mut h = bench("D6 H4", false);
    h.state_mut().hint = Some(sq("B8"));
    h.run();
    assert_eq!(square_labels(&h).len(), 81);
    h.state_mut().live = false;
    h.run();
    // not the player's turn at the keyboard: the mover is named by mark
    h.get_by_label("B8, empty, in the mini grid + must play");
}

fn moves(h: &Harness<'_, ScribeApp>) -> Vec<String> {
    let game = &h.state().record().game;
    game.moves().iter().map(ToString::to_string).collect()
}

#[test]
fn in_the_app_tab_reaches_the_board_once_and_the_keyboard_plays() {
    let mut h = app();
    for s in ["D6", "H4"] {
        h.get_by_label_contains(&format!("{s}, empty")).click();
        h.run();
    }
    assert_eq!(moves(&h), ["D6", "H4"]);
    // Tab through the window: the board is one stop among the others
    let mut stops = Vec::new();
    for _ in 0..60 {
        h.key_press(Key::Tab);
        h.run();
        stops.push(board_has_focus(&h));
        if stops.iter().filter(|&&b| b).count() == 2 {
            break;
        }
    }
    let first = stops
        .iter()
        .position(|&b| b)
        .expect("Tab reaches the board");
    assert!(
        !stops[first + 1],
        "one Tab leaves the board: no square is a stop"
    );
    let cycle = stops[first + 1..]
        .iter()
        .position(|&b| b)
        .expect("and comes back")
        + 1;
    assert!(cycle < 60, "a whole Tab cycle is {cycle} stops");
    assert!(board_has_focus(&h));
    // the cursor starts in the mini grid + must use; arrows, then Enter
    assert_eq!(
        focused(&h).as_deref(),
        Some("B8, empty, in the mini grid you must play")
    );
    h.key_press(Key::ArrowRight);
    h.key_press(Key::ArrowRight);
    h.key_press(Key::ArrowLeft);
    h.run();
    // the arrows moved the cursor, not the move list
    assert!(h.query_by_label_contains("read-only").is_none());
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(moves(&h), ["D6", "H4", "C8"]);
    // the next turn: O must use the upper-middle mini grid; Space plays E2
    assert!(board_has_focus(&h));
    assert_eq!(
        focused(&h).as_deref(),
        Some("E2, empty, in the mini grid you must play")
    );
    h.key_press(Key::Space);
    h.run();
    assert_eq!(moves(&h), ["D6", "H4", "C8", "E2"]);
    // a refused move from the keyboard flashes the mini grid to use
    h.key_press(Key::ArrowUp);
    h.key_press(Key::ArrowUp);
    h.key_press(Key::ArrowUp);
    h.key_press(Key::ArrowUp);
    h.key_press(Key::ArrowLeft);
    h.step();
    h.key_press(Key::Enter);
    h.step();
    h.step();
    assert!(
        h.state()
            .status()
            .contains("must play in the middle-right mini grid"),
        "{}",
        h.state().status()
    );
    assert_eq!(board::flashing_grid(&h.ctx), GridIndex::from_number(6));
    h.run_steps(6);
    // Shift+Tab leaves the board backwards
    h.key_press_modifiers(Modifiers::SHIFT, Key::Tab);
    h.run();
    assert!(!board_has_focus(&h));
}

/// The square's rectangle on the screen, found by its accessible name.
fn square_rect<S>(h: &Harness<'_, S>, label: &str) -> Rect {
    h.get_by_label(label).rect()
}

/// The fills of the square-sized washes painted last frame over `square`
/// (not the highlighter, which spans a whole mini grid).
fn washes<S>(h: &Harness<'_, S>, square: Rect) -> Vec<Color32> {
    h.output()
        .shapes
        .iter()
        .filter_map(|c| match &c.shape {
            Shape::Rect(r)
                if r.rect.contains(square.center()) && r.rect.width() < square.width() * 1.1 =>
            {
                Some(r.fill)
            }
            _ => None,
        })
        .collect()
}

/// The colours of the pen lines painted last frame whose points all lie in `square`.
fn inks<S>(h: &Harness<'_, S>, square: Rect) -> Vec<Color32> {
    let inside = square.expand(square.width() * 0.1);
    h.output()
        .shapes
        .iter()
        .filter_map(|c| match &c.shape {
            Shape::Path(p) if p.points.iter().all(|q| inside.contains(*q)) => {
                match p.stroke.color {
                    ColorMode::Solid(c) => Some(c),
                    ColorMode::UV(_) => None,
                }
            }
            _ => None,
        })
        .collect()
}

#[test]
fn each_players_last_move_is_washed_in_their_ink_until_their_next_move() {
    let mut h = bench("D6 H4 C8 E2", true);
    let o_wash = ink::last_move_wash(Player::O);
    let x_wash = ink::last_move_wash(Player::X);
    assert_ne!(o_wash, x_wash);
    let e2 = square_rect(&h, "E2, O, last move");
    let c8 = square_rect(&h, "C8, +, previous move");
    let d6 = square_rect(&h, "D6, +, slashed");
    assert_eq!(washes(&h, e2), [o_wash], "O's last move");
    assert_eq!(washes(&h, c8), [x_wash], "+'s last move");
    assert_eq!(washes(&h, d6), [], "a slashed mark");
    assert_eq!(washes(&h, square_rect(&h, "A1, empty")), []);
    // + moves: C8 is slashed, + 's new mark is washed, O's E2 still is
    h.state_mut().position = position("D6 H4 C8 E2 H5");
    h.run();
    let h5 = square_rect(&h, "H5, +, last move");
    assert_eq!(washes(&h, h5), [x_wash]);
    assert_eq!(washes(&h, c8), []);
    assert_eq!(washes(&h, e2), [o_wash]);
}

#[test]
fn a_slashed_mark_is_paler_than_a_live_one_and_carries_its_slash() {
    for moves in ["D6 H4 C8 E2", "D6 H4 C8 E2 H5 E4"] {
        let h = bench(moves, true);
        let labels = square_labels(&h);
        for label in &labels {
            let (Some(p), slashed) = (
                if label.contains(", +, ") {
                    Some(Player::X)
                } else if label.contains(", O, ") {
                    Some(Player::O)
                } else {
                    None
                },
                label.ends_with("slashed"),
            ) else {
                continue;
            };
            let seen = inks(&h, square_rect(&h, label));
            if slashed {
                // the mark in a paler ink, the slash in the full one
                assert!(seen.contains(&ink::slashed(p)), "{label}: {seen:?}");
                assert!(seen.contains(&ink::ink(p)), "{label}: {seen:?}");
                assert_ne!(ink::slashed(p), ink::ink(p));
            } else {
                assert!(seen.contains(&ink::ink(p)), "{label}: {seen:?}");
                assert!(!seen.contains(&ink::slashed(p)), "{label}: {seen:?}");
            }
        }
    }
}

#[test]
fn a_reviewed_move_shows_the_move_played_beside_the_better_one() {
    // the board before + 's C8, with C8 played and B7 the better move
    let mut h = bench("D6 H4", true);
    h.state_mut().live = false;
    h.state_mut().hint = Some(sq("B7"));
    h.run();
    let c8 = square_rect(&h, "C8, empty, in the mini grid + must play");
    assert!(
        !inks(&h, c8).contains(&ink::played_move(Player::X)),
        "nothing on C8 yet"
    );
    h.state_mut().played = Some(sq("C8"));
    h.run();
    let seen = inks(&h, c8);
    assert!(
        seen.iter()
            .filter(|&&c| c == ink::played_move(Player::X))
            .count()
            >= 3,
        "the played mark and its ring on C8: {seen:?}"
    );
}
