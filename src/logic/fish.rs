//! Fish (x-wing, swordfish, jellyfish) and the xy-wing, techniques over rows and columns.

use super::{Board, Step, Technique};
use crate::engine::Domain;
use crate::models::RegionKind;

impl<D: Domain> Board<D> {
    /// Whether two distinct cells share a unit.
    pub(super) fn sees(&self, a: usize, b: usize) -> bool {
        a != b
            && self.cell_units[a]
                .iter()
                .any(|u| self.cell_units[b].contains(u))
    }

    /// Fish of size m: for a value, m rows whose places for it lie in m columns between them
    /// take it out of those columns' other rows (and the same with rows and columns swapped).
    pub(super) fn fish(&mut self, m: usize) -> Vec<Step> {
        let n = self.puzzle.size();
        let mut steps = Vec::new();
        // Fish are made of rows and columns: rules without both have none.
        let has = |kind| self.units.iter().any(|(_, _, k)| *k == kind);
        if !(has(RegionKind::Row) && has(RegionKind::Column)) {
            return steps;
        }
        for (base_kind, cover_kind) in [
            (RegionKind::Row, RegionKind::Column),
            (RegionKind::Column, RegionKind::Row),
        ] {
            let index = |c: usize, kind| {
                if kind == RegionKind::Row {
                    c / n
                } else {
                    c % n
                }
            };
            for v in 0..n {
                // Each base line where v is not placed, with the cover lines of its places.
                let lines: Vec<(usize, D)> = (0..n)
                    .filter_map(|line| {
                        let cells = (0..n).map(|i| match base_kind {
                            RegionKind::Row => line * n + i,
                            _ => i * n + line,
                        });
                        let mut at = D::empty();
                        for c in cells {
                            if self.value[c] == Some(v) {
                                return None;
                            }
                            if self.value[c].is_none() && self.cand[c].contains(v) {
                                at.insert(index(c, cover_kind));
                            }
                        }
                        (at.len() >= 2).then_some((line, at))
                    })
                    .collect();
                let mut found: Vec<(Vec<usize>, D)> = Vec::new();
                Self::subsets(&lines, m, &self.clock, &mut |set, cover| {
                    found.push((set.to_vec(), cover))
                });
                for (base, cover) in found {
                    if cover.len() as usize != m {
                        continue;
                    }
                    let mut hit = Vec::new();
                    for c in 0..n * n {
                        if cover.contains(index(c, cover_kind))
                            && !base.contains(&index(c, base_kind))
                            && self.remove(c, v)
                        {
                            hit.push(c);
                        }
                    }
                    if hit.is_empty() {
                        continue;
                    }
                    let t = Technique::Fish(m);
                    let word = |k| {
                        if k == RegionKind::Row {
                            "rows"
                        } else {
                            "columns"
                        }
                    };
                    let list = |d: Vec<usize>| {
                        let v: Vec<String> = d.iter().map(|i| (i + 1).to_string()).collect();
                        v.join(",")
                    };
                    let cells: Vec<String> = hit.iter().map(|&c| self.cell(c)).collect();
                    let text = format!(
                        "{} on {} in {} {} and {} {} => {} <> {}",
                        t.name(),
                        self.sym(v),
                        word(base_kind),
                        list(base.clone()),
                        word(cover_kind),
                        list(cover.iter().collect()),
                        cells.join(", "),
                        self.sym(v)
                    );
                    let mut s = self.step(t, None, text);
                    s.eliminate = hit.iter().map(|&c| (c, v)).collect();
                    steps.push(s);
                }
            }
        }
        steps
    }

    pub(super) fn xy_wings(&mut self) -> Vec<Step> {
        let mut steps = Vec::new();
        let cells = self.cand.len();
        let two: Vec<usize> = (0..cells)
            .filter(|&c| self.value[c].is_none() && self.cand[c].len() == 2)
            .collect();
        for &pivot in &two {
            for &x in &two {
                for &y in &two {
                    if x >= y || !self.sees(pivot, x) || !self.sees(pivot, y) {
                        continue;
                    }
                    let (p, a, b) = (self.cand[pivot], self.cand[x], self.cand[y]);
                    // pivot {a,b}, x {a,c}, y {b,c}: c = the value x and y share, not in pivot
                    let shared = a.and(b);
                    let Some(c) = shared.single() else { continue };
                    if p.contains(c) || a.and(p).len() != 1 || b.and(p).len() != 1 {
                        continue;
                    }
                    if a.and(p) == b.and(p) {
                        continue;
                    }
                    let seen: Vec<usize> = (0..cells)
                        .filter(|&t| t != pivot && self.sees(t, x) && self.sees(t, y))
                        .collect();
                    let hit: Vec<usize> = seen.into_iter().filter(|&t| self.remove(t, c)).collect();
                    if hit.is_empty() {
                        continue;
                    }
                    let names: Vec<String> = hit.iter().map(|&t| self.cell(t)).collect();
                    let text = format!(
                        "xy-wing: {} {{{}}} with {} {{{}}} and {} {{{}}} => {} <> {}",
                        self.cell(pivot),
                        self.syms(p),
                        self.cell(x),
                        self.syms(a),
                        self.cell(y),
                        self.syms(b),
                        names.join(", "),
                        self.sym(c)
                    );
                    let mut s = self.step(Technique::XyWing, None, text);
                    s.eliminate = hit.iter().map(|&t| (t, c)).collect();
                    steps.push(s);
                }
            }
        }
        steps
    }
}
