//! Knuth's Algorithm X on the exact-cover matrix ([`Matrix`]), with plain data structures:
//! bitsets of the active rows and columns, a count of active rows per column, and an undo list
//! of what each selection removed. No dancing links: finding a column's rows scans its full
//! row list and skips inactive rows, which is the cost Dancing Links removes.
//!
//! Search: choose the active column with the fewest active rows (Knuth's heuristic), try each of
//! its active rows in turn; selecting a row removes its columns and every row sharing one of
//! them. The givens' rows are selected before the search.

use super::exact_cover::{self, Columns, Matrix};
use super::{Outcome, SolveStats, Solver};
use crate::engine::{Limits, Stop};
use crate::puzzle::{Puzzle, Rules};
use fixedbitset::FixedBitSet;
use log::{debug, log_enabled, trace};
use std::time::Instant;

/// Algorithm X with bitsets and undo lists.
#[derive(Debug, Clone, Copy)]
pub struct AlgorithmX;

impl Solver for AlgorithmX {
    fn name(&self) -> &'static str {
        "algx"
    }
    fn aliases(&self) -> &'static [&'static str] {
        &["algorx"]
    }
    fn description(&self) -> &'static str {
        "Knuth's Algorithm X on the exact-cover matrix (bitsets, undo lists)"
    }
    fn refuses(&self, puzzle: &Puzzle, rules: &Rules) -> Option<String> {
        exact_cover::too_large(puzzle, rules)
    }

    fn search(&self, puzzle: &Puzzle, rules: &Rules, limits: &Limits) -> Outcome {
        exact_cover::solve_with(puzzle, rules, |m| State::new(m).search(m, puzzle, limits))
    }
}

/// One search level: the column being covered and where its row scan stands.
#[derive(Debug, Clone, Copy)]
struct Level {
    col: usize,
    /// Index into the column's row list of the next row to try.
    next: usize,
    /// The row selected at this level, if any.
    row: Option<usize>,
    /// Undo-list lengths when the level began.
    mark: (usize, usize),
    /// Active rows in the column when chosen (≥ 2 makes each try a guess).
    options: u32,
}

#[derive(Debug)]
struct State {
    columns: Columns,
    row_on: FixedBitSet,
    col_on: FixedBitSet,
    count: Vec<u32>,
    removed_rows: Vec<u32>,
    removed_cols: Vec<u32>,
    stats: SolveStats,
}

impl State {
    fn new(m: &Matrix) -> Self {
        let columns = m.transpose();
        let count = (0..m.columns)
            .map(|c| columns.rows_of(c).len() as u32)
            .collect();
        let mut row_on = FixedBitSet::with_capacity(m.rows());
        row_on.insert_range(..);
        let mut col_on = FixedBitSet::with_capacity(m.columns);
        col_on.insert_range(..);
        State {
            columns,
            row_on,
            col_on,
            count,
            removed_rows: Vec::new(),
            removed_cols: Vec::new(),
            stats: SolveStats::default(),
        }
    }

    fn rows_of(&self, c: usize) -> &[u32] {
        self.columns.rows_of(c)
    }

    /// Selects row `r`: removes its columns and every active row that shares one.
    fn select(&mut self, m: &Matrix, r: usize) {
        for &c in m.cols(r) {
            let c = c as usize;
            self.col_on.set(c, false);
            self.removed_cols.push(c as u32);
            for i in self.columns.col_start[c]..self.columns.col_start[c + 1] {
                let r2 = self.columns.col_rows[i as usize] as usize;
                if self.row_on.contains(r2) {
                    self.row_on.set(r2, false);
                    self.removed_rows.push(r2 as u32);
                    m.cols(r2)
                        .iter()
                        .for_each(|&c2| self.count[c2 as usize] -= 1);
                }
            }
        }
    }

    /// Restores everything removed since the undo lists had lengths `mark`.
    fn undo(&mut self, m: &Matrix, mark: (usize, usize)) {
        while self.removed_rows.len() > mark.0 {
            let r = self.removed_rows.pop().expect("length checked") as usize;
            self.row_on.insert(r);
            m.cols(r).iter().for_each(|&c| self.count[c as usize] += 1);
        }
        while self.removed_cols.len() > mark.1 {
            let c = self.removed_cols.pop().expect("length checked");
            self.col_on.insert(c as usize);
        }
    }

    /// The active column with the fewest active rows, or `None` when all are covered.
    fn choose(&self) -> Option<usize> {
        let mut best: Option<usize> = None;
        for c in self.col_on.ones() {
            if best.is_none_or(|b| self.count[c] < self.count[b]) {
                best = Some(c);
                if self.count[c] <= 1 {
                    break;
                }
            }
        }
        best
    }

    fn search(mut self, m: &Matrix, puzzle: &Puzzle, limits: &Limits) -> Outcome {
        let cells = puzzle.size() * puzzle.size();
        let givens = m.given_rows(puzzle);
        for &r in &givens {
            trace!(target: crate::engine::LOG_PROPAGATE, "given {}", m.describe(r, puzzle));
            self.select(m, r);
        }
        let mut levels: Vec<Level> = Vec::new();
        let (mut first, mut count) = (None, 0);
        let node_budget = limits.nodes.unwrap_or(u64::MAX);
        let done = |first, count, stop, stats| Outcome {
            solution: first,
            count,
            stop,
            stats,
            observed: None,
            refused: None,
        };
        let mut descend = true;
        loop {
            if descend {
                match self.choose() {
                    None => {
                        count += 1;
                        debug!(target: crate::engine::LOG_SEARCH, "solution {count}");
                        if first.is_none() {
                            let rows = givens
                                .iter()
                                .copied()
                                .chain(levels.iter().filter_map(|l| l.row));
                            first = Some(m.grid(rows, cells));
                        }
                        if count >= limits.solutions {
                            return done(first, count, Stop::SolutionLimit, self.stats);
                        }
                    }
                    Some(c) => {
                        let mark = (self.removed_rows.len(), self.removed_cols.len());
                        levels.push(Level {
                            col: c,
                            next: 0,
                            row: None,
                            mark,
                            options: self.count[c],
                        });
                    }
                }
            }
            // Try the next active row of the innermost column; pop columns that have none left.
            let Some(level) = levels.last().copied() else {
                return done(first, count, Stop::Exhausted, self.stats);
            };
            self.undo(m, level.mark);
            let rows = self.rows_of(level.col);
            let next = (level.next..rows.len()).find(|&i| self.row_on.contains(rows[i] as usize));
            let Some(i) = next else {
                if level.row.is_none() {
                    self.stats.failures += 1;
                }
                debug!(
                    target: crate::engine::LOG_SEARCH,
                    "depth {}: backtrack, no row left for {}",
                    levels.len(),
                    m.column_name(level.col)
                );
                levels.pop();
                descend = false;
                continue;
            };
            if self.stats.nodes >= node_budget {
                return done(first, count, Stop::NodeLimit, self.stats);
            }
            if limits
                .deadline
                .is_some_and(|d| self.stats.nodes.is_multiple_of(1024) && Instant::now() >= d)
            {
                return done(first, count, Stop::Timeout, self.stats);
            }
            let r = rows[i] as usize;
            self.stats.nodes += 1;
            self.stats.guesses += u64::from(level.options >= 2);
            self.stats.max_depth = self.stats.max_depth.max(levels.len() as u64);
            debug!(
                target: crate::engine::LOG_SEARCH,
                "depth {}: select {} (column {} of {} rows)",
                levels.len(),
                m.describe(r, puzzle),
                level.col,
                level.options
            );
            let top = levels.last_mut().expect("a level is open");
            (top.next, top.row) = (i + 1, Some(r));
            if log_enabled!(target: crate::engine::LOG_PROPAGATE, log::Level::Trace) {
                for &c in m.cols(r) {
                    trace!(target: crate::engine::LOG_PROPAGATE, "  covers {}", m.column_name(c as usize));
                }
            }
            self.select(m, r);
            descend = true;
        }
    }
}
