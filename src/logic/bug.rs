//! BUG+1 (bivalue universal grave plus one), for puzzles proved to have one solution: when
//! every empty cell has two candidates but one cell with three, and without one of that cell's
//! three every value would have two places or none in every unit, the board without it could
//! swap along those pairs into a second solution. So that value is the cell's.

use super::{Board, Step, Technique};
use crate::engine::Domain;

impl<D: Domain> Board<D> {
    /// The BUG+1 placement, if the board is one candidate away from a bivalue universal grave.
    pub(super) fn bug_plus_one(&mut self) -> Vec<Step> {
        if !self.swaps_keep_solutions() {
            return Vec::new();
        }
        let empty: Vec<usize> = (0..self.cand.len())
            .filter(|&c| self.value[c].is_none())
            .collect();
        let mut three = empty.iter().filter(|&&c| self.cand[c].len() != 2);
        let (Some(&cell), None) = (three.next(), three.next()) else {
            return Vec::new();
        };
        if self.cand[cell].len() != 3 {
            return Vec::new();
        }
        let grave_without = |v: usize| {
            self.units.iter().all(|unit| {
                let mut count = vec![0usize; self.puzzle.size()];
                for &c in unit.cells.iter().filter(|&&c| self.value[c].is_none()) {
                    for w in self.cand[c].iter().filter(|&w| c != cell || w != v) {
                        count[w] += 1;
                    }
                }
                count.iter().all(|&k| k == 0 || k == 2)
            })
        };
        let Some(v) = self.cand[cell].iter().find(|&v| grave_without(v)) else {
            return Vec::new();
        };
        let text = format!(
            "{}: without {v}, {c} {{{}}} would leave each value two places or none in every unit (a deadly pattern): {c} = {v}",
            Technique::BugPlusOne.name(),
            self.syms(self.cand[cell]),
            v = self.sym(v),
            c = self.cell(cell),
        );
        let mut s = self.step(Technique::BugPlusOne, None, text);
        s.place.push((cell, v));
        self.place(cell, v);
        vec![s]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{ReadOptions, read};
    use crate::logic::Rules;

    /// A solved grid with the corners of a rectangle emptied (r1c1, r1c2, r4c1, r4c2 holding
    /// 1, 2, 2, 1) is a bivalue grave, about which BUG+1 says nothing. Given a third candidate,
    /// 3, in r1c1 (a made-up board: the step is what is read), the grave is one candidate
    /// away, and that candidate is placed.
    #[test]
    fn bug_plus_one_places_the_value_that_breaks_the_grave() {
        let solved =
            "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
        let mut grid: Vec<u8> = solved.bytes().collect();
        // Rows 1 and 4, columns 1 and 2: 1 2 / 2 1.
        for c in [0, 1, 27, 28] {
            grid[c] = b'.';
        }
        let text = String::from_utf8(grid).unwrap();
        let p = read(&text, "test", &ReadOptions::default()).unwrap()[0]
            .puzzle
            .clone();
        let mut b = Board::<u16>::new(&p, &Rules::sudoku());
        assert!(
            b.bug_plus_one().is_empty(),
            "a grave with no extra candidate"
        );
        b.cand[0].insert(2);
        let steps = b.bug_plus_one();
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].technique, Technique::BugPlusOne);
        assert_eq!(steps[0].place, vec![(0, 2)]);
    }
}
