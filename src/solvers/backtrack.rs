//! Naive backtracking, as the textbook has it: empty cells from top-left to bottom-right, each
//! symbol in order, a validity check against every region holding the cell, recurse, undo on
//! failure. No inference and no ordering heuristics: the baseline everything else is measured
//! against. The recursion is unrolled into a loop over an explicit stack, so 256×256 grids
//! cannot overflow the call stack.
//!
//! On killer puzzles each cage is one more region of distinct symbols, and a value is also
//! refused when the cage's total gets out of reach: with r cells of the cage still empty, the
//! total must lie between the partial sum plus the r smallest and plus the r largest symbols
//! the cage does not use yet.
//!
//! A variant puzzle's extra regions are regions like the others; every other constraint is
//! checked as a whole ([`Constraint::holds`]) when the last of its cells is filled.

use super::{Outcome, SolveStats, Solver};
use crate::constraints;
use crate::engine::{Limits, Stop};
use crate::puzzle::regions;
use crate::puzzle::{Cage, Constraint, Puzzle, Rules};
use log::{debug, trace};
use std::time::Instant;

/// Naive in-order backtracking.
#[derive(Debug, Clone, Copy)]
pub struct Backtrack;

impl Solver for Backtrack {
    fn name(&self) -> &'static str {
        "backtrack"
    }
    fn aliases(&self) -> &'static [&'static str] {
        &["backtracking"]
    }
    fn description(&self) -> &'static str {
        "naive backtracking: cells in order, symbols in order, validity check"
    }
    fn search(&self, puzzle: &Puzzle, rules: &Rules, limits: &Limits) -> Outcome {
        let start = Instant::now();
        let mut out = search(puzzle, rules, limits);
        out.stats.time = start.elapsed();
        out
    }
}

/// What is placed: which regions (houses, then cages) hold which values, and the cage sums.
#[derive(Debug)]
struct Board<'a> {
    n: usize,
    /// The regions holding each cell: houses first, then its cage (index `houses + k`).
    of_cell: Vec<Vec<usize>>,
    /// `used[region * n + v]`: value `v` is placed in the region.
    used: Vec<bool>,
    houses: usize,
    cages: &'a [Cage],
    cage_of: Vec<Option<usize>>,
    sum: Vec<u64>,
    filled: Vec<usize>,
    weight: &'a [u64],
    /// Value indices from the smallest symbol up.
    by_weight: Vec<usize>,
    /// Each house's name (`row 1`), made only while trace logs are on.
    names: Vec<String>,
}

impl<'a> Board<'a> {
    fn new(puzzle: &'a Puzzle, rules: &Rules) -> Self {
        let n = puzzle.size();
        let houses = regions(rules, n, puzzle.boxes());
        let mut names = Vec::new();
        if log::log_enabled!(target: crate::engine::LOG_SEARCH, log::Level::Trace) {
            names.extend(houses.iter().map(ToString::to_string));
            names.extend(puzzle.constraints().iter().filter_map(|c| match c {
                Constraint::Region(constraints::Region { label, .. }) => Some(label.clone()),
                _ => None,
            }));
        }
        let cages = if rules.cages { puzzle.cages() } else { &[] };
        let mut of_cell: Vec<Vec<usize>> = vec![Vec::new(); n * n];
        let mut cage_of = vec![None; n * n];
        for (ri, region) in houses.iter().enumerate() {
            region.cells().for_each(|c| of_cell[c].push(ri));
        }
        // The puzzle's extra regions, as more houses.
        let mut count = houses.len();
        for c in puzzle.constraints() {
            if let Constraint::Region(constraints::Region { cells, .. }) = c {
                cells.iter().for_each(|&cell| of_cell[cell].push(count));
                count += 1;
            }
        }
        let houses = count;
        for (k, cage) in cages.iter().enumerate() {
            for &c in &cage.cells {
                of_cell[c].push(houses + k);
                cage_of[c] = Some(k);
            }
        }
        let weight = puzzle.symbols().as_slice();
        let mut by_weight: Vec<usize> = (0..n).collect();
        by_weight.sort_by_key(|&v| weight[v]);
        Board {
            n,
            of_cell,
            used: vec![false; (houses + cages.len()) * n],
            houses,
            cages,
            cage_of,
            sum: vec![0; cages.len()],
            filled: vec![0; cages.len()],
            weight,
            by_weight,
            names,
        }
    }

    /// The validity check: no region of the cell holds `v`, and its cage can still add up.
    fn allows(&self, cell: usize, v: usize) -> bool {
        let n = self.n;
        if self.of_cell[cell].iter().any(|&ri| self.used[ri * n + v]) {
            return false;
        }
        let Some(k) = self.cage_of[cell] else {
            return true;
        };
        let (total, sum) = (self.cages[k].total, self.sum[k] + self.weight[v]);
        let left = self.cages[k].cells.len() - self.filled[k] - 1;
        let region = self.houses + k;
        let free = || {
            self.by_weight
                .iter()
                .filter(|&&u| u != v && !self.used[region * n + u])
        };
        let low: u64 = free().take(left).map(|&u| self.weight[u]).sum();
        let high: u64 = free().rev().take(left).map(|&u| self.weight[u]).sum();
        sum + low <= total && total <= sum + high
    }

    fn place(&mut self, cell: usize, v: usize, on: bool) {
        for &ri in &self.of_cell[cell] {
            self.used[ri * self.n + v] = on;
        }
        if let Some(k) = self.cage_of[cell] {
            if on {
                self.sum[k] += self.weight[v];
                self.filled[k] += 1;
            } else {
                self.sum[k] -= self.weight[v];
                self.filled[k] -= 1;
            }
        }
    }
}

fn search(puzzle: &Puzzle, rules: &Rules, limits: &Limits) -> Outcome {
    let n = puzzle.size();
    let mut board = Board::new(puzzle, rules);
    let mut grid: Vec<usize> = vec![usize::MAX; n * n];
    let checks = Checks::new(puzzle);
    let mut stats = SolveStats::default();
    let outcome = |solution, count, stop, stats| Outcome {
        solution,
        count,
        stop,
        stats,
        observed: None,
        refused: None,
    };
    for (cell, given) in puzzle.givens().enumerate() {
        if let Some(v) = given {
            if !board.allows(cell, v) || !puzzle.allows(cell, v) {
                return outcome(None, 0, Stop::Exhausted, stats); // the givens already clash
            }
            trace!(
                target: crate::engine::LOG_PROPAGATE,
                "given {} = {}",
                puzzle.cell_name(cell),
                puzzle.symbols().label(v)
            );
            board.place(cell, v, true);
            grid[cell] = v;
        }
    }
    if !checks.hold(puzzle, &grid, &checks.at_start) {
        return outcome(None, 0, Stop::Exhausted, stats); // the givens break a constraint
    }
    let empties: Vec<usize> = (0..n * n).filter(|&c| puzzle.given(c).is_none()).collect();
    let (mut first, mut count) = (None, 0);
    let node_budget = limits.nodes.unwrap_or(u64::MAX);
    // i: how many empty cells are filled; v: the next value to try in empties[i].
    let (mut i, mut v) = (0usize, 0usize);
    loop {
        if i == empties.len() {
            count += 1;
            debug!(target: crate::engine::LOG_SEARCH, "solution {count}");
            first.get_or_insert_with(|| grid.clone());
            if count >= limits.solutions {
                return outcome(first, count, Stop::SolutionLimit, stats);
            }
        } else {
            let cell = empties[i];
            while v < n
                && !(board.allows(cell, v)
                    && puzzle.allows(cell, v)
                    && checks.hold_with(puzzle, &mut grid, cell, v))
            {
                trace!(
                    target: crate::engine::LOG_SEARCH,
                    "{} = {}: {}",
                    puzzle.cell_name(cell),
                    puzzle.symbols().label(v),
                    why_not(&board, &checks, puzzle, &mut grid, cell, v)
                );
                v += 1;
            }
            if v < n {
                if stats.nodes >= node_budget {
                    return outcome(first, count, Stop::NodeLimit, stats);
                }
                if limits
                    .deadline
                    .is_some_and(|d| stats.nodes.is_multiple_of(1024) && Instant::now() >= d)
                {
                    return outcome(first, count, Stop::Timeout, stats);
                }
                stats.nodes += 1;
                stats.guesses += 1;
                stats.max_depth = stats.max_depth.max(i as u64 + 1);
                debug!(
                    target: crate::engine::LOG_SEARCH,
                    "depth {}: {} = {}",
                    i + 1,
                    puzzle.cell_name(cell),
                    puzzle.symbols().label(v)
                );
                board.place(cell, v, true);
                grid[cell] = v;
                (i, v) = (i + 1, 0);
                continue;
            }
            stats.failures += 1;
        }
        // Backtrack: undo the last filled cell and try its next value.
        if i == 0 {
            return outcome(first, count, Stop::Exhausted, stats);
        }
        i -= 1;
        let cell = empties[i];
        let old = grid[cell];
        debug!(
            target: crate::engine::LOG_SEARCH,
            "depth {}: undo {} = {}",
            i + 1,
            puzzle.cell_name(cell),
            puzzle.symbols().label(old)
        );
        board.place(cell, old, false);
        grid[cell] = usize::MAX;
        v = old + 1;
    }
}

/// Why `v` may not go in `cell`, in words, for the trace: the region that has it, the cage
/// that cannot add up, the candidates, or the constraint it breaks.
fn why_not(
    board: &Board<'_>,
    checks: &Checks<'_>,
    puzzle: &Puzzle,
    grid: &mut [usize],
    cell: usize,
    v: usize,
) -> String {
    let symbol = puzzle.symbols().label(v);
    if let Some(&ri) = board.of_cell[cell]
        .iter()
        .find(|&&ri| board.used[ri * board.n + v])
    {
        return match ri.checked_sub(board.houses) {
            Some(k) => format!(
                "{} has {symbol}",
                crate::puzzle::cage_name(puzzle, &board.cages[k])
            ),
            None => format!(
                "{} has {symbol}",
                board.names.get(ri).map_or("a region", String::as_str)
            ),
        };
    }
    if let Some(k) = board.cage_of[cell].filter(|_| !board.allows(cell, v)) {
        let cage = crate::puzzle::cage_name(puzzle, &board.cages[k]);
        return format!("{cage} could not add up");
    }
    if !puzzle.allows(cell, v) {
        return format!("{symbol} is not a candidate of the cell");
    }
    grid[cell] = v;
    let value = |c: usize| puzzle.symbols().symbol(grid[c]) as i64;
    let broken = checks.at_cell[cell]
        .iter()
        .map(|&i| checks.constraints[i])
        .find(|c| !c.holds(&value));
    grid[cell] = usize::MAX;
    broken.map_or("breaks a rule".to_string(), |c| {
        format!("breaks {}", c.describe(|x| puzzle.cell_name(x)))
    })
}

/// The constraints other than regions, each checked whole once its last cell is filled.
struct Checks<'a> {
    constraints: Vec<&'a Constraint>,
    /// The constraints whose cells are all given.
    at_start: Vec<usize>,
    /// For each cell, the constraints it is the last (in filling order) to fill.
    at_cell: Vec<Vec<usize>>,
}

impl<'a> Checks<'a> {
    fn new(puzzle: &'a Puzzle) -> Self {
        let n = puzzle.size();
        let constraints: Vec<&Constraint> = puzzle
            .constraints()
            .iter()
            .filter(|c| !matches!(c, Constraint::Region(constraints::Region { .. })))
            .collect();
        let mut at_start = Vec::new();
        let mut at_cell = vec![Vec::new(); n * n];
        for (i, c) in constraints.iter().enumerate() {
            // Empty cells are filled from the top-left; the last of them closes the check.
            match c
                .cells()
                .into_iter()
                .filter(|&x| puzzle.given(x).is_none())
                .max()
            {
                Some(last) => at_cell[last].push(i),
                None => at_start.push(i),
            }
        }
        Checks {
            constraints,
            at_start,
            at_cell,
        }
    }

    /// Whether the constraints `which` hold on `grid` (their cells all filled).
    fn hold(&self, puzzle: &Puzzle, grid: &[usize], which: &[usize]) -> bool {
        let value = |cell: usize| puzzle.symbols().symbol(grid[cell]) as i64;
        which.iter().all(|&i| self.constraints[i].holds(&value))
    }

    /// Whether the constraints `cell` closes hold with `v` in it.
    fn hold_with(&self, puzzle: &Puzzle, grid: &mut [usize], cell: usize, v: usize) -> bool {
        if self.at_cell[cell].is_empty() {
            return true;
        }
        grid[cell] = v;
        let ok = self.hold(puzzle, grid, &self.at_cell[cell]);
        grid[cell] = usize::MAX;
        ok
    }
}
