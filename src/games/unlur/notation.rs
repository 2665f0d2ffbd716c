//! Unlur's step text (docs/RULES.md, "Step text"): a placement is a cell (`d4`), and during
//! the contract `pass` takes Black. Reading a step says why it is not legal now.

use super::{Board, Step, EMPTY};
use crate::game::{shorten, Error};

impl<const N: usize, const W: usize> Board<N, W> {
    /// The canonical text of `step`.
    pub(super) fn write_step(&self, step: Step) -> String {
        match step {
            Step::Pass => String::from("pass"),
            Step::Place(cell) => self.t.grid.name(cell as usize),
        }
    }

    /// Reads a step's text and checks that it is legal now.
    pub(super) fn read_step(&self, text: &str) -> Result<Step, Error> {
        if self.outcome.is_some() {
            return Err(Error::game_over("the game is over"));
        }
        let t = text.trim();
        if t.is_empty() {
            return Err(Error::syntax(if self.in_contract() {
                "write a cell such as d4, or pass"
            } else {
                "write a cell such as d4"
            }));
        }
        if t.eq_ignore_ascii_case("pass") {
            if self.in_contract() {
                return Ok(Step::Pass);
            }
            let name = self.name_of(self.to_move as usize);
            return Err(Error::illegal(format!(
                "there is no passing after the contract: {name} must place a stone"
            )));
        }
        let lower = t.to_ascii_lowercase();
        let Some(cell) = self.t.grid.parse(&lower) else {
            return Err(Error::syntax(format!(
                "{:?} is not a cell of this side-{} board (rows a to {}, cells numbered from 1 on the left)",
                shorten(t),
                self.size,
                (b'a' + self.t.grid.rows() as u8 - 1) as char
            )));
        };
        let name = self.t.grid.name(cell);
        if self.cells[cell] != EMPTY {
            return Err(Error::illegal(format!("{name} is occupied")));
        }
        if self.in_contract() && self.t.grid.is_edge_cell(cell) {
            return Err(Error::illegal(format!(
                "{name} is on the edge: during the contract stones go only on inner cells"
            )));
        }
        Ok(Step::Place(cell as u16))
    }
}
