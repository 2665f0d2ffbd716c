//! Packed records, so that a long annotated game still fits in a link: `~` and the record
//! text compressed with raw DEFLATE (RFC 1951) in base64url without padding. The reader takes
//! any raw DEFLATE stream (what a browser's `CompressionStream("deflate-raw")` makes too);
//! the writer makes one block with the fixed codes, which is small to carry in the page's
//! module and does well enough on record text. See docs/RECORD.md.

use super::record::MAX_RECORD_LEN;
use crate::game::Error;

/// What a packed record starts with.
pub const MARK: &str = "~";

/// Records at most this long are never packed: a short link stays readable.
pub const PACK_ABOVE: usize = 1_000;

/// The record text for a link: packed when long and packing makes it shorter.
pub fn link_text(record: &str) -> String {
    if record.len() <= PACK_ABOVE {
        return record.to_string();
    }
    let packed = pack(record);
    if packed.len() < record.len() {
        packed
    } else {
        record.to_string()
    }
}

/// `~` and the text deflated, in base64url.
pub fn pack(text: &str) -> String {
    let mut out = MARK.to_string();
    out.push_str(&base64url(&deflate(text.as_bytes())));
    out
}

/// The record text of a packed record (without its `~`).
pub fn unpack(packed: &str) -> Result<String, Error> {
    let bytes = from_base64url(packed.trim())
        .ok_or_else(|| Error::record("the packed record is damaged (it is not base64url)"))?;
    let text = inflate(&bytes, MAX_RECORD_LEN)?;
    String::from_utf8(text).map_err(|_| Error::record("the packed record is damaged (not UTF-8)"))
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 4 / 3 + 3);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | (b as u32) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(B64[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

fn from_base64url(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for b in text.bytes() {
        let v = B64.iter().position(|&c| c == b)? as u32;
        acc = acc << 6 | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    // Leftover bits must be zero padding of the last byte, and fewer than a whole character.
    (bits < 6 && acc == 0).then_some(out)
}

// Lengths 3..=258 and distances 1..=32768 as codes, base values and extra bits (RFC 1951).
const LEN_BASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
];
const LEN_EXTRA: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
const DIST_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DIST_EXTRA: [u8; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];

struct BitWriter {
    out: Vec<u8>,
    acc: u32,
    bits: u32,
}

impl BitWriter {
    /// `n` bits of `value`, least significant first.
    fn put(&mut self, value: u32, n: u32) {
        self.acc |= value << self.bits;
        self.bits += n;
        while self.bits >= 8 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.bits -= 8;
        }
    }

    /// A Huffman code of `n` bits, most significant first.
    fn code(&mut self, code: u32, n: u32) {
        let reversed = code.reverse_bits() >> (32 - n);
        self.put(reversed, n);
    }

    /// A literal or length symbol with the fixed codes.
    #[inline(never)]
    fn symbol(&mut self, s: u32) {
        match s {
            0..=143 => self.code(0x30 + s, 8),
            144..=255 => self.code(0x190 + s - 144, 9),
            256..=279 => self.code(s - 256, 7),
            _ => self.code(0xc0 + s - 280, 8),
        }
    }
}

/// Raw DEFLATE, one final block with the fixed codes; matches found by hash chains.
pub fn deflate(data: &[u8]) -> Vec<u8> {
    let mut w = BitWriter {
        out: Vec::with_capacity(data.len() / 2),
        acc: 0,
        bits: 0,
    };
    w.put(1, 1); // the final block
    w.put(1, 2); // fixed codes
    deflate_symbols(&mut w, data);
    w.symbol(256);
    if w.bits > 0 {
        w.out.push(w.acc as u8);
    }
    w.out
}

/// A packed record of a text that stays the same (a record without its `at`) and a short
/// tail that changes (the `at`): the text is deflated once, as a block that is not the
/// last, and each `finish` adds the tail as a final block of literals. A reader inflates
/// the two blocks as one stream.
#[derive(Clone, Debug)]
pub struct Packer {
    /// `~` and the first block's bytes in base64url, as far as whole groups of three go.
    start: String,
    /// The first block's bytes after those groups, and the bits of the last one begun.
    rest: Vec<u8>,
    acc: u32,
    bits: u32,
}

impl Packer {
    pub fn new(text: &[u8]) -> Packer {
        let mut w = BitWriter {
            out: Vec::with_capacity(text.len() / 2),
            acc: 0,
            bits: 0,
        };
        w.put(0, 1); // not the final block
        w.put(1, 2); // fixed codes
        deflate_symbols(&mut w, text);
        w.symbol(256);
        let whole = w.out.len() / 3 * 3;
        let mut start = MARK.to_string();
        start.push_str(&base64url(&w.out[..whole]));
        Packer {
            start,
            rest: w.out[whole..].to_vec(),
            acc: w.acc,
            bits: w.bits,
        }
    }

    /// The packed record of the text and `tail`.
    pub fn finish(&self, tail: &[u8]) -> String {
        let mut w = BitWriter {
            out: self.rest.clone(),
            acc: self.acc,
            bits: self.bits,
        };
        w.put(1, 1); // the final block
        w.put(1, 2); // fixed codes
        for &b in tail {
            w.symbol(b as u32);
        }
        w.symbol(256);
        if w.bits > 0 {
            w.out.push(w.acc as u8);
        }
        let mut out = self.start.clone();
        out.push_str(&base64url(&w.out));
        out
    }
}

/// The symbols of `data` (literals, and matches found by hash chains) with the fixed codes.
fn deflate_symbols(w: &mut BitWriter, data: &[u8]) {
    const WINDOW: usize = 32_768;
    const HASH: usize = 1 << 14;
    const CHAIN: usize = 48;
    let hash = |i: usize| {
        ((data[i] as usize) << 10 ^ (data[i + 1] as usize) << 5 ^ data[i + 2] as usize) % HASH
    };
    let mut head = vec![usize::MAX; HASH];
    let mut prev = vec![usize::MAX; data.len()];
    let insert = |i: usize, head: &mut [usize], prev: &mut [usize]| {
        if i + 2 < data.len() {
            let h = hash(i);
            prev[i] = head[h];
            head[h] = i;
        }
    };
    let mut i = 0;
    while i < data.len() {
        let (mut best_len, mut best_dist) = (0, 0);
        if i + 2 < data.len() {
            let mut j = head[hash(i)];
            let mut tries = 0;
            while j != usize::MAX && i - j <= WINDOW && tries < CHAIN {
                let max = (data.len() - i).min(258);
                let len = (0..max).take_while(|&k| data[j + k] == data[i + k]).count();
                if len > best_len {
                    (best_len, best_dist) = (len, i - j);
                    if len == max {
                        break;
                    }
                }
                j = prev[j];
                tries += 1;
            }
        }
        if best_len >= 3 {
            let code = LEN_BASE
                .iter()
                .rposition(|&b| b as usize <= best_len)
                .unwrap_or(0);
            w.symbol(257 + code as u32);
            w.put(
                (best_len - LEN_BASE[code] as usize) as u32,
                LEN_EXTRA[code] as u32,
            );
            let dcode = DIST_BASE
                .iter()
                .rposition(|&b| b as usize <= best_dist)
                .unwrap_or(0);
            w.code(dcode as u32, 5);
            w.put(
                (best_dist - DIST_BASE[dcode] as usize) as u32,
                DIST_EXTRA[dcode] as u32,
            );
            for k in i..i + best_len {
                insert(k, &mut head, &mut prev);
            }
            i += best_len;
        } else {
            w.symbol(data[i] as u32);
            insert(i, &mut head, &mut prev);
            i += 1;
        }
    }
}

struct BitReader<'a> {
    data: &'a [u8],
    pos: usize,
    bit: u32,
}

fn damaged() -> Error {
    Error::record("the packed record is damaged")
}

impl BitReader<'_> {
    // Out of line, like `decode` and the other readers' helpers: these run once a symbol of
    // a short text, and inlined copies would weigh on the page's first download.
    #[inline(never)]
    fn bits(&mut self, n: u32) -> Result<u32, Error> {
        let mut v = 0;
        for k in 0..n {
            let byte = *self.data.get(self.pos).ok_or_else(damaged)?;
            v |= ((byte >> self.bit) as u32 & 1) << k;
            self.bit += 1;
            if self.bit == 8 {
                self.bit = 0;
                self.pos += 1;
            }
        }
        Ok(v)
    }
}

/// A canonical Huffman code: how many codes of each length, and the symbols in code order.
struct Huffman {
    count: [u16; 16],
    symbol: Vec<u16>,
}

impl Huffman {
    fn new(lengths: &[u8]) -> Result<Huffman, Error> {
        let mut count = [0u16; 16];
        for &l in lengths {
            count[l as usize] += 1;
        }
        count[0] = 0;
        let mut left: i32 = 1;
        for &c in &count[1..] {
            left = left * 2 - c as i32;
            if left < 0 {
                return Err(damaged());
            }
        }
        let mut offs = [0u16; 16];
        for len in 1..15 {
            offs[len + 1] = offs[len] + count[len];
        }
        let mut symbol = vec![0; lengths.len()];
        for (s, &l) in lengths.iter().enumerate() {
            if l != 0 {
                symbol[offs[l as usize] as usize] = s as u16;
                offs[l as usize] += 1;
            }
        }
        Ok(Huffman { count, symbol })
    }

    #[inline(never)]
    fn decode(&self, r: &mut BitReader) -> Result<u16, Error> {
        let (mut code, mut first, mut index) = (0i32, 0i32, 0i32);
        for len in 1..16 {
            code |= r.bits(1)? as i32;
            let count = self.count[len] as i32;
            if code - first < count {
                return self
                    .symbol
                    .get((index + code - first) as usize)
                    .copied()
                    .ok_or_else(damaged);
            }
            index += count;
            first = (first + count) << 1;
            code <<= 1;
        }
        Err(damaged())
    }
}

/// Raw DEFLATE, undone; refused once the output passes `limit` bytes.
pub fn inflate(data: &[u8], limit: usize) -> Result<Vec<u8>, Error> {
    let mut r = BitReader {
        data,
        pos: 0,
        bit: 0,
    };
    let mut out: Vec<u8> = Vec::new();
    loop {
        let last = r.bits(1)? == 1;
        match r.bits(2)? {
            0 => stored_block(&mut r, &mut out, limit)?,
            kind @ (1 | 2) => {
                let (lit, dist) = if kind == 1 {
                    let mut l = [8u8; 288];
                    l[144..256].fill(9);
                    l[256..280].fill(7);
                    (Huffman::new(&l)?, Huffman::new(&[5; 30])?)
                } else {
                    dynamic_codes(&mut r)?
                };
                coded_block(&mut r, &lit, &dist, &mut out, limit)?;
            }
            _ => return Err(damaged()),
        }
        if last {
            // Nothing may follow the last block but the zero bits that fill its byte.
            let padding = match r.bit {
                0 => 0,
                bit => data[r.pos] >> bit,
            };
            let end = r.pos + usize::from(r.bit != 0);
            if padding != 0 || end != data.len() {
                return Err(Error::record(
                    "the packed record is damaged (something follows its end)",
                ));
            }
            return Ok(out);
        }
    }
}

fn too_long(limit: usize) -> Error {
    Error::record(format!(
        "the packed record unpacks to more than {limit} bytes"
    ))
}

/// A block stored as it is, copied to `out`.
fn stored_block(r: &mut BitReader, out: &mut Vec<u8>, limit: usize) -> Result<(), Error> {
    if r.bit != 0 {
        r.bit = 0;
        r.pos += 1;
    }
    let len = r.bits(16)? as usize;
    let nlen = r.bits(16)? as usize;
    if len != !nlen & 0xffff {
        return Err(damaged());
    }
    let bytes = r.data.get(r.pos..r.pos + len).ok_or_else(damaged)?;
    if out.len() + len > limit {
        return Err(too_long(limit));
    }
    out.extend_from_slice(bytes);
    r.pos += len;
    Ok(())
}

/// A block of literals and back references in the codes `lit` and `dist`, decoded to `out`.
fn coded_block(
    r: &mut BitReader,
    lit: &Huffman,
    dist: &Huffman,
    out: &mut Vec<u8>,
    limit: usize,
) -> Result<(), Error> {
    loop {
        let s = lit.decode(r)? as usize;
        if s < 256 {
            if out.len() >= limit {
                return Err(too_long(limit));
            }
            out.push(s as u8);
        } else if s == 256 {
            return Ok(());
        } else {
            let i = s - 257;
            let len = *LEN_BASE.get(i).ok_or_else(damaged)? as usize
                + r.bits(LEN_EXTRA[i] as u32)? as usize;
            let d = dist.decode(r)? as usize;
            let dist = *DIST_BASE.get(d).ok_or_else(damaged)? as usize
                + r.bits(DIST_EXTRA[d] as u32)? as usize;
            if dist > out.len() {
                return Err(damaged());
            }
            if out.len() + len > limit {
                return Err(too_long(limit));
            }
            for _ in 0..len {
                out.push(out[out.len() - dist]);
            }
        }
    }
}

/// The codes of a block with its own (dynamic) codes.
fn dynamic_codes(r: &mut BitReader) -> Result<(Huffman, Huffman), Error> {
    const ORDER: [usize; 19] = [
        16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
    ];
    let nlen = r.bits(5)? as usize + 257;
    let ndist = r.bits(5)? as usize + 1;
    let ncode = r.bits(4)? as usize + 4;
    if nlen > 286 || ndist > 30 {
        return Err(damaged());
    }
    let mut code_lengths = [0u8; 19];
    for &i in &ORDER[..ncode] {
        code_lengths[i] = r.bits(3)? as u8;
    }
    let codes = Huffman::new(&code_lengths)?;
    let mut lengths = vec![0u8; nlen + ndist];
    let mut i = 0;
    while i < nlen + ndist {
        let s = codes.decode(r)?;
        let (value, repeat) = match s {
            0..=15 => (s as u8, 1),
            16 => (
                *lengths.get(i.wrapping_sub(1)).ok_or_else(damaged)?,
                3 + r.bits(2)? as usize,
            ),
            17 => (0, 3 + r.bits(3)? as usize),
            _ => (0, 11 + r.bits(7)? as usize),
        };
        if i + repeat > lengths.len() {
            return Err(damaged());
        }
        lengths[i..i + repeat].fill(value);
        i += repeat;
    }
    if lengths[256] == 0 {
        return Err(damaged());
    }
    Ok((
        Huffman::new(&lengths[..nlen])?,
        Huffman::new(&lengths[nlen..])?,
    ))
}
