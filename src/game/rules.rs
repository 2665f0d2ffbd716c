//! The rules trait every engine implements, and perft over it.

use super::{Error, Seat};
use crate::rng::Rng;
use serde::Serialize;
use std::fmt;

#[cfg(doc)]
use super::{Describe, KeyHasher, SearchHints};

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
#[serde(tag = "kind", content = "seat", rename_all = "lowercase")]
pub enum Outcome {
    Winner(Seat),
    Draw,
}

/// A rules engine's position: everything needed to go on playing, and nothing else. What
/// a player sees and reads of it is [`Describe`]; what the searches ask of it beyond the
/// rules is [`SearchHints`].
///
/// The step text stays here, not in a trait of its own: records, links and the command line
/// store steps as text, and reading a step judges it (`parse_step`'s errors are the rules'
/// verdicts). Each engine writes and reads it in its `notation.rs`.
///
/// Positions are cheap to clone; search and undo work by cloning.
pub trait Game: Clone + fmt::Debug {
    /// One step, in the engine's compact form. Two steps with different text are different.
    type Step: Copy + Eq + fmt::Debug;

    /// Number of seats (2, or 3 in a three-player Unity game).
    fn players(&self) -> usize;

    /// The seat whose step it is now (meaningless once the game is over).
    fn to_move(&self) -> Seat;

    /// Appends the legal steps now to `out` (which it does not clear). None once the game is over.
    fn legal_steps(&self, out: &mut Vec<Self::Step>);

    /// Plays a step that `legal_steps` listed. Anything else is a caller bug.
    fn play(&mut self, step: Self::Step);

    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// The canonical text of a step (docs/RULES.md, "Step text").
    fn step_text(&self, step: Self::Step) -> String;

    /// Reads a step's text and checks it is legal now; an error says what is wrong
    /// ("c4 is occupied", "17 cannot go on c3: column c could no longer ascend").
    fn parse_step(&self, text: &str) -> Result<Self::Step, Error>;

    /// A uniformly random legal step (None once the game is over). The default is exactly
    /// the step `rng.choose` picks from the list `legal_steps` makes, listed into `buf`
    /// (scratch space). An engine may find the step without listing (random games and
    /// playouts call this at every step), drawing the same numbers for the same step (Unlur,
    /// Unravel, Scattercut) or other numbers for the same distribution (Unity and Merlin's
    /// Chain, by rejection).
    fn random_step(&self, rng: &mut Rng, buf: &mut Vec<Self::Step>) -> Option<Self::Step> {
        buf.clear();
        self.legal_steps(buf);
        rng.choose(buf).copied()
    }

    /// Whether the last step brought back a position this same turn already had (by the
    /// same mover's steps alone): Unravel's swap chains can loop (docs/RULES.md, "Unravel").
    /// Such a step is legal but gains the mover nothing, so the searches count it as the
    /// mover's worst result and the computer never plays it while it has another step.
    /// The default: never.
    fn repeats_within_turn(&self) -> bool {
        false
    }

    /// Whether playing `step` now would bring back a position of this turn (see
    /// [`Game::repeats_within_turn`]), found without playing it. The default: never.
    fn brings_back(&self, step: Self::Step) -> bool {
        let _ = step;
        false
    }

    /// A key for a transposition table: equal for the same position (same pieces, same
    /// seat to move, same stage of a multi-step turn), and different for different
    /// positions but for a negligible chance (a 128-bit hash, [`KeyHasher`]). Each engine
    /// hashes its own state, every part of it that decides what may happen next.
    fn position_key(&self) -> u128;

    /// Steps that are legal now, as a fresh vector.
    fn legal_step_list(&self) -> Vec<Self::Step> {
        let mut out = Vec::new();
        self.legal_steps(&mut out);
        out
    }

    /// Parses and plays one step.
    fn play_text(&mut self, text: &str) -> Result<Self::Step, Error> {
        let step = self.parse_step(text)?;
        self.play(step);
        Ok(step)
    }
}

/// The number of step sequences of length `depth` from `game` (docs/RULES.md, "perft").
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    // One step list per depth, reused at every node, so perft measures the rules rather
    // than the allocator (a fresh list per node made native perft 1.1-3.3 times slower).
    let mut lists: Vec<Vec<G::Step>> = (0..depth).map(|_| Vec::new()).collect();
    perft_with(game, &mut lists)
}

/// Perft to depth `lists.len()`, listing each depth's steps into its own buffer.
fn perft_with<G: Game>(game: &G, lists: &mut [Vec<G::Step>]) -> u64 {
    let Some((list, deeper)) = lists.split_first_mut() else {
        return 1;
    };
    list.clear();
    game.legal_steps(list);
    if deeper.is_empty() {
        return list.len() as u64;
    }
    let mut leaves = 0;
    for &step in list.iter() {
        let mut next = game.clone();
        next.play(step);
        leaves += perft_with(&next, deeper);
    }
    leaves
}
