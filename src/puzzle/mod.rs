//! Puzzles as data: the grid's size, symbols, givens, pencil marks and cages; the rule files
//! that say which regions hold distinct symbols; the regions themselves; and the rule check,
//! which shares no code with the solvers.

mod check;
mod data;
mod error;
mod geometry;
mod global_rules;
mod rule_constraints;
mod rules;

pub use crate::constraints::{Constraint, PairKind, entropy_class};
pub use check::*;
pub use data::*;
pub use error::PuzzleError;
pub use geometry::*;
pub use global_rules::{GlobalRule, orthogonal_neighbours, piece_pairs};
pub use rule_constraints::{ConstraintLine, keywords as constraint_keywords};
pub use rules::{RegionKind, Rules};
