//! A sum's cells split into groups of pairwise-distinct cells, the split that bounds it tightest.
//!
//! A sum over cells that must all differ is bounded by the smallest and largest distinct values,
//! so the fewer and larger the groups, the tighter the bounds. Finding the best split is graph
//! colouring; a few cheap greedy splits are tried and the one with the largest sum of squared
//! group sizes is kept.

use crate::engine::Rng;

/// How many seeded shuffles of the cells are tried besides the fixed orders.
const SHUFFLES: usize = 6;

/// `cells` (a cell may be listed twice: it is two terms) split into groups whose cells pairwise
/// `differ`, each term in exactly one group; the best of several greedy splits.
pub(crate) fn exclusion_groups(
    cells: &[usize],
    differ: &dyn Fn(usize, usize) -> bool,
) -> Vec<Vec<usize>> {
    let mut best = first_fit(cells, differ);
    let mut consider = |groups: Vec<Vec<usize>>| {
        if score(&groups) > score(&best) {
            best = groups;
        }
    };
    consider(most_neighbours_first(cells, differ));
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    consider(first_fit(&sorted, differ));
    let mut rng = Rng::new(0);
    let mut order = cells.to_vec();
    for _ in 0..SHUFFLES {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        consider(first_fit(&order, differ));
    }
    best
}

/// The sum of the groups' squared sizes: larger groups bound a sum tighter.
fn score(groups: &[Vec<usize>]) -> usize {
    groups.iter().map(|g| g.len() * g.len()).sum()
}

/// Each cell in turn into the first group whose cells it all differs from.
fn first_fit(cells: &[usize], differ: &dyn Fn(usize, usize) -> bool) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &c in cells {
        match groups.iter_mut().find(|g| g.iter().all(|&x| differ(x, c))) {
            Some(g) => g.push(c),
            None => groups.push(vec![c]),
        }
    }
    groups
}

/// Groups grown one at a time: from the term with most neighbours among those left, adding the
/// candidate with most neighbours among the candidates (ties to the earlier term).
fn most_neighbours_first(
    cells: &[usize],
    differ: &dyn Fn(usize, usize) -> bool,
) -> Vec<Vec<usize>> {
    let neighbours = |i: usize, among: &[usize]| {
        among
            .iter()
            .filter(|&&j| j != i && differ(cells[i], cells[j]))
            .count()
    };
    let mut left: Vec<usize> = (0..cells.len()).collect();
    let mut groups = Vec::new();
    while !left.is_empty() {
        let start = *left
            .iter()
            .max_by_key(|&&i| (neighbours(i, &left), std::cmp::Reverse(i)))
            .expect("terms are left");
        let mut group = vec![start];
        let mut candidates: Vec<usize> = left
            .iter()
            .copied()
            .filter(|&j| j != start && differ(cells[start], cells[j]))
            .collect();
        while let Some(&next) = candidates
            .iter()
            .max_by_key(|&&i| (neighbours(i, &candidates), std::cmp::Reverse(i)))
        {
            group.push(next);
            candidates.retain(|&j| j != next && differ(cells[next], cells[j]));
        }
        left.retain(|i| !group.contains(i));
        groups.push(group.into_iter().map(|i| cells[i]).collect());
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows, columns and 3×3 boxes of a 9×9 grid.
    fn sudoku_differ(a: usize, b: usize) -> bool {
        let (ra, ca, rb, cb) = (a / 9, a % 9, b / 9, b % 9);
        a != b && (ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3))
    }

    /// Every term in exactly one group and every group's cells pairwise distinct.
    fn check_partition(cells: &[usize], groups: &[Vec<usize>]) {
        let mut all: Vec<usize> = groups.iter().flatten().copied().collect();
        let mut want = cells.to_vec();
        all.sort_unstable();
        want.sort_unstable();
        assert_eq!(all, want);
        for g in groups {
            for (i, &a) in g.iter().enumerate() {
                assert!(g[i + 1..].iter().all(|&b| sudoku_differ(a, b)), "{g:?}");
            }
        }
    }

    /// The least sum the groups allow with values 1..=9: 1 + 2 + … per group.
    fn least_sum(groups: &[Vec<usize>]) -> usize {
        groups.iter().map(|g| g.len() * (g.len() + 1) / 2).sum()
    }

    /// The arrow of ISS's "Long sums 3", in its own order (rows and columns from 1).
    fn long_sums_3() -> Vec<usize> {
        [
            (1, 7),
            (1, 6),
            (1, 5),
            (2, 4),
            (2, 3),
            (2, 2),
            (2, 1),
            (3, 1),
            (4, 1),
            (4, 2),
            (5, 2),
            (5, 1),
            (6, 1),
            (6, 2),
            (7, 2),
            (7, 1),
            (8, 1),
            (8, 2),
            (8, 3),
            (7, 3),
            (7, 4),
            (6, 4),
            (6, 3),
            (5, 3),
            (5, 4),
            (5, 5),
            (6, 5),
            (7, 5),
            (7, 6),
            (6, 6),
            (6, 7),
            (6, 8),
        ]
        .iter()
        .map(|&(r, c)| (r - 1) * 9 + c - 1)
        .collect()
    }

    #[test]
    fn the_best_split_bounds_a_long_arrow_tighter_than_first_fit() {
        let cells = long_sums_3();
        let first = first_fit(&cells, &sudoku_differ);
        check_partition(&cells, &first);
        assert_eq!(least_sum(&first), 80);
        let best = exclusion_groups(&cells, &sudoku_differ);
        check_partition(&cells, &best);
        assert_eq!(least_sum(&best), 98);
    }

    #[test]
    fn a_cell_listed_twice_lands_in_two_groups() {
        let cells = [0, 1, 0, 2];
        let groups = exclusion_groups(&cells, &sudoku_differ);
        check_partition(&cells, &groups);
        assert_eq!(groups.len(), 2);
    }
}
