//! Pencil-mark boards built by hand, for the techniques' own tests.

use super::{Board, Step};
use crate::puzzle::{Puzzle, Rules, Symbols};

/// An empty 9×9 board whose pencil marks allow `value` (an index) only in the listed columns
/// of each row in `rows`, and the marks `also` (a cell and its values), and every value
/// everywhere else.
pub(super) fn board(value: usize, rows: &[(usize, &[usize])], also: &[(usize, u64)]) -> Board<u16> {
    let mut p = Puzzle::empty(9, Symbols::default_for(9)).unwrap();
    for &(r, cols) in rows {
        for c in 0..9 {
            if !cols.contains(&c) {
                p.restrict(r * 9 + c, 0x1ff & !(1 << value)).unwrap();
            }
        }
    }
    for &(cell, mask) in also {
        p.restrict(cell, mask).unwrap();
    }
    Board::new(&p, &Rules::sudoku())
}

/// The eliminations of `steps`, sorted.
pub(super) fn eliminated(steps: &[Step]) -> Vec<(usize, usize)> {
    let mut out: Vec<_> = steps.iter().flat_map(|s| s.eliminate.clone()).collect();
    out.sort_unstable();
    out
}
