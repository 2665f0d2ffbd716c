//! The board's geometry, derived again from the view alone (not taken from the engines), so
//! that the soak checks hold the engines to the rules whatever their insides.

use ludus::game::{BoardView, Shape};
use std::collections::HashSet;

/// Cells' neighbours and the sides they lie on, from the view's shape.
pub(super) struct Board {
    pub(super) neighbors: Vec<Vec<usize>>,
    /// For each cell, the names of the sides it lies on ("top", "NE", ...).
    pub(super) sides: Vec<Vec<&'static str>>,
    pub(super) square: Option<(usize, usize)>,
}

impl Board {
    pub(super) fn new(shape: &Shape) -> Board {
        match *shape {
            Shape::Square { width, height } => Board::square(width, height),
            Shape::Hex { side } => Board::hex(side),
        }
    }

    pub(super) fn square(width: usize, height: usize) -> Board {
        let n = width * height;
        let mut neighbors = vec![Vec::new(); n];
        let mut sides = vec![Vec::new(); n];
        for rank in 0..height {
            for file in 0..width {
                let c = rank * width + file;
                if file > 0 {
                    neighbors[c].push(c - 1);
                }
                if file + 1 < width {
                    neighbors[c].push(c + 1);
                }
                if rank > 0 {
                    neighbors[c].push(c - width);
                }
                if rank + 1 < height {
                    neighbors[c].push(c + width);
                }
                if rank == 0 {
                    sides[c].push("bottom");
                }
                if rank + 1 == height {
                    sides[c].push("top");
                }
                if file == 0 {
                    sides[c].push("left");
                }
                if file + 1 == width {
                    sides[c].push("right");
                }
            }
        }
        Board {
            neighbors,
            sides,
            square: Some((width, height)),
        }
    }

    /// Hex-of-hex, rows from the bottom, cells left to right; row `r` has `s + min(r, 2s-2-r)`
    /// cells. Going up from a row of the lower half (the next row is longer) cell `i` touches
    /// cells `i` and `i + 1`; from the upper half (shorter) cells `i - 1` and `i`.
    pub(super) fn hex(s: usize) -> Board {
        let rows = 2 * s - 1;
        let len = |r: usize| s + r.min(rows - 1 - r);
        let mut first = vec![0; rows + 1];
        for r in 0..rows {
            first[r + 1] = first[r] + len(r);
        }
        let n = first[rows];
        let mut neighbors = vec![Vec::new(); n];
        let mut sides = vec![Vec::new(); n];
        for r in 0..rows {
            for i in 0..len(r) {
                let c = first[r] + i;
                if i > 0 {
                    neighbors[c].push(c - 1);
                }
                if i + 1 < len(r) {
                    neighbors[c].push(c + 1);
                }
                for (row, offsets) in [(r + 1, r < s - 1), (r.wrapping_sub(1), r > s - 1)]
                    .into_iter()
                    .filter(|&(row, _)| row < rows)
                    .map(|(row, wider)| (row, if wider { [0, 1] } else { [-1, 0] }))
                {
                    for d in offsets {
                        let j = i as isize + d;
                        if j >= 0 && (j as usize) < len(row) {
                            neighbors[c].push(first[row] + j as usize);
                        }
                    }
                }
                let last = i + 1 == len(r);
                for (on, name) in [
                    (r == 0, "S"),
                    (r == rows - 1, "N"),
                    (i == 0 && r < s, "SW"),
                    (i == 0 && r >= s - 1, "NW"),
                    (last && r < s, "SE"),
                    (last && r >= s - 1, "NE"),
                ] {
                    if on {
                        sides[c].push(name);
                    }
                }
            }
        }
        Board {
            neighbors,
            sides,
            square: None,
        }
    }

    pub(super) fn are_neighbors(&self, a: usize, b: usize) -> bool {
        self.neighbors.get(a).is_some_and(|n| n.contains(&b))
    }

    /// The groups of cells for which `member` holds, joined through neighbours for which
    /// `joined` holds.
    pub(super) fn groups(
        &self,
        member: impl Fn(usize) -> bool,
        joined: impl Fn(usize, usize) -> bool,
    ) -> Vec<Vec<usize>> {
        let n = self.neighbors.len();
        let mut seen = vec![false; n];
        let mut groups = Vec::new();
        for start in 0..n {
            if seen[start] || !member(start) {
                continue;
            }
            seen[start] = true;
            let mut group = vec![start];
            let mut i = 0;
            while i < group.len() {
                let c = group[i];
                i += 1;
                for &d in &self.neighbors[c] {
                    if !seen[d] && member(d) && joined(c, d) {
                        seen[d] = true;
                        group.push(d);
                    }
                }
            }
            groups.push(group);
        }
        groups
    }

    /// The sides a group touches.
    pub(super) fn sides_of(&self, group: &[usize]) -> HashSet<&'static str> {
        group
            .iter()
            .flat_map(|&c| self.sides[c].iter().copied())
            .collect()
    }

    /// The 2×2 blocks of a square board holding a crosscut: two pieces of one colour on one
    /// diagonal, two of another colour on the other.
    pub(super) fn crosscuts(&self, view: &BoardView) -> Vec<usize> {
        let Some((w, h)) = self.square else {
            return Vec::new();
        };
        let color = |c: usize| view.pieces[c].as_ref().map(|p| p.color);
        let mut found = Vec::new();
        for rank in 0..h.saturating_sub(1) {
            for file in 0..w.saturating_sub(1) {
                let a = rank * w + file;
                let (b, c, d) = (a + 1, a + w, a + w + 1);
                if let (Some(x), Some(y)) = (color(a), color(b)) {
                    if x != y && color(d) == Some(x) && color(c) == Some(y) {
                        found.push(a);
                    }
                }
            }
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::Board;
    use ludus::geometry::hex::{HexGrid, HexSide};

    #[test]
    fn the_soak_geometry_agrees_with_the_engines_hex_grid() {
        for side in 2..=8 {
            let grid = HexGrid::new(side);
            let board = Board::hex(side);
            assert_eq!(board.neighbors.len(), grid.len());
            for c in 0..grid.len() {
                let mut mine = board.neighbors[c].clone();
                let mut theirs: Vec<usize> = grid.neighbors(c).map(|(_, d)| d).collect();
                mine.sort_unstable();
                theirs.sort_unstable();
                assert_eq!(mine, theirs, "side {side}, cell {}", grid.name(c));
                let mut sides: Vec<&str> = HexSide::ALL
                    .iter()
                    .filter(|s| grid.sides(c) & s.bit() != 0)
                    .map(|s| s.name())
                    .collect();
                let mut own = board.sides[c].clone();
                sides.sort_unstable();
                own.sort_unstable();
                assert_eq!(own, sides, "side {side}, cell {}", grid.name(c));
            }
        }
    }
}
