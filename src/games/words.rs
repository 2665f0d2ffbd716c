//! What the page says to a player about a position of any game: its presentation, step
//! words, and why a click or a key makes no step. The general sentences are here, the same
//! for every game; each game adds its own through [`Describe`].

use super::AnyGame;
use crate::game::{BoardView, Color, Describe, Error, Presentation, StepKind, StepView};
use crate::with_game;

impl AnyGame {
    /// The colour of the piece a placement puts down now, if the game has placements.
    pub fn placement_color(&self) -> Option<Color> {
        with_game!(self, g => g.placement_piece().map(|p| p.color))
    }

    /// How the page presents the position (see [`Presentation`]).
    pub fn presentation(&self, view: &BoardView, legal: &[StepView]) -> Presentation {
        with_game!(self, g => Presentation::of(g, view, legal))
    }

    /// A step's canonical text in words a person reads (see `Describe::step_words`).
    pub fn step_words(&self, text: &str) -> String {
        with_game!(self, g => g.step_words(text))
    }

    /// Why a click makes no step, in words for the user: a click on `cells[0]`, or between
    /// `cells[0]` and `cells[1]` (an edge). Empty when there is nothing to say (the click is a
    /// step, or the game waits for nobody).
    pub fn explain_click(&self, cells: &[usize]) -> Result<String, Error> {
        let view = self.view();
        let name = |cell: usize| -> Result<&str, Error> {
            view.cells
                .get(cell)
                .map(String::as_str)
                .ok_or_else(|| Error::syntax(format!("there is no cell number {cell}")))
        };
        let legal = self.legal_step_views();
        let has = |kinds: &[StepKind]| legal.iter().any(|s| kinds.contains(&s.kind));
        // Two cells: an edge (a wall), the second click of a swap whose first click picked
        // the checker on `a`, or what the game reads in them.
        let text = match *cells {
            [cell] => name(cell)?.to_string(),
            [a, b] => {
                let (from, to) = (name(a)?, name(b)?);
                match with_game!(self, g => g.pair_click(&view, &legal, a, b)) {
                    Some(Ok(text)) => text,
                    Some(Err(why)) => return Ok(why),
                    None if has(&[StepKind::Swap]) => format!("{from}~{to}"),
                    None => format!("{from}|{to}"),
                }
            }
            _ => return Err(Error::syntax("a click is on one cell or between two")),
        };
        if legal.is_empty() {
            return Ok(if view.outcome.is_some() {
                "The game is over.".into()
            } else {
                String::new()
            });
        }
        // Where a cell click is a whole step (or a swap's half), the step's own error says why.
        let picks_first = has(&[
            StepKind::Move,
            StepKind::Ring,
            StepKind::Asterisk,
            StepKind::Flip,
        ]) && !has(&[StepKind::Place, StepKind::Replace, StepKind::Swap]);
        if let [cell] = *cells {
            if let Some(why) = with_game!(self, g => g.explain_cell(cell)) {
                return Ok(why);
            }
        }
        if let [cell] = *cells {
            // Nothing starts with a click on a cell (a wall to place, or only a pass): say
            // what can be done instead of how the cell would be typed.
            let starts = has(&[
                StepKind::Place,
                StepKind::Replace,
                StepKind::Swap,
                StepKind::Move,
                StepKind::Ring,
                StepKind::Asterisk,
                StepKind::Flip,
            ]);
            if !starts {
                if let Some(why) = with_game!(self, g => g.pick_hint(&view, &legal, cell)) {
                    return Ok(why);
                }
                let mover = view
                    .to_move
                    .and_then(|seat| view.players.get(seat))
                    .map_or("The player to move", |p| p.name.as_str());
                let pass = with_game!(self, g => g.pass_label());
                return Ok(if has(&[StepKind::Wall]) {
                    format!("{mover} must place a wall now: click between two cells.")
                } else {
                    format!("{mover} has no step to make on the board: press {pass}.")
                });
            }
        }
        if cells.len() == 2 || !picks_first {
            return Ok(self
                .check_text(&text)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default());
        }
        // Steps that start from a piece: say what to click rather than how to type a step.
        let cell = cells[0];
        if let Some(why) = with_game!(self, g => g.pick_hint(&view, &legal, cell)) {
            return Ok(why);
        }
        let mover = view.to_move.and_then(|seat| view.players.get(seat));
        let piece = view.pieces[cell].as_ref();
        let or_wall = with_game!(self, g => g.pick_also(&legal));
        Ok(match (piece, mover) {
            (Some(p), Some(m)) if p.color != m.color => {
                format!(
                    "That piece is not {}'s. Pick one of your own pieces{or_wall}.",
                    m.name
                )
            }
            (Some(_), _) => "That piece has no step to make now.".into(),
            (None, _) => format!("Pick one of your pieces first{or_wall}."),
        })
    }

    /// Why a click on `cell` makes no step while the piece on `from` is picked (the first
    /// click of a two-click step), in words about the board; `cell == from` asks about the
    /// picked piece's own capture (a Unity ring's Fire button). Empty when the click is a
    /// step, or the game waits for nobody.
    pub fn explain_pick(&self, from: usize, cell: usize) -> Result<String, Error> {
        let view = self.view();
        for c in [from, cell] {
            if c >= view.cells.len() {
                return Err(Error::syntax(format!("there is no cell number {c}")));
            }
        }
        let legal = self.legal_step_views();
        if legal.is_empty() {
            return self.explain_click(&[cell]);
        }
        if legal
            .iter()
            .any(|s| s.kind == StepKind::Move && s.cells == [from, cell])
            || (from == cell
                && legal
                    .iter()
                    .any(|s| s.kind == StepKind::Ring && s.cells == [from]))
        {
            return Ok(String::new());
        }
        if let Some(why) = with_game!(self, g => g.pick_click(&view, &legal, from, cell)) {
            return Ok(why);
        }
        // Swaps and flips read the pair themselves (see `explain_click`).
        self.explain_click(&[from, cell])
    }

    /// Why a direction key (`dir`: NE, E, SE, SW, W or NW) makes no step, in words about the
    /// board: with `picked`, the shot of the piece picked on `cell` that way; else a wall on
    /// that side of the keyboard cursor's `cell`. Empty when the key is a step, where the
    /// game gives direction keys no meaning, or when the game waits for nobody.
    pub fn explain_key(&self, cell: usize, dir: &str, picked: bool) -> Result<String, Error> {
        let view = self.view();
        if cell >= view.cells.len() {
            return Err(Error::syntax(format!("there is no cell number {cell}")));
        }
        let dir = crate::geometry::HexDir::parse(dir).ok_or_else(|| {
            Error::syntax(format!(
                "{:?} is not a direction: use NE, E, SE, SW, W or NW",
                crate::game::shorten(dir)
            ))
        })?;
        let legal = self.legal_step_views();
        if legal.is_empty() {
            return self.explain_click(&[cell]);
        }
        Ok(
            with_game!(self, g => g.dir_key(&view, &legal, cell, dir.index(), picked))
                .unwrap_or_default(),
        )
    }
}
