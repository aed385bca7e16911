//! Writes generated photos and reads them back:
//! `cargo run --release -p scribe-scan --example gen -- SEED OUT.jpg [full]`
//! (`full`: every board a whole random game, as a finished sheet).

#![allow(clippy::needless_range_loop)]

#[path = "../tests/common/mod.rs"]
mod common;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let out = args.get(2).cloned().unwrap_or_else(|| "photo.jpg".into());
    let sheet = common::sheet_for(seed);
    let t = std::time::Instant::now();
    let full: Option<Vec<[scribe_scan::Class; 81]>> =
        (args.get(3).map(String::as_str) == Some("full")).then(|| {
            (0..sheet.boards.len() as u64)
                .map(|k| full_game(seed * 10 + k))
                .collect()
        });
    let photo = scribe_scan::synth::photo_of(&sheet, full.as_deref(), seed, &Default::default());
    println!("generated in {:?}: {:?}", t.elapsed(), photo.distortion);
    std::fs::write(&out, &photo.jpeg).expect("write");
    println!("{:?}", scribe_scan::markers_found(&photo.jpeg));
    let t = std::time::Instant::now();
    match scribe_scan::scan(&photo.jpeg) {
        Ok(boards) => {
            println!("read {} board(s) in {:?}", boards.len(), t.elapsed());
            for (b, truth) in boards.iter().zip(&photo.truth) {
                let wrong: Vec<usize> = (0..81)
                    .filter(|&i| scribe_scan::Class::of(b.squares[i], b.slashed[i]) != truth[i])
                    .collect();
                let circled = wrong
                    .iter()
                    .filter(|&&i| b.confidence[i] < scribe_scan::LOW_CONFIDENCE)
                    .count();
                println!(
                    "wrong squares: {} ({circled} circled; {} circled in all)",
                    wrong.len(),
                    b.unsure().len()
                );
                for i in wrong {
                    println!(
                        "  square {i}: {:?} read as {:?}, confidence {:.4}",
                        truth[i],
                        scribe_scan::Class::of(b.squares[i], b.slashed[i]),
                        b.confidence[i]
                    );
                }
            }
        }
        Err(e) => println!("error: {e}"),
    }
}

/// A whole random game's board, as the sheet shows it.
fn full_game(seed: u64) -> [scribe_scan::Class; 81] {
    let mut rng = scribe_scan::synth::Rng::new(seed);
    let mut pos = scribe_rules::Position::new();
    while !pos.is_over() {
        let legal: Vec<scribe_rules::Square> = pos.legal_moves().iter().collect();
        let _ = pos.play(legal[rng.below(legal.len())]);
    }
    std::array::from_fn(|i| {
        let sq = scribe_rules::Square::ALL[i];
        scribe_scan::Class::of(pos.at(sq), pos.is_slashed(sq))
    })
}
