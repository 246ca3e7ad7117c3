//! True candidates: the values each cell holds in some solution, with the solutions per
//! candidate, the finishing digits and the cells equal in every solution.
//!
//! A puzzle with few solutions is answered by listing them all in one search. Past that, every
//! solution found covers a candidate in every cell, so the search runs only for a candidate no
//! solution has shown yet: that cell fixed to that value, one solution wanted; a value refuted
//! so leaves the root, which narrows the later probes. One model serves every probe, reset to
//! its root between them.

use super::{Refused, prepared};
use crate::engine::{Domain, Engine, Limits, Snapshot, Stop, VarId};
use crate::model::{self, Tuning};
use crate::puzzle::{Puzzle, Rules};
use std::time::Instant;

/// What [`true_candidates`] works out besides the candidates themselves.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CandidateOptions {
    /// Also count the solutions with each candidate placed, each count stopping at this many.
    pub per_candidate: Option<u64>,
    /// Stop here; the cells not finished by then are [`TrueCandidates::unfinished`].
    pub deadline: Option<Instant>,
}

/// The true candidates of a puzzle, and what they tell a setter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrueCandidates {
    /// Each cell's candidates (value indices, ascending): the values it holds in some solution.
    /// Empty in every cell when the puzzle has no solution.
    pub candidates: Vec<Vec<usize>>,
    /// With [`CandidateOptions::per_candidate`]: the solutions with value `v` in cell `c` at
    /// index `c·n + v`, each capped at the option's limit.
    pub per_candidate: Option<Vec<u64>>,
    /// `(cell, value)` of each candidate whose placement leaves exactly one solution, when the
    /// puzzle has several (a unique puzzle needs none). Only what was proved: a deadline
    /// leaves out what it cut short, here and in [`TrueCandidates::equal_cells`].
    pub finishing: Vec<(usize, usize)>,
    /// Pairs of cells `(a, b)`, `a < b`, not fixed by the candidates, that hold the same value
    /// in every solution.
    pub equal_cells: Vec<(usize, usize)>,
    /// Cells whose candidates the deadline left undecided (listed with what was seen so far).
    pub unfinished: Vec<usize>,
}

impl TrueCandidates {
    /// Whether the puzzle has exactly one solution: every cell has one candidate.
    pub fn unique(&self) -> bool {
        self.unfinished.is_empty() && self.candidates.iter().all(|c| c.len() == 1)
    }

    /// Whether it has no solution.
    pub fn none(&self) -> bool {
        self.unfinished.is_empty() && self.candidates.iter().all(Vec::is_empty)
    }
}

/// The true candidates of `puzzle` under `rules` ([`TrueCandidates`]), searched on `cp`'s
/// model as `options` ask.
pub fn true_candidates(
    puzzle: &Puzzle,
    rules: &Rules,
    options: &CandidateOptions,
) -> Result<TrueCandidates, Refused> {
    let puzzle = prepared(puzzle, rules)?;
    Ok(crate::with_domain!(puzzle.size(), D => find::<D>(&puzzle, rules, options)))
}

/// One model, searched again and again from its root with a cell fixed or kept off a value.
pub(super) struct Prober<'p, D: Domain> {
    puzzle: &'p Puzzle,
    engine: Engine<D>,
    root: Snapshot<D>,
    /// The cells' domains at the root, after propagation.
    root_cells: Vec<D>,
}

impl<'p, D: Domain> Prober<'p, D> {
    /// The model of `puzzle` with its givens; `None` when the givens contradict the rules.
    pub(super) fn new(puzzle: &'p Puzzle, rules: &Rules) -> Option<Self> {
        let mut engine = model::build::<D>(puzzle, rules, &Tuning::DEFAULT).ok()?;
        engine.propagate().ok()?;
        let root = engine.snapshot();
        let cells = puzzle.size() * puzzle.size();
        let root_cells = engine.domains()[..cells].to_vec();
        Some(Prober {
            puzzle,
            engine,
            root,
            root_cells,
        })
    }

    /// The values `cell` may still take at the root.
    pub(super) fn root_values(&self, cell: usize) -> Vec<usize> {
        self.root_cells[cell].iter().collect()
    }

    /// Takes `v` off `cell` at the root: no solution has it there.
    pub(super) fn exclude_at_root(&mut self, cell: usize, v: usize) {
        self.engine.reset(&self.root);
        let n = self.puzzle.size();
        let kept = D::full(n).minus(D::singleton(v));
        let narrowed = self
            .engine
            .restrict(VarId(cell as u32), kept, "not a candidate");
        if narrowed.is_ok() && self.engine.propagate().is_ok() {
            self.root = self.engine.snapshot();
            let cells = n * n;
            self.root_cells = self.engine.domains()[..cells].to_vec();
        }
    }

    /// The model back at its root, for a caller that narrows and propagates it itself.
    pub(super) fn at_root(&mut self) -> &mut Engine<D> {
        self.engine.reset(&self.root);
        &mut self.engine
    }

    /// Up to `limit` solutions with each `(cell, allowed)` narrowing, and whether the search
    /// ended before the deadline.
    pub(super) fn solutions(
        &mut self,
        narrowing: &[(usize, D)],
        limit: u64,
        deadline: Option<Instant>,
    ) -> (Vec<Vec<usize>>, Stop) {
        self.engine.reset(&self.root);
        for &(cell, allowed) in narrowing {
            if self
                .engine
                .restrict(VarId(cell as u32), allowed, "probe")
                .is_err()
            {
                return (Vec::new(), Stop::Exhausted);
            }
        }
        let limits = Limits {
            solutions: limit,
            nodes: None,
            deadline,
        };
        let mut found = Vec::new();
        let puzzle = self.puzzle;
        let stop = self
            .engine
            .search(&limits, |doms| found.push(model::grid_of(puzzle, doms)));
        (found, stop)
    }
}

pub(super) fn find<D: Domain>(
    puzzle: &Puzzle,
    rules: &Rules,
    options: &CandidateOptions,
) -> TrueCandidates {
    let n = puzzle.size();
    let cells = n * n;
    let Some(mut prober) = Prober::<D>::new(puzzle, rules) else {
        return from_all(&[], n, options);
    };
    let deadline = options.deadline;
    // A puzzle with few solutions is answered by listing them all, in one search: a unique
    // one would otherwise need a refutation for every other value of every cell.
    let (mut found, stop) = prober.solutions(&[], FEW, deadline);
    match stop {
        Stop::Exhausted => return from_all(&found, n, options),
        Stop::Timeout => {
            // what the solutions found show, nothing claimed of all of them
            let mut out = from_all(&found, n, options);
            out.finishing.clear();
            out.equal_cells.clear();
            out.unfinished = (0..cells).collect();
            return out;
        }
        _ => {}
    }
    let mut out = TrueCandidates {
        candidates: vec![Vec::new(); cells],
        per_candidate: options.per_candidate.map(|_| vec![0; cells * n]),
        finishing: Vec::new(),
        equal_cells: Vec::new(),
        unfinished: Vec::new(),
    };
    // seen[c·n + v]: some solution has v in c. Every solution found is kept, for the pairs
    // of equal cells.
    let mut seen = vec![false; cells * n];
    let mut undecided = vec![false; cells];
    for g in &found {
        for (c, &v) in g.iter().enumerate() {
            seen[c * n + v] = true;
        }
    }
    for cell in 0..cells {
        for v in prober.root_values(cell) {
            if seen[cell * n + v] {
                continue;
            }
            let (grids, stop) = prober.solutions(&[(cell, D::singleton(v))], 1, deadline);
            match (grids.is_empty(), stop) {
                (_, Stop::Timeout) => undecided[cell] = true,
                // not a candidate: off the root, which makes the later probes cheaper
                (true, _) => prober.exclude_at_root(cell, v),
                _ => {}
            }
            for g in grids {
                for (c, &w) in g.iter().enumerate() {
                    seen[c * n + w] = true;
                }
                found.push(g);
            }
        }
    }
    for cell in 0..cells {
        out.candidates[cell] = (0..n).filter(|&v| seen[cell * n + v]).collect();
    }
    if let (Some(limit), Some(counts)) = (options.per_candidate, out.per_candidate.as_mut()) {
        for cell in 0..cells {
            for &v in &out.candidates[cell] {
                let (grids, stop) = prober.solutions(&[(cell, D::singleton(v))], limit, deadline);
                undecided[cell] |= stop == Stop::Timeout;
                counts[cell * n + v] = grids.len() as u64;
            }
        }
    }
    for cell in (0..cells).filter(|&c| out.candidates[c].len() > 1) {
        for &v in &out.candidates[cell] {
            let count = match (&out.per_candidate, options.per_candidate) {
                (Some(counts), Some(limit)) if limit >= 2 => counts[cell * n + v],
                _ => {
                    let (grids, stop) = prober.solutions(&[(cell, D::singleton(v))], 2, deadline);
                    undecided[cell] |= stop == Stop::Timeout;
                    grids.len() as u64
                }
            };
            // a count the deadline cut short proves nothing
            if count == 1 && !undecided[cell] {
                out.finishing.push((cell, v));
            }
        }
    }
    out.equal_cells = equal_cells(
        &mut prober,
        &out.candidates,
        found,
        deadline,
        &mut undecided,
    );
    out.unfinished = (0..cells).filter(|&c| undecided[c]).collect();
    out
}

/// Solutions listed in one search before probing cell by cell ([`find`]).
const FEW: u64 = 64;

/// Everything [`TrueCandidates`] holds, read off `all` the solutions there are.
fn from_all(all: &[Vec<usize>], n: usize, options: &CandidateOptions) -> TrueCandidates {
    let cells = n * n;
    let mut counts = vec![0u64; cells * n];
    for g in all {
        for (c, &v) in g.iter().enumerate() {
            counts[c * n + v] += 1;
        }
    }
    let candidates: Vec<Vec<usize>> = (0..cells)
        .map(|c| (0..n).filter(|&v| counts[c * n + v] > 0).collect())
        .collect();
    let finishing = if all.len() > 1 {
        (0..cells * n)
            .filter(|&i| counts[i] == 1)
            .map(|i| (i / n, i % n))
            .collect()
    } else {
        Vec::new()
    };
    let open: Vec<usize> = (0..cells).filter(|&c| candidates[c].len() > 1).collect();
    let mut equal_cells = Vec::new();
    for (i, &a) in open.iter().enumerate() {
        for &b in &open[i + 1..] {
            if all.iter().all(|g| g[a] == g[b]) {
                equal_cells.push((a, b));
            }
        }
    }
    let per_candidate = options
        .per_candidate
        .map(|limit| counts.iter().map(|&k| k.min(limit)).collect());
    TrueCandidates {
        candidates,
        per_candidate,
        finishing,
        equal_cells,
        unfinished: Vec::new(),
    }
}

/// Pairs of open cells equal in every solution: those equal in every solution found so far,
/// each then tried with the two cells kept apart (one search per value of the first).
fn equal_cells<D: Domain>(
    prober: &mut Prober<'_, D>,
    candidates: &[Vec<usize>],
    mut found: Vec<Vec<usize>>,
    deadline: Option<Instant>,
    undecided: &mut [bool],
) -> Vec<(usize, usize)> {
    let n = prober.puzzle.size();
    let open: Vec<usize> = (0..candidates.len())
        .filter(|&c| candidates[c].len() > 1)
        .collect();
    let mut pairs = Vec::new();
    for (i, &a) in open.iter().enumerate() {
        for &b in &open[i + 1..] {
            if candidates[a] != candidates[b] || found.iter().any(|g| g[a] != g[b]) {
                continue;
            }
            let mut equal = true;
            for &v in &candidates[a] {
                let apart = D::full(n).minus(D::singleton(v));
                let (grids, stop) =
                    prober.solutions(&[(a, D::singleton(v)), (b, apart)], 1, deadline);
                if stop == Stop::Timeout {
                    // not proved either way
                    undecided[a] = true;
                    undecided[b] = true;
                    equal = false;
                    break;
                }
                if !grids.is_empty() {
                    found.extend(grids);
                    equal = false;
                    break;
                }
            }
            if equal {
                pairs.push((a, b));
            }
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setter::solutions;
    use crate::setter::tests::puzzle;

    /// The union of every solution, each cell's values ascending.
    fn union(p: &Puzzle) -> Vec<Vec<usize>> {
        let n = p.size();
        let all = solutions(p, &Rules::sudoku(), &Limits::solutions(u64::MAX)).unwrap();
        assert_eq!(all.stop, Stop::Exhausted);
        (0..n * n)
            .map(|c| {
                let mut vs: Vec<usize> = all.grids.iter().map(|g| g[c]).collect();
                vs.sort_unstable();
                vs.dedup();
                vs
            })
            .collect()
    }

    #[test]
    fn the_candidates_are_the_union_of_the_solutions() {
        for text in [
            "1.......2.......",
            "12..............",
            "1...............",
            "................",
        ] {
            let p = puzzle(text);
            let options = CandidateOptions {
                per_candidate: Some(1000),
                deadline: None,
            };
            let t = true_candidates(&p, &Rules::sudoku(), &options).unwrap();
            assert_eq!(t.candidates, union(&p), "{text}");
            let all = solutions(&p, &Rules::sudoku(), &Limits::solutions(u64::MAX)).unwrap();
            let counts = t.per_candidate.unwrap();
            for cell in 0..16 {
                let sum: u64 = counts[cell * 4..cell * 4 + 4].iter().sum();
                assert_eq!(sum, all.grids.len() as u64, "{text} cell {cell}");
            }
            for &(c, v) in &t.finishing {
                assert_eq!(all.grids.iter().filter(|g| g[c] == v).count(), 1);
            }
            for &(a, b) in &t.equal_cells {
                assert!(all.grids.iter().all(|g| g[a] == g[b]));
            }
            assert!(t.unfinished.is_empty());
        }
    }

    #[test]
    fn a_unique_puzzle_has_its_solution_for_candidates_and_no_finishing_digits() {
        let p = puzzle(".2.4..1.2....3..");
        let t = true_candidates(&p, &Rules::sudoku(), &CandidateOptions::default()).unwrap();
        assert_eq!(t.candidates, union(&p));
        assert!(t.unique() && t.finishing.is_empty() && t.equal_cells.is_empty());
    }

    #[test]
    fn cells_equal_in_every_solution_are_found_and_no_others() {
        // Two solutions that swap a rectangle of 1s and 2s (r1c1, r1c2, r3c1, r3c2): the
        // diagonal pairs of it hold equal values in both, and any one digit finishes it.
        let p = puzzle("..343412..434321");
        let t = true_candidates(&p, &Rules::sudoku(), &CandidateOptions::default()).unwrap();
        assert_eq!(t.candidates, union(&p));
        assert_eq!(t.candidates[0], vec![0, 1]);
        assert_eq!(t.equal_cells, vec![(0, 9), (1, 8)]);
        assert_eq!(t.finishing.len(), 8);
        let none = puzzle("11..............");
        assert!(
            true_candidates(&none, &Rules::sudoku(), &CandidateOptions::default())
                .unwrap()
                .none()
        );
    }
}
