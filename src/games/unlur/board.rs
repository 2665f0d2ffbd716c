//! Unlur's board as play reads it: the geometry tables built once per size, and the stones,
//! groups and empty-cell sets of a position, kept as stones go down. The rules that use
//! them are the [`Game`] implementation in the parent module.

use super::*;

/// Cells on the largest board (side 12), and the words of a cell set that holds them.
pub(super) const MAX_CELLS: usize = 3 * MAX_SIZE * (MAX_SIZE - 1) + 1;
pub(super) const WORDS: usize = MAX_CELLS.div_ceil(64);

/// One neighbour of each run of consecutive set bits of `same` (six bits, one per direction
/// around a cell, cyclic): the first of the run. Neighbours next to each other around a cell
/// are neighbours of each other, so a run is one group and needs one find.
#[inline]
pub(super) fn runs_of(same: u32) -> u32 {
    let starts = same & !(same << 1 | same >> 5) & 0x3F;
    // All six: one run without a start (`starts` is 0 then). No branch: `same` is random
    // in a random game.
    starts | u32::from(same == 0x3F)
}

/// The word holding the `k`-th element of a set whose words hold `counts` elements, and the
/// element's rank within that word (`k` below the set's size). Without a branch: the word is
/// random in a random step, and a mispredicted exit cost more than the comparisons.
#[inline]
pub(super) fn word_of<const W: usize>(sums: &[u64; W], k: u32) -> (usize, u32) {
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
pub(super) fn around_byte(color: u8) -> usize {
    usize::from(color - BLACK) % 2
}

/// Per-cell values in an array whose length `N` is a power of two, indexed modulo `N`: the
/// compiler sees every index in bounds, so the hot loops carry no bounds check (a tenth of
/// a random step's instructions). Every index used is a cell of the board or the one past
/// it, so the modulo never changes which entry is read.
#[derive(Clone, Debug)]
pub(super) struct PerCell<T, const N: usize>(pub(super) [T; N]);

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
pub(super) const TABLE_CELLS: usize = (MAX_CELLS + 1).next_power_of_two();

/// A board's geometry in the forms play reads, built once per size and shared. The
/// per-cell tables are inline, not boxed: a step reaches them with one load fewer.
pub(super) struct Tables {
    pub(super) grid: HexGrid,
    /// Number of cells.
    pub(super) cells: usize,
    /// Words of a cell set that hold this board's cells.
    words: usize,
    /// nbr[cell][dir] (in the order of [`HexDir::ALL`], around the cell); off the board, the
    /// first index past the board's cells, which is always empty, so the hot loops need no
    /// test for it.
    /// Entries 6 and 7 hold the cell itself, so that `link` can take "the first
    /// neighbouring group, or the stone itself" without a branch.
    pub(super) nbr: PerCell<[u16; 8], TABLE_CELLS>,
    /// Bit set of the sides each cell lies on ([`HexSide::bit`]).
    pub(super) sides: PerCell<u8, TABLE_CELLS>,
    /// Bit d set when the cell has no neighbour in direction d (a reply shape's edge).
    pub(super) off: PerCell<u8, TABLE_CELLS>,
    /// The inner (non-edge) cells, where the contract places.
    pub(super) inner: [u64; WORDS],
    /// The board's twelve symmetries, as each cell's image ([`HexGrid::symmetry_maps`]):
    /// all keep both goals and the inner cells, so the solver shares its table entries
    /// between a position and its images.
    pub(super) symmetries: Vec<Vec<u16>>,
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
        let mut off = PerCell([0; TABLE_CELLS]);
        let mut inner = [0u64; WORDS];
        for (cell, row) in nbr.0[..cells].iter_mut().enumerate() {
            sides[cell] = grid.sides(cell);
            row[6..].fill(cell as u16);
            for dir in HexDir::ALL {
                match grid.neighbor(cell, dir) {
                    Some(n) => row[dir.index()] = n as u16,
                    None => off[cell] |= 1 << dir.index(),
                }
            }
            if !grid.is_edge_cell(cell) {
                inner[cell / 64] |= 1 << (cell % 64);
            }
        }
        Tables {
            symmetries: grid.symmetry_maps(),
            sides,
            off,
            words: cells.div_ceil(64),
            cells,
            nbr,
            inner,
            grid,
        }
    }
}

/// The tables of a side in `MIN_SIZE..=MAX_SIZE` (checked by the caller).
pub(super) fn tables(side: usize) -> &'static Tables {
    static TABLES: [OnceLock<Tables>; MAX_SIZE + 1] = [const { OnceLock::new() }; MAX_SIZE + 1];
    TABLES[side].get_or_init(|| Tables::build(side))
}

/// A position on arrays of `N` cells and `W` words. `N` is more than the board's cells: the
/// first cell past the board stands for "off the board" and is always empty.
#[derive(Clone, Debug)]
pub(super) struct Board<const N: usize, const W: usize> {
    pub(super) t: &'static Tables,
    pub(super) size: usize,
    /// EMPTY, BLACK or WHITE per cell (cells past the board's are unused).
    pub(super) cells: PerCell<u8, N>,
    /// Union–find over stones of one colour; meaningful only on occupied cells, and only
    /// after the contract: its stones are joined at the pass ([`Board::link_contract_stones`]).
    parent: PerCell<u16, N>,
    /// At a root: the bit set of sides its group touches.
    pub(super) mask: PerCell<u8, N>,
    /// Per cell, the neighbours holding stones: in byte 0 for black, byte 1 for white, bit d
    /// for direction d of [`HexDir::ALL`]. Kept as stones go down, so that joining a new
    /// stone to its groups reads one entry instead of six cells. A byte per colour lets
    /// `put` write a constant bit at an address picked by the colour, where bits picked
    /// by a shift needed two instructions per neighbour to make.
    around: PerCell<[u8; 2], N>,
    /// The empty cells as a set (cell c is bit c % 64 of word c / 64).
    pub(super) empty_set: [u64; W],
    /// Empty inner cells (the contract's choices); like `inner_sums`, kept during the
    /// contract only (nothing reads them after it).
    pub(super) empty_inner: u16,
    /// Per word of `empty_set`: the running byte counts ([`byte_sums`]) of its empty cells,
    /// and of its empty inner cells, kept as stones go down (one subtraction). A random
    /// step finds the word holding its pick from their top bytes and selects in it without
    /// counting: the count was on the chain from one step's placement to the next step's
    /// pick.
    pub(super) empty_sums: [u64; W],
    pub(super) inner_sums: [u64; W],
    /// Seat playing Black, or UNDECIDED during the contract.
    pub(super) black_seat: u8,
    pub(super) to_move: u8,
    pub(super) outcome: Option<Outcome>,
    /// The stone that ended the game (the judged group); set only then, as nothing else
    /// reads it.
    pub(super) last: Option<u16>,
    /// The cell of the last stone placed after the contract, which a playout answers
    /// first (`replies.rs`); the cell past the board when there is none.
    pub(super) previous: u16,
    /// Black stones placed during the contract, once known.
    pub(super) contract_stones: Option<u16>,
    /// Empty cells left.
    pub(super) empty: u16,
}

impl<const N: usize, const W: usize> Board<N, W> {
    /// The start position of a side-`size` board (`size` in range and at most this form's).
    pub(super) fn new(size: usize) -> Self {
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
            previous: t.cells as u16,
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
    pub(super) fn read_diagram(
        &mut self,
        black: Option<Seat>,
        to_move: Seat,
        diagram: &str,
    ) -> Result<(), Error> {
        let pos = self;
        let grid = &pos.t.grid;
        let rows = diagram_rows(diagram);
        if rows.len() != grid.rows() {
            return Err(Error::syntax(format!(
                "a side-{} board has {} rows, the diagram has {}",
                pos.size,
                grid.rows(),
                rows.len()
            )));
        }
        if to_move > 1 || black.is_some_and(|s| s > 1) {
            return Err(Error::syntax("seats are 0 and 1"));
        }
        let mut start = grid.len();
        for (k, chars) in rows.iter().enumerate() {
            let row = grid.rows() - 1 - k;
            let len = grid.row_len(row);
            start -= len;
            let letter = (b'a' + row as u8) as char;
            if chars.len() != len {
                return Err(Error::syntax(format!(
                    "row {letter} has {len} cells, the diagram gives {}",
                    chars.len()
                )));
            }
            for (i, &ch) in chars.iter().enumerate() {
                let color = match ch {
                    '.' => EMPTY,
                    'b' | 'B' => BLACK,
                    'w' | 'W' => WHITE,
                    _ => {
                        return Err(Error::syntax(format!(
                            "{letter}{}: {ch:?} is not a cell mark (use . b w)",
                            i + 1
                        )))
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
                    return Err(Error::syntax(format!(
                        "{} holds a white stone, but the contract is still running",
                        grid.name(c)
                    )));
                }
                if let Some(c) =
                    (0..grid.len()).find(|&c| pos.cells[c] != EMPTY && grid.is_edge_cell(c))
                {
                    return Err(Error::syntax(format!(
                        "{} is an edge cell: the contract places stones only on inner cells",
                        grid.name(c)
                    )));
                }
                if to_move != stones % 2 {
                    return Err(Error::syntax(format!(
                        "with {stones} contract stones placed it is seat {}'s turn",
                        stones % 2
                    )));
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
                            return Err(Error::syntax(format!(
                                "the {} group at {} already joins {} ({}'s goal): that game is over",
                                color_name(color).to_ascii_lowercase(),
                                grid.name(c),
                                goal_sides(g, m),
                                color_name(g)
                            )));
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
    pub(super) fn mask_with(&self, cell: usize, color: u8) -> u8 {
        let mut mask = self.t.sides[cell];
        let mut runs = runs_of(self.same_neighbors(cell, color));
        while runs != 0 {
            let n = self.t.nbr[cell][runs.trailing_zeros() as usize % 8] as usize;
            runs &= runs - 1;
            mask |= self.group_mask(n);
        }
        mask
    }

    /// The reply shape ([`replies::shape`]) of the empty `cell` for a `color` player.
    #[inline]
    pub(super) fn reply_shape(&self, cell: usize, color: u8) -> usize {
        let around = self.around[cell];
        let mine = around[around_byte(color)];
        let theirs = around[around_byte(other(color))];
        replies::shape(mine, theirs, self.t.off[cell])
    }

    /// After the contract: the empty cells next to the last stone, in direction order, with
    /// their shapes for the player to move, and that player's colour (0 Black, 1 White).
    pub(super) fn reply_offers(&self) -> Option<(usize, Vec<(u16, usize)>)> {
        let last = usize::from(self.previous);
        if self.in_contract() || self.outcome.is_some() || last >= self.t.cells {
            return None;
        }
        let color = self.placing_color();
        let offers = self.t.nbr[last][..6]
            .iter()
            .map(|&n| usize::from(n))
            .filter(|&n| n < self.t.cells && self.cells[n] == EMPTY)
            .map(|n| (n as u16, self.reply_shape(n, color)))
            .collect();
        Some((around_byte(color), offers))
    }

    /// After the contract: every empty cell with its shape for the player to move, and that
    /// player's colour (0 Black, 1 White).
    pub(super) fn placement_offers(&self) -> Option<(usize, Vec<(u16, usize)>)> {
        if self.in_contract() || self.outcome.is_some() {
            return None;
        }
        let color = self.placing_color();
        let offers = (0..self.t.cells)
            .filter(|&c| self.cells[c] == EMPTY)
            .map(|c| (c as u16, self.reply_shape(c, color)))
            .collect();
        Some((around_byte(color), offers))
    }

    /// A playout's answer to the last stone: each empty cell around it in turn, from a
    /// random direction, taken with its shape's weight (never a stone that loses at once);
    /// None when none is taken or there is no last stone.
    #[inline]
    pub(super) fn reply(&self, rng: &mut Rng, color: u8, weights: &ReplyWeights) -> Option<usize> {
        let last = usize::from(self.previous);
        if last >= self.t.cells {
            return None;
        }
        let byte = around_byte(color);
        let start = rng.below(6);
        // Six draws of 10 bits from one number: a playout step draws twice, not seven times.
        let draws = rng.next_u64();
        for i in 0..6 {
            let n = usize::from(self.t.nbr[last][(start + i) % 6]);
            if n >= self.t.cells || self.cells[n] != EMPTY {
                continue;
            }
            let draw = (draws >> (10 * i)) as u16 & 1023;
            if draw < weights.threshold(byte, self.reply_shape(n, color))
                && !self.loses_at_once(n, color)
            {
                return Some(n);
            }
        }
        None
    }

    /// Would a `color` stone on the empty `cell` give its group the opponent's goal shape
    /// without its own (a suicide, which playouts never play)?
    #[inline]
    pub(super) fn loses_at_once(&self, cell: usize, color: u8) -> bool {
        let mask = self.mask_with(cell, color);
        goal(other(color), mask) && !goal(color, mask)
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
    pub(super) fn put(&mut self, cell: usize, color: u8) {
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
    pub(super) fn link_contract_stones(&mut self) {
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
    pub(super) fn link(&mut self, cell: usize) -> u16 {
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
    pub(super) fn placing_color(&self) -> u8 {
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
    pub(super) fn seat_color(&self, seat: usize) -> u8 {
        debug_assert!(seat < 2 && !self.in_contract());
        BLACK + (seat as u8 ^ self.black_seat)
    }

    /// The name of a seat as shown now.
    pub(super) fn name_of(&self, seat: usize) -> &'static str {
        if self.in_contract() {
            seat_name(seat)
        } else {
            color_name(self.seat_color(seat))
        }
    }

    pub(super) fn prompt(&self) -> String {
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
    pub(super) fn group_mask(&self, cell: usize) -> u8 {
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
    pub(super) fn key_of_image(&self, image: impl Fn(usize) -> usize) -> u128 {
        let mut h = crate::game::KeyHasher::new();
        h.write_bytes(&[self.size as u8, self.black_seat, self.to_move]);
        h.write_outcome(self.outcome);
        for c in 0..self.t.cells {
            h.write_bytes(&[self.cells[image(c)]]);
        }
        h.finish()
    }
}
