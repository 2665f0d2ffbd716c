//! Exact results for two-player positions small enough to search to the end.
//!
//! A depth-first alpha-beta search over win/draw/loss with a transposition table keyed by
//! [`SearchHints::canonical_key`] (a position and its mirror images share an entry). Scores are seat 0's: +1 seat 0 wins, -1 seat 1 wins, 0 a draw.
//! Each step is searched on its own, so multi-step turns need nothing special: the seat
//! to move (`to_move`) decides at every step whether the node maximises or minimises.
//!
//! Step order: a step that ends the game in the mover's favour, or whose position the
//! table already knows the mover wins, is taken at once; otherwise the table's best step
//! for this position first, then steps whose positions the table rates well for the mover,
//! then steps whose RAVE key (cell) cut searches off before (history heuristic), in the
//! games that keep one (`SearchHints::history_keys`).
//!
//! Repetitions: Scattercut and Unity games need not end. A position already on the current
//! path scores as a draw, so a proven *win* never relies on one, but a reported draw may
//! stand for "neither side can force a win", and [`Solution::repetitions`] says when that
//! happened.
//!
//! Loops within a turn: an Unravel swap chain can bring back a position the same turn had.
//! Within one seat's run of steps, the positions that reach each other (a strongly
//! connected component, found as Tarjan's algorithm does) all have the same result: the
//! best the mover can reach from any of them. So a step back to a position on the path
//! since the run began, or to one of the run's positions whose component is still being
//! searched, gains the mover nothing and scores as the mover's loss; those positions are
//! kept out of the table until their component's first position is done, and then take its
//! result (each is searched once, not once per path to it).

use crate::game::{Error, Game, Outcome, SearchHints};
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

/// A step of a position being searched: its index in the legal list, the position after
/// it, that position's key (0 once the game is over), its ordering priority and its RAVE key.
type Child<G> = (usize, G, u128, i64, Option<usize>);

/// No loop below a frame: its score does not depend on the path to it.
const NO_LOOP: usize = usize::MAX;

/// A position on the alpha-beta search's path.
struct Frame<G> {
    key: u128,
    /// The depth where the run of steps by this frame's mover began (loops are the
    /// positions a run comes back to).
    run_start: usize,
    /// The shallowest depth that a loop below this frame came back to ([`NO_LOOP`] if none):
    /// shallower than the frame's own depth, the frame belongs to the component of the
    /// position at that depth, and takes its result when that one is done.
    low: usize,
    /// +1 where seat 0 moves (the frame maximises seat 0's score), -1 where seat 1 does.
    sign: Score,
    alpha: Score,
    beta: Score,
    /// The window the position was entered with, for the table's bounds.
    window: (Score, Score),
    best: Score,
    best_index: usize,
    /// The steps in search order; `next` of them have been searched or begun.
    children: Vec<Child<G>>,
    next: usize,
    depth: usize,
}

/// What [`Solver::enter`] found.
enum Entered<G> {
    /// The position's score without searching its steps.
    Settled(Score),
    /// A position of the mover's run whose component (of the given depth) is being
    /// searched: no gain for the mover.
    Loop(Score, usize),
    /// Its steps are to be searched.
    Open(Frame<G>),
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
    /// The positions on the current path, with their depths.
    path: KeyMap<usize>,
    /// Searched positions waiting for their component's first position (see the module
    /// docs), with that position's depth, and the same in the order they were searched.
    pending: KeyMap<usize>,
    pending_order: Vec<u128>,
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
            path: KeyMap::default(),
            pending: KeyMap::default(),
            pending_order: Vec::new(),
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
    pub fn solve<G: SearchHints>(
        &mut self,
        root: &G,
        max_nodes: u64,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Solution<G::Step>, Error> {
        if root.players() != 2 {
            return Err(Error::options("the solver handles two-player games only"));
        }
        self.nodes = 0;
        self.max_nodes = max_nodes;
        self.aborted = false;
        self.repetitions = false;
        self.history = vec![0; root.history_keys()];
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
                // Back to a position this turn had: each reaches the other, so the result
                // is this one's.
                None if child.repeats_within_turn() => Some(outcome_of(score)),
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
    ///
    /// The path is an explicit stack of [`Frame`]s, not recursion: a line can be thousands
    /// of steps long (Unravel's swap chains, Unity's moves, up to `MAX_DEPTH`), and a
    /// frame per step overflowed the page's wasm stack.
    fn search<G: SearchHints>(
        &mut self,
        game: &G,
        key: u128,
        alpha: Score,
        beta: Score,
        depth: usize,
        stop: &mut dyn FnMut() -> bool,
    ) -> Score {
        let mut stack: Vec<Frame<G>> = Vec::new();
        // A score for the frame on top, from the child it searched last.
        let mut returned = match self.enter(game, key, alpha, beta, depth, depth, stop) {
            Entered::Settled(score) | Entered::Loop(score, _) => return score,
            Entered::Open(frame) => {
                stack.push(frame);
                None
            }
        };
        loop {
            if self.aborted {
                for frame in &stack {
                    self.path.remove(&frame.key);
                }
                self.pending.clear();
                self.pending_order.clear();
                return 0;
            }
            let top = stack
                .last_mut()
                .expect("the root's frame stays until it returns");
            let mut cut = false;
            if let Some(v) = returned.take() {
                let (i, .., rave_key) = top.children[top.next - 1];
                if v * top.sign > top.best * top.sign {
                    top.best = v;
                    top.best_index = i;
                }
                if top.sign > 0 {
                    top.alpha = top.alpha.max(v);
                } else {
                    top.beta = top.beta.min(v);
                }
                if top.alpha >= top.beta {
                    if let Some(h) = rave_key.and_then(|k| self.history.get_mut(k)) {
                        *h += (64 - top.depth.min(63)) as u32;
                    }
                    cut = true;
                }
            }
            if !cut && top.next < top.children.len() {
                top.next += 1;
                let (_, child, child_key, ..) = &top.children[top.next - 1];
                let (alpha, beta, depth) = (top.alpha, top.beta, top.depth + 1);
                let run_start = if child.to_move() == game_mover(top.sign) {
                    top.run_start
                } else {
                    depth
                };
                match self.enter(child, *child_key, alpha, beta, depth, run_start, stop) {
                    Entered::Settled(score) => returned = Some(score),
                    Entered::Loop(score, low) => {
                        top.low = top.low.min(low);
                        returned = Some(score);
                    }
                    Entered::Open(frame) => stack.push(frame),
                }
                continue;
            }
            let frame = stack.pop().expect("not empty");
            self.path.remove(&frame.key);
            if frame.low < frame.depth {
                // Part of a component still being searched: its score waits for the
                // component's.
                self.pending.insert(frame.key, frame.low);
                self.pending_order.push(frame.key);
            } else {
                self.store(
                    frame.key,
                    frame.best,
                    frame.best_index,
                    frame.window.0,
                    frame.window.1,
                );
                // The positions of its component, all searched since it was entered, reach
                // each other and so have its result.
                while let Some(&key) = self.pending_order.last() {
                    if self.pending[&key] < frame.depth {
                        break;
                    }
                    self.pending_order.pop();
                    self.pending.remove(&key);
                    self.store(
                        key,
                        frame.best,
                        u32::MAX as usize,
                        frame.window.0,
                        frame.window.1,
                    );
                }
            }
            if let Some(parent) = stack.last_mut() {
                parent.low = parent.low.min(frame.low);
            } else {
                return frame.best;
            }
            returned = Some(frame.best);
        }
    }

    /// The start of a position's search: its score when it needs no search of its steps
    /// (the game is over, the table knows it, a repetition, an immediate win, the budget
    /// ran out), else its frame with the steps in search order, the key put on the path.
    #[allow(clippy::too_many_arguments)]
    fn enter<G: SearchHints>(
        &mut self,
        game: &G,
        key: u128,
        mut alpha: Score,
        mut beta: Score,
        depth: usize,
        run_start: usize,
        stop: &mut dyn FnMut() -> bool,
    ) -> Entered<G> {
        if let Some(outcome) = game.outcome() {
            return Entered::Settled(score_of(outcome));
        }
        let mover = game.to_move();
        // The mover's view of seat 0's score.
        let sign: Score = if mover == 0 { 1 } else { -1 };
        if let Some(&at) = self.path.get(&key) {
            if at >= run_start {
                // Back to a position (or its mirror image) of the mover's own run.
                return Entered::Loop(-sign, at);
            }
        }
        if let Some(&low) = self.pending.get(&key) {
            // Searched already in this run, in a component still being searched.
            return Entered::Loop(-sign, low);
        }
        let mut hint = None;
        if let Some(e) = self.table.get(&key) {
            if e.lower == e.upper || e.lower >= beta {
                return Entered::Settled(e.lower);
            }
            if e.upper <= alpha {
                return Entered::Settled(e.upper);
            }
            alpha = alpha.max(e.lower);
            beta = beta.min(e.upper);
            hint = Some(e.best as usize);
        }
        if self.path.contains_key(&key) {
            self.repetitions = true;
            return Entered::Settled(0);
        }
        self.nodes += 1;
        if self.nodes > self.max_nodes || depth > MAX_DEPTH || (self.nodes % 1024 == 0 && stop()) {
            self.aborted = true;
            return Entered::Settled(0);
        }
        let steps = game.legal_step_list();
        // Children, each with its key, an ordering priority (higher first) and its step's
        // RAVE key.
        let mut children: Vec<Child<G>> = Vec::with_capacity(steps.len());
        for (i, &step) in steps.iter().enumerate() {
            let mut child = game.clone();
            child.play(step);
            let rave_key = game.rave_key(step);
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
                    return Entered::Settled(sign);
                }
                let priority = 1000 * (mover_low as i64 + mover_high as i64);
                children.push((i, child, child_key, priority, rave_key));
                continue;
            }
            let mut priority = 0;
            if hint == Some(i) {
                priority += 1_000_000;
            }
            if let Some(k) = rave_key {
                priority += self.history.get(k).copied().unwrap_or(0) as i64;
            }
            children.push((i, child, child_key, priority, rave_key));
        }
        children.sort_by_key(|c| -c.3);
        self.path.insert(key, depth);
        Entered::Open(Frame {
            key,
            run_start,
            low: NO_LOOP,
            sign,
            alpha,
            beta,
            window: (alpha, beta),
            best: -2 * sign,
            best_index: children[0].0,
            children,
            next: 0,
            depth,
        })
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

/// The seat that moves where the frame's sign is `sign`.
fn game_mover(sign: Score) -> usize {
    if sign > 0 {
        0
    } else {
        1
    }
}

/// Solves `root` with a fresh table; see [`Solver::solve`].
pub fn solve<G: SearchHints>(
    root: &G,
    max_nodes: u64,
    stop: &mut dyn FnMut() -> bool,
) -> Result<Solution<G::Step>, Error> {
    Solver::new().solve(root, max_nodes, stop)
}

/// Plain minimax to the end, without table or pruning, to check the solver against: the
/// result with best play, or None past `max_depth` steps.
pub fn brute_force<G: SearchHints>(game: &G, max_depth: usize) -> Option<Outcome> {
    fn go<G: SearchHints>(game: &G, depth: usize) -> Option<Score> {
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
    pub fn solve<G: SearchHints>(
        &mut self,
        root: &G,
        max_nodes: u64,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Solution<G::Step>, Error> {
        if root.players() != 2 {
            return Err(Error::options("the solver handles two-player games only"));
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
                // Back to a position this turn had: the same result as the root.
                let r = if child.repeats_within_turn() {
                    result
                } else {
                    self.result(&child, stop)
                };
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
    fn result<G: SearchHints>(
        &mut self,
        game: &G,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<Outcome> {
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
    fn prove<G: SearchHints>(
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
    fn numbers<G: SearchHints>(&self, game: &G, key: u128, attacker: usize) -> (u32, u32) {
        match game.outcome() {
            Some(Outcome::Winner(w)) if w == attacker => (0, INF),
            Some(_) => (INF, 0),
            // A loop within a turn gains its mover nothing: no win for the attacker going
            // round, no escape for the defender.
            None if game.repeats_within_turn() => {
                if game.to_move() == attacker {
                    (INF, 0)
                } else {
                    (0, INF)
                }
            }
            None if self.path.contains(&key) => (INF, 0),
            None => self.tables[attacker].get(&key).copied().unwrap_or((1, 1)),
        }
    }

    /// Expands `game` until its proof number reaches `th_pn` or its disproof number
    /// `th_dn` (the multiple-iterative-deepening step of df-pn). The path is an explicit
    /// stack, not recursion, as in [`Solver`]'s search.
    #[allow(clippy::too_many_arguments)]
    fn mid<G: SearchHints>(
        &mut self,
        game: &G,
        key: u128,
        attacker: usize,
        th_pn: u32,
        th_dn: u32,
        depth: usize,
        stop: &mut dyn FnMut() -> bool,
    ) {
        let mut stack: Vec<PnFrame<G>> = Vec::new();
        match self.pn_enter(game, key, attacker, th_pn, th_dn, depth, stop) {
            Some(frame) => stack.push(frame),
            None => return,
        }
        while let Some(top) = stack.last() {
            if self.aborted {
                for frame in &stack {
                    self.path.remove(&frame.key);
                }
                return;
            }
            let (or_node, th_pn, th_dn) = (top.or_node, top.th_pn, top.th_dn);
            // This node's numbers from its children's, and the child to expand next.
            let (mut pn, mut dn) = if or_node { (INF, 0) } else { (0, INF) };
            let mut best = 0;
            let mut best_value = INF + 1;
            let mut second = INF;
            let mut best_other = 0;
            let mut repeated = false;
            for (i, (child, k)) in top.children.iter().enumerate() {
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
                let key = top.key;
                stack.pop();
                self.path.remove(&key);
                self.tables[attacker].insert(key, (pn, dn));
                continue;
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
            let (child, k) = &top.children[best];
            let depth = top.depth + 1;
            if let Some(frame) = self.pn_enter(child, *k, attacker, child_pn, child_dn, depth, stop)
            {
                stack.push(frame);
            }
        }
    }

    /// The start of a position's expansion in [`PnSolver::mid`]: None when there is nothing
    /// to expand (the game is over, or the budget ran out), else its frame, the key put on
    /// the path.
    #[allow(clippy::too_many_arguments)]
    fn pn_enter<G: SearchHints>(
        &mut self,
        game: &G,
        key: u128,
        attacker: usize,
        th_pn: u32,
        th_dn: u32,
        depth: usize,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<PnFrame<G>> {
        if game.outcome().is_some() {
            return None;
        }
        self.nodes += 1;
        if self.nodes > self.max_nodes || depth > MAX_DEPTH || (self.nodes % 1024 == 0 && stop()) {
            self.aborted = true;
            return None;
        }
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
        Some(PnFrame {
            key,
            or_node: game.to_move() == attacker,
            th_pn,
            th_dn,
            children,
            depth,
        })
    }
}

/// A position on [`PnSolver::mid`]'s path: its children (position and key, 0 once the game
/// is over) and the thresholds it is expanded to.
struct PnFrame<G> {
    key: u128,
    or_node: bool,
    th_pn: u32,
    th_dn: u32,
    children: Vec<(G, u128)>,
    depth: usize,
}
