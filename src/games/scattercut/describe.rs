//! What a Scattercut player sees and reads: the board view, the prompts and step words, why the game
//! ended, and why a click makes no step (the engine's [`Describe`]).

use super::*;

impl Describe for Position {
    fn step_view(&self, step: Step) -> StepView {
        StepView {
            text: self.step_text(step),
            kind: if self.pending > 0 {
                StepKind::Replace
            } else {
                StepKind::Place
            },
            cells: vec![step.cell()],
            dir: None,
            piece: None,
        }
    }

    #[cfg(any(feature = "study", not(target_arch = "wasm32")))]
    /// The empty cells where a stone of `seat` would join its two sides at once and end its
    /// turn there (it forms no crosscut, so nothing is lifted): one step cannot stop two.
    fn threat(&self, seat: Seat) -> Option<crate::game::Threat> {
        if self.outcome.is_some() || self.pending > 0 {
            return None;
        }
        let v = seat as u8 + 1;
        let cells: Vec<usize> = (0..self.grid.len())
            .filter(|&c| self.cells[c] == EMPTY && !self.forms_crosscut(c, v))
            .filter(|&c| {
                let mut own = self.own[seat];
                own.insert(c);
                red_blue::joins_sides(self.size(), &own, seat)
            })
            .collect();
        red_blue::connection_threat(seat, "stone", cells, |c| self.grid.name(c))
    }

    #[cfg(any(feature = "study", not(target_arch = "wasm32")))]
    fn outcome_reason(&self) -> Option<String> {
        match self.outcome {
            Some(Outcome::Winner(seat)) => Some(red_blue::connection_reason(seat, "stones")),
            _ => None,
        }
    }

    fn placement_piece(&self) -> Option<PieceView> {
        Some(PieceView {
            color: COLORS[self.mover as usize],
            kind: PieceKind::Stone,
            label: None,
        })
    }

    fn view(&self) -> BoardView {
        let s = self.size();
        let n = self.grid.len();
        let pieces = (0..n)
            .map(|c| {
                self.stone(c).map(|seat| PieceView {
                    color: COLORS[seat],
                    kind: PieceKind::Stone,
                    label: None,
                })
            })
            .collect();
        let name = NAMES[self.mover as usize];
        let prompt = match self.outcome {
            Some(Outcome::Winner(seat)) => format!("{} wins", NAMES[seat]),
            Some(Outcome::Draw) => "Draw".to_string(),
            None if self.pending > 0 => {
                let can = self.can as usize;
                let lost = (self.pending - self.can) as usize;
                let lifted = self.lifted_cells();
                let names: Vec<String> = lifted.iter().map(|&c| self.grid.name(c)).collect();
                let mut p = if self.pending == self.lifted_count {
                    // The first re-placement: say which stones went and why.
                    let what = if lifted.len() == 1 {
                        format!("{} was lifted by the crosscut", names[0])
                    } else {
                        format!("{} were lifted by the crosscuts", list_phrase(&names))
                    };
                    let task = match (lifted.len(), can) {
                        (1, _) => "re-place it".to_string(),
                        (n, c) if c == n => "re-place them".to_string(),
                        (_, c) => format!("re-place {c} of them"),
                    };
                    format!("{what}: {name} to {task}")
                } else {
                    format!(
                        "{name} to re-place {can} more stone{} (lifted from {})",
                        if can == 1 { "" } else { "s" },
                        list_phrase(&names)
                    )
                };
                if lost > 0 {
                    p += &format!(" ({lost} more cannot be re-placed and will be lost)");
                }
                p
            }
            None => format!("{name} to place a stone"),
        };
        let mut facts = Vec::new();
        if self.outcome.is_none() && self.pending > 0 {
            facts.push(("Stones to re-place".to_string(), self.can.to_string()));
            if self.pending > self.can {
                facts.push((
                    "Stones that cannot be re-placed".to_string(),
                    (self.pending - self.can).to_string(),
                ));
            }
        }
        for (seat, name) in NAMES.iter().enumerate() {
            facts.push((
                format!("{name} stones on the board"),
                self.stones_on_board(seat).to_string(),
            ));
        }
        BoardView {
            shape: Shape::Square {
                width: s,
                height: s,
            },
            cells: (0..n).map(|c| self.grid.name(c)).collect(),
            pieces,
            walls: Vec::new(),
            sides: red_blue::sides(),
            players: red_blue::players(),
            to_move: self.outcome.is_none().then_some(self.mover as Seat),
            outcome: self.outcome,
            prompt,
            marked: Vec::new(),
            highlight: self.winning_path(),
            facts,
            lifted: self.lifted_cells(),
        }
    }
}
