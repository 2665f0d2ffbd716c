//! What Mark Steere's two square connection games share: Red (seat 0) joins the top and
//! bottom sides, Blue (seat 1) the left and right.

use crate::game::{PlayerView, Seat, SideView};
use crate::geometry::square::{Axis, SquareGrid};
use crate::options::SizeOptions;

/// Both are played on `n × n` boards, 3 ≤ n ≤ 19, 8 by default (RULES-NOTES.md).
pub const MIN_SIZE: usize = 3;
pub const MAX_SIZE: usize = 19;
pub const DEFAULT_SIZE: usize = 8;
pub const OPTION_KEYS: &[&str] = Options::KEYS;

/// The only option is the board size.
pub type Options = SizeOptions<MIN_SIZE, MAX_SIZE, DEFAULT_SIZE>;

pub const NAMES: [&str; 2] = ["Red", "Blue"];
pub const COLORS: [&str; 2] = ["red", "blue"];

/// The sides a seat joins.
pub fn axis(seat: Seat) -> Axis {
    if seat == 0 {
        Axis::BottomTop
    } else {
        Axis::LeftRight
    }
}

/// A shortest path of `seat`'s pieces joining its sides (`own` says which cells hold them).
pub fn winning_path(
    grid: &SquareGrid,
    seat: Seat,
    own: impl Fn(usize) -> bool,
) -> Option<Vec<usize>> {
    grid.side_to_side_path(axis(seat), own)
}

/// The board's sides coloured by goal.
pub fn sides() -> Vec<SideView> {
    [("top", 0), ("bottom", 0), ("left", 1), ("right", 1)]
        .into_iter()
        .map(|(side, seat)| SideView {
            side,
            color: COLORS[seat],
        })
        .collect()
}

pub fn players() -> Vec<PlayerView> {
    (0..2)
        .map(|seat| PlayerView {
            name: NAMES[seat].to_string(),
            color: COLORS[seat],
        })
        .collect()
}
