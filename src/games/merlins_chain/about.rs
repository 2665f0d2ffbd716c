//! What Ludus tells about Merlin's Chain (see [`About`]).

use crate::games::about::About;

pub const ABOUT: About = About {
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
