//! Unlur (Jorge Gomez Arrausi, 2002): an asymmetric connection game on a hex-of-hex board.
//!
//! The game opens with a *contract*: starting with seat 0, the players take turns placing
//! **black** stones on inner (non-edge) cells, or pass. Whoever passes first plays Black
//! from then on; the other plays White and moves next. After the contract each player
//! places a stone of their own colour on any empty cell, and nobody may pass.
//!
//! White's goal: one group of white stones touching two opposite sides (N–S, NE–SW or
//! SE–NW). Black's goal: one group of black stones touching three alternate sides (N, SE,
//! SW or S, NE, NW). A corner cell lies on both its sides. After each placement after the
//! contract, the group of the stone just placed is judged: if it reaches the mover's own
//! goal the mover wins (even if it also has the other goal's shape); otherwise, if it has
//! the opponent's goal shape, the mover loses. Only the placed stone's group can have
//! changed, so judging it alone is judging the whole board.
//!
//! No draw is possible: on a full board some group of one colour always touches the three
//! "arcs" N∪NE, SE∪S, SW∪NW (the Y theorem), and any such group touches either two opposite
//! sides or three alternate sides, i.e. holds a goal shape. So a game always ends before
//! (or when) the board fills; see the unit test `full_boards_always_hold_a_goal_shape`.
//!
//! Groups are kept with a union–find over the cells whose roots carry the bit set of sides
//! their group touches (see [`HexSide::bit`]), so a placement costs a few finds. The
//! contract's stones are joined all at once when it ends, as nothing reads groups before.

use crate::bits::{byte_sums, extend_with_set_bits, nth_set_bit_with_sums, sums_lost_by};
use crate::game::{diagram_rows, SideView, StepView};
use crate::game::{
    fail, shorten, BoardView, Error, Game, Outcome, PieceView, PlayerView, Seat, Shape, StepPolicy,
};
use crate::geometry::{HexDir, HexGrid, HexSide};
use crate::options::SizeOptions;
use crate::rng::Rng;
use std::fmt;
use std::sync::OnceLock;

/// The option keys Unlur reads.
pub const OPTION_KEYS: &[&str] = &["size"];

/// Smallest, largest and default board side.
pub const MIN_SIZE: usize = 4;
pub const MAX_SIZE: usize = 12;
pub const DEFAULT_SIZE: usize = 6;

/// The only option is the board size.
pub type Options = SizeOptions<MIN_SIZE, MAX_SIZE, DEFAULT_SIZE>;

/// One step: a stone on a cell (cell index in cell order), or a pass (contract only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    Place(u16),
    Pass,
}

/// The chance that a playout passes on a contract turn.
const PLAYOUT_PASS: f64 = 0.15;

/// Random cells a playout step tries before listing the legal steps.
const PLAYOUT_TRIES: usize = 24;

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;

/// Seat value meaning "the contract is still running".
const UNDECIDED: u8 = 2;

/// Bits of the sides in Black's two Y goals: N, SE, SW and S, NE, NW.
const Y_NORTH: u8 = 0b01_0101;
const Y_SOUTH: u8 = 0b10_1010;

/// White's goal: the side set holds an opposite pair (side k and k + 3).
const fn white_goal(mask: u8) -> bool {
    mask & (mask >> 3) & 0b111 != 0
}

/// Black's goal: the side set holds one of the two alternate triples.
const fn black_goal(mask: u8) -> bool {
    mask & Y_NORTH == Y_NORTH || mask & Y_SOUTH == Y_SOUTH
}

/// Per side set: bit 0 set when it is Black's goal, bit 1 when it is White's. A lookup
/// instead of a branch on the colour, which alternates from step to step.
const GOALS: [u8; 64] = {
    let mut goals = [0; 64];
    let mut mask = 0;
    while mask < 64 {
        goals[mask] = black_goal(mask as u8) as u8 | (white_goal(mask as u8) as u8) << 1;
        mask += 1;
    }
    goals
};

/// The goals (bits as in [`GOALS`]) a group touching the sides `mask` has reached.
#[inline]
fn goals(mask: u8) -> u8 {
    GOALS[usize::from(mask) % 64]
}

fn goal(color: u8, mask: u8) -> bool {
    goals(mask) >> (color - BLACK) & 1 != 0
}

fn other(color: u8) -> u8 {
    BLACK + WHITE - color
}

fn color_name(color: u8) -> &'static str {
    if color == WHITE {
        "White"
    } else {
        "Black"
    }
}

fn seat_name(seat: usize) -> &'static str {
    if seat == 0 {
        "First player"
    } else {
        "Second player"
    }
}

/// "N and S", "N, SE and SW": the sides of a goal shape held by `mask`, for the prompt.
fn goal_sides(color: u8, mask: u8) -> String {
    if color == WHITE {
        for k in 0..3 {
            if mask & (1 << k) != 0 && mask & (1 << (k + 3)) != 0 {
                return format!(
                    "{} and {}",
                    HexSide::ALL[k].name(),
                    HexSide::ALL[k + 3].name()
                );
            }
        }
    } else {
        for triple in [[0, 2, 4], [3, 1, 5]] {
            let bits: u8 = triple.iter().map(|&k| 1u8 << k).sum();
            if mask & bits == bits {
                let [a, b, c] = triple.map(|k| HexSide::ALL[k].name());
                return format!("{a}, {b} and {c}");
            }
        }
    }
    String::from("no sides")
}

/// Cells on the largest board (side 12), and the words of a cell set that holds them.
const MAX_CELLS: usize = 3 * MAX_SIZE * (MAX_SIZE - 1) + 1;
const WORDS: usize = MAX_CELLS.div_ceil(64);

/// One neighbour of each run of consecutive set bits of `same` (six bits, one per direction
/// around a cell, cyclic): the first of the run. Neighbours next to each other around a cell
/// are neighbours of each other, so a run is one group and needs one find.
#[inline]
fn runs_of(same: u32) -> u32 {
    let starts = same & !(same << 1 | same >> 5) & 0x3F;
    // All six: one run without a start (`starts` is 0 then). No branch: `same` is random
    // in a random game.
    starts | u32::from(same == 0x3F)
}

/// The word holding the `k`-th element of a set whose words hold `counts` elements, and the
/// element's rank within that word (`k` below the set's size). Without a branch: the word is
/// random in a random step, and a mispredicted exit cost more than the comparisons.
#[inline]
fn word_of<const W: usize>(sums: &[u64; W], k: u32) -> (usize, u32) {
    let (mut word, mut before, mut passed) = (0, 0, 0);
    for &sum in &sums[..W - 1] {
        passed += (sum >> 56) as u32;
        let past = k >= passed;
        word += usize::from(past);
        if past {
            before = passed;
        }
    }
    (word, k - before)
}

/// A colour's byte in a cell's [`Board::around`] entry: 0 for black, 1 for white.
#[inline]
fn around_byte(color: u8) -> usize {
    usize::from(color - BLACK) % 2
}

/// Per-cell values in an array whose length `N` is a power of two, indexed modulo `N`: the
/// compiler sees every index in bounds, so the hot loops carry no bounds check (a tenth of
/// a random step's instructions). Every index used is a cell of the board or the one past
/// it, so the modulo never changes which entry is read.
#[derive(Clone, Debug)]
struct PerCell<T, const N: usize>([T; N]);

impl<T, const N: usize> std::ops::Index<usize> for PerCell<T, N> {
    type Output = T;
    #[inline(always)]
    fn index(&self, cell: usize) -> &T {
        debug_assert!(cell < N);
        &self.0[cell % N]
    }
}

impl<T, const N: usize> std::ops::IndexMut<usize> for PerCell<T, N> {
    #[inline(always)]
    fn index_mut(&mut self, cell: usize) -> &mut T {
        debug_assert!(cell < N);
        &mut self.0[cell % N]
    }
}

/// Entries of the shared tables: the largest board's cells and the one past them, rounded up
/// to a power of two.
const TABLE_CELLS: usize = (MAX_CELLS + 1).next_power_of_two();

/// A board's geometry in the forms play reads, built once per size and shared. The
/// per-cell tables are inline, not boxed: a step reaches them with one load fewer.
struct Tables {
    grid: HexGrid,
    /// Number of cells.
    cells: usize,
    /// Words of a cell set that hold this board's cells.
    words: usize,
    /// nbr[cell][dir] (in the order of [`HexDir::ALL`], around the cell); off the board, the
    /// first index past the board's cells, which is always empty, so the hot loops need no
    /// test for it.
    /// Entries 6 and 7 hold the cell itself, so that `link` can take "the first
    /// neighbouring group, or the stone itself" without a branch.
    nbr: PerCell<[u16; 8], TABLE_CELLS>,
    /// Bit set of the sides each cell lies on ([`HexSide::bit`]).
    sides: PerCell<u8, TABLE_CELLS>,
    /// The inner (non-edge) cells, where the contract places.
    inner: [u64; WORDS],
    /// The board's twelve symmetries, as each cell's image ([`HexGrid::symmetry_maps`]):
    /// all keep both goals and the inner cells, so the solver shares its table entries
    /// between a position and its images.
    symmetries: Vec<Vec<u16>>,
}

impl fmt::Debug for Tables {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "side-{} board", self.grid.side())
    }
}

impl Tables {
    fn build(side: usize) -> Tables {
        let grid = HexGrid::new(side);
        let cells = grid.len();
        let mut nbr = PerCell([[cells as u16; 8]; TABLE_CELLS]);
        let mut sides = PerCell([0; TABLE_CELLS]);
        let mut inner = [0u64; WORDS];
        for (cell, row) in nbr.0[..cells].iter_mut().enumerate() {
            sides[cell] = grid.sides(cell);
            row[6..].fill(cell as u16);
            for dir in HexDir::ALL {
                if let Some(n) = grid.neighbor(cell, dir) {
                    row[dir.index()] = n as u16;
                }
            }
            if !grid.is_edge_cell(cell) {
                inner[cell / 64] |= 1 << (cell % 64);
            }
        }
        Tables {
            symmetries: grid.symmetry_maps(),
            sides,
            words: cells.div_ceil(64),
            cells,
            nbr,
            inner,
            grid,
        }
    }
}

/// The tables of a side in `MIN_SIZE..=MAX_SIZE` (checked by the caller).
fn tables(side: usize) -> &'static Tables {
    static TABLES: [OnceLock<Tables>; MAX_SIZE + 1] = [const { OnceLock::new() }; MAX_SIZE + 1];
    TABLES[side].get_or_init(|| Tables::build(side))
}

/// Cells of the boards kept in the small form (sides up to 6, the default), and the words
/// of a cell set that holds them.
const SMALL_SIDE: usize = 6;
const SMALL_CELLS: usize = 3 * SMALL_SIDE * (SMALL_SIDE - 1) + 1;
const SMALL_WORDS: usize = SMALL_CELLS.div_ceil(64);

/// An Unlur position.
///
/// Build one with [`Position::new`], [`Position::from_steps`] (play step texts from the
/// start) or [`Position::from_diagram`] (a drawn board).
///
/// The state is in fixed-size arrays, so a clone is one copy with no allocation (search and
/// random games clone positions all the time). Boards up to side 6 use per-cell arrays of
/// 128 entries (864 bytes in all); larger ones arrays of 512 entries (about 3 kB), boxed so
/// that every `Position` (and every `AnyGame`) is not that big.
#[derive(Clone, Debug)]
pub struct Position(Form);

#[derive(Clone, Debug)]
// The small form is meant to be inline: it is what random games and the search copy.
#[allow(clippy::large_enum_variant)]
enum Form {
    Small(Board<{ (SMALL_CELLS + 1).next_power_of_two() }, SMALL_WORDS>),
    Large(Box<Board<{ (MAX_CELLS + 1).next_power_of_two() }, WORDS>>),
}

/// Runs `$body` with `$b` bound to the board inside a [`Position`].
macro_rules! with_board {
    ($pos:expr, $b:ident => $body:expr) => {
        match $pos {
            Form::Small($b) => $body,
            Form::Large($b) => $body,
        }
    };
}

/// A position on arrays of `N` cells and `W` words. `N` is more than the board's cells: the
/// first cell past the board stands for "off the board" and is always empty.
#[derive(Clone, Debug)]
struct Board<const N: usize, const W: usize> {
    t: &'static Tables,
    size: usize,
    /// EMPTY, BLACK or WHITE per cell (cells past the board's are unused).
    cells: PerCell<u8, N>,
    /// Union–find over stones of one colour; meaningful only on occupied cells, and only
    /// after the contract: its stones are joined at the pass ([`Board::link_contract_stones`]).
    parent: PerCell<u16, N>,
    /// At a root: the bit set of sides its group touches.
    mask: PerCell<u8, N>,
    /// Per cell, the neighbours holding stones: in byte 0 for black, byte 1 for white, bit d
    /// for direction d of [`HexDir::ALL`]. Kept as stones go down, so that joining a new
    /// stone to its groups reads one entry instead of six cells. A byte per colour lets
    /// `put` write a constant bit at an address picked by the colour, where bits picked
    /// by a shift needed two instructions per neighbour to make.
    around: PerCell<[u8; 2], N>,
    /// The empty cells as a set (cell c is bit c % 64 of word c / 64).
    empty_set: [u64; W],
    /// Empty inner cells (the contract's choices); like `inner_sums`, kept during the
    /// contract only (nothing reads them after it).
    empty_inner: u16,
    /// Per word of `empty_set`: the running byte counts ([`byte_sums`]) of its empty cells,
    /// and of its empty inner cells, kept as stones go down (one subtraction). A random
    /// step finds the word holding its pick from their top bytes and selects in it without
    /// counting: the count was on the chain from one step's placement to the next step's
    /// pick.
    empty_sums: [u64; W],
    inner_sums: [u64; W],
    /// Seat playing Black, or UNDECIDED during the contract.
    black_seat: u8,
    to_move: u8,
    outcome: Option<Outcome>,
    /// The stone that ended the game (the judged group); set only then, as nothing else
    /// reads it.
    last: Option<u16>,
    /// Black stones placed during the contract, once known.
    contract_stones: Option<u16>,
    /// Empty cells left.
    empty: u16,
}

impl Position {
    pub fn new(options: &Options) -> Result<Position, Error> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&options.size) {
            return fail(format!(
                "size must be a whole number from {MIN_SIZE} to {MAX_SIZE} (got {})",
                options.size
            ));
        }
        Ok(Position(if options.size <= SMALL_SIDE {
            Form::Small(Board::new(options.size))
        } else {
            Form::Large(Box::new(Board::new(options.size)))
        }))
    }

    /// The start position with the given steps (canonical texts, separated by spaces or
    /// commas) played in order; an error names the first step that could not be played.
    pub fn from_steps(options: &Options, steps: &str) -> Result<Position, Error> {
        let mut pos = Position::new(options)?;
        for (i, text) in steps
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
            .enumerate()
        {
            pos.play_text(text)
                .map_err(|e| Error::new(format!("step {} ({text}): {e}", i + 1)))?;
        }
        Ok(pos)
    }

    /// A position drawn as text. `diagram` has one line per row, **top row first** (as the
    /// board looks), each cell one character: `.` empty, `b` black, `w` white (upper case
    /// too); spaces are ignored, so rows may be indented into a hexagon. Blank lines are
    /// skipped. `black` is the seat playing Black, or `None` while the contract runs;
    /// `to_move` is the seat to move.
    ///
    /// During the contract there may be no white stones, no stone on an edge cell, and the
    /// seat to move must be the one whose turn the stone count gives (seat 0 moves first).
    /// After it, no group may already hold a goal shape (that game would be over).
    pub fn from_diagram(
        options: &Options,
        black: Option<Seat>,
        to_move: Seat,
        diagram: &str,
    ) -> Result<Position, Error> {
        let mut pos = Position::new(options)?;
        with_board!(&mut pos.0, b => b.read_diagram(black, to_move, diagram))?;
        Ok(pos)
    }

    /// The board drawn as [`Position::from_diagram`] reads it (top row first, rows indented
    /// into a hexagon, cells separated by spaces).
    pub fn to_diagram(&self) -> String {
        with_board!(&self.0, b => b.to_diagram())
    }

    pub fn grid(&self) -> &HexGrid {
        with_board!(&self.0, b => &b.t.grid)
    }

    pub fn options(&self) -> Options {
        with_board!(&self.0, b => Options { size: b.size })
    }

    /// True while the contract runs (black stones only, passing allowed).
    pub fn in_contract(&self) -> bool {
        with_board!(&self.0, b => b.in_contract())
    }

    /// The seat playing Black, once the contract is over.
    pub fn black_seat(&self) -> Option<Seat> {
        with_board!(&self.0, b => b.black_seat())
    }

    /// The stone on a cell: "black", "white" or None.
    pub fn stone(&self, cell: usize) -> Option<&'static str> {
        with_board!(&self.0, b => b.stone(cell))
    }

    /// The stones of the group judged at the end (the last stone's group), in cell order;
    /// empty while the game runs.
    pub fn deciding_group(&self) -> Vec<usize> {
        with_board!(&self.0, b => b.deciding_group())
    }
}

impl<const N: usize, const W: usize> Board<N, W> {
    /// The start position of a side-`size` board (`size` in range and at most this form's).
    fn new(size: usize) -> Self {
        let t = tables(size);
        debug_assert!(t.cells < N && t.words <= W);
        let mut pos = Board {
            t,
            size,
            cells: PerCell([EMPTY; N]),
            parent: PerCell(std::array::from_fn(|c| c as u16)),
            mask: PerCell([0; N]),
            around: PerCell([[0; 2]; N]),
            empty_set: [0; W],
            empty_inner: 0,
            empty_sums: [0; W],
            inner_sums: [0; W],
            black_seat: UNDECIDED,
            to_move: 0,
            outcome: None,
            last: None,
            contract_stones: None,
            empty: 0,
        };
        pos.count_empty();
        pos
    }

    /// Recomputes the empty-cell set and counts from `cells`.
    fn count_empty(&mut self) {
        self.empty_set = [0; W];
        for c in 0..self.t.cells {
            if self.cells[c] == EMPTY {
                self.empty_set[c / 64] |= 1 << (c % 64);
            }
        }
        for w in 0..W {
            self.empty_sums[w] = byte_sums(self.empty_set[w]);
            self.inner_sums[w] = byte_sums(self.empty_set[w] & self.t.inner[w]);
        }
        self.empty = self.empty_sums.iter().map(|&s| (s >> 56) as u16).sum();
        self.empty_inner = self.inner_sums.iter().map(|&s| (s >> 56) as u16).sum();
    }

    /// Reads a drawn board into this start position ([`Position::from_diagram`]).
    fn read_diagram(
        &mut self,
        black: Option<Seat>,
        to_move: Seat,
        diagram: &str,
    ) -> Result<(), Error> {
        let pos = self;
        let grid = &pos.t.grid;
        let rows = diagram_rows(diagram);
        if rows.len() != grid.rows() {
            return fail(format!(
                "a side-{} board has {} rows, the diagram has {}",
                pos.size,
                grid.rows(),
                rows.len()
            ));
        }
        if to_move > 1 || black.is_some_and(|s| s > 1) {
            return fail("seats are 0 and 1");
        }
        let mut start = grid.len();
        for (k, chars) in rows.iter().enumerate() {
            let row = grid.rows() - 1 - k;
            let len = grid.row_len(row);
            start -= len;
            let letter = (b'a' + row as u8) as char;
            if chars.len() != len {
                return fail(format!(
                    "row {letter} has {len} cells, the diagram gives {}",
                    chars.len()
                ));
            }
            for (i, &ch) in chars.iter().enumerate() {
                let color = match ch {
                    '.' => EMPTY,
                    'b' | 'B' => BLACK,
                    'w' | 'W' => WHITE,
                    _ => {
                        return fail(format!(
                            "{letter}{}: {ch:?} is not a cell mark (use . b w)",
                            i + 1
                        ))
                    }
                };
                pos.cells[start + i] = color;
            }
        }
        pos.count_empty();
        let stones = grid.len() - pos.empty as usize;
        match black {
            None => {
                if let Some(c) = (0..grid.len()).find(|&c| pos.cells[c] == WHITE) {
                    return fail(format!(
                        "{} holds a white stone, but the contract is still running",
                        grid.name(c)
                    ));
                }
                if let Some(c) =
                    (0..grid.len()).find(|&c| pos.cells[c] != EMPTY && grid.is_edge_cell(c))
                {
                    return fail(format!(
                        "{} is an edge cell: the contract places stones only on inner cells",
                        grid.name(c)
                    ));
                }
                if to_move != stones % 2 {
                    return fail(format!(
                        "with {stones} contract stones placed it is seat {}'s turn",
                        stones % 2
                    ));
                }
            }
            Some(seat) => pos.black_seat = seat as u8,
        }
        pos.to_move = to_move as u8;
        // Stones are linked one at a time, as if placed in cell order: `link` joins a stone
        // to groups already linked.
        let colors = pos.cells.0;
        pos.cells = PerCell([EMPTY; N]);
        for (c, &color) in colors.iter().enumerate().take(grid.len()) {
            if color != EMPTY {
                pos.put(c, color);
                pos.link(c);
            }
        }
        if black.is_some() {
            for c in 0..grid.len() {
                let color = pos.cells[c];
                if color != EMPTY && pos.find(c as u16) == c as u16 {
                    let m = pos.mask[c];
                    for g in [BLACK, WHITE] {
                        if goal(g, m) {
                            return fail(format!(
                                "the {} group at {} already joins {} ({}'s goal): that game is over",
                                color_name(color).to_ascii_lowercase(),
                                grid.name(c),
                                goal_sides(g, m),
                                color_name(g)
                            ));
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// The board drawn as [`Position::from_diagram`] reads it (top row first, rows indented
    /// into a hexagon, cells separated by spaces).
    pub fn to_diagram(&self) -> String {
        let g = &self.t.grid;
        let mut out = String::new();
        let mut end = g.len();
        for row in (0..g.rows()).rev() {
            let len = g.row_len(row);
            let start = end - len;
            out.push_str(&" ".repeat(g.rows() - len));
            let marks: Vec<&str> = (start..end)
                .map(|c| match self.cells[c] {
                    BLACK => "b",
                    WHITE => "w",
                    _ => ".",
                })
                .collect();
            out.push_str(&marks.join(" "));
            out.push('\n');
            end = start;
        }
        out
    }

    /// True while the contract runs (black stones only, passing allowed).
    pub fn in_contract(&self) -> bool {
        self.black_seat == UNDECIDED
    }

    /// The seat playing Black, once the contract is over.
    pub fn black_seat(&self) -> Option<Seat> {
        (!self.in_contract()).then_some(self.black_seat as Seat)
    }

    /// The stone on a cell: "black", "white" or None.
    pub fn stone(&self, cell: usize) -> Option<&'static str> {
        match self.cells[cell] {
            BLACK => Some("black"),
            WHITE => Some("white"),
            _ => None,
        }
    }

    /// The stones of the group judged at the end (the last stone's group), in cell order;
    /// empty while the game runs.
    pub fn deciding_group(&self) -> Vec<usize> {
        match (self.outcome, self.last) {
            (Some(_), Some(cell)) => self.group(cell as usize),
            _ => Vec::new(),
        }
    }

    /// The stones connected to `cell` (same colour), in cell order.
    fn group(&self, cell: usize) -> Vec<usize> {
        let color = self.cells[cell];
        let mut seen = vec![false; self.t.cells];
        let mut stack = vec![cell];
        seen[cell] = true;
        while let Some(c) = stack.pop() {
            for (_, n) in self.t.grid.neighbors(c) {
                if !seen[n] && self.cells[n] == color {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
        (0..seen.len()).filter(|&c| seen[c]).collect()
    }

    /// The sides the group of a `color` stone placed on the empty `cell` would touch.
    fn mask_with(&self, cell: usize, color: u8) -> u8 {
        let mut mask = self.t.sides[cell];
        let mut runs = runs_of(self.same_neighbors(cell, color));
        while runs != 0 {
            let n = self.t.nbr[cell][runs.trailing_zeros() as usize % 8] as usize;
            runs &= runs - 1;
            mask |= self.group_mask(n);
        }
        mask
    }

    /// Bit d set when the neighbour in direction d (index in [`HexDir::ALL`]) holds `color`.
    #[inline]
    fn same_neighbors(&self, cell: usize, color: u8) -> u32 {
        u32::from(self.around[cell][around_byte(color)])
    }

    /// Puts a `color` stone on the empty `cell` and tells its neighbours.
    ///
    /// This and the other functions of a step (`find`, `link`, the board's `play` and
    /// `random_step`) are always inlined: left to itself, the compiler kept them as calls
    /// in the benchmark's generic loop, which then ran 20% slower than a plain loop.
    #[inline(always)]
    fn put(&mut self, cell: usize, color: u8) {
        self.cells[cell] = color;
        let byte = around_byte(color);
        for (d, &n) in self.t.nbr[cell][..6].iter().enumerate() {
            // Seen from the neighbour, this cell lies in the opposite direction. Off the
            // board the entry is the always-empty cell past the board, whose own entry no
            // one reads.
            self.around[n as usize][byte] |= 1 << ((d + 3) % 6);
        }
    }

    #[inline(always)]
    fn find(&mut self, c: u16) -> u16 {
        // Groups are shallow: two steps up reach the root almost always, and a loop whose
        // trip count varies is a mispredicted exit in a random game.
        let mut r = self.parent[self.parent[c as usize] as usize];
        if self.parent[r as usize] != r {
            while self.parent[r as usize] != r {
                let up = self.parent[self.parent[r as usize] as usize];
                self.parent[r as usize] = up;
                r = up;
            }
        }
        self.parent[c as usize] = r;
        r
    }

    /// Joins the contract's black stones into groups, once, at the pass: nothing reads the
    /// groups before then (the contract has no goal test), so the contract's placements do
    /// not link. In cell order each stone joins only its neighbours before it in that order
    /// (directions SE, SW and W), which are already linked; each stone's own entry is
    /// written before it is read, so whatever the union–find held before does not matter.
    /// Linked in bulk and in this order, the contract's stones cost as many instructions as
    /// linked one by one, but their branches are better predicted.
    fn link_contract_stones(&mut self) {
        const EARLIER: u32 =
            1 << HexDir::SE as u32 | 1 << HexDir::SW as u32 | 1 << HexDir::W as u32;
        for w in 0..W {
            let mut stones = self.t.inner[w] & !self.empty_set[w];
            while stones != 0 {
                let cell = 64 * w + stones.trailing_zeros() as usize;
                stones &= stones - 1;
                self.link_in(cell, EARLIER);
            }
        }
    }

    /// Joins the stone on `cell` with its same-coloured neighbours; returns its group's root.
    #[inline(always)]
    fn link(&mut self, cell: usize) -> u16 {
        self.link_in(cell, 0x3F)
    }

    /// Joins the stone on `cell` with its same-coloured neighbours in the directions `dirs`
    /// (bit d for direction d of [`HexDir::ALL`]); returns its group's root.
    #[inline(always)]
    fn link_in(&mut self, cell: usize, dirs: u32) -> u16 {
        let color = self.cells[cell];
        let stone = cell as u16;
        self.parent[cell] = stone;
        self.mask[cell] = self.t.sides[cell];
        let mut mask = self.t.sides[cell];
        // The stone joins the first neighbouring group under that group's root (its stones
        // keep their depth), and any further group is attached to the same root. The first
        // is outside the loop: deciding in the loop whether a group was the first was a
        // misprediction as often as the loop's exit. With no neighbouring group, the
        // "first neighbour" is the stone itself (entry 6 of its row), whose find is the
        // stone: no branch on whether it touches a group, which is random in a random game.
        let mut runs = runs_of(self.same_neighbors(cell, color) & dirs);
        let first = self.t.nbr[cell][(runs | 1 << 6).trailing_zeros() as usize % 8];
        runs &= runs.wrapping_sub(1);
        let root = self.find(first);
        self.parent[cell] = root;
        while runs != 0 {
            let n = self.t.nbr[cell][runs.trailing_zeros() as usize % 8];
            runs &= runs - 1;
            let r = self.find(n);
            if r != root {
                self.parent[r as usize] = root;
                mask |= self.mask[r as usize];
            }
        }
        self.mask[root as usize] |= mask;
        root
    }

    /// The colour the mover places now: black during the contract, whoever moves.
    fn placing_color(&self) -> u8 {
        if self.in_contract() {
            BLACK
        } else {
            self.seat_color(self.to_move as usize)
        }
    }

    /// The colour a seat (0 or 1) plays after the contract: Black for Black's seat, else
    /// White. By arithmetic, not a comparison: in `play` the compiler made the comparison a
    /// branch, alternating from step to step.
    #[inline(always)]
    fn seat_color(&self, seat: usize) -> u8 {
        debug_assert!(seat < 2 && !self.in_contract());
        BLACK + (seat as u8 ^ self.black_seat)
    }

    /// The name of a seat as shown now.
    fn name_of(&self, seat: usize) -> &'static str {
        if self.in_contract() {
            seat_name(seat)
        } else {
            color_name(self.seat_color(seat))
        }
    }

    fn prompt(&self) -> String {
        if let Some(Outcome::Winner(w)) = self.outcome {
            let last = self.last.map(|c| c as usize).unwrap_or(0);
            let color = self.cells[last];
            let mask = self.group_mask(last);
            let winner = color_name(self.seat_color(w));
            return if self.seat_color(w) == color {
                format!("{winner} wins: {winner} joined {}", goal_sides(color, mask))
            } else {
                format!(
                    "{winner} wins: {} joined {}, {winner}'s goal",
                    color_name(color),
                    goal_sides(other(color), mask)
                )
            };
        }
        let seat = self.to_move as usize;
        if self.in_contract() {
            format!(
                "{} to place a black stone on an inner cell, or pass (whoever passes plays Black)",
                seat_name(seat)
            )
        } else {
            let name = color_name(self.seat_color(seat));
            format!("{name} to place a {} stone", name.to_ascii_lowercase())
        }
    }

    /// Side set of the group holding `cell` (no path compression: `&self`).
    #[inline]
    fn group_mask(&self, cell: usize) -> u8 {
        // Two steps up without a loop, as in `find`: a loop of random length is a
        // mispredicted exit at almost every try of a playout (`mask_with`).
        let mut r = self.parent[self.parent[cell] as usize] as usize;
        while self.parent[r] as usize != r {
            r = self.parent[r] as usize;
        }
        self.mask[r]
    }
}

impl<const N: usize, const W: usize> Board<N, W> {
    /// The key of the position's image whose cell `c` holds what cell `image(c)` holds here
    /// (`position_key` for the identity). The union–find and the last stone are left out:
    /// they follow from the stones or only label a finished game.
    fn key_of_image(&self, image: impl Fn(usize) -> usize) -> u128 {
        let mut h = crate::game::KeyHasher::new();
        h.write_bytes(&[self.size as u8, self.black_seat, self.to_move]);
        h.write_outcome(self.outcome);
        for c in 0..self.t.cells {
            h.write_bytes(&[self.cells[image(c)]]);
        }
        h.finish()
    }
}

impl<const N: usize, const W: usize> Game for Board<N, W> {
    type Step = Step;

    /// The state itself, hashed directly: faster than the default (the `Debug` text, grid
    /// included). The union–find and the last stone are left out: they follow from the
    /// stones or only label a finished game.
    fn position_key(&self) -> u128 {
        self.key_of_image(|c| c)
    }

    /// The least key over the board's twelve symmetries (the images of the position's
    /// stones; over the whole group, reading each cell's image is the same as writing it).
    fn canonical_key(&self) -> u128 {
        self.t
            .symmetries
            .iter()
            .map(|map| self.key_of_image(|c| map[c] as usize))
            .min()
            .expect("the identity is a symmetry")
    }

    fn players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Seat {
        self.to_move as Seat
    }

    fn legal_steps(&self, out: &mut Vec<Step>) {
        if self.outcome.is_some() {
            return;
        }
        // From the empty-cell set, in cell order: a bit loop, not a test of every cell.
        let contract = self.in_contract();
        let mut choices = self.empty_set;
        if contract {
            for (set, inner) in choices.iter_mut().zip(self.t.inner) {
                *set &= inner;
            }
        }
        extend_with_set_bits(out, &choices, |cell| Step::Place(cell as u16));
        if contract {
            out.push(Step::Pass);
        }
    }

    /// Playouts pass in the contract with probability `PLAYOUT_PASS` (a uniform choice
    /// would almost never pass, so random contracts ran on and handed Black a huge head
    /// start no real player allows); placements are drawn by rejection from the cells,
    /// without listing the empty ones, and after the contract a placement that would lose
    /// at once (the mover's group taking the opponent's goal shape) is drawn again: uniform
    /// playouts made Black, whose big central group soon touches an opposite pair, lose
    /// most games it should win.
    fn playout_step(&self, rng: &mut Rng, buf: &mut Vec<Step>) -> Option<Step> {
        if self.outcome.is_some() {
            return None;
        }
        let contract = self.in_contract();
        if contract && rng.unit() < PLAYOUT_PASS {
            return Some(Step::Pass);
        }
        let n = self.t.cells;
        let color = self.placing_color();
        for _ in 0..PLAYOUT_TRIES {
            let c = rng.below(n);
            if self.cells[c] != EMPTY || (contract && self.t.sides[c] != 0) {
                continue;
            }
            if !contract {
                // No suicide: skip a stone that would give the mover's group the
                // opponent's goal shape without its own.
                let mask = self.mask_with(c, color);
                if goal(other(color), mask) && !goal(color, mask) {
                    continue;
                }
            }
            return Some(Step::Place(c as u16));
        }
        self.random_step(rng, buf)
    }

    /// Picks the `k`-th empty cell (of the inner ones during the contract, Pass after
    /// them) from the empty-cell set, the order `legal_steps` lists them in.
    #[inline(always)]
    fn random_step(&self, rng: &mut Rng, _buf: &mut Vec<Step>) -> Option<Step> {
        if self.outcome.is_some() {
            return None;
        }
        if self.in_contract() {
            let count = self.empty_inner as usize + 1;
            let k = rng.below(count) as u32;
            if k as usize == count - 1 {
                return Some(Step::Pass);
            }
            let (w, k) = word_of(&self.inner_sums, k);
            let set = self.empty_set[w] & self.t.inner[w];
            let bit = nth_set_bit_with_sums(set, self.inner_sums[w], k);
            Some(Step::Place((64 * w as u32 + bit) as u16))
        } else if self.empty == 0 {
            None
        } else {
            let k = rng.below(self.empty as usize) as u32;
            let (w, k) = word_of(&self.empty_sums, k);
            let bit = nth_set_bit_with_sums(self.empty_set[w], self.empty_sums[w], k);
            Some(Step::Place((64 * w as u32 + bit) as u16))
        }
    }

    #[inline(always)]
    fn play(&mut self, step: Step) {
        debug_assert!(self.outcome.is_none(), "step played after the game ended");
        match step {
            Step::Pass => {
                debug_assert!(self.in_contract(), "pass after the contract");
                self.black_seat = self.to_move;
                self.contract_stones = Some((self.t.cells - self.empty as usize) as u16);
                self.link_contract_stones();
            }
            Step::Place(cell) => {
                let cell = cell as usize;
                debug_assert!(self.cells[cell] == EMPTY, "placement on an occupied cell");
                self.empty -= 1;
                self.empty_set[cell / 64] &= !(1 << (cell % 64));
                let lost = sums_lost_by(cell as u32 % 64);
                self.empty_sums[cell / 64] -= lost;
                // One well-predicted branch on the phase (it changes once a game), so each
                // phase does only its own work: the contract places black stones on inner
                // cells and tests no goal; after it nothing reads the inner cells' counts.
                if self.in_contract() {
                    debug_assert!(!self.t.grid.is_edge_cell(cell), "contract stone on an edge");
                    self.put(cell, BLACK);
                    self.empty_inner -= 1;
                    self.inner_sums[cell / 64] -= lost;
                    // Not linked now: see `link_contract_stones`.
                } else {
                    let color = self.seat_color(self.to_move as usize);
                    self.put(cell, color);
                    let root = self.link(cell);
                    let mask = self.mask[root as usize];
                    // One test in the usual case, where no goal is reached.
                    if goals(mask) != 0 {
                        let mover = self.to_move as Seat;
                        let own = goal(color, mask);
                        self.outcome = Some(Outcome::Winner(if own { mover } else { 1 - mover }));
                        self.last = Some(cell as u16);
                    }
                    debug_assert!(self.outcome.is_some() || self.empty > 0);
                }
            }
        }
        self.to_move = 1 - self.to_move;
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn step_text(&self, step: Step) -> String {
        match step {
            Step::Pass => String::from("pass"),
            Step::Place(cell) => self.t.grid.name(cell as usize),
        }
    }

    fn parse_step(&self, text: &str) -> Result<Step, Error> {
        if self.outcome.is_some() {
            return fail("the game is over");
        }
        let t = text.trim();
        if t.is_empty() {
            return fail(if self.in_contract() {
                "write a cell such as d4, or pass"
            } else {
                "write a cell such as d4"
            });
        }
        if t.eq_ignore_ascii_case("pass") {
            if self.in_contract() {
                return Ok(Step::Pass);
            }
            let name = self.name_of(self.to_move as usize);
            return fail(format!(
                "there is no passing after the contract: {name} must place a stone"
            ));
        }
        let lower = t.to_ascii_lowercase();
        let Some(cell) = self.t.grid.parse(&lower) else {
            return fail(format!(
                "{:?} is not a cell of this side-{} board (rows a to {}, cells numbered from 1 on the left)",
                shorten(t),
                self.size,
                (b'a' + self.t.grid.rows() as u8 - 1) as char
            ));
        };
        let name = self.t.grid.name(cell);
        if self.cells[cell] != EMPTY {
            return fail(format!("{name} is occupied"));
        }
        if self.in_contract() && self.t.grid.is_edge_cell(cell) {
            return fail(format!(
                "{name} is on the edge: during the contract stones go only on inner cells"
            ));
        }
        Ok(Step::Place(cell as u16))
    }

    fn step_view(&self, step: Step) -> StepView {
        match step {
            Step::Pass => StepView {
                text: String::from("pass"),
                kind: "pass",
                cells: Vec::new(),
                dir: None,
                piece: None,
            },
            Step::Place(cell) => StepView {
                text: self.t.grid.name(cell as usize),
                kind: "place",
                cells: vec![cell as usize],
                dir: None,
                piece: None,
            },
        }
    }

    fn placement_piece(&self) -> Option<PieceView> {
        let color = self.placing_color();
        Some(PieceView {
            color: if color == WHITE { "white" } else { "black" },
            kind: "stone",
            label: None,
        })
    }

    fn pass_label(&self) -> &'static str {
        if self.in_contract() {
            "Pass and take Black"
        } else {
            "Pass"
        }
    }

    fn view(&self) -> BoardView {
        let g = &self.t.grid;
        let pieces = self.cells.0[..g.len()]
            .iter()
            .map(|&c| {
                let color = match c {
                    BLACK => "black",
                    WHITE => "white",
                    _ => return None,
                };
                Some(PieceView {
                    color,
                    kind: "stone",
                    label: None,
                })
            })
            .collect();
        // Every side matters to both goals: each side is listed twice, White's then Black's.
        let sides = HexSide::ALL
            .iter()
            .flat_map(|s| {
                [
                    SideView {
                        side: s.name(),
                        color: "white",
                    },
                    SideView {
                        side: s.name(),
                        color: "black",
                    },
                ]
            })
            .collect();
        let players = (0..2)
            .map(|seat| {
                if self.in_contract() {
                    PlayerView {
                        name: seat_name(seat).to_string(),
                        color: "grey",
                    }
                } else {
                    let color = self.seat_color(seat);
                    PlayerView {
                        name: color_name(color).to_string(),
                        color: if color == WHITE { "white" } else { "black" },
                    }
                }
            })
            .collect();
        let mut facts = Vec::new();
        if self.in_contract() {
            facts.push((String::from("Phase"), String::from("Contract")));
            facts.push((
                String::from("Contract stones"),
                (g.len() - self.empty as usize).to_string(),
            ));
        } else {
            facts.push((
                String::from("Black"),
                seat_name(self.black_seat as usize).to_string(),
            ));
            facts.push((
                String::from("White"),
                seat_name(1 - self.black_seat as usize).to_string(),
            ));
            if let Some(k) = self.contract_stones {
                facts.push((String::from("Contract stones"), k.to_string()));
            }
        }
        BoardView {
            shape: Shape::Hex { side: self.size },
            cells: (0..g.len()).map(|c| g.name(c)).collect(),
            pieces,
            walls: Vec::new(),
            sides,
            players,
            to_move: self.outcome.is_none().then_some(self.to_move as Seat),
            outcome: self.outcome,
            prompt: self.prompt(),
            marked: Vec::new(),
            highlight: self.deciding_group(),
            facts,
            lifted: Vec::new(),
        }
    }
}

/// Every rule is the board's; the position only picks the board's form.
impl Game for Position {
    type Step = Step;

    fn position_key(&self) -> u128 {
        with_board!(&self.0, b => b.position_key())
    }

    fn canonical_key(&self) -> u128 {
        with_board!(&self.0, b => b.canonical_key())
    }

    fn players(&self) -> usize {
        2
    }

    #[inline]
    fn to_move(&self) -> Seat {
        with_board!(&self.0, b => b.to_move())
    }

    fn legal_steps(&self, out: &mut Vec<Step>) {
        with_board!(&self.0, b => b.legal_steps(out))
    }

    #[inline]
    fn playout_step(&self, rng: &mut Rng, buf: &mut Vec<Step>) -> Option<Step> {
        with_board!(&self.0, b => b.playout_step(rng, buf))
    }

    #[inline]
    fn random_step(&self, rng: &mut Rng, buf: &mut Vec<Step>) -> Option<Step> {
        with_board!(&self.0, b => b.random_step(rng, buf))
    }

    #[inline]
    fn play(&mut self, step: Step) {
        with_board!(&mut self.0, b => b.play(step))
    }

    /// The board's form is picked once for the whole game, not twice a step.
    fn play_out(
        &mut self,
        rng: &mut Rng,
        buf: &mut Vec<Step>,
        cap: u32,
        policy: StepPolicy,
        trail: Option<&mut [(Seat, u32)]>,
    ) -> usize {
        with_board!(&mut self.0, b => b.play_out(rng, buf, cap, policy, trail))
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        with_board!(&self.0, b => b.outcome)
    }

    fn step_text(&self, step: Step) -> String {
        with_board!(&self.0, b => b.step_text(step))
    }

    fn parse_step(&self, text: &str) -> Result<Step, Error> {
        with_board!(&self.0, b => b.parse_step(text))
    }

    fn step_view(&self, step: Step) -> StepView {
        with_board!(&self.0, b => b.step_view(step))
    }

    fn placement_piece(&self) -> Option<PieceView> {
        with_board!(&self.0, b => b.placement_piece())
    }

    fn pass_label(&self) -> &'static str {
        with_board!(&self.0, b => b.pass_label())
    }

    fn view(&self) -> BoardView {
        with_board!(&self.0, b => b.view())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Does some group of either colour on a full board hold a goal shape?
    fn has_goal_shape(grid: &HexGrid, colors: &[u8]) -> bool {
        let mut seen = vec![false; colors.len()];
        for start in 0..colors.len() {
            if seen[start] {
                continue;
            }
            let mut mask = 0u8;
            let mut stack = vec![start];
            seen[start] = true;
            while let Some(c) = stack.pop() {
                mask |= grid.sides(c);
                for (_, n) in grid.neighbors(c) {
                    if !seen[n] && colors[n] == colors[start] {
                        seen[n] = true;
                        stack.push(n);
                    }
                }
            }
            if white_goal(mask) || black_goal(mask) {
                return true;
            }
        }
        false
    }

    /// The no-draw argument: every 2-colouring of a full board holds a goal shape
    /// (exhaustively on a side-3 board, randomly on larger ones).
    #[test]
    fn full_boards_always_hold_a_goal_shape() {
        let grid = HexGrid::new(3);
        let n = grid.len();
        for bits in 0u32..(1 << n) {
            let colors: Vec<u8> = (0..n).map(|c| 1 + ((bits >> c) & 1) as u8).collect();
            assert!(has_goal_shape(&grid, &colors), "{bits:b}");
        }
        let mut rng = crate::rng::Rng::new(5);
        for size in 4..=8 {
            let grid = HexGrid::new(size);
            for _ in 0..300 {
                let colors: Vec<u8> = (0..grid.len()).map(|_| 1 + rng.below(2) as u8).collect();
                assert!(has_goal_shape(&grid, &colors));
            }
        }
    }

    #[test]
    fn goal_masks() {
        let b = |sides: &[HexSide]| sides.iter().map(|s| s.bit()).sum::<u8>();
        use HexSide::*;
        assert!(white_goal(b(&[N, S])));
        assert!(white_goal(b(&[NE, SW])));
        assert!(white_goal(b(&[SE, NW])));
        assert!(!white_goal(b(&[N, NE, SE])));
        assert!(!white_goal(b(&[N, SE, SW])));
        assert!(black_goal(b(&[N, SE, SW])));
        assert!(black_goal(b(&[S, NE, NW])));
        assert!(!black_goal(b(&[N, NE, SE])));
        assert!(!black_goal(b(&[N, SE, NW])));
        assert!(black_goal(b(&[N, SE, SW, S])));
    }

    /// The search copies the position at every iteration: it stays small on the default
    /// board, and so does `AnyGame`'s share of it (the per-cell arrays of 128 entries, a
    /// power of two for [`PerCell`], make it 864 bytes).
    #[test]
    fn position_is_small() {
        assert!(std::mem::size_of::<Position>() <= 896);
        let big = Position::new(&Options { size: MAX_SIZE }).unwrap();
        assert!(matches!(big.0, Form::Large(_)));
        let small = Position::new(&Options { size: SMALL_SIDE }).unwrap();
        assert!(matches!(small.0, Form::Small(_)));
    }

    /// `link` does one find per run of same-coloured neighbours: that needs neighbours in
    /// consecutive directions to be neighbours of each other, on every board.
    #[test]
    fn consecutive_neighbors_touch() {
        for side in MIN_SIZE..=MAX_SIZE {
            let t = tables(side);
            for cell in 0..t.cells {
                for d in 0..6 {
                    let (a, b) = (t.nbr[cell][d], t.nbr[cell][(d + 1) % 6]);
                    if a as usize != t.cells && b as usize != t.cells {
                        assert!(
                            t.nbr[a as usize][..6].contains(&b),
                            "side {side} cell {cell}"
                        );
                    }
                }
            }
        }
    }

    /// `link_contract_stones` joins each stone to its neighbours in directions SE, SW and W
    /// only, as the ones before it in cell order: on every board those are exactly the
    /// neighbours with smaller indices.
    #[test]
    fn earlier_neighbors_are_se_sw_w() {
        for side in MIN_SIZE..=MAX_SIZE {
            let t = tables(side);
            for cell in 0..t.cells {
                for dir in HexDir::ALL {
                    let n = t.nbr[cell][dir.index()] as usize;
                    let earlier = matches!(dir, HexDir::SE | HexDir::SW | HexDir::W);
                    if n != t.cells {
                        assert_eq!(n < cell, earlier, "side {side} cell {cell} {dir:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn runs_of_marks_one_neighbor_per_run() {
        for same in 0u32..64 {
            let runs = runs_of(same);
            assert_eq!(runs & !same, 0, "{same:06b}");
            // Count the runs around the ring by walking it.
            let bit = |d: u32| same >> (d % 6) & 1 != 0;
            let starts = (0..6).filter(|&d| bit(d) && !bit(d + 5)).count();
            let expected = if same == 0x3F { 1 } else { starts };
            assert_eq!(runs.count_ones() as usize, expected, "{same:06b}");
        }
    }

    #[test]
    fn step_is_small() {
        assert!(std::mem::size_of::<Step>() <= 4);
    }
}
