//! Unravel's placement priors: how often a strong player places on an empty cell of each
//! shape, learned from self-play (`ludus train unravel`), and what the search makes of
//! them ([`SearchHints::prior`](crate::game::SearchHints::prior)). A shape is what the
//! cell's eight neighbours hold, seen by the mover and turned so that its goal edges are
//! north and south, as in Scattercut's replies (`src/games/scattercut/replies.rs`); but
//! every empty cell is offered, not only those next to the last stone, and the weights go
//! into the tree (each placement's starting value, and the order a node's placements are
//! expanded in), not the playouts, which stay uniform. The weights the command wrote are
//! `priors.txt`, beside this file.

use crate::game::Seat;
use crate::games::replies::{Learned, LearnedOrder, ShapeSet, SHAPE_CHARS};
use crate::games::scattercut::replies::{canonical, Board, NO_CELL};

/// Eight directions, one table.
pub static SHAPE_SET: ShapeSet = ShapeSet {
    directions: 8,
    tables: &["place"],
    canonical,
    // Unused: the priors are never drawn in playouts.
    draw_bits: 8,
    chars: SHAPE_CHARS,
};

/// The shipped weights.
pub static LEARNED: Learned = Learned::new(&SHAPE_SET, include_str!("priors.txt"));

/// The search's order for a turn's placements: the shapes chosen most often first.
pub static ORDER: LearnedOrder = LearnedOrder::new(&LEARNED);

/// The shape of the empty `cell` for `mover` on an `n × n` board of `cells` (0 empty,
/// seat + 1 a checker).
pub fn shape(cells: &[u8], n: usize, mover: Seat, cell: usize) -> usize {
    Board {
        cells,
        n,
        last: NO_CELL,
        mover,
    }
    .shape(cell)
}

/// A placement's prior from its shape's weight `w` against the mean weight `base`: the
/// share it would win if the two were played as often as they are chosen, 0.5 for a
/// shape chosen as often as any.
pub fn value(w: f64, base: f64) -> f64 {
    if w + base > 0.0 {
        w / (w + base)
    } else {
        0.5
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::unravel::{Options, Position, Step};

    #[test]
    fn every_empty_cell_is_offered_at_a_turns_start_and_none_while_swapping() {
        // a1 Red, b1 Blue, a2 Blue; Red to place.
        let mut pos = Position::from_diagram(&Options::with_size(4), 0, "..../..../B.../RB..")
            .expect("no crosscut");
        let (table, offers) = pos.placement_offers().expect("Red places");
        assert_eq!(table, 0);
        let mut cells: Vec<u16> = offers.iter().map(|&(c, _)| c).collect();
        cells.dedup();
        assert_eq!(cells.len(), 13, "each empty cell once");
        let b2 = offers
            .iter()
            .find(|&&(c, _)| c == 5)
            .expect("b2 is empty")
            .1;
        // From north round: b3 c3 c2 empty, c1 empty, b1 Blue, a1 Red, a2 Blue, a3 empty.
        assert_eq!(SHAPE_SET.text(b2), "....tmt.");
        // b2 makes a crosscut of a1 b1 a2 b2: Red must swap, and places nothing.
        pos.play(Step::Place(5));
        assert!(pos.is_swapping());
        assert_eq!(pos.placement_offers(), None);
    }

    #[test]
    fn the_search_expands_the_placements_the_priors_rate_highest_first() {
        use crate::games::replies::assert_ordered_by_weight;
        let pos =
            Position::from_diagram(&Options::with_size(5), 0, "...../..R../.BRB./..B../.....")
                .expect("no crosscut");
        let weights = LEARNED.parse_shipped().expect("priors.txt");
        assert_ordered_by_weight(&pos, |s| match s {
            Step::Place(c) => weights.weight(0, shape(&pos.cells[..25], 5, 0, c.into())),
            Step::Swap(..) => unreachable!("a turn's start has no swaps"),
        });
    }

    #[test]
    fn the_shipped_priors_read_and_rate_a_cutting_point_above_an_empty_cell() {
        let weights = LEARNED.parse_shipped().expect("priors.txt");
        let at = |text: &str| {
            let w = weights.weight(0, SHAPE_SET.parse(text).unwrap());
            value(w, weights.base)
        };
        // The cell between a diagonal pair of the mover's and the opponent's, against a
        // cell with nothing round it.
        assert!(at(".mt.....") > 0.7, "{}", at(".mt....."));
        assert!(at("........") < 0.5, "{}", at("........"));
    }
}
