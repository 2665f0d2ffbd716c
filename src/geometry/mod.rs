//! Board geometries shared by the engines: one file per geometry.

pub mod hex;
pub mod square;

pub use hex::{HexDir, HexGrid, HexSide};
pub use square::SquareGrid;
