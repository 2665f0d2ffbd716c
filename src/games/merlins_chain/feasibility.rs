//! Whether the grey pieces of a Merlin's Chain position can still be arranged, and which
//! flips keep it so.
//!
//! # Feasibility
//! In each column, the played pieces cut the free cells into *segments*: a run of `k` free
//! cells between a played piece `lo` below (or the bottom edge, `lo = 0`) and a played piece
//! `hi` above (or the top edge, `hi = 65`). A segment must receive exactly `k` grey numbers
//! strictly between `lo` and `hi`; any such numbers can be sorted into it. So a position is
//! feasible exactly when the grey numbers can be matched to the segments' slots, each number
//! to a segment whose open interval contains it: an interval matching.
//!
//! * `arrange` decides it greedily: numbers in ascending order, each to the open segment
//!   (containing it, with room) whose upper bound is smallest. This earliest-deadline rule is
//!   the classic exchange argument; the unit tests check it against brute force.
//! * `for_each_legal` lists every legal flip at once through Hall's condition. With
//!   `slack(x, y)` = (grey numbers in `[x, y]`) − (slots of the segments whose whole range
//!   lies in `[x, y]`), a position is feasible iff `slack ≥ 0` for every `x ≤ y`. Flipping `n`
//!   into segment `S = [a, b]` (the range `lo+1 ..= hi-1`, `k` cells) at its `j`-th free cell
//!   splits `S` into `[a, n-1]` with `j` slots and `[n+1, b]` with `k-1-j` slots and removes
//!   `n`. Working through which ranges contain `S`, the two halves and `n`, the new position is
//!   feasible iff (all mins over the current slack table; an empty range counts as 0):
//!   - `j ≤ A = min_{x ≤ a} slack(x, n-1)` (the lower half fits),
//!   - `k-1-j ≤ B = min_{y ≥ b} slack(n+1, y)` (the upper half fits),
//!   - `j + 1 ≤ C = min_{x ≤ a, n ≤ y < b} slack(x, y)`,
//!   - `k - j ≤ E = min_{a < x ≤ n, y ≥ b} slack(x, y)`,
//!   - `1 ≤ F = min_{a < x ≤ n ≤ y < b} slack(x, y)`,
//!
//!   so the legal cells of `n` in a segment form one run of `j`. Only the segments' lower
//!   bounds matter as `x` (`HallTables`): with `p` distinct ones the tables cost O(64·p)
//!   per call and each segment O(L·p) for its range length `L`.

use std::cell::RefCell;

use super::*;

// ---------------------------------------------------------------------------------------------
// Feasibility, on any `w × h` board holding pieces 1..=w*h (the tests use small boards).
// `cells[rank * w + file]` is the played piece there, 0 when free.
// ---------------------------------------------------------------------------------------------

/// A run of `k ≥ 1` free cells in column `col`, ranks `start..start + k`, between the played
/// pieces `lo` below (0: the bottom edge) and `hi` above (`w*h + 1`: the top edge).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Seg {
    col: u8,
    start: u8,
    k: u8,
    lo: u8,
    hi: u8,
}

pub(super) struct Segs {
    list: [Seg; MAXN],
    len: usize,
}

impl Segs {
    fn iter(&self) -> impl Iterator<Item = &Seg> {
        self.list[..self.len].iter()
    }
}

/// The first column whose played pieces do not ascend.
pub(super) fn disordered_column(w: usize, h: usize, cells: &[u8]) -> Option<usize> {
    (0..w).find(|&col| {
        let mut last = 0;
        (0..h).any(|r| {
            let v = cells[r * w + col];
            if v == 0 {
                return false;
            }
            let bad = v <= last;
            last = v;
            bad
        })
    })
}

/// The free segments, or None when some column's played pieces do not ascend.
pub(super) fn segments(w: usize, h: usize, cells: &[u8]) -> Option<Segs> {
    let top = (w * h + 1) as u8;
    let mut segs = Segs {
        list: [Seg::default(); MAXN],
        len: 0,
    };
    for col in 0..w {
        let mut lo = 0u8;
        let mut start = 0usize;
        for r in 0..=h {
            let v = if r == h { top } else { cells[r * w + col] };
            if v == 0 {
                continue;
            }
            if v <= lo {
                return None;
            }
            if r > start {
                segs.list[segs.len] = Seg {
                    col: col as u8,
                    start: start as u8,
                    k: (r - start) as u8,
                    lo,
                    hi: v,
                };
                segs.len += 1;
            }
            lo = v;
            start = r + 1;
        }
    }
    Some(segs)
}

/// A valid arrangement of the unplayed numbers on the free cells (played ones kept), or None
/// if there is none. Greedy: numbers ascending, each to the open segment containing it that
/// closes lowest (ties: most room left, then first in column order), filled bottom up.
pub(super) fn arrange(w: usize, h: usize, cells: &[u8]) -> Option<[u8; MAXN]> {
    let nmax = w * h;
    let segs = segments(w, h, cells)?;
    let mut played = [false; MAXN + 2];
    for &v in &cells[..nmax] {
        played[v as usize] = true;
    }
    let mut room = [0u8; MAXN];
    for (i, s) in segs.iter().enumerate() {
        room[i] = s.k;
    }
    let mut out = [0u8; MAXN];
    out[..nmax].copy_from_slice(&cells[..nmax]);
    for n in 1..=nmax as u8 {
        if played[n as usize] {
            continue;
        }
        let mut best: Option<usize> = None;
        for (i, s) in segs.iter().enumerate() {
            if room[i] == 0 || s.lo >= n || s.hi <= n {
                continue;
            }
            let better = match best {
                None => true,
                Some(b) => {
                    let t = segs.list[b];
                    s.hi < t.hi || (s.hi == t.hi && room[i] > room[b])
                }
            };
            if better {
                best = Some(i);
            }
        }
        let i = best?;
        let s = segs.list[i];
        let r = (s.start + s.k - room[i]) as usize;
        out[r * w + s.col as usize] = n;
        room[i] -= 1;
    }
    Some(out)
}

// ---------------------------------------------------------------------------------------------
// The arrangement shown after a flip: the valid one nearest the one shown before.
// ---------------------------------------------------------------------------------------------

/// Feasibility checks the exact search for the nearest arrangement may spend before it
/// settles for the near one it found first: about 95% of the flips of random games are
/// proven within it, and the slowest flip of six random games took 18 ms in Chromium.
pub(super) const NEAR_BUDGET: usize = 1500;

/// A valid arrangement of the unplayed numbers on the free cells of `cells` (played ones
/// kept) that moves the fewest grey tiles from `shown` (what was on each cell before: a tile
/// stays when it is on the same cell in both), and whether that fewest is proven (false when
/// the search ran out of budget and settled for a good one). None when there is no valid
/// arrangement at all. `shown` is only a hint: numbers that are played, repeated or out of
/// range in it are ignored.
///
/// Keeping a set `K` of tiles on their cells is possible exactly when the position with `K`
/// counted as played is feasible; then `arrange` fills the rest. So the search looks for the
/// smallest set of tiles to let go. When keeping the rest fails, some range of numbers
/// `[x, y]` breaks Hall's condition (the free runs lying in it have more cells than there are
/// grey numbers in it, see the module docs), and any fix lets go of a kept tile whose number
/// is in `[x, y]` or that bounds a run lying in it: the search branches on those tiles,
/// deepening one tile at a time.
pub(super) fn arrange_near(
    w: usize,
    h: usize,
    cells: &[u8],
    shown: &[u8],
) -> Option<([u8; MAXN], bool)> {
    let mut checks = 0;
    let nearest = search_near(w, h, cells, shown, &mut checks);
    crate::work::arrangement_search(checks);
    nearest
}

/// [`arrange_near`], with the feasibility checks it spent in `checks`.
fn search_near(
    w: usize,
    h: usize,
    cells: &[u8],
    shown: &[u8],
    checks: &mut usize,
) -> Option<([u8; MAXN], bool)> {
    let nmax = w * h;
    segments(w, h, cells)?;
    // The tiles that may stay: (number, cell), at most one a number.
    let mut seen = [false; MAXN + 2];
    for &v in &cells[..nmax] {
        seen[v as usize] = true;
    }
    let mut tiles: Vec<(u8, usize)> = Vec::new();
    for (c, &v) in cells[..nmax].iter().enumerate() {
        let g = shown.get(c).copied().unwrap_or(0);
        if v == 0 && g != 0 && (g as usize) <= nmax && !seen[g as usize] {
            seen[g as usize] = true;
            tiles.push((g, c));
        }
    }
    let mut search = NearSearch {
        w,
        h,
        cells,
        tiles: &tiles,
        checks: 0,
        visited: std::collections::HashMap::new(),
    };
    // A first answer: let go of the first tile of each conflict until none is left.
    let mut released = 0u64;
    let greedy = loop {
        let checked = search.check(released);
        *checks = search.checks;
        match checked {
            Ok(a) => break a,
            Err(hit) => match hit.first() {
                Some(&t) => released |= 1 << t,
                None => return arrange(w, h, cells).map(|a| (a, false)),
            },
        }
    };
    // Keep again each tile the conflicts let go of that can stay after all: the set let go of
    // is then minimal, if not always the smallest.
    for i in 0..tiles.len() {
        if released & 1 << i != 0 && search.check(released & !(1 << i)).is_ok() {
            released &= !(1 << i);
        }
    }
    let greedy = search.check(released).unwrap_or(greedy);
    let greedy_cost = released.count_ones();
    for depth in 0..greedy_cost {
        let found = search.deepen(0, depth);
        *checks = search.checks;
        match found {
            Some(a) => return Some((a, true)),
            None if search.checks > NEAR_BUDGET => return Some((greedy, false)),
            None => {}
        }
    }
    *checks = search.checks;
    Some((greedy, search.checks <= NEAR_BUDGET))
}

pub(super) struct NearSearch<'a> {
    w: usize,
    h: usize,
    cells: &'a [u8],
    tiles: &'a [(u8, usize)],
    checks: usize,
    /// Sets of released tiles already searched, with the depth left then.
    visited: std::collections::HashMap<u64, u32>,
}

impl NearSearch<'_> {
    /// Lets go of at most `left` more tiles besides `released`; the arrangement, if any.
    fn deepen(&mut self, released: u64, left: u32) -> Option<[u8; MAXN]> {
        if self.checks > NEAR_BUDGET {
            return None;
        }
        match self.visited.get(&released) {
            Some(&done) if done >= left => return None,
            _ => {}
        }
        self.visited.insert(released, left);
        let hit = match self.check(released) {
            Ok(a) => return Some(a),
            Err(hit) => hit,
        };
        if left == 0 {
            return None;
        }
        for t in hit {
            if let Some(a) = self.deepen(released | 1 << t, left - 1) {
                return Some(a);
            }
        }
        None
    }

    /// The arrangement keeping every tile not in `released`, or the tiles one of which must
    /// go for that to work (the smallest such list found).
    fn check(&mut self, released: u64) -> Result<[u8; MAXN], Vec<usize>> {
        self.checks += 1;
        let (w, h, nmax) = (self.w, self.h, self.w * self.h);
        let mut board = [0u8; MAXN];
        board[..nmax].copy_from_slice(&self.cells[..nmax]);
        // The tile kept on each cell, as an index into `tiles`.
        let mut kept = [usize::MAX; MAXN];
        for (i, &(g, c)) in self.tiles.iter().enumerate() {
            if released & 1 << i == 0 {
                board[c] = g;
                kept[c] = i;
            }
        }
        if let Some(a) = arrange(w, h, &board) {
            return Ok(a);
        }
        // A column out of order: a kept tile sits against a played piece (or another kept
        // tile) that it no longer fits; one of the pair must go.
        if let Some(col) = disordered_column(w, h, &board) {
            let mut last: Option<usize> = None;
            for r in 0..h {
                let c = r * w + col;
                if board[c] == 0 {
                    continue;
                }
                if let Some(b) = last {
                    if board[b] >= board[c] {
                        return Err([b, c]
                            .iter()
                            .filter(|&&x| kept[x] != usize::MAX)
                            .map(|&x| kept[x])
                            .collect());
                    }
                }
                last = Some(c);
            }
        }
        let Some(segs) = segments(w, h, &board) else {
            return Err(Vec::new());
        };
        let mut grey_upto = [0u16; MAXN + 2];
        let mut played = [false; MAXN + 2];
        for &v in &board[..nmax] {
            played[v as usize] = true;
        }
        for v in 1..=nmax + 1 {
            grey_upto[v] = grey_upto[v - 1] + u16::from(v <= nmax && !played[v]);
        }
        // Hall's condition over the ranges that start and end at a run's bounds: for each
        // lower end, the runs by upper bound, counting the room of those inside. Of the
        // ranges short of room, the one with the fewest tiles to branch on (estimated: kept
        // tiles with a number in it, two a run inside it) is the one explained.
        let mut kept_upto = [0u16; MAXN + 2];
        for v in 1..=nmax + 1 {
            kept_upto[v] = kept_upto[v - 1];
        }
        for (c, &i) in kept[..nmax].iter().enumerate() {
            if i != usize::MAX {
                for k in &mut kept_upto[board[c] as usize..=nmax + 1] {
                    *k += 1;
                }
            }
        }
        let mut by_hi: Vec<Seg> = segs.iter().copied().collect();
        // Insertion sorts: a few dozen items at most, and the standard sorts cost kilobytes of wasm.
        crate::game::sort_short_by_key(&mut by_hi, |r| &r.hi);
        let mut best: Option<(u16, usize, usize)> = None;
        for s in segs.iter() {
            let x = s.lo as usize + 1;
            let (mut slots, mut runs) = (0u16, 0u16);
            for t in &by_hi {
                if t.lo as usize + 1 < x {
                    continue;
                }
                slots += t.k as u16;
                runs += 1;
                // y = x - 1: a run between two numbers with none between them.
                let y = t.hi as usize - 1;
                if slots > grey_upto[y] - grey_upto[x - 1] {
                    let estimate = kept_upto[y] - kept_upto[x - 1] + 2 * runs;
                    if best.map_or(true, |(e, _, _)| estimate < e) {
                        best = Some((estimate, x, y));
                    }
                }
            }
        }
        let Some((_, x, y)) = best else {
            return Err(Vec::new());
        };
        let inside = |r: &Seg| r.lo as usize + 1 >= x && r.hi as usize - 1 <= y;
        let mut hit: Vec<usize> = Vec::new();
        for (c, &i) in kept[..nmax].iter().enumerate() {
            if i != usize::MAX && (x..=y).contains(&(board[c] as usize)) {
                hit.push(i);
            }
        }
        for r in segs.iter().filter(|r| inside(r)) {
            let below = r.start as usize;
            let above = (r.start + r.k) as usize;
            if below > 0 {
                hit.push(kept[(below - 1) * w + r.col as usize]);
            }
            if above < h {
                hit.push(kept[above * w + r.col as usize]);
            }
        }
        hit.retain(|&i| i != usize::MAX);
        crate::game::sort_short(&mut hit);
        hit.dedup();
        Err(hit)
    }
}

/// Most segments an 8×8 position has: a column of eight cells holds at most four runs of
/// free cells.
pub(super) const MAX_SEGMENTS: usize = 32;

/// The cells of file a (bit = cell index).
pub(super) const FILE_A: u64 = 0x0101_0101_0101_0101;

/// The 8×8 board's segments sorted by their upper bound, for checking many flips of one
/// position quickly (random steps). `range[i]` is segment `i` as (lowest, highest number that
/// fits, slots).
pub(super) struct SortedSegments {
    pub(super) range: [(u8, u8, u8); MAX_SEGMENTS],
    /// The cell of each segment's lowest slot; slot `j` is `j` ranks above it.
    pub(super) bottom: [u8; MAX_SEGMENTS],
    pub(super) len: usize,
    /// Bit `v-1` for each played `v` right above a free cell: the upper bounds of the
    /// segments below the top edge.
    caps: u64,
}

impl SortedSegments {
    /// The segments of a position, by ascending upper bound. A played piece caps at most one
    /// segment (the free run right below it), so those bounds are distinct and each such
    /// segment's place is the number of smaller bounds: no scan of the cells and no sort.
    /// The segments that reach the top edge (bound 65) come last, in file order, the order
    /// the greedy has always used for them. A position whose columns do not ascend (never
    /// after legal play) gives segments that fit no number, so no flip fits.
    pub(super) fn of(p: &Position) -> SortedSegments {
        let mut out = SortedSegments {
            range: [(0, 0, 0); MAX_SEGMENTS],
            bottom: [0; MAX_SEGMENTS],
            len: 0,
            caps: 0,
        };
        let capping = p.filled & !p.filled << SIDE;
        let mut cells = capping;
        while cells != 0 {
            out.caps |= bit(p.cells[cells.trailing_zeros() as usize]);
            cells &= cells - 1;
        }
        let mut cells = capping;
        while cells != 0 {
            let cell = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            let hi = p.cells[cell];
            let at = (out.caps & (bit(hi) - 1)).count_ones() as usize;
            out.put(at, p, cell, (1 << cell) - 1, hi);
        }
        let mut at = out.caps.count_ones() as usize;
        let mut open_files = !p.filled >> (CELLS - SIDE);
        while open_files != 0 {
            let file = open_files.trailing_zeros() as usize;
            open_files &= open_files - 1;
            out.put(at, p, CELLS + file, u64::MAX, CELLS as u8 + 1);
            at += 1;
        }
        out.len = at;
        out
    }

    /// Writes segment `at`: the free run right below `cell` (a played `hi`, or the cell past
    /// the top of a file with `hi` 65), where `below` holds the cells below `cell`.
    fn put(&mut self, at: usize, p: &Position, cell: usize, below: u64, hi: u8) {
        let file = cell % SIDE;
        let filled_below = p.filled & FILE_A << file & below;
        let (bottom, lo) = match filled_below {
            0 => (file, 0),
            _ => {
                let top = 63 - filled_below.leading_zeros() as usize;
                (top + SIDE, p.cells[top])
            }
        };
        self.range[at] = (lo + 1, hi - 1, ((cell - bottom) / SIDE) as u8);
        self.bottom[at] = bottom as u8;
    }

    /// Whether flipping the grey `n` onto the free cell `cell` leaves a feasible position
    /// (`grey`: bit `m-1` for every unplayed `m`, `n` included).
    #[cfg(test)]
    pub(super) fn flip_fits_on(&self, grey: u64, n: u8, cell: usize) -> bool {
        let i = (0..self.len)
            .find(|&i| {
                let (bottom, k) = (self.bottom[i] as usize, self.range[i].2 as usize);
                cell % SIDE == bottom % SIDE && (bottom..bottom + k * SIDE).contains(&cell)
            })
            .expect("a free cell lies in a segment");
        let j = (cell - self.bottom[i] as usize) / SIDE;
        self.flip_fits(&mut GreedyPrefix::new(grey), n, i, j as u8)
    }

    /// Whether flipping the grey `n` onto the `j`-th cell (from the bottom) of segment `i`
    /// leaves a feasible position. The segment splits into the part below (numbers up to
    /// `n-1`, `j` slots) and the part above (from `n+1`), and the greedy of `take` runs over
    /// the list with those two in place of the one. The segments whose bounds are below `n`
    /// come first and take the same numbers as in the position itself (none of them can
    /// take `n`), so the greedy starts after them, from `greedy`'s state there.
    pub(super) fn flip_fits(&self, greedy: &mut GreedyPrefix, n: u8, i: usize, j: u8) -> bool {
        let (a, b, k) = self.range[i];
        if n < a || n > b {
            return false;
        }
        let first = (self.caps & (bit(n) - 1)).count_ones() as usize;
        let Some(mut avail) = greedy.before(self, first) else {
            return false;
        };
        avail &= !bit(n);
        if !take(&mut avail, (a, n - 1, j)) {
            return false;
        }
        let above = (n + 1, b, k - 1 - j);
        (first..self.len).all(|idx| {
            let seg = if idx == i { above } else { self.range[idx] };
            take(&mut avail, seg)
        })
    }
}

/// The matching greedy over a position's own segments, run as far as it was needed: what
/// is left of the grey numbers before each segment, worked out once per position for all
/// the flips checked in it.
pub(super) struct GreedyPrefix {
    left: [u64; MAX_SEGMENTS + 1],
    /// Entries `0..=known` of `left` are worked out.
    known: usize,
    /// The greedy failed at segment `known` (the position itself is infeasible).
    stuck: bool,
}

impl GreedyPrefix {
    pub(super) fn new(grey: u64) -> GreedyPrefix {
        let mut left = [0; MAX_SEGMENTS + 1];
        left[0] = grey;
        GreedyPrefix {
            left,
            known: 0,
            stuck: false,
        }
    }

    /// The grey numbers left before segment `at` of `segs`, or None if the greedy fails
    /// before it.
    fn before(&mut self, segs: &SortedSegments, at: usize) -> Option<u64> {
        while self.known < at && !self.stuck {
            let mut avail = self.left[self.known];
            self.stuck = !take(&mut avail, segs.range[self.known]);
            if !self.stuck {
                self.known += 1;
                self.left[self.known] = avail;
            }
        }
        (self.known >= at).then(|| self.left[at])
    }
}

/// Bits `a-1..=b-1`: the numbers `a..=b` (1 ≤ a, b ≤ 64); empty when `a > b`.
pub(super) fn numbers_between(a: u8, b: u8) -> u64 {
    if a > b {
        return 0;
    }
    (u64::MAX << (a - 1)) & (u64::MAX >> (64 - b))
}

/// One step of the matching greedy (segments by ascending upper bound, each taking the
/// smallest grey numbers that fit it): takes `k` numbers from `a..=b` out of `avail`, or says
/// there are not enough. Taking the smallest is safe: any later segment closes no lower.
pub(super) fn take(avail: &mut u64, (a, b, k): (u8, u8, u8)) -> bool {
    if k == 0 {
        return true;
    }
    let fits = *avail & numbers_between(a, b);
    let mut rest = fits;
    for _ in 0..k {
        if rest == 0 {
            return false;
        }
        rest &= rest - 1;
    }
    *avail &= !(fits & !rest);
    true
}

/// A row of values per number `0..=MAXN` (index `MAXN + 1` unused but kept for `n + 1`).
type Row = [i16; MAXN + 2];

/// The Hall tables of one position, over its distinct segment lower bounds only.
///
/// `slack(x, y)` (module docs) changes with `x` only where `x` passes a segment's lower
/// bound: between two bounds `d` < `d'`, every `x` in `(d, d']` sees the same segments
/// within `[x, y]` (those starting at `d'` or later) and the fewest grey numbers at `x = d'`.
/// So a minimum over a range of `x` needs only the lower bounds in it and the range's top,
/// and `slack(x, y) = cnt[y] - cnt[x-1] - within[idx(x)][y]`, where `idx(x)` is the rank of
/// the first lower bound `≥ x`. With `p` distinct lower bounds the tables cost O(p · 64)
/// per position instead of O(64²): after a few flips most columns are still one segment
/// `1..=64`, and `p` is 2 or 3.
pub(super) struct HallTables {
    /// Unplayed numbers `≤ v`.
    cnt: Row,
    /// `idx[x]` for `x` in `1..=nmax + 1`: the lower bounds below `x` (the rank of the first
    /// at or above it; `p` when there is none).
    idx: [u8; MAXN + 2],
    /// `-cnt[d_i - 1]` for the `i`-th lower bound `d_i`.
    base: [i16; MAX_SEGMENTS],
    /// `within[i][y]`: slots of the segments whose range lies in `[d_i, y]` (row `p`: none).
    within: [Row; MAX_SEGMENTS + 1],
    /// `suffix[i][y] = min_{y' ≥ y} (cnt[y'] - within[i][y'])`: with `- cnt[x-1]`, the least
    /// slack over `[x, y' ≥ y]` for any `x` of rank `i`.
    suffix: [Row; MAX_SEGMENTS + 1],
    /// `prefix[i][y] = min_{i' ≤ i} (base[i'] - within[i'][y])`: with `+ cnt[y]`, the least
    /// slack over `[x ≤ d_i, y]`.
    prefix: [Row; MAX_SEGMENTS],
}

impl HallTables {
    const EMPTY: HallTables = HallTables {
        cnt: [0; MAXN + 2],
        idx: [0; MAXN + 2],
        base: [0; MAX_SEGMENTS],
        within: [[0; MAXN + 2]; MAX_SEGMENTS + 1],
        suffix: [[0; MAXN + 2]; MAX_SEGMENTS + 1],
        prefix: [[0; MAXN + 2]; MAX_SEGMENTS],
    };

    /// Fills the tables of `segs` (each with room for a number: `a ≤ b`): every entry the
    /// generator reads, whatever the tables held before. False when the position itself is
    /// infeasible (some `slack < 0`).
    #[allow(clippy::needless_range_loop)] // index arithmetic over the value tables reads best
    fn fill(&mut self, nmax: usize, segs: &Segs, unplayed: &[bool; MAXN + 2]) -> bool {
        let t = self;
        t.cnt[0] = 0;
        for v in 1..=nmax {
            t.cnt[v] = t.cnt[v - 1] + unplayed[v] as i16;
        }
        let mut lows = [false; MAXN + 2];
        for s in segs.iter() {
            lows[s.lo as usize + 1] = true;
        }
        let mut d = [0usize; MAX_SEGMENTS];
        let mut p = 0;
        t.idx[0] = 0;
        for x in 1..=nmax + 1 {
            t.idx[x] = p as u8;
            if lows[x] {
                d[p] = x;
                t.base[p] = -t.cnt[x - 1];
                p += 1;
            }
        }
        // Rows from the highest lower bound down, each the row above plus the segments
        // starting at its bound.
        t.within[p] = [0; MAXN + 2];
        for i in (0..p).rev() {
            let (lower, upper) = t.within.split_at_mut(i + 1);
            lower[i] = upper[0];
            for s in segs.iter().filter(|s| s.lo as usize + 1 == d[i]) {
                for slots in &mut lower[i][s.hi as usize - 1..=nmax] {
                    *slots += s.k as i16;
                }
            }
        }
        for i in 0..=p {
            let (row, within) = (&mut t.suffix[i], &t.within[i]);
            let mut m = INF;
            for y in (0..=nmax).rev() {
                m = m.min(t.cnt[y] - within[y]);
                row[y] = m;
            }
            // The least slack of the ranges starting at d_i: below 0, no arrangement.
            if i < p && row[d[i]] + t.base[i] < 0 {
                return false;
            }
        }
        let mut above = [INF; MAXN + 2];
        for i in 0..p {
            let (row, within) = (&mut t.prefix[i], &t.within[i]);
            for y in 0..=nmax {
                above[y] = above[y].min(t.base[i] - within[y]);
                row[y] = above[y];
            }
        }
        true
    }

    /// `min_{y ≥ b} slack(x, y)` for `x ≤ b`.
    fn least_from(&self, x: usize, b: usize) -> i16 {
        self.suffix[self.idx[x] as usize][b] - self.cnt[x - 1]
    }
}

/// Calls `emit(bottom, flips)` for every segment with legal flips of an unplayed `n` with
/// bit `n-1` in `allowed`, in a feasible position (see the module docs for the conditions):
/// each `(n, offset)` of `flips` puts `n` on the free cell `bottom + offset`, where `bottom`
/// is the segment's lowest cell. The flips come by segment, then by number, then up the
/// column, each once. Emits nothing if the position itself is infeasible.
pub(super) fn for_each_legal(
    w: usize,
    h: usize,
    cells: &[u8],
    allowed: u64,
    emit: impl FnMut(usize, &[(u8, u8)]),
) {
    let nmax = w * h;
    // Every table index below is at most nmax + 1, a column of h cells holds at most
    // h.div_ceil(2) segments, and a segment at most nmax numbers in h cells: said once, so
    // the loops carry no bounds checks.
    assert!(nmax <= MAXN && w * h.div_ceil(2) <= MAX_SEGMENTS && nmax * h <= SEGMENT_FLIPS);
    let Some(segs) = segments(w, h, cells) else {
        return;
    };
    if segs.iter().any(|s| s.lo + 1 >= s.hi) {
        return; // a segment with no number that fits: infeasible
    }
    let mut unplayed = [true; MAXN + 2];
    for &v in &cells[..nmax] {
        unplayed[v as usize] = false;
    }
    GENERATOR.with_borrow_mut(|scratch| {
        if scratch.tables.fill(nmax, &segs, &unplayed) {
            scratch.emit_legal(w, &segs, &unplayed, allowed, emit);
        }
    });
}

/// Most legal flips in one segment: every number of the board onto every cell of a column.
pub(super) const SEGMENT_FLIPS: usize = MAXN * SIDE;
/// Distinct segments whose flips the generator keeps at once (`Scratch::flips`).
pub(super) const CACHED: usize = 4;

/// The generator's working storage, reused from call to call (`GENERATOR`): it writes only
/// what a position needs (a few hundred bytes in most), where storage made afresh cost a
/// 17 kB clear, and a copy of the tables on return, at every call.
pub(super) struct Scratch {
    tables: HallTables,
    /// The legal flips of the last few distinct segments, as `for_each_legal` emits them.
    flips: [[(u8, u8); SEGMENT_FLIPS]; CACHED],
}

thread_local! {
    static GENERATOR: RefCell<Scratch> = const {
        RefCell::new(Scratch {
            tables: HallTables::EMPTY,
            flips: [[(0, 0); SEGMENT_FLIPS]; CACHED],
        })
    };
}

impl Scratch {
    /// `for_each_legal` once the position's tables are filled.
    fn emit_legal(
        &mut self,
        w: usize,
        segs: &Segs,
        unplayed: &[bool; MAXN + 2],
        allowed: u64,
        mut emit: impl FnMut(usize, &[(u8, u8)]),
    ) {
        // The legal flips in a segment, seen from its bottom cell, depend only on its range
        // and length (the tables are the position's), and segments often repeat them (every
        // empty column is 1..=64 with 8 cells): they are worked out once per distinct
        // segment among the last few, and each segment's are emitted as one slice.
        let mut cached_keys = [(0usize, 0usize, 0i16); CACHED];
        let mut cached_len = [0usize; CACHED];
        let (mut filled, mut next_slot) = (0, 0);
        for s in segs.iter() {
            let (a, b, k) = (s.lo as usize + 1, s.hi as usize - 1, s.k as i16);
            let slot = match cached_keys[..filled]
                .iter()
                .position(|&key| key == (a, b, k))
            {
                Some(slot) => slot,
                None => {
                    let slot = next_slot;
                    next_slot = (next_slot + 1) % CACHED;
                    filled = (filled + 1).min(CACHED);
                    cached_keys[slot] = (a, b, k);
                    cached_len[slot] = legal_flips(
                        (a, b, k, w),
                        &self.tables,
                        unplayed,
                        allowed,
                        &mut self.flips[slot],
                    );
                    slot
                }
            };
            let flips = &self.flips[slot][..cached_len[slot]];
            if !flips.is_empty() {
                emit(s.start as usize * w + s.col as usize, flips);
            }
        }
    }
}

/// For a segment with range `a..=b` and `k` cells on a board `w` wide: the legal flips
/// into it, by the conditions in the module docs, as `(n, j * w)` for its `j`-th cell from
/// the bottom, by `n` and then `j`, written to the start of `flips`; returns how many.
#[allow(clippy::needless_range_loop)] // as in `HallTables::fill`
pub(super) fn legal_flips(
    (a, b, k, w): (usize, usize, i16, usize),
    t: &HallTables,
    unplayed: &[bool; MAXN + 2],
    allowed: u64,
    flips: &mut [(u8, u8); SEGMENT_FLIPS],
) -> usize {
    let ia = t.idx[a] as usize;
    // From n = b - 1 down: c_min[n] = C = min_{x ≤ a, n ≤ y < b} slack(x, y), and
    // f_min[n] = F = min_{a < x ≤ n ≤ y < b} slack(x, y). For F, `x` ranges over the lower
    // bounds in (a, n) and n itself; `rest[i]` holds min_{n ≤ y < b} (cnt[y] - within[i][y])
    // for the ranks i that such an x can have.
    let mut c_min = [INF; MAXN + 2];
    let mut f_min = [INF; MAXN + 2];
    let mut rest = [INF; MAX_SEGMENTS + 1];
    let top_rank = t.idx[b.max(1) - 1].max(ia as u8) as usize;
    for n in (a..b).rev() {
        c_min[n] = c_min[n + 1].min(t.cnt[n] + t.prefix[ia][n]);
        if n == a {
            break;
        }
        for i in ia + 1..=top_rank {
            rest[i] = rest[i].min(t.cnt[n] - t.within[i][n]);
        }
        let rank_n = t.idx[n] as usize;
        let mut f = rest[rank_n] - t.cnt[n - 1];
        for i in ia + 1..rank_n {
            f = f.min(rest[i] + t.base[i]);
        }
        f_min[n] = f;
    }
    // E = min_{a < x ≤ n, y ≥ b} slack(x, y), as n grows.
    let mut e_run = INF;
    let mut len = 0;
    for n in a..=b {
        if n > a {
            e_run = e_run.min(t.least_from(n, b));
        }
        if !unplayed[n] || allowed & (1u64 << (n - 1)) == 0 || f_min[n] < 1 {
            continue;
        }
        let big_a = if n > a {
            t.cnt[n - 1] + t.prefix[ia][n - 1]
        } else {
            0
        };
        let big_b = if n < b { t.least_from(n + 1, b) } else { 0 };
        let lo_j = 0.max(k - 1 - big_b).max(k - e_run);
        let hi_j = (k - 1).min(big_a).min(c_min[n] - 1);
        // 0 <= lo_j, hi_j <= k - 1 < h, and n * h flips at most (asserted by the caller).
        for j in lo_j..=hi_j {
            flips[len % SEGMENT_FLIPS] = (n as u8, (j as usize * w) as u8);
            len += 1;
        }
    }
    len
}
