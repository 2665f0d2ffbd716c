//! Unravel as Ludus describes it (see [`GameDescription`]): what Ludus tells about it (see
//! [`About`]), its lessons and puzzles, and how the computer searches it.

use crate::games::about::About;
use crate::games::description::{small_board_puzzles, GameDescription, SearchTuning};
use crate::games::red_blue::OPTIONS;

/// Unravel, as Ludus describes it.
pub const GAME: GameDescription = GameDescription {
    draws: false,
    name: "unravel",
    about: ABOUT,
    lessons: super::lessons::LESSONS,
    rule_points: super::lessons::RULE_POINTS,
    puzzles: include_str!("puzzles.jsonl"),
    puzzle_plan: small_board_puzzles(&[5, 6]),
    search: SEARCH,
};

/// The beginner expands its placements in random order: with the learned order (`priors.rs`)
/// it came too close to easy (13 of 20). Playouts stop after 10 steps and are scored by the
/// learned evaluation (`eval.rs`) at every level: cheaper, and they judge a near-joined
/// player better than uniform play to the end does (docs/AI.md, "Unravel's evaluation").
const SEARCH: SearchTuning = SearchTuning {
    widening: 0.0,
    playout_cap: Some(10),
    levels: &[("beginner", "mcts:200/temp=0.5/noorder")],
};

const ABOUT: About = About {
    title: "Unravel",
    designer: "Mark Steere",
    rules: &[
        "Red and Blue take turns putting one checker of their colour on an empty square, Red first. Red wants an unbroken chain of red checkers, square to square (not diagonally), from the top edge to the bottom edge; Blue wants the same from left to right.",
        "A crosscut is a 2×2 block holding two red and two blue checkers, each colour on a diagonal. If your placement makes one, you must untangle it at once: swap two side-by-side checkers of opposite colours inside it, but not the checker that completed it. Swaps may make new crosscuts, which you untangle the same way, never moving the checkers that completed them. Your turn ends when the board has no crosscut left.",
        "Wins are checked only when the turn is over. On boards from 5×5 up, the swaps of one turn can bring the board, its crosscuts and the checkers that completed them back to where they were. The rule sheet's note says that never happens, but its rules allow it, and Ludus follows the rules: such a loop gains you nothing, and you can always end the turn instead.",
    ],
    board_help: "Click an empty square to place. While a crosscut is outlined, click one checker and then the one to swap it with; the checkers you may swap are ringed.",
    keyboard: None,
    options: OPTIONS,
    layout: &[],
    form_rules: None,
};
