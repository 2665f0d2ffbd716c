//! Merlin's Chain's step text (docs/RULES.md, "Step text"): a flip is a tile number, `@` and
//! a cell (`17@c3`). Reading a step says why it is not legal now, down to the column that
//! could no longer ascend.

use super::{arrange, bit, owner, parse_piece, Position, Step, GRID, SEAT_NAMES, SIDE};
use crate::game::{shorten, Error, Game};

impl Position {
    /// The canonical text of `step`.
    pub(super) fn write_step(&self, step: Step) -> String {
        format!("{}@{}", step.piece, GRID.name(step.cell as usize))
    }

    /// Reads a step's text and checks that it is legal now.
    pub(super) fn read_step(&self, text: &str) -> Result<Step, Error> {
        let text = text.trim();
        if self.outcome.is_some() {
            return Err(Error::game_over("the game is over"));
        }
        if text.is_empty() {
            return Err(Error::syntax(
                "write a flip as a piece number, @ and a cell, e.g. 17@c3",
            ));
        }
        let Some((number, cell_text)) = text.split_once('@') else {
            return Err(Error::syntax(format!(
                "`{}` is not a flip: write a piece number, @ and a cell, e.g. 17@c3",
                shorten(text)
            )));
        };
        let (number, cell_text) = (number.trim(), cell_text.trim());
        let Some(n) = parse_piece(number) else {
            return Err(Error::syntax(format!(
                "`{}` is not a piece: the pieces are numbered 1 to 64",
                shorten(number)
            )));
        };
        let Some(cell) = GRID.parse(cell_text) else {
            return Err(Error::syntax(format!(
                "`{}` is not a cell of this 8×8 board",
                shorten(cell_text)
            )));
        };
        let me = self.to_move();
        if owner(n) != me {
            return Err(Error::illegal(format!(
                "{n} is {}'s piece ({} flips the {} numbers)",
                SEAT_NAMES[1 - me],
                SEAT_NAMES[me],
                if me == 0 { "even" } else { "odd" }
            )));
        }
        if self.played & bit(n) != 0 {
            let at = self.cells.iter().position(|&v| v == n).unwrap_or(0);
            return Err(Error::illegal(format!(
                "{n} is already played (on {})",
                GRID.name(at)
            )));
        }
        if self.cells[cell] != 0 {
            return Err(Error::illegal(format!(
                "{} holds {}",
                GRID.name(cell),
                self.cells[cell]
            )));
        }
        if let Some(problem) = self.flip_problem(n, cell) {
            return Err(Error::illegal(problem));
        }
        Ok(Step {
            piece: n,
            cell: cell as u8,
        })
    }

    /// Why `n` cannot go on the free `cell`, or None when the flip is legal (`n` unplayed).
    pub(super) fn flip_problem(&self, n: u8, cell: usize) -> Option<String> {
        let file = GRID.file(cell);
        let rank = GRID.rank(cell);
        let col = (b'a' + file as u8) as char;
        let name = GRID.name(cell);
        let head = format!("{n} cannot go on {name}: column {col} could no longer ascend");
        // The nearest played pieces below and above, and the free cells in between.
        let mut below = (0u8, None);
        let mut free_below = 0;
        for r in (0..rank).rev() {
            let c = GRID.index(file, r);
            if self.cells[c] != 0 {
                below = (self.cells[c], Some(c));
                break;
            }
            free_below += 1;
        }
        let mut above = (65u8, None);
        let mut free_above = 0;
        for r in rank + 1..SIDE {
            let c = GRID.index(file, r);
            if self.cells[c] != 0 {
                above = (self.cells[c], Some(c));
                break;
            }
            free_above += 1;
        }
        if let (v, Some(c)) = below {
            if v > n {
                return Some(format!("{head} ({} below it holds {v})", GRID.name(c)));
            }
        }
        if let (v, Some(c)) = above {
            if v < n {
                return Some(format!("{head} ({} above it holds {v})", GRID.name(c)));
            }
        }
        let grey_between = |lo: u8, hi: u8| (lo + 1..hi).filter(|&m| !self.is_played(m)).count();
        let have = grey_between(below.0, n);
        if have < free_below {
            let range = match below.0 {
                0 => format!("smaller than {n}"),
                lo => format!("between {lo} and {n}"),
            };
            return Some(format!(
                "{head} ({} {}, but {})",
                cells_phrase(free_below, "under"),
                pieces_phrase(free_below, &range),
                left_phrase(have)
            ));
        }
        let have = grey_between(n, above.0);
        if have < free_above {
            let range = match above.0 {
                65 => format!("larger than {n}"),
                hi => format!("between {n} and {hi}"),
            };
            return Some(format!(
                "{head} ({} {}, but {})",
                cells_phrase(free_above, "over"),
                pieces_phrase(free_above, &range),
                left_phrase(have)
            ));
        }
        let mut cells = self.cells;
        cells[cell] = n;
        if arrange(SIDE, SIDE, &cells).is_none() {
            return Some(format!(
                "{n} cannot go on {name}: no arrangement of the grey pieces would let every \
                 column ascend"
            ));
        }
        None
    }
}

fn cells_phrase(k: usize, side: &str) -> String {
    if k == 1 {
        format!("the free cell {side} it needs")
    } else {
        format!("the {k} free cells {side} it need")
    }
}

fn pieces_phrase(k: usize, range: &str) -> String {
    if k == 1 {
        format!("a grey piece {range}")
    } else {
        format!("{k} grey pieces {range}")
    }
}

fn left_phrase(have: usize) -> String {
    match have {
        0 => "none is left".to_string(),
        1 => "only 1 is left".to_string(),
        h => format!("only {h} are left"),
    }
}
