//! Merlin's Chain as Ludus describes it (see [`GameDescription`]): what Ludus tells about it (see
//! [`About`]), its lessons and puzzles, and how the computer searches it.

use crate::games::about::About;
use crate::games::description::{GameDescription, PuzzlePlan, SearchTuning};

/// Merlin's Chain, as Ludus describes it.
pub const GAME: GameDescription = GameDescription {
    draws: true,
    name: "merlins-chain",
    about: ABOUT,
    lessons: super::lessons::LESSONS,
    rule_points: super::lessons::RULE_POINTS,
    puzzles: include_str!("puzzles.jsonl"),
    puzzle_plan: PLAN,
    search: SEARCH,
};

/// A game is decided only when the last tile is flipped, and the last few flips leave little
/// choice: the puzzles start earlier, up to 24 tiles from the end. Games between the levels
/// are decided long before the solver reaches them (the winner's flips nearly all win);
/// random play against itself leaves a close fight late, where one flip alone can win.
const PLAN: PuzzlePlan = PuzzlePlan {
    sizes: &[],
    max_turns: 12,
    scan: 24,
    nodes: 200_000,
    fixed_length: true,
    levels: &["random"],
};

/// Some 1,800 first steps: without progressive widening each gets about two playouts at
/// medium's budget. The weak levels draw closer to their best step, as random play punishes
/// a loose draw here.
const SEARCH: SearchTuning = SearchTuning {
    widening: 2.0,
    playout_cap: None,
    levels: &[
        ("beginner", "mcts:200/temp=0.25"),
        ("easy", "mcts:1000/temp=0.25"),
    ],
};

const ABOUT: About = About {
    title: "Merlin's Chain",
    designer: "Jorge Gomez Arrausi",
    rules: &[
        "Sixty-four numbered tiles fill an 8×8 board, all face down (grey) at first. Green owns the even numbers and moves first; White owns the odd numbers.",
        "On your turn, turn one of your grey tiles face up on any square not already holding a face-up tile. The move is only allowed if the remaining grey tiles could still be shuffled over the other free squares so that every column counts upward from bottom to top. Ludus always shows one such arrangement.",
        "Four face-up tiles of one colour in a row, column or diagonal form a chain, ranked by its highest number. When all 64 are face up, the player with the lowest-ranked chain wins; if nobody has a chain, it is a draw.",
    ],
    board_help: "Click one of your grey tiles (or pick a number from the tray), then the square to play it on; click the tile itself to play it where it lies.",
    keyboard: None,
    options: super::OPTIONS,
    layout: &[],
    form_rules: None,
};
