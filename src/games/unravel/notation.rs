//! Unravel's step text (docs/RULES.md, "Step text"): a placement is a cell (`c4`), a swap
//! two neighbouring cells (`c4~d4`). Reading a step says why it is not legal now.

use super::{Position, Step, BLUE, EMPTY, NAMES, RED};
use crate::game::{shorten, Error, Outcome};

impl Position {
    /// The canonical text of `step`.
    pub(super) fn write_step(&self, step: Step) -> String {
        let g = self.grid();
        match step {
            Step::Place(c) => g.name(c as usize),
            Step::Swap(a, b) => format!("{}~{}", g.name(a as usize), g.name(b as usize)),
        }
    }

    /// Reads a step's text and checks that it is legal now.
    pub(super) fn read_step(&self, text: &str) -> Result<Step, Error> {
        if let Some(outcome) = self.outcome {
            return Err(Error::game_over(match outcome {
                Outcome::Winner(s) => format!("the game is over: {} has won", NAMES[s]),
                Outcome::Draw => "the game is over".to_string(),
            }));
        }
        let t = text.trim().to_ascii_lowercase();
        if t.is_empty() {
            return Err(Error::syntax(
                "no step given: write a cell such as c4 to place a checker, or two \
                 neighbouring cells such as c4~d4 to swap",
            ));
        }
        if let Some((x, y)) = t.split_once('~') {
            let a = self.parse_cell(x.trim())?;
            let b = self.parse_cell(y.trim())?;
            return self.check_swap(a, b);
        }
        let c = self.parse_cell(&t)?;
        if self.swapping {
            return Err(Error::illegal(format!(
                "you must swap now, not place: {}",
                self.pending_text()
            )));
        }
        if self.cells[c] != EMPTY {
            return Err(Error::illegal(format!(
                "{} is occupied",
                self.grid().name(c)
            )));
        }
        Ok(Step::Place(c as u16))
    }

    /// Reads one cell name, or explains why it is not one.
    fn parse_cell(&self, text: &str) -> Result<usize, Error> {
        if let Some(c) = self.grid().parse(text) {
            return Ok(c);
        }
        let looks_like_cell = {
            let mut chars = text.chars();
            matches!(chars.next(), Some(c) if c.is_ascii_alphabetic())
                && !chars.as_str().is_empty()
                && chars.as_str().bytes().all(|b| b.is_ascii_digit())
        };
        if looks_like_cell {
            Err(Error::syntax(format!(
                "`{}` is not a cell of this {n}×{n} board",
                shorten(text),
                n = self.n
            )))
        } else {
            Err(Error::syntax(format!(
                "`{}` is not a step: write a cell such as c4 to place a checker, or two \
                 neighbouring cells such as c4~d4 to swap",
                shorten(text)
            )))
        }
    }

    fn colour_name(&self, cell: usize) -> &'static str {
        match self.cells[cell] {
            RED => "red",
            BLUE => "blue",
            _ => "empty",
        }
    }

    /// The crosscuts still to unravel, for messages.
    pub(super) fn pending_text(&self) -> String {
        let list: Vec<String> = self.cross_origins().map(|o| self.window_names(o)).collect();
        match list.len() {
            0 => String::new(),
            1 => format!("the crosscut at {} is still there", list[0]),
            k if k <= 3 => format!("the crosscuts at {} are still there", list.join(", ")),
            k => format!(
                "{k} crosscuts are still there, among them {}",
                list[..3].join(", ")
            ),
        }
    }

    /// A swap of the checkers on `a` and `b`, or why it is not one now.
    fn check_swap(&self, a: usize, b: usize) -> Result<Step, Error> {
        let (lo, hi) = (a.min(b), a.max(b));
        let horizontal = self.check_neighbours(lo, hi)?;
        self.check_swapped_checkers(lo, hi)?;
        let g = self.grid();
        let mut blocked = None;
        for (o, pair) in self.windows_holding(lo, horizontal) {
            let m = self.cross[o];
            if m == 0 {
                continue;
            }
            if m & pair == 0 {
                return Ok(Step::Swap(lo as u16, hi as u16));
            }
            let cells = self.window(o);
            let completer = (0..4)
                .find(|&k| pair & m & (1 << k) != 0)
                .map(|k| cells[k])
                .unwrap_or(lo);
            blocked = Some((o, completer));
        }
        if let Some((o, completer)) = blocked {
            return Err(Error::illegal(format!(
                "{} completed the crosscut at {}, so it cannot be swapped to unravel that \
                 crosscut",
                g.name(completer),
                self.window_names(o)
            )));
        }
        Err(Error::illegal(format!(
            "{} and {} do not lie in one crosscut: a swap must unravel a crosscut ({})",
            g.name(lo),
            g.name(hi),
            self.pending_text()
        )))
    }

    /// Checks that `lo` and `hi` (`lo < hi` or equal) are two orthogonal neighbours; true
    /// when they are side by side in a row.
    fn check_neighbours(&self, lo: usize, hi: usize) -> Result<bool, Error> {
        let g = self.grid();
        let n = self.n;
        if lo == hi {
            return Err(Error::syntax(format!(
                "a swap takes two different cells (got {} twice)",
                g.name(lo)
            )));
        }
        let horizontal = hi == lo + 1 && lo % n + 1 < n;
        let vertical = hi == lo + n;
        if !horizontal && !vertical {
            return Err(Error::syntax(format!(
                "{} and {} are not orthogonal neighbours",
                g.name(lo),
                g.name(hi)
            )));
        }
        Ok(horizontal)
    }

    /// Checks that a swap may be made now and that `lo` and `hi` hold a red and a blue
    /// checker.
    fn check_swapped_checkers(&self, lo: usize, hi: usize) -> Result<(), Error> {
        let g = self.grid();
        if !self.swapping {
            return Err(Error::illegal(format!(
                "you cannot swap now: there is no crosscut to unravel, so {} places a checker",
                NAMES[self.mover as usize]
            )));
        }
        for c in [lo, hi] {
            if self.cells[c] == EMPTY {
                return Err(Error::illegal(format!("{} is empty", g.name(c))));
            }
        }
        if self.cells[lo] == self.cells[hi] {
            return Err(Error::illegal(format!(
                "{} and {} are both {}: a swap exchanges a red and a blue checker",
                g.name(lo),
                g.name(hi),
                self.colour_name(lo)
            )));
        }
        Ok(())
    }

    /// The (one or two) 2×2 windows holding both the cell `lo` and its neighbour to the
    /// right (`horizontal`) or above, with the pair's slots in each.
    fn windows_holding(&self, lo: usize, horizontal: bool) -> impl Iterator<Item = (usize, u8)> {
        let n = self.n;
        let mut windows: [Option<(usize, u8)>; 2] = [None; 2];
        if horizontal {
            if lo / n + 1 < n {
                windows[0] = Some((lo, 0b0011));
            }
            if lo / n > 0 {
                windows[1] = Some((lo - n, 0b1100));
            }
        } else {
            if lo % n + 1 < n {
                windows[0] = Some((lo, 0b0101));
            }
            if lo % n > 0 {
                windows[1] = Some((lo - 1, 0b1010));
            }
        }
        windows.into_iter().flatten()
    }
}
