//! Small helpers on bit sets kept as machine words (portable: no BMI2, fine in wasm).

const ONES: u64 = 0x0101_0101_0101_0101;

/// Running byte counts of `word`: byte i holds the number of set bits in bytes 0..=i, so
/// the top byte is the word's count (on baseline x86-64, which has no popcnt instruction, a
/// separate `count_ones` would cost the same work again).
#[inline]
pub fn byte_sums(word: u64) -> u64 {
    let mut counts = word - ((word >> 1) & 0x5555_5555_5555_5555);
    counts = (counts & 0x3333_3333_3333_3333) + ((counts >> 2) & 0x3333_3333_3333_3333);
    counts = (counts + (counts >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    counts.wrapping_mul(ONES)
}

/// The `k`-th set bit of `word`, given its [`byte_sums`].
#[inline]
fn select_with_sums(word: u64, sums: u64, k: u32) -> u32 {
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    // Byte i's high bit: k >= sums_i (no borrow crosses bytes: k < 64, sums_i <= 64). Those
    // bytes come first, and the bit sought lies in the byte after them.
    let passed = ((k as u64 * ONES) | HIGHS).wrapping_sub(sums) & HIGHS;
    // The number of bytes passed. Wasm has a population count (one instruction in V8 on
    // any x86-64 with POPCNT); baseline x86-64 has none, and its software count costs more
    // than the multiplication that adds up the bytes' flags.
    #[cfg(target_arch = "wasm32")]
    let byte = passed.count_ones();
    #[cfg(not(target_arch = "wasm32"))]
    let byte = ((passed >> 7).wrapping_mul(ONES) >> 56) as u32;
    // The count before that byte (0 for byte 0): the sums moved up one byte.
    let before = ((sums << 8) >> (8 * byte) & 0xFF) as u32;
    let rest = (word >> (8 * byte)) & 0xFF;
    // A table, not a loop clearing the lowest bits: the loop's trip count is random in a
    // random pick, and its mispredicted exit cost more than the rest of the select.
    8 * byte + SELECT_IN_BYTE[(rest as usize) << 3 | (k - before) as usize & 7] as u32
}

/// The index of the `k`-th set bit of `word` (k = 0 is the lowest); `k` must be below
/// `word.count_ones()`.
#[inline]
pub fn nth_set_bit(word: u64, k: u32) -> u32 {
    debug_assert!(k < word.count_ones());
    select_with_sums(word, byte_sums(word), k)
}

/// Appends `item(i)` for every element `i` of a set spread over `words` (bit i of word w is
/// element 64 w + i), lowest first. One `extend` over a counted range per word checks the
/// capacity once for the word; a `push` per item reloads the list's capacity and data
/// pointer and stores its length every time, five memory accesses an item, and in wasm V8
/// spends an extra instruction on each (listing steps is most of perft).
#[inline]
pub fn extend_with_set_bits<T>(out: &mut Vec<T>, words: &[u64], mut item: impl FnMut(usize) -> T) {
    for (w, &word) in words.iter().enumerate() {
        let mut set = word;
        out.extend((0..set.count_ones()).map(|_| {
            let bit = set.trailing_zeros() as usize;
            set &= set - 1;
            item(64 * w + bit)
        }));
    }
}

/// What clearing the set bit `bit` of a word takes off its [`byte_sums`]: one from the
/// bytes from `bit`'s on. A set that loses members one at a time can keep its sums this way
/// and select with [`nth_set_bit_with_sums`] without counting again.
#[inline]
pub fn sums_lost_by(bit: u32) -> u64 {
    ONES << (8 * (bit / 8))
}

/// [`nth_set_bit`] given the word's [`byte_sums`] (kept up to date by the caller).
#[inline]
pub fn nth_set_bit_with_sums(word: u64, sums: u64, k: u32) -> u32 {
    debug_assert_eq!(sums, byte_sums(word));
    debug_assert!(k < word.count_ones());
    select_with_sums(word, sums, k)
}

/// `SELECT_IN_BYTE[8 b + j]`: the index of the `j`-th set bit of the byte `b` (8 where
/// there is none).
static SELECT_IN_BYTE: [u8; 2048] = {
    let mut table = [8u8; 2048];
    let mut b = 0;
    while b < 256 {
        let (mut bit, mut j) = (0, 0);
        while bit < 8 {
            if b >> bit & 1 != 0 {
                table[8 * b + j] = bit as u8;
                j += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    table
};

/// The index of the `k`-th set bit of a set spread over `words` (bit i of word w is
/// element 64 w + i); `k` must be below the set's size.
#[inline]
pub fn nth_set_bit_in(words: &[u64], mut k: u32) -> usize {
    for (w, &word) in words.iter().enumerate() {
        let sums = byte_sums(word);
        let count = (sums >> 56) as u32;
        if k < count {
            return 64 * w + select_with_sums(word, sums, k) as usize;
        }
        k -= count;
    }
    unreachable!("nth_set_bit_in: k is not below the number of set bits")
}

/// The index of the `k`-th set bit of a 128-bit set.
#[inline]
pub fn nth_set_bit_u128(set: u128, k: u32) -> u32 {
    let low = set as u64;
    let sums = byte_sums(low);
    let count = (sums >> 56) as u32;
    if k < count {
        select_with_sums(low, sums, k)
    } else {
        64 + nth_set_bit((set >> 64) as u64, k - count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn extending_with_set_bits_appends_each_set_bit_in_order() {
        let mut rng = Rng::new(5);
        for round in 0..2000 {
            let set: [u64; 3] = match round {
                0 => [0; 3],
                1 => [u64::MAX; 3],
                _ => std::array::from_fn(|_| rng.next_u64() & rng.next_u64()),
            };
            let mut out = vec![usize::MAX];
            extend_with_set_bits(&mut out, &set, |i| 100 + i);
            let expected: Vec<usize> = std::iter::once(usize::MAX)
                .chain(
                    (0..192)
                        .filter(|&i| set[i / 64] >> (i % 64) & 1 != 0)
                        .map(|i| 100 + i),
                )
                .collect();
            assert_eq!(out, expected, "{set:#x?}");
        }
    }

    #[test]
    fn nth_set_bit_matches_counting() {
        let mut rng = Rng::new(3);
        for _ in 0..2000 {
            // Sparse and dense words both.
            let word = rng.next_u64() & rng.next_u64() | rng.next_u64() >> rng.below(64);
            let ones: Vec<u32> = (0..64).filter(|&i| word >> i & 1 != 0).collect();
            for (k, &i) in ones.iter().enumerate() {
                assert_eq!(nth_set_bit(word, k as u32), i, "{word:x} {k}");
            }
            let wide = (word as u128) << 64 | rng.next_u64() as u128;
            let ones: Vec<u32> = (0..128).filter(|&i| wide >> i & 1 != 0).collect();
            for (k, &i) in ones.iter().enumerate() {
                assert_eq!(nth_set_bit_u128(wide, k as u32), i);
            }
            let words = [rng.next_u64(), 0, word];
            let ones: Vec<usize> = (0..192)
                .filter(|&i| words[i / 64] >> (i % 64) & 1 != 0)
                .collect();
            for (k, &i) in ones.iter().enumerate() {
                assert_eq!(nth_set_bit_in(&words, k as u32), i);
            }
        }
        assert_eq!(nth_set_bit(u64::MAX, 63), 63);
        assert_eq!(nth_set_bit_with_sums(1 << 63, byte_sums(1 << 63), 0), 63);
        assert_eq!(nth_set_bit(1 << 63, 0), 63);
    }

    #[test]
    fn sums_follow_cleared_bits() {
        let mut rng = Rng::new(5);
        for _ in 0..200 {
            let mut word = rng.next_u64();
            let mut sums = byte_sums(word);
            while word != 0 {
                let bit = nth_set_bit(word, rng.below(word.count_ones() as usize) as u32);
                word &= !(1 << bit);
                sums -= sums_lost_by(bit);
                assert_eq!(sums, byte_sums(word), "{word:x}");
                for k in 0..word.count_ones() {
                    assert_eq!(nth_set_bit_with_sums(word, sums, k), nth_set_bit(word, k));
                }
            }
        }
    }
}
