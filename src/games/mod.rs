//! The five games: one module each.

pub mod merlins_chain;
pub mod scattercut;
pub mod unity;
pub mod unlur;
pub mod unravel;
