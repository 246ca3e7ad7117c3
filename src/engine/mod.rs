//! A generic constraint-programming engine over bitset domains. It knows variables, values,
//! propagators and search; nothing here knows what a grid is.
//!
//! # Data flow
//! 1. Create variables with [`Engine::new_var`]; each has a [`Domain`] of value indices.
//! 2. Post propagators ([`Engine::post`]); each declares the variables it watches.
//! 3. Narrow domains from outside ([`Engine::restrict`]), e.g. for givens.
//! 4. [`Engine::search`] propagates to fixpoint (the queue runs every woken propagator at most
//!    once at a time), then branches with MRV, saving state on a trail.
//!
//! # Adding a propagator
//! Implement [`Propagator`]: `watches` says what wakes it, `propagate` narrows domains through
//! [`Ctx`] and returns `Err(Conflict)` on failure. Keep no state that is not derivable from the
//! domains, and reach your own fixpoint in one run.
//!
//! # Logs
//! `debug` (target `search`): every decision and backtrack. `trace` (target `propagate`): every
//! propagator run and every domain reduction, with the propagator that made it.

mod all_different;
mod cage_sum;
mod domain;
mod kernel;
mod linear_sum;
mod propagator;
mod queue;
mod search;
mod trail;

pub use all_different::AllDifferent;
pub use cage_sum::{CageSum, combinations, combinations_cached, for_each_combination};
pub use domain::{Domain, DomainIter, Wide};
pub use kernel::{Ctx, Engine, Labels};
pub use linear_sum::LinearSum;
pub use propagator::{Conflict, PropId, Propagator, VarId, WakeOn};
pub use search::{Heuristic, Limits, RESTART_UNIT, Stats, Stop, Strategy};
