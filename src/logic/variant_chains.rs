//! Dynamic forcing chains through the variant constraints and the sums: an assumption followed
//! by singles, cages and the constraints' propagators, to a contradiction (the assumption is
//! false) or, over every value of a cell or every place of a value in a unit, to removals every
//! branch makes.

use super::forcing::{Followed, links};
use super::{Board, Forcing, Step, Technique};
use crate::engine::Domain;

/// A cell or region forcing conclusion: its longest branch's length, its kind, its premises as
/// text, and what it removes.
struct Conclusion {
    length: usize,
    kind: Forcing,
    on: String,
    removed: Vec<(usize, usize)>,
}

impl<D: Domain> Board<D> {
    /// On a board with variant constraints or sums, the shortest contradictions found by
    /// following each candidate through singles, the sums and the constraints' propagators
    /// (dynamic contradiction chains whose links may pass through a constraint or a cage,
    /// printed with it): every one of the shortest length, each removing its assumption.
    pub(super) fn variant_contradictions(&mut self) -> Vec<Step> {
        if self.variants.is_none() && self.sums.is_empty() {
            return Vec::new();
        }
        let mut found: Vec<(usize, usize, Followed<D>)> = Vec::new();
        let n = self.puzzle.size();
        let mut kept: Vec<Option<Followed<D>>> = (0..self.cand.len() * n).map(|_| None).collect();
        for c in (0..self.cand.len()).filter(|&c| self.value[c].is_none()) {
            for v in self.cand[c].iter() {
                if self.clock.out() {
                    return Vec::new();
                }
                let f = self.follow(c, v);
                if f.broken.is_none() {
                    kept[c * n + v] = Some(f);
                    continue;
                }
                match found.first() {
                    Some(best) if best.2.implied.len() < f.implied.len() => {}
                    Some(best) if best.2.implied.len() > f.implied.len() => found = vec![(c, v, f)],
                    _ => found.push((c, v, f)),
                }
            }
        }
        if found.is_empty() {
            return self.variant_forcing(&kept);
        }
        found
            .into_iter()
            .map(|(c, v, f)| self.contradiction_step(Forcing::Contradiction, c, v, f))
            .collect()
    }

    /// Dynamic cell and region forcing chains through the variant constraints, from the
    /// trials `kept` (by `cell · n + value`, none broken): what every value of a cell, or
    /// every place of a value in a unit, removes is removed. The conclusion whose longest
    /// branch is shortest is taken.
    fn variant_forcing(&mut self, kept: &[Option<Followed<D>>]) -> Vec<Step> {
        let n = self.puzzle.size();
        // Each premise: the kind, its text, and its branches.
        let mut premises: Vec<(Forcing, String, Vec<usize>)> = Vec::new();
        for c in (0..self.cand.len()).filter(|&c| self.value[c].is_none()) {
            let branches = self.cand[c].iter().map(|v| c * n + v).collect();
            let on = format!("{} = {}", self.cell(c), self.syms(self.cand[c]));
            premises.push((Forcing::Cell, on, branches));
        }
        for u in 0..self.units.len() {
            for v in (0..n).filter(|&v| !self.held[u].contains(v)) {
                let branches: Vec<usize> = self.places(u, v).map(|c| c * n + v).collect();
                let cells: Vec<usize> = branches.iter().map(|b| b / n).collect();
                let on = format!(
                    "{} in {} at {}",
                    self.sym(v),
                    self.units[u].name,
                    self.cells_text(&cells)
                );
                premises.push((Forcing::Region, on, branches));
            }
        }
        let mut best: Option<Conclusion> = None;
        for (kind, on, branches) in premises {
            let Some(trials) = branches
                .iter()
                .map(|&b| kept[b].as_ref())
                .collect::<Option<Vec<_>>>()
            else {
                continue;
            };
            if trials.len() < 2 {
                continue;
            }
            let removed: Vec<(usize, usize)> = (0..self.cand.len())
                .filter(|&x| self.value[x].is_none())
                .flat_map(|x| {
                    let still = trials.iter().fold(D::empty(), |d, t| d.or(t.after[x]));
                    self.cand[x].minus(still).iter().map(move |w| (x, w))
                })
                .collect();
            if removed.is_empty() {
                continue;
            }
            let length = trials
                .iter()
                .map(|t| links(&t.implied).count() + 1)
                .max()
                .unwrap_or(1);
            if best.as_ref().is_none_or(|b| length < b.length) {
                best = Some(Conclusion {
                    length,
                    kind,
                    on,
                    removed,
                });
            }
        }
        let Some(Conclusion {
            length,
            kind,
            on,
            removed,
        }) = best
        else {
            return Vec::new();
        };
        let t = Technique::ForcingChain { kind, length };
        let list: Vec<String> = removed
            .iter()
            .map(|&(c, w)| format!("{} <> {}", self.cell(c), self.sym(w)))
            .collect();
        let text = format!("{}: each of {on} => {}", t.name(), list.join("; "));
        let mut s = self.step(t, None, text);
        for &(c, w) in &removed {
            self.remove(c, w);
        }
        s.eliminate = removed;
        vec![s]
    }
}
