//! Killer cages on the board: each cage's combinations (the engine's cage propagator on the
//! candidates), and the rule-of-45 sums as innies and outies.

use super::{Board, Step};
use crate::engine::{CageSum, Domain, Engine, VarId};
use std::sync::Arc;

impl<D: Domain> Board<D> {
    /// What the engine's cage-sum propagator leaves of the candidates of sum `i`'s cells, in
    /// their order; `None` when the sum cannot be reached.
    fn narrow_sum(&self, i: usize) -> Option<Vec<D>> {
        let sum = &self.sums[i];
        let mut engine = Engine::<D>::new();
        let vars: Vec<VarId> = sum
            .cells
            .iter()
            .map(|&c| engine.new_var(self.cand[c]))
            .collect();
        engine.post(CageSum::new("", vars.clone(), Arc::clone(&sum.combos)));
        engine.propagate().ok()?;
        Some(vars.iter().map(|&v| engine.dom(v)).collect())
    }

    /// Every sum narrowed in turn, as a trial follows an assumption: each removal pushed with
    /// the sum (by index) that made it. `false` when nothing was removed.
    pub(super) fn narrow_by_sums(&mut self, removed: &mut Vec<(usize, usize, usize)>) -> bool {
        let mut any = false;
        for i in 0..self.sums.len() {
            let Some(left) = self.narrow_sum(i) else {
                let why = format!("{} cannot reach its total", self.sums[i].name);
                self.broken.get_or_insert(why);
                return any;
            };
            let sums = Arc::clone(&self.sums);
            for (&c, d) in sums[i].cells.iter().zip(left) {
                for v in self.cand[c].minus(d).iter() {
                    if self.remove(c, v) {
                        removed.push((c, v, i));
                        any = true;
                    }
                }
            }
        }
        any
    }

    /// Each cage (and rule-of-45 set) narrowed by the engine's cage-sum propagator.
    pub(super) fn cage_combinations(&mut self) -> Vec<Step> {
        let mut steps = Vec::new();
        let sums = Arc::clone(&self.sums);
        for (i, sum) in sums.iter().enumerate() {
            let Some(left) = self.narrow_sum(i) else {
                let why = format!("{} cannot reach its total", sum.name);
                self.broken.get_or_insert(why);
                return steps;
            };
            let mut s = self.step(sum.technique, Some(sum.name.clone()), String::new());
            let mut changes = Vec::new();
            for (&c, &d) in sum.cells.iter().zip(&left) {
                let lost = self.cand[c].minus(d);
                if self.value[c].is_none() && !lost.is_empty() {
                    changes.push(format!("{} <> {}", self.cell(c), self.syms(lost)));
                    for v in lost.iter() {
                        self.remove(c, v);
                        s.eliminate.push((c, v));
                    }
                }
            }
            if changes.is_empty() {
                continue;
            }
            let live: Vec<String> = sum
                .combos
                .iter()
                .filter(|&&combo| sum.cells.iter().all(|&c| self.cand[c].intersects(combo)))
                .map(|&combo| format!("{{{}}}", self.syms(combo)))
                .collect();
            s.text = format!("{}: {} => {}", sum.name, live.join(" "), changes.join("; "));
            steps.push(s);
        }
        steps
    }
}

#[cfg(test)]
mod tests {
    use crate::constraints::Cage;
    use crate::logic::{Board, Rung};
    use crate::puzzle::{Puzzle, Rules, Symbols};

    #[test]
    fn a_cage_keeps_the_digits_of_its_combinations() {
        // 4 in two cells of a row is 1 + 3 alone.
        let mut p = Puzzle::empty(9, Symbols::default_for(9)).unwrap();
        p.add_constraint(
            Cage {
                total: 4,
                cells: vec![0, 1],
            }
            .into(),
        )
        .unwrap();
        let mut board = Board::<u16>::new(&p, &Rules::sudoku());
        let steps = board.apply(Rung::Cages);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].technique.name(), "cage combination");
        assert_eq!(
            steps[0].text,
            "cage at r1c1 (4): {1,3} => r1c1 <> 2,4,5,6,7,8,9; r1c2 <> 2,4,5,6,7,8,9"
        );
        let mut gone = steps[0].eliminate.clone();
        gone.sort_unstable();
        let want: Vec<(usize, usize)> = [0, 1]
            .into_iter()
            .flat_map(|c| [1, 3, 4, 5, 6, 7, 8].map(|v| (c, v)))
            .collect();
        assert_eq!(gone, want);
    }
}
