//! Everything `--solver` can select: one trait, one registry.

mod cp;

use crate::engine::{Limits, Stats, Stop};
use crate::models::{Puzzle, Rules};

pub use cp::Cp;

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
    pub stats: Stats,
}

/// A Sudoku solver.
pub trait Solver: Sync {
    /// The name `--solver` selects it by.
    fn name(&self) -> &'static str;
    /// Other accepted names (e.g. the RMIT assignment's).
    fn aliases(&self) -> &'static [&'static str];
    /// One line saying how it works.
    fn description(&self) -> &'static str;
    /// Searches `puzzle` under `rules` within `limits`.
    fn solve(&self, puzzle: &Puzzle, rules: &Rules, limits: &Limits) -> Outcome;
}

/// Every solver, in the order `--help` lists them.
pub fn registry() -> &'static [&'static dyn Solver] {
    &[&Cp]
}

/// The solver with this name or alias.
pub fn find(name: &str) -> Option<&'static dyn Solver> {
    registry()
        .iter()
        .copied()
        .find(|s| s.name() == name || s.aliases().contains(&name))
}
