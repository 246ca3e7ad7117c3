//! The depth-first search over a [`Bitboards`]'s states.
//!
//! Each node propagates, branches on a variable's value on a copy of the state and removes the
//! value in place for the other branch. It is compiled twice, as built and for x86-64's popcnt,
//! BMI and AVX2, and the second runs where the processor has them.

use super::{Bitboards, Kernel, MAX_VARS};
use crate::engine::{Limits, Stats, Stop};
use std::time::Instant;

/// How often (in nodes) the clock is read when a deadline is set.
const CLOCK_EVERY: u64 = 64;

impl Bitboards {
    /// Searches from `state`, on the processor's wider instructions when `wide` and it has them.
    pub(super) fn run<K: Kernel>(
        &self,
        state: K,
        limits: &Limits,
        wide: bool,
        on_solution: &mut dyn FnMut(&[usize]),
    ) -> (Stop, Stats) {
        let start = Instant::now();
        let mut search = Search {
            net: self,
            limits,
            node_budget: limits.nodes,
            next_clock: CLOCK_EVERY,
            stats: Stats {
                nodes: 1,
                ..Stats::default()
            },
            found: 0,
            on_solution,
            wide,
        };
        let stop = match search.root(state) {
            Ok(()) => Stop::Exhausted,
            Err(stop) => stop,
        };
        let mut stats = search.stats;
        stats.time = start.elapsed();
        (stop, stats)
    }
}

/// One search: the network, the limits and what was counted so far.
struct Search<'a, 'f> {
    net: &'a Bitboards,
    limits: &'a Limits,
    node_budget: Option<u64>,
    /// The node count at which the clock is read next (when a deadline is set).
    next_clock: u64,
    stats: Stats,
    found: u64,
    on_solution: &'f mut dyn FnMut(&[usize]),
    /// Whether the search may run on the processor's wider instructions (the test oracle runs
    /// without).
    #[cfg_attr(
        not(target_arch = "x86_64"),
        expect(dead_code, reason = "only x86-64 has a wide build")
    )]
    wide: bool,
}

/// Whether this processor has popcnt, BMI1, BMI2, LZCNT and AVX2 (x86-64-v3's integer part).
#[cfg(target_arch = "x86_64")]
pub(crate) fn wide_instructions() -> bool {
    std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("lzcnt")
        && std::is_x86_feature_detected!("avx2")
}

impl Search<'_, '_> {
    /// Explores the whole tree from the root `state`, on the widest instructions the processor
    /// has: [`Search::node`] compiled for x86-64's popcnt, BMI and AVX2 where they are found
    /// at run time, else as built.
    fn root<K: Kernel>(&mut self, state: K) -> Result<(), Stop> {
        #[cfg(target_arch = "x86_64")]
        if self.wide && wide_instructions() {
            // SAFETY: the processor has every feature `node_wide` is compiled for.
            return unsafe { self.node_wide(state, 0) };
        }
        self.node(state, 0)
    }

    /// Explores the subtree of `state`: `Err` when a limit stops the search.
    fn node<K: Kernel>(&mut self, state: K, depth: u64) -> Result<(), Stop> {
        self.explore(state, depth, Self::node)
    }

    /// [`Search::node`] compiled for popcnt, BMI1, BMI2, LZCNT and AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx2")]
    fn node_wide<K: Kernel>(&mut self, state: K, depth: u64) -> Result<(), Stop> {
        // The closure has the features of `node_wide`, which it calls.
        self.explore(state, depth, |search, state, depth| {
            search.node_wide(state, depth)
        })
    }

    /// The body of [`Search::node`], with `child` exploring each subtree below.
    #[inline(always)]
    fn explore<K: Kernel>(
        &mut self,
        mut state: K,
        depth: u64,
        child: fn(&mut Self, K, u64) -> Result<(), Stop>,
    ) -> Result<(), Stop> {
        let mut root = (depth == 0).then(|| K::root(self.net));
        loop {
            if !state.propagate(self.net, &mut self.stats, root.as_mut()) {
                self.stats.failures += 1;
                return Ok(());
            }
            let Some((var, value)) = state.choose(self.net) else {
                self.solution(&state);
                self.stats.solutions += 1;
                self.found += 1;
                return if self.found >= self.limits.solutions {
                    Err(Stop::SolutionLimit)
                } else {
                    Ok(())
                };
            };
            if self.node_budget.is_some_and(|b| self.stats.nodes >= b) {
                return Err(Stop::NodeLimit);
            }
            if let Some(deadline) = self.limits.deadline
                && self.stats.nodes >= self.next_clock
            {
                if Instant::now() >= deadline {
                    return Err(Stop::Timeout);
                }
                self.next_clock = self.stats.nodes + CLOCK_EVERY;
            }
            // Left: var = value, on a copy.
            let mut left = state;
            left.place(self.net, var, value);
            self.stats.nodes += 1;
            self.stats.guesses += 1;
            self.stats.max_depth = self.stats.max_depth.max(depth + 1);
            child(self, left, depth + 1)?;
            // Right: var ≠ value, in place, within the node budget too.
            if self.node_budget.is_some_and(|b| self.stats.nodes >= b) {
                return Err(Stop::NodeLimit);
            }
            self.stats.nodes += 1;
            state.remove(self.net, var, value);
        }
    }

    fn solution<K: Kernel>(&mut self, state: &K) {
        let mut values = [0usize; MAX_VARS];
        state.values(&mut values);
        (self.on_solution)(&values[..self.net.vars]);
    }
}
