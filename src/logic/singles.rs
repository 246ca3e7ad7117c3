//! Singles: forced digits (Crook's: the one place left for a digit in a box), naked singles
//! and hidden singles.

use super::{Board, Step, Technique};
use crate::engine::Domain;
use crate::puzzle::RegionKind;

impl<D: Domain> Board<D> {
    pub(super) fn forced_digits(&mut self) -> Vec<Step> {
        let n = self.puzzle.size();
        let mut steps = Vec::new();
        for u in 0..self.units.len() {
            if self.units[u].kind != RegionKind::Box {
                continue;
            }
            for v in 0..n {
                if self.held[u].contains(v) {
                    continue;
                }
                let cells = &self.units[u].cells;
                // Empty cells whose row and column do not hold v yet.
                let mut open = cells.iter().copied().filter(|&c| {
                    self.value[c].is_none()
                        && self.cell_units[c].iter().all(|&w| {
                            w == u
                                || !matches!(
                                    self.units[w].kind,
                                    RegionKind::Row | RegionKind::Column
                                )
                                || !self.held[w].contains(v)
                        })
                });
                if let (Some(c), None) = (open.next(), open.next()) {
                    let unit = Some(self.units[u].name.clone());
                    steps.push(self.place_step(Technique::ForcedDigit, unit, c, v));
                }
            }
        }
        steps
    }

    pub(super) fn naked_singles(&mut self) -> Vec<Step> {
        let mut steps = Vec::new();
        for c in 0..self.cand.len() {
            if self.value[c].is_none()
                && let Some(v) = self.cand[c].single()
            {
                steps.push(self.place_step(Technique::NakedSingle, None, c, v));
            }
        }
        steps
    }

    pub(super) fn hidden_singles(&mut self) -> Vec<Step> {
        let n = self.puzzle.size();
        let mut steps = Vec::new();
        for u in 0..self.units.len() {
            for v in 0..n {
                if self.held[u].contains(v) {
                    continue;
                }
                let cells = &self.units[u].cells;
                let mut at = cells.iter().copied().filter(|&c| self.cand[c].contains(v));
                if let (Some(c), None) = (at.next(), at.next()) {
                    let unit = Some(self.units[u].name.clone());
                    steps.push(self.place_step(Technique::HiddenSingle, unit, c, v));
                }
            }
        }
        steps
    }
}
