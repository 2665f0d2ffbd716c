//! Scattercut, by Mark Steere (2023).
//!
//! Red (seat 0) joins the top and bottom sides, Blue (seat 1) the left and right sides, with
//! orthogonally connected stones. A turn is a placement, possibly followed by re-placement
//! steps (docs/RULES.md, "Scattercut"):
//!
//! * the placement (`c4`) goes on any empty cell; every own stone diagonally opposite the
//!   placed stone in a crosscut it forms is removed at once (0 to 4 stones);
//! * each re-placement (also written `c4`) puts one removed stone on an empty cell where it
//!   forms no crosscut, and must keep the greatest number of stones that can still be
//!   re-placed at exactly one less than before it (the mover re-places as many as possible);
//! * when no further removed stone can be re-placed the rest are lost and the turn ends; only
//!   then is the mover's connection judged.
//!
//! # The greatest number that can still be re-placed
//!
//! Own stones only ever make cells unsafe, never safe again, so the cells that can take a
//! re-placed stone are the *safe* empty cells now, and a set of them can all be filled exactly
//! when no two of them are diagonal neighbours whose window's other two cells hold enemy
//! stones (a *conflict*: filling both would form a crosscut). The greatest number is therefore
//! `min(stones left, α)`, with `α` the size of a largest conflict-free set of safe cells. Safe
//! cells without any conflict (nearly all of them) are counted directly; the few others are
//! searched exactly with a small bounded branch (at most 4 stones, at most 4 conflicts a cell).
//!
//! # Setting up positions
//!
//! [`Position::from_steps`] plays a list of steps from the start; [`Position::from_diagram`]
//! reads a board drawn as text (top rank first, one character a cell: `R` red, `B` blue,
//! `.` empty; spaces ignored) with the seat to move at the start of its turn.
//! [`Position::diagram`] writes the same format.

mod about;
mod describe;
pub mod lessons;
mod notation;
pub mod replies;

use super::red_blue::{self, Bits, COLORS, NAMES};
pub use super::red_blue::{Options, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, OPTION_KEYS};
use crate::bits::extend_with_set_bits;
use crate::game::{
    BoardView, Describe, Error, Game, Outcome, PieceKind, PieceView, SearchHints, Seat, Shape,
    StepKind, StepView,
};
use crate::games::replies::Learned;
use crate::geometry::SquareGrid;
use crate::rng::Rng;
pub use about::GAME;
use replies::NO_CELL;
use std::fmt;

const CELLS: usize = MAX_SIZE * MAX_SIZE;
const EMPTY: u8 = 0;

/// One step: the cell a stone goes on. Whether it is a placement or a re-placement depends
/// on the position it is played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step(u16);

impl Step {
    /// The cell index (rank * size + file).
    pub fn cell(self) -> usize {
        self.0 as usize
    }
}

/// A Scattercut position, between steps.
#[derive(Clone)]
pub struct Position {
    grid: SquareGrid,
    /// 0 empty, 1 red, 2 blue (seat + 1), in cell order; cells past `size²` unused.
    cells: [u8; CELLS],
    /// The same board as bit sets, by seat: what the connection test, the list of empty
    /// cells and the re-placement graph read.
    own: [Bits; 2],
    /// The seat whose turn it is (the winner, once the game is over).
    mover: u8,
    /// Removed stones not yet re-placed (0 outside the re-placement phase).
    pending: u8,
    /// How many of them can still be re-placed: `1 ≤ can ≤ pending` during the re-placement
    /// phase, 0 otherwise.
    can: u8,
    /// The cells whose stones the placement of this turn lifted (the first `lifted_count`),
    /// so that the view can show where they were; stale outside the re-placement phase.
    lifted: [u16; 4],
    lifted_count: u8,
    /// The cell of the last placement (not re-placement), which playouts answer
    /// (`replies.rs`); `NO_CELL` before the first.
    last: u16,
    outcome: Option<Outcome>,
}

/// The reply weights playouts read, as `ludus train scattercut` wrote them.
pub static REPLIES: Learned = Learned::new(&replies::SHAPE_SET, include_str!("replies.txt"));

/// Diagonal directions, as (file, rank) offsets; bit `k` of a conflict mask is `DIAGS[k]`.
const DIAGS: [(isize, isize); 4] = [(-1, -1), (1, -1), (-1, 1), (1, 1)];
/// The safe cells for the mover's re-placement and their conflicts (see the module docs),
/// as bit sets, so that the whole board is worked out a word at a time.
struct Graph {
    /// The empty cells a re-placed stone may go on (it would form no crosscut there).
    safe: Bits,
    /// By diagonal direction `k` (`DIAGS[k]`): the safe cells in conflict with the safe
    /// cell in that direction.
    conflicts: [Bits; 4],
    /// Safe cells with at least one conflict.
    core: Bits,
    /// Number of safe cells without any conflict.
    isolated: usize,
}

impl Graph {
    /// The directions of `c`'s conflicts, bit `k` for `DIAGS[k]`.
    #[inline]
    fn mask(&self, c: usize) -> u8 {
        (0..4).fold(0, |m, k| m | (self.conflicts[k].has(c) as u8) << k)
    }
}

impl Position {
    /// The key of the position's image whose cell `c` holds what cell `image(c)` holds
    /// here (`position_key` for the identity).
    fn key_of_image(&self, image: &dyn Fn(usize) -> usize) -> u128 {
        let size = self.size();
        let mut h = crate::game::KeyHasher::new();
        h.write_bytes(&[size as u8, self.mover, self.pending, self.can]);
        h.write_outcome(self.outcome);
        for c in 0..size * size {
            h.write_bytes(&[self.cells[image(c)]]);
        }
        h.finish()
    }

    pub fn new(options: &Options) -> Result<Position, Error> {
        let size = options.size;
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(Error::options(format!(
                "size must be a whole number from {MIN_SIZE} to {MAX_SIZE} (got {size})"
            )));
        }
        Ok(Position {
            grid: SquareGrid::new(size, size),
            cells: [EMPTY; CELLS],
            own: [Bits::EMPTY; 2],
            mover: 0,
            pending: 0,
            can: 0,
            lifted: [0; 4],
            lifted_count: 0,
            last: NO_CELL,
            outcome: None,
        })
    }

    /// The position after playing `steps` (step texts separated by spaces or commas) from the
    /// start. The error names the step that failed.
    pub fn from_steps(options: &Options, steps: &str) -> Result<Position, Error> {
        let mut position = Position::new(options)?;
        for (i, text) in steps
            .split(|ch: char| ch.is_whitespace() || ch == ',')
            .filter(|t| !t.is_empty())
            .enumerate()
        {
            if let Err(e) = position.play_text(text) {
                return Err(Error::new(
                    e.kind(),
                    format!("step {} ({text}): {e}", i + 1),
                ));
            }
        }
        Ok(position)
    }

    /// A position drawn as text (`red_blue::read_diagram`): `size` ranks, the top one first,
    /// each with `size` cells `R` (red), `B` (blue) or `.` (empty). `to_move`
    /// is at the start of its turn. A board with a crosscut is refused (none survives a turn),
    /// and so is one where `to_move` is already connected; if the other seat is connected
    /// the game is over, won by it.
    pub fn from_diagram(
        options: &Options,
        to_move: Seat,
        diagram: &str,
    ) -> Result<Position, Error> {
        let mut position = Position::new(options)?;
        let size = options.size;
        if to_move > 1 {
            return Err(Error::syntax(format!(
                "seat {to_move} does not exist: Scattercut has seats 0 and 1"
            )));
        }
        for (cell, value) in red_blue::read_diagram(diagram, size)?
            .into_iter()
            .enumerate()
        {
            position.set(cell, value);
        }
        for origin in position.grid.window_origins() {
            let [a, b, c, d] = position.grid.window(origin);
            let v = &position.cells;
            if v[a] != EMPTY && v[b] != EMPTY && v[a] == v[d] && v[b] == v[c] && v[a] != v[b] {
                return Err(Error::syntax(format!(
                    "the diagram has a crosscut at {} {} {} {}",
                    position.grid.name(a),
                    position.grid.name(b),
                    position.grid.name(c),
                    position.grid.name(d)
                )));
            }
        }
        if position.connected(to_move as u8 + 1) {
            return Err(Error::syntax(format!(
                "{} is connected already, yet it is {}'s turn",
                NAMES[to_move], NAMES[to_move]
            )));
        }
        let other = 1 - to_move;
        if position.connected(other as u8 + 1) {
            position.mover = other as u8;
            position.outcome = Some(Outcome::Winner(other));
        } else {
            position.mover = to_move as u8;
        }
        Ok(position)
    }

    /// The board in the [`Position::from_diagram`] format (`R`, `B`, `.`; top rank first).
    pub fn diagram(&self) -> String {
        let s = self.size();
        let mut out = String::with_capacity(s * (s + 1));
        for rank in (0..s).rev() {
            for file in 0..s {
                out.push(match self.cells[self.grid.index(file, rank)] {
                    1 => 'R',
                    2 => 'B',
                    _ => '.',
                });
            }
            out.push('\n');
        }
        out
    }

    /// The board side.
    pub fn size(&self) -> usize {
        self.grid.width
    }

    /// The owner of the stone on `cell`, if any.
    pub fn stone(&self, cell: usize) -> Option<Seat> {
        match self.cells.get(cell) {
            Some(&v) if v != EMPTY && cell < self.grid.len() => Some(v as usize - 1),
            _ => None,
        }
    }

    /// Removed stones the mover has not re-placed yet (0 outside the re-placement phase).
    pub fn stones_removed_pending(&self) -> usize {
        self.pending as usize
    }

    /// How many of them the mover can still re-place (and so must): 0 outside the
    /// re-placement phase.
    pub fn stones_to_replace(&self) -> usize {
        self.can as usize
    }

    /// Number of stones of `seat` on the board.
    pub fn stones_on_board(&self, seat: Seat) -> usize {
        let v = seat as u8 + 1;
        self.cells[..self.grid.len()]
            .iter()
            .filter(|&&c| c == v)
            .count()
    }

    /// The cells whose stones this turn's placement lifted, while some are still to be
    /// re-placed (none otherwise).
    pub fn lifted_cells(&self) -> Vec<usize> {
        if self.pending == 0 || self.outcome.is_some() {
            return Vec::new();
        }
        let mut cells: Vec<usize> = self.lifted[..self.lifted_count as usize]
            .iter()
            .map(|&c| c as usize)
            .collect();
        crate::game::sort_short(&mut cells);
        cells
    }

    #[inline]
    fn me(&self) -> u8 {
        self.mover + 1
    }

    /// Puts `v` (`EMPTY`, or seat + 1) on `c`, in both representations.
    #[inline]
    fn set(&mut self, c: usize, v: u8) {
        self.cells[c] = v;
        self.own[0].remove(c);
        self.own[1].remove(c);
        if v != EMPTY {
            self.own[v as usize - 1].insert(c);
        }
    }

    /// The diagonal neighbour of `c` in direction `k`, and the window's two other cells.
    #[inline]
    fn diag(&self, c: usize, k: usize) -> Option<[usize; 3]> {
        let s = self.grid.width;
        let (f, r) = (c % s, c / s);
        let (df, dr) = DIAGS[k];
        let nf = f as isize + df;
        let nr = r as isize + dr;
        if nf < 0 || nr < 0 || nf >= s as isize || nr >= s as isize {
            return None;
        }
        let (nf, nr) = (nf as usize, nr as usize);
        Some([nr * s + nf, r * s + nf, nr * s + f])
    }

    /// Whether a stone of colour `me` on `c` would form a crosscut.
    #[inline]
    fn forms_crosscut(&self, c: usize, me: u8) -> bool {
        let enemy = 3 - me;
        (0..4).any(|k| {
            self.diag(c, k).is_some_and(|[d, a, b]| {
                self.cells[d] == me && self.cells[a] == enemy && self.cells[b] == enemy
            })
        })
    }

    fn graph(&self) -> Graph {
        let n = self.size();
        let mine = self.own[self.mover as usize];
        let theirs = self.own[1 - self.mover as usize];
        // Enemy stones beside a cell, to its left/right and below/above.
        let beside = [theirs.seen_from(n, -1, 0), theirs.seen_from(n, 1, 0)];
        let above_below = [theirs.seen_from(n, 0, -1), theirs.seen_from(n, 0, 1)];
        // By direction: the cells with enemy stones on both other cells of that window.
        let across: [Bits; 4] = std::array::from_fn(|k| {
            let (df, dr) = DIAGS[k];
            beside[(df > 0) as usize] & above_below[(dr > 0) as usize]
        });
        let mut unsafe_cells = Bits::EMPTY;
        for (k, &(df, dr)) in DIAGS.iter().enumerate() {
            unsafe_cells = unsafe_cells | (across[k] & mine.seen_from(n, df, dr));
        }
        let safe = Bits::empty_cells(n, &mine, &theirs).and_not(unsafe_cells);
        let conflicts: [Bits; 4] = std::array::from_fn(|k| {
            let (df, dr) = DIAGS[k];
            safe & across[k] & safe.seen_from(n, df, dr)
        });
        let core = conflicts[0] | conflicts[1] | conflicts[2] | conflicts[3];
        Graph {
            safe,
            conflicts,
            core,
            isolated: safe.count() - core.count(),
        }
    }

    /// The cell `c` plus its conflicting neighbours, added to `bits`.
    #[inline]
    fn close(&self, g: &Graph, c: usize, bits: &mut Bits) {
        bits.insert(c);
        let mask = g.mask(c);
        for k in 0..4 {
            if mask & (1 << k) != 0 {
                bits.insert(self.neighbour(c, k));
            }
        }
    }

    #[inline]
    fn neighbour(&self, c: usize, k: usize) -> usize {
        let s = self.grid.width as isize;
        let off = [-(s + 1), -(s - 1), s - 1, s + 1][k];
        (c as isize + off) as usize
    }

    /// Whether the core cells not in `removed` hold `k` cells without a conflict between
    /// any two. Exact: cells without remaining conflicts are taken, a cell with one is taken
    /// (some largest set holds it), otherwise the branch is on the cell with the fewest
    /// conflicts or one of those it conflicts with (a largest set holds one of them).
    fn core_holds(&self, g: &Graph, removed: Bits, k: usize) -> bool {
        if k == 0 {
            return true;
        }
        let mut remaining = 0;
        let mut free = 0;
        let mut best: Option<(usize, u32)> = None;
        for c in g.core.and_not(removed).cells() {
            remaining += 1;
            let mask = g.mask(c);
            let mut degree = 0;
            for dir in 0..4 {
                if mask & (1 << dir) != 0 && !removed.has(self.neighbour(c, dir)) {
                    degree += 1;
                }
            }
            if degree == 0 {
                free += 1;
                if free >= k {
                    return true;
                }
            } else if best.map_or(true, |(_, d)| degree < d) {
                best = Some((c, degree));
            }
        }
        if remaining < k {
            return false;
        }
        let Some((v, degree)) = best else {
            return false;
        };
        let take = |u: usize| {
            let mut next = removed;
            self.close(g, u, &mut next);
            self.core_holds(g, next, k - 1)
        };
        if degree == 1 {
            return take(v);
        }
        if take(v) {
            return true;
        }
        let mask = g.mask(v);
        for dir in 0..4 {
            if mask & (1 << dir) != 0 {
                let u = self.neighbour(v, dir);
                if !removed.has(u) && take(u) {
                    return true;
                }
            }
        }
        false
    }

    /// The greatest number of `pending` stones that can be re-placed now.
    fn max_replaceable(&self, g: &Graph) -> u8 {
        let p = self.pending as usize;
        if g.isolated >= p {
            return p as u8;
        }
        let need = p - g.isolated;
        for j in (1..=need).rev() {
            if self.core_holds(g, Bits::EMPTY, j) {
                return (g.isolated + j) as u8;
            }
        }
        g.isolated as u8
    }

    /// Whether re-placing on the safe cell `c` keeps the maximum (see the module docs).
    fn keeps_maximum(&self, g: &Graph, c: usize) -> bool {
        if !g.core.has(c) || self.can <= 1 {
            return true;
        }
        let want = self.can as usize - 1;
        if g.isolated >= want {
            return true;
        }
        let mut removed = Bits::EMPTY;
        self.close(g, c, &mut removed);
        self.core_holds(g, removed, want - g.isolated)
    }

    /// Whether the stones of colour `v` (seat + 1) join that colour's two sides.
    fn connected(&self, v: u8) -> bool {
        let seat = v as usize - 1;
        red_blue::joins_sides(self.size(), &self.own[seat], seat)
    }

    fn path_of(&self, v: u8) -> Option<Vec<usize>> {
        red_blue::winning_path(&self.grid, v as usize - 1, |c| self.cells[c] == v)
    }

    /// A shortest path of the winner's stones between its sides (empty unless won).
    fn winning_path(&self) -> Vec<usize> {
        match self.outcome {
            Some(Outcome::Winner(seat)) => self.path_of(seat as u8 + 1).unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    /// The board as the reply shapes read it (`replies.rs`).
    #[inline]
    fn reply_board(&self) -> replies::Board<'_> {
        replies::Board {
            cells: &self.cells,
            n: self.size(),
            last: self.last,
            mover: self.mover as Seat,
        }
    }

    /// At the start of a turn after the first: the empty cells next to the opponent's last
    /// placement, with their shapes for the mover, under table 0 (what the reply weights
    /// are learned from).
    pub fn reply_offers(&self) -> Option<(usize, Vec<(u16, usize)>)> {
        if self.outcome.is_some() || self.pending > 0 || self.last == NO_CELL {
            return None;
        }
        Some((0, self.reply_board().offers()))
    }

    /// Ends the mover's turn: lost stones go, the connection is judged, the turn passes.
    fn end_turn(&mut self) {
        self.pending = 0;
        self.can = 0;
        if self.connected(self.me()) {
            self.outcome = Some(Outcome::Winner(self.mover as Seat));
        } else {
            self.mover ^= 1;
        }
    }
}

impl Game for Position {
    type Step = Step;

    /// The state itself, hashed directly: faster than the default (the `Debug` text),
    /// which the solver spent most of its time writing.
    fn position_key(&self) -> u128 {
        self.key_of_image(&|c| c)
    }

    fn players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Seat {
        self.mover as Seat
    }

    fn legal_steps(&self, out: &mut Vec<Step>) {
        if self.outcome.is_some() {
            return;
        }
        if self.pending == 0 {
            let empty = Bits::empty_cells(self.size(), &self.own[0], &self.own[1]);
            extend_with_set_bits(out, &empty.0, |cell| Step(cell as u16));
            return;
        }
        let g = self.graph();
        for c in g.safe.cells() {
            if self.keeps_maximum(&g, c) {
                out.push(Step(c as u16));
            }
        }
    }

    /// The default's step for the same random number; a placement is picked straight from
    /// the empty cells, without a list (random games and playouts call this at every step).
    fn random_step(&self, rng: &mut Rng, buf: &mut Vec<Step>) -> Option<Step> {
        if self.outcome.is_some() || self.pending > 0 {
            buf.clear();
            self.legal_steps(buf);
            return rng.choose(buf).copied();
        }
        let empty = Bits::empty_cells(self.size(), &self.own[0], &self.own[1]);
        let count = empty.count();
        if count == 0 {
            return None;
        }
        empty.nth(rng.below(count)).map(|c| Step(c as u16))
    }

    fn play(&mut self, step: Step) {
        let c = step.cell();
        debug_assert!(self.outcome.is_none(), "play after the game is over");
        debug_assert!(
            c < self.grid.len() && self.cells[c] == EMPTY,
            "play on a taken cell"
        );
        let me = self.me();
        if self.pending > 0 {
            debug_assert!(!self.forms_crosscut(c, me), "re-placement forms a crosscut");
            self.set(c, me);
            self.pending -= 1;
            self.can -= 1;
            if self.can == 0 {
                self.end_turn();
            }
            return;
        }
        self.set(c, me);
        self.last = c as u16;
        let enemy = 3 - me;
        let mut removed = 0;
        for k in 0..4 {
            if let Some([d, a, b]) = self.diag(c, k) {
                if self.cells[d] == me && self.cells[a] == enemy && self.cells[b] == enemy {
                    self.set(d, EMPTY);
                    self.lifted[removed as usize] = d as u16;
                    removed += 1;
                }
            }
        }
        if removed == 0 {
            self.end_turn();
            return;
        }
        self.pending = removed;
        self.lifted_count = removed;
        let g = self.graph();
        self.can = self.max_replaceable(&g);
        if self.can == 0 {
            self.end_turn();
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn step_text(&self, step: Step) -> String {
        self.write_step(step)
    }

    fn parse_step(&self, text: &str) -> Result<Step, Error> {
        self.read_step(text)
    }
}

impl SearchHints for Position {
    /// At the start of a turn, a playout first answers the opponent's last placement by the
    /// learned reply weights (`replies.rs`); if it takes none of the cells around it,
    /// or stones wait to be re-placed, the step is uniform.
    fn playout_step(&self, rng: &mut Rng, buf: &mut Vec<Step>) -> Option<Step> {
        if self.outcome.is_none() && self.pending == 0 {
            if let Some(cell) = REPLIES.get().and_then(|w| self.reply_board().reply(rng, w)) {
                return Some(Step(cell as u16));
            }
        }
        self.random_step(rng, buf)
    }

    /// The least key of the position's mirror images (`red_blue::GOAL_SYMMETRIES`).
    fn canonical_key(&self) -> u128 {
        red_blue::least_image_key(self.size(), |image, _| self.key_of_image(image))
    }

    fn rave_keys(&self) -> usize {
        CELLS
    }

    /// Placements and re-placements alike, by cell (either leaves a stone of the mover there).
    fn rave_key(&self, step: Step) -> Option<usize> {
        Some(step.cell())
    }
}

/// "d4", "d4 and f6", "d4, f6 and b2".
fn list_phrase(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Scattercut {0}×{0}, {1} to move, {2} removed pending, {3} to re-place, outcome {4:?}",
            self.size(),
            NAMES[self.mover as usize],
            self.pending,
            self.can,
            self.outcome
        )?;
        f.write_str(&self.diagram())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(size: usize, to_move: Seat, d: &str) -> Position {
        Position::from_diagram(&Options { size }, to_move, d).unwrap()
    }

    #[test]
    fn the_shipped_reply_weights_read_back() {
        let w = REPLIES.parse_shipped().expect("replies.txt");
        assert!(w.base > 0.0 && w.base < 1.0);
        assert!(REPLIES.get() == Some(&w));
    }

    #[test]
    fn reply_offers_answer_the_last_placement_not_a_re_placement() {
        let options = Options { size: 4 };
        assert_eq!(Position::new(&options).unwrap().reply_offers(), None);
        let p = Position::from_steps(&options, "b2 c3").unwrap();
        // c3's neighbours but b2.
        assert_eq!(p.reply_offers().unwrap().1.len(), 7);
        // Blue's c3 crosscuts b3 and c2 (Red) with b2 (Blue), which is lifted.
        let mut q = pos(4, 1, "....\n.R..\n.BR.\n....");
        assert_eq!(q.reply_offers(), None, "no placement yet");
        let c3 = 2 * 4 + 2;
        q.play(Step(c3 as u16));
        assert_eq!(q.stones_to_replace(), 1);
        assert_eq!(q.reply_offers(), None, "Blue re-places");
        let again = q.legal_step_list()[0];
        q.play(again);
        // Red answers c3, the placement: its empty neighbours, b2 among them.
        let (_, offers) = q.reply_offers().unwrap();
        let mut cells: Vec<usize> = offers.iter().map(|&(c, _)| usize::from(c)).collect();
        cells.sort();
        let mut want: Vec<usize> = [5, 6, 7, 9, 11, 13, 14, 15]
            .into_iter()
            .filter(|&c| q.stone(c).is_none())
            .collect();
        want.sort();
        assert_eq!(cells, want);
        assert!(cells.contains(&5), "b2, lifted");
    }

    #[test]
    fn conflict_graph_and_search() {
        // Red to move; Blue holds b1 and a2 around the empty a1/b2 diagonal.
        let p = pos(3, 0, "...\nB..\n.B.");
        let g = p.graph();
        let a1 = 0;
        let b2 = 4;
        assert!(g.safe.has(a1) && g.safe.has(b2));
        assert_eq!(g.mask(a1), 0b1000);
        assert_eq!(g.mask(b2), 0b0001);
        assert_eq!(g.core.count(), 2);
        assert_eq!(g.isolated, 5);
        assert!(p.core_holds(&g, Bits::EMPTY, 1));
        assert!(!p.core_holds(&g, Bits::EMPTY, 2));
    }

    /// Brute force: the greatest number of stones (at most `k`) the mover can put down one
    /// by one without forming a crosscut.
    fn brute_max(p: &Position, k: usize) -> usize {
        if k == 0 {
            return 0;
        }
        let me = p.me();
        let mut best = 0;
        for c in 0..p.grid.len() {
            if p.cells[c] == EMPTY && !p.forms_crosscut(c, me) {
                let mut q = p.clone();
                q.set(c, me);
                best = best.max(1 + brute_max(&q, k - 1));
                if best == k {
                    break;
                }
            }
        }
        best
    }

    /// Re-placement states on random crosscut-free boards, set up directly (no judging of
    /// connections, so the boards may be as full as wanted): the search against brute force.
    #[test]
    fn maximality_search_matches_brute_force() {
        let mut rng = crate::rng::Rng::new(5);
        let (mut refused, mut fewer, mut states) = (0, 0, 0);
        for round in 0..40_000 {
            let size = 3 + rng.below(4);
            let mut p = Position::new(&Options { size }).unwrap();
            let n = size * size;
            let empties = rng.below(n / 3);
            p.mover = rng.below(2) as u8;
            let me = p.me();
            // Half the boards get a diagonal walk of empty cells with enemy stones across
            // each step: a chain of conflicts, where maximality bites.
            let mut reserved = vec![false; n];
            if round % 2 == 0 {
                let mut c = rng.below(n);
                reserved[c] = true;
                for _ in 0..2 + rng.below(4) {
                    let k = rng.below(4);
                    if let Some([d, a, b]) = p.diag(c, k) {
                        if p.cells[a] == EMPTY
                            && !reserved[a]
                            && p.cells[b] == EMPTY
                            && !reserved[b]
                        {
                            p.set(a, 3 - me);
                            p.set(b, 3 - me);
                            reserved[a] = true;
                            reserved[b] = true;
                            reserved[d] = true;
                            c = d;
                        }
                    }
                }
            }
            let mut order: Vec<usize> = (0..n).filter(|&c| !reserved[c]).collect();
            rng.shuffle(&mut order);
            let empties = empties.min(order.len());
            for &c in &order[empties..] {
                let first = 1 + rng.below(2) as u8;
                for v in [first, 3 - first] {
                    if !p.forms_crosscut(c, v) {
                        p.set(c, v);
                        break;
                    }
                }
            }
            p.pending = 1 + rng.below(4) as u8;
            let g = p.graph();
            p.can = p.max_replaceable(&g);
            assert_eq!(p.can as usize, brute_max(&p, p.pending as usize), "{p:?}");
            if p.can == 0 {
                continue;
            }
            states += 1;
            if p.can < p.pending {
                fewer += 1;
            }
            let mut got = Vec::new();
            p.legal_steps(&mut got);
            let mut free = 0;
            for c in 0..n {
                if p.cells[c] != EMPTY || p.forms_crosscut(c, me) {
                    continue;
                }
                free += 1;
                let mut q = p.clone();
                q.set(c, me);
                let ok = 1 + brute_max(&q, p.pending as usize - 1) == p.can as usize;
                assert_eq!(
                    got.contains(&Step(c as u16)),
                    ok,
                    "{} in {p:?}",
                    p.grid.name(c)
                );
                if ok {
                    assert!(p.parse_step(&p.grid.name(c)).is_ok());
                } else {
                    assert!(p
                        .parse_step(&p.grid.name(c))
                        .unwrap_err()
                        .message()
                        .contains("fewer"));
                }
            }
            if free > got.len() {
                refused += 1;
            }
        }
        eprintln!("{states} states, {fewer} with losses, {refused} with refusals");
        assert!(
            states > 5000 && fewer > 500 && refused > 500,
            "{states} {fewer} {refused}"
        );
    }

    #[test]
    fn connection() {
        let p = pos(3, 1, ".R.\n.R.\n.R.");
        assert!(p.connected(1));
        assert!(!p.connected(2));
        assert_eq!(p.outcome, Some(Outcome::Winner(0)));
        let q = pos(3, 0, "...\nBBB\n...");
        assert!(q.connected(2));
        assert_eq!(q.outcome, Some(Outcome::Winner(1)));
    }
}
