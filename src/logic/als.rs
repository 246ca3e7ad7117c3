//! Almost locked sets: k cells of a unit holding k + 1 values between them, so that without
//! any one of those values the rest fill the cells. Two of them with a restricted common value
//! x (every x of one sees every x of the other, so at most one holds it) make an ALS-XZ: one of
//! them is locked without x, so a common value z is in one of them, and a cell seeing every z
//! of both loses it. Three, where a pivot shares restricted values x with one and y with the
//! other, make an ALS-XY-wing on a value z the other two share.

use super::{Board, Step, Technique};
use crate::engine::Domain;

/// The largest almost locked set looked for, in cells.
const MOST_CELLS: usize = 4;

/// An almost locked set: its cells (sorted), their values, and each value's cells.
struct Als<D> {
    cells: Vec<usize>,
    values: D,
    places: Vec<(usize, Vec<usize>)>,
}

impl<D> Als<D> {
    /// The cells that can hold `v`.
    fn holding(&self, v: usize) -> &[usize] {
        self.places
            .iter()
            .find(|(w, _)| *w == v)
            .map_or(&[], |(_, cells)| cells.as_slice())
    }
}

/// Which cells see which: `seen[a · cells + b]`, computed once for a sweep.
struct Sight {
    cells: usize,
    seen: Vec<bool>,
}

impl Sight {
    fn sees(&self, a: usize, b: usize) -> bool {
        self.seen[a * self.cells + b]
    }
}

/// Whether `x` is a restricted common value of `a` and `b` (which share no cell): both hold
/// it, and each of a's places for it sees each of b's.
fn restricted<D: Domain>(sight: &Sight, a: &Als<D>, b: &Als<D>, x: usize) -> bool {
    a.values.contains(x)
        && b.values.contains(x)
        && a.holding(x)
            .iter()
            .all(|&p| b.holding(x).iter().all(|&q| sight.sees(p, q)))
}

impl<D: Domain> Board<D> {
    /// Every almost locked set of at most [`MOST_CELLS`] cells, each once; none on a board
    /// with more open candidates than the forcing chains take, where pairs of them would be
    /// too many to try.
    fn almost_locked_sets(&self) -> Vec<Als<D>> {
        let mut out: Vec<Als<D>> = Vec::new();
        let open: usize = (0..self.cand.len())
            .filter(|&c| self.value[c].is_none())
            .map(|c| self.cand[c].len() as usize)
            .sum();
        if open > super::forcing::MAX_CANDIDATES {
            return out;
        }
        for unit in self.units.iter() {
            let open: Vec<usize> = unit
                .cells
                .iter()
                .copied()
                .filter(|&c| self.value[c].is_none())
                .collect();
            let most = MOST_CELLS.min(open.len().saturating_sub(1));
            let mut chosen = Vec::new();
            self.grow_als(&open, most, 0, &mut chosen, D::empty(), &mut out);
        }
        out.sort_by(|a, b| a.cells.cmp(&b.cells));
        out.dedup_by(|a, b| a.cells == b.cells);
        out
    }

    fn grow_als(
        &self,
        open: &[usize],
        most: usize,
        from: usize,
        chosen: &mut Vec<usize>,
        union: D,
        out: &mut Vec<Als<D>>,
    ) {
        if !chosen.is_empty() && union.len() as usize == chosen.len() + 1 {
            let mut cells = chosen.clone();
            cells.sort_unstable();
            let places = union
                .iter()
                .map(|v| {
                    let at = cells.iter().copied().filter(|&c| self.cand[c].contains(v));
                    (v, at.collect())
                })
                .collect();
            out.push(Als {
                cells,
                values: union,
                places,
            });
        }
        if chosen.len() == most {
            return;
        }
        for i in from..open.len() {
            let u = union.or(self.cand[open[i]]);
            if u.len() as usize <= most + 1 {
                chosen.push(open[i]);
                self.grow_als(open, most, i + 1, chosen, u, out);
                chosen.pop();
            }
        }
    }

    /// Which cells see which, now.
    fn sight(&self) -> Sight {
        let cells = self.cand.len();
        let mut seen = vec![false; cells * cells];
        for unit in self.units.iter() {
            for &a in &unit.cells {
                for &b in &unit.cells {
                    seen[a * cells + b] = a != b;
                }
            }
        }
        Sight { cells, seen }
    }

    /// Removes `z` from every cell outside the sets that sees all of `a`'s and `b`'s places
    /// for it; the cells it left.
    fn clear_seeing(
        &mut self,
        sight: &Sight,
        sets: [&Als<D>; 2],
        z: usize,
        outside: &[&Als<D>],
    ) -> Vec<usize> {
        let places: Vec<usize> = sets.iter().flat_map(|s| s.holding(z).to_vec()).collect();
        let seeing: Vec<usize> = (0..self.cand.len())
            .filter(|&t| {
                !outside.iter().any(|s| s.cells.contains(&t))
                    && places.iter().all(|&p| sight.sees(t, p))
            })
            .collect();
        seeing.into_iter().filter(|&t| self.remove(t, z)).collect()
    }

    fn als_text(&self, als: &Als<D>) -> String {
        let cells: Vec<String> = als.cells.iter().map(|&c| self.cell(c)).collect();
        format!("{} {{{}}}", cells.join(","), self.syms(als.values))
    }

    /// Every ALS-XZ on the board, each with its eliminations applied.
    pub(super) fn als_xz(&mut self) -> Vec<Step> {
        let (sets, sight) = (self.almost_locked_sets(), self.sight());
        let mut steps = Vec::new();
        for (i, a) in sets.iter().enumerate() {
            for b in &sets[i + 1..] {
                if self.clock.out() {
                    return steps;
                }
                let common = a.values.and(b.values);
                if common.len() < 2 || a.cells.iter().any(|c| b.cells.contains(c)) {
                    continue;
                }
                let Some(x) = common.iter().find(|&x| restricted(&sight, a, b, x)) else {
                    continue;
                };
                for z in common.iter().filter(|&z| z != x) {
                    let hit = self.clear_seeing(&sight, [a, b], z, &[a, b]);
                    if hit.is_empty() {
                        continue;
                    }
                    let head = format!(
                        "als-xz: {} and {}, x = {}, z = {}",
                        self.als_text(a),
                        self.als_text(b),
                        self.sym(x),
                        self.sym(z),
                    );
                    steps.push(self.removal_step(Technique::AlsXz, head, &hit, z));
                }
            }
        }
        steps
    }

    /// Every ALS-XY-wing on the board, each with its eliminations applied.
    pub(super) fn als_xy_wings(&mut self) -> Vec<Step> {
        let (sets, sight) = (self.almost_locked_sets(), self.sight());
        let disjoint = |a: &Als<D>, b: &Als<D>| !a.cells.iter().any(|c| b.cells.contains(c));
        let mut steps = Vec::new();
        for pivot in &sets {
            // The sets sharing a restricted value with the pivot, with that value.
            let linked: Vec<(&Als<D>, usize)> = sets
                .iter()
                .filter(|s| disjoint(s, pivot))
                .filter_map(|s| {
                    s.values
                        .and(pivot.values)
                        .iter()
                        .find(|&x| restricted(&sight, s, pivot, x))
                        .map(|x| (s, x))
                })
                .collect();
            for (i, &(a, x)) in linked.iter().enumerate() {
                for &(b, y) in &linked[i + 1..] {
                    if self.clock.out() {
                        return steps;
                    }
                    if x == y || !disjoint(a, b) {
                        continue;
                    }
                    let shared = a.values.and(b.values);
                    for z in shared.iter().filter(|&z| z != x && z != y) {
                        let hit = self.clear_seeing(&sight, [a, b], z, &[a, b, pivot]);
                        if hit.is_empty() {
                            continue;
                        }
                        let head = format!(
                            "als-xy-wing: {} with {} (x = {}) and {} (y = {}), z = {}",
                            self.als_text(pivot),
                            self.als_text(a),
                            self.sym(x),
                            self.als_text(b),
                            self.sym(y),
                            self.sym(z),
                        );
                        steps.push(self.removal_step(Technique::AlsXyWing, head, &hit, z));
                    }
                }
            }
        }
        steps
    }
}

#[cfg(test)]
mod tests {
    use super::super::crafted::{board, eliminated};
    use super::*;

    /// A = r1c1 {1,2} and B = r1c7 {1,3}, r2c8 {2,3} (box 3; two cells, three values). 1 is
    /// restricted: A's r1c1 sees B's r1c7. So 2 is in r1c1 or r2c8, and the five cells seeing
    /// both, r1c8, r1c9 and r2c1 to r2c3, lose it.
    #[test]
    fn an_als_xz_takes_the_common_value_from_what_sees_all_of_it() {
        let also = [(0, 0b011), (6, 0b101), (16, 0b110)];
        let mut b = board(0, &[], &also);
        let steps = b.als_xz();
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].technique, Technique::AlsXz);
        let expected: Vec<(usize, usize)> = [7, 8, 9, 10, 11].map(|c| (c, 1)).to_vec();
        assert_eq!(eliminated(&steps), expected);
    }

    /// The xy-wing's cells (pivot r5c5 {1,2}, r5c1 {1,3}, r1c5 {2,3}) are three one-cell sets:
    /// an ALS-XY-wing on z = 3 that clears r1c1, and nothing else.
    #[test]
    fn an_als_xy_wing_of_one_cell_sets_is_an_xy_wing() {
        let also = [(40, 0b011), (36, 0b101), (4, 0b110)];
        let mut b = board(0, &[], &also);
        let steps = b.als_xy_wings();
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].technique, Technique::AlsXyWing);
        assert_eq!(eliminated(&steps), vec![(0, 2)]);
    }
}
