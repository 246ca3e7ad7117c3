//! The bitboard model of a small grid: its regions as an all-different [`Network`], and for a
//! killer the cages and the small rule-of-45 house sums as sums over their combinations.

use super::house_sum_masks;
use crate::engine::{Domain, MAX_VARS, Network, combinations_cached};
use crate::puzzle::Puzzle;
use crate::puzzle::regions;
use crate::puzzle::{BoxShape, RegionKind, Rules};
use hashbrown::HashMap;

/// The network of one size and set of regions, kept from puzzle to puzzle: the all-different
/// network, a copy of it that takes each killer's sums, and the combination tables of the last
/// symbols.
pub(crate) struct NetworkModel {
    n: usize,
    boxes: BoxShape,
    kinds: Vec<RegionKind>,
    /// Each region's cells, a bit per cell.
    houses: Vec<u128>,
    base: Network,
    killer: Network,
    weights: Vec<u64>,
    combos: HashMap<(usize, u64), Box<[u16]>>,
}

impl NetworkModel {
    /// The network of `puzzle`'s size under `rules`; `None` past the network's limits (128
    /// cells, 16 symbols).
    pub(crate) fn new(puzzle: &Puzzle, rules: &Rules) -> Option<Self> {
        let n = puzzle.size();
        if n * n > MAX_VARS {
            return None;
        }
        let regions = regions(rules, n, puzzle.boxes());
        let mut base = Network::new(n * n, n)?;
        let mut houses = Vec::with_capacity(regions.len());
        for region in &regions {
            let cells: Vec<usize> = region.cells().collect();
            base.all_different(&cells);
            houses.push(cells.iter().fold(0u128, |m, &c| m | 1 << c));
        }
        Some(NetworkModel {
            n,
            boxes: puzzle.boxes(),
            kinds: rules.all_different.clone(),
            houses,
            killer: base.clone(),
            base,
            weights: Vec::new(),
            combos: HashMap::new(),
        })
    }

    /// Whether this is the model of `puzzle`'s size under `rules`.
    pub(crate) fn fits(&self, puzzle: &Puzzle, rules: &Rules) -> bool {
        self.n == puzzle.size() && self.boxes == puzzle.boxes() && self.kinds == rules.all_different
    }

    /// The network of `puzzle`: the regions', with its cages and the rule-of-45 sums of its
    /// houses up to `house_sum_cells` cells when it is a killer under `rules`; `None` past the
    /// network's limits.
    pub(crate) fn network(
        &mut self,
        puzzle: &Puzzle,
        rules: &Rules,
        house_sum_cells: usize,
    ) -> Option<&Network> {
        if !rules.cages || puzzle.cages().is_empty() {
            return Some(&self.base);
        }
        let weights = puzzle.symbols().as_slice();
        if self.weights != weights {
            self.weights = weights.to_vec();
            self.combos.clear();
        }
        self.killer.clone_from(&self.base);
        for cage in puzzle.cages() {
            let combos = combos(&mut self.combos, weights, cage.cells.len(), cage.total);
            self.killer.sum(&cage.cells, combos);
        }
        for (mask, total) in house_sum_masks(puzzle, &self.houses, house_sum_cells)? {
            let mut cells = [0usize; 16];
            let mut k = 0;
            let mut rest = mask;
            while rest != 0 && k < cells.len() {
                cells[k] = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                k += 1;
            }
            let combos = combos(&mut self.combos, weights, k, total);
            self.killer.sum(&cells[..k], combos);
        }
        Some(&self.killer)
    }
}

/// The sets of `k` distinct `weights` adding up to `total` (a bit per weight), made once and
/// kept in `made`.
fn combos<'a>(
    made: &'a mut HashMap<(usize, u64), Box<[u16]>>,
    weights: &[u64],
    k: usize,
    total: u64,
) -> &'a [u16] {
    made.entry((k, total))
        .or_insert_with(|| combinations_cached::<u16>(weights, k, total).into())
}

/// Each cell's domain in `puzzle` (at most [`MAX_VARS`] cells): its given, or its pencil marks,
/// or every symbol.
pub(crate) fn network_domains(puzzle: &Puzzle) -> [u16; MAX_VARS] {
    let full = u16::full(puzzle.size());
    let mut doms = [full; MAX_VARS];
    // Without a branch per cell: which cells are givens is not predictable.
    for (d, given) in doms.iter_mut().zip(puzzle.givens()) {
        *d = given.map_or(full, u16::singleton);
    }
    if let Some(marks) = puzzle.candidates() {
        for (d, &mask) in doms.iter_mut().zip(marks) {
            *d &= mask as u16;
        }
    }
    doms
}
