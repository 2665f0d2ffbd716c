//! The five games: one module each.

pub mod unity;
pub mod unlur;
pub mod unravel;
