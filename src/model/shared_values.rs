//! Killer cages that can share few values: the pairs of combinations two cages cannot take
//! together, posted as pair tables on their choice variables.

use crate::engine::{Domain, Engine, Labels, Matcher, PairTable, VarId};
use std::sync::Arc;

/// A cage with a choice variable: its cells, the variable and its combinations.
pub(super) type Chosen<'a, D> = (&'a [usize], VarId, Arc<[D]>);

/// Two cages take combinations with at most as many common values as there are disjoint pairs
/// of cells, one from each cage, that share no house: a common value lies in one cell of each
/// cage, and those two cells cannot share a house. For each pair of cages with choice
/// variables where that rules some pair of combinations out, a [`PairTable`] allows only the
/// others. Its failures leave the dom/wdeg weights to the cages, which would meet the same
/// conflict a little later: with weights the ISS killers' whole trees took longer. `house_of` lists each cell's houses, `kinds` a cell.
pub(super) fn post_shared_values<D: Domain>(
    engine: &mut Engine<D>,
    chosen: &[Chosen<'_, D>],
    house_of: &[usize],
    kinds: usize,
    labels: Option<&Labels>,
) {
    let Some(most_cells) = chosen.iter().map(|c| c.0.len()).max() else {
        return;
    };
    let mut apart = Apart::<D>::new(most_cells);
    for (i, (a, x, xs)) in chosen.iter().enumerate() {
        for (b, y, ys) in &chosen[i + 1..] {
            let most = apart.most_shared_values(a, b, house_of, kinds);
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

/// Scratch for matching the cells of two cages (at most `k` cells each, as a cage has at most
/// as many cells as the grid has symbols) by the pairs that share no house.
pub(super) struct Apart<D> {
    matcher: Matcher,
    /// For each cell of the first cage, the positions of the second cage's cells it may pair
    /// with.
    pairs: Vec<D>,
}

impl<D: Domain> Apart<D> {
    pub(super) fn new(k: usize) -> Self {
        Apart {
            matcher: Matcher::new(k, D::CAPACITY),
            pairs: Vec::with_capacity(k),
        }
    }

    /// The most values two cages (disjoint sets of cells) can share: the largest number of
    /// disjoint pairs of cells, one from each, that share no house (`house_of` and `kinds` as
    /// in [`regions_of_cells`](crate::puzzle::regions_of_cells)).
    pub(super) fn most_shared_values(
        &mut self,
        a: &[usize],
        b: &[usize],
        house_of: &[usize],
        kinds: usize,
    ) -> usize {
        let houses = |c: usize| &house_of[c * kinds..(c + 1) * kinds];
        let apart = |c: usize, d: usize| {
            !houses(c)
                .iter()
                .any(|&h| h != usize::MAX && houses(d).contains(&h))
        };
        self.pairs.clear();
        for &c in a {
            let mut can = D::empty();
            b.iter()
                .enumerate()
                .filter(|&(_, &d)| apart(c, d))
                .for_each(|(q, _)| can.insert(q));
            self.pairs.push(can);
        }
        self.matcher.maximum(&self.pairs)
    }
}
