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
        mul_high(self.next_u64(), n as u64) as usize
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

/// The high 64 bits of the 128-bit product `a * b`.
#[cfg(not(target_arch = "wasm32"))]
fn mul_high(a: u64, b: u64) -> u64 {
    ((a as u128 * b as u128) >> 64) as u64
}

/// The high 64 bits of the 128-bit product `a * b`. Wasm has no 64×64→128 multiply: a
/// `u128` product there is a call to the general 128×128 `__multi3`; four 32-bit products
/// give the same bits for less.
#[cfg(any(target_arch = "wasm32", test))]
fn mul_high_by_halves(a: u64, b: u64) -> u64 {
    let (a_lo, a_hi) = (a & 0xFFFF_FFFF, a >> 32);
    if b >> 32 == 0 {
        // Every count drawn from (steps, cells) fits in 32 bits: two products are enough.
        // No overflow: a_hi * b is at most (2^32 - 1)^2, and the carry added is below 2^32.
        return (a_hi * b + ((a_lo * b) >> 32)) >> 32;
    }
    let (b_lo, b_hi) = (b & 0xFFFF_FFFF, b >> 32);
    let lo_lo = a_lo * b_lo;
    let hi_lo = a_hi * b_lo;
    let lo_hi = a_lo * b_hi;
    let hi_hi = a_hi * b_hi;
    // The middle column: at most three 32-bit values, so it fits in 64 bits.
    let middle = (lo_lo >> 32) + (hi_lo & 0xFFFF_FFFF) + (lo_hi & 0xFFFF_FFFF);
    hi_hi + (hi_lo >> 32) + (lo_hi >> 32) + (middle >> 32)
}

#[cfg(target_arch = "wasm32")]
use mul_high_by_halves as mul_high;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multiplying_by_halves_gives_the_high_bits() {
        let mut r = Rng::new(3);
        let edges = [0, 1, 2, 0xFFFF_FFFF, 1 << 32, u64::MAX - 1, u64::MAX];
        for &a in &edges {
            for &b in &edges {
                assert_eq!(
                    mul_high_by_halves(a, b),
                    ((a as u128 * b as u128) >> 64) as u64
                );
            }
        }
        for _ in 0..100_000 {
            let (a, b) = (r.next_u64(), r.next_u64() >> (r.next_u64() % 64));
            assert_eq!(
                mul_high_by_halves(a, b),
                ((a as u128 * b as u128) >> 64) as u64
            );
        }
    }

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
