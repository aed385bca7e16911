//! Whether a stored review's figures agree with each other: what a
//! hand-edited save file may contradict.

use super::Review;
use scribe_ai::review::MoveReview;
use scribe_rules::Player;

impl Review {
    /// Checks that the review's figures agree with each other, move by move:
    /// a proved result with its chance (won is 1, lost is 0), a forced move
    /// with its better move (itself), and the class with the drop in win
    /// chance (as the engine classes moves, to the thousandth the file keeps).
    ///
    /// # Errors
    /// The first contradiction, naming the move and the keys.
    pub fn consistency(&self) -> Result<(), String> {
        for (k, m) in self.moves.iter().enumerate() {
            let n = k + 1;
            for (key, proven, chance_key, chance) in [
                ("proven_before", m.proven_before, "win_before", m.win_before),
                ("proven_after", m.proven_after, "win_after", m.win_after),
            ] {
                let want = match proven {
                    Some(true) => 1.0,
                    Some(false) => 0.0,
                    None => continue,
                };
                if chance.get() != want {
                    let said = if want == 1.0 { "won" } else { "lost" };
                    return Err(format!(
                        "move {n}: `{key}` says {said} but `{chance_key}` is {}",
                        chance.get()
                    ));
                }
            }
            if m.forced && m.best != m.square {
                return Err(format!(
                    "move {n}: `forced` is set but `best` ({}) is not the move played ({})",
                    m.best, m.square
                ));
            }
            let figures = |win_after: f64| MoveReview {
                number: n,
                player: if k % 2 == 0 { Player::X } else { Player::O },
                played: m.square,
                best: m.best,
                win_before: m.win_before.get(),
                win_after,
                proven_before: m.proven_before,
                proven_after: m.proven_after,
                forced: m.forced,
                class: m.class,
            };
            // The file keeps thousandths: allow the rounding of both chances.
            let after = m.win_after.get();
            let lo = figures((after + 0.0015).min(1.0)).classify();
            let hi = figures((after - 0.0015).max(0.0)).classify();
            if m.class < lo.min(hi) || m.class > lo.max(hi) {
                let expected = figures(after).classify();
                let drop = (m.win_before.get() - after).max(0.0);
                return Err(format!(
                    "move {n}: `class` is {} but the figures make it {} (`win_before` {}, `win_after` {}, a drop of {:.3})",
                    m.class.name(),
                    expected.name(),
                    m.win_before.get(),
                    after,
                    drop
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Chance, REVIEW_VERSION, ReviewedMove};
    use super::*;
    use scribe_ai::review::{MoveClass, ReviewConfig};
    use scribe_rules::{Game, Variant};

    #[test]
    fn engine_reviews_are_consistent_and_contradictions_found() {
        use scribe_ai::review::review_game;
        let stop = std::sync::atomic::AtomicBool::new(false);
        let config = ReviewConfig::quick();
        for seed in 0..6u64 {
            let mut game = Game::new();
            let mut rng = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
            while !game.position().is_over() && game.moves().len() < 81 {
                let legal = game.position().legal_moves();
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                let sq = legal
                    .iter()
                    .nth((rng % legal.len() as u64) as usize)
                    .unwrap();
                game.play(sq).unwrap();
            }
            let r = review_game(
                game.moves(),
                Variant::Majority,
                &config,
                seed,
                &mut |_, _| {},
                &stop,
            )
            .unwrap();
            let stored = Review::from_engine(&r, &config, seed);
            assert_eq!(stored.consistency(), Ok(()), "seed {seed}");
        }
        let m = ReviewedMove {
            square: "E5".parse().unwrap(),
            best: "D6".parse().unwrap(),
            win_before: Chance::new(0.6),
            win_after: Chance::new(0.59),
            proven_before: None,
            proven_after: None,
            forced: false,
            class: MoveClass::Good,
        };
        let review = |m: ReviewedMove| Review {
            version: REVIEW_VERSION,
            variant: Variant::Majority,
            seed: 1,
            iterations: 100,
            think_ms: None,
            moves: vec![m],
        };
        assert_eq!(review(m).consistency(), Ok(()));
        let e = review(ReviewedMove {
            class: MoveClass::Blunder,
            ..m
        })
        .consistency()
        .unwrap_err();
        assert!(
            e.contains("`class` is blunder but the figures make it good"),
            "{e}"
        );
        let e = review(ReviewedMove {
            proven_before: Some(true),
            ..m
        })
        .consistency()
        .unwrap_err();
        assert_eq!(
            e,
            "move 1: `proven_before` says won but `win_before` is 0.6"
        );
        let e = review(ReviewedMove {
            proven_after: Some(true),
            win_after: Chance::new(0.0),
            ..m
        })
        .consistency()
        .unwrap_err();
        assert!(
            e.contains("`proven_after` says won but `win_after` is 0"),
            "{e}"
        );
        let e = review(ReviewedMove { forced: true, ..m })
            .consistency()
            .unwrap_err();
        assert!(e.contains("`forced` is set"), "{e}");
    }
}
