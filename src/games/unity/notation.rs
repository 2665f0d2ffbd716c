//! Unity's step text (docs/RULES.md, "Step text"): writing a step, and reading one with the
//! reason it is not legal now. Moves `c3-c6`, walls `c3|c4`, captures `c3x` (a ring) and
//! `c3xNE` (an asterisk), and `pass`.

use super::{bit, Color, Kind, Position, Step, NONE};
use crate::game::{shorten, Error, Game};
use crate::geometry::HexDir;

impl Position {
    /// The canonical text of `step`.
    pub(super) fn write_step(&self, step: Step) -> String {
        match step {
            Step::Slide { from, to } => {
                format!("{}-{}", self.name(from as usize), self.name(to as usize))
            }
            Step::Wall(edge) => self.t.grid.edge_name(edge as usize),
            Step::Ring(cell) => format!("{}x", self.name(cell as usize)),
            Step::Asterisk(cell, dir) => format!("{}x{}", self.name(cell as usize), dir.name()),
            Step::Pass => "pass".to_string(),
        }
    }

    /// Reads a step's text and checks that it is legal now.
    pub(super) fn read_step(&self, text: &str) -> Result<Step, Error> {
        if self.outcome.is_some() {
            return Err(Error::game_over("the game is over"));
        }
        let text = text.trim();
        let step = self.parse_unchecked(text)?;
        // The specific checks explain; this makes sure nothing illegal gets through.
        let mut steps = Vec::new();
        self.legal_steps(&mut steps);
        if steps.contains(&step) {
            Ok(step)
        } else {
            Err(Error::illegal(format!(
                "{} is not legal now",
                self.write_step(step)
            )))
        }
    }

    /// A cell's name ("c3").
    pub(super) fn name(&self, cell: usize) -> String {
        self.t.grid.name(cell)
    }

    /// Reads a step of any kind, with the reason a legal-looking one is refused; the
    /// complete check against the legal steps is `read_step`'s.
    fn parse_unchecked(&self, text: &str) -> Result<Step, Error> {
        if text == "pass" {
            self.parse_pass()
        } else if text.contains('|') {
            self.parse_wall(text)
        } else if let Some((from, to)) = text.split_once('-') {
            self.parse_slide(from, to)
        } else if let Some(at) = text.find('x').filter(|&i| i > 0) {
            self.parse_capture(&text[..at], &text[at + 1..])
        } else {
            Err(Error::syntax(format!(
                "{:?} is not a step: write a move as c3-c6, a wall as c3|c4, a capture as c3x (ring) or c3xNE (asterisk)",
                shorten(text)
            )))
        }
    }

    fn parse_pass(&self) -> Result<Step, Error> {
        let mut steps = Vec::new();
        self.legal_steps(&mut steps);
        if steps == [Step::Pass] {
            Ok(Step::Pass)
        } else {
            Err(Error::illegal(
                "you may pass only when no other step is possible",
            ))
        }
    }

    /// A wall, written as the edge between two cells (`c3|c4`).
    fn parse_wall(&self, text: &str) -> Result<Step, Error> {
        let edge = self.t.grid.parse_edge(text).map_err(Error::syntax)?;
        let [a, b] = self.t.grid.edges()[edge];
        if self.walls.has(edge as u8) {
            return Err(Error::illegal(format!(
                "there is already a wall between {} and {}",
                self.name(a),
                self.name(b)
            )));
        }
        if self.walls_left == 0 {
            return Err(Error::illegal("no walls are left in the supply"));
        }
        Ok(Step::Wall(edge as u8))
    }

    /// A slide from the cell named `from` to the cell named `to`.
    fn parse_slide(&self, from: &str, to: &str) -> Result<Step, Error> {
        let from = self.parse_cell(from)?;
        let to = self.parse_cell(to)?;
        self.refuse_second_wall()?;
        self.check_own(from)?;
        if from == to {
            return Err(Error::syntax("a piece must move to another cell"));
        }
        match self.line_between(from, to) {
            None => Err(Error::syntax(format!(
                "{} is not in line with {}",
                self.name(to),
                self.name(from)
            ))),
            Some(true) => Err(Error::illegal(format!(
                "a wall blocks the way from {} to {}",
                self.name(from),
                self.name(to)
            ))),
            Some(false) if self.occupied() & bit(to) != 0 => {
                Err(Error::illegal(format!("{} is occupied", self.name(to))))
            }
            Some(false) => Ok(Step::Slide {
                from: from as u8,
                to: to as u8,
            }),
        }
    }

    /// Whether `to` lies on one of `from`'s six lines: None if not, else whether a wall
    /// crosses the line between them.
    fn line_between(&self, from: usize, to: usize) -> Option<bool> {
        (0..6).find_map(|d| {
            let mut cur = from;
            let mut blocked = false;
            while self.t.nbr[cur][d] != NONE {
                blocked |= self.walls.has(self.t.edge[cur][d]);
                cur = self.t.nbr[cur][d] as usize;
                if cur == to {
                    return Some(blocked);
                }
            }
            None
        })
    }

    /// A capture by the piece on the cell named `cell`, with `dir_text` its direction
    /// (empty for a ring).
    fn parse_capture(&self, cell: &str, dir_text: &str) -> Result<Step, Error> {
        let cell = self.parse_cell(cell)?;
        let dir = if dir_text.is_empty() {
            None
        } else {
            Some(parse_direction(dir_text)?)
        };
        self.refuse_second_wall()?;
        let kind = self.check_own(cell)?;
        let (step, mask) = match (kind, dir) {
            (Kind::Ring, None) => (Step::Ring(cell as u8), self.ring_mask(cell)),
            (Kind::Asterisk, Some(d)) => (
                Step::Asterisk(cell as u8, d),
                self.asterisk_mask(cell, d.index()),
            ),
            (Kind::Ring, Some(_)) => {
                return Err(Error::illegal(format!(
                    "{0} is a ring: it captures all around, written {0}x",
                    self.name(cell)
                )))
            }
            (Kind::Asterisk, None) => {
                return Err(Error::illegal(format!(
                    "{0} is an asterisk: name a direction, as in {0}xNE",
                    self.name(cell)
                )))
            }
        };
        let wiped = self.wiped_out(mask);
        if wiped != 0 {
            return Err(Error::illegal(self.wiped_message(wiped)));
        }
        Ok(step)
    }

    /// In a three-player game's second wall, nothing but a wall may be played.
    fn refuse_second_wall(&self) -> Result<(), Error> {
        if !self.second_wall {
            return Ok(());
        }
        let me = Color::ALL[self.mover_color()];
        Err(Error::illegal(format!(
            "{} must place a second wall (write it as c3|c4)",
            me.name()
        )))
    }

    fn wiped_message(&self, wiped: u8) -> String {
        let names: Vec<&str> = Color::ALL
            .into_iter()
            .filter(|c| wiped & (1 << c.index()) != 0)
            .map(Color::name)
            .collect();
        format!(
            "that capture would leave {} with no pieces",
            names.join(" and ")
        )
    }

    /// Checks that `cell` holds a piece of the mover, for a slide or a capture.
    fn check_own(&self, cell: usize) -> Result<Kind, Error> {
        let me = Color::ALL[self.mover_color()];
        match self.piece(cell) {
            None => Err(Error::illegal(format!("{} is empty", self.name(cell)))),
            Some((color, _)) if color != me => Err(Error::illegal(format!(
                "{} holds {} {} piece: {} is to play",
                self.name(cell),
                if color == Color::Orange { "an" } else { "a" },
                color.name(),
                me.name()
            ))),
            Some((_, kind)) => Ok(kind),
        }
    }

    fn parse_cell(&self, text: &str) -> Result<usize, Error> {
        self.t.grid.parse(text).ok_or_else(|| {
            Error::syntax(format!(
                "{:?} is not a cell of this side-{} board",
                shorten(text),
                self.t.grid.side()
            ))
        })
    }
}

/// An asterisk's direction (`NE`, any case).
fn parse_direction(text: &str) -> Result<HexDir, Error> {
    HexDir::parse(&text.to_ascii_uppercase()).ok_or_else(|| {
        Error::syntax(format!(
            "{:?} is not a direction: use NE, E, SE, SW, W or NW",
            shorten(text)
        ))
    })
}
