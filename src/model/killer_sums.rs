//! Sums a killer implies beyond its cages: the rule of 45 inside each house (innies, outies,
//! a house's rest beside a cage) and over unions of houses.

use crate::engine::count_combinations;
use crate::puzzle::Puzzle;
use crate::puzzle::*;
use crate::puzzle::{RegionKind, Rules};
use hashbrown::HashSet;

/// A sum the rule of 45 derives: distinct symbols on `cells` adding up to `total`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct HouseSum {
    /// What it is, for logs: `innies of row 3`, `outies of box 5`, …
    pub name: String,
    /// Its cells, sorted; all in one region, so their symbols are distinct.
    pub cells: Vec<usize>,
    /// What they add up to.
    pub total: u64,
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
pub(crate) fn house_sums(puzzle: &Puzzle, regions: &[Region], named: bool) -> Vec<HouseSum> {
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
pub(super) fn posted_house_sums(puzzle: &Puzzle, regions: &[Region], named: bool) -> Vec<HouseSum> {
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
#[inline(always)]
pub(crate) fn house_sum_masks(
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
    let mut out: Vec<(u128, u64)> = Vec::with_capacity(3 * houses.len());
    let mut add = |cells: u128, total: u64| {
        let len = cells.count_ones() as usize;
        if cells != 0 && len < n && len <= max_cells && !out.iter().any(|s| s.0 == cells) {
            out.push((cells, total));
        }
    };
    for &house in houses {
        // The cages meeting the house, split into those inside it and those sticking out,
        // with their cells and totals.
        let mut inside = 0u128;
        let (mut inside_cells, mut inside_total) = (0u128, 0u64);
        let (mut touching_cells, mut touching_total) = (0u128, 0u64);
        let mut rest = house & covered;
        while rest != 0 {
            let k = cage_of[rest.trailing_zeros() as usize] as usize;
            let cage = cage_masks[k];
            rest &= !cage;
            if cage & !house == 0 {
                inside |= 1 << k;
                inside_cells |= cage;
                inside_total += cages[k].total;
            } else {
                touching_cells |= cage;
                touching_total += cages[k].total;
            }
        }
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
            && touching_cells != 0
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
pub(crate) struct UnionSum {
    /// What it is, for logs: `innies of rows 1-3`, `in-out of columns 4-5`, …
    pub name: String,
    /// Cells that count positively.
    pub plus: Vec<usize>,
    /// Cells that count negatively.
    pub minus: Vec<usize>,
    /// The right-hand side.
    pub total: i64,
}

/// The most work union sums are looked for with: cells × (cages + 1). A 36×36 killer of 400
/// cages is 0.5 M; a 256×256 grid of one-cell cages 4.3 G.
pub(super) const UNION_SUM_MAX_WORK: usize = 1 << 26;

/// The most peers (cells outside a sum sharing a house with it) the sums keep lists of for
/// their locked values, over the whole model: about 3·n per cell of a sum. Every killer up to
/// 64×64 fits; past it, the sums posted after the budget runs out check their combinations
/// without locking values outside them, and the model stays within a few hundred megabytes.
pub(super) const MAX_PEERS: usize = 1 << 24;

/// The most combinations a cage's table lists. A 16×16 cage has at most C(16, 8) = 12,870; a
/// cage of 18 cells on 36×36 has billions, and is posted as distinct values with a sum.
pub(crate) const MAX_COMBINATIONS: usize = 1 << 16;

/// Whether the combinations of `k` distinct symbols adding up to `total` are few enough to
/// list (at most [`MAX_COMBINATIONS`]).
pub(crate) fn fits_a_table(weights: &[u64], k: usize, total: u64) -> bool {
    // C(n, k) sets of k exist at all: up to 16 symbols they always fit, uncounted.
    let n = weights.len();
    let k = k.min(n);
    let all = (0..k).try_fold(1usize, |c, i| c.checked_mul(n - i).map(|c| c / (i + 1)));
    all.is_some_and(|c| c <= MAX_COMBINATIONS)
        || count_combinations(weights, k, total, MAX_COMBINATIONS + 1) <= MAX_COMBINATIONS
}

/// The bytes a model's cages may give their memos in all: 64 KiB each up to 2,048 cages.
pub(super) const MEMO_BUDGET: usize = 128 << 20;

/// What is left of [`MAX_PEERS`] while a model is built.
pub(super) struct PeerBudget(pub(super) usize);

impl PeerBudget {
    /// Takes what a sum over `cells` of an n×n grid needs, if there is that much left.
    pub(super) fn take(&mut self, cells: &[usize], n: usize) -> bool {
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
/// Only sums of at most `max_cells` cells are kept, and innies of a single house
/// are left to [`house_sums`], which knows they are distinct. Names are made only when `named`.
pub(crate) fn union_sums(
    puzzle: &Puzzle,
    rules: &Rules,
    max_cells: usize,
    named: bool,
) -> Vec<UnionSum> {
    let n = puzzle.size();
    let k = puzzle.boxes();
    let all: i64 = puzzle.symbols().as_slice().iter().sum::<u64>() as i64;
    let has =
        |kind| rules.all_different.contains(&kind) && (kind != RegionKind::Box || !k.is_none());
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
        if !k.is_none() {
            boxes[i * n + k.box_of(n, c / n, c % n)] += 1;
        }
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
        if size > max_cells || (m == 1 && !some_outside) {
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
                boxes: k,
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
/// in its cells' starting dom/wdeg weights, and its runs cost little. Starting weights move
/// the search either way; keeping the twins measured best on the ISS killers.
pub(super) fn add_union_sum(
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

#[cfg(test)]
mod tests {
    use super::super::*;
    use super::*;
    use crate::engine::combinations_cached;
    use crate::puzzle::Symbols;

    /// The model's cap on a union sum's cells.
    const MAX_CELLS: usize = Tuning::DEFAULT.union_sum_max_cells;

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
        let regions = regions(&rules, 4, BoxShape::square(2));
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
        let houses = house_sums(
            &p,
            &regions(&Rules::builtin("killer").unwrap(), 9, BoxShape::square(3)),
            true,
        );
        assert!(!houses.is_empty());
        for h in &houses {
            let sum: i64 = h.cells.iter().map(|&c| value(c)).sum();
            assert_eq!(sum, h.total as i64, "{}", h.name);
        }
        let unions = union_sums(&p, &Rules::builtin("killer").unwrap(), MAX_CELLS, true);
        assert!(unions.iter().any(|u| !u.minus.is_empty()));
        assert!(unions.iter().any(|u| u.name.starts_with("innies of rows")));
        for u in &unions {
            let sum: i64 = u.plus.iter().map(|&c| value(c)).sum::<i64>()
                - u.minus.iter().map(|&c| value(c)).sum::<i64>();
            assert_eq!(sum, u.total, "{}", u.name);
            assert!(u.plus.len() + u.minus.len() <= MAX_CELLS);
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

    /// On mathemagic-01's solution every pair of cages shares at most the values that
    /// `most_shared_values` allows, and some pairs allow fewer than their cells: the
    /// shared-values tables have something to rule out, and rule out no solution.
    #[test]
    fn cages_share_no_more_values_than_they_have_cells_apart() {
        let (p, solution) = mathemagic_01();
        let (kinds, house_of) = regions_of_cells(
            &regions(&Rules::builtin("killer").unwrap(), 9, BoxShape::square(3)),
            9,
        );
        let values = |cells: &[usize]| {
            cells
                .iter()
                .fold(0u16, |m, &c| m | 1 << (solution.as_bytes()[c] - b'0'))
        };
        let mut tight = 0;
        let mut apart = Apart::<u16>::new(9);
        let mut most_shared_values =
            |a: &[usize], b: &[usize]| apart.most_shared_values(a, b, &house_of, kinds);
        for (i, a) in p.cages().iter().enumerate() {
            for b in &p.cages()[i + 1..] {
                let most = most_shared_values(&a.cells, &b.cells);
                let shared = (values(&a.cells) & values(&b.cells)).count_ones() as usize;
                assert!(shared <= most, "{a:?} {b:?}: {shared} > {most}");
                tight += usize::from(most < a.cells.len().min(b.cells.len()));
            }
        }
        assert!(tight >= 5, "{tight} pairs of cages");
        // Two cages in one row share nothing.
        let mut row = |c: &[usize]| most_shared_values(c, &[7, 8]);
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
        let sums = union_sums(&p, &Rules::builtin("killer").unwrap(), MAX_CELLS, true);
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
            assert!(s.plus.len() + s.minus.len() <= MAX_CELLS, "{s:?}");
        }
        assert!(sums.len() > 5, "{sums:#?}");
    }

    /// The first version of [`union_sums`], which marks each union's cells and walks every
    /// cage: the oracle for the counting one.
    fn union_sums_by_marking(puzzle: &Puzzle, rules: &Rules, named: bool) -> Vec<UnionSum> {
        let n = puzzle.size();
        let k = puzzle.boxes();
        let all: i64 = puzzle.symbols().as_slice().iter().sum::<u64>() as i64;
        let has =
            |kind| rules.all_different.contains(&kind) && (kind != RegionKind::Box || !k.is_none());
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
            if plus.len() + minus.len() > MAX_CELLS || (m == 1 && !some_outside) {
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
                    boxes: k,
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
            let mut e = build::<u16>(p, &rules, &Tuning::DEFAULT).unwrap();
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
                    union_sums(p, &rules, MAX_CELLS, named),
                    union_sums_by_marking(p, &rules, named)
                );
            }
        }
    }

    #[test]
    fn overlaps_are_the_line_box_pairs_and_their_rests() {
        let rows = regions(&Rules::sudoku(), 9, BoxShape::square(3));
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
                        boxes: BoxShape::square(3),
                    }
            })
            .expect("row 0 meets box 0");
        assert_eq!(first.rest_a, [3, 4, 5, 6, 7, 8]);
        assert_eq!(first.rest_b, [9, 10, 11, 18, 19, 20]);
        // Each diagonal meets three boxes in three cells, and each line in one only.
        let x = regions(&Rules::builtin("killer-x").unwrap(), 9, BoxShape::square(3));
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
                let regions = regions(rules, p.size(), p.boxes());
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
        assert!(union_sums(&p, &Rules::builtin("killer").unwrap(), MAX_CELLS, false).is_empty());
        let (p, _) = killer();
        let none = Rules::parse("name latin\nall-different diagonal", "latin").unwrap();
        assert!(union_sums(&p, &none, MAX_CELLS, false).is_empty());
    }
}
