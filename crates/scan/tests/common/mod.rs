//! The printed sheets, as the generator draws them: from `scribe-export`'s layout.
//! One setup for the scan tests here, `tests/scan.rs` and `tests/ui_scan.rs`
//! (which include this file by its path) and the examples.

#![allow(dead_code)]

use scribe_export::{Paper, Template, blank_layout};
use scribe_scan::synth::{Sheet, SheetBoard};

/// Points to millimetres.
fn mm(pt: f32) -> f32 {
    pt * 25.4 / 72.0
}

/// The sheet of a built-in template: `per_page` 1 (A4 or Letter) or 2 (A4).
pub fn sheet(paper: Paper, per_page: usize) -> Sheet {
    let t = Template::builtin(paper, per_page).expect("built-in template");
    let layout = blank_layout(&t, 1);
    let page = &layout.pages[0];
    Sheet {
        width: mm(page.width),
        height: mm(page.height),
        boards: page
            .boards
            .iter()
            .map(|b| SheetBoard {
                squares: b.squares.iter().map(|s| s.map(mm)).collect(),
                markers: b.markers.iter().map(|m| m.map(mm)).collect(),
                marker_side: mm(b.marker_side),
            })
            .collect(),
    }
}

/// The three built-in sheets, by seed.
pub fn sheet_for(seed: u64) -> Sheet {
    match seed % 3 {
        0 => sheet(Paper::A4, 1),
        1 => sheet(Paper::A4, 2),
        _ => sheet(Paper::Letter, 1),
    }
}

/// The same sheet without its markers: an old sheet.
pub fn without_markers(mut sheet: Sheet) -> Sheet {
    for b in &mut sheet.boards {
        b.markers.clear();
    }
    sheet
}
