//! The panels around the board: menus and shortcuts, the toolbar, the two
//! heading lines with the board, the side panels and the status line; what
//! is in them is the mode in front's ([`crate::modes::Mode`]). Each reads the app's state and returns
//! [`crate::action::Action`]s.

mod centre;
mod menu;
mod side;
mod status;
mod toolbar;

pub(crate) use centre::{board, fixed_line};
pub(crate) use menu::{SHORTCUTS, keys_of, menu_bar, shortcuts};
pub(crate) use side::game_waits;
pub(crate) use side::side_panel;
pub(crate) use status::status_line;
pub(crate) use toolbar::{row_height as toolbar_row_height, toolbar};
