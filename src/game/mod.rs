//! The interface every rules engine implements, and the plain data a board view is drawn from.
//!
//! A *step* is the unit of play (see docs/RULES.md, "Steps"): a turn may take several steps,
//! and the seat to move only changes when the turn's last step is done.
//!
//! Parts: `rules` (the [`Game`] trait: the rules alone, outcomes, perft), `describe` (the
//! [`Describe`] trait: what a player sees and reads), `search_hints` (the [`SearchHints`]
//! trait: what the searches ask beyond the rules), `view` (what a board is drawn
//! from), `vocabulary` (the words of a view as types: colours,
//! kinds of piece and step, sides), `notation` (untrusted text quoted in messages; boards drawn as text), `error`,
//! `hashing` (position keys) and `sort` (short lists). Everything is re-exported here, so
//! callers name `crate::game::X` whatever part it lives in.

mod describe;
mod error;
mod hashing;
mod notation;
mod rules;
mod search_hints;
mod sort;
mod view;
mod vocabulary;

pub use describe::Describe;
pub use error::{Error, ErrorKind};
pub use hashing::KeyHasher;
pub use notation::{diagram_rows, shorten, visible};
pub use rules::{perft, Game, Outcome};
pub use search_hints::{SearchHints, StepPolicy};
pub use sort::{sort_short, sort_short_by_key};
pub use view::{BoardView, PieceView, PlayerView, Presentation, Shape, SideView, StepView, Threat};
pub use vocabulary::{Color, PieceKind, Side, StepKind};

/// A player's seat: 0 moves first (Unity's colours map to seats in turn order).
pub type Seat = usize;
