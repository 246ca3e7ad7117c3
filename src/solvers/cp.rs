//! The constraint-programming solver: the Sudoku model on the engine, with the domain word
//! sized to the grid (u16 up to 16×16, u32 up to 32, u64 up to 64, wider words beyond), or on
//! the engine's bitboard [`Network`] when the grid is small and has no cages.

use super::{Outcome, SolveStats, Solver};
use crate::engine::{Domain, Engine, Limits, MAX_VARS, Network, Stop};
use crate::models::{Puzzle, RegionKind, Rules, sudoku};
use std::cell::RefCell;

/// The CP engine: all-different with naked and hidden singles (and Hall sets on killers and
/// from 25×25), cage sums, dom/wdeg search; the bitboard network on 4×4 and 9×9 without cages.
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
        "propagation and search (bitboards to 9×9; Hall sets, cage sums)"
    }
    fn solve(&self, puzzle: &Puzzle, rules: &Rules, limits: &Limits) -> Outcome {
        run_network(puzzle, rules, limits).unwrap_or_else(|| Cp::on_engine(puzzle, rules, limits))
    }
}

impl Cp {
    /// Solves on the general engine (propagators and a trail) whatever the grid: what
    /// [`Solver::solve`] does when the bitboard [`Network`] does not apply, and the test oracle
    /// for the network where it does.
    pub fn on_engine(puzzle: &Puzzle, rules: &Rules, limits: &Limits) -> Outcome {
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

/// Solves on the bitboard [`Network`] when it applies: all-different rules only, at most 128
/// cells and 16 symbols (4×4 and 9×9), and no debug logs (the network logs nothing, so a run
/// that asks for its decisions and propagations gets the general engine).
fn run_network(puzzle: &Puzzle, rules: &Rules, limits: &Limits) -> Option<Outcome> {
    thread_local! {
        /// This thread's last network, with the size and regions it was built for.
        static NETWORK: RefCell<Option<(usize, Vec<RegionKind>, Network)>> =
            const { RefCell::new(None) };
    }
    let n = puzzle.size();
    if (rules.cages && !puzzle.cages().is_empty())
        || n * n > MAX_VARS
        || log::log_enabled!(log::Level::Debug)
    {
        return None;
    }
    let full = u16::full(n);
    let mut doms = [full; MAX_VARS];
    for (d, given) in doms.iter_mut().zip(puzzle.givens()) {
        if let Some(v) = *given {
            *d = u16::singleton(v);
        }
    }
    let mut solution = None;
    let (stop, stats) = NETWORK.with(|cell| {
        let mut slot = cell.borrow_mut();
        if !slot
            .as_ref()
            .is_some_and(|(size, kinds, _)| *size == n && *kinds == rules.all_different)
        {
            let mut net = Network::new(n * n, n)?;
            for region in sudoku::regions(rules, n, puzzle.box_size()) {
                let cells: Vec<usize> = region.cells().collect();
                net.all_different(&cells);
            }
            *slot = Some((n, rules.all_different.clone(), net));
        }
        let (_, _, net) = slot.as_ref()?;
        Some(net.search(&doms[..n * n], limits, |values| {
            if solution.is_none() {
                solution = Some(values.to_vec());
            }
        }))
    })?;
    Some(Outcome {
        solution,
        count: stats.solutions,
        stop,
        stats: stats.into(),
    })
}
