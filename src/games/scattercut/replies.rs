//! Scattercut's reply shapes (`src/games/replies.rs` holds the weights and how playouts use
//! them): what the eight neighbours of an empty cell next to the opponent's last placement
//! hold, seen by the mover and turned so that the mover's goal edges are north and south.
//! Seen that way Red and Blue are alike (the board's transpose swaps their goals), so they
//! share one table. A shape's images under the goal symmetries share one weight. The
//! weights `ludus train scattercut` wrote are `replies.txt`, beside this file.

use crate::game::Seat;
use crate::games::replies::{ReplyWeights, ShapeSet, MINE, OFF, SHAPE_CHARS, THEIRS};
use crate::rng::Rng;

/// The eight directions from north round to north-west, as (along the mover's goal,
/// across it) offsets: north is one rank (Red) or file (Blue) further from the start.
pub const DIRECTIONS: [(isize, isize); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// No last placement to answer.
pub const NO_CELL: u16 = u16::MAX;

/// The least code among a shape's images: itself, mirrored east to west, north to
/// south, and both (turned half round); a quarter turn would swap the two goals.
pub fn canonical(code: usize) -> usize {
    let image = |map: fn(usize) -> usize| {
        (0..8).fold(0, |out, d| out | ShapeSet::digit(code, map(d)) << (2 * d))
    };
    code.min(image(|d| (8 - d) % 8))
        .min(image(|d| (12 - d) % 8))
        .min(image(|d| (d + 4) % 8))
}

/// The square games' shapes: eight directions, one table.
pub static SHAPE_SET: ShapeSet = ShapeSet {
    directions: 8,
    tables: &["reply"],
    canonical,
    // Eight draws of 8 bits from one random number.
    draw_bits: 8,
    chars: SHAPE_CHARS,
};

/// A board as the replies read it: `n × n` cells (0 empty, seat + 1 a stone, rank by
/// rank from a1), the last placement (`NO_CELL`: none) and the seat to move.
#[derive(Clone, Copy)]
pub struct Board<'a> {
    pub cells: &'a [u8],
    pub n: usize,
    pub last: u16,
    pub mover: Seat,
}

impl Board<'_> {
    /// The shape of the empty `cell` for the mover.
    #[inline]
    pub fn shape(&self, cell: usize) -> usize {
        let n = self.n as isize;
        let (f, r) = ((cell as isize) % n, (cell as isize) / n);
        let me = self.mover as u8 + 1;
        let mut code = 0;
        for (d, &(along, across)) in DIRECTIONS.iter().enumerate() {
            // Red's goal runs along the files' length (rank by rank), Blue's across.
            let (nf, nr) = if self.mover == 0 {
                (f + across, r + along)
            } else {
                (f + along, r + across)
            };
            let state = if nf < 0 || nr < 0 || nf >= n || nr >= n {
                OFF
            } else {
                match self.cells[(nr * n + nf) as usize] {
                    0 => 0,
                    v if v == me => MINE,
                    _ => THEIRS,
                }
            };
            code |= state << (2 * d);
        }
        code
    }

    /// The empty cell next to the last placement in direction `d` (in Red's view), if
    /// there is one.
    #[inline]
    fn empty_next_to_last(&self, d: usize) -> Option<usize> {
        if self.last == NO_CELL {
            return None;
        }
        let n = self.n as isize;
        let last = self.last as isize;
        let (dr, df) = DIRECTIONS[d];
        let (nf, nr) = (last % n + df, last / n + dr);
        let inside = nf >= 0 && nr >= 0 && nf < n && nr < n;
        let c = (nr * n + nf) as usize;
        (inside && self.cells[c] == 0).then_some(c)
    }

    /// The empty cells next to the last placement, from north round (in Red's view),
    /// with their shapes: the offers the weights are learned from.
    pub fn offers(&self) -> Vec<(u16, usize)> {
        (0..8)
            .filter_map(|d| self.empty_next_to_last(d))
            .map(|c| (c as u16, self.shape(c)))
            .collect()
    }

    /// A playout's answer to the last placement: each empty cell around it in turn, from
    /// a random direction, taken with its shape's weight; None when none is taken.
    #[inline]
    pub fn reply(&self, rng: &mut Rng, weights: &ReplyWeights) -> Option<usize> {
        if self.last == NO_CELL {
            return None;
        }
        let start = rng.below(8);
        let draws = rng.next_u64();
        (0..8).find_map(|i| {
            let c = self.empty_next_to_last((start + i) % 8)?;
            let draw = (draws >> (8 * i)) as u16 & 255;
            (draw < weights.threshold(0, self.shape(c))).then_some(c)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shape_and_its_mirror_images_share_one_code() {
        let code = SHAPE_SET.parse("m.t.....").unwrap();
        for image in ["m.....t.", "..t.m...", "....m.t."] {
            assert_eq!(
                canonical(SHAPE_SET.parse(image).unwrap()),
                canonical(code),
                "{image}"
            );
        }
        // A quarter turn would swap the mover's goal with the opponent's: not an image.
        assert_ne!(
            canonical(SHAPE_SET.parse("..m.t...").unwrap()),
            canonical(code)
        );
        let classes: std::collections::BTreeSet<usize> =
            (0..SHAPE_SET.codes()).map(canonical).collect();
        // Burnside over the four mirrors: (65536 + 2 * 4^5 + 4^4) / 4.
        assert_eq!(classes.len(), (65536 + 2 * 1024 + 256) / 4);
    }

    /// The board seen across the a1-h8 diagonal with the colours swapped: the same
    /// position for the other player.
    fn transposed(cells: &[u8], n: usize) -> Vec<u8> {
        (0..n * n)
            .map(|c| match cells[(c % n) * n + c / n] {
                0 => 0,
                v => 3 - v,
            })
            .collect()
    }

    /// Rank 1 first: a1 Red; c2 Blue; b3 Red, c3 Blue (the last placement, cell 10).
    const CELLS: [u8; 16] = [1, 0, 0, 0, 0, 0, 2, 0, 0, 1, 2, 0, 0, 0, 0, 0];

    fn board(cells: &[u8], mover: Seat) -> Board<'_> {
        Board {
            cells,
            n: 4,
            last: 10,
            mover,
        }
    }

    #[test]
    fn offers_are_the_empty_cells_next_to_the_last_placement_seen_from_the_goal() {
        let red = board(&CELLS, 0);
        let offers = red.offers();
        let at: Vec<u16> = offers.iter().map(|&(c, _)| c).collect();
        // From north round: c4 d4 d3 d2 b2 b4; c2 and b3 hold stones.
        assert_eq!(at, [14, 15, 11, 7, 5, 13]);
        // d2, for Red: north d3 empty, north-west c3 Blue, west c2 Blue, east off.
        assert_eq!(SHAPE_SET.text(offers[3].1), ".---..tt");
        assert_eq!(
            Board {
                last: NO_CELL,
                ..red
            }
            .offers(),
            []
        );
        let flipped = transposed(&CELLS, 4);
        let blue = board(&flipped, 1);
        let flip = |c: u16| (c % 4) * 4 + c / 4;
        let mut seen: Vec<(u16, usize)> =
            blue.offers().iter().map(|&(c, s)| (flip(c), s)).collect();
        let mut want = offers.clone();
        seen.sort();
        want.sort();
        assert_eq!(seen, want, "Blue sees the transposed board as Red does");
    }

    #[test]
    fn a_reply_is_an_empty_cell_next_to_the_last_placement() {
        let board = board(&CELLS, 0);
        let all = ReplyWeights::new(&SHAPE_SET, 1.0, &[]);
        let none = ReplyWeights::new(&SHAPE_SET, 0.0, &[]);
        let offers = board.offers();
        let mut rng = Rng::new(4);
        let mut answered = std::collections::BTreeSet::new();
        for _ in 0..200 {
            let cell = board
                .reply(&mut rng, &all)
                .expect("weight 1 always answers");
            assert!(offers.iter().any(|&(c, _)| usize::from(c) == cell));
            answered.insert(cell);
            assert_eq!(board.reply(&mut rng, &none), None);
        }
        assert_eq!(answered.len(), offers.len(), "each from some direction");
        let nothing = Board {
            last: NO_CELL,
            ..board
        };
        assert_eq!(nothing.reply(&mut rng, &all), None);
    }
}
