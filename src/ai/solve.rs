//! Exact results for two-player positions small enough to search to the end.
//!
//! A depth-first alpha-beta search over win/draw/loss with a transposition table keyed by
//! [`Game::canonical_key`] (a position and its mirror images share an entry). Scores are seat 0's: +1 seat 0 wins, -1 seat 1 wins, 0 a draw.
//! Each step is searched on its own, so multi-step turns need nothing special: the seat
//! to move (`to_move`) decides at every step whether the node maximises or minimises.
//!
//! Step order: a step that ends the game in the mover's favour, or whose position the
//! table already knows the mover wins, is taken at once; otherwise the table's best step
//! for this position first, then steps whose positions the table rates well for the mover,
//! then steps whose RAVE key (cell) cut searches off before (history heuristic).
//!
//! Repetitions: Scattercut and Unity games need not end. A position already on the current
//! path scores as a draw, so a proven *win* never relies on one, but a reported draw may
//! stand for "neither side can force a win", and [`Solution::repetitions`] says when that
//! happened.

use crate::game::{Error, Game, Outcome};
use crate::games::AnyGame;
use crate::with_game;
use serde::Serialize;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// Seat 0's score: +1 seat 0 wins, -1 seat 1 wins, 0 a draw.
type Score = i8;

/// Deeper than any game the solver can finish; past it the search gives up.
const MAX_DEPTH: usize = 4000;

fn score_of(outcome: Outcome) -> Score {
    match outcome {
        Outcome::Winner(0) => 1,
        Outcome::Winner(_) => -1,
        Outcome::Draw => 0,
    }
}

fn outcome_of(score: Score) -> Outcome {
    match score {
        1 => Outcome::Winner(0),
        -1 => Outcome::Winner(1),
        _ => Outcome::Draw,
    }
}

/// Keys are already hashes: use their low bits as they are.
#[derive(Default)]
struct PassThrough(u64);

impl Hasher for PassThrough {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }
    fn write_u128(&mut self, n: u128) {
        self.0 = n as u64;
    }
}

type KeyMap<V> = HashMap<u128, V, BuildHasherDefault<PassThrough>>;
type KeySet = HashSet<u128, BuildHasherDefault<PassThrough>>;

/// What the table knows of a position: bounds on seat 0's score, and the step (index in
/// the legal list, which is the same for the same position) that set them.
#[derive(Clone, Copy)]
struct Entry {
    lower: Score,
    upper: Score,
    best: u32,
}

/// One step from the solved position and the result with best play after it.
#[derive(Clone, Debug, PartialEq)]
pub struct StepResult<S> {
    pub step: S,
    /// None when the budget ran out before this step was settled.
    pub result: Option<Outcome>,
}

/// What [`solve`] found.
#[derive(Clone, Debug)]
pub struct Solution<S> {
    /// The result with best play from both sides; None when the budget ran out first.
    pub result: Option<Outcome>,
    /// Every legal step with its own result, in legal-step order (empty when the root was
    /// not proven). The steps whose result equals `result` keep it.
    pub steps: Vec<StepResult<S>>,
    /// Positions searched (table hits not counted).
    pub nodes: u64,
    /// Some line repeated a position: a draw may then mean "no side can force a win".
    pub repetitions: bool,
}

impl<S: Copy> Solution<S> {
    /// The steps that keep the proven result (the winning steps, for the side that wins).
    pub fn keeping_steps(&self) -> Vec<S> {
        match self.result {
            None => Vec::new(),
            Some(r) => self
                .steps
                .iter()
                .filter(|s| s.result == Some(r))
                .map(|s| s.step)
                .collect(),
        }
    }
}

/// A transposition-table solver; keep one across calls to reuse what it learned.
pub struct Solver {
    table: KeyMap<Entry>,
    path: KeySet,
    /// Cut-offs per RAVE key (history heuristic).
    history: Vec<u32>,
    nodes: u64,
    max_nodes: u64,
    aborted: bool,
    repetitions: bool,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    pub fn new() -> Self {
        Solver {
            table: KeyMap::default(),
            path: KeySet::default(),
            history: Vec::new(),
            nodes: 0,
            max_nodes: u64::MAX,
            aborted: false,
            repetitions: false,
        }
    }

    /// Positions the table holds.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// Proves the result of `root` and of each of its steps, searching at most `max_nodes`
    /// positions in all and asking `stop` now and then whether to give up (a deadline).
    pub fn solve<G: Game>(
        &mut self,
        root: &G,
        max_nodes: u64,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Solution<G::Step>, Error> {
        if root.players() != 2 {
            return Err(Error::new("the solver handles two-player games only"));
        }
        self.nodes = 0;
        self.max_nodes = max_nodes;
        self.aborted = false;
        self.repetitions = false;
        self.history = vec![0; root.rave_keys()];
        if let Some(outcome) = root.outcome() {
            return Ok(Solution {
                result: Some(outcome),
                steps: Vec::new(),
                nodes: 0,
                repetitions: false,
            });
        }
        let score = self.search(root, root.canonical_key(), -1, 1, 0, stop);
        if self.aborted {
            return Ok(Solution {
                result: None,
                steps: Vec::new(),
                nodes: self.nodes,
                repetitions: self.repetitions,
            });
        }
        let mut steps = Vec::new();
        for step in root.legal_step_list() {
            let mut child = root.clone();
            child.play(step);
            let result = match child.outcome() {
                Some(o) => Some(o),
                None if self.aborted => None,
                None => {
                    let s = self.search(&child, child.canonical_key(), -1, 1, 1, stop);
                    (!self.aborted).then(|| outcome_of(s))
                }
            };
            steps.push(StepResult { step, result });
        }
        Ok(Solution {
            result: Some(outcome_of(score)),
            steps,
            nodes: self.nodes,
            repetitions: self.repetitions,
        })
    }

    /// Fail-soft alpha-beta on seat 0's score. Sets `aborted` (and returns 0) when the
    /// budget runs out; callers must check it before using the score.
    fn search<G: Game>(
        &mut self,
        game: &G,
        key: u128,
        mut alpha: Score,
        mut beta: Score,
        depth: usize,
        stop: &mut dyn FnMut() -> bool,
    ) -> Score {
        if let Some(outcome) = game.outcome() {
            return score_of(outcome);
        }
        let mut hint = None;
        if let Some(e) = self.table.get(&key) {
            if e.lower == e.upper || e.lower >= beta {
                return e.lower;
            }
            if e.upper <= alpha {
                return e.upper;
            }
            alpha = alpha.max(e.lower);
            beta = beta.min(e.upper);
            hint = Some(e.best as usize);
        }
        if self.path.contains(&key) {
            self.repetitions = true;
            return 0;
        }
        self.nodes += 1;
        if self.nodes > self.max_nodes || depth > MAX_DEPTH || (self.nodes % 1024 == 0 && stop()) {
            self.aborted = true;
            return 0;
        }
        let mover = game.to_move();
        // The mover's view of seat 0's score.
        let sign: Score = if mover == 0 { 1 } else { -1 };
        let steps = game.legal_step_list();
        // Children, each with its key and an ordering priority (higher first).
        let mut children: Vec<(usize, G, u128, i64)> = Vec::with_capacity(steps.len());
        for (i, &step) in steps.iter().enumerate() {
            let mut child = game.clone();
            child.play(step);
            let (child_key, known) = match child.outcome() {
                Some(o) => (0, Some((score_of(o), score_of(o)))),
                None => {
                    let k = child.canonical_key();
                    (k, self.table.get(&k).map(|e| (e.lower, e.upper)))
                }
            };
            if let Some((lower, upper)) = known {
                // The mover's best possible result is known to be reachable: take it.
                let (mover_low, mover_high) = if sign > 0 {
                    (lower, upper)
                } else {
                    (-upper, -lower)
                };
                if mover_low == 1 {
                    self.store(key, sign, i, -2, 2);
                    return sign;
                }
                let priority = 1000 * (mover_low as i64 + mover_high as i64);
                children.push((i, child, child_key, priority));
                continue;
            }
            let mut priority = 0;
            if hint == Some(i) {
                priority += 1_000_000;
            }
            if let Some(k) = game.rave_key(step) {
                priority += self.history.get(k).copied().unwrap_or(0) as i64;
            }
            children.push((i, child, child_key, priority));
        }
        children.sort_by_key(|c| -c.3);
        let window = (alpha, beta);
        self.path.insert(key);
        let mut best: Score = -2 * sign;
        let mut best_index = children[0].0;
        for (i, child, child_key, _) in &children {
            let v = self.search(child, *child_key, alpha, beta, depth + 1, stop);
            if self.aborted {
                self.path.remove(&key);
                return 0;
            }
            if v * sign > best * sign {
                best = v;
                best_index = *i;
            }
            if sign > 0 {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                if let Some(k) = game.rave_key(steps[*i]) {
                    if let Some(h) = self.history.get_mut(k) {
                        *h += (64 - depth.min(63)) as u32;
                    }
                }
                break;
            }
        }
        self.path.remove(&key);
        self.store(key, best, best_index, window.0, window.1);
        best
    }

    /// Records `score`, found by a fail-soft search with the window (`alpha`, `beta`):
    /// at or below `alpha` it is an upper bound, at or above `beta` a lower bound, between
    /// them exact.
    fn store(&mut self, key: u128, score: Score, best: usize, alpha: Score, beta: Score) {
        let e = self.table.entry(key).or_insert(Entry {
            lower: -1,
            upper: 1,
            best: best as u32,
        });
        e.best = best as u32;
        if score <= alpha {
            e.upper = e.upper.min(score);
        } else if score >= beta {
            e.lower = e.lower.max(score);
        } else {
            e.lower = score;
            e.upper = score;
        }
        if e.lower > e.upper {
            // Only a draw scored for a repetition can contradict an earlier bound.
            e.lower = score;
            e.upper = score;
        }
    }
}

/// Solves `root` with a fresh table; see [`Solver::solve`].
pub fn solve<G: Game>(
    root: &G,
    max_nodes: u64,
    stop: &mut dyn FnMut() -> bool,
) -> Result<Solution<G::Step>, Error> {
    Solver::new().solve(root, max_nodes, stop)
}

/// Plain minimax to the end, without table or pruning, to check the solver against: the
/// result with best play, or None past `max_depth` steps.
pub fn brute_force<G: Game>(game: &G, max_depth: usize) -> Option<Outcome> {
    fn go<G: Game>(game: &G, depth: usize) -> Option<Score> {
        if let Some(o) = game.outcome() {
            return Some(score_of(o));
        }
        if depth == 0 {
            return None;
        }
        let sign: Score = if game.to_move() == 0 { 1 } else { -1 };
        let mut best = -2 * sign;
        for step in game.legal_step_list() {
            let mut child = game.clone();
            child.play(step);
            let v = go(&child, depth - 1)?;
            if v * sign > best * sign {
                best = v;
            }
        }
        Some(best)
    }
    go(game, max_depth).map(outcome_of)
}

/// [`Solution`] with the steps as canonical text, for any of the games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TextSolution {
    /// The result with best play; None when the budget ran out first.
    pub result: Option<Outcome>,
    /// Each legal step's text and the result with best play after it.
    pub steps: Vec<(String, Option<Outcome>)>,
    pub nodes: u64,
    pub repetitions: bool,
}

impl TextSolution {
    /// The steps that keep the proven result.
    pub fn keeping_steps(&self) -> Vec<String> {
        self.steps
            .iter()
            .filter(|(_, r)| self.result.is_some() && *r == self.result)
            .map(|(s, _)| s.clone())
            .collect()
    }
}

/// Which search proves the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// [`Solver`]: alpha-beta with a transposition table.
    AlphaBeta,
    /// [`PnSolver`]: depth-first proof-number search.
    ProofNumber,
}

/// Solves any game's position (two players only), within `max_nodes` positions.
pub fn solve_any(
    game: &AnyGame,
    max_nodes: u64,
    stop: &mut dyn FnMut() -> bool,
) -> Result<TextSolution, Error> {
    solve_any_with(game, Method::AlphaBeta, max_nodes, stop)
}

/// [`solve_any`] with a choice of search.
pub fn solve_any_with(
    game: &AnyGame,
    method: Method,
    max_nodes: u64,
    stop: &mut dyn FnMut() -> bool,
) -> Result<TextSolution, Error> {
    with_game!(game, g => {
        let s = match method {
            Method::AlphaBeta => solve(g, max_nodes, stop)?,
            Method::ProofNumber => PnSolver::new().solve(g, max_nodes, stop)?,
        };
        Ok(TextSolution {
            result: s.result,
            steps: s.steps.iter().map(|r| (g.step_text(r.step), r.result)).collect(),
            nodes: s.nodes,
            repetitions: s.repetitions,
        })
    })
}

/// Proof and disproof numbers at or above this are infinite.
const INF: u32 = u32::MAX / 4;

/// Depth-first proof-number search (df-pn): the same answers as [`Solver`], found by
/// following the moves that need the fewest further proofs, which suits the connection
/// games, whose wins hang on narrow lines. Each question is "can seat A force a win?";
/// the exact result takes one or two of them (seat 0 wins, else seat 1, else a draw).
/// A repeated position counts as "no win" for the seat asking, so proofs never rely on one.
pub struct PnSolver {
    /// (proof, disproof) numbers per attacking seat and position.
    tables: [KeyMap<(u32, u32)>; 2],
    path: KeySet,
    nodes: u64,
    max_nodes: u64,
    aborted: bool,
    repetitions: bool,
}

impl Default for PnSolver {
    fn default() -> Self {
        PnSolver::new()
    }
}

impl PnSolver {
    pub fn new() -> Self {
        PnSolver {
            tables: [KeyMap::default(), KeyMap::default()],
            path: KeySet::default(),
            nodes: 0,
            max_nodes: u64::MAX,
            aborted: false,
            repetitions: false,
        }
    }

    /// As [`Solver::solve`].
    pub fn solve<G: Game>(
        &mut self,
        root: &G,
        max_nodes: u64,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Solution<G::Step>, Error> {
        if root.players() != 2 {
            return Err(Error::new("the solver handles two-player games only"));
        }
        self.nodes = 0;
        self.max_nodes = max_nodes;
        self.aborted = false;
        self.repetitions = false;
        let result = self.result(root, stop);
        let mut steps = Vec::new();
        if result.is_some() {
            for step in root.legal_step_list() {
                let mut child = root.clone();
                child.play(step);
                let r = self.result(&child, stop);
                steps.push(StepResult { step, result: r });
            }
        }
        Ok(Solution {
            result,
            steps,
            nodes: self.nodes,
            repetitions: self.repetitions,
        })
    }

    /// The exact result of `game`, None when the budget ran out.
    fn result<G: Game>(&mut self, game: &G, stop: &mut dyn FnMut() -> bool) -> Option<Outcome> {
        if let Some(o) = game.outcome() {
            return Some(o);
        }
        // Ask first about the seat to move, whose win is the likelier quick proof.
        let first = game.to_move();
        for attacker in [first, 1 - first] {
            if self.aborted {
                return None;
            }
            match self.prove(game, attacker, stop) {
                Some(true) => return Some(Outcome::Winner(attacker)),
                Some(false) => {}
                None => return None,
            }
        }
        Some(Outcome::Draw)
    }

    /// Whether `attacker` can force a win from `game` (None: budget ran out).
    fn prove<G: Game>(
        &mut self,
        game: &G,
        attacker: usize,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<bool> {
        let key = game.canonical_key();
        self.mid(game, key, attacker, INF, INF, 0, stop);
        if self.aborted {
            return None;
        }
        let (pn, dn) = self.numbers(game, key, attacker);
        if pn == 0 {
            Some(true)
        } else if dn == 0 {
            Some(false)
        } else {
            self.aborted = true;
            None
        }
    }

    /// The proof and disproof numbers of a position as known now.
    fn numbers<G: Game>(&self, game: &G, key: u128, attacker: usize) -> (u32, u32) {
        match game.outcome() {
            Some(Outcome::Winner(w)) if w == attacker => (0, INF),
            Some(_) => (INF, 0),
            None if self.path.contains(&key) => (INF, 0),
            None => self.tables[attacker].get(&key).copied().unwrap_or((1, 1)),
        }
    }

    /// Expands `game` until its proof number reaches `th_pn` or its disproof number
    /// `th_dn` (the multiple-iterative-deepening step of df-pn).
    #[allow(clippy::too_many_arguments)]
    fn mid<G: Game>(
        &mut self,
        game: &G,
        key: u128,
        attacker: usize,
        th_pn: u32,
        th_dn: u32,
        depth: usize,
        stop: &mut dyn FnMut() -> bool,
    ) {
        if game.outcome().is_some() {
            return;
        }
        self.nodes += 1;
        if self.nodes > self.max_nodes || depth > MAX_DEPTH || (self.nodes % 1024 == 0 && stop()) {
            self.aborted = true;
            return;
        }
        let or_node = game.to_move() == attacker;
        let children: Vec<(G, u128)> = game
            .legal_step_list()
            .into_iter()
            .map(|step| {
                let mut child = game.clone();
                child.play(step);
                let k = if child.outcome().is_some() {
                    0
                } else {
                    child.canonical_key()
                };
                (child, k)
            })
            .collect();
        self.path.insert(key);
        loop {
            // This node's numbers from its children's, and the child to expand next.
            let (mut pn, mut dn) = if or_node { (INF, 0) } else { (0, INF) };
            let mut best = 0;
            let mut best_value = INF + 1;
            let mut second = INF;
            let mut best_other = 0;
            let mut repeated = false;
            for (i, (child, k)) in children.iter().enumerate() {
                repeated |= *k != 0 && self.path.contains(k);
                let (cp, cd) = self.numbers(child, *k, attacker);
                let (value, other) = if or_node { (cp, cd) } else { (cd, cp) };
                if or_node {
                    pn = pn.min(cp);
                    dn = (dn + cd).min(INF);
                } else {
                    pn = (pn + cp).min(INF);
                    dn = dn.min(cd);
                }
                if value < best_value {
                    second = best_value;
                    best_value = value;
                    best = i;
                    best_other = other;
                } else if value < second {
                    second = value;
                }
            }
            self.repetitions |= repeated;
            if pn >= th_pn || dn >= th_dn || pn == 0 || dn == 0 {
                self.path.remove(&key);
                self.tables[attacker].insert(key, (pn, dn));
                return;
            }
            let second = second.min(INF);
            let (child_pn, child_dn) = if or_node {
                (
                    th_pn.min(second.saturating_add(1)),
                    (th_dn - dn).saturating_add(best_other).min(INF),
                )
            } else {
                (
                    (th_pn - pn).saturating_add(best_other).min(INF),
                    th_dn.min(second.saturating_add(1)),
                )
            };
            let (child, k) = &children[best];
            self.mid(child, *k, attacker, child_pn, child_dn, depth + 1, stop);
            if self.aborted {
                self.path.remove(&key);
                return;
            }
        }
    }
}
