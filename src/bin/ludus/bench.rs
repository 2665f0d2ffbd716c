//! The speed measurements behind `ludus bench` and its wasm counterpart (`scripts/bench.sh`):
//! one piece of code, compiled natively and to wasm, so the two columns of the table measure
//! exactly the same work. The caller passes the clock (seconds, any origin), which is all
//! that differs between the platforms.

use crate::ai::{search_iterations, PlayerSpec};
use crate::game::{Error, SearchHints, StepPolicy};
use crate::games::{AnyGame, GameKind};
use crate::options::OptionMap;
use crate::rng::Rng;
use crate::with_game;

/// Speeds from one game's start position (default options), each the median over the runs.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Figures {
    /// Leaf steps counted by `perft` per second, at the deepest depth that fits the budget.
    pub perft_steps: f64,
    /// Whole games per second, each step uniform over the legal ones (`Game::random_step`).
    pub uniform_games: f64,
    /// Whole games per second, each step from `SearchHints::playout_step`: the search's playouts
    /// (without their step cap).
    pub playouts: f64,
    /// Search iterations per second (`mcts` with a time limit).
    pub mcts_iterations: f64,
}

/// A game that has not ended after this many steps is stopped (no game here comes close;
/// the bound only keeps a rules bug from hanging the benchmark).
const STEP_LIMIT: u32 = 20_000;

/// Measures `kind` from its start: `runs` rounds, each spending about `seconds` over the four
/// measurements; returns the medians.
pub fn measure(
    kind: GameKind,
    seconds: f64,
    runs: u32,
    now: &dyn Fn() -> f64,
) -> Result<Figures, Error> {
    let (start, _) = AnyGame::new(kind, &OptionMap::new())?;
    let budget = seconds / 4.0;
    let mut rounds = Vec::new();
    for run in 0..runs.max(1) {
        let mut rng = Rng::new(1 + run as u64);
        rounds.push(Figures {
            perft_steps: perft_rate(&start, budget, now),
            uniform_games: games_rate(&start, budget, now, &mut rng, StepPolicy::Uniform),
            playouts: games_rate(&start, budget, now, &mut rng, StepPolicy::Playout),
            mcts_iterations: mcts_rate(&start, budget, now, &mut rng)?,
        });
    }
    let median = |field: fn(&Figures) -> f64| {
        let mut v: Vec<f64> = rounds.iter().map(field).collect();
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    Ok(Figures {
        perft_steps: median(|f| f.perft_steps),
        uniform_games: median(|f| f.uniform_games),
        playouts: median(|f| f.playouts),
        mcts_iterations: median(|f| f.mcts_iterations),
    })
}

/// Leaves a perft measurement aims at: the depth is the deepest whose leaf count is predicted
/// (from the last branching factor) to stay below it. Chosen by count, not by time, so that
/// native and wasm, and the runs before and after a change, count the same perft.
const PERFT_LEAVES: u64 = 4_000_000;

/// Perft leaves per second at the depth `PERFT_LEAVES` sets, repeated until the budget is
/// spent (at least once). The deepening is not timed.
fn perft_rate(start: &AnyGame, budget: f64, now: &dyn Fn() -> f64) -> f64 {
    let mut depth = 1;
    let (mut previous, mut leaves) = (1u64, start.perft(1));
    while depth < 12 && leaves > 0 {
        let branching = leaves as f64 / previous.max(1) as f64;
        if leaves as f64 * branching.max(1.0) > PERFT_LEAVES as f64 {
            break;
        }
        depth += 1;
        previous = leaves;
        leaves = start.perft(depth);
    }
    let (mut counted, mut elapsed) = (0u64, 0.0);
    while counted == 0 || elapsed < budget {
        let t = now();
        counted += start.perft(depth).max(1);
        elapsed += now() - t;
    }
    counted as f64 / elapsed.max(1e-9)
}

/// Games played between two readings of the clock. Read after every game, the clock was
/// part of what was measured: 3–4% of Unlur's uniform games, natively and in wasm (where a
/// reading is a call out to JavaScript). The slowest game (Merlin's Chain, about 25 µs)
/// makes a batch under a millisecond, well inside any budget.
const GAMES_PER_CLOCK_READING: u64 = 32;

/// Whole games per second from `start`, with uniform steps or with the playout policy.
// Some positions are Copy and some are not; `clone` is written once for all five.
#[allow(clippy::clone_on_copy)]
fn games_rate(
    start: &AnyGame,
    budget: f64,
    now: &dyn Fn() -> f64,
    rng: &mut Rng,
    policy: StepPolicy,
) -> f64 {
    with_game!(start, g => {
        let mut buf = Vec::new();
        let t = now();
        let mut games = 0u64;
        loop {
            for _ in 0..GAMES_PER_CLOCK_READING {
                let mut game = g.clone();
                game.play_out(rng, &mut buf, STEP_LIMIT, policy, None);
            }
            games += GAMES_PER_CLOCK_READING;
            let elapsed = now() - t;
            if elapsed >= budget {
                return games as f64 / elapsed.max(1e-9);
            }
        }
    })
}

fn mcts_rate(
    start: &AnyGame,
    budget: f64,
    now: &dyn Fn() -> f64,
    rng: &mut Rng,
) -> Result<f64, Error> {
    let spec = PlayerSpec::parse(&format!("mcts:{budget}s"))?;
    let t = now();
    let iterations = search_iterations(start, &spec, rng, now);
    Ok(iterations as f64 / (now() - t).max(1e-9))
}
