//! What Mark Steere's two square connection games share: Red (seat 0) joins the top and
//! bottom sides, Blue (seat 1) the left and right.

use super::about::{option_keys, size_option, OptionDecl};
use crate::bits::nth_set_bit;
use crate::game::{diagram_rows, Color, Error, PlayerView, Seat, Side, SideView};
use crate::geometry::square::{Axis, SquareGrid};
use crate::options::SizeOptions;

/// Both are played on `n × n` boards, 3 ≤ n ≤ 19, 8 by default (docs/RULES.md).
pub const MIN_SIZE: usize = 3;
pub const MAX_SIZE: usize = 19;
pub const DEFAULT_SIZE: usize = 8;
/// The options both games take: the board size.
pub const OPTIONS: &[OptionDecl] = &[size_option(MIN_SIZE, MAX_SIZE, DEFAULT_SIZE)];
pub const OPTION_KEYS: &[&str] = &option_keys::<1>(OPTIONS);

/// The only option is the board size.
pub type Options = SizeOptions<MIN_SIZE, MAX_SIZE, DEFAULT_SIZE>;

pub const NAMES: [&str; 2] = ["Red", "Blue"];
pub const COLORS: [Color; 2] = [Color::Red, Color::Blue];

/// The sides a seat joins.
pub fn axis(seat: Seat) -> Axis {
    if seat == 0 {
        Axis::BottomTop
    } else {
        Axis::LeftRight
    }
}

/// A shortest path of `seat`'s pieces joining its sides (`own` says which cells hold them).
pub fn winning_path(
    grid: &SquareGrid,
    seat: Seat,
    own: impl Fn(usize) -> bool,
) -> Option<Vec<usize>> {
    grid.side_to_side_path(axis(seat), own)
}

/// The board's sides coloured by goal.
pub fn sides() -> Vec<SideView> {
    [
        (Side::Top, 0),
        (Side::Bottom, 0),
        (Side::Left, 1),
        (Side::Right, 1),
    ]
    .into_iter()
    .map(|(side, seat)| SideView {
        side,
        color: COLORS[seat],
    })
    .collect()
}

pub fn players() -> Vec<PlayerView> {
    (0..2)
        .map(|seat| PlayerView {
            name: NAMES[seat].to_string(),
            color: COLORS[seat],
        })
        .collect()
}

/// The cells of a board drawn as text, one line per rank, the top rank first, each with
/// `size` characters `R` (red), `B` (blue) or `.` (empty); spaces are ignored, blank lines
/// skipped, and `/` also ends a rank. The cells are indexed rank by rank from a1, each 0
/// (empty), 1 (red) or 2 (blue).
pub fn read_diagram(diagram: &str, size: usize) -> Result<Vec<u8>, Error> {
    let rows = diagram_rows(&diagram.replace('/', "\n"));
    if rows.len() != size {
        return Err(Error::syntax(format!(
            "the diagram has {} ranks; a {size}×{size} board needs {size}",
            rows.len()
        )));
    }
    let mut cells = vec![0; size * size];
    for (i, marks) in rows.iter().enumerate() {
        let rank = size - 1 - i;
        if marks.len() != size {
            return Err(Error::syntax(format!(
                "rank {} of the diagram has {} cells, not {size}",
                rank + 1,
                marks.len()
            )));
        }
        for (file, &mark) in marks.iter().enumerate() {
            cells[rank * size + file] = match mark {
                '.' => 0,
                'R' | 'r' => 1,
                'B' | 'b' => 2,
                other => {
                    return Err(Error::syntax(format!(
                        "{other:?} in the diagram is not R, B or `.`"
                    )))
                }
            };
        }
    }
    Ok(cells)
}

/// The board's symmetries that keep both goals (Red's top and bottom, Blue's left and right
/// sides): the identity, the mirror across the middle file, the mirror across the middle
/// rank, and the half turn (both), as (mirror the files, mirror the ranks). Each is its own
/// inverse. The rules of both games treat every cell alike, so a position and its image
/// have the same result with best play: the solver keys its table by the least image
/// (`SearchHints::canonical_key`).
pub const GOAL_SYMMETRIES: [(bool, bool); 4] =
    [(false, false), (true, false), (false, true), (true, true)];

/// The image of cell `c` of an `n × n` board under `symmetry` (one of [`GOAL_SYMMETRIES`]).
#[inline]
pub fn image_of_cell(n: usize, c: usize, (files, ranks): (bool, bool)) -> usize {
    let (f, r) = (c % n, c / n);
    let f = if files { n - 1 - f } else { f };
    let r = if ranks { n - 1 - r } else { r };
    r * n + f
}

/// The least of `key(image)` over the goal symmetries, where `image(c)` is the cell whose
/// contents the image has at cell `c` (the symmetries are their own inverses, so that is
/// also where `c` goes).
pub fn least_image_key(
    n: usize,
    key: impl Fn(&dyn Fn(usize) -> usize, (bool, bool)) -> u128,
) -> u128 {
    GOAL_SYMMETRIES
        .iter()
        .map(|&symmetry| key(&|c| image_of_cell(n, c, symmetry), symmetry))
        .min()
        .expect("the identity is a symmetry")
}

/// Words in a board's bit set: the largest board, 19 × 19 = 361 cells, fits six.
pub const WORDS: usize = (MAX_SIZE * MAX_SIZE).div_ceil(64);

/// A set of cells of an `n × n` board: bit `c` is cell index `c` (rank * n + file), so the
/// default 8 × 8 board is the first word alone. Bits past the board stay zero.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bits(pub [u64; WORDS]);

impl Bits {
    pub const EMPTY: Bits = Bits([0; WORDS]);

    #[inline]
    pub fn has(&self, c: usize) -> bool {
        self.0[c >> 6] >> (c & 63) & 1 != 0
    }

    #[inline]
    pub fn insert(&mut self, c: usize) {
        self.0[c >> 6] |= 1 << (c & 63);
    }

    #[inline]
    pub fn remove(&mut self, c: usize) {
        self.0[c >> 6] &= !(1 << (c & 63));
    }

    /// Cells in neither set, on an `n × n` board.
    #[inline]
    pub fn empty_cells(n: usize, a: &Bits, b: &Bits) -> Bits {
        let board = &MASKS[n].board;
        Bits(std::array::from_fn(|i| board.0[i] & !(a.0[i] | b.0[i])))
    }

    pub fn count(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The cells in index order.
    #[inline]
    pub fn cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &word)| {
            let mut w = word;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let bit = w.trailing_zeros() as usize;
                    w &= w - 1;
                    i * 64 + bit
                })
            })
        })
    }

    /// The `k`-th cell in index order (from 0), if the set has more than `k`.
    #[inline]
    pub fn nth(&self, mut k: usize) -> Option<usize> {
        for (i, &w) in self.0.iter().enumerate() {
            let ones = w.count_ones() as usize;
            if k < ones {
                return Some(i * 64 + nth_set_bit(w, k as u32) as usize);
            }
            k -= ones;
        }
        None
    }
}

impl std::ops::BitAnd for Bits {
    type Output = Bits;
    #[inline]
    fn bitand(self, other: Bits) -> Bits {
        Bits(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }
}

impl std::ops::BitOr for Bits {
    type Output = Bits;
    #[inline]
    fn bitor(self, other: Bits) -> Bits {
        Bits(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }
}

impl Bits {
    /// The cells of `self` not in `other`.
    #[inline]
    pub fn and_not(self, other: Bits) -> Bits {
        Bits(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    /// The cells `c` of an `n × n` board whose cell at file + `df`, rank + `dr` (each -1, 0
    /// or 1) is on the board and in `self`: the set seen from one step away. Always inlined:
    /// its direction is a constant at every call, and left to itself the compiler made it a
    /// call, 15% of Scattercut's benchmark.
    #[inline(always)]
    pub fn seen_from(&self, n: usize, df: isize, dr: isize) -> Bits {
        let m = &MASKS[n];
        let offset = dr * n as isize + df;
        let out = if offset >= 0 {
            shift_down(&self.0, offset as u32)
        } else {
            shift_up(&self.0, (-offset) as u32)
        };
        // Cells on the first or last file would wrap round to the other side.
        let files = match df {
            1 => &m.has_right,
            -1 => &m.has_left,
            _ => &m.board,
        };
        Bits(std::array::from_fn(|i| out[i] & files.0[i] & m.board.0[i]))
    }
}

/// Bit `c + s` of the result is bit `c` of `x` (0 ≤ s < 64).
#[inline]
fn shift_up(x: &[u64; WORDS], s: u32) -> [u64; WORDS] {
    if s == 0 {
        return *x;
    }
    std::array::from_fn(|i| x[i] << s | if i > 0 { x[i - 1] >> (64 - s) } else { 0 })
}

/// Bit `c` of the result is bit `c + s` of `x` (0 ≤ s < 64).
#[inline]
fn shift_down(x: &[u64; WORDS], s: u32) -> [u64; WORDS] {
    if s == 0 {
        return *x;
    }
    std::array::from_fn(|i| {
        x[i] >> s
            | if i + 1 < WORDS {
                x[i + 1] << (64 - s)
            } else {
                0
            }
    })
}

/// Fixed cell sets of one board size, for the connection fill.
struct Masks {
    board: Bits,
    /// Cells with a neighbour to the left (file > 0), to the right (file < n - 1).
    has_left: Bits,
    has_right: Bits,
    bottom: Bits,
    top: Bits,
    left: Bits,
    right: Bits,
}

impl Masks {
    /// The two sides `seat` joins: the one its paths start from and the one they reach.
    fn sides(&self, seat: Seat) -> (&Bits, &Bits) {
        if seat == 0 {
            (&self.bottom, &self.top)
        } else {
            (&self.left, &self.right)
        }
    }
}

const fn masks(n: usize) -> Masks {
    let mut m = Masks {
        board: Bits::EMPTY,
        has_left: Bits::EMPTY,
        has_right: Bits::EMPTY,
        bottom: Bits::EMPTY,
        top: Bits::EMPTY,
        left: Bits::EMPTY,
        right: Bits::EMPTY,
    };
    let mut c = 0;
    while c < n * n {
        let (file, rank) = (c % n, c / n);
        let (word, bit) = (c >> 6, 1u64 << (c & 63));
        m.board.0[word] |= bit;
        if file > 0 {
            m.has_left.0[word] |= bit;
        } else {
            m.left.0[word] |= bit;
        }
        if file + 1 < n {
            m.has_right.0[word] |= bit;
        } else {
            m.right.0[word] |= bit;
        }
        if rank == 0 {
            m.bottom.0[word] |= bit;
        }
        if rank + 1 == n {
            m.top.0[word] |= bit;
        }
        c += 1;
    }
    m
}

/// Masks by board size (sizes below `MIN_SIZE` are unused and empty).
static MASKS: [Masks; MAX_SIZE + 1] = {
    let mut all = [const { masks(0) }; MAX_SIZE + 1];
    let mut n = MIN_SIZE;
    while n <= MAX_SIZE {
        all[n] = masks(n);
        n += 1;
    }
    all
};

/// Whether the cells of `own` join `seat`'s two sides of an `n × n` board, orthogonally.
/// A flood fill on words: the whole reached set grows by one cell in all four directions
/// per round. Monomorphised by the number of words the board needs, so the default board
/// works on one `u64`.
pub fn joins_sides(n: usize, own: &Bits, seat: Seat) -> bool {
    let m = &MASKS[n];
    let (from, to) = m.sides(seat);
    match (n * n).div_ceil(64) {
        1 => fill::<1>(n, own, from, to, m),
        2 => fill::<2>(n, own, from, to, m),
        3 | 4 => fill::<4>(n, own, from, to, m),
        _ => fill::<WORDS>(n, own, from, to, m),
    }
}

#[inline(always)]
fn head<const W: usize>(b: &Bits) -> [u64; W] {
    std::array::from_fn(|i| b.0[i])
}

/// `reach` and the orthogonal neighbours of its cells (c - 1, c + 1, c + n, c - n), with
/// the bits carried across word boundaries.
#[inline(always)]
fn grow<const W: usize>(
    n: usize,
    reach: &[u64; W],
    has_left: &[u64; W],
    has_right: &[u64; W],
) -> [u64; W] {
    std::array::from_fn(|i| {
        let lo = |j: usize, mask: &[u64; W]| if j < W { reach[j] & mask[j] } else { 0 };
        let left = (reach[i] & has_left[i]) >> 1 | lo(i + 1, has_left) << 63;
        let right = (reach[i] & has_right[i]) << 1
            | if i > 0 {
                (reach[i - 1] & has_right[i - 1]) >> 63
            } else {
                0
            };
        let up = reach[i] << n | if i > 0 { reach[i - 1] >> (64 - n) } else { 0 };
        let down = reach[i] >> n
            | if i + 1 < W {
                reach[i + 1] << (64 - n)
            } else {
                0
            };
        reach[i] | left | right | up | down
    })
}

#[inline(always)]
fn fill<const W: usize>(n: usize, own: &Bits, from: &Bits, to: &Bits, m: &Masks) -> bool {
    let own = head::<W>(own);
    let to = head::<W>(to);
    let from = head::<W>(from);
    let (has_left, has_right) = (head::<W>(&m.has_left), head::<W>(&m.has_right));
    if (0..W).all(|i| own[i] & to[i] == 0) {
        return false;
    }
    let mut reach: [u64; W] = std::array::from_fn(|i| own[i] & from[i]);
    loop {
        let grown = grow(n, &reach, &has_left, &has_right);
        let next: [u64; W] = std::array::from_fn(|i| grown[i] & own[i]);
        if (0..W).any(|i| next[i] & to[i] != 0) {
            return true;
        }
        if next == reach {
            return false;
        }
        reach = next;
    }
}

/// The distance of a player the opponent's checkers cut off from its goal.
pub const WALLED_OFF: u32 = u8::MAX as u32;

/// The fewest `empty` cells `seat` must fill to join its sides with an orthogonal path of
/// its cells (`own`); [`WALLED_OFF`] if the other cells cut every path. Breadth-first by
/// layers of cost: the cells within distance d, grown through `own` (free) after each layer.
pub fn distance(n: usize, own: &Bits, empty: &Bits, seat: Seat) -> u32 {
    let m = &MASKS[n];
    let (from, to) = m.sides(seat);
    match (n * n).div_ceil(64) {
        1 => layers::<1>(n, own, empty, from, to, m),
        2 => layers::<2>(n, own, empty, from, to, m),
        3 | 4 => layers::<4>(n, own, empty, from, to, m),
        _ => layers::<WORDS>(n, own, empty, from, to, m),
    }
}

#[inline(always)]
fn layers<const W: usize>(
    n: usize,
    own: &Bits,
    empty: &Bits,
    from: &Bits,
    to: &Bits,
    m: &Masks,
) -> u32 {
    let (own, empty) = (head::<W>(own), head::<W>(empty));
    let (from, to) = (head::<W>(from), head::<W>(to));
    let (has_left, has_right) = (head::<W>(&m.has_left), head::<W>(&m.has_right));
    let mut reach: [u64; W] = std::array::from_fn(|i| own[i] & from[i]);
    let mut d = 0;
    loop {
        // Every own cell joined to the cells within distance d is within it too.
        loop {
            let grown = grow(n, &reach, &has_left, &has_right);
            let next: [u64; W] = std::array::from_fn(|i| reach[i] | grown[i] & own[i]);
            if next == reach {
                break;
            }
            reach = next;
        }
        if (0..W).any(|i| reach[i] & to[i] != 0) {
            return d;
        }
        let grown = grow(n, &reach, &has_left, &has_right);
        let new: [u64; W] = std::array::from_fn(|i| (grown[i] | from[i]) & empty[i] & !reach[i]);
        if new.iter().all(|&w| w == 0) {
            return WALLED_OFF;
        }
        for i in 0..W {
            reach[i] |= new[i];
        }
        d += 1;
    }
}

#[cfg(any(feature = "study", not(target_arch = "wasm32")))]
/// The sides `seat` joins to win, in words.
pub fn sides_words(seat: Seat) -> &'static str {
    if seat == 0 {
        "top and bottom"
    } else {
        "left and right"
    }
}

#[cfg(any(feature = "study", not(target_arch = "wasm32")))]
/// Why `seat` won a game of joining sides, in words for a newcomer; `pieces`: "stones".
pub fn connection_reason(seat: Seat, pieces: &str) -> String {
    format!(
        "{}'s {pieces} join its {} sides in one path (highlighted): the first to join their own \
         two sides at the end of a turn wins.",
        NAMES[seat],
        sides_words(seat)
    )
}

#[cfg(any(feature = "study", not(target_arch = "wasm32")))]
/// The threat of `seat` joining its sides with one `piece` ("stone") on any of `cells`.
pub fn connection_threat(
    seat: Seat,
    piece: &str,
    cells: Vec<usize>,
    name: impl Fn(usize) -> String,
) -> Option<crate::game::Threat> {
    let goal = format!("to join its {} sides", sides_words(seat));
    crate::game::Threat::of_cells(NAMES[seat], &goal, piece, cells, name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// The word fill against the breadth-first search, on random boards of every size, at
    /// densities around the percolation threshold where paths are long and winding.
    #[test]
    fn joins_sides_matches_the_path_search() {
        let mut rng = Rng::new(11);
        let mut joined = 0;
        for round in 0..20_000 {
            let n = MIN_SIZE + round % (MAX_SIZE - MIN_SIZE + 1);
            let grid = SquareGrid::new(n, n);
            // Sparse boards too, where ranks or files are missing.
            let percent = 25 + rng.below(50);
            let mut own = Bits::EMPTY;
            for c in 0..n * n {
                if rng.below(100) < percent {
                    own.insert(c);
                }
            }
            for seat in 0..2 {
                let expected = winning_path(&grid, seat, |c| own.has(c)).is_some();
                assert_eq!(joins_sides(n, &own, seat), expected, "size {n} seat {seat}");
                joined += expected as usize;
            }
        }
        assert!((5_000..35_000).contains(&joined), "{joined}");
    }

    #[test]
    fn bit_sets() {
        let mut rng = Rng::new(3);
        for _ in 0..2_000 {
            let mut set = Bits::EMPTY;
            let mut list = Vec::new();
            for c in 0..MAX_SIZE * MAX_SIZE {
                if rng.below(7) == 0 {
                    set.insert(c);
                    list.push(c);
                }
            }
            assert_eq!(set.cells().collect::<Vec<_>>(), list);
            assert_eq!(set.count(), list.len());
            for (k, &c) in list.iter().enumerate() {
                assert_eq!(set.nth(k), Some(c));
                assert!(set.has(c));
            }
            assert_eq!(set.nth(list.len()), None);
            for n in [3, 8, 11, 19] {
                // Bits past the board are always zero.
                let on_board: Vec<usize> = list.iter().copied().filter(|&c| c < n * n).collect();
                let mut set = Bits::EMPTY;
                on_board.iter().for_each(|&c| set.insert(c));
                for (df, dr) in [
                    (-1, -1),
                    (0, -1),
                    (1, -1),
                    (-1, 0),
                    (1, 0),
                    (-1, 1),
                    (0, 1),
                    (1, 1),
                ] {
                    let seen = set.seen_from(n, df, dr);
                    let expected: Vec<usize> = (0..n * n)
                        .filter(|&c| {
                            let (f, r) = ((c % n) as isize + df, (c / n) as isize + dr);
                            (0..n as isize).contains(&f)
                                && (0..n as isize).contains(&r)
                                && on_board.contains(&((r * n as isize + f) as usize))
                        })
                        .collect();
                    assert_eq!(seen.cells().collect::<Vec<_>>(), expected, "{n} {df} {dr}");
                }
            }
            if let Some(&c) = list.first() {
                set.remove(c);
                assert!(!set.has(c));
            }
        }
        let (a, b) = (Bits::EMPTY, Bits::EMPTY);
        assert_eq!(Bits::empty_cells(19, &a, &b).count(), 361);
        assert_eq!(Bits::empty_cells(8, &a, &b).0, [u64::MAX, 0, 0, 0, 0, 0]);
    }
}
