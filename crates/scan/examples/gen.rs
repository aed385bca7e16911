//! Writes generated photos and reads them back:
//! `cargo run --release -p scribe-scan --example gen -- SEED OUT.jpg`.

#![allow(clippy::needless_range_loop)]

#[path = "../tests/common/mod.rs"]
mod common;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let out = args.get(2).cloned().unwrap_or_else(|| "photo.jpg".into());
    let sheet = common::sheet_for(seed);
    let t = std::time::Instant::now();
    let photo = scribe_scan::synth::photo(&sheet, seed, &Default::default());
    println!("generated in {:?}: {:?}", t.elapsed(), photo.distortion);
    std::fs::write(&out, &photo.jpeg).expect("write");
    println!("{:?}", scribe_scan::markers_found(&photo.jpeg));
    let t = std::time::Instant::now();
    match scribe_scan::scan(&photo.jpeg) {
        Ok(boards) => {
            println!("read {} board(s) in {:?}", boards.len(), t.elapsed());
            for (b, truth) in boards.iter().zip(&photo.truth) {
                let wrong = (0..81)
                    .filter(|&i| scribe_scan::Class::of(b.squares[i], b.slashed[i]) != truth[i])
                    .count();
                println!("wrong squares: {wrong}");
            }
        }
        Err(e) => println!("error: {e}"),
    }
}
