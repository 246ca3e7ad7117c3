//! The constraint-programming solver: the Sudoku model on the engine, with the domain word
//! sized to the grid (u16 up to 16×16, u32 up to 32, u64 up to 64, wider words beyond).

use super::{Outcome, SolveStats, Solver};
use crate::engine::{Domain, Engine, Limits, Stop};
use crate::models::{Puzzle, Rules, sudoku};

/// The CP engine: all-different with naked and hidden singles, MRV search.
#[derive(Debug, Clone, Copy)]
pub struct Cp;

impl Solver for Cp {
    fn name(&self) -> &'static str {
        "cp"
    }
    fn aliases(&self) -> &'static [&'static str] {
        &["advanced"]
    }
    fn description(&self) -> &'static str {
        "propagation (all-different: naked and hidden singles), MRV search"
    }
    fn solve(&self, puzzle: &Puzzle, rules: &Rules, limits: &Limits) -> Outcome {
        crate::with_domain!(puzzle.size(), D => run::<D>(puzzle, rules, limits))
    }
}

fn run<D: Domain>(puzzle: &Puzzle, rules: &Rules, limits: &Limits) -> Outcome {
    let searched = sudoku::with_model::<D, _>(puzzle, rules, |engine| {
        let mut solution = None;
        let stop = engine.search(limits, |doms| {
            if solution.is_none() {
                solution = Some(Engine::values_of(doms));
            }
        });
        (solution, stop, *engine.stats())
    });
    match searched {
        Ok((solution, stop, stats)) => Outcome {
            solution,
            count: stats.solutions,
            stop,
            stats: stats.into(),
        },
        // The givens contradict each other.
        Err(_) => Outcome {
            solution: None,
            count: 0,
            stop: Stop::Exhausted,
            stats: SolveStats {
                failures: 1,
                ..SolveStats::default()
            },
        },
    }
}
