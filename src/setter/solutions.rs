//! Up to N distinct solutions of a puzzle, and the cells where two of them differ.

use super::{Refused, prepared};
use crate::engine::{Domain, Limits, Stop};
use crate::model::{self, Tuning};
use crate::puzzle::{Puzzle, Rules};
use crate::solvers::SolveStats;

/// The solutions a search found, in the order it found them.
#[derive(Debug, Clone, PartialEq)]
pub struct Solutions {
    /// Each solution, a value index per cell (row-major); all distinct.
    pub grids: Vec<Vec<usize>>,
    /// Why the search ended: [`Stop::Exhausted`] when `grids` are all the solutions there are.
    pub stop: Stop,
    /// What the search did.
    pub stats: SolveStats,
}

/// Up to `limits.solutions` solutions of `puzzle` under `rules`, on `cp`'s model alone (one
/// thread), within the limits' nodes and deadline.
pub fn solutions(puzzle: &Puzzle, rules: &Rules, limits: &Limits) -> Result<Solutions, Refused> {
    let puzzle = prepared(puzzle, rules)?;
    Ok(crate::with_domain!(puzzle.size(), D => search::<D>(&puzzle, rules, limits)))
}

fn search<D: Domain>(puzzle: &Puzzle, rules: &Rules, limits: &Limits) -> Solutions {
    let mut grids = Vec::new();
    let searched = model::with_model::<D, _>(puzzle, rules, &Tuning::DEFAULT, |engine| {
        let stop = engine.search(limits, |doms| grids.push(model::grid_of(puzzle, doms)));
        (stop, SolveStats::from(*engine.stats()))
    });
    let (stop, stats) = searched.unwrap_or((Stop::Exhausted, SolveStats::default()));
    Solutions { grids, stop, stats }
}

/// The cells (row-major indices) where grids `a` and `b` hold different values.
pub fn differences(a: &[usize], b: &[usize]) -> Vec<usize> {
    a.iter()
        .zip(b)
        .enumerate()
        .filter(|(_, (x, y))| x != y)
        .map(|(cell, _)| cell)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setter::tests::puzzle;

    #[test]
    fn every_solution_of_a_small_puzzle_once_each() {
        // Four givens of a 4×4: the solutions are distinct, all pass the check, and asking for
        // more than there are ends exhausted with all of them.
        let p = puzzle("1.......2.......");
        let all = solutions(&p, &Rules::sudoku(), &Limits::solutions(1000)).unwrap();
        assert_eq!(all.stop, Stop::Exhausted);
        assert!(all.grids.len() > 2);
        for (i, g) in all.grids.iter().enumerate() {
            assert!(crate::check_solution(&p, &Rules::sudoku(), g).is_empty());
            assert!(!all.grids[..i].contains(g));
        }
        let two = solutions(&p, &Rules::sudoku(), &Limits::solutions(2)).unwrap();
        assert_eq!(two.grids.len(), 2);
        assert_eq!(two.stop, Stop::SolutionLimit);
        let cells = differences(&two.grids[0], &two.grids[1]);
        assert!(!cells.is_empty());
        assert!(cells.iter().all(|&c| two.grids[0][c] != two.grids[1][c]));
    }
}
