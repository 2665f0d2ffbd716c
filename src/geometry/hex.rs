//! Hex-of-hex boards (side `n`, `2n-1` rows of pointy-topped cells).
//!
//! Rows are lettered from the bottom (`a`), cells numbered from the left within their row
//! (from `1`). Cell index follows cell order: bottom row first, left to right.
//! Internally a cell has axial coordinates (q, r) with r counting rows upward from the middle
//! row, and q growing to the east; the board is |q| < n, |r| < n, |q - r| < n.

use crate::game::shorten;

/// The six directions, clockwise from north-east. Serialised by name ("NE"), as a Unity
/// asterisk's direction in a step view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
#[cfg_attr(not(target_arch = "wasm32"), ts(rename = "Direction"))]
pub enum HexDir {
    NE = 0,
    E = 1,
    SE = 2,
    SW = 3,
    W = 4,
    NW = 5,
}

impl HexDir {
    pub const ALL: [HexDir; 6] = [
        HexDir::NE,
        HexDir::E,
        HexDir::SE,
        HexDir::SW,
        HexDir::W,
        HexDir::NW,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn opposite(self) -> HexDir {
        HexDir::ALL[(self as usize + 3) % 6]
    }

    pub fn name(self) -> &'static str {
        ["NE", "E", "SE", "SW", "W", "NW"][self as usize]
    }

    pub fn parse(text: &str) -> Option<HexDir> {
        HexDir::ALL.into_iter().find(|d| d.name() == text)
    }

    /// Axial step (dq, dr).
    fn delta(self) -> (i32, i32) {
        [(1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0), (0, 1)][self as usize]
    }
}

/// The six sides of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HexSide {
    N = 0,
    NE = 1,
    SE = 2,
    S = 3,
    SW = 4,
    NW = 5,
}

impl HexSide {
    pub const ALL: [HexSide; 6] = [
        HexSide::N,
        HexSide::NE,
        HexSide::SE,
        HexSide::S,
        HexSide::SW,
        HexSide::NW,
    ];

    pub fn name(self) -> &'static str {
        ["N", "NE", "SE", "S", "SW", "NW"][self as usize]
    }

    pub fn opposite(self) -> HexSide {
        HexSide::ALL[(self as usize + 3) % 6]
    }

    /// Bit of this side in [`HexGrid::sides`].
    pub fn bit(self) -> u8 {
        1 << self as u8
    }
}

const NONE: u16 = u16::MAX;

/// A hex-of-hex board with precomputed neighbours, sides and edges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HexGrid {
    side: usize,
    coords: Vec<(i32, i32)>,
    /// neighbours[cell * 6 + dir], NONE off the board.
    neighbors: Vec<u16>,
    /// Bit set of HexSide per cell.
    sides: Vec<u8>,
    /// Edge between two adjacent cells (lower index first), numbered densely.
    edges: Vec<[usize; 2]>,
    /// edge_ids[cell * 6 + dir], NONE off the board.
    edge_ids: Vec<u16>,
    row_starts: Vec<usize>,
}

impl HexGrid {
    pub fn new(side: usize) -> Self {
        assert!((2..=26).contains(&side), "hex side out of range");
        let n = side as i32;
        let mut coords = Vec::new();
        let mut row_starts = Vec::new();
        for r in -(n - 1)..n {
            row_starts.push(coords.len());
            for q in (-(n - 1)).max(r - (n - 1))..=(n - 1).min(r + (n - 1)) {
                coords.push((q, r));
            }
        }
        let index_of = |q: i32, r: i32| -> Option<usize> {
            if q.abs() >= n || r.abs() >= n || (q - r).abs() >= n {
                return None;
            }
            let row = (r + n - 1) as usize;
            let q_min = (-(n - 1)).max(r - (n - 1));
            Some(row_starts[row] + (q - q_min) as usize)
        };
        let mut neighbors = vec![NONE; coords.len() * 6];
        let mut sides = vec![0u8; coords.len()];
        for (cell, &(q, r)) in coords.iter().enumerate() {
            for dir in HexDir::ALL {
                let (dq, dr) = dir.delta();
                if let Some(other) = index_of(q + dq, r + dr) {
                    neighbors[cell * 6 + dir.index()] = other as u16;
                }
            }
            let m = n - 1;
            let mut s = 0u8;
            if r == m {
                s |= HexSide::N.bit();
            }
            if q == m {
                s |= HexSide::NE.bit();
            }
            if q - r == m {
                s |= HexSide::SE.bit();
            }
            if r == -m {
                s |= HexSide::S.bit();
            }
            if q == -m {
                s |= HexSide::SW.bit();
            }
            if r - q == m {
                s |= HexSide::NW.bit();
            }
            sides[cell] = s;
        }
        let mut edges = Vec::new();
        let mut edge_ids = vec![NONE; coords.len() * 6];
        for cell in 0..coords.len() {
            for dir in HexDir::ALL {
                let other = neighbors[cell * 6 + dir.index()];
                if other != NONE && (other as usize) > cell {
                    let id = edges.len() as u16;
                    edges.push([cell, other as usize]);
                    edge_ids[cell * 6 + dir.index()] = id;
                    edge_ids[other as usize * 6 + dir.opposite().index()] = id;
                }
            }
        }
        HexGrid {
            side,
            coords,
            neighbors,
            sides,
            edges,
            edge_ids,
            row_starts,
        }
    }

    pub fn side(&self) -> usize {
        self.side
    }

    /// Number of cells: 3n(n-1) + 1.
    pub fn len(&self) -> usize {
        self.coords.len()
    }

    pub fn is_empty(&self) -> bool {
        self.coords.is_empty()
    }

    pub fn rows(&self) -> usize {
        2 * self.side - 1
    }

    pub fn row_len(&self, row: usize) -> usize {
        self.side + row.min(self.rows() - 1 - row)
    }

    /// Row (0 = bottom) and position (0 = leftmost) of a cell.
    pub fn row_and_position(&self, cell: usize) -> (usize, usize) {
        let row = self.row_starts.partition_point(|&s| s <= cell) - 1;
        (row, cell - self.row_starts[row])
    }

    /// Axial coordinates (q east, r up; the centre is (0, 0)).
    pub fn coords(&self, cell: usize) -> (i32, i32) {
        self.coords[cell]
    }

    /// Distance from the centre in steps between neighbours: 0 at the centre, `side - 1`
    /// on the edge.
    pub fn ring(&self, cell: usize) -> usize {
        let (q, r) = self.coords[cell];
        q.abs().max(r.abs()).max((q - r).abs()) as usize
    }

    pub fn neighbor(&self, cell: usize, dir: HexDir) -> Option<usize> {
        let n = self.neighbors[cell * 6 + dir.index()];
        (n != NONE).then_some(n as usize)
    }

    pub fn neighbors(&self, cell: usize) -> impl Iterator<Item = (HexDir, usize)> + '_ {
        HexDir::ALL
            .into_iter()
            .filter_map(move |d| self.neighbor(cell, d).map(|n| (d, n)))
    }

    /// Bit set of the sides a cell lies on (see [`HexSide::bit`]).
    pub fn sides(&self, cell: usize) -> u8 {
        self.sides[cell]
    }

    pub fn is_edge_cell(&self, cell: usize) -> bool {
        self.sides[cell] != 0
    }

    /// All edges between adjacent cells, lower cell first; the position is the edge id.
    pub fn edges(&self) -> &[[usize; 2]] {
        &self.edges
    }

    /// The id of the edge between `cell` and its neighbour in `dir`.
    pub fn edge(&self, cell: usize, dir: HexDir) -> Option<usize> {
        let e = self.edge_ids[cell * 6 + dir.index()];
        (e != NONE).then_some(e as usize)
    }

    /// The id of the edge between two cells, if they are adjacent.
    pub fn edge_between(&self, a: usize, b: usize) -> Option<usize> {
        self.neighbors(a)
            .find(|&(_, n)| n == b)
            .and_then(|(d, _)| self.edge(a, d))
    }

    /// The board's twelve symmetries (six turns, each with and without a mirror), each as
    /// the image of every cell: `maps[k][cell]`. In cube coordinates (q, -r, r - q), which
    /// sum to 0 and each stay within the board, a symmetry permutes the three and may
    /// negate all of them. Every one maps a side to a side, opposite sides to opposite
    /// sides, and the alternate triples (N, SE, SW) and (S, NE, NW) to one of the two.
    pub fn symmetry_maps(&self) -> Vec<Vec<u16>> {
        const ORDERS: [[usize; 3]; 6] = [
            [0, 1, 2],
            [1, 2, 0],
            [2, 0, 1],
            [0, 2, 1],
            [2, 1, 0],
            [1, 0, 2],
        ];
        let index: std::collections::HashMap<(i32, i32), usize> = self
            .coords
            .iter()
            .enumerate()
            .map(|(i, &c)| (c, i))
            .collect();
        let mut maps = Vec::with_capacity(12);
        for order in ORDERS {
            for sign in [1, -1] {
                let map = self
                    .coords
                    .iter()
                    .map(|&(q, r)| {
                        let cube = [q, -r, r - q];
                        let (a, b) = (sign * cube[order[0]], sign * cube[order[1]]);
                        // Back from cube (a, b, c) to axial (q, r) = (a, -b).
                        index[&(a, -b)] as u16
                    })
                    .collect();
                maps.push(map);
            }
        }
        maps
    }

    /// "c4": row letter from the bottom, position from the left.
    pub fn name(&self, cell: usize) -> String {
        let (row, pos) = self.row_and_position(cell);
        format!("{}{}", (b'a' + row as u8) as char, pos + 1)
    }

    /// Reads a cell name; None unless it names a cell on this board.
    pub fn parse(&self, text: &str) -> Option<usize> {
        let mut chars = text.chars();
        let letter = chars.next()?;
        if !letter.is_ascii_lowercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.len() > 2
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        let row = (letter as u8 - b'a') as usize;
        let pos: usize = digits.parse().ok()?;
        if row >= self.rows() || pos == 0 || pos > self.row_len(row) {
            return None;
        }
        Some(self.row_starts[row] + pos - 1)
    }

    /// "c3|c4": the edge's two cells in cell order.
    pub fn edge_name(&self, edge: usize) -> String {
        let [a, b] = self.edges[edge];
        format!("{}|{}", self.name(a), self.name(b))
    }

    /// Reads "c3|c4" (either order); errors say what is wrong.
    pub fn parse_edge(&self, text: &str) -> Result<usize, String> {
        let (a, b) = text.split_once('|').ok_or_else(|| {
            format!(
                "{:?} is not an edge: write two cells as c3|c4",
                shorten(text)
            )
        })?;
        let ca = self
            .parse(a)
            .ok_or_else(|| format!("{:?} is not a cell of this board", shorten(a)))?;
        let cb = self
            .parse(b)
            .ok_or_else(|| format!("{:?} is not a cell of this board", shorten(b)))?;
        self.edge_between(ca, cb)
            .ok_or_else(|| format!("{a} and {b} are not neighbours"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twelve_symmetries_keep_neighbours_and_the_goal_shapes() {
        for n in 2..=12 {
            let g = HexGrid::new(n);
            let maps = g.symmetry_maps();
            assert_eq!(maps.len(), 12);
            let mut distinct = maps.clone();
            distinct.sort();
            distinct.dedup();
            // From side 2 up every one is a different permutation of the cells.
            assert_eq!(distinct.len(), 12, "side {n}");
            for map in &maps {
                let mut image: Vec<u16> = map.clone();
                image.sort();
                assert_eq!(
                    image,
                    (0..g.len() as u16).collect::<Vec<_>>(),
                    "a permutation"
                );
                for c in 0..g.len() {
                    for (_, other) in g.neighbors(c) {
                        let (a, b) = (map[c] as usize, map[other] as usize);
                        assert!(g.neighbors(a).any(|(_, x)| x == b), "adjacency kept");
                    }
                }
                // Where each side goes: a cell on side s lands on side image[s].
                let mut side_image = [None; 6];
                for (c, &to) in map.iter().enumerate() {
                    let here = g.sides(c);
                    if here.count_ones() == 1 {
                        let s = here.trailing_zeros() as usize;
                        let t = g.sides(to as usize);
                        assert_eq!(t.count_ones(), 1, "a side's middle cell to a side's middle");
                        let t = t.trailing_zeros() as usize;
                        assert!(side_image[s].is_none() || side_image[s] == Some(t));
                        side_image[s] = Some(t);
                    }
                }
                if n > 2 {
                    let side_image = side_image.map(|x| x.unwrap());
                    for s in 0..6 {
                        assert_eq!(
                            side_image[(s + 3) % 6],
                            (side_image[s] + 3) % 6,
                            "opposites kept"
                        );
                        assert_eq!(
                            side_image[(s + 2) % 6] % 2,
                            side_image[s] % 2,
                            "alternate triples kept"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn sizes() {
        for n in 2..=12 {
            let g = HexGrid::new(n);
            assert_eq!(g.len(), 3 * n * (n - 1) + 1);
            assert_eq!(g.edges().len(), 9 * n * n - 15 * n + 6);
            let edge_cells = (0..g.len()).filter(|&c| g.is_edge_cell(c)).count();
            assert_eq!(edge_cells, 6 * (n - 1));
        }
        assert_eq!(HexGrid::new(5).edges().len(), 156);
    }

    #[test]
    fn names_and_rows() {
        let g = HexGrid::new(4);
        assert_eq!(g.name(0), "a1");
        assert_eq!(g.name(3), "a4");
        assert_eq!(g.name(4), "b1");
        assert_eq!(g.name(g.len() - 1), "g4");
        assert_eq!(g.row_len(3), 7);
        for c in 0..g.len() {
            assert_eq!(g.parse(&g.name(c)), Some(c));
        }
        for bad in ["a5", "h1", "d8", "a0", "", "d", "D1", "a01"] {
            assert_eq!(g.parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn neighbours_follow_pointy_rows() {
        let g = HexGrid::new(4);
        let a1 = g.parse("a1").unwrap();
        // The bottom row's first cell touches b1 (NW) and b2 (NE) in the longer row above.
        assert_eq!(g.neighbor(a1, HexDir::NW), g.parse("b1"));
        assert_eq!(g.neighbor(a1, HexDir::NE), g.parse("b2"));
        assert_eq!(g.neighbor(a1, HexDir::E), g.parse("a2"));
        assert_eq!(g.neighbor(a1, HexDir::W), None);
        assert_eq!(g.neighbor(a1, HexDir::SE), None);
        // In the upper half the row above is shorter: e1 sits NE of d1? No: d1's NE is e1.
        let d1 = g.parse("d1").unwrap();
        assert_eq!(g.neighbor(d1, HexDir::NE), g.parse("e1"));
        assert_eq!(g.neighbor(d1, HexDir::NW), None);
        assert_eq!(g.neighbor(d1, HexDir::SE), g.parse("c1"));
        let e1 = g.parse("e1").unwrap();
        assert_eq!(g.neighbor(e1, HexDir::SW), g.parse("d1"));
        assert_eq!(g.neighbor(e1, HexDir::SE), g.parse("d2"));
        for c in 0..g.len() {
            for (d, n) in g.neighbors(c) {
                assert_eq!(g.neighbor(n, d.opposite()), Some(c));
                assert_eq!(g.edge(c, d), g.edge(n, d.opposite()));
            }
        }
    }

    #[test]
    fn sides_and_corners() {
        let g = HexGrid::new(4);
        let s = |name: &str| g.sides(g.parse(name).unwrap());
        assert_eq!(s("a1"), HexSide::S.bit() | HexSide::SW.bit());
        assert_eq!(s("a4"), HexSide::S.bit() | HexSide::SE.bit());
        assert_eq!(s("d1"), HexSide::SW.bit() | HexSide::NW.bit());
        assert_eq!(s("d7"), HexSide::NE.bit() | HexSide::SE.bit());
        assert_eq!(s("g1"), HexSide::N.bit() | HexSide::NW.bit());
        assert_eq!(s("g4"), HexSide::N.bit() | HexSide::NE.bit());
        assert_eq!(s("d4"), 0);
        assert_eq!(s("b1"), HexSide::SW.bit());
        assert_eq!(s("f5"), HexSide::NE.bit());
    }

    #[test]
    fn edge_names() {
        let g = HexGrid::new(5);
        let e = g.parse_edge("c4|c3").unwrap();
        assert_eq!(g.edge_name(e), "c3|c4");
        assert!(g
            .parse_edge("c3|c5")
            .unwrap_err()
            .contains("not neighbours"));
        assert!(g.parse_edge("c3c4").is_err());
        assert!(g.parse_edge("z9|c4").is_err());
    }
}
