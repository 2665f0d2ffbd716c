//! Unlur's placement order: which empty cells the search expands first after the contract.
//! A cell's shape is what its six neighbours hold, seen by the mover (`replies.rs`: the same
//! shapes, images under the hexagon's twelve symmetries sharing one weight, a table per
//! colour); self-play (`ludus train unlur --learn priors`) counts, at every placement after
//! the contract, each empty cell's shape (offered) and the one placed on (chosen), and the
//! search expands the shapes chosen most often first (`LearnedOrder`,
//! `src/games/replies.rs`). The weights it wrote are `priors.txt`, beside this file.

use super::replies::SHAPE_SET;
use crate::games::replies::{Learned, LearnedOrder};

/// The shipped weights; until read, and when set aside for training, cells are shuffled.
pub static LEARNED: Learned = Learned::new(&SHAPE_SET, include_str!("priors.txt"));

/// The search's order for a placement after the contract.
pub static ORDER: LearnedOrder = LearnedOrder::new(&LEARNED);
