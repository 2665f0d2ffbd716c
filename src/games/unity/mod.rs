//! Long: moves, shots, walls and the win check all read one position's bit sets (options, layouts, the step text in `notation.rs` and what a player sees in `describe.rs` are beside it).
//!
//! Unity, Unified Edition (Néstor Romeral Andrés): unite all your pieces into one group.
//!
//! See `docs/rules/unity.md` for the rules as Ludus reads them.
//!
//! # Setting up a position
//!
//! The whole setup is part of the [`Options`]: a `layout` string (one character a cell in
//! cell order, bottom row first: `.` empty, `P O G` rings, `p o g` asterisks), starting
//! `walls` (`c3|c4,d3|d4`) and the wall `supply`. For hand-built positions,
//! [`layout_from_diagram`] reads a drawing of the board, top row first:
//!
//! ```text
//!     . . . . .
//!    . . . . . .
//!   . . . . . . .
//!  . . . . . . . .
//! . . . . P . . . .
//!  . . . . . . . .
//!   . . . . . . .
//!    . . . . . .
//!     o . . . .
//! ```
//!
//! [`Position::diagram`] writes the same drawing. To reach a position in the middle of a turn,
//! play steps from the setup.

mod about;
mod describe;
mod layout;
pub mod lessons;
mod notation;
mod options;
pub mod order;

pub use about::GAME;

use super::about::{option_keys, OptionDecl, OptionKind};
use crate::bits::{extend_with_set_bits, nth_set_bit_u128};
use crate::game::{diagram_rows, Error, Game, Outcome, PieceKind, SearchHints, Seat};
use crate::geometry::{HexDir, HexGrid};
use crate::options::OptionMap;
use crate::rng::Rng;
pub use layout::{layout_from_diagram, random_layout};
use layout::{parse_layout, parse_walls};
pub(crate) use options::form_rules;
pub use options::Options;
use std::fmt;
use std::sync::OnceLock;

/// The options Unity takes (`Options::from_map` reads them), and their keys.
pub const OPTIONS: &[OptionDecl] = &[
    OptionDecl {
        key: "size",
        label: "Board size",
        kind: OptionKind::Choice {
            choices: &["5", "6"],
            default: "5",
        },
        setup: false,
    },
    OptionDecl {
        key: "players",
        label: "Players",
        kind: OptionKind::Choice {
            choices: &["2", "3"],
            default: "2",
        },
        setup: false,
    },
    OptionDecl {
        key: "neutral",
        label: "Neutral colour",
        kind: OptionKind::Choice {
            choices: &["purple", "orange", "green"],
            default: "green",
        },
        setup: false,
    },
    OptionDecl {
        key: "supply",
        label: "Wall supply",
        kind: OptionKind::Number {
            min: 0,
            max: MAX_SUPPLY,
            default: DEFAULT_SUPPLY,
        },
        setup: false,
    },
    OptionDecl {
        key: "seed",
        label: "Random setup seed",
        kind: OptionKind::Text { default: "1" },
        setup: true,
    },
    OptionDecl {
        key: "layout",
        label: "Layout (one character a cell)",
        kind: OptionKind::Text { default: "" },
        setup: true,
    },
    OptionDecl {
        key: "walls",
        label: "Starting walls",
        kind: OptionKind::Text { default: "" },
        setup: true,
    },
];
pub const OPTION_KEYS: &[&str] = &option_keys::<7>(OPTIONS);

const DEFAULT_SIZE: usize = 5;
const DEFAULT_SUPPLY: usize = 12;
/// The most walls a supply may hold: every edge of the largest board (side 6), as a side-`s`
/// board has 3(3s - 2)(s - 1) edges. A smaller board takes at most its own edges.
const MAX_SUPPLY: usize = 3 * (3 * 6 - 2) * (6 - 1);
const DEFAULT_SEED: u64 = 1;
const NONE: u8 = u8::MAX;

// ---------------------------------------------------------------------------------------------
// Colours and pieces
// ---------------------------------------------------------------------------------------------

/// The three colours, in turn order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    Purple = 0,
    Orange = 1,
    Green = 2,
}

impl Color {
    pub const ALL: [Color; 3] = [Color::Purple, Color::Orange, Color::Green];

    pub fn index(self) -> usize {
        self as usize
    }

    /// "Purple", "Orange", "Green".
    pub fn name(self) -> &'static str {
        ["Purple", "Orange", "Green"][self as usize]
    }

    /// "purple", "orange", "green" (option values and view colours).
    pub fn key(self) -> &'static str {
        ["purple", "orange", "green"][self as usize]
    }

    /// The layout letter of this colour's ring ('P', 'O', 'G'); asterisks are lower case.
    pub fn letter(self) -> char {
        ['P', 'O', 'G'][self as usize]
    }

    pub fn parse(text: &str) -> Option<Color> {
        Color::ALL.into_iter().find(|c| c.key() == text)
    }

    /// The colour as a view shows it.
    pub const fn view(self) -> crate::game::Color {
        [
            crate::game::Color::Purple,
            crate::game::Color::Orange,
            crate::game::Color::Green,
        ][self as usize]
    }
}

/// A piece's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Ring,
    Asterisk,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Ring => "ring",
            Kind::Asterisk => "asterisk",
        }
    }

    /// The kind as a view shows it.
    pub fn view(self) -> PieceKind {
        match self {
            Kind::Ring => PieceKind::Ring,
            Kind::Asterisk => PieceKind::Asterisk,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Board tables (shared, built once per size)
// ---------------------------------------------------------------------------------------------

/// The set holding one cell. A table rather than `1 << cell`: wasm has no 128-bit shift
/// instruction, and a shift by a variable amount there is a call.
static CELL_BIT: [u128; 128] = {
    let mut bits = [0u128; 128];
    let mut i = 0;
    while i < 128 {
        bits[i] = 1 << i;
        i += 1;
    }
    bits
};

#[inline]
fn bit(cell: usize) -> u128 {
    CELL_BIT[cell]
}

/// Draws `random_step` makes from its superset before counting every piece's steps.
const REJECTION_TRIES: usize = 16;

/// Precomputed neighbours and edge ids of a board, shared by every position of that size.
struct Tables {
    grid: HexGrid,
    cells: usize,
    edges: usize,
    /// nbr[cell][dir], NONE off the board.
    nbr: [[u8; 6]; 91],
    /// edge[cell][dir], NONE off the board.
    edge: [[u8; 6]; 91],
    /// The set of a cell's neighbours.
    around: [u128; 91],
    /// ray[cell][dir]: the cells in line from `cell` in `dir` up to the board's edge.
    ray: [[u128; 6]; 91],
    /// Whether lines in each direction run to lower cell indices (so nearer cells have
    /// higher indices).
    toward_lower: [bool; 6],
    /// The most cells one capture can remove (a whole line: 2 side - 1; a ring takes 7).
    max_capture: u32,
    /// The most steps one piece can have: the longest lines from a cell, and six captures.
    piece_slots: u32,
    /// The edges of the board as a set (edge e is bit e % 64 of word e / 64).
    all_edges: [u64; 4],
    /// Each edge's lower cell and the direction from it across the edge.
    edge_from: Vec<(usize, usize)>,
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
        let edges = grid.edges().len();
        assert!(cells <= 128 && edges < NONE as usize);
        let mut nbr = [[NONE; 6]; 91];
        let mut edge = [[NONE; 6]; 91];
        let mut around = [0u128; 91];
        let mut ray = [[0u128; 6]; 91];
        let mut toward_lower = [false; 6];
        for cell in 0..cells {
            for dir in HexDir::ALL {
                let d = dir.index();
                if let Some(n) = grid.neighbor(cell, dir) {
                    nbr[cell][d] = n as u8;
                    edge[cell][d] = grid.edge(cell, dir).unwrap() as u8;
                    around[cell] |= bit(n);
                    toward_lower[d] = n < cell;
                }
                let mut cur = cell;
                while let Some(n) = grid.neighbor(cur, dir) {
                    assert_eq!(n < cur, toward_lower[d], "lines keep their index order");
                    ray[cell][d] |= bit(n);
                    cur = n;
                }
            }
        }
        let mut all_edges = [0u64; 4];
        for e in 0..edges {
            all_edges[e / 64] |= 1 << (e % 64);
        }
        let edge_from = grid
            .edges()
            .iter()
            .map(|&[a, b]| (a, (0..6).find(|&d| nbr[a][d] as usize == b).unwrap()))
            .collect();
        let piece_slots = (0..cells)
            .map(|c| ray[c].iter().map(|r| r.count_ones()).sum::<u32>() + 6)
            .max()
            .unwrap_or(6);
        Tables {
            edge_from,
            piece_slots,
            max_capture: (2 * side - 1).max(7) as u32,
            grid,
            cells,
            edges,
            nbr,
            edge,
            around,
            ray,
            toward_lower,
            all_edges,
        }
    }
}

fn tables(size: usize) -> Result<&'static Tables, Error> {
    static T5: OnceLock<Tables> = OnceLock::new();
    static T6: OnceLock<Tables> = OnceLock::new();
    match size {
        5 => Ok(T5.get_or_init(|| Tables::build(5))),
        6 => Ok(T6.get_or_init(|| Tables::build(6))),
        _ => Err(Error::options(format!("size must be 5 or 6 (got {size})"))),
    }
}

/// A set of walls, by edge id.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Walls([u64; 4]);

impl Walls {
    #[inline]
    fn has(&self, edge: u8) -> bool {
        self.0[(edge >> 6) as usize] >> (edge & 63) & 1 != 0
    }

    #[inline]
    fn set(&mut self, edge: u8) {
        self.0[(edge >> 6) as usize] |= 1 << (edge & 63);
    }
}

/// Per direction, the cells whose edge in that direction holds a wall.
fn blocked_cells(t: &Tables, walls: &Walls) -> [u128; 6] {
    let mut blocked = [0; 6];
    for e in (0..t.edges).filter(|&e| walls.has(e as u8)) {
        add_wall(t, &mut blocked, e);
    }
    blocked
}

/// Marks a wall on edge `e` in `blocked` (see [`blocked_cells`]).
fn add_wall(t: &Tables, blocked: &mut [u128; 6], e: usize) {
    let (a, d) = t.edge_from[e];
    blocked[d] |= bit(a);
    blocked[(d + 3) % 6] |= bit(t.nbr[a][d] as usize);
}

/// The cells next to a wall, from [`blocked_cells`].
fn walled_cells(blocked: &[u128; 6]) -> u128 {
    blocked.iter().fold(0, |set, b| set | b)
}

/// The neighbours of `cell` not behind a wall; `walled` is [`walled_cells`].
#[inline]
fn open_around(t: &Tables, walls: &Walls, walled: u128, cell: usize) -> u128 {
    if walled & bit(cell) == 0 {
        return t.around[cell];
    }
    let mut set = 0;
    for d in 0..6 {
        let e = t.edge[cell][d];
        if e != NONE && !walls.has(e) {
            set |= bit(t.nbr[cell][d] as usize);
        }
    }
    set
}

/// True when the pieces in `pieces` (a cell bit set) form one group of neighbours not
/// separated by a wall; `walled` is [`walled_cells`]. False for an empty set.
fn connected(t: &Tables, walls: &Walls, walled: u128, pieces: u128) -> bool {
    pieces != 0 && group_of(t, walls, walled, pieces.trailing_zeros() as usize, pieces) == pieces
}

/// The cells of `pieces` joined to `start` (one of them) through neighbours not separated
/// by a wall.
fn group_of(t: &Tables, walls: &Walls, walled: u128, start: usize, pieces: u128) -> u128 {
    let mut seen = bit(start);
    let mut frontier = seen;
    while frontier != 0 {
        let cell = frontier.trailing_zeros() as usize;
        frontier &= frontier - 1;
        let new = open_around(t, walls, walled, cell) & pieces & !seen;
        seen |= new;
        frontier |= new;
    }
    seen
}

// ---------------------------------------------------------------------------------------------
// Steps
// ---------------------------------------------------------------------------------------------

/// One step. Cells are cell indices; a wall is an edge id of the board's [`HexGrid`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Slide an own piece along a line to an empty cell: `c3-c6`.
    Slide { from: u8, to: u8 },
    /// Place a wall on an empty edge: `c3|c4`.
    Wall(u8),
    /// Capture with a ring: `c3x`.
    Ring(u8),
    /// Capture with an asterisk in one direction: `c3xNE`.
    Asterisk(u8, HexDir),
    /// Only when nothing else is legal.
    Pass,
}

// ---------------------------------------------------------------------------------------------
// Position
// ---------------------------------------------------------------------------------------------

/// A Unity position. Cheap to copy: all state is in fixed-size fields.
#[derive(Clone, Copy, Debug)]
pub struct Position {
    t: &'static Tables,
    players: u8,
    /// Colour index of each seat.
    seat_color: [u8; 3],
    /// Seat of each colour, NONE for the neutral colour.
    color_seat: [u8; 3],
    /// Cells holding each colour's pieces.
    occ: [u128; 3],
    /// Cells holding asterisks (of any colour).
    asterisks: u128,
    walls: Walls,
    /// The cells next to a wall ([`walled_cells`]): elsewhere the tables' neighbours and
    /// lines hold as they are.
    walled: u128,
    /// Per direction, the cells whose edge in that direction holds a wall: a line stops at
    /// its first such cell.
    blocked: [u128; 6],
    /// Colours whose pieces changed since the last judging (bit per colour index). Walls
    /// only separate, so a colour found apart stays apart until its pieces change.
    unjudged: u8,
    /// Walls on the board (starting walls included).
    wall_count: u16,
    /// Walls left in the supply.
    walls_left: u16,
    to_move: u8,
    /// Three players: the mover has placed a first wall and must place a second.
    second_wall: bool,
    /// Passes in a row with no other step between them; once every player has passed,
    /// the game is drawn (docs/RULES.md, "Unity": endless passing).
    passes_in_row: u8,
    outcome: Option<Outcome>,
}

impl Position {
    pub fn new(options: &Options) -> Result<Position, Error> {
        let t = tables(options.size)?;
        match (options.players, options.neutral) {
            (2, Some(_)) | (3, None) => {}
            (2, None) => return Err(Error::options("a 2-player game needs a neutral colour")),
            (3, Some(_)) => {
                return Err(Error::options(
                    "neutral applies only to 2 players: with 3 players every colour plays",
                ))
            }
            (n, _) => return Err(Error::options(format!("players must be 2 or 3 (got {n})"))),
        }
        if options.supply > t.edges {
            return Err(Error::options(format!(
                "supply must be a whole number from 0 to {} (got {})",
                t.edges, options.supply
            )));
        }
        let (occ, asterisks) = parse_layout(t, &options.layout)?;
        options.check_players_have_pieces()?;
        let mut walls = Walls::default();
        let mut wall_count = 0;
        for &[a, b] in &options.walls {
            if a >= t.cells || b >= t.cells {
                return Err(Error::options(format!(
                    "walls: cell index {} is not on this board",
                    a.max(b)
                )));
            }
            let edge = t.grid.edge_between(a, b).ok_or_else(|| {
                Error::options(format!(
                    "walls: {} and {} are not neighbours",
                    t.grid.name(a),
                    t.grid.name(b)
                ))
            })?;
            if walls.has(edge as u8) {
                return Err(Error::options(format!(
                    "walls: {} is listed twice",
                    t.grid.edge_name(edge)
                )));
            }
            walls.set(edge as u8);
            wall_count += 1;
        }
        let blocked = blocked_cells(t, &walls);
        let mut seat_color = [NONE; 3];
        let mut color_seat = [NONE; 3];
        for (seat, color) in options.seat_colors().into_iter().enumerate() {
            seat_color[seat] = color as u8;
            color_seat[color.index()] = seat as u8;
        }
        Ok(Position {
            t,
            players: options.players as u8,
            seat_color,
            color_seat,
            occ,
            asterisks,
            walled: walled_cells(&blocked),
            blocked,
            unjudged: 0b111,
            walls,
            wall_count,
            walls_left: options.supply as u16,
            to_move: 0,
            second_wall: false,
            passes_in_row: 0,
            outcome: None,
        })
    }

    /// The board's geometry (cell names, edges).
    pub fn grid(&self) -> &'static HexGrid {
        &self.t.grid
    }

    /// The colour playing in a seat.
    pub fn seat_color(&self, seat: Seat) -> Color {
        Color::ALL[self.seat_color[seat] as usize]
    }

    /// The piece on a cell.
    pub fn piece(&self, cell: usize) -> Option<(Color, Kind)> {
        let bit = bit(cell);
        let color = Color::ALL
            .into_iter()
            .find(|c| self.occ[c.index()] & bit != 0)?;
        let kind = if self.asterisks & bit != 0 {
            Kind::Asterisk
        } else {
            Kind::Ring
        };
        Some((color, kind))
    }

    /// The number of pieces of a colour on the board.
    pub fn count(&self, color: Color) -> usize {
        self.occ[color.index()].count_ones() as usize
    }

    /// Walls still in the supply.
    pub fn walls_left(&self) -> usize {
        self.walls_left as usize
    }

    /// Whether a wall stands between two adjacent cells.
    pub fn has_wall(&self, a: usize, b: usize) -> bool {
        self.t
            .grid
            .edge_between(a, b)
            .is_some_and(|e| self.walls.has(e as u8))
    }

    /// Three players: the mover has placed one wall and must place a second.
    pub fn second_wall_pending(&self) -> bool {
        self.second_wall
    }

    /// Whether all of a colour's pieces form one group (walls separate neighbours).
    pub fn is_united(&self, color: Color) -> bool {
        connected(self.t, &self.walls, self.walled, self.occ[color.index()])
    }

    /// The board drawn top row first, as [`layout_from_diagram`] reads it.
    pub fn diagram(&self) -> String {
        let g = &self.t.grid;
        let rows = g.rows();
        let mut out = String::new();
        let mut start = g.len();
        for row in (0..rows).rev() {
            let len = g.row_len(row);
            start -= len;
            out.push_str(&" ".repeat(rows - len));
            let cells: Vec<String> = (start..start + len)
                .map(|c| self.cell_char(c).to_string())
                .collect();
            out.push_str(&cells.join(" "));
            out.push('\n');
        }
        out
    }

    /// The board as a layout string (cell order).
    pub fn layout(&self) -> String {
        (0..self.t.cells).map(|c| self.cell_char(c)).collect()
    }

    fn cell_char(&self, cell: usize) -> char {
        match self.piece(cell) {
            None => '.',
            Some((color, Kind::Ring)) => color.letter(),
            Some((color, Kind::Asterisk)) => color.letter().to_ascii_lowercase(),
        }
    }

    #[inline]
    fn occupied(&self) -> u128 {
        self.occ[0] | self.occ[1] | self.occ[2]
    }

    #[inline]
    fn mover_color(&self) -> usize {
        self.seat_color[self.to_move as usize] as usize
    }

    /// The edges with no wall (the places for one), as a set.
    fn free_edges(&self) -> [u64; 4] {
        std::array::from_fn(|w| self.t.all_edges[w] & !self.walls.0[w])
    }

    /// The `k`-th free edge (a wall's place), in edge order.
    fn free_edge(&self, k: u32) -> Step {
        Step::Wall(crate::bits::nth_set_bit_in(&self.free_edges(), k) as u8)
    }

    /// The number of legal steps of the mover's piece on `cell`: slides, then captures.
    #[inline]
    fn piece_steps(&self, cell: usize, empty: u128, captures_safe: bool) -> u32 {
        // The six lines are disjoint: count their union at once.
        let lines = (0..6).fold(0, |set, d| set | self.open_line(cell, d));
        let captures = if self.asterisks & bit(cell) != 0 {
            if captures_safe {
                6
            } else {
                (0..6)
                    .filter(|&d| self.wiped_out(self.asterisk_mask(cell, d)) == 0)
                    .count() as u32
            }
        } else {
            u32::from(captures_safe || self.wiped_out(self.ring_mask(cell)) == 0)
        };
        (lines & empty).count_ones() + captures
    }

    /// The `k`-th legal step (k below [`Position::piece_steps`]) of the mover's piece on
    /// `cell`, in `legal_steps`' order.
    fn piece_step(
        &self,
        cell: usize,
        mut k: u32,
        empty: u128,
        captures_safe: bool,
    ) -> Option<Step> {
        let t = self.t;
        for d in 0..6 {
            let targets = self.open_line(cell, d) & empty;
            let n = targets.count_ones();
            if k < n {
                // Slides are listed nearest first.
                let rank = if t.toward_lower[d] { n - 1 - k } else { k };
                let to = nth_set_bit_u128(targets, rank) as u8;
                return Some(Step::Slide {
                    from: cell as u8,
                    to,
                });
            }
            k -= n;
        }
        self.capture_step(cell, k, captures_safe)
    }

    /// The `k`-th legal capture of the mover's piece on `cell`, in `legal_steps`' order;
    /// None if it has no more than `k`.
    fn capture_step(&self, cell: usize, k: u32, captures_safe: bool) -> Option<Step> {
        if self.asterisks & bit(cell) != 0 {
            let dir = HexDir::ALL
                .into_iter()
                .filter(|d| {
                    captures_safe || self.wiped_out(self.asterisk_mask(cell, d.index())) == 0
                })
                .nth(k as usize)?;
            Some(Step::Asterisk(cell as u8, dir))
        } else {
            (k == 0 && (captures_safe || self.wiped_out(self.ring_mask(cell)) == 0))
                .then_some(Step::Ring(cell as u8))
        }
    }

    /// Cells a ring capture from `cell` removes (the ring included).
    #[inline]
    fn ring_mask(&self, cell: usize) -> u128 {
        bit(cell) | open_around(self.t, &self.walls, self.walled, cell)
    }

    /// Cells an asterisk capture from `cell` in direction `d` removes (the asterisk included).
    #[inline]
    fn asterisk_mask(&self, cell: usize, d: usize) -> u128 {
        bit(cell) | self.open_line(cell, d)
    }

    /// The cells in line from `cell` in direction `d` up to a wall or the board's edge.
    #[inline]
    fn open_line(&self, cell: usize, d: usize) -> u128 {
        let ray = self.t.ray[cell][d];
        let stops = (ray | bit(cell)) & self.blocked[d];
        if stops == 0 {
            return ray;
        }
        // The line runs up to the nearest cell with a wall on its far side (that cell
        // included), nearest meaning the highest index when the line runs to lower ones.
        if self.t.toward_lower[d] {
            let stop = bit(127 - stops.leading_zeros() as usize);
            ray & !(stop - 1)
        } else {
            let stop = stops & stops.wrapping_neg();
            ray & (stop | (stop - 1))
        }
    }

    /// The player colours a capture removing `mask` would leave with no pieces (bit set).
    #[inline]
    fn wiped_out(&self, mask: u128) -> u8 {
        let mut wiped = 0;
        for c in 0..3 {
            if self.color_seat[c] != NONE && self.occ[c] & !mask == 0 {
                wiped |= 1 << c;
            }
        }
        wiped
    }

    fn push_walls(&self, out: &mut Vec<Step>) {
        extend_with_set_bits(out, &self.free_edges(), |edge| Step::Wall(edge as u8));
    }

    fn can_place_wall(&self) -> bool {
        self.walls_left > 0 && (self.wall_count as usize) < self.t.edges
    }

    fn remove(&mut self, mask: u128) {
        for c in 0..3 {
            if self.occ[c] & mask != 0 {
                self.unjudged |= 1 << c;
            }
            self.occ[c] &= !mask;
        }
        self.asterisks &= !mask;
    }

    /// The turn is over: judge unity, else pass the turn on.
    fn end_turn(&mut self) {
        self.second_wall = false;
        let players = self.players as usize;
        let mover = self.to_move as usize;
        // (pieces, recency: 0 = the mover, 1 = the seat before, ...)
        let mut best: Option<(u32, usize, usize)> = None;
        for seat in 0..players {
            let color = self.seat_color[seat] as usize;
            if self.unjudged & (1 << color) == 0 {
                continue;
            }
            let pieces = self.occ[color];
            if !connected(self.t, &self.walls, self.walled, pieces) {
                continue;
            }
            let size = pieces.count_ones();
            let recency = (mover + players - seat) % players;
            let better = match best {
                None => true,
                Some((s, r, _)) => size > s || (size == s && recency < r),
            };
            if better {
                best = Some((size, recency, seat));
            }
        }
        self.unjudged = 0;
        match best {
            Some((_, _, seat)) => self.outcome = Some(Outcome::Winner(seat)),
            None => self.to_move = ((mover + 1) % players) as u8,
        }
    }
}

impl Game for Position {
    type Step = Step;

    /// The state itself, hashed directly: faster than the default (the `Debug` text),
    /// which the solver spent most of its time writing.
    fn position_key(&self) -> u128 {
        let mut h = crate::game::KeyHasher::new();
        h.write_bytes(&[
            self.players,
            self.to_move,
            self.second_wall as u8,
            self.passes_in_row,
        ]);
        h.write_bytes(&self.seat_color);
        h.write_bytes(&(self.t.cells as u64).to_le_bytes());
        h.write_outcome(self.outcome);
        for bits in self.occ {
            h.write_bytes(&bits.to_le_bytes());
        }
        h.write_bytes(&self.asterisks.to_le_bytes());
        for word in self.walls.0 {
            h.write_bytes(&word.to_le_bytes());
        }
        h.write_bytes(&self.walls_left.to_le_bytes());
        h.finish()
    }

    fn players(&self) -> usize {
        self.players as usize
    }

    fn to_move(&self) -> Seat {
        self.to_move as usize
    }

    fn legal_steps(&self, out: &mut Vec<Step>) {
        if self.outcome.is_some() {
            return;
        }
        if self.second_wall {
            self.push_walls(out);
            return;
        }
        let start = out.len();
        let t = self.t;
        let occupied = self.occupied();
        let mut own = self.occ[self.mover_color()];
        while own != 0 {
            let cell = own.trailing_zeros() as usize;
            own &= own - 1;
            // Slides: every empty cell along each line, up to a wall or the board's edge,
            // nearest first (cell sets, not a walk: the walk was most of perft's time).
            for d in 0..6 {
                let mut slides = self.open_line(cell, d) & !occupied;
                // A counted extend, not a push a step (see `bits::extend_with_set_bits`).
                out.extend((0..slides.count_ones()).map(|_| {
                    let to = if t.toward_lower[d] {
                        127 - slides.leading_zeros()
                    } else {
                        slides.trailing_zeros()
                    };
                    slides &= !bit(to as usize);
                    Step::Slide {
                        from: cell as u8,
                        to: to as u8,
                    }
                }));
            }
            // Captures.
            if self.asterisks & bit(cell) != 0 {
                for dir in HexDir::ALL {
                    if self.wiped_out(self.asterisk_mask(cell, dir.index())) == 0 {
                        out.push(Step::Asterisk(cell as u8, dir));
                    }
                }
            } else if self.wiped_out(self.ring_mask(cell)) == 0 {
                out.push(Step::Ring(cell as u8));
            }
        }
        if self.can_place_wall() {
            self.push_walls(out);
        }
        if out.len() == start {
            out.push(Step::Pass);
        }
    }

    /// Draws by rejection: a slot is drawn uniformly from (own piece, 0..piece_slots) and
    /// the free edges when walls may be placed, a superset of the legal steps in which each
    /// legal step has exactly one slot (a piece's step k is its k-th in `legal_steps`' order,
    /// for k below its count); a slot past the piece's count is drawn again. So every legal
    /// step is equally likely, and only the drawn piece's steps are counted. After
    /// `REJECTION_TRIES` misses (few steps left) the steps are counted piece by piece and one
    /// drawn from the count, also uniform.
    fn random_step(&self, rng: &mut Rng, _buf: &mut Vec<Step>) -> Option<Step> {
        if self.outcome.is_some() {
            return None;
        }
        let t = self.t;
        if self.second_wall {
            let k = rng.below(t.edges - self.wall_count as usize) as u32;
            return Some(self.free_edge(k));
        }
        let empty = !self.occupied();
        // No capture can leave a player without pieces when every player has more pieces
        // than any capture removes: then every capture is legal.
        let captures_safe =
            (0..3).all(|c| self.color_seat[c] == NONE || self.occ[c].count_ones() > t.max_capture);
        let own = self.occ[self.mover_color()];
        let walls = if self.can_place_wall() {
            (t.edges - self.wall_count as usize) as u32
        } else {
            0
        };
        let slots = own.count_ones() * t.piece_slots;
        if slots + walls > 0 {
            for _ in 0..REJECTION_TRIES {
                let j = rng.below((slots + walls) as usize) as u32;
                if j >= slots {
                    return Some(self.free_edge(j - slots));
                }
                let cell = nth_set_bit_u128(own, j / t.piece_slots) as usize;
                let k = j % t.piece_slots;
                // Slides first; the captures (whose legality may cost a look at every
                // colour) only when the slot is past them.
                let lines = (0..6).fold(0, |set, d| set | self.open_line(cell, d));
                let slides = (lines & empty).count_ones();
                let step = if k < slides {
                    self.piece_step(cell, k, empty, captures_safe)
                } else {
                    self.capture_step(cell, k - slides, captures_safe)
                };
                if step.is_some() {
                    return step;
                }
            }
        }
        let mut per_piece = [0u8; 91];
        let mut total = 0u32;
        let mut rest = own;
        let mut i = 0;
        while rest != 0 {
            let cell = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let n = self.piece_steps(cell, empty, captures_safe);
            per_piece[i] = n as u8;
            total += n;
            i += 1;
        }
        if total + walls == 0 {
            // `legal_steps` lists the pass alone.
            return Some(Step::Pass);
        }
        let mut k = rng.below((total + walls) as usize) as u32;
        if k >= total {
            return Some(self.free_edge(k - total));
        }
        let mut rest = own;
        let mut i = 0;
        let cell = loop {
            let cell = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if k < u32::from(per_piece[i]) {
                break cell;
            }
            k -= u32::from(per_piece[i]);
            i += 1;
        };
        self.piece_step(cell, k, empty, captures_safe)
    }

    fn play(&mut self, step: Step) {
        debug_assert!(self.outcome.is_none(), "play after the game is over");
        if step != Step::Pass {
            self.passes_in_row = 0;
        }
        match step {
            Step::Slide { from, to } => {
                let c = self.mover_color();
                let (from, to) = (bit(from as usize), bit(to as usize));
                debug_assert!(self.occ[c] & from != 0 && self.occupied() & to == 0);
                self.occ[c] ^= from | to;
                self.unjudged |= 1 << c;
                if self.asterisks & from != 0 {
                    self.asterisks ^= from | to;
                }
                self.end_turn();
            }
            Step::Ring(cell) => {
                let mask = self.ring_mask(cell as usize);
                debug_assert!(self.wiped_out(mask) == 0);
                self.remove(mask);
                self.end_turn();
            }
            Step::Asterisk(cell, dir) => {
                let mask = self.asterisk_mask(cell as usize, dir.index());
                debug_assert!(self.wiped_out(mask) == 0);
                self.remove(mask);
                self.end_turn();
            }
            Step::Wall(edge) => {
                debug_assert!(!self.walls.has(edge) && (self.walls_left > 0 || self.second_wall));
                self.walls.set(edge);
                add_wall(self.t, &mut self.blocked, edge as usize);
                self.walled = walled_cells(&self.blocked);
                self.wall_count += 1;
                self.walls_left -= 1;
                if self.players == 3 && !self.second_wall && self.can_place_wall() {
                    self.second_wall = true;
                } else {
                    self.end_turn();
                }
            }
            Step::Pass => {
                self.passes_in_row += 1;
                if self.passes_in_row == self.players {
                    self.outcome = Some(Outcome::Draw);
                } else {
                    self.end_turn();
                }
            }
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

impl Position {
    fn group_of(&self, start: usize, pieces: u128) -> u128 {
        group_of(self.t, &self.walls, self.walled, start, pieces)
    }

    /// A step that unites the mover at once, where one is easy to see: all the mover's
    /// pieces but one stand in one group, and that one slides next to it or captures
    /// with no piece of its own colour in reach, leaving the group alone. (A slide changes
    /// only the mover's pieces, so the turn's judging finds the mover united; a capture
    /// may unite another colour too, so it is played out to see who the judging names.)
    fn uniting_step(&self) -> Option<Step> {
        let pieces = self.occ[self.mover_color()];
        if pieces.count_ones() < 2 {
            return None;
        }
        let first = pieces.trailing_zeros() as usize;
        let group = self.group_of(first, pieces);
        let rest = pieces & !group;
        let (lone, group) = if rest.count_ones() == 1 {
            (rest.trailing_zeros() as usize, group)
        } else if group.count_ones() == 1 {
            let second = rest.trailing_zeros() as usize;
            if self.group_of(second, rest) != rest {
                return None;
            }
            (first, rest)
        } else {
            return None;
        };
        let reach = (0..6).fold(0, |set, d| set | self.open_line(lone, d)) & !self.occupied();
        // Cells next to the group, walls aside, then checked one by one across walls.
        let mut near = 0;
        let mut cells = group;
        while cells != 0 {
            let c = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            near |= self.t.around[c];
        }
        let mut targets = reach & near;
        while targets != 0 {
            let to = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            if open_around(self.t, &self.walls, self.walled, to) & group != 0 {
                return Some(Step::Slide {
                    from: lone as u8,
                    to: to as u8,
                });
            }
        }
        // The lone piece's captures and what each removes: a ring's one, an asterisk's six.
        let mut captures = [(Step::Ring(lone as u8), self.ring_mask(lone)); 6];
        let count = if self.asterisks & bit(lone) != 0 {
            for d in HexDir::ALL {
                let mask = self.asterisk_mask(lone, d.index());
                captures[d.index()] = (Step::Asterisk(lone as u8, d), mask);
            }
            6
        } else {
            1
        };
        captures[..count].iter().find_map(|&(step, mask)| {
            if mask & group != 0 || self.wiped_out(mask) != 0 {
                return None;
            }
            let mut after = *self;
            after.play(step);
            (after.outcome == Some(Outcome::Winner(self.to_move as usize))).then_some(step)
        })
    }
}

impl SearchHints for Position {
    /// The step classes chosen most often in self-play first (`order.rs`).
    fn order_untried(&self, steps: &mut [Step], rng: &mut Rng) {
        order::order(self, steps, rng);
    }

    /// A step that unites the mover at once when [`Position::uniting_step`] sees one, else
    /// the uniform pick: a random player who has all but one piece together would seldom
    /// find the step that wins, so the playout's result said less of who was ahead.
    fn playout_step(&self, rng: &mut Rng, buf: &mut Vec<Step>) -> Option<Step> {
        if self.outcome.is_none() && !self.second_wall {
            if let Some(step) = self.uniting_step() {
                return Some(step);
            }
        }
        self.random_step(rng, buf)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::perft;

    const LAYOUT: &str = "GoGPpgPOooGOoOPPpoOPOPOogGGpgppPGpGOo.oOGOgoPgpoppGgGpgOgPPgg";

    fn pos(map: OptionMap) -> Position {
        Position::new(&Options::from_map(&map).unwrap()).unwrap()
    }

    #[test]
    fn perft_examples() {
        let p = pos(OptionMap::new().with("layout", LAYOUT));
        assert_eq!(perft(&p, 1), 233);
        let p3 = pos(OptionMap::new().with("layout", LAYOUT).with("players", "3"));
        assert_eq!(perft(&p3, 1), 233);
    }

    #[test]
    fn default_options_round_trip() {
        let o = Options::default();
        assert_eq!(Options::from_map(&o.to_map()).unwrap(), o);
        assert_eq!(Options::from_map(&OptionMap::new()).unwrap(), o);
    }

    #[test]
    fn diagram_round_trip() {
        let p = pos(OptionMap::new().with("layout", LAYOUT));
        assert_eq!(layout_from_diagram(5, &p.diagram()).unwrap(), LAYOUT);
    }

    /// Every uniting step the playouts take is legal and wins at once, in random games
    /// of both player counts and sizes; and random games reach such positions often, and
    /// mostly do not take the slide.
    #[test]
    fn a_uniting_step_is_legal_and_wins_at_once() {
        let mut rng = Rng::new(7);
        let mut buf = Vec::new();
        let (mut offered, mut taken_by_chance) = (0, 0);
        for game in 0..200u64 {
            let players = if game % 2 == 0 { "2" } else { "3" };
            let size = if game % 4 < 2 { "5" } else { "6" };
            let mut p = pos(OptionMap::new()
                .with("seed", game.to_string())
                .with("players", players)
                .with("size", size));
            while p.outcome().is_none() {
                if let Some(step) = p.uniting_step().filter(|_| !p.second_wall) {
                    let mut legal = Vec::new();
                    p.legal_steps(&mut legal);
                    assert!(
                        legal.contains(&step),
                        "{step:?} is not legal:\n{}",
                        p.diagram()
                    );
                    let mut after = p;
                    after.play(step);
                    assert_eq!(after.outcome(), Some(Outcome::Winner(p.to_move())));
                    offered += 1;
                }
                let step = p.random_step(&mut rng, &mut buf).unwrap();
                let mover = p.to_move();
                let had = p.uniting_step().filter(|_| !p.second_wall).is_some();
                p.play(step);
                if had && p.outcome() == Some(Outcome::Winner(mover)) {
                    taken_by_chance += 1;
                }
            }
        }
        eprintln!("uniting steps offered {offered}, won by the random step {taken_by_chance}");
        assert!(
            offered >= 50,
            "only {offered} positions with a uniting step"
        );
        assert!(taken_by_chance * 2 < offered);
    }
}
