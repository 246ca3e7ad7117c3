//! Finned and sashimi fish: m base lines whose places for a value lie in m cover lines but for
//! a few, the fins, all in one box. Either a fin holds the value, or the base lines make a
//! fish; a cell of the fins' box on a cover line (outside the base lines) sees every fin and
//! is cleared by the fish, so it loses the value either way. Sashimi: without its fins some
//! base line would hold the value once or not at all.

use super::{Board, Step, Technique};
use crate::engine::Domain;
use crate::puzzle::RegionKind;

impl<D: Domain> Board<D> {
    /// Every finned or sashimi fish of `m` base lines (rows or columns), each with its
    /// eliminations applied.
    pub(super) fn finned_fish(&mut self, m: usize) -> Vec<Step> {
        let n = self.puzzle.size();
        let boxes = self.puzzle.boxes();
        // Fins sit in one box: at most as many cells of a line as a box's side along it.
        let k = boxes.rows.max(boxes.cols);
        let mut steps = Vec::new();
        let has = |kind| self.units.iter().any(|u| u.kind == kind);
        if boxes.is_none()
            || !(has(RegionKind::Row) && has(RegionKind::Column) && has(RegionKind::Box))
        {
            return steps;
        }
        for rows_are_base in [true, false] {
            // Cell of base line `b`, position `p` along it.
            let at = |b: usize, p: usize| if rows_are_base { b * n + p } else { p * n + b };
            for v in 0..n {
                // Each base line without v placed, with its places for v: m in the cover lines
                // and the fins (at most a box's width) make at most m + k.
                let lines: Vec<(usize, D)> = (0..n)
                    .filter_map(|b| {
                        let mut places = D::empty();
                        for p in 0..n {
                            let c = at(b, p);
                            if self.value[c] == Some(v) {
                                return None;
                            }
                            if self.value[c].is_none() && self.cand[c].contains(v) {
                                places.insert(p);
                            }
                        }
                        (!places.is_empty() && places.len() as usize <= m + k)
                            .then_some((b, places))
                    })
                    .collect();
                let mut bases = Vec::new();
                Self::line_sets(&lines, m, m + k, 0, &mut Vec::new(), D::empty(), &mut bases);
                for (base, union) in bases {
                    if union.len() as usize <= m || self.clock.out() {
                        continue;
                    }
                    let places: Vec<D> = base
                        .iter()
                        .map(|b| lines.iter().find(|l| l.0 == *b).map_or(D::empty(), |l| l.1))
                        .collect();
                    let mut covers = Vec::new();
                    let pool: Vec<(usize, D)> =
                        union.iter().map(|p| (p, D::singleton(p))).collect();
                    Self::line_sets(&pool, m, m, 0, &mut Vec::new(), D::empty(), &mut covers);
                    for (_, cover) in covers {
                        if places.iter().any(|d| d.and(cover).is_empty()) {
                            continue;
                        }
                        let fins: Vec<usize> = base
                            .iter()
                            .zip(&places)
                            .flat_map(|(&b, d)| d.minus(cover).iter().map(move |p| at(b, p)))
                            .collect();
                        let Some(fin_box) = self.box_of(fins[0]) else {
                            continue;
                        };
                        if fins.iter().any(|&f| self.box_of(f) != Some(fin_box)) {
                            continue;
                        }
                        let targets: Vec<usize> = self.units[fin_box]
                            .cells
                            .clone()
                            .into_iter()
                            .filter(|&c| {
                                let (b, p) = if rows_are_base {
                                    (c / n, c % n)
                                } else {
                                    (c % n, c / n)
                                };
                                cover.contains(p) && !base.contains(&b)
                            })
                            .filter(|&c| self.remove(c, v))
                            .collect();
                        if targets.is_empty() {
                            continue;
                        }
                        let sashimi = places.iter().any(|d| d.and(cover).len() < 2);
                        let t = Technique::FinnedFish { size: m, sashimi };
                        let (bw, cw) = if rows_are_base {
                            ("rows", "columns")
                        } else {
                            ("columns", "rows")
                        };
                        let list = |it: &mut dyn Iterator<Item = usize>| {
                            it.map(|i| (i + 1).to_string())
                                .collect::<Vec<_>>()
                                .join(",")
                        };
                        let head = format!(
                            "{} on {} in {bw} {} and {cw} {}, fin {}",
                            t.name(),
                            self.sym(v),
                            list(&mut base.iter().copied()),
                            list(&mut cover.iter()),
                            self.cells_text(&fins),
                        );
                        steps.push(self.removal_step(t, head, &targets, v));
                    }
                }
            }
        }
        steps
    }

    /// Every `m`-subset of `lines` (from `from` on, extending `chosen`) whose places make at
    /// most `most` positions between them, with that union.
    fn line_sets(
        lines: &[(usize, D)],
        m: usize,
        most: usize,
        from: usize,
        chosen: &mut Vec<usize>,
        union: D,
        out: &mut Vec<(Vec<usize>, D)>,
    ) {
        if chosen.len() == m {
            out.push((chosen.clone(), union));
            return;
        }
        for i in from..lines.len() {
            if lines.len() - i < m - chosen.len() {
                return;
            }
            let u = union.or(lines[i].1);
            if u.len() as usize <= most {
                chosen.push(lines[i].0);
                Self::line_sets(lines, m, most, i + 1, chosen, u, out);
                chosen.pop();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::crafted::{board, eliminated};
    use super::*;

    /// Rows 2 and 6 hold 1 in columns 3 and 8, and row 2 also in r2c9, its fin, in box 3.
    /// Either the fin is 1 or the x-wing stands: r1c8 and r3c8, in box 3 and column 8, lose 1,
    /// and nothing else does.
    #[test]
    fn a_finned_x_wing_clears_the_cover_cells_of_the_fins_box() {
        let mut b = board(0, &[(1, &[2, 7, 8]), (5, &[2, 7])], &[]);
        assert!(b.fish(2).is_empty());
        let steps = b.finned_fish(2);
        assert_eq!(steps.len(), 1, "{steps:?}");
        let t = Technique::FinnedFish {
            size: 2,
            sashimi: false,
        };
        assert_eq!(steps[0].technique, t);
        assert_eq!(eliminated(&steps), vec![(7, 0), (25, 0)]);
        assert!(
            steps[0]
                .text
                .starts_with("finned x-wing on 1 in rows 2,6 and columns 3,8, fin r2c9"),
            "{}",
            steps[0].text
        );
    }

    /// Without r2c8 the same pattern is a sashimi x-wing, with the same conclusion; with the
    /// fin in a box no cover line crosses (r2c5), there is none.
    #[test]
    fn a_sashimi_x_wing_and_a_fin_too_far() {
        let mut b = board(0, &[(1, &[2, 8]), (5, &[2, 7])], &[]);
        let steps = b.finned_fish(2);
        assert_eq!(steps.len(), 2, "{steps:?}");
        let t = Technique::FinnedFish {
            size: 2,
            sashimi: true,
        };
        assert!(steps.iter().all(|s| s.technique == t));
        // And the other way round: r6c8 is the fin of columns 3 and 9, clearing r4c9, r5c9.
        assert_eq!(eliminated(&steps), vec![(7, 0), (25, 0), (35, 0), (44, 0)]);
        let mut b = board(0, &[(1, &[2, 4, 7]), (5, &[2, 7])], &[]);
        assert!(b.finned_fish(2).is_empty());
    }

    /// Rows 1, 4 and 7 hold 5 in columns {1, 5}, {5, 9} and {1, 8, 9}: a swordfish but for
    /// its fin r7c8, in box 9: r8c9 and r9c9 lose 5.
    #[test]
    fn a_finned_swordfish() {
        let rows: [(usize, &[usize]); 3] = [(0, &[0, 4]), (3, &[4, 8]), (6, &[0, 7, 8])];
        let mut b = board(4, &rows, &[]);
        assert!(b.fish(3).is_empty());
        let steps = b.finned_fish(3);
        assert_eq!(eliminated(&steps), vec![(7 * 9 + 8, 4), (8 * 9 + 8, 4)]);
        assert!(
            steps
                .iter()
                .all(|s| matches!(s.technique, Technique::FinnedFish { size: 3, .. }))
        );
    }
}
