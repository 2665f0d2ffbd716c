//! Ludus: rules engines for Unravel, Scattercut, Unity (Unified Edition), Merlin's Chain and
//! Unlur, a game-generic computer opponent, and the thin WebAssembly layer the page calls.
//!
//! Layout: `game` (the traits every engine implements: rules, presentation, search hints), `geometry` (square and hex
//! boards), `games` (one module per game, and dispatch over them).

pub mod ai;
pub mod animation;
pub mod bits;
pub mod game;
pub mod games;
pub mod geometry;
pub mod options;
pub mod rng;
pub mod session;
pub mod views;
pub mod work;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

// The speed measurements behind the wasm study module's `bench` export (scripts/bench.sh);
// the `ludus` tool compiles the same file for `ludus bench`. Not part of the library's API.
#[cfg(all(target_arch = "wasm32", feature = "study"))]
#[path = "bin/ludus/bench.rs"]
mod bench;

pub use game::{
    perft, BoardView, Describe, Error, ErrorKind, Game, Outcome, SearchHints, Seat, StepView,
};
pub use options::OptionMap;
