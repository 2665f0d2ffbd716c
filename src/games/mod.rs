//! The five games: one module each.
pub mod merlins_chain;
