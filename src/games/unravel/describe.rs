//! What an Unravel player sees and reads: the board view, the prompts and step words, why the game
//! ended, and why a click makes no step (the engine's [`Describe`]).

use super::*;

impl Describe for Position {
    /// A click on a checker while a crosscut waits: one that completed every crosscut it
    /// lies in, or lies in none, starts no swap; say which (the placement's error, "you must
    /// swap now", would miss the point).
    fn explain_cell(&self, cell: usize) -> Option<String> {
        if !self.swapping || self.outcome.is_some() || cell >= self.n * self.n {
            return None;
        }
        if self.cells[cell] == EMPTY {
            return None;
        }
        let name = self.grid().name(cell);
        let mut completed = None;
        for o in self.cross_origins() {
            if let Some(k) = self.window(o).iter().position(|&c| c == cell) {
                if self.cross[o] & (1 << k) == 0 {
                    // A checker of a crosscut that did not complete it always has a swap.
                    return None;
                }
                completed = Some(o);
            }
        }
        Some(match completed {
            Some(o) => format!(
                "{name} completed the crosscut at {}, so it cannot be swapped to unravel that \
                 crosscut: swap two of its other checkers",
                self.window_names(o)
            ),
            None => format!(
                "{name} lies in no crosscut: a swap must unravel one ({})",
                self.pending_text()
            ),
        })
    }

    fn step_view(&self, step: Step) -> StepView {
        let text = self.step_text(step);
        let (kind, cells) = match step {
            Step::Place(c) => (StepKind::Place, vec![c as usize]),
            Step::Swap(a, b) => (StepKind::Swap, vec![a as usize, b as usize]),
        };
        StepView {
            text,
            kind,
            cells,
            dir: None,
            piece: None,
        }
    }

    #[cfg(any(feature = "study", not(target_arch = "wasm32")))]
    fn outcome_reason(&self) -> Option<String> {
        match self.outcome {
            Some(Outcome::Winner(seat)) => Some(red_blue::connection_reason(seat, "checkers")),
            _ => None,
        }
    }

    #[cfg(any(feature = "study", not(target_arch = "wasm32")))]
    /// The empty cells where a checker of `seat` would join its sides at once (a placement
    /// that forms no crosscut, so the turn ends there).
    fn threat(&self, seat: Seat) -> Option<crate::game::Threat> {
        if self.outcome.is_some() || self.swapping {
            return None;
        }
        let mut as_mover = self.clone();
        as_mover.mover = seat as u8;
        let empty = (0..self.n * self.n).filter(|&c| self.cells[c] == EMPTY);
        let cells =
            crate::game::Threat::winning_cells(&as_mover, seat, empty, |c| Step::Place(c as u16));
        let grid = self.grid();
        red_blue::connection_threat(seat, "checker", cells, |c| grid.name(c))
    }

    fn placement_piece(&self) -> Option<PieceView> {
        // While a crosscut is untangled the clicks are swaps, not placements.
        (!self.swapping).then(|| PieceView {
            color: COLORS[self.mover as usize],
            kind: PieceKind::Checker,
            label: None,
        })
    }

    fn then_prompt(&self, kind: StepKind) -> Option<&'static str> {
        (kind == StepKind::Swap).then_some("Now click the checker to swap it with.")
    }

    fn view(&self) -> BoardView {
        let n = self.n;
        let g = self.grid();
        let cells = (0..n * n).map(|c| g.name(c)).collect();
        let pieces = (0..n * n)
            .map(|c| {
                self.checker(c).map(|s| PieceView {
                    color: COLORS[s],
                    kind: PieceKind::Checker,
                    label: None,
                })
            })
            .collect();
        let mut marked: Vec<usize> = self.cross_origins().flat_map(|o| self.window(o)).collect();
        crate::game::sort_short(&mut marked);
        marked.dedup();
        let mover = self.mover as usize;
        let (to_move, prompt, highlight) = match self.outcome {
            Some(Outcome::Winner(s)) => (
                None,
                format!("{} wins", NAMES[s]),
                self.winning_path(s).unwrap_or_default(),
            ),
            Some(Outcome::Draw) => (None, "Draw".to_string(), Vec::new()),
            None if self.swapping => (
                Some(mover),
                if self.crosscuts == 1 {
                    format!("{} must swap to unravel a crosscut", NAMES[mover])
                } else {
                    format!(
                        "{} must swap to unravel one of the {} crosscuts",
                        NAMES[mover], self.crosscuts
                    )
                },
                Vec::new(),
            ),
            None => (
                Some(mover),
                format!("{} to place a checker", NAMES[mover]),
                Vec::new(),
            ),
        };
        let mut highlight = highlight;
        crate::game::sort_short(&mut highlight);
        let red = (0..n * n).filter(|&c| self.cells[c] == RED).count();
        let blue = (0..n * n).filter(|&c| self.cells[c] == BLUE).count();
        let mut facts = vec![
            ("Red checkers".to_string(), red.to_string()),
            ("Blue checkers".to_string(), blue.to_string()),
        ];
        if self.swapping {
            facts.push(("Crosscuts".to_string(), self.crosscuts.to_string()));
            facts.push(("Swaps this turn".to_string(), self.swaps.to_string()));
        }
        BoardView {
            shape: Shape::Square {
                width: n,
                height: n,
            },
            cells,
            pieces,
            walls: Vec::new(),
            sides: red_blue::sides(),
            players: red_blue::players(),
            to_move,
            outcome: self.outcome,
            prompt,
            marked,
            highlight,
            facts,
            lifted: Vec::new(),
        }
    }
}
