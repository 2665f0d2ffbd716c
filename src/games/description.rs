//! One declaration per game: everything Ludus knows about a game besides its rules engine
//! (what it tells about it, its lessons and puzzles, how the computer searches it), as
//! `pub const GAME: GameDescription` in `src/games/<game>/about.rs`. The list of games in
//! `src/games/mod.rs` names each game's module once; the game kinds, the dispatch over
//! positions and every list of games (the command line's, the page's `games()`, the lessons,
//! the puzzles, the computer's levels) are derived from it.

use super::about::About;
use super::lesson::{Lesson, RulePoint};

/// One game, as Ludus describes it.
#[derive(Debug)]
pub struct GameDescription {
    /// Whether the rules can end the game in a draw (Unity's endless passing, Merlin's
    /// Chain with no chain): only then do players online offer each other a draw.
    pub draws: bool,
    /// The name used on the command line, in records and in URLs.
    pub name: &'static str,
    /// What Ludus tells about the game: title, designer, rules, help, options.
    pub about: About,
    /// The game's lessons, in teaching order (`src/games/<game>/lessons.rs`).
    pub lessons: &'static [Lesson],
    /// Every point of the game's rules, which its lessons cover between them.
    pub rule_points: &'static [RulePoint],
    /// The shipped puzzles, one JSON object a line, as `ludus puzzles generate` printed
    /// them (`src/games/<game>/puzzles.jsonl`).
    pub puzzles: &'static str,
    /// How `ludus puzzles generate` makes the game's puzzles.
    pub puzzle_plan: PuzzlePlan,
    /// How the computer searches the game where it departs from the general search.
    pub search: SearchTuning,
}

/// How the computer searches one game, where the game departs from the general search
/// (docs/AI.md has the matches that measured each departure).
#[derive(Clone, Copy, Debug)]
pub struct SearchTuning {
    /// The progressive widening constant the game is searched with by default (0: off).
    pub widening: f64,
    /// The steps a playout takes before the game's evaluation scores it, where the game
    /// has one worth stopping for (None: `SearchConfig`'s default, in effect to the end).
    pub playout_cap: Option<u32>,
    /// The levels (`ai::levels::LEVELS`, by id) that play another player spec in this
    /// game: a search's strength grows with its budget at a different pace in each game,
    /// and the ladder's steps must show in each.
    pub levels: &'static [(&'static str, &'static str)],
}

/// The search of a game that departs from the general search nowhere.
pub const GENERAL_SEARCH: SearchTuning = SearchTuning {
    widening: 0.0,
    playout_cap: None,
    levels: &[],
};

/// How the puzzles of one game are made (`ludus puzzles generate`, docs/PUZZLES.md).
#[derive(Clone, Copy, Debug)]
pub struct PuzzlePlan {
    /// The board sizes the games are played on, in turn (none: the game's only board):
    /// the smaller sizes each game offers, where the solver settles positions a few turns
    /// from the end within its budget.
    pub sizes: &'static [u32],
    /// The longest win a puzzle asks for, in the learner's turns.
    pub max_turns: u8,
    /// Turn starts looked at in each game, counted back from its end.
    pub scan: usize,
    /// The default budget of each search, in positions.
    pub nodes: u64,
    /// Every game lasts the same number of steps: any defence holds out as long.
    pub fixed_length: bool,
    /// The players of the games: game `g` is played by `levels[g % n]` (first seat)
    /// against `levels[(g / n) % n]`.
    pub levels: &'static [&'static str],
}

/// The levels that play the games most puzzles come from, the two weakest: their games are
/// quick, and they leave wins and losses standing until late.
pub const PUZZLE_LEVELS: &[&str] = &["beginner", "easy"];

/// The plan of a connection game on a square or hex board of a few sizes.
pub const fn small_board_puzzles(sizes: &'static [u32]) -> PuzzlePlan {
    PuzzlePlan {
        sizes,
        max_turns: 4,
        scan: 20,
        nodes: 50_000,
        fixed_length: false,
        levels: PUZZLE_LEVELS,
    }
}
