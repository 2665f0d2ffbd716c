//! The computer's levels, weakest first, as the page offers them.
//!
//! The lower levels are bounded by iterations, so their strength does not depend on the
//! machine; the weakest two (but easy in Unity) also draw their step among the good ones
//! (`temp=`) instead of always taking the best, which makes them beatable without making
//! them blunder at random.
//! The top level thinks for a fixed time, the strongest play in a reasonable wait, but never
//! fewer iterations than a floor above the level below, so it stays the stronger one on a
//! slow machine.
//! docs/AI.md has the matches that measured each level against the one below.
//!
//! The page lists these through the wasm export `levels()`, so this is the one list of
//! levels, and `PlayerSpec::parse` reads the level ids. A level is one spec in every game
//! except where the game's description lists its own (`SearchTuning::levels` in
//! `src/games/<game>/about.rs`).

use crate::games::GameKind;

/// One level of the computer opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// The name a record or a player spec uses ("beginner").
    pub id: &'static str,
    /// The name the page shows ("Beginner").
    pub label: &'static str,
    /// One sentence for the page about how this level plays.
    pub blurb: &'static str,
    /// The player spec [`crate::ai::PlayerSpec::parse`] reads, in every game whose
    /// description gives this level no spec of its own.
    pub player: &'static str,
}

impl Level {
    /// The player spec of this level in `kind`: the game's own, if its description
    /// lists one (`SearchTuning::levels`).
    pub fn player_in(&self, kind: GameKind) -> &'static str {
        kind.search_tuning()
            .levels
            .iter()
            .find(|(id, _)| *id == self.id)
            .map_or(self.player, |&(_, player)| player)
    }
}

/// The ladder, weakest first. Each step was measured against the one below in every game
/// (docs/AI.md, "Decisions that stand"): the weak levels draw among the searched steps
/// rather than play at random, and expert never searches less than twice hard.
pub const LEVELS: &[Level] = &[
    Level {
        id: "beginner",
        label: "Beginner",
        blurb: "Looks a little ahead and often picks a good step rather than the best: for your first games.",
        player: "mcts:200/temp=0.5",
    },
    Level {
        id: "easy",
        label: "Easy",
        blurb: "Sees simple threats and mostly plays the step it likes best.",
        player: "mcts:1000/temp=0.6",
    },
    Level {
        id: "medium",
        label: "Medium",
        blurb: "Always plays the best step it finds in a short search.",
        player: "mcts:4000",
    },
    Level {
        id: "hard",
        label: "Hard",
        blurb: "A search many times longer: a real opponent for experienced players.",
        player: "mcts:24000",
    },
    Level {
        id: "expert",
        label: "Expert",
        blurb: "The strongest this machine can play: four seconds of thought a step, longer on a slow machine.",
        player: "mcts:4s/min=48000",
    },
];

/// The level a new user gets: the middle one.
pub fn default_level() -> &'static Level {
    &LEVELS[LEVELS.len() / 2]
}

/// The level with this id.
pub fn level(id: &str) -> Option<&'static Level> {
    LEVELS.iter().find(|l| l.id == id)
}
