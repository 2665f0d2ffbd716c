//! Monte Carlo tree search (UCT with a light MCTS-solver), generic over [`SearchHints`] (an
//! engine's rules and the search's hints).
//!
//! The tree has one node per *step*, so multi-step turns (swap chains, re-placements, a
//! second wall) are searched like any other choice, and each node remembers the seat that
//! made its step, which handles 2 and 3 players alike. Playouts use the engine's
//! [`SearchHints::playout_step`] and are capped; a capped playout is scored by
//! [`SearchHints::evaluate`].
//!
//! Solver: a node whose position is won by force is marked with its winner (a finished game,
//! a node where the seat to move has a step into a position it wins, or a node all of whose
//! steps lead to positions won by one same seat). Marked nodes are not played out again,
//! a step into a position the mover wins is always taken, and a step into a position the
//! mover has lost is avoided while there is any other. A step that brings back a position
//! of the same turn ([`Game::repeats_within_turn`]) is marked lost for its mover.

#[cfg(doc)]
use crate::game::Game;
use crate::game::{Outcome, SearchHints, Seat, StepPolicy};
use crate::rng::Rng;

/// How a search is bounded and tuned.
#[derive(Clone, Copy, Debug)]
pub struct SearchConfig {
    /// Iterations to run (the search may stop sooner when its clock says so).
    pub iterations: u32,
    /// Iterations run before the clock is asked at all: a time-limited level's floor, so it
    /// never searches less than this on a slow machine (at most `iterations`).
    pub min_iterations: u32,
    /// Steps a playout may take before it is scored by `evaluate`.
    pub playout_cap: u32,
    /// UCT exploration constant, for a search without RAVE values.
    pub exploration: f64,
    /// UCT exploration constant when RAVE values are blended in: they already spread the
    /// visits, and with 0.9 the root's visits stayed nearly even up to 16,000 iterations,
    /// so more iterations bought little (docs/AI.md).
    pub rave_exploration: f64,
    /// Use uniform random legal steps in playouts instead of the engine's `playout_step`.
    pub plain_playouts: bool,
    /// Score a capped playout as equal chances instead of asking the engine's `evaluate`.
    pub plain_evaluation: bool,
    /// Mark positions won by force (see the module docs).
    pub solver: bool,
    /// Blend in RAVE (all-moves-as-first) values, for games whose steps have keys.
    pub rave: bool,
    /// RAVE equivalence: the visits at which a step's own value and its RAVE value weigh
    /// the same (beta = sqrt(k / (3 n + k))).
    pub rave_k: f64,
    /// The tree's memory bound in bytes (nodes and their step lists, as counted by
    /// `SearchResult::tree_bytes`; the list of untried steps made last may pass it): past
    /// it the search stops growing the tree, and its remaining iterations go down through
    /// the tree as before to play out from the leaves it has. A time-limited search
    /// otherwise grows its tree as long as it thinks (about 0.2 kB per iteration in each
    /// game, docs/PERFORMANCE.md).
    pub max_tree_bytes: usize,
    /// Progressive widening: a node with n visits has at most ceil(widening * n^0.5)
    /// children, the rest of its steps wait (in random order) until its visits grow;
    /// 0 = off, every step is expanded before any is searched deeper. For games with more
    /// steps than a budget can play out (Merlin's Chain: about 1,800 first steps), so the
    /// search goes deeper into a sample of them instead of playing each out about twice.
    pub widening: f64,
    /// The playouts a step's learned prior ([`SearchHints::prior`]) counts as in its RAVE
    /// value when its node is made (with RAVE only; 0 = no prior).
    pub prior_visits: u32,
    /// Expand a node's steps in the engine's order ([`SearchHints::order_untried`]);
    /// false shuffles them, to measure what the order is worth.
    pub ordered: bool,
}

/// The exponent of progressive widening (see [`SearchConfig::widening`]).
pub const WIDENING_EXPONENT: f64 = 0.5;

/// The children a node with `visits` visits may have under progressive widening
/// `widening` (> 0): at least one.
pub fn widened_children(widening: f64, visits: u32) -> usize {
    ((widening * (visits as f64).powf(WIDENING_EXPONENT)).ceil() as usize).max(1)
}

/// The default tree memory bound: 128 MiB, well past what the page's strongest level (4 s)
/// grows (docs/PERFORMANCE.md, "Memory of the search"), and small enough for a browser
/// worker on a phone.
pub const MAX_TREE_BYTES: usize = 128 << 20;

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            iterations: 1000,
            min_iterations: 0,
            playout_cap: 400,
            exploration: 0.9,
            rave_exploration: 0.3,
            plain_playouts: false,
            plain_evaluation: false,
            solver: true,
            rave: true,
            rave_k: 300.0,
            max_tree_bytes: MAX_TREE_BYTES,
            widening: 0.0,
            prior_visits: PRIOR_VISITS,
            ordered: true,
        }
    }
}

/// The default [`SearchConfig::prior_visits`] (docs/AI.md, "Unravel's placement priors").
pub const PRIOR_VISITS: u32 = 1000;

const NO_PARENT: u32 = u32::MAX;

/// The untried steps a widened node lists at a time past the children its visits allow:
/// most nodes never get that many more, and listing all of Unity's ~230 steps made the tree
/// 0.8 kB an iteration.
const LISTED: usize = 16;

struct Node<S> {
    parent: u32,
    step: Option<S>,
    /// The seat that made `step`; rewards in this node are that seat's. Seats are kept
    /// as bytes here and in `proven`, as the node array is most of a tree's memory.
    mover: u8,
    children: Vec<Child>,
    /// Steps not yet expanded, the next one last; None until the node is first visited.
    /// Under progressive widening it lists at most [`LISTED`] more than the node's visits
    /// allow children, and is listed again when it runs out while `steps` is not reached.
    untried: Option<Vec<S>>,
    /// The node's legal steps: its children and the untried steps, listed or not.
    steps: u32,
    visits: u32,
    reward: f64,
    /// Functions of `visits` that selection reads for every child, kept by `visit` instead
    /// of computed there (two square roots and a division per child scored):
    /// 1/sqrt(visits), and the RAVE weight beta = sqrt(k / (3 visits + k)).
    inv_sqrt_visits: f64,
    beta: f64,
    /// The seat that wins this node's position by force, when the solver knows it.
    proven: Option<u8>,
    /// The step's RAVE key.
    key: Option<u32>,
}

/// A node's link to one of its children, with the child's RAVE figures beside it: crediting
/// RAVE reads every child of every node on the path, so it reads them from the parent's
/// one array, not from each child node, and without a branch per child (a branch on
/// whether the key was seen is mispredicted about half the time).
struct Child {
    node: u32,
    /// Where the child's mover and key are in `Tree::seen`: the word, and the bit in it. A
    /// step without a key points at its mover's spare word, which is never set.
    word: u32,
    bit: u8,
    mover: u8,
    /// The playouts in which the child's mover made a step with its key after the parent,
    /// and their reward for the mover.
    amaf_visits: u32,
    amaf_reward: f64,
}

impl<S> Node<S> {
    /// A node not yet visited.
    fn new(
        parent: u32,
        step: Option<S>,
        mover: Seat,
        proven: Option<Seat>,
        key: Option<u32>,
    ) -> Node<S> {
        Node {
            parent,
            step,
            mover: mover as u8,
            children: Vec::new(),
            untried: None,
            steps: 0,
            visits: 0,
            reward: 0.0,
            // Their values at no visits; `visit` keeps them after.
            inv_sqrt_visits: f64::INFINITY,
            beta: 1.0,
            proven: proven.map(|w| w as u8),
            key,
        }
    }

    fn mover(&self) -> Seat {
        Seat::from(self.mover)
    }

    fn proven(&self) -> Option<Seat> {
        self.proven.map(Seat::from)
    }

    /// Whether every legal step of the node has its child (none while it is unlisted).
    fn fully_expanded(&self) -> bool {
        self.untried.is_some() && self.children.len() == self.steps as usize
    }

    /// One more iteration through this node, with `reward` for its mover.
    fn visit(&mut self, reward: f64, rave_k: f64) {
        self.visits += 1;
        self.reward += reward;
        let visits = self.visits as f64;
        self.inv_sqrt_visits = visits.sqrt().recip();
        self.beta = (rave_k / (3.0 * visits + rave_k)).sqrt();
    }
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult<S> {
    /// The step chosen at the root, None if the game is over.
    pub best: Option<S>,
    pub iterations: u32,
    /// The mover's estimated chance of winning after the best step.
    pub value: f64,
    /// The tree's memory at the end, in bytes: the node array as allocated, and each node's
    /// lists of children and of untried steps as allocated.
    pub tree_bytes: usize,
    /// Every root step the search tried, in the order they were expanded.
    pub children: Vec<ChildStats<S>>,
    /// Each seat's estimated chance of winning after the best step (sums to about 1).
    pub seat_values: Vec<f64>,
    /// The expected continuation: the best step, then the most visited step below each
    /// node, while nodes have been visited at least twice (at most [`LINE_STEPS`] steps).
    pub line: Vec<S>,
}

/// The longest [`SearchResult::line`].
pub const LINE_STEPS: usize = 8;

/// What the search learned about one root step.
#[derive(Clone, Debug)]
pub struct ChildStats<S> {
    pub step: S,
    pub visits: u32,
    /// The mover's mean reward after this step (1 or 0 once proven).
    pub value: f64,
    /// The seat that wins by force after this step, when the solver proved it.
    pub proven: Option<Seat>,
}

/// Searches from `root` and returns the most visited step (a winning step when the solver
/// found one; never a step the solver found lost while another remains).
///
/// `stop` is asked now and then whether to stop early (a deadline); a search with a fixed
/// seed and a `stop` that never fires is fully deterministic.
///
/// Each iteration: [`Tree::select`] descends from the root to a node to grow,
/// [`Tree::expand`] adds one of its untried steps, [`Tree::play_out`] plays on from there
/// (or scores a proven node), and [`Tree::credit_rave`] and [`Tree::back_up`] carry the
/// result up the path; [`Tree::result`] reads the choice off the tree at the end.
pub fn search<G: SearchHints>(
    root: &G,
    config: &SearchConfig,
    rng: &mut Rng,
    stop: &mut dyn FnMut() -> bool,
) -> SearchResult<G::Step> {
    if root.outcome().is_some() {
        return SearchResult {
            best: None,
            iterations: 0,
            value: 0.0,
            tree_bytes: 0,
            children: Vec::new(),
            seat_values: Vec::new(),
            line: Vec::new(),
        };
    }
    let mut tree = Tree::new(root, config);
    let mut done = 0;
    while done < config.iterations && !tree.should_stop(done, stop) {
        done += 1;
        tree.iterate(root, rng);
    }
    tree.result(done)
}

/// A search's tree, with the scratch space its iterations reuse.
struct Tree<'c, G: SearchHints> {
    config: &'c SearchConfig,
    players: usize,
    nodes: Vec<Node<G::Step>>,
    /// The bytes of the nodes' lists (children and untried steps), as allocated.
    list_bytes: usize,
    /// Per root child (by node index): the rewards of every seat, summed over the
    /// iterations through it, for the per-seat chances of three-player games.
    seat_sums: std::collections::HashMap<u32, Vec<f64>>,
    /// Scratch space for the playouts' step lists.
    buf: Vec<G::Step>,
    /// Each seat's reward from the current iteration.
    rewards: Vec<f64>,
    /// Whether RAVE values are kept (the config asks for them and the game has step keys).
    rave: bool,
    /// 64-bit words of a seat's row in `seen`: one for every 64 keys, and a spare one
    /// never set.
    words: usize,
    /// Steps with keys played in the current playout (a playout records at most
    /// `playout_cap`: sized once, so recording a step is one store, not a `push`).
    trail: Vec<(Seat, u32)>,
    /// The keys seen per seat, in the current iteration below the node being credited.
    seen: Vec<u64>,
}

impl<'c, G: SearchHints> Tree<'c, G> {
    /// A tree holding only the root.
    fn new(root: &G, config: &'c SearchConfig) -> Self {
        let players = root.players();
        let keys = if config.rave { root.rave_keys() } else { 0 };
        let rave = keys > 0;
        let words = keys.div_ceil(64) + 1;
        Tree {
            config,
            players,
            nodes: vec![Node::new(NO_PARENT, None, root.to_move(), None, None)],
            list_bytes: 0,
            seat_sums: Default::default(),
            buf: Vec::new(),
            rewards: vec![0.0; players],
            rave,
            words,
            trail: vec![(0, 0); if rave { config.playout_cap as usize } else { 0 }],
            seen: vec![0u64; words * players],
        }
    }

    /// One iteration from `root`, the position at the tree's root.
    fn iterate(&mut self, root: &G, rng: &mut Rng) {
        let mut state = root.clone();
        let node = self.select(&mut state);
        let node = self.expand(node, &mut state, rng);
        let recorded = self.play_out(node, &mut state, rng);
        if self.rave {
            self.credit_rave(node, recorded);
        }
        self.back_up(node);
    }

    /// The tree's memory, in bytes: the node array and the nodes' lists, as allocated.
    fn tree_bytes(&self) -> usize {
        self.nodes.capacity() * std::mem::size_of::<Node<G::Step>>() + self.list_bytes
    }

    /// Whether one more node fits within the memory bound (the root gets its first child
    /// regardless: the search has to choose a step).
    fn has_room(&self) -> bool {
        let (len, capacity) = (self.nodes.len(), self.nodes.capacity());
        if len == 1 {
            true
        } else if len < capacity {
            self.tree_bytes() < self.config.max_tree_bytes
        } else {
            // Growing by less than an eighth would copy the array again too soon.
            self.node_growth() >= (capacity / 8).max(16)
        }
    }

    /// The slots the full node array grows by: double, or half of what still fits in the
    /// bound (the other half for the new nodes' lists), so a tree can fill the bound rather
    /// than stop where doubling no longer fits.
    fn node_growth(&self) -> usize {
        let room = self.config.max_tree_bytes.saturating_sub(self.tree_bytes());
        let fits = room / std::mem::size_of::<Node<G::Step>>();
        self.nodes.capacity().max(16).min(fits / 2)
    }

    /// The budget check before an iteration, after `done` of them: the clock (`stop`) is
    /// asked every 32 iterations once `min_iterations` are done; a root whose result the
    /// solver knows needs no more.
    fn should_stop(&self, done: u32, stop: &mut dyn FnMut() -> bool) -> bool {
        (done % 32 == 0 && done > 0 && done >= self.config.min_iterations && stop())
            || self.nodes[0].proven.is_some()
    }

    /// Selection: descends from the root through fully expanded nodes, by UCT (blended with
    /// RAVE values), playing each step on `state`; returns the node reached.
    fn select(&self, state: &mut G) -> usize {
        let config = self.config;
        let nodes = &self.nodes;
        let mut node = 0usize;
        loop {
            let n = &nodes[node];
            // Expand here, while the tree has room, when the node has untried steps, or
            // under progressive widening fewer children than its visits allow.
            let expand = n.untried.is_none()
                || (!n.fully_expanded()
                    && (config.widening <= 0.0
                        || n.children.len() < widened_children(config.widening, n.visits)));
            // Once the tree is full, a node with children passes every visit on to them:
            // stopping there would score it by its own playouts, not by its children.
            if (expand && self.has_room()) || n.children.is_empty() || n.proven.is_some() {
                return node;
            }
            let c = if self.rave {
                config.rave_exploration
            } else {
                config.exploration
            };
            // c * sqrt(ln n / visits), with the parent's part worked out once.
            let c_sqrt_log_n = c * (n.visits as f64).ln().sqrt();
            let score = |link: &Child| {
                let ch = &nodes[link.node as usize];
                match ch.proven {
                    Some(w) if w == ch.mover => f64::INFINITY,
                    Some(_) => -1.0,
                    None => {
                        let mut q = ch.reward / ch.visits as f64;
                        if link.amaf_visits > 0 {
                            let beta = ch.beta;
                            q = (1.0 - beta) * q
                                + beta * link.amaf_reward / link.amaf_visits as f64;
                        }
                        q + c_sqrt_log_n * ch.inv_sqrt_visits
                    }
                }
            };
            // Each child scored once (`max_by` with `score` in its comparison scored every
            // child twice); ties go to the last, as with `max_by`.
            let mut best = n.children[0].node;
            let mut best_score = score(&n.children[0]);
            for link in &n.children[1..] {
                let s = score(link);
                if s.total_cmp(&best_score).is_ge() {
                    best = link.node;
                    best_score = s;
                }
            }
            node = best as usize;
            state.play(nodes[node].step.expect("non-root nodes have a step"));
        }
    }

    /// Expansion: adds one untried step of `node` (listing its steps in the engine's
    /// `order_untried` on the first visit, and again when a widened node's list runs out)
    /// and plays it on `state`, while the tree is within its memory bound. Returns the new
    /// child, or `node` when nothing was added.
    fn expand(&mut self, node: usize, state: &mut G, rng: &mut Rng) -> usize {
        let step_size = std::mem::size_of::<G::Step>();
        if !self.has_room() || state.outcome().is_some() || self.nodes[node].proven.is_some() {
            return node;
        }
        let n = &self.nodes[node];
        if n.untried.as_ref().map_or(0, Vec::len) == 0 {
            let mut steps = state.legal_step_list();
            let legal = steps.len();
            if !n.children.is_empty() {
                steps.retain(|&s| {
                    n.children
                        .iter()
                        .all(|c| self.nodes[c.node as usize].step != Some(s))
                });
            }
            if self.config.ordered {
                state.order_untried(&mut steps, rng);
            } else {
                rng.shuffle(&mut steps);
            }
            if self.config.widening > 0.0 {
                let allowed = widened_children(self.config.widening, n.visits.max(1));
                let keep = allowed
                    .saturating_sub(n.children.len())
                    .saturating_add(LISTED);
                if steps.len() > keep {
                    steps = steps.split_off(steps.len() - keep);
                }
            }
            self.list_bytes += steps.capacity() * step_size;
            let n = &mut self.nodes[node];
            n.steps = legal as u32;
            n.untried = Some(steps);
        }
        let untried = self.nodes[node].untried.as_mut().expect("just made");
        let popped = untried.pop();
        if untried.is_empty() && untried.capacity() > 0 {
            // Fully expanded: the list's memory goes back.
            self.list_bytes -= untried.capacity() * step_size;
            *untried = Vec::new();
        }
        let Some(step) = popped else {
            return node;
        };
        let mover = state.to_move();
        let key = if self.rave {
            state.rave_key(step).map(|k| k as u32)
        } else {
            None
        };
        let prior = match key {
            Some(_) if self.config.prior_visits > 0 => state.prior(step),
            _ => None,
        };
        state.play(step);
        if self.nodes.len() == self.nodes.capacity() {
            let growth = self.node_growth().max(1);
            self.nodes.reserve_exact(growth);
        }
        let nodes = &mut self.nodes;
        let child = nodes.len() as u32;
        let proven = match state.outcome() {
            Some(Outcome::Winner(w)) if self.config.solver => Some(w),
            // A step that brings back a position of the same turn gains the mover nothing:
            // counted as lost for the mover, it is never played out or chosen while
            // another step remains, so the search does not go round a loop.
            None if self.players == 2 && state.repeats_within_turn() => Some(1 - mover),
            _ => None,
        };
        nodes.push(Node::new(node as u32, Some(step), mover, proven, key));
        let (amaf_visits, amaf_reward) = match prior {
            Some(value) => {
                let visits = self.config.prior_visits;
                (visits, value.clamp(0.0, 1.0) * f64::from(visits))
            }
            None => (0, 0.0),
        };
        let (word, bit) = match key {
            Some(k) => seen_at(self.words, mover, k),
            None => (mover * self.words + self.words - 1, 0),
        };
        let children = &mut nodes[node].children;
        self.list_bytes -= children.capacity() * std::mem::size_of::<Child>();
        children.push(Child {
            node: child,
            word: word as u32,
            bit,
            mover: mover as u8,
            amaf_visits,
            amaf_reward,
        });
        self.list_bytes += children.capacity() * std::mem::size_of::<Child>();
        if proven.is_some() && self.config.solver {
            prove_upwards(nodes, child as usize);
        }
        child as usize
    }

    /// The playout from `node` (its position in `state`), writing each seat's reward into
    /// `rewards`; a proven node is scored as its winner's, with no step played after it.
    /// Returns how many keyed steps the playout recorded in `trail`.
    fn play_out(&mut self, node: usize, state: &mut G, rng: &mut Rng) -> usize {
        match self.nodes[node].proven() {
            Some(w) => {
                for (seat, r) in self.rewards.iter_mut().enumerate() {
                    *r = if seat == w { 1.0 } else { 0.0 };
                }
                0
            }
            None => {
                let trail = if self.rave {
                    Some(&mut self.trail[..])
                } else {
                    None
                };
                playout(
                    state,
                    self.config,
                    rng,
                    &mut self.buf,
                    &mut self.rewards,
                    trail,
                )
            }
        }
    }

    /// All-moves-as-first: walking up from the leaf `node`, credits each node's children
    /// whose mover made a step with the child's key later in this iteration (the first
    /// `recorded` entries of `trail`, and the steps of the path below).
    fn credit_rave(&mut self, node: usize, recorded: usize) {
        let (words, nodes, seen) = (self.words, &mut self.nodes, &mut self.seen);
        seen.fill(0);
        for &(seat, k) in &self.trail[..recorded] {
            let (word, bit) = seen_at(words, seat, k);
            seen[word] |= 1 << bit;
        }
        let mut at = node;
        loop {
            for link in &mut nodes[at].children {
                let hit = (seen[link.word as usize] >> link.bit) & 1;
                link.amaf_visits += hit as u32;
                // Adding 0.0 leaves the sum as it was, bit for bit.
                link.amaf_reward += hit as f64 * self.rewards[link.mover as usize];
            }
            let n = &nodes[at];
            if let Some(k) = n.key {
                let (word, bit) = seen_at(words, n.mover(), k);
                seen[word] |= 1 << bit;
            }
            if n.parent == NO_PARENT {
                break;
            }
            at = n.parent as usize;
        }
    }

    /// Back-propagation: each node on the path from `node` up to the root counts the
    /// iteration with its mover's reward; a root child adds every seat's to its sums.
    fn back_up(&mut self, node: usize) {
        let mut at = node as u32;
        while at != NO_PARENT {
            let n = &mut self.nodes[at as usize];
            n.visit(self.rewards[n.mover()], self.config.rave_k);
            if n.parent == 0 {
                let players = self.players;
                let sums = self
                    .seat_sums
                    .entry(at)
                    .or_insert_with(|| vec![0.0; players]);
                for (sum, r) in sums.iter_mut().zip(&self.rewards) {
                    *sum += r;
                }
            }
            at = n.parent;
        }
    }

    /// The root child chosen: a step into a position the mover wins, else the most visited
    /// step not proven lost (or of all of them, when all are).
    fn best_child(&self) -> Option<u32> {
        let nodes = &self.nodes;
        let wins = |i: u32| {
            let n = &nodes[i as usize];
            n.proven == Some(n.mover)
        };
        let lost = |i: u32| {
            let n = &nodes[i as usize];
            n.proven.is_some_and(|w| w != n.mover)
        };
        let root = &nodes[0];
        let all_lost = root.children.iter().all(|c| lost(c.node));
        root.children
            .iter()
            .map(|c| c.node)
            .find(|&i| wins(i))
            .or_else(|| {
                root.children
                    .iter()
                    .map(|c| c.node)
                    .filter(|&i| all_lost || !lost(i))
                    .max_by_key(|&i| nodes[i as usize].visits)
            })
    }

    /// Each seat's chance of winning after root child `best`: certain when proven, else the
    /// mean of the seats' rewards over the iterations through it.
    fn seat_values(&self, best: u32) -> Vec<f64> {
        let players = self.players;
        let n = &self.nodes[best as usize];
        match n.proven() {
            Some(w) => (0..players)
                .map(|s| if s == w { 1.0 } else { 0.0 })
                .collect(),
            None => match self.seat_sums.get(&best) {
                Some(sums) if n.visits > 0 => sums.iter().map(|s| s / n.visits as f64).collect(),
                _ => vec![1.0 / players as f64; players],
            },
        }
    }

    /// The expected continuation from root child `best` (see [`SearchResult::line`]).
    fn line(&self, best: u32) -> Vec<G::Step> {
        let nodes = &self.nodes;
        let mut line = Vec::new();
        let mut at = Some(&nodes[best as usize]);
        while let Some(n) = at {
            line.push(n.step.expect("non-root nodes have a step"));
            if line.len() >= LINE_STEPS {
                break;
            }
            at = n
                .children
                .iter()
                .map(|c| &nodes[c.node as usize])
                .filter(|c| c.visits >= 2 || c.proven == Some(c.mover))
                .max_by_key(|c| (c.proven == Some(c.mover), c.visits));
        }
        line
    }

    /// What the search found, after `done` iterations.
    fn result(&self, done: u32) -> SearchResult<G::Step> {
        let node_value = |n: &Node<G::Step>| match n.proven {
            Some(w) if w == n.mover => 1.0,
            Some(_) => 0.0,
            None => n.reward / n.visits.max(1) as f64,
        };
        let children = self.nodes[0]
            .children
            .iter()
            .map(|c| {
                let n = &self.nodes[c.node as usize];
                ChildStats {
                    step: n.step.expect("non-root nodes have a step"),
                    visits: n.visits,
                    value: node_value(n),
                    proven: n.proven(),
                }
            })
            .collect();
        let best = self.best_child();
        let best_node = best.map(|i| &self.nodes[i as usize]);
        SearchResult {
            best: best_node.and_then(|n| n.step),
            iterations: done,
            tree_bytes: self.tree_bytes(),
            value: best_node.map_or(0.0, node_value),
            children,
            seat_values: best.map_or_else(Vec::new, |i| self.seat_values(i)),
            line: best.map_or_else(Vec::new, |i| self.line(i)),
        }
    }
}

/// Where `seat`'s key `key` is in `Tree::seen`, whose rows are `words` words long: the
/// word's index and the bit in it.
fn seen_at(words: usize, seat: Seat, key: u32) -> (usize, u8) {
    (seat * words + key as usize / 64, (key % 64) as u8)
}

/// `node` was just proven; mark its ancestors that follow from it.
fn prove_upwards<S>(nodes: &mut [Node<S>], mut node: usize) {
    loop {
        let parent = nodes[node].parent;
        if parent == NO_PARENT {
            return;
        }
        let parent = parent as usize;
        if nodes[parent].proven.is_some() {
            return;
        }
        let (winner, mover) = (nodes[node].proven().expect("proven"), nodes[node].mover());
        let p = &nodes[parent];
        let proven = if winner == mover {
            // The seat to move at `parent` (the child's mover) can step into a win.
            Some(winner)
        } else if p.fully_expanded()
            && p.children
                .iter()
                .all(|c| nodes[c.node as usize].proven() == Some(winner))
        {
            Some(winner)
        } else {
            None
        };
        match proven {
            Some(w) => {
                nodes[parent].proven = Some(w as u8);
                node = parent;
            }
            None => return,
        }
    }
}

/// Plays steps from `state` and writes each seat's reward in [0, 1]. With a `trail` (at
/// least `playout_cap` long), records the mover and key of each step that has one and
/// returns how many it recorded.
fn playout<G: SearchHints>(
    state: &mut G,
    config: &SearchConfig,
    rng: &mut Rng,
    buf: &mut Vec<G::Step>,
    rewards: &mut [f64],
    trail: Option<&mut [(Seat, u32)]>,
) -> usize {
    let policy = if config.plain_playouts {
        StepPolicy::Uniform
    } else {
        StepPolicy::Playout
    };
    let recorded = state.play_out(rng, buf, config.playout_cap, policy, trail);
    match state.outcome() {
        Some(Outcome::Winner(w)) => {
            for (seat, r) in rewards.iter_mut().enumerate() {
                *r = if seat == w { 1.0 } else { 0.0 };
            }
        }
        Some(Outcome::Draw) => rewards.fill(1.0 / rewards.len() as f64),
        None if config.plain_evaluation => rewards.fill(1.0 / rewards.len() as f64),
        None => state.evaluate(rewards),
    }
    recorded
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{merlins_chain, unravel};

    /// A tree that reaches its bound has most of it in use, by nodes and their lists: the
    /// node array grows by half of what still fits once doubling no longer does, where
    /// doubling alone stopped with up to half the bound unused.
    #[test]
    fn a_full_tree_uses_most_of_its_memory_bound() {
        let start = unravel::Position::new(&unravel::Options::with_size(8)).unwrap();
        for bound in [1 << 20, 3 << 19, 5 << 19, 3 << 20] {
            let config = SearchConfig {
                max_tree_bytes: bound,
                ..Default::default()
            };
            let mut tree = Tree::new(&start, &config);
            let mut rng = Rng::new(5);
            while tree.has_room() {
                tree.iterate(&start, &mut rng);
            }
            let node_bytes = tree.nodes.len() * std::mem::size_of::<Node<unravel::Step>>();
            let used = (node_bytes + tree.list_bytes) as f64 / bound as f64;
            assert!((0.75..1.01).contains(&used), "{used:.3} of {bound} bytes");
        }
    }

    /// Every visit to a node with children goes on to one of them (a node's first visit is
    /// its own playout), also once the tree is full: a node that kept its visits would be
    /// scored by its own playouts, and its children's values would stop counting.
    #[test]
    fn a_full_tree_still_sends_every_visit_on_to_a_child() {
        let start = merlins_chain::Position::new(&merlins_chain::Options::default()).unwrap();
        let config = SearchConfig {
            iterations: 3000,
            widening: 2.0,
            max_tree_bytes: 100_000,
            ..Default::default()
        };
        let mut tree = Tree::new(&start, &config);
        let mut rng = Rng::new(3);
        for _ in 0..config.iterations {
            tree.iterate(&start, &mut rng);
        }
        assert!(!tree.has_room());
        let mut inner = 0;
        for (i, n) in tree.nodes.iter().enumerate() {
            if n.children.is_empty() || n.proven.is_some() {
                continue;
            }
            inner += 1;
            let below: u32 = n
                .children
                .iter()
                .map(|c| tree.nodes[c.node as usize].visits)
                .sum();
            let own = u32::from(i != 0);
            assert_eq!(n.visits, own + below, "node {i}");
        }
        assert!(inner > 10, "{inner} nodes with children");
    }
}
