//! The reader's idea of the printed board is the printer's.

mod common;

use scribe_export::{MARKER_CENTERS, MARKER_SIDE, Paper, Template, blank_layout};

#[test]
fn the_reader_knows_where_the_printer_puts_markers_and_squares() {
    assert_eq!(scribe_scan::MARKER_CENTERS, MARKER_CENTERS);
    assert_eq!(scribe_scan::MARKER_SIDE, MARKER_SIDE);
    for (paper, per_page) in [(Paper::A4, 1), (Paper::A4, 2), (Paper::Letter, 1)] {
        let t = Template::builtin(paper, per_page).unwrap();
        for b in &blank_layout(&t, 1).pages[0].boards {
            let [x0, y0, x1, _] = b.squares[0];
            let cell = x1 - x0;
            for (i, s) in b.squares.iter().enumerate() {
                let [u, v] = scribe_scan::square_origin(i);
                assert!((s[0] - (x0 + u * cell)).abs() < 0.01, "square {i}");
                assert!((s[1] - (y0 + v * cell)).abs() < 0.01, "square {i}");
            }
            for (m, c) in b.markers.iter().zip(MARKER_CENTERS) {
                assert!((m[0] - (x0 + c[0] * cell)).abs() < 0.01);
                assert!((m[1] - (y0 + c[1] * cell)).abs() < 0.01);
            }
        }
    }
}
