//! Knuth's Dancing Links (DLX) on the exact-cover matrix ([`Matrix`]).
//!
//! The matrix is a toroidal doubly linked structure kept in an index arena: node 0 is the root,
//! nodes `1..=columns` are the column headers, then one node per 1 of the matrix, row by row.
//! Each node has left/right/up/down links (`u32` indices, no pointers, no `unsafe`), its column
//! header and its row. Covering a column unlinks it from the header list and unlinks every row
//! crossing it from the other columns; uncovering relinks in exactly the reverse order, so the
//! links "dance" back. The column to cover next is the one with the fewest rows (Knuth's S
//! heuristic). Statistics count every link update. Reference: D. E. Knuth, "Dancing Links",
//! Millennial Perspectives in Computer Science, 2000 (arXiv cs/0011047).

use super::exact_cover::{self, Matrix};
use super::{Outcome, SolveStats, Solver};
use crate::engine::{Limits, Stop};
use crate::puzzle::{Puzzle, Rules};
use log::{Level, debug, log_enabled, trace};
use std::time::Instant;

/// Dancing Links with the S heuristic.
#[derive(Debug, Clone, Copy)]
pub struct DancingLinks;

impl Solver for DancingLinks {
    fn name(&self) -> &'static str {
        "dlx"
    }
    fn aliases(&self) -> &'static [&'static str] {
        &["dancing"]
    }
    fn description(&self) -> &'static str {
        "Knuth's Dancing Links on the exact-cover matrix, S heuristic"
    }
    fn refuses(&self, puzzle: &Puzzle, rules: &Rules) -> Option<String> {
        exact_cover::too_large(puzzle, rules)
    }

    fn search(&self, puzzle: &Puzzle, rules: &Rules, limits: &Limits) -> Outcome {
        exact_cover::solve_with(puzzle, rules, |m| Links::new(m).search(m, puzzle, limits))
    }
}

const ROOT: u32 = 0;

#[derive(Debug)]
struct Links {
    left: Vec<u32>,
    right: Vec<u32>,
    up: Vec<u32>,
    down: Vec<u32>,
    /// Column header of each node (a header is its own).
    col: Vec<u32>,
    /// Matrix row of each node (`u32::MAX` for the root and headers).
    row: Vec<u32>,
    /// Rows left in each column, by header node.
    size: Vec<u32>,
    /// First node of each matrix row.
    row_node: Vec<u32>,
    stats: SolveStats,
}

impl Links {
    fn new(m: &Matrix) -> Self {
        let headers = m.columns + 1;
        let total = headers + m.row_cols.len();
        let mut l = Links {
            left: Vec::with_capacity(total),
            right: Vec::with_capacity(total),
            up: Vec::with_capacity(total),
            down: Vec::with_capacity(total),
            col: Vec::with_capacity(total),
            row: Vec::with_capacity(total),
            size: vec![0; headers],
            row_node: Vec::with_capacity(m.rows()),
            stats: SolveStats::default(),
        };
        // Root and headers in one circular list; each header's column list is empty.
        for h in 0..headers as u32 {
            l.left.push(if h == 0 { headers as u32 - 1 } else { h - 1 });
            l.right
                .push(if h as usize == headers - 1 { 0 } else { h + 1 });
            l.up.push(h);
            l.down.push(h);
            l.col.push(h);
            l.row.push(u32::MAX);
        }
        for r in 0..m.rows() {
            let first = l.col.len() as u32;
            l.row_node.push(first);
            let cols = m.cols(r);
            for (k, &c) in cols.iter().enumerate() {
                let x = first + k as u32;
                let h = c + 1;
                // horizontally: circular within the row
                l.left.push(if k == 0 {
                    first + cols.len() as u32 - 1
                } else {
                    x - 1
                });
                l.right
                    .push(if k + 1 == cols.len() { first } else { x + 1 });
                // vertically: append at the bottom of column h
                let bottom = l.up[h as usize];
                l.up.push(bottom);
                l.down.push(h);
                l.down[bottom as usize] = x;
                l.up[h as usize] = x;
                l.col.push(h);
                l.row.push(r as u32);
                l.size[h as usize] += 1;
            }
        }
        l
    }

    fn cover(&mut self, c: u32) {
        let c = c as usize;
        let (lc, rc) = (self.left[c], self.right[c]);
        self.left[rc as usize] = lc;
        self.right[lc as usize] = rc;
        let mut updates = 2;
        let mut i = self.down[c];
        while i as usize != c {
            let mut j = self.right[i as usize];
            while j != i {
                let (uj, dj) = (self.up[j as usize], self.down[j as usize]);
                self.up[dj as usize] = uj;
                self.down[uj as usize] = dj;
                self.size[self.col[j as usize] as usize] -= 1;
                updates += 2;
                j = self.right[j as usize];
            }
            i = self.down[i as usize];
        }
        self.stats.link_updates += updates;
    }

    fn uncover(&mut self, c: u32) {
        let c = c as usize;
        let mut updates = 2;
        let mut i = self.up[c];
        while i as usize != c {
            let mut j = self.left[i as usize];
            while j != i {
                self.size[self.col[j as usize] as usize] += 1;
                let (uj, dj) = (self.up[j as usize], self.down[j as usize]);
                self.up[dj as usize] = j;
                self.down[uj as usize] = j;
                updates += 2;
                j = self.left[j as usize];
            }
            i = self.up[i as usize];
        }
        let (lc, rc) = (self.left[c], self.right[c]);
        self.left[rc as usize] = c as u32;
        self.right[lc as usize] = c as u32;
        self.stats.link_updates += updates;
    }

    /// Covers the columns of `x`'s row other than `x`'s own, left to right.
    fn cover_row(&mut self, x: u32) {
        let mut j = self.right[x as usize];
        while j != x {
            self.cover(self.col[j as usize]);
            j = self.right[j as usize];
        }
    }

    /// Uncovers what [`Links::cover_row`] covered, right to left.
    fn uncover_row(&mut self, x: u32) {
        let mut j = self.left[x as usize];
        while j != x {
            self.uncover(self.col[j as usize]);
            j = self.left[j as usize];
        }
    }

    /// The uncovered column with the fewest rows (first such from the left).
    fn choose(&self) -> u32 {
        let mut best = self.right[ROOT as usize];
        let mut c = best;
        while c != ROOT {
            if self.size[c as usize] < self.size[best as usize] {
                best = c;
                if self.size[c as usize] <= 1 {
                    break;
                }
            }
            c = self.right[c as usize];
        }
        best
    }

    fn search(mut self, m: &Matrix, puzzle: &Puzzle, limits: &Limits) -> Outcome {
        let cells = puzzle.size() * puzzle.size();
        // Select the givens' rows up front: cover their columns.
        let givens = m.given_rows(puzzle);
        for &r in &givens {
            trace!(target: crate::engine::LOG_PROPAGATE, "given {}", m.describe(r, puzzle));
            let x = self.row_node[r];
            self.cover(self.col[x as usize]);
            self.cover_row(x);
        }
        // chosen[l]: the node tried at level l (its column's header while the column is empty).
        let mut chosen: Vec<u32> = Vec::new();
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
        'search: loop {
            if self.right[ROOT as usize] == ROOT {
                count += 1;
                debug!(target: crate::engine::LOG_SEARCH, "solution {count}");
                if first.is_none() {
                    let rows = chosen.iter().map(|&x| self.row[x as usize] as usize);
                    first = Some(m.grid(givens.iter().copied().chain(rows), cells));
                }
                if count >= limits.solutions {
                    return done(first, count, Stop::SolutionLimit, self.stats);
                }
            } else {
                let c = self.choose();
                let options = self.size[c as usize];
                self.cover(c);
                let x = self.down[c as usize];
                chosen.push(x);
                if x != c {
                    if self.stats.nodes >= node_budget {
                        return done(first, count, Stop::NodeLimit, self.stats);
                    }
                    if limits.deadline.is_some_and(|d| {
                        self.stats.nodes.is_multiple_of(1024) && Instant::now() >= d
                    }) {
                        return done(first, count, Stop::Timeout, self.stats);
                    }
                    self.try_row(x, options >= 2, chosen.len(), m, puzzle);
                    continue 'search;
                }
                self.stats.failures += 1;
            }
            // Backtrack: undo the innermost row and try the next one in its column.
            while let Some(x) = chosen.pop() {
                let c = self.col[x as usize];
                if x != c {
                    debug!(
                        target: crate::engine::LOG_SEARCH,
                        "depth {}: backtrack, undo {}",
                        chosen.len() + 1,
                        m.describe(self.row[x as usize] as usize, puzzle)
                    );
                    self.uncover_row(x);
                    let next = self.down[x as usize];
                    if next != c {
                        chosen.push(next);
                        self.try_row(next, true, chosen.len(), m, puzzle);
                        continue 'search;
                    }
                }
                self.uncover(c);
            }
            return done(first, count, Stop::Exhausted, self.stats);
        }
    }

    /// Selects the row of node `x` at `depth`: covers its other columns.
    fn try_row(&mut self, x: u32, guess: bool, depth: usize, m: &Matrix, puzzle: &Puzzle) {
        self.stats.nodes += 1;
        self.stats.guesses += u64::from(guess);
        self.stats.max_depth = self.stats.max_depth.max(depth as u64);
        debug!(
            target: crate::engine::LOG_SEARCH,
            "depth {depth}: select {}",
            m.describe(self.row[x as usize] as usize, puzzle)
        );
        if log_enabled!(target: crate::engine::LOG_PROPAGATE, Level::Trace) {
            let mut j = self.right[x as usize];
            while j != x {
                let c = self.col[j as usize] as usize - 1;
                trace!(target: crate::engine::LOG_PROPAGATE, "  covers {}", m.column_name(c));
                j = self.right[j as usize];
            }
        }
        self.cover_row(x);
    }
}
