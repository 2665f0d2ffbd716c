//! Analysis for learning: how a position stands (each seat's chances, the best step and
//! the line the search expects, the exact result when the solver proves it quickly), and a
//! review of a whole game (where each step lost ground, and what was better).
//!
//! Both are bounded by iteration and position counts only, never a clock, so the same
//! seed gives the same answer on every machine, the page's wasm included.

use super::mcts::{search, SearchConfig};
use super::solve::solve_any;
use crate::game::{Color, Describe, Error, Game, Outcome, SearchHints, Seat, StepKind};
use crate::games::AnyGame;
use crate::rng::Rng;
use crate::session::Session;
use crate::with_game;
use serde::Serialize;

/// How much work an analysis may do.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Search iterations.
    pub iterations: u32,
    /// Positions the exact solver may search (0: do not try it). Two-player games only.
    pub solver_nodes: u64,
}

impl Budget {
    /// What the page asks for by default: about a quarter of a second in the browser for
    /// the slower games.
    pub const PAGE: Budget = Budget {
        iterations: 2000,
        solver_nodes: 20_000,
    };

    /// The budget for `iterations` search iterations, with a solver budget that grows
    /// with it (ten positions an iteration, as a solved position costs about as much).
    pub fn for_iterations(iterations: u32) -> Result<Budget, Error> {
        if iterations == 0 || iterations > 10_000_000 {
            return Err(Error::options(format!(
                "the analysis budget must be from 1 to 10000000 iterations (got {iterations})"
            )));
        }
        Ok(Budget {
            iterations,
            solver_nodes: iterations as u64 * 10,
        })
    }
}

/// A root step the search considered.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
pub struct StepStat {
    pub step: String,
    pub visits: u32,
    /// The mover's estimated chance of winning after this step.
    pub chance: f64,
}

/// The result the solver proved.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
pub struct Exact {
    pub outcome: Outcome,
    /// "Red wins with best play", "Draw with best play".
    pub text: String,
    /// The steps that keep the result (for the side that wins: the winning steps).
    pub keeping: Vec<String>,
}

/// How a position stands.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Analysis {
    /// Each seat's chance of winning (2 or 3 numbers, summing to about 1): exact when
    /// `exact` is set, else the search's estimate.
    pub chances: Vec<f64>,
    /// The seat to move; None once the game is over.
    pub to_move: Option<Seat>,
    /// The step the analysis recommends (a step that keeps a proven win or draw).
    pub best: Option<String>,
    /// The expected continuation, best step first (at most 8 steps).
    pub line: Vec<String>,
    /// The most visited root steps, most visited first (at most 5).
    pub top: Vec<StepStat>,
    pub iterations: u32,
    /// Set when the solver proved the result within its budget.
    pub exact: Option<Exact>,
}

fn outcome_chances(outcome: Outcome, players: usize) -> Vec<f64> {
    match outcome {
        Outcome::Winner(w) => (0..players).map(|s| f64::from(s == w)).collect(),
        Outcome::Draw => vec![1.0 / players as f64; players],
    }
}

/// Analyses `game` within `budget`; `seed` makes the search reproducible.
pub fn analyse(game: &AnyGame, budget: Budget, seed: u64) -> Analysis {
    let players = game.players();
    let names: Vec<String> = game.view().players.into_iter().map(|p| p.name).collect();
    if let Some(outcome) = game.outcome() {
        return Analysis {
            chances: outcome_chances(outcome, players),
            to_move: None,
            best: None,
            line: Vec::new(),
            top: Vec::new(),
            iterations: 0,
            exact: Some(Exact {
                outcome,
                text: result_text(outcome, &names, false),
                keeping: Vec::new(),
            }),
        };
    }
    let mut rng = Rng::new(seed);
    let config = SearchConfig {
        iterations: budget.iterations.max(1),
        ..SearchConfig::default()
    };
    let (mut analysis, mover) = with_game!(game, g => {
        let result = search(g, &config, &mut rng, &mut || false);
        let mut top: Vec<StepStat> = result
            .children
            .iter()
            .map(|c| StepStat { step: g.step_text(c.step), visits: c.visits, chance: c.value })
            .collect();
        top.sort_by_key(|t| std::cmp::Reverse(t.visits));
        top.truncate(5);
        let mut analysis = Analysis {
            chances: result.seat_values.clone(),
            to_move: Some(g.to_move()),
            best: result.best.map(|s| g.step_text(s)),
            line: line_texts(g, &result.line),
            top,
            iterations: result.iterations,
            exact: None,
        };
        // Where learned knowledge settles the step (Unlur's contract), its judgement is the
        // computer's, and the search's would contradict the step the computer plays.
        if let (Some((step, value)), 2) = (g.known_step(), g.players()) {
            let mover = g.to_move();
            analysis.chances = (0..2).map(|s| if s == mover { value } else { 1.0 - value }).collect();
            analysis.best = Some(g.step_text(step));
            analysis.line = vec![g.step_text(step)];
        }
        (analysis, g.to_move())
    });
    if players == 2 && budget.solver_nodes > 0 {
        if let Ok(solution) = solve_any(game, budget.solver_nodes, &mut || false) {
            // A draw that rests on a repeated position is not a proof of a draw.
            let trusted = match solution.result {
                Some(Outcome::Draw) => !solution.repetitions,
                Some(_) => true,
                None => false,
            };
            if let (true, Some(outcome)) = (trusted, solution.result) {
                let mut keeping = solution.keeping_steps();
                // A step back to a position of the same turn keeps the result but gains
                // nothing: never the step to recommend.
                with_game!(game, g => keeping.retain(|t| {
                    g.parse_step(t).map_or(true, |s| !g.brings_back(s))
                }));
                analysis.chances = outcome_chances(outcome, players);
                if !analysis.best.as_ref().is_some_and(|b| keeping.contains(b)) {
                    analysis.best = keeping.first().cloned();
                    analysis.line = analysis.best.iter().cloned().collect();
                }
                let loses = matches!(outcome, Outcome::Winner(w) if w != mover);
                analysis.exact = Some(Exact {
                    outcome,
                    text: result_text(outcome, &names, true),
                    keeping: if loses { Vec::new() } else { keeping },
                });
            }
        }
    }
    analysis
}

/// The texts of steps played one after another from `game` (each step's text is read in
/// the position it is played from).
fn line_texts<G: Game>(game: &G, steps: &[G::Step]) -> Vec<String> {
    let mut position = game.clone();
    steps
        .iter()
        .map(|&s| {
            let text = position.step_text(s);
            position.play(s);
            text
        })
        .collect()
}

/// One step of a line as the board marks it: its text, its kind and cells (the game's own
/// step view) and the colour of the seat that plays it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
pub struct LineStep {
    pub step: String,
    pub kind: StepKind,
    pub cells: Vec<usize>,
    pub color: Option<Color>,
}

/// The steps of `line` (texts, as an [`Analysis`] gives them) played one after another
/// from `game`, each with its step view, up to the first text that is not a legal step in
/// its position. Reads each position's step and mover only, not every legal step.
pub fn line_steps(game: &AnyGame, line: &[String]) -> Vec<LineStep> {
    with_game!(game, g => line_steps_in(g, line))
}

fn line_steps_in<G: Describe>(game: &G, line: &[String]) -> Vec<LineStep> {
    let mut position = game.clone();
    let mut out = Vec::with_capacity(line.len());
    for text in line {
        if position.outcome().is_some() {
            break;
        }
        let Ok(step) = position.parse_step(text) else {
            break;
        };
        let view = position.step_view(step);
        if view.text != *text {
            break;
        }
        let board = position.view();
        let color = board
            .to_move
            .and_then(|seat| board.players.get(seat))
            .map(|p| p.color);
        out.push(LineStep {
            step: view.text,
            kind: view.kind,
            cells: view.cells,
            color,
        });
        position.play(step);
    }
    out
}

fn result_text(outcome: Outcome, names: &[String], best_play: bool) -> String {
    let tail = if best_play { " with best play" } else { "" };
    match outcome {
        Outcome::Winner(w) => format!("{} wins{tail}", names[w]),
        Outcome::Draw => format!("Draw{tail}"),
    }
}

/// One step of a reviewed game.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ReviewStep {
    /// Steps before this one.
    pub index: usize,
    pub step: String,
    pub mover: Seat,
    /// The mover's chance of winning before the step (with the best step) and after it.
    pub before: f64,
    pub after: f64,
    /// The step the analysis preferred, when the position it leads to is worth more to the
    /// mover than the one the step led to by more than the threshold.
    pub better: Option<String>,
    /// With `better`: the mover's chance in the position after it.
    pub after_better: Option<f64>,
}

/// Reviews every step of `session`'s game (the whole record, wherever its cursor is):
/// the mover's chance before and after each step, and a better step where the position
/// it leads to is worth more than the one the step led to by more than `threshold` (0.15
/// is a clear mistake). Each position is analysed once with `budget`, the search seeded
/// with `seed` plus the step number; where the chance fell by more than `threshold`, the
/// position after the analysis's best step is analysed too, with the same seed as the
/// position after the step played.
pub fn review(
    session: &Session,
    budget: Budget,
    threshold: f64,
    seed: u64,
) -> Result<Vec<ReviewStep>, Error> {
    if !(0.0..=1.0).contains(&threshold) {
        return Err(Error::options(format!(
            "the review threshold must be from 0 to 1 (got {threshold})"
        )));
    }
    let mut s = session.clone();
    let steps = s.step_texts();
    let movers = s.movers().to_vec();
    let mut analyses = Vec::with_capacity(steps.len() + 1);
    for i in 0..=steps.len() {
        // go_to is false when the cursor is already there, which is fine.
        s.go_to(i);
        analyses.push(analyse(s.current(), budget, seed.wrapping_add(i as u64)));
    }
    let mut reviewed = Vec::with_capacity(steps.len());
    for (i, step) in steps.iter().enumerate() {
        let mover = movers[i];
        let chance = |a: &Analysis| a.chances.get(mover).copied().unwrap_or(0.0);
        let (before, after) = (chance(&analyses[i]), chance(&analyses[i + 1]));
        let mut better = None;
        let mut after_better = None;
        // A search reads the position it starts from better than the positions a step
        // away (in Unity the side to move reads about 70% wherever it stands), so a fall
        // from `before` is no mistake by itself: the step is compared with the better one
        // the same way, each by a search from the position it leads to.
        if let Some(best) = analyses[i].best.as_ref().filter(|b| *b != step) {
            if before - after > threshold {
                s.go_to(i);
                let mut game = s.current().clone();
                game.play_text(best)?;
                let chance_after_best =
                    chance(&analyse(&game, budget, seed.wrapping_add(i as u64 + 1)));
                if chance_after_best - after > threshold {
                    better = Some(best.clone());
                    after_better = Some(chance_after_best);
                }
            }
        }
        reviewed.push(ReviewStep {
            index: i,
            step: step.clone(),
            mover,
            before,
            after,
            better,
            after_better,
        });
    }
    Ok(reviewed)
}
