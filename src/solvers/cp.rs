//! The constraint-programming solver: the Sudoku model on the engine, with the domain word
//! sized to the grid (u16 up to 16×16, u32 up to 32, u64 up to 64, wider words beyond), or on
//! the engine's bitboard [`Network`] when the grid is small (killers there for a few nodes).

use super::{Outcome, SolveStats, Solver};
use crate::engine::{Domain, Engine, Limits, MAX_VARS, Network, Stop, combinations_cached};
use crate::models::{Puzzle, RegionKind, Rules, sudoku};
use std::cell::RefCell;

/// The CP engine: all-different with naked and hidden singles (and Hall sets on killers and
/// from 25×25), cage sums, dom/wdeg search; the bitboard network on 4×4 and 9×9 (killers for
/// their first few nodes).
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

/// Nodes a killer gets on the network before it goes to the general engine. The network's sums
/// see less than the engine's cage propagators (no matchings, no rule-of-45 sums), so it
/// guesses more, but its nodes are cheap. Callgrind, `solve` of the first 300 krazydad killers:
/// 750 M instructions on the engine alone, 266 M on the network alone, 243 M with 1,000 nodes
/// and 233 M with 200. The rule-of-45 house sums on the network too cost more to derive than
/// they saved (246 M). Hard killers (the ISS set) need the engine: on the network alone 48
/// of 63 were decided in 5 s.
const KILLER_NODES: u64 = 200;

/// Solves on the bitboard [`Network`] when it applies: at most 128 cells and 16 symbols (4×4
/// and 9×9) and no debug logs (the network logs nothing, so a run that asks for its decisions
/// and propagations gets the general engine). Cages become sums over their combinations;
/// a killer that needs more than [`KILLER_NODES`] nodes goes to the engine (`None`).
fn run_network(puzzle: &Puzzle, rules: &Rules, limits: &Limits) -> Option<Outcome> {
    thread_local! {
        /// This thread's last network, with the size and regions it was built for.
        static NETWORK: RefCell<Option<(usize, Vec<RegionKind>, Network)>> =
            const { RefCell::new(None) };
    }
    let n = puzzle.size();
    let killer = rules.cages && !puzzle.cages().is_empty();
    if n * n > MAX_VARS || log::log_enabled!(log::Level::Debug) {
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
        let (_, _, base) = slot.as_ref()?;
        let mut with_sums;
        let net = if killer {
            with_sums = base.clone();
            let weights = puzzle.symbols().as_slice();
            for cage in puzzle.cages() {
                let combos = combinations_cached::<u16>(weights, cage.cells.len(), cage.total);
                with_sums.sum(&cage.cells, combos.into());
            }
            &with_sums
        } else {
            base
        };
        // Killers get the network for a few nodes only: its sums see less than the engine's
        // cage propagators, and hard killers need what they see.
        let here = if killer {
            Limits {
                nodes: Some(limits.nodes.map_or(KILLER_NODES, |n| n.min(KILLER_NODES))),
                ..*limits
            }
        } else {
            *limits
        };
        let searched = net.search(&doms[..n * n], &here, |values| {
            if solution.is_none() {
                solution = Some(values.to_vec());
            }
        });
        if killer && searched.0 == Stop::NodeLimit && limits.nodes.is_none_or(|n| n > KILLER_NODES)
        {
            return None;
        }
        Some(searched)
    })?;
    Some(Outcome {
        solution,
        count: stats.solutions,
        stop,
        stats: stats.into(),
    })
}
