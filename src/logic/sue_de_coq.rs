//! Sue de Coq: the open cells I where a box meets a line, with cells A of the line outside the
//! box and B of the box outside the line, whose values V(A) and V(B) share none, and as many
//! values in all, D, as cells in I, A and B together. A value of V(A) or one only I holds is
//! all on the line, one of V(B) all in the box: each at most once among those cells, so each
//! exactly once. The line's other cells lose every value of D but V(B)'s, the box's other cells
//! every value but V(A)'s.

use super::{Board, Step, Technique};
use crate::engine::Domain;
use crate::puzzle::RegionKind;

/// The most cells taken from the line (and from the box) outside the intersection.
const MOST_SIDE: usize = 3;

impl<D: Domain> Board<D> {
    /// Every Sue de Coq on the board, each with its eliminations applied.
    pub(super) fn sue_de_coq(&mut self) -> Vec<Step> {
        let mut steps = Vec::new();
        let units = std::sync::Arc::clone(&self.units);
        for bx in units.iter() {
            if bx.kind != RegionKind::Box {
                continue;
            }
            for line in units.iter() {
                if !matches!(line.kind, RegionKind::Row | RegionKind::Column) {
                    continue;
                }
                let open = |c: &usize| self.value[*c].is_none();
                let inter: Vec<usize> = bx
                    .cells
                    .iter()
                    .copied()
                    .filter(|c| line.cells.contains(c))
                    .filter(open)
                    .collect();
                let vi = inter.iter().fold(D::empty(), |d, &c| d.or(self.cand[c]));
                if inter.len() < 2 || (vi.len() as usize) < inter.len() + 2 {
                    continue;
                }
                let side = |unit: &[usize], other: &[usize]| -> Vec<usize> {
                    unit.iter()
                        .copied()
                        .filter(|c| !other.contains(c))
                        .filter(open)
                        .collect()
                };
                let (line_rest, box_rest) =
                    (side(&line.cells, &bx.cells), side(&bx.cells, &line.cells));
                let mut line_sets = Vec::new();
                self.side_sets(
                    &line_rest,
                    vi,
                    0,
                    &mut Vec::new(),
                    D::empty(),
                    &mut line_sets,
                );
                let mut box_sets = Vec::new();
                self.side_sets(&box_rest, vi, 0, &mut Vec::new(), D::empty(), &mut box_sets);
                for (a, va) in &line_sets {
                    for (bb, vb) in &box_sets {
                        if self.clock.out() {
                            return steps;
                        }
                        let all = vi.or(*va).or(*vb);
                        if !va.and(*vb).is_empty()
                            || all.len() as usize != inter.len() + a.len() + bb.len()
                        {
                            continue;
                        }
                        let mut gone = Vec::new();
                        for &c in line_rest.iter().filter(|c| !a.contains(c)) {
                            gone.extend(all.minus(*vb).and(self.cand[c]).iter().map(|v| (c, v)));
                        }
                        for &c in box_rest.iter().filter(|c| !bb.contains(c)) {
                            gone.extend(all.minus(*va).and(self.cand[c]).iter().map(|v| (c, v)));
                        }
                        gone.retain(|&(c, v)| self.remove(c, v));
                        if gone.is_empty() {
                            continue;
                        }
                        let list = |cells: &[usize]| {
                            cells
                                .iter()
                                .map(|&c| self.cell(c))
                                .collect::<Vec<_>>()
                                .join(",")
                        };
                        let struck: Vec<String> = gone
                            .iter()
                            .map(|&(c, v)| format!("{} <> {}", self.cell(c), self.sym(v)))
                            .collect();
                        let text = format!(
                            "sue de coq: {} {{{}}} in {} and {}, with {} {{{}}} and {} {{{}}} => {}",
                            list(&inter),
                            self.syms(vi),
                            bx.name,
                            line.name,
                            list(a),
                            self.syms(*va),
                            list(bb),
                            self.syms(*vb),
                            struck.join(", ")
                        );
                        let mut s = self.step(Technique::SueDeCoq, None, text);
                        s.eliminate = gone;
                        steps.push(s);
                    }
                }
            }
        }
        steps
    }

    /// Every set of at most [`MOST_SIDE`] cells of `pool` (from `from` on, extending `chosen`)
    /// each sharing a value with `core`, with their values.
    fn side_sets(
        &self,
        pool: &[usize],
        core: D,
        from: usize,
        chosen: &mut Vec<usize>,
        union: D,
        out: &mut Vec<(Vec<usize>, D)>,
    ) {
        if !chosen.is_empty() {
            out.push((chosen.clone(), union));
        }
        if chosen.len() == MOST_SIDE {
            return;
        }
        for i in from..pool.len() {
            let c = pool[i];
            if self.cand[c].and(core).is_empty() {
                continue;
            }
            chosen.push(c);
            self.side_sets(pool, core, i + 1, chosen, union.or(self.cand[c]), out);
            chosen.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::crafted::{board, eliminated};
    use super::*;

    /// r1c3 is 5; r1c1 and r1c2 hold {1,2,3,4}, and with r1c7 {1,2} on row 1 and r2c3 {3,4} in
    /// box 1 make four cells with four values. Row 1's other cells lose 1 and 2, box 1's other
    /// cells 3 and 4.
    #[test]
    fn a_sue_de_coq_splits_the_intersections_values_between_line_and_box() {
        let also = [
            (0, 0b1111),
            (1, 0b1111),
            (2, 0b10000),
            (6, 0b0011),
            (11, 0b1100),
        ];
        let mut b = board(0, &[], &also);
        let steps = b.sue_de_coq();
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].technique, Technique::SueDeCoq);
        let mut expected: Vec<(usize, usize)> = [3, 4, 5, 7, 8]
            .iter()
            .flat_map(|&c| [(c, 0), (c, 1)])
            .chain([9, 10, 18, 19, 20].iter().flat_map(|&c| [(c, 2), (c, 3)]))
            .collect();
        expected.sort_unstable();
        assert_eq!(eliminated(&steps), expected);
    }
}
