//! Property tests: on random 4×4 and 9×9 puzzles (a random valid grid with random cells
//! blanked, sometimes with one given changed so that it may have no solution), every solver
//! agrees on the number of solutions (up to 3), and every solution is valid.

mod common;

use proptest::prelude::*;
use sudoku_cp::engine::Limits;
use sudoku_cp::models::{Puzzle, Rules, Symbols};
use sudoku_cp::solvers;

/// A valid n×n grid (values 0..n): the pattern grid with bands, rows in bands, stacks, columns
/// in stacks and symbols permuted by `seed`.
fn valid_grid(n: usize, seed: u64) -> Vec<usize> {
    let k = (n as f64).sqrt() as usize;
    let mut state = seed | 1;
    let mut shuffle = |v: &mut Vec<usize>| {
        for i in (1..v.len()).rev() {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            v.swap(i, (state >> 33) as usize % (i + 1));
        }
    };
    let order = |shuffle: &mut dyn FnMut(&mut Vec<usize>)| {
        let mut bands: Vec<usize> = (0..k).collect();
        shuffle(&mut bands);
        let mut out = Vec::new();
        for b in bands {
            let mut inner: Vec<usize> = (0..k).collect();
            shuffle(&mut inner);
            out.extend(inner.iter().map(|i| b * k + i));
        }
        out
    };
    let rows = order(&mut shuffle);
    let cols = order(&mut shuffle);
    let mut symbols: Vec<usize> = (0..n).collect();
    shuffle(&mut symbols);
    rows.iter()
        .flat_map(|&r| cols.iter().map(move |&c| (r, c)))
        .map(|(r, c)| symbols[(k * (r % k) + r / k + c) % n])
        .collect()
}

fn puzzle(n: usize, grid: &[usize], keep: &[bool], change: Option<(usize, usize)>) -> Puzzle {
    let mut p = Puzzle::empty(n, Symbols::default_for(n)).unwrap();
    for (cell, &v) in grid.iter().enumerate() {
        if keep[cell] {
            p.set_given(cell, Some(v));
        }
    }
    if let Some((cell, v)) = change {
        p.set_given(cell, Some(v));
    }
    p
}

fn agree(p: &Puzzle, n: usize) -> Result<(), TestCaseError> {
    let mut counts = Vec::new();
    for s in solvers::registry() {
        let o = s.solve(p, &Rules::sudoku(), &Limits::solutions(3));
        if let Some(grid) = &o.solution {
            let spec = common::Spec::plain(
                n,
                p.givens().iter().map(|g| g.map(|v| v as u64 + 1)).collect(),
            );
            let symbols: Vec<u64> = grid.iter().map(|&v| v as u64 + 1).collect();
            let wrong = common::check(&spec, &symbols);
            prop_assert!(
                wrong.is_empty(),
                "{} printed an invalid grid: {:?}",
                s.name(),
                wrong
            );
        }
        prop_assert_eq!(o.solution.is_some(), o.count > 0);
        counts.push((s.name(), o.count));
    }
    prop_assert!(
        counts.iter().all(|c| c.1 == counts[0].1),
        "counts differ: {:?}",
        counts
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn solvers_agree_on_random_4x4(seed: u64, keep in prop::collection::vec(prop::bool::weighted(0.35), 16),
                                    change in prop::option::weighted(0.3, (0..16usize, 0..4usize))) {
        let grid = valid_grid(4, seed);
        agree(&puzzle(4, &grid, &keep, change), 4)?;
    }

    #[test]
    fn solvers_agree_on_random_9x9(seed: u64, keep in prop::collection::vec(prop::bool::weighted(0.45), 81),
                                    change in prop::option::weighted(0.3, (0..81usize, 0..9usize))) {
        let grid = valid_grid(9, seed);
        agree(&puzzle(9, &grid, &keep, change), 9)?;
    }
}

#[test]
fn the_random_grids_are_valid() {
    for seed in 0..50 {
        for n in [4, 9, 16] {
            let grid: Vec<u64> = valid_grid(n, seed).iter().map(|&v| v as u64 + 1).collect();
            let spec = common::Spec::plain(n, vec![None; n * n]);
            assert!(common::check(&spec, &grid).is_empty());
        }
    }
}
