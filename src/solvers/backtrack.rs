//! Naive backtracking, as the textbook has it: empty cells from top-left to bottom-right, each
//! symbol in order, a validity check against every region holding the cell, recurse, undo on
//! failure. No inference and no ordering heuristics: the baseline everything else is measured
//! against. The recursion is unrolled into a loop over an explicit stack, so 256×256 grids
//! cannot overflow the call stack.

use super::{Outcome, SolveStats, Solver};
use crate::engine::{Limits, Stop};
use crate::models::sudoku::regions;
use crate::models::{Puzzle, Rules};
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
    fn solve(&self, puzzle: &Puzzle, rules: &Rules, limits: &Limits) -> Outcome {
        let start = Instant::now();
        let mut out = search(puzzle, rules, limits);
        out.stats.time = start.elapsed();
        out
    }
}

fn search(puzzle: &Puzzle, rules: &Rules, limits: &Limits) -> Outcome {
    let n = puzzle.size();
    let regions = regions(rules, n, puzzle.box_size());
    // of_cell[cell]: the regions holding the cell; used[region * n + v]: v is in the region.
    let mut of_cell: Vec<Vec<usize>> = vec![Vec::new(); n * n];
    for (ri, region) in regions.iter().enumerate() {
        region.cells().for_each(|c| of_cell[c].push(ri));
    }
    let mut used = vec![false; regions.len() * n];
    let mut grid: Vec<usize> = vec![usize::MAX; n * n];
    let mut stats = SolveStats::default();
    let outcome = |solution, count, stop, stats| Outcome {
        solution,
        count,
        stop,
        stats,
    };
    for (cell, given) in puzzle.givens().iter().enumerate() {
        if let Some(v) = *given {
            for &ri in &of_cell[cell] {
                if std::mem::replace(&mut used[ri * n + v], true) {
                    return outcome(None, 0, Stop::Exhausted, stats); // clashing givens
                }
            }
            grid[cell] = v;
        }
    }
    let empties: Vec<usize> = (0..n * n)
        .filter(|&c| puzzle.givens()[c].is_none())
        .collect();
    let (mut first, mut count) = (None, 0);
    let node_budget = limits.nodes.unwrap_or(u64::MAX);
    // i: how many empty cells are filled; v: the next value to try in empties[i].
    let (mut i, mut v) = (0usize, 0usize);
    loop {
        if i == empties.len() {
            count += 1;
            debug!(target: "search", "solution {count}");
            first.get_or_insert_with(|| grid.clone());
            if count >= limits.solutions {
                return outcome(first, count, Stop::SolutionLimit, stats);
            }
        } else {
            let cell = empties[i];
            while v < n && of_cell[cell].iter().any(|&ri| used[ri * n + v]) {
                trace!(target: "search", "{} = {} breaks a rule", puzzle.cell_name(cell), puzzle.symbols().symbol(v));
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
                debug!(target: "search", "depth {}: {} = {}", i + 1, puzzle.cell_name(cell), puzzle.symbols().symbol(v));
                of_cell[cell].iter().for_each(|&ri| used[ri * n + v] = true);
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
        debug!(target: "search", "depth {}: undo {} = {}", i + 1, puzzle.cell_name(cell), puzzle.symbols().symbol(old));
        of_cell[cell]
            .iter()
            .for_each(|&ri| used[ri * n + old] = false);
        grid[cell] = usize::MAX;
        v = old + 1;
    }
}
