//! The computer's levels, weakest first, as the page offers them.
//!
//! The lower levels are bounded by iterations, so their strength does not depend on the
//! machine; the weakest two also draw their step among the good ones (`temp=`) instead of
//! always taking the best, which makes them beatable without making them blunder at random.
//! The top level thinks for a fixed time, the strongest play in a reasonable wait, but never
//! fewer iterations than a floor above the level below, so it stays the stronger one on a
//! slow machine.
//! docs/AI.md has the matches that measured each level against the one below.
//!
//! The page lists these through the wasm export `levels()`, so this is the one list of
//! levels, and `PlayerSpec::parse` reads the level ids.

/// One level of the computer opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// The name a record or a player spec uses ("beginner").
    pub id: &'static str,
    /// The name the page shows ("Beginner").
    pub label: &'static str,
    /// One sentence for the page about how this level plays.
    pub blurb: &'static str,
    /// The player spec [`crate::ai::PlayerSpec::parse`] reads.
    pub player: &'static str,
}

/// The ladder, weakest first.
pub const LEVELS: &[Level] = &[
    Level {
        id: "beginner",
        label: "Beginner",
        blurb: "Looks a little ahead and often picks a good step rather than the best: for your first games.",
        player: "mcts:200/temp=1",
    },
    Level {
        id: "easy",
        label: "Easy",
        blurb: "Sees simple threats and mostly plays the step it likes best.",
        // 0.6, not 0.3: with RAVE exploration 0.3 the visits concentrate, and at 0.3 easy
        // played almost like a plain 1000-iteration search (medium won only 20 of 30 Unravel).
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
        blurb: "A search six times longer: a real opponent for experienced players.",
        // 24,000, not 16,000: at 16,000 hard beat medium only 51 of 80 in Unravel (63.7%),
        // at 24,000 31 of 40 (docs/AI.md).
        player: "mcts:24000",
    },
    Level {
        id: "expert",
        label: "Expert",
        blurb: "The strongest this machine can play: four seconds of thought a step, longer on a slow machine.",
        // At least twice hard's iterations: in Merlin's Chain and Unity 4 s can be fewer
        // than hard's 24,000 iterations on a loaded machine or in the page's wasm (docs/AI.md).
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
