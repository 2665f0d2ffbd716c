//! The interface every rules engine implements, and perft over it.

use super::{BoardView, Error, KeyHasher, PieceView, Seat, StepKind, StepView, Threat};
use crate::rng::Rng;
use serde::Serialize;
use std::fmt;

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
#[serde(tag = "kind", content = "seat", rename_all = "lowercase")]
pub enum Outcome {
    Winner(Seat),
    Draw,
}

/// How the steps of a random game or a playout are picked ([`Game::play_out`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepPolicy {
    /// Uniform over the legal steps ([`Game::random_step`]).
    Uniform,
    /// The engine's playout policy ([`Game::playout_step`]).
    Playout,
}

/// A rules engine's position: everything needed to go on playing.
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

    /// How a step is made on the board, for the UI and for marking the last turn.
    fn step_view(&self, step: Self::Step) -> StepView;

    /// Everything needed to draw the position.
    fn view(&self) -> BoardView;

    /// The view shown after `previous` (the view of the position before the last step):
    /// the same as `view` but where a game has a free choice of how to draw the position
    /// (Merlin's Chain's grey tiles), which it makes close to what was on screen.
    fn view_after(&self, previous: &BoardView) -> BoardView {
        let _ = previous;
        self.view()
    }

    /// Whether `view_after` depends on the view before (so that a game's views must be made
    /// one from the other, in order); false when it is plain `view`.
    fn view_follows_previous(&self) -> bool {
        false
    }

    /// Why a click on `cell` makes no step, where the step texts' own errors would not say
    /// it well (a click on a piece that cannot start a step); None (the default) to let
    /// them.
    fn explain_cell(&self, cell: usize) -> Option<String> {
        let _ = cell;
        None
    }

    /// Why the game ended as it did, in words a newcomer reads (the rule that decided it and
    /// the pieces that show it), beyond the prompt's bare result; None while the game goes
    /// on, and by default.
    fn outcome_reason(&self) -> Option<String> {
        None
    }

    /// A step (its canonical text) in words a person reads ("the ring on e9 fires"); by
    /// default the text itself, where it reads well already ("c3").
    fn step_words(&self, text: &str) -> String {
        text.to_string()
    }

    /// What `seat` threatens while the game goes on: the cells where one step of its own
    /// would win at once, and a sentence saying so; None where it threatens nothing that
    /// simple, and by default.
    fn threat(&self, seat: Seat) -> Option<Threat> {
        let _ = seat;
        None
    }

    /// The piece a placement puts down now, for the board's hover preview; None (the
    /// default) where the steps do not put pieces on empty cells.
    fn placement_piece(&self) -> Option<PieceView> {
        None
    }

    /// The words on the pass button, when a pass is legal.
    fn pass_label(&self) -> &'static str {
        "Pass"
    }

    /// What `view().highlight` shows once the game is over.
    fn highlight_name(&self) -> &'static str {
        "winning connection"
    }

    /// What the second click of a two-click step of `kind` asks, once its first cell is
    /// picked; None for steps made in one click. `{piece}` stands for the piece picked.
    fn then_prompt(&self, kind: StepKind) -> Option<&'static str> {
        match kind {
            StepKind::Place | StepKind::Replace | StepKind::Pass | StepKind::Wall => None,
            _ => Some("Now click where it goes."),
        }
    }

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

    /// A step for a Monte Carlo playout (None once the game is over, which is how
    /// [`Game::play_out`] knows it ended). The default is [`Game::random_step`], uniform over
    /// the legal steps; an engine may bias it towards strong steps (captures, connections)
    /// where that is measured to play better. `buf` is scratch space.
    fn playout_step(&self, rng: &mut Rng, buf: &mut Vec<Self::Step>) -> Option<Self::Step> {
        self.random_step(rng, buf)
    }

    /// Plays steps picked by `policy` until the game ends or `cap` steps have been played.
    /// With a `trail` (at least `cap` long), records the mover and RAVE key of each step
    /// that has a key ([`Game::rave_key`]); returns how many it recorded.
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

    /// For a playout cut short: an estimate in [0, 1] of `seat`'s chance to win from here.
    /// The default knows nothing and says every seat is equally likely.
    fn evaluate(&self, seat: Seat) -> f64 {
        let _ = seat;
        1.0 / self.players() as f64
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

    /// A key for a transposition table: equal for the same position (same pieces, same
    /// seat to move, same stage of a multi-step turn), and different for different
    /// positions but for a negligible chance (a 128-bit hash).
    ///
    /// The default hashes the `Debug` text, because every engine's `Debug` prints its
    /// whole state (stage of the turn included), whereas the board view does not always
    /// (Unravel's completers, Scattercut's stones still to re-place). A position reached
    /// by two paths may print differently (a cached union–find, a step count): that only
    /// costs the table a hit. An engine whose `Debug` leaves state out must override this.
    fn position_key(&self) -> u128 {
        let mut hasher = KeyHasher::new();
        // Writing into the hasher cannot fail.
        let _ = fmt::Write::write_fmt(&mut hasher, format_args!("{self:?}"));
        hasher.finish()
    }

    /// A key shared by a position and its images under the symmetries of the game's rules
    /// (the board turned or mirrored where nothing in the rules tells the two apart), so
    /// that they share one entry in the solver's table: they have the same result with best
    /// play. The default is `position_key` (no symmetry used).
    fn canonical_key(&self) -> u128 {
        self.position_key()
    }

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
