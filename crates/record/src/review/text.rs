//! A review in words: how it was made, chances as percentages.

use super::{Chance, Review};

impl Review {
    /// How the review was made, in a player's words, e.g. "for the Majority
    /// version, playing out 100,000 random games from each position" (no
    /// seeds, no engine terms: those are in [`Review::settings_line`]).
    #[must_use]
    pub fn effort_words(&self) -> String {
        let effort = match self.think_ms {
            Some(ms) if ms % 1000 == 0 => format!(
                "thinking {} second{} on each position",
                ms / 1000,
                if ms == 1000 { "" } else { "s" }
            ),
            Some(ms) => format!(
                "thinking {:.1} seconds on each position",
                ms as f64 / 1000.0
            ),
            None => format!(
                "playing out {} random game{} from each position",
                thousands(self.iterations),
                if self.iterations == 1 { "" } else { "s" }
            ),
        };
        format!("for the {} version, {effort}", self.variant)
    }

    /// A line describing how the review was made, e.g.
    /// "Majority, 100000 playouts a position, seed 1".
    #[must_use]
    pub fn settings_line(&self) -> String {
        let effort = match self.think_ms {
            Some(ms) => format!("{ms} ms a position"),
            None => format!("{} playouts a position", self.iterations),
        };
        format!("{}, {effort}, seed {}", self.variant, self.seed)
    }
}

/// A count with thousands separated by commas: "100,000".
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A percentage for text: "73%".
#[must_use]
pub fn percent(p: f64) -> String {
    format!("{}%", Chance::new(p).percent())
}

/// A win chance for text: "61%", or "won"/"lost" when proved.
#[must_use]
pub fn chance_text(p: f64, proven: Option<bool>) -> String {
    match proven {
        Some(true) => "won".to_string(),
        Some(false) => "lost".to_string(),
        None => percent(p),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_written_with_commas() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(100_000), "100,000");
        assert_eq!(thousands(2_000_000), "2,000,000");
    }
}
