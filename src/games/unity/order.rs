//! Unity's step order: which of a position's steps (some 230 at the start of a side-5 game,
//! most of them walls) the search tries first. Each step is put in a class by four digits,
//! seen by the mover; self-play (`ludus train unity`) counts how often a step of each class
//! was chosen when offered, and the search tries the classes chosen most often first, in
//! random order within a class (`LearnedOrder`, `src/games/replies.rs`). The weights it
//! wrote are `order.txt`, beside this file, a table for two players and one for three.
//!
//! A *group* is a colour's pieces joined through neighbours not separated by a wall; its
//! *size class* is 0 for a lone piece, 3 for the colour's largest group (or one of them), 1
//! for another group of two or three pieces, 2 for another larger one. The digits:
//! 0. *kind*: 0 a slide, 1 a wall, 2 a ring's capture, 3 an asterisk's;
//! 1. a slide: the mover's groups next to the target cell (the moving piece aside, at most
//!    3); a capture: the mover's pieces it removes (the capturing piece aside, at most 3);
//!    a wall: what the two cells hold (0 an empty cell, 1 both the mover's, 2 both one
//!    opponent's, 3 anything else);
//! 2. a slide: the size class of the moving piece's group; a capture: the opponents'
//!    pieces it removes (at most 3); a wall between two pieces of one colour: the size
//!    class of their group (else 0);
//! 3. a slide: the opponents' pieces next to the target cell (at most 3); a capture: the
//!    size class of the capturing piece's group; a wall: 0.
//!
//! Opponents are the other players' colours, never the neutral one.

use super::{bit, group_of, open_around, Position, Step};
use crate::games::replies::{Learned, LearnedOrder, ShapeSet};
use crate::rng::Rng;

/// Classes are stored as they are: no two describe the same steps.
fn itself(code: usize) -> usize {
    code
}

/// A step class: four digits; a table for two players, one for three.
pub static CLASS_SET: ShapeSet = ShapeSet {
    directions: 4,
    tables: &["two", "three"],
    canonical: itself,
    // Not drawn from: the weights only order the steps.
    draw_bits: 8,
    chars: ['0', '1', '2', '3'],
};

/// The shipped weights; until read, and when set aside for training, steps are shuffled.
pub static LEARNED: Learned = Learned::new(&CLASS_SET, include_str!("order.txt"));

static ORDER: LearnedOrder = LearnedOrder::new(&LEARNED);

/// No group on a cell: it holds no piece.
const NO_GROUP: u8 = u8::MAX;

/// What the classes of one position's steps need: every piece's group and each group's
/// size class.
pub struct StepClasses<'a> {
    pos: &'a Position,
    /// Per cell, the index of its piece's group in `size_class`.
    group: [u8; 91],
    size_class: Vec<u8>,
    mine: u128,
    /// The opponents' pieces.
    theirs: u128,
}

impl StepClasses<'_> {
    pub fn of(pos: &Position) -> StepClasses<'_> {
        let mut group = [NO_GROUP; 91];
        let mut size_class = Vec::new();
        for color in 0..3 {
            let mut rest = pos.occ[color];
            let mut groups = Vec::new();
            while rest != 0 {
                let g = group_of(
                    pos.t,
                    &pos.walls,
                    pos.walled,
                    rest.trailing_zeros() as usize,
                    rest,
                );
                rest &= !g;
                groups.push(g);
            }
            let largest = groups.iter().map(|g| g.count_ones()).max().unwrap_or(0);
            for mut g in groups {
                let size = g.count_ones();
                let class = match size {
                    1 => 0,
                    _ if size == largest => 3,
                    2 | 3 => 1,
                    _ => 2,
                };
                let index = size_class.len() as u8;
                size_class.push(class);
                while g != 0 {
                    group[g.trailing_zeros() as usize] = index;
                    g &= g - 1;
                }
            }
        }
        let mover = pos.mover_color();
        let theirs = (0..3)
            .filter(|&c| c != mover && pos.color_seat[c] != super::NONE)
            .fold(0, |set, c| set | pos.occ[c]);
        StepClasses {
            pos,
            group,
            size_class,
            mine: pos.occ[mover],
            theirs,
        }
    }

    fn size_class(&self, cell: usize) -> usize {
        match self.group[cell] {
            NO_GROUP => 0,
            g => usize::from(self.size_class[usize::from(g)]),
        }
    }

    /// The class of `step`, one of the mover's legal steps.
    pub fn class(&self, step: Step) -> usize {
        let pos = self.pos;
        let count = |set: u128| (set.count_ones() as usize).min(3);
        let digits = match step {
            Step::Slide { from, to } => {
                let (from, to) = (usize::from(from), usize::from(to));
                let around = open_around(pos.t, &pos.walls, pos.walled, to);
                let mut next = around & self.mine & !bit(from);
                let mut groups = 0u64;
                while next != 0 {
                    groups |= 1 << (self.group[next.trailing_zeros() as usize] % 64);
                    next &= next - 1;
                }
                [
                    0,
                    count(u128::from(groups)),
                    self.size_class(from),
                    count(around & self.theirs),
                ]
            }
            Step::Ring(cell) | Step::Asterisk(cell, _) => {
                let cell = usize::from(cell);
                let (kind, removed) = match step {
                    Step::Ring(_) => (2, pos.ring_mask(cell)),
                    Step::Asterisk(_, d) => (3, pos.asterisk_mask(cell, d.index())),
                    _ => unreachable!("a capture"),
                };
                let removed = removed & !bit(cell);
                [
                    kind,
                    count(removed & self.mine),
                    count(removed & self.theirs),
                    self.size_class(cell),
                ]
            }
            Step::Wall(edge) => {
                let (a, d) = pos.t.edge_from[usize::from(edge)];
                let b = usize::from(pos.t.nbr[a][d]);
                let color_of = |c: usize| (0..3).find(|&k| pos.occ[k] & bit(c) != 0);
                let (held, group) = match (color_of(a), color_of(b)) {
                    (None, _) | (_, None) => (0, 0),
                    (Some(x), Some(y)) if x == y && pos.occ[x] & self.mine != 0 => {
                        (1, self.size_class(a))
                    }
                    (Some(x), Some(y)) if x == y && pos.occ[x] & self.theirs != 0 => {
                        (2, self.size_class(a))
                    }
                    _ => (3, 0),
                };
                [1, held, group, 0]
            }
            Step::Pass => [0; 4],
        };
        digits
            .iter()
            .enumerate()
            .fold(0, |code, (i, &digit)| code | digit << (2 * i))
    }
}

/// The table a position's steps are classed in: by the number of players.
pub fn table(pos: &Position) -> usize {
    usize::from(pos.players == 3)
}

/// The search's order (`SearchHints::order_untried`): the most chosen class last (expanded
/// first), in random order within a class.
pub fn order(pos: &Position, steps: &mut [Step], rng: &mut Rng) {
    let classes = StepClasses::of(pos);
    ORDER.order(table(pos), steps, rng, |s| classes.class(s));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::replies::assert_ordered_by_weight;
    use crate::games::unity::{layout_from_diagram, Options};
    use crate::options::OptionMap;

    /// Purple (P rings, p asterisks, to move): a group of three (a1 a2 a3, its largest), a
    /// pair (c1 c2) and a lone ring (e1). Orange (O, o): a group of four (g3 g4 h3 h4) and
    /// two lone pieces (b6, d1). Green, neutral: e9.
    const DIAGRAM: &str = "
            . . . . .
           . . O o . .
          . . O O . . .
         . . . . . . . .
        P . . . . . . . G
         O . . . . . . .
          P P . . . . .
           . . . . . o
            P P p . .
    ";

    fn position(players: &str) -> Position {
        let layout = layout_from_diagram(5, DIAGRAM).expect("a side-5 diagram");
        let options = OptionMap::new()
            .with("layout", layout)
            .with("players", players);
        Position::new(&Options::from_map(&options).unwrap()).unwrap()
    }

    fn class_of(pos: &Position, text: &str) -> String {
        let step = pos.parse_step(text).unwrap();
        let legal = pos.legal_step_list();
        assert!(legal.contains(&step), "{text} is legal");
        CLASS_SET.text(StepClasses::of(pos).class(step))
    }

    #[test]
    fn a_class_reads_groups_and_captures_from_the_movers_side() {
        assert_eq!(CLASS_SET.codes(), 256);
        let pos = position("2");
        // The lone e1 to b1, next to the group (a1) and the pair (c1 c2).
        assert_eq!(class_of(&pos, "e1-b1"), "0200");
        // A piece of the pair to b2, next to the group (a1 a2); c1 stays behind.
        assert_eq!(class_of(&pos, "c2-b2"), "0110");
        // The lone e1 one cell on: Orange's d1 next to it, none of Purple's.
        assert_eq!(class_of(&pos, "e1-e2"), "0001");
        // a1's ring takes a2 with it; a3's asterisk shot west takes a2 and a1.
        assert_eq!(class_of(&pos, "a1x"), "2103");
        assert_eq!(class_of(&pos, "a3xW"), "3203");
        // The lone e1's ring takes Orange's d1.
        assert_eq!(class_of(&pos, "e1x"), "2010");
        // Walls: inside the mover's group, inside Orange's largest, beside an empty cell.
        assert_eq!(class_of(&pos, "a1|a2"), "1130");
        assert_eq!(class_of(&pos, "g3|g4"), "1230");
        assert_eq!(class_of(&pos, "e1|e2"), "1000");
        assert_eq!(table(&pos), 0);
        assert_eq!(table(&position("3")), 1);
    }

    #[test]
    fn the_search_tries_the_most_chosen_class_first_and_keeps_every_step() {
        let pos = position("2");
        let weights = LEARNED.parse_shipped().expect("order.txt");
        let c = StepClasses::of(&pos);
        assert_ordered_by_weight(&pos, |s| weights.weight(table(&pos), c.class(s)));
    }
}
