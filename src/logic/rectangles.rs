//! Unique rectangles, for puzzles proved to have one solution: four cells on two rows, two
//! columns and two boxes cannot all end up with the same two values, since swapping them would
//! give a second solution. So when three of them hold only {a, b} the fourth is neither a nor
//! b (type 1), and when two hold only {a, b} and the other two, which share a unit, {a, b, x},
//! one of those two is x (type 2); when, instead, one of a and b has no other place in a unit
//! holding those two, it is in one of them and the other value leaves both (type 4); or the
//! roof's other values make a naked set with other cells of such a unit (type 3). A hidden
//! rectangle reads the same pattern from a value's places in the lines of the corner opposite
//! a two-value one.

use super::{Board, Step, Technique};
use crate::engine::Domain;
use crate::puzzle::RegionKind;

impl<D: Domain> Board<D> {
    /// The box of `cell`, if the rules have boxes.
    pub(super) fn box_of(&self, cell: usize) -> Option<usize> {
        self.cell_units[cell]
            .iter()
            .copied()
            .find(|&u| self.units[u].kind == RegionKind::Box)
    }

    /// Whether swapping two values between the corners of a rectangle on two boxes keeps a
    /// solution one, as the deadly patterns of unique rectangles and BUG+1 need: so when the
    /// rules are rows, columns and boxes alone. A cage's sum, a diagonal or a thermometer would
    /// change.
    pub(super) fn swaps_keep_solutions(&self) -> bool {
        self.sums.is_empty()
            && self.variants.is_none()
            && self.units.iter().all(|u| {
                matches!(
                    u.kind,
                    RegionKind::Row | RegionKind::Column | RegionKind::Box
                )
            })
    }

    /// Every unique rectangle (types 1 to 4, hidden) on the board, with its eliminations applied.
    pub(super) fn unique_rectangles(&mut self) -> Vec<Step> {
        let n = self.puzzle.size();
        let mut steps = Vec::new();
        if !self.swaps_keep_solutions() {
            return steps;
        }
        for r1 in 0..n {
            for r2 in r1 + 1..n {
                for c1 in 0..n {
                    for c2 in c1 + 1..n {
                        let corners = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                        if let Some(s) = self.rectangle(corners) {
                            steps.push(s);
                        }
                    }
                }
            }
        }
        steps
    }

    /// Type 4: when one value of `pair` has no place but the roof `a`, `b` in a unit holding
    /// both, one of them takes it, so neither may take the other value (the two would then
    /// hold the pair, and the rectangle could swap).
    fn locked_roof(&self, pair: D, a: usize, b: usize) -> Option<Vec<(usize, usize)>> {
        let shared = self.cell_units[a]
            .iter()
            .filter(|u| self.cell_units[b].contains(u));
        for &u in shared {
            for p in pair.iter() {
                let elsewhere = self.units[u].cells.iter().any(|&c| {
                    c != a && c != b && self.value[c].is_none() && self.cand[c].contains(p)
                });
                if !elsewhere {
                    let q = pair.minus(D::singleton(p)).min()?;
                    return Some(vec![(a, q), (b, q)]);
                }
            }
        }
        None
    }

    /// Type 3: one of the roof cells `a`, `b` takes a value of `extra` (their values beside the
    /// pair), so in a unit holding both the roof acts as one cell with those values; with j
    /// other cells it may make a naked set of j + 1 values, which the unit's other cells lose.
    fn naked_roof(&self, extra: D, a: usize, b: usize) -> Option<Vec<(usize, usize)>> {
        let shared: Vec<usize> = self.cell_units[a]
            .iter()
            .copied()
            .filter(|u| self.cell_units[b].contains(u))
            .collect();
        for u in shared {
            let others: Vec<usize> = self.units[u]
                .cells
                .iter()
                .copied()
                .filter(|&c| c != a && c != b && self.value[c].is_none())
                .collect();
            for j in 1..=3.min(others.len().saturating_sub(1)) {
                let mut found = None;
                Self::with_extra(
                    &others,
                    &self.cand,
                    j,
                    extra,
                    &mut Vec::new(),
                    0,
                    &mut found,
                );
                let Some((set, values)) = found else {
                    continue;
                };
                let gone: Vec<(usize, usize)> = others
                    .iter()
                    .filter(|c| !set.contains(c))
                    .flat_map(|&c| self.cand[c].and(values).iter().map(move |v| (c, v)))
                    .collect();
                if !gone.is_empty() {
                    return Some(gone);
                }
            }
        }
        None
    }

    /// The first `j` cells of `others` (from `from` on, extending `chosen`) whose candidates
    /// with `extra` make j + 1 values, into `found` with those values.
    fn with_extra(
        others: &[usize],
        cand: &[D],
        j: usize,
        extra: D,
        chosen: &mut Vec<usize>,
        from: usize,
        found: &mut Option<(Vec<usize>, D)>,
    ) {
        if found.is_some() {
            return;
        }
        if chosen.len() == j {
            *found = Some((chosen.clone(), extra));
            return;
        }
        for i in from..others.len() {
            let u = extra.or(cand[others[i]]);
            if u.len() as usize <= j + 1 {
                chosen.push(others[i]);
                Self::with_extra(others, cand, j, u, chosen, i + 1, found);
                chosen.pop();
            }
        }
    }

    /// The rectangle's type 1 to 4 deduction, if its corners make one: `pair` is the value
    /// pair, `bare` the corners (indices) holding nothing else.
    fn rectangle_type(
        &self,
        corners: [usize; 4],
        pair: D,
        bare: &[usize],
    ) -> Option<(Technique, Vec<(usize, usize)>)> {
        let cand = corners.map(|c| self.cand[c]);
        Some(match bare.len() {
            3 => {
                let roof = (0..4).find(|i| !bare.contains(i))?;
                let c = corners[roof];
                let gone: Vec<(usize, usize)> = pair.iter().map(|v| (c, v)).collect();
                (Technique::UniqueRectangle(1), gone)
            }
            2 => {
                let roof: Vec<usize> = (0..4).filter(|i| !bare.contains(i)).collect();
                let (a, b) = (corners[roof[0]], corners[roof[1]]);
                // The roof shares a row or a column (not a diagonal of the rectangle).
                if !self.sees(a, b) {
                    return None;
                }
                let extra = cand[roof[0]].minus(pair);
                match extra.single().filter(|_| cand[roof[1]] == cand[roof[0]]) {
                    Some(x) => {
                        let gone: Vec<(usize, usize)> = (0..self.cand.len())
                            .filter(|&c| {
                                c != a
                                    && c != b
                                    && self.value[c].is_none()
                                    && self.cand[c].contains(x)
                                    && self.sees(c, a)
                                    && self.sees(c, b)
                            })
                            .map(|c| (c, x))
                            .collect();
                        (Technique::UniqueRectangle(2), gone)
                    }
                    None => match self.locked_roof(pair, a, b) {
                        Some(gone) => (Technique::UniqueRectangle(4), gone),
                        None => {
                            let extra = cand[roof[0]].or(cand[roof[1]]).minus(pair);
                            (Technique::UniqueRectangle(3), self.naked_roof(extra, a, b)?)
                        }
                    },
                }
            }
            _ => return None,
        })
    }

    /// A hidden rectangle: a corner holding only `pair` {a, b} whose opposite corner has a
    /// with no other place in its row and its column than the rectangle's corners. Were the
    /// opposite corner b, its two neighbours would be a and the bare corner b: the deadly
    /// pattern. So it is not b.
    fn hidden_rectangle(
        &self,
        corners: [usize; 4],
        pair: D,
        bare: &[usize],
    ) -> Option<(Technique, Vec<(usize, usize)>)> {
        let n = self.puzzle.size();
        // Corner i's opposite is 3 − i; its neighbour on its row is i ^ 1, on its column i ^ 2.
        for &i in bare {
            let far = corners[3 - i];
            let (by_row, by_col) = (corners[(3 - i) ^ 1], corners[(3 - i) ^ 2]);
            for a in pair.iter() {
                let only = |line: Vec<usize>, mate: usize| {
                    line.iter().all(|&c| {
                        c == far
                            || c == mate
                            || self.value[c].is_some()
                            || !self.cand[c].contains(a)
                    })
                };
                let row: Vec<usize> = (0..n).map(|k| far / n * n + k).collect();
                let col: Vec<usize> = (0..n).map(|k| k * n + far % n).collect();
                if only(row, by_row) && only(col, by_col) {
                    let b = pair.minus(D::singleton(a)).min()?;
                    if self.cand[far].contains(b) {
                        return Some((Technique::HiddenRectangle, vec![(far, b)]));
                    }
                }
            }
        }
        None
    }

    /// The unique rectangle on `corners` (row-major: top left, top right, bottom left, bottom
    /// right), if it removes anything.
    fn rectangle(&mut self, corners: [usize; 4]) -> Option<Step> {
        if corners.iter().any(|&c| self.value[c].is_some()) {
            return None;
        }
        let mut boxes: Vec<usize> = corners.iter().filter_map(|&c| self.box_of(c)).collect();
        boxes.sort_unstable();
        boxes.dedup();
        if boxes.len() != 2 {
            return None;
        }
        let cand = corners.map(|c| self.cand[c]);
        let pair = cand.iter().copied().find(|d| d.len() == 2)?;
        if cand.iter().any(|d| d.and(pair) != pair) {
            return None;
        }
        let bare: Vec<usize> = (0..4).filter(|&i| cand[i] == pair).collect();
        let names = corners.map(|c| self.cell(c)).join(", ");
        let open = |&(c, v): &(usize, usize)| self.value[c].is_none() && self.cand[c].contains(v);
        let (technique, eliminate) = self
            .rectangle_type(corners, pair, &bare)
            .filter(|(_, gone)| gone.iter().any(open))
            .or_else(|| self.hidden_rectangle(corners, pair, &bare))?;
        let eliminate: Vec<(usize, usize)> = eliminate
            .into_iter()
            .filter(|&(c, v)| self.remove(c, v))
            .collect();
        if eliminate.is_empty() {
            return None;
        }
        let gone: Vec<String> = eliminate
            .iter()
            .map(|&(c, v)| format!("{} <> {}", self.cell(c), self.sym(v)))
            .collect();
        let text = format!(
            "{} on {{{}}} at {names} => {}",
            technique.name(),
            self.syms(pair),
            gone.join(", ")
        );
        let mut s = self.step(technique, None, text);
        s.eliminate = eliminate;
        Some(s)
    }
}

#[cfg(test)]
mod tests {
    use super::super::crafted::{board, eliminated};
    use super::*;

    /// r1c1, r1c2 and r4c1 hold only {1,2}; r4c2 {1,2,3,4} must be 3 or 4 (type 1).
    #[test]
    fn type_1_takes_the_pair_from_the_fourth_corner() {
        let mut b = board(0, &[], &[(0, 0b11), (1, 0b11), (27, 0b11), (28, 0b1111)]);
        let steps = b.unique_rectangles();
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].technique, Technique::UniqueRectangle(1));
        assert_eq!(eliminated(&steps), vec![(28, 0), (28, 1)]);
    }

    /// r1c1 and r1c2 hold {1,2}; r4c1 and r4c2 {1,2,3}: one of them is 3, so the rest of row 4
    /// and of box 4 lose 3 (type 2). On one row of one box (no two boxes) there is none.
    #[test]
    fn type_2_takes_the_extra_value_from_what_sees_the_roof() {
        let mut b = board(0, &[], &[(0, 0b11), (1, 0b11), (27, 0b111), (28, 0b111)]);
        let steps = b.unique_rectangles();
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].technique, Technique::UniqueRectangle(2));
        let mut expected: Vec<(usize, usize)> = (29..36)
            .chain([36, 37, 38, 45, 46, 47])
            .map(|c| (c, 2))
            .collect();
        expected.sort_unstable();
        assert_eq!(eliminated(&steps), expected);
        let mut b = board(0, &[], &[(0, 0b11), (1, 0b11), (9, 0b11), (10, 0b1111)]);
        assert!(b.unique_rectangles().is_empty());
    }

    /// r1c1 and r1c2 hold {1,2}; r4c1 {1,2,3} and r4c2 {1,2,4} (no type 2: their extras
    /// differ). 1 has no other place in row 4, so one of them is 1 and neither may be 2
    /// (type 4). With 1 also possible in r4c3 there is nothing to say.
    #[test]
    fn type_4_takes_the_other_value_from_a_roof_that_holds_one() {
        let no_one = 0b1_1111_1110;
        let mut marks = vec![(0, 0b11), (1, 0b11), (27, 0b111), (28, 0b1011)];
        marks.extend((29..36).map(|c| (c, no_one)));
        let mut b = board(0, &[], &marks);
        let steps = b.unique_rectangles();
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].technique, Technique::UniqueRectangle(4));
        assert_eq!(eliminated(&steps), vec![(27, 1), (28, 1)]);
        marks[4].1 = 0x1ff;
        let mut b = board(0, &[], &marks);
        assert!(b.unique_rectangles().is_empty());
    }

    /// r1c1 and r1c2 hold {1,2}; r4c1 {1,2,3} and r4c2 {1,2,4}: one of them is 3 or 4. With
    /// r4c3 {3,4} that makes a naked pair {3,4} of row 4 (and box 4), whose other cells lose
    /// 3 and 4 (type 3).
    #[test]
    fn type_3_makes_a_naked_set_of_the_roof_and_other_cells() {
        let marks = [
            (0, 0b11),
            (1, 0b11),
            (27, 0b111),
            (28, 0b1011),
            (29, 0b1100),
        ];
        let mut b = board(0, &[], &marks);
        let steps = b.unique_rectangles();
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].technique, Technique::UniqueRectangle(3));
        let mut expected: Vec<(usize, usize)> = (30..36).flat_map(|c| [(c, 2), (c, 3)]).collect();
        expected.sort_unstable();
        assert_eq!(eliminated(&steps), expected);
    }

    /// r1c1 holds only {1,2}; 1 has no place in row 4 but r4c1, r4c2 and none in column 2 but
    /// r1c2, r4c2. Were r4c2 2, r4c1 and r1c2 would be 1 and r1c1 2: a deadly pattern. So
    /// r4c2 <> 2 (a hidden rectangle), and nothing else goes.
    #[test]
    fn a_hidden_rectangle_reads_the_opposite_corners_lines() {
        let col2: Vec<(usize, u64)> = (0..9)
            .filter(|r| ![0, 3].contains(r))
            .map(|r| (r * 9 + 1, 0x1fe))
            .collect();
        let mut also = vec![(0, 0b11), (1, 0b111), (27, 0b1011), (28, 0b111)];
        also.extend(col2);
        let mut b = board(0, &[(3, &[0, 1])], &also);
        let steps = b.unique_rectangles();
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].technique, Technique::HiddenRectangle);
        assert_eq!(eliminated(&steps), vec![(28, 1)]);
        // With 1 free elsewhere in column 2, nothing follows.
        let corners = [(0, 0b11), (1, 0b111), (27, 0b1011), (28, 0b111)];
        let mut b = board(0, &[(3, &[0, 1])], &corners);
        assert!(b.unique_rectangles().is_empty());
    }

    /// The type 1 pattern again, under killer-x rules (swapping 1 and 2 could break a
    /// diagonal), or with a cage of r1c2 alone (it would change the cage's sum): no deadly
    /// pattern stands, so nothing is removed.
    #[test]
    fn cages_and_diagonals_turn_unique_rectangles_off() {
        use crate::puzzle::{Puzzle, Rules, Symbols};
        let mut p = Puzzle::empty(9, Symbols::default_for(9)).unwrap();
        for (cell, mask) in [(0, 0b11), (1, 0b11), (27, 0b11), (28, 0b1111)] {
            p.restrict(cell, mask).unwrap();
        }
        let plain = Board::<u16>::new(&p, &Rules::sudoku());
        assert_eq!(plain.clone().unique_rectangles().len(), 1);
        let x = Rules::builtin("killer-x").unwrap();
        assert!(Board::<u16>::new(&p, &x).unique_rectangles().is_empty());
        p.add_cage(2, vec![1]).unwrap();
        let killer = Rules::builtin("killer").unwrap();
        assert!(
            Board::<u16>::new(&p, &killer)
                .unique_rectangles()
                .is_empty()
        );
    }
}
