//! The puzzle's variant constraints on the engine: extra regions as all-different, cages as
//! cage sums, sums and sum lines as linear sums, dots, signs and line neighbours as pair
//! tables, renban lines as cage sums over runs of consecutive values, and lines and outside
//! clues whose rule reads the whole line as automata ([`Regular`]).

use crate::engine::{
    AllDifferent, CageSum, Domain, Engine, GroupSum, Layered, LinearSum, PairTable, Regular, VarId,
    combinations_cached,
};
use crate::puzzle::{Constraint, PairKind, Puzzle, Region, entropy_class};
use std::sync::Arc;

/// Most edges an unfolded line automaton may have (a sandwich or x-sum on a 25×25 grid has a
/// few hundred thousand).
const MAX_EDGES: usize = 1 << 22;

/// Posts every variant constraint of `puzzle` on `engine`, whose variable `i` is cell `i`.
/// Names them for traces when `labelled`.
pub(super) fn post_variants<D: Domain>(
    engine: &mut Engine<D>,
    vars: &[VarId],
    puzzle: &Puzzle,
    regions: &[Region],
    labelled: bool,
) {
    let houses = Houses::new(puzzle, regions);
    let weights: Vec<u64> = puzzle.symbols().as_slice().to_vec();
    let w: Vec<i64> = weights.iter().map(|&x| x as i64).collect();
    let n = puzzle.size();
    for constraint in puzzle.constraints() {
        let name = if labelled {
            constraint.describe(|c| puzzle.cell_name(c))
        } else {
            String::new()
        };
        let vs = |cells: &[usize]| -> Vec<VarId> { cells.iter().map(|&c| vars[c]).collect() };
        let pair = |engine: &mut Engine<D>, a: usize, b: usize, kind: PairKind| {
            engine.post(PairTable::new(
                name.clone(),
                (vars[a], n),
                (vars[b], n),
                |x, y| kind.allows(w[x], w[y]),
            ));
        };
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
            Constraint::Arrow { circle, arrow } if circle.len() == 1 => {
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
            Constraint::Arrow { circle, arrow } => {
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
                regular(engine, &name, &vs(&cells), n, 0i64, step, |s| *s == 0);
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
            Constraint::Pair { kind, a, b } => pair(engine, *a, *b, *kind),
            Constraint::Whisper { diff, cells } => {
                let d = *diff;
                for pr in cells.windows(2) {
                    engine.post(PairTable::new(
                        name.clone(),
                        (vars[pr[0]], n),
                        (vars[pr[1]], n),
                        |x, y| (w[x] - w[y]).abs() >= d,
                    ));
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
            // A line shorter than its run has no run, and no rule.
            Constraint::Modular { modulus, cells } if cells.len() >= *modulus as usize => {
                let m = *modulus;
                for i in 0..cells.len() {
                    for j in i + 1..cells.len().min(i + m as usize) {
                        engine.post(PairTable::new(
                            name.clone(),
                            (vars[cells[i]], n),
                            (vars[cells[j]], n),
                            |x, y| (w[x] - w[y]).rem_euclid(m) != 0,
                        ));
                    }
                }
            }
            Constraint::Entropic { cells } if cells.len() >= 3 => {
                for i in 0..cells.len() {
                    for j in i + 1..cells.len().min(i + 3) {
                        engine.post(PairTable::new(
                            name.clone(),
                            (vars[cells[i]], n),
                            (vars[cells[j]], n),
                            |x, y| entropy_class(w[x]) != entropy_class(w[y]),
                        ));
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
            Constraint::Modular { .. } | Constraint::Entropic { .. } => {}
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
                regular(engine, &name, &vs(&order), n, (0, 0), step, |_| true);
            }
            Constraint::Quad { cells, values } => {
                let need: Vec<i64> = values.clone();
                let start: Vec<i64> = need.clone();
                let step = |_: usize, s: &Vec<i64>, v: usize| -> Option<Vec<i64>> {
                    let mut left = s.clone();
                    if let Some(i) = left.iter().position(|&x| x == w[v]) {
                        left.remove(i);
                    }
                    Some(left)
                };
                regular(engine, &name, &vs(cells), n, start, step, |s| s.is_empty());
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
                regular(engine, &name, &vs(cells), n, (0, 0), step, |s| s.0 == 2);
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
                regular(engine, &name, &vs(cells), n, (0, 0), step, |s| {
                    s.0 == 0 && s.1 == t
                });
            }
            Constraint::Skyscraper { cells, count } => {
                let c = *count;
                // (tallest so far, how many seen)
                let step = |_: usize, s: &(i64, i64), v: usize| -> Option<(i64, i64)> {
                    let x = w[v];
                    let next = if x > s.0 { (x, s.1 + 1) } else { *s };
                    (next.1 <= c).then_some(next)
                };
                regular(engine, &name, &vs(cells), n, (i64::MIN, 0), step, |s| {
                    s.1 == c
                });
            }
            Constraint::Parity { cell, even } => {
                let step = |_: usize, _: &(), v: usize| (w[v].rem_euclid(2) == 0) == *even;
                regular(
                    engine,
                    &name,
                    &vs(&[*cell]),
                    n,
                    (),
                    |i, s, v| step(i, s, v).then_some(()),
                    |_| true,
                );
            }
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

/// Posts `vars` spelling a word of the automaton; an automaton past [`MAX_EDGES`] is left out
/// (the finished grid is still checked against the constraint).
fn regular<D: Domain, S: std::hash::Hash + Eq + Clone>(
    engine: &mut Engine<D>,
    name: &str,
    vars: &[VarId],
    values: usize,
    start: S,
    step: impl Fn(usize, &S, usize) -> Option<S>,
    accept: impl Fn(&S) -> bool,
) {
    match Layered::unfold(vars.len(), values, start, step, accept, MAX_EDGES) {
        Some(automaton) => {
            engine.post(Regular::new(name, vars.to_vec(), automaton));
        }
        None => log::warn!("{name}: its automaton is too large; it is only checked"),
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
