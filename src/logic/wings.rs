//! Wings (XYZ-, WXYZ-, … TUVWXYZ-wing): k cells holding k values between them, where every value
//! but one, z, is restricted (its cells in the set all see each other, so it is in at most one
//! of them). The k cells need k values, so z is among them, and a cell seeing every cell of the
//! set that can hold z loses it. When every value is restricted, each one is such a z. The
//! cells searched are k in a box and a line through it, or k − 1 in a unit (an almost locked
//! set) and a two-value cell outside it, as Sudoku Explainer's wings are.

use super::{Board, Step, Technique};
use crate::engine::Domain;
use crate::puzzle::RegionKind;

impl<D: Domain> Board<D> {
    /// Every wing of `k` cells on the board, each with its eliminations applied. As Sudoku
    /// Explainer takes the easiest hint, wings its score puts a tenth higher are taken only
    /// when no easier one is left.
    pub(super) fn wings(&mut self, k: usize) -> Vec<Step> {
        let mut harder = false;
        let steps = self.wings_up_to(k, true, &mut harder);
        if steps.is_empty() && harder {
            return self.wings_up_to(k, false, &mut harder);
        }
        steps
    }

    /// Every wing of `k` cells on the board, each with its eliminations applied; with
    /// `easiest`, only those of the lowest score, setting `harder` if another was passed over.
    fn wings_up_to(&mut self, k: usize, easiest: bool, harder: &mut bool) -> Vec<Step> {
        let mut steps = Vec::new();
        let units = std::sync::Arc::clone(&self.units);
        let boxes: Vec<usize> = (0..self.units.len())
            .filter(|&u| self.units[u].kind == RegionKind::Box)
            .collect();
        let lines: Vec<usize> = (0..self.units.len())
            .filter(|&u| matches!(self.units[u].kind, RegionKind::Row | RegionKind::Column))
            .collect();
        // An almost locked set (k − 1 cells of a unit, k values) and a two-value cell.
        let pairs: Vec<usize> = (0..self.cand.len())
            .filter(|&c| self.value[c].is_none() && self.cand[c].len() == 2)
            .collect();
        for &u in boxes.iter().chain(&lines) {
            let cells = &units[u].cells;
            let pool: Vec<usize> = cells
                .iter()
                .copied()
                .filter(|&c| {
                    self.value[c].is_none() && (2..=k).contains(&(self.cand[c].len() as usize))
                })
                .collect();
            let mut almost = Vec::new();
            let mut chosen = Vec::with_capacity(k);
            Self::bent_sets(
                &pool,
                0,
                (k - 1, k),
                &mut chosen,
                D::empty(),
                &self.cand,
                &mut almost,
            );
            for mut set in almost {
                let union = set.iter().fold(D::empty(), |u, &c| u.or(self.cand[c]));
                for &c in &pairs {
                    if self.clock.out() {
                        return steps;
                    }
                    if self.cand[c].minus(union).is_empty()
                        && !cells.contains(&c)
                        && set.iter().any(|&a| self.sees(a, c))
                    {
                        set.push(c);
                        if let Some(s) = self.wing(k, &set, easiest, harder) {
                            steps.push(s);
                        }
                        set.pop();
                    }
                }
            }
        }
        for &b in &boxes {
            for &l in &lines {
                let (bc, lc) = (&units[b].cells, &units[l].cells);
                if !bc.iter().any(|c| lc.contains(c)) {
                    continue;
                }
                let mut pool: Vec<usize> = bc.iter().chain(lc.iter()).copied().collect();
                pool.sort_unstable();
                pool.dedup();
                pool.retain(|&c| {
                    self.value[c].is_none() && (2..=k).contains(&(self.cand[c].len() as usize))
                });
                let mut sets = Vec::new();
                let mut chosen = Vec::with_capacity(k);
                Self::bent_sets(
                    &pool,
                    0,
                    (k, k),
                    &mut chosen,
                    D::empty(),
                    &self.cand,
                    &mut sets,
                );
                for set in sets {
                    let in_box = |c: &usize| bc.contains(c);
                    let in_line = |c: &usize| lc.contains(c);
                    // A set inside one unit is a naked subset, found earlier.
                    if set.iter().all(in_box) || set.iter().all(in_line) {
                        continue;
                    }
                    if self.clock.out() {
                        return steps;
                    }
                    if let Some(s) = self.wing(k, &set, easiest, harder) {
                        steps.push(s);
                    }
                }
            }
        }
        steps
    }

    /// Every `size`-subset of `pool` (from `from` on, extending `chosen`) whose cells'
    /// candidates make `values` values in all.
    fn bent_sets(
        pool: &[usize],
        from: usize,
        (size, values): (usize, usize),
        chosen: &mut Vec<usize>,
        union: D,
        cand: &[D],
        out: &mut Vec<Vec<usize>>,
    ) {
        if chosen.len() == size {
            if union.len() as usize == values {
                out.push(chosen.clone());
            }
            return;
        }
        for i in from..pool.len() {
            let u = union.or(cand[pool[i]]);
            if u.len() as usize > values {
                continue;
            }
            chosen.push(pool[i]);
            Self::bent_sets(pool, i + 1, (size, values), chosen, u, cand, out);
            chosen.pop();
        }
    }

    /// The eliminations of the wing on `set`, applied, as a step; `None` if it has none, or if
    /// `easiest` and its score is not the lowest a wing of `k` cells can have (then setting
    /// `harder`).
    fn wing(&mut self, k: usize, set: &[usize], easiest: bool, harder: &mut bool) -> Option<Step> {
        // A cell an earlier step of the sweep left with one candidate is a single, not a wing's.
        if set.iter().any(|&c| self.cand[c].len() < 2) {
            return None;
        }
        let union = set.iter().fold(D::empty(), |u, &c| u.or(self.cand[c]));
        let holding = |v: usize| -> Vec<usize> {
            set.iter()
                .copied()
                .filter(|&c| self.cand[c].contains(v))
                .collect()
        };
        let unrestricted: Vec<usize> = union
            .iter()
            .filter(|&v| {
                let at = holding(v);
                at.iter()
                    .enumerate()
                    .any(|(i, &a)| at[i + 1..].iter().any(|&b| !self.sees(a, b)))
            })
            .collect();
        let zs: Vec<usize> = match unrestricted.len() {
            0 => union.iter().collect(),
            1 => unrestricted,
            _ => return None,
        };
        let mut eliminate = Vec::new();
        for z in zs {
            let at = holding(z);
            for c in 0..self.cand.len() {
                if self.value[c].is_none()
                    && !set.contains(&c)
                    && self.cand[c].contains(z)
                    && at.iter().all(|&a| self.sees(c, a))
                {
                    eliminate.push((c, z));
                }
            }
        }
        if eliminate.is_empty() {
            return None;
        }
        let widest = set.iter().map(|&c| self.cand[c].len() as usize).max();
        let t = Technique::Wing {
            size: k,
            widest: widest.unwrap_or(k),
        };
        let least = (2..=k).map(|widest| Technique::Wing { size: k, widest }.score());
        if easiest && t.score() > least.fold(f64::MAX, f64::min) {
            *harder = true;
            return None;
        }
        eliminate.retain(|&(c, z)| self.remove(c, z));
        let mut in_order = set.to_vec();
        in_order.sort_unstable();
        let cells: Vec<String> = in_order
            .iter()
            .map(|&c| format!("{} {{{}}}", self.cell(c), self.syms(self.cand[c])))
            .collect();
        let gone: Vec<String> = eliminate
            .iter()
            .map(|&(c, z)| format!("{} <> {}", self.cell(c), self.sym(z)))
            .collect();
        let text = format!("{}: {} => {}", t.name(), cells.join(", "), gone.join(", "));
        let mut s = self.step(t, None, text);
        s.eliminate = eliminate;
        Some(s)
    }
}

#[cfg(test)]
mod tests {
    use super::super::crafted::{board, eliminated};
    use super::*;

    /// Pivot r5c5 {1,2,3} with r5c1 {1,3} in its row and r4c4 {2,3} in its box: 3 is the one
    /// value whose cells do not all see each other, so it is among the three, and r5c4 and
    /// r5c6, which see all three, lose it.
    #[test]
    fn an_xyz_wing_takes_z_from_the_cells_seeing_all_of_it() {
        let mut b = board(0, &[], &[(40, 0b111), (36, 0b101), (30, 0b110)]);
        let steps = b.wings(3);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].technique, Technique::Wing { size: 3, widest: 3 });
        assert_eq!(steps[0].technique.name(), "xyz-wing");
        assert_eq!(eliminated(&steps), vec![(39, 2), (41, 2)]);
        // With 1 in r4c4 as well, two values are unrestricted: no wing.
        let mut b = board(0, &[], &[(40, 0b111), (36, 0b101), (30, 0b111)]);
        assert!(b.wings(3).is_empty());
    }

    /// An almost locked set in row 1 across three boxes, r1c1 {1,2}, r1c4 {2,3}, r1c7 {3,4},
    /// and the two-value cell r5c1 {1,4}: no box and line hold all four, yet 1, 2 and 3 are
    /// restricted, so 4 is in r1c7 or r5c1 and r5c7, seeing both, loses it (a WXYZ-wing as
    /// Sudoku Explainer finds them).
    #[test]
    fn a_wxyz_wing_joins_an_almost_locked_set_and_a_two_value_cell() {
        let marks = [(0, 0b0011), (3, 0b0110), (6, 0b1100), (36, 0b1001)];
        let mut b = board(0, &[], &marks);
        let steps = b.wings(4);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].technique.name(), "wxyz-wing");
        assert_eq!(eliminated(&steps), vec![(42, 3)]);
        assert_eq!(
            steps[0].text,
            "wxyz-wing: r1c1 {1,2}, r1c4 {2,3}, r1c7 {3,4}, r5c1 {1,4} => r5c7 <> 4"
        );
    }
}
