//! A generic constraint-programming engine over bitset domains. It knows variables, values,
//! propagators and search; nothing here knows what puzzle it solves.
//!
//! # Rooms
//! `kernel/`: variables, domains, the [`Propagator`] trait, the queue, the trail and the
//! [`Engine`] that runs propagators to a fixpoint (with their profile). `search/`: the search
//! loop, strategies and phases, restarts, shared search across threads, hints, the recorded
//! [`SearchTree`] and the [`Tuning`] numbers. `propagators/`: one file per propagator.
//! Everything public is re-exported here, so callers name `sudoku_cp::engine::X` whatever room `X` lives in.
//!
//! # Data flow
//! 1. Create variables with [`Engine::new_var`]; each has a [`Domain`] of value indices.
//! 2. Post propagators ([`Engine::post`]); each declares the variables it watches.
//! 3. Narrow domains from outside ([`Engine::restrict`]), e.g. for an instance's data.
//! 4. [`Engine::search`] propagates to fixpoint (the queue runs every woken propagator at most
//!    once at a time, [`Priority::Cheap`] ones before [`Priority::Expensive`] ones), then
//!    branches, saving state on a trail.
//!
//! # Example: a Kakuro block
//! Four variables in a square hold values 1–9; each line across and each line down is a run of
//! distinct values with a set sum. [`combinations`](fn@combinations) lists the value sets that
//! reach a sum, and a [`CageSum`] keeps its variables to one of them.
//!
//! ```
//! use std::sync::Arc;
//! use sudoku_cp::engine::{CageSum, Domain, Engine, Limits, Stop, combinations};
//!
//! // Value index i stands for the value i + 1.
//! let values: Vec<u64> = (1..=9).collect();
//! let mut engine = Engine::<u16>::new();
//! let variables: Vec<_> = (0..4).map(|_| engine.new_var(u16::full(9))).collect();
//! // a b   across: a + b = 4, c + d = 17
//! // c d   down: a + c = 12, b + d = 9
//! for (name, run, sum) in [("across 1", [0, 1], 4), ("across 2", [2, 3], 17),
//!                          ("down 1", [0, 2], 12), ("down 2", [1, 3], 9)] {
//!     let vars = run.iter().map(|&i| variables[i]).collect();
//!     let sets: Arc<[u16]> = combinations(&values, 2, sum).into();
//!     engine.post(CageSum::new(name, vars, sets));
//! }
//! let mut found = Vec::new();
//! let stop = engine.search(&Limits::solutions(u64::MAX), |doms| {
//!     found.push(doms.iter().map(|d| values[Domain::min(d).unwrap()]).collect::<Vec<_>>());
//! });
//! assert_eq!(stop, Stop::Exhausted);
//! assert_eq!(found, vec![vec![3, 1, 9, 8]]); // the only solution
//! ```
//!
//! # Adding a propagator
//! Implement [`Propagator`]: `watches` says what wakes it, `propagate` narrows domains through
//! [`Ctx`] and returns `Err(Conflict)` on failure; override `priority` when a run costs more
//! than a pass over its variables. Keep no state that is not derivable from the
//! domains, and reach your own fixpoint in one run.
//!
//! # Logs
//! `debug` (target [`LOG_SEARCH`], `sudoku_cp::search`): every decision and backtrack. `trace`
//! (target [`LOG_PROPAGATE`], `sudoku_cp::propagate`): every propagator run and every domain
//! reduction, with the propagator that made it. Both targets sit under the crate's name, so
//! `RUST_LOG=sudoku_cp=trace` shows them, and each can be filtered on its own.

/// Evaluates `$body` with the type name `$D` bound to the smallest [`Domain`] type holding
/// `$n` values: `u16` up to 16, `u32`, `u64`, then [`Wide`] words up to 256.
#[macro_export]
macro_rules! with_domain {
    ($n:expr, $D:ident => $body:expr) => {
        match $n {
            0..=16 => {
                type $D = u16;
                $body
            }
            17..=32 => {
                type $D = u32;
                $body
            }
            33..=64 => {
                type $D = u64;
                $body
            }
            65..=128 => {
                type $D = $crate::engine::Wide<2>;
                $body
            }
            _ => {
                type $D = $crate::engine::Wide<4>;
                $body
            }
        }
    };
}

/// The log target of search: decisions, backtracks, restarts and solutions (`debug`).
pub const LOG_SEARCH: &str = "sudoku_cp::search";

/// The log target of propagation: each propagator run and domain reduction (`trace`).
pub const LOG_PROPAGATE: &str = "sudoku_cp::propagate";

/// Whether the search's logs are on: decisions ([`LOG_SEARCH`] at `debug`) or propagation
/// ([`LOG_PROPAGATE`] at `trace`). Solvers that would log nothing (the bitboards) step
/// aside then.
pub fn logging() -> bool {
    log::log_enabled!(target: LOG_SEARCH, log::Level::Debug)
        || log::log_enabled!(target: LOG_PROPAGATE, log::Level::Trace)
}

mod kernel;
mod propagators;
mod search;
#[cfg(any(test, feature = "testing"))]
pub mod testing;

pub use kernel::domain::{Domain, DomainIter, Wide};
pub use kernel::engine::{Ctx, Engine, Labels, Snapshot};
pub use kernel::profile::{PropagatorProfile, by_kind};
pub use kernel::propagator::{Conflict, Priority, PropId, Propagator, VarId, WakeOn};
pub use kernel::rng::Rng;
pub use propagators::all_different::{AllDifferent, HallSets};
pub use propagators::cage_sum::CageSum;
pub use propagators::combinations::{
    combination_masks, combinations, combinations_cached, count_combinations, for_each_combination,
};
pub use propagators::counted_values::CountedValues;
pub use propagators::group_sum::GroupSum;
pub use propagators::linear_sum::LinearSum;
pub use propagators::matching::Matcher;
pub use propagators::pair_table::PairTable;
pub use propagators::predicate::{Predicate, Test};
pub use propagators::regular::{Layered, Regular};
pub use propagators::same_values::SameValues;
pub use search::depth_first::{Limits, Race, Stats, Stop};
pub use search::share::Shared;
pub(crate) use search::strategy::luby;
pub use search::strategy::{Heuristic, Strategy, ValueOrder};
pub use search::tree::{NodeEnd, SVG_LABELLED_NODES, SearchTree, TreeNode};
pub use search::tuning::Tuning;
