//! Unlur as Ludus describes it (see [`GameDescription`]): what Ludus tells about it (see
//! [`About`]), its lessons and puzzles, and how the computer searches it.

use crate::games::about::About;
use crate::games::description::{small_board_puzzles, GameDescription, SearchTuning};

/// Unlur, as Ludus describes it.
pub const GAME: GameDescription = GameDescription {
    draws: false,
    name: "unlur",
    about: ABOUT,
    lessons: super::lessons::LESSONS,
    rule_points: super::lessons::RULE_POINTS,
    puzzles: include_str!("puzzles.jsonl"),
    puzzle_plan: small_board_puzzles(&[4, 5]),
    search: SEARCH,
};

/// After the contract a node has some 60 to 90 placements: widened, it searches the ones its
/// learned placement order puts first instead of every one once (docs/AI.md, "Unlur's
/// placement order"). The beginner searches as before, every placement in random order:
/// with the order it came too close to easy (39 of 60).
const SEARCH: SearchTuning = SearchTuning {
    widening: 1.0,
    playout_cap: None,
    levels: &[("beginner", "mcts:200/temp=0.5/noorder/pw=0")],
};

const ABOUT: About = About {
    title: "Unlur",
    designer: "Jorge Gomez Arrausi",
    rules: &[
        "Unlur is a connection game with two different goals. White wins by linking two opposite sides of the board with a chain of white stones. Black wins by linking three sides that are not next to each other (a Y). Corner cells belong to both of their sides.",
        "It starts with a contract phase: both players take turns putting black stones on inner cells (not on the edge). Instead of placing, a player may pass; whoever passes plays Black from then on, and the other player takes White and moves next. After that, each places stones of their own colour on any empty cell.",
        "If your placement completes your own goal you win, even if it completes your opponent's too; if it only completes your opponent's goal, you lose.",
    ],
    board_help: "Click an empty cell to place. During the contract phase the Pass button takes Black.",
    keyboard: None,
    options: super::OPTIONS,
    layout: &[],
    form_rules: None,
};
