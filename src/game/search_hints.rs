//! What the searches (`src/ai/`) ask of an engine beyond its rules.

use super::{Game, Seat};
use crate::rng::Rng;

/// How the steps of a random game or a playout are picked ([`SearchHints::play_out`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepPolicy {
    /// Uniform over the legal steps ([`Game::random_step`]).
    Uniform,
    /// The engine's playout policy ([`SearchHints::playout_step`]).
    Playout,
}

/// Hints that make the searches stronger or faster without changing what is legal:
/// playouts, their cut-off estimate, RAVE keys and the solver's symmetric key. Every
/// default is neutral (uniform playouts, no estimate, no RAVE, no symmetry), so an engine
/// that gives none is still searched correctly.
pub trait SearchHints: Game {
    /// A step for a Monte Carlo playout (None once the game is over, which is how
    /// [`SearchHints::play_out`] knows it ended). The default is [`Game::random_step`],
    /// uniform over the legal steps; an engine may bias it towards strong steps (captures,
    /// connections) where that is measured to play better. `buf` is scratch space.
    fn playout_step(&self, rng: &mut Rng, buf: &mut Vec<Self::Step>) -> Option<Self::Step> {
        self.random_step(rng, buf)
    }

    /// Plays steps picked by `policy` until the game ends or `cap` steps have been played.
    /// With a `trail` (at least `cap` long), records the mover and RAVE key of each step
    /// that has a key ([`SearchHints::rave_key`]); returns how many it recorded.
    ///
    /// One call per random game or playout, so that an engine whose position wraps several
    /// board forms (Unlur) picks its form once a game, not at every step.
    #[inline]
    fn play_out(
        &mut self,
        rng: &mut Rng,
        buf: &mut Vec<Self::Step>,
        cap: u32,
        policy: StepPolicy,
        mut trail: Option<&mut [(Seat, u32)]>,
    ) -> usize {
        let mut recorded = 0;
        for _ in 0..cap {
            let step = match policy {
                StepPolicy::Uniform => self.random_step(rng, buf),
                StepPolicy::Playout => self.playout_step(rng, buf),
            };
            let Some(step) = step else { break };
            if let Some(t) = trail.as_deref_mut() {
                if let Some(k) = self.rave_key(step) {
                    t[recorded] = (self.to_move(), k as u32);
                    recorded += 1;
                }
            }
            self.play(step);
        }
        recorded
    }

    /// A step the game's learned knowledge settles without a search, with the mover's
    /// chance after it, for the players that play their best (not the weak levels, which
    /// draw among searched steps). None, the default: search. Unlur's contract is one
    /// (`src/games/unlur/contract.rs`).
    fn known_step(&self) -> Option<(Self::Step, f64)> {
        None
    }

    /// The mover's chance after `step` as the game's learned knowledge rates it before any
    /// search; None (the default) for no opinion. A search with RAVE counts it as
    /// `SearchConfig::prior_visits` playouts in the step's RAVE value, so it steers a new
    /// node's first visits and fades as the node's own playouts come in.
    fn prior(&self, step: Self::Step) -> Option<f64> {
        let _ = step;
        None
    }

    /// Orders a node's untried `steps` (all its legal steps) for the search, which expands
    /// them from the last one back; under progressive widening only the last few of a big
    /// list are ever tried. The default shuffles them: every step is as likely to be first.
    /// An engine with learned knowledge of which steps are strong may put those last.
    fn order_untried(&self, steps: &mut [Self::Step], rng: &mut Rng) {
        rng.shuffle(steps);
    }

    /// For a playout cut short: fills `chances` (one entry per seat) with each seat's
    /// estimated chance in [0, 1] to win from here, all at once so that an engine computes
    /// what the seats share only once. The default knows nothing: every seat equally likely.
    fn evaluate(&self, chances: &mut [f64]) {
        chances.fill(1.0 / chances.len() as f64);
    }

    /// For RAVE (all-moves-as-first) statistics in the search: how many step keys there are;
    /// 0 (the default) turns RAVE off for the game.
    fn rave_keys(&self) -> usize {
        0
    }

    /// The key of `step` (below `rave_keys`), the same for steps that do the same thing
    /// wherever they are played (a placement on a cell); None for steps without one.
    fn rave_key(&self, step: Self::Step) -> Option<usize> {
        let _ = step;
        None
    }

    /// The keys the exact solver's history heuristic orders steps by (a step whose key cut
    /// searches off before is tried early): the RAVE keys by default; 0 turns the heuristic
    /// off for a game whose keys order its steps worse than the list does.
    fn history_keys(&self) -> usize {
        self.rave_keys()
    }

    /// A key shared by a position and its images under the symmetries of the game's rules
    /// (the board turned or mirrored where nothing in the rules tells the two apart), so
    /// that they share one entry in the solver's table: they have the same result with best
    /// play. The default is [`Game::position_key`] (no symmetry used).
    fn canonical_key(&self) -> u128 {
        self.position_key()
    }
}
