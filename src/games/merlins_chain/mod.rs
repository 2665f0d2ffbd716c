//! Merlin's Chain (Jorge Gomez Arrausi): four-in-a-row with numbered pieces played out of
//! order. See `docs/rules/merlins_chain.md` and docs/RULES.md, "Merlin's Chain".
//!
//! The state is the set of played (flipped) pieces and their cells. The unplayed ("grey")
//! pieces have no fixed place: a flip is legal when the grey pieces that remain can still be
//! arranged on the other free cells so that every column increases from bottom to top.
//! Whether they can, and which flips keep it so, is [`feasibility`].

mod about;
mod describe;
mod feasibility;
pub mod lessons;
mod notation;
pub mod order;

pub use about::GAME;

use feasibility::*;

use super::about::{option_keys, OptionDecl};
use crate::bits::nth_set_bit;
use crate::game::{
    shorten, BoardView, Color, Describe, Error, Game, Outcome, PieceKind, PieceView, PlayerView,
    SearchHints, Seat, Shape, StepKind, StepView,
};
use crate::geometry::SquareGrid;
use crate::options::OptionMap;
use crate::rng::Rng;

/// Merlin's Chain has no options.
pub const OPTIONS: &[OptionDecl] = &[];
pub const OPTION_KEYS: &[&str] = &option_keys::<0>(OPTIONS);

const SIDE: usize = 8;
const CELLS: usize = SIDE * SIDE;
/// Largest board (in cells, = largest piece number) the internal functions handle.
const MAXN: usize = 64;
const INF: i16 = 1000;
const GRID: SquareGrid = SquareGrid {
    width: SIDE,
    height: SIDE,
};
/// Bit `n-1` set for every even `n` in 1..=64.
const EVEN_BITS: u64 = 0xAAAA_AAAA_AAAA_AAAA;

/// Bit `n-1` set for every piece `n` that `seat` owns (Green the even numbers).
fn pieces_of(seat: Seat) -> u64 {
    if seat == 0 {
        EVEN_BITS
    } else {
        !EVEN_BITS
    }
}
const SEAT_NAMES: [&str; 2] = ["Green", "White"];
const SEAT_COLORS: [Color; 2] = [Color::Green, Color::White];

/// Merlin's Chain takes no options.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {}

impl Options {
    pub fn from_map(map: &OptionMap) -> Result<Options, Error> {
        map.check_keys(GAME.name, OPTION_KEYS)?;
        Ok(Options {})
    }

    pub fn to_map(&self) -> OptionMap {
        OptionMap::new()
    }
}

/// A flip: piece `piece` (1..=64) turned face up on cell `cell` (0..64, a1 = 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Step {
    pub piece: u8,
    pub cell: u8,
}

/// Four same-colour played pieces in a line: the seat holding them, the rank (highest
/// number), and the cells in order along the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chain {
    pub seat: Seat,
    pub rank: u8,
    pub cells: [usize; 4],
}

/// A Merlin's Chain position: which pieces are played, and where.
#[derive(Clone, Debug)]
pub struct Position {
    /// The played piece on each cell, 0 for a free cell.
    cells: [u8; CELLS],
    /// The cells holding a played piece (bit = cell index), so that the random step finds
    /// the runs of free cells with bit operations instead of a scan of the cells.
    filled: u64,
    /// Bit `n-1` set when piece `n` is played.
    played: u64,
    count: u8,
    outcome: Option<Outcome>,
}

/// The seat owning piece `n`: Green (0) the even numbers, White (1) the odd.
pub fn owner(n: u8) -> Seat {
    if n % 2 == 0 {
        0
    } else {
        1
    }
}

impl Position {
    /// The starting position: nothing played, Green to flip.
    pub fn new(_options: &Options) -> Result<Position, Error> {
        Ok(Position {
            cells: [0; CELLS],
            filled: 0,
            played: 0,
            count: 0,
            outcome: None,
        })
    }

    /// Plays whitespace-separated steps (`"10@a8 1@a1"`) from the start.
    pub fn from_steps(steps: &str) -> Result<Position, Error> {
        let mut p = Position::new(&Options::default())?;
        for (i, text) in steps.split_whitespace().enumerate() {
            if let Err(e) = p.play_text(text) {
                return Err(Error::new(
                    e.kind(),
                    format!("step {} (`{}`): {}", i + 1, shorten(text), e),
                ));
            }
        }
        Ok(p)
    }

    /// Sets up a position from a diagram: 8 lines, rank 8 first (as the board is seen), each
    /// with 8 whitespace-separated tokens from file a to h: a number for a played piece, `.`
    /// for a free cell. Blank lines are ignored. Green moves first, so Green must have played
    /// as many pieces as White or one more; the side to move follows from the counts. The
    /// grey pieces must still have a valid arrangement.
    pub fn from_diagram(text: &str) -> Result<Position, Error> {
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        if lines.len() != SIDE {
            return Err(Error::syntax(format!(
                "a diagram has {SIDE} lines (rank 8 first), not {}",
                lines.len()
            )));
        }
        let mut cells = [0u8; CELLS];
        let (mut played, mut filled) = (0u64, 0u64);
        for (i, line) in lines.iter().enumerate() {
            let rank = SIDE - 1 - i;
            let tokens: Vec<&str> = line.split_whitespace().collect();
            if tokens.len() != SIDE {
                return Err(Error::syntax(format!(
                    "rank {} of the diagram has {} entries, not {SIDE}",
                    rank + 1,
                    tokens.len()
                )));
            }
            for (file, token) in tokens.iter().enumerate() {
                let cell = GRID.index(file, rank);
                if *token == "." {
                    continue;
                }
                let Some(n) = parse_piece(token) else {
                    return Err(Error::syntax(format!(
                        "`{}` on {} is neither a piece number 1 to 64 nor `.`",
                        shorten(token),
                        GRID.name(cell)
                    )));
                };
                if played & bit(n) != 0 {
                    return Err(Error::syntax(format!("{n} appears twice in the diagram")));
                }
                played |= bit(n);
                filled |= 1 << cell;
                cells[cell] = n;
            }
        }
        let green = (played & EVEN_BITS).count_ones();
        let white = (played & !EVEN_BITS).count_ones();
        if green != white && green != white + 1 {
            return Err(Error::syntax(format!(
                "Green moves first, so Green has played as many pieces as White or one more \
                 (here Green {green}, White {white})"
            )));
        }
        if let Some(col) = disordered_column(SIDE, SIDE, &cells) {
            return Err(Error::syntax(format!(
                "column {} does not ascend",
                (b'a' + col as u8) as char
            )));
        }
        if arrange(SIDE, SIDE, &cells).is_none() {
            return Err(Error::syntax(
                "no arrangement of the grey pieces would let every column ascend",
            ));
        }
        let mut p = Position {
            cells,
            filled,
            played,
            count: (green + white) as u8,
            outcome: None,
        };
        if p.count as usize == CELLS {
            p.outcome = Some(p.final_outcome());
        }
        Ok(p)
    }

    /// Turns the grey `n` up on the free `cell` (no rules checked: the caller's job).
    fn put(&mut self, n: u8, cell: usize) {
        self.cells[cell] = n;
        self.filled |= 1 << cell;
        self.played |= bit(n);
    }

    /// The inverse of [`Position::from_diagram`].
    pub fn diagram(&self) -> String {
        let mut out = String::new();
        for rank in (0..SIDE).rev() {
            let row: Vec<String> = (0..SIDE)
                .map(|file| match self.cells[GRID.index(file, rank)] {
                    0 => ".".to_string(),
                    n => n.to_string(),
                })
                .collect();
            out.push_str(&row.join(" "));
            out.push('\n');
        }
        out
    }

    /// The played piece on `cell`, if any.
    pub fn piece_at(&self, cell: usize) -> Option<u8> {
        match self.cells[cell] {
            0 => None,
            n => Some(n),
        }
    }

    /// Whether piece `n` (1..=64) is played.
    pub fn is_played(&self, n: u8) -> bool {
        (1..=64).contains(&n) && self.played & bit(n) != 0
    }

    /// How many pieces are played.
    pub fn played_count(&self) -> usize {
        self.count as usize
    }

    /// The number on every cell: the played pieces where they are, and the grey pieces in
    /// the arrangement the app shows: numbers taken in ascending order, each to the free
    /// stretch of a column (between played pieces) that contains it and closes lowest, ties
    /// to the stretch with the most room left, then to the leftmost; each stretch filled from
    /// the bottom. With nothing played this is 1–8 on rank 1, 9–16 on rank 2, and so on.
    pub fn arrangement(&self) -> [u8; CELLS] {
        match arrange(SIDE, SIDE, &self.cells) {
            Some(a) => a,
            None => {
                // Unreachable through legal play; never panic in a view.
                let mut a = self.cells;
                let mut grey = (1..=64u8).filter(|&n| !self.is_played(n));
                for v in a.iter_mut().filter(|v| **v == 0) {
                    *v = grey.next().unwrap_or(0);
                }
                a
            }
        }
    }

    /// The arrangement to show after `shown` (the numbers on every cell as shown before,
    /// 0 where none): among the valid arrangements, one that moves the fewest grey tiles
    /// from where they were shown, so that a flip does not reshuffle the board. Falls back
    /// on [`Position::arrangement`] if `shown` is no help.
    pub fn arrangement_near(&self, shown: &[u8]) -> [u8; CELLS] {
        match arrange_near(SIDE, SIDE, &self.cells, shown) {
            Some((a, _)) => a,
            None => self.arrangement(),
        }
    }

    /// Every chain among the played pieces, in cell order of their first cell, directions
    /// east, north, north-east, south-east. Five in a line make two chains, and so on.
    pub fn chains(&self) -> Vec<Chain> {
        let mut out = Vec::new();
        for line in lines() {
            let values = line.map(|c| self.cells[c]);
            if values.contains(&0) {
                continue;
            }
            let seat = owner(values[0]);
            if values.iter().all(|&v| owner(v) == seat) {
                out.push(Chain {
                    seat,
                    rank: *values.iter().max().unwrap(),
                    cells: line,
                });
            }
        }
        out
    }

    /// The lowest-ranked chain of `seat` so far (the first found among equals).
    pub fn lowest_chain(&self, seat: Seat) -> Option<Chain> {
        let mut best: Option<Chain> = None;
        for c in self.chains().into_iter().filter(|c| c.seat == seat) {
            if best.map_or(true, |b| c.rank < b.rank) {
                best = Some(c);
            }
        }
        best
    }

    /// The result once all 64 are played: the owner of the lowest-ranked chain (ranks never
    /// tie across sides: the colours have different parities). Read off the line table
    /// without building the chain list, as this runs at the end of every playout.
    fn final_outcome(&self) -> Outcome {
        let mut lowest = u8::MAX;
        for line in &LINES {
            let v = line.map(|c| self.cells[c as usize]);
            if v.contains(&0) {
                continue;
            }
            let seat = owner(v[0]);
            if v.iter().all(|&x| owner(x) == seat) {
                lowest = lowest.min(v[0].max(v[1]).max(v[2]).max(v[3]));
            }
        }
        match lowest {
            u8::MAX => Outcome::Draw,
            rank => Outcome::Winner(owner(rank)),
        }
    }

    fn prompt(&self) -> String {
        match self.outcome {
            None => format!("{} to flip a piece", SEAT_NAMES[self.to_move()]),
            Some(Outcome::Draw) => "Draw: neither side has a chain".to_string(),
            Some(Outcome::Winner(seat)) => {
                let rank = self.lowest_chain(seat).map_or(0, |c| c.rank);
                format!("{} wins with a chain of rank {rank}", SEAT_NAMES[seat])
            }
        }
    }
}

impl Game for Position {
    type Step = Step;

    /// The state itself, hashed directly: faster than the default (the `Debug` text),
    /// which the solver spent most of its time writing.
    fn position_key(&self) -> u128 {
        let mut h = crate::game::KeyHasher::new();
        h.write_bytes(&[self.count]);
        h.write_outcome(self.outcome);
        h.write_bytes(&self.cells);
        h.finish()
    }

    fn players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Seat {
        (self.count % 2) as Seat
    }

    fn legal_steps(&self, out: &mut Vec<Step>) {
        if self.count as usize >= CELLS {
            return;
        }
        let mine = pieces_of(self.to_move());
        for_each_legal(
            SIDE,
            SIDE,
            &self.cells,
            mine & !self.played,
            // A segment at a time: one capacity check, not one per step (see
            // `bits::extend_with_set_bits`).
            |bottom, flips| {
                out.extend(flips.iter().map(|&(piece, offset)| Step {
                    piece,
                    cell: bottom as u8 + offset,
                }))
            },
        );
    }

    fn play(&mut self, step: Step) {
        let (n, cell) = (step.piece, step.cell as usize);
        debug_assert!((1..=64).contains(&n) && cell < CELLS);
        debug_assert!(self.cells[cell] == 0 && self.played & bit(n) == 0);
        debug_assert!(owner(n) == self.to_move() && self.outcome.is_none());
        self.put(n, cell);
        self.count += 1;
        if self.count as usize == CELLS {
            self.outcome = Some(self.final_outcome());
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Uniform over the legal flips without listing them, by rejection: draw a (piece, cell)
    /// pair uniformly from the candidates (a grey piece of the mover and a free cell whose
    /// column stretch lies around the piece's number: a superset of the legal flips) until
    /// the pair is legal, which is then a uniform pick of the legal flips. At least one pair
    /// in 64 is legal (each grey piece of the mover may go where an arrangement has it); in
    /// random games it takes about 2 draws. After `DRAW_TRIES` misses (odds below 1e-60)
    /// it flips a random grey piece of the mover where the shown arrangement has it, which is
    /// always legal. The segments are found once per step and each draw is checked against
    /// them (`flip_fits`). Playouts use it too (the default `playout_step`): uniform random
    /// games and the search's playouts are the same here.
    fn random_step(&self, rng: &mut Rng, _buf: &mut Vec<Step>) -> Option<Step> {
        if self.outcome.is_some() || self.count as usize >= CELLS {
            return None;
        }
        let mine = pieces_of(self.to_move()) & !self.played;
        let segs = SortedSegments::of(self);
        // Candidates per segment: its cells times the mover's grey pieces that fit its range.
        let mut fitting = [0u64; MAX_SEGMENTS];
        let mut weight = [0u32; MAX_SEGMENTS];
        let mut total = 0u32;
        for i in 0..segs.len {
            let (a, b, k) = segs.range[i];
            fitting[i] = mine & numbers_between(a, b);
            weight[i] = k as u32 * fitting[i].count_ones();
            total += weight[i];
        }
        if total > 0 {
            let mut greedy = GreedyPrefix::new(!self.played);
            for _ in 0..DRAW_TRIES {
                let mut r = rng.below(total as usize) as u32;
                let mut i = 0;
                while r >= weight[i] {
                    r -= weight[i];
                    i += 1;
                }
                let k = segs.range[i].2 as u32;
                let (j, which) = ((r % k) as u8, (r / k) as usize);
                let n = nth_set_bit(fitting[i], which as u32) as u8 + 1;
                if segs.flip_fits(&mut greedy, n, i, j) {
                    let cell = segs.bottom[i] as usize + j as usize * SIDE;
                    return Some(Step {
                        piece: n,
                        cell: cell as u8,
                    });
                }
            }
        }
        let a = arrange(SIDE, SIDE, &self.cells)?;
        let n = nth_set_bit(mine, rng.below(mine.count_ones() as usize) as u32) as u8 + 1;
        let cell = a.iter().position(|&v| v == n)?;
        Some(Step {
            piece: n,
            cell: cell as u8,
        })
    }

    fn step_text(&self, step: Step) -> String {
        self.write_step(step)
    }

    fn parse_step(&self, text: &str) -> Result<Step, Error> {
        self.read_step(text)
    }
}

impl SearchHints for Position {
    /// The flips the learned weights rate highest first (`order.rs`).
    fn order_untried(&self, steps: &mut [Step], rng: &mut Rng) {
        order::order(self, steps, rng);
    }

    /// RAVE by cell alone: the board always fills, so "the mover flips on this cell later"
    /// is "the mover owns this cell at the end", which is what the chains are made of. Keys
    /// by piece and cell (4,096) or by cell and number band (256) did no better in 16 games
    /// each.
    fn rave_keys(&self) -> usize {
        CELLS
    }

    fn rave_key(&self, step: Step) -> Option<usize> {
        Some(usize::from(step.cell))
    }

    /// Ordered by cell, the solver proved the shipped puzzles with 2.3 times the work.
    fn history_keys(&self) -> usize {
        0
    }
}

fn has_flips(legal: &[StepView]) -> bool {
    legal.iter().any(|s| s.kind == StepKind::Flip)
}

/// The number shown on every cell of `view` (0 where none): its layout.
pub fn layout_of(view: &BoardView) -> [u8; CELLS] {
    let mut shown = [0u8; CELLS];
    for (c, piece) in view.pieces.iter().take(CELLS).enumerate() {
        shown[c] = piece
            .as_ref()
            .and_then(|p| p.label.as_deref())
            .and_then(parse_piece)
            .unwrap_or(0);
    }
    shown
}

impl Position {
    /// Whether `layout` (a number for every cell) is an arrangement the rules allow here:
    /// the played pieces on their cells, every grey number once on a free cell, and every
    /// column ascending from bottom to top.
    pub fn layout_fits(&self, layout: &[u8]) -> bool {
        if layout.len() != CELLS {
            return false;
        }
        let mut seen = 0u64;
        for (c, &n) in layout.iter().enumerate() {
            let fits = if self.cells[c] != 0 {
                n == self.cells[c]
            } else {
                (1..=64).contains(&n) && !self.is_played(n) && seen & bit(n) == 0
            };
            if !fits {
                return false;
            }
            seen |= bit(n);
        }
        seen == u64::MAX && feasibility::disordered_column(SIDE, SIDE, layout).is_none()
    }

    /// The view with the tiles where `layout` puts them, if the rules allow it
    /// ([`Position::layout_fits`]): a view made elsewhere (the computer's worker) and
    /// checked here at the cost of one pass over the cells, with no search.
    pub fn view_with_layout(&self, layout: &[u8]) -> Option<BoardView> {
        if !self.layout_fits(layout) {
            return None;
        }
        let mut a = [0u8; CELLS];
        a.copy_from_slice(layout);
        Some(self.view_of(&a))
    }

    /// The view with the tiles on the cells `arrangement` gives.
    fn view_of(&self, arrangement: &[u8; CELLS]) -> BoardView {
        let pieces = (0..CELLS)
            .map(|c| {
                let n = arrangement[c];
                (n != 0).then(|| PieceView {
                    color: if self.cells[c] == 0 {
                        Color::Grey
                    } else {
                        SEAT_COLORS[owner(n)]
                    },
                    kind: PieceKind::Tile,
                    label: Some(n.to_string()),
                })
            })
            .collect();
        let highlight = match self.outcome {
            Some(Outcome::Winner(seat)) => self
                .lowest_chain(seat)
                .map_or(Vec::new(), |c| c.cells.to_vec()),
            _ => Vec::new(),
        };
        let mut facts = vec![("Played".to_string(), format!("{} of 64", self.count))];
        for (seat, name) in SEAT_NAMES.iter().enumerate() {
            facts.push((
                format!("{name}'s lowest chain"),
                self.lowest_chain(seat)
                    .map_or("none".to_string(), |c| c.rank.to_string()),
            ));
        }
        BoardView {
            shape: Shape::Square {
                width: SIDE,
                height: SIDE,
            },
            cells: (0..CELLS).map(|c| GRID.name(c)).collect(),
            pieces,
            walls: Vec::new(),
            sides: Vec::new(),
            players: (0..2)
                .map(|s| PlayerView {
                    name: SEAT_NAMES[s].to_string(),
                    color: SEAT_COLORS[s],
                })
                .collect(),
            to_move: self.outcome.is_none().then(|| self.to_move()),
            outcome: self.outcome,
            prompt: self.prompt(),
            marked: Vec::new(),
            highlight,
            facts,
            lifted: Vec::new(),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Text helpers
// ---------------------------------------------------------------------------------------------

/// Random (piece, cell) pairs a random step draws before falling back on the arrangement:
/// enough that the fallback never happens in practice ((63/64)^10000 < 1e-60), so random
/// games and playouts are uniform.
const DRAW_TRIES: usize = 10_000;

fn bit(n: u8) -> u64 {
    1u64 << (n - 1)
}

/// A piece number in canonical form: 1 to 64, digits only, no leading zero.
fn parse_piece(text: &str) -> Option<u8> {
    if text.is_empty() || text.len() > 2 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if text.starts_with('0') {
        return None;
    }
    let n: u8 = text.parse().ok()?;
    (1..=64).contains(&n).then_some(n)
}

/// Every line of four cells: from each cell east, north, north-east and south-east.
#[cfg(any(feature = "study", not(target_arch = "wasm32")))]
/// A chain's cells by name, in order along its line.
fn chain_cells(chain: &Chain) -> [String; 4] {
    chain.cells.map(|c| GRID.name(c))
}

#[cfg(any(feature = "study", not(target_arch = "wasm32")))]
/// A line of cells in words: its two ends ("e1–e4").
fn span(names: &[String; 4]) -> String {
    format!("{}–{}", names[0], names[3])
}

fn lines() -> impl Iterator<Item = [usize; 4]> {
    LINES.iter().map(|l| l.map(|c| c as usize))
}

/// How many lines of four the board has: 5 × 8 each way along ranks and files, 5 × 5 along
/// each diagonal direction.
const LINE_COUNT: usize = 2 * (SIDE - 3) * SIDE + 2 * (SIDE - 3) * (SIDE - 3);

/// The lines of four, in the order `lines` gives them: by first cell (a1 = 0), then east,
/// north, north-east, south-east.
const LINES: [[u8; 4]; LINE_COUNT] = {
    let mut out = [[0u8; 4]; LINE_COUNT];
    let dirs: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
    let mut len = 0;
    let mut start = 0;
    while start < CELLS {
        let (file, rank) = ((start % SIDE) as isize, (start / SIDE) as isize);
        let mut d = 0;
        while d < 4 {
            let (df, dr) = dirs[d];
            let (f3, r3) = (file + 3 * df, rank + 3 * dr);
            if f3 >= 0 && f3 < SIDE as isize && r3 >= 0 && r3 < SIDE as isize {
                let mut i = 0;
                while i < 4 {
                    let (f, r) = (file + i as isize * df, rank + i as isize * dr);
                    out[len][i] = (r * SIDE as isize + f) as u8;
                    i += 1;
                }
                len += 1;
            }
            d += 1;
        }
        start += 1;
    }
    assert!(len == LINE_COUNT);
    out
};

#[cfg(test)]
mod tests;
