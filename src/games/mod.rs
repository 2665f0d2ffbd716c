//! The five games: one module each.

pub mod unlur;
pub mod unravel;
