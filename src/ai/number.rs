//! Reading a decimal number exactly as `str::parse::<f64>` does (the same texts accepted,
//! the same value to the last bit), in integer arithmetic: the standard library's float
//! parser and its tables are about 16 KB of the page's play module, which reads only the
//! few numbers of a player spec (`mcts:0.5s`, `temp=0.25`).

/// Significant digits kept; the rest only say whether the number goes on. A number halfway
/// between two f64 values has at most 767 significant digits, so the digits past these
/// never change which way a number rounds.
const MAX_DIGITS: usize = 800;

/// `text.parse::<f64>().ok()`: an optional sign, then `inf`, `infinity` or `nan` (in any
/// case), or digits with an optional point and an optional exponent (`e` or `E`, signed).
pub fn parse_f64(text: &str) -> Option<f64> {
    let (negative, rest) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let value = if rest.eq_ignore_ascii_case("inf") || rest.eq_ignore_ascii_case("infinity") {
        f64::INFINITY
    } else if rest.eq_ignore_ascii_case("nan") {
        f64::NAN
    } else {
        decimal(rest.as_bytes())?
    };
    Some(if negative { -value } else { value })
}

/// An unsigned decimal number: `12`, `1.5`, `.5`, `5.`, `1e-3`, `2.5E+2`.
fn decimal(s: &[u8]) -> Option<f64> {
    // The value is digits × 10^exp10; digits has no leading zero.
    let mut digits: Vec<u8> = Vec::new();
    let mut exp10: i64 = 0;
    let mut seen_digit = false;
    let mut point = false;
    let mut dropped = false;
    let mut i = 0;
    while i < s.len() {
        match s[i] {
            b'0'..=b'9' => {
                seen_digit = true;
                let d = s[i] - b'0';
                if digits.is_empty() && d == 0 {
                    exp10 -= i64::from(point);
                } else if digits.len() < MAX_DIGITS {
                    digits.push(d);
                    exp10 -= i64::from(point);
                } else {
                    dropped |= d != 0;
                    exp10 += i64::from(!point);
                }
            }
            b'.' if !point => point = true,
            _ => break,
        }
        i += 1;
    }
    if !seen_digit {
        return None;
    }
    if i < s.len() {
        if s[i] != b'e' && s[i] != b'E' {
            return None;
        }
        i += 1;
        let negative = match s.get(i) {
            Some(b'-') => {
                i += 1;
                true
            }
            Some(b'+') => {
                i += 1;
                false
            }
            _ => false,
        };
        if i == s.len() {
            return None;
        }
        // Far past any f64 either way, where it stops mattering.
        let mut e: i64 = 0;
        for &c in &s[i..] {
            if !c.is_ascii_digit() {
                return None;
            }
            e = (e * 10 + i64::from(c - b'0')).min(1 << 40);
        }
        exp10 += if negative { -e } else { e };
    }
    if digits.is_empty() {
        return Some(0.0);
    }
    if dropped {
        // Any nonzero tail rounds as one more nonzero digit does.
        digits.push(1);
        exp10 -= 1;
    }
    // The decimal point's place from the first digit: 10^(magnitude - 1) <= value < 10^magnitude.
    let magnitude = digits.len() as i64 + exp10;
    if magnitude > 310 {
        return Some(f64::INFINITY);
    }
    if magnitude < -330 {
        return Some(0.0);
    }
    Some(nearest(&digits, exp10 as i32))
}

/// The f64 nearest digits × 10^exp10 (ties to even), by exact division.
fn nearest(digits: &[u8], exp10: i32) -> f64 {
    let mut num = Big::from_digits(digits);
    let mut den = Big(vec![1]);
    if exp10 >= 0 {
        num.mul_pow10(exp10 as u32);
    } else {
        den.mul_pow10(exp10.unsigned_abs());
    }
    // t = floor(log2(value)), from the bit lengths and one comparison.
    let d = num.bits() as i32 - den.bits() as i32;
    let at_least = if d >= 0 {
        num.cmp_shifted(&den, d as u32) != std::cmp::Ordering::Less
    } else {
        num.shifted((-d) as u32).cmp_shifted(&den, 0) != std::cmp::Ordering::Less
    };
    let t = if at_least { d } else { d - 1 };
    if t > 1023 {
        return f64::INFINITY;
    }
    // 53 bits of mantissa and one more to round on (fewer below the normal range), as
    // q = floor(value × 2^s); what is left says whether the value goes on past them.
    let te = t.max(-1022);
    let s = 53 - te;
    if s >= 0 {
        num = num.shifted(s as u32);
    } else {
        den = den.shifted((-s) as u32);
    }
    let mut q: u64 = 0;
    for bit in (0..54).rev() {
        if num.cmp_shifted(&den, bit) != std::cmp::Ordering::Less {
            num.sub_shifted(&den, bit);
            q |= 1 << bit;
        }
    }
    let sticky = !num.is_zero();
    let mut mantissa = q >> 1;
    if q & 1 == 1 && (sticky || mantissa & 1 == 1) {
        mantissa += 1;
    }
    // The mantissa holds the leading bit (2^52) for a normal number, so adding it to the
    // exponent field carries a rounding up to the next power of two (or to infinity).
    f64::from_bits((((te + 1022) as u64) << 52) + mantissa)
}

/// A natural number in base 2^32, least significant limb first.
struct Big(Vec<u32>);

impl Big {
    fn from_digits(digits: &[u8]) -> Big {
        let mut big = Big(vec![0]);
        for chunk in digits.chunks(9) {
            let mut value = 0u32;
            for &d in chunk {
                value = value * 10 + u32::from(d);
            }
            big.mul_add(10u32.pow(chunk.len() as u32), value);
        }
        big
    }

    fn mul_add(&mut self, factor: u32, add: u32) {
        let mut carry = u64::from(add);
        for limb in &mut self.0 {
            let v = u64::from(*limb) * u64::from(factor) + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    fn mul_pow10(&mut self, mut n: u32) {
        while n > 0 {
            let k = n.min(9);
            self.mul_add(10u32.pow(k), 0);
            n -= k;
        }
    }

    fn is_zero(&self) -> bool {
        self.0.iter().all(|&l| l == 0)
    }

    fn bits(&self) -> u32 {
        match self.0.iter().rposition(|&l| l != 0) {
            Some(i) => i as u32 * 32 + (32 - self.0[i].leading_zeros()),
            None => 0,
        }
    }

    /// Limb `i` of self × 2^shift.
    fn limb_shifted(&self, i: usize, shift: u32) -> u32 {
        let (words, bits) = ((shift / 32) as usize, shift % 32);
        let at = |j: usize| -> u32 {
            j.checked_sub(words)
                .and_then(|k| self.0.get(k))
                .copied()
                .unwrap_or(0)
        };
        if bits == 0 {
            at(i)
        } else {
            let low = if i == 0 { 0 } else { at(i - 1) >> (32 - bits) };
            (at(i) << bits) | low
        }
    }

    fn shifted(&self, shift: u32) -> Big {
        let len = self.0.len() + (shift / 32) as usize + 1;
        Big((0..len).map(|i| self.limb_shifted(i, shift)).collect())
    }

    /// self against other × 2^shift.
    fn cmp_shifted(&self, other: &Big, shift: u32) -> std::cmp::Ordering {
        let len = self.0.len().max(other.0.len() + (shift / 32) as usize + 1);
        for i in (0..len).rev() {
            let a = self.0.get(i).copied().unwrap_or(0);
            let b = other.limb_shifted(i, shift);
            if a != b {
                return a.cmp(&b);
            }
        }
        std::cmp::Ordering::Equal
    }

    /// self -= other × 2^shift (which is at most self).
    fn sub_shifted(&mut self, other: &Big, shift: u32) {
        let mut borrow = 0u64;
        for i in 0..self.0.len() {
            let v = u64::from(self.0[i])
                .wrapping_sub(u64::from(other.limb_shifted(i, shift)))
                .wrapping_sub(borrow);
            self.0[i] = v as u32;
            borrow = (v >> 63) & 1;
        }
    }
}
