//! The confidence is honest: on generated photos (seeds 500 100 and up,
//! neither trained nor tuned on) read with each board's fit moved on
//! purpose by a third of a square, so that many squares are read wrong,
//! nine wrong squares in ten have low confidence (circled in the app);
//! read as found, few right squares do. A confidence that said nothing
//! (always sure, or never) fails one or the other.

mod common;

use scribe_scan::synth::{Options, photo};
use scribe_scan::{Class, LOW_CONFIDENCE};

#[test]
fn squares_read_wrong_have_low_confidence_and_right_ones_mostly_not() {
    let opts = Options::default();
    let (mut wrong, mut wrong_low, mut right, mut right_low) = (0, 0, 0, 0);
    for seed in 500_100..500_103u64 {
        let p = photo(&common::sheet_for(seed), seed, &opts);
        for by in [[0.0, 0.0], [0.3, 0.0], [0.0, -0.3]] {
            let read = scribe_scan::scan_moved(&p.jpeg, by).expect("read");
            assert_eq!(read.len(), p.truth.len(), "seed {seed}: boards found");
            for (b, t) in read.iter().zip(&p.truth) {
                for (i, &truth) in t.iter().enumerate() {
                    let low = b.confidence[i] < LOW_CONFIDENCE;
                    if Class::of(b.squares[i], b.slashed[i]) == truth {
                        if by == [0.0, 0.0] {
                            right += 1;
                            right_low += usize::from(low);
                        }
                    } else {
                        wrong += 1;
                        wrong_low += usize::from(low);
                    }
                }
            }
        }
    }
    eprintln!("wrong {wrong_low} of {wrong} low; right {right_low} of {right} low");
    assert!(
        wrong >= 10,
        "the moved fits read only {wrong} squares wrong"
    );
    assert!(
        wrong_low * 10 >= wrong * 9,
        "{wrong_low} of {wrong} wrong squares have low confidence"
    );
    assert!(
        right_low * 20 <= right,
        "{right_low} of {right} right squares have low confidence"
    );
}

/// A shadow's sharp edge across empty squares: the network, trained on
/// one paper level a square, read two of them as slashed O and was sure
/// (seed 11115, found in a held-out run; the squares' light is measured
/// now, and a square a shadow's edge crosses has low confidence).
#[test]
fn squares_under_a_shadows_edge_read_wrong_are_circled() {
    let seed = 11_115;
    let p = photo(&common::sheet_for(seed), seed, &Options::default());
    assert!(p.distortion.shadow, "{:?}", p.distortion);
    let read = scribe_scan::scan(&p.jpeg).expect("read");
    let mut wrong = 0;
    for (b, t) in read.iter().zip(&p.truth) {
        for (i, &truth) in t.iter().enumerate() {
            if Class::of(b.squares[i], b.slashed[i]) != truth {
                wrong += 1;
                assert!(
                    b.confidence[i] < LOW_CONFIDENCE,
                    "square {i}: {truth:?} read as {:?}, sure ({})",
                    Class::of(b.squares[i], b.slashed[i]),
                    b.confidence[i]
                );
            }
        }
    }
    assert!(
        wrong > 0,
        "the photo no longer shows the case: read all right"
    );
}
