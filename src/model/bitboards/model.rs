//! The bitboard model of a small grid: its regions as all-different groups on [`Bitboards`], and for a
//! killer the cages and the small rule-of-45 house sums as sums over their combinations.

use super::{Bitboards, MAX_VALUES, MAX_VARS};
use crate::engine::{Domain, combinations_cached};
use crate::model::house_sum_masks;
use crate::puzzle::Puzzle;
use crate::puzzle::regions;
use crate::puzzle::{BoxShape, RegionKind, Rules};
use hashbrown::HashMap;

/// The bitboards of one size and set of regions, kept from puzzle to puzzle: the all-different
/// network, a copy of it that takes each killer's sums, and the combination tables of the last
/// symbols.
pub(crate) struct BitboardModel {
    n: usize,
    boxes: BoxShape,
    kinds: Vec<RegionKind>,
    /// Each region's cells, a bit per cell.
    houses: Vec<u128>,
    base: Bitboards,
    killer: Bitboards,
    combos: Combos,
}

/// The value sets of `k` distinct symbols adding up to a total, for the last symbols: made once
/// each, and found by index for totals up to [`Combos::MOST_INDEXED`].
#[derive(Default)]
struct Combos {
    weights: Vec<u64>,
    /// One past the largest total indexed.
    stride: usize,
    /// The sets of `k` symbols adding up to `total` at `k * stride + total`.
    indexed: Vec<Option<Box<[u16]>>>,
    /// Those of larger totals.
    others: HashMap<(usize, u64), Box<[u16]>>,
}

impl Combos {
    /// The largest total found by index.
    const MOST_INDEXED: u64 = 1 << 12;

    /// Forgets the sets when `weights` are new.
    fn use_weights(&mut self, weights: &[u64]) {
        if self.weights != weights {
            self.weights = weights.to_vec();
            let most = weights.iter().sum::<u64>().min(Self::MOST_INDEXED);
            self.stride = most as usize + 1;
            self.indexed.clear();
            self.indexed.resize((MAX_VALUES + 1) * self.stride, None);
            self.others.clear();
        }
    }

    /// The sets of `k` (at most [`MAX_VALUES`]) distinct weights adding up to `total`, a bit
    /// per weight.
    #[inline(always)]
    fn get(&mut self, k: usize, total: u64) -> &[u16] {
        let weights = &self.weights;
        let make = || combinations_cached::<u16>(weights, k, total).into();
        match usize::try_from(total) {
            Ok(t) if t < self.stride => {
                self.indexed[k.min(MAX_VALUES) * self.stride + t].get_or_insert_with(make)
            }
            _ => self.others.entry((k, total)).or_insert_with(make),
        }
    }
}

impl BitboardModel {
    /// The bitboards of `puzzle`'s size under `rules`; `None` past the bitboards' limits (128
    /// cells, 16 symbols).
    pub(crate) fn new(puzzle: &Puzzle, rules: &Rules) -> Option<Self> {
        let n = puzzle.size();
        if n * n > MAX_VARS {
            return None;
        }
        let regions = regions(rules, n, puzzle.boxes());
        let mut base = Bitboards::new(n * n, n)?;
        let mut houses = Vec::with_capacity(regions.len());
        for region in &regions {
            let cells: Vec<usize> = region.cells().collect();
            base.all_different(&cells);
            houses.push(cells.iter().fold(0u128, |m, &c| m | 1 << c));
        }
        Some(BitboardModel {
            n,
            boxes: puzzle.boxes(),
            kinds: rules.all_different.clone(),
            houses,
            killer: base.clone(),
            base,
            combos: Combos::default(),
        })
    }

    /// Whether this is the model of `puzzle`'s size under `rules`.
    pub(crate) fn fits(&self, puzzle: &Puzzle, rules: &Rules) -> bool {
        self.n == puzzle.size() && self.boxes == puzzle.boxes() && self.kinds == rules.all_different
    }

    /// The bitboards of `puzzle`: the regions', with its cages and the rule-of-45 sums of its
    /// houses up to `house_sum_cells` cells when it is a killer under `rules`; `None` past the
    /// bitboards' limits.
    pub(crate) fn bitboards(
        &mut self,
        puzzle: &Puzzle,
        rules: &Rules,
        house_sum_cells: usize,
    ) -> Option<&Bitboards> {
        #[cfg(target_arch = "x86_64")]
        if super::wide_instructions() {
            // SAFETY: the processor has every feature `bitboards_wide` is compiled for.
            return unsafe { self.bitboards_wide(puzzle, rules, house_sum_cells) };
        }
        self.build(puzzle, rules, house_sum_cells)
    }

    /// [`BitboardModel::bitboards`] compiled for popcnt, BMI1, BMI2, LZCNT and AVX2: the rule-of-45
    /// sums count and walk 128-bit sets of cells.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx2")]
    fn bitboards_wide(
        &mut self,
        puzzle: &Puzzle,
        rules: &Rules,
        house_sum_cells: usize,
    ) -> Option<&Bitboards> {
        self.build(puzzle, rules, house_sum_cells)
    }

    /// The body of [`BitboardModel::bitboards`].
    #[inline(always)]
    fn build(
        &mut self,
        puzzle: &Puzzle,
        rules: &Rules,
        house_sum_cells: usize,
    ) -> Option<&Bitboards> {
        if !rules.cages || puzzle.cages().is_empty() {
            return Some(&self.base);
        }
        self.combos.use_weights(puzzle.symbols().as_slice());
        self.killer.reset_to(&self.base);
        for cage in puzzle.cages() {
            self.killer
                .sum(&cage.cells, self.combos.get(cage.cells.len(), cage.total));
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
            self.killer.sum(&cells[..k], self.combos.get(k, total));
        }
        Some(&self.killer)
    }
}

/// Each cell's domain in `puzzle` (at most [`MAX_VARS`] cells): its given, or its pencil marks,
/// or every symbol.
pub(crate) fn bitboard_domains(puzzle: &Puzzle) -> [u16; MAX_VARS] {
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
