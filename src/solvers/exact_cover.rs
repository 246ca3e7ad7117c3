//! The exact-cover matrix of a Sudoku, shared by Algorithm X and Dancing Links.
//!
//! Columns (items), each to be covered exactly once:
//! - `cell`: one per cell, `0 .. n²` (the cell holds one symbol);
//! - `region-value`: one per region and value, `n² + region·n + value` (each row, column, box,
//!   any diagonal the rules add, and each of the puzzle's extra regions of n cells, holds each
//!   value once).
//!
//! Rows (options): one per candidate (cell, value) that the givens leave possible, with a 1 in
//! the cell's column and in the (region, value) column of every region holding the cell. A
//! given's cell has only its given value as a row, and no other cell of its regions has a row
//! for that value, so the givens are selected before the search begins. A standard 9×9 puzzle
//! has at most 729 rows of 4 ones over 324 columns.
//!
//! Killer cages (when the rules have them) add, for each cage g, a column `g` (the cage picks
//! exactly one combination) and n columns `(g, v)`. Each combination S of distinct values
//! reaching the cage's total is a row covering `g` and `(g, v)` for every v **not** in S; each
//! candidate row of a cell in g also covers `(g, v)`. So a value outside the chosen S is barred
//! from the cage (its column is taken), and a value in S is taken by exactly one cell of the
//! cage: with |S| = |g|, the cage holds exactly the values of S, once each — sum and
//! distinctness together.

use super::{Outcome, SolveStats};
use crate::constraints;
use crate::engine::{Stop, for_each_combination};
use crate::puzzle::{Constraint, Puzzle, Rules};
use crate::puzzle::{Region, regions};
use log::{Level, log_enabled};
use std::time::Instant;

/// The matrix in compressed form: each row's columns, and each column's rows.
#[derive(Debug, Clone)]
pub(crate) struct Matrix {
    /// Number of columns.
    pub(crate) columns: usize,
    /// For row `r`: the candidate `(cell, value)` it stands for; for a cage combination row,
    /// `(COMBINATION, cage)`.
    pub(crate) candidate: Vec<(u32, u32)>,
    /// Row `r`'s columns are `row_cols[row_start[r] .. row_start[r + 1]]`, cell column first.
    pub(crate) row_start: Vec<u32>,
    pub(crate) row_cols: Vec<u32>,
    /// False when two givens clash, or a cell has no candidate left: no solution.
    pub(crate) feasible: bool,
    /// Each column in words (`row 1 holds 5`), made only while trace logs are on.
    pub(crate) names: Vec<String>,
}

/// Solves with an exact-cover `search`: builds the matrix, answers "no solution" at once when
/// the givens already clash, and times the whole call.
pub(crate) fn solve_with(
    puzzle: &Puzzle,
    rules: &Rules,
    search: impl FnOnce(&Matrix) -> Outcome,
) -> Outcome {
    let start = Instant::now();
    let m = Matrix::new(puzzle, rules);
    let mut out = if m.feasible {
        search(&m)
    } else {
        Outcome {
            solution: None,
            count: 0,
            stop: Stop::Exhausted,
            stats: SolveStats::default(),
            observed: None,
            refused: None,
        }
    };
    out.stats.time = start.elapsed();
    out
}

/// The matrix by columns ([`Matrix::transpose`]).
#[derive(Debug, Clone)]
pub(crate) struct Columns {
    pub(crate) col_start: Vec<u32>,
    pub(crate) col_rows: Vec<u32>,
}

impl Columns {
    /// The rows of column `c`.
    pub(crate) fn rows_of(&self, c: usize) -> &[u32] {
        &self.col_rows[self.col_start[c] as usize..self.col_start[c + 1] as usize]
    }
}

/// Marks a cage combination row in [`Matrix::candidate`].
pub(crate) const COMBINATION: u32 = u32::MAX;

impl Matrix {
    /// The columns of row `r`.
    pub(crate) fn cols(&self, r: usize) -> &[u32] {
        &self.row_cols[self.row_start[r] as usize..self.row_start[r + 1] as usize]
    }

    /// Number of rows.
    pub(crate) fn rows(&self) -> usize {
        self.candidate.len()
    }

    /// The row lists transposed into column lists: column `c`'s rows are
    /// `col_rows[col_start[c] .. col_start[c + 1]]`, in increasing order.
    pub(crate) fn transpose(&self) -> Columns {
        let mut count = vec![0u32; self.columns];
        self.row_cols.iter().for_each(|&c| count[c as usize] += 1);
        let mut col_start = vec![0u32; self.columns + 1];
        for c in 0..self.columns {
            col_start[c + 1] = col_start[c] + count[c];
        }
        let mut fill = col_start.clone();
        let mut col_rows = vec![0u32; self.row_cols.len()];
        for r in 0..self.rows() {
            for &c in self.cols(r) {
                col_rows[fill[c as usize] as usize] = r as u32;
                fill[c as usize] += 1;
            }
        }
        Columns {
            col_start,
            col_rows,
        }
    }

    /// Builds the matrix of `puzzle` under `rules` (see [`too_large`] first).
    pub(crate) fn new(puzzle: &Puzzle, rules: &Rules) -> Self {
        let n = puzzle.size();
        let cells = n * n;
        let regions = houses(puzzle, rules);
        // Regions holding each cell, and the values the givens already place in each region.
        let mut of_cell: Vec<Vec<u32>> = vec![Vec::new(); cells];
        let mut placed = vec![false; regions.len() * n];
        let mut feasible = true;
        for (ri, region) in regions.iter().enumerate() {
            for &cell in region {
                of_cell[cell].push(ri as u32);
                if let Some(v) = puzzle.given(cell) {
                    feasible &= !std::mem::replace(&mut placed[ri * n + v], true);
                }
            }
        }
        let cages = if rules.cages { puzzle.cages() } else { &[] };
        // Cage columns: `g` at cage_col(g), `(g, v)` right after it.
        let cage_base = cells + regions.len() * n;
        let cage_col = |g: usize| cage_base + g * (n + 1);
        let mut cage_of = vec![usize::MAX; cells];
        for (g, cage) in cages.iter().enumerate() {
            cage.cells.iter().for_each(|&c| cage_of[c] = g);
        }
        let mut m = Matrix {
            columns: cage_base + cages.len() * (n + 1),
            candidate: Vec::new(),
            row_start: vec![0],
            row_cols: Vec::new(),
            feasible,
            names: Vec::new(),
        };
        if log_enabled!(target: crate::engine::LOG_PROPAGATE, Level::Trace) {
            let symbol = |v: usize| puzzle.symbols().label(v).to_string();
            m.names
                .extend((0..cells).map(|c| format!("{} holds a symbol", puzzle.cell_name(c))));
            for region in house_names(puzzle, rules) {
                m.names
                    .extend((0..n).map(|v| format!("{region} holds {}", symbol(v))));
            }
            for cage in cages {
                let name = crate::puzzle::cage_name(puzzle, cage);
                m.names.push(format!("{name} takes a combination"));
                m.names
                    .extend((0..n).map(|v| format!("{name}: {} in it or barred", symbol(v))));
            }
        }
        for (cell, (regions_of_cell, given)) in of_cell.iter().zip(puzzle.givens()).enumerate() {
            let mut any = false;
            for v in 0..n {
                let possible = match given {
                    Some(g) => g == v,
                    None => regions_of_cell
                        .iter()
                        .all(|&ri| !placed[ri as usize * n + v]),
                };
                if !possible || !puzzle.allows(cell, v) {
                    continue;
                }
                any = true;
                m.candidate.push((cell as u32, v as u32));
                m.row_cols.push(cell as u32);
                m.row_cols.extend(
                    regions_of_cell
                        .iter()
                        .map(|&ri| (cells + ri as usize * n + v) as u32),
                );
                if cage_of[cell] != usize::MAX {
                    m.row_cols.push((cage_col(cage_of[cell]) + 1 + v) as u32);
                }
                m.row_start.push(m.row_cols.len() as u32);
            }
            m.feasible &= any;
        }
        for (g, cage) in cages.iter().enumerate() {
            let given = cage
                .cells
                .iter()
                .filter_map(|&c| puzzle.given(c))
                .collect::<Vec<_>>();
            // Givens repeating a value in a cage would cover its value column twice.
            m.feasible &= given
                .iter()
                .enumerate()
                .all(|(i, v)| !given[..i].contains(v));
            for_each_combination(
                puzzle.symbols().as_slice(),
                cage.cells.len(),
                cage.total,
                |set| {
                    if given.iter().all(|v| set.contains(v)) {
                        m.candidate.push((COMBINATION, g as u32));
                        m.row_cols.push(cage_col(g) as u32);
                        let barred = (0..n).filter(|v| !set.contains(v));
                        m.row_cols
                            .extend(barred.map(|v| (cage_col(g) + 1 + v) as u32));
                        m.row_start.push(m.row_cols.len() as u32);
                    }
                    true
                },
            );
        }
        m
    }

    /// The rows of the givens, to select before searching.
    pub(crate) fn given_rows(&self, puzzle: &Puzzle) -> Vec<usize> {
        (0..self.rows())
            .filter(|&r| {
                let cell = self.candidate[r].0;
                cell != COMBINATION && puzzle.given(cell as usize).is_some()
            })
            .collect()
    }

    /// Row `r` in words, for logs: `r1c2 = 3`, or `cage 17/2 at r1c1 takes {8,9}`.
    pub(crate) fn describe(&self, r: usize, puzzle: &Puzzle) -> String {
        let (cell, v) = self.candidate[r];
        if cell == COMBINATION {
            let cage = &puzzle.cages()[v as usize];
            let n = puzzle.size();
            // the row covers the cage column, then `(g, v)` = cage column + 1 + v for barred v
            let cols = self.cols(r);
            let barred: Vec<usize> = cols[1..]
                .iter()
                .map(|&c| (c - cols[0] - 1) as usize)
                .collect();
            let set: Vec<String> = (0..n)
                .filter(|v| !barred.contains(v))
                .map(|v| puzzle.symbols().label(v).to_string())
                .collect();
            format!(
                "{} takes {{{}}}",
                crate::puzzle::cage_name(puzzle, cage),
                set.join(",")
            )
        } else {
            format!(
                "{} = {}",
                puzzle.cell_name(cell as usize),
                puzzle.symbols().label(v as usize)
            )
        }
    }

    /// The grid (value per cell) of a set of selected rows covering every cell.
    pub(crate) fn grid(&self, selected: impl Iterator<Item = usize>, cells: usize) -> Vec<usize> {
        let mut grid = vec![usize::MAX; cells];
        for r in selected {
            let (cell, v) = self.candidate[r];
            if cell != COMBINATION {
                grid[cell as usize] = v as usize;
            }
        }
        grid
    }

    /// Column `c` in words, when the matrix was built with names (trace logs on).
    pub(crate) fn column_name(&self, c: usize) -> &str {
        self.names.get(c).map_or("a column", String::as_str)
    }
}

/// The names of [`houses`], in its order.
fn house_names(puzzle: &Puzzle, rules: &Rules) -> Vec<String> {
    let rule_regions: Vec<Region> = regions(rules, puzzle.size(), puzzle.boxes());
    let extra = puzzle.constraints().iter().filter_map(|c| match c {
        Constraint::Region(constraints::Region { label, .. }) => Some(label.clone()),
        _ => None,
    });
    rule_regions
        .iter()
        .map(|r| r.to_string())
        .chain(extra)
        .collect()
}

/// The cells of every region that holds each value once: the rules' and the puzzle's own.
fn houses(puzzle: &Puzzle, rules: &Rules) -> Vec<Vec<usize>> {
    let rule_regions: Vec<Region> = regions(rules, puzzle.size(), puzzle.boxes());
    let extra = puzzle.constraints().iter().filter_map(|c| match c {
        Constraint::Region(constraints::Region { cells, .. }) => Some(cells.clone()),
        _ => None,
    });
    rule_regions
        .iter()
        .map(|r| r.cells().collect())
        .chain(extra)
        .collect()
}

/// The first constraint exact cover cannot express: anything but a region of n cells, which
/// holds each value exactly once.
fn inexpressible(puzzle: &Puzzle) -> Option<String> {
    let n = puzzle.size();
    let c = puzzle.constraints().iter().find(
        |c| !matches!(c, Constraint::Region(constraints::Region { cells, .. }) if cells.len() == n),
    )?;
    Some(format!(
        "exact cover takes extra regions of {n} cells only, not the puzzle's {} ({}): use \
         --solver cp or backtrack",
        c.kind(),
        c.describe(|x| puzzle.cell_name(x))
    ))
}

/// The most 1s an exact-cover matrix may hold: about 128 MB of row lists, more again in
/// Dancing Links' nodes. 144×144 fits (15 M); 196×196 and up do not.
const MAX_ENTRIES: usize = 1 << 25;

/// Why the exact-cover matrix of `puzzle` would be too large to build, if it would: too many
/// 1s in all, or a cage with too many combinations to list as rows.
pub(crate) fn too_large(puzzle: &Puzzle, rules: &Rules) -> Option<String> {
    if let Some(why) = inexpressible(puzzle) {
        return Some(why);
    }
    let n = puzzle.size();
    let per_cell = 1 + houses(puzzle, rules).len() / n + 1;
    let entries = n.pow(3).saturating_mul(per_cell);
    if entries > MAX_ENTRIES {
        return Some(format!(
            "the exact-cover matrix of a {n}×{n} grid would hold about {} million entries, more \
             than the {} million this solver builds; use --solver cp",
            entries >> 20,
            MAX_ENTRIES >> 20
        ));
    }
    let weights = puzzle.symbols().as_slice();
    let cages = if rules.cages { puzzle.cages() } else { &[] };
    cages.iter().find_map(|cage| {
        (!crate::model::fits_a_table(weights, cage.cells.len(), cage.total)).then(|| {
            format!(
                "{} has more than {} combinations, too many to list as rows; use --solver cp",
                crate::puzzle::cage_name(puzzle, cage),
                crate::model::MAX_COMBINATIONS
            )
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Symbols;

    #[test]
    fn empty_9x9_has_729_rows_of_4_over_324_columns() {
        let p = Puzzle::empty(9, Symbols::default_for(9)).unwrap();
        let m = Matrix::new(&p, &Rules::sudoku());
        assert_eq!((m.rows(), m.columns, m.row_cols.len()), (729, 324, 729 * 4));
        // row for r1c2 = 3 (cell 1, value 2): cell 1, row 0 value 2, column 1 value 2, box 0 value 2
        let r = m.candidate.iter().position(|&c| c == (1, 2)).unwrap();
        assert_eq!(m.cols(r), &[1, 81 + 2, 81 + 81 + 9 + 2, 81 + 162 + 2]);
    }

    #[test]
    fn givens_leave_one_row_and_remove_their_value_from_their_regions() {
        let mut p = Puzzle::empty(4, Symbols::default_for(4)).unwrap();
        p.set_given(0, Some(0));
        let m = Matrix::new(&p, &Rules::sudoku());
        assert_eq!(m.candidate.iter().filter(|c| c.0 == 0).count(), 1);
        assert!(!m.candidate.contains(&(1, 0)) && !m.candidate.contains(&(4, 0)));
        assert!(m.candidate.contains(&(10, 0)));
        assert!(m.feasible);
    }
}
