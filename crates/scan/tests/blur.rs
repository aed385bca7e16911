//! The two-board sheet (the car trip's) photographed small and blurred:
//! its markers are the smallest printed, and under a blur of 1.6 to 2
//! pixels the gap between each marker's ring and centre fills in. Every
//! board must still be found, nearly every square read right and every
//! square read wrong circled. Seeds
//! 600 000 and up: neither trained on nor tuned on.

#![allow(clippy::needless_range_loop)]

mod common;

use scribe_export::Paper;
use scribe_scan::synth::{Options, photo};
use scribe_scan::{Class, LOW_CONFIDENCE};

#[test]
fn both_boards_of_the_two_board_sheet_are_found_under_strong_blur() {
    let sheet = common::sheet(Paper::A4, 2);
    let (mut squares, mut right, mut wrong, mut circled) = (0, 0, 0, 0);
    for (k, seed) in (600_000..600_004u64).enumerate() {
        let opts = Options {
            blur: Some(1.6 + 0.1 * k as f32),
            ..Options::default()
        };
        let p = photo(&sheet, seed, &opts);
        let read = scribe_scan::scan(&p.jpeg)
            .unwrap_or_else(|e| panic!("seed {seed}, {:?}: {e}", p.distortion));
        assert_eq!(read.len(), 2, "seed {seed}, {:?}", p.distortion);
        for (b, t) in read.iter().zip(&p.truth) {
            for i in 0..81 {
                squares += 1;
                if Class::of(b.squares[i], b.slashed[i]) == t[i] {
                    right += 1;
                } else {
                    wrong += 1;
                    circled += usize::from(b.confidence[i] < LOW_CONFIDENCE);
                }
            }
        }
    }
    // the hardest of the generator's photos: a lower bar than the goals'
    // 99.5 % over all photos, but every square read wrong is circled
    assert!(
        right * 100 >= squares * 99,
        "{right} of {squares} squares right"
    );
    assert_eq!(circled, wrong, "{circled} of {wrong} wrong squares circled");
}
