//! Scattercut's step text (docs/RULES.md, "Step text"): every step, a placement or a
//! re-placement, is the cell it puts a stone on (`c4`). Reading a step says why it is not
//! legal now.

use super::{Position, Step, EMPTY};
use crate::game::{shorten, Error};

impl Position {
    /// The canonical text of `step`.
    pub(super) fn write_step(&self, step: Step) -> String {
        self.grid.name(step.cell())
    }

    /// Reads a step's text and checks that it is legal now.
    pub(super) fn read_step(&self, text: &str) -> Result<Step, Error> {
        if self.outcome.is_some() {
            return Err(Error::game_over("the game is over"));
        }
        let trimmed = text.trim();
        let s = self.size();
        if trimmed.is_empty() {
            return Err(Error::syntax(format!(
                "no step given: name an empty cell of the {s}×{s} board, such as c4"
            )));
        }
        let lower = trimmed.to_ascii_lowercase();
        let Some(c) = self.grid.parse(&lower) else {
            return Err(Error::syntax(format!(
                "`{}` is not a cell of this {s}×{s} board",
                shorten(trimmed)
            )));
        };
        let name = self.grid.name(c);
        if self.cells[c] != EMPTY {
            return Err(Error::illegal(format!("{name} is occupied")));
        }
        if self.pending == 0 {
            return Ok(Step(c as u16));
        }
        let g = self.graph();
        if !g.safe.has(c) {
            return Err(Error::illegal(format!(
                "a stone re-placed on {name} would form a crosscut"
            )));
        }
        if !self.keeps_maximum(&g, c) {
            return Err(Error::illegal(format!(
                "re-placing on {name} would leave room for fewer stones than possible"
            )));
        }
        Ok(Step(c as u16))
    }
}
