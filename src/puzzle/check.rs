//! The rule check, sharing no code with the solvers: symbols a region repeats, cages whose
//! givens break them, and every rule a solution grid breaks.

use super::*;
use crate::puzzle::Rules;
use crate::puzzle::{Cage, Puzzle};

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
    for (cell, (&v, given)) in grid.iter().zip(puzzle.givens()).enumerate() {
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
        let regions = regions(rules, n, puzzle.boxes());
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
        let value = |c: usize| puzzle.symbols().symbol(grid[c]) as i64;
        for constraint in puzzle.constraints() {
            if !constraint.holds(&value) {
                problems.push(format!(
                    "the {} is broken",
                    constraint.describe(|c| puzzle.cell_name(c))
                ));
            }
        }
    }
    problems
}

/// Everything the givens already break under `rules`, in words: a symbol twice in a region
/// ([`duplicates`]), a cage ([`broken_cages`]), a variant constraint ([`broken_constraints`]).
/// Empty when the givens keep every rule; a puzzle whose givens break one has no solution.
pub fn broken_givens(puzzle: &Puzzle, rules: &Rules) -> Vec<String> {
    let regions = regions(rules, puzzle.size(), puzzle.boxes());
    duplicates(&puzzle.grid(), &regions)
        .iter()
        .map(|d| describe_duplicate(d, &regions, puzzle))
        .chain(broken_cages(puzzle, rules))
        .chain(broken_constraints(puzzle))
        .collect()
}

/// Every variant constraint the givens already break, in words (`the thermometer at r1c1 is
/// broken by its givens`): a constraint whose cells are all given and break it, or a line of
/// thermometer or whisper whose given neighbours do.
pub fn broken_constraints(puzzle: &Puzzle) -> Vec<String> {
    let given = |c: usize| puzzle.given(c);
    let value = |c: usize| given(c).map_or(0, |v| puzzle.symbols().symbol(v) as i64);
    let mut out = Vec::new();
    for constraint in puzzle.constraints() {
        let cells = constraint.cells();
        let parts = constraint.parts();
        let broken = parts
            .iter()
            .any(|p| p.cells().iter().all(|&c| given(c).is_some()) && !p.holds(&value));
        if broken && !cells.is_empty() {
            out.push(format!(
                "the {} is broken by its givens",
                constraint.describe(|c| puzzle.cell_name(c))
            ));
        }
    }
    out
}

/// Every cage the givens already break, in words: a symbol given twice in it, or givens that
/// no set of distinct symbols completes to its total (their sum with the smallest, or with
/// the largest, symbols left for its empty cells misses it). Empty without `cages` rules.
pub fn broken_cages(puzzle: &Puzzle, rules: &Rules) -> Vec<String> {
    if !rules.cages {
        return Vec::new();
    }
    let symbols = puzzle.symbols();
    // The value indices by increasing symbol: the smallest and the largest symbols left for a
    // cage's empty cells are read off its two ends.
    let mut by_symbol: Vec<usize> = (0..symbols.len()).collect();
    by_symbol.sort_unstable_by_key(|&v| symbols.symbol(v));
    let mut out = Vec::new();
    let mut given = Vec::new();
    for cage in puzzle.cages() {
        given.clear();
        given.extend(cage.cells.iter().filter_map(|&c| puzzle.given(c)));
        if given.is_empty() {
            continue; // `Puzzle::add_cage` took only a total some distinct symbols reach
        }
        let repeated = given
            .iter()
            .enumerate()
            .find(|&(i, v)| given[..i].contains(v));
        if let Some((_, &v)) = repeated {
            out.push(format!(
                "{} holds {} twice",
                cage_name(puzzle, cage),
                symbols.label(v)
            ));
            continue;
        }
        let weight = |&v: &usize| u128::from(symbols.symbol(v));
        let sum: u128 = given.iter().map(weight).sum();
        let empty = cage.cells.len() - given.len();
        let left = || by_symbol.iter().filter(|v| !given.contains(v));
        let low = sum + left().take(empty).map(weight).sum::<u128>();
        let high = sum + left().rev().take(empty).map(weight).sum::<u128>();
        let total = u128::from(cage.total);
        if total < low || total > high {
            let name = cage_name(puzzle, cage);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::RegionKind;
    use crate::puzzle::Symbols;

    #[test]
    fn regions_of_a_4x4_grid() {
        let r = regions(&Rules::sudoku(), 4, BoxShape::square(2));
        assert_eq!(r.len(), 12);
        let cells = |i: usize| r[i].cells().collect::<Vec<_>>();
        assert_eq!(cells(1), vec![4, 5, 6, 7]); // row 2
        assert_eq!(cells(5), vec![1, 5, 9, 13]); // column 2
        assert_eq!(cells(9), vec![2, 3, 6, 7]); // box 2
        assert_eq!(cells(11), vec![10, 11, 14, 15]); // box 4
        let x = Rules::parse("name x\nall-different diagonal anti-diagonal", "x").unwrap();
        let d = regions(&x, 4, BoxShape::square(2));
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
            for region in regions(&all, n, BoxShape::square(k)) {
                let Region { kind, index, .. } = region;
                let expected: Vec<usize> = (0..n)
                    .map(|i| match kind {
                        RegionKind::Row => index * n + i,
                        RegionKind::Column => i * n + index,
                        RegionKind::Box => (index / k * k + i / k) * n + index % k * k + i % k,
                        RegionKind::Diagonal => i * n + i,
                        RegionKind::AntiDiagonal => i * n + (n - 1 - i),
                        RegionKind::Extra => unreachable!("rule files hold no extra regions"),
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
        let regions = regions(&Rules::sudoku(), 4, BoxShape::square(2));
        let d = duplicates(&p.grid(), &regions);
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

    #[test]
    fn broken_givens_gather_regions_cages_and_constraints_under_the_default_rules() {
        let mut p = Puzzle::empty(4, Symbols::default_for(4)).unwrap();
        assert_eq!(Rules::default_for(&p).name, "sudoku");
        p.set_given(0, Some(0));
        p.set_given(1, Some(0));
        let broken = broken_givens(&p, &Rules::default_for(&p));
        assert_eq!(
            broken,
            [
                "row 1 holds 1 twice (r1c1, r1c2)",
                "box 1 holds 1 twice (r1c1, r1c2)"
            ]
        );
        p.set_given(1, None);
        assert!(broken_givens(&p, &Rules::sudoku()).is_empty());
    }

    #[test]
    fn broken_cages_name_repeats_and_totals_the_givens_cannot_reach() {
        let mut p = Puzzle::empty(4, Symbols::default_for(4)).unwrap();
        p.add_cage(7, vec![0, 1]).unwrap(); // 3 + 4
        p.add_cage(3, vec![2, 3]).unwrap(); // 1 + 2
        p.add_cage(6, vec![4, 5, 6]).unwrap(); // 1 + 2 + 3
        p.add_cage(9, vec![8, 9, 12]).unwrap(); // 2 + 3 + 4
        let killer = Rules::builtin("killer").unwrap();
        assert!(broken_cages(&p, &killer).is_empty(), "no givens yet");
        p.set_given(0, Some(3)); // 4, leaving 3 for r1c2: fine
        p.set_given(2, Some(0)); // 1, leaving 2 for r1c4: fine
        assert!(broken_cages(&p, &killer).is_empty());
        p.set_given(4, Some(1));
        p.set_given(5, Some(1)); // 2 twice
        p.set_given(8, Some(0)); // 1: 9 - 1 = 8 is more than 3 + 4
        p.set_given(3, Some(3)); // 1 + 4 = 5, not 3
        assert_eq!(
            broken_cages(&p, &killer),
            vec![
                "cage 3/2 at r1c3: its givens 1, 4 add up to 5, not 3",
                "cage 6/3 at r2c1 holds 2 twice",
                "cage 9/3 at r3c1: its givens 1 leave 6..8 for its total 9",
            ]
        );
        assert!(
            broken_cages(&p, &Rules::sudoku()).is_empty(),
            "no cage rules"
        );
    }
}
