//! A tiny, fast, seedable random number generator: the engine's playouts
//! (`scribe_ai`, which re-exports it as `scribe_ai::Rng`), Scribbage's
//! cubes and Scribbly Gum's deal. A crate of its own so that the companion
//! games stand on no engine; it depends on nothing.
//!
//! The same seed gives the same sequence on every platform, and must keep
//! doing so: saved games, deals and `scribe match` runs are replayed from
//! their seeds (the tests below pin the first numbers of a few seeds).
//!
//! ```
//! use scribe_rng::Rng;
//!
//! let (mut a, mut b) = (Rng::new(7), Rng::new(7));
//! assert_eq!(a.below(81), b.below(81));
//! assert!((0.0..1.0).contains(&a.unit()));
//! ```

/// A 64-bit generator (wyrand), seeded through SplitMix64. Not for
/// cryptography; fast and good enough for Monte Carlo playouts, and the same
/// seed always gives the same sequence on every platform.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator whose sequence is fixed by `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        // SplitMix64 scrambles nearby seeds into unrelated states.
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        Rng(z ^ (z >> 31))
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0xA076_1D64_78BD_642F);
        let t = u128::from(self.0) * u128::from(self.0 ^ 0xE703_7ED1_A0B4_28DB);
        (t >> 64) as u64 ^ t as u64
    }

    /// A number in `0..n` (`n` ≥ 1; the bias is below `n / 2^32`, nothing
    /// for `n` ≤ 81).
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * u64::from(n)) >> 32) as u32
    }

    /// A float in `[0, 1)`.
    #[inline]
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_sequence_and_in_range() {
        let (mut a, mut b) = (Rng::new(3), Rng::new(3));
        let mut counts = [0u32; 7];
        for _ in 0..7000 {
            let x = a.below(7);
            assert_eq!(x, b.below(7));
            counts[x as usize] += 1;
        }
        assert!(counts.iter().all(|&c| c > 800), "{counts:?}");
        assert_ne!(Rng::new(3).next_u64(), Rng::new(4).next_u64());
    }

    /// The sequences are part of saved games and deals: they must never
    /// change (values from an independent implementation of SplitMix64
    /// seeding and wyrand).
    #[test]
    fn the_sequences_are_pinned() {
        let mut r = Rng::new(0);
        assert_eq!(
            [r.next_u64(), r.next_u64(), r.next_u64()],
            [
                0x7950_d340_a3b9_a42d,
                0xbe1a_7908_2232_3877,
                0xdc88_64b5_8f7f_72c8
            ]
        );
        let mut r = Rng::new(42);
        let below: Vec<u32> = (0..10).map(|_| r.below(81)).collect();
        assert_eq!(below, [27, 65, 51, 4, 51, 8, 66, 33, 5, 57]);
        let mut r = Rng::new(7);
        assert_eq!(
            [r.unit(), r.unit()],
            [0.623_624_338_453_768_7, 0.719_152_540_513_984_4]
        );
    }
}
