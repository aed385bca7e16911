//! A quick tuning loop: generates the photos of seeds FIRST to FIRST+N-1
//! once into DIR (JPEG and truth), then reads them back and prints the
//! totals and the seeds of the boards lost. Tune on seeds you never report:
//! `cargo run --release -p scribe-scan --example tune -- N FIRST DIR`.

#[path = "../tests/common/mod.rs"]
mod common;

use scribe_scan::Class;
use scribe_scan::synth::{Options, photo};
use std::path::Path;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(200);
    let first: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(7000);
    let dir = args
        .get(3)
        .cloned()
        .unwrap_or_else(|| "/tmp/scan-tune".into());
    std::fs::create_dir_all(&dir).expect("cache folder");
    let (mut boards, mut right, mut squares, mut sq_right, mut lost) = (0, 0, 0, 0, 0);
    let (mut wrong_sq, mut wrong_low) = (0, 0);
    // per threshold: wrong squares under it, right squares under it
    let sweep = [0.9f32, 0.95, 0.98, 0.99, 0.995];
    let mut flags = [[0usize; 2]; 5];
    for seed in first..first + n {
        let (jpeg, truth) = cached(Path::new(&dir), seed);
        boards += truth.len();
        squares += truth.len() * 81;
        let read = match scribe_scan::scan(&jpeg) {
            Ok(r) if r.len() == truth.len() => r,
            Ok(r) => {
                println!("seed {seed}: {} of {} boards", r.len(), truth.len());
                lost += truth.len();
                continue;
            }
            Err(e) => {
                println!("seed {seed}: {e}");
                lost += truth.len();
                continue;
            }
        };
        for (k, (b, t)) in read.iter().zip(&truth).enumerate() {
            let wrong: Vec<usize> = (0..81)
                .filter(|&i| Class::of(b.squares[i], b.slashed[i]) != t[i])
                .collect();
            sq_right += 81 - wrong.len();
            for (k, &th) in sweep.iter().enumerate() {
                for i in 0..81 {
                    if b.confidence[i] < th {
                        flags[k][usize::from(!wrong.contains(&i))] += 1;
                    }
                }
            }
            wrong_sq += wrong.len();
            wrong_low += wrong
                .iter()
                .filter(|&&i| b.confidence[i] < scribe_scan::LOW_CONFIDENCE)
                .count();
            if wrong.is_empty() {
                right += 1;
            } else {
                let what: Vec<String> = wrong
                    .iter()
                    .map(|&i| {
                        format!(
                            "{i}:{:?}->{:?}@{:.2}",
                            t[i],
                            Class::of(b.squares[i], b.slashed[i]),
                            b.confidence[i]
                        )
                    })
                    .collect();
                println!("seed {seed} board {k}: {}", what.join(" "));
            }
        }
    }
    println!(
        "boards right {right} of {boards} ({:.1} %), lost {lost}; squares {:.2} %; wrong squares low {wrong_low} of {wrong_sq}",
        100.0 * right as f64 / boards as f64,
        100.0 * sq_right as f64 / squares as f64
    );
    for (k, th) in sweep.iter().enumerate() {
        println!(
            "under {th}: {} of {wrong_sq} wrong squares, {} of {sq_right} right ones",
            flags[k][0], flags[k][1]
        );
    }
}

/// The photo and truth of `seed`, generated once.
fn cached(dir: &Path, seed: u64) -> (Vec<u8>, Vec<[Class; 81]>) {
    let jpg = dir.join(format!("{seed}.jpg"));
    let txt = dir.join(format!("{seed}.truth"));
    if let (Ok(j), Ok(t)) = (std::fs::read(&jpg), std::fs::read_to_string(&txt)) {
        let truth = t
            .lines()
            .map(|l| {
                let mut b = [Class::Empty; 81];
                for (i, ch) in l.bytes().take(81).enumerate() {
                    b[i] = Class::ALL[usize::from(ch - b'0')];
                }
                b
            })
            .collect();
        return (j, truth);
    }
    let p = photo(&common::sheet_for(seed), seed, &Options::default());
    let t: Vec<String> = p
        .truth
        .iter()
        .map(|b| {
            b.iter()
                .map(|c| char::from(b'0' + c.index() as u8))
                .collect()
        })
        .collect();
    std::fs::write(&jpg, &p.jpeg).expect("write");
    std::fs::write(&txt, t.join("\n")).expect("write");
    (p.jpeg, p.truth)
}
