//! The plain data a board view is drawn from, serialised to JS as is.

use super::{Color, Describe, Outcome, PieceKind, Seat, Side, StepKind};
use crate::geometry::hex::HexDir;
use serde::Serialize;

/// The board's geometry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Shape {
    /// `width` files by `height` ranks; cell index = rank * width + file (a1 = 0).
    Square { width: usize, height: usize },
    /// Hex-of-hex with `side` cells a side; cells indexed in cell order (bottom row first).
    Hex { side: usize },
}

/// One piece on a cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
pub struct PieceView {
    pub color: Color,
    pub kind: PieceKind,
    /// The number on a Merlin's Chain tile.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(not(target_arch = "wasm32"), ts(optional))]
    pub label: Option<String>,
}

/// A board side coloured by whose goal it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
pub struct SideView {
    /// Square: top, bottom, left, right. Hex: N, NE, SE, S, SW, NW.
    pub side: Side,
    /// The colour of the player (or colours, for Unlur's two goals) the side matters to.
    pub color: Color,
}

/// A seat as the page shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
pub struct PlayerView {
    /// "Red", "Purple", "First player" (Unlur before the contract ends), ...
    pub name: String,
    /// The colour the page draws for this seat.
    pub color: Color,
}

/// How one step is made on the board. The UI matches clicks against these.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
pub struct StepView {
    /// Canonical step text.
    pub text: String,
    pub kind: StepKind,
    /// Cells involved, in the order a player would click them: place `[cell]`; swap `[a, b]`;
    /// flip `[cell]`; move `[from, to]`; wall `[a, b]` (the edge between); ring `[cell]`;
    /// asterisk `[cell, first cell in the direction (if on the board)]`.
    pub cells: Vec<usize>,
    /// Asterisk direction.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(not(target_arch = "wasm32"), ts(optional))]
    pub dir: Option<HexDir>,
    /// Merlin's Chain: the number of the piece flipped.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(not(target_arch = "wasm32"), ts(optional))]
    pub piece: Option<u32>,
}

/// Everything needed to draw a position.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct BoardView {
    pub shape: Shape,
    /// Cell names in cell order ("a1", ...).
    pub cells: Vec<String>,
    /// The piece on each cell, in cell order.
    pub pieces: Vec<Option<PieceView>>,
    /// Hex edges holding a wall, as pairs of cell indices (lower first).
    pub walls: Vec<[usize; 2]>,
    /// Sides coloured by goal.
    pub sides: Vec<SideView>,
    pub players: Vec<PlayerView>,
    /// The seat to move; None once the game is over.
    pub to_move: Option<Seat>,
    pub outcome: Option<Outcome>,
    /// What the current step asks of the player, or how the game ended.
    pub prompt: String,
    /// Cells to outline: pending crosscuts.
    pub marked: Vec<usize>,
    /// Cells to highlight: the winning path or group.
    pub highlight: Vec<usize>,
    /// Extra facts to show beside the board, as label/value pairs ("Walls left", "12").
    pub facts: Vec<(String, String)>,
    /// Cells whose piece was lifted earlier in this turn and is to be put back elsewhere
    /// (Scattercut's re-placements): drawn as a ghost ring in the mover's colour.
    pub lifted: Vec<usize>,
}

/// A win threatened in one step (see `Describe::threat`): the cells and a sentence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
pub struct Threat {
    pub text: String,
    pub cells: Vec<usize>,
}

#[cfg(any(feature = "study", not(target_arch = "wasm32")))]
impl Threat {
    /// The cells among `cells` where `place(cell)`, played in `as_mover` (the position with
    /// `seat` to move), wins the game for `seat` at once.
    pub fn winning_cells<G: crate::game::Game>(
        as_mover: &G,
        seat: crate::game::Seat,
        cells: impl Iterator<Item = usize>,
        place: impl Fn(usize) -> G::Step,
    ) -> Vec<usize> {
        cells
            .filter(|&c| {
                let mut p = as_mover.clone();
                p.play(place(c));
                p.outcome() == Some(crate::game::Outcome::Winner(seat))
            })
            .collect()
    }

    /// The threat of `who` reaching `goal` ("to join its top and bottom sides") with one
    /// `piece` on any of `cells` (named by `name`); None when there is none.
    pub fn of_cells(
        who: &str,
        goal: &str,
        piece: &str,
        cells: Vec<usize>,
        name: impl Fn(usize) -> String,
    ) -> Option<Threat> {
        let names: Vec<String> = cells.iter().map(|&c| name(c)).collect();
        let text = match names.as_slice() {
            [] => return None,
            [one] => format!("{who} threatens {goal} with a {piece} on {one}."),
            [rest @ .., last] => format!(
                "{who} threatens {goal} with a {piece} on {} or {last}: one {piece} cannot \
                 block them all.",
                rest.join(", ")
            ),
        };
        Some(Threat { text, cells })
    }
}

/// How the page and the widget present the position beyond the board itself: the words
/// and pieces that differ from game to game, so that the JS holds no game knowledge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Presentation {
    /// The piece a click on an empty cell would put down (hover preview), if any.
    pub preview: Option<PieceView>,
    /// The words on the pass button ("Pass", "Pass and take Black").
    pub pass_label: &'static str,
    /// Said below the result once the game is over ("The united group is highlighted.").
    pub highlight_note: Option<String>,
    /// For each kind of two-click step legal now: what its second click asks.
    pub then: std::collections::BTreeMap<StepKind, &'static str>,
    /// Once the game is over: why it ended so, for a newcomer (`Describe::outcome_reason`).
    /// This and `threat` are left out of the play module (always null there): the page
    /// asks the study module (`explain_position`).
    pub reason: Option<String>,
    /// While it goes on: the win the seat that moved last threatens (`Describe::threat`), which
    /// the seat to move must stop.
    pub threat: Option<Threat>,
}

impl Presentation {
    /// The presentation of `game` with its view and legal steps.
    pub fn of<G: Describe>(game: &G, view: &BoardView, legal: &[StepView]) -> Presentation {
        let over = view.outcome.is_some();
        let mut then = std::collections::BTreeMap::new();
        for step in legal {
            if let Some(text) = game.then_prompt(step.kind) {
                then.insert(step.kind, text);
            }
        }
        Presentation {
            preview: if over { None } else { game.placement_piece() },
            pass_label: game.pass_label(),
            highlight_note: (over && !view.highlight.is_empty())
                .then(|| format!("The {} is highlighted.", game.highlight_name())),
            then,
            reason: if over { game.outcome_reason() } else { None },
            threat: match view.to_move {
                Some(seat) if game.players() == 2 => game.threat(1 - seat),
                _ => None,
            },
        }
    }
}
