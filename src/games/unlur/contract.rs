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
//!
//! The features are counts, and counts cannot tell a straight group through the centre
//! from a clump: such short contracts are what a player who learns one trick reaches. So
//! the positions of the first contract turns the computer can meet are measured one by
//! one, by games from each (`ludus train unlur --learn book`), and the measured chance
//! stands in for the weights' there ([`Book`], `contract_book.txt`).

use super::{Position, Step};
use crate::game::Game;
use crate::geometry::HexGrid;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The learned weights as `ludus train unlur` wrote them.
const LEARNED: &str = include_str!("contract.txt");
/// The measured positions as `ludus train unlur --learn book` wrote them.
const LEARNED_BOOK: &str = include_str!("contract_book.txt");

/// Black's chance after a contract, as a logistic function of [`features`], for one board
/// side.
#[derive(Clone, Debug, PartialEq)]
pub struct ContractModel {
    pub side: usize,
    /// One per feature, in [`features`]'s order.
    pub weights: Vec<f64>,
    /// What the line said about how it was learned (games, fit), kept for the docs.
    pub note: String,
    /// Positions measured one by one, whose chance stands in for the weights'.
    pub book: Book,
}

/// Contract positions measured by games played from them, each kept once for the position
/// and its images under the board's twelve symmetries (which keep both goals).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Book {
    /// Each symmetry as every cell's image; empty while the book is.
    maps: Vec<Vec<u16>>,
    entries: HashMap<Vec<u16>, Measured>,
}

/// Games played from a position after the contract ends there, and Black's wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Measured {
    pub games: u32,
    pub black_won: u32,
}

/// The weights' chance counts as this many games beside a position's measured ones, so
/// that a few games move it only part of the way.
const PRIOR_GAMES: f64 = 4.0;

impl Book {
    pub fn get(&self, black: &[bool]) -> Option<Measured> {
        if self.entries.is_empty() {
            return None;
        }
        self.entries.get(&book_key(&self.maps, black)).copied()
    }

    pub fn contains(&self, black: &[bool]) -> bool {
        self.get(black).is_some()
    }

    /// Adds (or replaces) the games measured from a position.
    pub fn insert(&mut self, grid: &HexGrid, black: &[bool], measured: Measured) {
        if self.maps.is_empty() {
            self.maps = grid.symmetry_maps();
        }
        self.entries.insert(book_key(&self.maps, black), measured);
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The book's lines for `contract_book.txt`, fewest stones first, then by cells.
    pub fn to_lines(&self, grid: &HexGrid) -> Vec<String> {
        let mut keys: Vec<&Vec<u16>> = self.entries.keys().collect();
        keys.sort_by_key(|k| (k.len(), (*k).clone()));
        keys.into_iter()
            .map(|k| {
                let m = self.entries[k];
                let cells: Vec<String> = k.iter().map(|&c| grid.name(c as usize)).collect();
                format!(
                    "side {} stones {} games {} black {}",
                    grid.side(),
                    if cells.is_empty() {
                        "-".to_string()
                    } else {
                        cells.join(" ")
                    },
                    m.games,
                    m.black_won
                )
            })
            .collect()
    }
}

/// The stones of `black` as the least of their images' sorted cells under `maps` (the
/// board's symmetries, [`HexGrid::symmetry_maps`]): one key for a position and its images.
pub fn book_key(maps: &[Vec<u16>], black: &[bool]) -> Vec<u16> {
    let cells: Vec<u16> = (0..black.len() as u16)
        .filter(|&c| black[c as usize])
        .collect();
    maps.iter()
        .map(|map| {
            let mut image: Vec<u16> = cells.iter().map(|&c| map[c as usize]).collect();
            image.sort_unstable();
            image
        })
        .min()
        .unwrap_or(cells)
}

/// One line of `contract_book.txt`: the side, the stones (`-` for none) and the games.
pub fn parse_book_line(line: &str) -> Result<(usize, Vec<bool>, Measured), String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let side = match words.as_slice() {
        ["side", n, "stones", ..] => n
            .parse::<usize>()
            .ok()
            .filter(|n| (super::MIN_SIZE..=super::MAX_SIZE).contains(n))
            .ok_or_else(|| format!("{n:?} is not a board side"))?,
        _ => return Err("a line must start with `side N stones`".into()),
    };
    let grid = HexGrid::new(side);
    let mut black = vec![false; grid.len()];
    let rest = &words[3..];
    let at = rest
        .iter()
        .position(|w| *w == "games")
        .ok_or("`games N black M` must follow the stones")?;
    for name in rest[..at].iter().filter(|w| **w != "-") {
        let cell = grid
            .parse(name)
            .ok_or_else(|| format!("{name:?} is not a cell of side {side}"))?;
        if black[cell] {
            return Err(format!("{name} is named twice"));
        }
        black[cell] = true;
    }
    let number = |w: Option<&&str>| -> Result<u32, String> {
        let w = w.ok_or("`games N black M` must follow the stones")?;
        w.parse().map_err(|_| format!("{w:?} is not a count"))
    };
    let games = number(rest.get(at + 1))?;
    if rest.get(at + 2) != Some(&"black") {
        return Err("`games N black M` must follow the stones".into());
    }
    let black_won = number(rest.get(at + 3))?;
    if rest.len() > at + 4 {
        return Err("`games N black M` must end the line".into());
    }
    if black_won > games || games == 0 {
        return Err(format!("{black_won} wins of {games} games"));
    }
    Ok((side, black, Measured { games, black_won }))
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
    /// Black's chance were the contract to end with these stones (White to move): the
    /// weights', or where the book measured the position, its games with the weights'
    /// chance counted as [`PRIOR_GAMES`] more.
    pub fn black_chance(&self, grid: &HexGrid, black: &[bool]) -> f64 {
        let weights = chance(&self.weights, &features(grid, black));
        match self.book.get(black) {
            Some(m) => {
                (f64::from(m.black_won) + PRIOR_GAMES * weights)
                    / (f64::from(m.games) + PRIOR_GAMES)
            }
            None => weights,
        }
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
            book: Book::default(),
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

/// Adds every line of a book file to the model of its side (blank lines and `#` comments
/// skipped). A line for a side with no model is an error: it would be read by nothing.
pub fn add_book(models: &mut [ContractModel], text: &str) -> Result<(), String> {
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let (side, black, measured) =
            parse_book_line(line).map_err(|e| format!("line {}: {e}", i + 1))?;
        let model = models
            .iter_mut()
            .find(|m| m.side == side)
            .ok_or_else(|| format!("line {}: no weights for side {side}", i + 1))?;
        model.book.insert(&HexGrid::new(side), &black, measured);
    }
    Ok(())
}

/// The shipped weights with the shipped book.
fn shipped() -> Result<Vec<ContractModel>, String> {
    let mut models = parse_models(LEARNED)?;
    add_book(&mut models, LEARNED_BOOK)?;
    Ok(models)
}

/// The shipped model for a board side, if one was learned for it.
pub fn learned(side: usize) -> Option<&'static ContractModel> {
    static MODELS: OnceLock<Vec<ContractModel>> = OnceLock::new();
    // The files are checked by a unit test; a broken one here would only mean no model.
    MODELS
        .get_or_init(|| shipped().unwrap_or_default())
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
        let now = model.black_chance(self.grid(), &self.black_stones());
        match self.weakest_stone(model) {
            Some((cell, f)) if now + f < 1.0 => Step::Place(cell),
            _ => Step::Pass,
        }
    }

    /// The stone `model` rates least useful to Black (the first in cell order among
    /// equals), and Black's chance with it down; None if no stone can be placed.
    pub fn weakest_stone(&self, model: &ContractModel) -> Option<(u16, f64)> {
        let grid = self.grid();
        let mut black = self.black_stones();
        let mut weakest: Option<(u16, f64)> = None;
        for step in self.legal_step_list() {
            let Step::Place(cell) = step else { continue };
            black[cell as usize] = true;
            let f = model.black_chance(grid, &black);
            black[cell as usize] = false;
            if weakest.map_or(true, |(_, best)| f < best) {
                weakest = Some((cell, f));
            }
        }
        weakest
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
        let models = shipped().expect("contract.txt and contract_book.txt");
        for side in [5, 6] {
            assert!(
                models.iter().any(|m| m.side == side),
                "no model for side {side}"
            );
        }
        for m in &models {
            let mut read = ContractModel::parse_line(&m.to_line()).unwrap();
            assert_eq!(read.weights, m.weights);
            let grid = HexGrid::new(m.side);
            add_book(
                std::slice::from_mut(&mut read),
                &m.book.to_lines(&grid).join("\n"),
            )
            .unwrap();
            assert_eq!(&read, m);
        }
    }

    #[test]
    fn a_book_line_reads_back_and_a_bad_one_says_why() {
        let (side, black, measured) =
            parse_book_line("side 5 stones d4 e5 c3 games 40 black 27").unwrap();
        assert_eq!(side, 5);
        assert_eq!(black.iter().filter(|b| **b).count(), 3);
        assert_eq!(
            measured,
            Measured {
                games: 40,
                black_won: 27
            }
        );
        let (_, none, _) = parse_book_line("side 6 stones - games 10 black 1").unwrap();
        assert!(none.iter().all(|b| !b));
        for (line, says) in [
            ("side 5 stones d4 games 10", "must follow the stones"),
            ("side 5 stones z9 games 10 black 1", "\"z9\" is not a cell"),
            ("side 5 stones d4 d4 games 10 black 1", "named twice"),
            ("side 5 stones d4 games 10 black 11", "11 wins of 10"),
            ("side 5 stones d4 games 0 black 0", "0 wins of 0"),
            (
                "side 5 stones d4 games ten black 1",
                "\"ten\" is not a count",
            ),
            (
                "side 5 stones d4 games 10 black 1 more",
                "must end the line",
            ),
            ("side 3 stones - games 10 black 1", "not a board side"),
            ("size 5", "must start with"),
        ] {
            let err = parse_book_line(line).unwrap_err();
            assert!(err.contains(says), "{line}: {err}");
        }
        let mut models = vec![flat(5)];
        assert!(add_book(&mut models, "side 6 stones - games 10 black 1")
            .unwrap_err()
            .contains("no weights for side 6"));
    }

    #[test]
    fn a_measured_position_and_its_images_read_the_games_not_the_weights() {
        let mut model = flat(5);
        let pos = position(5, "d4 e5 c3");
        let black = pos.black_stones();
        let weights = model.black_chance(pos.grid(), &black);
        model.book.insert(
            pos.grid(),
            &black,
            Measured {
                games: 36,
                black_won: 27,
            },
        );
        let blended = (27.0 + PRIOR_GAMES * weights) / (36.0 + PRIOR_GAMES);
        assert_eq!(model.black_chance(pos.grid(), &black), blended);
        // Each image of the stones is the same position.
        for map in pos.grid().symmetry_maps() {
            let mut image = vec![false; black.len()];
            for (cell, _) in black.iter().enumerate().filter(|(_, b)| **b) {
                image[usize::from(map[cell])] = true;
            }
            assert_eq!(model.black_chance(pos.grid(), &image), blended);
        }
        let other = position(5, "d4 e5 b2");
        assert_ne!(
            model.black_chance(other.grid(), &other.black_stones()),
            blended
        );
    }

    #[test]
    fn the_computer_will_not_place_a_stone_its_book_finds_strong_for_black() {
        // By the weights, two stones and the weakest third leave Black below even: place it.
        let mut model = flat(5);
        let two = position(5, "d4 e5");
        let Some(Step::Place(third)) = two.contract_choice_with(&model).map(|c| c.step) else {
            panic!("the weights place a third stone");
        };
        // Measured, that third stone wins for Black nine games in ten: not that one now.
        let mut three = two.black_stones();
        three[usize::from(third)] = true;
        model.book.insert(
            two.grid(),
            &three,
            Measured {
                games: 40,
                black_won: 36,
            },
        );
        let choice = two.contract_choice_with(&model).unwrap();
        assert_ne!(choice.step, Step::Place(third));
        let (cell, f) = two.weakest_stone(&model).unwrap();
        assert_ne!(cell, third);
        assert!(f < 0.9);
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
            book: Book::default(),
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
