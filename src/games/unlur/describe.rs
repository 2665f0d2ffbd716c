//! What an Unlur player sees and reads: the board view, the prompts and step words, why the game
//! ended, and why a click makes no step (the engine's [`Describe`]).

use super::*;

impl<const N: usize, const W: usize> Describe for Board<N, W> {
    fn step_view(&self, step: Step) -> StepView {
        match step {
            Step::Pass => StepView {
                text: String::from("pass"),
                kind: StepKind::Pass,
                cells: Vec::new(),
                dir: None,
                piece: None,
            },
            Step::Place(cell) => StepView {
                text: self.t.grid.name(cell as usize),
                kind: StepKind::Place,
                cells: vec![cell as usize],
                dir: None,
                piece: None,
            },
        }
    }

    fn placement_piece(&self) -> Option<PieceView> {
        let color = self.placing_color();
        Some(PieceView {
            color: if color == WHITE {
                Color::White
            } else {
                Color::Black
            },
            kind: PieceKind::Stone,
            label: None,
        })
    }

    fn pass_label(&self) -> &'static str {
        if self.in_contract() {
            "Pass and take Black"
        } else {
            "Pass"
        }
    }

    #[cfg(any(feature = "study", not(target_arch = "wasm32")))]
    /// Which goal the last stone's group reached, and the rule that decides it: a group
    /// making its own player's goal wins, one making only the other's goal loses.
    fn outcome_reason(&self) -> Option<String> {
        let Some(Outcome::Winner(w)) = self.outcome else {
            return None;
        };
        let last = usize::from(self.last?);
        let color = self.cells[last];
        let mask = self.group_mask(last);
        let mover = color_name(color);
        let winner = color_name(self.seat_color(w));
        Some(if self.seat_color(w) == color {
            format!(
                "{mover}'s stones join {} (highlighted), {mover}'s goal: {}",
                goal_sides(color, mask),
                goal_words(color)
            )
        } else {
            format!(
                "{mover}'s stones join {} (highlighted): that is {winner}'s goal ({}), and a \
                 player whose stones make only the other's goal loses.",
                goal_sides(other(color), mask),
                goal_words(other(color)).trim_end_matches('.')
            )
        })
    }

    #[cfg(any(feature = "study", not(target_arch = "wasm32")))]
    /// The empty cells where a stone of `seat` would reach its own goal at once.
    fn threat(&self, seat: Seat) -> Option<crate::game::Threat> {
        if self.outcome.is_some() || self.in_contract() {
            return None;
        }
        let mut as_mover = self.clone();
        as_mover.to_move = seat as u8;
        let grid = &self.t.grid;
        let empty = (0..grid.len()).filter(|&c| self.cells[c] == EMPTY);
        let cells =
            crate::game::Threat::winning_cells(&as_mover, seat, empty, |c| Step::Place(c as u16));
        let name = color_name(self.seat_color(seat));
        crate::game::Threat::of_cells(name, "to reach its goal", "stone", cells, |c| grid.name(c))
    }

    fn view(&self) -> BoardView {
        let g = &self.t.grid;
        let pieces = self.cells.0[..g.len()]
            .iter()
            .map(|&c| {
                let color = match c {
                    BLACK => Color::Black,
                    WHITE => Color::White,
                    _ => return None,
                };
                Some(PieceView {
                    color,
                    kind: PieceKind::Stone,
                    label: None,
                })
            })
            .collect();
        // Every side matters to both goals: each side is listed twice, White's then Black's.
        let sides = HexSide::ALL
            .iter()
            .flat_map(|s| {
                [
                    SideView {
                        side: Side::from(*s),
                        color: Color::White,
                    },
                    SideView {
                        side: Side::from(*s),
                        color: Color::Black,
                    },
                ]
            })
            .collect();
        let players = (0..2)
            .map(|seat| {
                if self.in_contract() {
                    PlayerView {
                        name: seat_name(seat).to_string(),
                        color: Color::Grey,
                    }
                } else {
                    let color = self.seat_color(seat);
                    PlayerView {
                        name: color_name(color).to_string(),
                        color: if color == WHITE {
                            Color::White
                        } else {
                            Color::Black
                        },
                    }
                }
            })
            .collect();
        let mut facts = Vec::new();
        if self.in_contract() {
            facts.push((String::from("Phase"), String::from("Contract")));
            facts.push((
                String::from("Contract stones"),
                (g.len() - self.empty as usize).to_string(),
            ));
        } else {
            facts.push((
                String::from("Black"),
                seat_name(self.black_seat as usize).to_string(),
            ));
            facts.push((
                String::from("White"),
                seat_name(1 - self.black_seat as usize).to_string(),
            ));
            if let Some(k) = self.contract_stones {
                facts.push((String::from("Contract stones"), k.to_string()));
            }
        }
        BoardView {
            shape: Shape::Hex { side: self.size },
            cells: (0..g.len()).map(|c| g.name(c)).collect(),
            pieces,
            walls: Vec::new(),
            sides,
            players,
            to_move: self.outcome.is_none().then_some(self.to_move as Seat),
            outcome: self.outcome,
            prompt: self.prompt(),
            marked: Vec::new(),
            highlight: self.deciding_group(),
            facts,
            lifted: Vec::new(),
        }
    }
}

impl Describe for Position {
    fn step_view(&self, step: Step) -> StepView {
        with_board!(&self.0, b => b.step_view(step))
    }

    fn placement_piece(&self) -> Option<PieceView> {
        with_board!(&self.0, b => b.placement_piece())
    }

    fn pass_label(&self) -> &'static str {
        with_board!(&self.0, b => b.pass_label())
    }

    fn view(&self) -> BoardView {
        with_board!(&self.0, b => b.view())
    }

    #[cfg(any(feature = "study", not(target_arch = "wasm32")))]
    fn outcome_reason(&self) -> Option<String> {
        with_board!(&self.0, b => b.outcome_reason())
    }

    #[cfg(any(feature = "study", not(target_arch = "wasm32")))]
    fn threat(&self, seat: Seat) -> Option<crate::game::Threat> {
        with_board!(&self.0, b => b.threat(seat))
    }
}
