//! Merlin's Chain's flip order: which of up to 1,800 flips the search tries first. Under
//! progressive widening a node with n visits tries only the first 2√n of its steps, so
//! the order decides what is searched at all. Each flip is put in a class by four
//! numbers, seen by the mover; self-play (`ludus train merlins-chain`) counts how often a
//! flip of each class was chosen when offered, and the search tries the classes chosen
//! most often first, in random order within a class. The weights it wrote are `order.txt`, beside this file,
//! read with the reply weights' code (`src/games/replies.rs`): a class is a shape of four
//! digits.
//!
//! The digits of a flip of piece `p` on cell `c`:
//! 0. *line*: the most of the mover's played pieces in one line of four through `c` that
//!    holds none of the opponent's (0 to 3; 3 makes a chain);
//! 1. *block*: the most of the opponent's played pieces in one line of four through `c`
//!    that holds none of the mover's (0 to 3; 3 stops a chain);
//! 2. *rank*: where `p` stands among the mover's grey pieces, by quarters (0: the lowest
//!    quarter);
//! 3. *number*: `p` by sixteens (0: 1 to 16).

use super::{owner, pieces_of, Position, Step, CELLS, LINES};
use crate::game::Game;
use crate::games::replies::{Learned, LearnedOrder, ShapeSet};
use crate::rng::Rng;

/// Classes are stored as they are: no two describe the same flips.
fn itself(code: usize) -> usize {
    code
}

/// A flip class: four digits, one table.
pub static CLASS_SET: ShapeSet = ShapeSet {
    directions: 4,
    tables: &["flip"],
    canonical: itself,
    // Not drawn from: the weights only order the steps.
    draw_bits: 8,
    chars: ['0', '1', '2', '3'],
};

/// The shipped weights; until read, and when set aside for training, flips are shuffled.
pub static LEARNED: Learned = Learned::new(&CLASS_SET, include_str!("order.txt"));

/// What the classes of one position's flips need: each cell's line and block digits for
/// the mover, and the mover's grey pieces.
pub struct FlipClasses {
    /// Per cell: line + 4 · block.
    lines: [u8; CELLS],
    /// Bit `n-1` for each grey piece `n` of the mover.
    grey: u64,
}

impl FlipClasses {
    pub fn of(pos: &Position) -> FlipClasses {
        let me = pos.to_move();
        let mut lines = [0u8; CELLS];
        for line in &LINES {
            let (mut mine, mut theirs) = (0u8, 0u8);
            for &c in line {
                match pos.cells[c as usize] {
                    0 => {}
                    n if owner(n) == me => mine += 1,
                    _ => theirs += 1,
                }
            }
            let (line_digit, block_digit) = match (mine, theirs) {
                (m, 0) => (m, 0),
                (0, t) => (0, t),
                _ => continue,
            };
            for &c in line {
                let v = &mut lines[c as usize];
                *v = (*v & 3).max(line_digit) | (*v >> 2).max(block_digit) << 2;
            }
        }
        FlipClasses {
            lines,
            grey: pieces_of(me) & !pos.played,
        }
    }

    /// The class of `step`, a flip of the mover's.
    pub fn class(&self, step: Step) -> usize {
        let below = (self.grey & ((1u64 << (step.piece - 1)) - 1)).count_ones() as usize;
        let rank = 4 * below / (self.grey.count_ones() as usize).max(1);
        let number = usize::from(step.piece - 1) / 16;
        usize::from(self.lines[usize::from(step.cell)]) | rank.min(3) << 4 | number << 6
    }
}

/// The order the shipped weights give.
static ORDER: LearnedOrder = LearnedOrder::new(&LEARNED);

/// The search's order (`SearchHints::order_untried`): the most chosen class last
/// (expanded first), in random order within a class.
pub fn order(pos: &Position, steps: &mut [Step], rng: &mut Rng) {
    let classes = FlipClasses::of(pos);
    ORDER.order(0, steps, rng, |s| classes.class(s));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::replies::assert_ordered_by_weight;

    fn flip(text: &str) -> Step {
        let (piece, cell) = text.split_once('@').unwrap();
        let cell = cell.as_bytes();
        Step {
            piece: piece.parse().unwrap(),
            cell: (cell[0] - b'a') + 8 * (cell[1] - b'1'),
        }
    }

    /// Green a1 b1 c1, White a2 b2 g8; Green to move.
    const STEPS: &str = "2@a1 3@a2 4@b1 5@b2 6@c1 61@g8";

    #[test]
    fn a_class_counts_the_lines_through_the_cell_and_ranks_the_piece() {
        assert_eq!(CLASS_SET.codes(), 256);
        let pos = Position::from_steps(STEPS).unwrap();
        let c = FlipClasses::of(&pos);
        let text = |s: &str| CLASS_SET.text(c.class(flip(s)));
        // d1 makes Green's a1-d1 chain; 8 is Green's lowest grey piece.
        assert_eq!(text("8@d1"), "3000");
        // c2: one Green piece in c1-c4 and in b1-e4, two White in a2-d2 (blocked).
        assert_eq!(text("10@c2"), "1200");
        // h8: White's g8 in e8-h8; 13 of Green's 29 grey pieces are below 34.
        assert_eq!(text("34@h8"), "0112");
        // White to move sees the same lines the other way round.
        let mut white = pos.clone();
        white.play(flip("8@d1"));
        let w = FlipClasses::of(&white);
        assert_eq!(CLASS_SET.text(w.class(flip("7@c2"))), "2100");
    }

    #[test]
    fn the_search_tries_the_most_chosen_class_first_and_keeps_every_step() {
        let pos = Position::from_steps(STEPS).unwrap();
        let weights = LEARNED.parse_shipped().expect("order.txt");
        let c = FlipClasses::of(&pos);
        assert_ordered_by_weight(&pos, |s| weights.weight(0, c.class(s)));
    }
}
