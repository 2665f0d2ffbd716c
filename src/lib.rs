//! Ludus: rules engines for Unravel, Scattercut, Unity (Unified Edition), Merlin's Chain and
//! Unlur, a game-generic computer opponent, and the thin WebAssembly layer the page calls.
//!
//! Modules:
//! - `game`: the traits every rules engine implements (`Game` the rules, `Describe` what a
//!   player sees and reads, `SearchHints` what the search asks beyond the rules), and the
//!   board views.
//! - `geometry`: square and hex boards.
//! - `games`: one module per game (its engine and its one declaration, `GAME`), the list
//!   of games and the dispatch over them (`GameKind`, `AnyGame`).
//! - `options`: game options as `key=value` text.
//! - `session`: a game being played (every line tried, notes, a cursor) and its record.
//! - `ai`: the computer opponent (search, levels, analysis, solver).
//! - `views`: the plain data the page receives.
//! - `animation`: a game as an animated GIF.
//! - `rng`, `bits`, `work`: a seeded random generator, bit-set helpers, counts of costly work.
//! - `server` (native only): `ludus serve`, live play between people (docs/ONLINE.md).
//! - `wasm` (wasm only): the exports the page calls.

pub mod ai;
pub mod animation;
pub mod bits;
pub mod game;
pub mod games;
pub mod geometry;
pub mod options;
pub mod rng;
#[cfg(not(target_arch = "wasm32"))]
pub mod server;
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
