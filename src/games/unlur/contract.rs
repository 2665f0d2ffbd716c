//! The computer's judgement of Unlur's contract, learned from self-play.
//!
//! Whoever passes plays Black with every stone already down, so each contract turn asks one
//! question: is this position, with White to move, worth more to Black or to White? A search
//! cannot answer it from its own playouts: random play after the contract misjudges who is
//! ahead (it rated six central stones on side 5 about even, and players who took Black there
//! beat the computer). So the answer is learned: `ludus train unlur` plays games from
//! contracts of every length and kind, the computer against itself after the contract, and
//! fits Black's chance as a logistic function of a few features of the contract stones
//! ([`features`]). The weights it wrote are `contract.txt`, beside this file.
//!
//! With that chance `f` (Black's, were the contract to end now), the contract is
//! cut-and-choose: pass when the position is worth at least what the other player would get
//! by passing after our least useful stone; otherwise place that stone
//! ([`Position::contract_choice`]). The other player can then take Black only with a
//! position the model rates below even for Black, and the computer takes Black itself
//! once the stones make Black the better side.

use super::{Position, Step};
use crate::game::Game;
use crate::geometry::HexGrid;
use std::sync::OnceLock;

/// The learned weights as `ludus train unlur` wrote them.
const LEARNED: &str = include_str!("contract.txt");

/// Black's chance after a contract, as a logistic function of [`features`], for one board
/// side.
#[derive(Clone, Debug, PartialEq)]
pub struct ContractModel {
    pub side: usize,
    /// One per feature, in [`features`]'s order.
    pub weights: Vec<f64>,
    /// What the line said about how it was learned (games, fit), kept for the docs.
    pub note: String,
}

/// The features of a contract position on a board of `side`, in the model's order: a
/// constant; how many stones stand at each distance from the centre (0 to `side - 2`, the
/// inner cells), then how many of those touch no other stone; the number of groups the
/// stones make; the size of the largest. Stones are read from `black`, one flag per cell.
///
/// Lone stones are counted again because a stone by itself near the edge is the one the
/// computer places when it wants the stones to favour Black least: counted with the others
/// alone, its worth was that of stones in groups, and the computer took Black too early.
/// They are counted *again*, not apart, so that a lone stone's weight is its ring's plus a
/// correction the fit's ridge keeps small where the games say little: counted apart, a
/// lone centre stone, which few training contracts had, was rated below a lone stone
/// next to the edge, and the computer opened its contracts there.
pub fn features(grid: &HexGrid, black: &[bool]) -> Vec<f64> {
    let side = grid.side();
    let mut out = vec![0.0; feature_count(side)];
    out[0] = 1.0;
    for (cell, _) in black.iter().enumerate().filter(|(_, b)| **b) {
        let ring = grid.ring(cell).min(side - 2);
        out[1 + ring] += 1.0;
        if grid.neighbors(cell).all(|(_, n)| !black[n]) {
            out[side + ring] += 1.0;
        }
    }
    let (groups, largest) = groups(grid, black);
    out[2 * side - 1] = groups as f64;
    out[2 * side] = largest as f64;
    out
}

/// How many features a board of `side` has: the constant, `side - 1` rings of stones and
/// as many of lone stones, groups, largest.
pub fn feature_count(side: usize) -> usize {
    2 * side + 1
}

/// The feature names, for the trainer's report.
pub fn feature_names(side: usize) -> Vec<String> {
    let mut names = vec!["constant".to_string()];
    names.extend((0..side - 1).map(|d| format!("ring {d}")));
    names.extend((0..side - 1).map(|d| format!("lone, ring {d} (more)")));
    names.push("groups".into());
    names.push("largest group".into());
    names
}

/// The number of groups the flagged cells make, and the size of the largest.
fn groups(grid: &HexGrid, black: &[bool]) -> (usize, usize) {
    let mut seen = vec![false; black.len()];
    let (mut count, mut largest) = (0, 0);
    let mut stack = Vec::new();
    for start in 0..black.len() {
        if !black[start] || seen[start] {
            continue;
        }
        count += 1;
        seen[start] = true;
        stack.push(start);
        let mut size = 0;
        while let Some(c) = stack.pop() {
            size += 1;
            for (_, n) in grid.neighbors(c) {
                if black[n] && !seen[n] {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
        largest = largest.max(size);
    }
    (count, largest)
}

impl ContractModel {
    /// Black's chance were the contract to end with these stones (White to move).
    pub fn black_chance(&self, grid: &HexGrid, black: &[bool]) -> f64 {
        chance(&self.weights, &features(grid, black))
    }

    /// One line of `contract.txt`.
    pub fn to_line(&self) -> String {
        let weights: Vec<String> = self.weights.iter().map(|w| format!("{w:.4}")).collect();
        format!(
            "side {} weights {} # {}",
            self.side,
            weights.join(" "),
            self.note
        )
    }

    /// Reads a line `to_line` wrote.
    pub fn parse_line(line: &str) -> Result<ContractModel, String> {
        let (data, note) = line.split_once('#').unwrap_or((line, ""));
        let mut words = data.split_whitespace();
        let side = match (words.next(), words.next()) {
            (Some("side"), Some(n)) => n
                .parse::<usize>()
                .ok()
                .filter(|n| (super::MIN_SIZE..=super::MAX_SIZE).contains(n))
                .ok_or_else(|| format!("{n:?} is not a board side"))?,
            _ => return Err("a line must start with `side N`".into()),
        };
        if words.next() != Some("weights") {
            return Err("`weights` must follow the side".into());
        }
        let weights = words
            .map(|w| {
                w.parse::<f64>()
                    .ok()
                    .filter(|w| w.is_finite())
                    .ok_or_else(|| format!("{w:?} is not a weight"))
            })
            .collect::<Result<Vec<f64>, String>>()?;
        if weights.len() != feature_count(side) {
            return Err(format!(
                "side {side} has {} features, the line {} weights",
                feature_count(side),
                weights.len()
            ));
        }
        Ok(ContractModel {
            side,
            weights,
            note: note.trim().to_string(),
        })
    }
}

/// The logistic model's chance: weights `w` on features `x`.
pub fn chance(w: &[f64], x: &[f64]) -> f64 {
    logistic(w.iter().zip(x).map(|(w, x)| w * x).sum())
}

pub fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Every line of a weights file (blank lines and `#` comments skipped).
pub fn parse_models(text: &str) -> Result<Vec<ContractModel>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| ContractModel::parse_line(l).map_err(|e| format!("line {}: {e}", i + 1)))
        .collect()
}

/// The shipped model for a board side, if one was learned for it.
pub fn learned(side: usize) -> Option<&'static ContractModel> {
    static MODELS: OnceLock<Vec<ContractModel>> = OnceLock::new();
    // The file is checked by a unit test; a broken one here would only mean no model.
    MODELS
        .get_or_init(|| parse_models(LEARNED).unwrap_or_default())
        .iter()
        .find(|m| m.side == side)
}

/// The contract's decision, and what the model says it is worth to the mover.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ContractChoice {
    pub step: Step,
    /// The mover's chance, as the model sees it, if both players go on by it until one
    /// passes.
    pub value: f64,
}

impl Position {
    /// The black stones, one flag per cell.
    pub fn black_stones(&self) -> Vec<bool> {
        (0..self.grid().len())
            .map(|c| self.stone(c) == Some("black"))
            .collect()
    }

    /// The computer's contract step from `model`, or None once the contract is over. Among
    /// equally weak stones the first in cell order is placed, so the choice is the same
    /// every time.
    pub fn contract_choice_with(&self, model: &ContractModel) -> Option<ContractChoice> {
        if !self.in_contract() || self.outcome().is_some() || model.side != self.grid().side() {
            return None;
        }
        let step = self.contract_step(model);
        // The value: both players going on by these weights until one passes. (That the
        // other player passes at once is only the worst case the step guards against.)
        let mut pos = self.clone();
        let mut placed = 0;
        while let Step::Place(cell) = pos.contract_step(model) {
            pos.play(Step::Place(cell));
            placed += 1;
        }
        let black = model.black_chance(pos.grid(), &pos.black_stones());
        let value = if placed % 2 == 0 { black } else { 1.0 - black };
        Some(ContractChoice { step, value })
    }

    /// Pass, or the stone the weights rate least useful to Black: passing now is worth
    /// `now`; placing that stone lets the other player pass with `f` at once, leaving us
    /// 1 - f. The better of the two.
    fn contract_step(&self, model: &ContractModel) -> Step {
        let grid = self.grid();
        let mut black = self.black_stones();
        let now = model.black_chance(grid, &black);
        let mut weakest: Option<(f64, u16)> = None;
        for step in self.legal_step_list() {
            let Step::Place(cell) = step else { continue };
            black[cell as usize] = true;
            let f = model.black_chance(grid, &black);
            black[cell as usize] = false;
            if weakest.map_or(true, |(best, _)| f < best) {
                weakest = Some((f, cell));
            }
        }
        match weakest {
            Some((f, cell)) if now + f < 1.0 => Step::Place(cell),
            _ => Step::Pass,
        }
    }

    /// [`Position::contract_choice_with`] the shipped model of this board's side.
    pub fn contract_choice(&self) -> Option<ContractChoice> {
        self.contract_choice_with(learned(self.grid().side())?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::unlur::Options;

    fn position(size: usize, steps: &str) -> Position {
        Position::from_steps(&Options { size }, steps).unwrap()
    }

    #[test]
    fn the_shipped_weights_read_back_and_cover_the_usual_sides() {
        let models = parse_models(LEARNED).expect("contract.txt");
        for side in [5, 6] {
            assert!(
                models.iter().any(|m| m.side == side),
                "no model for side {side}"
            );
        }
        for m in &models {
            assert_eq!(ContractModel::parse_line(&m.to_line()).as_ref(), Ok(m));
        }
    }

    #[test]
    fn a_bad_line_is_refused_saying_why() {
        assert!(ContractModel::parse_line("side 6 weights 1 2")
            .unwrap_err()
            .contains("13 features"));
        assert!(ContractModel::parse_line("side 3 weights").is_err());
        assert!(ContractModel::parse_line("side 5 weights 1 2 3 4 5 6 x")
            .unwrap_err()
            .contains("\"x\""));
        assert!(ContractModel::parse_line("size 5").is_err());
    }

    #[test]
    fn features_count_rings_and_groups() {
        // Side 5: the centre is e5; e5 and e4 touch, c3 stands alone.
        let pos = position(5, "e5 c3 e4");
        let x = features(pos.grid(), &pos.black_stones());
        assert_eq!(x.len(), 11);
        assert_eq!(x[0], 1.0);
        assert_eq!(x[1], 1.0, "one stone at the centre");
        assert_eq!(x[2], 1.0, "one next to it");
        assert_eq!(x[3], 1.0, "c3 two cells away");
        assert_eq!(x[1..5].iter().sum::<f64>(), 3.0);
        assert_eq!(x[5 + 2], 1.0, "c3 alone");
        assert_eq!(x[5..9].iter().sum::<f64>(), 1.0, "only c3 alone");
        assert_eq!(x[9], 2.0, "two groups");
        assert_eq!(x[10], 2.0, "the larger has two stones");
    }

    /// A model where each stone is worth the same, Black even at four stones.
    fn flat(side: usize) -> ContractModel {
        let mut weights = vec![0.5; feature_count(side)];
        weights[0] = -2.0;
        let n = weights.len();
        weights[n - 2] = 0.0;
        weights[n - 1] = 0.0;
        weights[side..2 * side - 1].fill(0.0);
        ContractModel {
            side,
            weights,
            note: String::new(),
        }
    }

    #[test]
    fn the_computer_passes_once_black_is_the_better_side() {
        let model = flat(5);
        // Three stones: Black 38%, a fourth makes it even: place.
        let three = position(5, "e5 c3 e4");
        let choice = three.contract_choice_with(&model).unwrap();
        assert!(matches!(choice.step, Step::Place(_)));
        // Four stones: 50% now, 62% after a fifth: pass and take Black.
        let four = position(5, "e5 c3 e4 d4");
        assert_eq!(four.contract_choice_with(&model).unwrap().step, Step::Pass);
    }

    #[test]
    fn the_stone_placed_is_the_one_worth_least_to_black() {
        // A lone stone at the centre is worth less than nothing, every other a lot: the first stone
        // goes to the centre.
        let mut model = flat(5);
        model.weights[1 + 4] = -1.0;
        let empty = position(5, "");
        let choice = empty.contract_choice_with(&model).unwrap();
        let centre = empty.grid().parse("e5").unwrap();
        assert_eq!(choice.step, Step::Place(centre as u16));
        // Its value is the chance after the contract both players would play by it.
        let mut next = empty.clone();
        next.play(choice.step);
        let after = next.contract_choice_with(&model).unwrap();
        assert!((choice.value - (1.0 - after.value)).abs() < 1e-12);
    }

    #[test]
    fn no_contract_choice_after_the_contract_or_for_another_side() {
        assert_eq!(position(5, "e5 pass").contract_choice_with(&flat(5)), None);
        assert_eq!(position(6, "").contract_choice_with(&flat(5)), None);
    }
}
