//! Dumps what the reader saw of every square of generated photos (seeds
//! FIRST to FIRST+N-1, cached in DIR as `tune` does), one line a square,
//! for tuning the confidence on seeds never reported:
//! `cargo run --release -p scribe-scan --example calibrate -- N FIRST DIR > squares.tsv`.
//! Columns: seed, board, square, truth, read, confidence, changed by the
//! rules, the network's five probabilities, then the read class's
//! probability at each of `PROBE_SHIFTS`, and how evenly the square is
//! lit.

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
    let next = std::sync::atomic::AtomicU64::new(0);
    let lines = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                loop {
                    let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if k >= n {
                        break;
                    }
                    let seed = first + k;
                    let out = one(Path::new(&dir), seed);
                    lines.lock().expect("lock").push((seed, out));
                }
            });
        }
    });
    let mut lines = lines.into_inner().expect("lock");
    lines.sort_by_key(|(s, _)| *s);
    for (_, l) in lines {
        print!("{l}");
    }
}

fn one(dir: &Path, seed: u64) -> String {
    let (jpeg, truth) = cached(dir, seed);
    let mut out = String::new();
    let read = match scribe_scan::scan_evidence(&jpeg) {
        Ok(r) if r.len() == truth.len() => r,
        Ok(r) => {
            eprintln!("seed {seed}: {} of {} boards", r.len(), truth.len());
            return out;
        }
        Err(e) => {
            eprintln!("seed {seed}: {e}");
            return out;
        }
    };
    for (k, ((b, ev), t)) in read.iter().zip(&truth).enumerate() {
        for i in 0..81 {
            let got = Class::of(b.squares[i], b.slashed[i]);
            let e = &ev[i];
            let p: Vec<String> = e.probs.iter().map(|v| format!("{v:.5}")).collect();
            let sh: Vec<String> = e
                .shifted
                .iter()
                .map(|q| format!("{:.5}", q[got.index()]))
                .collect();
            out += &format!(
                "{seed}\t{k}\t{i}\t{}\t{}\t{:.5}\t{}\t{}\t{}\t{:.4}\n",
                t[i].index(),
                got.index(),
                b.confidence[i],
                u8::from(e.changed),
                p.join("\t"),
                sh.join("\t"),
                e.evenness
            );
        }
    }
    out
}

/// The photo and truth of `seed`, generated once (as `examples/tune.rs`).
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
