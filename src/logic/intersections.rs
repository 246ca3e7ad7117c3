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

#[cfg(test)]
mod tests {
    use super::super::crafted::{board, eliminated};
    use super::*;

    /// 1 lies in box 1 only on row 1 (r1c1, r1c2), and in box 2 only at r1c4 and r2c4.
    fn locked_board() -> Board<u16> {
        let no_one = 0x1fe;
        let cells = [2, 9, 10, 11, 18, 19, 20, 4, 5, 13, 14, 21, 22, 23];
        let also: Vec<(usize, u64)> = cells.iter().map(|&c| (c, no_one)).collect();
        board(0, &[], &also)
    }

    /// Box 1 points 1 out of the rest of row 1, which leaves r2c4 the only 1 of box 2: the
    /// direct step places it and keeps the marks; the plain one clears row 1 (after which box
    /// 2's 1 has one place, so it points at nothing).
    #[test]
    fn pointing_direct_and_plain() {
        let mut b = locked_board();
        let steps = b.locked_candidates(true, true);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(
            steps[0].technique,
            Technique::DirectLocked { pointing: true }
        );
        assert_eq!(steps[0].place, vec![(12, 0)]);
        assert!(steps[0].eliminate.is_empty());
        let steps = b.locked_candidates(true, false);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(
            steps[0].technique,
            Technique::LockedCandidates { pointing: true }
        );
        assert_eq!(eliminated(&steps), [3, 6, 7, 8].map(|c| (c, 0)).to_vec());
    }

    /// Row 3 holds 1 only in box 3 (r3c7 to r3c9): claiming takes it from the box's cells on
    /// rows 1 and 2, and nothing else.
    #[test]
    fn claiming_clears_the_rest_of_the_box() {
        let mut b = locked_board();
        let steps = b.locked_candidates(false, false);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(
            steps[0].technique,
            Technique::LockedCandidates { pointing: false }
        );
        assert_eq!(
            eliminated(&steps),
            [6, 7, 8, 15, 16, 17].map(|c| (c, 0)).to_vec()
        );
    }
}
