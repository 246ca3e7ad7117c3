//! The Sudoku model: the rules' regions over a puzzle's grid, turned into engine variables and
//! all-different propagators; and the rule check (duplicates in a region) used on givens and on
//! every solution.

use super::puzzle::{Cage, Puzzle};
use super::rules::{RegionKind, Rules};
use crate::engine::{
    AllDifferent, CageSum, Conflict, Domain, Engine, HallSets, Heuristic, Labels, LinearSum,
    PairTable, SameValues, Snapshot, Strategy, VarId, combinations_cached, count_combinations,
};
use hashbrown::{HashMap, HashSet};
use std::any::Any;
use std::cell::RefCell;
use std::fmt;
use std::sync::Arc;

/// One region of an n×n grid: cells that must hold distinct symbols. A small value; its cells
/// are computed on demand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Region {
    /// What kind of region.
    pub kind: RegionKind,
    /// 0-based index among regions of its kind (row 0 is the top row, box 0 the top-left box).
    pub index: usize,
    /// n, the grid's size.
    pub n: usize,
    /// k, the box side.
    pub k: usize,
}

impl Region {
    /// The region's cell indices, in row-major order within the region.
    pub fn cells(self) -> impl Iterator<Item = usize> {
        let (first, run, runs, stride) = self.runs();
        (0..runs).flat_map(move |r| first + r * stride..first + r * stride + run)
    }

    /// Calls `f` with each of the region's cells, in the order of [`Region::cells`]: a plain
    /// loop, for checks that run on every puzzle of a batch.
    pub fn for_each_cell(self, mut f: impl FnMut(usize)) {
        let (first, run, runs, stride) = self.runs();
        for r in 0..runs {
            let start = first + r * stride;
            (start..start + run).for_each(&mut f);
        }
    }

    /// The region as `runs` runs of `run` consecutive cells, `stride` apart, from `first`:
    /// no division per cell.
    fn runs(self) -> (usize, usize, usize, usize) {
        let Region { kind, index, n, k } = self;
        match kind {
            RegionKind::Row => (index * n, n, 1, 0),
            RegionKind::Column => (index, 1, n, n),
            RegionKind::Box => (index / k * k * n + index % k * k, k, k, n),
            RegionKind::Diagonal => (0, 1, n, n + 1),
            RegionKind::AntiDiagonal => (n.saturating_sub(1), 1, n, n.saturating_sub(1)),
        }
    }
}

impl fmt::Display for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            RegionKind::Row => write!(f, "row {}", self.index + 1),
            RegionKind::Column => write!(f, "column {}", self.index + 1),
            RegionKind::Box => write!(f, "box {}", self.index + 1),
            RegionKind::Diagonal => f.write_str("main diagonal"),
            RegionKind::AntiDiagonal => f.write_str("anti-diagonal"),
        }
    }
}

/// Every region the rules declare on an n×n grid with k×k boxes, in rule order.
pub fn regions(rules: &Rules, n: usize, k: usize) -> Vec<Region> {
    let mut out = Vec::new();
    for &kind in &rules.all_different {
        let count = match kind {
            RegionKind::Row | RegionKind::Column | RegionKind::Box => n,
            RegionKind::Diagonal | RegionKind::AntiDiagonal => 1,
        };
        out.extend((0..count).map(|index| Region { kind, index, n, k }));
    }
    out
}

/// A broken rule: a symbol (value index) appearing more than once in a region.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Duplicate {
    /// The region, by position in the list passed to [`duplicates`].
    pub region: usize,
    /// The repeated value index.
    pub value: usize,
    /// The cells holding it.
    pub cells: Vec<usize>,
}

/// Every symbol that appears more than once in a region, region by region, symbols in order.
pub fn duplicates(cells: &[Option<usize>], regions: &[Region]) -> Vec<Duplicate> {
    let mut found = Vec::new();
    // The region (plus one) where each value was last seen: one pass finds whether a region
    // repeats a value, and only such a region is counted value by value.
    let values = cells.iter().flatten().max().map_or(0, |&m| m + 1);
    let mut seen_in = vec![0usize; values];
    let mut count: Vec<u32> = Vec::new(); // allocated at the first repeat
    for (ri, region) in regions.iter().enumerate() {
        let mut repeats = false;
        region.for_each_cell(|c| {
            if let Some(v) = cells[c] {
                repeats |= seen_in[v] == ri + 1;
                seen_in[v] = ri + 1;
            }
        });
        if !repeats {
            continue;
        }
        count.clear();
        count.resize(values, 0);
        for v in region.cells().filter_map(|c| cells[c]) {
            count[v] += 1;
        }
        for (value, _) in count.iter().enumerate().filter(|(_, n)| **n > 1) {
            let holders = region.cells().filter(|&c| cells[c] == Some(value));
            found.push(Duplicate {
                region: ri,
                value,
                cells: holders.collect(),
            });
        }
    }
    found
}

/// Describes a duplicate for a message: `row 1 holds 5 twice (r1c1, r1c4)`.
pub fn describe_duplicate(d: &Duplicate, regions: &[Region], puzzle: &Puzzle) -> String {
    let times = match d.cells.len() {
        2 => "twice".to_string(),
        k => format!("{k} times"),
    };
    let cells: Vec<String> = d.cells.iter().map(|&c| puzzle.cell_name(c)).collect();
    format!(
        "{} holds {} {} ({})",
        regions[d.region],
        puzzle.symbols().label(d.value),
        times,
        cells.join(", ")
    )
}

/// Checks a complete grid (value index per cell) against the puzzle: every cell holds a
/// symbol, every given is kept, no region repeats a symbol. Returns every problem found.
pub fn check_solution(puzzle: &Puzzle, rules: &Rules, grid: &[usize]) -> Vec<String> {
    let n = puzzle.size();
    let mut problems = Vec::new();
    if grid.len() != n * n {
        problems.push(format!(
            "the grid has {} cells, expected {}",
            grid.len(),
            n * n
        ));
        return problems;
    }
    for (cell, (&v, &given)) in grid.iter().zip(puzzle.givens()).enumerate() {
        if v >= n {
            problems.push(format!("{} holds no symbol", puzzle.cell_name(cell)));
        } else if given.is_some_and(|g| g != v) {
            problems.push(format!("{} changes a given", puzzle.cell_name(cell)));
        } else if !puzzle.allows(cell, v) {
            problems.push(format!(
                "{} holds {}, which its pencil marks rule out",
                puzzle.cell_name(cell),
                puzzle.symbols().label(v)
            ));
        }
    }
    if problems.is_empty() {
        let regions = regions(rules, n, puzzle.box_size());
        let cells: Vec<Option<usize>> = grid.iter().map(|&v| Some(v)).collect();
        for d in duplicates(&cells, &regions) {
            problems.push(describe_duplicate(&d, &regions, puzzle));
        }
        if rules.cages {
            for cage in puzzle.cages() {
                let values: Vec<usize> = cage.cells.iter().map(|&c| grid[c]).collect();
                let sum: u64 = values.iter().map(|&v| puzzle.symbols().symbol(v)).sum();
                let distinct = values
                    .iter()
                    .enumerate()
                    .all(|(i, v)| !values[..i].contains(v));
                if sum != cage.total || !distinct {
                    problems.push(format!(
                        "{} sums to {sum}{}",
                        cage_name(puzzle, cage),
                        if distinct {
                            ""
                        } else {
                            " with a repeated symbol"
                        }
                    ));
                }
            }
        }
    }
    problems
}

/// Every cage the givens already break, in words: a symbol given twice in it, or givens that
/// no set of distinct symbols completes to its total (their sum with the smallest, or with
/// the largest, symbols left for its empty cells misses it). Empty without `cages` rules.
pub fn broken_cages(puzzle: &Puzzle, rules: &Rules) -> Vec<String> {
    if !rules.cages {
        return Vec::new();
    }
    let symbols = puzzle.symbols();
    let mut out = Vec::new();
    for cage in puzzle.cages() {
        let given: Vec<usize> = cage
            .cells
            .iter()
            .filter_map(|&c| puzzle.givens()[c])
            .collect();
        let name = cage_name(puzzle, cage);
        let repeated = given
            .iter()
            .enumerate()
            .find(|&(i, v)| given[..i].contains(v));
        if let Some((_, &v)) = repeated {
            out.push(format!("{name} holds {} twice", symbols.label(v)));
            continue;
        }
        let sum: u128 = given.iter().map(|&v| u128::from(symbols.symbol(v))).sum();
        let mut left: Vec<u64> = (0..symbols.len())
            .filter(|v| !given.contains(v))
            .map(|v| symbols.symbol(v))
            .collect();
        left.sort_unstable();
        let empty = cage.cells.len() - given.len();
        let low: u128 = sum + left[..empty].iter().map(|&w| u128::from(w)).sum::<u128>();
        let high: u128 = sum
            + left[left.len() - empty..]
                .iter()
                .map(|&w| u128::from(w))
                .sum::<u128>();
        let total = u128::from(cage.total);
        if total < low || total > high {
            let values: Vec<&str> = given.iter().map(|&v| symbols.label(v)).collect();
            out.push(if empty == 0 {
                format!(
                    "{name}: its givens {} add up to {sum}, not {}",
                    values.join(", "),
                    cage.total
                )
            } else {
                format!(
                    "{name}: its givens {} leave {low}..{high} for its total {}",
                    values.join(", "),
                    cage.total
                )
            });
        }
    }
    out
}

/// A cage's name for messages and logs: `cage 17/2 at r1c1` (total, cells, first cell).
pub fn cage_name(puzzle: &Puzzle, cage: &Cage) -> String {
    format!(
        "cage {}/{} at {}",
        cage.total,
        cage.cells.len(),
        puzzle.cell_name(cage.cells[0])
    )
}

/// A sum the rule of 45 derives: distinct symbols on `cells` adding up to `total`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HouseSum {
    /// What it is, for logs: `innies of row 3`, `outies of box 5`, …
    pub name: String,
    /// Its cells, sorted; all in one region, so their symbols are distinct.
    pub cells: Vec<usize>,
    /// What they add up to.
    pub total: u64,
}

/// For each cell of an n×n grid, the indices of the regions holding it: `per` slots a cell
/// (`usize::MAX` when unused), `per` being the number of kinds of region, since a cell lies in
/// at most one region of each kind. Returns `(per, slots)`.
fn regions_of_cells(regions: &[Region], n: usize) -> (usize, Vec<usize>) {
    let mut kinds: Vec<RegionKind> = Vec::new();
    for r in regions {
        if !kinds.contains(&r.kind) {
            kinds.push(r.kind);
        }
    }
    let per = kinds.len();
    let mut slots = vec![usize::MAX; n * n * per];
    for (ri, region) in regions.iter().enumerate() {
        for c in region.cells() {
            if let Some(slot) = slots[c * per..(c + 1) * per]
                .iter_mut()
                .find(|s| **s == usize::MAX)
            {
                *slot = ri;
            }
        }
    }
    (per, slots)
}

/// A cage with a choice variable: its cells, the variable and its combinations.
type Chosen<'a, D> = (&'a [usize], VarId, Arc<[D]>);

/// Two cages take combinations with at most as many common values as there are disjoint pairs
/// of cells, one from each cage, that share no house: a common value lies in one cell of each
/// cage, and those two cells cannot share a house. For each pair of cages with choice
/// variables where that rules some pair of combinations out, a [`PairTable`] allows only the
/// others. Its failures leave the dom/wdeg weights to the cages, which would meet the same
/// conflict a little later: with weights, the 63 ISS whole trees took 3% longer, without
/// them 3% shorter (README, Killer). `house_of` lists each cell's houses, `kinds` a cell.
fn post_shared_values<D: Domain>(
    engine: &mut Engine<D>,
    chosen: &[Chosen<'_, D>],
    house_of: &[usize],
    kinds: usize,
    labels: Option<&Labels>,
) {
    for (i, (a, x, xs)) in chosen.iter().enumerate() {
        for (b, y, ys) in &chosen[i + 1..] {
            let most = most_shared_values(a, b, house_of, kinds);
            if most >= a.len().min(b.len()) {
                continue;
            }
            let name = labels.map_or_else(String::new, |l| {
                format!("shared values({}, {})", l.var(*x), l.var(*y))
            });
            let table = PairTable::new(name, (*x, xs.len()), (*y, ys.len()), |p, q| {
                xs[p].and(ys[q]).len() as usize <= most
            });
            if !table.allows_all() {
                engine.post(table.unweighted());
            }
        }
    }
}

/// The most values two cages (disjoint sets of cells) can share: the largest number of
/// disjoint pairs of cells, one from each, that share no house (`house_of` and `kinds` as in
/// [`regions_of_cells`]).
fn most_shared_values(a: &[usize], b: &[usize], house_of: &[usize], kinds: usize) -> usize {
    let houses = |c: usize| &house_of[c * kinds..(c + 1) * kinds];
    let apart = |c: usize, d: usize| {
        !houses(c)
            .iter()
            .any(|&h| h != usize::MAX && houses(d).contains(&h))
    };
    max_matching(a.len(), b.len(), |p, q| apart(a[p], b[q]))
}

/// The size of a largest matching between `0..left` and `0..right` over the pairs `edge`
/// allows (augmenting paths, for the cells of two cages).
fn max_matching(left: usize, right: usize, edge: impl Fn(usize, usize) -> bool) -> usize {
    fn augment(
        p: usize,
        edge: &impl Fn(usize, usize) -> bool,
        owner: &mut [usize],
        seen: &mut [bool],
    ) -> bool {
        for q in 0..owner.len() {
            if edge(p, q) && !seen[q] {
                seen[q] = true;
                if owner[q] == usize::MAX || augment(owner[q], edge, owner, seen) {
                    owner[q] = p;
                    return true;
                }
            }
        }
        false
    }
    let mut owner = vec![usize::MAX; right];
    let mut seen = vec![false; right];
    (0..left)
        .filter(|&p| {
            seen.fill(false);
            augment(p, &edge, &mut owner, &mut seen)
        })
        .count()
}

/// Two regions sharing two cells or more (a row and a box, a diagonal and a box): the cells
/// of each outside the other take the same symbols, those the shared cells do not take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Overlap {
    /// The first region's index in the list of regions.
    pub a: usize,
    /// The second region's index, after `a`.
    pub b: usize,
    /// The cells of `a` outside `b`.
    pub rest_a: Vec<usize>,
    /// The cells of `b` outside `a`.
    pub rest_b: Vec<usize>,
}

/// Every pair of `regions` (of an n×n grid) that share two cells or more.
pub fn overlaps(regions: &[Region], n: usize) -> Vec<Overlap> {
    let (kinds, house_of) = regions_of_cells(regions, n);
    let houses = |c: usize| &house_of[c * kinds..(c + 1) * kinds];
    let mut out = Vec::new();
    let mut shared = vec![0usize; regions.len()];
    for (a, region) in regions.iter().enumerate() {
        shared.fill(0);
        for c in region.cells() {
            for &h in houses(c) {
                if h != usize::MAX && h > a {
                    shared[h] += 1;
                }
            }
        }
        for (b, _) in shared.iter().enumerate().filter(|&(_, &k)| k >= 2) {
            let outside = |r: &Region, other: usize| -> Vec<usize> {
                r.cells().filter(|&c| !houses(c).contains(&other)).collect()
            };
            out.push(Overlap {
                a,
                b,
                rest_a: outside(region, b),
                rest_b: outside(&regions[b], a),
            });
        }
    }
    out
}

/// The rule of 45 (every region holds each symbol once, so its cells add up to the sum of the
/// symbols), applied to each region and the cages:
/// - innies: the cells of a region outside the cages lying wholly inside it add up to the
///   region's sum minus those cages' totals;
/// - the rest of a region beside one cage inside it adds up to the region's sum minus the
///   cage's total (this keeps the cage's required symbols out of the rest of the region);
/// - outies: when cages cover the whole region, their cells outside it add up to their totals
///   minus the region's sum; kept when those cells lie in one region (so they are distinct).
///
/// Each set is kept once, and only when it is smaller than a region. Names are made only when
/// `named` (they cost more than the sums; logs and explanations need them, solving does not).
pub fn house_sums(puzzle: &Puzzle, regions: &[Region], named: bool) -> Vec<HouseSum> {
    let n = puzzle.size();
    let all: u64 = puzzle.symbols().as_slice().iter().sum();
    let mut cage_of = vec![usize::MAX; n * n];
    for (i, cage) in puzzle.cages().iter().enumerate() {
        cage.cells.iter().for_each(|&c| cage_of[c] = i);
    }
    // The regions holding each cell, so that "are these cells all in region r" is a lookup.
    let (per, regions_of) = regions_of_cells(regions, n);
    let holds = |c: usize, ri: usize| regions_of[c * per..(c + 1) * per].contains(&ri);
    let in_region = |cells: &[usize], ri: usize| cells.iter().all(|&c| holds(c, ri));
    let mut out: Vec<HouseSum> = Vec::new();
    let mut seen: HashSet<Vec<usize>> = HashSet::new();
    // Names are made only for the sums kept.
    let mut add = |name: &dyn Fn() -> String, mut cells: Vec<usize>, total: u64| {
        cells.sort_unstable();
        if !cells.is_empty() && cells.len() < n && seen.insert(cells.clone()) {
            out.push(HouseSum {
                name: if named { name() } else { String::new() },
                cells,
                total,
            });
        }
    };
    let mut met: HashSet<usize> = HashSet::new();
    for (ri, region) in regions.iter().enumerate() {
        met.clear();
        let cells: Vec<usize> = region.cells().collect();
        let mut inside: Vec<usize> = Vec::new();
        let mut touching: Vec<usize> = Vec::new();
        for &c in &cells {
            let k = cage_of[c];
            if k != usize::MAX && !met.contains(&k) {
                met.insert(k);
                if in_region(&puzzle.cages()[k].cells, ri) {
                    inside.push(k);
                } else {
                    touching.push(k);
                }
            }
        }
        let inside_total: u64 = inside.iter().map(|&k| puzzle.cages()[k].total).sum();
        if !inside.is_empty() && inside_total <= all {
            let rest: Vec<usize> = cells
                .iter()
                .copied()
                .filter(|&c| !inside.contains(&cage_of[c]))
                .collect();
            add(&|| format!("innies of {region}"), rest, all - inside_total);
            if inside.len() > 1 {
                // Beside a one-cell cage, the rest only restates the cage: the region's
                // all-different already keeps its symbol out of the rest.
                for &k in inside
                    .iter()
                    .filter(|&&k| puzzle.cages()[k].cells.len() > 1)
                {
                    let cage = &puzzle.cages()[k];
                    let rest: Vec<usize> =
                        cells.iter().copied().filter(|&c| cage_of[c] != k).collect();
                    add(
                        &|| format!("{region} beside {}", cage_name(puzzle, cage)),
                        rest,
                        all.saturating_sub(cage.total),
                    );
                }
            }
        }
        let covered = cells.iter().all(|&c| cage_of[c] != usize::MAX);
        let touching_total: u64 = touching.iter().map(|&k| puzzle.cages()[k].total).sum();
        if covered && !touching.is_empty() && inside_total + touching_total >= all {
            let outside: Vec<usize> = touching
                .iter()
                .flat_map(|&k| puzzle.cages()[k].cells.iter().copied())
                .filter(|c| !cells.contains(c))
                .collect();
            if outside.first().is_some_and(|&c| {
                regions_of[c * per..(c + 1) * per]
                    .iter()
                    .any(|&ri| ri != usize::MAX && in_region(&outside, ri))
            }) {
                add(
                    &|| format!("outies of {region}"),
                    outside,
                    inside_total + touching_total - all,
                );
            }
        }
    }
    out
}

/// The [`house_sums`] the engine posts: all but a sum over every cell of a region except a
/// 1-cell cage. Such a sum only restates the cage (the region's all-different already takes its
/// value from the others), and as a cage of n - 1 cells it cost more than it pruned: callgrind
/// on ISS mathemagic-01 to 30,000 nodes 2,236 → 1,847 M instructions, and whole trees of 16
/// hard ISS killers (`bench --unique`, 2 threads) 69.7 s → 46.7–50.9 s in three runs (5.03 →
/// 4.15 M nodes).
fn posted_house_sums(puzzle: &Puzzle, regions: &[Region], named: bool) -> Vec<HouseSum> {
    let n = puzzle.size();
    let mut single = vec![false; n * n];
    for cage in puzzle.cages().iter().filter(|c| c.cells.len() == 1) {
        single[cage.cells[0]] = true;
    }
    let (per, regions_of) = regions_of_cells(regions, n);
    let mut marked = vec![false; n * n];
    // Only a region holding the sum's first cell can be the one the sum fills but for a cell.
    let mut restates_a_cage = |sum: &HouseSum| {
        if sum.cells.len() + 1 != n {
            return false;
        }
        sum.cells.iter().for_each(|&c| marked[c] = true);
        let first = sum.cells[0];
        let found = regions_of[first * per..(first + 1) * per]
            .iter()
            .filter(|&&ri| ri != usize::MAX)
            .any(|&ri| {
                let mut left = regions[ri].cells().filter(|&c| !marked[c]);
                matches!((left.next(), left.next()), (Some(c), None) if single[c])
            });
        sum.cells.iter().for_each(|&c| marked[c] = false);
        found
    };
    let mut sums = house_sums(puzzle, regions, named);
    sums.retain(|s| !restates_a_cage(s));
    sums
}

/// [`house_sums`] of at most `max_cells` cells on grids of at most 128 cells, each set of cells
/// a bit mask (`houses`: each region's cells): the same sums in another order, without names,
/// for a caller that derives them for every puzzle of a batch. `None` on a larger grid.
pub fn house_sum_masks(
    puzzle: &Puzzle,
    houses: &[u128],
    max_cells: usize,
) -> Option<Vec<(u128, u64)>> {
    let n = puzzle.size();
    let cages = puzzle.cages();
    if n * n > 128 || cages.len() > 128 {
        return None;
    }
    let all: u64 = puzzle.symbols().as_slice().iter().sum();
    let mut cage_of = [u8::MAX; 128];
    let mut cage_masks = [0u128; 128];
    let mut covered = 0u128;
    for (i, cage) in cages.iter().enumerate() {
        for &c in &cage.cells {
            cage_of[c] = i as u8;
            cage_masks[i] |= 1 << c;
        }
        covered |= cage_masks[i];
    }
    // Cells and total of the cages in a set (bit k: cage k).
    let cells_and_total = |mut set: u128| {
        let (mut cells, mut total) = (0u128, 0u64);
        while set != 0 {
            let k = set.trailing_zeros() as usize;
            set &= set - 1;
            cells |= cage_masks[k];
            total += cages[k].total;
        }
        (cells, total)
    };
    let mut out: Vec<(u128, u64)> = Vec::with_capacity(3 * houses.len());
    let mut add = |cells: u128, total: u64| {
        let len = cells.count_ones() as usize;
        if cells != 0 && len < n && len <= max_cells && !out.iter().any(|s| s.0 == cells) {
            out.push((cells, total));
        }
    };
    for &house in houses {
        // The cages meeting the house, split into those inside it and those sticking out.
        let (mut inside, mut touching) = (0u128, 0u128);
        let mut rest = house & covered;
        while rest != 0 {
            let k = cage_of[rest.trailing_zeros() as usize];
            let cage = cage_masks[k as usize];
            rest &= !cage;
            if cage & !house == 0 {
                inside |= 1 << k;
            } else {
                touching |= 1 << k;
            }
        }
        let (inside_cells, inside_total) = cells_and_total(inside);
        let (touching_cells, touching_total) = cells_and_total(touching);
        if inside != 0 && inside_total <= all {
            add(house & !inside_cells, all - inside_total);
            if inside.count_ones() > 1 {
                let mut each = inside;
                while each != 0 {
                    let k = each.trailing_zeros() as usize;
                    each &= each - 1;
                    // beside a one-cell cage the rest only restates it (as in `house_sums`)
                    if cages[k].cells.len() > 1 {
                        add(house & !cage_masks[k], all.saturating_sub(cages[k].total));
                    }
                }
            }
        }
        let outside = touching_cells & !house;
        if house & !covered == 0
            && touching != 0
            && inside_total + touching_total >= all
            && outside.count_ones() as usize <= max_cells
            && houses.iter().any(|&r| outside & !r == 0)
        {
            add(outside, inside_total + touching_total - all);
        }
    }
    Some(out)
}

/// A linear equation the rule of 45 derives over a union of houses, whose cells need not be
/// distinct: `Σ plus − Σ minus = total`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnionSum {
    /// What it is, for logs: `innies of rows 1-3`, `in-out of columns 4-5`, …
    pub name: String,
    /// Cells that count positively.
    pub plus: Vec<usize>,
    /// Cells that count negatively.
    pub minus: Vec<usize>,
    /// The right-hand side.
    pub total: i64,
}

/// Largest number of cells a [`UnionSum`] may have to be posted. Whole trees of the 63 ISS
/// killers (`bench --unique`, 2 threads), sums domain-consistent: a cap of 5 took 60.7 s, 6
/// took 59.7 s (3.2 M nodes), 7 took 61.7 s and 9 took 92.7 s (bigger sums cost more than
/// they prune). Propagated to bounds only: 5 took 53.0 s, 6 took 42.3–43.8 s (3.34 M nodes),
/// 7 took 40.8 s (3.05 M, within the drift of 6) and 8 took 57.8 s.
pub const UNION_SUM_MAX_CELLS: usize = 6;

/// The most work union sums are looked for with: cells × (cages + 1). A 36×36 killer of 400
/// cages is 0.5 M; a 256×256 grid of one-cell cages 4.3 G.
const UNION_SUM_MAX_WORK: usize = 1 << 26;

/// The most peers (cells outside a sum sharing a house with it) the sums keep lists of for
/// their locked values, over the whole model: about 3·n per cell of a sum. Every killer up to
/// 64×64 fits; past it, the sums posted after the budget runs out check their combinations
/// without locking values outside them, and the model stays within a few hundred megabytes.
const MAX_PEERS: usize = 1 << 24;

/// The most combinations a cage's table lists. A 16×16 cage has at most C(16, 8) = 12,870; a
/// cage of 18 cells on 36×36 has billions, and is posted as distinct values with a sum.
pub const MAX_COMBINATIONS: usize = 1 << 16;

/// Whether the combinations of `k` distinct symbols adding up to `total` are few enough to
/// list (at most [`MAX_COMBINATIONS`]).
pub fn fits_a_table(weights: &[u64], k: usize, total: u64) -> bool {
    // C(n, k) sets of k exist at all: up to 16 symbols they always fit, uncounted.
    let n = weights.len();
    let k = k.min(n);
    let all = (0..k).try_fold(1usize, |c, i| c.checked_mul(n - i).map(|c| c / (i + 1)));
    all.is_some_and(|c| c <= MAX_COMBINATIONS)
        || count_combinations(weights, k, total, MAX_COMBINATIONS + 1) <= MAX_COMBINATIONS
}

/// The bytes a model's cages may give their memos in all: 64 KiB each up to 2,048 cages.
const MEMO_BUDGET: usize = 128 << 20;

/// What is left of [`MAX_PEERS`] while a model is built.
struct PeerBudget(usize);

impl PeerBudget {
    /// Takes what a sum over `cells` of an n×n grid needs, if there is that much left.
    fn take(&mut self, cells: &[usize], n: usize) -> bool {
        let need = cells.len() * 3 * n;
        let ok = need <= self.0;
        if ok {
            self.0 -= need;
        }
        ok
    }
}

/// The rule of 45 over unions of houses: every run of consecutive rows, every run of
/// consecutive columns (up to n − 1 of them), and every box. A union U of m houses holds each
/// symbol m times, so its cells add up to m·45. Take away the cages wholly inside U, and count
/// each cage T partly inside on its smaller side: either its cells inside U, or T's total minus
/// its cells outside U. What is left is one equation, `Σ innies − Σ outies = m·45 − ΣI − ΣT'`
/// (I the cages inside, T' those counted by their outside cells), over the cells of U in no
/// cage, the inside cells of some cages and the outside cells of others. On ISS
/// mathemagic-01, row 1 so gives r1c9 − r2c1 − r2c6 = −4 (three cells), where all its
/// partial cages counted inside (9 cells) or all outside (6 cells) give none worth posting.
///
/// Only sums of at most [`UNION_SUM_MAX_CELLS`] cells are kept, and innies of a single house
/// are left to [`house_sums`], which knows they are distinct. Names are made only when `named`.
pub fn union_sums(puzzle: &Puzzle, rules: &Rules, named: bool) -> Vec<UnionSum> {
    let n = puzzle.size();
    let k = puzzle.box_size();
    let all: i64 = puzzle.symbols().as_slice().iter().sum::<u64>() as i64;
    let has = |kind| rules.all_different.contains(&kind);
    let cages = puzzle.cages();
    let mut out: Vec<UnionSum> = Vec::new();
    // Each union is weighed against every cage: past this much work (a 256×256 grid of small
    // cages would take minutes and gigabytes) the sums are left out, and the cages alone solve.
    if (n * n).saturating_mul(cages.len() + 1) > UNION_SUM_MAX_WORK {
        return out;
    }
    let mut caged = vec![false; n * n];
    for cage in cages {
        cage.cells.iter().for_each(|&c| caged[c] = true);
    }
    // How many cells of each cage (index n: cells of no cage) lie in rows 0..r, in columns
    // 0..c (prefix sums, n + 1 entries per cage) and in each box: a union's counts are then a
    // subtraction per cage instead of a pass over its cells.
    let (lanes, stride) = (cages.len() + 1, n + 1);
    let mut rows = vec![0usize; lanes * stride];
    let mut cols = vec![0usize; lanes * stride];
    let mut boxes = vec![0usize; lanes * n];
    let lane_of = {
        let mut lane = vec![cages.len(); n * n];
        for (i, cage) in cages.iter().enumerate() {
            cage.cells.iter().for_each(|&c| lane[c] = i);
        }
        lane
    };
    for (c, &i) in lane_of.iter().enumerate() {
        rows[i * stride + c / n + 1] += 1;
        cols[i * stride + c % n + 1] += 1;
        boxes[i * n + c / n / k * k + c % n / k] += 1;
    }
    for i in 0..lanes {
        for j in 1..stride {
            rows[i * stride + j] += rows[i * stride + j - 1];
            cols[i * stride + j] += cols[i * stride + j - 1];
        }
    }
    let free_lane = cages.len();
    let mut inside = vec![false; n * n];
    let mut cells: Vec<usize> = Vec::with_capacity(n * n);
    // Counts first, cells only for the few sums small enough to keep, names only for those:
    // a krazydad killer considers about a hundred unions and keeps a few dozen.
    let mut consider = |name: &dyn Fn() -> String,
                        m: usize,
                        within: &dyn Fn(usize) -> usize,
                        fill: &dyn Fn(&mut Vec<usize>)| {
        // Each cage partly inside counts on its smaller side: its cells inside, or its total
        // minus its cells outside (ties: inside).
        let (mut size, mut some_outside) = (within(free_lane), false);
        for (i, cage) in cages.iter().enumerate() {
            let w = within(i);
            if w > 0 && w < cage.cells.len() {
                size += w.min(cage.cells.len() - w);
                some_outside |= w > cage.cells.len() - w;
            }
        }
        // Innies of one house are distinct and left to `house_sums`.
        if size > UNION_SUM_MAX_CELLS || (m == 1 && !some_outside) {
            return;
        }
        cells.clear();
        fill(&mut cells);
        cells.iter().for_each(|&c| inside[c] = true);
        let mut plus: Vec<usize> = cells.iter().copied().filter(|&c| !caged[c]).collect();
        let (mut minus, mut total) = (Vec::new(), m as i64 * all);
        for cage in cages {
            let w = cage.cells.iter().filter(|&&c| inside[c]).count();
            if w == cage.cells.len() {
                total -= cage.total as i64;
            } else if w > 0 && w <= cage.cells.len() - w {
                plus.extend(cage.cells.iter().filter(|&&c| inside[c]));
            } else if w > 0 {
                minus.extend(cage.cells.iter().filter(|&&c| !inside[c]));
                total -= cage.total as i64;
            }
        }
        cells.iter().for_each(|&c| inside[c] = false);
        add_union_sum(&mut out, named.then(name), plus, minus, total);
    };
    for len in 1..n {
        for first in 0..=n - len {
            let span = |kind: &str| {
                if len == 1 {
                    format!("{kind} {}", first + 1)
                } else {
                    format!("{kind}s {}-{}", first + 1, first + len)
                }
            };
            let end = first + len;
            if has(RegionKind::Row) {
                consider(
                    &|| span("row"),
                    len,
                    &|i| rows[i * stride + end] - rows[i * stride + first],
                    &|cells| cells.extend(first * n..end * n),
                );
            }
            if has(RegionKind::Column) {
                consider(
                    &|| span("column"),
                    len,
                    &|i| cols[i * stride + end] - cols[i * stride + first],
                    &|cells| cells.extend((0..n * n).filter(|c| (first..end).contains(&(c % n)))),
                );
            }
        }
    }
    if has(RegionKind::Box) {
        for index in 0..n {
            let region = Region {
                kind: RegionKind::Box,
                index,
                n,
                k,
            };
            consider(
                &|| region.to_string(),
                1,
                &|i| boxes[i * n + index],
                &|cells| cells.extend(region.cells()),
            );
        }
    }
    out
}

/// Adds `Σ plus − Σ minus = total` to `out`, cells sorted, unless it has no cell or `out`
/// already has a sum over the same cells. Named `innies of …` (or `innies minus outies of …`)
/// after `union` when given one.
///
/// A sum whose sides are another's swapped (rows 1–7 against rows 8–9) is the same equation,
/// and is kept: 12 of mathemagic-13's 35 sums repeat another so. A twin prunes nothing more,
/// and a failure weighs the same variables whichever twin finds it; it only counts once more
/// in its cells' starting dom/wdeg weights, and its runs cost little. The 63 ISS whole trees (2
/// threads) took 347 ms with the twins, 358 ms with each equation once and 365 ms with each
/// twice: starting weights move the search either way, and this is the measured best.
fn add_union_sum(
    out: &mut Vec<UnionSum>,
    union: Option<String>,
    mut plus: Vec<usize>,
    mut minus: Vec<usize>,
    total: i64,
) {
    plus.sort_unstable();
    minus.sort_unstable();
    if (plus.is_empty() && minus.is_empty())
        || out.iter().any(|s| s.plus == plus && s.minus == minus)
    {
        return;
    }
    let what = if minus.is_empty() {
        "innies"
    } else {
        "innies minus outies"
    };
    out.push(UnionSum {
        name: union.map_or_else(String::new, |u| format!("{what} of {u}")),
        plus,
        minus,
        total,
    });
}

/// The CP model of a puzzle: one variable per cell (row-major), one all-different per region,
/// givens applied. Domains of type `D` must hold `n` values.
pub fn build<D: Domain>(puzzle: &Puzzle, rules: &Rules) -> Result<Engine<D>, Conflict> {
    let mut engine = model(puzzle, rules);
    apply_givens(&mut engine, puzzle)?;
    Ok(engine)
}

/// A model kept for reuse by [`with_model`].
struct Cached<D: Domain> {
    n: usize,
    rules: Rules,
    engine: Engine<D>,
    root: Snapshot<D>,
}

thread_local! {
    /// This thread's last model without cages, of whichever domain type it was built for.
    static MODEL: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
}

/// Runs `f` on the model of `puzzle` with its givens applied, as [`build`] makes it.
///
/// Building the model (variables, propagators, watch lists) costs more than solving an easy
/// 9×9 puzzle, and it depends only on the size and the rules when there are no cages. So each
/// thread keeps its last such model and, for the next puzzle of the same size and rules, only
/// resets its domains ([`Engine::reset`]) and applies the new givens. Puzzles with cages and
/// runs with debug logs on (which name cells by the puzzle's symbols) build a fresh model.
pub fn with_model<D: Domain, R>(
    puzzle: &Puzzle,
    rules: &Rules,
    f: impl FnOnce(&mut Engine<D>) -> R,
) -> Result<R, Conflict> {
    let cages_apply = rules.cages && !puzzle.cages().is_empty();
    let reusable = !cages_apply && !log::log_enabled!(log::Level::Debug);
    if !reusable {
        return build(puzzle, rules).map(|mut e| f(&mut e));
    }
    MODEL.with(|cell| {
        let Ok(mut slot) = cell.try_borrow_mut() else {
            // `f` itself asked for a model: build this one fresh.
            return build(puzzle, rules).map(|mut e| f(&mut e));
        };
        let n = puzzle.size();
        let hit = slot
            .as_mut()
            .and_then(|b| b.downcast_mut::<Cached<D>>())
            .is_some_and(|c| {
                c.n == n
                    && c.rules.all_different == rules.all_different
                    && c.rules.cages == rules.cages
            });
        if !hit {
            let engine = model::<D>(puzzle, rules);
            let root = engine.snapshot();
            *slot = Some(Box::new(Cached {
                n,
                rules: rules.clone(),
                engine,
                root,
            }));
        }
        let cached = slot
            .as_mut()
            .and_then(|b| b.downcast_mut::<Cached<D>>())
            .expect("stored above");
        cached.engine.reset(&cached.root);
        apply_givens(&mut cached.engine, puzzle)?;
        Ok(f(&mut cached.engine))
    })
}

/// Fixes each given cell's variable (variable i is cell i).
fn apply_givens<D: Domain>(engine: &mut Engine<D>, puzzle: &Puzzle) -> Result<(), Conflict> {
    for (cell, given) in puzzle.givens().iter().enumerate() {
        if let Some(v) = *given {
            engine.restrict(VarId(cell as u32), D::singleton(v), "given")?;
        }
    }
    if let Some(marks) = puzzle.candidates() {
        let n = puzzle.size();
        for (cell, &mask) in marks.iter().enumerate() {
            let mut dom = D::full(n);
            (0..n)
                .filter(|v| mask >> v & 1 == 0)
                .for_each(|v| dom.remove(v));
            engine.restrict(VarId(cell as u32), dom, "pencil marks")?;
        }
    }
    Ok(())
}

/// How much more dom/wdeg weighs a cage's choice of combination than a cell watched by the
/// same propagators ([`Engine::set_weight_factor`]). Whole trees of 16 hard ISS killers (two
/// threads): 19.1 s and 1.57 M nodes without choice variables; with them, factor 1: 15.0 s,
/// 1.26 M; 2: 17.1 s, 1.33 M; 3: 14.4 s, 1.12 M; 4: 16.3 s, 1.31 M. Whole trees of all 63:
/// factor 1 3.34 M nodes, 2 3.20 M (40.4 s), 3 2.74 M (35.8 s), 4 3.23 M (39.9 s).
const CHOICE_WEIGHT: u64 = 3;

/// The values of a solution's cells (variable `i` is cell `i`; the variables after the cells
/// are the cages' choices of combination).
pub fn grid_of<D: Domain>(puzzle: &Puzzle, doms: &[D]) -> Vec<usize> {
    let cells = puzzle.size() * puzzle.size();
    Engine::values_of(&doms[..cells])
}

/// The model without its givens.
fn model<D: Domain>(puzzle: &Puzzle, rules: &Rules) -> Engine<D> {
    let n = puzzle.size();
    assert!(n <= D::CAPACITY, "domain type too small for size {n}");
    let mut engine = Engine::new();
    let vars: Vec<VarId> = (0..n * n).map(|_| engine.new_var(D::full(n))).collect();
    // Names only matter to logs, and building them costs more than an easy puzzle's search.
    let labelled = log::log_enabled!(log::Level::Debug);
    let mut labels = Labels::default();
    if labelled {
        labels.vars = (0..n * n).map(|c| puzzle.cell_name(c)).collect();
        labels.values = puzzle
            .symbols()
            .as_slice()
            .iter()
            .map(u64::to_string)
            .collect();
    }
    let killer = rules.cages && !puzzle.cages().is_empty();
    // Restarts pay on 25×25 and up, where some runs go far astray; on killers they lost (52
    // against 56 ISS puzzles).
    let restarts = n >= 25 && !killer;
    let all_regions = regions(rules, n, puzzle.box_size());
    let houses: Vec<Vec<VarId>> = all_regions
        .iter()
        .map(|region| region.cells().map(|c| vars[c]).collect())
        .collect();
    for (region, cells) in all_regions.iter().zip(houses.iter()) {
        let name = if labelled {
            format!("alldiff({region})")
        } else {
            String::new()
        };
        let hall_name = if labelled {
            format!("hall sets({region})")
        } else {
            String::new()
        };
        engine.post(AllDifferent::new(name, cells.clone(), engine.domains()));
        if restarts {
            engine.branch_group(cells.clone());
        }
        // Hall sets, below the first guess only (puzzles propagation solves pay next to
        // nothing). They pay on 25×25 (2,089 → 2,096 of 2,100 decided in 2 s, 1,514 → 332
        // guesses). On 16×16 they found next to nothing and made it five times slower. On
        // killers they once paid (ISS Tarek set: 1,387 → 865 guesses a puzzle); beside the
        // cages' locked and forced values they changed a domain in 1% of their runs, for 9% of
        // the propagation time (mathemagic-13), and without them the 63 ISS whole trees take
        // 4.5% less time with 15% more guesses (README, Killer). Ten generated 16×16 killers
        // (`generate --size 16 --killer --count 10 --seed 7`), whole trees, one thread: 317
        // ms and 1,124 guesses a puzzle with them, 277 ms and 873 without.
        if n >= 25
            && let Some(h) = HallSets::new(hall_name, cells.clone(), engine.domains())
        {
            engine.post(h.after_guess());
        }
    }
    // Locked candidates, below the first guess, from 25×25 up: where two regions overlap in
    // two cells or more, their rests take the same symbols. 25×25 (bench, 2 threads, 2 s):
    // 2,096 → 2,099 of 2,100 decided, 14.1 → 9.2 ms mean; puzzles with 343 gaps 206 → 94 ms,
    // empty grids 7.8 → 13.7 ms. On 16×16 they made it slower (218 → 404 µs a puzzle).
    if n >= 25 {
        for overlap in overlaps(&all_regions, n) {
            let name = if labelled {
                format!(
                    "same values({} \\ {}, {} \\ {})",
                    all_regions[overlap.a],
                    all_regions[overlap.b],
                    all_regions[overlap.b],
                    all_regions[overlap.a]
                )
            } else {
                String::new()
            };
            let a = overlap.rest_a.iter().map(|&c| vars[c]).collect();
            let b = overlap.rest_b.iter().map(|&c| vars[c]).collect();
            engine.post(SameValues::new(name, a, b, engine.domains()).after_guess());
        }
    }
    if rules.cages {
        // The houses each cell lies in (at most one per kind of region), for locked values.
        let (kinds, house_of) = regions_of_cells(&all_regions, n);
        // The houses meeting a set of cells, each with the positions of the cells inside it.
        let mut near: Vec<(usize, u64)> = Vec::with_capacity(3 * n);
        let houses_meeting = |cells: &[usize], near: &mut Vec<(usize, u64)>| {
            near.clear();
            for (i, &c) in cells.iter().enumerate().take(64) {
                for &h in &house_of[c * kinds..(c + 1) * kinds] {
                    if h == usize::MAX {
                        continue;
                    }
                    match near.iter_mut().find(|(g, _)| *g == h) {
                        Some((_, mask)) => *mask |= 1 << i,
                        None => near.push((h, 1 << i)),
                    }
                }
            }
        };
        let mut budget = PeerBudget(MAX_PEERS);
        // The cages share a memory budget for their memos of combination passes.
        let memo_bytes = MEMO_BUDGET / puzzle.cages().len().max(1);
        // One combination table per (cage size, total), shared by the cages that have them.
        let mut tables: HashMap<(usize, u64), Arc<[D]>> = HashMap::new();
        let weights = puzzle.symbols().as_slice();
        let mut chosen: Vec<Chosen<'_, D>> = Vec::new();
        for cage in puzzle.cages() {
            if !fits_a_table(weights, cage.cells.len(), cage.total) {
                // Too many combinations to list: distinct values adding up to the total.
                let cells: Vec<VarId> = cage.cells.iter().map(|&c| vars[c]).collect();
                let name = if labelled {
                    cage_name(puzzle, cage)
                } else {
                    String::new()
                };
                engine.post(AllDifferent::new(
                    format!("alldiff({name})"),
                    cells.clone(),
                    engine.domains(),
                ));
                engine.post(LinearSum::new(
                    name,
                    &cells,
                    &[],
                    weights,
                    cage.total as i64,
                ));
                continue;
            }
            let combos = tables
                .entry((cage.cells.len(), cage.total))
                .or_insert_with(|| {
                    combinations_cached::<D>(weights, cage.cells.len(), cage.total).into()
                });
            let name = if labelled {
                cage_name(puzzle, cage)
            } else {
                String::new()
            };
            let cells = cage.cells.iter().map(|&c| vars[c]).collect();
            houses_meeting(&cage.cells, &mut near);
            let choice_name = labelled.then(|| format!("combination of {name}"));
            // The houses' all-differents place hidden singles, so the cage looks for forced
            // values only in houses holding two of its cells or more: ISS whole trees 404–408
            // → 398 ms (2 threads), from fewer reads a run (4% more guesses, as failures are
            // met by other propagators and weigh other variables).
            let mut sum = CageSum::with_memo_bytes(name, cells, Arc::clone(combos), memo_bytes);
            if budget.take(&cage.cells, n) {
                sum = sum.with_groups(&houses, &near).singles_placed_elsewhere();
            }
            // Which combination the cage takes, for search to branch on.
            if combos.len() > 1 && combos.len() <= D::CAPACITY {
                let choice = engine.new_var(D::full(combos.len()));
                engine.set_weight_factor(choice, CHOICE_WEIGHT);
                if let Some(choice_name) = choice_name {
                    labels.vars.push(choice_name);
                    let names = combos
                        .iter()
                        .map(|c| {
                            let values: Vec<String> = c.iter().map(|v| labels.value(v)).collect();
                            values.join("+")
                        })
                        .collect();
                    labels.own_values.insert(choice.index(), names);
                }
                sum = sum.with_choice(choice);
                chosen.push((&cage.cells[..], choice, Arc::clone(combos)));
            }
            engine.post(sum);
        }
        post_shared_values(
            &mut engine,
            &chosen,
            &house_of,
            kinds,
            labelled.then_some(&labels),
        );
        for sum in posted_house_sums(puzzle, &all_regions, labelled) {
            if !fits_a_table(weights, sum.cells.len(), sum.total) {
                continue;
            }
            houses_meeting(&sum.cells, &mut near);
            let combos = tables
                .entry((sum.cells.len(), sum.total))
                .or_insert_with(|| {
                    combinations_cached::<D>(weights, sum.cells.len(), sum.total).into()
                });
            let name = sum.name;
            let cells = sum.cells.iter().map(|&c| vars[c]).collect();
            let mut cage_sum =
                CageSum::with_memo_bytes(name, cells, Arc::clone(combos), memo_bytes);
            if budget.take(&sum.cells, n) {
                cage_sum = cage_sum
                    .with_groups(&houses, &near)
                    .singles_placed_elsewhere();
            }
            engine.post(cage_sum);
        }
        // Bounds consistency: domain consistency pruned almost nothing more (see
        // `LinearSum::bounds_only`) at several times the cost.
        for sum in union_sums(puzzle, rules, labelled) {
            let name = sum.name;
            let plus: Vec<VarId> = sum.plus.iter().map(|&c| vars[c]).collect();
            let minus: Vec<VarId> = sum.minus.iter().map(|&c| vars[c]).collect();
            engine.post(LinearSum::new(name, &plus, &minus, weights, sum.total).bounds_only());
        }
    }
    if labelled {
        engine.set_labels(labels);
    }
    // Failures concentrate where a puzzle is hard: dom/wdeg lets them steer branching. It
    // needs fewer guesses than MRV at every size (README, Speed). With restarts, every second
    // run may also branch on a value's two places in a region (`Strategy::places`). Killers
    // up to 9×9 weigh dom/wdeg by activity: ISS hard killers, whole trees (`bench --unique`,
    // one thread), 358 → 227 ms and 18.9 k → 11.4 k guesses a puzzle; killer-x-hs 22.8 → 11.7
    // ms. Elsewhere it lost: 16×16 killers (`generate --size 16 --killer --count 20 --seed
    // 8`, whole trees) 340 → 598 ms; the lloyd Sudoku sets, 16×16 on one thread 121 → 149 µs
    // a puzzle, 25×25 on two 5.7 → 9.6 ms (one puzzle undecided at 10 s).
    engine.set_strategy(Strategy {
        heuristic: if killer && n <= 9 {
            Heuristic::DomWdegActivity
        } else {
            Heuristic::DomWdeg
        },
        restarts,
        places: restarts,
        ..Strategy::default()
    });
    engine
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::puzzle::Symbols;

    #[test]
    fn regions_of_a_4x4_grid() {
        let r = regions(&Rules::sudoku(), 4, 2);
        assert_eq!(r.len(), 12);
        let cells = |i: usize| r[i].cells().collect::<Vec<_>>();
        assert_eq!(cells(1), vec![4, 5, 6, 7]); // row 2
        assert_eq!(cells(5), vec![1, 5, 9, 13]); // column 2
        assert_eq!(cells(9), vec![2, 3, 6, 7]); // box 2
        assert_eq!(cells(11), vec![10, 11, 14, 15]); // box 4
        let x = Rules::parse("name x\nall-different diagonal anti-diagonal", "x").unwrap();
        let d = regions(&x, 4, 2);
        assert_eq!(d[0].cells().collect::<Vec<_>>(), vec![0, 5, 10, 15]);
        assert_eq!(d[1].cells().collect::<Vec<_>>(), vec![3, 6, 9, 12]);
        assert_eq!(r[9].to_string(), "box 2");
    }

    /// The cells of every region kind agree with the formula per cell they replaced, on grids
    /// from 1×1 to 36×36: the same cells, in the same order.
    #[test]
    fn region_cells_agree_with_the_formula_per_cell() {
        let all = Rules::parse(
            "name all\nall-different rows columns boxes diagonal anti-diagonal",
            "all",
        )
        .unwrap();
        for k in 1..=6 {
            let n = k * k;
            for region in regions(&all, n, k) {
                let Region { kind, index, .. } = region;
                let expected: Vec<usize> = (0..n)
                    .map(|i| match kind {
                        RegionKind::Row => index * n + i,
                        RegionKind::Column => i * n + index,
                        RegionKind::Box => (index / k * k + i / k) * n + index % k * k + i % k,
                        RegionKind::Diagonal => i * n + i,
                        RegionKind::AntiDiagonal => i * n + (n - 1 - i),
                    })
                    .collect();
                assert_eq!(region.cells().collect::<Vec<_>>(), expected, "{region}");
                let mut looped = Vec::new();
                region.for_each_cell(|c| looped.push(c));
                assert_eq!(looped, expected, "{region}");
            }
        }
    }

    #[test]
    fn duplicates_name_region_symbol_and_cells() {
        let mut p = Puzzle::empty(4, Symbols::default_for(4)).unwrap();
        p.set_given(0, Some(2));
        p.set_given(3, Some(2));
        p.set_given(12, Some(2));
        let regions = regions(&Rules::sudoku(), 4, 2);
        let d = duplicates(p.givens(), &regions);
        let text: Vec<String> = d
            .iter()
            .map(|d| describe_duplicate(d, &regions, &p))
            .collect();
        assert_eq!(
            text,
            vec![
                "row 1 holds 3 twice (r1c1, r1c4)",
                "column 1 holds 3 twice (r1c1, r4c1)"
            ]
        );
    }

    #[test]
    fn check_solution_reports_changed_givens_and_repeats() {
        let mut p = Puzzle::empty(4, Symbols::default_for(4)).unwrap();
        p.set_given(0, Some(0));
        let good = [0, 1, 2, 3, 2, 3, 0, 1, 1, 0, 3, 2, 3, 2, 1, 0];
        assert!(check_solution(&p, &Rules::sudoku(), &good).is_empty());
        let mut bad = good;
        bad.swap(0, 1);
        let problems = check_solution(&p, &Rules::sudoku(), &bad);
        assert_eq!(problems, vec!["r1c1 changes a given"]);
        p.set_given(0, None);
        let problems = check_solution(&p, &Rules::sudoku(), &bad);
        // swapping within a row and a box breaks only the two columns
        assert_eq!(
            problems,
            vec![
                "column 1 holds 2 twice (r1c1, r3c1)",
                "column 2 holds 1 twice (r1c2, r3c2)"
            ]
        );
    }
}

#[cfg(test)]
mod sum_tests {
    use super::*;
    use crate::models::puzzle::Symbols;

    /// A 9×9 solution (value indices), and a killer over it whose cages (dominoes and
    /// L-trominoes, some cells left uncovered) cross house borders in every direction.
    fn killer() -> (Puzzle, Vec<usize>) {
        let grid: Vec<usize> = (0..81).map(|c| (c / 9 * 3 + c / 27 + c % 9) % 9).collect();
        let mut p = Puzzle::empty(9, Symbols::default_for(9)).unwrap();
        let mut used = [false; 81];
        let shapes: [&[usize]; 3] = [&[0, 1], &[0, 9], &[0, 1, 10]];
        for start in 0..81 {
            let shape = shapes[start % 3];
            let cells: Vec<usize> = shape.iter().map(|d| start + d).collect();
            let fits = cells
                .iter()
                .all(|&c| c < 81 && !used[c] && c % 9 >= start % 9)
                && cells.iter().all(|&c| c % 9 - start % 9 <= 1);
            if fits && start % 7 != 3 {
                cells.iter().for_each(|&c| used[c] = true);
                let total = cells.iter().map(|&c| grid[c] as u64 + 1).sum();
                p.add_cage(total, cells).unwrap();
            }
        }
        (p, grid)
    }

    /// Outies of row 1 cover three cells of row 2. They are posted, unless the fourth cell of
    /// row 2 is a 1-cell cage, which they would only restate.
    #[test]
    fn a_sum_restating_a_one_cell_cage_is_not_posted() {
        // Solution rows 1 2 3 4 / 3 4 1 2 / …: cages {r1c1 r1c2 r2c1 r2c2} = 10 and
        // {r1c3 r1c4 r2c3} = 8 cover row 1; r2c1 r2c2 r2c3 add up to 10 + 8 - 10 = 8.
        let rules = Rules::builtin("killer").unwrap();
        let regions = regions(&rules, 4, 2);
        let mut p = Puzzle::empty(4, Symbols::default_for(4)).unwrap();
        p.add_cage(10, vec![0, 1, 4, 5]).unwrap();
        p.add_cage(8, vec![2, 3, 6]).unwrap();
        let outies = |sums: &[HouseSum]| sums.iter().any(|s| s.cells == [4, 5, 6] && s.total == 8);
        assert!(outies(&house_sums(&p, &regions, false)));
        assert!(outies(&posted_house_sums(&p, &regions, false)));
        p.add_cage(2, vec![7]).unwrap();
        assert!(outies(&house_sums(&p, &regions, false)));
        let posted = posted_house_sums(&p, &regions, false);
        assert!(!outies(&posted));
        assert!(posted.iter().all(|s| s.cells.len() < 3), "{posted:?}");
    }

    #[test]
    fn every_derived_sum_holds_on_the_solution() {
        let (p, grid) = killer();
        assert!(check_solution(&p, &Rules::builtin("killer").unwrap(), &grid).is_empty());
        let value = |c: usize| grid[c] as i64 + 1;
        let houses = house_sums(&p, &regions(&Rules::builtin("killer").unwrap(), 9, 3), true);
        assert!(!houses.is_empty());
        for h in &houses {
            let sum: i64 = h.cells.iter().map(|&c| value(c)).sum();
            assert_eq!(sum, h.total as i64, "{}", h.name);
        }
        let unions = union_sums(&p, &Rules::builtin("killer").unwrap(), true);
        assert!(unions.iter().any(|u| !u.minus.is_empty()));
        assert!(unions.iter().any(|u| u.name.starts_with("innies of rows")));
        for u in &unions {
            let sum: i64 = u.plus.iter().map(|&c| value(c)).sum::<i64>()
                - u.minus.iter().map(|&c| value(c)).sum::<i64>();
            assert_eq!(sum, u.total, "{}", u.name);
            assert!(u.plus.len() + u.minus.len() <= UNION_SUM_MAX_CELLS);
        }
    }

    /// ISS mathemagic-01: sixteen 5-cell cages and one 1-cell cage, and its published solution.
    fn mathemagic_01() -> (Puzzle, &'static str) {
        let cages = "27:0,1,2,3,9;22:4,5,6,7,14;30:8,16,17,26,35;22:10,11,12,13,21;\
            19:15,24,32,33,41;27:18,19,20,27,36;28:22,23,29,30,31;27:25,34,42,43,52;\
            25:28,37,38,46,55;27:39,47,48,56,65;5:40;22:44,53,60,61,62;25:45,54,63,64,72;\
            31:49,50,51,57,58;21:59,67,68,69,70;20:66,73,74,75,76;27:71,77,78,79,80";
        let mut p = Puzzle::empty(9, Symbols::default_for(9)).unwrap();
        for cage in cages.split(';') {
            let (total, cells) = cage.split_once(':').unwrap();
            let cells = cells.split(',').map(|c| c.parse().unwrap()).collect();
            p.add_cage(total.parse().unwrap(), cells).unwrap();
        }
        let solution =
            "296718435385246197714395286952487613647153928138629574469871352573962841821534769";
        (p, solution)
    }

    #[test]
    fn largest_matchings() {
        assert_eq!(max_matching(3, 3, |_, _| true), 3);
        assert_eq!(max_matching(3, 3, |_, q| q == 0), 1);
        assert_eq!(max_matching(3, 2, |p, q| p == q || q == p + 1), 2);
        // p = 0 must give way to p = 1, whose only partner it holds first
        assert_eq!(max_matching(2, 2, |p, q| p == 0 || q == 0), 2);
        assert_eq!(max_matching(0, 4, |_, _| true), 0);
    }

    /// On mathemagic-01's solution every pair of cages shares at most the values that
    /// `most_shared_values` allows, and some pairs allow fewer than their cells: the
    /// shared-values tables have something to rule out, and rule out no solution.
    #[test]
    fn cages_share_no_more_values_than_they_have_cells_apart() {
        let (p, solution) = mathemagic_01();
        let (kinds, house_of) =
            regions_of_cells(&regions(&Rules::builtin("killer").unwrap(), 9, 3), 9);
        let values = |cells: &[usize]| {
            cells
                .iter()
                .fold(0u16, |m, &c| m | 1 << (solution.as_bytes()[c] - b'0'))
        };
        let mut tight = 0;
        for (i, a) in p.cages().iter().enumerate() {
            for b in &p.cages()[i + 1..] {
                let most = most_shared_values(&a.cells, &b.cells, &house_of, kinds);
                let shared = (values(&a.cells) & values(&b.cells)).count_ones() as usize;
                assert!(shared <= most, "{a:?} {b:?}: {shared} > {most}");
                tight += usize::from(most < a.cells.len().min(b.cells.len()));
            }
        }
        assert!(tight >= 5, "{tight} pairs of cages");
        // Two cages in one row share nothing.
        let row = |c: &[usize]| most_shared_values(c, &[7, 8], &house_of, kinds);
        assert_eq!(row(&[0, 1]), 0);
        // r1c1, r2c4 against r1c8, r1c9: r2c4 shares no house with either.
        assert_eq!(row(&[0, 12]), 1);
    }

    /// Row 1 of mathemagic-01 is covered by two cages with four cells in it and one below
    /// (27: r1c1-r1c4 r2c1, 22: r1c5-r1c8 r2c6), and one with one cell in it and four below
    /// (30: r1c9 …). Each counted on its smaller side, row 1 gives
    /// r1c9 − r2c1 − r2c6 = 45 − 27 − 22 = −4, three cells; counting the three cages all inside
    /// (nine cells) or all outside (six) gives nothing small enough to post.
    #[test]
    fn each_partial_cage_counts_on_its_smaller_side() {
        let (p, solution) = mathemagic_01();
        let sums = union_sums(&p, &Rules::builtin("killer").unwrap(), true);
        let row1 = sums
            .iter()
            .find(|s| s.name == "innies minus outies of row 1");
        let row1 = row1.unwrap_or_else(|| panic!("{sums:#?}"));
        assert_eq!(
            (&row1.plus[..], &row1.minus[..], row1.total),
            (&[8][..], &[9, 14][..], -4)
        );
        // Every sum holds on the published solution and keeps to the cap.
        let value = |c: &usize| i64::from(solution.as_bytes()[*c] - b'0');
        for s in &sums {
            let sum =
                s.plus.iter().map(value).sum::<i64>() - s.minus.iter().map(value).sum::<i64>();
            assert_eq!(sum, s.total, "{s:?}");
            assert!(s.plus.len() + s.minus.len() <= UNION_SUM_MAX_CELLS, "{s:?}");
        }
        assert!(sums.len() > 5, "{sums:#?}");
    }

    /// The first version of [`union_sums`], which marks each union's cells and walks every
    /// cage: the oracle for the counting one.
    fn union_sums_by_marking(puzzle: &Puzzle, rules: &Rules, named: bool) -> Vec<UnionSum> {
        let n = puzzle.size();
        let k = puzzle.box_size();
        let all: i64 = puzzle.symbols().as_slice().iter().sum::<u64>() as i64;
        let has = |kind| rules.all_different.contains(&kind);
        let mut out: Vec<UnionSum> = Vec::new();
        let mut caged = vec![false; n * n];
        for cage in puzzle.cages() {
            cage.cells.iter().for_each(|&c| caged[c] = true);
        }
        let mut inside = vec![false; n * n];
        let mut cells: Vec<usize> = Vec::with_capacity(n * n);
        let mut consider = |name: &dyn Fn() -> String, m: usize, cells: &[usize]| {
            cells.iter().for_each(|&c| inside[c] = true);
            let mut plus: Vec<usize> = cells.iter().copied().filter(|&c| !caged[c]).collect();
            let (mut minus, mut total, mut some_outside) = (Vec::new(), m as i64 * all, false);
            for cage in puzzle.cages() {
                let (cells_in, cells_out): (Vec<usize>, Vec<usize>) =
                    cage.cells.iter().partition(|&&c| inside[c]);
                if cells_out.is_empty() {
                    total -= cage.total as i64;
                } else if cells_in.is_empty() {
                } else if cells_in.len() <= cells_out.len() {
                    plus.extend(cells_in);
                } else {
                    minus.extend(cells_out);
                    total -= cage.total as i64;
                    some_outside = true;
                }
            }
            cells.iter().for_each(|&c| inside[c] = false);
            if plus.len() + minus.len() > UNION_SUM_MAX_CELLS || (m == 1 && !some_outside) {
                return;
            }
            add_union_sum(&mut out, named.then(name), plus, minus, total);
        };
        for len in 1..n {
            for first in 0..=n - len {
                let span = |kind: &str| {
                    if len == 1 {
                        format!("{kind} {}", first + 1)
                    } else {
                        format!("{kind}s {}-{}", first + 1, first + len)
                    }
                };
                if has(RegionKind::Row) {
                    cells.clear();
                    cells.extend(first * n..(first + len) * n);
                    consider(&|| span("row"), len, &cells);
                }
                if has(RegionKind::Column) {
                    cells.clear();
                    cells.extend((0..n * n).filter(|c| (first..first + len).contains(&(c % n))));
                    consider(&|| span("column"), len, &cells);
                }
            }
        }
        if has(RegionKind::Box) {
            for index in 0..n {
                let region = Region {
                    kind: RegionKind::Box,
                    index,
                    n,
                    k,
                };
                cells.clear();
                cells.extend(region.cells());
                consider(&|| region.to_string(), 1, &cells);
            }
        }
        out
    }

    /// [`killer`] and every killer the project ships in `puzzles/`.
    fn killers() -> Vec<Puzzle> {
        let mut puzzles = vec![killer().0, mathemagic_01().0];
        for file in [
            "killer-batch.txt",
            "killer-9x9.cages",
            "killer-x.cages",
            "killer-4x4.rmit",
        ] {
            let path = format!("{}/puzzles/{file}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(&path).unwrap();
            let entries = crate::format::read(&text, file, &Default::default()).unwrap();
            puzzles.extend(entries.into_iter().map(|e| e.puzzle));
        }
        puzzles
    }

    /// Every cage with between 2 and 16 combinations gets a choice variable after the cells,
    /// and solutions read with [`grid_of`] are the cells alone, each a valid grid.
    #[test]
    fn choice_variables_follow_the_cells() {
        let rules = Rules::builtin("killer").unwrap();
        for (i, p) in killers().iter().enumerate() {
            let n = p.size();
            let choices = p
                .cages()
                .iter()
                .filter(|c| {
                    let count =
                        combinations_cached::<u16>(p.symbols().as_slice(), c.cells.len(), c.total)
                            .len();
                    (2..=16).contains(&count)
                })
                .count();
            let mut e = build::<u16>(p, &rules).unwrap();
            assert!(choices > 0, "puzzle {i}");
            assert_eq!(e.num_vars(), n * n + choices, "puzzle {i}");
            if i == 1 {
                continue; // mathemagic-01 takes seconds in a debug build
            }
            let mut grids = Vec::new();
            e.search(&crate::engine::Limits::solutions(2), |d| {
                grids.push(grid_of(p, d))
            });
            assert!(!grids.is_empty(), "puzzle {i}");
            for grid in grids {
                assert_eq!(grid.len(), n * n);
                assert!(check_solution(p, &rules, &grid).is_empty(), "puzzle {i}");
            }
        }
    }

    #[test]
    fn union_sums_by_counting_equal_union_sums_by_marking() {
        let rules = Rules::builtin("killer").unwrap();
        let puzzles = killers();
        assert!(puzzles.len() > 3);
        for p in &puzzles {
            for named in [false, true] {
                assert_eq!(
                    union_sums(p, &rules, named),
                    union_sums_by_marking(p, &rules, named)
                );
            }
        }
    }

    #[test]
    fn overlaps_are_the_line_box_pairs_and_their_rests() {
        let rows = regions(&Rules::sudoku(), 9, 3);
        let found = overlaps(&rows, 9);
        // Each box meets three rows and three columns in three cells.
        assert_eq!(found.len(), 54);
        for o in &found {
            let (a, b) = (rows[o.a], rows[o.b]);
            assert!(o.a < o.b && [a.kind, b.kind].contains(&RegionKind::Box));
            assert_eq!((o.rest_a.len(), o.rest_b.len()), (6, 6));
            assert!(o.rest_a.iter().all(|c| a.cells().any(|x| x == *c)));
            assert!(o.rest_a.iter().all(|c| b.cells().all(|x| x != *c)));
            assert!(o.rest_b.iter().all(|c| a.cells().all(|x| x != *c)));
        }
        // Row 0 and box 0: the row's cells 3..9 and the box's second and third rows.
        let first = found
            .iter()
            .find(|o| {
                rows[o.a]
                    == Region {
                        kind: RegionKind::Row,
                        index: 0,
                        n: 9,
                        k: 3,
                    }
            })
            .expect("row 0 meets box 0");
        assert_eq!(first.rest_a, [3, 4, 5, 6, 7, 8]);
        assert_eq!(first.rest_b, [9, 10, 11, 18, 19, 20]);
        // Each diagonal meets three boxes in three cells, and each line in one only.
        let x = regions(&Rules::builtin("killer-x").unwrap(), 9, 3);
        assert_eq!(overlaps(&x, 9).len(), 60);
    }

    #[test]
    fn house_sum_masks_equal_house_sums() {
        let rules = Rules::builtin("killer").unwrap();
        let x = Rules::builtin("killer-x").unwrap();
        let puzzles = killers();
        let (mut derived, mut cut) = (0, 0);
        for p in &puzzles {
            for rules in [&rules, &x] {
                let regions = regions(rules, p.size(), p.box_size());
                let mut expected: Vec<(u128, u64)> = house_sums(p, &regions, false)
                    .iter()
                    .map(|s| (s.cells.iter().fold(0, |m, &c| m | 1 << c), s.total))
                    .collect();
                let houses: Vec<u128> = regions
                    .iter()
                    .map(|r| r.cells().fold(0, |m, c| m | 1 << c))
                    .collect();
                let mut got = house_sum_masks(p, &houses, p.size()).unwrap();
                let small = house_sum_masks(p, &houses, 3).unwrap();
                let kept: Vec<&(u128, u64)> =
                    got.iter().filter(|s| s.0.count_ones() <= 3).collect();
                assert_eq!(small.iter().collect::<Vec<_>>(), kept);
                cut += got.len() - small.len();
                expected.sort_unstable();
                got.sort_unstable();
                assert_eq!(got, expected);
                derived += got.len();
            }
        }
        assert!(derived > 100 && cut > 50, "{derived} {cut}");
    }

    #[test]
    fn without_cages_or_houses_nothing_is_derived() {
        let p = Puzzle::empty(9, Symbols::default_for(9)).unwrap();
        assert!(union_sums(&p, &Rules::builtin("killer").unwrap(), false).is_empty());
        let (p, _) = killer();
        let none = Rules::parse("name latin\nall-different diagonal", "latin").unwrap();
        assert!(union_sums(&p, &none, false).is_empty());
    }
}

#[cfg(test)]
mod search_tests {
    use super::*;
    use crate::engine::{Limits, Stats, Stop};
    use crate::models::puzzle::Symbols;

    /// A reused model must search exactly as a fresh one: same solutions, same statistics,
    /// whatever the previous puzzle did to it (contradicting givens, an interrupted search,
    /// another size or rules in between).
    #[test]
    fn a_reused_model_searches_as_a_fresh_one() {
        let grid = [0, 1, 2, 3, 2, 3, 0, 1, 1, 0, 3, 2, 3, 2, 1, 0];
        let x = Rules::parse("name x\nall-different rows columns boxes diagonal", "x").unwrap();
        let mut puzzles = Vec::new();
        for keep in [0usize, 3, 5, 7, 11, 16] {
            let mut p = Puzzle::empty(4, Symbols::default_for(4)).unwrap();
            for c in (0..16).filter(|c| c * 7 % 16 < keep) {
                p.set_given(c, Some(grid[c]));
            }
            puzzles.push((p.clone(), Rules::sudoku()));
            puzzles.push((p.clone(), x.clone()));
            p.set_given(15, Some(grid[0])); // r4c4 = r1c1: contradicts for some
            puzzles.push((p, Rules::sudoku()));
        }
        puzzles.push((
            Puzzle::empty(9, Symbols::default_for(9)).unwrap(),
            Rules::sudoku(),
        ));
        let run = |e: &mut Engine<u16>, limit: u64| {
            let mut sols = Vec::new();
            let limits = Limits {
                solutions: limit,
                nodes: Some(200),
                deadline: None,
            };
            let stop = e.search(&limits, |d| sols.push(Engine::values_of(d)));
            (sols, stop, *e.stats())
        };
        for round in 0..2 {
            for (i, (p, rules)) in puzzles.iter().enumerate() {
                let limit = 1 + (i as u64 + round) % 3 * 50;
                let fresh = build::<u16>(p, rules).map(|mut e| run(&mut e, limit));
                let reused = with_model::<u16, _>(p, rules, |e| run(e, limit));
                // Searches compare by solutions, stop, nodes and propagator runs.
                let key = |r: Result<(Vec<Vec<usize>>, Stop, Stats), Conflict>| {
                    r.map(|(s, t, st)| (s, t, st.nodes, st.propagations))
                };
                assert_eq!(key(fresh), key(reused), "puzzle {i}, round {round}");
            }
        }
    }

    #[test]
    fn the_empty_4x4_sudoku_has_288_solutions() {
        let p = Puzzle::empty(4, Symbols::default_for(4)).unwrap();
        let mut e = build::<u16>(&p, &Rules::sudoku()).unwrap();
        let mut bad = 0;
        let stop = e.search(&Limits::solutions(u64::MAX), |d| {
            let grid = Engine::values_of(d);
            bad += usize::from(!check_solution(&p, &Rules::sudoku(), &grid).is_empty());
        });
        assert_eq!((stop, e.stats().solutions, bad), (Stop::Exhausted, 288, 0));
    }
}
