//! Square boards: files `a`, `b`, … from the left, ranks `1`, `2`, … from the bottom.
//! Cell index = rank * width + file, so index order is cell order (a1 = 0).

/// The largest board side (files are single letters).
pub const MAX_SIDE: usize = 26;

/// A pair of opposite sides that a connection joins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// From the bottom rank to the top rank.
    BottomTop,
    /// From the left file to the right file.
    LeftRight,
}

/// A `width × height` square board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareGrid {
    pub width: usize,
    pub height: usize,
}

impl SquareGrid {
    pub fn new(width: usize, height: usize) -> Self {
        assert!(
            (1..=26).contains(&width) && height >= 1,
            "board size out of range"
        );
        SquareGrid { width, height }
    }

    pub fn len(&self) -> usize {
        self.width * self.height
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn index(&self, file: usize, rank: usize) -> usize {
        rank * self.width + file
    }

    pub fn file(&self, cell: usize) -> usize {
        cell % self.width
    }

    pub fn rank(&self, cell: usize) -> usize {
        cell / self.width
    }

    /// The cell at (file, rank) offset by (df, dr), if on the board.
    pub fn offset(&self, cell: usize, df: isize, dr: isize) -> Option<usize> {
        let f = self.file(cell) as isize + df;
        let r = self.rank(cell) as isize + dr;
        if f < 0 || r < 0 || f >= self.width as isize || r >= self.height as isize {
            None
        } else {
            Some(self.index(f as usize, r as usize))
        }
    }

    /// Orthogonal neighbours.
    pub fn neighbors(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        [(0, -1), (-1, 0), (1, 0), (0, 1)]
            .into_iter()
            .filter_map(move |(df, dr)| self.offset(cell, df, dr))
    }

    /// "c4" for file 2, rank 3.
    pub fn name(&self, cell: usize) -> String {
        format!(
            "{}{}",
            (b'a' + self.file(cell) as u8) as char,
            self.rank(cell) + 1
        )
    }

    /// Reads a cell name; None unless it names a cell on this board.
    pub fn parse(&self, text: &str) -> Option<usize> {
        let mut chars = text.chars();
        let letter = chars.next()?;
        if !letter.is_ascii_lowercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if digits.starts_with('0') {
            return None;
        }
        let file = (letter as u8 - b'a') as usize;
        let rank: usize = digits.parse().ok()?;
        if file >= self.width || rank == 0 || rank > self.height {
            return None;
        }
        Some(self.index(file, rank - 1))
    }

    /// The bottom-left cell of each 2×2 window, i.e. every cell with a neighbour right and up.
    pub fn window_origins(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.height.saturating_sub(1))
            .flat_map(move |r| (0..self.width.saturating_sub(1)).map(move |f| self.index(f, r)))
    }

    /// The four cells of the 2×2 window whose bottom-left cell is `origin`:
    /// [bottom-left, bottom-right, top-left, top-right].
    pub fn window(&self, origin: usize) -> [usize; 4] {
        let w = self.width;
        [origin, origin + 1, origin + w, origin + w + 1]
    }

    /// Origins of the (up to four) 2×2 windows that contain `cell`.
    pub fn windows_containing(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        [(-1, -1), (0, -1), (-1, 0), (0, 0)]
            .into_iter()
            .filter_map(move |(df, dr)| self.offset(cell, df, dr))
            .filter(move |&o| self.file(o) + 1 < self.width && self.rank(o) + 1 < self.height)
    }
}

impl SquareGrid {
    /// A shortest orthogonal path of cells for which `own` holds, joining the two sides of
    /// `axis`, listed from the bottom (or left) side; None if there is none.
    /// Allocates only for the path it returns.
    pub fn side_to_side_path(&self, axis: Axis, own: impl Fn(usize) -> bool) -> Option<Vec<usize>> {
        const NONE: u16 = u16::MAX;
        let mut parent = [NONE; MAX_SIDE * MAX_SIDE];
        let mut queue = [0u16; MAX_SIDE * MAX_SIDE];
        let (mut head, mut tail) = (0, 0);
        let (starts, goal) = match axis {
            Axis::BottomTop => (self.width, self.height - 1),
            Axis::LeftRight => (self.height, self.width - 1),
        };
        let start = |i: usize| match axis {
            Axis::BottomTop => self.index(i, 0),
            Axis::LeftRight => self.index(0, i),
        };
        let at_goal = |c: usize| match axis {
            Axis::BottomTop => self.rank(c) == goal,
            Axis::LeftRight => self.file(c) == goal,
        };
        for c in (0..starts).map(start) {
            if own(c) {
                parent[c] = c as u16;
                queue[tail] = c as u16;
                tail += 1;
            }
        }
        while head < tail {
            let c = queue[head] as usize;
            head += 1;
            if at_goal(c) {
                let mut path = vec![c];
                let mut x = c;
                while parent[x] as usize != x {
                    x = parent[x] as usize;
                    path.push(x);
                }
                path.reverse();
                return Some(path);
            }
            for n in self.neighbors(c) {
                if parent[n] == NONE && own(n) {
                    parent[n] = c as u16;
                    queue[tail] = n as u16;
                    tail += 1;
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        let g = SquareGrid::new(8, 8);
        assert_eq!(g.name(0), "a1");
        assert_eq!(g.name(63), "h8");
        assert_eq!(g.name(g.index(2, 3)), "c4");
        for cell in 0..g.len() {
            assert_eq!(g.parse(&g.name(cell)), Some(cell));
        }
        for bad in ["", "a", "a0", "a9", "i1", "A1", "a01", "1a", "a1 ", "é1"] {
            assert_eq!(g.parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn neighbours_are_orthogonal_and_on_board() {
        let g = SquareGrid::new(3, 3);
        let mut n: Vec<_> = g.neighbors(4).collect();
        n.sort();
        assert_eq!(n, vec![1, 3, 5, 7]);
        let mut corner: Vec<_> = g.neighbors(0).collect();
        corner.sort();
        assert_eq!(corner, vec![1, 3]);
    }

    #[test]
    fn windows() {
        let g = SquareGrid::new(3, 3);
        assert_eq!(g.window_origins().count(), 4);
        assert_eq!(g.window(0), [0, 1, 3, 4]);
        let mut w: Vec<_> = g.windows_containing(4).collect();
        w.sort();
        assert_eq!(w, vec![0, 1, 3, 4]);
        assert_eq!(g.windows_containing(8).collect::<Vec<_>>(), vec![4]);
    }

    #[test]
    fn side_to_side_paths() {
        let g = SquareGrid::new(3, 3);
        // a1 b1 b2 b3 form a bottom-top path; nothing joins left and right.
        let own = |c: usize| [0, 1, 4, 7].contains(&c);
        assert_eq!(
            g.side_to_side_path(Axis::BottomTop, own),
            Some(vec![1, 4, 7])
        );
        assert_eq!(g.side_to_side_path(Axis::LeftRight, own), None);
        let row = |c: usize| (3..6).contains(&c);
        assert_eq!(
            g.side_to_side_path(Axis::LeftRight, row),
            Some(vec![3, 4, 5])
        );
        assert_eq!(g.side_to_side_path(Axis::BottomTop, row), None);
    }
}
