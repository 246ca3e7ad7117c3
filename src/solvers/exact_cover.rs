//! The exact-cover matrix of a Sudoku, shared by Algorithm X and Dancing Links.
//!
//! Columns (items), each to be covered exactly once:
//! - `cell`: one per cell, `0 .. n²` (the cell holds one symbol);
//! - `region-value`: one per region of the rules and value, `n² + region·n + value` (each row,
//!   column, box, and any diagonal the rules add, holds each value once).
//!
//! Rows (options): one per candidate (cell, value) that the givens leave possible, with a 1 in
//! the cell's column and in the (region, value) column of every region holding the cell. A
//! given's cell has only its given value as a row, and no other cell of its regions has a row
//! for that value, so the givens are selected before the search begins. A standard 9×9 puzzle
//! has at most 729 rows of 4 ones over 324 columns.

use crate::models::sudoku::{Region, regions};
use crate::models::{Puzzle, Rules};

/// The matrix in compressed form: each row's columns, and each column's rows.
#[derive(Debug, Clone)]
pub(crate) struct Matrix {
    /// Number of columns.
    pub(crate) columns: usize,
    /// For row `r`: the candidate `(cell, value)` it stands for.
    pub(crate) candidate: Vec<(u32, u32)>,
    /// Row `r`'s columns are `row_cols[row_start[r] .. row_start[r + 1]]`, cell column first.
    pub(crate) row_start: Vec<u32>,
    pub(crate) row_cols: Vec<u32>,
    /// False when two givens clash, or a cell has no candidate left: no solution.
    pub(crate) feasible: bool,
}

impl Matrix {
    /// The columns of row `r`.
    pub(crate) fn cols(&self, r: usize) -> &[u32] {
        &self.row_cols[self.row_start[r] as usize..self.row_start[r + 1] as usize]
    }

    /// Number of rows.
    pub(crate) fn rows(&self) -> usize {
        self.candidate.len()
    }

    /// Builds the matrix of `puzzle` under `rules`.
    pub(crate) fn new(puzzle: &Puzzle, rules: &Rules) -> Self {
        let n = puzzle.size();
        let cells = n * n;
        let regions: Vec<Region> = regions(rules, n, puzzle.box_size());
        // Regions holding each cell, and the values the givens already place in each region.
        let mut of_cell: Vec<Vec<u32>> = vec![Vec::new(); cells];
        let mut placed = vec![false; regions.len() * n];
        let mut feasible = true;
        for (ri, region) in regions.iter().enumerate() {
            for cell in region.cells() {
                of_cell[cell].push(ri as u32);
                if let Some(v) = puzzle.givens()[cell] {
                    feasible &= !std::mem::replace(&mut placed[ri * n + v], true);
                }
            }
        }
        let mut m = Matrix {
            columns: cells + regions.len() * n,
            candidate: Vec::new(),
            row_start: vec![0],
            row_cols: Vec::new(),
            feasible,
        };
        for (cell, (regions_of_cell, &given)) in of_cell.iter().zip(puzzle.givens()).enumerate() {
            let mut any = false;
            for v in 0..n {
                let possible = match given {
                    Some(g) => g == v,
                    None => regions_of_cell
                        .iter()
                        .all(|&ri| !placed[ri as usize * n + v]),
                };
                if !possible {
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
                m.row_start.push(m.row_cols.len() as u32);
            }
            m.feasible &= any;
        }
        m
    }

    /// The grid (value per cell) of a set of selected rows covering every cell.
    pub(crate) fn grid(&self, selected: impl Iterator<Item = usize>, cells: usize) -> Vec<usize> {
        let mut grid = vec![usize::MAX; cells];
        for r in selected {
            let (cell, v) = self.candidate[r];
            grid[cell as usize] = v as usize;
        }
        grid
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::Symbols;

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
