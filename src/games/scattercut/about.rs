//! Scattercut as Ludus describes it (see [`GameDescription`]): what Ludus tells about it (see
//! [`About`]), its lessons and puzzles, and how the computer searches it.

use crate::games::about::About;
use crate::games::description::{
    small_board_puzzles, GameDescription, PuzzlePlan, SearchTuning, GENERAL_SEARCH,
};
use crate::games::red_blue::OPTIONS;

/// Scattercut, as Ludus describes it.
pub const GAME: GameDescription = GameDescription {
    draws: false,
    name: "scattercut",
    about: ABOUT,
    lessons: super::lessons::LESSONS,
    rule_points: super::lessons::RULE_POINTS,
    puzzles: include_str!("puzzles.jsonl"),
    puzzle_plan: PLAN,
    search: SEARCH,
};

/// Lost stones make long games, and few positions have exactly one winning placement: the
/// 4x4 board gives the most puzzles for the time.
const PLAN: PuzzlePlan = small_board_puzzles(&[4, 5]);

/// Scattercut's search gains strength slowly with its budget: medium searches less, so that
/// hard stays well above it and it stays well above easy.
const SEARCH: SearchTuning = SearchTuning {
    levels: &[("medium", "mcts:2000")],
    ..GENERAL_SEARCH
};

const ABOUT: About = About {
    title: "Scattercut",
    designer: "Mark Steere",
    rules: &[
        "Red and Blue take turns placing one stone of their colour on an empty square, Red first; passing is not allowed. Red joins top and bottom, Blue joins left and right, with stones touching side to side.",
        "If your new stone forms crosscuts (2×2 blocks with two stones of each colour on the diagonals), lift your own stone that sits diagonally across from the new one in each of them. Then put the lifted stones back on the board one at a time, each on an empty square where it makes no crosscut, re-placing as many as you possibly can. Stones that cannot be re-placed leave the game.",
        "A connection only wins if it is still there when your turn is complete.",
    ],
    board_help: "Click an empty square to place. When stones must be re-placed, the squares where the next one may go are dotted.",
    keyboard: None,
    options: OPTIONS,
    layout: &[],
    form_rules: None,
};
