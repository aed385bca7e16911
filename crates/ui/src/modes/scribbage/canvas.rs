//! The middle of the window at the Scribbage table: the set-up, the wait for
//! the roll, then the tray of cubes, the 13 × 13 grid and, beside it, the
//! clock and the live checks (during a turn) or the score and the solver's
//! best (after it). And the score sheet, on the right.
//!
//! **Keyboard and screen readers**, as on the Scribe board: the grid is one
//! keyboard stop, a group named "Crossword grid" whose 169 children are the
//! squares, buttons named "Row 3, column 5, Q" (with "not a word" or "not
//! connected" when a check marks them); the cursor square is its active
//! descendant. The cubes of the tray are buttons ("Cube 4, E, 1 point"),
//! each a keyboard stop. A cube can also be dragged onto a square
//! (`drag.rs`).

use super::common::{act, now_ms, timer_name};
use super::cubes::{self, Look, Shows};
use super::drag;
use crate::action::Action;
use crate::modes::scribbage::session::{
    GRID, MAX_PLAYERS, Phase, ScribbageAction as A, ScribbageSession, Setup, TIMERS,
};
use crate::widgets::ink;
use egui::accesskit;
use egui::{
    Align2, EventFilter, FontId, Id, Key, Modifiers, Rect, RichText, Role, Sense, Stroke, Ui,
    UiBuilder, Vec2, WidgetInfo,
};
use scribe_scribbage::{Crossword, End, Face, Letter, ScoreSheet};
use std::time::Duration;

/// The table: what the phase shows.
pub(super) fn show(s: &ScribbageSession, ui: &mut Ui, out: &mut Vec<Action>) {
    match s.phase() {
        Phase::Setup => setup(s, ui, out),
        Phase::Ready => ready(s, ui, out),
        Phase::Turn | Phase::Scored => table(s, ui, out),
    }
}

/// A column of widgets in the middle, at most `width` wide.
fn centred(ui: &mut Ui, width: f32, add: impl FnOnce(&mut Ui)) {
    let avail = ui.available_rect_before_wrap();
    let w = width.min(avail.width());
    let rect = Rect::from_min_size(
        egui::pos2(avail.center().x - w / 2.0, avail.top() + 12.0),
        egui::vec2(w, avail.height() - 12.0),
    );
    ui.scope_builder(UiBuilder::new().max_rect(rect), |ui| {
        egui::ScrollArea::vertical()
            .id_salt("scribbage-centred")
            .auto_shrink([false, true])
            .show(ui, add);
    });
}

fn setup(s: &ScribbageSession, ui: &mut Ui, out: &mut Vec<Action>) {
    let setup = s.setup();
    centred(ui, 560.0, |ui| {
        ui.spacing_mut().item_spacing.y = 8.0;
        ui.label(RichText::new("Who plays").size(18.0).strong());
        ui.horizontal_wrapped(|ui| {
            for n in 1..=MAX_PLAYERS {
                let text = if n == 1 {
                    "Solitaire".to_string()
                } else {
                    format!("{n} players")
                };
                if ui.selectable_label(setup.names.len() == n, text).clicked() {
                    out.push(act(A::Players(n)));
                }
            }
        });
        // room for every player's name whoever plays: choosing Solitaire
        // (one row) must not move the timer under the pointer
        let row = ui.spacing().interact_size.y.max(
            ui.text_style_height(&egui::TextStyle::Body) + 2.0 * ui.spacing().button_padding.y,
        ) + 6.0;
        let names_height = row * MAX_PLAYERS as f32;
        ui.allocate_ui_with_layout(
            egui::vec2(ui.available_width(), names_height),
            egui::Layout::top_down(egui::Align::Min),
            |ui| {
                ui.set_min_height(names_height);
                names(setup, ui, out);
            },
        );
        ui.add_space(6.0);
        ui.label(RichText::new("Timer, for each turn").size(18.0).strong());
        ui.horizontal_wrapped(|ui| {
            for t in TIMERS {
                let text = match t {
                    None => "Untimed".to_string(),
                    Some(_) => timer_name(t),
                };
                if ui.selectable_label(setup.timer == t, text).clicked() {
                    out.push(act(A::Timer(t)));
                }
            }
        });
        ui.add_space(6.0);
        ui.label(RichText::new("The game ends").size(18.0).strong());
        // rows of one height, with or without their number field
        let end_row = ui.spacing().interact_size.y.max(
            ui.text_style_height(&egui::TextStyle::Body) + 2.0 * ui.spacing().button_padding.y,
        ) + 2.0;
        let row_size = egui::vec2(ui.available_width(), end_row);
        let row_layout = egui::Layout::left_to_right(egui::Align::Center);
        ui.allocate_ui_with_layout(row_size, row_layout, |ui| {
            ui.set_min_height(end_row);
            let turns = matches!(setup.end, End::Turns(_));
            if ui.radio(turns, "after a number of turns").clicked() && !turns {
                out.push(act(A::End(End::Turns(3))));
            }
            if let End::Turns(mut n) = setup.end {
                let label = ui.label("Turns each");
                let r = ui.add(egui::DragValue::new(&mut n).range(1..=20));
                r.labelled_by(label.id);
                if End::Turns(n) != setup.end {
                    out.push(act(A::End(End::Turns(n))));
                }
            }
        });
        ui.allocate_ui_with_layout(row_size, row_layout, |ui| {
            ui.set_min_height(end_row);
            let target = matches!(setup.end, End::Target(_));
            if ui
                .radio(target, "at a target score (200 in the rules)")
                .clicked()
                && !target
            {
                out.push(act(A::End(End::Target(200))));
            }
            if let End::Target(mut t) = setup.end {
                let label = ui.label("Target");
                let r = ui.add(egui::DragValue::new(&mut t).range(10..=2000));
                r.labelled_by(label.id);
                if End::Target(t) != setup.end {
                    out.push(act(A::End(End::Target(t))));
                }
            }
        });
        ui.label(
            RichText::new(if setup.names.len() == 1 {
                "Solitaire: how high can you score? Each turn is one throw."
            } else {
                "Players take turns in order, passing the laptop; the score sheet keeps every turn."
            })
            .color(ink::FAINT),
        );
        ui.add_space(10.0);
        if ui
            .add(egui::Button::new(
                RichText::new("Start the game").size(18.0),
            ))
            .clicked()
        {
            out.push(act(A::Start));
        }
    });
}

/// The players' names, one row each.
fn names(setup: &Setup, ui: &mut Ui, out: &mut Vec<Action>) {
    egui::Grid::new("scribbage-names")
        .num_columns(2)
        .spacing([12.0, 6.0])
        .show(ui, |ui| {
            for (i, name) in setup.names.iter().enumerate() {
                let label = ui.label(format!("Name of player {}", i + 1));
                let mut text = name.clone();
                let edit = ui.add(
                    egui::TextEdit::singleline(&mut text)
                        .hint_text(format!("Player {}", i + 1))
                        .desired_width(240.0),
                );
                edit.labelled_by(label.id);
                if text != *name {
                    out.push(act(A::Name(i, text)));
                }
                ui.end_row();
            }
        });
}

fn ready(s: &ScribbageSession, ui: &mut Ui, out: &mut Vec<Action>) {
    let Some(p) = s.player() else { return };
    let name = s.name(p).to_string();
    centred(ui, 520.0, |ui| {
        ui.add_space(40.0);
        ui.vertical_centered(|ui| {
            ui.label(RichText::new(format!("{name}'s turn")).size(30.0));
            ui.add_space(8.0);
            let several = s.sheet().is_some_and(|sh| sh.players().len() > 1);
            if several {
                ui.label(format!("Pass the laptop to {name}."));
            }
            ui.label(match s.setup().timer {
                Some(_) => format!(
                    "The timer ({}) starts when the cubes are rolled.",
                    timer_name(s.setup().timer)
                ),
                None => "No timer: press Done when the crossword is ready.".to_string(),
            });
            ui.add_space(16.0);
            if ui
                .add(
                    egui::Button::new(RichText::new("Roll the cubes").size(22.0))
                        .min_size(egui::vec2(220.0, 52.0)),
                )
                .clicked()
            {
                out.push(act(A::Roll(now_ms(ui))));
            }
        });
    });
}

/// Sizes of the table's parts for the space given.
struct Layout {
    tray: Rect,
    cube: f32,
    grid: Rect,
    cell: f32,
    info: Rect,
}

fn layout(avail: Rect) -> Layout {
    let gap = 12.0;
    let spacing = 6.0;
    let cube = ((avail.width() - 12.0 * spacing) / 13.0).clamp(26.0, 60.0);
    let tray = Rect::from_min_size(avail.min, egui::vec2(avail.width(), cube + 4.0));
    let info_w = (avail.width() * 0.36).clamp(260.0, 440.0);
    let below = avail.height() - tray.height() - gap;
    let side = below.min(avail.width() - info_w - gap).max(13.0 * 18.0);
    let cell = (side / 13.0).floor();
    let grid = Rect::from_min_size(
        egui::pos2(avail.left(), tray.bottom() + gap),
        Vec2::splat(cell * 13.0),
    );
    let info = Rect::from_min_max(egui::pos2(grid.right() + gap * 1.5, grid.top()), avail.max);
    Layout {
        tray,
        cube,
        grid,
        cell,
        info,
    }
}

fn table(s: &ScribbageSession, ui: &mut Ui, out: &mut Vec<Action>) {
    let mut avail = ui.available_rect_before_wrap();
    avail.min.y += 6.0;
    ui.allocate_rect(avail, Sense::hover());
    let l = layout(avail);
    // the grid first: Tab reaches it before the 13 cubes
    grid(s, ui, &l, out);
    tray(s, ui, &l, out);
    drag::paint_held(s, ui, l.cube);
    ui.scope_builder(UiBuilder::new().max_rect(l.info), |ui| {
        egui::ScrollArea::vertical()
            .id_salt("scribbage-info")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                if s.phase() == Phase::Turn {
                    turn_info(s, ui, out);
                } else {
                    score_info(s, ui, out);
                }
            });
    });
}

fn tray(s: &ScribbageSession, ui: &mut Ui, l: &Layout, out: &mut Vec<Action>) {
    let Some(roll) = s.roll() else { return };
    let painter = ui.painter_at(l.tray.expand(4.0));
    let spacing = 6.0;
    let turn = s.phase() == Phase::Turn;
    if turn {
        // the whole tray takes back a cube dropped on it (the cubes' own
        // responses, made after, sit on top of it for clicks and drags)
        let whole = ui.interact(
            l.tray.expand(4.0),
            Id::unique("scribbage-tray"),
            Sense::hover(),
        );
        drag::back_to_tray(s, &whole, out);
    }
    for (i, &face) in roll.faces().iter().enumerate() {
        let r = Rect::from_min_size(
            l.tray.min + egui::vec2(i as f32 * (l.cube + spacing), 0.0),
            Vec2::splat(l.cube),
        );
        let on_grid = s.place_of(i).is_some();
        let picked = s.picked() == Some(i);
        let sense = if turn {
            Sense::click_and_drag()
        } else {
            Sense::click()
        };
        let resp = ui.interact(r, Id::unique("scribbage-cube").with(i), sense);
        let mut name = s.cube_name(i);
        if on_grid {
            name.push_str(", on the grid");
        } else if !turn {
            name.push_str(", left over");
        }
        if picked {
            name.push_str(", picked");
        }
        resp.widget_info(|| WidgetInfo::selected(Role::Button, turn, picked, &name));
        if resp.clicked() && turn {
            out.push(act(A::Pick(i)));
        }
        if turn {
            drag::source(s, &resp, i, out);
        }
        let lift = if picked { -4.0 } else { 0.0 };
        cubes::paint(
            &painter,
            r.translate(egui::vec2(0.0, lift)),
            Shows::face(face),
            Look {
                picked,
                faded: on_grid,
                ..Look::default()
            },
        );
        if resp.has_focus() {
            painter.rect_stroke(
                r.expand(3.0),
                4.0,
                Stroke::new(2.0, ink::CURSOR),
                egui::StrokeKind::Outside,
            );
        }
        if resp.hovered() && turn {
            ui.ctx().set_cursor_icon(egui::CursorIcon::PointingHand);
        }
    }
}

/// "Row 3, column 5, Q" and what the checks say of it.
fn cell_name(s: &ScribbageSession, r: usize, c: usize) -> String {
    let mut name = format!("Row {}, column {}, ", r + 1, c + 1);
    match s.at(r, c) {
        None => name.push_str("empty"),
        Some(p) => {
            let joker = s.face(p.cube) == Some(Face::Joker);
            match (p.letter, joker) {
                (Some(l), false) => name.push(l.upper()),
                (Some(l), true) => name.push_str(&format!("joker as {l}")),
                (None, _) => name.push_str("joker, letter not chosen"),
            }
        }
    }
    if s.live().not_words.contains(&(r, c)) {
        name.push_str(", not a word");
    }
    if s.live().loose.contains(&(r, c)) {
        name.push_str(", not connected");
    }
    name
}

fn grid(s: &ScribbageSession, ui: &mut Ui, l: &Layout, out: &mut Vec<Action>) {
    let ctx = ui.ctx().clone();
    let id = Id::unique("scribbage-grid");
    let focus = ui.interact(l.grid, id, Sense::FOCUSABLE);
    focus.widget_info(|| WidgetInfo::labeled(Role::Group, true, "Crossword grid"));
    let turn = s.phase() == Phase::Turn;
    // during a turn, typing goes to the grid unless a widget has the keys
    if turn && ui.memory(|m| m.focused().is_none()) {
        focus.request_focus();
    }
    let focused = focus.has_focus();
    if focused && turn {
        keys(ui, id, s.cursor(), out);
    }
    let painter = ui.painter_at(l.grid.expand(3.0));
    painter.rect_filled(l.grid, 2.0, ink::PAPER);
    let line = Stroke::new(1.0, egui::Color32::from_rgb(0xDD, 0xD3, 0xB8));
    for k in 0..=GRID {
        let d = k as f32 * l.cell;
        painter.hline(l.grid.x_range(), l.grid.top() + d, line);
        painter.vline(l.grid.left() + d, l.grid.y_range(), line);
    }
    // the middle square, as on a crossword-game board
    let mid = Rect::from_min_size(
        l.grid.min + Vec2::splat((GRID / 2) as f32 * l.cell),
        Vec2::splat(l.cell),
    );
    painter.circle_stroke(mid.center(), l.cell * 0.12, Stroke::new(1.0, line.color));
    let squares = ui.new_child(
        UiBuilder::new()
            .id_salt("scribbage-squares")
            .max_rect(l.grid)
            .accessibility_parent(id),
    );
    let cursor = s.cursor();
    for r in 0..GRID {
        for c in 0..GRID {
            let rect = Rect::from_min_size(
                l.grid.min + egui::vec2(c as f32 * l.cell, r as f32 * l.cell),
                Vec2::splat(l.cell),
            );
            let cid = id.with((r, c));
            let held = s.at(r, c).filter(|_| turn);
            let sense = if held.is_some() {
                Sense::click_and_drag()
            } else {
                Sense::CLICK
            };
            let resp = squares.interact(rect, cid, sense);
            resp.widget_info(|| WidgetInfo::labeled(Role::Button, turn, cell_name(s, r, c)));
            ctx.accesskit_node_builder(resp.id, |node| {
                node.add_action(accesskit::Action::Focus);
            });
            if ui.input(|i| i.has_accesskit_action_request(resp.id, accesskit::Action::Focus)) {
                out.push(act(A::Cursor(r, c)));
                focus.request_focus();
            }
            if turn {
                if resp.clicked() {
                    out.push(act(A::Cell(r, c)));
                    // a click, then typing: the keys go to the grid
                    focus.request_focus();
                }
                if resp.secondary_clicked() {
                    out.push(act(A::Clear(r, c)));
                }
                if let Some(p) = held {
                    drag::source(s, &resp, p.cube, out);
                }
                drag::target(&resp, (r, c), out);
                if resp.hovered() {
                    ctx.set_cursor_icon(egui::CursorIcon::PointingHand);
                }
            }
            if let Some(p) = s.at(r, c) {
                let joker = s.face(p.cube) == Some(Face::Joker);
                cubes::paint(
                    &painter,
                    rect.shrink(1.5),
                    Shows {
                        letter: p.letter.map(Letter::upper),
                        joker,
                    },
                    Look {
                        picked: s.picked() == Some(p.cube),
                        faded: false,
                        not_word: s.live().not_words.contains(&(r, c)),
                        loose: s.live().loose.contains(&(r, c)),
                    },
                );
            }
            if turn && (r, c) == cursor {
                let width = if focused { 3.0 } else { 1.5 };
                painter.rect_stroke(
                    rect.shrink(1.0),
                    3.0,
                    Stroke::new(width, ink::CURSOR),
                    egui::StrokeKind::Inside,
                );
            }
        }
    }
    drop(squares);
    if focused {
        ctx.accesskit_node_builder(id, |node| {
            node.set_active_descendant(id.with(cursor).accesskit_id());
        });
    }
    if turn && s.cells().next().is_none() {
        painter.text(
            l.grid.center() + egui::vec2(0.0, l.cell * 1.5),
            Align2::CENTER_CENTER,
            "Click a cube, then a square, or drag it · or type the letters",
            FontId::proportional(15.0),
            ink::FAINT,
        );
    }
}

/// The grid's keys while it has the focus.
fn keys(ui: &Ui, id: Id, (row, col): (usize, usize), out: &mut Vec<Action>) {
    ui.memory_mut(|m| {
        m.set_focus_lock_filter(
            id,
            EventFilter {
                horizontal_arrows: true,
                vertical_arrows: true,
                ..Default::default()
            },
        );
    });
    ui.input_mut(|i| {
        for (key, dr, dc) in [
            (Key::ArrowLeft, 0, -1),
            (Key::ArrowRight, 0, 1),
            (Key::ArrowUp, -1, 0),
            (Key::ArrowDown, 1, 0),
        ] {
            while i.consume_key(Modifiers::NONE, key) {
                out.push(act(A::Step(dr, dc)));
            }
        }
        if i.consume_key(Modifiers::NONE, Key::Delete) {
            out.push(act(A::Remove));
        }
        if i.consume_key(Modifiers::NONE, Key::Backspace) {
            out.push(act(A::Back));
        }
        if i.consume_key(Modifiers::NONE, Key::Enter) || i.consume_key(Modifiers::NONE, Key::Space)
        {
            // the picked cube to the cursor's square
            out.push(act(A::Cell(row, col)));
        }
        let mut typed = Vec::new();
        i.events.retain(|e| match e {
            egui::Event::Text(t) => {
                typed.extend(t.chars().filter(|c| c.is_ascii_alphabetic() || *c == '?'));
                false
            }
            _ => true,
        });
        out.extend(typed.into_iter().map(|c| act(A::Type(c))));
    });
}

/// The clock, checked every frame whatever the page shows: at time up the
/// score is taken, and one more frame is asked for to show it (nobody may
/// move the pointer); else the next frame comes at the next whole second
/// (the only repaints a turn asks for).
pub(super) fn tick(s: &ScribbageSession, ui: &Ui, out: &mut Vec<Action>) {
    let now = now_ms(ui);
    match s.remaining(now) {
        Some(0) => {
            out.push(act(A::Tick(now)));
            ui.ctx().request_repaint();
        }
        Some(left) => ui
            .ctx()
            .request_repaint_after(Duration::from_millis(left % 1000 + 10)),
        None => {}
    }
}

/// m:ss
fn clock(ms: u64) -> String {
    let s = ms.div_ceil(1000);
    format!("{}:{:02}", s / 60, s % 60)
}

fn turn_info(s: &ScribbageSession, ui: &mut Ui, out: &mut Vec<Action>) {
    ui.spacing_mut().item_spacing.y = 6.0;
    let now = now_ms(ui);
    match (s.remaining(now), s.setup().timer) {
        (Some(0), _) => {
            ui.label(RichText::new("Time is up").size(24.0));
        }
        (Some(left), Some(total)) => {
            ui.label(RichText::new(format!("{} left", clock(left))).size(24.0));
            // a quiet bar, in whole seconds
            let frac = (left.div_ceil(1000) as f32 / total as f32).clamp(0.0, 1.0);
            let (rect, _) =
                ui.allocate_exact_size(egui::vec2(ui.available_width(), 8.0), Sense::hover());
            ui.painter()
                .rect_filled(rect, 4.0, egui::Color32::from_rgb(0xE6, 0xDF, 0xCB));
            let mut done = rect;
            done.set_width(rect.width() * frac);
            ui.painter()
                .rect_filled(done, 4.0, egui::Color32::from_rgb(0x6F, 0x8F, 0x7A));
        }
        _ => {
            ui.label(RichText::new("Untimed").size(24.0));
        }
    }
    if ui
        .add(egui::Button::new(
            RichText::new("Done: take my score").size(17.0),
        ))
        .clicked()
    {
        out.push(act(A::Done));
    }
    if let Some((r, c)) = s.waiting_joker() {
        ui.label(
            RichText::new(format!(
                "The joker at row {}, column {} stands for:",
                r + 1,
                c + 1
            ))
            .strong(),
        );
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing = egui::vec2(3.0, 3.0);
            for i in 0..26 {
                let l = Letter::from_index(i);
                let b = ui
                    .add(egui::Button::new(l.upper().to_string()).min_size(egui::vec2(22.0, 22.0)));
                if b.clicked() {
                    out.push(act(A::Joker(l)));
                }
            }
        });
    }
    ui.add_space(4.0);
    ui.label(RichText::new("Checks").size(17.0).strong());
    let live = s.live();
    if s.cells().next().is_none() {
        ui.label(RichText::new("Nothing placed yet.").color(ink::FAINT));
    } else if live.problems.is_empty() && s.waiting_joker().is_none() {
        ui.label("Every run is a word and every cube is joined.");
    }
    for p in &live.problems {
        ui.label(RichText::new(problem_text(p)).color(cubes::NOT_WORD));
    }
    ui.add_space(4.0);
    match &live.scoring {
        Some(sc) => {
            ui.label(RichText::new(format!("Score now: {}", sc.total())).size(20.0));
            ui.label(
                RichText::new(format!(
                    "words {} + {}, less {} for {} cube{} left over",
                    sc.across_total(),
                    sc.down_total(),
                    sc.left_over_total(),
                    sc.left_over.len(),
                    if sc.left_over.len() == 1 { "" } else { "s" }
                ))
                .color(ink::FAINT),
            );
        }
        None => {
            ui.label(RichText::new("Score now: none yet").size(20.0));
            ui.label(
                RichText::new(
                    "Fix the marked squares: at time up, loose cubes are left over, \
                     and a run that is not a word voids the crossword.",
                )
                .color(ink::FAINT),
            );
        }
    }
    ui.add_space(6.0);
    if s.cells().next().is_some() && ui.button("Clear the grid").clicked() {
        out.push(act(A::ClearAll));
    }
}

/// A check's finding, short.
fn problem_text(p: &scribe_scribbage::Problem) -> String {
    use scribe_scribbage::Problem as P;
    match p {
        P::NotAWord {
            word,
            across,
            row,
            col,
        } => format!(
            "Not a word: {word} ({} from row {}, column {})",
            if *across { "across" } else { "down" },
            row + 1,
            col + 1
        ),
        P::NotConnected { cubes } => format!(
            "Not connected: {}",
            cubes
                .iter()
                .map(|(r, c, t)| format!("{} at row {}, column {}", t.letter, r + 1, c + 1))
                .collect::<Vec<_>>()
                .join("; ")
        ),
        P::LoneCube { .. } => "One letter alone is not a word.".to_string(),
        other => other.to_string(),
    }
}

fn score_info(s: &ScribbageSession, ui: &mut Ui, out: &mut Vec<Action>) {
    let Some(result) = s.result() else { return };
    ui.spacing_mut().item_spacing.y = 3.0;
    let name = s.name(result.player).to_string();
    ui.label(
        RichText::new(if result.timed_out {
            format!("Time is up. {name} scores {}", result.scoring.total())
        } else {
            format!("{name} scores {}", result.scoring.total())
        })
        .size(20.0)
        .strong(),
    );
    next_or_winner(s, ui, out);
    ui.add_space(6.0);
    for note in &result.notes {
        ui.label(RichText::new(note).color(cubes::NOT_WORD));
    }
    for line in result.scoring.lines() {
        score_line(ui, &line);
    }
    ui.add_space(8.0);
    match s.best() {
        Some(best) => {
            let sc = &best.solution.scoring;
            ui.label(
                RichText::new(format!("The best we found: {}", sc.total()))
                    .size(18.0)
                    .strong(),
            );
            small_crossword(ui, &best.solution.crossword);
            let words: Vec<String> = sc
                .across
                .iter()
                .chain(&sc.down)
                .map(|w| format!("{} {}", w.word, w.value))
                .collect();
            // two lines that wrap, never one cut after a "·"
            if !words.is_empty() {
                ui.add(egui::Label::new(RichText::new(words.join(", ")).color(ink::FAINT)).wrap());
            }
            ui.add(
                egui::Label::new(
                    RichText::new(format!(
                        "Less {} left over; found in {:.1} s.",
                        sc.left_over_total(),
                        best.millis as f64 / 1000.0
                    ))
                    .color(ink::FAINT),
                )
                .wrap(),
            );
        }
        None => {
            // no spinner: the table stays still while the solver works
            ui.label(
                RichText::new("Looking for the best crossword for this roll…").color(ink::FAINT),
            );
        }
    }
}

/// One of the scorer's lines ([`scribe_scribbage::Scoring::lines`]): the
/// word lists as text; the sums in the seed's columns (label, number, unit)
/// drawn as a table, since the app's handwriting font has no fixed width.
/// Its accessible name is the line itself.
pub(super) fn score_line(ui: &mut Ui, line: &str) {
    if line.is_empty() {
        ui.add_space(4.0);
        return;
    }
    if line.starts_with("Across:") || line.starts_with("Down:") || line.starts_with("Left over:") {
        ui.add(egui::Label::new(line).wrap());
        return;
    }
    let label = line.get(..22).unwrap_or(line).trim();
    let number = line.get(22..27).unwrap_or("").trim();
    let unit = line.get(27..).unwrap_or("").trim();
    let total = label.starts_with("TOTAL");
    let height = 18.0;
    let (rect, resp) =
        ui.allocate_exact_size(egui::vec2(ui.available_width(), height), Sense::hover());
    resp.widget_info(|| WidgetInfo::labeled(Role::Label, true, line));
    let painter = ui.painter_at(rect);
    let font = FontId::proportional(if total { 17.0 } else { 15.0 });
    let color = ink::PENCIL;
    let num_right = rect.left() + 200.0;
    painter.text(
        rect.left_center(),
        Align2::LEFT_CENTER,
        label,
        font.clone(),
        color,
    );
    if number.starts_with('-') && number.chars().all(|c| c == '-') {
        painter.hline(
            (num_right - 44.0)..=num_right,
            rect.center().y,
            Stroke::new(1.0, color),
        );
    } else {
        painter.text(
            egui::pos2(num_right, rect.center().y),
            Align2::RIGHT_CENTER,
            number,
            font.clone(),
            color,
        );
        painter.text(
            egui::pos2(num_right + 6.0, rect.center().y),
            Align2::LEFT_CENTER,
            unit,
            font,
            color,
        );
    }
}

/// The winner, or the button passing the laptop on.
fn next_or_winner(s: &ScribbageSession, ui: &mut Ui, out: &mut Vec<Action>) {
    match s.winners() {
        Some(winners) => {
            let totals = s.sheet().map(ScoreSheet::totals).unwrap_or_default();
            let names: Vec<&str> = winners.iter().map(|&w| s.name(w)).collect();
            let top = winners.first().map_or(0, |&w| totals[w]);
            let text = match names.len() {
                1 if totals.len() == 1 => format!("Game over: {} scores {top}.", names[0]),
                1 => format!("{} wins with {top}!", names[0]),
                _ => format!("A tie: {} share the win with {top}.", names.join(" and ")),
            };
            ui.label(RichText::new(text).size(22.0).color(ink::INK_X));
            if ui.button("Set up a new game").clicked() {
                out.push(act(A::Next));
            }
        }
        None => {
            let next = s
                .sheet()
                .and_then(ScoreSheet::to_play)
                .map_or(String::new(), |p| s.name(p).to_string());
            let several = s.sheet().is_some_and(|sh| sh.players().len() > 1);
            let text = if several {
                format!("Next turn: pass the laptop to {next}")
            } else {
                "Next turn".to_string()
            };
            if ui
                .add(egui::Button::new(RichText::new(text).size(17.0)))
                .clicked()
            {
                out.push(act(A::Next));
            }
        }
    }
}

/// The solver's crossword, small, so players can learn from it.
fn small_crossword(ui: &mut Ui, cw: &Crossword) {
    if cw.count() == 0 {
        ui.label("(no word can be made from this roll)");
        return;
    }
    let cell = ((ui.available_width() - 4.0) / cw.width().max(8) as f32).clamp(14.0, 21.0);
    let size = egui::vec2(cell * cw.width() as f32, cell * cw.height() as f32);
    let (rect, resp) = ui.allocate_exact_size(size + Vec2::splat(4.0), Sense::hover());
    resp.widget_info(|| {
        WidgetInfo::labeled(
            Role::Image,
            true,
            format!("The best crossword found:\n{}", cw.to_text()),
        )
    });
    let painter = ui.painter_at(rect);
    for (r, c, t) in cw.tiles() {
        let cr = Rect::from_min_size(
            rect.min + egui::vec2(c as f32 * cell, r as f32 * cell),
            Vec2::splat(cell),
        );
        cubes::paint(
            &painter,
            cr.shrink(0.5),
            Shows {
                letter: Some(t.letter.upper()),
                joker: t.joker,
            },
            Look::default(),
        );
    }
}

/// The right side: the score sheet, players × turns, and the totals.
pub(super) fn score_sheet(s: &ScribbageSession, ui: &mut Ui) {
    ui.label(RichText::new("Score sheet").size(18.0));
    let Some(sheet) = s.sheet() else {
        ui.label(RichText::new("It starts with the game.").color(ink::FAINT));
        return;
    };
    ui.label(
        RichText::new(format!(
            "{} · {}",
            if sheet.is_over() {
                "Game over".to_string()
            } else {
                format!("Round {}", sheet.round())
            },
            match sheet.end() {
                End::Turns(n) => format!("{n} turn{} each", if n == 1 { "" } else { "s" }),
                End::Target(t) => format!("to {t} points"),
            }
        ))
        .color(ink::FAINT),
    );
    ui.add_space(4.0);
    let totals = sheet.totals();
    let to_play = if s.phase() == Phase::Scored {
        None
    } else {
        sheet.to_play()
    };
    egui::ScrollArea::vertical()
        .id_salt("scribbage-sheet")
        .show(ui, |ui| {
            for (p, name) in sheet.players().iter().enumerate() {
                let head = RichText::new(format!("{name}: {}", totals[p])).size(16.0);
                ui.label(if to_play == Some(p) {
                    head.strong()
                } else {
                    head
                });
                let turns: Vec<String> = sheet.scores(p).iter().map(i64::to_string).collect();
                let mut turns = if turns.is_empty() {
                    "no turn yet".to_string()
                } else {
                    format!("turns: {}", turns.join(", "))
                };
                if to_play == Some(p) {
                    turns.push_str(" · to play");
                }
                ui.label(RichText::new(turns).color(ink::FAINT));
                ui.add_space(4.0);
            }
        });
}
