//! Everything `--solver` can select: one trait, one registry. Every solver reads the same
//! [`Puzzle`] and [`Rules`] and answers with the same [`Outcome`].

mod activity_heap;
mod algorithm_x;
mod backtrack;
mod cdcl;
mod clause_arena;
mod cp;
#[cfg(feature = "threads")]
mod cp_threads;
mod dancing_links;
mod exact_cover;
mod learning_race;
#[cfg(test)]
mod random_cover;
#[cfg(test)]
mod test_puzzles;

use crate::engine::{Limits, PropagatorProfile, SearchTree, Stats, Stop};
use crate::puzzle::{Puzzle, Rules};
use std::time::Duration;

pub use algorithm_x::AlgorithmX;
pub use backtrack::Backtrack;
pub use cdcl::Cdcl;
pub use cp::Cp;
pub use dancing_links::DancingLinks;

/// Search statistics, in words every solver can fill.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct SolveStats {
    /// Search nodes: assignments tried (backtrack), rows selected (algx, dlx), root and
    /// children (cp).
    pub nodes: u64,
    /// Choices made among two or more options (every assignment, for naive backtracking).
    pub guesses: u64,
    /// Dead ends.
    pub failures: u64,
    /// Propagator runs (cp only; on the bitboard network of small grids, rounds of singles).
    pub propagations: u64,
    /// Link updates in cover and uncover (dlx only).
    pub link_updates: u64,
    /// Deepest search level.
    pub max_depth: u64,
    /// Wall time of the solve call, model building included.
    pub time: Duration,
}

impl SolveStats {
    /// Adds `other`'s counts (the deepest level is the maximum).
    pub fn add(&mut self, other: &SolveStats) {
        self.nodes += other.nodes;
        self.guesses += other.guesses;
        self.failures += other.failures;
        self.propagations += other.propagations;
        self.link_updates += other.link_updates;
        self.max_depth = self.max_depth.max(other.max_depth);
        self.time += other.time;
    }
}

impl std::fmt::Display for SolveStats {
    /// `nodes N guesses N failures N [propagations N] [link updates N] max depth N time T µs`;
    /// the solver-specific counts only when non-zero.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "nodes {} guesses {} failures {}",
            self.nodes, self.guesses, self.failures
        )?;
        if self.propagations > 0 {
            write!(f, " propagations {}", self.propagations)?;
        }
        if self.link_updates > 0 {
            write!(f, " link updates {}", self.link_updates)?;
        }
        write!(
            f,
            " max depth {} time {:.1} µs",
            self.max_depth,
            self.time.as_secs_f64() * 1e6
        )
    }
}

impl From<Stats> for SolveStats {
    fn from(s: Stats) -> Self {
        SolveStats {
            nodes: s.nodes,
            guesses: s.guesses,
            failures: s.failures,
            propagations: s.propagations,
            link_updates: 0,
            max_depth: s.max_depth,
            time: s.time,
        }
    }
}

/// What a solver found.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The first solution found: a value index per cell, row-major.
    pub solution: Option<Vec<usize>>,
    /// Solutions found (up to the limit).
    pub count: u64,
    /// Why the search ended.
    pub stop: Stop,
    /// Search statistics.
    pub stats: SolveStats,
    /// What `cp` recorded when asked ([`Cp::observe`]): the profile and the search tree.
    pub observed: Option<Box<Observed>>,
}

/// What a search observed of itself when asked ([`Observe`]).
#[derive(Debug, Clone, Default)]
pub struct Observed {
    /// Each propagator's runs, removals, failures and time, in the order they were posted
    /// (empty unless [`Observe::profile`]).
    pub profile: Vec<PropagatorProfile>,
    /// The search tree, up to [`Observe::tree`] nodes.
    pub tree: Option<SearchTree>,
}

/// What a `cp` search records of itself. Either one makes it run on the general engine, alone,
/// with its propagators named, and without handing a hard large grid on to clause learning: what
/// is recorded is then the whole search, and its counts are those of [`Outcome::stats`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Observe {
    /// Keep each propagator's profile.
    pub profile: bool,
    /// Record the search tree, up to this many nodes.
    pub tree: Option<usize>,
}

impl Observe {
    /// Whether anything is recorded.
    pub fn any(&self) -> bool {
        self.profile || self.tree.is_some()
    }
}

/// A Sudoku solver.
pub trait Solver: Sync {
    /// The name `--solver` selects it by.
    fn name(&self) -> &'static str;
    /// Other accepted names (the RMIT assignment's).
    fn aliases(&self) -> &'static [&'static str];
    /// One line saying how it works.
    fn description(&self) -> &'static str;
    /// Searches `puzzle` under `rules` within `limits`.
    fn solve(&self, puzzle: &Puzzle, rules: &Rules, limits: &Limits) -> Outcome;
    /// Why this solver cannot take `puzzle` within its memory budget, if it cannot (callers
    /// ask before [`Solver::solve`]); `None` for every puzzle by default.
    fn refuses(&self, puzzle: &Puzzle, rules: &Rules) -> Option<String> {
        let _ = (puzzle, rules);
        None
    }
}

/// Every solver, in the order `--help` lists them; `cp` as [`Cp::DEFAULT`].
pub fn registry() -> &'static [&'static dyn Solver] {
    &[&Cp::DEFAULT, &DancingLinks, &AlgorithmX, &Cdcl, &Backtrack]
}

/// The solver with this name or alias.
pub fn find(name: &str) -> Option<&'static dyn Solver> {
    registry()
        .iter()
        .copied()
        .find(|s| s.name() == name || s.aliases().contains(&name))
}
