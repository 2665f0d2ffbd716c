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

    /// A uniform integer in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        let x = self.next_u64();
        let n = n as u64;
        if n >> 32 == 0 {
            // The high word of x * n from 64-bit products: the same number the 128-bit
            // product gives, without the 128-bit multiply that wasm makes a call.
            let high = (x >> 32) * n + (((x & 0xFFFF_FFFF) * n) >> 32);
            (high >> 32) as usize
        } else {
            ((x as u128 * n as u128) >> 64) as usize
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
    fn below_is_the_high_word_of_the_product() {
        let mut r = Rng::new(11);
        let mut check = Rng::new(11);
        let bounds = [1, 2, 3, 7, 61, 91, 397, 65_535, 1 << 31, u32::MAX as usize];
        for i in 0..20_000 {
            let n = bounds[i % bounds.len()] + i % 5;
            let expected = ((check.next_u64() as u128 * n as u128) >> 64) as usize;
            assert_eq!(r.below(n), expected, "n = {n}");
        }
    }
}
