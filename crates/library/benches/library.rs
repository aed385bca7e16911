//! The library at scale: `cargo bench -p scribe-library` generates 10,000
//! games (or `SCRIBE_BENCH_GAMES`) in a temporary folder and prints how long
//! opening takes (no index: every file read and replayed; with the index),
//! how long each keystroke of a name filter takes (with the sort the table
//! keeps), the statistics, and the process's peak memory (VmHWM). Figures,
//! not asserts: the goals (open under 0.5 s, a keystroke under 50 ms,
//! memory under 100 MB) are checked by reading them.

use scribe_library::filter::{Prepared, sort};
use scribe_library::{Column, Filter, Library, Stats};
use std::time::Instant;

fn peak_memory_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` does not run this
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let n: usize = std::env::var("SCRIBE_BENCH_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    let dir = tempfile::tempdir().expect("a temporary folder");
    let t = Instant::now();
    scribe_library::generate::write_games(dir.path(), n, 1).expect("games written");
    println!("generated {n} games in {:.2} s", t.elapsed().as_secs_f64());

    let t = Instant::now();
    let lib = Library::open(dir.path()).expect("opens");
    println!(
        "open without an index (every file replayed, index written): {:.3} s",
        t.elapsed().as_secs_f64()
    );
    drop(lib);
    let mut best = f64::MAX;
    let mut lib = None;
    for _ in 0..5 {
        let t = Instant::now();
        // what the app does before its first frame of the table
        let l = Library::open(dir.path()).expect("opens");
        let prepared = Prepared::new(l.entries());
        let stats = Stats::of(l.entries());
        let mut rows = Filter::default().apply(l.entries(), &prepared);
        sort(l.entries(), &mut rows, Column::Date, false);
        best = best.min(t.elapsed().as_secs_f64());
        assert!(!stats.players.is_empty());
        assert_eq!(rows.len(), n);
        lib = Some(l);
    }
    let lib = lib.expect("opened");
    println!(
        "open with the index, statistics, filtered and sorted by date (best of 5): {best:.3} s"
    );
    let prepared = Prepared::new(lib.entries());
    let mut worst = 0.0f64;
    let mut total = 0.0;
    // "an" matches nearly every game (Ann's library), "zoë łukasz" a few
    let typed = "ann zoë łukasz";
    for i in 1..=typed.chars().count() {
        let text: String = typed.chars().take(i).collect();
        let t = Instant::now();
        let f = Filter {
            text,
            ..Filter::default()
        };
        let mut rows = f.apply(lib.entries(), &prepared);
        sort(lib.entries(), &mut rows, Column::Date, false);
        let s = t.elapsed().as_secs_f64();
        worst = worst.max(s);
        total += s;
    }
    let mut sort_result = 0.0f64;
    for column in Column::ALL {
        let t = Instant::now();
        let mut rows = Filter::default().apply(lib.entries(), &prepared);
        sort(lib.entries(), &mut rows, column, true);
        sort_result = sort_result.max(t.elapsed().as_secs_f64());
    }
    println!(
        "filter keystroke ({} keys, filter + sort by date): average {:.1} ms, worst {:.1} ms; \
         all rows sorted by a column, the slowest: {:.1} ms",
        typed.chars().count(),
        total * 1000.0 / typed.chars().count() as f64,
        worst * 1000.0,
        sort_result * 1000.0
    );
    let t = Instant::now();
    let stats = Stats::of(lib.entries());
    println!(
        "statistics of {} players: {:.1} ms",
        stats.players.len(),
        t.elapsed().as_secs_f64() * 1000.0
    );
    if let Some(mb) = peak_memory_mb() {
        println!("peak memory of the process (VmHWM): {mb:.1} MB");
    }
}
