//! What Ludus tells about Unity (see [`About`]).

use super::layout::LAYOUT_CHARS;
use crate::games::about::About;

pub const ABOUT: About = About {
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
