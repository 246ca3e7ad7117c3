//! The propagators, one file each: all-different, cage and linear sums, tables, automata.

// The engine's items, for the files of this room to name as `super::…`.
use super::*;

pub(crate) mod all_different;
pub(crate) mod cage_memo;
pub(crate) mod cage_sum;
pub(crate) mod combinations;
pub(crate) mod counted_values;
pub(crate) mod group_sum;
pub(crate) mod linear_sum;
pub(crate) mod matching;
pub(crate) mod pair_table;
pub(crate) mod predicate;
pub(crate) mod regular;
pub(crate) mod same_values;
