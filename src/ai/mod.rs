//! The computer opponent: a Monte Carlo tree search over any game, and the players a match
//! or the page can ask for a step.

pub mod analyse;
pub mod levels;
pub mod mcts;
pub mod number;
pub mod solve;
#[cfg(not(target_arch = "wasm32"))]
pub mod train;

use crate::game::{shorten, Error, Game, Outcome, SearchHints};
use crate::games::{AnyGame, GameKind};
use crate::rng::Rng;
use crate::with_game;
pub use mcts::{search, SearchConfig, SearchResult};

const NO_TUNING: Tuning = Tuning {
    plain_playouts: false,
    plain_evaluation: false,
    no_solver: false,
    playout_cap: None,
    exploration: None,
    rave_exploration: None,
    no_rave: false,
    rave_k: None,
    temperature: None,
    min_iterations: None,
    widening: None,
    prior_visits: None,
    no_order: false,
};

/// Who chooses the steps for a seat.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PlayerSpec {
    /// A uniformly random legal step.
    Random,
    /// Monte Carlo tree search, bounded by iterations or by thinking time per step.
    Mcts {
        iterations: u32,
        seconds: Option<f64>,
        tuning: Tuning,
    },
}

/// Departures from the default search, for measuring one change against another with
/// `ludus match` (written after the player: `medium/plain`, `mcts:2000/cap=60/c=0.7`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tuning {
    /// `plain`: uniform random playouts instead of the engine's playout policy.
    pub plain_playouts: bool,
    /// `noeval`: capped playouts count as equal chances instead of the engine's evaluation.
    pub plain_evaluation: bool,
    /// `nosolver`: no proven wins and losses in the tree.
    pub no_solver: bool,
    /// `cap=N`: steps a playout may take.
    pub playout_cap: Option<u32>,
    /// `c=X`: the UCT exploration constant (with or without RAVE).
    pub exploration: Option<f64>,
    /// `rc=X`: the exploration constant in games searched with RAVE only (after `c=`).
    pub rave_exploration: Option<f64>,
    /// `norave`: no RAVE values.
    pub no_rave: bool,
    /// `k=X`: the RAVE equivalence constant.
    pub rave_k: Option<f64>,
    /// `temp=X`: instead of the most visited step, play a root step drawn with weight
    /// visits^(1/X), so a weaker level still plays steps its search found good.
    pub temperature: Option<f64>,
    /// `min=N`: a time-limited search runs at least N iterations however long they take,
    /// so a slow machine (or the page's slower wasm) never makes the level weaker than N.
    pub min_iterations: Option<u32>,
    /// `pw=X`: progressive widening constant (0 = off) instead of the game's default
    /// (`SearchTuning::widening` in the game's description: on only where it measurably
    /// helped, docs/AI.md).
    pub widening: Option<f64>,
    /// `prior=N`: the playouts a learned prior counts as (0 = none) instead of
    /// [`mcts::PRIOR_VISITS`].
    pub prior_visits: Option<u32>,
    /// `noorder`: expand a node's steps shuffled instead of in the engine's learned order.
    pub no_order: bool,
}

impl Tuning {
    /// `base` with the settings in `parts` applied on top (a level's own settings stay).
    fn parse(base: Tuning, parts: &[&str]) -> Result<Tuning, Error> {
        let mut t = base;
        for part in parts {
            match *part {
                "plain" => t.plain_playouts = true,
                "noeval" => t.plain_evaluation = true,
                "nosolver" => t.no_solver = true,
                "norave" => t.no_rave = true,
                "noorder" => t.no_order = true,
                _ => {
                    let bad = || {
                        Error::options(format!(
                            "{:?} is not a search setting: use plain, noeval, nosolver, norave, noorder, cap=N, c=X, rc=X, k=X, temp=X, min=N, pw=X or prior=N",
                            shorten(part)
                        ))
                    };
                    let (key, value) = part.split_once('=').ok_or_else(bad)?;
                    match key {
                        "cap" => {
                            t.playout_cap =
                                Some(value.parse().ok().filter(|&n| n > 0).ok_or_else(bad)?)
                        }
                        "prior" => t.prior_visits = Some(value.parse().ok().ok_or_else(bad)?),
                        "min" => {
                            t.min_iterations =
                                Some(value.parse().ok().filter(|&n| n > 0).ok_or_else(bad)?)
                        }
                        "temp" => {
                            t.temperature = Some(
                                number::parse_f64(value)
                                    .filter(|x: &f64| x.is_finite() && *x > 0.0 && *x <= 100.0)
                                    .ok_or_else(bad)?,
                            )
                        }
                        "pw" => {
                            t.widening = Some(
                                number::parse_f64(value)
                                    .filter(|x: &f64| x.is_finite() && *x >= 0.0 && *x <= 1e6)
                                    .ok_or_else(bad)?,
                            )
                        }
                        "k" => {
                            t.rave_k = Some(
                                number::parse_f64(value)
                                    .filter(|x: &f64| x.is_finite() && *x > 0.0)
                                    .ok_or_else(bad)?,
                            )
                        }
                        "c" | "rc" => {
                            let c = Some(
                                number::parse_f64(value)
                                    .filter(|x: &f64| x.is_finite() && *x >= 0.0)
                                    .ok_or_else(bad)?,
                            );
                            if key == "c" {
                                t.exploration = c;
                            } else {
                                t.rave_exploration = c;
                            }
                        }
                        _ => return Err(bad()),
                    }
                }
            }
        }
        Ok(t)
    }

    fn suffix(&self) -> String {
        let mut s = String::new();
        if self.plain_playouts {
            s.push_str("/plain");
        }
        if self.plain_evaluation {
            s.push_str("/noeval");
        }
        if self.no_solver {
            s.push_str("/nosolver");
        }
        if self.no_rave {
            s.push_str("/norave");
        }
        if self.no_order {
            s.push_str("/noorder");
        }
        if let Some(n) = self.playout_cap {
            s.push_str(&format!("/cap={n}"));
        }
        if let Some(c) = self.exploration {
            s.push_str(&format!("/c={c}"));
        }
        if let Some(c) = self.rave_exploration {
            s.push_str(&format!("/rc={c}"));
        }
        if let Some(k) = self.rave_k {
            s.push_str(&format!("/k={k}"));
        }
        if let Some(t) = self.temperature {
            s.push_str(&format!("/temp={t}"));
        }
        if let Some(n) = self.min_iterations {
            s.push_str(&format!("/min={n}"));
        }
        if let Some(w) = self.widening {
            s.push_str(&format!("/pw={w}"));
        }
        if let Some(n) = self.prior_visits {
            s.push_str(&format!("/prior={n}"));
        }
        s
    }

    /// The search settings for `iterations` in `kind` (the game decides the default
    /// progressive widening and playout length).
    pub fn config_for(&self, kind: GameKind, iterations: u32) -> SearchConfig {
        let game = kind.search_tuning();
        let config = self.config(iterations);
        SearchConfig {
            widening: self.widening.unwrap_or(game.widening),
            playout_cap: (self.playout_cap.or(game.playout_cap)).unwrap_or(config.playout_cap),
            ..config
        }
    }

    /// The search settings for `iterations`, without a game's own defaults.
    pub fn config(&self, iterations: u32) -> SearchConfig {
        let d = SearchConfig::default();
        SearchConfig {
            iterations,
            min_iterations: self.min_iterations.unwrap_or(0).min(iterations),
            playout_cap: self.playout_cap.unwrap_or(d.playout_cap),
            exploration: self.exploration.unwrap_or(d.exploration),
            rave_exploration: self
                .rave_exploration
                .or(self.exploration)
                .unwrap_or(d.rave_exploration),
            plain_playouts: self.plain_playouts,
            plain_evaluation: self.plain_evaluation,
            solver: !self.no_solver,
            rave: !self.no_rave,
            rave_k: self.rave_k.unwrap_or(d.rave_k),
            max_tree_bytes: d.max_tree_bytes,
            widening: self.widening.unwrap_or(d.widening),
            prior_visits: self.prior_visits.unwrap_or(d.prior_visits),
            ordered: !self.no_order,
        }
    }
}

impl PlayerSpec {
    /// Reads `random`, `mcts:ITERATIONS`, `mcts:SECONDSs` (e.g. `mcts:0.2s`), or the id of
    /// one of the page's levels ([`levels::LEVELS`]) as it plays in most games.
    /// Search settings may follow, each after a `/` (see [`Tuning`]).
    pub fn parse(text: &str) -> Result<PlayerSpec, Error> {
        PlayerSpec::parse_with(text, None)
    }

    /// As [`PlayerSpec::parse`], for a game of `kind`: a level id is the level's spec in
    /// that game ([`levels::Level::player_in`]).
    pub fn parse_in(text: &str, kind: GameKind) -> Result<PlayerSpec, Error> {
        PlayerSpec::parse_with(text, Some(kind))
    }

    fn parse_with(text: &str, kind: Option<GameKind>) -> Result<PlayerSpec, Error> {
        let mut parts = text.trim().split('/').map(str::trim);
        let text = parts.next().unwrap_or("");
        let tuning_parts: Vec<&str> = parts.collect();
        let spec = PlayerSpec::parse_base(text, kind)?;
        if tuning_parts.is_empty() {
            return Ok(spec);
        }
        match spec {
            PlayerSpec::Random => Err(Error::options("a random player takes no search settings")),
            PlayerSpec::Mcts {
                iterations,
                seconds,
                tuning,
            } => Ok(PlayerSpec::Mcts {
                iterations,
                seconds,
                tuning: Tuning::parse(tuning, &tuning_parts)?,
            }),
        }
    }

    fn parse_base(text: &str, kind: Option<GameKind>) -> Result<PlayerSpec, Error> {
        match text {
            "random" => return Ok(PlayerSpec::Random),
            // The names of the levels before the ladder: still read (settings and scripts
            // written with them), named nowhere a user reads.
            "quick" => return PlayerSpec::parse_base("mcts:0.2s", None),
            "normal" => return PlayerSpec::parse_base("mcts:1s", None),
            "strong" => return PlayerSpec::parse_base("mcts:4s", None),
            _ => {}
        }
        if let Some(level) = levels::level(text) {
            return PlayerSpec::parse(kind.map_or(level.player, |k| level.player_in(k)));
        }
        let bad = || {
            let ids: Vec<&str> = levels::LEVELS.iter().map(|l| l.id).collect();
            Error::options(format!(
                "{:?} is not a player: use random, a level ({}), mcts:ITERATIONS or mcts:SECONDSs",
                shorten(text),
                ids.join(", ")
            ))
        };
        let arg = text.strip_prefix("mcts:").ok_or_else(bad)?.trim();
        if let Some(secs) = arg.strip_suffix('s') {
            let seconds = number::parse_f64(secs.trim()).ok_or_else(bad)?;
            if !(seconds > 0.0 && seconds <= 3600.0) {
                return Err(Error::options(
                    "thinking time must be more than 0 and at most 3600 seconds",
                ));
            }
            return Ok(PlayerSpec::Mcts {
                iterations: u32::MAX,
                seconds: Some(seconds),
                tuning: NO_TUNING,
            });
        }
        match arg.parse::<u32>() {
            Ok(n) if n > 0 => Ok(PlayerSpec::Mcts {
                iterations: n,
                seconds: None,
                tuning: NO_TUNING,
            }),
            _ => Err(bad()),
        }
    }

    pub fn name(&self) -> String {
        match *self {
            PlayerSpec::Random => "random".into(),
            PlayerSpec::Mcts {
                seconds: Some(s),
                tuning,
                ..
            } => format!("mcts:{s}s{}", tuning.suffix()),
            PlayerSpec::Mcts {
                iterations, tuning, ..
            } => format!("mcts:{iterations}{}", tuning.suffix()),
        }
    }
}

/// What a computer player chose.
#[derive(Clone, Debug)]
pub struct Choice {
    pub step: String,
    pub iterations: u32,
    /// The mover's estimated chance of winning (0.5 for a random player).
    pub value: f64,
}

/// Chooses a step for the seat to move. `now` is a clock in seconds (the web layer passes
/// the browser's); None if the game is over.
pub fn choose_step(
    game: &AnyGame,
    player: &PlayerSpec,
    rng: &mut Rng,
    now: &dyn Fn() -> f64,
) -> Option<Choice> {
    with_game!(game, g => {
        let mut steps = g.legal_step_list();
        // A step that brings back a position of the same turn (an Unravel loop) gains
        // nothing: never chosen while another step remains.
        if steps.iter().any(|&s| g.brings_back(s)) && !steps.iter().all(|&s| g.brings_back(s)) {
            steps.retain(|&s| !g.brings_back(s));
        }
        let only = match steps.len() {
            0 => return None,
            1 => Some(steps[0]),
            _ => None,
        };
        let known = match player {
            PlayerSpec::Mcts { tuning, .. } if only.is_none() && tuning.temperature.is_none() => g.known_step(),
            _ => None,
        };
        if let Some((step, value)) = known {
            return Some(Choice { step: g.step_text(step), iterations: 0, value });
        }
        match (*player, only) {
            (_, Some(step)) => Some(Choice { step: g.step_text(step), iterations: 0, value: 0.5 }),
            (PlayerSpec::Random, None) => {
                let step = *rng.choose(&steps)?;
                Some(Choice { step: g.step_text(step), iterations: 0, value: 0.5 })
            }
            (PlayerSpec::Mcts { iterations, seconds, tuning }, None) => {
                let config = tuning.config_for(game.kind(), iterations);
                let deadline = seconds.map(|s| now() + s);
                let mut stop = || deadline.is_some_and(|d| now() >= d);
                let mut result = search(g, &config, rng, &mut stop);
                // Lost by force: every step loses against best play, and which of them the
                // solver proved first says nothing. Play for the opponent's mistakes
                // instead: the rest of the budget searches without the solver, whose
                // values are the chances against imperfect play (a threat blocked, not a
                // stone anywhere).
                if config.solver && lost_by_force(&result, g.to_move(), g.legal_step_list().len()) {
                    let plain = SearchConfig { solver: false, ..config };
                    let used = result.iterations;
                    result = search(g, &plain, rng, &mut stop);
                    result.iterations += used;
                }
                let step = match tuning.temperature {
                    Some(t) => sample_step(g, &result, t, rng),
                    None => result.best,
                }?;
                Some(Choice { step: g.step_text(step), iterations: result.iterations, value: result.value })
            }
        }
    })
}

/// The search `player` runs from `game`, run even where the game's knowledge settles the
/// step without one (Unlur's contract): its iterations, for the benchmarks, which time the
/// search itself. 0 for a random player or a finished game.
pub fn search_iterations(
    game: &AnyGame,
    player: &PlayerSpec,
    rng: &mut Rng,
    now: &dyn Fn() -> f64,
) -> u32 {
    let PlayerSpec::Mcts {
        iterations,
        seconds,
        tuning,
    } = *player
    else {
        return 0;
    };
    with_game!(game, g => {
        if g.outcome().is_some() {
            return 0;
        }
        let config = tuning.config_for(game.kind(), iterations);
        let deadline = seconds.map(|s| now() + s);
        let mut stop = || deadline.is_some_and(|d| now() >= d);
        search(g, &config, rng, &mut stop).iterations
    })
}

/// Whether the search proved that every one of the `legal` steps of `mover` loses.
fn lost_by_force<S>(result: &SearchResult<S>, mover: crate::game::Seat, legal: usize) -> bool {
    result.children.len() == legal
        && result
            .children
            .iter()
            .all(|c| c.proven.is_some_and(|winner| winner != mover))
}

/// A root step drawn with weight visits^(1/temperature), for the weaker levels: a proven
/// win is always taken and a proven loss avoided while another step remains, so the noise
/// only chooses among steps the search thinks playable. A drawn step after which the next
/// seat (another than the mover) has a step that wins at once is put back and another
/// drawn, while any is left: a short search seldom proves such a step lost (it must
/// expand that very reply), and leaving an open win reads as a blunder, not as weak play.
fn sample_step<G: Game>(
    game: &G,
    result: &SearchResult<G::Step>,
    temperature: f64,
    rng: &mut Rng,
) -> Option<G::Step> {
    let children = &result.children;
    if let Some(win) = children
        .iter()
        .find(|c| c.proven.is_some_and(|_| c.value == 1.0))
    {
        return Some(win.step);
    }
    let playable: Vec<_> = children
        .iter()
        .filter(|c| c.value > 0.0 || c.proven.is_none())
        .collect();
    let mut pool = if playable.is_empty() {
        children.iter().collect()
    } else {
        playable
    };
    let mut weights: Vec<f64> = pool
        .iter()
        .map(|c| (c.visits as f64).powf(1.0 / temperature))
        .collect();
    while !pool.is_empty() {
        let total: f64 = weights.iter().sum();
        if !(total > 0.0 && total.is_finite()) {
            return result.best;
        }
        let mut pick = rng.unit() * total;
        let mut drawn = pool.len() - 1;
        for (i, w) in weights.iter().enumerate() {
            if pick < *w {
                drawn = i;
                break;
            }
            pick -= w;
        }
        let step = pool[drawn].step;
        if !hands_a_win(game, step) {
            return Some(step);
        }
        pool.swap_remove(drawn);
        weights.swap_remove(drawn);
    }
    result.best
}

/// Whether after `step` the seat to move next, another than the mover, has a step that
/// wins the game at once (a step that leaves the mover on move, within a multi-step turn,
/// is not looked past).
fn hands_a_win<G: Game>(game: &G, step: G::Step) -> bool {
    let mut after = game.clone();
    after.play(step);
    let next = after.to_move();
    if after.outcome().is_some() || next == game.to_move() {
        return false;
    }
    after.legal_step_list().into_iter().any(|reply| {
        let mut g = after.clone();
        g.play(reply);
        g.outcome() == Some(Outcome::Winner(next))
    })
}

/// The Wilson score interval (95%) for `wins` out of `n` games, as `ludus match` prints it.
pub fn wilson(wins: f64, n: f64) -> (f64, f64) {
    if n == 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.96f64;
    let p = wins / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}
