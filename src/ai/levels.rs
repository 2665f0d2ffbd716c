//! The computer's levels as the page offers them: each is a name for an engine player
//! (`PlayerSpec::parse` reads the level ids too). The page lists these through the wasm
//! export `levels()`, so this is the one list of levels.

/// One level of the computer opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// The name the page saves and the engine reads ("normal").
    pub id: &'static str,
    /// How the page names it ("Normal").
    pub label: &'static str,
    /// A few words on what it means for the user ("about 1 s a step").
    pub blurb: &'static str,
    /// The engine player it stands for (`mcts:1s`), as `PlayerSpec::parse` reads it.
    pub player: &'static str,
}

/// The levels, weakest first.
pub const LEVELS: &[Level] = &[
    Level {
        id: "quick",
        label: "Quick",
        blurb: "about 0.2 s a step",
        player: "mcts:0.2s",
    },
    Level {
        id: "normal",
        label: "Normal",
        blurb: "about 1 s a step",
        player: "mcts:1s",
    },
    Level {
        id: "strong",
        label: "Strong",
        blurb: "about 4 s a step",
        player: "mcts:4s",
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
