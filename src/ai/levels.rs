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
//! except where a game's own spec is listed (`per_game`): a search's strength grows with
//! its budget at a different pace in each game, and the ladder's steps must show in each.

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
    /// The player spec [`crate::ai::PlayerSpec::parse`] reads, in every game not in
    /// `per_game`.
    pub player: &'static str,
    /// Games in which this level plays another spec (docs/AI.md says why).
    pub per_game: &'static [(GameKind, &'static str)],
}

impl Level {
    /// The player spec of this level in `kind`.
    pub fn player_in(&self, kind: GameKind) -> &'static str {
        self.per_game
            .iter()
            .find(|(k, _)| *k == kind)
            .map_or(self.player, |&(_, player)| player)
    }
}

/// The ladder, weakest first.
pub const LEVELS: &[Level] = &[
    Level {
        id: "beginner",
        label: "Beginner",
        blurb: "Looks a little ahead and often picks a good step rather than the best: for your first games.",
        // temp=0.5, not 1: at temp=1 the draw was close to uniform over the root's steps,
        // and beginner lost to random play in 3 of 40 Scattercut games and 4 of 40 Unlur
        // games (0 and 1 at 0.5). Merlin's Chain and Unity punish a loose draw harder: there
        // random play won 1 game in 7 to 10 at temp=0.5 or 1, by stumbling on a win the
        // beginner had left standing (Unity: a seat that can unite its pieces in one step,
        // turn after turn). So both draw at 0.25 (visits^4), Unity from 400 iterations
        // (docs/AI.md).
        player: "mcts:200/temp=0.5",
        per_game: &[
            (GameKind::MerlinsChain, "mcts:200/temp=0.25"),
            (GameKind::Unity, "mcts:400/temp=0.25"),
        ],
    },
    Level {
        id: "easy",
        label: "Easy",
        blurb: "Sees simple threats and mostly plays the step it likes best.",
        // 0.6, not 0.3: with RAVE exploration 0.3 the visits concentrate, and at 0.3 easy
        // played almost like a plain 1000-iteration search (medium won only 20 of 30 Unravel).
        player: "mcts:1000/temp=0.6",
        // Merlin's Chain and Unity: at temp=0.6 easy lost to the beginner above (12 of 30
        // and 8 of 40 won), so it draws closer to its best step there.
        per_game: &[
            (GameKind::MerlinsChain, "mcts:1000/temp=0.25"),
            (GameKind::Unity, "mcts:1000"),
        ],
    },
    Level {
        id: "medium",
        label: "Medium",
        blurb: "Always plays the best step it finds in a short search.",
        player: "mcts:4000",
        // Scattercut's search gains strength slowly with its budget: hard (24,000) beat a
        // 4000-iteration medium only 51 of 80, a 2000-iteration one 31 of 40, and that
        // medium still beats easy 30 of 30. Unity: see hard (docs/AI.md).
        per_game: &[
            (GameKind::Scattercut, "mcts:2000"),
            (GameKind::Unity, "mcts:2000"),
        ],
    },
    Level {
        id: "hard",
        label: "Hard",
        blurb: "A search many times longer: a real opponent for experienced players.",
        // 24,000, not 16,000: at 16,000 hard beat medium only 51 of 80 in Unravel (63.7%),
        // at 24,000 67 of 80 (docs/AI.md).
        player: "mcts:24000",
        // Unity's games are short and tactical: from a random setup, 24,000 iterations
        // already find the win of whichever seat has one, so expert beat that hard only 9 of
        // 16 (in 7 of 8 setups the same seat won both games). 8000 beats a 2000-iteration
        // medium 26 of 30 and loses to expert 23 of 32 (docs/AI.md).
        per_game: &[(GameKind::Unity, "mcts:8000")],
    },
    Level {
        id: "expert",
        label: "Expert",
        blurb: "The strongest this machine can play: four seconds of thought a step, longer on a slow machine.",
        // At least twice hard's iterations: in Merlin's Chain and Unity 4 s can be fewer
        // than hard's 24,000 iterations on a loaded machine or in the page's wasm (docs/AI.md).
        player: "mcts:4s/min=48000",
        per_game: &[],
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
