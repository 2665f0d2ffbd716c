//! Unlur's reply shapes (`src/games/replies.rs` holds the weights and how playouts use
//! them): what the six neighbours of an empty cell next to the last stone hold, seen by the
//! mover. Its images under the twelve symmetries of the hexagon share one weight; Black and
//! White have tables of their own, as their goals differ. The weights `ludus train unlur
//! --learn replies` wrote are `replies.txt`, beside this file.

use crate::games::replies::{Learned, ShapeSet, MINE, OFF, SHAPE_CHARS, THEIRS};

/// Shapes: six neighbours with four states each.
pub const SHAPES: usize = 4096;

/// The six bits of a direction set spread into base-4 digits: bit d becomes 4^d.
const SPREAD: [u16; 64] = {
    let mut out = [0; 64];
    let mut bits = 0;
    while bits < 64 {
        let mut d = 0;
        while d < 6 {
            if bits & (1 << d) != 0 {
                out[bits] += 1 << (2 * d);
            }
            d += 1;
        }
        bits += 1;
    }
    out
};

/// The shape of a cell whose neighbours in the direction sets `mine`, `theirs` and `off`
/// (six bits each, disjoint) hold the mover's stones, the opponent's and no cell.
#[inline]
pub fn shape(mine: u8, theirs: u8, off: u8) -> usize {
    let spread = |bits: u8| usize::from(SPREAD[usize::from(bits) % 64]);
    spread(mine) * MINE + spread(theirs) * THEIRS + spread(off) * OFF
}

/// The least code among a shape's twelve images (six turns, each also mirrored): the one
/// every image is stored under.
const CANONICAL: [u16; SHAPES] = {
    let mut out = [0; SHAPES];
    let mut code = 0;
    while code < SHAPES {
        let mut least = code;
        let mut turn = 0;
        while turn < 6 {
            let (mut turned, mut mirrored) = (0, 0);
            let mut d = 0;
            while d < 6 {
                turned |= ShapeSet::digit(code, (d + turn) % 6) << (2 * d);
                mirrored |= ShapeSet::digit(code, (turn + 6 - d) % 6) << (2 * d);
                d += 1;
            }
            if turned < least {
                least = turned;
            }
            if mirrored < least {
                least = mirrored;
            }
            turn += 1;
        }
        out[code] = least as u16;
        code += 1;
    }
    out
};

/// The code a shape's weight is stored under.
pub fn canonical(code: usize) -> usize {
    usize::from(CANONICAL[code % SHAPES])
}

/// Unlur's shapes: six directions from NE round to NW; a table per colour (0 Black, 1
/// White).
pub static SHAPE_SET: ShapeSet = ShapeSet {
    directions: 6,
    tables: &["black", "white"],
    canonical,
    // Six draws of 10 bits from one random number; 1/1024 is fine enough for the weights
    // learned (the least is about 0.004).
    draw_bits: 10,
    chars: SHAPE_CHARS,
};

/// The weights playouts read.
pub static LEARNED: Learned = Learned::new(&SHAPE_SET, include_str!("replies.txt"));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shape_and_its_images_share_one_code() {
        // A bridge-like shape: the mover's stones NE and SE, off the board W.
        let code = shape(0b000101, 0, 0b010000);
        assert_eq!(SHAPE_SET.text(code), "m.m.-.");
        let turned = shape(0b001010, 0, 0b100000);
        let mirrored = shape(0b010100, 0, 0b000001);
        assert_eq!(canonical(code), canonical(turned));
        assert_eq!(canonical(code), canonical(mirrored));
        assert_ne!(canonical(code), canonical(shape(0b000011, 0, 0b010000)));
        let classes: std::collections::BTreeSet<usize> = (0..SHAPES).map(canonical).collect();
        // Necklaces of six beads in four colours, turned and mirrored.
        assert_eq!(classes.len(), 430);
        assert_eq!(SHAPE_SET.codes(), SHAPES);
    }

    #[test]
    fn the_shipped_weights_read_back() {
        let w = LEARNED.parse_shipped().expect("replies.txt");
        assert!(w.base > 0.0 && w.base < 1.0);
        assert!(LEARNED.get() == Some(&w));
        // A white shape the file gives, and one of its images.
        let code = SHAPE_SET.parse("tm....").unwrap();
        assert!(w.weight(1, code) != w.base);
        assert_eq!(w.weight(1, code), w.weight(1, shape(0b000100, 0b000010, 0)));
    }
}
