//! The checks made after every step of a soak game (listed at the top of `soak/mod.rs`).

use super::board::Board;
use ludus::game::{BoardView, Outcome, Seat, StepView};
use ludus::games::GameKind;
use std::collections::{HashMap, HashSet};

type Check = Result<(), String>;

fn piece_key(view: &BoardView, c: usize) -> Option<(&'static str, &'static str, Option<&str>)> {
    view.pieces[c]
        .as_ref()
        .map(|p| (p.color.name(), p.kind.name(), p.label.as_deref()))
}

fn color_at(view: &BoardView, c: usize) -> Option<&'static str> {
    view.pieces[c].as_ref().map(|p| p.color.name())
}

fn count(view: &BoardView, color: &str) -> usize {
    view.pieces
        .iter()
        .flatten()
        .filter(|p| p.color.name() == color)
        .count()
}

/// The cells whose piece differs between two views.
fn changed(before: &BoardView, after: &BoardView) -> Vec<usize> {
    (0..before.pieces.len())
        .filter(|&c| piece_key(before, c) != piece_key(after, c))
        .collect()
}

fn fact<'a>(view: &'a BoardView, label: &str) -> Option<&'a str> {
    view.facts
        .iter()
        .find(|(l, _)| l == label)
        .map(|(_, v)| v.as_str())
}

fn ensure(ok: bool, message: impl FnOnce() -> String) -> Check {
    if ok {
        Ok(())
    } else {
        Err(message())
    }
}

/// What a check needs to remember from one step to the next.
pub(super) struct Checker {
    kind: GameKind,
    board: Board,
    /// Cells the step's own cells are checked against.
    cells: usize,
    /// Unity: walls at the start and walls left then.
    start_walls: usize,
    start_left: usize,
    /// Unity: the seats' colours, fixed for the game.
    seat_colors: Vec<&'static str>,
    /// Scattercut: first placements of the turn, by colour.
    placed: HashMap<&'static str, usize>,
    /// Merlin's Chain: flipped tiles, cell to label.
    flipped: HashMap<usize, String>,
    /// Unity: steps that were passes, in a row, up to now.
    passes: usize,
}

impl Checker {
    pub(super) fn new(kind: GameKind, start: &BoardView) -> Checker {
        let left = fact(start, "Walls left").and_then(|v| v.parse().ok());
        Checker {
            kind,
            board: Board::new(&start.shape),
            cells: start.cells.len(),
            start_walls: start.walls.len(),
            start_left: left.unwrap_or(0),
            seat_colors: start.players.iter().map(|p| p.color.name()).collect(),
            placed: HashMap::new(),
            flipped: HashMap::new(),
            passes: 0,
        }
    }

    pub(super) fn step(
        &mut self,
        before: &BoardView,
        step: &StepView,
        mover: Seat,
        after: &BoardView,
        played: usize,
    ) -> Check {
        ensure(
            after.pieces.len() == self.cells && after.cells.len() == self.cells,
            || "the board changed size".into(),
        )?;
        ensure(after.to_move.is_none() == after.outcome.is_some(), || {
            format!(
                "to_move {:?} with outcome {:?}",
                after.to_move, after.outcome
            )
        })?;
        ensure(step.cells.iter().all(|&c| c < self.cells), || {
            format!("the step names cells {:?} off the board", step.cells)
        })?;
        let turn_ended = after.outcome.is_some() || after.to_move != Some(mover);
        match self.kind {
            GameKind::Unravel => self.unravel(before, step, mover, after, turn_ended),
            GameKind::Scattercut => self.scattercut(before, step, mover, after, turn_ended),
            GameKind::Unity => self.unity(before, step, mover, after, turn_ended),
            GameKind::MerlinsChain => self.merlins_chain(before, step, mover, after, played),
            GameKind::Unlur => self.unlur(before, step, mover, after),
        }
    }

    /// A placement: the cell was empty and now holds `color`; nothing else changed.
    fn placed_alone(before: &BoardView, step: &StepView, after: &BoardView, color: &str) -> Check {
        let c = step.cells[0];
        ensure(before.pieces[c].is_none(), || {
            format!("placed on {}, which was not empty", after.cells[c])
        })?;
        ensure(color_at(after, c) == Some(color), || {
            format!(
                "{} does not hold a {color} piece after the placement",
                after.cells[c]
            )
        })?;
        let changed = changed(before, after);
        ensure(changed == [c], || {
            format!("a placement changed cells {changed:?}")
        })
    }

    /// The colour with a chain joining its two sides, if any (Unravel, Scattercut).
    fn chains(&self, view: &BoardView) -> Vec<&'static str> {
        let mut colors: Vec<&'static str> = view.sides.iter().map(|s| s.color.name()).collect();
        colors.sort_unstable();
        colors.dedup();
        colors
            .into_iter()
            .filter(|&color| {
                let goal: Vec<&str> = view
                    .sides
                    .iter()
                    .filter(|s| s.color.name() == color)
                    .map(|s| s.side.name())
                    .collect();
                self.board
                    .groups(|c| color_at(view, c) == Some(color), |_, _| true)
                    .iter()
                    .any(|g| {
                        let touched = self.board.sides_of(g);
                        goal.iter().all(|s| touched.contains(s))
                    })
            })
            .collect()
    }

    /// At a turn's end: the winner has its chain and nobody else has one; no winner, no chain.
    fn chain_winner(&self, view: &BoardView) -> Check {
        let chains = self.chains(view);
        match view.outcome {
            Some(Outcome::Winner(seat)) => {
                let color = view.players[seat].color.name();
                ensure(chains == [color], || {
                    format!("{color} won, but the chains on the board are {chains:?}")
                })
            }
            Some(Outcome::Draw) => Err("a draw, which this game cannot have".into()),
            None => ensure(chains.is_empty(), || {
                format!("the turn ended with a chain of {chains:?} and no winner")
            }),
        }
    }

    fn unravel(
        &mut self,
        before: &BoardView,
        step: &StepView,
        mover: Seat,
        after: &BoardView,
        turn_ended: bool,
    ) -> Check {
        let color = before.players[mover].color.name();
        match step.kind.name() {
            "place" => Self::placed_alone(before, step, after, color)?,
            "swap" => {
                let [a, b] = step.cells[..] else {
                    return Err(format!("a swap of cells {:?}", step.cells));
                };
                let (ca, cb) = (color_at(before, a), color_at(before, b));
                ensure(ca.is_some() && cb.is_some() && ca != cb, || {
                    "a swap of two checkers that are not one of each colour".into()
                })?;
                ensure(color_at(after, a) == cb && color_at(after, b) == ca, || {
                    "the swap did not exchange the two checkers".into()
                })?;
                ensure(self.board.are_neighbors(a, b), || {
                    "a swap of cells that do not touch".into()
                })?;
                let changed = changed(before, after);
                ensure(changed.len() == 2, || {
                    format!("a swap changed cells {changed:?}")
                })?;
            }
            other => return Err(format!("a step of kind {other}")),
        }
        let crosscuts = self.board.crosscuts(after);
        if turn_ended {
            ensure(crosscuts.is_empty(), || {
                format!("the turn ended with crosscuts at {crosscuts:?}")
            })?;
            self.chain_winner(after)
        } else {
            ensure(!crosscuts.is_empty(), || {
                "the turn goes on with no crosscut to break".into()
            })
        }
    }

    fn scattercut(
        &mut self,
        before: &BoardView,
        step: &StepView,
        mover: Seat,
        after: &BoardView,
        turn_ended: bool,
    ) -> Check {
        let color = before.players[mover].color.name();
        let other = before.players[1 - mover].color.name();
        let c = step.cells[0];
        match step.kind.name() {
            "place" => {
                *self.placed.entry(color).or_default() += 1;
                ensure(before.pieces[c].is_none(), || {
                    "placed on an occupied cell".into()
                })?;
                ensure(color_at(after, c) == Some(color), || {
                    "the placed stone is missing".into()
                })?;
                // Only the mover's stones diagonally across from the new one may leave.
                for gone in changed(before, after).into_iter().filter(|&g| g != c) {
                    ensure(
                        color_at(before, gone) == Some(color) && after.pieces[gone].is_none(),
                        || format!("the placement changed {}", after.cells[gone]),
                    )?;
                    let (w, _) = self.board.square.ok_or("not a square board")?;
                    let diagonal =
                        (c % w).abs_diff(gone % w) == 1 && (c / w).abs_diff(gone / w) == 1;
                    ensure(diagonal, || {
                        format!(
                            "{} left the board, not diagonal to the placement",
                            after.cells[gone]
                        )
                    })?;
                }
            }
            "replace" => Self::placed_alone(before, step, after, color)?,
            other => return Err(format!("a step of kind {other}")),
        }
        ensure(count(after, other) == count(before, other), || {
            "the opponent's stones changed during the mover's turn".into()
        })?;
        for seat_color in [color, other] {
            let on_board = count(after, seat_color);
            let placed = self.placed.get(seat_color).copied().unwrap_or(0);
            ensure(on_board <= placed, || {
                format!("{on_board} {seat_color} stones on the board, but only {placed} placed")
            })?;
        }
        // The placement's crosscuts leave with the stones taken, and a stone put back may
        // not make one: none is ever on the board after a step.
        let crosscuts = self.board.crosscuts(after);
        ensure(crosscuts.is_empty(), || {
            format!("crosscuts at {crosscuts:?}")
        })?;
        if turn_ended {
            self.chain_winner(after)?;
            if let Some(Outcome::Winner(seat)) = after.outcome {
                ensure(seat == mover, || "the player who did not move won".into())?;
            }
        }
        Ok(())
    }

    /// Unity: whether a colour's pieces form one group (walls cut adjacency).
    fn united(&self, view: &BoardView, color: &str) -> bool {
        let walls: HashSet<[usize; 2]> = view.walls.iter().copied().collect();
        let groups = self.board.groups(
            |c| color_at(view, c) == Some(color),
            |a, b| !walls.contains(&[a.min(b), a.max(b)]),
        );
        groups.len() == 1
    }

    fn unity(
        &mut self,
        before: &BoardView,
        step: &StepView,
        mover: Seat,
        after: &BoardView,
        turn_ended: bool,
    ) -> Check {
        let colors = ["purple", "orange", "green"];
        for color in colors {
            ensure(count(after, color) <= count(before, color), || {
                format!("{color} pieces increased")
            })?;
        }
        for (seat, &color) in self.seat_colors.iter().enumerate() {
            ensure(count(after, color) > 0, || {
                format!("seat {seat} ({color}) has no piece left")
            })?;
        }
        let left: usize = fact(after, "Walls left")
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| "no whole number of walls left".to_string())?;
        ensure(left <= self.start_left, || "walls left grew".into())?;
        ensure(
            after.walls.len() == self.start_walls + (self.start_left - left),
            || {
                format!(
                    "{} walls on the board: {} at the start and {} taken from the supply",
                    after.walls.len(),
                    self.start_walls,
                    self.start_left - left
                )
            },
        )?;
        ensure(before.walls.iter().all(|w| after.walls.contains(w)), || {
            "a wall went away".into()
        })?;
        ensure(
            after
                .walls
                .iter()
                .all(|&[a, b]| a < b && self.board.are_neighbors(a, b)),
            || "a wall between cells that do not touch".into(),
        )?;
        let changed = changed(before, after);
        let mover_color = self.seat_colors[mover];
        match step.kind.name() {
            "move" => {
                let [from, to] = step.cells[..] else {
                    return Err(format!("a move over cells {:?}", step.cells));
                };
                ensure(color_at(before, from) == Some(mover_color), || {
                    "moved a piece that is not the mover's".into()
                })?;
                ensure(
                    before.pieces[to].is_none() && piece_key(after, to) == piece_key(before, from),
                    || "the piece did not arrive on an empty cell".into(),
                )?;
                ensure(after.pieces[from].is_none() && changed.len() == 2, || {
                    format!("a move changed cells {changed:?}")
                })?;
            }
            "wall" => {
                let mut wall = [step.cells[0], *step.cells.get(1).unwrap_or(&usize::MAX)];
                wall.sort_unstable();
                ensure(after.walls.len() == before.walls.len() + 1, || {
                    "no wall added".into()
                })?;
                ensure(
                    !before.walls.contains(&wall) && after.walls.contains(&wall),
                    || "the wall is not where the step put it".into(),
                )?;
                ensure(changed.is_empty(), || "a wall moved pieces".into())?;
            }
            "ring" | "asterisk" => {
                let c = step.cells[0];
                ensure(color_at(before, c) == Some(mover_color), || {
                    "captured with a piece that is not the mover's".into()
                })?;
                ensure(after.pieces[c].is_none(), || {
                    "the capturing piece stayed".into()
                })?;
                ensure(changed.iter().all(|&d| after.pieces[d].is_none()), || {
                    "a capture did more than remove pieces".into()
                })?;
                ensure(after.walls.len() == before.walls.len(), || {
                    "a capture placed a wall".into()
                })?;
            }
            "pass" => ensure(changed.is_empty(), || "a pass changed the board".into())?,
            other => return Err(format!("a step of kind {other}")),
        }
        if step.kind.name() != "wall" {
            ensure(after.walls.len() == before.walls.len(), || {
                "walls changed".into()
            })?;
        }
        self.passes = if step.kind.name() == "pass" {
            self.passes + 1
        } else {
            0
        };
        if !turn_ended {
            return Ok(());
        }
        let united: Vec<(Seat, usize)> = self
            .seat_colors
            .iter()
            .enumerate()
            .filter(|&(_, &color)| self.united(after, color))
            .map(|(seat, &color)| (seat, count(after, color)))
            .collect();
        match after.outcome {
            None => ensure(united.is_empty(), || {
                format!("the turn ended with seats {united:?} united and no winner")
            }),
            Some(Outcome::Winner(seat)) => {
                let Some(&(_, size)) = united.iter().find(|&&(s, _)| s == seat) else {
                    return Err(format!("seat {seat} won without being united"));
                };
                ensure(united.iter().all(|&(_, other)| other <= size), || {
                    format!(
                        "seat {seat} won with {size} pieces, but the united seats are {united:?}"
                    )
                })
            }
            Some(Outcome::Draw) => ensure(self.passes >= self.seat_colors.len(), || {
                format!("a draw after {} passes in a row", self.passes)
            }),
        }
    }

    fn merlins_chain(
        &mut self,
        before: &BoardView,
        step: &StepView,
        mover: Seat,
        after: &BoardView,
        played: usize,
    ) -> Check {
        let (w, h) = self.board.square.ok_or("not a square board")?;
        let color = before.players[mover].color.name();
        let c = step.cells[0];
        let label = step.piece.ok_or("a flip with no piece")?.to_string();
        ensure(!self.flipped.contains_key(&c), || {
            format!(
                "flipped onto {}, which holds a flipped tile",
                after.cells[c]
            )
        })?;
        ensure(
            after.pieces[c].as_ref().is_some_and(|p| {
                p.color.name() == color && p.label.as_deref() == Some(label.as_str())
            }),
            || format!("{} does not show the flipped {label}", after.cells[c]),
        )?;
        self.flipped.insert(c, label);
        let mut labels = Vec::with_capacity(w * h);
        let mut flipped_now = 0;
        for cell in 0..w * h {
            let p = after.pieces[cell].as_ref().ok_or("an empty cell")?;
            let n: usize = p
                .label
                .as_deref()
                .and_then(|l| l.parse().ok())
                .ok_or("a tile with no number")?;
            if p.color.name() != "grey" {
                flipped_now += 1;
                // Green (seat 0) owns the even numbers, White the odd ones.
                let owner = before.players[n % 2].color;
                ensure(p.color == owner, || {
                    format!("tile {n} shown in {}", p.color)
                })?;
                ensure(
                    self.flipped.get(&cell).map(String::as_str) == p.label.as_deref(),
                    || {
                        format!(
                            "flipped tile {n} on {} was not flipped there",
                            after.cells[cell]
                        )
                    },
                )?;
            }
            labels.push(n);
        }
        ensure(
            flipped_now == played && self.flipped.len() == played,
            || format!("{flipped_now} flipped tiles after {played} steps"),
        )?;
        let mut sorted = labels.clone();
        sorted.sort_unstable();
        ensure(sorted == (1..=w * h).collect::<Vec<_>>(), || {
            "the tiles are not 1 to 64 once each".into()
        })?;
        for file in 0..w {
            for rank in 1..h {
                let (below, above) = (labels[(rank - 1) * w + file], labels[rank * w + file]);
                ensure(below < above, || {
                    format!("column {} shows {below} below {above}", after.cells[file])
                })?;
            }
        }
        ensure(after.outcome.is_some() == (played == w * h), || {
            format!(
                "the game {} after {played} flips",
                if after.outcome.is_some() {
                    "ended"
                } else {
                    "goes on"
                }
            )
        })?;
        if let Some(outcome) = after.outcome {
            // The lowest-ranked line of four flipped tiles of one colour decides.
            let mut best: Option<(usize, &str)> = None;
            for rank in 0..h as isize {
                for file in 0..w as isize {
                    for (df, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                        let cells: Vec<usize> = (0..4)
                            .map(|k| (file + k * df, rank + k * dr))
                            .filter(|&(f, r)| {
                                f >= 0 && r >= 0 && (f as usize) < w && (r as usize) < h
                            })
                            .map(|(f, r)| r as usize * w + f as usize)
                            .collect();
                        let Some(first) = cells.first().and_then(|&x| color_at(after, x)) else {
                            continue;
                        };
                        if cells.len() < 4
                            || first == "grey"
                            || cells.iter().any(|&x| color_at(after, x) != Some(first))
                        {
                            continue;
                        }
                        let chain_rank = cells.iter().map(|&x| labels[x]).max().unwrap_or(0);
                        if best.map_or(true, |(r, _)| chain_rank < r) {
                            best = Some((chain_rank, first));
                        }
                    }
                }
            }
            let expected = best.map(|(_, color)| {
                let seat = after
                    .players
                    .iter()
                    .position(|p| p.color.name() == color)
                    .unwrap_or(usize::MAX);
                Outcome::Winner(seat)
            });
            ensure(outcome == expected.unwrap_or(Outcome::Draw), || {
                format!("the result is {outcome:?}, but the lowest chain is {best:?}")
            })?;
        }
        Ok(())
    }

    /// Unlur's goal shapes a group has: (two opposite sides, three alternate sides).
    fn unlur_shapes(&self, group: &[usize]) -> (bool, bool) {
        let s = self.board.sides_of(group);
        let has = |names: &[&str]| names.iter().all(|n| s.contains(n));
        let opposite = has(&["N", "S"]) || has(&["NE", "SW"]) || has(&["SE", "NW"]);
        let alternate = has(&["N", "SE", "SW"]) || has(&["S", "NE", "NW"]);
        (opposite, alternate)
    }

    fn unlur(
        &mut self,
        before: &BoardView,
        step: &StepView,
        mover: Seat,
        after: &BoardView,
    ) -> Check {
        let contract = before
            .players
            .iter()
            .all(|p| p.color == before.players[0].color);
        match step.kind.name() {
            "pass" => {
                ensure(contract, || "a pass after the contract".into())?;
                ensure(changed(before, after).is_empty(), || {
                    "a pass changed the board".into()
                })?;
                ensure(after.to_move == Some(1 - mover), || {
                    "the other player does not move after the pass".into()
                })?;
                ensure(after.players[mover].color.name() == "black", || {
                    "the player who passed is not Black".into()
                })?;
            }
            "place" => {
                let color = if contract {
                    "black"
                } else {
                    before.players[mover].color.name()
                };
                Self::placed_alone(before, step, after, color)?;
                if contract {
                    let c = step.cells[0];
                    ensure(self.board.sides[c].is_empty(), || {
                        format!("a contract stone on the edge cell {}", after.cells[c])
                    })?;
                }
            }
            other => return Err(format!("a step of kind {other}")),
        }
        if contract {
            return ensure(after.outcome.is_none(), || {
                "the game ended during the contract".into()
            });
        }
        let shapes = |color: &str| {
            self.board
                .groups(|c| color_at(after, c) == Some(color), |_, _| true)
                .iter()
                .map(|g| self.unlur_shapes(g))
                .fold((false, false), |(o, a), (go, ga)| (o || go, a || ga))
        };
        let color = after.players[mover].color.name();
        let other = after.players[1 - mover].color.name();
        // White's goal is two opposite sides, Black's three alternate ones.
        let goal = |c: &str, (opposite, alternate): (bool, bool)| {
            if c == "white" {
                opposite
            } else {
                alternate
            }
        };
        let (mine, theirs) = (shapes(color), shapes(other));
        let reached = goal(color, mine);
        let made_theirs = goal(other, mine);
        ensure(!goal(other, theirs) && !goal(color, theirs), || {
            "the opponent's stones hold a goal shape".into()
        })?;
        let expected = if reached {
            Some(Outcome::Winner(mover))
        } else if made_theirs {
            Some(Outcome::Winner(1 - mover))
        } else {
            None
        };
        ensure(after.outcome == expected, || {
            format!(
                "the result is {:?}, but the board says {expected:?}",
                after.outcome
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludus::session::Session;

    fn session(record: &str) -> Session {
        Session::from_record(record).unwrap()
    }

    #[test]
    fn crosscuts_and_chains_are_seen() {
        // Blue's a2 makes a crosscut with a1, b1, b2: the turn goes on.
        let view = session("unravel;size=4;moves=a1,b1,b2,a2").current().view();
        let board = Board::new(&view.shape);
        assert_eq!(board.crosscuts(&view), vec![0]);
        let checker = Checker::new(GameKind::Unravel, &view);
        assert!(checker.chains(&view).is_empty());
        // Red a1..a3 on a 3×3 board joins bottom and top.
        let view = session("unravel;size=3;moves=a1,c1,a2,c3,a3")
            .current()
            .view();
        let checker = Checker::new(GameKind::Unravel, &view);
        assert_eq!(checker.chains(&view), vec!["red"]);
        assert!(checker.chain_winner(&view).is_ok());
        let mut wrong = view.clone();
        wrong.outcome = Some(Outcome::Winner(1));
        assert!(checker.chain_winner(&wrong).is_err());
    }

    #[test]
    fn a_step_that_does_more_than_it_says_fails_the_check() {
        let s = session("unravel;size=4;moves=a1");
        let before = s.current().view();
        let mut next = s.clone();
        next.play("b1").unwrap();
        let after = next.current().view();
        let step = next.current().legal_step_views()[0].clone();
        let placed = StepView {
            cells: vec![1],
            ..step
        };
        let mut checker = Checker::new(GameKind::Unravel, &before);
        assert!(checker.step(&before, &placed, 1, &after, 2).is_ok());
        // The same step, but a red checker also vanished.
        let mut broken = after.clone();
        broken.pieces[0] = None;
        let error = checker.step(&before, &placed, 1, &broken, 2).unwrap_err();
        assert!(error.contains("changed cells"), "{error}");
    }

    #[test]
    fn unity_walls_must_add_up() {
        let s = session("unity;players=2");
        let before = s.current().view();
        let wall = s
            .current()
            .legal_step_views()
            .into_iter()
            .find(|v| v.kind.name() == "wall")
            .unwrap();
        let mut next = s.clone();
        next.play(&wall.text).unwrap();
        let after = next.current().view();
        let mut checker = Checker::new(GameKind::Unity, &before);
        checker.step(&before, &wall, 0, &after, 1).unwrap();
        let mut broken = after.clone();
        broken.walls.push([0, 1]);
        broken.walls.sort_unstable();
        let mut checker = Checker::new(GameKind::Unity, &before);
        assert!(checker.step(&before, &wall, 0, &broken, 1).is_err());
    }
}
