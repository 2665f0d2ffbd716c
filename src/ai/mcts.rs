//! Monte Carlo tree search (UCT), generic over [`Game`].
//!
//! The tree has one node per *step*, so multi-step turns (swap chains, re-placements, a
//! second wall) are searched like any other choice, and each node remembers the seat that
//! made its step, which handles 2 and 3 players alike. Playouts are capped; a capped
//! playout is scored by [`Game::evaluate`].

use crate::game::{Game, Outcome, Seat};
use crate::rng::Rng;

/// How a search is bounded and tuned.
#[derive(Clone, Copy, Debug)]
pub struct SearchConfig {
    /// Iterations to run (the search may stop sooner when its clock says so).
    pub iterations: u32,
    /// Steps a playout may take before it is scored by `evaluate`.
    pub playout_cap: u32,
    /// UCT exploration constant.
    pub exploration: f64,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            iterations: 1000,
            playout_cap: 400,
            exploration: 0.9,
        }
    }
}

const NO_PARENT: u32 = u32::MAX;

struct Node<S> {
    parent: u32,
    step: Option<S>,
    /// The seat that made `step`; rewards in this node are that seat's.
    mover: Seat,
    children: Vec<u32>,
    /// Steps not yet expanded; None until the node is first visited.
    untried: Option<Vec<S>>,
    visits: u32,
    reward: f64,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult<S> {
    /// The most visited step at the root, None if the game is over.
    pub best: Option<S>,
    pub iterations: u32,
    /// The mover's estimated chance of winning after the best step.
    pub value: f64,
}

/// Searches from `root` and returns the most visited step.
///
/// `stop` is asked now and then whether to stop early (a deadline); a search with a fixed
/// seed and a `stop` that never fires is fully deterministic.
pub fn search<G: Game>(
    root: &G,
    config: &SearchConfig,
    rng: &mut Rng,
    stop: &mut dyn FnMut() -> bool,
) -> SearchResult<G::Step> {
    let players = root.players();
    let mut nodes: Vec<Node<G::Step>> = vec![Node {
        parent: NO_PARENT,
        step: None,
        mover: root.to_move(),
        children: Vec::new(),
        untried: None,
        visits: 0,
        reward: 0.0,
    }];
    if root.outcome().is_some() {
        return SearchResult {
            best: None,
            iterations: 0,
            value: 0.0,
        };
    }
    let mut buf = Vec::new();
    let mut rewards = vec![0.0; players];
    let mut done = 0;
    while done < config.iterations {
        if done % 32 == 0 && done > 0 && stop() {
            break;
        }
        done += 1;
        let mut state = root.clone();
        let mut node = 0usize;
        // Selection: descend through fully expanded nodes.
        loop {
            let n = &nodes[node];
            let fully_expanded = n.untried.as_ref().is_some_and(|u| u.is_empty());
            if !fully_expanded || n.children.is_empty() {
                break;
            }
            let log_n = (n.visits as f64).ln();
            let c = config.exploration;
            let best = n
                .children
                .iter()
                .copied()
                .max_by(|&a, &b| {
                    let ucb = |i: u32| {
                        let ch = &nodes[i as usize];
                        ch.reward / ch.visits as f64 + c * (log_n / ch.visits as f64).sqrt()
                    };
                    ucb(a).total_cmp(&ucb(b))
                })
                .expect("children is not empty");
            node = best as usize;
            state.play(nodes[node].step.expect("non-root nodes have a step"));
        }
        // Expansion: add one untried step.
        if state.outcome().is_none() {
            if nodes[node].untried.is_none() {
                let mut steps = state.legal_step_list();
                rng.shuffle(&mut steps);
                nodes[node].untried = Some(steps);
            }
            if let Some(step) = nodes[node].untried.as_mut().and_then(|u| u.pop()) {
                let mover = state.to_move();
                state.play(step);
                let child = nodes.len() as u32;
                nodes.push(Node {
                    parent: node as u32,
                    step: Some(step),
                    mover,
                    children: Vec::new(),
                    untried: None,
                    visits: 0,
                    reward: 0.0,
                });
                nodes[node].children.push(child);
                node = child as usize;
            }
        }
        // Playout.
        playout(&mut state, config.playout_cap, rng, &mut buf, &mut rewards);
        // Back-propagation.
        let mut at = node as u32;
        while at != NO_PARENT {
            let n = &mut nodes[at as usize];
            n.visits += 1;
            n.reward += rewards[n.mover];
            at = n.parent;
        }
    }
    let best = nodes[0]
        .children
        .iter()
        .copied()
        .max_by_key(|&i| nodes[i as usize].visits)
        .map(|i| &nodes[i as usize]);
    SearchResult {
        best: best.and_then(|n| n.step),
        iterations: done,
        value: best.map_or(0.0, |n| n.reward / n.visits.max(1) as f64),
    }
}

/// Plays random steps from `state` and writes each seat's reward in [0, 1].
fn playout<G: Game>(
    state: &mut G,
    cap: u32,
    rng: &mut Rng,
    buf: &mut Vec<G::Step>,
    rewards: &mut [f64],
) {
    let mut steps = 0;
    while state.outcome().is_none() && steps < cap {
        match state.playout_step(rng, buf) {
            Some(step) => state.play(step),
            None => break,
        }
        steps += 1;
    }
    match state.outcome() {
        Some(Outcome::Winner(w)) => {
            for (seat, r) in rewards.iter_mut().enumerate() {
                *r = if seat == w { 1.0 } else { 0.0 };
            }
        }
        Some(Outcome::Draw) => rewards.fill(1.0 / rewards.len() as f64),
        None => {
            for (seat, r) in rewards.iter_mut().enumerate() {
                *r = state.evaluate(seat);
            }
        }
    }
}
