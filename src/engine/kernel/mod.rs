//! The kernel: variables and their bitset domains, the propagator trait, the propagation
//! queue, the trail, and the engine that runs them to a fixpoint.

// The engine's items, for the files of this room to name as `super::…`.
use super::*;

pub(crate) mod domain;
pub(crate) mod engine;
pub(crate) mod profile;
pub(crate) mod propagator;
pub(crate) mod queue;
pub(crate) mod rng;
pub(crate) mod trail;
