//! Unity as Ludus describes it (see [`GameDescription`]): what Ludus tells about it (see
//! [`About`]), its lessons and puzzles, and how the computer searches it.

use super::layout::LAYOUT_CHARS;
use crate::games::about::About;
use crate::games::description::{GameDescription, PuzzlePlan, SearchTuning, PUZZLE_LEVELS};

/// Unity, as Ludus describes it.
pub const GAME: GameDescription = GameDescription {
    draws: true,
    name: "unity",
    about: ABOUT,
    lessons: super::lessons::LESSONS,
    rule_points: super::lessons::RULE_POINTS,
    puzzles: include_str!("puzzles.jsonl"),
    puzzle_plan: PLAN,
    search: SEARCH,
};

/// Hundreds of steps a turn: a wrong step is proved lost only when the opponent then wins at
/// once or nearly, so the puzzles are wins this turn.
const PLAN: PuzzlePlan = PuzzlePlan {
    sizes: &[],
    max_turns: 1,
    scan: 40,
    nodes: 2_000,
    fixed_length: false,
    levels: PUZZLE_LEVELS,
};

/// Unity's games are short and tactical: a long search already finds the win of whichever
/// seat has one, so the ladder sits lower, and the weak levels draw closer to their best
/// step, as random play punishes a loose draw here. With the learned step order (widened,
/// `order.rs`) a search of 1000 iterations already does, so levels that all used it would
/// not differ: the four below expert search without it.
const SEARCH: SearchTuning = SearchTuning {
    widening: 1.0,
    playout_cap: None,
    levels: &[
        ("beginner", "mcts:400/temp=0.25/noorder/pw=0"),
        ("easy", "mcts:1000/noorder/pw=0"),
        ("medium", "mcts:2000/noorder/pw=0"),
        ("hard", "mcts:8000/noorder/pw=0"),
    ],
};

const ABOUT: About = About {
    title: "Unity, Unified Edition",
    designer: "Néstor Romeral Andrés",
    rules: &[
        "Purple, Orange and Green pieces (rings and asterisks) start spread over a hexagonal board with a single empty space. With two players, one colour is neutral and never moves. Purple starts, then Orange, then Green, skipping the neutral colour.",
        "On your turn do one thing. Slide one of your pieces in a straight line to an empty space, hopping over any pieces but never across a wall. Or place a wall on an empty edge between two spaces (two walls in a three-player game) while the supply lasts; walls stay for good. Or capture: a ring removes every piece on the six spaces around it, and an asterisk every piece along one of its six lines up to a wall or the edge, friend and foe alike, and the capturing piece goes too. Walls shield what lies behind them. A capture may never wipe out all of a player's pieces.",
        "After every turn, anyone whose pieces all form one connected group (a wall cuts a connection) wins. If several players manage it at once, the largest group wins; if still tied, the player who moved most recently.",
    ],
    board_help: "Click a piece, then an empty space to slide it. Click a ring, then Fire, to fire it (a second click on a piece lets go of it); click an asterisk, then one of the arrows around it. Click between two spaces to place a wall.",
    keyboard: Some(
        "1 to 6 (NE, E, SE, SW, W, NW) fire a selected asterisk, or put a wall on that side of the cell",
    ),
    options: super::OPTIONS,
    layout: &LAYOUT_CHARS,
    form_rules: Some(super::form_rules),
};
