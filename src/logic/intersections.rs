//! Locked candidates: a value whose places in one unit lie where it meets another (pointing,
//! claiming) leaves the rest of the other.

use super::{Board, Step, Technique};
use crate::engine::Domain;
use crate::puzzle::RegionKind;
use std::sync::Arc;

impl<D: Domain> Board<D> {
    pub(super) fn locked_candidates(&mut self) -> Vec<Step> {
        let n = self.puzzle.size();
        let mut steps = Vec::new();
        for a in 0..self.units.len() {
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
                    let pointing = units[a].kind == RegionKind::Box;
                    let eliminated: Vec<(usize, usize)> = hit.iter().map(|&c| (c, v)).collect();
                    let t = if self.leaves_hidden_single(&eliminated) {
                        Technique::DirectLocked { pointing }
                    } else {
                        Technique::LockedCandidates { pointing }
                    };
                    let cells: Vec<String> = hit.iter().map(|&c| self.cell(c)).collect();
                    let text = format!(
                        "{}: {} in {} => {} <> {}",
                        t.name(),
                        self.sym(v),
                        units[a].name,
                        cells.join(", "),
                        self.sym(v)
                    );
                    let mut s = self.step(t, Some(units[a].name.clone()), text);
                    s.eliminate = eliminated;
                    steps.push(s);
                }
            }
        }
        steps
    }
}
