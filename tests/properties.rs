//! Property tests: on random 4×4 and 9×9 puzzles (a random valid grid with random cells
//! blanked, sometimes with one given changed so that it may have no solution), every solver
//! agrees on the number of solutions (up to 3), and every solution is valid. The same for random
//! killers (cages cut from a valid grid, some totals changed), with the CP solver's general
//! engine as a solver of its own.

use crate::common;

use proptest::prelude::*;
use sudoku_cp::engine::{Limits, Rng};
use sudoku_cp::puzzle::{Puzzle, Rules, Symbols};
use sudoku_cp::solvers::{self, Cp};

/// A valid n×n grid (values 0..n): the pattern grid with bands, rows in bands, stacks, columns
/// in stacks and symbols permuted by `seed`.
fn valid_grid(n: usize, seed: u64) -> Vec<usize> {
    let k = (n as f64).sqrt() as usize;
    let mut rng = Rng::new(seed);
    let mut shuffle = |v: &mut Vec<usize>| rng.shuffle(v);
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
            let spec =
                common::Spec::plain(n, p.givens().map(|g| g.map(|v| v as u64 + 1)).collect());
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

/// Cuts random cages out of `grid`: from each free cell in a random order, a cage grows
/// through free orthogonal neighbours holding other symbols to 1..=`max` cells; its total is
/// the sum of the grid's symbols there (value + 1), plus `by` for the cage at index `at` when
/// `bump` is `Some((at, by))`. About one cage in eight is dropped, leaving its cells uncovered.
fn cages(
    n: usize,
    grid: &[usize],
    seed: u64,
    max: usize,
    bump: Option<(usize, u64)>,
) -> Vec<(u64, Vec<usize>)> {
    let mut rng = Rng::new(seed);
    let mut next = |m: usize| rng.below(m);
    let mut order: Vec<usize> = (0..n * n).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, next(i + 1));
    }
    let mut taken = vec![false; n * n];
    let mut out = Vec::new();
    for &start in &order {
        if taken[start] {
            continue;
        }
        let size = 1 + next(max);
        let mut cells = vec![start];
        taken[start] = true;
        while cells.len() < size {
            let at = cells[next(cells.len())];
            let (r, c) = (at / n, at % n);
            let around = [
                (r > 0).then(|| at - n),
                (r + 1 < n).then(|| at + n),
                (c > 0).then(|| at - 1),
                (c + 1 < n).then(|| at + 1),
            ];
            let free: Vec<usize> = around
                .into_iter()
                .flatten()
                .filter(|&x| !taken[x] && cells.iter().all(|&c| grid[c] != grid[x]))
                .collect();
            if free.is_empty() {
                break;
            }
            let cell = free[next(free.len())];
            taken[cell] = true;
            cells.push(cell);
        }
        if next(8) != 0 {
            let total = cells.iter().map(|&c| grid[c] as u64 + 1).sum();
            out.push((total, cells));
        }
    }
    if let Some((at, by)) = bump
        && let Some(cage) = out.get_mut(at)
    {
        cage.0 += by;
    }
    out
}

/// Every solver, and the CP solver's general engine, count the killer's solutions (up to 3)
/// alike, and every grid they print keeps the givens, the houses and the cages.
fn agree_killer(
    n: usize,
    givens: Vec<Option<usize>>,
    cages: Vec<(u64, Vec<usize>)>,
) -> Result<(), TestCaseError> {
    let mut p = Puzzle::empty(n, Symbols::default_for(n)).unwrap();
    for (cell, g) in givens.iter().enumerate() {
        p.set_given(cell, *g);
    }
    for (total, cells) in &cages {
        // A changed total that no distinct symbols reach is an input error: not this test's.
        prop_assume!(p.add_cage(*total, cells.clone()).is_ok());
    }
    let rules = Rules::builtin("killer").unwrap();
    let spec = common::Spec {
        cages,
        ..common::Spec::plain(n, givens.iter().map(|g| g.map(|v| v as u64 + 1)).collect())
    };
    let limits = Limits::solutions(3);
    let mut outcomes: Vec<_> = solvers::registry()
        .iter()
        .map(|s| (s.name(), s.solve(&p, &rules, &limits)))
        .collect();
    outcomes.push(("cp engine", Cp::on_engine(&p, &rules, &limits)));
    for (name, o) in &outcomes {
        if let Some(grid) = &o.solution {
            let symbols: Vec<u64> = grid.iter().map(|&v| v as u64 + 1).collect();
            let wrong = common::check(&spec, &symbols);
            prop_assert!(
                wrong.is_empty(),
                "{} printed an invalid grid: {:?}",
                name,
                wrong
            );
        }
        prop_assert_eq!(o.solution.is_some(), o.count > 0);
    }
    let counts: Vec<(&str, u64)> = outcomes.iter().map(|(name, o)| (*name, o.count)).collect();
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

proptest! {
    #![proptest_config(ProptestConfig { cases: 100, ..ProptestConfig::default() })]

    #[test]
    fn solvers_agree_on_random_4x4_killers(seed: u64, keep in prop::collection::vec(prop::bool::weighted(0.1), 16),
                                            bump in prop::option::weighted(0.3, (0..6usize, 1..3u64))) {
        let grid = valid_grid(4, seed);
        let givens = grid.iter().zip(&keep).map(|(&v, &k)| k.then_some(v)).collect();
        agree_killer(4, givens, cages(4, &grid, seed, 4, bump))?;
    }

    #[test]
    fn solvers_agree_on_random_9x9_killers(seed: u64, keep in prop::collection::vec(prop::bool::weighted(0.3), 81),
                                            bump in prop::option::weighted(0.3, (0..20usize, 1..3u64))) {
        let grid = valid_grid(9, seed);
        let givens = grid.iter().zip(&keep).map(|(&v, &k)| k.then_some(v)).collect();
        agree_killer(9, givens, cages(9, &grid, seed, 5, bump))?;
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
