//! The constraint-programming solver: the Sudoku model on the engine, with the domain word
//! sized to the grid (u16 up to 16×16, u32 up to 32, u64 up to 64, wider words beyond), or on
//! the engine's bitboard [`Network`] when the grid is small (killers there for a few nodes).

use super::{Outcome, SolveStats, Solver};
use crate::engine::{
    Conflict, Domain, Engine, Limits, MAX_VARS, Network, Shared, Stop, combinations_cached,
};
use crate::models::sudoku;
use crate::models::{Puzzle, RegionKind, Rules};
use hashbrown::HashMap;
use std::cell::RefCell;
use std::sync::{Arc, Mutex};

/// The CP engine: all-different with naked and hidden singles (and Hall sets from 25×25),
/// cage sums, dom/wdeg search; the bitboard network on 4×4 and 9×9 (killers for
/// their first few nodes). Both switches are the caller's: neither the log level nor the
/// thread a call runs on changes what runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cp {
    /// Solve grids of at most 128 cells and 16 symbols (4×4, 9×9) on the bitboard
    /// [`Network`] (default): several times faster there, but it logs nothing, so a run that
    /// wants every decision and propagation in its logs turns it off.
    pub network: bool,
    /// Let the idle threads of the calling rayon pool join a hard puzzle's search ([`Shared`];
    /// default off): the answers and counts are the same, but which solution of a puzzle with
    /// several comes first depends on timing, and the logs of several searches interleave.
    pub share: bool,
}

impl Default for Cp {
    fn default() -> Self {
        Cp::DEFAULT
    }
}

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
        let on_network = if self.network {
            run_network(puzzle, rules, limits)
        } else {
            None
        };
        on_network.unwrap_or_else(
            || crate::with_domain!(puzzle.size(), D => run::<D>(puzzle, rules, limits, self.share)),
        )
    }
}

impl Cp {
    /// The network on, shared search off.
    pub const DEFAULT: Cp = Cp {
        network: true,
        share: false,
    };

    /// Solves on the general engine (propagators and a trail) whatever the grid, alone: the
    /// test oracle for the network.
    pub fn on_engine(puzzle: &Puzzle, rules: &Rules, limits: &Limits) -> Outcome {
        let cp = Cp {
            network: false,
            share: false,
        };
        cp.solve(puzzle, rules, limits)
    }
}

/// What a search of the model gave: the first solution, the solutions counted, why it ended
/// and its statistics.
type Searched = (Option<Vec<usize>>, u64, Stop, SolveStats);

fn run<D: Domain>(puzzle: &Puzzle, rules: &Rules, limits: &Limits, share: bool) -> Outcome {
    // Only a call from a pool has a pool to share with; a node limit counts one search's
    // nodes, so a limited search goes alone.
    let threads = rayon::current_num_threads();
    let share =
        share && rayon::current_thread_index().is_some() && threads > 1 && limits.nodes.is_none();
    let searched = if share {
        run_shared::<D>(puzzle, rules, limits, threads)
    } else {
        sudoku::with_model::<D, _>(puzzle, rules, |engine| alone(engine, puzzle, limits))
    };
    match searched {
        Ok((solution, count, stop, stats)) => Outcome {
            solution,
            count,
            stop,
            stats,
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

/// One search of `engine`, holding `puzzle`'s model.
fn alone<D: Domain>(engine: &mut Engine<D>, puzzle: &Puzzle, limits: &Limits) -> Searched {
    let mut solution = None;
    let stop = engine.search(limits, |doms| {
        if solution.is_none() {
            solution = Some(sudoku::grid_of(puzzle, doms));
        }
    });
    let stats = engine.stats();
    (solution, stats.solutions, stop, SolveStats::from(*stats))
}

/// Searches with the other threads of the current rayon pool joining in once the puzzle
/// proves hard ([`HELP_AFTER`](crate::engine::HELP_AFTER) nodes): each builds its own copy of
/// the model and takes parts of the tree ([`Shared`]). Statistics are summed over the
/// searches; the time is the first search's. A model that restarts is searched alone:
/// restarts would search again what was given away.
fn run_shared<D: Domain>(
    puzzle: &Puzzle,
    rules: &Rules,
    limits: &Limits,
    threads: usize,
) -> Result<Searched, Conflict> {
    let shared = Shared::<D>::new();
    let first: Mutex<Option<Vec<usize>>> = Mutex::new(None);
    let helped = Mutex::new(SolveStats::default());
    let keep = |doms: &[D]| {
        let mut first = first.lock().unwrap_or_else(|e| e.into_inner());
        if first.is_none() {
            *first = Some(sudoku::grid_of(puzzle, doms));
        }
    };
    let helper = || {
        if shared.is_done() {
            return;
        }
        // The first search built the same model, so this one builds too.
        let _ = sudoku::with_model::<D, _>(puzzle, rules, |engine| {
            engine.search_shared(&shared, limits, None, keep);
            let mut stats = SolveStats::from(*engine.stats());
            stats.time = std::time::Duration::ZERO;
            helped.lock().unwrap_or_else(|e| e.into_inner()).add(&stats);
        });
    };
    let (solution, count, stop, mut stats) = rayon::in_place_scope(|scope| {
        let help = || {
            for _ in 1..threads {
                scope.spawn(|_| helper());
            }
        };
        sudoku::with_model::<D, _>(puzzle, rules, |engine| {
            if engine.strategy().restarts {
                return alone(engine, puzzle, limits);
            }
            let stop = engine.search_shared(&shared, limits, Some(&help), keep);
            let count = shared.solutions().min(limits.solutions);
            (None, count, stop, SolveStats::from(*engine.stats()))
        })
    })?;
    stats.add(&helped.into_inner().unwrap_or_else(|e| e.into_inner()));
    let solution = solution.or_else(|| first.into_inner().unwrap_or_else(|e| e.into_inner()));
    Ok((solution, count, stop, stats))
}

/// Nodes a killer gets on the network before it goes to the general engine. The network's sums
/// see less than the engine's cage propagators (no matchings, no sums over several houses), so
/// it guesses more, but its nodes are cheap. Callgrind, `solve` of the first 1,000 krazydad
/// killers: 325.8 M instructions with 50 nodes, 317.4 M with 200 or 1,000. Hard killers (the
/// ISS set) need the engine: on the network alone, 15 of its 20 hardest puzzles were still
/// undecided after 10 s (several million nodes each).
const KILLER_NODES: u64 = 200;

/// Largest rule-of-45 house sum a killer's network gets. Callgrind, `solve` of the first 1,000
/// krazydad killers: 723.0 M instructions without house sums (13.1 guesses a puzzle), 398.0 M
/// with all of them (0.3), 327.2 M up to 5 cells (0.7), 317.4 M up to 4 (1.2). Bigger sums
/// have more combinations, so a pass over them costs more than they prune.
const HOUSE_SUM_CELLS: usize = 4;

/// Solves on the bitboard [`Network`] when it applies: at most 128 cells and 16 symbols (4×4
/// and 9×9). Cages become sums over their combinations;
/// a killer that needs more than [`KILLER_NODES`] nodes goes to the engine (`None`).
fn run_network(puzzle: &Puzzle, rules: &Rules, limits: &Limits) -> Option<Outcome> {
    thread_local! {
        /// This thread's networks and combination tables, kept from puzzle to puzzle.
        static CACHE: RefCell<Option<Cache>> = const { RefCell::new(None) };
    }
    let n = puzzle.size();
    let killer = rules.cages && !puzzle.cages().is_empty();
    if n * n > MAX_VARS {
        return None;
    }
    let full = u16::full(n);
    let mut doms = [full; MAX_VARS];
    // Without a branch per cell: which cells are givens is not predictable.
    for (d, given) in doms.iter_mut().zip(puzzle.givens()) {
        *d = given.map_or(full, u16::singleton);
    }
    if let Some(marks) = puzzle.candidates() {
        for (d, &mask) in doms.iter_mut().zip(marks) {
            *d &= mask as u16;
        }
    }
    let mut solution = None;
    let (stop, stats) = CACHE.with(|cell| {
        let mut slot = cell.borrow_mut();
        if !slot
            .as_ref()
            .is_some_and(|c| c.n == n && c.kinds == rules.all_different)
        {
            *slot = Some(Cache::new(puzzle, rules)?);
        }
        let cache = slot.as_mut()?;
        let net = if killer {
            cache.with_sums(puzzle)?
        } else {
            &cache.base
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

/// What `run_network` keeps on a thread from puzzle to puzzle: the all-different network of
/// the last size and rules, a copy of it that takes each killer's sums, and the combination
/// tables of the last symbols.
struct Cache {
    n: usize,
    kinds: Vec<RegionKind>,
    /// Each region's cells, a bit per cell.
    houses: Vec<u128>,
    base: Network,
    killer: Network,
    weights: Vec<u64>,
    combos: HashMap<(usize, u64), Arc<[u16]>>,
}

impl Cache {
    /// The network of `puzzle`'s size under `rules`; `None` past the network's limits.
    fn new(puzzle: &Puzzle, rules: &Rules) -> Option<Self> {
        let n = puzzle.size();
        let regions = sudoku::regions(rules, n, puzzle.box_size());
        let mut base = Network::new(n * n, n)?;
        let mut houses = Vec::with_capacity(regions.len());
        for region in &regions {
            let cells: Vec<usize> = region.cells().collect();
            base.all_different(&cells);
            houses.push(cells.iter().fold(0u128, |m, &c| m | 1 << c));
        }
        Some(Cache {
            n,
            kinds: rules.all_different.clone(),
            houses,
            killer: base.clone(),
            base,
            weights: Vec::new(),
            combos: HashMap::new(),
        })
    }

    /// The base network with `puzzle`'s cages and the rule-of-45 sums of its houses; `None` past
    /// the network's limits.
    fn with_sums(&mut self, puzzle: &Puzzle) -> Option<&Network> {
        let weights = puzzle.symbols().as_slice();
        if self.weights != weights {
            self.weights = weights.to_vec();
            self.combos.clear();
        }
        let mut combos = |k: usize, total: u64| {
            Arc::clone(
                self.combos
                    .entry((k, total))
                    .or_insert_with(|| combinations_cached::<u16>(weights, k, total).into()),
            )
        };
        self.killer.clone_from(&self.base);
        for cage in puzzle.cages() {
            let combos = combos(cage.cells.len(), cage.total);
            self.killer.sum(&cage.cells, combos);
        }
        // The rule of 45 on each house, for the small sums: see `HOUSE_SUM_CELLS`.
        for (mask, total) in sudoku::house_sum_masks(puzzle, &self.houses, HOUSE_SUM_CELLS)? {
            let mut cells = [0usize; 16];
            let mut k = 0;
            let mut rest = mask;
            while rest != 0 && k < cells.len() {
                cells[k] = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                k += 1;
            }
            self.killer.sum(&cells[..k], combos(k, total));
        }
        Some(&self.killer)
    }
}
