//! Search: depth-first with restarts, the branching strategies and phases, shared search
//! across threads, hints, the search tree and the tuning numbers.

// The engine's items, for the files of this room to name as `super::…`.
use super::*;

pub(crate) mod depth_first;
pub(crate) mod hints;
pub(crate) mod phases;
pub(crate) mod places;
pub(crate) mod share;
pub(crate) mod strategy;
pub(crate) mod tree;
pub(crate) mod tuning;
