//! Unravel, by Mark Steere (2024).
//!
//! Red (seat 0) joins the top and bottom edges, Blue (seat 1) the left and right edges, with
//! orthogonally connected checkers. A turn is a placement followed by as many swap steps as
//! it takes to leave the board free of crosscuts (docs/RULES.md, "Unravel").
//!
//! Bookkeeping: every 2×2 window that holds a crosscut remembers its *completers*, the cells
//! of the window that changed in the step that created it. A step only changes one cell (a
//! placement) or two neighbouring cells (a swap), so only the windows touching those cells
//! are re-examined; a touched crosscut is always broken, and a crosscut appearing in a
//! touched window takes the touched cells in it as its completers.
//!
//! Test helpers: [`Position::from_diagram`] builds a position between turns from a picture
//! of the board, and [`Position::play_steps`] plays a list of step texts.

mod about;
mod describe;
pub mod eval;
pub mod lessons;
mod notation;
pub mod priors;

use super::red_blue::{self, Bits, COLORS, NAMES};
pub use super::red_blue::{Options, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, OPTION_KEYS};
use crate::bits::extend_with_set_bits;
use crate::game::{
    BoardView, Describe, Error, Game, Outcome, PieceKind, PieceView, SearchHints, Seat, Shape,
    StepKind, StepView,
};
use crate::geometry::SquareGrid;
use crate::rng::Rng;
pub use about::GAME;

const MAX_CELLS: usize = MAX_SIZE * MAX_SIZE;
const EMPTY: u8 = 0;
/// Cell contents are `seat + 1`.
const RED: u8 = 1;
const BLUE: u8 = 2;
/// Set in `cross[origin]` when the window at `origin` holds a crosscut; the low four bits
/// are its completers, by slot (0 bottom-left, 1 bottom-right, 2 top-left, 3 top-right).
const CROSS: u8 = 0x80;
const SLOTS: u8 = 0x0F;

/// One step: a placement on an empty cell, or a swap of two neighbouring checkers (lower
/// cell index first). Cell indices are `rank * size + file`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Step {
    Place(u16),
    Swap(u16, u16),
}

/// A crosscut on the board, for tests and displays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crosscut {
    /// The window's cells in cell order: bottom-left, bottom-right, top-left, top-right.
    pub cells: [usize; 4],
    /// The cells that completed it (changed in the step that formed it), in cell order.
    pub completers: Vec<usize>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    n: usize,
    /// `EMPTY`, `RED` or `BLUE` by cell index.
    cells: [u8; MAX_CELLS],
    /// The same board as bit sets, by seat: what the connection test and the list of empty
    /// cells read.
    own: [Bits; 2],
    /// By window origin (its bottom-left cell): 0, or `CROSS | completer slots`.
    cross: [u8; MAX_CELLS],
    /// Number of crosscuts on the board.
    crosscuts: u16,
    /// Checkers on the board.
    filled: u16,
    /// The seat whose turn it is.
    mover: u8,
    /// The placement is made and crosscuts remain: the mover must swap.
    swapping: bool,
    /// Swaps made so far this turn.
    swaps: u32,
    /// A hash of the board and its crosscuts with their completers (the state that can
    /// come back within a turn), kept step by step.
    turn_hash: u64,
    /// The hashes of the states this turn has had since the placement, each once.
    turn_seen: Vec<u64>,
    /// The last step brought back a state this turn already had.
    repeated: bool,
    outcome: Option<Outcome>,
}

/// A 64-bit mix (splitmix64's finaliser), for the turn hashes' random numbers.
#[inline]
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A cell's share of the turn hash (none when empty).
#[inline]
fn cell_hash(c: usize, v: u8) -> u64 {
    if v == EMPTY {
        0
    } else {
        mix((c as u64) << 2 | v as u64)
    }
}

/// A window's share of the turn hash: its crosscut and completers (none without one).
#[inline]
fn window_hash(o: usize, m: u8) -> u64 {
    if m == 0 {
        0
    } else {
        mix(1 << 40 | (o as u64) << 8 | m as u64)
    }
}

/// Which of a window's four cells (bit k for `cells[k]`) are `a` or `b`.
#[inline(always)]
fn corners_at(cells: &[usize; 4], a: usize, b: usize) -> u8 {
    let mut mask = 0u8;
    for (k, &c) in cells.iter().enumerate() {
        if c == a || c == b {
            mask |= 1 << k;
        }
    }
    mask
}

impl Position {
    /// The key of the position's image under `symmetry`, whose cell `c` holds what cell
    /// `image(c)` holds here (`position_key` for the identity). Crosscuts are kept by their
    /// window's bottom-left cell: the image's window there is the mirror of another window
    /// (found from the origins, which mirror within the (n - 1) × (n - 1) grid of windows),
    /// with its completer slots mirrored too.
    fn key_of_image(&self, image: &dyn Fn(usize) -> usize, (files, ranks): (bool, bool)) -> u128 {
        let n = self.n;
        let mut h = crate::game::KeyHasher::new();
        // The swaps made so far and the turn's earlier states are left out: they do not
        // change what can happen next.
        h.write_bytes(&[n as u8, self.mover, self.swapping as u8]);
        h.write_outcome(self.outcome);
        for c in 0..n * n {
            h.write_bytes(&[self.cells[image(c)]]);
        }
        // Slot = 2 * (top row) + (right column): mirroring the files flips bit 0 of every
        // slot, mirroring the ranks bit 1.
        let flip = files as usize | (ranks as usize) << 1;
        for o in 0..n * n {
            let (f, r) = (o % n, o / n);
            if f + 1 == n || r + 1 == n {
                // Not a window's origin: always 0, in every image.
                h.write_bytes(&[self.cross[o]]);
                continue;
            }
            // The window of the image at `o` is the image of this one.
            let f = if files { n - 2 - f } else { f };
            let r = if ranks { n - 2 - r } else { r };
            let here = self.cross[r * n + f];
            let mut slots = 0;
            for slot in 0..4 {
                if here & 1 << slot != 0 {
                    slots |= 1 << (slot ^ flip);
                }
            }
            h.write_bytes(&[here & CROSS | slots]);
        }
        h.finish()
    }

    pub fn new(options: &Options) -> Result<Position, Error> {
        let n = options.size;
        if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
            return Err(Error::options(format!(
                "size must be a whole number from {MIN_SIZE} to {MAX_SIZE} (got {n})"
            )));
        }
        Ok(Position {
            n,
            cells: [EMPTY; MAX_CELLS],
            own: [Bits::EMPTY; 2],
            cross: [0; MAX_CELLS],
            crosscuts: 0,
            filled: 0,
            mover: 0,
            swapping: false,
            swaps: 0,
            turn_hash: 0,
            turn_seen: Vec::new(),
            repeated: false,
            outcome: None,
        })
    }

    /// A position between turns, from a picture of the board (`red_blue::read_diagram`):
    /// one line (or `/`) per rank, the top rank first, each with `size` characters `R`
    /// (red), `B` (blue) or `.` (empty). `to_move` is the seat to place
    /// next. A crosscut is refused (its completers would be unknown, and no turn ends with
    /// one). If a player is already connected, the game is over and that player has won.
    pub fn from_diagram(
        options: &Options,
        to_move: Seat,
        diagram: &str,
    ) -> Result<Position, Error> {
        let mut p = Position::new(options)?;
        let n = p.n;
        if to_move > 1 {
            return Err(Error::syntax(format!(
                "unravel has seats 0 and 1 (got {to_move})"
            )));
        }
        for (cell, value) in red_blue::read_diagram(diagram, n)?.into_iter().enumerate() {
            p.set(cell, value);
            if value != EMPTY {
                p.filled += 1;
            }
        }
        for r in 0..n - 1 {
            for f in 0..n - 1 {
                let o = r * n + f;
                if p.is_cross(o) {
                    return Err(Error::syntax(format!(
                        "the diagram has a crosscut at {}: a turn never ends with one",
                        p.window_names(o)
                    )));
                }
            }
        }
        p.mover = to_move as u8;
        p.judge(false);
        Ok(p)
    }

    /// Plays whitespace-separated step texts; the error names the step that failed.
    pub fn play_steps(&mut self, text: &str) -> Result<(), Error> {
        for (i, word) in text.split_whitespace().enumerate() {
            if let Err(e) = self.play_text(word) {
                return Err(Error::new(
                    e.kind(),
                    format!("step {} (`{word}`): {e}", i + 1),
                ));
            }
        }
        Ok(())
    }

    /// The board as [`Position::from_diagram`] reads it (top rank first, `/` between ranks).
    pub fn diagram(&self) -> String {
        let n = self.n;
        let mut s = String::with_capacity(n * (n + 1));
        for rank in (0..n).rev() {
            for file in 0..n {
                s.push(match self.cells[rank * n + file] {
                    RED => 'R',
                    BLUE => 'B',
                    _ => '.',
                });
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s
    }

    pub fn size(&self) -> usize {
        self.n
    }

    pub fn grid(&self) -> SquareGrid {
        SquareGrid::new(self.n, self.n)
    }

    /// The seat whose checker is on `cell`, if any.
    pub fn checker(&self, cell: usize) -> Option<Seat> {
        match self.cells[cell] {
            EMPTY => None,
            c => Some(c as Seat - 1),
        }
    }

    /// At a turn's start: every empty cell with its shape for the mover (`priors.rs`), under
    /// table 0, what the placement priors are learned from; None while swapping or over.
    pub fn placement_offers(&self) -> Option<(usize, Vec<(u16, usize)>)> {
        if self.outcome.is_some() || self.swapping {
            return None;
        }
        let cells = &self.cells[..self.n * self.n];
        let offers = self
            .empty_cells()
            .cells()
            .map(|c| {
                (
                    c as u16,
                    priors::shape(cells, self.n, self.mover as Seat, c),
                )
            })
            .collect();
        Some((0, offers))
    }

    /// Checkers on the board.
    pub fn cells_filled(&self) -> usize {
        self.filled as usize
    }

    /// True when the mover has placed and must now swap.
    pub fn is_swapping(&self) -> bool {
        self.swapping
    }

    /// Swaps made so far in the current turn.
    pub fn swaps_this_turn(&self) -> usize {
        self.swaps as usize
    }

    /// Number of crosscuts on the board now.
    pub fn crosscut_count(&self) -> usize {
        self.crosscuts as usize
    }

    /// The crosscuts on the board, in cell order of their bottom-left cells.
    pub fn crosscuts(&self) -> Vec<Crosscut> {
        let mut list = Vec::new();
        for o in self.cross_origins() {
            let cells = self.window(o);
            let m = self.cross[o];
            let completers = (0..4)
                .filter(|k| m & (1 << k) != 0)
                .map(|k| cells[k])
                .collect();
            list.push(Crosscut { cells, completers });
        }
        list
    }

    /// Whether `seat` has an orthogonal path of its checkers joining its two edges.
    pub fn connected(&self, seat: Seat) -> bool {
        red_blue::joins_sides(self.n, &self.own[seat], seat)
    }

    /// A shortest path of `seat`'s checkers joining its edges, from the bottom or left.
    fn winning_path(&self, seat: Seat) -> Option<Vec<usize>> {
        let colour = seat as u8 + 1;
        red_blue::winning_path(&self.grid(), seat, |c| self.cells[c] == colour)
    }

    // -----------------------------------------------------------------------------------
    // Internals
    // -----------------------------------------------------------------------------------

    /// Puts `v` (`EMPTY`, `RED` or `BLUE`) on `c`, in both representations.
    #[inline]
    fn set(&mut self, c: usize, v: u8) {
        self.turn_hash ^= cell_hash(c, self.cells[c]) ^ cell_hash(c, v);
        self.cells[c] = v;
        self.own[0].remove(c);
        self.own[1].remove(c);
        if v != EMPTY {
            self.own[v as usize - 1].insert(c);
        }
    }

    fn empty_cells(&self) -> Bits {
        Bits::empty_cells(self.n, &self.own[0], &self.own[1])
    }

    #[inline]
    fn window(&self, o: usize) -> [usize; 4] {
        [o, o + 1, o + self.n, o + self.n + 1]
    }

    #[inline]
    fn is_cross(&self, o: usize) -> bool {
        let n = self.n;
        let a = self.cells[o];
        let b = self.cells[o + 1];
        a != EMPTY && b != EMPTY && a != b && self.cells[o + n] == b && self.cells[o + n + 1] == a
    }

    fn cross_origins(&self) -> impl Iterator<Item = usize> + '_ {
        let n = self.n;
        (0..n - 1)
            .flat_map(move |r| (0..n - 1).map(move |f| r * n + f))
            .filter(move |&o| self.cross[o] != 0)
    }

    fn window_names(&self, o: usize) -> String {
        let g = self.grid();
        self.window(o).map(|c| g.name(c)).join(" ")
    }

    /// The files and ranks (`f0..=f1`, `r0..=r1`) of the origins of the windows that may
    /// contain `a` or `b`.
    #[inline]
    fn windows_near(&self, a: usize, b: usize) -> (usize, usize, usize, usize) {
        let n = self.n;
        let (fa, ra) = (a % n, a / n);
        let (fb, rb) = (b % n, b / n);
        (
            fa.min(fb).saturating_sub(1),
            fa.max(fb).min(n - 2),
            ra.min(rb).saturating_sub(1),
            ra.max(rb).min(n - 2),
        )
    }

    /// The turn hash of the state now, from scratch (to check the one kept step by step).
    fn full_hash(&self) -> u64 {
        let n = self.n;
        let mut h = 0;
        for c in 0..n * n {
            h ^= cell_hash(c, self.cells[c]) ^ window_hash(c, self.cross[c]);
        }
        h
    }

    /// The turn hash after swapping the checkers on `a` and `b`, without swapping them:
    /// the two cells change colour, and every window holding one of them loses its
    /// crosscut or gains one completed by the cells it holds (as `touch` finds).
    fn hash_after_swap(&self, a: usize, b: usize) -> u64 {
        let n = self.n;
        let (va, vb) = (self.cells[a], self.cells[b]);
        let mut h = self.turn_hash
            ^ cell_hash(a, va)
            ^ cell_hash(a, vb)
            ^ cell_hash(b, vb)
            ^ cell_hash(b, va);
        let after = |c: usize| match c {
            _ if c == a => vb,
            _ if c == b => va,
            _ => self.cells[c],
        };
        let (f0, f1, r0, r1) = self.windows_near(a, b);
        for r in r0..=r1 {
            for f in f0..=f1 {
                let o = r * n + f;
                let cells = self.window(o);
                let mask = corners_at(&cells, a, b);
                if mask == 0 {
                    continue;
                }
                let [w, x, y, z] = cells.map(after);
                let now = w != EMPTY && x != EMPTY && w != x && y == x && z == w;
                let new = if now { CROSS | mask } else { 0 };
                h ^= window_hash(o, self.cross[o]) ^ window_hash(o, new);
            }
        }
        h
    }

    /// Re-examines every window that contains `a` or `b` (`a == b` for a placement) after
    /// those cells changed.
    #[inline]
    fn touch(&mut self, a: usize, b: usize) {
        let n = self.n;
        let (f0, f1, r0, r1) = self.windows_near(a, b);
        for r in r0..=r1 {
            for f in f0..=f1 {
                let o = r * n + f;
                let cells = self.window(o);
                let mask = corners_at(&cells, a, b);
                if mask == 0 {
                    continue;
                }
                let was = self.cross[o] != 0;
                let now = self.is_cross(o);
                // A change inside a crosscut always breaks it (docs/RULES.md, "Unravel").
                debug_assert!(!(was && now), "a touched crosscut survived");
                if was {
                    self.crosscuts -= 1;
                }
                let new = if now { CROSS | mask } else { 0 };
                self.turn_hash ^= window_hash(o, self.cross[o]) ^ window_hash(o, new);
                self.cross[o] = new;
                if now {
                    self.crosscuts += 1;
                }
            }
        }
    }

    /// `touch(c, c)` for a placement on `c`, with the four windows around `c` unrolled:
    /// between turns no crosscut is on the board, so only new ones need looking for.
    #[inline]
    fn touch_placed(&mut self, c: usize) {
        debug_assert_eq!(
            self.crosscuts, 0,
            "a placement with a crosscut on the board"
        );
        let n = self.n;
        let (f, r) = (c % n, c / n);
        // (window origin's offset left and down from `c`) = the slot of `c` in the window.
        for (df, dr) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            if f < df || r < dr || f - df + 1 >= n || r - dr + 1 >= n {
                continue;
            }
            let o = c - dr * n - df;
            if self.is_cross(o) {
                self.cross[o] = CROSS | 1 << (2 * dr + df);
                self.turn_hash ^= window_hash(o, self.cross[o]);
                self.crosscuts += 1;
            }
        }
    }

    /// After a step: go on swapping while crosscuts remain, else end the turn.
    fn after_step(&mut self) {
        if self.crosscuts > 0 {
            self.swapping = true;
            return;
        }
        self.swapping = false;
        self.turn_seen.clear();
        // A turn without swaps only added a checker of the mover's: the other player, not
        // connected when the turn began, cannot be now.
        let mover_only = self.swaps == 0;
        self.swaps = 0;
        self.judge(mover_only);
        if self.outcome.is_none() {
            self.mover ^= 1;
        }
    }

    /// Decides the game between turns: whoever is connected wins (at most one can be).
    /// With `mover_only`, the caller knows the other player cannot be connected.
    fn judge(&mut self, mover_only: bool) {
        let checks =
            |seat: usize| (!mover_only || seat == self.mover as usize) && self.connected(seat);
        let red = checks(0);
        let blue = checks(1);
        debug_assert!(!(red && blue), "both players connected");
        if red {
            self.outcome = Some(Outcome::Winner(0));
        } else if blue {
            self.outcome = Some(Outcome::Winner(1));
        } else if self.filled as usize == self.n * self.n {
            // A full board with no crosscut always has exactly one connected player.
            debug_assert!(false, "full board without a winner");
            self.outcome = Some(Outcome::Draw);
        }
    }
}

impl Game for Position {
    type Step = Step;

    /// The state itself, hashed directly: faster than the default (the `Debug` text),
    /// which the solver spent most of its time writing.
    fn position_key(&self) -> u128 {
        self.key_of_image(&|c| c, (false, false))
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
        let n = self.n;
        if !self.swapping {
            extend_with_set_bits(out, &self.empty_cells().0, |cell| Step::Place(cell as u16));
            return;
        }
        let start = out.len();
        let mut left = self.crosscuts;
        'scan: for r in 0..n - 1 {
            for f in 0..n - 1 {
                let o = r * n + f;
                let m = self.cross[o];
                if m == 0 {
                    continue;
                }
                let free = !m & SLOTS;
                let o16 = o as u16;
                let n16 = n as u16;
                if free & 0b0011 == 0b0011 {
                    out.push(Step::Swap(o16, o16 + 1));
                }
                if free & 0b1100 == 0b1100 {
                    out.push(Step::Swap(o16 + n16, o16 + n16 + 1));
                }
                if free & 0b0101 == 0b0101 {
                    out.push(Step::Swap(o16, o16 + n16));
                }
                if free & 0b1010 == 0b1010 {
                    out.push(Step::Swap(o16 + 1, o16 + n16 + 1));
                }
                left -= 1;
                if left == 0 {
                    break 'scan;
                }
            }
        }
        // A pair can lie in two crosscuts: list it once, in step order.
        crate::game::sort_short(&mut out[start..]);
        let mut w = start;
        for i in start..out.len() {
            if w == start || out[i] != out[w - 1] {
                out[w] = out[i];
                w += 1;
            }
        }
        out.truncate(w);
    }

    /// The default's step for the same random number; a placement is picked straight from
    /// the empty cells, without a list (random games and playouts call this at every step).
    fn random_step(&self, rng: &mut Rng, buf: &mut Vec<Step>) -> Option<Step> {
        if self.outcome.is_some() || self.swapping {
            buf.clear();
            self.legal_steps(buf);
            return rng.choose(buf).copied();
        }
        let empty = self.n * self.n - self.filled as usize;
        if empty == 0 {
            return None;
        }
        let k = rng.below(empty);
        self.empty_cells().nth(k).map(|c| Step::Place(c as u16))
    }

    fn repeats_within_turn(&self) -> bool {
        self.repeated
    }

    /// A swap that brings back a state (board, crosscuts and completers) this turn already
    /// had. The rules allow it (docs/RULES.md, "Unravel"), but it gains the mover nothing.
    fn brings_back(&self, step: Step) -> bool {
        match step {
            Step::Swap(a, b) if self.swapping => {
                let h = self.hash_after_swap(a as usize, b as usize);
                self.turn_seen.contains(&h)
            }
            _ => false,
        }
    }

    fn play(&mut self, step: Step) {
        debug_assert!(self.outcome.is_none(), "play after the game is over");
        match step {
            Step::Place(c) => {
                let c = c as usize;
                debug_assert!(
                    !self.swapping && self.cells[c] == EMPTY,
                    "illegal placement"
                );
                self.set(c, self.mover + 1);
                self.filled += 1;
                self.touch_placed(c);
                self.repeated = false;
                if self.crosscuts > 0 {
                    self.turn_seen.push(self.turn_hash);
                }
            }
            Step::Swap(a, b) => {
                let (a, b) = (a as usize, b as usize);
                debug_assert!(self.swapping, "swap outside a swap chain");
                debug_assert!(
                    self.cells[a] != EMPTY
                        && self.cells[b] != EMPTY
                        && self.cells[a] != self.cells[b],
                    "illegal swap"
                );
                #[cfg(debug_assertions)]
                let predicted = self.hash_after_swap(a, b);
                let (va, vb) = (self.cells[a], self.cells[b]);
                self.set(a, vb);
                self.set(b, va);
                self.touch(a, b);
                // No bound on the chain: a turn may bring a state back as often as the
                // mover likes (docs/RULES.md, "Unravel").
                self.swaps = self.swaps.saturating_add(1);
                let hash = self.turn_hash;
                debug_assert_eq!(hash, self.full_hash(), "turn hash out of step");
                #[cfg(debug_assertions)]
                debug_assert_eq!(hash, predicted, "brings_back's hash out of step");
                self.repeated = self.turn_seen.contains(&hash);
                if !self.repeated {
                    self.turn_seen.push(hash);
                }
            }
        }
        self.after_step();
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
    /// The least key of the position's mirror images (`red_blue::GOAL_SYMMETRIES`).
    fn canonical_key(&self) -> u128 {
        red_blue::least_image_key(self.n, |image, symmetry| self.key_of_image(image, symmetry))
    }

    /// The uniform pick, except that a swap bringing back a state this turn already had is
    /// drawn again from the swaps that do not, while there are any: a loop gains the mover
    /// nothing, and a playout going round one would only spend its steps.
    fn playout_step(&self, rng: &mut Rng, buf: &mut Vec<Step>) -> Option<Step> {
        let step = self.random_step(rng, buf)?;
        if !self.brings_back(step) {
            return Some(step);
        }
        // `random_step` listed the swaps into `buf`.
        buf.retain(|&s| !self.brings_back(s));
        Some(rng.choose(buf).copied().unwrap_or(step))
    }

    /// A placement at a turn's start, by its shape's learned weight (`priors.rs`).
    fn prior(&self, step: Step) -> Option<f64> {
        let Step::Place(c) = step else { return None };
        let weights = priors::LEARNED.get()?;
        let code = priors::shape(
            &self.cells[..self.n * self.n],
            self.n,
            self.mover as Seat,
            c as usize,
        );
        Some(priors::value(weights.weight(0, code), weights.base))
    }

    /// Placements the priors rate highest first (`priors.rs`), in random order among equals;
    /// swaps shuffled. A node's steps are all expanded before any is chosen again, so
    /// without an order a node the search reaches a few dozen times spends its visits on
    /// whichever cells came first.
    fn order_untried(&self, steps: &mut [Step], rng: &mut Rng) {
        if self.swapping {
            rng.shuffle(steps);
            return;
        }
        let cells = &self.cells[..self.n * self.n];
        priors::ORDER.order(0, steps, rng, |step| match step {
            Step::Place(c) => priors::shape(cells, self.n, self.mover as Seat, c as usize),
            Step::Swap(..) => 0,
        });
    }

    /// By the learned distances (`eval.rs`); even without them.
    fn evaluate(&self, chances: &mut [f64]) {
        let mover = eval::learned().map_or(0.5, |w| w.mover_chance(eval::features(self)));
        chances[self.mover as usize] = mover;
        chances[1 - self.mover as usize] = 1.0 - mover;
    }

    fn rave_keys(&self) -> usize {
        self.n * self.n
    }

    /// Placements by cell; swaps have no key.
    fn rave_key(&self, step: Step) -> Option<usize> {
        match step {
            Step::Place(c) => Some(c as usize),
            Step::Swap(..) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::perft;

    #[test]
    fn perft_size_3() {
        let p = Position::new(&Options::with_size(3)).unwrap();
        let got: Vec<u64> = (1..=5).map(|d| perft(&p, d)).collect();
        assert_eq!(got, vec![9, 72, 504, 3024, 15024]);
    }

    #[test]
    fn options_round_trip() {
        for size in [3, 8, 19] {
            let o = Options::with_size(size);
            assert_eq!(Options::from_map(&o.to_map()).unwrap(), o);
        }
        assert!(Options::default().to_map().is_empty());
    }
}
