//! Puzzle models on top of the engine: puzzles as data, rule files, and the Sudoku model.

pub mod puzzle;
pub mod rules;
pub mod sudoku;

pub use puzzle::{Cage, MAX_SIZE, Puzzle, Symbols};
pub use rules::{RegionKind, Rules};
