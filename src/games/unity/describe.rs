//! What a Unity player sees and reads: the board view, the prompts and step words, why the
//! game ended, and why a click or a key makes no step.

use super::{bit, Color, Kind, Position, Step, NONE};
#[cfg(any(feature = "study", not(target_arch = "wasm32")))]
use crate::game::Seat;
use crate::game::{
    BoardView, Describe, Game, Outcome, PieceView, PlayerView, Shape, StepKind, StepView,
};
use crate::geometry::HexDir;

impl Describe for Position {
    fn step_view(&self, step: Step) -> StepView {
        let (kind, cells, dir) = match step {
            Step::Slide { from, to } => (StepKind::Move, vec![from as usize, to as usize], None),
            Step::Wall(edge) => (
                StepKind::Wall,
                self.t.grid.edges()[edge as usize].to_vec(),
                None,
            ),
            Step::Ring(cell) => (StepKind::Ring, vec![cell as usize], None),
            Step::Asterisk(cell, dir) => {
                let mut cells = vec![cell as usize];
                cells.extend(self.t.grid.neighbor(cell as usize, dir));
                (StepKind::Asterisk, cells, Some(dir))
            }
            Step::Pass => (StepKind::Pass, Vec::new(), None),
        };
        StepView {
            text: self.step_text(step),
            kind,
            cells,
            dir,
            piece: None,
        }
    }

    fn highlight_name(&self) -> &'static str {
        "united group"
    }

    #[cfg(any(feature = "study", not(target_arch = "wasm32")))]
    fn outcome_reason(&self) -> Option<String> {
        let Some(Outcome::Winner(winner)) = self.outcome else {
            return None;
        };
        let size = |seat: Seat| self.occ[self.seat_color(seat).index()].count_ones();
        let name = |seat: Seat| self.seat_color(seat).name();
        let pieces = |n: u32| {
            if n == 1 {
                "1 piece".to_string()
            } else {
                format!("{n} pieces")
            }
        };
        let rivals: Vec<Seat> = (0..self.players as usize)
            .filter(|&s| s != winner && self.is_united(self.seat_color(s)))
            .collect();
        let rule = "A player whose pieces all touch in one group (no wall between) has united; \
                    when more than one has, the largest group wins, and a tie goes to the one who \
                    moved last.";
        let also: Vec<String> = rivals
            .iter()
            .map(|&s| format!("{} united too, with {}", name(s), pieces(size(s))))
            .collect();
        Some(if also.is_empty() && size(winner) == 1 {
            format!(
                "{rule} {} has one piece left, and a lone piece counts as united.",
                name(winner)
            )
        } else if also.is_empty() {
            format!(
                "{rule} {}'s {} form one group: united first.",
                name(winner),
                pieces(size(winner))
            )
        } else {
            let tie = rivals.iter().any(|&s| size(s) == size(winner));
            format!(
                "{rule} {}'s group has {}; {}: {}.",
                name(winner),
                pieces(size(winner)),
                also.join("; "),
                if tie {
                    "a tie, won by the one who moved last"
                } else {
                    "the larger group wins"
                }
            )
        })
    }

    fn step_words(&self, text: &str) -> String {
        let t = text.trim();
        if t == "pass" {
            return "a pass".to_string();
        }
        if let Some((a, b)) = t.split_once('|') {
            return format!("a wall between {a} and {b}");
        }
        if let Some((from, to)) = t.split_once('-') {
            return format!("the piece on {from} slides to {to}");
        }
        if let Some((cell, dir)) = t.split_once('x') {
            return match dir_words(dir) {
                None if dir.is_empty() => format!("the ring on {cell} fires"),
                Some(way) => format!("the asterisk on {cell} fires {way}"),
                None => t.to_string(),
            };
        }
        t.to_string()
    }

    fn then_prompt(&self, kind: StepKind) -> Option<&'static str> {
        match kind {
            StepKind::Move => Some("Now click where it goes."),
            StepKind::Ring => Some("Press Fire to fire the ring, or pick a space to slide to."),
            StepKind::Asterisk => {
                Some("Click an arrow to fire the asterisk that way, or pick a space to slide to.")
            }
            _ => None,
        }
    }

    fn view(&self) -> BoardView {
        let g = &self.t.grid;
        let walls = (0..self.t.edges)
            .filter(|&e| self.walls.has(e as u8))
            .map(|e| g.edges()[e])
            .collect();
        let (prompt, highlight) = match self.outcome {
            Some(outcome) => self.result_prompt(outcome),
            None => (self.turn_prompt(), Vec::new()),
        };
        BoardView {
            shape: Shape::Hex { side: g.side() },
            cells: (0..self.t.cells).map(|c| g.name(c)).collect(),
            pieces: self.piece_views(),
            walls,
            sides: Vec::new(),
            players: self.player_views(),
            to_move: self.outcome.is_none().then_some(self.to_move as usize),
            outcome: self.outcome,
            prompt,
            marked: Vec::new(),
            highlight,
            facts: self.facts(),
            lifted: Vec::new(),
        }
    }

    fn pick_click(
        &self,
        view: &BoardView,
        legal: &[StepView],
        from: usize,
        cell: usize,
    ) -> Option<String> {
        let (_, kind) = self.piece(from)?;
        let (from_name, to_name) = (&view.cells[from], &view.cells[cell]);
        if cell == from {
            return Some(match kind {
                Kind::Ring => format!(
                    "The ring on {from_name} may not fire: {}.",
                    self.capture_refusal(from)?
                ),
                Kind::Asterisk
                    if legal.iter().any(|s| {
                        s.kind == StepKind::Asterisk && s.cells.first() == Some(&from)
                    }) =>
                {
                    format!("Click one of the arrows around the asterisk on {from_name} to fire it that way.")
                }
                Kind::Asterisk => format!(
                    "The asterisk on {from_name} may not fire along any of its lines: {}.",
                    self.capture_refusal(from)?
                ),
            });
        }
        let why = self.parse_step(&format!("{from_name}-{to_name}")).err()?;
        let why = why.message();
        Some(if why.ends_with("is occupied") {
            format!("{to_name} is occupied: a piece slides only to an empty space.")
        } else if why.contains("is not in line with") {
            format!("{to_name} is not in line with {from_name}: a piece slides along one of the six straight lines.")
        } else {
            sentence(why)
        })
    }

    fn dir_key(
        &self,
        view: &BoardView,
        legal: &[StepView],
        cell: usize,
        dir: usize,
        picked: bool,
    ) -> Option<String> {
        let name = &view.cells[cell];
        let way = DIR_WORDS[dir];
        if picked {
            let why = match self.piece(cell) {
                None => format!("{name} is empty: pick an asterisk first, then press 1 to 6."),
                Some((_, Kind::Ring)) => format!(
                    "The ring on {name} fires all around it, not one way: press Fire to fire it."
                ),
                Some((_, Kind::Asterisk)) => {
                    let text = format!("{name}x{}", HexDir::ALL[dir].name());
                    match self.parse_step(&text) {
                        Ok(_) => String::new(),
                        Err(why) => format!(
                            "The asterisk on {name} may not fire {way}: {}.",
                            why.message().trim_end_matches('.')
                        ),
                    }
                }
            };
            return Some(why);
        }
        let other = self.t.nbr[cell][dir];
        if self.walls_left == 0 {
            return Some("No walls are left in the supply.".into());
        }
        if other == NONE {
            return Some(format!(
                "There is no space {way} of {name}: a wall goes between two spaces of the board."
            ));
        }
        let edge = format!("{name}|{}", view.cells[other as usize]);
        if legal.iter().any(|s| {
            s.kind == StepKind::Wall
                && s.cells.contains(&cell)
                && s.cells.contains(&(other as usize))
        }) {
            return Some(String::new());
        }
        let why = self.parse_step(&edge).err()?;
        Some(sentence(why.message()))
    }

    fn pick_hint(&self, view: &BoardView, legal: &[StepView], cell: usize) -> Option<String> {
        let mover = Color::ALL[self.mover_color()].name();
        let starts = legal
            .iter()
            .any(|s| s.kind != StepKind::Wall && s.kind != StepKind::Pass);
        let walls = legal.iter().any(|s| s.kind == StepKind::Wall);
        if !starts && self.second_wall_pending() {
            return Some(format!(
                "{mover} must place a second wall: click between two cells."
            ));
        }
        if !starts && walls {
            return Some(format!(
                "No piece of {mover}'s can slide or fire now: click between two cells to place a wall."
            ));
        }
        if !starts {
            return Some(format!(
                "{mover} can do nothing on the board: no piece can slide, no wall can go down and every capture is forbidden, so {mover} must pass (press Pass)."
            ));
        }
        let (color, kind) = self.piece(cell)?;
        if color.name() != mover
            || legal
                .iter()
                .any(|s| s.cells.first() == Some(&cell) && s.kind != StepKind::Wall)
        {
            return None;
        }
        let name = &view.cells[cell];
        Some(format!(
            "The {} on {name} has no step: no empty space lies in line with it this side of a wall, and {}.",
            kind.name(),
            self.capture_refusal(cell)
                .map_or("it may not fire".to_string(), |why| format!("it may not fire: {why}"))
        ))
    }

    fn pick_also(&self, legal: &[StepView]) -> &'static str {
        if legal.iter().any(|s| s.kind == StepKind::Wall) {
            ", or click between two cells for a wall"
        } else {
            ""
        }
    }
}

/// The parts of [`Describe::view`].
impl Position {
    fn piece_views(&self) -> Vec<Option<PieceView>> {
        (0..self.t.cells)
            .map(|c| {
                self.piece(c).map(|(color, kind)| PieceView {
                    color: color.view(),
                    kind: kind.view(),
                    label: None,
                })
            })
            .collect()
    }

    fn player_views(&self) -> Vec<PlayerView> {
        (0..self.players as usize)
            .map(|s| {
                let color = self.seat_color(s);
                PlayerView {
                    name: color.name().to_string(),
                    color: color.view(),
                }
            })
            .collect()
    }

    /// The prompt once the game is over, and the winner's united pieces to highlight.
    fn result_prompt(&self, outcome: Outcome) -> (String, Vec<usize>) {
        match outcome {
            Outcome::Winner(seat) => {
                let color = self.seat_color(seat);
                let bits = self.occ[color.index()];
                let n = bits.count_ones();
                let united = match n {
                    1 => "its only piece counts as united".to_string(),
                    2 => "both pieces united".to_string(),
                    n => format!("all {n} pieces united"),
                };
                (
                    format!("{} wins: {united}", color.name()),
                    (0..self.t.cells).filter(|&c| bits & bit(c) != 0).collect(),
                )
            }
            Outcome::Draw => ("Draw".to_string(), Vec::new()),
        }
    }

    /// The prompt while the game goes on: what the mover can do.
    fn turn_prompt(&self) -> String {
        let mover = self.seat_color(self.to_move as usize);
        if self.second_wall {
            return format!("{} to place a second wall", mover.name());
        }
        let steps = self.legal_step_list();
        let mut can = Vec::new();
        if steps.iter().any(|s| matches!(s, Step::Slide { .. })) {
            can.push("move");
        }
        if steps
            .iter()
            .any(|s| matches!(s, Step::Ring(_) | Step::Asterisk(..)))
        {
            can.push("capture");
        }
        if steps.iter().any(|s| matches!(s, Step::Wall(_))) {
            can.push(if self.players == 3 {
                "place walls"
            } else {
                "place a wall"
            });
        }
        match can.len() {
            0 => format!("{} cannot do anything and must pass", mover.name()),
            1 => format!("{} to {}", mover.name(), can[0]),
            n => format!(
                "{} to {} or {}",
                mover.name(),
                can[..n - 1].join(", "),
                can[n - 1]
            ),
        }
    }

    /// The walls left, a second wall to place, and each colour's pieces.
    fn facts(&self) -> Vec<(String, String)> {
        let mut facts = vec![("Walls left".to_string(), self.walls_left.to_string())];
        if self.second_wall {
            facts.push(("Second wall".to_string(), "to place".to_string()));
        }
        for color in Color::ALL {
            let label = if self.color_seat[color.index()] == NONE {
                format!("{} pieces (neutral)", color.name())
            } else {
                format!("{} pieces", color.name())
            };
            facts.push((label, self.count(color).to_string()));
        }
        facts
    }
}

/// An asterisk's direction ("NE") in words ("north-east").
fn dir_words(dir: &str) -> Option<&'static str> {
    Some(match dir {
        "NE" => "north-east",
        "E" => "east",
        "SE" => "south-east",
        "SW" => "south-west",
        "W" => "west",
        "NW" => "north-west",
        _ => return None,
    })
}

impl Position {
    /// Why the mover's piece on `cell` may not capture (its first forbidden capture's
    /// reason), or None if it may.
    fn capture_refusal(&self, cell: usize) -> Option<String> {
        let name = self.name(cell);
        let texts: Vec<String> = match self.piece(cell)?.1 {
            Kind::Ring => vec![format!("{name}x")],
            Kind::Asterisk => ["NE", "E", "SE", "SW", "W", "NW"]
                .iter()
                .map(|d| format!("{name}x{d}"))
                .collect(),
        };
        let mut refusals = texts.iter().map(|t| self.parse_step(t));
        let first = refusals.next()?.err()?;
        refusals
            .all(|r| r.is_err())
            .then(|| first.message().to_string())
    }
}

/// The six directions of keys 1 to 6, in words.
const DIR_WORDS: [&str; 6] = [
    "to the north-east",
    "to the east",
    "to the south-east",
    "to the south-west",
    "to the west",
    "to the north-west",
];

/// An engine message as a sentence: capital first letter, full stop.
fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    let first = chars
        .next()
        .map(|c| c.to_uppercase().to_string())
        .unwrap_or_default();
    format!("{first}{}.", chars.as_str().trim_end_matches('.'))
}
