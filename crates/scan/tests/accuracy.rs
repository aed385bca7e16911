//! The accuracy goals on a small held-out set of generated photos
//! (seeds 500 000 and up: neither trained on nor tuned on): squares right,
//! confidence honest, and a lower bar for boards entirely right (six
//! photos are too few to measure the goal's 95 %: one wrong board of
//! eight is 87.5 %). The full table on 300 photos, docs/SCAN.md:
//! `cargo run --release -p scribe-scan --example accuracy`.

#![allow(clippy::needless_range_loop)]

mod common;

use scribe_scan::synth::{Options, photo};
use scribe_scan::{Class, LOW_CONFIDENCE};

#[test]
fn held_out_photos_meet_the_accuracy_goals() {
    let opts = Options::default();
    let (mut squares, mut right, mut boards, mut boards_right) = (0, 0, 0, 0);
    let (mut wrong, mut wrong_low) = (0, 0);
    for seed in 500_000..500_006u64 {
        let p = photo(&common::sheet_for(seed), seed, &opts);
        let read = scribe_scan::scan(&p.jpeg).unwrap_or_default();
        boards += p.truth.len();
        squares += 81 * p.truth.len();
        if read.len() != p.truth.len() {
            eprintln!(
                "seed {seed}: {} of {} boards found",
                read.len(),
                p.truth.len()
            );
            continue;
        }
        for (b, t) in read.iter().zip(&p.truth) {
            let mut all = true;
            for i in 0..81 {
                if Class::of(b.squares[i], b.slashed[i]) == t[i] {
                    right += 1;
                } else {
                    all = false;
                    wrong += 1;
                    wrong_low += usize::from(b.confidence[i] < LOW_CONFIDENCE);
                    eprintln!("seed {seed}: square {i} read wrong ({})", b.confidence[i]);
                }
            }
            boards_right += usize::from(all);
        }
    }
    let sq = right as f64 / squares as f64;
    let bd = boards_right as f64 / boards as f64;
    eprintln!("squares {sq:.4}, boards {bd:.3}, wrong with low confidence {wrong_low} of {wrong}");
    assert!(sq >= 0.995, "squares right: {sq}");
    // the goal is 95 %, measured on 300 photos in docs/SCAN.md
    assert!(bd >= 0.6, "boards entirely right: {bd}");
    assert!(
        wrong_low * 10 >= wrong * 9 || wrong <= 1,
        "{wrong_low} of {wrong} wrong squares have low confidence"
    );
}
