//! How many solutions a puzzle has, estimated where no enumeration reaches them all: Knuth's
//! estimate of a search tree's size, over random probes from the root.
//!
//! A probe walks from the root to a leaf, each time fixing the open cell with the fewest
//! values (first such cell) to one of its `d` values drawn uniformly, and propagating. The
//! product of the `d`s along the way, counted where the leaf is a solution (0 where a
//! propagation fails), has the number of solutions as its expected value: each leaf is
//! reached with probability the inverse of that product. The mean over probes is unbiased;
//! its standard error comes from their spread.

use super::candidates::Prober;
use super::{Refused, prepared};
use crate::engine::{Domain, Rng, VarId};
use crate::puzzle::{Puzzle, Rules, check_solution};
use std::time::Instant;

/// An estimated number of solutions.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate {
    /// The probes made (fewer than asked when the deadline came first).
    pub samples: u64,
    /// The estimate: the probes' mean.
    pub estimate: f64,
    /// Its standard error: the probes' standard deviation over √samples.
    pub std_error: f64,
    /// The 95% interval's ends: estimate ∓ 1.96 standard errors, the low end at least 0.
    pub low: f64,
    /// See [`Estimate::low`].
    pub high: f64,
}

/// Estimates how many solutions `puzzle` has under `rules` from `samples` random probes drawn
/// from `seed` ([`Estimate`]), stopping early at `deadline`.
pub fn estimate_count(
    puzzle: &Puzzle,
    rules: &Rules,
    samples: u64,
    seed: u64,
    deadline: Option<Instant>,
) -> Result<Estimate, Refused> {
    let puzzle = prepared(puzzle, rules)?;
    Ok(
        crate::with_domain!(puzzle.size(), D => probes::<D>(&puzzle, rules, samples, seed, deadline)),
    )
}

fn probes<D: Domain>(
    puzzle: &Puzzle,
    rules: &Rules,
    samples: u64,
    seed: u64,
    deadline: Option<Instant>,
) -> Estimate {
    let mut rng = Rng::new(seed);
    let (mut sum, mut squares, mut made) = (0.0f64, 0.0f64, 0u64);
    let mut prober = Prober::<D>::new(puzzle, rules);
    while made < samples && deadline.is_none_or(|d| Instant::now() < d) {
        let x = prober
            .as_mut()
            .map_or(0.0, |p| probe(p, puzzle, rules, &mut rng));
        sum += x;
        squares += x * x;
        made += 1;
    }
    let n = made.max(1) as f64;
    let mean = sum / n;
    let variance = if made > 1 {
        ((squares - n * mean * mean) / (n - 1.0)).max(0.0)
    } else {
        0.0
    };
    let std_error = (variance / n).sqrt();
    Estimate {
        samples: made,
        estimate: mean,
        std_error,
        low: (mean - 1.96 * std_error).max(0.0),
        high: mean + 1.96 * std_error,
    }
}

/// One probe's value: the product of the branching along a random path, or 0.
fn probe<D: Domain>(
    prober: &mut Prober<'_, D>,
    puzzle: &Puzzle,
    rules: &Rules,
    rng: &mut Rng,
) -> f64 {
    let cells = puzzle.size() * puzzle.size();
    let engine = prober.at_root();
    if engine.propagate().is_err() {
        return 0.0;
    }
    let mut weight = 1.0;
    loop {
        let open = (0..cells)
            .map(|c| (c, engine.dom(VarId(c as u32))))
            .filter(|(_, d)| d.len() > 1)
            .min_by_key(|(_, d)| d.len());
        let Some((cell, dom)) = open else {
            let grid: Vec<usize> = (0..cells)
                .map(|c| engine.dom(VarId(c as u32)).min().unwrap_or(0))
                .collect();
            // Every cell fixed by propagation: a solution when the rules hold, checked
            // independently of the propagators.
            return if check_solution(puzzle, rules, &grid).is_empty() {
                weight
            } else {
                0.0
            };
        };
        let values: Vec<usize> = dom.iter().collect();
        weight *= values.len() as f64;
        let v = values[rng.below(values.len())];
        let fixed = engine.restrict(VarId(cell as u32), D::singleton(v), "probe");
        if fixed.is_err() || engine.propagate().is_err() {
            return 0.0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Symbols;

    fn empty(n: usize) -> Puzzle {
        Puzzle::empty(n, Symbols::default_for(n)).unwrap()
    }

    #[test]
    fn the_interval_holds_the_count_of_empty_grids() {
        // 288 grids of 4×4 and 28,200,960 of 6×6 (OEIS A107739).
        for (n, count) in [(4, 288.0), (6, 28_200_960.0)] {
            let e = estimate_count(&empty(n), &Rules::sudoku(), 2000, 1, None).unwrap();
            assert_eq!(e.samples, 2000);
            assert!(e.low <= count && count <= e.high, "{n}: {e:?}");
            assert!(e.std_error < 0.2 * count, "{n}: {e:?}");
        }
    }

    #[test]
    fn a_unique_puzzles_interval_holds_one_and_a_broken_one_estimates_zero() {
        let unique = crate::setter::tests::puzzle(".2.4..1.2....3..");
        let e = estimate_count(&unique, &Rules::sudoku(), 200, 1, None).unwrap();
        assert!(e.low <= 1.0 && 1.0 <= e.high, "{e:?}");
        let mut none = empty(4);
        none.set_given(0, Some(0));
        none.set_given(1, Some(0));
        let e = estimate_count(&none, &Rules::sudoku(), 50, 1, None).unwrap();
        assert_eq!(e.estimate, 0.0);
    }
}
