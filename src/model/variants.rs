//! The puzzle's variant constraints on the engine: extra regions as all-different, cages as
//! cage sums, sums and sum lines as linear sums, dots, signs and line neighbours as pair
//! tables, renban lines as cage sums over runs of consecutive values, and lines and outside
//! clues whose rule reads the whole line as automata ([`Regular`]).
//!
//! Every constraint is posted exactly or the puzzle is refused ([`refusal`]): an automaton
//! past [`MAX_EDGES`], or all of them together past [`MAX_MODEL_EDGES`], is never left out.

use crate::engine::{
    AllDifferent, CageSum, Domain, Engine, GroupSum, Layered, LinearSum, PairTable, Predicate,
    Regular, Test, VarId, combinations_cached,
};
use crate::puzzle::{Constraint, PairKind, Puzzle, Region, entropy_class};
use std::collections::HashSet;
use std::sync::Arc;

/// Most edges one unfolded line automaton may have (a sandwich or x-sum on a 25×25 grid has a
/// few hundred thousand).
const MAX_EDGES: usize = 1 << 22;

/// Most edges the automata of one puzzle may have together (about 100 MB): a line of clues
/// repeated ten thousand times is refused, not built until memory runs out.
const MAX_MODEL_EDGES: usize = 1 << 23;

/// Why the engine cannot post `puzzle`'s constraints exactly, if it cannot: an automaton too
/// large to unfold, alone or with the others. Unfolds each automaton once, as posting does.
pub(crate) fn refusal(puzzle: &Puzzle) -> Option<String> {
    if puzzle.constraints().is_empty() {
        return None; // asked before every solve: a plain puzzle allocates nothing here
    }
    let w = values(puzzle);
    let n = puzzle.size();
    let mut left = MAX_MODEL_EDGES;
    for constraint in distinct(puzzle) {
        let Some(unfolded) = automaton(constraint, &w, n, left.min(MAX_EDGES)) else {
            continue;
        };
        let what = constraint.describe(|c| puzzle.cell_name(c));
        match unfolded {
            Some((_, layered)) => left -= layered.edges(),
            None if left < MAX_EDGES => {
                return Some(format!(
                    "the puzzle's lines and clues need more than {MAX_MODEL_EDGES} automaton \
                     edges together (the {what} passes it): too large to solve exactly"
                ));
            }
            None => {
                return Some(format!(
                    "the {what} needs more than {MAX_EDGES} automaton edges: too large to solve \
                     exactly"
                ));
            }
        }
    }
    None
}

/// The symbols' values, as the constraints read them ([`Puzzle::add_constraint`] keeps every
/// sum of them within `i64`).
fn values(puzzle: &Puzzle) -> Vec<i64> {
    puzzle
        .symbols()
        .as_slice()
        .iter()
        .map(|&x| x as i64)
        .collect()
}

/// The puzzle's constraints, each copy of one once: a copy adds nothing to the model.
fn distinct(puzzle: &Puzzle) -> impl Iterator<Item = &Constraint> {
    let mut seen = HashSet::new();
    puzzle.constraints().iter().filter(move |c| seen.insert(*c))
}

/// The automaton a constraint is posted as, over the cells in the order it reads them:
/// `None` for a constraint posted otherwise, `Some(None)` when it passes `max_edges`.
fn automaton(
    constraint: &Constraint,
    w: &[i64],
    n: usize,
    max_edges: usize,
) -> Option<Option<(Vec<usize>, Layered)>> {
    let unfold = |cells: Vec<usize>, layered: Option<Layered>| layered.map(|l| (cells, l));
    Some(match constraint {
        Constraint::Arrow { circle, arrow } if circle.len() > 1 => {
            // A pill: read its digits into a number, then take the arrow's values off it.
            let (k, len) = (circle.len(), circle.len() + arrow.len());
            let top = w.iter().copied().max().unwrap_or(0).max(0);
            let step = |pos: usize, s: &i64, v: usize| -> Option<i64> {
                if pos < k {
                    return Some(s * 10 + w[v]);
                }
                let left = s - w[v];
                (left >= 0 && left <= top * (len - pos - 1) as i64).then_some(left)
            };
            let cells: Vec<usize> = circle.iter().chain(arrow).copied().collect();
            let layered = Layered::unfold(len, n, 0i64, step, |s| *s == 0, max_edges);
            unfold(cells, layered)
        }
        Constraint::Between { cells } | Constraint::Lockout { cells, .. } => {
            let lockout = match constraint {
                Constraint::Lockout { diff, .. } => Some(*diff),
                _ => None,
            };
            // Read the ends first, then the inner cells.
            let order: Vec<usize> = [cells[0], cells[cells.len() - 1]]
                .into_iter()
                .chain(cells[1..cells.len() - 1].iter().copied())
                .collect();
            let step = |pos: usize, s: &(i64, i64), v: usize| -> Option<(i64, i64)> {
                let x = w[v];
                match pos {
                    0 => Some((x, 0)),
                    1 => {
                        let (lo, hi) = (s.0.min(x), s.0.max(x));
                        lockout.is_none_or(|d| hi - lo >= d).then_some((lo, hi))
                    }
                    _ => {
                        let inside = s.0 < x && x < s.1;
                        let outside = x < s.0 || x > s.1;
                        let ok = if lockout.is_some() { outside } else { inside };
                        ok.then_some(*s)
                    }
                }
            };
            let layered = Layered::unfold(order.len(), n, (0, 0), step, |_| true, max_edges);
            unfold(order, layered)
        }
        Constraint::Quad { cells, values } => {
            let step = |_: usize, s: &Vec<i64>, v: usize| -> Option<Vec<i64>> {
                let mut left = s.clone();
                if let Some(i) = left.iter().position(|&x| x == w[v]) {
                    left.remove(i);
                }
                Some(left)
            };
            let layered = Layered::unfold(
                cells.len(),
                n,
                values.clone(),
                step,
                |s| s.is_empty(),
                max_edges,
            );
            unfold(cells.clone(), layered)
        }
        Constraint::Sandwich { cells, total } => {
            let lo = w.iter().copied().min().unwrap_or(0);
            let hi = w.iter().copied().max().unwrap_or(0);
            let t = *total;
            // (crusts seen, sum between them so far)
            let step = |_: usize, s: &(u8, i64), v: usize| -> Option<(u8, i64)> {
                let x = w[v];
                let crust = x == lo || x == hi;
                match (s.0, crust) {
                    (0, false) => Some(*s),
                    (0, true) => Some((1, 0)),
                    (1, false) => (s.1 + x <= t).then_some((1, s.1 + x)),
                    (1, true) => (s.1 == t).then_some((2, t)),
                    (_, false) => Some(*s),
                    (_, true) => None,
                }
            };
            let layered = Layered::unfold(cells.len(), n, (0, 0), step, |s| s.0 == 2, max_edges);
            unfold(cells.clone(), layered)
        }
        Constraint::XSum { cells, total } => {
            let (t, len) = (*total, cells.len() as i64);
            // (cells still to add, sum so far)
            let step = |pos: usize, s: &(i64, i64), v: usize| -> Option<(i64, i64)> {
                let x = w[v];
                if pos == 0 {
                    return (1..=len)
                        .contains(&x)
                        .then_some((x - 1, x))
                        .filter(|s| s.1 <= t);
                }
                if s.0 == 0 {
                    return Some(*s);
                }
                (s.1 + x <= t).then_some((s.0 - 1, s.1 + x))
            };
            let accept = |s: &(i64, i64)| s.0 == 0 && s.1 == t;
            let layered = Layered::unfold(cells.len(), n, (0, 0), step, accept, max_edges);
            unfold(cells.clone(), layered)
        }
        Constraint::Skyscraper { cells, count } => {
            let c = *count;
            // (tallest so far, how many seen); a 0 is no building
            let step = |_: usize, s: &(i64, i64), v: usize| -> Option<(i64, i64)> {
                let x = w[v];
                let next = if x > s.0 { (x, s.1 + 1) } else { *s };
                (next.1 <= c).then_some(next)
            };
            let start = (0, 0);
            let layered = Layered::unfold(cells.len(), n, start, step, |s| s.1 == c, max_edges);
            unfold(cells.clone(), layered)
        }
        Constraint::Parity { cell, even } => {
            let step =
                |_: usize, _: &(), v: usize| ((w[v].rem_euclid(2) == 0) == *even).then_some(());
            unfold(
                vec![*cell],
                Layered::unfold(1, n, (), step, |_| true, max_edges),
            )
        }
        _ => return None,
    })
}

/// Posts every variant constraint of `puzzle` on `engine`, whose variable `i` is cell `i`
/// (each copy of a constraint once). Names them for traces when `labelled`. An automaton too
/// large to unfold (which [`refusal`] refuses) is posted as a [`Predicate`]: exact, but it
/// prunes nothing.
pub(super) fn post_variants<D: Domain>(
    engine: &mut Engine<D>,
    vars: &[VarId],
    puzzle: &Puzzle,
    regions: &[Region],
    labelled: bool,
) {
    let houses = Houses::new(puzzle, regions);
    for constraint in distinct(puzzle) {
        let first = engine.num_props();
        post_one(engine, vars, puzzle, regions, labelled, &houses, constraint);
        engine.set_kinds_since(first, constraint.kind());
    }
}

/// Posts one constraint of [`post_variants`].
fn post_one<D: Domain>(
    engine: &mut Engine<D>,
    vars: &[VarId],
    puzzle: &Puzzle,
    regions: &[Region],
    labelled: bool,
    houses: &Houses,
    constraint: &Constraint,
) {
    let weights: Vec<u64> = puzzle.symbols().as_slice().to_vec();
    let w = values(puzzle);
    let n = puzzle.size();
    {
        let name = if labelled {
            constraint.describe(|c| puzzle.cell_name(c))
        } else {
            String::new()
        };
        let vs = |cells: &[usize]| -> Vec<VarId> { cells.iter().map(|&c| vars[c]).collect() };
        // Two cells whose values relate; one cell named twice keeps the values it relates to
        // themselves (a loop's line back to its start).
        let related =
            |engine: &mut Engine<D>, a: usize, b: usize, rel: &dyn Fn(i64, i64) -> bool| {
                if a == b {
                    let step = |_: usize, _: &(), v: usize| rel(w[v], w[v]).then_some(());
                    let one = Layered::unfold(1, n, (), step, |_| true, MAX_EDGES)
                        .expect("one cell's automaton is small");
                    engine.post(Regular::new(name.clone(), vec![vars[a]], one));
                } else {
                    engine.post(PairTable::new(
                        name.clone(),
                        (vars[a], n),
                        (vars[b], n),
                        |x, y| rel(w[x], w[y]),
                    ));
                }
            };
        let pair = |engine: &mut Engine<D>, a: usize, b: usize, kind: PairKind| {
            related(engine, a, b, &|x, y| kind.allows(x, y));
        };
        if let Some(unfolded) = automaton(constraint, &w, n, MAX_EDGES) {
            let Some((cells, layered)) = unfolded else {
                // Too large to unfold (a caller that did not ask `refusal`): checked exactly
                // once its cells are fixed, pruning nothing.
                let cells = constraint.cells();
                let (held, values) = (constraint.clone(), w.clone());
                let test: Test = Box::new(move |v: &[usize]| {
                    held.holds(&|c| values[v[cells.iter().position(|&x| x == c).unwrap_or(0)]])
                });
                engine.post(Predicate::new(name.clone(), vs(&constraint.cells()), test));
                return;
            };
            if let Constraint::Sandwich { cells, .. } = constraint {
                // A sandwich's cells hold distinct values, as its definition says; a line
                // that is a region already needs no second all-different.
                let mut line = cells.clone();
                line.sort_unstable();
                let is_region = regions.iter().any(|r| r.cells().eq(line.iter().copied()));
                if !is_region {
                    let doms = engine.domains();
                    engine.post(AllDifferent::new(name.clone(), vs(cells), doms));
                }
            }
            engine.post(Regular::new(name.clone(), vs(&cells), layered));
            if let Constraint::Arrow { circle, arrow } = constraint {
                let k = circle.len();
                let terms: Vec<(usize, i64)> = arrow
                    .iter()
                    .map(|&c| (c, 1))
                    .chain(
                        circle
                            .iter()
                            .enumerate()
                            .map(|(i, &c)| (c, -(10i64.pow((k - 1 - i) as u32)))),
                    )
                    .collect();
                houses.post_group_sum(engine, vars, &name, &terms, &weights, 0);
            }
            return;
        }
        match constraint {
            Constraint::Region { cells, .. } => {
                let doms = engine.domains();
                engine.post(AllDifferent::new(name.clone(), vs(cells), doms));
            }
            Constraint::Cage { total, cells } => {
                let combos: Arc<[D]> = if *total < 0 {
                    Arc::from(Vec::new())
                } else {
                    combinations_cached::<D>(&weights, cells.len(), *total as u64).into()
                };
                engine.post(CageSum::new(name.clone(), vs(cells), combos));
            }
            Constraint::Sum { total, terms, .. } => {
                let (mut plus, mut minus) = (Vec::new(), Vec::new());
                for &(c, k) in terms {
                    let side = if k > 0 { &mut plus } else { &mut minus };
                    side.extend(std::iter::repeat_n(vars[c], k.unsigned_abs() as usize));
                }
                engine.post(LinearSum::new(
                    name.clone(),
                    &plus,
                    &minus,
                    &weights,
                    *total,
                ));
                houses.post_group_sum(engine, vars, &name, terms, &weights, *total);
            }
            Constraint::Arrow { circle, arrow } => {
                engine.post(LinearSum::new(
                    name.clone(),
                    &vs(arrow),
                    &vs(circle),
                    &weights,
                    0,
                ));
                let terms: Vec<(usize, i64)> = arrow
                    .iter()
                    .map(|&c| (c, 1))
                    .chain([(circle[0], -1)])
                    .collect();
                houses.post_group_sum(engine, vars, &name, &terms, &weights, 0);
            }
            Constraint::Thermo { cells, slow } => {
                let kind = if *slow {
                    PairKind::NotGreater
                } else {
                    PairKind::Less
                };
                for pr in cells.windows(2) {
                    pair(engine, pr[0], pr[1], kind);
                }
            }
            // Two cells of one region differ already.
            Constraint::Pair {
                kind: PairKind::Different,
                a,
                b,
            } if houses.differ(*a, *b) => {}
            Constraint::Pair { kind, a, b } => pair(engine, *a, *b, *kind),
            Constraint::Whisper { diff, cells } => {
                let d = *diff;
                for pr in cells.windows(2) {
                    related(engine, pr[0], pr[1], &|x, y| (x - y).abs() >= d);
                }
            }
            Constraint::Renban { cells } => {
                engine.post(CageSum::new(
                    name.clone(),
                    vs(cells),
                    runs::<D>(&w, cells.len()).into(),
                ));
            }
            Constraint::Palindrome { cells } => {
                let len = cells.len();
                for i in 0..len / 2 {
                    pair(engine, cells[i], cells[len - 1 - i], PairKind::Equal);
                }
            }
            // Cells fewer than a run apart differ: every run of the line (the whole line, when
            // it is shorter than one) holds distinct classes.
            Constraint::Modular { modulus, cells } => {
                let m = *modulus;
                for i in 0..cells.len() {
                    for j in i + 1..cells.len().min(i + m as usize) {
                        related(engine, cells[i], cells[j], &|x, y| {
                            (x - y).rem_euclid(m) != 0
                        });
                    }
                }
            }
            Constraint::Entropic { cells } => {
                for i in 0..cells.len() {
                    for j in i + 1..cells.len().min(i + 3) {
                        related(engine, cells[i], cells[j], &|x, y| {
                            entropy_class(x) != entropy_class(y)
                        });
                    }
                }
            }
            Constraint::Zipper { cells } => {
                let len = cells.len();
                let pairs: Vec<[VarId; 2]> = (0..len / 2)
                    .map(|i| [vars[cells[i]], vars[cells[len - 1 - i]]])
                    .collect();
                if len % 2 == 1 {
                    let middle = [vars[cells[len / 2]]];
                    for p in &pairs {
                        engine.post(LinearSum::new(name.clone(), p, &middle, &weights, 0));
                    }
                } else {
                    for p in pairs.iter().skip(1) {
                        engine.post(LinearSum::new(name.clone(), &pairs[0], p, &weights, 0));
                    }
                }
            }
            Constraint::RegionSum { segments } => {
                for seg in segments.iter().skip(1) {
                    engine.post(LinearSum::new(
                        name.clone(),
                        &vs(&segments[0]),
                        &vs(seg),
                        &weights,
                        0,
                    ));
                }
            }
            Constraint::Between { .. }
            | Constraint::Lockout { .. }
            | Constraint::Quad { .. }
            | Constraint::Sandwich { .. }
            | Constraint::XSum { .. }
            | Constraint::Skyscraper { .. }
            | Constraint::Parity { .. } => unreachable!("posted as automata above"),
        }
    }
}

/// Which cells must differ: each cell's regions (the rules' and the puzzle's own).
struct Houses {
    of: Vec<Vec<usize>>,
}

impl Houses {
    fn new(puzzle: &Puzzle, regions: &[Region]) -> Self {
        let n = puzzle.size();
        let mut of = vec![Vec::new(); n * n];
        for (i, r) in regions.iter().enumerate() {
            r.for_each_cell(|c| of[c].push(i));
        }
        let mut next = regions.len();
        for c in puzzle.constraints() {
            if let Constraint::Region { cells, .. } | Constraint::Cage { cells, .. } = c {
                cells.iter().for_each(|&x| of[x].push(next));
                next += 1;
            }
        }
        Houses { of }
    }

    fn differ(&self, a: usize, b: usize) -> bool {
        a != b && self.of[a].iter().any(|h| self.of[b].contains(h))
    }

    /// Posts a [`GroupSum`] of `terms` (cell, coefficient) = `total` when some of its cells
    /// fall in groups of two or more that must differ: cells with the same coefficient, each
    /// group's cells sharing a region pairwise.
    fn post_group_sum<D: Domain>(
        &self,
        engine: &mut Engine<D>,
        vars: &[VarId],
        name: &str,
        terms: &[(usize, i64)],
        weights: &[u64],
        total: i64,
    ) {
        let mut groups: Vec<(Vec<usize>, i64)> = Vec::new();
        for &(c, k) in terms {
            // A cell listed twice is two terms: it joins no group holding it already.
            match groups
                .iter_mut()
                .find(|(g, gk)| *gk == k && g.iter().all(|&x| self.differ(x, c)))
            {
                Some((g, _)) => g.push(c),
                None => groups.push((vec![c], k)),
            }
        }
        if groups.iter().all(|(g, _)| g.len() < 2) {
            return;
        }
        let groups = groups
            .into_iter()
            .map(|(g, k)| (g.iter().map(|&c| vars[c]).collect(), k))
            .collect();
        engine.post(GroupSum::new(name, groups, weights, total));
    }
}

/// Every set of `len` value indices whose values are consecutive integers (a renban line's
/// possible sets).
pub(crate) fn runs<D: Domain>(w: &[i64], len: usize) -> Vec<D> {
    let mut order: Vec<usize> = (0..w.len()).collect();
    order.sort_by_key(|&v| w[v]);
    order
        .windows(len.max(1))
        .filter(|run| w[run[run.len() - 1]] - w[run[0]] == len as i64 - 1)
        .map(|run| {
            let mut d = D::empty();
            run.iter().for_each(|&v| d.insert(v));
            d
        })
        .collect()
}
