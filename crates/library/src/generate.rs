//! Random games for tests, screenshots and the benchmark: `n` save files of
//! legal games between a few people and the computer at every level, over
//! two years, most finished, some in progress or resigned. The same seed
//! gives the same games.

use chrono::{DateTime, Duration, Utc};
use scribe_ai::Level;
use scribe_record::{Ending, GameRecord, PlayerInfo, PlayerKind};
use scribe_rules::{ByPlayer, Player, Variant};
use std::path::Path;

/// The people of the generated games.
pub const NAMES: [&str; 6] = ["Ann", "Bob", "Chloé", "Dev", "Emeka", "Zoë Łukasz"];

/// A small fast random generator (SplitMix64): the same seed, the same games.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// Seeded.
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next_u64() % (n.max(1) as u64)).unwrap_or(0)
    }
}

/// One random game: Ann (the owner) against a person or the computer, the
/// date somewhere in the two years before `now`.
#[must_use]
pub fn random_game(rng: &mut Rng, now: DateTime<Utc>) -> GameRecord {
    let me = PlayerInfo::human(NAMES[0]);
    let other = if rng.below(3) == 0 {
        PlayerInfo::human(NAMES[1 + rng.below(NAMES.len() - 1)])
    } else {
        let level = Level::ALL[rng.below(5)];
        PlayerInfo {
            name: "Computer".to_string(),
            kind: PlayerKind::Computer(level),
        }
    };
    let players = if rng.below(2) == 0 {
        ByPlayer { x: me, o: other }
    } else {
        ByPlayer { x: other, o: me }
    };
    let variant = Variant::ALL[rng.below(2)];
    let mut record = GameRecord::new(variant, players);
    let start = now - Duration::minutes(i64::try_from(rng.below(2 * 365 * 24 * 60)).unwrap_or(0));
    let length = match rng.below(10) {
        0 => 10 + rng.below(60),
        _ => 81,
    };
    let resign = length < 81 && rng.below(2) == 0;
    for i in 0..length {
        let legal: Vec<_> = record.game.position().legal_moves().iter().collect();
        if legal.is_empty() {
            break;
        }
        let sq = legal[rng.below(legal.len())];
        let at = start + Duration::seconds(i64::try_from(i * 20).unwrap_or(0));
        if record.play(sq, at).is_err() {
            break;
        }
    }
    if resign && !record.is_over() {
        let loser = if rng.below(2) == 0 {
            Player::X
        } else {
            Player::O
        };
        record.ended = Some(Ending::Resigned(loser));
        record.finished = Some(start + Duration::seconds(i64::try_from(length * 20).unwrap_or(0)));
    }
    record
}

/// Writes `n` random games as save files into `dir` (plain writes: a
/// generator, not the library's own careful path). Returns the files' names.
///
/// # Errors
/// The folder cannot be made or a file written.
pub fn write_games(dir: &Path, n: usize, seed: u64) -> std::io::Result<Vec<String>> {
    std::fs::create_dir_all(dir)?;
    let mut rng = Rng::new(seed);
    let now = DateTime::parse_from_rfc3339("2026-11-26T00:00:00Z")
        .map(|d| d.with_timezone(&Utc))
        .unwrap_or_else(|_| Utc::now());
    let mut names = Vec::with_capacity(n);
    for i in 0..n {
        let record = random_game(&mut rng, now);
        let name = format!("gen-{i:05}-{:016x}.ron", super::game_key(&record));
        std::fs::write(dir.join(&name), record.to_ron())?;
        names.push(name);
    }
    Ok(names)
}
