//! The accuracy table of docs/SCAN.md: reads generated photos (seeds FIRST
//! to FIRST+N-1; training uses seeds from 1 000 000) and prints accuracy by distortion, the
//! confusion matrix, how honest the confidence is, and the time to read a
//! 12-megapixel photo on one core:
//! `cargo run --release -p scribe-scan --example accuracy -- [N [FIRST]]`.

#![allow(clippy::needless_range_loop)]

#[path = "../tests/common/mod.rs"]
mod common;

use scribe_scan::synth::{Distortion, Options, photo};
use scribe_scan::{Class, LOW_CONFIDENCE};
use std::collections::BTreeMap;
use std::time::Instant;

/// What one photo gave.
struct Outcome {
    d: Distortion,
    sheet: u64,
    found: bool,
    squares: usize,
    right: usize,
    boards: usize,
    boards_right: usize,
    confusion: [[usize; 5]; 5],
    wrong_low: usize,
    wrong: usize,
    right_low: usize,
    /// Per threshold of [`SWEEP`]: wrong squares under it, right squares
    /// under it, wrong boards with a square under it, right boards with one.
    sweep: [[usize; 4]; SWEEP.len()],
}

/// The confidence thresholds whose flags are counted (calibration).
const SWEEP: [f32; 7] = [0.8, 0.9, 0.95, 0.97, 0.98, 0.99, 0.995];

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(300);
    let first: u64 = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(100_000);
    let outcomes = std::sync::Mutex::new(Vec::new());
    let next = std::sync::atomic::AtomicU64::new(0);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                loop {
                    let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if k >= n {
                        break;
                    }
                    let seed = first + k;
                    let o = run(seed);
                    outcomes.lock().expect("lock").push(o);
                }
            });
        }
    });
    let outcomes = outcomes.into_inner().expect("lock");
    report(&outcomes);
    timing();
}

fn run(seed: u64) -> Outcome {
    let sheet = common::sheet_for(seed);
    let p = photo(&sheet, seed, &Options::default());
    let boards = p.truth.len();
    let mut o = Outcome {
        d: p.distortion,
        sheet: seed % 3,
        found: false,
        squares: boards * 81,
        right: 0,
        boards,
        boards_right: 0,
        confusion: [[0; 5]; 5],
        wrong_low: 0,
        wrong: 0,
        right_low: 0,
        sweep: [[0; 4]; SWEEP.len()],
    };
    let read = match scribe_scan::scan(&p.jpeg) {
        Ok(read) => read,
        Err(e) => {
            eprintln!("seed {seed}: {e}");
            o.wrong = o.squares;
            return o;
        }
    };
    if read.len() != boards {
        eprintln!("seed {seed}: {} of {boards} boards found", read.len());
        o.wrong = o.squares;
        return o;
    }
    o.found = true;
    for (b, t) in read.iter().zip(&p.truth) {
        let mut all = true;
        for i in 0..81 {
            let got = Class::of(b.squares[i], b.slashed[i]);
            o.confusion[t[i].index()][got.index()] += 1;
            let low = b.confidence[i] < LOW_CONFIDENCE;
            if got == t[i] {
                o.right += 1;
                o.right_low += usize::from(low);
            } else {
                all = false;
                o.wrong += 1;
                o.wrong_low += usize::from(low);
                if !low {
                    eprintln!(
                        "seed {seed}: square {i} ({:?}) read as {:?}, sure ({:.4})",
                        t[i], got, b.confidence[i]
                    );
                }
            }
        }
        o.boards_right += usize::from(all);
        for (k, &th) in SWEEP.iter().enumerate() {
            let mut any = false;
            for i in 0..81 {
                let low = b.confidence[i] < th;
                any |= low;
                let right = Class::of(b.squares[i], b.slashed[i]) == t[i];
                o.sweep[k][usize::from(right)] += usize::from(low);
            }
            o.sweep[k][if all { 3 } else { 2 }] += usize::from(any);
        }
    }
    o
}

fn report(all: &[Outcome]) {
    let line = |name: String, v: &[&Outcome]| {
        let sq: usize = v.iter().map(|o| o.squares).sum();
        let right: usize = v.iter().map(|o| o.right).sum();
        let b: usize = v.iter().map(|o| o.boards).sum();
        let br: usize = v.iter().map(|o| o.boards_right).sum();
        let found = v.iter().filter(|o| o.found).count();
        println!(
            "| {name} | {} | {found} | {:.2} % | {:.1} % |",
            v.len(),
            100.0 * right as f64 / sq.max(1) as f64,
            100.0 * br as f64 / b.max(1) as f64
        );
    };
    println!("| photos | n | boards found | squares right | boards entirely right |");
    println!("|---|---|---|---|---|");
    let refs: Vec<&Outcome> = all.iter().collect();
    line("all".into(), &refs);
    let mut groups: BTreeMap<String, Vec<&Outcome>> = BTreeMap::new();
    for o in all {
        let d = &o.d;
        let tilt = if d.tilt < 10.0 {
            "0-10°"
        } else if d.tilt < 20.0 {
            "10-20°"
        } else {
            "20-30°"
        };
        groups.entry(format!("tilt {tilt}")).or_default().push(o);
        let blur = if d.blur < 0.6 {
            "< 0.6 px"
        } else if d.blur < 1.3 {
            "0.6-1.3 px"
        } else {
            "1.3-2 px"
        };
        groups.entry(format!("blur {blur}")).or_default().push(o);
        let curl = if d.curl < 0.015 { "< 1.5 %" } else { "1.5-3 %" };
        groups.entry(format!("curl {curl}")).or_default().push(o);
        let q = if d.jpeg < 75 {
            "JPEG 60-74"
        } else {
            "JPEG 75-90"
        };
        groups.entry(q.into()).or_default().push(o);
        groups
            .entry(if d.shadow {
                "shadow".into()
            } else {
                "no shadow".into()
            })
            .or_default()
            .push(o);
        let light = if d.light < 0.6 {
            "darkest light < 0.6"
        } else {
            "darkest light >= 0.6"
        };
        groups.entry(light.into()).or_default().push(o);
        let pen = ["pencil", "blue ballpoint", "black ballpoint"][usize::from(d.pen.min(2))];
        groups.entry(format!("pen: {pen}")).or_default().push(o);
        groups
            .entry(if d.plus {
                "marks + and O".into()
            } else {
                "marks X and O".into()
            })
            .or_default()
            .push(o);
        let sheet = ["A4, one board", "A4, two boards", "Letter, one board"][o.sheet as usize];
        groups.entry(format!("sheet: {sheet}")).or_default().push(o);
    }
    for (k, v) in &groups {
        line(k.clone(), v);
    }
    let mut conf = [[0usize; 5]; 5];
    for o in all {
        for r in 0..5 {
            for c in 0..5 {
                conf[r][c] += o.confusion[r][c];
            }
        }
    }
    let names = ["empty", "X/+", "X/+ slashed", "O", "O slashed"];
    println!("\nConfusion matrix (rows: truth, columns: read), boards found only:\n");
    println!("| truth \\ read | {} |", names.join(" | "));
    println!("|---|---|---|---|---|---|");
    for r in 0..5 {
        let cells: Vec<String> = conf[r].iter().map(|v| v.to_string()).collect();
        println!("| {} | {} |", names[r], cells.join(" | "));
    }
    let wrong: usize = all.iter().filter(|o| o.found).map(|o| o.wrong).sum();
    let wrong_low: usize = all.iter().map(|o| o.wrong_low).sum();
    let right_low: usize = all.iter().map(|o| o.right_low).sum();
    let right: usize = all.iter().map(|o| o.right).sum();
    println!(
        "\nWrong squares with low confidence (< {LOW_CONFIDENCE}): {wrong_low} of {wrong}; right squares with low confidence: {right_low} of {right}"
    );
    let found: Vec<&Outcome> = all.iter().filter(|o| o.found).collect();
    let boards: usize = found.iter().map(|o| o.boards).sum();
    let boards_right: usize = found.iter().map(|o| o.boards_right).sum();
    println!(
        "\nFlags by threshold, on the boards found ({} wrong, {boards_right} right):\n",
        boards - boards_right
    );
    println!(
        "| threshold | wrong squares flagged | right squares flagged | wrong boards flagged | right boards flagged |"
    );
    println!("|---|---|---|---|---|");
    for (k, th) in SWEEP.iter().enumerate() {
        let sum = |j: usize| -> usize { found.iter().map(|o| o.sweep[k][j]).sum() };
        println!(
            "| {th} | {} of {wrong} | {} of {right} | {} of {} | {} of {boards_right} |",
            sum(0),
            sum(1),
            sum(2),
            boards - boards_right,
            sum(3)
        );
    }
    let missed = all.iter().filter(|o| !o.found).count();
    println!("Photos whose boards were not all found: {missed}");
}

fn timing() {
    let sheet = common::sheet_for(0);
    let p = photo(
        &sheet,
        4242,
        &Options {
            width: 4000,
            height: 3000,
            sheet_ppm: 8.0,
            blur: None,
        },
    );
    let mut times = Vec::new();
    for _ in 0..5 {
        let t = Instant::now();
        let r = scribe_scan::scan(&p.jpeg);
        times.push(t.elapsed());
        assert!(r.is_ok(), "{r:?}");
    }
    times.sort();
    println!(
        "\n12-megapixel photo (4000 x 3000 JPEG, {} KB), decode and read, one thread: median {:?} (min {:?}, max {:?})",
        p.jpeg.len() / 1024,
        times[2],
        times[0],
        times[4]
    );
}
