//! Drag and drop at the Scribbage table: a cube of the tray, or one on the
//! grid, dragged onto a square. It is the click-a-cube-then-a-square move
//! made in one gesture (a drag picks the cube up, the drop puts it down), so
//! the session knows nothing of it. A cube from the grid dropped on the tray
//! goes back; dropped anywhere else, the cube stays picked, as after a click
//! on it.

use super::common::act;
use super::cubes::{self, Look, Shows};
use crate::action::Action;
use crate::modes::scribbage::session::{ScribbageAction as A, ScribbageSession};
use egui::{Id, LayerId, Order, Rect, Response, Ui, Vec2};

/// What a drag carries: the cube's index in the roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct DraggedCube(usize);

/// `resp` (a tray cube, or a square holding one) can be dragged: a drag
/// that starts picks `cube` up.
pub(super) fn source(s: &ScribbageSession, resp: &Response, cube: usize, out: &mut Vec<Action>) {
    resp.dnd_set_drag_payload(DraggedCube(cube));
    if resp.drag_started() && s.picked() != Some(cube) {
        out.push(act(A::Pick(cube)));
    }
}

/// `resp` is square (r, c): a cube dropped on it is put there.
pub(super) fn target(resp: &Response, (r, c): (usize, usize), out: &mut Vec<Action>) {
    if resp.dnd_release_payload::<DraggedCube>().is_some() {
        out.push(act(A::Cell(r, c)));
    }
}

/// `resp` is the tray: a cube from the grid dropped on it goes back.
pub(super) fn back_to_tray(s: &ScribbageSession, resp: &Response, out: &mut Vec<Action>) {
    if let Some(held) = resp.dnd_release_payload::<DraggedCube>()
        && let Some((r, c)) = s.place_of(held.0)
    {
        out.push(act(A::Clear(r, c)));
    }
}

/// While a cube is dragged, it follows the pointer, above everything.
pub(super) fn paint_held(s: &ScribbageSession, ui: &Ui, side: f32) {
    let Some(held) = egui::DragAndDrop::payload::<DraggedCube>(ui.ctx()) else {
        return;
    };
    let (Some(at), Some(face)) = (ui.ctx().pointer_latest_pos(), s.face(held.0)) else {
        return;
    };
    let painter = ui.ctx().layer_painter(LayerId::new(
        Order::Tooltip,
        Id::unique("scribbage-held-cube"),
    ));
    cubes::paint(
        &painter,
        Rect::from_center_size(at, Vec2::splat(side)),
        Shows::face(face),
        Look {
            picked: true,
            ..Look::default()
        },
    );
    ui.ctx().set_cursor_icon(egui::CursorIcon::Grabbing);
}
