//! Locked candidates: a value whose places in one unit lie where it meets another (pointing,
//! claiming) leaves the rest of the other.

use super::{Board, Step, Technique};
use crate::engine::Domain;
use crate::puzzle::RegionKind;
use std::sync::Arc;

impl<D: Domain> Board<D> {
    /// Locked candidates whose source is a box (`pointing`), or any other unit (claiming).
    /// `direct` finds only those that leave a hidden single in a unit of the source's kind,
    /// and takes that single (in the step's `place`) instead of their eliminations.
    pub(super) fn locked_candidates(&mut self, pointing: bool, direct: bool) -> Vec<Step> {
        let n = self.puzzle.size();
        let mut steps = Vec::new();
        for a in 0..self.units.len() {
            if (self.units[a].kind == RegionKind::Box) != pointing {
                continue;
            }
            for v in 0..n {
                let at: Vec<usize> = self.units[a]
                    .cells
                    .iter()
                    .copied()
                    .filter(|&c| self.value[c].is_none() && self.cand[c].contains(v))
                    .collect();
                if at.len() < 2 {
                    continue;
                }
                // Another unit holding every place of v in unit a: v leaves its other cells.
                let (units, cell_units) = (Arc::clone(&self.units), Arc::clone(&self.cell_units));
                for &b in &cell_units[at[0]] {
                    if b == a || !at.iter().all(|c| units[b].cells.contains(c)) {
                        continue;
                    }
                    let hit: Vec<usize> = units[b]
                        .cells
                        .iter()
                        .copied()
                        .filter(|c| !at.contains(c) && self.remove(*c, v))
                        .collect();
                    if hit.is_empty() {
                        continue;
                    }
                    let eliminated: Vec<(usize, usize)> = hit.iter().map(|&c| (c, v)).collect();
                    let cells: Vec<String> = hit.iter().map(|&c| self.cell(c)).collect();
                    let because = format!(
                        "{} in {} => {} <> {}",
                        self.sym(v),
                        units[a].name,
                        cells.join(", "),
                        self.sym(v)
                    );
                    let s = if direct {
                        let kin = hit.iter().flat_map(|&c| cell_units[c].iter().copied());
                        let kin = kin.filter(|&u| u != a && units[u].kind == units[a].kind);
                        let single = self.hidden_single_in(kin, &eliminated);
                        hit.iter().for_each(|&c| self.cand[c].insert(v));
                        let Some((c, v, u)) = single else {
                            continue;
                        };
                        let t = Technique::DirectLocked { pointing };
                        let text = format!(
                            "{}: {because}, leaving {} one place in {}: {} = {}",
                            t.name(),
                            self.sym(v),
                            units[u].name,
                            self.cell(c),
                            self.sym(v)
                        );
                        let mut s = self.step(t, Some(units[a].name.clone()), text);
                        s.place.push((c, v));
                        s
                    } else {
                        let t = Technique::LockedCandidates { pointing };
                        let text = format!("{}: {because}", t.name());
                        let mut s = self.step(t, Some(units[a].name.clone()), text);
                        s.eliminate = eliminated;
                        s
                    };
                    steps.push(s);
                }
            }
        }
        steps
    }
}
