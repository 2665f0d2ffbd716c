//! A small deterministic random generator (SplitMix64): seeded setups, random games and
//! search must give the same result for the same seed on every platform, wasm included.

#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..n` (n > 0): `n` times a random fraction, rounded down.
    ///
    /// For `n` below 2^32 (every count the engines draw, and every `usize` in wasm) the
    /// fraction has 32 bits, so the product is one 64-bit multiplication. Each value then
    /// comes up with a probability within n / 2^32 of its share: below 10^-6 of it for
    /// the few thousand steps a position has at most. A 64-bit fraction (the high word of
    /// a 128-bit product) would take one multiplication natively but two in wasm, which has
    /// no 64×64→128 multiply, and the draw is in the innermost loop of every playout.
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        let x = self.next_u64();
        match u32::try_from(n) {
            Ok(n) => (((x >> 32) * u64::from(n)) >> 32) as usize,
            Err(_) => ((u128::from(x) * n as u128) >> 64) as usize,
        }
    }

    /// A uniform float in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }

    /// A uniformly chosen element, or None if empty.
    pub fn choose<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        (!items.is_empty()).then(|| &items[self.below(items.len())])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_and_in_range() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        for _ in 0..1000 {
            let x = a.below(13);
            assert_eq!(x, b.below(13));
            assert!(x < 13);
        }
        let mut counts = [0; 4];
        let mut r = Rng::new(1);
        for _ in 0..4000 {
            counts[r.below(4)] += 1;
        }
        assert!(counts.iter().all(|&c| c > 800), "{counts:?}");
    }

    #[test]
    fn below_scales_a_32_bit_fraction_and_stays_in_range() {
        let mut r = Rng::new(11);
        let mut check = Rng::new(11);
        let bounds = [
            1,
            2,
            3,
            7,
            61,
            91,
            397,
            65_535,
            1 << 31,
            u32::MAX as usize - 4,
        ];
        for i in 0..20_000 {
            let n = bounds[i % bounds.len()] + i % 5;
            let expected = (((check.next_u64() >> 32) * n as u64) >> 32) as usize;
            let x = r.below(n);
            assert_eq!(x, expected, "n = {n}");
            assert!(x < n, "n = {n}");
        }
    }

    #[cfg(target_pointer_width = "64")]
    #[test]
    fn below_takes_the_high_word_past_32_bits() {
        let mut r = Rng::new(5);
        let mut check = Rng::new(5);
        for n in [1usize << 32, (1 << 40) + 3, usize::MAX] {
            let expected = ((u128::from(check.next_u64()) * n as u128) >> 64) as usize;
            assert_eq!(r.below(n), expected, "n = {n}");
        }
    }

    #[test]
    fn below_is_uniform_over_a_board() {
        // 91 cells (Unlur's default board), 91,000 draws: each count near 1,000.
        let mut r = Rng::new(1);
        let mut counts = [0u32; 91];
        for _ in 0..91_000 {
            counts[r.below(91)] += 1;
        }
        let chi2: f64 = counts
            .iter()
            .map(|&c| (c as f64 - 1000.0).powi(2) / 1000.0)
            .sum();
        // 90 degrees of freedom: the 99.9th percentile is about 137.
        assert!(chi2 < 137.0, "chi-square {chi2}: {counts:?}");
    }
}
