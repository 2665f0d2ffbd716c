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

mod about;
mod board;
pub mod contract;
pub mod lessons;
mod notation;
pub mod priors;
pub mod replies;

pub use about::GAME;

use super::about::{option_keys, size_option, OptionDecl};
use crate::bits::{byte_sums, extend_with_set_bits, nth_set_bit_with_sums, sums_lost_by};
use crate::game::{
    diagram_rows, Color, Describe, PieceKind, SearchHints, Side, SideView, StepKind, StepView,
};
use crate::game::{
    BoardView, Error, Game, Outcome, PieceView, PlayerView, Seat, Shape, StepPolicy,
};
use crate::games::replies::ReplyWeights;
use crate::geometry::{HexDir, HexGrid, HexSide};
use crate::options::SizeOptions;
use crate::rng::Rng;
use board::*;
use std::fmt;
use std::sync::OnceLock;

/// Smallest, largest and default board side.
pub const MIN_SIZE: usize = 4;
pub const MAX_SIZE: usize = 12;
pub const DEFAULT_SIZE: usize = 6;

/// The only option is the board size.
pub type Options = SizeOptions<MIN_SIZE, MAX_SIZE, DEFAULT_SIZE>;

/// The options Unlur takes, and their keys.
pub const OPTIONS: &[OptionDecl] = &[size_option(MIN_SIZE, MAX_SIZE, DEFAULT_SIZE)];
pub const OPTION_KEYS: &[&str] = &option_keys::<1>(OPTIONS);

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

/// A player's goal in words, for a newcomer.
#[cfg(any(feature = "study", not(target_arch = "wasm32")))]
fn goal_words(color: u8) -> &'static str {
    if color == WHITE {
        "White's goal is a group joining two opposite sides."
    } else {
        "Black's goal is a group joining three sides, every other one (N, SE and SW, or S, NE and NW)."
    }
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

// After `with_board!`, which it uses.
mod describe;

impl Position {
    pub fn new(options: &Options) -> Result<Position, Error> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&options.size) {
            return Err(Error::options(format!(
                "size must be a whole number from {MIN_SIZE} to {MAX_SIZE} (got {})",
                options.size
            )));
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
                .map_err(|e| Error::new(e.kind(), format!("step {} ({text}): {e}", i + 1)))?;
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

    /// After the contract, what the reply weights are learned from (`replies.rs`): the
    /// empty cells next to the last stone, in direction order, with their shapes for the
    /// player to move, and that player's colour (0 Black, 1 White). None during the
    /// contract, after the game, or before the first stone after it.
    pub fn reply_offers(&self) -> Option<(usize, Vec<(u16, usize)>)> {
        with_board!(&self.0, b => b.reply_offers())
    }

    /// After the contract: every empty cell with its shape for the player to move (what
    /// the placement order is learned from), and that player's colour (0 Black, 1 White).
    /// None during the contract or after the game.
    pub fn placement_offers(&self) -> Option<(usize, Vec<(u16, usize)>)> {
        with_board!(&self.0, b => b.placement_offers())
    }

    /// The stones of the group judged at the end (the last stone's group), in cell order;
    /// empty while the game runs.
    pub fn deciding_group(&self) -> Vec<usize> {
        with_board!(&self.0, b => b.deciding_group())
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
                    self.previous = cell as u16;
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
        self.write_step(step)
    }

    fn parse_step(&self, text: &str) -> Result<Step, Error> {
        self.read_step(text)
    }
}

impl<const N: usize, const W: usize> SearchHints for Board<N, W> {
    fn order_untried(&self, steps: &mut [Step], rng: &mut Rng) {
        if self.in_contract() || self.outcome.is_some() {
            rng.shuffle(steps);
            return;
        }
        let color = self.placing_color();
        priors::ORDER.order(around_byte(color), steps, rng, |step| match step {
            Step::Place(c) => self.reply_shape(usize::from(c), color),
            Step::Pass => 0,
        });
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

    /// After the contract a playout first answers the last stone by the learned reply
    /// weights (`replies.rs`). Playouts pass in the contract with probability
    /// `PLAYOUT_PASS` (a uniform choice would almost never pass, so random contracts ran on and handed Black a huge head
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
        if !contract {
            if let Some(cell) = replies::LEARNED
                .get()
                .and_then(|w| self.reply(rng, color, w))
            {
                return Some(Step::Place(cell as u16));
            }
        }
        for _ in 0..PLAYOUT_TRIES {
            let c = rng.below(n);
            if self.cells[c] != EMPTY || (contract && self.t.sides[c] != 0) {
                continue;
            }
            // No suicide after the contract.
            if !contract && self.loses_at_once(c, color) {
                continue;
            }
            return Some(Step::Place(c as u16));
        }
        self.random_step(rng, buf)
    }
}

/// Every rule is the board's; the position only picks the board's form.
impl Game for Position {
    type Step = Step;

    fn position_key(&self) -> u128 {
        with_board!(&self.0, b => b.position_key())
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
    fn random_step(&self, rng: &mut Rng, buf: &mut Vec<Step>) -> Option<Step> {
        with_board!(&self.0, b => b.random_step(rng, buf))
    }

    #[inline]
    fn play(&mut self, step: Step) {
        with_board!(&mut self.0, b => b.play(step))
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
}

impl SearchHints for Position {
    /// The contract is decided by the learned judgement of who it favours, not by a
    /// search whose playouts misjudge it (`contract.rs`).
    fn known_step(&self) -> Option<(Step, f64)> {
        self.contract_choice().map(|c| (c.step, c.value))
    }

    fn canonical_key(&self) -> u128 {
        with_board!(&self.0, b => b.canonical_key())
    }

    /// After the contract, the cells whose shapes are placed on most often first
    /// (`priors.rs`); during it, shuffled.
    fn order_untried(&self, steps: &mut [Step], rng: &mut Rng) {
        with_board!(&self.0, b => b.order_untried(steps, rng))
    }

    #[inline]
    fn playout_step(&self, rng: &mut Rng, buf: &mut Vec<Step>) -> Option<Step> {
        with_board!(&self.0, b => b.playout_step(rng, buf))
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
    fn the_reply_offers_are_the_empty_cells_next_to_the_last_stone() {
        let options = Options { size: 5 };
        assert_eq!(
            Position::from_steps(&options, "e5").unwrap().reply_offers(),
            None
        );
        assert_eq!(
            Position::from_steps(&options, "pass")
                .unwrap()
                .reply_offers(),
            None
        );
        // White's e5, Black to answer: six empty cells, each with White's stone on one side.
        let pos = Position::from_steps(&options, "pass e5").unwrap();
        let (color, offers) = pos.reply_offers().unwrap();
        assert_eq!(color, 0, "Black answers");
        let e5 = pos.grid().parse("e5").unwrap();
        let around: Vec<u16> = pos.grid().neighbors(e5).map(|(_, n)| n as u16).collect();
        assert_eq!(offers.iter().map(|o| o.0).collect::<Vec<_>>(), around);
        for (_, code) in &offers {
            assert_eq!(
                replies::canonical(*code),
                replies::canonical(replies::shape(0, 1, 0))
            );
        }
        // White's corner a1: its two edge neighbours see the edge, the inner one does not.
        let pos = Position::from_steps(&options, "pass e5 d4 a1").unwrap();
        let (color, offers) = pos.reply_offers().unwrap();
        assert_eq!(color, 0);
        let mut texts: Vec<String> = offers
            .iter()
            .map(|&(_, code)| replies::SHAPE_SET.text(replies::canonical(code)))
            .collect();
        texts.sort();
        assert_eq!(texts, ["--t...", "--t...", "t....."].map(String::from));
    }

    #[test]
    fn a_playout_answers_by_the_weights_and_never_with_a_losing_stone() {
        // Black's rows d1-d3 and d5-d7 on side 4: d4 would join them into a group touching
        // two opposite sides, White's goal, and lose. White's e4 was the last stone.
        let options = Options { size: 4 };
        let pos =
            Position::from_steps(&options, "pass g1 d1 g2 d2 g3 d3 a1 d5 a2 d6 a3 d7 e4").unwrap();
        let grid = pos.grid();
        let (d4, e4) = (grid.parse("d4").unwrap(), grid.parse("e4").unwrap());
        let Form::Small(board) = &pos.0 else {
            panic!("side 4 is small")
        };
        let all = ReplyWeights::new(&replies::SHAPE_SET, 1.0, &[]);
        let none = ReplyWeights::new(&replies::SHAPE_SET, 0.0, &[]);
        let mut rng = Rng::new(9);
        let mut answered = std::collections::BTreeSet::new();
        for _ in 0..200 {
            let cell = board
                .reply(&mut rng, BLACK, &all)
                .expect("weight 1 always answers");
            assert_ne!(cell, d4, "the losing stone");
            assert!(grid.neighbors(e4).any(|(_, n)| n == cell));
            answered.insert(cell);
            assert_eq!(board.reply(&mut rng, BLACK, &none), None);
        }
        // e4's empty neighbours but d4, each from some direction.
        let empty = grid
            .neighbors(e4)
            .filter(|&(_, n)| pos.stone(n).is_none() && n != d4)
            .count();
        assert_eq!(answered.len(), empty);
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
