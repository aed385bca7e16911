//! The board widget: nine mini grids drawn with the pen on a sheet of paper.
//!
//! Written in the four steps of an egui widget: size (the board keeps its
//! proportions and fills the space it is given), allocate, interact, paint.
//! Everything is laid out in *board units* — one unit is the side of a
//! square — and the pen strokes are computed in those units with fixed
//! seeds, so the drawing scales with the window and never moves between
//! frames.
//!
//! **Keyboard and screen readers.** The board is one keyboard stop (Tab
//! reaches it once). While it has the focus, a hand-drawn box — the cursor
//! — shows on one square; the arrow keys move it square by square across the
//! gaps between mini grids (stopping at the edges) and Enter or Space plays
//! it, reported as a click. At each new turn the cursor starts in the mini
//! grid the player must use ([`cursor`]). In the AccessKit tree the board is a
//! group named "Board" whose 81 children are the squares, each a button named
//! with what a sighted player sees ("C8, O, last move", see [`square_name`])
//! and clickable by a screen reader; the cursor square is the board's active
//! descendant, so a screen reader announces it as the focus.
//!
//! **Motion** ([`motion`]): a new mark is drawn by the pen in a fifth of a
//! second, unless the app asks for reduced motion; a refused move makes the
//! mini grid that must be used flash ([`flash_grid`]). Repaints are asked for
//! only while something moves.

mod cursor;
mod motion;
mod paint;
mod speech;

/// Helpers for the board's unit tests.
#[cfg(test)]
mod testing {
    use scribe_rules::{Game, Position, Square};

    pub(super) fn sq(s: &str) -> Square {
        s.parse().expect("a square")
    }

    /// The position after `moves` (squares separated by spaces).
    pub(super) fn game(moves: &str) -> Position {
        *Game::from_moves(moves.split_whitespace().map(sq))
            .expect("legal moves")
            .position()
    }
}

pub use motion::{DRAW_SECONDS, FLASH_SECONDS, flash_grid, flashing_grid};
pub use speech::{group_name, square_name};

use super::ink::{MarkStyle, Sheet};
use cursor::Step;
use egui::accesskit;
use egui::{
    CursorIcon, EventFilter, FocusDirection, Id, Key, Modifiers, Rect, Role, Sense, Ui, UiBuilder,
    Vec2, WidgetInfo,
};
use motion::Drawing;
use scribe_pen::Point;
use scribe_rules::{Glyph, GridIndex, GridScore, Player, Position, Square};

/// Room for the column letters above the board.
const TOP: f32 = 0.75;
/// Room for the row numbers left of the board.
const LEFT: f32 = 0.75;
/// The gap between mini grids; the gap under each mini grid holds its tallies
/// and, once it is full, its winner's mark.
const GAP: f32 = 0.85;
/// Room for the row numbers right of the board.
const RIGHT: f32 = 0.7;
/// Room for the column letters under the last tallies.
const BOTTOM: f32 = 0.55;
/// The board's width in board units.
pub const WIDTH: f32 = LEFT + 9.0 + 2.0 * GAP + RIGHT;
/// The board's height in board units.
pub const HEIGHT: f32 = TOP + 9.0 + 3.0 * GAP + BOTTOM;

/// The top-left corner of a square, in board units.
#[must_use]
pub fn cell_origin(sq: Square) -> Point {
    let (c, r) = (sq.col(), sq.row());
    [
        LEFT + f32::from(c) + f32::from(c / 3) * GAP,
        TOP + f32::from(r) + f32::from(r / 3) * GAP,
    ]
}

fn cell_center(sq: Square) -> Point {
    let o = cell_origin(sq);
    [o[0] + 0.5, o[1] + 0.5]
}

/// The top-left corner of a mini grid, in board units.
#[must_use]
pub fn grid_origin(g: GridIndex) -> Point {
    cell_origin(Square::from_grid_cell(g, GridIndex::ALL[0]))
}

/// The board's widget id: the one keyboard stop, and the AccessKit node
/// holding the 81 squares.
#[must_use]
pub fn board_id() -> Id {
    Id::unique("scribe-board")
}

/// The widget id of a square (its AccessKit node is `square_id(sq).accesskit_id()`).
#[must_use]
pub fn square_id(sq: Square) -> Id {
    board_id().with(("square", sq.index()))
}

/// What the board shows and allows.
pub struct BoardView<'a> {
    /// The position to draw.
    pub position: &'a Position,
    /// How marks look.
    pub style: MarkStyle,
    /// Whether clicks play moves (false when looking at an earlier position
    /// or while the computer thinks). Clicks are still reported.
    pub live: bool,
    /// A legend glyph under the pointer: its occurrences are washed in green.
    pub glyph: Option<Glyph>,
    /// A square the computer suggests (Hint): circled in pencil.
    pub hint: Option<Square>,
    /// The move played on this position, when a review shows the better
    /// one in [`BoardView::hint`]: drawn in the mover's ink, ringed.
    pub played: Option<Square>,
    /// Show new marks at once rather than drawn by the pen, and a refused
    /// move's flash as a still outline (the "reduce motion" setting).
    pub reduce_motion: bool,
    /// The computer is thinking: marks appear at once, and a stroke being
    /// drawn is finished, so that no frame is drawn for the pen while the
    /// search needs the processor. (A software renderer spends about 20 ms
    /// of processor time on each frame of the window; 60 of them a second
    /// made a Hard move take a quarter longer than `scribe move`.)
    pub busy: bool,
    /// Draw the tallies and the winners' marks, and name each square's
    /// group and glyph on hover and to screen readers (the course hides
    /// them while it asks for them).
    pub scores: bool,
    /// Highlight the mini grid to play, and say so to screen readers; off
    /// in a game that ended before its board was full (a resignation) or
    /// has not begun.
    pub guidance: bool,
    /// Outline every group of this player in this mini grid, glyph or not,
    /// full or not (the course shows the groups its answer spoke of).
    pub outline: Option<(GridIndex, Player)>,
    /// Squares to check, circled (a scanned paper board's squares read
    /// with low confidence); screen readers hear "to check".
    pub check: &'a [Square],
}

/// What happened on the board this frame.
#[derive(Debug, Clone, Copy, Default)]
pub struct BoardResponse {
    /// A square that was chosen: clicked, played from the keyboard cursor
    /// (Enter or Space) or clicked through AccessKit (a screen reader).
    pub clicked: Option<Square>,
    /// The square under the pointer.
    pub hovered: Option<Square>,
    /// The keyboard cursor's square, when the board has the keyboard focus.
    pub cursor: Option<Square>,
    /// Where the mini grid the player to move must play in is drawn (a
    /// zoomed board scrolls it into view); `None` when any grid will do.
    pub target: Option<Rect>,
}

/// What the widget remembers between frames (in egui's memory).
#[derive(Debug, Clone, Default)]
struct Remembered {
    /// The position drawn last frame: a different one is a new turn.
    seen: Option<Position>,
    /// The keyboard cursor.
    cursor: Option<Square>,
    /// Strokes the pen is drawing.
    drawing: Vec<Drawing>,
}

/// Everything the painter needs for one frame.
struct Frame {
    scores: [GridScore; 9],
    hovered: Option<Square>,
    cursor: Option<Square>,
    drawing: Vec<Drawing>,
    now: f64,
    flash: Option<(GridIndex, f32)>,
}

impl BoardView<'_> {
    /// Lays out, handles and paints the board in the space `ui` has left.
    pub fn show(self, ui: &mut Ui) -> BoardResponse {
        let ctx = ui.ctx().clone();
        let now = ui.input(|i| i.time);
        let pos = self.position;

        // 1. size: as large as fits, keeping the proportions
        let avail = ui.available_size();
        let unit = (avail.x / WIDTH).min(avail.y / HEIGHT).max(10.0);
        // 2. allocate the whole area, centre the board in it
        let (_, area) = ui.allocate_space(avail);
        let board = Rect::from_center_size(area.center(), Vec2::new(WIDTH, HEIGHT) * unit);
        let painter = ui.painter_at(area);
        let sheet = Sheet {
            painter: &painter,
            origin: board.min,
            unit,
        };

        // 3. interact: the board is one keyboard stop …
        let id = board_id();
        let focus = ui.interact(board, id, Sense::FOCUSABLE);
        focus.widget_info(|| WidgetInfo::labeled(Role::Group, true, "Board"));
        let memory_id = id.with("remembered");
        let mut mem: Remembered = ctx.data(|d| d.get_temp(memory_id)).unwrap_or_default();
        if mem.seen != Some(*pos) {
            if let Some(old) = mem.seen
                && !self.reduce_motion
                && !self.busy
            {
                mem.drawing.extend(motion::new_strokes(&old, pos, now));
            }
            mem.cursor = Some(cursor::start(pos, mem.cursor));
            mem.seen = Some(*pos);
        }
        if self.reduce_motion || self.busy {
            mem.drawing.clear();
        }
        mem.drawing.retain(|d| now - d.start < motion::DRAW_SECONDS);
        let mut cursor = mem.cursor.unwrap_or_else(|| cursor::start(pos, None));
        let mut out = BoardResponse::default();
        if let scribe_rules::Target::Grid(g) = pos.target()
            && !pos.is_over()
        {
            let o = grid_origin(g);
            out.target = Some(Rect::from_min_max(
                sheet.pos(o),
                sheet.pos([o[0] + 3.0, o[1] + 3.0]),
            ));
        }
        let focused = focus.has_focus();
        if focused {
            // the arrows belong to the cursor, not to egui's focus moves
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
            let (steps, play) = ui.input_mut(|i| {
                let mut steps = Vec::new();
                for (key, step) in [
                    (Key::ArrowLeft, Step::Left),
                    (Key::ArrowRight, Step::Right),
                    (Key::ArrowUp, Step::Up),
                    (Key::ArrowDown, Step::Down),
                ] {
                    while i.consume_key(Modifiers::NONE, key) {
                        steps.push(step);
                    }
                }
                let play = i.consume_key(Modifiers::NONE, Key::Enter)
                    | i.consume_key(Modifiers::NONE, Key::Space);
                (steps, play)
            });
            if !steps.is_empty() {
                ui.memory_mut(|m| m.move_focus(FocusDirection::None));
            }
            for step in steps {
                cursor = cursor::step(cursor, step);
            }
            if play {
                out.clicked = Some(cursor);
            }
        }

        // … and a group of 81 clickable squares (not keyboard stops)
        let scores = GridIndex::ALL.map(|g| pos.grid_score(g));
        let squares = ui.new_child(
            UiBuilder::new()
                .scope_id(id.with("squares"))
                .max_rect(board)
                .accessibility_parent(id),
        );
        let live = self.live;
        let style = self.style;
        for sq in Square::ALL {
            let r = Rect::from_min_size(sheet.pos(cell_origin(sq)), Vec2::splat(unit));
            let mut resp = squares.interact(r, square_id(sq), Sense::CLICK);
            resp.widget_info(|| {
                let name = if self.guidance || pos.at(sq).is_some() {
                    square_name(pos, sq, style, live)
                } else {
                    format!("{sq}, empty")
                };
                let name = if self.check.contains(&sq) {
                    format!("{name}, to check")
                } else {
                    name
                };
                WidgetInfo::labeled(Role::Button, live, name)
            });
            ctx.accesskit_node_builder(resp.id, |node| {
                node.add_action(accesskit::Action::Focus);
                if let Some(text) = group_name(pos, &scores[sq.grid().index()], sq)
                    && self.scores
                {
                    node.set_description(text);
                }
            });
            if ui.input(|i| i.has_accesskit_action_request(resp.id, accesskit::Action::Focus)) {
                cursor = sq;
                focus.request_focus();
            }
            if resp.hovered() {
                out.hovered = Some(sq);
                let legal = live && pos.check(sq).is_ok();
                ctx.set_cursor_icon(if legal {
                    CursorIcon::PointingHand
                } else {
                    CursorIcon::NotAllowed
                });
                if let Some(text) = group_name(pos, &scores[sq.grid().index()], sq)
                    && self.scores
                {
                    resp = resp.on_hover_text(text);
                }
            }
            if resp.clicked() {
                out.clicked = Some(sq);
                cursor = sq;
            }
        }
        drop(squares);
        if focused {
            ctx.accesskit_node_builder(id, |node| {
                node.set_active_descendant(square_id(cursor).accesskit_id());
            });
            out.cursor = Some(cursor);
        }
        mem.cursor = Some(cursor);

        // 4. paint
        let frame = Frame {
            scores,
            hovered: out.hovered,
            cursor: out.cursor,
            drawing: mem.drawing.clone(),
            now,
            flash: motion::flashing(&ctx, now),
        };
        self.paint(&sheet, board, &frame);
        // the next frame: at most 60 a second while the pen or the flash
        // moves; one when a still flash is due to go; none otherwise
        if !frame.drawing.is_empty() || frame.flash.is_some() {
            let next = if self.reduce_motion && frame.drawing.is_empty() {
                frame
                    .flash
                    .map_or(0.0, |(_, t)| f64::from(1.0 - t) * motion::FLASH_SECONDS)
            } else {
                1.0 / 60.0
            };
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(next.max(0.001)));
        }
        ctx.data_mut(|d| d.insert_temp(memory_id, mem));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_fit_the_board_and_never_overlap() {
        for a in Square::ALL {
            let o = cell_origin(a);
            assert!(o[0] >= LEFT && o[0] + 1.0 <= WIDTH - RIGHT, "{a}");
            assert!(o[1] >= TOP && o[1] + 1.0 <= HEIGHT - GAP - BOTTOM, "{a}");
            for b in Square::ALL {
                let p = cell_origin(b);
                let apart = (o[0] - p[0]).abs() >= 1.0 || (o[1] - p[1]).abs() >= 1.0;
                assert!(a == b || apart, "{a} and {b} overlap");
            }
        }
        // a mini grid starts at its first square, and mini grids are GAP apart
        let g = GridIndex::from_number(5).expect("grid 5");
        assert_eq!(grid_origin(g), cell_origin("D4".parse().expect("D4")));
        let right = cell_origin("D1".parse().expect("D1"))[0];
        let left_end = cell_origin("C1".parse().expect("C1"))[0] + 1.0;
        assert!((right - left_end - GAP).abs() < 1e-6);
    }
}
