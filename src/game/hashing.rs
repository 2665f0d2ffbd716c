//! The 128-bit position keys of transposition tables.

use super::Outcome;

/// A 128-bit hash of the bytes written into it: two independent 64-bit lanes (FNV-1a, and a
/// multiply–rotate lane), each mixed at the end. Not cryptographic; deterministic on every
/// platform.
pub struct KeyHasher {
    a: u64,
    b: u64,
}

impl KeyHasher {
    pub fn new() -> Self {
        KeyHasher {
            a: 0xcbf2_9ce4_8422_2325,
            b: 0x6a09_e667_f3bc_c909,
        }
    }

    pub fn write_bytes(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.a = (self.a ^ byte as u64).wrapping_mul(0x0000_0100_0000_01b3);
            self.b = (self.b ^ byte as u64)
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                .rotate_left(29);
        }
    }

    pub fn finish(&self) -> u128 {
        let mix = |mut z: u64| {
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        (mix(self.a) as u128) << 64 | mix(self.b) as u128
    }
}

impl Default for KeyHasher {
    fn default() -> Self {
        KeyHasher::new()
    }
}

impl KeyHasher {
    /// Writes an optional outcome as one byte.
    pub fn write_outcome(&mut self, outcome: Option<Outcome>) {
        self.write_bytes(&[match outcome {
            None => 0,
            Some(Outcome::Draw) => 1,
            Some(Outcome::Winner(seat)) => 2 + seat as u8,
        }]);
    }
}
