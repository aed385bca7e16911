//! The panels around the board: menus and shortcuts, the toolbar, the turn
//! and score lines with the board, the move list, the side panel and the
//! status line. Each reads the app's state and returns
//! [`crate::action::Action`]s.

mod centre;
mod menu;
mod moves;
mod side;
mod status;
mod toolbar;

pub(crate) use centre::{board, fixed_line};
pub(crate) use menu::{SHORTCUTS, keys_of, menu_bar, shortcuts};
pub(crate) use moves::move_list;
pub(crate) use side::side_panel;
pub(crate) use status::status_line;
pub(crate) use toolbar::toolbar;
