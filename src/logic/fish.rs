//! Fish (x-wing, swordfish, jellyfish) and the xy-wing, techniques over rows and columns.

use super::{Board, Step, Technique};
use crate::engine::Domain;
use crate::puzzle::RegionKind;

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
        let has = |kind| self.units.iter().any(|u| u.kind == kind);
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
                    let head = format!(
                        "{} on {} in {} {} and {} {}",
                        t.name(),
                        self.sym(v),
                        word(base_kind),
                        list(base.clone()),
                        word(cover_kind),
                        list(cover.iter().collect()),
                    );
                    steps.push(self.removal_step(t, head, &hit, v));
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
                    let head = format!(
                        "xy-wing: {} {{{}}} with {} {{{}}} and {} {{{}}}",
                        self.cell(pivot),
                        self.syms(p),
                        self.cell(x),
                        self.syms(a),
                        self.cell(y),
                        self.syms(b),
                    );
                    steps.push(self.removal_step(Technique::XyWing, head, &hit, c));
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

    /// Rows 2 and 6 hold 1 only in columns 3 and 8: 1 leaves columns 3 and 8 in the seven other
    /// rows, and nothing else.
    #[test]
    fn an_x_wing_clears_its_columns() {
        let mut b = board(0, &[(1, &[2, 7]), (5, &[2, 7])], &[]);
        let steps = b.fish(2);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].technique, Technique::Fish(2));
        assert!(
            steps[0].text.contains("rows 2,6 and columns 3,8"),
            "{}",
            steps[0].text
        );
        let expected: Vec<(usize, usize)> = (0..9)
            .filter(|r| ![1, 5].contains(r))
            .flat_map(|r| [(r * 9 + 2, 0), (r * 9 + 7, 0)])
            .collect();
        assert_eq!(eliminated(&steps), expected);
        assert!(b.fish(2).is_empty(), "nothing left to find");
    }

    /// Rows 1, 4 and 7 hold 5 in columns {1, 5}, {5, 9} and {1, 9}: no two of them make an
    /// x-wing, the three make a swordfish that clears columns 1, 5 and 9 in the six other rows.
    #[test]
    fn a_swordfish_is_not_an_x_wing() {
        let rows: [(usize, &[usize]); 3] = [(0, &[0, 4]), (3, &[4, 8]), (6, &[0, 8])];
        let mut b = board(4, &rows, &[]);
        assert!(b.fish(2).is_empty());
        let steps = b.fish(3);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].technique, Technique::Fish(3));
        let expected: Vec<(usize, usize)> = (0..9)
            .filter(|r| ![0, 3, 6].contains(r))
            .flat_map(|r| [(r * 9, 4), (r * 9 + 4, 4), (r * 9 + 8, 4)])
            .collect();
        assert_eq!(eliminated(&steps), expected);
    }

    /// Pivot r5c5 {1,2} sees r5c1 {1,3} and r1c5 {2,3}: whichever way the pivot goes, one wing
    /// is 3, so r1c1, which sees both wings, loses 3; no other cell sees both.
    #[test]
    fn an_xy_wing_takes_the_shared_value_from_what_sees_both_wings() {
        let also = [(40, 0b011), (36, 0b101), (4, 0b110)];
        let mut b = board(0, &[], &also);
        let steps = b.xy_wings();
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].technique, Technique::XyWing);
        assert_eq!(eliminated(&steps), vec![(0, 2)]);
        assert!(
            steps[0].text.starts_with("xy-wing: r5c5 {1,2}"),
            "{}",
            steps[0].text
        );
        // The pivot's values must differ from each wing's in one value each: {1,3} and {1,3}
        // around {1,2} make no wing.
        let also = [(40, 0b011), (36, 0b101), (4, 0b101)];
        assert!(board(0, &[], &also).xy_wings().is_empty());
    }
}
