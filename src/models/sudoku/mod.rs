//! The Sudoku model: the rules' regions over a puzzle's grid, turned into engine variables and
//! all-different propagators; and the rule check (duplicates in a region) used on givens and on
//! every solution.

mod check;
mod geometry;
mod killer_sums;
mod model;
mod network;
mod shared_values;
mod tuning;

pub use check::*;
pub use geometry::*;
pub(crate) use killer_sums::*;
pub use model::*;
pub(crate) use network::*;
use shared_values::*;
pub use tuning::Tuning;
