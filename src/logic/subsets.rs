//! Naked and hidden subsets of every size, Crook's preemptive sets.

use super::{Board, Clock, Step, Technique, Unit};
use crate::engine::Domain;
use std::sync::Arc;

impl<D: Domain> Board<D> {
    /// Removes `lost` from `c` as part of step `s`, noting `r3c4 <> 1,2` in `changes`.
    fn strike(&mut self, c: usize, lost: D, s: &mut Step, changes: &mut Vec<String>) {
        if lost.is_empty() {
            return;
        }
        changes.push(format!("{} <> {}", self.cell(c), self.syms(lost)));
        for v in lost.iter() {
            self.remove(c, v);
            s.eliminate.push((c, v));
        }
    }

    /// Calls `f` with each set of `m` items of `items` whose masks' union has at most `m`
    /// values, pruning as soon as a partial union is too big.
    pub(super) fn subsets(
        items: &[(usize, D)],
        m: usize,
        clock: &Clock,
        f: &mut impl FnMut(&[usize], D),
    ) {
        fn rec<D: Domain>(
            items: &[(usize, D)],
            m: usize,
            from: usize,
            chosen: &mut Vec<usize>,
            union: D,
            clock: &Clock,
            f: &mut impl FnMut(&[usize], D),
        ) {
            if chosen.len() == m {
                f(chosen, union);
                return;
            }
            for i in from..items.len() {
                if clock.out() {
                    return;
                }
                let u = union.or(items[i].1);
                if u.len() as usize <= m && items.len() - i >= m - chosen.len() {
                    chosen.push(items[i].0);
                    rec(items, m, i + 1, chosen, u, clock, f);
                    chosen.pop();
                }
            }
        }
        rec(
            items,
            m,
            0,
            &mut Vec::with_capacity(m),
            D::empty(),
            clock,
            f,
        );
    }

    pub(super) fn naked_subsets(&mut self, m: usize) -> Vec<Step> {
        let mut steps = Vec::new();
        let units = Arc::clone(&self.units);
        for Unit { cells, name, .. } in units.iter() {
            let empty: Vec<(usize, D)> = cells
                .iter()
                .filter(|&&c| self.value[c].is_none())
                .map(|&c| (c, self.cand[c]))
                .collect();
            if empty.len() <= m {
                continue;
            }
            let mut found: Vec<(Vec<usize>, D)> = Vec::new();
            Self::subsets(&empty, m, &self.clock, &mut |set, union| {
                found.push((set.to_vec(), union))
            });
            for (set, union) in found {
                let mut s = self.step(Technique::NakedSubset(m), Some(name.clone()), String::new());
                let mut changes = Vec::new();
                for &(c, _) in &empty {
                    if set.contains(&c) {
                        continue;
                    }
                    let lost = self.cand[c].and(union);
                    self.strike(c, lost, &mut s, &mut changes);
                }
                if !changes.is_empty() {
                    let at: Vec<String> = set.iter().map(|&c| self.cell(c)).collect();
                    s.text = format!(
                        "{} (preemptive set) {{{}}} in {name} at {} => {}",
                        Technique::NakedSubset(m).name(),
                        self.syms(union),
                        at.join(","),
                        changes.join("; ")
                    );
                    steps.push(s);
                }
            }
        }
        steps
    }

    /// Hidden subsets of `m` values. `direct` finds only those that leave a hidden single in
    /// their unit, and takes that single (in the step's `place`) instead of their
    /// eliminations.
    pub(super) fn hidden_subsets(&mut self, m: usize, direct: bool) -> Vec<Step> {
        let n = self.puzzle.size();
        let mut steps = Vec::new();
        let units = Arc::clone(&self.units);
        for (u, Unit { cells, name, .. }) in units.iter().enumerate() {
            let empty: Vec<usize> = cells
                .iter()
                .copied()
                .filter(|&c| self.value[c].is_none())
                .collect();
            if empty.len() <= m {
                continue;
            }
            // Each missing value with the positions (indices into `empty`) it can take.
            let missing: Vec<(usize, D)> = (0..n)
                .filter(|&v| !self.held[u].contains(v))
                .map(|v| {
                    let mut at = D::empty();
                    for (i, &c) in empty.iter().enumerate() {
                        if self.cand[c].contains(v) {
                            at.insert(i);
                        }
                    }
                    (v, at)
                })
                .collect();
            let mut found: Vec<(Vec<usize>, D)> = Vec::new();
            Self::subsets(&missing, m, &self.clock, &mut |set, at| {
                found.push((set.to_vec(), at))
            });
            for (values, at) in found {
                let keep = values
                    .iter()
                    .fold(D::empty(), |d, &v| d.or(D::singleton(v)));
                let mut s = self.step(
                    Technique::HiddenSubset(m),
                    Some(name.clone()),
                    String::new(),
                );
                let mut changes = Vec::new();
                for i in at.iter() {
                    let c = empty[i];
                    let lost = self.cand[c].minus(keep);
                    self.strike(c, lost, &mut s, &mut changes);
                }
                if changes.is_empty() {
                    continue;
                }
                let where_: Vec<String> = at.iter().map(|i| self.cell(empty[i])).collect();
                let found = format!("{{{}}} in {name} at {}", self.syms(keep), where_.join(","));
                if direct {
                    let single = self.hidden_single_in([u], &s.eliminate);
                    for &(c, v) in &s.eliminate {
                        self.cand[c].insert(v);
                    }
                    let Some((c, v, _)) = single else {
                        continue;
                    };
                    s.technique = Technique::DirectHiddenSubset(m);
                    s.eliminate.clear();
                    s.place.push((c, v));
                    s.text = format!(
                        "{} {found} => {}, leaving {} one place: {} = {}",
                        s.technique.name(),
                        changes.join("; "),
                        self.sym(v),
                        self.cell(c),
                        self.sym(v)
                    );
                } else {
                    s.text = format!("{} {found} => {}", s.technique.name(), changes.join("; "));
                }
                steps.push(s);
            }
        }
        steps
    }
}

#[cfg(test)]
mod tests {
    use super::super::crafted::board;
    use super::*;

    /// 1 and 2 have only r1c1 and r1c2 in row 1: a hidden pair that takes 3 from r1c1 and 4
    /// from r1c2. When 3 and 4 then have one place left in row 1 (r1c3) the pair is direct: it
    /// places 3 there and, as in Sudoku Explainer, keeps the pair's other candidates. With a
    /// second place for both (r1c4) it is not direct, and only the plain hidden pair finds it.
    #[test]
    fn a_hidden_pair_is_direct_when_it_leaves_a_hidden_single() {
        let rest = 0b1_1111_0000; // 5 to 9
        let row = |fourth: u64| {
            let mut also = vec![(0, 0b0111), (1, 0b1011), (2, 0b1_1111_1100), (3, fourth)];
            also.extend((4..9).map(|c| (c, rest)));
            board(0, &[], &also)
        };
        let in_row_1 = |steps: Vec<Step>| {
            steps
                .into_iter()
                .find(|s| s.unit.as_deref() == Some("row 1"))
        };
        let mut b = row(rest);
        let pair = in_row_1(b.hidden_subsets(2, true)).unwrap();
        assert_eq!(pair.technique, Technique::DirectHiddenSubset(2));
        assert_eq!((pair.place, pair.eliminate), (vec![(2, 2)], vec![]));
        assert!(b.cand[0].contains(2) && b.cand[1].contains(3));
        let pair = in_row_1(b.hidden_subsets(2, false)).unwrap();
        assert_eq!(pair.technique, Technique::HiddenSubset(2));
        assert_eq!(pair.eliminate, vec![(0, 2), (1, 3)]);

        let mut b = row(rest | 0b1100);
        assert!(in_row_1(b.hidden_subsets(2, true)).is_none());
        assert!(b.cand[0].contains(2) && b.cand[1].contains(3));
        let pair = in_row_1(b.hidden_subsets(2, false)).unwrap();
        assert_eq!(pair.technique, Technique::HiddenSubset(2));
    }
}
