//! Merlin's Chain as Ludus describes it (see [`GameDescription`]): what Ludus tells about it (see
//! [`About`]), its lessons and puzzles, and how the computer searches it.

use super::Position;
use crate::game::{BoardView, Color, StepKind, StepView};
use crate::games::about::{About, ClickHelp};
use crate::games::description::{GameDescription, PuzzlePlan, SearchTuning};

/// Merlin's Chain, as Ludus describes it.
pub const GAME: GameDescription = GameDescription {
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

/// A flip takes two clicks, the tile (or a number from the tray) and then the cell.
impl ClickHelp for Position {
    fn pair_click(
        &self,
        view: &BoardView,
        legal: &[StepView],
        a: usize,
        b: usize,
    ) -> Option<Result<String, String>> {
        if !has_flips(legal) {
            return None;
        }
        let (from, to) = (&view.cells[a], &view.cells[b]);
        Some(
            match view.pieces[a].as_ref().and_then(|p| p.label.as_deref()) {
                Some(tile) => Ok(format!("{tile}@{to}")),
                None => Err(format!("{from} holds no tile to play on {to}.")),
            },
        )
    }

    fn pick_hint(&self, view: &BoardView, legal: &[StepView], cell: usize) -> Option<String> {
        if !has_flips(legal) {
            return None;
        }
        let mover = view.to_move.and_then(|seat| view.players.get(seat));
        let mover_name = mover.map_or("the player to move", |p| p.name.as_str());
        Some(match view.pieces[cell].as_ref() {
            Some(p) if p.color != Color::Grey => format!(
                "Tile {} is already played. Pick one of your grey tiles, or a number from the tray.",
                p.label.as_deref().unwrap_or("")
            ),
            _ => format!(
                "Pick one of {mover_name}'s grey tiles (or a number from the tray), then the cell to play it on."
            ),
        })
    }
}

fn has_flips(legal: &[StepView]) -> bool {
    legal.iter().any(|s| s.kind == StepKind::Flip)
}
